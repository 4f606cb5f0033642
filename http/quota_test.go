package http_test

import (
	"context"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	apihttp "github.com/astroapi/astroapi/http"
	"github.com/astroapi/astroapi/http/apitest"
	"github.com/astroapi/astroapi/http/op"
	"github.com/astroapi/astroapi/quota"
	json "github.com/goccy/go-json"
)

// tinyPlans adds small plans to the defaults for quota tests.
func tinyPlans() quota.Plans {
	ps := quota.DefaultPlans().Clone()
	ps["tiny"] = quota.Plan{Name: "tiny", DailyLimit: 3, MonthlyLimit: 5}
	ps["mid"] = quota.Plan{Name: "mid", DailyLimit: 10_000, MonthlyLimit: 100_000}
	ps["rated"] = quota.Plan{Name: "rated", DailyLimit: 100, MonthlyLimit: 1000, RatePerSecond: 2, Burst: 2}
	return ps
}

func TestQuotaExhaustionAndRollover(t *testing.T) {
	apitest.ForEachStore(t, func(t *testing.T, storeURL string) {
		clock := apitest.NewClock(time.Date(2024, 1, 30, 23, 59, 0, 0, time.UTC))
		ts := startTestServer(t, testOptions{StoreURL: storeURL, Plans: tinyPlans(), Plan: "tiny", Clock: clock})
		call := func() *apitest.Response { return ts.Post(t, "/api/v1/test/echo", `{"year":1}`) }
		for i := 1; i <= 3; i++ {
			env := call().WantStatus(t, 200).Envelope(t)
			if env.Usage.RequestsThisDay != int64(i) || env.Usage.DailyLimit != 3 || env.Usage.MonthlyLimit != 5 {
				t.Fatalf("call %d usage %+v", i, env.Usage)
			}
		}
		r := call().WantStatus(t, 429)
		p := r.Problem(t)
		if p.Type != op.NewProblem(0, op.KindQuota, "").Type {
			t.Errorf("type %q", p.Type)
		}
		// One minute to midnight UTC.
		if ra := r.Header.Get("Retry-After"); ra != "60" {
			t.Errorf("Retry-After %q, want 60", ra)
		}
		if r.Header.Get("RateLimit-Remaining") != "0" || r.Header.Get("RateLimit-Limit") != "3" {
			t.Errorf("RateLimit headers %v", r.Header)
		}
		// Day rolls over at 00:00 UTC: two more fit in the month (5).
		clock.Set(time.Date(2024, 1, 31, 0, 0, 0, 0, time.UTC))
		env := call().WantStatus(t, 200).Envelope(t)
		if env.Usage.RequestsThisDay != 1 || env.Usage.RequestsThisMonth != 4 {
			t.Errorf("after day roll-over: %+v", env.Usage)
		}
		call().WantStatus(t, 200)
		r = call().WantStatus(t, 429)
		if p := r.Problem(t); p.Type != op.NewProblem(0, op.KindQuota, "").Type || r.Header.Get("Retry-After") != strconv.Itoa(24*3600) {
			t.Errorf("monthly refusal %+v, Retry-After %q", p, r.Header.Get("Retry-After"))
		}
		// Month rolls over at 00:00 UTC on the 1st.
		clock.Set(time.Date(2024, 2, 1, 0, 0, 0, 0, time.UTC))
		env = call().WantStatus(t, 200).Envelope(t)
		if env.Usage.RequestsThisDay != 1 || env.Usage.RequestsThisMonth != 1 {
			t.Errorf("after month roll-over: %+v", env.Usage)
		}
	})
}

func TestRateLimit(t *testing.T) {
	clock := apitest.NewClock(time.Date(2024, 6, 15, 12, 0, 0, 0, time.UTC))
	ts := startTestServer(t, testOptions{Plans: tinyPlans(), Plan: "rated", Clock: clock})
	ts.Post(t, "/api/v1/test/echo", `{"year":1}`).WantStatus(t, 200)
	ts.Post(t, "/api/v1/test/echo", `{"year":1}`).WantStatus(t, 200)
	r := ts.Post(t, "/api/v1/test/echo", `{"year":1}`).WantStatus(t, 429)
	if p := r.Problem(t); p.Type != op.NewProblem(0, op.KindRate, "").Type || r.Header.Get("Retry-After") != "1" {
		t.Errorf("rate refusal %+v Retry-After %q", p, r.Header.Get("Retry-After"))
	}
	clock.Add(time.Second)
	ts.Post(t, "/api/v1/test/echo", `{"year":1}`).WantStatus(t, 200)
}

