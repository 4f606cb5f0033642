package houses_test

import (
	"strconv"
	"testing"

	json "github.com/goccy/go-json"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/accuracy/measure"
	enghouses "github.com/astroapi/astroapi/engine/houses"
	"github.com/astroapi/astroapi/http/apitest"
)

// TestAllSystemsAgainstSwetest posts the 30 births of
// testdata/houses/all_systems.json (made by
// testdata/gen/houses_all_swetest.py: ten at 65-78 degrees of latitude,
// tropical, sidereal with ayanamsas of every kind and user-defined ones)
// with house_system all to POST /api/v1/houses, from the tables (houses
// cast in Go) and from libswe alone, and compares the cusps of all 24
// systems (the Gauquelin sectors' 36), the Ascendant, Midheaven, ARMC,
// Vertex and East Point with swetest's: within 1 arcsecond.
func TestAllSystemsAgainstSwetest(t *testing.T) {
	for _, src := range []struct {
		name       string
		pos        func(testing.TB) engine.Positions
		regression float64 // about three times the worst cusp recorded
	}{
		{"tables", apitest.Tables, 0.01},
		{"swiss_ephemeris", func(t testing.TB) engine.Positions { return apitest.Ephemeris(t) }, 0.003},
	} {
		t.Run(src.name, func(t *testing.T) { allSystemsAgainstSwetest(t, src.pos(t), src.name, src.regression) })
	}
}

func allSystemsAgainstSwetest(t *testing.T, pos engine.Positions, source string, regression float64) {
	fx := readHousesFixture(t, "testdata/houses/all_systems.json")
	if len(fx.Cases) != 30 || fx.Tolerance != 1 {
		t.Fatalf("fixture: %d cases, tolerance %v", len(fx.Cases), fx.Tolerance)
	}
	ts := startTestServer(t, pos)
	cmp := measure.Compare(t, measure.About{
		What:      "House cusps of all 24 systems (Gauquelin's 36 sectors), Ascendant, Midheaven, ARMC, Vertex and East Point through HTTP (POST /api/v1/houses, house_system all), positions from the " + source,
		Reference: "swetest 2.10.03 -house with every system letter (-sid and -sidudef for the sidereal births)",
		Sample:    "30 births 1800-2400, ten at 65-78 degrees of latitude, tropical and sidereal (named ayanamsas of every kind and user-defined ones)",
	})
	angles := cmp.Quantity("Ascendant, Midheaven, ARMC, Vertex, East Point", "arcsec", 1, 0.003)
	cusps := cmp.Quantity("cusps and sectors", "arcsec", 1, regression)
	worst := map[engine.HouseSystem]float64{}
	var worstAll float64
	polar, fallbacks, numbers, sectors := 0, 0, 0, 0
	for i, c := range fx.Cases {
		var req struct{ Latitude float64 }
		if err := json.Unmarshal(c.Request, &req); err != nil {
			t.Fatal(err)
		}
		if req.Latitude >= 65 || req.Latitude <= -65 {
			polar++
		}
		env := ts.Post(t, "/api/v1/houses", string(c.Request)).WantStatus(t, 200).Envelope(t)
		var res enghouses.Table
		if err := json.Unmarshal(env.Result, &res); err != nil {
			t.Fatal(err)
		}
		check := func(sys engine.HouseSystem, what string, got, want float64) {
			t.Helper()
			numbers++
			d := sepArcsec(got, want)
			if sys == "" {
				angles.Add(d, "case", i, what)
			} else {
				cusps.Add(d, "case", i, sys, what)
			}
			worst[sys] = max(worst[sys], d)
			worstAll = max(worstAll, d)
			if measure.Over(d, fx.Tolerance) {
				t.Errorf("case %d (%s): %s %s = %.7f, swetest %.7f (%.3f\")", i, c.Swetest[0], sys, what, got, want, d)
			}
		}
		check("", "ascendant", res.Ascendant.Longitude, c.Ascendant)
		check("", "midheaven", res.Midheaven.Longitude, c.Midheaven)
		check("", "armc", res.ARMC, c.ARMC)
		check("", "vertex", res.Vertex.Longitude, c.Vertex)
		check("", "east point", res.EastPoint.Longitude, c.EastPoint)
		if len(res.Systems) != len(engine.HouseSystems) {
			t.Fatalf("case %d: %d systems", i, len(res.Systems))
		}
		for _, s := range res.Systems {
			want := c.Systems[string(s.RequestedSystem)]
			if len(want) == 0 {
				t.Fatalf("case %d: fixture lacks %s", i, s.RequestedSystem)
			}
			if s.Fallback {
				fallbacks++
			}
			if len(s.Cusps) != len(want) {
				t.Errorf("case %d %s (as %s): %d cusps, swetest %d", i, s.RequestedSystem, s.System, len(s.Cusps), len(want))
				continue
			}
			if len(want) == 36 {
				sectors++
			}
			for n, cu := range s.Cusps {
				check(s.RequestedSystem, "cusp "+strconv.Itoa(n+1), cu.Longitude, want[n])
			}
		}
	}
	if polar < 10 || fallbacks == 0 || sectors == 0 {
		t.Errorf("fixture: %d births at 65-78 degrees, %d fallbacks, %d Gauquelin sector sets", polar, fallbacks, sectors)
	}
	t.Logf("%d births (%d at 65-78 degrees), %d numbers, %d polar fallbacks, %d sets of 36 sectors; worst %.4f\"; per system %v",
		len(fx.Cases), polar, numbers, fallbacks, sectors, worstAll, worst)
}
