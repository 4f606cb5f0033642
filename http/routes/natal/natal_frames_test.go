package natal_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	json "github.com/goccy/go-json"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/accuracy/measure"
	"github.com/astroapi/astroapi/engine/aspects"
	"github.com/astroapi/astroapi/engine/natal"
	"github.com/astroapi/astroapi/http/apitest"
)

// framesFixture is testdata/natal/frames.json, made by
// testdata/gen/natal_frames_swetest.py.
type framesFixture struct {
	Reference string  `json:"reference"`
	Tolerance float64 `json:"tolerance_arcsec"`
	Ayanamsas []struct {
		Request   json.RawMessage `json:"request"`
		Swetest   string          `json:"swetest"`
		Ayanamsa  float64         `json:"ayanamsa"`
		Sun       float64         `json:"sun"`
		Moon      float64         `json:"moon"`
		Ascendant float64         `json:"ascendant"`
		Midheaven float64         `json:"midheaven"`
	} `json:"ayanamsas"`
	Declinations []struct {
		Request      json.RawMessage    `json:"request"`
		Swetest      string             `json:"swetest"`
		Declinations map[string]float64 `json:"declinations"`
		Obliquity    float64            `json:"obliquity"`
	} `json:"declinations"`
	Heliocentric []struct {
		Request json.RawMessage       `json:"request"`
		Swetest string                `json:"swetest"`
		Planets map[string][4]float64 `json:"planets"` // longitude, latitude, distance, speed
	} `json:"heliocentric"`
	Osculating []struct {
		Request json.RawMessage `json:"request"`
		Swetest string          `json:"swetest"`
		Lilith  float64         `json:"lilith"`
	} `json:"osculating"`
}

// sepArcsec is the shortest separation of two longitudes, in arcseconds.
func sepArcsec(a, b float64) float64 { return math.Abs(math.Remainder(a-b, 360)) * 3600 }

func readFrames(t *testing.T) *framesFixture {
	t.Helper()
	raw, err := os.ReadFile("testdata/natal/frames.json")
	if err != nil {
		t.Fatal(err)
	}
	var fx framesFixture
	if err := json.Unmarshal(raw, &fx); err != nil {
		t.Fatal(err)
	}
	if fx.Tolerance != 1 || len(fx.Ayanamsas) != 5*(len(engine.Ayanamsas)+4) || len(fx.Declinations) != 30 || len(fx.Heliocentric) != 30 || len(fx.Osculating) != 20 {
		t.Fatalf("fixture: tolerance %v, %d ayanamsa, %d declination, %d heliocentric, %d osculating cases",
			fx.Tolerance, len(fx.Ayanamsas), len(fx.Declinations), len(fx.Heliocentric), len(fx.Osculating))
	}
	return &fx
}

// sources are the position sources the swetest comparisons run through:
// the tables with libswe behind them (as the server runs) and libswe alone.
var sources = []struct {
	name string
	pos  func(testing.TB) engine.Positions
}{
	{"tables", apitest.Tables},
	{"swiss_ephemeris", func(t testing.TB) engine.Positions { return apitest.Ephemeris(t) }},
}

// TestAyanamsasAgainstSwetest posts natal charts in every named ayanamsa
// (47) and four user-defined ones at five dates (1850-2188) and compares
// the ayanamsa, the sidereal Sun and Moon, Ascendant and Midheaven with
// swetest -sid / -sidudef: within 1".
func TestAyanamsasAgainstSwetest(t *testing.T) {
	fx := readFrames(t)
	for _, src := range sources {
		t.Run(src.name, func(t *testing.T) {
			ts := startTestServer(t, testOptions{Positions: src.pos(t)})
			cmp := measure.Compare(t, measure.About{
				What:      "Sidereal charts in every named ayanamsa and user-defined ones through HTTP (POST /api/v1/natal): the ayanamsa, the Sun, the Moon, the Ascendant and the Midheaven, positions from the " + src.name,
				Reference: "swetest 2.10.03 -sid0..46 and -sidudef (the user ayanamsa's epoch and value)",
				Sample:    "47 named ayanamsas and 4 user-defined ones at 5 dates 1800-2400",
			})
			q := cmp.Quantity("ayanamsa, Sun, Moon, Ascendant, Midheaven", "arcsec", 1, 0.003)
			var worst float64
			seen := map[string]int{}
			for i, c := range fx.Ayanamsas {
				out, _ := postNatal(t, ts, string(c.Request))
				r := out.Result
				name := string(r.Ayanamsa.Name)
				seen[name]++
				sun, moon := r.Planets[0], r.Planets[1]
				for _, v := range []struct {
					what      string
					got, want float64
				}{{"ayanamsa", r.Ayanamsa.Degrees, c.Ayanamsa}, {"Sun", sun.Longitude, c.Sun}, {"Moon", moon.Longitude, c.Moon},
					{"Ascendant", r.Ascendant.Longitude, c.Ascendant}, {"Midheaven", r.Midheaven.Longitude, c.Midheaven}} {
					d := sepArcsec(v.got, v.want)
					q.Add(d, "case", i, name, v.what)
					worst = max(worst, d)
					if measure.Over(d, fx.Tolerance) {
						t.Errorf("case %d (%s): %s %s = %.7f, swetest %.7f (%.3f\")", i, c.Swetest, name, v.what, v.got, v.want, d)
					}
				}
				if out.Input.ZodiacType != engine.Sidereal || (name == "user") != (out.Input.UserAyanamsa != nil) {
					t.Errorf("case %d: echo %+v", i, out.Input.Frame)
				}
			}
			for _, a := range engine.Ayanamsas {
				if seen[string(a)] != 5 {
					t.Errorf("%s: %d dates", a, seen[string(a)])
				}
			}
			if seen["user"] != 20 {
				t.Errorf("user-defined: %d cases", seen["user"])
			}
			t.Logf("%d ayanamsas and 4 user-defined x 5 dates, 5 numbers each: worst %.4f\"", len(engine.Ayanamsas), worst)
		})
	}
}

