package quota

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/store"
)

// ChartType is the `type` parameter of /usage/chart and /usage/export.
type ChartType string

// The chart types of spec 4.10.
const (
	ChartUsage         ChartType = "usage"          // calls and errors per UTC day
	ChartEndpoints     ChartType = "endpoints"      // calls, errors and response time per operation
	ChartResponseTime  ChartType = "response_time"  // mean and max response time per UTC day
	ChartHourlyPattern ChartType = "hourly_pattern" // calls per UTC hour of day, summed over the days
	// ChartErrors is beyond the contract's four: the refused calls by
	// status and problem type.
	ChartErrors ChartType = "errors"
)

// EnumValues lists the chart types (engine.Enum): the door checks them.
func (ChartType) EnumValues() []string {
	out := make([]string, 0, 5)
	for _, t := range ChartTypes() {
		out = append(out, string(t))
	}
	return out
}

// ChartTypes lists the valid chart types, the default first.
func ChartTypes() []ChartType {
	return []ChartType{ChartUsage, ChartEndpoints, ChartResponseTime, ChartHourlyPattern, ChartErrors}
}

// Limits of the `days` parameter (spec 8).
const (
	DefaultDays = 30
	MaxDays     = 365
)

// ParseChartType reads the `type` query parameter: "" is ChartUsage; an
// unknown value is a *engine.FieldError for field "type".
func ParseChartType(s string) (ChartType, error) {
	if s == "" {
		return ChartUsage, nil
	}
	for _, t := range ChartTypes() {
		if string(t) == s {
			return t, nil
		}
	}
	return "", &engine.FieldError{Field: "type", Reason: fmt.Sprintf("must be one of usage, endpoints, response_time, hourly_pattern, errors (got %q)", s)}
}

// Series is one line or bar set of a chart, one value per label.
type Series struct {
	Name string    `json:"name"` // also the CSV column
	Unit string    `json:"unit"` // "requests" or "ms"
	Data []float64 `json:"data"`
}

// Chart is the body of /usage/chart: labels for the x axis and one or more
// series of the same length, the shape chart libraries take directly.
// From and To are the UTC days covered, both inclusive.
type Chart struct {
	Type   ChartType `json:"type"`
	Days   int       `json:"days"`
	From   string    `json:"from"` // YYYY-MM-DD
	To     string    `json:"to"`   // YYYY-MM-DD
	XName  string    `json:"x"`    // what a label is: "date", "endpoint" or "hour_utc"
	Labels []string  `json:"labels"`
	Series []Series  `json:"series"`
}

// Table returns the chart as CSV-ready rows: a header (XName, then the
// series names) and one row per label.
func (c Chart) Table() (header []string, rows [][]string) {
	header = append(header, c.XName)
	for _, s := range c.Series {
		header = append(header, s.Name)
	}
	rows = make([][]string, len(c.Labels))
	for i, l := range c.Labels {
		row := make([]string, 0, len(header))
		row = append(row, l)
		for _, s := range c.Series {
			row = append(row, strconv.FormatFloat(s.Data[i], 'f', -1, 64))
		}
		rows[i] = row
	}
	return header, rows
}

// Report is the body of GET /api/v1/usage (spec 2.5).
type Report struct {
	APIKey           string   `json:"api_key"` // masked: display prefix and "…"
	Plan             string   `json:"plan"`
	CurrentUsage     Usage    `json:"current_usage"`
	APIKeyUsage      KeyUsage `json:"api_key_usage"`
	Statistics30Days Summary  `json:"statistics_30_days"`
	// Statistics covers the days the request asked for (default 30,
	// then equal to Statistics30Days).
	Statistics Summary `json:"statistics"`
	Limits     Limits  `json:"limits"`
	// Charts are the charts asked for (the charts parameter), over the
	// days of Statistics and from the same reading of the counts: a
	// dashboard draws them and the figures above without a call landing
	// in between.
	Charts []Chart `json:"charts,omitempty" doc:"the charts asked for with the charts parameter, each as /api/v1/usage/chart answers it for the same days, computed from the same reading as the statistics"`
}