// TestQuotaExactUnderConcurrency: with N calls left, 50 concurrent clients
// get exactly N successes; the rest are 429.
func TestQuotaExactUnderConcurrency(t *testing.T) {
	apitest.ForEachStore(t, func(t *testing.T, storeURL string) {
		ts := startTestServer(t, testOptions{StoreURL: storeURL, Plans: tinyPlans(), Plan: "mid"})
		const left = 37
		if _, err := ts.Quota.Charge(context.Background(), ts.Account.ID, "mid", 10_000-left); err != nil {
			t.Fatal(err)
		}
		var ok, refused, other atomic.Int64
		var wg sync.WaitGroup
		for range 50 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for range 3 {
					switch ts.Post(t, "/api/v1/test/echo", `{"year":1}`).Status {
					case 200:
						ok.Add(1)
					case 429:
						refused.Add(1)
					default:
						other.Add(1)
					}
				}
			}()
		}
		wg.Wait()
		if ok.Load() != left || refused.Load() != 150-left || other.Load() != 0 {
			t.Errorf("ok %d refused %d other %d; want exactly %d ok", ok.Load(), refused.Load(), other.Load(), left)
		}
	})
}

// TestBatchOnRatedPlan: a batch takes one token of the per-second rate and
// one call of daily/monthly quota per item, as the quota package promises:
// a 5-item batch on a 2/s plan answers all five items, and the third batch
// within the second (clock frozen) is refused whole with 429.
func TestBatchOnRatedPlan(t *testing.T) {
	apitest.ForEachStore(t, func(t *testing.T, storeURL string) {
		ts := startTestServer(t, testOptions{StoreURL: storeURL, Plans: tinyPlans(), Plan: "rated"})
		body := `{"requests":[` + strings.Repeat(`{"operation":"post-test-echo","body":{"year":1}},`, 4) +
			`{"operation":"post-test-echo","body":{"year":1}}]}`
		var res testBatchResult
		for i := 1; i <= 2; i++ {
			env := ts.Post(t, "/api/v1/batch", body).WantStatus(t, 200).Envelope(t)
			if err := json.Unmarshal(env.Result, &res); err != nil {
				t.Fatal(err)
			}
			if res.Succeeded != 5 || res.Failed != 0 {
				t.Fatalf("batch %d: %d succeeded, %d failed: %s", i, res.Succeeded, res.Failed, apitest.Truncate(env.Result, 500))
			}
			if env.Usage.RequestsThisDay != int64(5*i) {
				t.Errorf("batch %d: requests_this_day %d, want %d (one per item)", i, env.Usage.RequestsThisDay, 5*i)
			}
		}
		r := ts.Post(t, "/api/v1/batch", body).WantStatus(t, 429)
		if p := r.Problem(t); p.Type != op.NewProblem(0, op.KindRate, "").Type || r.Header.Get("Retry-After") == "" {
			t.Errorf("third batch: %+v, Retry-After %q", p, r.Header.Get("Retry-After"))
		}
		// The refused batch billed nothing. (/usage takes a token of the
		// rate too: a second later there is one.)
		ts.Clock.Add(time.Second)
		var rep quota.Report
		ts.Get(t, "/api/v1/usage").WantStatus(t, 200).Decode(t, &rep)
		if rep.CurrentUsage.RequestsThisDay != 10 {
			t.Errorf("requests_this_day %d after two batches of 5 and a refused one, want 10", rep.CurrentUsage.RequestsThisDay)
		}
	})
}

