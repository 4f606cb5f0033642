package transitcal_test

import (
	"compress/gzip"
	"fmt"
	"github.com/astroapi/astroapi/engine/accuracy/measure"
	"math"
	"os"
	"sort"
	"strings"
	"testing"

	json "github.com/goccy/go-json"

	"github.com/astroapi/astroapi/engine/transitcal"
	"github.com/astroapi/astroapi/http/apitest"
)

// samples are a body's swetest longitudes at even steps from start.
type samples struct {
	start, step float64
	lon         []float64
}

// at interpolates the longitude at t (4-point Lagrange on the unwrapped
// samples around t).
func (s samples) at(t float64) float64 {
	x := (t - s.start) / s.step
	i := int(math.Floor(x)) - 1
	i = max(0, min(i, len(s.lon)-4))
	base := s.lon[i]
	var v [4]float64
	for k := range 4 {
		v[k] = base + math.Remainder(s.lon[i+k]-base, 360)
	}
	u := x - float64(i)
	var out float64
	for k := range 4 {
		w := 1.0
		for m := range 4 {
			if m != k {
				w *= (u - float64(m)) / float64(k-m)
			}
		}
		out += w * v[k]
	}
	return out
}

// glitches returns the samples around which the series is not smooth: a
// third difference over a hundred times the series' median one. libswe's
// own positions have a few such steps (Saturn on 2034-07-17 moves 0.0015°
// off its course for a few hours: the tables leave a hole there and the
// route reads libswe, as swetest does); the interpolation cannot follow
// them, so roots there are not compared.
func (s samples) glitches() map[int]bool {
	n := len(s.lon)
	d3 := make([]float64, 0, n)
	for i := 0; i+3 < n; i++ {
		v := func(k int) float64 { return s.lon[i] + math.Remainder(s.lon[i+k]-s.lon[i], 360) }
		d3 = append(d3, math.Abs(v(3)-3*v(2)+3*v(1)-v(0)))
	}
	sorted := append([]float64(nil), d3...)
	sort.Float64s(sorted)
	limit := 100*sorted[len(sorted)/2] + 1e-7
	out := map[int]bool{}
	for i, d := range d3 {
		if d > limit {
			for k := i - 2; k <= i+5; k++ {
				out[k] = true
			}
		}
	}
	return out
}

// roots returns every instant in [from, to] when the body is at longitude
// target: sign changes of the residual between samples, refined by
// bisection on the interpolation to 1e-7 day. skip marks samples whose
// intervals are left out (see glitches); skipped counts them.
func (s samples) roots(target, from, to float64, skip map[int]bool, skipped *int) []float64 {
	res := func(t float64) float64 { return math.Remainder(s.at(t)-target, 360) }
	var out []float64
	for i := 0; i+1 < len(s.lon); i++ {
		a, b := s.start+float64(i)*s.step, s.start+float64(i+1)*s.step
		ra, rb := math.Remainder(s.lon[i]-target, 360), math.Remainder(s.lon[i+1]-target, 360)
		if (ra < 0) == (rb < 0) || math.Abs(ra-rb) > 180 {
			continue
		}
		if skip[i] {
			*skipped++
			continue
		}
		fa := res(a)
		for b-a > 1e-7 {
			m := (a + b) / 2
			if fm := res(m); (fm < 0) == (fa < 0) {
				a, fa = m, fm
			} else {
				b = m
			}
		}
		if r := (a + b) / 2; r >= from && r <= to {
			out = append(out, r)
		}
	}
	return out
}

type block struct {
	StartJD float64    `json:"start_jd"`
	Range   [2]float64 `json:"range"`
	Bodies  map[string]struct {
		Step float64   `json:"step_days"`
		Lon  []float64 `json:"longitudes"`
	} `json:"bodies"`
}

func loadPositions(t *testing.T) (year, decade block) {
	t.Helper()
	f, err := os.Open("testdata/positions.json.gz")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	var fx struct {
		Year   block `json:"year"`
		Decade block `json:"decade"`
	}
	if err := json.NewDecoder(zr).Decode(&fx); err != nil {
		t.Fatal(err)
	}
	return fx.Year, fx.Decade
}

type calendarResponse struct {
	Input  transitcal.Request
	Result transitcal.Calendar
}

func postCalendar(t *testing.T, ts *apitest.Server, body string) (calendarResponse, apitest.Envelope) {
	t.Helper()
	env := ts.Post(t, "/api/v1/transits/calendar", body).WantStatus(t, 200).Envelope(t)
	var out calendarResponse
	if err := json.Unmarshal(env.Input, &out.Input); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(env.Result, &out.Result); err != nil {
		t.Fatal(err)
	}
	return out, env
}

const natal1990 = `"natal":{"year":1990,"month":7,"day":14,"hour":14,"minute":30,"latitude":51.5074,"longitude":-0.1278,"timezone":"Europe/London"}`