// KeyUsage attributes calls to the key of the request. It counts every
// recorded call (billed or not, errors included), from hourly attribution.
type KeyUsage struct {
	KeyID          string  `json:"key_id"`
	KeyPrefix      string  `json:"key_prefix"`
	Status         string  `json:"status"`
	Created        string  `json:"created"`          // RFC 3339 UTC
	RequestsToday  int64   `json:"requests_today"`   // this UTC day
	Requests30Days int64   `json:"requests_30_days"` // the last 30 UTC days, today included
	Errors30Days   int64   `json:"errors_30_days"`   // of those, status >= 400
	ShareOfAccount float64 `json:"share_of_account"` // Requests30Days / account's, 0..1
	LastUsedHour   string  `json:"last_used_hour"`   // RFC 3339 UTC hour of the latest call, "" if none
	AvgResponseMs  float64 `json:"avg_response_ms"`  // over the 30 days
	Endpoints      int     `json:"endpoints_used"`   // distinct operations called in the 30 days
}

// Summary is statistics_30_days: the account's calls over the last 30 UTC
// days, today included.
type Summary struct {
	Days               int            `json:"days" doc:"UTC days covered, today included"`
	From               string         `json:"from" doc:"first day covered, YYYY-MM-DD"`
	To                 string         `json:"to" doc:"last day covered (today), YYYY-MM-DD"`
	TotalRequests      int64          `json:"total_requests" doc:"every recorded call of the account's keys, billed or not, refused ones included"`
	Errors             int64          `json:"errors" doc:"of those, the calls answered with a status of 400 or more"`
	ErrorRate          float64        `json:"error_rate" doc:"errors / total_requests, 0 to 1"`
	DailyAverage       float64        `json:"daily_average" doc:"total_requests / days"`
	AvgResponseMs      float64        `json:"avg_response_ms" doc:"mean response time, milliseconds"`
	MaxResponseMs      float64        `json:"max_response_ms" doc:"longest response time, milliseconds"`
	BusiestDay         string         `json:"busiest_day" doc:"the day with the most requests, YYYY-MM-DD; empty without calls"`
	BusiestDayRequests int64          `json:"busiest_day_requests"`
	Latency            Latency        `json:"latency" doc:"response-time percentiles"`
	ErrorKinds         []ErrorKind    `json:"errors_by_kind" doc:"the refused calls by status and problem type, most frequent first"`
	Endpoints          []EndpointStat `json:"endpoints" doc:"per operation, most called first"`
}

// EndpointStat is the use of one operation.
type EndpointStat struct {
	Endpoint      string  `json:"endpoint" doc:"operation id, as in the OpenAPI document"`
	Requests      int64   `json:"requests"`
	Errors        int64   `json:"errors" doc:"calls answered with a status of 400 or more"`
	AvgResponseMs float64 `json:"avg_response_ms"`
	MaxResponseMs float64 `json:"max_response_ms"`
	Latency       Latency `json:"latency" doc:"response-time percentiles of the operation"`
}

// Latency is response-time percentiles in milliseconds, estimated from a
// histogram of half-octave bins (store.LatencyBin): each is the geometric
// middle of its bin, capped at the largest time seen, so within 19% (a
// factor of 2^(1/4)) of the exact order statistic.
type Latency struct {
	Samples int64   `json:"samples" doc:"calls the percentiles are taken over (calls recorded before the histogram existed are not)"`
	P50Ms   float64 `json:"p50_ms" doc:"median response time, milliseconds (within 19%)"`
	P90Ms   float64 `json:"p90_ms" doc:"90th percentile, milliseconds (within 19%)"`
	P95Ms   float64 `json:"p95_ms" doc:"95th percentile, milliseconds (within 19%)"`
	P99Ms   float64 `json:"p99_ms" doc:"99th percentile, milliseconds (within 19%)"`
}