// TestDeclinationsAgainstSwetest posts 30 births with the asteroids and
// parallels and compares every body's declination with swetest's (the
// true equator of date) within 1", the out-of-bounds flags with swetest's
// true obliquity, and the parallels among the bodies with a brute force
// over swetest's declinations (every pair within the orb present, orbs to
// 0.001 degree).
func TestDeclinationsAgainstSwetest(t *testing.T) {
	fx := readFrames(t)
	ts := startTestServer(t, testOptions{Positions: apitest.Tables(t)})
	cmp := measure.Compare(t, measure.About{
		What:      "Declinations, out-of-bounds flags, parallels and contra-parallels of 17 bodies through HTTP (POST /api/v1/natal, include_parallels), from the tables",
		Reference: "swetest 2.10.03 -fPd (the true equator of date) and its true obliquity; a brute force over swetest's declinations for the parallels",
		Sample:    "30 random births 1800-2400 with the asteroids, parallel orb 1.2 degrees",
	})
	decl := cmp.Quantity("declinations", "arcsec", 1, 0.002)
	flags := cmp.Exact("out-of-bounds flags")
	pairsQ := cmp.Exact("parallels and contra-parallels: same pairs and kinds")
	var worst float64
	oob, pairs := 0, 0
	for i, c := range fx.Declinations {
		body := strings.TrimSuffix(string(c.Request), "}") + `,"include_parallels":true,"parallel_orb":1.2}`
		out, _ := postNatal(t, ts, body)
		r := out.Result
		if d := math.Abs(r.Conventions.Obliquity-c.Obliquity) * 3600; measure.Over(d, fx.Tolerance) {
			t.Errorf("case %d: obliquity %.7f, swetest %.7f", i, r.Conventions.Obliquity, c.Obliquity)
		}
		for _, p := range r.Planets {
			want, ok := c.Declinations[p.Name]
			if !ok {
				continue
			}
			d := math.Abs(p.Declination-want) * 3600
			decl.Add(d, "case", i, p.Name)
			worst = max(worst, d)
			if measure.Over(d, fx.Tolerance) {
				t.Errorf("case %d (%s): %s declination %.7f, swetest %.7f (%.3f\")", i, c.Swetest, p.Name, p.Declination, want, d)
			}
			flagOK := p.OutOfBounds == (math.Abs(want) > c.Obliquity) || math.Abs(math.Abs(want)-c.Obliquity) <= 1e-6
			flags.Match(flagOK, "case", i, p.Name)
			if !flagOK {
				t.Errorf("case %d: %s out_of_bounds %v at %.5f (obliquity %.5f)", i, p.Name, p.OutOfBounds, want, c.Obliquity)
			}
			if p.OutOfBounds {
				oob++
			}
		}
		// Brute force over swetest's declinations, the angles left aside.
		var names []string
		for _, p := range r.Planets {
			if _, ok := c.Declinations[p.Name]; ok {
				names = append(names, p.Name)
			}
		}
		got := map[[2]string]aspects.DeclinationAspect{}
		for _, a := range r.Parallels {
			got[[2]string{a.Point1, a.Point2}] = a
		}
		for x, a := range names {
			for _, b := range names[x+1:] {
				k, orb, ok := aspects.DeclinationAspectOf(c.Declinations[a], c.Declinations[b], 1.2)
				g, have := got[[2]string{a, b}]
				if ok && math.Abs(orb-1.2) < 1e-4 {
					continue // at the edge of the orb: either answer is right
				}
				same := ok == have && (!ok || g.Aspect == k && math.Abs(g.Orb-orb) <= 0.001)
				pairsQ.Match(same, "case", i, a, b)
				if !same {
					t.Errorf("case %d: %s-%s: brute force %v %s %.4f, answer %v %+v", i, a, b, ok, k, orb, have, g)
				}
				if ok {
					pairs++
				}
			}
		}
	}
	if oob == 0 || pairs == 0 {
		t.Errorf("fixture: %d out-of-bounds bodies, %d parallels", oob, pairs)
	}
	t.Logf("30 births, 17 bodies: worst declination %.4f\"; %d out of bounds, %d parallels and contra-parallels", worst, oob, pairs)
}

