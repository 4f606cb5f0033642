package quota

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
	"strconv"
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
)

// ChartTypes lists the valid chart types, the default first.
func ChartTypes() []ChartType {
	return []ChartType{ChartUsage, ChartEndpoints, ChartResponseTime, ChartHourlyPattern}
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
	return "", &engine.FieldError{Field: "type", Reason: fmt.Sprintf("must be one of usage, endpoints, response_time, hourly_pattern (got %q)", s)}
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
	Days               int            `json:"days"` // UTC days covered, today included
	From               string         `json:"from"` // YYYY-MM-DD
	To                 string         `json:"to"`
	TotalRequests      int64          `json:"total_requests"`
	Errors             int64          `json:"errors"`
	ErrorRate          float64        `json:"error_rate"` // Errors / TotalRequests, 0..1
	DailyAverage       float64        `json:"daily_average"`
	AvgResponseMs      float64        `json:"avg_response_ms"`
	MaxResponseMs      float64        `json:"max_response_ms"`
	BusiestDay         string         `json:"busiest_day"` // "" if no calls
	BusiestDayRequests int64          `json:"busiest_day_requests"`
	Endpoints          []EndpointStat `json:"endpoints"` // most called first
}

// EndpointStat is the use of one operation.
type EndpointStat struct {
	Endpoint      string  `json:"endpoint"`
	Requests      int64   `json:"requests"`
	Errors        int64   `json:"errors"`
	AvgResponseMs float64 `json:"avg_response_ms"`
	MaxResponseMs float64 `json:"max_response_ms"`
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
		mem = append(mem, store.UsageBucket{AccountID: accountID, KeyID: k.key, Endpoint: k.endpoint, Hour: h,
			Count: a.count, Errors: a.errors, TotalMicros: a.totalUS, MaxMicros: a.maxUS})
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
			s := &stored[i]
			s.Count += m.Count
			s.Errors += m.Errors
			s.TotalMicros += m.TotalMicros
			s.MaxMicros = max(s.MaxMicros, m.MaxMicros)
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
	s := Summary{Days: days, From: from.Format(dateFmt), To: to.AddDate(0, 0, -1).Format(dateFmt), Endpoints: endpointStats(bs)}
	var totalUS, maxUS int64
	perDay := make([]int64, days)
	for _, b := range bs {
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
	c := Chart{Type: t, Days: days, From: from.Format(dateFmt), To: to.AddDate(0, 0, -1).Format(dateFmt)}
	switch t {
	case ChartUsage, ChartResponseTime:
		c.XName = "date"
		c.Labels = make([]string, days)
		for i := range days {
			c.Labels[i] = from.AddDate(0, 0, i).Format(dateFmt)
		}
		count, errs, total, mx := make([]int64, days), make([]int64, days), make([]int64, days), make([]int64, days)
		for _, b := range bs {
			i := int(b.Hour.Sub(from) / (24 * time.Hour))
			count[i] += b.Count
			errs[i] += b.Errors
			total[i] += b.TotalMicros
			mx[i] = max(mx[i], b.MaxMicros)
		}
		if t == ChartUsage {
			c.Series = []Series{{Name: "requests", Unit: "requests"}, {Name: "errors", Unit: "requests"}}
			for i := range days {
				c.Series[0].Data = append(c.Series[0].Data, float64(count[i]))
				c.Series[1].Data = append(c.Series[1].Data, float64(errs[i]))
			}
		} else {
			c.Series = []Series{{Name: "avg_ms", Unit: "ms"}, {Name: "max_ms", Unit: "ms"}, {Name: "requests", Unit: "requests"}}
			for i := range days {
				c.Series[0].Data = append(c.Series[0].Data, avgMs(total[i], count[i]))
				c.Series[1].Data = append(c.Series[1].Data, ms(float64(mx[i])))
				c.Series[2].Data = append(c.Series[2].Data, float64(count[i]))
			}
		}
	case ChartEndpoints:
		c.XName = "endpoint"
		eps := endpointStats(bs)
		c.Series = []Series{{Name: "requests", Unit: "requests"}, {Name: "errors", Unit: "requests"},
			{Name: "avg_ms", Unit: "ms"}, {Name: "max_ms", Unit: "ms"}}
		c.Labels = []string{}
		for _, e := range eps {
			c.Labels = append(c.Labels, e.Endpoint)
			c.Series[0].Data = append(c.Series[0].Data, float64(e.Requests))
			c.Series[1].Data = append(c.Series[1].Data, float64(e.Errors))
			c.Series[2].Data = append(c.Series[2].Data, e.AvgResponseMs)
			c.Series[3].Data = append(c.Series[3].Data, e.MaxResponseMs)
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
	type agg struct{ n, errs, total, max int64 }
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
	}
	out := make([]EndpointStat, 0, len(by))
	for ep, a := range by {
		out = append(out, EndpointStat{Endpoint: ep, Requests: a.n, Errors: a.errs, AvgResponseMs: avgMs(a.total, a.n), MaxResponseMs: ms(float64(a.max))})
	}
	slices.SortFunc(out, func(x, y EndpointStat) int {
		return cmp.Or(cmp.Compare(y.Requests, x.Requests), cmp.Compare(x.Endpoint, y.Endpoint))
	})
	return out
}

// Report computes GET /api/v1/usage for the account and the key of the
// request.
func (q *Quota) Report(ctx context.Context, acct store.Account, key store.Key, days int) (Report, error) {
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