// TestCalendarAgainstSwetest: for a year of Sun..Pluto (2024) and a decade
// of Jupiter..Pluto (2025-2034) against two natal charts, every instant a
// body reaches a natal point plus or minus an aspect's angle, found on
// swetest's longitudes, is an exact instant of the calendar within 1
// minute (Sun to Mars) or 2 minutes (Jupiter to Pluto), and the calendar
// has no exact instant in the range that swetest's roots lack; every entry
// into and exit from orb in the range is checked the same way.
func TestCalendarAgainstSwetest(t *testing.T) {
	year, decade := loadPositions(t)
	ts := startTestServer(t, apitest.Tables(t))
	natals := []string{natal1990, `"natal":{"year":1944,"month":3,"day":2,"hour":3,"minute":5,"latitude":-33.87,"longitude":151.21,"timezone":"Australia/Sydney"}`}
	for _, c := range []struct {
		name  string
		blk   block
		body  string
		slow  bool
		count int
	}{
		{"year", year, `"start":"2024-01-01","end":"2025-01-01"`, false, 1},
		{"decade", decade, `"start":"2025-01-01","end":"2035-01-01","bodies":["jupiter","saturn","uranus","neptune","pluto"]`, true, 10},
	} {
		for ni, n := range natals {
			t.Run(fmt.Sprintf("%s/natal%d", c.name, ni), func(t *testing.T) {
				out, env := postCalendar(t, ts, "{"+n+","+c.body+"}")
				if env.Usage == nil {
					t.Error("no usage block")
				}
				cal := out.Result
				from, to := c.blk.Range[0], c.blk.Range[1]
				if measure.Over(math.Abs(float64(cal.Start.Unix())/86400+2440587.5-from), 1e-9) {
					t.Fatalf("range starts %v", cal.Start)
				}
				// The calendar's instants, by transit, natal point and the
				// longitude the body is at.
				type key struct{ body, natal, kind string }
				got := map[key][]float64{}
				for _, a := range cal.Aspects {
					k := key{a.Transit, a.Natal, ""}
					for _, e := range a.Exact {
						kk := k
						kk.kind = fmt.Sprintf("exact %.6f", a.Target)
						got[kk] = append(got[kk], e.JD)
					}
					orb := cal.Orbs[a.Aspect]
					if a.Start != nil {
						kk := k
						kk.kind = fmt.Sprintf("edge %.6f", math.Mod(a.Target-orb+360, 360))
						if !edgeNear(c.blk, a, a.Start.JD, orb) {
							kk.kind = fmt.Sprintf("edge %.6f", math.Mod(a.Target+orb, 360))
						}
						got[kk] = append(got[kk], a.Start.JD)
					}
					if a.End != nil {
						kk := k
						kk.kind = fmt.Sprintf("edge %.6f", math.Mod(a.Target-orb+360, 360))
						if !edgeNear(c.blk, a, a.End.JD, orb) {
							kk.kind = fmt.Sprintf("edge %.6f", math.Mod(a.Target+orb, 360))
						}
						got[kk] = append(got[kk], a.End.JD)
					}
				}
				cmp := measure.Compare(t, measure.About{
					What:      "Transit calendar through HTTP (POST /api/v1/transits/calendar), from the tables: every exact instant of a transit-to-natal aspect and every entry into and exit from orb",
					Reference: "roots found in the test on swetest 2.10.03's apparent longitudes sampled through the range (the few samples around a step in libswe's own series left out)",
					Sample:    map[string]string{"year": "2024, Sun..Pluto", "decade": "2025-2034, Jupiter..Pluto"}[c.name] + fmt.Sprintf(" to natal chart %d of the test (1990 London, 1944 Sydney)", ni),
				})
				var fast *measure.Quantity
				if !c.slow {
					fast = cmp.Quantity("instants, Sun..Mars", "min", 1, 0.01)
				}
				slowQ := cmp.Quantity("instants, Jupiter..Pluto", "min", 2, 0.075)
				present := cmp.Exact("instants per aspect and level as many as the roots")
				checked, skipped := 0, 0
				for body, ser := range c.blk.Bodies {
					s := samples{start: c.blk.StartJD, step: ser.Step, lon: ser.Lon}
					skip := s.glitches()
					tol := 1.0
					slow := strings.Contains("Jupiter Saturn Uranus Neptune Pluto", body)
					if slow {
						tol = 2
					}
					for _, p := range cal.NatalPoints {
						for kind, orb := range cal.Orbs {
							angle := map[string]float64{"conjunction": 0, "opposition": 180, "trine": 120, "square": 90, "sextile": 60}[string(kind)]
							for _, side := range []float64{1, -1} {
								if side < 0 && (angle == 0 || angle == 180) {
									continue
								}
								target := math.Mod(p.Longitude+side*angle+720, 360)
								for _, lv := range []struct {
									kind string
									lon  float64
								}{
									{fmt.Sprintf("exact %.6f", target), target},
									{fmt.Sprintf("edge %.6f", math.Mod(target-orb+360, 360)), math.Mod(target-orb+360, 360)},
									{fmt.Sprintf("edge %.6f", math.Mod(target+orb, 360)), math.Mod(target+orb, 360)},
								} {
									k := key{body, p.Name, lv.kind}
									want := s.roots(lv.lon, from, to, skip, &skipped)
									have := inRange(got[k], from, to)
									if len(skip) > 0 {
										have = notNear(have, s, skip)
									}
									present.Match(len(have) == len(want), body, p.Name, lv.kind)
									if len(have) != len(want) {
										t.Errorf("%s %s at %.4f (%s): %d instants, swetest %d\n got  %v\n want %v", body, p.Name, lv.lon, lv.kind, len(have), len(want), have, want)
										continue
									}
									sort.Float64s(have)
									for i := range want {
										d := math.Abs(have[i]-want[i]) * 1440
										q := fast
										if slow {
											q = slowQ
										}
										q.Add(d, body, p.Name, lv.kind, want[i])
										checked++
										if measure.Over(d, tol) {
											t.Errorf("%s %s %s: %.6f, swetest %.6f (%.2f min)", body, p.Name, lv.kind, have[i], want[i], d)
										}
									}
								}
							}
						}
					}
				}
				t.Logf("%d aspects; %d instants compared (%d on a libswe glitch left out)", len(cal.Aspects), checked, skipped)
				if checked < 100 {
					t.Errorf("only %d instants compared", checked)
				}
			})
		}
	}
}