// TestHeliocentricAgainstSwetest posts 30 instants (ten sidereal) to
// POST /api/v1/natal/heliocentric and compares longitude, latitude
// (1"), distance (1e-8 AU) and speed (1e-5 degree a day) of Mercury..Pluto,
// the Earth and Chiron with swetest -hel.
func TestHeliocentricAgainstSwetest(t *testing.T) {
	fx := readFrames(t)
	ts := startTestServer(t, testOptions{Positions: apitest.Tables(t)})
	cmp := measure.Compare(t, measure.About{
		What:      "Heliocentric charts through HTTP (POST /api/v1/natal/heliocentric): Mercury..Pluto, the Earth and Chiron (heliocentric positions come from libswe: the tables are geocentric)",
		Reference: "swetest 2.10.03 -hel",
		Sample:    "30 random instants 1800-2400, ten sidereal",
	})
	angle := cmp.Quantity("longitude and latitude", "arcsec", 1, 0.001)
	dist := cmp.Quantity("distance", "AU", 1e-8, 1e-10)
	speed := cmp.Quantity("speed in longitude", "deg/day", 1e-5, 1e-7)
	var worst, worstDist, worstSpeed float64
	for i, c := range fx.Heliocentric {
		env := ts.Post(t, "/api/v1/natal/heliocentric", string(c.Request)).WantStatus(t, 200).Envelope(t)
		var r natal.HelioChart
		if err := json.Unmarshal(env.Result, &r); err != nil {
			t.Fatal(err)
		}
		if len(r.Planets) != 10 || r.Planets[2].Name != "Earth" {
			t.Fatalf("case %d: planets %+v", i, r.Planets)
		}
		for _, p := range r.Planets {
			want := c.Planets[p.Name]
			d := max(sepArcsec(p.Longitude, want[0]), math.Abs(p.Latitude-want[1])*3600)
			angle.Add(d, "case", i, p.Name)
			dist.Add(math.Abs(p.Distance-want[2]), "case", i, p.Name)
			speed.Add(math.Abs(p.Speed-want[3]), "case", i, p.Name)
			worst = max(worst, d)
			worstDist = max(worstDist, math.Abs(p.Distance-want[2]))
			worstSpeed = max(worstSpeed, math.Abs(p.Speed-want[3]))
			if measure.Over(d, fx.Tolerance) || measure.Over(math.Abs(p.Distance-want[2]), 1e-8) || measure.Over(math.Abs(p.Speed-want[3]), 1e-5) {
				t.Errorf("case %d (%s): %s %+v, swetest %v", i, c.Swetest, p.Name, p, want)
			}
		}
		// The aspects are those of the default orbs among these longitudes.
		pts := make([]aspects.Point, len(r.Planets))
		for k, p := range r.Planets {
			pts[k] = aspects.Point{Name: p.Name, Longitude: p.Longitude, Speed: p.Speed}
		}
		if want := aspects.Find(pts, aspects.DefaultOrbs(false)); len(want) != len(r.Aspects) {
			t.Errorf("case %d: %d aspects, brute force %d", i, len(r.Aspects), len(want))
		}
	}
	t.Logf("30 instants x 10 bodies: worst %.4f\", distance %.2g AU, speed %.2g deg/day", worst, worstDist, worstSpeed)
}

// TestOsculatingLilithAgainstSwetest: lilith "osculating" shows the
// osculating apogee (swetest -pB), within 1", Moshier's outside the files.
func TestOsculatingLilithAgainstSwetest(t *testing.T) {
	fx := readFrames(t)
	ts := startTestServer(t, testOptions{Positions: apitest.Tables(t)})
	cmp := measure.Compare(t, measure.About{
		What:      "Osculating Lilith (lilith osculating: the osculating lunar apogee) through HTTP (POST /api/v1/natal)",
		Reference: "swetest 2.10.03 -pB",
		Sample:    "20 births: 10 from the ephemeris files 1800-2400, 10 from the Moshier theory -1500..1700",
	})
	q := cmp.Quantity("Lilith's longitude", "arcsec", 1, 0.4)
	var worst float64
	for i, c := range fx.Osculating {
		out, _ := postNatal(t, ts, string(c.Request))
		var lilith *natal.Planet
		for k := range out.Result.Planets {
			if out.Result.Planets[k].Name == "Lilith" {
				lilith = &out.Result.Planets[k]
			}
		}
		if lilith == nil || out.Result.Conventions.Lilith != "osculating_apogee" || out.Input.Lilith != natal.OsculatingApogee {
			t.Fatalf("case %d: no osculating Lilith: %+v", i, out.Result.Conventions)
		}
		d := sepArcsec(lilith.Longitude, c.Lilith)
		q.Add(d, "case", i)
		worst = max(worst, d)
		if measure.Over(d, fx.Tolerance) {
			t.Errorf("case %d (%s): Lilith %.7f, swetest %.7f (%.3f\")", i, c.Swetest, lilith.Longitude, c.Lilith, d)
		}
	}
	t.Logf("20 births (10 from Moshier, -1500..1700): worst %.4f\"", worst)
}

