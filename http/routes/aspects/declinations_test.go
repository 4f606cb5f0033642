package aspects_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	json "github.com/goccy/go-json"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/accuracy/measure"
	engaspects "github.com/astroapi/astroapi/engine/aspects"
	"github.com/astroapi/astroapi/engine/natal"
	"github.com/astroapi/astroapi/http/apitest"
	"github.com/astroapi/astroapi/http/routes/aspects"
	natalroutes "github.com/astroapi/astroapi/http/routes/natal"
)

// startWithNatal serves the aspects family beside the natal routes, whose
// charts the declinations are compared with.
func startWithNatal(t testing.TB, pos engine.Positions) *apitest.Server {
	t.Helper()
	ops := append(aspects.Ops(aspects.Deps{Positions: pos}), natalroutes.Ops(natalroutes.Deps{Positions: pos})...)
	return apitest.Start(t, apitest.Options{Ops: apitest.Serve(ops...), Ephemeris: true})
}

func postDeclinations(t *testing.T, ts *apitest.Server, body string) (aspects.Declinations, apitest.Envelope) {
	t.Helper()
	env := ts.Post(t, "/api/v1/aspects/declinations", body).WantStatus(t, 200).Envelope(t)
	var res aspects.Declinations
	if err := json.Unmarshal(env.Result, &res); err != nil {
		t.Fatal(err)
	}
	return res, env
}

// checkParallels holds res.Parallels to a brute force over res.Points: every
// pair within the orb listed with the nearer of the two aspects and its orb
// (0.001 degree), nothing else (pairs at the orb's edge either way). It
// returns the number of aspects.
func checkParallels(t *testing.T, what string, res aspects.Declinations) int {
	t.Helper()
	got := map[[2]string]engaspects.DeclinationAspect{}
	for _, a := range res.Parallels {
		got[[2]string{a.Point1, a.Point2}] = a
	}
	n := 0
	for i, a := range res.Points {
		for _, b := range res.Points[i+1:] {
			p, c := math.Abs(a.Declination-b.Declination), math.Abs(a.Declination+b.Declination)
			kind, orb, ok := engaspects.DeclinationKind(""), 0.0, false
			switch {
			case p <= res.Orb && p <= c:
				kind, orb, ok = engaspects.Parallel, p, true
			case c <= res.Orb:
				kind, orb, ok = engaspects.ContraParallel, c, true
			}
			g, have := got[[2]string{a.Name, b.Name}]
			if math.Abs(min(p, c)-res.Orb) < 1e-6 {
				continue
			}
			if ok != have || ok && (g.Aspect != kind || measure.Over(math.Abs(g.Orb-orb), 0.001)) {
				t.Errorf("%s: %s-%s: brute force %v %s %.5f, answer %v %+v", what, a.Name, b.Name, ok, kind, orb, have, g)
			}
			if ok {
				n++
			}
		}
	}
	if len(got) != n && !t.Failed() {
		t.Errorf("%s: %d aspects listed, %d found", what, len(got), n)
	}
	return n
}