// TestHeavyCallsBoundedAndWeighted: a heavy operation counts its cost in
// calls, and beyond the heavy calls in flight allowed per account (2 here)
// a call is refused at once with 503 and Retry-After, billed nothing.
func TestHeavyCallsBoundedAndWeighted(t *testing.T) {
	ts := startTestServer(t, testOptions{Limits: apihttp.Limits{MaxHeavy: 8, MaxHeavyPerAccount: 2}})
	env := ts.Post(t, "/api/v1/test/heavy", `{"year":1}`).WantStatus(t, 200).Envelope(t)
	if env.Usage.RequestsThisDay != 3 {
		t.Fatalf("a heavy call of cost 3 billed %d calls", env.Usage.RequestsThisDay)
	}
	gate := apitest.NewGate(t, "heavy")
	done := make(chan int, 2)
	for range 2 {
		go func() { done <- ts.Post(t, "/api/v1/test/heavy", `{"year":1,"gate":"heavy"}`).Status }()
	}
	<-gate.Entered()
	<-gate.Entered()
	r := ts.Post(t, "/api/v1/test/heavy", `{"year":1}`).WantStatus(t, 503)
	if r.Header.Get("Retry-After") != "1" {
		t.Errorf("Retry-After %q", r.Header.Get("Retry-After"))
	}
	// Another account is not held up by this one's renders.
	_, other, _ := ts.NewAccount(t, apitest.TestPlan)
	ts.Post(t, "/api/v1/test/echo", `{"year":1}`, "x-api-key", other).WantStatus(t, 200)
	gate.Open()
	for range 2 {
		if st := <-done; st != 200 {
			t.Errorf("gated heavy call: %d", st)
		}
	}
	var rep quota.Report
	ts.Get(t, "/api/v1/usage").WantStatus(t, 200).Decode(t, &rep)
	if rep.CurrentUsage.RequestsThisDay != 9 {
		t.Errorf("requests_this_day %d, want 9 (three heavy calls of 3, the refused one free)", rep.CurrentUsage.RequestsThisDay)
	}
}

// TestBatchesQueueAtAccountCap: a batch beyond its account's heavy slots
// waits for one of them instead of being refused (a bulk loader on many
// connections is served in turn), while a heavy call beyond them is still
// refused at once (TestHeavyCallsBoundedAndWeighted).
func TestBatchesQueueAtAccountCap(t *testing.T) {
	ts := startTestServer(t, testOptions{Limits: apihttp.Limits{MaxHeavy: 8, MaxHeavyPerAccount: 2}})
	batch := func(gate string) string {
		items := []string{`{"operation":"post-test-echo","body":{"year":1,"gate":"` + gate + `"}}`}
		for range 11 {
			items = append(items, `{"operation":"post-test-echo","body":{"year":1}}`)
		}
		return `{"requests":[` + strings.Join(items, ",") + `]}`
	}
	gate := apitest.NewGate(t, "batch-cap")
	done := make(chan int, 3)
	for range 2 {
		go func() { done <- ts.Post(t, "/api/v1/batch", batch("batch-cap")).Status }()
	}
	<-gate.Entered()
	<-gate.Entered()
	go func() { done <- ts.Post(t, "/api/v1/batch", batch("")).Status }()
	select {
	case st := <-done:
		t.Fatalf("a batch answered %d while the account's two slots were held: it should wait", st)
	case <-time.After(200 * time.Millisecond):
	}
	if st := ts.Post(t, "/api/v1/test/heavy", `{"year":1}`).Status; st != 503 {
		t.Errorf("a heavy call at the account's cap: %d, want 503 at once", st)
	}
	// A batch queued at its own account's cap holds no one else up: another
	// account's heavy call takes one of the free slots at once.
	_, other, _ := ts.NewAccount(t, apitest.TestPlan)
	start := time.Now()
	if st := ts.Post(t, "/api/v1/test/heavy", `{"year":1}`, "x-api-key", other).Status; st != 200 {
		t.Errorf("another account's heavy call while a batch waits at its cap: %d, want 200", st)
	}
	if waited := time.Since(start); waited > 2*time.Second {
		t.Errorf("another account's heavy call waited %v behind a batch queued at its own cap", waited)
	}
	gate.Open()
	for range 3 {
		if st := <-done; st != 200 {
			t.Errorf("batch: %d", st)
		}
	}
}