// chartOf posts a natal body and returns its chart.
func chartOf(t *testing.T, ts *apitest.Server, body string) natal.Chart {
	t.Helper()
	out, _ := postNatal(t, ts, body)
	return out.Result
}

// randomBirths are n births of 1850-2149 at latitudes within 60 degrees.
func randomBirths(seed uint64, n int) []string {
	rng := rand.New(rand.NewPCG(seed, 1))
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf(`{"year":%d,"month":%d,"day":%d,"hour":%d,"minute":%d,"latitude":%.3f,"longitude":%.3f`,
			1850+rng.IntN(300), 1+rng.IntN(12), 1+rng.IntN(28), rng.IntN(24), rng.IntN(60), rng.Float64()*120-60, rng.Float64()*360-180)
	}
	return out
}

// TestHarmonicChart: the harmonic chart of every harmonic sampled is the
// natal chart's longitudes times the harmonic (1e-7 degree, the written
// precision times the harmonic), and its aspects a brute force over them.
func TestHarmonicChart(t *testing.T) {
	ts := startTestServer(t, testOptions{Positions: apitest.Tables(t)})
	for i, b := range randomBirths(3, 40) {
		n := []int{1, 2, 5, 7, 9, 12, 16, 49, 120, 360}[i%10]
		c := chartOf(t, ts, b+"}")
		env := ts.Post(t, "/api/v1/natal/harmonic", fmt.Sprintf(`%s,"harmonic":%d}`, b, n)).WantStatus(t, 200).Envelope(t)
		var h natal.HarmonicChart
		if err := json.Unmarshal(env.Result, &h); err != nil {
			t.Fatal(err)
		}
		natalLon := map[string]float64{"Ascendant": c.Ascendant.Longitude, "Midheaven": c.Midheaven.Longitude}
		for _, p := range c.Planets {
			natalLon[p.Name] = p.Longitude
		}
		if h.Harmonic != n || len(h.Points) != len(c.Planets)+2 {
			t.Fatalf("birth %d: harmonic %d, %d points", i, h.Harmonic, len(h.Points))
		}
		var pts []aspects.Point
		for _, p := range h.Points {
			want := engine.Normalize(natalLon[p.Name] * float64(n))
			if d := math.Abs(math.Remainder(p.Longitude-want, 360)); measure.Over(d, 1e-7*float64(n)+1e-9) || measure.Over(math.Abs(p.NatalLongitude-natalLon[p.Name]), 1e-7) {
				t.Errorf("birth %d H%d: %s %.7f, natal x %d = %.7f", i, n, p.Name, p.Longitude, n, want)
			}
			if p.Name != natal.SouthNode {
				pts = append(pts, aspects.Point{Name: p.Name, Longitude: p.Longitude, Speed: p.Speed})
			}
		}
		if want := aspects.Find(pts, aspects.DefaultOrbs(false)); len(want) != len(h.Aspects) {
			t.Errorf("birth %d H%d: %d aspects, brute force %d", i, n, len(h.Aspects), len(want))
		}
	}
}

// TestDraconicChart: every longitude less the North Node's (true and
// mean), the node at 0 Aries, the aspects and houses unchanged.
func TestDraconicChart(t *testing.T) {
	ts := startTestServer(t, testOptions{Positions: apitest.Tables(t)})
	for i, b := range randomBirths(4, 20) {
		node := []string{"true", "mean"}[i%2]
		body := b + `,"node_type":"` + node + `"}`
		c := chartOf(t, ts, body)
		env := ts.Post(t, "/api/v1/natal/draconic", body).WantStatus(t, 200).Envelope(t)
		var d natal.Chart
		if err := json.Unmarshal(env.Result, &d); err != nil {
			t.Fatal(err)
		}
		nodeLon := c.Planets[10].Longitude
		if d.ZodiacType != "draconic" || d.Draconic == nil || string(d.Draconic.Node) != node || d.Draconic.NodeLongitude != nodeLon || d.Planets[10].Longitude != 0 {
			t.Fatalf("birth %d: %+v %+v", i, d.Draconic, d.Planets[10])
		}
		for k, p := range d.Planets {
			if measure.Over(sepArcsec(p.Longitude, c.Planets[k].Longitude-nodeLon), 0.001) || p.House != c.Planets[k].House || p.Declination != c.Planets[k].Declination {
				t.Errorf("birth %d: %s %+v, natal %+v", i, p.Name, p, c.Planets[k])
			}
		}
		for k, cu := range d.Houses.Cusps {
			if measure.Over(sepArcsec(cu.Longitude, c.Houses.Cusps[k].Longitude-nodeLon), 0.001) {
				t.Errorf("birth %d: cusp %d", i, k+1)
			}
		}
		if measure.Over(sepArcsec(d.Ascendant.Longitude, c.Ascendant.Longitude-nodeLon), 0.001) || len(d.Aspects) != len(c.Aspects) {
			t.Errorf("birth %d: ascendant or aspects", i)
		}
	}
}

