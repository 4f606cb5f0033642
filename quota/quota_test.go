package quota_test

import (
	"context"
	"errors"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/astroapi/astroapi/quota"
	"github.com/astroapi/astroapi/store"
	"github.com/google/go-cmp/cmp"
)

var noon = time.Date(2026, 1, 31, 12, 0, 0, 0, time.UTC)

func usage(plan quota.Plan, day, month int64) quota.Usage {
	return quota.Usage{DailyLimit: plan.DailyLimit, MonthlyLimit: plan.MonthlyLimit, RequestsThisDay: day, RequestsThisMonth: month, Scope: "account_plan"}
}

func limitErr(t *testing.T, err error) *quota.LimitError {
	t.Helper()
	var le *quota.LimitError
	if !errors.As(err, &le) {
		t.Fatalf("err = %v, want a *quota.LimitError", err)
	}
	return le
}

// TestDailyMonthlyRollover walks an account of plan t10 (10 a day, 25 a
// month) through a day limit, the 00:00 UTC day roll-over, a month limit
// and the month roll-over.
func TestDailyMonthlyRollover(t *testing.T) {
	ctx := context.Background()
	plans := testPlans()
	p := plans["t10"]
	clk := newClock(noon.AddDate(0, 0, -2)) // Jan 29, 12:00
	q := quota.New(newBolt(t), quota.Config{Plans: plans, FlushInterval: -1, Now: clk.Now})
	defer q.Close()
	acct := newAccountID(t)

	if diff := cmp.Diff(usage(p, 4, 4), mustCharge(t, q, acct, "t10", 4)); diff != "" {
		t.Errorf("first charge (-want +got):\n%s", diff)
	}
	mustCharge(t, q, acct, "t10", 6) // day full: 10
	_, err := q.Charge(ctx, acct, "t10", 1)
	le := limitErr(t, err)
	if !errors.Is(err, quota.ErrQuotaExceeded) || errors.Is(err, quota.ErrRateLimited) {
		t.Errorf("daily refusal: errors.Is quota=%v rate=%v", errors.Is(err, quota.ErrQuotaExceeded), errors.Is(err, quota.ErrRateLimited))
	}
	wantReset := time.Date(2026, 1, 30, 0, 0, 0, 0, time.UTC)
	if le.Limit != quota.LimitDaily || le.Max != 10 || !le.Reset.Equal(wantReset) || le.RetryAfter != 12*time.Hour || le.RetryAfterSeconds() != 43200 {
		t.Errorf("daily refusal = %+v, want daily 10, reset %v after 12h", le, wantReset)
	}
	if diff := cmp.Diff(usage(p, 10, 10), le.Usage); diff != "" {
		t.Errorf("refusal usage (-want +got):\n%s", diff)
	}

	// One nanosecond before midnight: still refused; at midnight: a new day.
	clk.Set(wantReset.Add(-time.Nanosecond))
	if _, err := q.Charge(ctx, acct, "t10", 1); !errors.Is(err, quota.ErrQuotaExceeded) {
		t.Fatalf("at 23:59:59.999999999: %v, want refusal", err)
	}
	clk.Set(wantReset)
	if diff := cmp.Diff(usage(p, 1, 11), mustCharge(t, q, acct, "t10", 1)); diff != "" {
		t.Errorf("after day roll-over (-want +got):\n%s", diff)
	}
	// All or nothing: 10 more do not fit today (1 used), nothing changes.
	if _, err := q.Charge(ctx, acct, "t10", 10); !errors.Is(err, quota.ErrQuotaExceeded) {
		t.Fatalf("charge of 10 with 9 left: %v, want refusal", err)
	}
	mustCharge(t, q, acct, "t10", 9) // Jan 30: 10, month 20
	clk.Set(noon)                    // Jan 31
	mustCharge(t, q, acct, "t10", 5) // month 25: full
	_, err = q.Charge(ctx, acct, "t10", 1)
	le = limitErr(t, err)
	wantReset = time.Date(2026, 2, 1, 0, 0, 0, 0, time.UTC)
	if le.Limit != quota.LimitMonthly || le.Max != 25 || !le.Reset.Equal(wantReset) || le.RetryAfter != 12*time.Hour {
		t.Errorf("monthly refusal = %+v, want monthly 25 reset %v", le, wantReset)
	}
	if diff := cmp.Diff(usage(p, 5, 25), le.Usage); diff != "" {
		t.Errorf("monthly refusal usage (-want +got):\n%s", diff)
	}
	clk.Set(wantReset.Add(time.Second))
	if diff := cmp.Diff(usage(p, 1, 1), mustCharge(t, q, acct, "t10", 1)); diff != "" {
		t.Errorf("after month roll-over (-want +got):\n%s", diff)
	}
	// Peek does not charge.
	u, err := q.Peek(ctx, acct, "t10")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(usage(p, 1, 1), u); diff != "" {
		t.Errorf("Peek (-want +got):\n%s", diff)
	}
	if _, err := q.Charge(ctx, acct, "nosuchplan", 1); !errors.Is(err, quota.ErrUnknownPlan) {
		t.Errorf("unknown plan: %v", err)
	}
}