// TestRefusedCallsNotBilled: five 400/422 answers take tokens of the
// per-second rate but no calls of quota (issue 20).
func TestRefusedCallsNotBilled(t *testing.T) {
	ts := startTestServer(t, testOptions{})
	for _, body := range []string{`{"year":"x"}`, `{}`, `{"year":1,"fail":"field"}`, `{"year":1,"fail":"badrequest"}`, `{"year":1,"fail":"notfound"}`} {
		if r := ts.Post(t, "/api/v1/test/echo", body); r.Status < 400 || r.Status >= 500 {
			t.Fatalf("%s: %d", body, r.Status)
		}
	}
	env := ts.Post(t, "/api/v1/test/echo", `{"year":1}`).WantStatus(t, 200).Envelope(t)
	if env.Usage.RequestsThisDay != 1 {
		t.Errorf("requests_this_day %d after five refused calls and one answer, want 1", env.Usage.RequestsThisDay)
	}
}

// TestSharedCountAcrossInstances: two servers on one PostgreSQL store and
// a plan without a per-second rate admit exactly the daily limit between
// them, and /usage shows the shared count.
func TestSharedCountAcrossInstances(t *testing.T) {
	u := apitest.Stores(t)["postgres"]
	if u == "" {
		t.Skip("needs PostgreSQL (ASTROAPI_TEST_POSTGRES)")
	}
	plans := tinyPlans()
	plans["shared"] = quota.Plan{Name: "shared", DailyLimit: 40, MonthlyLimit: 1000}
	a := startTestServer(t, testOptions{StoreURL: u, Plans: plans, Plan: "shared"})
	b := startTestServer(t, testOptions{StoreURL: u, Plans: plans, Plan: "shared", Clock: a.Clock})
	ok := 0
	for i := range 60 {
		ts := a
		if i%2 == 1 {
			ts = b
		}
		r := ts.Request(t, "POST", "/api/v1/test/echo", `{"year":1}`, "x-api-key", a.Key)
		switch r.Status {
		case 200:
			ok++
		case 429:
		default:
			t.Fatalf("status %d", r.Status)
		}
	}
	if ok != 40 {
		t.Errorf("%d calls admitted across two instances, want exactly 40", ok)
	}
	// Within a flush interval (these instances flush when told), each
	// gives back what it leased and did not use.
	for _, ts := range []*apitest.Server{a, b} {
		if _, err := ts.Quota.Flush(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	var rep quota.Report
	b.Request(t, "GET", "/api/v1/usage", nil, "x-api-key", a.Key).WantStatus(t, 200).Decode(t, &rep)
	if rep.CurrentUsage.RequestsThisDay != 40 {
		t.Errorf("usage on the other instance shows %d, want the shared 40", rep.CurrentUsage.RequestsThisDay)
	}
}

// TestHeavySlotsShared: two accounts that keep every heavy slot busy do
// not starve a third: its call waits for the next slot to free up and
// gets it before the busy accounts' next calls (before, it was refused
// with 503 until they paused).
func TestHeavySlotsShared(t *testing.T) {
	ts := startTestServer(t, testOptions{Limits: apihttp.Limits{MaxHeavy: 4, MaxHeavyPerAccount: 2}})
	_, keyA, _ := ts.NewAccount(t, apitest.TestPlan)
	_, keyB, _ := ts.NewAccount(t, apitest.TestPlan)
	_, keyC, _ := ts.NewAccount(t, apitest.TestPlan)
	gateA, gateB := apitest.NewGate(t, "fair-a"), apitest.NewGate(t, "fair-b")
	done := make(chan [2]any, 8)
	call := func(key, gate, who string) {
		go func() {
			done <- [2]any{who, ts.Post(t, "/api/v1/test/heavy", `{"year":1,"gate":"`+gate+`"}`, "x-api-key", key).Status}
		}()
	}
	for range 2 {
		call(keyA, "fair-a", "A")
		call(keyB, "fair-b", "B")
	}
	for range 2 {
		<-gateA.Entered()
		<-gateB.Entered()
	}
	call(keyC, "", "C") // every slot is taken: C waits
	time.Sleep(100 * time.Millisecond)
	gateA.Open() // A's two calls end: their slots go to C first
	got := map[string][]int{}
	for range 3 {
		r := <-done
		got[r[0].(string)] = append(got[r[0].(string)], r[1].(int))
	}
	if c := got["C"]; len(c) != 1 || c[0] != 200 {
		t.Fatalf("the third account's call: %v (A %v, B %v), want 200 once a slot freed", c, got["A"], got["B"])
	}
	gateB.Open()
	for range 2 {
		if r := <-done; r[1].(int) != 200 {
			t.Errorf("%v", r)
		}
	}
}