// TestAntisciaChart: every point's antiscion and contra-antiscion, and
// the contacts against a brute force over every pair of points.
func TestAntisciaChart(t *testing.T) {
	ts := startTestServer(t, testOptions{Positions: apitest.Tables(t)})
	contacts := 0
	for i, b := range randomBirths(5, 40) {
		c := chartOf(t, ts, b+"}")
		env := ts.Post(t, "/api/v1/natal/antiscia", b+`,"orb":1.5}`).WantStatus(t, 200).Envelope(t)
		var a natal.Antiscia
		if err := json.Unmarshal(env.Result, &a); err != nil {
			t.Fatal(err)
		}
		lon := map[string]float64{"Ascendant": c.Ascendant.Longitude, "Midheaven": c.Midheaven.Longitude}
		var names []string
		for _, p := range c.Planets {
			if p.Name != natal.SouthNode {
				lon[p.Name] = p.Longitude
				names = append(names, p.Name)
			}
		}
		names = append(names, "Ascendant", "Midheaven")
		for k, p := range a.Points {
			if p.Name != names[k] || measure.Over(sepArcsec(p.Antiscion.Longitude, 180-lon[p.Name]), 0.001) || measure.Over(sepArcsec(p.ContraAntiscion.Longitude, -lon[p.Name]), 0.001) {
				t.Errorf("birth %d: %+v", i, p)
			}
		}
		want := 0
		for x, p := range names {
			for _, q := range names[x+1:] {
				for _, at := range []float64{180, 0} {
					if math.Abs(math.Remainder(lon[p]+lon[q]-at, 360)) <= 1.5 {
						want++
					}
				}
			}
		}
		if want != len(a.Contacts) {
			t.Errorf("birth %d: %d contacts, brute force %d: %+v", i, len(a.Contacts), want, a.Contacts)
		}
		contacts += want
	}
	if contacts == 0 {
		t.Error("no contact in 40 charts")
	}
}

// TestUnknownTime casts births of unknown time and checks the answer
// against charts of the same day at every ten minutes from local midnight
// (a brute force): the angles, houses, placements and lots are left out;
// every body's range is its longitude at the day's two ends; the Moon and
// the bodies changing sign are marked; an aspect is marked time-dependent
// exactly when some sample lacks it, and the possible aspects are those
// some sample has that the charted time does not.
func TestUnknownTime(t *testing.T) {
	ts := startTestServer(t, testOptions{Positions: apitest.Tables(t)})
	births := []string{
		`{"year":1990,"month":7,"day":14,"latitude":51.5,"longitude":-0.13,"timezone":"Europe/London"`,
		`{"year":2003,"month":2,"day":28,"latitude":-33.9,"longitude":151.2,"timezone":"Australia/Sydney","include_minor_aspects":true`,
		`{"year":1875,"month":11,"day":3,"latitude":40.7,"longitude":-74.0,"timezone":"America/New_York","hour":6,"minute":40`,
	}
	for i, b := range births {
		out, env := postNatal(t, ts, b+`,"time_unknown":true}`)
		r := out.Result
		u := r.UnknownTime
		if u == nil || !out.Input.TimeUnknown {
			t.Fatalf("birth %d: no unknown_time: %s", i, env.Result)
		}
		var top struct {
			Keys    map[string]json.RawMessage
			Planets []map[string]json.RawMessage
		}
		if err := json.Unmarshal(env.Result, &top.Keys); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(top.Keys["planets"], &top.Planets); err != nil {
			t.Fatal(err)
		}
		for _, key := range []string{"ascendant", "midheaven", "houses", "angles", "vertex", "part_of_fortune"} {
			if _, ok := top.Keys[key]; ok {
				t.Errorf("birth %d: %s left in the answer", i, key)
			}
		}
		for _, p := range top.Planets {
			if _, ok := p["house"]; ok {
				t.Errorf("birth %d: a planet with a house: %s", i, p["name"])
			}
		}
		if r.Patterns.HemisphereEmphasis != "unknown" || len(env.Warnings) == 0 {
			t.Errorf("birth %d: hemisphere %q, warnings %v", i, r.Patterns.HemisphereEmphasis, env.Warnings)
		}
		wantCharted := "12:00:00"
		if strings.Contains(b, `"hour"`) {
			wantCharted = "06:40:00"
		}
		if u.ChartedAt != wantCharted {
			t.Errorf("birth %d: charted at %s", i, u.ChartedAt)
		}
		// Charts of the same day every ten minutes, the time known.
		var samples []natal.Chart
		for m := 0; m <= 1440; m += 10 {
			hh, mm := m/60, m%60
			body := b
			if k := strings.Index(body, `,"hour"`); k >= 0 {
				body = body[:k]
			}
			if hh == 24 {
				samples = append(samples, chartOf(t, ts, nextDay(body)+`,"hour":0,"minute":0}`))
				continue
			}
			samples = append(samples, chartOf(t, ts, fmt.Sprintf(`%s,"hour":%d,"minute":%d}`, body, hh, mm)))
		}
		first, last := samples[0], samples[len(samples)-1]
		for k, rg := range u.Ranges {
			if measure.Over(sepArcsec(rg.Start, first.Planets[k].Longitude), 0.01) || measure.Over(sepArcsec(rg.End, last.Planets[k].Longitude), 0.01) {
				t.Errorf("birth %d: %s range %.5f-%.5f, day %.5f-%.5f", i, rg.Name, rg.Start, rg.End, first.Planets[k].Longitude, last.Planets[k].Longitude)
			}
			signs := map[string]bool{}
			for _, s := range samples {
				signs[s.Planets[k].Sign] = true
			}
			for s := range signs {
				if !slices.Contains(rg.Signs, s) {
					t.Errorf("birth %d: %s is in %s during the day, not in %v", i, rg.Name, s, rg.Signs)
				}
			}
			if marked := r.Planets[k].TimeDependent; marked != (rg.Name == "Moon" || len(rg.Signs) > 1) {
				t.Errorf("birth %d: %s time_dependent %v with signs %v", i, rg.Name, marked, rg.Signs)
			}
		}
		// Aspects against the samples (the angles left aside).
		held := map[string]int{}
		for _, s := range samples {
			for _, a := range s.Aspects {
				if a.Point2 != "Ascendant" && a.Point2 != "Midheaven" && a.Point1 != "Ascendant" && a.Point1 != "Midheaven" {
					held[a.Point1+"/"+a.Point2+"/"+string(a.Aspect)]++
				}
			}
		}
		inChart := map[string]bool{}
		for _, a := range r.Aspects {
			key := a.Point1 + "/" + a.Point2 + "/" + string(a.Aspect)
			inChart[key] = true
			if whole := held[key] == len(samples); a.TimeDependent == whole && !nearEdge(a.Orb, r.Conventions.Orbs[a.Aspect]) {
				t.Errorf("birth %d: %s time_dependent %v, held in %d of %d samples", i, key, a.TimeDependent, held[key], len(samples))
			}
		}
		possible := map[string]bool{}
		for _, p := range u.Possible {
			possible[p.Point1+"/"+p.Point2+"/"+string(p.Aspect)] = true
		}
		for key, n := range held {
			if n > 0 && !inChart[key] && !possible[key] {
				t.Errorf("birth %d: %s holds in %d samples but is neither in the chart nor possible", i, key, n)
			}
		}
		for key := range possible {
			if held[key] == 0 {
				t.Logf("birth %d: %s possible but in no ten-minute sample (briefly, between samples)", i, key)
			}
		}
	}
}