// TestDeclinationsFromBirth posts the natal frames fixture's 30 births
// (http/routes/natal/testdata/gen/natal_frames_swetest.py) to the
// declinations route: every body's declination agrees with swetest's
// within its tolerance (1"), the obliquity with swetest's true obliquity,
// the out-of-bounds flags with |declination| > obliquity, the Ascendant's
// and Midheaven's declinations with asin(sin ε sin λ) of the natal chart's
// angles, and the parallels with a brute force over the points.
func TestDeclinationsFromBirth(t *testing.T) {
	raw, err := os.ReadFile("../natal/testdata/natal/frames.json")
	if err != nil {
		t.Fatal(err)
	}
	var fx struct {
		Tolerance    float64 `json:"tolerance_arcsec"`
		Declinations []struct {
			Request      json.RawMessage    `json:"request"`
			Declinations map[string]float64 `json:"declinations"`
			Obliquity    float64            `json:"obliquity"`
		} `json:"declinations"`
	}
	if err := json.Unmarshal(raw, &fx); err != nil || len(fx.Declinations) < 30 || fx.Tolerance != 1 {
		t.Fatalf("fixture: %v, %d births, tolerance %v", err, len(fx.Declinations), fx.Tolerance)
	}
	ts := startWithNatal(t, apitest.Tables(t))
	cmp := measure.Compare(t, measure.About{
		What:      "Declinations route through HTTP (POST /api/v1/aspects/declinations, birth): bodies' and angles' declinations, out-of-bounds flags, parallels and contra-parallels, from the tables",
		Reference: "swetest 2.10.03 -fPd and its true obliquity for the bodies; asin(sin e sin l) of the natal route's Ascendant and Midheaven; a brute force over the answer's points for the parallels",
		Sample:    "30 random births 1800-2400 with the asteroids, orbs 0.5, 1 and 1.5 degrees",
	})
	bodies := cmp.Quantity("bodies' declinations", "arcsec", 1, 0.002)
	anglesQ := cmp.Quantity("Ascendant's and Midheaven's declinations", "arcsec", 1, 0.002)
	var worst, worstAngle float64
	pairs, oob := 0, 0
	for i, c := range fx.Declinations {
		orb := []float64{0.5, 1, 1.5}[i%3]
		res, env := postDeclinations(t, ts, fmt.Sprintf(`{"birth":%s,"orb":%g}`, c.Request, orb))
		what := fmt.Sprintf("birth %d", i)
		if res.Orb != orb || measure.Over(math.Abs(res.Obliquity-c.Obliquity)*3600, fx.Tolerance) {
			t.Errorf("%s: orb %v, obliquity %.7f, swetest %.7f", what, res.Orb, res.Obliquity, c.Obliquity)
		}
		env2 := ts.Post(t, "/api/v1/natal", string(c.Request)).WantStatus(t, 200).Envelope(t)
		var chart natal.Chart
		if err := json.Unmarshal(env2.Result, &chart); err != nil {
			t.Fatal(err)
		}
		angles := map[string]float64{"Ascendant": chart.Ascendant.Longitude, "Midheaven": chart.Midheaven.Longitude}
		eps := c.Obliquity * math.Pi / 180
		seen := 0
		for _, p := range res.Points {
			if p.OutOfBounds == nil {
				t.Fatalf("%s: %s without out_of_bounds", what, p.Name)
			}
			want, ok := c.Declinations[p.Name]
			if lon, angle := angles[p.Name]; angle {
				want, ok = math.Asin(math.Sin(eps)*math.Sin(lon*math.Pi/180))*180/math.Pi, true
				worstAngle = max(worstAngle, math.Abs(p.Declination-want)*3600)
				anglesQ.Add(math.Abs(p.Declination-want)*3600, what, p.Name)
			} else if ok {
				worst = max(worst, math.Abs(p.Declination-want)*3600)
				bodies.Add(math.Abs(p.Declination-want)*3600, what, p.Name)
			}
			if !ok {
				t.Errorf("%s: point %s has no reference", what, p.Name)
				continue
			}
			seen++
			if d := math.Abs(p.Declination-want) * 3600; measure.Over(d, fx.Tolerance) {
				t.Errorf("%s: %s declination %.7f, reference %.7f (%.3f\")", what, p.Name, p.Declination, want, d)
			}
			if *p.OutOfBounds != (math.Abs(want) > c.Obliquity) && measure.Over(math.Abs(math.Abs(want)-c.Obliquity), 1e-6) {
				t.Errorf("%s: %s out_of_bounds %v at %.5f", what, p.Name, *p.OutOfBounds, want)
			}
			if *p.OutOfBounds {
				oob++
			}
		}
		if seen != len(c.Declinations)+2 { // the fixture's bodies and the two angles
			t.Errorf("%s: %d points, want %d", what, seen, len(c.Declinations)+2)
		}
		pairs += checkParallels(t, what, res)
		// The echo is sendable and gives the same answer.
		again := ts.Post(t, "/api/v1/aspects/declinations", string(env.Input)).WantStatus(t, 200).Envelope(t)
		if string(again.Result) != string(env.Result) {
			t.Errorf("%s: the echo sent back gives another answer: %s", what, env.Input)
		}
	}
	if oob == 0 || pairs == 0 {
		t.Errorf("%d out of bounds, %d parallels: the fixture tests nothing", oob, pairs)
	}
	t.Logf("%d births: worst body %.4f\", worst angle %.4f\" (1\"); %d out of bounds, %d parallels and contra-parallels", len(fx.Declinations), worst, worstAngle, oob, pairs)
}