// ErrorKind counts the refused calls of one status and problem type.
type ErrorKind struct {
	Status   int    `json:"status" doc:"HTTP status"`
	Type     string `json:"type" doc:"problem type slug: the section /docs/api#problem-<type> explains it; empty when the answer carried no problem document"`
	Count    int64  `json:"count"`
	LastHour string `json:"last_hour" doc:"UTC hour of the latest such call, RFC 3339"`
}

// histogram accumulates latency bins and the largest time seen.
type histogram struct {
	bins  [store.LatencyBins]int64
	n     int64
	maxUS int64
}

func (h *histogram) add(b store.UsageBucket) {
	if len(b.Latency) == 0 {
		return // recorded before the histogram existed
	}
	for i, n := range b.Latency[:min(len(b.Latency), store.LatencyBins)] {
		h.bins[i] += n
		h.n += n
	}
	h.maxUS = max(h.maxUS, b.MaxMicros)
}

// percentile is the estimate of the p-quantile (0 < p <= 1) in
// milliseconds: the geometric middle of the bin holding the call of rank
// ceil(p*n), capped at the largest time seen; 0 without calls.
func (h *histogram) percentile(p float64) float64 {
	if h.n == 0 {
		return 0
	}
	rank := max(int64(math.Ceil(p*float64(h.n))), 1)
	var seen int64
	for i, n := range h.bins {
		seen += n
		if seen < rank {
			continue
		}
		lo, hi := store.LatencyBinBounds(i)
		var us float64
		switch {
		case i == 0:
			us = hi / 2
		case math.IsInf(hi, 1):
			us = lo
		default:
			us = math.Sqrt(lo * hi)
		}
		if h.maxUS > 0 {
			us = min(us, float64(h.maxUS))
		}
		return math.Round(us) / 1000
	}
	return ms(float64(h.maxUS))
}

func (h *histogram) latency() Latency {
	return Latency{Samples: h.n, P50Ms: h.percentile(0.50), P90Ms: h.percentile(0.90), P95Ms: h.percentile(0.95), P99Ms: h.percentile(0.99)}
}

// errorKinds sums the buckets' refused calls by status and type, most
// frequent first.
func errorKinds(bs []store.UsageBucket) []ErrorKind {
	by := map[store.ErrorKind]*ErrorKind{}
	for _, b := range bs {
		for k, n := range b.ErrorKinds {
			e := by[k]
			if e == nil {
				e = &ErrorKind{Status: k.Status, Type: k.Type}
				by[k] = e
			}
			e.Count += n
			if h := b.Hour.Format(time.RFC3339); h > e.LastHour {
				e.LastHour = h
			}
		}
	}
	out := make([]ErrorKind, 0, len(by))
	for _, e := range by {
		out = append(out, *e)
	}
	slices.SortFunc(out, func(x, y ErrorKind) int {
		return cmp.Or(cmp.Compare(y.Count, x.Count), cmp.Compare(x.Status, y.Status), cmp.Compare(x.Type, y.Type))
	})
	return out
}

// Limits are the plan's limits and what is left of them.
type Limits struct {
	Plan               string `json:"plan"`
	DailyLimit         int64  `json:"daily_limit"`
	MonthlyLimit       int64  `json:"monthly_limit"`
	RatePerSecond      int64  `json:"rate_per_second"` // 0: none
	Burst              int64  `json:"burst"`
	RemainingToday     int64  `json:"remaining_today"`
	RemainingThisMonth int64  `json:"remaining_this_month"`
	DailyResetAt       string `json:"daily_reset_at"`   // next 00:00 UTC, RFC 3339
	MonthlyResetAt     string `json:"monthly_reset_at"` // 00:00 UTC of the next month's first day
	Scope              string `json:"scope"`
}

