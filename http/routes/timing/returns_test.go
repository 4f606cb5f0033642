package timing_test

import (
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	json "github.com/goccy/go-json"

	"github.com/astroapi/astroapi/engine/accuracy/measure"
	"github.com/astroapi/astroapi/engine/timing"
	apihttp "github.com/astroapi/astroapi/http"
	"github.com/astroapi/astroapi/http/apitest"
)

// Tolerances against swetest (as the engine's tests): a return instant
// within 1 s, or the time the body takes to move 0.002" when that is
// longer (a slow planet near a station: the tables agree with the Swiss
// Ephemeris within 0.001", so the natal longitude may differ by that much);
// the natal longitude returned to within 0.001".
const (
	tolReturnSec    = 1.0
	tolReturnArcsec = 0.002
	tolNatalArcsec  = 0.001
)

func tolSeconds(speed float64) float64 {
	return max(tolReturnSec, tolReturnArcsec/3600/math.Abs(speed)*86400)
}

// returnOut is a return as a client reads it; the chart stays raw, to be
// compared with the natal route's.
type returnOut struct {
	Time      time.Time       `json:"time"`
	JulianDay float64         `json:"julian_day"`
	Longitude float64         `json:"longitude"`
	Direction string          `json:"direction"`
	Speed     float64         `json:"speed"`
	Pass      int             `json:"pass"`
	Passes    int             `json:"passes"`
	Chart     json.RawMessage `json:"chart"`
}

type placeOut struct {
	Latitude  float64 `json:"latitude"`
	Longitude float64 `json:"longitude"`
	Relocated bool    `json:"relocated"`
}

type solarOut struct {
	Year     int       `json:"year"`
	Number   int       `json:"number"`
	Birthday time.Time `json:"birthday"`
	Return   returnOut `json:"return"`
	Place    placeOut  `json:"place"`
	Source   string    `json:"source"`
}

type returnsOut struct {
	Body      string      `json:"body"`
	Start     time.Time   `json:"start"`
	End       time.Time   `json:"end"`
	Longitude float64     `json:"natal_longitude"`
	Returns   []returnOut `json:"returns"`
	Place     placeOut    `json:"place"`
}

// post sends body to path, wants a 200, and decodes the envelope's result
// into out, returning the envelope.
func post(t *testing.T, ts *apitest.Server, path, body string, out any) apitest.Envelope {
	t.Helper()
	r := ts.Post(t, path, body).WantStatus(t, 200)
	env := r.Envelope(t)
	if out != nil {
		if err := json.Unmarshal(env.Result, out); err != nil {
			t.Fatalf("decode result: %v", err)
		}
	}
	return env
}