func TestRate(t *testing.T) {
	ctx := context.Background()
	clk := newClock(noon)
	q := quota.New(newBolt(t), quota.Config{Plans: testPlans(), FlushInterval: -1, Now: clk.Now})
	defer q.Close()

	// rate5: 5 per second, bucket of 5. A batch charge (n = 3) takes one token.
	acct := newAccountID(t)
	for i := range 5 {
		if _, err := q.Charge(ctx, acct, "rate5", int64(1+i%3)); err != nil {
			t.Fatalf("request %d within burst: %v", i+1, err)
		}
	}
	_, err := q.Charge(ctx, acct, "rate5", 1)
	le := limitErr(t, err)
	if !errors.Is(err, quota.ErrRateLimited) || le.Limit != quota.LimitRate || le.Max != 5 || le.RetryAfter != 200*time.Millisecond || le.RetryAfterSeconds() != 1 {
		t.Errorf("rate refusal = %+v (%v), want rate 5, retry after 200ms", le, err)
	}
	if le.Usage.RequestsThisDay != 1+2+3+1+2 {
		t.Errorf("rate refusal usage = %+v, want 9 charged (refused call not counted)", le.Usage)
	}
	clk.Add(199 * time.Millisecond)
	if _, err := q.Charge(ctx, acct, "rate5", 1); !errors.Is(err, quota.ErrRateLimited) {
		t.Errorf("after 199ms: %v, want rate refusal", err)
	} else if le := limitErr(t, err); le.RetryAfter != time.Millisecond {
		t.Errorf("after 199ms RetryAfter = %v, want 1ms", le.RetryAfter)
	}
	clk.Add(time.Millisecond)
	mustCharge(t, q, acct, "rate5", 1)
	// A long pause refills to the burst, not beyond.
	clk.Add(time.Hour)
	for i := range 5 {
		if _, err := q.Charge(ctx, acct, "rate5", 1); err != nil {
			t.Fatalf("after an hour, request %d: %v", i+1, err)
		}
	}
	if _, err := q.Charge(ctx, acct, "rate5", 1); !errors.Is(err, quota.ErrRateLimited) {
		t.Errorf("6th request after an hour: %v, want rate refusal", err)
	}

	// Burst larger than the rate.
	acct = newAccountID(t)
	for i := range 6 {
		if _, err := q.Charge(ctx, acct, "burst", 1); err != nil {
			t.Fatalf("burst request %d: %v", i+1, err)
		}
	}
	if _, err := q.Charge(ctx, acct, "burst", 1); !errors.Is(err, quota.ErrRateLimited) {
		t.Errorf("7th burst request: %v, want rate refusal", err)
	}
	clk.Add(500 * time.Millisecond) // 2/s: one token back
	mustCharge(t, q, acct, "burst", 1)

	// A batch: one token for the request (n = 0 bills nothing), then
	// items billed with ChargeQuota, which takes no token.
	acct = newAccountID(t)
	if u, err := q.Charge(ctx, acct, "rate5", 0); err != nil || u.RequestsThisDay != 0 {
		t.Fatalf("Charge(0) = %+v, %v; want a token and nothing billed", u, err)
	}
	for i := range 100 {
		if _, err := q.ChargeQuota(ctx, acct, "rate5", 1); err != nil {
			t.Fatalf("batch item %d: %v", i+1, err)
		}
	}
	for i := range 4 { // 4 tokens left of 5
		if _, err := q.Charge(ctx, acct, "rate5", 1); err != nil {
			t.Fatalf("request %d after the batch: %v", i+1, err)
		}
	}
	if u, err := q.Charge(ctx, acct, "rate5", 1); !errors.Is(err, quota.ErrRateLimited) || u.RequestsThisDay != 104 {
		t.Errorf("5th request after the batch: %+v, %v; want rate refusal at 104 billed", u, err)
	}
	if _, err := q.ChargeQuota(ctx, acct, "t10", 11); !errors.Is(err, quota.ErrQuotaExceeded) {
		t.Errorf("ChargeQuota over the daily limit: %v, want quota refusal", err)
	}

	// Peek uses no token.
	acct = newAccountID(t)
	for range 10 {
		if _, err := q.Peek(ctx, acct, "rate5"); err != nil {
			t.Fatal(err)
		}
	}
	for i := range 5 {
		if _, err := q.Charge(ctx, acct, "rate5", 1); err != nil {
			t.Fatalf("request %d after peeks: %v", i+1, err)
		}
	}
}

