package uranian_test

import (
	"github.com/astroapi/astroapi/engine/accuracy/measure"
	"math"
	"os"
	"testing"

	json "github.com/goccy/go-json"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/uranian"
	"github.com/astroapi/astroapi/http/apitest"
)

type response struct {
	Input    uranian.Request
	Result   uranian.Chart
	Warnings []string
}

func post(t *testing.T, ts *apitest.Server, body string) response {
	t.Helper()
	env := ts.Post(t, "/api/v1/uranian", body).WantStatus(t, 200).Envelope(t)
	var out response
	if err := json.Unmarshal(env.Input, &out.Input); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(env.Result, &out.Result); err != nil {
		t.Fatal(err)
	}
	out.Warnings = env.Warnings
	return out
}

// TestAgainstSwetest posts the births of testdata/swetest.json (made by
// testdata/gen/uranian_swetest.py) and compares every point of the chart
// (the eight transneptunian points, Sun..Pluto, the node, Ascendant and
// Midheaven) with swetest's, within the fixture's 1 arcsecond, from the
// production source (tables, libswe behind) and from libswe alone.
func TestAgainstSwetest(t *testing.T) {
	raw, err := os.ReadFile("testdata/swetest.json")
	if err != nil {
		t.Fatal(err)
	}
	var fx struct {
		Tolerance float64 `json:"tolerance_arcsec"`
		Cases     []struct {
			Request json.RawMessage    `json:"request"`
			Swetest string             `json:"swetest"`
			Points  map[string]float64 `json:"points"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(raw, &fx); err != nil {
		t.Fatal(err)
	}
	if len(fx.Cases) < 100 || fx.Tolerance != 1 {
		t.Fatalf("fixture: %d cases, tolerance %v", len(fx.Cases), fx.Tolerance)
	}
	tnp := map[string]bool{}
	for _, b := range engine.UranianBodies() {
		tnp[b.String()] = true
	}
	for _, src := range []struct {
		name string
		pos  engine.Positions
	}{{"tables", apitest.Tables(t)}, {"swiss_ephemeris", apitest.Ephemeris(t)}} {
		t.Run(src.name, func(t *testing.T) {
			cmp := measure.Compare(t, measure.About{
				What:      "Uranian chart through HTTP (POST /api/v1/uranian), from " + map[string]string{"tables": "the tables", "swiss_ephemeris": "libswe alone"}[src.name] + ": the eight transneptunian points, Sun..Pluto, the node, Ascendant and Midheaven",
				Reference: "swetest 2.10.03 (the transneptunian points as its fictitious bodies J..Q, elements of seorbel.txt)",
				Sample:    "random births 1000-2999 (nine in ten 1800-2399) at latitudes -66..66, both zodiacs and nodes (testdata/swetest.json)",
			})
			points := cmp.Quantity("planets, node and angles", "arcsec", fx.Tolerance, 0.0025)
			transneptunian := cmp.Quantity("transneptunian points", "arcsec", fx.Tolerance, 0.001)
			ts := startTestServer(t, src.pos)
			for i, c := range fx.Cases {
				out := post(t, ts, string(c.Request))
				got := map[string]float64{}
				for _, p := range out.Result.Points {
					got[p.Name] = p.Longitude
				}
				if len(got) != 22 {
					t.Errorf("case %d: %d points", i, len(got))
				}
				for name, want := range c.Points {
					g, ok := got[name]
					if !ok {
						t.Errorf("case %d: no %s", i, name)
						continue
					}
					d := math.Abs(math.Remainder(g-want, 360)) * 3600
					if tnp[name] {
						transneptunian.Add(d, "case", i, name)
					} else {
						points.Add(d, "case", i, name)
					}
					if measure.Over(d, fx.Tolerance) {
						t.Errorf("case %d (%s): %s %.7f, swetest %.7f (%.3f\")", i, c.Swetest, name, g, want, d)
					}
				}
			}
		})
	}
}

// TestChart: the echo states every default; the dial positions, the dial
// order, the 231 midpoints and the pictures of a chart hold together; the
// classic chart has 14 points and 91 midpoints.
func TestChart(t *testing.T) {
	ts := startTestServer(t, apitest.Tables(t))
	out := post(t, ts, `{"year":1990,"month":7,"day":14,"hour":14,"minute":30,"latitude":51.5074,"longitude":-0.1278,"timezone":"Europe/London","include_sums":true}`)
	in, res := out.Input, out.Result
	if in.ZodiacType != "tropical" || in.NodeType != "mean" || in.IncludeUranian == nil || !*in.IncludeUranian || in.Dial != 90 || in.Orb != 1 || in.BirthTime != "14:30:00" {
		t.Errorf("echo %+v", in)
	}
	if len(res.Points) != 22 || len(res.DialOrder) != 22 || len(res.Midpoints) != 231 || res.Dial != 90 {
		t.Fatalf("result: %d points, %d dial entries, %d midpoints", len(res.Points), len(res.DialOrder), len(res.Midpoints))
	}
	var mids, sums int
	for _, p := range res.Pictures {
		switch p.Kind {
		case uranian.MidpointPicture:
			mids++
		case uranian.SumPicture:
			sums++
		}
		if p.Orb > 1 {
			t.Errorf("%s: orb %v", p.Formula, p.Orb)
		}
	}
	if mids == 0 || sums == 0 {
		t.Errorf("%d midpoint and %d sum pictures", mids, sums)
	}
	for _, p := range res.Points {
		if measure.Over(math.Abs(p.Dial-math.Mod(p.Longitude, 90)), 1e-9) {
			t.Errorf("%s: dial %v of %v", p.Name, p.Dial, p.Longitude)
		}
	}
	out = post(t, ts, `{"year":1990,"month":7,"day":14,"latitude":51.5,"longitude":0,"include_transneptunians":false,"dial":45,"node_type":"true"}`)
	if len(out.Result.Points) != 14 || len(out.Result.Midpoints) != 91 || out.Result.Dial != 45 || out.Result.Node != "true" {
		t.Errorf("classic: %d points, %d midpoints, dial %v", len(out.Result.Points), len(out.Result.Midpoints), out.Result.Dial)
	}
	for _, p := range out.Result.Pictures {
		if p.Kind != uranian.MidpointPicture {
			t.Errorf("sum picture without include_sums: %s", p.Formula)
		}
	}
}

// TestBadInput: the route answers bad input with a 4xx naming the field.
func TestBadInput(t *testing.T) {
	ts := startTestServer(t, apitest.Tables(t))
	const base = `"year":1990,"month":7,"day":14,"latitude":51.5,"longitude":0`
	for _, c := range []struct {
		name, body string
		status     int
		field      string
	}{
		{"ErrDial", `{` + base + `,"dial":30}`, 422, "dial"},
		{"ErrDialString", `{` + base + `,"dial":"90"}`, 422, "dial"},
		{"ErrOrbZero", `{` + base + `,"orb":-1}`, 422, "orb"},
		{"ErrOrbWide", `{` + base + `,"orb":3.01}`, 422, "orb"},
		{"ErrNode", `{` + base + `,"node_type":"osculating"}`, 422, "node_type"},
		{"ErrZodiac", `{` + base + `,"zodiac_type":"draconic"}`, 422, "zodiac_type"},
		{"ErrAyanamsa", `{` + base + `,"zodiac_type":"sidereal","ayanamsa":"sassanid"}`, 422, "ayanamsa"},
		{"ErrUranianType", `{` + base + `,"include_transneptunians":"no"}`, 422, "include_transneptunians"},
		{"ErrSumsType", `{` + base + `,"include_sums":1}`, 422, "include_sums"},
		{"ErrDay", `{"year":1990,"month":2,"day":30,"latitude":1,"longitude":1}`, 422, "day"},
		{"ErrNoPlace", `{"year":1990,"month":2,"day":3}`, 422, "latitude"},
		{"ErrLatitude", `{"year":1990,"month":2,"day":3,"latitude":91,"longitude":1}`, 422, "latitude"},
		{"ErrUnknownField", `{` + base + `,"dail":90}`, 422, "dail"},
		{"ErrUnknownHouses", `{` + base + `,"house_system":"placidus"}`, 422, "house_system"},
		{"ErrDateAndYear", `{` + base + `,"date":"1990-07-14"}`, 422, "date"},
		{"ErrNotJSON", `{"year":`, 400, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := ts.Post(t, "/api/v1/uranian", c.body).WantStatus(t, c.status).Problem(t)
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