// nearEdge says an orb is within 0.01 degree of its limit, where the
// ten-minute samples may miss the moment an aspect leaves or enters.
func nearEdge(orb, limit float64) bool { return math.Abs(orb-limit) < 0.01 }

// nextDay moves the date of a birth body (year, month, day) a day on.
func nextDay(body string) string {
	var y, m, d int
	fmt.Sscanf(body, `{"year":%d,"month":%d,"day":%d`, &y, &m, &d)
	days := []int{31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}
	if y%4 == 0 && (y%100 != 0 || y%400 == 0) {
		days[1] = 29
	}
	d++
	if d > days[m-1] {
		d, m = 1, m+1
		if m > 12 {
			m, y = 1, y+1
		}
	}
	rest := body[strings.Index(body, `"day":`)+len(`"day":`):]
	rest = rest[strings.IndexAny(rest, ",}"):]
	return fmt.Sprintf(`{"year":%d,"month":%d,"day":%d`, y, m, d) + rest
}

// TestFramesBadInput: the natal family's own options and the frame
// routes refuse what they cannot chart with a 422 naming the field:
// unknown names with a suggestion, wrong types, bounds one step outside,
// and the cross-field rules (ayanamsa and user_ayanamsa; a sidereal
// draconic chart).
func TestFramesBadInput(t *testing.T) {
	ts := startTestServer(t, testOptions{Positions: apitest.Tables(t)})
	const base = `"year":1990,"month":4,"day":30,"hour":10,"latitude":51.5,"longitude":0`
	const sid = `,"zodiac_type":"sidereal"`
	user := func(epoch, deg string) string {
		return `,"user_ayanamsa":{"epoch_jd":` + epoch + `,"degrees":` + deg + `}`
	}
	for _, c := range []struct {
		name, path, body string
		field            string
	}{
		{"ErrPolarFallbackPlacidus", "/api/v1/natal", `{` + base + `,"polar_fallback":"placidus"}`, "polar_fallback"},
		{"ErrPolarFallbackGauquelin", "/api/v1/natal", `{` + base + `,"polar_fallback":"gauquelin"}`, "polar_fallback"},
		{"ErrLilith", "/api/v1/natal", `{` + base + `,"lilith":"true"}`, "lilith"},
		{"ErrFortune", "/api/v1/natal", `{` + base + `,"fortune_formula":"night"}`, "fortune_formula"},
		{"ErrUserAndAyanamsa", "/api/v1/natal", `{` + base + sid + `,"ayanamsa":"lahiri"` + user("2451545", "23.85") + `}`, "user_ayanamsa"},
		{"ErrUserEpochBound", "/api/v1/natal", `{` + base + sid + user("624999", "23.85") + `}`, "user_ayanamsa.epoch_jd"},
		{"ErrUserDegreesBound", "/api/v1/natal", `{` + base + sid + user("2451545", "360.5") + `}`, "user_ayanamsa.degrees"},
		{"ErrUserDegreesMissing", "/api/v1/natal", `{` + base + sid + `,"user_ayanamsa":{"epoch_jd":2451545}}`, "user_ayanamsa.degrees"},
		{"ErrUserType", "/api/v1/natal", `{` + base + sid + `,"user_ayanamsa":23.85}`, "user_ayanamsa"},
		{"ErrParallelOrbZero", "/api/v1/natal", `{` + base + `,"include_parallels":true,"parallel_orb":0}`, "parallel_orb"},
		{"ErrParallelOrbHigh", "/api/v1/natal", `{` + base + `,"include_parallels":true,"parallel_orb":5.01}`, "parallel_orb"},
		{"ErrParallelsType", "/api/v1/natal", `{` + base + `,"include_parallels":"yes"}`, "include_parallels"},
		{"ErrTimeUnknownType", "/api/v1/natal", `{` + base + `,"time_unknown":1}`, "time_unknown"},
		{"ErrHouseSystemNew", "/api/v1/natal", `{` + base + `,"house_system":"polich_page"}`, "house_system"},
		{"ErrAyanamsaNew", "/api/v1/natal", `{` + base + sid + `,"ayanamsa":"galactic_center"}`, "ayanamsa"},
		{"ErrUnknownPolarFallback", "/api/v1/natal", `{` + base + `,"polar_falback":"equal"}`, "polar_falback"},
		{"ErrUnknownTimeUnknown", "/api/v1/natal", `{` + base + `,"unknown_time":true}`, "unknown_time"},
		{"ErrHelioZodiac", "/api/v1/natal/heliocentric", `{` + base + `,"zodiac_type":"draconic"}`, "zodiac_type"},
		{"ErrHelioOrbs", "/api/v1/natal/heliocentric", `{` + base + `,"orbs":{"trine":-1}}`, "orbs.trine"},
		{"ErrHelioYear", "/api/v1/natal/heliocentric", `{"month":4,"day":30,"latitude":51.5,"longitude":0}`, "year"},
		{"ErrUnknownHelioHouses", "/api/v1/natal/heliocentric", `{` + base + `,"house_system":"koch"}`, "house_system"},
		{"ErrDraconicSidereal", "/api/v1/natal/draconic", `{` + base + sid + `}`, "zodiac_type"},
		{"ErrDraconicNode", "/api/v1/natal/draconic", `{` + base + `,"node_type":"osculating"}`, "node_type"},
		{"ErrHarmonicMissing", "/api/v1/natal/harmonic", `{` + base + `}`, "harmonic"},
		{"ErrHarmonicZero", "/api/v1/natal/harmonic", `{` + base + `,"harmonic":0}`, "harmonic"},
		{"ErrHarmonic361", "/api/v1/natal/harmonic", `{` + base + `,"harmonic":361}`, "harmonic"},
		{"ErrHarmonicFloat", "/api/v1/natal/harmonic", `{` + base + `,"harmonic":5.5}`, "harmonic"},
		{"ErrHarmonicType", "/api/v1/natal/harmonic", `{` + base + `,"harmonic":"five"}`, "harmonic"},
		{"ErrUnknownHarmonics", "/api/v1/natal/harmonic", `{` + base + `,"harmonics":5}`, "harmonics"},
		{"ErrAntisciaOrbZero", "/api/v1/natal/antiscia", `{` + base + `,"orb":0}`, "orb"},
		{"ErrAntisciaOrbHigh", "/api/v1/natal/antiscia", `{` + base + `,"orb":5.5}`, "orb"},
		{"ErrAntisciaOrbType", "/api/v1/natal/antiscia", `{` + base + `,"orb":"1"}`, "orb"},
		{"ErrAntisciaLatitude", "/api/v1/natal/antiscia", `{"year":1990,"month":4,"day":30,"latitude":90.5,"longitude":0}`, "latitude"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := ts.Post(t, c.path, c.body).WantStatus(t, 422).Problem(t)
			for _, e := range p.Errors {
				if e.Field == c.field {
					if strings.HasPrefix(c.name, "ErrUnknown") && !strings.Contains(e.Reason, "did you mean") && !strings.Contains(e.Reason, "the fields are") {
						t.Errorf("no suggestion: %q", e.Reason)
					}
					return
				}
			}
			t.Errorf("problem does not name %s: %+v", c.field, p)
		})
	}
	// The bounds themselves are charted.
	for _, ok := range []struct{ path, body string }{
		{"/api/v1/natal/harmonic", `{` + base + `,"harmonic":1}`},
		{"/api/v1/natal/harmonic", `{` + base + `,"harmonic":360}`},
		{"/api/v1/natal/antiscia", `{` + base + `,"orb":5}`},
		{"/api/v1/natal", `{` + base + `,"include_parallels":true,"parallel_orb":5}`},
		{"/api/v1/natal", `{` + base + sid + user("625000", "-360") + `}`},
		{"/api/v1/natal", `{"year":1990,"month":4,"day":30,"latitude":78,"longitude":15,"polar_fallback":"equal_aries","house_system":"gauquelin"}`},
	} {
		ts.Post(t, ok.path, ok.body).WantStatus(t, 200)
	}
}

