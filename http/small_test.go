package http_test

import (
	"bytes"
	"strings"
	"testing"
	"time"

	apihttp "github.com/astroapi/astroapi/http"
)

// TestKeysNeverLoggedFromHeaders: a key sent as X-Request-ID or as the
// request method reaches neither the answer's X-Request-ID nor the
// access log.
func TestKeysNeverLoggedFromHeaders(t *testing.T) {
	var logs syncWriter
	logs.w = new(bytes.Buffer)
	ts := startTestServer(t, testOptions{Log: &logs})
	r := ts.Get(t, "/healthz", "X-Request-ID", ts.Key)
	if strings.Contains(r.Header.Get("X-Request-ID"), "ak_live_") {
		t.Errorf("the key came back as the request id")
	}
	rawRequest(t, ts, ts.Key+" /api/v1/usage HTTP/1.1\r\nHost: x", 3*time.Second)
	time.Sleep(50 * time.Millisecond)
	if out := logs.String(); strings.Contains(out, ts.Key[len("ak_live_"):]) {
		t.Fatalf("the key reached the log:\n%s", out)
	}
	if !strings.Contains(logs.String(), `"method":"OTHER"`) {
		t.Errorf("the odd method was not logged as OTHER:\n%s", logs.String())
	}
	// A sane id of the client's is kept.
	if got := ts.Get(t, "/healthz", "X-Request-ID", "client-123").Header.Get("X-Request-ID"); got != "client-123" {
		t.Errorf("request id %q", got)
	}
}

// TestCostlyCallQuotaWording: a call that costs more than the calls left
// says so, rather than that the quota is used up.
func TestCostlyCallQuotaWording(t *testing.T) {
	ts := startTestServer(t, testOptions{Plans: tinyPlans(), Plan: "tiny", Limits: apihttp.Limits{MaxHeavy: 4, MaxHeavyPerAccount: 2}})
	ts.Post(t, "/api/v1/test/echo", `{"year":1}`).WantStatus(t, 200) // 2 of 3 left
	p := ts.Post(t, "/api/v1/test/heavy", `{"year":1}`).WantStatus(t, 429).Problem(t)
	if !strings.Contains(p.Detail, "costs 3 calls and 2 of the daily quota of 3 are left") {
		t.Errorf("detail %q", p.Detail)
	}
	ts.Post(t, "/api/v1/test/echo", `{"year":1}`).WantStatus(t, 200)
	ts.Post(t, "/api/v1/test/echo", `{"year":1}`).WantStatus(t, 200)
	if p := ts.Post(t, "/api/v1/test/echo", `{"year":1}`).WantStatus(t, 429).Problem(t); !strings.Contains(p.Detail, "used up") {
		t.Errorf("detail %q", p.Detail)
	}
}

// TestWarningsHeaderBounded: thousands of warnings on a non-JSON answer
// fit in a bounded X-Warnings field that says how many were left out.
func TestWarningsHeaderBounded(t *testing.T) {
	var w []string
	for range 10_000 {
		w = append(w, "the field \"x\" is not known and was ignored\r\n")
	}
	h := apihttp.WarningsHeader(w)
	if len(h) > 2048 || !strings.Contains(h, "more warnings") || strings.ContainsAny(h, "\r\n") {
		t.Fatalf("X-Warnings of %d bytes: %.200s", len(h), h)
	}
}