// TestExactUnderConcurrency: with N calls left and 50 goroutines hammering
// Charge while a flusher runs every few milliseconds, exactly N succeed.
func TestExactUnderConcurrency(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open func() store.Store) {
		ctx := context.Background()
		const limit, left, workers = 1000, 137, 50
		plans := testPlans()
		plans["exact"] = quota.Plan{Name: "exact", DailyLimit: limit, MonthlyLimit: 10 * limit}
		clk := newClock(noon)
		st := open()
		q := quota.New(st, quota.Config{Plans: plans, FlushInterval: 2 * time.Millisecond, Now: clk.Now})
		acct := newAccountID(t)
		mustCharge(t, q, acct, "exact", limit-left)

		var ok, refused atomic.Int64
		var wg sync.WaitGroup
		start := make(chan struct{})
		for range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				for {
					_, err := q.Charge(ctx, acct, "exact", 1)
					if err == nil {
						ok.Add(1)
						continue
					}
					if !errors.Is(err, quota.ErrQuotaExceeded) {
						t.Error(err)
					}
					refused.Add(1)
					return
				}
			}()
		}
		close(start)
		wg.Wait()
		if ok.Load() != left || refused.Load() != workers {
			t.Errorf("%d succeeded and %d refused, want exactly %d and %d", ok.Load(), refused.Load(), left, workers)
		}
		if err := q.Close(); err != nil {
			t.Fatal(err)
		}
		c, err := st.Counters(ctx, acct, noon)
		if err != nil || c.DayN != limit || c.MonthN != limit {
			t.Errorf("stored after Close = %+v, %v; want %d", c, err, limit)
		}
	})
}