// TestFortuneFormula: fortune_formula sect is Asc + Moon - Sun in a day
// chart (the Sun above the horizon: the Ascendant's half of the ecliptic
// behind it, in houses 7-12) and Asc + Sun - Moon in a night chart;
// fortune_formula day is Asc + Moon - Sun in both; over the natal route's
// own Ascendant, Sun and Moon, to their written precision (2e-7 degree).
func TestFortuneFormula(t *testing.T) {
	ts := startTestServer(t, testOptions{Positions: apitest.Tables(t)})
	nights := 0
	for i, b := range randomBirths(31, 60) {
		sect, _ := postNatal(t, ts, b+`}`)
		dayF, _ := postNatal(t, ts, b+`,"fortune_formula":"day"}`)
		if sect.Input.FortuneFormula != natal.FortuneSect || dayF.Input.FortuneFormula != natal.FortuneDay {
			t.Fatalf("birth %d: echo %q, %q", i, sect.Input.FortuneFormula, dayF.Input.FortuneFormula)
		}
		c := sect.Result
		asc, sun, moon := c.Ascendant.Longitude, c.Planets[0].Longitude, c.Planets[1].Longitude
		above := math.Mod(sun-asc+720, 360) >= 180 // the Sun in houses 7-12
		if c.Conventions.DayChart != above {
			t.Errorf("birth %d: day_chart %v, Sun %.3f Asc %.3f", i, c.Conventions.DayChart, sun, asc)
		}
		want := asc + moon - sun
		if !above {
			want = asc + sun - moon
			nights++
		}
		for _, v := range []struct {
			what      string
			got, want float64
		}{{"sect", c.PartOfFortune.Longitude, want}, {"day", dayF.Result.PartOfFortune.Longitude, asc + moon - sun}} {
			// Four numbers written to 7 decimals: 2e-7 of rounding at most.
			if d := math.Abs(math.Remainder(v.got-v.want, 360)); measure.Over(d, 2.1e-7) {
				t.Errorf("birth %d (%s formula, day chart %v): Fortune %.7f, want %.7f", i, v.what, above, v.got, v.want)
			}
		}
	}
	if nights < 10 || nights > 50 {
		t.Errorf("%d night charts of 60: the births test one sect only", nights)
	}
}

