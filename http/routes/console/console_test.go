package console

import (
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/astroapi/astroapi/http/apitest"
)

func TestConsoleRoutes(t *testing.T) {
	apitest.ForEachStore(t, func(t *testing.T, storeURL string) {
		ts := startTestServer(t, testOptions{StoreURL: storeURL, SignupsPerHour: 2})
		email := "ada-" + randomHex(t) + "@example.com"
		var nk newKeyResult
		ts.Post(t, "/api-keys/signup", `{"email":"`+email+`"}`, "x-api-key", "").WantStatus(t, 200).Decode(t, &nk)
		if nk.Account.Plan != "free" || !strings.HasPrefix(nk.Secret, "ak_live_") || nk.Key.Prefix != nk.Secret[:len(nk.Key.Prefix)] {
			t.Fatalf("signup %+v", nk)
		}
		ts.Post(t, "/api-keys/signup", `{"email":"`+email+`"}`, "x-api-key", "").WantStatus(t, 409)
		// Two sign-ups per hour from one address in this test: the third is refused.
		r := ts.Post(t, "/api-keys/signup", `{"email":"other-`+randomHex(t)+`@example.com"}`, "x-api-key", "").WantStatus(t, 429)
		if r.Header.Get("Retry-After") == "" {
			t.Error("no Retry-After on sign-up limit")
		}
		ts.Post(t, "/api-keys/signup", `{"email":"not an address"}`, "x-api-key", "").WantStatus(t, 422) // validated before the limit
		key := nk.Secret
		// The new key works on calculation routes.
		ts.Post(t, "/api/v1/test/echo", `{"year":1}`, "x-api-key", key).WantStatus(t, 200)

		var list keyList
		ts.Get(t, "/api-keys/keys", "x-api-key", key).WantStatus(t, 200).Decode(t, &list)
		if len(list.Keys) != 1 || !list.Keys[0].Current || list.Account.Email != email || list.Active != 1 || list.MaxActive != maxActiveKeys {
			t.Fatalf("list %+v", list)
		}
		// The key was used this hour (the echo call): its last use is the
		// hour of the harness clock.
		if want := ts.Clock.Now().Truncate(time.Hour).Format(time.RFC3339); list.Keys[0].LastUsed != want {
			t.Errorf("last_used %q, want %q", list.Keys[0].LastUsed, want)
		}
		first := list.Keys[0].ID
		// The last active key cannot be revoked.
		ts.Post(t, "/api-keys/keys/"+first+"/revoke", `{}`, "x-api-key", key).WantStatus(t, 409)
		var second newKeyResult
		ts.Post(t, "/api-keys/keys", `{}`, "x-api-key", key).WantStatus(t, 200).Decode(t, &second)
		var two keyList
		ts.Get(t, "/api-keys/keys", "x-api-key", key).WantStatus(t, 200).Decode(t, &two)
		i := slices.IndexFunc(two.Keys, func(k keyView) bool { return k.ID == second.Key.ID })
		if two.Active != 2 || len(two.Keys) != 2 || i < 0 || two.Keys[i].LastUsed != "" {
			t.Errorf("after a second key %s: %+v (a new key was never used)", second.Key.ID, two)
		}
		// Rotate the first key: the old secret stops at once, the new one works.
		var rot newKeyResult
		ts.Post(t, "/api-keys/keys/"+first+"/rotate", `{}`, "x-api-key", key).WantStatus(t, 200).Decode(t, &rot)
		if rot.Revoked != first || rot.Secret == key {
			t.Errorf("rotate %+v", rot)
		}
		ts.Post(t, "/api/v1/test/echo", `{"year":1}`, "x-api-key", key).WantStatus(t, 401)
		ts.Post(t, "/api/v1/test/echo", `{"year":1}`, "x-api-key", rot.Secret).WantStatus(t, 200)
		// Revoke the second key with the rotated one.
		ts.Post(t, "/api-keys/keys/"+second.Key.ID+"/revoke", `{}`, "x-api-key", rot.Secret).WantStatus(t, 200)
		ts.Post(t, "/api/v1/test/echo", `{"year":1}`, "x-api-key", second.Secret).WantStatus(t, 401)
		// Another account's key cannot touch this account's keys.
		ts.Post(t, "/api-keys/keys/"+rot.Key.ID+"/revoke", `{}`).WantStatus(t, 404)
		ts.Get(t, "/api-keys/keys", "x-api-key", "").WantStatus(t, 401)
	})
}