// edgeNear reports whether the body is at the lower edge of the orb
// (target - orb) at jd rather than the upper one, from the sampled
// swetest longitudes.
func edgeNear(b block, a transitcal.Aspect, jd, orb float64) bool {
	ser := b.Bodies[a.Transit]
	s := samples{start: b.StartJD, step: ser.Step, lon: ser.Lon}
	return math.Remainder(s.at(jd)-a.Target, 360) < 0
}

// notNear drops the instants that fall in a glitch's samples.
func notNear(ts []float64, s samples, skip map[int]bool) []float64 {
	var out []float64
	for _, t := range ts {
		if !skip[int(math.Floor((t-s.start)/s.step))] {
			out = append(out, t)
		}
	}
	return out
}

func inRange(ts []float64, from, to float64) []float64 {
	var out []float64
	for _, t := range ts {
		if t >= from && t <= to {
			out = append(out, t)
		}
	}
	return out
}

// TestCalendarExtras: ingresses, stations and lunar phases when asked, the
// echo with its defaults, the billing by year.
func TestCalendarExtras(t *testing.T) {
	ts := startTestServer(t, apitest.Tables(t))
	out, env := postCalendar(t, ts, `{`+natal1990+`,"year":2024,"include_ingresses":true,"include_stations":true,"include_lunar_phases":true}`)
	cal, in := out.Result, out.Input
	if len(in.Bodies) != 10 || in.Start != "2024-01-01T00:00:00" || in.End != "2025-01-01T00:00:00" || in.Natal.HouseSystem != "placidus" {
		t.Errorf("echo %+v", in)
	}
	// 2024: 49 quarters (13 new moons); Mercury's seven stations (direct on
	// 2 January, then three retrograde loops and the station retrograde of
	// 26 November).
	if n := len(cal.LunarPhases); n < 48 || n > 50 {
		t.Errorf("%d lunar phases", n)
	}
	mercury := 0
	for _, s := range cal.Stations {
		if s.Name == "Mercury" {
			mercury++
		}
	}
	if mercury != 7 {
		t.Errorf("%d Mercury stations", mercury)
	}
	// The Sun enters each sign once; the Moon some 160 times.
	count := map[string]int{}
	for _, in := range cal.Ingresses {
		count[in.Body]++
		if in.Instant.JD < 2460310.5 || measure.Over(in.Instant.JD, 2460676.5) {
			t.Errorf("ingress out of the range: %+v", in)
		}
	}
	if count["Sun"] != 12 || count["Moon"] < 150 {
		t.Errorf("ingresses %v", count)
	}
	if env.Usage == nil || env.Usage.RequestsThisDay != 1 {
		t.Errorf("usage %+v", env.Usage)
	}
	_, env = postCalendar(t, ts, `{`+natal1990+`,"start":"2025-01-01","end":"2030-06-01","bodies":["saturn","pluto"]}`)
	if env.Usage.RequestsThisDay != 1+6 {
		t.Errorf("a 5.4-year calendar billed as %d calls", env.Usage.RequestsThisDay-1)
	}
	// At the edges of the years served (3000 BC, AD 3000) the margin
	// stops where the ephemeris does; the ICS route takes year 2.
	for _, body := range []string{`{` + natal1990 + `,"year":-3000}`, `{` + natal1990 + `,"year":2999}`} {
		if out, _ := postCalendar(t, ts, body); len(out.Result.Aspects) == 0 {
			t.Errorf("%s: no aspect", body)
		}
	}
	ts.Post(t, "/api/v1/transits/calendar/ics", `{`+natal1990+`,"year":2,"bodies":["pluto"]}`).WantStatus(t, 200)
}