// TestFlushAndReload: counts reach the store as deltas, survive a new
// Quota (a restart), and Close flushes what is left.
func TestFlushAndReload(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open func() store.Store) {
		ctx := context.Background()
		st := open()
		clk := newClock(noon)
		var flushes []quota.FlushStats
		var mu sync.Mutex
		q := quota.New(st, quota.Config{Plans: testPlans(), FlushInterval: -1, Now: clk.Now})
		acct := newAccountID(t)
		mustCharge(t, q, acct, "pro", 3)
		mustCharge(t, q, acct, "pro", 4)
		if c, _ := st.Counters(ctx, acct, noon); c.DayN != 0 {
			t.Errorf("stored before any flush: %+v, want 0 (counting is in memory)", c)
		}
		fs, err := q.Flush(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if fs.Counters != 1 || fs.Calls != 7 {
			t.Errorf("Flush stats = %+v, want 1 delta of 7 calls", fs)
		}
		if c, _ := st.Counters(ctx, acct, noon); c.DayN != 7 || c.MonthN != 7 {
			t.Errorf("stored after flush: %+v, want 7", c)
		}
		mustCharge(t, q, acct, "pro", 2)
		fs, _ = q.Flush(ctx) // a delta of 2, not a total of 9
		if fs.Calls != 2 {
			t.Errorf("second flush wrote %d calls, want the delta 2", fs.Calls)
		}
		if fs, _ = q.Flush(ctx); fs.Counters != 0 {
			t.Errorf("idle flush wrote %+v, want nothing", fs)
		}
		if n := q.FlushedCalls(); n != 9 {
			t.Errorf("FlushedCalls %d after flushing 7 and 2, want 9", n)
		}
		mustCharge(t, q, acct, "pro", 1)
		if err := q.Close(); err != nil {
			t.Fatal(err)
		}
		if _, err := q.Charge(ctx, acct, "pro", 1); !errors.Is(err, quota.ErrClosed) {
			t.Errorf("Charge after Close: %v, want ErrClosed", err)
		}
		if c, _ := st.Counters(ctx, acct, noon); c.DayN != 10 {
			t.Errorf("stored after Close: %+v, want 10", c)
		}

		// A new Quota (a restart) starts from the stored totals.
		q2 := quota.New(st, quota.Config{Plans: testPlans(), FlushInterval: time.Millisecond, Now: clk.Now,
			OnFlush: func(fs quota.FlushStats, err error) {
				mu.Lock()
				flushes = append(flushes, fs)
				mu.Unlock()
			}})
		if diff := cmp.Diff(usage(testPlans()["pro"], 11, 11), mustCharge(t, q2, acct, "pro", 1), ignoreRate); diff != "" {
			t.Errorf("after restart (-want +got):\n%s", diff)
		}
		// The background flusher writes it without help.
		deadline := time.Now().Add(5 * time.Second)
		for {
			c, _ := st.Counters(ctx, acct, noon)
			if c.DayN == 11 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("background flush did not write within 5s: %+v", c)
			}
			time.Sleep(time.Millisecond)
		}
		q2.Close()
		mu.Lock()
		defer mu.Unlock()
		if len(flushes) == 0 {
			t.Error("OnFlush never called")
		}
	})
}

