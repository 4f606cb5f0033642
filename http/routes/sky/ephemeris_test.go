package sky_test

import (
	"encoding/csv"
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"

	json "github.com/goccy/go-json"

	"github.com/astroapi/astroapi/engine/accuracy/measure"
	"github.com/astroapi/astroapi/engine/sky"
	"github.com/astroapi/astroapi/http/apitest"
)

// ephemerisResult is the JSON result of POST /api/v1/ephemeris.
type ephemerisResult struct {
	sky.EphemerisHeader
	Rows []sky.Row `json:"rows"`
}

var allKeys = []string{"sun", "moon", "mercury", "venus", "mars", "jupiter", "saturn", "uranus", "neptune", "pluto",
	"mean_node", "true_node", "lilith", "chiron", "ceres", "pallas", "juno", "vesta"}

// TestEphemerisAgainstSwetest: the first row of POST /api/v1/ephemeris
// started at each of 50 instants of the positions fixture, with all 18
// bodies, tropical and sidereal, against swetest: longitude, latitude and
// declination within 1" (the rows write 7 decimals: 0.00036"), speed
// within 1e-5°/day; the CSV of the same request holds the same numbers.
func TestEphemerisAgainstSwetest(t *testing.T) {
	ts := startTestServer(t, apitest.Tables(t))
	st := newStats(t, measure.About{
		What:      "Ephemeris rows through HTTP (POST /api/v1/ephemeris, JSON and CSV), all 18 bodies, tropical and sidereal, from the tables",
		Reference: "swetest 2.10.03 (the rows write 7 decimals, 0.00036\")",
		Sample:    "the first row of an ephemeris started at each of 50 instants of engine/sky/testdata/positions.jsonl.gz (1800-2400)",
	}, ephemerisAgainstSwetestRegression)
	bodies, _ := json.Marshal(allKeys)
	for i, c := range positionCases(t) {
		if i%3 != 0 {
			continue
		}
		for _, f := range []struct {
			name, extra string
			ref         map[string]refPos
		}{
			{"tropical", "", c.Tropical},
			{"sidereal", `,"zodiac_type":"sidereal","ayanamsa":"` + c.Ayanamsa + `"`, c.Sidereal},
		} {
			body := fmt.Sprintf(`{"start":"%s","end":"%s","step":6,"step_unit":"hours","bodies":%s%s}`, datetime(c.JD), datetime(c.JD+1), bodies, f.extra)
			var res ephemerisResult
			call(t, ts, "/api/v1/ephemeris", body, &res)
			if len(res.Rows) != 5 || res.EphemerisHeader.Rows != 5 {
				t.Fatalf("%d rows (row_count %d)", len(res.Rows), res.EphemerisHeader.Rows)
			}
			row := res.Rows[0]
			if measure.Over(math.Abs(row.JD-c.JD)*86400, 1e-3) || len(row.Positions) != 18 {
				t.Fatalf("row at JD %.6f with %d positions", row.JD, len(row.Positions))
			}
			for k, p := range row.Positions {
				ref := f.ref[allKeys[k]]
				where := f.name + " " + p.Name + " " + datetime(c.JD)
				st.add(f.name+" longitude", sepArcsec(p.Longitude, ref.Lon), 1, `"`, where)
				st.add(f.name+" latitude", math.Abs(p.Latitude-ref.Lat)*3600, 1, `"`, where)
				st.add(f.name+" speed", math.Abs(p.Speed-ref.Speed), 1e-5, "°/day", where)
				st.add(f.name+" declination", math.Abs(p.Declination-c.Tropical[allKeys[k]].Dec)*3600, 1, `"`, where)
			}
			// The same table as CSV: the same numbers, column by column.
			r := ts.Post(t, "/api/v1/ephemeris", strings.Replace(body, "{", `{"format":"csv",`, 1)).WantStatus(t, 200)
			recs, err := csv.NewReader(strings.NewReader(string(r.Body))).ReadAll()
			if err != nil || len(recs) != 6 || len(recs[0]) != 2+4*18 {
				t.Fatalf("CSV: %v, %d lines", err, len(recs))
			}
			for j, rw := range res.Rows {
				line := recs[j+1]
				if line[0] != string(rw.Datetime.AppendText(nil)) {
					t.Errorf("CSV datetime %s, JSON %s", line[0], rw.Datetime.AppendText(nil))
				}
				for k, p := range rw.Positions {
					for q, v := range []float64{p.Longitude, p.Latitude, p.Speed, p.Declination} {
						x, err := strconv.ParseFloat(line[2+4*k+q], 64)
						if err != nil || x != v {
							t.Fatalf("CSV %s column %d: %q, JSON %v", recs[0][2+4*k+q], q, line[2+4*k+q], v)
						}
					}
				}
			}
		}
	}
	st.report(t)
}

