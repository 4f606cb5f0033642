package http_test

import (
	"bytes"
	"compress/gzip"
	"io"
	nethttp "net/http"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"

	"github.com/astroapi/astroapi/http/apitest"
)

// TestCompression: gzip and brotli when Accept-Encoding asks, and the body
// reads back the same; bytes saved on the OpenAPI document and an echo.
func TestCompression(t *testing.T) {
	ts := startTestServer(t, testOptions{})
	plain := ts.Get(t, "/api/openapi.json", "x-api-key", "", "Accept-Encoding", "identity").WantStatus(t, 200).Body
	for _, enc := range []string{"gzip", "br"} {
		// Go's client undoes gzip only when it asked itself: ask by hand.
		req, _ := nethttp.NewRequest("GET", ts.URL+"/api/openapi.json", nil)
		req.Header.Set("Accept-Encoding", enc)
		resp, err := nethttp.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.Header.Get("Content-Encoding") != enc {
			t.Fatalf("%s: Content-Encoding %q", enc, resp.Header.Get("Content-Encoding"))
		}
		var r io.Reader
		if enc == "gzip" {
			if r, err = gzip.NewReader(bytes.NewReader(raw)); err != nil {
				t.Fatal(err)
			}
		} else {
			r = brotli.NewReader(bytes.NewReader(raw))
		}
		got, err := io.ReadAll(r)
		if err != nil || !bytes.Equal(got, plain) {
			t.Fatalf("%s: decoded body differs (%v)", enc, err)
		}
		t.Logf("OpenAPI document: %d bytes, %s %d bytes", len(plain), enc, len(raw))
	}
}

// TestHeadAndPreflight: HEAD answers every GET route without a body; a
// CORS preflight of the API is allowed from any origin, the console's is
// not; answers to cross-origin API calls expose the headers clients read.
func TestHeadAndPreflight(t *testing.T) {
	ts := startTestServer(t, testOptions{})
	for _, o := range ts.Server.Operations() {
		if o.Method != "GET" || strings.Contains(o.Path, "{") {
			continue
		}
		r := ts.Request(t, "HEAD", o.Path, nil)
		if r.Status == 405 || len(r.Body) != 0 {
			t.Errorf("HEAD %s: %d, %d body bytes", o.Path, r.Status, len(r.Body))
		}
	}
	r := ts.Request(t, "OPTIONS", "/api/v1/natal", nil, "Origin", "https://app.example", "Access-Control-Request-Method", "POST",
		"Access-Control-Request-Headers", "x-api-key, content-type")
	if r.Status != 204 || r.Header.Get("Access-Control-Allow-Origin") != "*" ||
		!strings.Contains(r.Header.Get("Access-Control-Allow-Headers"), "x-api-key") || !strings.Contains(r.Header.Get("Access-Control-Allow-Methods"), "POST") {
		t.Errorf("API preflight: %d %v", r.Status, r.Header)
	}
	r = ts.Request(t, "OPTIONS", "/api-keys/signup", nil, "Origin", "https://evil.example", "Access-Control-Request-Method", "POST")
	if r.Header.Get("Access-Control-Allow-Origin") != "" {
		t.Errorf("console preflight allowed: %v", r.Header)
	}
	r = ts.Post(t, "/api/v1/test/echo", `{"year":1}`, "Origin", "https://app.example").WantStatus(t, 200)
	if r.Header.Get("Access-Control-Allow-Origin") != "*" || !strings.Contains(r.Header.Get("Access-Control-Expose-Headers"), "ratelimit") {
		t.Errorf("cross-origin answer: %v", r.Header)
	}
}

// TestAuthChallengeAndRateLimitFields: a 401 says how to authenticate;
// the RateLimit fields describe the per-second, daily and monthly
// policies, and a per-second 429 reports the per-second one.
func TestAuthChallengeAndRateLimitFields(t *testing.T) {
	ts := startTestServer(t, testOptions{Plans: tinyPlans(), Plan: "rated"})
	r := ts.Get(t, "/api/v1/usage", "x-api-key", "").WantStatus(t, 401)
	if !strings.Contains(r.Header.Get("WWW-Authenticate"), `header="x-api-key"`) {
		t.Errorf("WWW-Authenticate %q", r.Header.Get("WWW-Authenticate"))
	}
	r = ts.Post(t, "/api/v1/test/echo", `{"year":1}`).WantStatus(t, 200)
	// The harness's clock stands at 2024-06-15T12:00Z: 15.5 days to July.
	if p := r.Header.Get("RateLimit-Policy"); p != `"second";q=2;w=1, "day";q=100;w=86400, "month";q=1000;w=1339200` {
		t.Errorf("RateLimit-Policy %q", p)
	}
	if got := r.Header.Get("RateLimit"); got != `"day";r=99;t=43200` {
		t.Errorf("RateLimit %q", got)
	}
	ts.Post(t, "/api/v1/test/echo", `{"year":1}`).WantStatus(t, 200)
	r = ts.Post(t, "/api/v1/test/echo", `{"year":1}`).WantStatus(t, 429)
	if got := r.Header.Get("RateLimit"); !strings.HasPrefix(got, `"second";r=0;t=`) || r.Header.Get("RateLimit-Remaining") != "0" || r.Header.Get("RateLimit-Limit") != "2" {
		t.Errorf("per-second 429: RateLimit %q, Limit %q, Remaining %q", got, r.Header.Get("RateLimit-Limit"), r.Header.Get("RateLimit-Remaining"))
	}
}

// TestETag: documents and assets carry an ETag and are cached for five
// minutes; If-None-Match gets 304 without a body.
func TestETag(t *testing.T) {
	ts := startTestServer(t, testOptions{})
	for _, path := range []string{"/api/openapi.json", "/api/docs/assets/style.css", "/docs/api", "/api/postman/collection"} {
		r := ts.Get(t, path, "x-api-key", "").WantStatus(t, 200)
		tag := r.Header.Get("ETag")
		if tag == "" || !strings.Contains(r.Header.Get("Cache-Control"), "max-age") {
			t.Errorf("%s: ETag %q Cache-Control %q", path, tag, r.Header.Get("Cache-Control"))
			continue
		}
		again := ts.Get(t, path, "x-api-key", "", "If-None-Match", tag)
		if again.Status != 304 || len(again.Body) != 0 {
			t.Errorf("%s with If-None-Match: %d, %d bytes", path, again.Status, len(again.Body))
		}
	}
	_ = apitest.Truncate
}