// TestInstancesShareCounters: two Quota instances on one database. Their
// deltas add up, and after a flush each sees the other's calls.
func TestInstancesShareCounters(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open func() store.Store) {
		ctx := context.Background()
		clk := newClock(noon)
		plans := testPlans()
		a := quota.New(open(), quota.Config{Plans: plans, FlushInterval: -1, Now: clk.Now})
		b := quota.New(open(), quota.Config{Plans: plans, FlushInterval: -1, Now: clk.Now})
		defer a.Close()
		defer b.Close()
		acct := newAccountID(t)
		mustCharge(t, a, acct, "pro", 5)
		mustCharge(t, b, acct, "pro", 7)
		if _, err := a.Flush(ctx); err != nil {
			t.Fatal(err)
		}
		if _, err := b.Flush(ctx); err != nil {
			t.Fatal(err)
		}
		// b flushed last and saw a's 5; a learns b's 7 at its next flush.
		if u, _ := b.Peek(ctx, acct, "pro"); u.RequestsThisDay != 12 {
			t.Errorf("b after flush sees %d, want 12", u.RequestsThisDay)
		}
		mustCharge(t, a, acct, "pro", 1)
		if _, err := a.Flush(ctx); err != nil {
			t.Fatal(err)
		}
		if u, _ := a.Peek(ctx, acct, "pro"); u.RequestsThisDay != 13 || u.RequestsThisMonth != 13 {
			t.Errorf("a after flush sees %+v, want 13", u)
		}

		// Overshoot across instances is bounded by what the others charged
		// since their last flush: t10 allows 10 a day; each instance sees 0
		// and admits up to 10 before any flush.
		acct = newAccountID(t)
		na, nb := chargeUntilRefused(a, acct, "t10"), chargeUntilRefused(b, acct, "t10")
		a.Flush(ctx)
		b.Flush(ctx)
		if na+nb != 20 {
			t.Errorf("two unflushed instances admitted %d+%d, want 10 each", na, nb)
		}
		// Once flushed, both know the day is over: no further call passes.
		if n := chargeUntilRefused(a, acct, "t10") + chargeUntilRefused(b, acct, "t10"); n != 0 {
			t.Errorf("after flushes, %d more calls admitted, want 0", n)
		}
	})
}

func chargeUntilRefused(q *quota.Quota, acct, plan string) int {
	n := 0
	for {
		if _, err := q.Charge(context.Background(), acct, plan, 1); err != nil {
			return n
		}
		n++
	}
}

// failingStore fails Flush while fail is set.
type failingStore struct {
	store.Store
	fail atomic.Bool
}

func (f *failingStore) Flush(ctx context.Context, b store.Batch) ([]store.CounterTotal, error) {
	if f.fail.Load() {
		return nil, errors.New("disk on fire")
	}
	return f.Store.Flush(ctx, b)
}