// TestDeclinationsFromPoints: listed points against the brute force, with
// and without an obliquity (no flags without one).
func TestDeclinationsFromPoints(t *testing.T) {
	ts := startTestServer(t, nil) // points need no ephemeris
	rng := rand.New(rand.NewPCG(25, 2))
	pairs := 0
	for i := range 200 {
		n := 2 + rng.IntN(20)
		var pts []string
		for k := range n {
			dec := math.Round((rng.Float64()*60-30)*1e4) / 1e4
			if rng.IntN(4) == 0 && k > 0 { // near another's, or its mirror
				dec = math.Round((rng.Float64()*2-1)*1e4)/1e4 + float64(k%3-1)*10
			}
			pts = append(pts, fmt.Sprintf(`{"name":"P%d","declination":%g}`, k, dec))
		}
		orb := math.Round((0.1+rng.Float64()*4.9)*100) / 100
		body := fmt.Sprintf(`{"points":[%s],"orb":%g`, strings.Join(pts, ","), orb)
		obliquity := 0.0
		if i%2 == 0 {
			obliquity = 23.4 + rng.Float64()*0.2
			body += fmt.Sprintf(`,"obliquity":%g`, obliquity)
		}
		res, _ := postDeclinations(t, ts, body+"}")
		what := fmt.Sprintf("set %d", i)
		if len(res.Points) != n || res.Orb != orb || res.Obliquity != obliquity {
			t.Fatalf("%s: %d points, orb %v, obliquity %v", what, len(res.Points), res.Orb, res.Obliquity)
		}
		for _, p := range res.Points {
			switch {
			case obliquity == 0 && p.OutOfBounds != nil:
				t.Errorf("%s: %s flagged without an obliquity", what, p.Name)
			case obliquity != 0 && (p.OutOfBounds == nil || *p.OutOfBounds != (math.Abs(p.Declination) > obliquity)):
				t.Errorf("%s: %s at %v: out_of_bounds %v against %v", what, p.Name, p.Declination, p.OutOfBounds, obliquity)
			}
		}
		pairs += checkParallels(t, what, res)
	}
	if pairs < 200 {
		t.Errorf("only %d aspects over 200 sets", pairs)
	}
	t.Logf("200 sets of 2-21 points: %d parallels and contra-parallels, all as the brute force", pairs)
}

// TestDeclinationsUnknownTime: a birth of unknown time has no angles, its
// Moon is marked, and a parallel is marked time-dependent exactly when the
// charts cast at the two ends of the local birth day (00:00 and 24:00,
// posted as ordinary births) do not both hold it; a parallel not marked
// holds in hourly charts through the day (but within 0.01 degree of the
// orb's edge).
func TestDeclinationsUnknownTime(t *testing.T) {
	ts := startWithNatal(t, apitest.Tables(t))
	rng := rand.New(rand.NewPCG(8, 25))
	marked, steady := 0, 0
	for i := range 6 {
		y, m, d := 1950+rng.IntN(70), 1+rng.IntN(12), 1+rng.IntN(28)
		lon := rng.Float64()*340 - 170
		place := fmt.Sprintf(`"latitude":%.2f,"longitude":%.2f,"timezone":%d`, rng.Float64()*100-50, lon, int(math.Round(lon/15)))
		birth := fmt.Sprintf(`{"year":%d,"month":%d,"day":%d,%s,"time_unknown":true}`, y, m, d, place)
		res, _ := postDeclinations(t, ts, `{"birth":`+birth+`,"orb":1.5}`)
		what := fmt.Sprintf("birth %d", i)
		for _, p := range res.Points {
			if p.Name == "Ascendant" || p.Name == "Midheaven" {
				t.Errorf("%s: %s listed for an unknown time", what, p.Name)
			}
			if p.TimeDependent != (p.Name == "Moon") {
				t.Errorf("%s: %s time_dependent %v", what, p.Name, p.TimeDependent)
			}
		}
		// Hourly charts of the day, 00:00 to 24:00 local time.
		held := make([]map[[2]string]engaspects.DeclinationAspect, 25)
		for h := range 25 {
			at := fmt.Sprintf(`{"year":%d,"month":%d,"day":%d,"hour":%d,%s,"include_parallels":true,"parallel_orb":1.5}`, y, m, d, h%24, place)
			if h == 24 {
				at = nextDay(at)
			}
			env := ts.Post(t, "/api/v1/natal", at).WantStatus(t, 200).Envelope(t)
			var c natal.Chart
			if err := json.Unmarshal(env.Result, &c); err != nil {
				t.Fatal(err)
			}
			held[h] = map[[2]string]engaspects.DeclinationAspect{}
			for _, a := range c.Parallels {
				held[h][[2]string{a.Point1, a.Point2}] = a
			}
		}
		edge := func(a engaspects.DeclinationAspect) bool {
			return math.Abs(a.Orb-1.5) < 0.01
		}
		for _, a := range res.Parallels {
			k := [2]string{a.Point1, a.Point2}
			s, e := held[0][k], held[24][k]
			both := s.Aspect == a.Aspect && e.Aspect == a.Aspect
			if a.TimeDependent == both && !edge(s) && !edge(e) {
				t.Errorf("%s: %s %s %s time_dependent %v; at 00:00 %q, at 24:00 %q", what, a.Point1, a.Aspect, a.Point2, a.TimeDependent, s.Aspect, e.Aspect)
			}
			if a.TimeDependent {
				marked++
				continue
			}
			steady++
			for h := range held {
				if g := held[h][k]; g.Aspect != a.Aspect && !edge(a) {
					t.Errorf("%s: %s %s %s not marked but absent at %02d:00", what, a.Point1, a.Aspect, a.Point2, h)
				}
			}
		}
	}
	if marked == 0 || steady == 0 {
		t.Errorf("%d marked, %d steady parallels: the births test nothing", marked, steady)
	}
	t.Logf("6 births of unknown time: %d parallels marked time-dependent, %d holding all day (25 hourly charts each)", marked, steady)
}

