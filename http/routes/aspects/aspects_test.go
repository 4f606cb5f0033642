package aspects_test

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
	"github.com/astroapi/astroapi/engine/patterns"
	"github.com/astroapi/astroapi/http/apitest"
	"github.com/astroapi/astroapi/http/routes/aspects"
)

func startTestServer(t testing.TB, pos engine.Positions) *apitest.Server {
	t.Helper()
	ops := aspects.Ops(aspects.Deps{Positions: pos})
	return apitest.Start(t, apitest.Options{Ops: apitest.Serve(ops...), Ephemeris: pos != nil})
}

func postAspects(t *testing.T, ts *apitest.Server, body string) aspects.Analysis {
	t.Helper()
	env := ts.Post(t, "/api/v1/aspects", body).WantStatus(t, 200).Envelope(t)
	var res aspects.Analysis
	if err := json.Unmarshal(env.Result, &res); err != nil {
		t.Fatal(err)
	}
	return res
}

// selection is a request's choice of aspects, as the test sends it.
type selection struct {
	set         string // aspect_set: "", major, minor, all
	harmonics   []int
	orbs        map[string]float64
	harmonicOrb float64
}

// body is the selection's fields of the request body.
func (sel selection) body() string {
	var b strings.Builder
	if sel.set != "" {
		fmt.Fprintf(&b, `,"aspect_set":%q`, sel.set)
	}
	if len(sel.harmonics) > 0 {
		h, _ := json.Marshal(sel.harmonics)
		fmt.Fprintf(&b, `,"harmonics":%s`, h)
	}
	if sel.harmonicOrb != 0 {
		fmt.Fprintf(&b, `,"harmonic_orb":%g`, sel.harmonicOrb)
	}
	if len(sel.orbs) > 0 {
		o, _ := json.Marshal(sel.orbs)
		fmt.Fprintf(&b, `,"orbs":%s`, o)
	}
	return b.String()
}

// rule is an aspect looked for: its name, exact angle and orb.
type rule struct {
	name       string
	angle, orb float64
}

// namedAspects are the eleven named aspects with their default orbs, as
// the route documents them (aspect_set and orbs in aspects.go), written
// here rather than taken from the code.
var namedAspects = []struct {
	rule
	major bool
}{
	{rule{"conjunction", 0, 8}, true}, {rule{"opposition", 180, 8}, true}, {rule{"trine", 120, 8}, true},
	{rule{"square", 90, 7}, true}, {rule{"sextile", 60, 6}, true},
	{rule{"semi_sextile", 30, 2}, false}, {rule{"semi_square", 45, 2}, false}, {rule{"quintile", 72, 2}, false},
	{rule{"sesquiquadrate", 135, 2}, false}, {rule{"biquintile", 144, 2}, false}, {rule{"quincunx", 150, 3}, false},
}

// harmonicNames are the documented names of the harmonic aspects the tests
// ask for; the others are harmonic_<n>_<k>.
var harmonicNames = map[[2]int]string{
	{5, 1}: "quintile", {5, 2}: "biquintile", {7, 1}: "septile", {7, 2}: "biseptile", {7, 3}: "triseptile",
	{9, 1}: "novile", {9, 2}: "binovile", {9, 4}: "quadnovile",
}