// buckets returns the account's hourly attribution with from <= hour < to:
// what the store holds plus what is still in memory. flushMu keeps a flush
// from moving buckets between the two while we read.
func (q *Quota) buckets(ctx context.Context, accountID string, from, to time.Time) ([]store.UsageBucket, error) {
	q.flushMu.Lock()
	defer q.flushMu.Unlock()
	stored, err := q.st.Usage(ctx, accountID, from, to)
	if err != nil {
		return nil, fmt.Errorf("quota: usage of %s: %w", accountID, err)
	}
	sh := q.shardOf(accountID)
	sh.mu.Lock()
	var mem []store.UsageBucket
	for k, a := range sh.usage {
		h := time.Unix(k.hour, 0).UTC()
		if k.account != accountID || h.Before(from) || !h.Before(to) {
			continue
		}
		mem = append(mem, a.bucket(k, false))
	}
	sh.mu.Unlock()
	if len(mem) == 0 {
		return stored, nil
	}
	type id struct {
		key, endpoint string
		hour          int64
	}
	at := make(map[id]int, len(stored))
	for i, b := range stored {
		at[id{b.KeyID, b.Endpoint, b.Hour.Unix()}] = i
	}
	for _, m := range mem {
		if i, ok := at[id{m.KeyID, m.Endpoint, m.Hour.Unix()}]; ok {
			stored[i].Add(m)
		} else {
			stored = append(stored, m)
		}
	}
	slices.SortFunc(stored, func(x, y store.UsageBucket) int {
		return cmp.Or(x.Hour.Compare(y.Hour), cmp.Compare(x.KeyID, y.KeyID), cmp.Compare(x.Endpoint, y.Endpoint))
	})
	return stored, nil
}

// window is the days UTC days ending with today's: [from, to).
func (q *Quota) window(days int) (from, to time.Time) {
	to = store.Day(q.now()).AddDate(0, 0, 1)
	return to.AddDate(0, 0, -days), to
}

const dateFmt = "2006-01-02"

func ms(us float64) float64 { return math.Round(us) / 1000 }

// since is the buckets at or after from (buckets come ordered by hour).
func since(bs []store.UsageBucket, from time.Time) []store.UsageBucket {
	i, _ := slices.BinarySearchFunc(bs, from, func(b store.UsageBucket, t time.Time) int { return b.Hour.Compare(t) })
	return bs[i:]
}

// summarize is the account's statistics over the days UTC days ending
// with the day before to (today), from buckets covering at least them.
func summarize(all []store.UsageBucket, days int, to time.Time) Summary {
	from := to.AddDate(0, 0, -days)
	bs := since(all, from)
	s := Summary{Days: days, From: from.Format(dateFmt), To: to.AddDate(0, 0, -1).Format(dateFmt), Endpoints: endpointStats(bs), ErrorKinds: errorKinds(bs)}
	var totalUS, maxUS int64
	var h histogram
	perDay := make([]int64, days)
	for _, b := range bs {
		h.add(b)
		s.TotalRequests += b.Count
		s.Errors += b.Errors
		totalUS += b.TotalMicros
		maxUS = max(maxUS, b.MaxMicros)
		if d := int(b.Hour.Sub(from) / (24 * time.Hour)); d >= 0 && d < days {
			perDay[d] += b.Count
		}
	}
	if s.TotalRequests > 0 {
		s.ErrorRate = math.Round(float64(s.Errors)/float64(s.TotalRequests)*10000) / 10000
	}
	s.DailyAverage = math.Round(float64(s.TotalRequests)/float64(days)*1000) / 1000
	s.AvgResponseMs = avgMs(totalUS, s.TotalRequests)
	s.MaxResponseMs = ms(float64(maxUS))
	s.Latency = h.latency()
	for i, n := range perDay {
		if n > s.BusiestDayRequests {
			s.BusiestDay, s.BusiestDayRequests = from.AddDate(0, 0, i).Format(dateFmt), n
		}
	}
	return s
}