// TestSignupHardened: sign-up takes JSON only (a cross-site form cannot
// post it), normalises the address (one account per address whatever its
// case), wants a domain with a dot, answers no-store, and counts sign-ups
// per address in the store (two servers on one PostgreSQL share the
// count). Key ids that the store never makes are a 404, not a lookup.
func TestSignupHardened(t *testing.T) {
	apitest.ForEachStore(t, func(t *testing.T, storeURL string) {
		ts := startTestServer(t, testOptions{StoreURL: storeURL, SignupsPerHour: 3})
		id := randomHex(t)
		r := ts.Request(t, "POST", "/api-keys/signup", `{"email":"ada-`+id+`@example.com"}`, "Content-Type", "text/plain", "x-api-key", "")
		r.WantStatus(t, 415)
		for _, bad := range []string{"ada@localhost", "ada@[127.0.0.1]", "ada@example", "not an address"} {
			r := ts.Post(t, "/api-keys/signup", `{"email":"`+bad+`"}`, "x-api-key", "").WantStatus(t, 422)
			if p := r.Problem(t); len(p.Errors) != 1 || p.Errors[0].Field != "email" {
				t.Errorf("%s: %+v", bad, p)
			}
		}
		r = ts.Post(t, "/api-keys/signup", `{"email":"Ada-`+id+`@Example.COM"}`, "x-api-key", "").WantStatus(t, 200)
		if cc := r.Header.Get("Cache-Control"); cc != "no-store" {
			t.Errorf("Cache-Control %q on a new key", cc)
		}
		var nk newKeyResult
		r.Decode(t, &nk)
		if nk.Account.Email != "ada-"+id+"@example.com" {
			t.Errorf("stored address %q", nk.Account.Email)
		}
		ts.Post(t, "/api-keys/signup", `{"email":"ada-`+id+`@example.com"}`, "x-api-key", "").WantStatus(t, 409)
		ts.Post(t, "/api-keys/keys/key_%00/revoke", `{}`, "x-api-key", nk.Secret).WantStatus(t, 404)
		if !strings.HasPrefix(storeURL, "postgres") {
			return
		}
		// A second instance on the same store: the third sign-up of the
		// hour from this address (the two above and this one) passes, the
		// fourth is refused, whichever instance gets it.
		other := startTestServer(t, testOptions{StoreURL: storeURL, SignupsPerHour: 3})
		other.Clock.Set(ts.Clock.Now())
		other.Post(t, "/api-keys/signup", `{"email":"b-`+randomHex(t)+`@example.com"}`, "x-api-key", "").WantStatus(t, 200)
		ts.Post(t, "/api-keys/signup", `{"email":"c-`+randomHex(t)+`@example.com"}`, "x-api-key", "").WantStatus(t, 429)
	})
}

// TestConsoleAssets: the page and its scripts and style are served with
// their types; other names are 404s.
func TestConsoleAssets(t *testing.T) {
	ts := startTestServer(t, testOptions{})
	r := ts.Get(t, "/api-keys", "x-api-key", "").WantStatus(t, 200)
	if !strings.HasPrefix(r.Header.Get("Content-Type"), "text/html") || !strings.Contains(r.Header.Get("Content-Security-Policy"), "default-src 'self'") {
		t.Errorf("page headers %v", r.Header)
	}
	for _, name := range []string{"console.js", "console.css", "/api/docs/vendor/uPlot.iife.min.js"} {
		if !strings.Contains(string(r.Body), name) {
			t.Errorf("the page does not load %s", name)
		}
	}
	// console.js imports the others.
	for _, name := range []string{"console.js", "util.js", "charts.js", "dashboard.js", "playground.js", "console.css"} {
		a := ts.Get(t, "/api-keys/assets/"+name, "x-api-key", "").WantStatus(t, 200)
		want := map[bool]string{true: "text/css", false: "text/javascript"}[strings.HasSuffix(name, ".css")]
		if !strings.HasPrefix(a.Header.Get("Content-Type"), want) {
			t.Errorf("%s: Content-Type %q", name, a.Header.Get("Content-Type"))
		}
	}
	for _, name := range []string{"console.html", "nothing.js", "console.go", "..%2Fconsole.go", "assets%2Fconsole.js"} {
		ts.Get(t, "/api-keys/assets/"+name, "x-api-key", "").WantStatus(t, 404)
	}
}

