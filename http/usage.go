package http

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"strconv"

	"github.com/astroapi/astroapi/quota"
)

func init() { registerFamily(usageOps) }

// usageQuery is the query of /usage/chart and /usage/export (spec 4.10).
type usageQuery struct {
	Type   string `json:"type,omitempty" doc:"what to chart" enum:"usage,endpoints,response_time,hourly_pattern" default:"usage"`
	Days   *int   `json:"days,omitempty" doc:"how many UTC days back, today included" minimum:"1" maximum:"365" default:"30"`
	Format string `json:"format,omitempty" doc:"export format (export only)" enum:"csv,json" default:"csv"`
}

// parse validates the query. The spec makes days outside 1..365 a 400, and
// so is an unknown type: both are parameters that cannot be read.
func (q usageQuery) parse() (quota.ChartType, int, error) {
	t, err := quota.ParseChartType(q.Type)
	if err != nil {
		return "", 0, BadRequest("type", "must be one of usage, endpoints, response_time, hourly_pattern (got "+strconv.Quote(q.Type)+")")
	}
	days := quota.DefaultDays
	if q.Days != nil {
		days = *q.Days
		if days < 1 || days > quota.MaxDays {
			return "", 0, BadRequest("days", fmt.Sprintf("must be an integer from 1 to %d (got %d)", quota.MaxDays, days))
		}
	}
	return t, days, nil
}

func usageOps(s *Server) []Operation {
	needQuota := func() error {
		if s.cfg.Quota == nil {
			return newProblem(503, kindUnavailable, "usage statistics are not configured on this server")
		}
		return nil
	}
	// chartQuery reads and checks the type and days of the chart and
	// export routes, which take the same parameters.
	chartQuery := func(c *Call) (usageQuery, quota.ChartType, int, error) {
		var in usageQuery
		if err := needQuota(); err != nil {
			return in, "", 0, err
		}
		if err := c.Decode(&in); err != nil {
			return in, "", 0, err
		}
		t, days, err := in.parse()
		return in, t, days, err
	}
	return []Operation{
		{
			ID: "get-usage", Method: "GET", Path: "/api/v1/usage", Family: "Agents", Bare: true,
			Summary:     "Usage of your account and key",
			Description: "The key (masked), the plan, the account-plan counters shared by all keys of the account, the use attributed to this key, statistics of the last 30 UTC days and the plan's limits. Not billed.",
			Output:      quota.Report{},
			Handle: func(c *Call) (any, error) {
				if err := needQuota(); err != nil {
					return nil, err
				}
				var in struct{}
				if err := c.Decode(&in); err != nil {
					return nil, err
				}
				return s.cfg.Quota.Report(c.Context(), *c.Account(), *c.Key())
			},
		},
		{
			ID: "get-usage-chart", Method: "GET", Path: "/api/v1/usage/chart", Family: "Agents", Bare: true,
			Summary:     "Usage chart data",
			Description: "Labels for the x axis and series of the same length, the shape chart libraries plot directly. type=usage: requests and errors per UTC day; endpoints: per operation; response_time: mean and max milliseconds per day; hourly_pattern: requests per UTC hour of day. Not billed.",
			Input:       usageQuery{}, Output: quota.Chart{},
			Handle: func(c *Call) (any, error) {
				_, t, days, err := chartQuery(c)
				if err != nil {
					return nil, err
				}
				return s.cfg.Quota.Chart(c.Context(), c.Account().ID, t, days)
			},
		},
		{
			ID: "get-usage-export", Method: "GET", Path: "/api/v1/usage/export", Family: "Agents", Bare: true, NoBatch: true,
			Produces:    "text/csv",
			Summary:     "Export usage as CSV or JSON",
			Description: "The chart data of the same type and days as a table: CSV (default; header row, then one row per label) or JSON (format=json, the chart object). Sent as a file attachment. Not billed.",
			Input:       usageQuery{}, Output: quota.Chart{},
			Handle: func(c *Call) (any, error) {
				in, t, days, err := chartQuery(c)
				if err != nil {
					return nil, err
				}
				if in.Format != "" && in.Format != "csv" && in.Format != "json" {
					return nil, BadRequest("format", "must be csv or json (got "+strconv.Quote(in.Format)+")")
				}
				ch, err := s.cfg.Quota.Chart(c.Context(), c.Account().ID, t, days)
				if err != nil {
					return nil, err
				}
				name := fmt.Sprintf("astroapi-usage-%s-%dd-%s", t, days, c.Now().Format("20060102"))
				if in.Format == "json" {
					b, err := marshalJSON(ch)
					if err != nil {
						return nil, err
					}
					return Raw{ContentType: "application/json", Body: b, Filename: name + ".json"}, nil
				}
				var buf bytes.Buffer
				w := csv.NewWriter(&buf)
				header, rows := ch.Table()
				w.Write(header)
				w.WriteAll(rows) // flushes; errors only come from the writer, a buffer
				return Raw{ContentType: "text/csv; charset=utf-8", Body: buf.Bytes(), Filename: name + ".csv"}, nil
			},
		},
	}
}
