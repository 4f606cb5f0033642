package http

import (
	"fmt"
	"sync"
	"testing"

	"github.com/astroapi/astroapi/quota"
	json "github.com/goccy/go-json"
)

// TestSeenKeys: the doorkeeper admits a key on its second sighting, forgets
// a key whose slot a newer one took, and is safe for concurrent use.
func TestSeenKeys(t *testing.T) {
	s := newSeenKeys(1 << 4)
	if s.again("a") {
		t.Fatal("a first sighting admitted")
	}
	for range 2 {
		if !s.again("a") {
			t.Fatal("a repeated key not admitted")
		}
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