// TestSolarReturnsSwetest posts the fixture's 39 solar returns (tropical
// and Lahiri, births 1925-1995, years up to 100 on): the instant within
// 1 s of the root found on swetest's positions, the natal Sun within
// 0.001", and the return chart equal to the natal route's at that instant
// and place.
func TestSolarReturnsSwetest(t *testing.T) {
	ts := start(t, apitest.Tables(t), apihttp.Limits{})
	fx := loadFixture(t)
	cmp := measure.Compare(t, measure.About{
		What:      "Solar return instants through HTTP (POST /api/v1/returns/solar), and the return charts against the natal route's at the instant, from the tables",
		Reference: "roots found by the fixture's generator on swetest 2.10.03 positions (engine/timing/testdata/swetest.json)",
		Sample:    "tropical and Lahiri returns of births 1925-1995, years up to 100 on",
	})
	q := returnChecks{
		instants: cmp.Quantity("return instants", "s", tolReturnSec, 0.003),
		natal:    cmp.Quantity("natal Sun", "arcsec", tolNatalArcsec, 5e-5),
		charts:   cmp.Quantity("return charts against the natal route", "arcsec", tolChartArcsec, tolChartArcsec),
	}
	for _, c := range fx.Solar {
		t.Run(fmt.Sprintf("%s-%d-%s", c.Name, c.Year, c.Sidereal), func(t *testing.T) {
			var r solarOut
			post(t, ts, "/api/v1/returns/solar", fmt.Sprintf(`{%s,"return_year":%d}`, c.packet(), c.Year), &r)
			d := sepArcsec(r.Return.Longitude, c.NatalLon)
			q.natal.Add(d, c.Name, c.Year)
			if measure.Over(d, tolNatalArcsec) {
				t.Errorf("natal Sun %v, swetest %v: %.4f\"", r.Return.Longitude, c.NatalLon, d)
			}
			dt := math.Abs(r.Return.JulianDay-c.JD) * 86400
			q.instants.Add(dt, c.Name, c.Year, c.Sidereal)
			if measure.Over(dt, tolSeconds(r.Return.Speed)) {
				t.Errorf("return at JD %.8f (%s), swetest root %.8f: %.3f s apart", r.Return.JulianDay, r.Return.Time, c.JD, dt)
			}
			if d := r.Return.Time.Sub(instantOf(c.JD)).Seconds(); measure.Over(math.Abs(d), 1) {
				t.Errorf("time %s is %.0f s from the swetest root", r.Return.Time, d)
			}
			if r.Year != c.Year || r.Place.Relocated || r.Place.Latitude != c.Latitude {
				t.Errorf("year %d, place %+v", r.Year, r.Place)
			}
			q.charts.Add(sameChart(t, ts, r.Return, c.Latitude, c.Longitude, c.Sidereal), c.Name, c.Year)
		})
	}
	t.Logf("%d solar returns, worst %.4f s from the swetest root (%s); return charts within %.4f\" of the natal route's", q.instants.N(), q.instants.Max(), q.instants.At(), q.charts.Max())
}

// TestSolarReturnRelocated casts the return chart at a geocoded place: the
// instant is the birth place's, the chart the natal route's at Paris.
func TestSolarReturnRelocated(t *testing.T) {
	ts := start(t, apitest.Tables(t), apihttp.Limits{})
	c := loadFixture(t).Solar[0]
	var home, away solarOut
	post(t, ts, "/api/v1/returns/solar", fmt.Sprintf(`{%s,"return_year":%d}`, c.packet(), c.Year), &home)
	env := post(t, ts, "/api/v1/returns/solar", fmt.Sprintf(`{%s,"return_year":%d,"place":{"location":"Paris, France"}}`, c.packet(), c.Year), &away)
	if away.Return.JulianDay != home.Return.JulianDay || !away.Place.Relocated {
		t.Fatalf("relocated return at %v (relocated %v), at home %v", away.Return.JulianDay, away.Place.Relocated, home.Return.JulianDay)
	}
	in := inputOf[timing.SolarReturnRequest](t, env)
	if g := in.Place.Geocoded; g == nil || g.Name != "Paris" || g.Country != "FR" || *in.Place.Latitude != g.Latitude ||
		in.Place.Location != "Paris, France" || measure.Over(math.Abs(away.Place.Latitude-48.85), 0.01) {
		t.Fatalf("echoed place %s, result place %+v", env.Input, away.Place)
	}
	sameChart(t, ts, away.Return, away.Place.Latitude, away.Place.Longitude, "")
	// Coordinates do the same.
	var coords solarOut
	post(t, ts, "/api/v1/returns/solar", fmt.Sprintf(`{%s,"return_year":%d,"place":{"latitude":%v,"longitude":%v}}`,
		c.packet(), c.Year, away.Place.Latitude, away.Place.Longitude), &coords)
	if string(coords.Return.Chart) != string(away.Return.Chart) {
		t.Error("the chart at the geocoded coordinates differs from the one at the location")
	}
}