// TestBadInput: the calendar routes answer bad input with a 4xx naming the
// field.
func TestBadInput(t *testing.T) {
	ts := startTestServer(t, apitest.Tables(t))
	for _, c := range []struct {
		name, path, body string
		status           int
		field            string
	}{
		{"ErrNatalMissing", "/api/v1/transits/calendar", `{"year":2024}`, 422, "natal"},
		{"ErrNatalPlace", "/api/v1/transits/calendar", `{"natal":{"year":1990,"month":7,"day":14},"year":2024}`, 422, "natal.latitude"},
		{"ErrRangeMissing", "/api/v1/transits/calendar", `{` + natal1990 + `}`, 422, "start"},
		{"ErrEndBeforeStart", "/api/v1/transits/calendar", `{` + natal1990 + `,"start":"2024-05-01","end":"2024-01-01"}`, 422, "end"},
		{"ErrFastTooLong", "/api/v1/transits/calendar", `{` + natal1990 + `,"start":"2024-01-01","end":"2025-01-03"}`, 422, "end"},
		{"ErrSlowTooLong", "/api/v1/transits/calendar", `{` + natal1990 + `,"start":"2024-01-01","end":"2034-01-03","bodies":["pluto"]}`, 422, "end"},
		{"ErrBody", "/api/v1/transits/calendar", `{` + natal1990 + `,"year":2024,"bodies":["sun","vulcan"]}`, 422, "bodies[1]"},
		{"ErrBodyTwice", "/api/v1/transits/calendar", `{` + natal1990 + `,"year":2024,"bodies":["sun","sun"]}`, 422, "bodies[1]"},
		{"ErrOrbKey", "/api/v1/transits/calendar", `{` + natal1990 + `,"year":2024,"orbs":{"trin":1}}`, 422, "orbs.trin"},
		{"ErrOrbValue", "/api/v1/transits/calendar", `{` + natal1990 + `,"year":2024,"orbs":{"trine":16}}`, 422, "orbs.trine"},
		{"ErrDate", "/api/v1/transits/calendar", `{` + natal1990 + `,"start":"2024-02-30","end":"2024-03-01"}`, 422, "start"},
		{"ErrYearAndStart", "/api/v1/transits/calendar", `{` + natal1990 + `,"year":2024,"start":"2024-01-01"}`, 422, "year"},
		{"ErrStationsType", "/api/v1/transits/calendar", `{` + natal1990 + `,"year":2024,"include_stations":"yes"}`, 422, "include_stations"},
		{"ErrUnknownRange", "/api/v1/transits/calendar", `{` + natal1990 + `,"from":"2024-01-01"}`, 422, "from"},
		{"ErrUnknownLatitude", "/api/v1/transits/calendar", `{` + natal1990 + `,"year":2024,"latitude":5}`, 422, "latitude"},
		{"ErrYearRange", "/api/v1/transits/calendar", `{` + natal1990 + `,"year":3000}`, 422, "year"},
		{"ErrNotJSON", "/api/v1/transits/calendar", `{"natal":`, 400, ""},
		{"ICSErrYear", "/api/v1/transits/calendar/ics", `{` + natal1990 + `,"year":-5,"bodies":["pluto"]}`, 422, "year"},
		{"ICSErrYearOne", "/api/v1/transits/calendar/ics", `{` + natal1990 + `,"year":1,"bodies":["pluto"]}`, 422, "year"},
		{"ICSErrStart", "/api/v1/transits/calendar/ics", `{` + natal1990 + `,"start":"0000-06-01","end":"0001-06-01","bodies":["pluto"]}`, 422, "start"},
		{"ICSErrName", "/api/v1/transits/calendar/ics", `{` + natal1990 + `,"year":2024,"name":5}`, 422, "name"},
		{"ICSErrFastTooLong", "/api/v1/transits/calendar/ics", `{` + natal1990 + `,"start":"2024-01-01","end":"2026-01-01"}`, 422, "end"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := ts.Post(t, c.path, c.body).WantStatus(t, c.status).Problem(t)
			if c.field == "" {
				return
			}
			for _, e := range p.Errors {
				if e.Field == c.field {
					return
				}
			}
			t.Errorf("problem does not name %s: %+v", c.field, p)
		})
	}
}