// TestEphemerisFormats: CSV by field or by Accept, as an attachment; the
// JSON row count and bounds; 20,000 rows streamed, 20,001 refused with a
// way to split; asteroids outside their files refused before any row.
func TestEphemerisFormats(t *testing.T) {
	ts := startTestServer(t, apitest.Tables(t))
	r := ts.Post(t, "/api/v1/ephemeris", `{"year":2024,"bodies":["sun"]}`, "Accept", "text/csv").WantStatus(t, 200)
	if ct, cd := r.Header.Get("Content-Type"), r.Header.Get("Content-Disposition"); ct != "text/csv; charset=utf-8" || cd != `attachment; filename="ephemeris.csv"` {
		t.Errorf("CSV headers %q %q", ct, cd)
	}
	if lines := strings.Split(strings.TrimSuffix(string(r.Body), "\n"), "\n"); len(lines) != 368 || lines[0] != "datetime,jd,sun_longitude,sun_latitude,sun_speed,sun_declination" ||
		!strings.HasPrefix(lines[1], "2024-01-01T00:00:00Z,2460310.5,") || !strings.HasPrefix(lines[367], "2025-01-01T00:00:00Z,") {
		t.Errorf("CSV: %d lines: %.300s", len(lines), r.Body)
	}
	// format json wins over Accept.
	ts.Post(t, "/api/v1/ephemeris", `{"year":2024,"format":"json"}`, "Accept", "text/csv").WantStatus(t, 200).Envelope(t)

	// The most rows one call may ask for, streamed whole.
	var big ephemerisResult
	env := call(t, ts, "/api/v1/ephemeris", `{"start":"2000-01-01","end":"2002-04-13T07:00","step":1,"step_unit":"hours","bodies":["moon"]}`, &big)
	if len(big.Rows) != 20000 || big.EphemerisHeader.Rows != 20000 || string(big.Rows[19999].Datetime.AppendText(nil)) != "2002-04-13T07:00:00Z" {
		t.Errorf("%d rows, last %v", len(big.Rows), big.Rows[len(big.Rows)-1].Datetime)
	}
	if !strings.Contains(string(env.Input), `"step_unit":"hours"`) {
		t.Errorf("echo %s", env.Input)
	}
	p := ts.Post(t, "/api/v1/ephemeris", `{"start":"2000-01-01","end":"2002-04-13T08:00","step":1,"step_unit":"hours"}`).WantStatus(t, 422).Problem(t)
	if len(p.Errors) != 1 || p.Errors[0].Field != "end" || !strings.Contains(p.Errors[0].Reason, "split the range") {
		t.Errorf("20,001 rows: %+v", p)
	}
	p = ts.Post(t, "/api/v1/ephemeris", `{"start":"1799-06-01","end":"1800-06-01","bodies":["sun","chiron"]}`).WantStatus(t, 422).Problem(t)
	if len(p.Errors) != 1 || p.Errors[0].Field != "bodies" || !strings.Contains(p.Errors[0].Reason, "1800 to 2400") {
		t.Errorf("Chiron before 1800: %+v", p)
	}
}

// TestEphemerisCost: an ephemeris is billed one call per 10,000 positions
// (rows x bodies), rounded up; a refused one is not billed.
func TestEphemerisCost(t *testing.T) {
	ts := startTestServer(t, apitest.Tables(t))
	used := func() int64 {
		u := ts.Get(t, "/api/v1/planets?datetime=2024-01-01").WantStatus(t, 200).Envelope(t).Usage
		return u.RequestsThisDay
	}
	for _, c := range []struct {
		body string
		cost int64
	}{
		{`{"year":2024,"bodies":["sun","moon","mercury","venus","mars","jupiter","saturn","uranus","neptune","pluto"]}`, 1},
		{`{"start":"2024-01-01","end":"2024-12-31","step_unit":"hours","bodies":["sun","moon"]}`, 2}, // 8,761 rows x 2
		{`{"start":"2000-01-01","end":"2002-04-13T07:00","step_unit":"hours","bodies":` + string(must(json.Marshal(allKeys))) + `}`, 36},
	} {
		before := used()
		ts.Post(t, "/api/v1/ephemeris", c.body).WantStatus(t, 200)
		if got := used() - before - 1; got != c.cost {
			t.Errorf("%s: billed %d calls, want %d", c.body, got, c.cost)
		}
	}
	before := used()
	ts.Post(t, "/api/v1/ephemeris", `{"start":"2024-01-01","end":"2030-01-01","step_unit":"hours"}`).WantStatus(t, 422)
	if got := used() - before - 1; got != 0 {
		t.Errorf("a refused table billed %d calls", got)
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// ephemerisAgainstSwetestRegression are the regression bounds of TestEphemerisAgainstSwetest: about
// three times the worst error achieved, at most the contract\'s bound.
var ephemerisAgainstSwetestRegression = map[string]float64{
	"sidereal declination": 0.0015,
	"sidereal latitude":    0.0015,
	"sidereal longitude":   0.0015,
	"sidereal speed":       1e-5,
	"tropical declination": 0.0015,
	"tropical latitude":    0.0015,
	"tropical longitude":   0.0015,
	"tropical speed":       1e-5,
}