// TestLunarReturnsSwetest posts the fixture's five 365-day ranges: every
// return within 1 s of swetest's root, one to one, and the first three
// charts of each equal to the natal route's.
func TestLunarReturnsSwetest(t *testing.T) {
	ts := start(t, apitest.Tables(t), apihttp.Limits{})
	cmp := measure.Compare(t, measure.About{
		What:      "Lunar return instants through HTTP (POST /api/v1/returns/lunar), and the first return charts of each range against the natal route's, from the tables",
		Reference: "roots found by the fixture's generator on swetest 2.10.03 positions (engine/timing/testdata/swetest.json)",
		Sample:    "five ranges of 365 days, tropical and Lahiri",
	})
	q := returnChecks{
		instants: cmp.Quantity("return instants", "s", tolReturnSec, 0.0025),
		natal:    cmp.Quantity("natal Moon", "arcsec", tolNatalArcsec, 0.0004),
		charts:   cmp.Quantity("return charts against the natal route", "arcsec", tolChartArcsec, 0.0015),
	}
	defer func() { t.Logf("return charts within %.4f\" of the natal route's", q.charts.Max()) }()
	for _, c := range loadFixture(t).Lunar {
		t.Run(c.Name+"-"+c.Sidereal, func(t *testing.T) {
			var r returnsOut
			post(t, ts, "/api/v1/returns/lunar", fmt.Sprintf(`{%s,"start":%q,"end":%q}`, c.packet(), rfc3339(c.Start), rfc3339(c.End)), &r)
			compareReturns(t, r, c, q)
			for i, x := range r.Returns {
				if len(x.Chart) == 0 {
					t.Fatalf("return %d has no chart", i)
				}
				if i < 3 {
					q.charts.Add(sameChart(t, ts, x, c.Latitude, c.Longitude, c.Sidereal), c.Name, i)
				}
			}
		})
	}
}

// TestPlanetaryReturnsSwetest posts the fixture's Mercury (12 years) to
// Uranus (100 years) ranges: every pass within 1 s of swetest's root (or
// the time to move 0.002" near a station), with its direction, and the
// passes of a retrograde loop grouped.
func TestPlanetaryReturnsSwetest(t *testing.T) {
	ts := start(t, apitest.Tables(t), apihttp.Limits{})
	cmp := measure.Compare(t, measure.About{
		What:      "Planetary return passes (Mercury to Uranus) through HTTP (POST /api/v1/returns/planetary), their directions and the grouping of a retrograde loop, from the tables",
		Reference: "roots found by the fixture's generator on swetest 2.10.03 positions (engine/timing/testdata/swetest.json)",
		Sample:    "ranges of 12 (Mercury) to 100 years (Uranus), stations included",
	})
	q := returnChecks{
		instants: cmp.Quantity("pass instants away from a station", "s", tolReturnSec, 0.008),
		station:  cmp.Quantity("pass instants near a station, in the time the planet takes to move 0.002\"", "1", 1, 0.00025),
		natal:    cmp.Quantity("natal longitude", "arcsec", tolNatalArcsec, 3e-5),
		sides:    cmp.Exact("directions"),
	}
	for _, c := range loadFixture(t).Planetary {
		t.Run(c.Name+"-"+c.Body, func(t *testing.T) {
			var r returnsOut
			post(t, ts, "/api/v1/returns/planetary", fmt.Sprintf(`{%s,"planet":%q,"start":%q,"end":%q}`,
				c.packet(), strings.ToLower(c.Body), rfc3339(c.Start+1), rfc3339(c.End)), &r)
			compareReturns(t, r, c, q)
			for i := 0; i < len(r.Returns); {
				n := r.Returns[i].Passes
				if n < 1 || n > 3 || i+n > len(r.Returns) {
					t.Fatalf("return %d: %d passes", i, n)
				}
				for k := range n {
					if x := r.Returns[i+k]; x.Pass != k+1 || x.Passes != n || len(x.Chart) != 0 {
						t.Errorf("return %d: pass %d of %d, want %d of %d, no chart", i+k, x.Pass, x.Passes, k+1, n)
					}
				}
				if n == 3 && r.Returns[i+1].Direction != "retrograde" {
					t.Errorf("return %d: the middle pass of a loop is %s", i, r.Returns[i+1].Direction)
				}
				i += n
			}
		})
	}
}

