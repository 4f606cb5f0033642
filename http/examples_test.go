package http_test

import (
	"os"
	"strings"
	"testing"

	apihttp "github.com/astroapi/astroapi/http"
	"github.com/astroapi/astroapi/http/apitest"
)

// TestExamplesAnswer sends the example request of every documented
// operation (the one the OpenAPI document, the docs UIs and the Postman
// collection show) to a live server with every dependency, and demands a
// 2xx: an example that does not work is worse than none. The key console's
// routes act on accounts and keys the example cannot know and are left to
// their own tests.
func TestExamplesAnswer(t *testing.T) {
	ts := startTestServer(t, withEverything(t, testOptions{}))
	_, err := os.Stat("assets/vendor/swagger-ui-bundle.js")
	vendored := err == nil || os.Getenv("CI") != "" // CI builds them (make docs-ui) and must serve them
	n := 0
	for _, o := range ts.Server.Operations() {
		if o.Hidden || o.Family == "Access" || strings.HasPrefix(o.Path, "/api/v1/test/") {
			continue
		}
		if o.ID == "get-docs-vendor" && !vendored {
			t.Logf("%s skipped: http/assets/vendor is empty (make docs-ui)", o.ID)
			continue
		}
		n++
		var body any
		if b := apihttp.SampleBody(o); b != nil {
			body = b
		}
		r := ts.Request(t, o.Method, apihttp.SampleURL(o), body)
		if r.Status < 200 || r.Status > 299 {
			t.Errorf("%s %s: %d %s", o.Method, apihttp.SampleURL(o), r.Status, apitest.Truncate(r.Body, 400))
		}
	}
	// Every documented operation but the key console's: as many as the
	// manifest lists, so that no example is left out unnoticed.
	var m struct {
		Families []struct {
			Name   string
			Routes []struct{ Path string }
		}
	}
	ts.Get(t, "/api/v1/").WantStatus(t, 200).Decode(t, &m)
	want := 0
	for _, f := range m.Families {
		for _, r := range f.Routes {
			if f.Name != "Access" && !strings.HasPrefix(r.Path, "/api/v1/test/") {
				want++
			}
		}
	}
	if !vendored {
		want--
	}
	if n != want || n == 0 {
		t.Errorf("%d examples sent, the manifest lists %d documented operations outside the key console", n, want)
	}
	t.Logf("%d examples answered", n)
}