func avgMs(totalUS, n int64) float64 {
	if n == 0 {
		return 0
	}
	return ms(float64(totalUS) / float64(n))
}

// Chart computes the account's chart of type t over the last days UTC days
// (today included). days outside 1..MaxDays is a *engine.FieldError on
// "days".
func (q *Quota) Chart(ctx context.Context, accountID string, t ChartType, days int) (Chart, error) {
	if days < 1 || days > MaxDays {
		return Chart{}, &engine.FieldError{Field: "days", Reason: fmt.Sprintf("must be an integer from 1 to %d", MaxDays)}
	}
	from, to := q.window(days)
	bs, err := q.buckets(ctx, accountID, from, to)
	if err != nil {
		return Chart{}, err
	}
	return chartOf(bs, t, days, to)
}

// chartOf is the chart of type t over the days UTC days ending the day
// before to, from buckets ordered by hour that cover at least them.
func chartOf(all []store.UsageBucket, t ChartType, days int, to time.Time) (Chart, error) {
	from := to.AddDate(0, 0, -days)
	bs := since(all, from)
	c := Chart{Type: t, Days: days, From: from.Format(dateFmt), To: to.AddDate(0, 0, -1).Format(dateFmt)}
	switch t {
	case ChartUsage, ChartResponseTime:
		c.XName = "date"
		c.Labels = make([]string, days)
		for i := range days {
			c.Labels[i] = from.AddDate(0, 0, i).Format(dateFmt)
		}
		count, errs, total, mx := make([]int64, days), make([]int64, days), make([]int64, days), make([]int64, days)
		var hist []histogram
		if t == ChartResponseTime {
			hist = make([]histogram, days)
		}
		for _, b := range bs {
			i := int(b.Hour.Sub(from) / (24 * time.Hour))
			count[i] += b.Count
			errs[i] += b.Errors
			total[i] += b.TotalMicros
			mx[i] = max(mx[i], b.MaxMicros)
			if hist != nil {
				hist[i].add(b)
			}
		}
		if t == ChartUsage {
			c.Series = []Series{{Name: "requests", Unit: "requests"}, {Name: "errors", Unit: "requests"}}
			for i := range days {
				c.Series[0].Data = append(c.Series[0].Data, float64(count[i]))
				c.Series[1].Data = append(c.Series[1].Data, float64(errs[i]))
			}
		} else {
			c.Series = []Series{{Name: "avg_ms", Unit: "ms"}, {Name: "max_ms", Unit: "ms"}, {Name: "requests", Unit: "requests"},
				{Name: "p50_ms", Unit: "ms"}, {Name: "p95_ms", Unit: "ms"}, {Name: "p99_ms", Unit: "ms"}}
			for i := range days {
				c.Series[0].Data = append(c.Series[0].Data, avgMs(total[i], count[i]))
				c.Series[1].Data = append(c.Series[1].Data, ms(float64(mx[i])))
				c.Series[2].Data = append(c.Series[2].Data, float64(count[i]))
				c.Series[3].Data = append(c.Series[3].Data, hist[i].percentile(0.50))
				c.Series[4].Data = append(c.Series[4].Data, hist[i].percentile(0.95))
				c.Series[5].Data = append(c.Series[5].Data, hist[i].percentile(0.99))
			}
		}
	case ChartEndpoints:
		c.XName = "endpoint"
		eps := endpointStats(bs)
		c.Series = []Series{{Name: "requests", Unit: "requests"}, {Name: "errors", Unit: "requests"},
			{Name: "avg_ms", Unit: "ms"}, {Name: "max_ms", Unit: "ms"}, {Name: "p50_ms", Unit: "ms"}, {Name: "p95_ms", Unit: "ms"}}
		c.Labels = []string{}
		for _, e := range eps {
			c.Labels = append(c.Labels, e.Endpoint)
			c.Series[0].Data = append(c.Series[0].Data, float64(e.Requests))
			c.Series[1].Data = append(c.Series[1].Data, float64(e.Errors))
			c.Series[2].Data = append(c.Series[2].Data, e.AvgResponseMs)
			c.Series[3].Data = append(c.Series[3].Data, e.MaxResponseMs)
			c.Series[4].Data = append(c.Series[4].Data, e.Latency.P50Ms)
			c.Series[5].Data = append(c.Series[5].Data, e.Latency.P95Ms)
		}
	case ChartErrors:
		c.XName = "error"
		c.Series = []Series{{Name: "requests", Unit: "requests"}}
		c.Labels = []string{}
		for _, e := range errorKinds(bs) {
			c.Labels = append(c.Labels, strings.TrimSpace(strconv.Itoa(e.Status)+" "+e.Type))
			c.Series[0].Data = append(c.Series[0].Data, float64(e.Count))
		}
	case ChartHourlyPattern:
		c.XName = "hour_utc"
		var count, total [24]int64
		for _, b := range bs {
			h := b.Hour.Hour()
			count[h] += b.Count
			total[h] += b.TotalMicros
		}
		c.Series = []Series{{Name: "requests", Unit: "requests"}, {Name: "avg_per_day", Unit: "requests"}, {Name: "avg_ms", Unit: "ms"}}
		for h := range 24 {
			c.Labels = append(c.Labels, fmt.Sprintf("%02d", h))
			c.Series[0].Data = append(c.Series[0].Data, float64(count[h]))
			c.Series[1].Data = append(c.Series[1].Data, math.Round(float64(count[h])/float64(days)*1000)/1000)
			c.Series[2].Data = append(c.Series[2].Data, avgMs(total[h], count[h]))
		}
	default:
		return Chart{}, &engine.FieldError{Field: "type", Reason: fmt.Sprintf("unknown chart type %q", t)}
	}
	// Never null in JSON: an empty chart is empty arrays.
	for i := range c.Series {
		if c.Series[i].Data == nil {
			c.Series[i].Data = []float64{}
		}
	}
	return c, nil
}

