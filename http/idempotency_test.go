package http_test

import (
	"strings"
	"sync"
	"testing"
	"time"

	apihttp "github.com/astroapi/astroapi/http"
	"github.com/astroapi/astroapi/http/apitest"
)

// TestIdempotencySameRequest: a retry with the same key and body gets the
// first answer byte for byte, marked as replayed, and is not billed.
func TestIdempotencySameRequest(t *testing.T) {
	apitest.ForEachStore(t, func(t *testing.T, storeURL string) {
		ts := startTestServer(t, withEverything(t, testOptions{StoreURL: storeURL}))
		before := billed(t, ts)
		first := ts.Post(t, "/api/v1/natal", shapeBirth, "Idempotency-Key", `"order-1"`).WantStatus(t, 200)
		again := ts.Post(t, "/api/v1/natal", shapeBirth, "Idempotency-Key", `"order-1"`).WantStatus(t, 200)
		bare := ts.Post(t, "/api/v1/natal", shapeBirth, "Idempotency-Key", `order-1`).WantStatus(t, 200)
		if string(again.Body) != string(first.Body) || string(bare.Body) != string(first.Body) {
			t.Error("a retry did not get the first answer")
		}
		if first.Header.Get("Idempotent-Replayed") != "" || again.Header.Get("Idempotent-Replayed") != "true" {
			t.Errorf("Idempotent-Replayed %q then %q", first.Header.Get("Idempotent-Replayed"), again.Header.Get("Idempotent-Replayed"))
		}
		if b := billed(t, ts) - before; b != 1 {
			t.Errorf("three requests with one key billed %d calls", b)
		}
		// Without a key, the same body is a new call.
		ts.Post(t, "/api/v1/natal", shapeBirth).WantStatus(t, 200)
		if b := billed(t, ts) - before; b != 2 {
			t.Errorf("a call without a key: billed %d in all, want 2", b)
		}
	})
}

// TestIdempotencyOtherRequest: the same key with another body, query or
// operation is a 422 naming the header, billed nothing.
func TestIdempotencyOtherRequest(t *testing.T) {
	ts := startTestServer(t, withEverything(t, testOptions{}))
	ts.Post(t, "/api/v1/natal", shapeBirth, "Idempotency-Key", "k1").WantStatus(t, 200)
	before := billed(t, ts)
	for _, c := range []struct{ path, body string }{
		{"/api/v1/natal", `{"year":1991,"month":7,"day":14,"latitude":1,"longitude":1}`},
		{"/api/v1/natal?fields=ascendant", shapeBirth},
		{"/api/v1/houses", shapeBirth},
	} {
		p := ts.Post(t, c.path, c.body, "Idempotency-Key", "k1").WantStatus(t, 422).Problem(t)
		if len(p.Errors) != 1 || p.Errors[0].Field != "Idempotency-Key" {
			t.Errorf("%s: %+v", c.path, p)
		}
	}
	if b := billed(t, ts) - before; b != 0 {
		t.Errorf("refused reuses billed %d calls", b)
	}
	for _, bad := range []string{`"unterminated`, strings.Repeat("a", 300), "tab\there"} {
		ts.Post(t, "/api/v1/natal", shapeBirth, "Idempotency-Key", bad).WantStatus(t, 400)
	}
}

// TestIdempotencyConcurrent: retries sent at once while the first runs
// all get its answer; one call is billed.
func TestIdempotencyConcurrent(t *testing.T) {
	apitest.ForEachStore(t, func(t *testing.T, storeURL string) {
		ts := startTestServer(t, withEverything(t, testOptions{StoreURL: storeURL}))
		before := billed(t, ts)
		const n = 24
		bodies := make([]string, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				bodies[i] = string(ts.Post(t, "/api/v1/synastry", `{"person1":`+shapeBirth+`,"person2":`+shapeBirth+`}`, "Idempotency-Key", "same-retry").WantStatus(t, 200).Body)
			}()
		}
		wg.Wait()
		for i := 1; i < n; i++ {
			if bodies[i] != bodies[0] {
				t.Fatalf("answer %d differs from answer 0", i)
			}
		}
		if b := billed(t, ts) - before; b != 1 {
			t.Errorf("%d concurrent retries billed %d calls, want 1", n, b)
		}
	})
}

// TestIdempotencyScopeAndRetention: keys belong to their account; an
// answer is kept 24 hours; a refused or failed answer is not kept.
func TestIdempotencyScopeAndRetention(t *testing.T) {
	ts := startTestServer(t, withEverything(t, testOptions{}))
	ts.Post(t, "/api/v1/natal", shapeBirth, "Idempotency-Key", "shared").WantStatus(t, 200)
	// Another account's key of the same value is its own.
	_, other, _ := ts.NewAccount(t, apitest.TestPlan)
	r := ts.Post(t, "/api/v1/natal", `{"year":2000,"month":1,"day":1,"latitude":1,"longitude":1}`, "x-api-key", other, "Idempotency-Key", "shared").WantStatus(t, 200)
	if r.Header.Get("Idempotent-Replayed") != "" {
		t.Error("another account's request replayed this account's answer")
	}
	ts.Clock.Add(apihttp.IdempotencyRetention - time.Minute)
	before := billed(t, ts)
	if r := ts.Post(t, "/api/v1/natal", shapeBirth, "Idempotency-Key", "shared").WantStatus(t, 200); r.Header.Get("Idempotent-Replayed") != "true" {
		t.Error("not replayed within the retention")
	}
	ts.Clock.Add(2 * time.Minute)
	if r := ts.Post(t, "/api/v1/natal", shapeBirth, "Idempotency-Key", "shared").WantStatus(t, 200); r.Header.Get("Idempotent-Replayed") != "" {
		t.Error("replayed after the retention")
	}
	if b := billed(t, ts) - before; b != 1 {
		t.Errorf("billed %d, want 1 (the call after the retention)", b)
	}
	// A 5xx is not kept: the retry runs again.
	for range 2 {
		r := ts.Post(t, "/api/v1/test/echo", `{"year":1,"fail":"panic"}`, "Idempotency-Key", "fails").WantStatus(t, 500)
		if r.Header.Get("Idempotent-Replayed") != "" {
			t.Error("a 500 was replayed")
		}
	}
	// A 422 is kept: the same request gets it again.
	ts.Post(t, "/api/v1/natal", `{"year":1990}`, "Idempotency-Key", "invalid").WantStatus(t, 422)
	if r := ts.Post(t, "/api/v1/natal", `{"year":1990}`, "Idempotency-Key", "invalid").WantStatus(t, 422); r.Header.Get("Idempotent-Replayed") != "true" {
		t.Error("a 422 was not replayed")
	}
}