// nextDay moves a body's date to the next day (hour 0).
func nextDay(body string) string {
	var m map[string]any
	if err := json.Unmarshal([]byte(body), &m); err != nil {
		panic(err)
	}
	next := time.Date(int(m["year"].(float64)), time.Month(m["month"].(float64)), int(m["day"].(float64))+1, 0, 0, 0, 0, time.UTC)
	m["year"], m["month"], m["day"] = next.Year(), int(next.Month()), next.Day()
	m["hour"] = 0
	b, err := json.Marshal(m)
	if err != nil {
		panic(err)
	}
	return string(b)
}

func TestDeclinationsBadInput(t *testing.T) {
	ts := startTestServer(t, apitest.Ephemeris(t))
	const pts = `"points":[{"name":"A","declination":1},{"name":"B","declination":-1.5}]`
	const birthOK = `"birth":{"year":1990,"month":1,"day":1,"latitude":10,"longitude":10}`
	for _, c := range []struct {
		name, body string
		field      string
	}{
		{"ErrNeither", `{}`, "birth"},
		{"ErrBoth", `{` + birthOK + `,` + pts + `}`, "points"},
		{"ErrObliquityWithBirth", `{` + birthOK + `,"obliquity":23.44}`, "obliquity"},
		{"ErrOnePoint", `{"points":[{"name":"A","declination":1}]}`, "points"},
		{"ErrDuplicate", `{"points":[{"name":"A","declination":1},{"name":"A","declination":2}]}`, "points[1].name"},
		{"ErrEmptyName", `{"points":[{"name":"","declination":1},{"name":"B","declination":2}]}`, "points[0].name"},
		{"ErrDeclinationBound", `{"points":[{"name":"A","declination":90.5},{"name":"B","declination":2}]}`, "points[0].declination"},
		{"ErrDeclinationMissing", `{"points":[{"name":"A","declination":1},{"name":"B"}]}`, "points[1].declination"},
		{"ErrDeclinationType", `{"points":[{"name":"A","declination":"north"},{"name":"B","declination":2}]}`, "points[0].declination"},
		{"ErrPointsMany", `{"points":[` + strings.Repeat(`{"name":"A","declination":1},`, 50) + `{"name":"B","declination":2}]}`, "points"},
		{"ErrObliquityLow", `{` + pts + `,"obliquity":21.9}`, "obliquity"},
		{"ErrObliquityHigh", `{` + pts + `,"obliquity":25.1}`, "obliquity"},
		{"ErrOrbZero", `{` + pts + `,"orb":0}`, "orb"},
		{"ErrOrbHigh", `{` + pts + `,"orb":5.1}`, "orb"},
		{"ErrOrbType", `{` + pts + `,"orb":"wide"}`, "orb"},
		{"ErrBirthLatitude", `{"birth":{"year":1990,"month":1,"day":1,"latitude":91,"longitude":10}}`, "birth.latitude"},
		{"ErrBirthHouseSystem", `{"birth":{"year":1990,"month":1,"day":1,"latitude":1,"longitude":10,"house_system":"plaicdus"}}`, "birth.house_system"},
		{"ErrUnknownOrbs", `{` + pts + `,"orbs":1}`, "orbs"},
		{"ErrUnknownPointField", `{"points":[{"name":"A","decl":1},{"name":"B","declination":2}]}`, "points[0].decl"},
		{"ErrUnknownBirthField", `{"birth":{"year":1990,"month":1,"day":1,"lat":10,"longitude":10}}`, "birth.lat"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := ts.Post(t, "/api/v1/aspects/declinations", c.body).WantStatus(t, 422).Problem(t)
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
	ts.Post(t, "/api/v1/aspects/declinations", `{"points":[`).WantStatus(t, 400)
	// Points work without an ephemeris; birth data does not.
	bare := startTestServer(t, nil)
	bare.Post(t, "/api/v1/aspects/declinations", `{`+pts+`}`).WantStatus(t, 200)
	bare.Post(t, "/api/v1/aspects/declinations", `{`+birthOK+`}`).WantStatus(t, 503)
}
