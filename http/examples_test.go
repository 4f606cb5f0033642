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
	t.Logf("%d examples answered", n)
}