// returnChecks are the quantities a return comparison measures (those
// left nil are not).
type returnChecks struct {
	instants, station, natal, charts, sides *measure.Quantity
}

// compareReturns matches the returns one to one with the fixture's roots.
// A pass slower than 0.002" a second (near a station) is held to the time
// the planet takes to move that much, and measured in it.
func compareReturns(t *testing.T, r returnsOut, c fxRange, q returnChecks) {
	t.Helper()
	if r.Body != c.Body {
		t.Errorf("body %s, want %s", r.Body, c.Body)
	}
	d := sepArcsec(r.Longitude, c.NatalLon)
	q.natal.Add(d, c.Name)
	if measure.Over(d, tolNatalArcsec) {
		t.Errorf("natal longitude %v, swetest %v: %.4f\"", r.Longitude, c.NatalLon, d)
	}
	if len(r.Returns) != len(c.Returns) {
		t.Fatalf("%d returns, swetest %d", len(r.Returns), len(c.Returns))
	}
	var worst measure.Worst
	for i, x := range r.Returns {
		w := c.Returns[i]
		dt := math.Abs(x.JulianDay-w.JD) * 86400
		worst.Add(dt, i)
		if tol := tolSeconds(w.Speed); tol > tolReturnSec && q.station != nil {
			q.station.Add(dt/tol, c.Name, i)
		} else {
			q.instants.Add(dt, c.Name, i)
		}
		if measure.Over(dt, tolSeconds(w.Speed)) {
			t.Errorf("return %d at JD %.8f, swetest %.8f: %.3f s (speed %.4f°/day)", i, x.JulianDay, w.JD, dt, w.Speed)
		}
		if q.sides != nil {
			q.sides.Match((x.Direction == "retrograde") == (w.Speed < 0), c.Name, i)
		}
		if (x.Direction == "retrograde") != (w.Speed < 0) {
			t.Errorf("return %d: %s, swetest speed %v", i, x.Direction, w.Speed)
		}
	}
	t.Logf("%s: %d returns, worst %.4f s from swetest (return %s)", r.Body, len(r.Returns), worst.Max(), worst.At())
}

// them. Both charts come from the same position source.
// tolChartArcsec bounds a return chart's longitudes against the natal
// route's at the return instant (interpolated between its two seconds).
const tolChartArcsec = 0.003

func sameChart(t *testing.T, ts *apitest.Server, r returnOut, lat, lon float64, sidereal string) (worstArcsec float64) {
	t.Helper()
	t0 := instantOf(r.JulianDay - 0.5/86400).Truncate(time.Second)
	if r.Time.Sub(t0) > time.Second || r.Time.Before(t0) {
		t.Fatalf("return %s not within a second after %s", r.Time, t0)
	}
	frac := (r.JulianDay - engineJD(t0)) * 86400
	natalAt := func(at time.Time) any {
		body := fmt.Sprintf(`{"year":%d,"month":%d,"day":%d,"hour":%d,"minute":%d,"second":%d,"latitude":%v,"longitude":%v`,
			at.Year(), at.Month(), at.Day(), at.Hour(), at.Minute(), at.Second(), lat, lon)
		if sidereal != "" {
			body += `,"zodiac_type":"sidereal","ayanamsa":"` + sidereal + `"`
		}
		var chart any
		post(t, ts, "/api/v1/natal", body+"}", &chart)
		return chart
	}
	var got any
	if err := json.Unmarshal(r.Chart, &got); err != nil {
		t.Fatal(err)
	}
	a, b := natalAt(t0), natalAt(t0.Add(time.Second))
	cmp := &comparison{frac: frac}
	cmp.between("chart", got, a, b)
	if len(cmp.diffs) > 0 {
		t.Errorf("return chart at JD %.8f differs from the natal route's (%d):\n%s", r.JulianDay, len(cmp.diffs), strings.Join(cmp.diffs[:min(len(cmp.diffs), 10)], "\n"))
	}
	return cmp.worst * 3600
}

