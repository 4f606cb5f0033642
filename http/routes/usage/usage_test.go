package usage

import (
	"encoding/csv"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	json "github.com/goccy/go-json"

	"github.com/astroapi/astroapi/http/apitest"
	"github.com/astroapi/astroapi/quota"
)

func TestUsageRoutes(t *testing.T) {
	apitest.ForEachStore(t, func(t *testing.T, storeURL string) {
		ts := startTestServer(t, testOptions{StoreURL: storeURL})
		for range 3 {
			ts.Post(t, "/api/v1/test/echo", `{"year":1}`).WantStatus(t, 200)
		}
		ts.Post(t, "/api/v1/test/echo", `{"year":1,"fail":"field"}`).WantStatus(t, 422)
		// A refused batch item is counted by its status and problem type too.
		ts.Post(t, "/api/v1/batch", `{"requests":[{"operation":"post-test-echo","body":{"year":1,"fail":"field"}}]}`).WantStatus(t, 200)

		var rep quota.Report
		var ch quota.Chart
		ts.Get(t, "/api/v1/usage").WantStatus(t, 200).Decode(t, &rep)
		if rep.APIKey != ts.Key[:len(rep.APIKey)-len("…")]+"…" || strings.Contains(rep.APIKey, ts.Key) {
			t.Errorf("api_key %q is not the masked key", rep.APIKey)
		}
		// The refused call (422) is attributed to the key but not billed:
		// three calls of quota (issue 20: users pay for answers).
		if rep.Plan != apitest.TestPlan || rep.CurrentUsage.RequestsThisDay != 3 || rep.CurrentUsage.Scope != "account_plan" {
			t.Errorf("report %+v", rep)
		}
		if rep.APIKeyUsage.RequestsToday < 4 || rep.Statistics30Days.Errors < 1 {
			t.Errorf("attribution %+v / %+v", rep.APIKeyUsage, rep.Statistics30Days)
		}
		// The statistics the console draws: percentiles over every call
		// recorded (the three echoes, the refused one, the batch and its
		// item), and the refusals by status and problem type.
		wantKinds := []quota.ErrorKind{{Status: 422, Type: "validation", Count: 2, LastHour: ts.Clock.Now().Truncate(time.Hour).Format(time.RFC3339)}}
		if diff := cmp.Diff(wantKinds, rep.Statistics.ErrorKinds); diff != "" {
			t.Errorf("errors_by_kind (-want +got):\n%s", diff)
		}
		if l := rep.Statistics.Latency; l.Samples != 6 || l.P50Ms <= 0 || l.P50Ms > l.P90Ms || l.P90Ms > l.P95Ms || l.P95Ms > l.P99Ms || l.P99Ms > rep.Statistics.MaxResponseMs {
			t.Errorf("latency %+v (max %g ms)", l, rep.Statistics.MaxResponseMs)
		}
		// The charts a dashboard draws come with the report, from the same
		// reading: their sums are the statistics' totals.
		var withCharts quota.Report
		ts.Get(t, "/api/v1/usage?days=7&charts=usage,hourly_pattern,usage").WantStatus(t, 200).Decode(t, &withCharts)
		if len(withCharts.Charts) != 2 || withCharts.Charts[0].Type != quota.ChartUsage || withCharts.Charts[1].Type != quota.ChartHourlyPattern || withCharts.Charts[0].Days != 7 {
			t.Fatalf("charts %+v", withCharts.Charts)
		}
		for _, c := range withCharts.Charts {
			var sum float64
			for _, v := range c.Series[0].Data {
				sum += v
			}
			if int64(sum) != withCharts.Statistics.TotalRequests {
				t.Errorf("%s chart counts %v requests, the statistics %d", c.Type, sum, withCharts.Statistics.TotalRequests)
			}
		}
		for _, bad := range []string{"pie", "usage,,errors", "usage;errors"} {
			if p := ts.Get(t, "/api/v1/usage?charts="+bad).WantStatus(t, 422).Problem(t); len(p.Errors) != 1 || !strings.HasPrefix(p.Errors[0].Field, "charts") {
				t.Errorf("charts=%s: %+v", bad, p)
			}
		}
		ts.Get(t, "/api/v1/usage/chart?type=errors").WantStatus(t, 200).Decode(t, &ch)
		// The three refused charts parameters above are 422s too.
		if !slices.Equal(ch.Labels, []string{"422 validation"}) || !slices.Equal(ch.Series[0].Data, []float64{5}) {
			t.Errorf("errors chart %+v", ch)
		}

		ts.Get(t, "/api/v1/usage/chart").WantStatus(t, 200).Decode(t, &ch)
		if ch.Type != quota.ChartUsage || ch.Days != 30 || len(ch.Labels) != 30 || len(ch.Series) == 0 || len(ch.Series[0].Data) != 30 {
			t.Errorf("default chart %+v", ch)
		}
		for _, typ := range []string{"usage", "endpoints", "response_time", "hourly_pattern", "errors"} {
			ts.Get(t, "/api/v1/usage/chart?type="+typ+"&days=7").WantStatus(t, 200).Decode(t, &ch)
			if string(ch.Type) != typ {
				t.Errorf("type %q", ch.Type)
			}
			for _, s := range ch.Series {
				if len(s.Data) != len(ch.Labels) {
					t.Errorf("%s: series %s has %d values for %d labels", typ, s.Name, len(s.Data), len(ch.Labels))
				}
			}
		}
		for _, bad := range []string{"days=0", "days=366", "days=-1", "days=abc", "days=1.5", "type=pie", "type="} {
			for _, route := range []string{"/api/v1/usage/chart", "/api/v1/usage/export"} {
				if bad == "type=" {
					ts.Get(t, route+"?"+bad).WantStatus(t, 200) // empty means the default
					continue
				}
				p := ts.Get(t, route+"?"+bad).WantStatus(t, 422).Problem(t)
				field := strings.SplitN(bad, "=", 2)[0]
				if len(p.Errors) == 0 || p.Errors[0].Field != field {
					t.Errorf("%s?%s: problem %+v", route, bad, p)
				}
			}
		}
		ts.Get(t, "/api/v1/usage/chart?days=1").WantStatus(t, 200)
		ts.Get(t, "/api/v1/usage/chart?days=365").WantStatus(t, 200)

		r := ts.Get(t, "/api/v1/usage/export?type=endpoints").WantStatus(t, 200)
		if !strings.HasPrefix(r.Header.Get("Content-Type"), "text/csv") || !strings.Contains(r.Header.Get("Content-Disposition"), ".csv") {
			t.Errorf("export headers %v", r.Header)
		}
		rows, err := csv.NewReader(strings.NewReader(string(r.Body))).ReadAll()
		if err != nil || len(rows) < 2 || rows[0][0] != "endpoint" {
			t.Fatalf("csv %q (%v)", r.Body, err)
		}
		found := false
		for _, row := range rows[1:] {
			if row[0] == "post-test-echo" && row[1] == "5" && row[2] == "2" {
				found = true
			}
		}
		if !found {
			t.Errorf("csv lacks post-test-echo with 5 calls (one a batch item) and 2 errors: %q", rows)
		}
		r = ts.Get(t, "/api/v1/usage/export?format=json&days=3").WantStatus(t, 200)
		if err := json.Unmarshal(r.Body, &ch); err != nil || ch.Days != 3 || r.Header.Get("Content-Type") != "application/json" {
			t.Errorf("json export %s %v", r.Body, err)
		}
		ts.Get(t, "/api/v1/usage/export?format=xml").WantStatus(t, 422)
		ts.Get(t, "/api/v1/usage", "x-api-key", "").WantStatus(t, 401)
	})
}
