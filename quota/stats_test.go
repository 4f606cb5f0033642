package quota_test

import (
	stdcmp "cmp"
	"context"
	"errors"
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/quota"
	"github.com/astroapi/astroapi/store"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

func TestParseParams(t *testing.T) {
	for _, c := range []struct {
		in   string
		want quota.ChartType
	}{{"", quota.ChartUsage}, {"usage", quota.ChartUsage}, {"endpoints", quota.ChartEndpoints}, {"response_time", quota.ChartResponseTime}, {"hourly_pattern", quota.ChartHourlyPattern}, {"errors", quota.ChartErrors}} {
		if got, err := quota.ParseChartType(c.in); err != nil || got != c.want {
			t.Errorf("ParseChartType(%q) = %q, %v", c.in, got, err)
		}
	}
	for _, in := range []string{"Usage", "daily", "endpoints "} {
		_, err := quota.ParseChartType(in)
		var fe *engine.FieldError
		if !errors.As(err, &fe) || fe.Field != "type" {
			t.Errorf("ParseChartType(%q) err = %v, want FieldError on type", in, err)
		}
	}
}

// call is one simulated request, the raw data the naive model below
// aggregates on its own to check Chart and Report.
type call struct {
	key, endpoint string
	at            time.Time
	status        int
	us            int64
	problem       string // problem type of an error
}

// simulate makes deterministic calls over the 40 days up to now.
func simulate(now time.Time) []call {
	r := rand.New(rand.NewPCG(7, 11))
	keys := []string{"key_a", "key_b", "key_c"}
	eps := []string{"post-natal", "post-vedic-dasha", "get-eclipses", "post_batch"}
	var out []call
	for range 3000 {
		at := now.Add(-time.Duration(r.Int64N(int64(40 * 24 * time.Hour))))
		status := 200
		if r.IntN(10) == 0 {
			status = 400 + r.IntN(130)
		}
		c := call{keys[r.IntN(len(keys))], eps[r.IntN(len(eps))], at, status, 50 + r.Int64N(20000), ""}
		if status >= 400 {
			c.problem = []string{"validation", "not-found", "quota-exceeded"}[status%3]
		}
		out = append(out, c)
	}
	return out
}

// exactPercentile is the order statistic of rank ceil(p*n) of the
// durations, in milliseconds (0 for none).
func exactPercentile(us []int64, p float64) float64 {
	if len(us) == 0 {
		return 0
	}
	s := slices.Sorted(slices.Values(us))
	return float64(s[max(int(math.Ceil(p*float64(len(s)))), 1)-1]) / 1000
}

// percentileBound is how far a histogram percentile may be from the exact
// one: a factor of 2^(1/4) (half a bin of half an octave), plus the
// rounding to whole microseconds.
func withinPercentileBound(got, exact float64) bool {
	if exact == 0 {
		return got == 0
	}
	f := math.Pow(2, 0.25)
	return got >= exact/f-0.0011 && got <= exact*f+0.0011
}

// takePercentiles removes the percentile series (p50_ms, ...) from c and
// returns them by name: they are held to withinPercentileBound, the rest
// of the chart to equality.
func takePercentiles(c *quota.Chart) map[string][]float64 {
	out := map[string][]float64{}
	c.Series = slices.DeleteFunc(c.Series, func(s quota.Series) bool {
		if strings.HasPrefix(s.Name, "p") && strings.HasSuffix(s.Name, "_ms") {
			out[s.Name] = s.Data
			return true
		}
		return false
	})
	return out
}

// naiveErrorKinds counts the calls' errors by status and type.
func naiveErrorKinds(cs []call) []quota.ErrorKind {
	by := map[[2]string]*quota.ErrorKind{}
	for _, c := range cs {
		if c.status < 400 {
			continue
		}
		k := [2]string{fmt.Sprint(c.status), c.problem}
		if by[k] == nil {
			by[k] = &quota.ErrorKind{Status: c.status, Type: c.problem}
		}
		by[k].Count++
		if h := c.at.Truncate(time.Hour).Format(time.RFC3339); h > by[k].LastHour {
			by[k].LastHour = h
		}
	}
	out := []quota.ErrorKind{}
	for _, e := range by {
		out = append(out, *e)
	}
	slices.SortFunc(out, func(x, y quota.ErrorKind) int {
		return stdcmp.Or(stdcmp.Compare(y.Count, x.Count), stdcmp.Compare(x.Status, y.Status), stdcmp.Compare(x.Type, y.Type))
	})
	return out
}

// inWindow: the calls of the last days UTC days, today included.
func inWindow(calls []call, now time.Time, days int) []call {
	from := store.Day(now).AddDate(0, 0, 1-days)
	var out []call
	for _, c := range calls {
		if !c.at.Before(from) && !c.at.After(now) {
			out = append(out, c)
		}
	}
	return out
}

func round3(x float64) float64 { return math.Round(x*1000) / 1000 }

// naiveChart computes what Chart should return straight from the calls.
func naiveChart(calls []call, now time.Time, typ quota.ChartType, days int) quota.Chart {
	from := store.Day(now).AddDate(0, 0, 1-days)
	cs := inWindow(calls, now, days)
	c := quota.Chart{Type: typ, Days: days, From: from.Format("2006-01-02"), To: store.Day(now).Format("2006-01-02")}
	type agg struct {
		n, errs, total, max int64
		us                  []int64
	}
	add := func(a *agg, x call) {
		a.n++
		if x.status >= 400 {
			a.errs++
		}
		a.total += x.us
		a.max = max(a.max, x.us)
		a.us = append(a.us, x.us)
	}
	avg := func(a agg) float64 {
		if a.n == 0 {
			return 0
		}
		return round3(float64(a.total) / float64(a.n) / 1000)
	}
	switch typ {
	case quota.ChartUsage, quota.ChartResponseTime:
		c.XName = "date"
		per := make([]agg, days)
		for i := range days {
			c.Labels = append(c.Labels, from.AddDate(0, 0, i).Format("2006-01-02"))
		}
		for _, x := range cs {
			add(&per[slices.Index(c.Labels, x.at.Format("2006-01-02"))], x)
		}
		if typ == quota.ChartUsage {
			c.Series = []quota.Series{{Name: "requests", Unit: "requests"}, {Name: "errors", Unit: "requests"}}
			for _, a := range per {
				c.Series[0].Data = append(c.Series[0].Data, float64(a.n))
				c.Series[1].Data = append(c.Series[1].Data, float64(a.errs))
			}
		} else {
			c.Series = []quota.Series{{Name: "avg_ms", Unit: "ms"}, {Name: "max_ms", Unit: "ms"}, {Name: "requests", Unit: "requests"},
				{Name: "p50_ms", Unit: "ms"}, {Name: "p95_ms", Unit: "ms"}, {Name: "p99_ms", Unit: "ms"}}
			for _, a := range per {
				c.Series[0].Data = append(c.Series[0].Data, avg(a))
				c.Series[1].Data = append(c.Series[1].Data, float64(a.max)/1000)
				c.Series[2].Data = append(c.Series[2].Data, float64(a.n))
				c.Series[3].Data = append(c.Series[3].Data, exactPercentile(a.us, 0.50))
				c.Series[4].Data = append(c.Series[4].Data, exactPercentile(a.us, 0.95))
				c.Series[5].Data = append(c.Series[5].Data, exactPercentile(a.us, 0.99))
			}
		}
	case quota.ChartEndpoints:
		c.XName = "endpoint"
		by := map[string]*agg{}
		for _, x := range cs {
			if by[x.endpoint] == nil {
				by[x.endpoint] = &agg{}
			}
			add(by[x.endpoint], x)
		}
		for ep := range by {
			c.Labels = append(c.Labels, ep)
		}
		slices.SortFunc(c.Labels, func(a, b string) int {
			if by[a].n != by[b].n {
				return int(by[b].n - by[a].n)
			}
			return map[bool]int{true: -1, false: 1}[a < b]
		})
		c.Series = []quota.Series{{Name: "requests", Unit: "requests"}, {Name: "errors", Unit: "requests"}, {Name: "avg_ms", Unit: "ms"}, {Name: "max_ms", Unit: "ms"},
			{Name: "p50_ms", Unit: "ms"}, {Name: "p95_ms", Unit: "ms"}}
		for _, ep := range c.Labels {
			a := *by[ep]
			c.Series[0].Data = append(c.Series[0].Data, float64(a.n))
			c.Series[1].Data = append(c.Series[1].Data, float64(a.errs))
			c.Series[2].Data = append(c.Series[2].Data, avg(a))
			c.Series[3].Data = append(c.Series[3].Data, float64(a.max)/1000)
			c.Series[4].Data = append(c.Series[4].Data, exactPercentile(a.us, 0.50))
			c.Series[5].Data = append(c.Series[5].Data, exactPercentile(a.us, 0.95))
		}
	case quota.ChartErrors:
		c.XName = "error"
		c.Series = []quota.Series{{Name: "requests", Unit: "requests"}}
		for _, e := range naiveErrorKinds(cs) {
			c.Labels = append(c.Labels, fmt.Sprint(e.Status, " ", e.Type))
			c.Series[0].Data = append(c.Series[0].Data, float64(e.Count))
		}
	case quota.ChartHourlyPattern:
		c.XName = "hour_utc"
		var per [24]agg
		for _, x := range cs {
			add(&per[x.at.Hour()], x)
		}
		c.Series = []quota.Series{{Name: "requests", Unit: "requests"}, {Name: "avg_per_day", Unit: "requests"}, {Name: "avg_ms", Unit: "ms"}}
		for h, a := range per {
			c.Labels = append(c.Labels, fmt.Sprintf("%02d", h))
			c.Series[0].Data = append(c.Series[0].Data, float64(a.n))
			c.Series[1].Data = append(c.Series[1].Data, round3(float64(a.n)/float64(days)))
			c.Series[2].Data = append(c.Series[2].Data, avg(a))
		}
	}
	if c.Labels == nil {
		c.Labels = []string{}
	}
	for i := range c.Series {
		if c.Series[i].Data == nil {
			c.Series[i].Data = []float64{}
		}
	}
	return c
}

// recordAll records the calls into q, flushing after the first half so that
// statistics must combine the store and memory.
func recordAll(t *testing.T, q *quota.Quota, acct string, calls []call) {
	t.Helper()
	for i, c := range calls {
		q.Record(quota.Call{AccountID: acct, KeyID: c.key, Endpoint: c.endpoint, Status: c.status, Problem: c.problem, Duration: time.Duration(c.us) * time.Microsecond, At: c.at})
		if i == len(calls)/2 {
			if _, err := q.Flush(context.Background()); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestChart compares every chart type, for several windows, with a naive
// aggregation of the raw calls (tolerance 0.001 ms on averages, from the
// rounding to whole microseconds).
func TestChart(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open func() store.Store) {
		now := time.Date(2026, 3, 2, 17, 30, 0, 0, time.UTC)
		clk := newClock(now)
		q := quota.New(open(), quota.Config{Plans: testPlans(), FlushInterval: -1, Now: clk.Now})
		defer q.Close()
		acct, other := newAccountID(t), newAccountID(t)
		calls := simulate(now)
		recordAll(t, q, acct, calls)
		// Another account's calls never show.
		q.Record(quota.Call{AccountID: other, KeyID: "key_o", Endpoint: "post-natal", Status: 200, Duration: time.Second, At: now})

		for _, typ := range quota.ChartTypes() {
			for _, days := range []int{1, 7, 30, 365} {
				got, err := q.Chart(context.Background(), acct, typ, days)
				if err != nil {
					t.Fatal(err)
				}
				want := naiveChart(calls, now, typ, days)
				header, rows := got.Table()
				if len(header) != 1+len(got.Series) || len(rows) != len(got.Labels) {
					t.Errorf("Table(%s, %d): %d columns, %d rows", typ, days, len(header), len(rows))
				}
				wantP, gotP := takePercentiles(&want), takePercentiles(&got)
				if diff := cmp.Diff(want, got, cmpopts.EquateApprox(0, 0.0011)); diff != "" {
					t.Errorf("Chart(%s, %d) (-want +got):\n%s", typ, days, diff)
				}
				if len(wantP) != len(gotP) {
					t.Errorf("Chart(%s, %d): percentile series %v, want %v", typ, days, slices.Collect(maps.Keys(gotP)), slices.Collect(maps.Keys(wantP)))
				}
				for name, exact := range wantP {
					for i, x := range gotP[name] {
						if !withinPercentileBound(x, exact[i]) {
							t.Errorf("Chart(%s, %d) %s[%s] = %g, exact %g: beyond 2^(1/4)", typ, days, name, got.Labels[i], x, exact[i])
						}
					}
				}
			}
		}
		// Every simulated call is within 40 days: a year's chart has them all.
		year, _ := q.Chart(context.Background(), acct, quota.ChartUsage, 365)
		var sum float64
		for _, v := range year.Series[0].Data {
			sum += v
		}
		if int(sum) != len(calls) {
			t.Errorf("365-day usage chart counts %v calls, want %d", sum, len(calls))
		}
		if _, err := q.Chart(context.Background(), acct, quota.ChartUsage, 0); err == nil {
			t.Error("Chart with 0 days succeeded")
		}
	})
}

func TestChartTableAndEmpty(t *testing.T) {
	now := time.Date(2026, 3, 2, 17, 30, 0, 0, time.UTC)
	q := quota.New(newBolt(t), quota.Config{FlushInterval: -1, Now: newClock(now).Now})
	defer q.Close()
	acct := newAccountID(t)
	q.Record(quota.Call{AccountID: acct, KeyID: "k", Endpoint: "post-natal", Status: 200, Duration: 1500 * time.Microsecond, At: now})
	q.Record(quota.Call{AccountID: acct, KeyID: "k", Endpoint: "post-natal", Status: 422, Duration: 2 * time.Millisecond, At: now.Add(-24 * time.Hour)})
	c, err := q.Chart(context.Background(), acct, quota.ChartResponseTime, 2)
	if err != nil {
		t.Fatal(err)
	}
	header, rows := c.Table()
	// 2000 µs is in bin 21, [2^10.5, 2^11) µs, whose geometric middle is
	// 2^10.75 = 1722.2 µs; 1500 µs is in the same bin, its maximum caps
	// the estimate.
	wantHeader := []string{"date", "avg_ms", "max_ms", "requests", "p50_ms", "p95_ms", "p99_ms"}
	wantRows := [][]string{{"2026-03-01", "2", "2", "1", "1.722", "1.722", "1.722"}, {"2026-03-02", "1.5", "1.5", "1", "1.5", "1.5", "1.5"}}
	if diff := cmp.Diff(wantHeader, header); diff != "" {
		t.Errorf("header (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(wantRows, rows); diff != "" {
		t.Errorf("rows (-want +got):\n%s", diff)
	}
	// An account without calls gets zero series, never nil.
	e, err := q.Chart(context.Background(), newAccountID(t), quota.ChartEndpoints, 30)
	if err != nil {
		t.Fatal(err)
	}
	if e.Labels == nil || len(e.Labels) != 0 || e.Series[0].Data == nil {
		t.Errorf("empty endpoints chart = %+v, want empty non-nil arrays", e)
	}
}

// TestReport checks GET /api/v1/usage against the naive model.
func TestReport(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 3, 2, 17, 30, 0, 0, time.UTC)
	clk := newClock(now)
	st := newBolt(t)
	plans := testPlans()
	q := quota.New(st, quota.Config{Plans: plans, FlushInterval: -1, Now: clk.Now})
	defer q.Close()
	acct, err := store.NewAccount("r@example.test", "pro", now)
	if err != nil {
		t.Fatal(err)
	}
	key, _, _ := store.NewKey(acct.ID, now.AddDate(0, -2, 0))
	key.ID = "key_b" // the simulated calls use fixed key ids
	calls := simulate(now)
	recordAll(t, q, acct.ID, calls)
	mustCharge(t, q, acct.ID, "pro", 17)

	r, err := q.Report(ctx, acct, key, 30, quota.ChartTypes()...)
	if err != nil {
		t.Fatal(err)
	}
	// The charts of the report are the chart route's, for the same days.
	for i, typ := range quota.ChartTypes() {
		c, err := q.Chart(ctx, acct.ID, typ, 30)
		if err != nil {
			t.Fatal(err)
		}
		if i >= len(r.Charts) {
			t.Fatalf("report has %d charts, want %d", len(r.Charts), len(quota.ChartTypes()))
		}
		if diff := cmp.Diff(c, r.Charts[i]); diff != "" {
			t.Errorf("report's %s chart (-chart route +report):\n%s", typ, diff)
		}
	}
	r.Charts = nil
	// The naive model of the last 30 days.
	win := inWindow(calls, now, 30)
	var total, errs, sumUS, maxUS, kn, kerr, kUS, kToday int64
	var all []int64
	perDay := map[string]int64{}
	keyEps := map[string]bool{}
	var last time.Time
	for _, c := range win {
		total++
		sumUS += c.us
		all = append(all, c.us)
		maxUS = max(maxUS, c.us)
		perDay[c.at.Format("2006-01-02")]++
		if c.status >= 400 {
			errs++
		}
		if c.key == "key_b" {
			kn++
			kUS += c.us
			keyEps[c.endpoint] = true
			if c.status >= 400 {
				kerr++
			}
			if store.Day(c.at).Equal(store.Day(now)) {
				kToday++
			}
			if h := c.at.Truncate(time.Hour); h.After(last) {
				last = h
			}
		}
	}
	busiest, busiestN := "", int64(0)
	for d := store.Day(now).AddDate(0, 0, -29); !d.After(now); d = d.AddDate(0, 0, 1) {
		if n := perDay[d.Format("2006-01-02")]; n > busiestN {
			busiest, busiestN = d.Format("2006-01-02"), n
		}
	}
	epChart := naiveChart(calls, now, quota.ChartEndpoints, 30)
	var eps []quota.EndpointStat
	for i, ep := range epChart.Labels {
		eps = append(eps, quota.EndpointStat{Endpoint: ep, Requests: int64(epChart.Series[0].Data[i]), Errors: int64(epChart.Series[1].Data[i]),
			AvgResponseMs: epChart.Series[2].Data[i], MaxResponseMs: epChart.Series[3].Data[i]})
	}
	p := plans["pro"]
	want := quota.Report{
		APIKey:       key.Prefix + "…",
		Plan:         "pro",
		CurrentUsage: usage(p, 17, 17),
		APIKeyUsage: quota.KeyUsage{
			KeyID: "key_b", KeyPrefix: key.Prefix, Status: "active", Created: "2026-01-02T17:30:00Z",
			RequestsToday: kToday, Requests30Days: kn, Errors30Days: kerr,
			ShareOfAccount: math.Round(float64(kn)/float64(total)*10000) / 10000,
			LastUsedHour:   last.Format(time.RFC3339), AvgResponseMs: round3(float64(kUS) / float64(kn) / 1000), Endpoints: len(keyEps),
		},
		Statistics30Days: quota.Summary{
			Days: 30, From: "2026-02-01", To: "2026-03-02", TotalRequests: total, Errors: errs,
			ErrorRate: math.Round(float64(errs)/float64(total)*10000) / 10000, DailyAverage: round3(float64(total) / 30),
			AvgResponseMs: round3(float64(sumUS) / float64(total) / 1000), MaxResponseMs: float64(maxUS) / 1000,
			BusiestDay: busiest, BusiestDayRequests: busiestN, Endpoints: eps,
			ErrorKinds: naiveErrorKinds(win),
		},
		Limits: quota.Limits{
			Plan: "pro", DailyLimit: p.DailyLimit, MonthlyLimit: p.MonthlyLimit, RatePerSecond: p.RatePerSecond, Burst: p.RatePerSecond,
			RemainingToday: p.DailyLimit - 17, RemainingThisMonth: p.MonthlyLimit - 17,
			DailyResetAt: "2026-03-03T00:00:00Z", MonthlyResetAt: "2026-04-01T00:00:00Z", Scope: "account_plan",
		},
	}
	want.Statistics = want.Statistics30Days // days = 30, the default
	// The percentiles, within their bound of the exact ones, then compared
	// as equal.
	lat := r.Statistics30Days.Latency
	if lat.Samples != total {
		t.Errorf("latency over %d calls, want %d", lat.Samples, total)
	}
	for _, c := range []struct {
		name string
		p    float64
		got  float64
	}{{"p50", 0.5, lat.P50Ms}, {"p90", 0.9, lat.P90Ms}, {"p95", 0.95, lat.P95Ms}, {"p99", 0.99, lat.P99Ms}} {
		if exact := exactPercentile(all, c.p); !withinPercentileBound(c.got, exact) {
			t.Errorf("%s = %g ms, exact %g", c.name, c.got, exact)
		}
	}
	want.Statistics30Days.Latency, want.Statistics.Latency = lat, r.Statistics.Latency
	for i := range want.Statistics30Days.Endpoints {
		if i < len(r.Statistics30Days.Endpoints) {
			gl := r.Statistics30Days.Endpoints[i].Latency
			if !withinPercentileBound(gl.P50Ms, epChart.Series[4].Data[i]) || !withinPercentileBound(gl.P95Ms, epChart.Series[5].Data[i]) {
				t.Errorf("endpoint %s: latency %+v, exact p50 %g p95 %g", epChart.Labels[i], gl, epChart.Series[4].Data[i], epChart.Series[5].Data[i])
			}
			want.Statistics30Days.Endpoints[i].Latency = gl
		}
	}
	want.Statistics.Endpoints = want.Statistics30Days.Endpoints
	if diff := cmp.Diff(want, r, cmpopts.EquateApprox(0, 0.0011), ignoreRate); diff != "" {
		t.Errorf("Report (-want +got):\n%s", diff)
	}
}

// TestLastUsed: a key's last hour of use comes from the store and from the
// calls not flushed yet, whichever is later.
func TestLastUsed(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open func() store.Store) {
		now := time.Date(2026, 3, 2, 17, 30, 0, 0, time.UTC)
		q := quota.New(open(), quota.Config{Plans: testPlans(), FlushInterval: -1, Now: newClock(now).Now})
		defer q.Close()
		acct := newAccountID(t)
		rec := func(key string, at time.Time) {
			q.Record(quota.Call{AccountID: acct, KeyID: key, Endpoint: "post-natal", Status: 200, Duration: time.Millisecond, At: at})
		}
		rec("key_a", now.AddDate(0, -14, 0)) // more than a year ago
		rec("key_b", now.Add(-48*time.Hour))
		if _, err := q.Flush(context.Background()); err != nil {
			t.Fatal(err)
		}
		rec("key_b", now)
		rec("key_c", now.Add(-time.Hour))
		got, err := q.LastUsed(context.Background(), acct)
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]time.Time{"key_a": now.AddDate(0, -14, 0).Truncate(time.Hour), "key_b": now.Truncate(time.Hour), "key_c": now.Add(-time.Hour).Truncate(time.Hour)}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("LastUsed (-want +got):\n%s", diff)
		}
	})
}