// TestPolarFallback: Placidus, Koch and the Gauquelin sectors inside the
// polar circles give way to polar_fallback (Porphyry by default), with a
// warning: the cusps are those of a chart cast in the fallback system.
func TestPolarFallback(t *testing.T) {
	ts := startTestServer(t, testOptions{Positions: apitest.Tables(t)})
	rng := rand.New(rand.NewPCG(70, 2))
	for i := range 24 {
		lat := (67 + rng.Float64()*10) * float64(1-2*(i%2))
		birth := fmt.Sprintf(`{"year":%d,"month":%d,"day":%d,"hour":%d,"latitude":%.3f,"longitude":%.3f`,
			1900+rng.IntN(200), 1+rng.IntN(12), 1+rng.IntN(28), rng.IntN(24), lat, rng.Float64()*360-180)
		asked := []engine.HouseSystem{engine.Placidus, engine.Koch, engine.Gauquelin}[i%3]
		fallback := []engine.HouseSystem{"", engine.Equal, engine.Regiomontanus, engine.WholeSign, engine.Campanus, engine.APC, engine.Topocentric, engine.Alcabitius}[i%8]
		body := birth + `,"house_system":"` + string(asked) + `"`
		if fallback != "" {
			body += `,"polar_fallback":"` + string(fallback) + `"`
		}
		out, env := postNatal(t, ts, body+`}`)
		want := fallback
		if want == "" {
			want = engine.Porphyry
		}
		h := out.Result.Houses
		if !h.Fallback || h.System != want || h.RequestedSystem != asked || string(out.Input.PolarFallback) != string(want) {
			t.Errorf("birth %d at %.1f: %s -> %s (fallback %v), want %s; echo %q", i, lat, asked, h.System, h.Fallback, want, out.Input.PolarFallback)
			continue
		}
		if !strings.Contains(strings.Join(env.Warnings, " "), "inside the polar circle") {
			t.Errorf("birth %d: no warning: %v", i, env.Warnings)
		}
		ref, _ := postNatal(t, ts, birth+`,"house_system":"`+string(want)+`"}`)
		if len(h.Cusps) != 12 || len(ref.Result.Houses.Cusps) != 12 {
			t.Fatalf("birth %d: %d and %d cusps", i, len(h.Cusps), len(ref.Result.Houses.Cusps))
		}
		for k := range h.Cusps {
			if h.Cusps[k].Longitude != ref.Result.Houses.Cusps[k].Longitude {
				t.Errorf("birth %d: cusp %d %.7f, %s chart %.7f", i, k+1, h.Cusps[k].Longitude, want, ref.Result.Houses.Cusps[k].Longitude)
			}
		}
	}
}
