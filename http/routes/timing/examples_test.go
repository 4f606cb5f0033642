package timing_test

import (
	"strings"
	"testing"

	apihttp "github.com/astroapi/astroapi/http"
	"github.com/astroapi/astroapi/http/apitest"
)

// TestExampleRequests sends the example body the documents give for each
// timing route (the Postman collection's, built from the fields' example
// and default tags, as the OpenAPI examples are) and wants a 200.
func TestExampleRequests(t *testing.T) {
	ts := start(t, apitest.Tables(t), apihttp.Limits{})
	var coll struct {
		Item []struct {
			Name string `json:"name"`
			Item []struct {
				Name    string `json:"name"`
				Request struct {
					Method string `json:"method"`
					Body   struct {
						Raw string `json:"raw"`
					} `json:"body"`
				} `json:"request"`
			} `json:"item"`
		} `json:"item"`
	}
	ts.Get(t, "/api/postman/collection", "x-api-key", "").WantStatus(t, 200).Decode(t, &coll)
	n := 0
	for _, folder := range coll.Item {
		for _, it := range folder.Item {
			method, path, _ := strings.Cut(it.Name, " ")
			if folder.Name != "Timing" && path != "/api/v1/natal" {
				continue
			}
			n++
			r := ts.Request(t, method, path, it.Request.Body.Raw)
			if r.Status != 200 {
				t.Errorf("%s: example %s answers %d %s", it.Name, it.Request.Body.Raw, r.Status, apitest.Truncate(r.Body, 300))
			}
		}
	}
	if n != 13 {
		t.Errorf("%d example requests, want the 12 timing routes and natal", n)
	}
}
