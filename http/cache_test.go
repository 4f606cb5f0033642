package http

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	json "github.com/goccy/go-json"

	"github.com/astroapi/astroapi/quota"
)

func TestResultCache(t *testing.T) {
	ts := startTestServer(t, testOptions{})
	body := `{"year":1990,"name":"a","odd":1}`
	first := ts.post(t, "/api/v1/test/cached", body).wantStatus(t, 200).envelope(t)
	var second testEnvelope
	hit := false
	for i := 0; i < 50 && !hit; i++ {
		// ristretto admits entries asynchronously: the first repeats may miss.
		before := cachedCalls.Load()
		second = ts.post(t, "/api/v1/test/cached", body).wantStatus(t, 200).envelope(t)
		hit = cachedCalls.Load() == before
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
	var in echoInput
	if err := json.Unmarshal(second.Result, &in); err != nil || in.Year != 1990 {
		t.Errorf("result %s", second.Result)
	}
	// A different body is a different entry; errors are never cached.
	ts.post(t, "/api/v1/test/cached", `{"year":1991}`).wantStatus(t, 200)
	ts.post(t, "/api/v1/test/cached", `{"year":1,"fail":"field"}`).wantStatus(t, 422)
	ts.post(t, "/api/v1/test/cached", `{"year":1,"fail":"field"}`).wantStatus(t, 422)
	// Batch items use the same cache.
	r := ts.post(t, "/api/v1/batch", `{"requests":[{"operation":"post-test-cached","body":`+body+`}]}`).wantStatus(t, 200).envelope(t)
	if !strings.Contains(string(r.Result), `"year":1990`) || !strings.Contains(string(r.Result), `"status":200`) {
		t.Errorf("batch %s", r.Result)
	}
}

// TestSeenKeys: the doorkeeper admits a key on its second sighting, forgets
// a key whose slot a newer one took, and is safe for concurrent use.
func TestSeenKeys(t *testing.T) {
	s := newSeenKeys(1 << 4)
	if s.again("a") {
		t.Fatal("a first sighting admitted")
	}
	if !s.again("a") || !s.again("a") {
		t.Fatal("a repeated key not admitted")
	}
	// Fill every slot with other keys: "a" is forgotten.
	for i := range 1000 {
		s.again(fmt.Sprint("k", i))
	}
	admitted := 0
	for i := range 1000 {
		if s.again(fmt.Sprint("fresh", i)) {
			admitted++
		}
	}
	if admitted != 0 {
		t.Errorf("%d fresh keys admitted on first sight", admitted)
	}
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 1000 {
				s.again(fmt.Sprint(g, "-", i%50))
			}
		}()
	}
	wg.Wait()
}

// TestAppendUsage: the hand-written usage object is what go-json writes.
func TestAppendUsage(t *testing.T) {
	for _, u := range []*quota.Usage{nil, {}, {DailyLimit: 1000, MonthlyLimit: 30000, RequestsThisDay: 12, RequestsThisMonth: 345, Scope: "account_plan"},
		{DailyLimit: -1, MonthlyLimit: 1 << 60, Scope: "a\"b\u00e9"}} {
		want, err := json.Marshal(u)
		if err != nil {
			t.Fatal(err)
		}
		if got := appendUsage(nil, u); string(got) != string(want) {
			t.Errorf("%+v: %s, want %s", u, got, want)
		}
	}
}