// TestKeyListPages: the key list comes in pages linked by next.
func TestKeyListPages(t *testing.T) {
	ts := startTestServer(t, testOptions{})
	for range 4 {
		ts.Post(t, "/api-keys/keys", `{}`).WantStatus(t, 200)
	}
	var seen []string
	after := ""
	for page := 0; page < 5; page++ {
		var l keyList
		ts.Get(t, "/api-keys/keys?limit=2&after="+after).WantStatus(t, 200).Decode(t, &l)
		for _, k := range l.Keys {
			seen = append(seen, k.ID)
		}
		if l.Next == "" {
			break
		}
		after = l.Next
	}
	if len(seen) != 5 || len(slices.Compact(slices.Clone(seen))) != 5 {
		t.Errorf("pages gave %v, want the 5 keys once each", seen)
	}
	ts.Get(t, "/api-keys/keys?limit=0").WantStatus(t, 422)
	ts.Get(t, "/api-keys/keys?after=key_00000000000000000000").WantStatus(t, 422)
}

// TestConsoleRaces: 30 concurrent key creations leave at most 10 active
// keys, and two keys of one account revoking each other at the same moment
// leave one of them active (before, 30 creates left 20 keys and both
// revocations passed in 4 of 5 runs).
func TestConsoleRaces(t *testing.T) {
	apitest.ForEachStore(t, func(t *testing.T, storeURL string) {
		ts := startTestServer(t, testOptions{StoreURL: storeURL})
		statuses := make(chan int, 30)
		var wg sync.WaitGroup
		for range 30 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				statuses <- ts.Post(t, "/api-keys/keys", `{}`).Status
			}()
		}
		wg.Wait()
		close(statuses)
		count := map[int]int{}
		for s := range statuses {
			count[s]++
		}
		var list keyList
		ts.Get(t, "/api-keys/keys?limit=100").WantStatus(t, 200).Decode(t, &list)
		active := 0
		for _, k := range list.Keys {
			if k.Status == "active" {
				active++
			}
		}
		t.Logf("30 concurrent creates: %v; %d active keys", count, active)
		if active != maxActiveKeys || count[200] != maxActiveKeys-1 || count[409] != 30-(maxActiveKeys-1) {
			t.Fatalf("30 concurrent creates: statuses %v, %d active keys; want %d active", count, active, maxActiveKeys)
		}
		// Two keys revoking each other, five times over.
		for round := range 5 {
			_, a, aID := ts.NewAccount(t, apitest.TestPlan)
			var b newKeyResult
			ts.Post(t, "/api-keys/keys", `{}`, "x-api-key", a).WantStatus(t, 200).Decode(t, &b)
			got := make(chan int, 2)
			go func() { got <- ts.Post(t, "/api-keys/keys/"+b.Key.ID+"/revoke", `{}`, "x-api-key", a).Status }()
			go func() { got <- ts.Post(t, "/api-keys/keys/"+aID+"/revoke", `{}`, "x-api-key", b.Secret).Status }()
			s1, s2 := <-got, <-got
			if s1+s2 != 200+409 && s1+s2 != 200+401 {
				t.Fatalf("round %d: both revocations answered %d and %d; want one 200", round, s1, s2)
			}
			n := 0
			for _, k := range []string{a, b.Secret} {
				if ts.Post(t, "/api/v1/test/echo", `{"year":1}`, "x-api-key", k).Status == 200 {
					n++
				}
			}
			if n != 1 {
				t.Fatalf("round %d: %d keys still work, want 1", round, n)
			}
		}
	})
}
