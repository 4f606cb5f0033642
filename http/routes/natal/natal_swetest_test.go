package natal_test

import (
	"math"
	"os"
	"strconv"
	"testing"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/accuracy/measure"
	"github.com/astroapi/astroapi/http/apitest"
	json "github.com/goccy/go-json"
)

// TestNatalAgainstSwetest posts the random charts of
// testdata/natal/swetest.json (made by testdata/gen/natal_swetest.py) to
// POST /api/v1/natal and compares planets, angles, Vertex and cusps with
// swetest's numbers, printed to 1e-7 degree: within 0.005 arcsecond
// (speeds within 1e-5 degree/day), from both position sources: the tables
// (with the Swiss Ephemeris behind them, as the server runs) and libswe
// alone.
func TestNatalAgainstSwetest(t *testing.T) {
	for _, src := range []struct {
		name string
		pos  func(testing.TB) engine.Positions
	}{
		{"tables", apitest.Tables},
		{"swiss_ephemeris", func(t testing.TB) engine.Positions { return apitest.Ephemeris(t) }},
	} {
		t.Run(src.name, func(t *testing.T) { natalAgainstSwetest(t, src.pos(t)) })
	}
}

func natalAgainstSwetest(t *testing.T, pos engine.Positions) {
	raw, err := os.ReadFile("testdata/natal/swetest.json")
	if err != nil {
		t.Fatal(err)
	}
	var fx struct {
		Tolerance float64 `json:"tolerance_arcsec"`
		Cases     []struct {
			Request   json.RawMessage       `json:"request"`
			Swetest   string                `json:"swetest"`
			Planets   map[string][3]float64 `json:"planets"` // longitude, latitude, speed
			Cusps     []float64             `json:"cusps"`
			Ascendant float64               `json:"ascendant"`
			Midheaven float64               `json:"midheaven"`
			Vertex    float64               `json:"vertex"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(raw, &fx); err != nil {
		t.Fatal(err)
	}
	if len(fx.Cases) < 200 || fx.Tolerance != 0.005 {
		t.Fatalf("fixture has %d cases, tolerance %v", len(fx.Cases), fx.Tolerance)
	}
	ts := startTestServer(t, testOptions{Positions: pos})
	sep := func(a, b float64) float64 { return math.Abs(math.Remainder(a-b, 360)) * 3600 }
	var worst float64
	var worstWhat string
	check := func(i int, what string, got, want float64) {
		t.Helper()
		d := sep(got, want)
		if d > worst {
			worst, worstWhat = d, what
		}
		if measure.Over(d, fx.Tolerance) {
			t.Errorf("case %d (%s): %s = %.7f, swetest %.7f (%.3f\")", i, fx.Cases[i].Swetest, what, got, want, d)
		}
	}
	systems := map[string]bool{}
	ayanamsas := map[string]bool{}
	for i, c := range fx.Cases {
		out, _ := postNatal(t, ts, string(c.Request))
		res := out.Result
		systems[string(res.Houses.System)] = true
		if res.Ayanamsa != nil {
			ayanamsas[string(res.Ayanamsa.Name)] = true
		}
		seen := 0
		for _, p := range res.Planets {
			if want, ok := c.Planets[p.Name]; ok {
				check(i, p.Name, p.Longitude, want[0])
				check(i, p.Name+" latitude", p.Latitude, want[1])
				if d := math.Abs(p.Speed - want[2]); measure.Over(d, 1e-5) {
					t.Errorf("case %d (%s): %s speed %.7f, swetest %.7f", i, c.Swetest, p.Name, p.Speed, want[2])
				}
				seen++
			}
		}
		if seen != len(c.Planets) {
			t.Errorf("case %d: %d of %d reference bodies in the answer", i, seen, len(c.Planets))
		}
		check(i, "ascendant", res.Ascendant.Longitude, c.Ascendant)
		check(i, "midheaven", res.Midheaven.Longitude, c.Midheaven)
		check(i, "vertex", res.Vertex.Longitude, c.Vertex)
		for k, cu := range res.Houses.Cusps {
			check(i, "cusp "+strconv.Itoa(k+1), cu.Longitude, c.Cusps[k])
		}
	}
	if len(systems) != 8 || len(ayanamsas) != 6 {
		t.Errorf("coverage: systems %v, ayanamsas %v", systems, ayanamsas)
	}
	t.Logf("%d charts; largest difference %.4f\" (%s)", len(fx.Cases), worst, worstWhat)
}
