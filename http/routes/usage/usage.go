// Package usage is the glue of the usage routes (spec 4.10): the account's
// counters, its use statistics as chart data and as an export. They need a
// key and are not billed.
package usage

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"slices"

	json "github.com/goccy/go-json"

	"github.com/astroapi/astroapi/http/op"
	"github.com/astroapi/astroapi/quota"
)

// Deps is the quota the usage routes report.
type Deps struct {
	Quota *quota.Quota // nil: the routes answer 503
}

// usageQuery is the query of /usage/chart and /usage/export (spec 4.10).
// The door checks the values and fills the defaults.
type usageQuery struct {
	Type   quota.ChartType `json:"type,omitempty" doc:"what to chart (errors, beyond the contract's four: refused calls by status and problem type)" default:"usage"`
	Days   int             `json:"days,omitempty" doc:"how many UTC days back, today included" minimum:"1" maximum:"365" default:"30"`
	Format string          `json:"format,omitempty" doc:"export format (export only)" enum:"csv,json" default:"csv"`
}

// usageDays is the query of GET /api/v1/usage.
type usageDays struct {
	Days   int               `json:"days,omitempty" doc:"how many UTC days back the statistics cover, today included" minimum:"1" maximum:"365" default:"30"`
	Charts []quota.ChartType `json:"charts,omitempty" doc:"chart types to add to the report, comma-separated as a query parameter (usage, endpoints, response_time, hourly_pattern, errors): each over the same days, as /api/v1/usage/chart gives it, from the same reading as the statistics" example:"[\"usage\",\"hourly_pattern\"]"`
}

// Ops returns the usage routes.
func Ops(d Deps) []*op.Operation {
	unavailable := op.Missing(d.Quota == nil, "usage statistics are not configured on this server")
	return []*op.Operation{
		op.Get(op.Spec{
			ID: "get-usage", Path: "/api/v1/usage", Family: "Agents", Access: op.Free, Bare: true,
			Summary: "Usage of your account and key",
			Description: "The key (masked), the plan, the account-plan counters shared by all keys of the account, the use attributed to this key, statistics of the last 30 UTC days (statistics_30_days) and of the days asked for (statistics, days 1-365, default 30), and the plan's limits with their reset instants. " +
				"The statistics count every recorded call of the account's keys, billed or not: totals, errors, response-time mean, maximum and percentiles (p50, p90, p95, p99, from a histogram of half-octave bins: within 19%), the refused calls by status and problem type (errors_by_kind), and each operation's share. With charts=usage,hourly_pattern,... the report also carries those charts over the same days (charts), read at the same moment as the statistics: what a dashboard draws. " +
				"Billing: a call counts against the daily and monthly quota only when it is answered (refused calls, 4xx or 5xx, take a token of the per-second rate and no quota); most operations count as one call, and those whose work is far above a chart's count as more (a PNG wheel as 10): the OpenAPI document gives each operation's cost (x-cost). Not billed.",
			Unavailable: unavailable,
		}, func(c *op.Call, in *usageDays) (quota.Report, error) {
			var charts []quota.ChartType // each once, in the order asked
			for _, t := range in.Charts {
				if !slices.Contains(charts, t) {
					charts = append(charts, t)
				}
			}
			return d.Quota.Report(c.Context(), *c.Account(), *c.Key(), in.Days, charts...)
		}),
		op.Get(op.Spec{
			ID: "get-usage-chart", Path: "/api/v1/usage/chart", Family: "Agents", Access: op.Free, Bare: true,
			Summary:     "Usage chart data",
			Description: "Labels for the x axis and series of the same length, the shape chart libraries plot directly. type=usage: requests and errors per UTC day; endpoints: per operation (requests, errors, mean, max, p50 and p95 milliseconds); response_time: mean, max, p50, p95 and p99 milliseconds and requests per day; hourly_pattern: requests per UTC hour of day; errors (beyond the contract's four): the refused calls per status and problem type (labels \"422 validation\"). Not billed.",
			Unavailable: unavailable,
		}, func(c *op.Call, in *usageQuery) (quota.Chart, error) {
			return d.Quota.Chart(c.Context(), c.Account().ID, in.Type, in.Days)
		}),
		op.Get(op.Spec{
			ID: "get-usage-export", Path: "/api/v1/usage/export", Family: "Agents", Access: op.Free, NoBatch: true,
			Produces:    "text/csv",
			Summary:     "Export usage as CSV or JSON",
			Description: "The chart data of the same type and days as a table: CSV (default; header row, then one row per label) or JSON (format=json, the chart object). Sent as a file attachment. Not billed.",
			Unavailable: unavailable,
		}, d.export),
	}
}

func (d Deps) export(c *op.Call, in *usageQuery) (op.Raw, error) {
	t, days := in.Type, in.Days
	ch, err := d.Quota.Chart(c.Context(), c.Account().ID, t, days)
	if err != nil {
		return op.Raw{}, err
	}
	name := fmt.Sprintf("astroapi-usage-%s-%dd-%s", t, days, c.Now().Format("20060102"))
	if in.Format == "json" {
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(ch); err != nil {
			return op.Raw{}, err
		}
		return op.Raw{ContentType: "application/json", Body: buf.Bytes(), Filename: name + ".json"}, nil
	}
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	header, rows := ch.Table()
	w.Write(header)
	w.WriteAll(rows) // flushes; errors only come from the writer, a buffer
	return op.Raw{ContentType: "text/csv; charset=utf-8", Body: buf.Bytes(), Filename: name + ".csv"}, nil
}