// endpointStats aggregates buckets per endpoint, most requests first.
func endpointStats(bs []store.UsageBucket) []EndpointStat {
	type agg struct {
		n, errs, total, max int64
		h                   histogram
	}
	by := map[string]*agg{}
	for _, b := range bs {
		a := by[b.Endpoint]
		if a == nil {
			a = &agg{}
			by[b.Endpoint] = a
		}
		a.n += b.Count
		a.errs += b.Errors
		a.total += b.TotalMicros
		a.max = max(a.max, b.MaxMicros)
		a.h.add(b)
	}
	out := make([]EndpointStat, 0, len(by))
	for ep, a := range by {
		out = append(out, EndpointStat{Endpoint: ep, Requests: a.n, Errors: a.errs, AvgResponseMs: avgMs(a.total, a.n),
			MaxResponseMs: ms(float64(a.max)), Latency: a.h.latency()})
	}
	slices.SortFunc(out, func(x, y EndpointStat) int {
		return cmp.Or(cmp.Compare(y.Requests, x.Requests), cmp.Compare(x.Endpoint, y.Endpoint))
	})
	return out
}

// Report computes GET /api/v1/usage for the account and the key of the
// request.
//
// charts adds those charts over the same days to the report (Charts).
func (q *Quota) Report(ctx context.Context, acct store.Account, key store.Key, days int, charts ...ChartType) (Report, error) {
	if days < 1 || days > MaxDays {
		return Report{}, &engine.FieldError{Field: "days", Reason: fmt.Sprintf("must be an integer from 1 to %d", MaxDays)}
	}
	p, err := q.Plan(acct.Plan)
	if err != nil {
		return Report{}, err
	}
	u, err := q.Peek(ctx, acct.ID, acct.Plan)
	if err != nil {
		return Report{}, err
	}
	if q.shared {
		// Several instances count: the store's totals are the shared
		// count of settled calls (every instance's, flushed within an
		// interval), plus what this instance counts and has not flushed.
		c, err := q.st.Counters(ctx, acct.ID, q.now())
		if err != nil {
			return Report{}, err
		}
		local := q.localOf(acct.ID)
		u.RequestsThisDay, u.RequestsThisMonth = c.DayN+local, c.MonthN+local
	}
	wide, to := q.window(max(days, 30))
	all, err := q.buckets(ctx, acct.ID, wide, to)
	if err != nil {
		return Report{}, err
	}
	from, _ := q.window(30)
	bs := since(all, from)
	today := to.AddDate(0, 0, -1)
	r := Report{APIKey: key.Masked(), Plan: acct.Plan, CurrentUsage: u}
	r.Statistics = summarize(all, days, to)
	for _, t := range charts {
		c, err := chartOf(all, t, days, to)
		if err != nil {
			return Report{}, err
		}
		r.Charts = append(r.Charts, c)
	}

	ku := KeyUsage{KeyID: key.ID, KeyPrefix: key.Prefix, Status: string(key.Status), Created: key.Created.UTC().Format(time.RFC3339)}
	var keyTotalUS int64
	keyEps := map[string]bool{}
	var last time.Time
	s := summarize(bs, 30, to)
	for _, b := range bs {
		if b.KeyID != key.ID {
			continue
		}
		ku.Requests30Days += b.Count
		ku.Errors30Days += b.Errors
		keyTotalUS += b.TotalMicros
		keyEps[b.Endpoint] = true
		if !b.Hour.Before(today) {
			ku.RequestsToday += b.Count
		}
		if b.Count > 0 && b.Hour.After(last) {
			last = b.Hour
		}
	}
	if !last.IsZero() {
		ku.LastUsedHour = last.Format(time.RFC3339)
	}
	ku.AvgResponseMs = avgMs(keyTotalUS, ku.Requests30Days)
	ku.Endpoints = len(keyEps)
	if s.TotalRequests > 0 {
		ku.ShareOfAccount = math.Round(float64(ku.Requests30Days)/float64(s.TotalRequests)*10000) / 10000
	}
	r.APIKeyUsage, r.Statistics30Days = ku, s

	burst := p.Burst
	if burst <= 0 {
		burst = p.RatePerSecond
	}
	r.Limits = Limits{
		Plan: p.Name, DailyLimit: p.DailyLimit, MonthlyLimit: p.MonthlyLimit, RatePerSecond: p.RatePerSecond, Burst: burst,
		RemainingToday:     max(0, p.DailyLimit-u.RequestsThisDay),
		RemainingThisMonth: max(0, p.MonthlyLimit-u.RequestsThisMonth),
		DailyResetAt:       to.Format(time.RFC3339),
		MonthlyResetAt:     store.Month(today).AddDate(0, 1, 0).Format(time.RFC3339),
		Scope:              Scope,
	}
	return r, nil
}

// LastUsed returns the UTC hour each key of the account was last used in
// (keys never used are absent): the store's latest buckets and the calls
// still in memory.
func (q *Quota) LastUsed(ctx context.Context, accountID string) (map[string]time.Time, error) {
	q.flushMu.Lock()
	defer q.flushMu.Unlock()
	out, err := q.st.LastUsed(ctx, accountID)
	if err != nil {
		return nil, fmt.Errorf("quota: last use of the keys of %s: %w", accountID, err)
	}
	sh := q.shardOf(accountID)
	sh.mu.Lock()
	defer sh.mu.Unlock()
	for k, a := range sh.usage {
		if k.account != accountID || a.count == 0 {
			continue
		}
		if h := time.Unix(k.hour, 0).UTC(); h.After(out[k.key]) {
			out[k.key] = h
		}
	}
	return out, nil
}