// comparison walks a return chart beside the natal route's two charts.
type comparison struct {
	frac  float64  // where the return instant lies between the two seconds
	diffs []string // what differs
	worst float64  // largest difference of a longitude, degrees
}

func engineJD(t time.Time) float64 { return 2440587.5 + float64(t.Unix())/86400 }

// angleKeys name the numbers that are longitudes (compared across 360°).
var angleKeys = map[string]bool{"longitude": true}

// between checks that got (decoded JSON) lies between a and b at fraction
// frac: numbers on the line within 0.003" (speeds 1e-6 degree a day),
// counts, strings and booleans equal to a's or b's, objects and arrays
// alike in shape.
func (c *comparison) between(path string, got, a, b any) {
	frac := c.frac
	bad := func(format string, args ...any) { c.diffs = append(c.diffs, path+": "+fmt.Sprintf(format, args...)) }
	switch g := got.(type) {
	case map[string]any:
		ma, _ := a.(map[string]any)
		mb, _ := b.(map[string]any)
		if len(g) != len(ma) || len(g) != len(mb) {
			bad("%d fields, natal route %d and %d", len(g), len(ma), len(mb))
		}
		for k, v := range g {
			if _, ok := ma[k]; !ok {
				bad("field %s not in the natal chart", k)
				continue
			}
			c.between(path+"."+k, v, ma[k], mb[k])
		}
	case []any:
		sa, _ := a.([]any)
		sb, _ := b.([]any)
		if len(g) != len(sa) || len(g) != len(sb) {
			bad("%d items, natal route %d and %d", len(g), len(sa), len(sb))
			return
		}
		for i := range g {
			c.between(fmt.Sprintf("%s[%d]", path, i), g[i], sa[i], sb[i])
		}
	case float64:
		fa, okA := a.(float64)
		fb, okB := b.(float64)
		if !okA || !okB {
			bad("%v, natal route %v and %v", got, a, b)
			return
		}
		key := path[strings.LastIndexByte(path, '.')+1:]
		if fa != fb && fa == math.Trunc(fa) && fb == math.Trunc(fb) && g == math.Trunc(g) {
			// A count (house, cusp number) that changed within the second.
			if g != fa && g != fb {
				bad("%v, natal route %v and %v", g, fa, fb)
			}
			return
		}
		// Degrees. A Julian day near 2.46e6 resolves 40 µs, in which the
		// sky turns 0.0006": the angles of three instants (the return and
		// the two seconds) agree to a few of those.
		tol := tolChartArcsec / 3600
		if key == "speed" {
			tol = 1e-6 // degrees per day
		}
		if angleKeys[key] {
			want := fa + math.Remainder(fb-fa, 360)*frac
			d := math.Abs(math.Remainder(g-want, 360))
			c.worst = max(c.worst, d)
			if math.IsNaN(d) {
				c.worst = d
			}
			if measure.Over(d, tol) {
				bad("%.9f, natal route %.9f (%.5f\")", g, want, d*3600)
			}
			return
		}
		if key == "degree" && math.Abs(fb-fa) > 1 {
			// The sign changed within the second: the degree wraps.
			if measure.Over(math.Abs(g-fa), 1e-3) && measure.Over(math.Abs(g-fb), 1e-3) {
				bad("%v between %v and %v", g, fa, fb)
			}
			return
		}
		if want := fa + (fb-fa)*frac; measure.Over(math.Abs(g-want), tol) {
			bad("%.9f, natal route %.9f", g, want)
		}
	default:
		if fmt.Sprint(got) != fmt.Sprint(a) && fmt.Sprint(got) != fmt.Sprint(b) {
			bad("%v, natal route %v and %v", got, a, b)
		}
	}
}