// rules are the aspects the route documents for sel: the named set
// (default major, none when harmonics are sent) with the default orbs, an
// aspect named in orbs taking that orb (and added outside the set), then
// each harmonic n's angles 360k/n, k <= n/2 coprime with n, with
// harmonic_orb or 12/n, but for an angle already looked for.
func (sel selection) rules() []rule {
	set := sel.set
	if set == "" {
		set = "major"
		if len(sel.harmonics) > 0 {
			set = "none"
		}
	}
	var out []rule
	for _, a := range namedAspects {
		orb, custom := sel.orbs[a.name]
		if !custom {
			orb = a.orb
		}
		if custom || set == "all" || (set == "major" && a.major) || (set == "minor" && !a.major) {
			out = append(out, rule{a.name, a.angle, orb})
		}
	}
	for _, n := range sel.harmonics {
		orb := sel.harmonicOrb
		if orb == 0 {
			orb = 12 / float64(n)
		}
		for k := 1; 2*k <= n; k++ {
			if gcd(k, n) != 1 {
				continue
			}
			angle := 360 * float64(k) / float64(n)
			if slices.ContainsFunc(out, func(r rule) bool { return math.Abs(r.angle-angle) < 1e-9 }) {
				continue
			}
			name, ok := harmonicNames[[2]int{n, k}]
			if !ok {
				name = fmt.Sprintf("harmonic_%d_%d", n, k)
			}
			out = append(out, rule{name, angle, orb})
		}
	}
	return out
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// aspectChecks are the quantities a brute force measures.
type aspectChecks struct {
	rules, found *measure.Quantity // exact
	orbs         *measure.Quantity // degrees
}

// bruteForce checks an answer against the test's own reading of the
// request: the aspects looked for are the rules the route documents for
// sel (not those the answer says it used), and every pair of res.Points
// within an orb is listed with the nearest aspect's name and orb (to 0.001
// degree), and nothing else is. It returns the number of aspects.
func bruteForce(t *testing.T, what string, sel selection, res aspects.Analysis, q aspectChecks) int {
	t.Helper()
	rules := sel.rules()
	var looked []rule
	for _, r := range res.LookedFor {
		looked = append(looked, rule{string(r.Aspect), r.Angle, r.Orb})
	}
	sameRules := slices.EqualFunc(rules, looked, func(a, b rule) bool {
		return a.name == b.name && math.Abs(a.angle-b.angle) < 1e-9 && math.Abs(a.orb-b.orb) < 1e-9
	})
	q.rules.Match(sameRules, what)
	if !sameRules {
		t.Errorf("%s: the answer looked for %v, the documented rules are %v", what, looked, rules)
	}
	type key struct{ a, b string }
	want := map[key]rule{}
	for i, p := range res.Points {
		for _, r := range res.Points[i+1:] {
			sep := math.Abs(math.Remainder(r.Longitude-p.Longitude, 360))
			best := rule{orb: math.Inf(1)}
			for _, x := range rules {
				if d := math.Abs(sep - x.angle); d <= x.orb && d < best.orb {
					best = rule{x.name, x.angle, d}
				}
			}
			if !math.IsInf(best.orb, 1) {
				want[key{p.Name, r.Name}] = best
			}
		}
	}
	got := map[key]rule{}
	for _, a := range res.Aspects {
		got[key{a.Point1, a.Point2}] = rule{string(a.Aspect), a.Angle, a.Orb}
	}
	for k, w := range want {
		g, ok := got[k]
		q.found.Match(ok && g.name == w.name, what, k.a, k.b)
		if !ok || g.name != w.name {
			t.Errorf("%s: %s-%s brute force %s orb %.5f, route %s %.5f (listed %v)", what, k.a, k.b, w.name, w.orb, g.name, g.orb, ok)
			continue
		}
		q.orbs.Add(math.Abs(g.orb-w.orb), what, k.a, k.b)
		if measure.Over(math.Abs(g.orb-w.orb), 0.001) {
			t.Errorf("%s: %s-%s %s brute force orb %.5f, route %.5f", what, k.a, k.b, w.name, w.orb, g.orb)
		}
	}
	for k, g := range got {
		if _, ok := want[k]; !ok {
			q.found.Match(false, what, k.a, k.b)
			t.Errorf("%s: %s-%s listed (%s) but within no orb", what, k.a, k.b, g.name)
		}
	}
	return len(got)
}

// TestAspectsFromBirthAgainstSwetest posts the natal route's swetest
// births (http/routes/natal/testdata/gen/natal_swetest.py) as birth data
// with a different aspect selection each (majors, minors, all, harmonics
// 5, 7, 9, 11, custom orbs) through the tables: the aspected points agree
// with swetest within 1 arcsecond, and the aspects with a brute force over
// the rules the route documents for the request.
func TestAspectsFromBirthAgainstSwetest(t *testing.T) {
	raw, err := os.ReadFile("../natal/testdata/natal/swetest.json")
	if err != nil {
		t.Fatal(err)
	}
	var fx struct {
		Cases []struct {
			Request   json.RawMessage       `json:"request"`
			Planets   map[string][3]float64 `json:"planets"`
			Ascendant float64               `json:"ascendant"`
			Midheaven float64               `json:"midheaven"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(raw, &fx); err != nil {
		t.Fatal(err)
	}
	if len(fx.Cases) < 120 {
		t.Fatalf("%d births in the fixture, want 120", len(fx.Cases))
	}
	ts := startTestServer(t, apitest.Tables(t))
	cmp := measure.Compare(t, measure.About{
		What:      "Aspects from birth data through HTTP (POST /api/v1/aspects): the aspected points, the rules looked for, every aspect's name and orb, from the tables",
		Reference: "swetest 2.10.03 for the points; a brute force over every pair of points with the rules the route documents for the request (not those the answer reports)",
		Sample:    "the natal route's random births 1800-2400, each with another selection: majors, minors, all, harmonics 5, 7, 9, 11, custom orbs",
	})
	points := cmp.Quantity("aspected points", "arcsec", 1, 0.0025)
	q := aspectChecks{rules: cmp.Exact("rules looked for"), found: cmp.Exact("aspects: same pairs and names"), orbs: cmp.Quantity("orbs", "deg", 0.001, 1e-7)}
	selections := []selection{{}, {set: "minor"}, {set: "all"}, {harmonics: []int{5, 7}},
		{set: "major", harmonics: []int{9, 11}, harmonicOrb: 1.5}, {orbs: map[string]float64{"conjunction": 10, "quincunx": 4}}}
	total := 0
	for i, c := range fx.Cases[:120] {
		sel := selections[i%len(selections)]
		res := postAspects(t, ts, `{"birth":`+string(c.Request)+sel.body()+`}`)
		for _, p := range res.Points {
			want, ok := c.Planets[p.Name]
			switch {
			case ok:
			case p.Name == "Ascendant":
				want[0] = c.Ascendant
			case p.Name == "Midheaven":
				want[0] = c.Midheaven
			default:
				t.Errorf("case %d: point %s not in the reference", i, p.Name)
				continue
			}
			d := math.Abs(math.Remainder(p.Longitude-want[0], 360)) * 3600
			points.Add(d, "case", i, p.Name)
			if measure.Over(d, 1) {
				t.Errorf("case %d: %s %.7f, swetest %.7f", i, p.Name, p.Longitude, want[0])
			}
		}
		total += bruteForce(t, fmt.Sprintf("case %d%s", i, sel.body()), sel, res, q)
	}
	t.Logf("%d points, %d aspects; largest difference from swetest %.4f\" (%s)", points.N(), total, points.Max(), points.At())
}

// TestAspectsFromPointsRandom: random point lists and selections against
// the brute force.
func TestAspectsFromPointsRandom(t *testing.T) {
	ts := startTestServer(t, nil) // points need no ephemeris
	r := rand.New(rand.NewPCG(5, 6))
	// Not published: the same checks, counted by quantities of no comparison.
	q := aspectChecks{rules: &measure.Quantity{}, found: &measure.Quantity{}, orbs: &measure.Quantity{}}
	total := 0
	for i := range 60 {
		var pts []string
		for k := range 2 + r.IntN(14) {
			pts = append(pts, fmt.Sprintf(`{"name":"P%d","longitude":%.6f,"speed":%.3f}`, k, r.Float64()*360, r.Float64()*4-1))
		}
		sel := []selection{{}, {set: "all"}, {harmonics: []int{5, 7, 9}}, {set: "minor", orbs: map[string]float64{"trine": 3}}}[i%4]
		res := postAspects(t, ts, `{"points":[`+strings.Join(pts, ",")+`]`+sel.body()+`}`)
		total += bruteForce(t, fmt.Sprintf("list %d", i), sel, res, q)
	}
	q.orbs.Check(t, "orbs against the brute force", "deg", 0.001)
	if q.found.N() != total || total < 300 {
		t.Errorf("%d aspects listed, %d checked against the brute force", total, q.found.N())
	}
	t.Logf("%d aspects over 60 random lists", total)
}

// TestAspectPatternsHandBuilt: each configuration present in a hand-built
// chart, with its members, apex and tightness, and absent when one member
// is moved out of orb.
func TestAspectPatternsHandBuilt(t *testing.T) {
	ts := startTestServer(t, nil)
	list := func(lons ...float64) string {
		var pts []string
		for i, l := range lons {
			pts = append(pts, fmt.Sprintf(`{"name":"%c","longitude":%g}`, 'A'+i, l))
		}
		return `{"points":[` + strings.Join(pts, ",") + `]}`
	}
	find := func(res aspects.Analysis, f patterns.Figure) *patterns.Configuration {
		for i := range res.Configurations {
			if res.Configurations[i].Type == f {
				return &res.Configurations[i]
			}
		}
		return nil
	}
	for _, c := range []struct {
		figure  patterns.Figure
		present []float64
		absent  []float64
		points  string
		apex    string
		orb     float64
	}{
		// A at 10, B opposite at 192 (orb 2), C at 100 square both (orb 0 and 2).
		{patterns.TSquare, []float64{10, 192, 100}, []float64{10, 192, 120}, "A,B,C", "C", 2},
		{patterns.GrandTrine, []float64{5, 124, 247}, []float64{5, 124, 260}, "A,B,C", "", 3},
		{patterns.GrandCross, []float64{0, 91, 181, 272}, []float64{0, 91, 181, 290}, "A,B,C,D", "", 2},
		// Yod: A-B sextile (orb 1), C quincunx both (150 from A, 149 from B).
		{patterns.Yod, []float64{0, 61, 210}, []float64{0, 61, 200}, "A,B,C", "C", 1},
		// Kite: grand trine A, B, C; D opposite A, sextile B and C.
		{patterns.Kite, []float64{0, 120, 240, 181}, []float64{0, 120, 240, 200}, "A,B,C,D", "D", 1},
		// Mystic rectangle: A 0, B 60, C 180, D 240: A-C and B-D opposite,
		// A-B and C-D sextile, B-C and D-A trine.
		{patterns.MysticRectangle, []float64{0, 61, 180, 240}, []float64{0, 75, 180, 240}, "A,B,C,D", "", 1},
		{patterns.Stellium, []float64{100, 104, 108.5, 250}, []float64{100, 104, 112, 250}, "A,B,C", "", 8.5},
	} {
		t.Run(string(c.figure), func(t *testing.T) {
			got := find(postAspects(t, ts, list(c.present...)), c.figure)
			if got == nil {
				t.Fatalf("%s missing from %v", c.figure, c.present)
			}
			if strings.Join(got.Points, ",") != c.points || got.Apex != c.apex || measure.Over(math.Abs(got.Orb-c.orb), 1e-9) {
				t.Errorf("%s: points %v apex %q orb %v; want %s %q %v", c.figure, got.Points, got.Apex, got.Orb, c.points, c.apex, c.orb)
			}
			if got := find(postAspects(t, ts, list(c.absent...)), c.figure); got != nil {
				t.Errorf("%s found in %v: %+v", c.figure, c.absent, got)
			}
		})
	}
}

func TestAspectsBadInput(t *testing.T) {
	ts := startTestServer(t, apitest.Ephemeris(t))
	const pts = `"points":[{"name":"A","longitude":1},{"name":"B","longitude":100}]`
	const birthOK = `"birth":{"year":1990,"month":1,"day":1,"latitude":10,"longitude":10}`
	for _, c := range []struct {
		name, body string
		status     int
		field      string
	}{
		{"ErrNeither", `{}`, 422, "birth"},
		{"ErrBoth", `{` + birthOK + `,` + pts + `}`, 422, "points"},
		{"ErrOnePoint", `{"points":[{"name":"A","longitude":1}]}`, 422, "points"},
		{"ErrDuplicate", `{"points":[{"name":"A","longitude":1},{"name":"A","longitude":2}]}`, 422, "points[1].name"},
		{"ErrLongitude360", `{"points":[{"name":"A","longitude":1},{"name":"B","longitude":360}]}`, 422, "points[1].longitude"},
		{"ErrPointsMany", `{"points":[` + strings.Repeat(`{"name":"A","longitude":1},`, 50) + `{"name":"B","longitude":2}]}`, 422, "points"},
		{"ErrLongitudeNegative", `{"points":[{"name":"A","longitude":-0.5},{"name":"B","longitude":2}]}`, 422, "points[0].longitude"},
		{"ErrLongitudeMissing", `{"points":[{"name":"A","longitude":1},{"name":"B"}]}`, 422, "points[1].longitude"},
		{"ErrLongitudeType", `{"points":[{"name":"A","longitude":"x"},{"name":"B","longitude":2}]}`, 422, "points[0].longitude"},
		{"ErrNameNull", `{"points":[{"name":null,"longitude":1},{"name":"B","longitude":2}]}`, 422, "points[0].name"},
		{"ErrSpeed", `{"points":[{"name":"A","longitude":1,"speed":1000},{"name":"B","longitude":2}]}`, 422, "points[0].speed"},
		{"ErrAspectSet", `{` + pts + `,"aspect_set":"some"}`, 422, "aspect_set"},
		{"ErrNone", `{` + pts + `,"aspect_set":"none"}`, 422, "aspect_set"},
		{"ErrHarmonicLow", `{` + pts + `,"harmonics":[1]}`, 422, "harmonics[0]"},
		{"ErrHarmonicHigh", `{` + pts + `,"harmonics":[5,40]}`, 422, "harmonics[1]"},
		{"ErrHarmonicsMany", `{` + pts + `,"harmonics":[2,3,4,5,6,7,8,9,10]}`, 422, "harmonics"},
		{"ErrHarmonicType", `{` + pts + `,"harmonics":["five"]}`, 422, "harmonics[0]"},
		{"ErrHarmonicOrb", `{` + pts + `,"harmonics":[5],"harmonic_orb":20}`, 422, "harmonic_orb"},
		{"ErrOrbKey", `{` + pts + `,"orbs":{"septile":2}}`, 422, "orbs.septile"},
		{"ErrOrbValue", `{` + pts + `,"orbs":{"trine":-1}}`, 422, "orbs.trine"},
		{"ErrStelliumSpan", `{` + pts + `,"stellium_span":50}`, 422, "stellium_span"},
		{"ErrBirthLatitudeType", `{"birth":{"year":1990,"month":1,"day":1,"latitude":"x","longitude":10}}`, 422, "birth.latitude"},
		{"ErrBirthLatitude", `{"birth":{"year":1990,"month":1,"day":1,"latitude":91,"longitude":10}}`, 422, "birth.latitude"},
		{"ErrBirthYear", `{"birth":{"month":1,"day":1,"latitude":1,"longitude":10}}`, 422, "birth.year"},
		{"ErrSpeedBound", `{"points":[{"name":"A","longitude":1,"speed":-100.5},{"name":"B","longitude":2}]}`, 422, "points[0].speed"},
		{"ErrStelliumSpanLow", `{` + pts + `,"stellium_span":0.5}`, 422, "stellium_span"},
		{"ErrHarmonicOrbBound", `{` + pts + `,"harmonic_orb":15.5}`, 422, "harmonic_orb"},
		{"ErrUnknownAspectSet", `{` + pts + `,"aspectset":"all"}`, 422, "aspectset"},
		{"ErrUnknownPointField", `{"points":[{"name":"A","lon":1},{"name":"B","longitude":2}]}`, 422, "points[0].lon"},
		{"ErrUnknownBirthField", `{"birth":{"year":1990,"month":1,"day":1,"lat":10,"longitude":10}}`, 422, "birth.lat"},
		{"ErrUnknownPlanets", `{"planets":[{"name":"A","longitude":1}]}`, 422, "planets"},
		{"ErrBothAndBad", `{"birth":{"year":1990,"month":1,"day":1,"latitude":91,"longitude":10},` + pts + `}`, 422, "birth.latitude"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := ts.Post(t, "/api/v1/aspects", c.body).WantStatus(t, c.status).Problem(t)
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
	// Points work without an ephemeris; birth data does not.
	bare := startTestServer(t, nil)
	bare.Post(t, "/api/v1/aspects", `{`+pts+`}`).WantStatus(t, 200)
	bare.Post(t, "/api/v1/aspects", `{`+birthOK+`}`).WantStatus(t, 503)
}

// TestAspectsEcho: the echo is the request as read (the aspect set used,
// longitudes in [0, 360), the birth as the natal route echoes it) and sent
// back gives the same answer.
func TestAspectsEcho(t *testing.T) {
	ts := startTestServer(t, apitest.Tables(t))
	for _, c := range []struct{ body, set string }{
		{`{"points":[{"name":"A","longitude":0},{"name":"B","longitude":72,"speed":1}],"harmonics":[5]}`, "none"},
		{`{"birth":{"date":"1990-01-01","time":"12:00","latitude":10,"longitude":10,"timezone":"+01:00"},"orbs":{"trine":3}}`, "major"},
	} {
		env := ts.Post(t, "/api/v1/aspects", c.body).WantStatus(t, 200).Envelope(t)
		var in struct {
			AspectSet    string  `json:"aspect_set"`
			StelliumSpan float64 `json:"stellium_span"`
			Points       []struct {
				Longitude float64 `json:"longitude"`
			} `json:"points"`
		}
		if err := json.Unmarshal(env.Input, &in); err != nil || in.AspectSet != c.set || in.StelliumSpan != 10 || (len(in.Points) > 0 && in.Points[0].Longitude != 0) {
			t.Errorf("echo %s", env.Input)
		}
		again := ts.Post(t, "/api/v1/aspects", string(env.Input)).WantStatus(t, 200).Envelope(t)
		if string(again.Result) != string(env.Result) || string(again.Input) != string(env.Input) {
			t.Errorf("the echo sent back gives another answer: %s\n%s", env.Input, again.Input)
		}
	}
}
