package http_test

import (
	"strings"
	"testing"

	"github.com/astroapi/astroapi/http/apitest"
	json "github.com/goccy/go-json"
)

func TestResultCache(t *testing.T) {
	ts := startTestServer(t, testOptions{})
	// An unknown name, accepted as a warning on request: the warning is
	// part of what the cache gives back.
	body, lenient := `{"year":1990,"name":"a","odd":1}`, []string{"Prefer", "handling=lenient"}
	first := ts.Post(t, "/api/v1/test/cached", body, lenient...).WantStatus(t, 200).Envelope(t)
	var second apitest.Envelope
	hit := false
	for i := 0; i < 50 && !hit; i++ {
		// ristretto admits entries asynchronously: the first repeats may miss.
		before := apitest.CachedCalls.Load()
		second = ts.Post(t, "/api/v1/test/cached", body, lenient...).WantStatus(t, 200).Envelope(t)
		hit = apitest.CachedCalls.Load() == before
	}
	if !hit {
		t.Fatal("identical requests never served from the cache")
	}
	if string(first.Result) != string(second.Result) || string(first.Input) != string(second.Input) {
		t.Errorf("cached answer differs:\n%s\n%s", first.Result, second.Result)
	}
	if first.RequestID == second.RequestID || second.Usage.RequestsThisDay <= first.Usage.RequestsThisDay {
		t.Errorf("a hit must still get its own request id and be billed: %+v / %+v", first.Usage, second.Usage)
	}
	if strings.Join(second.Warnings, "|") != strings.Join(first.Warnings, "|") || len(second.Warnings) != 1 {
		t.Errorf("warnings %q / %q", first.Warnings, second.Warnings)
	}
	var in apitest.EchoInput
	if err := json.Unmarshal(second.Result, &in); err != nil || in.Year != 1990 {
		t.Errorf("result %s", second.Result)
	}
	// A different body is a different entry; errors are never cached.
	ts.Post(t, "/api/v1/test/cached", `{"year":1991}`).WantStatus(t, 200)
	ts.Post(t, "/api/v1/test/cached", `{"year":1,"fail":"field"}`).WantStatus(t, 422)
	ts.Post(t, "/api/v1/test/cached", `{"year":1,"fail":"field"}`).WantStatus(t, 422)
	// Batch items use the same cache.
	r := ts.Post(t, "/api/v1/batch", `{"requests":[{"operation":"post-test-cached","body":`+body+`}]}`, lenient...).WantStatus(t, 200).Envelope(t)
	if !strings.Contains(string(r.Result), `"year":1990`) || !strings.Contains(string(r.Result), `"status":200`) {
		t.Errorf("batch %s", r.Result)
	}
}