// TestFailedFlushKeepsDeltas: a failed flush loses nothing; the next one
// writes everything, attribution included.
func TestFailedFlushKeepsDeltas(t *testing.T) {
	ctx := context.Background()
	fs := &failingStore{Store: newBolt(t)}
	clk := newClock(noon)
	q := quota.New(fs, quota.Config{Plans: testPlans(), FlushInterval: -1, Now: clk.Now})
	defer q.Close()
	acct := newAccountID(t)
	mustCharge(t, q, acct, "pro", 4)
	q.Record(quota.Call{AccountID: acct, KeyID: "key_1", Endpoint: "post-natal", Status: 200, Duration: time.Millisecond})
	fs.fail.Store(true)
	if _, err := q.Flush(ctx); err == nil {
		t.Fatal("Flush with a failing store succeeded")
	}
	if n := q.FlushedCalls(); n != 0 {
		t.Errorf("FlushedCalls %d after a failed flush, want 0", n)
	}
	mustCharge(t, q, acct, "pro", 1)
	q.Record(quota.Call{AccountID: acct, KeyID: "key_1", Endpoint: "post-natal", Status: 500, Duration: 3 * time.Millisecond})
	if u, _ := q.Peek(ctx, acct, "pro"); u.RequestsThisDay != 5 {
		t.Errorf("after failed flush, usage %d, want 5", u.RequestsThisDay)
	}
	fs.fail.Store(false)
	if _, err := q.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	if n := q.FlushedCalls(); n != 5 {
		t.Errorf("FlushedCalls %d, want the 5 calls kept across the failure", n)
	}
	if c, _ := fs.Counters(ctx, acct, noon); c.DayN != 5 {
		t.Errorf("stored %+v, want 5", c)
	}
	us, err := fs.Usage(ctx, acct, noon.Add(-time.Hour), noon.Add(time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	// The histogram and the error kinds of the failed flush are kept too.
	lat := make([]int64, store.LatencyBins)
	lat[store.LatencyBin(1000)]++
	lat[store.LatencyBin(3000)]++
	want := []store.UsageBucket{{AccountID: acct, KeyID: "key_1", Endpoint: "post-natal", Hour: noon, Count: 2, Errors: 1, TotalMicros: 4000, MaxMicros: 3000,
		Latency: lat, ErrorKinds: map[store.ErrorKind]int64{{Status: 500}: 1}}}
	if diff := cmp.Diff(want, us); diff != "" {
		t.Errorf("stored attribution (-want +got):\n%s", diff)
	}
}

// TestDayRolloverBetweenFlushes: deltas of two days in one flush land on
// their own days and the same month.
func TestDayRolloverBetweenFlushes(t *testing.T) {
	ctx := context.Background()
	st := newBolt(t)
	clk := newClock(time.Date(2026, 1, 30, 23, 59, 59, 0, time.UTC))
	q := quota.New(st, quota.Config{Plans: testPlans(), FlushInterval: -1, Now: clk.Now})
	defer q.Close()
	acct := newAccountID(t)
	mustCharge(t, q, acct, "pro", 3)
	clk.Add(2 * time.Second) // Jan 31
	mustCharge(t, q, acct, "pro", 4)
	if _, err := q.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	d30, _ := st.Counters(ctx, acct, time.Date(2026, 1, 30, 0, 0, 0, 0, time.UTC))
	d31, _ := st.Counters(ctx, acct, clk.Now())
	if d30.DayN != 3 || d31.DayN != 4 || d31.MonthN != 7 {
		t.Errorf("Jan 30 %+v, Jan 31 %+v; want 3, 4, month 7", d30, d31)
	}
	if u, _ := q.Peek(ctx, acct, "pro"); u.RequestsThisDay != 4 || u.RequestsThisMonth != 7 {
		t.Errorf("usage after flush %+v, want day 4 month 7", u)
	}
}

// TestOvershootAcrossInstances: two instances on one store, real clock,
// a rate-limited plan, flushing every 20 ms, 8 clients each. Together they
// admit at least the daily limit (an instance only refuses once the true
// total reached it) and at most the limit plus the documented overshoot
// bound (instances-1) x (Burst + 2 x RatePerSecond x (FlushInterval + flush
// time)); every
// admitted call is in the store afterwards.
func TestOvershootAcrossInstances(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open func() store.Store) {
		ctx := context.Background()
		const limit, rate, burst, interval = 300, 200, 20, 20 * time.Millisecond
		plans := quota.Plans{"o": {Name: "o", DailyLimit: limit, MonthlyLimit: 100 * limit, RatePerSecond: rate, Burst: burst}}
		// A slow flush (fsync on a busy machine) lengthens the interval: the
		// bound uses the interval plus the slowest flush seen.
		var slowest atomic.Int64
		onFlush := func(fs quota.FlushStats, err error) {
			for {
				old := slowest.Load()
				if int64(fs.Took) <= old || slowest.CompareAndSwap(old, int64(fs.Took)) {
					return
				}
			}
		}
		insts := []*quota.Quota{
			quota.New(open(), quota.Config{Plans: plans, FlushInterval: interval, OnFlush: onFlush}),
			quota.New(open(), quota.Config{Plans: plans, FlushInterval: interval, OnFlush: onFlush}),
		}
		acct := newAccountID(t)
		var admitted atomic.Int64
		var wg sync.WaitGroup
		deadline := time.Now().Add(20 * time.Second)
		for _, q := range insts {
			for range 8 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for time.Now().Before(deadline) {
						_, err := q.Charge(ctx, acct, "o", 1)
						var le *quota.LimitError
						switch {
						case err == nil:
							admitted.Add(1)
						case errors.As(err, &le) && le.Limit == quota.LimitRate:
							time.Sleep(le.RetryAfter)
						case errors.Is(err, quota.ErrQuotaExceeded):
							return
						default:
							t.Error(err)
							return
						}
					}
				}()
			}
		}
		wg.Wait()
		for _, q := range insts {
			if err := q.Close(); err != nil {
				t.Fatal(err)
			}
		}
		effective := interval + time.Duration(slowest.Load())
		bound := int64(len(insts)-1) * (burst + 2*rate*int64(effective)/int64(time.Second))
		got := admitted.Load()
		t.Logf("admitted %d for a limit of %d (bound %d over, slowest flush %v)", got, limit, bound, time.Duration(slowest.Load()))
		if got < limit || got > limit+bound {
			t.Errorf("admitted %d, want between %d and %d", got, limit, limit+bound)
		}
		st := open()
		c, err := st.Counters(ctx, acct, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		if c.DayN != got {
			t.Errorf("stored %d, admitted %d: deltas of the instances did not add up", c.DayN, got)
		}
	})
}

// TestSharedLimitExact: with Shared set (PostgreSQL, several instances),
// the daily limit holds exactly across instances without a per-second
// rate: two instances hammering one account with no rate admit exactly the
// limit (leases never pass it; unused ones come back at each flush and are
// used), and the store ends with exactly the calls admitted.
func TestSharedLimitExact(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open func() store.Store) {
		ctx := context.Background()
		const limit, interval = 500, 20 * time.Millisecond
		plans := quota.Plans{"o": {Name: "o", DailyLimit: limit, MonthlyLimit: 100 * limit}}
		insts := []*quota.Quota{
			quota.New(open(), quota.Config{Plans: plans, FlushInterval: interval, Shared: true}),
			quota.New(open(), quota.Config{Plans: plans, FlushInterval: interval, Shared: true}),
		}
		acct := newAccountID(t)
		var admitted, refused atomic.Int64
		var wg sync.WaitGroup
		deadline := time.Now().Add(2 * time.Second)
		for _, q := range insts {
			for range 8 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for time.Now().Before(deadline) {
						_, err := q.Charge(ctx, acct, "o", 1)
						switch {
						case err == nil:
							admitted.Add(1)
						case errors.Is(err, quota.ErrQuotaExceeded):
							refused.Add(1)
							runtime.Gosched() // an unused lease may come back at the next flush
						default:
							t.Error(err)
							return
						}
					}
				}()
			}
		}
		wg.Wait()
		// A refund goes back into the lease, still exact.
		for _, q := range insts {
			if err := q.Close(); err != nil {
				t.Fatal(err)
			}
		}
		t.Logf("admitted %d of a limit of %d (%d refusals)", admitted.Load(), limit, refused.Load())
		if got := admitted.Load(); got != limit {
			t.Errorf("admitted %d, want exactly %d", got, limit)
		}
		st := open()
		c, err := st.Counters(ctx, acct, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		if c.DayN != admitted.Load() {
			t.Errorf("stored %d, admitted %d: leases were not given back", c.DayN, admitted.Load())
		}
	})
}

// TestSharedRefund: a refunded call returns to the lease and the store
// ends with the calls kept.
func TestSharedRefund(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open func() store.Store) {
		ctx := context.Background()
		q := quota.New(open(), quota.Config{Plans: testPlans(), FlushInterval: -1, Shared: true})
		acct := newAccountID(t)
		for range 5 {
			mustCharge(t, q, acct, "t10", 1)
		}
		q.Refund(acct, time.Now(), 2)
		u, err := q.Peek(ctx, acct, "t10")
		if err != nil || u.RequestsThisDay != 3 {
			t.Fatalf("after refund: %+v %v", u, err)
		}
		for range 7 {
			mustCharge(t, q, acct, "t10", 1)
		}
		if _, err := q.Charge(ctx, acct, "t10", 1); !errors.Is(err, quota.ErrQuotaExceeded) {
			t.Fatalf("11th call: %v", err)
		}
		if err := q.Close(); err != nil {
			t.Fatal(err)
		}
		c, err := open().Counters(ctx, acct, time.Now())
		if err != nil || c.DayN != 10 {
			t.Errorf("stored %d (%v), want 10", c.DayN, err)
		}
	})
}
