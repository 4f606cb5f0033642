package vedic

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/accuracy/measure"
	"github.com/astroapi/astroapi/engine/ephem"
	"github.com/astroapi/astroapi/engine/swe"
	"github.com/astroapi/astroapi/tables/tablestest"
)

// sources opens the production position source (the generated tables with
// the Swiss Ephemeris behind them) and the Swiss Ephemeris alone.
func sources(t testing.TB) (*ephem.Source, *swe.Ephemeris) {
	t.Helper()
	return tablestest.Positions(t), tablestest.Ephemeris(t)
}

// sepArcsec is the shortest separation of two longitudes, in arcseconds.
func sepArcsec(a, b float64) float64 { return math.Abs(math.Remainder(a-b, 360)) * 3600 }

// The tolerances the tests enforce. Each fixture records the tolerance it
// was made for (its generator's "tolerance_*" field), which must agree:
// the test, not the fixture, decides what passes.
const (
	tolArcsec  = 1  // natal_swetest.json: longitudes, lagna, ayanamsa
	tolSeconds = 60 // panchang_swetest.json: rise, set and element boundaries
)

// pinned fails t when a fixture was made for another tolerance than the
// one the test enforces.
func pinned(t testing.TB, name string, fixture, enforced float64) {
	t.Helper()
	if fixture != enforced {
		t.Fatalf("%s records tolerance %g, the test enforces %g: regenerate the fixture or change the test", name, fixture, enforced)
	}
}

// readNatalFixture reads natal_swetest.json: at least one birth, made for
// tolArcsec.
func readNatalFixture(t testing.TB) swetestFixture {
	t.Helper()
	var fx swetestFixture
	readJSON(t, "natal_swetest.json", &fx)
	pinned(t, "natal_swetest.json", fx.Tolerance, tolArcsec)
	measure.NonEmpty(t, fx.Cases, "natal_swetest.json")
	return fx
}

// readPanchangFixture reads panchang_swetest.json: at least one day, made
// for tolSeconds.
func readPanchangFixture(t testing.TB) panchangFixture {
	t.Helper()
	var fx panchangFixture
	readJSON(t, "panchang_swetest.json", &fx)
	pinned(t, "panchang_swetest.json", fx.Tolerance, tolSeconds)
	measure.NonEmpty(t, fx.Cases, "panchang_swetest.json")
	return fx
}

// readJSON decodes a fixture of testdata.
func readJSON(t testing.TB, name string, v any) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

// jd is a helper for readable instants in tests: a UT calendar date.
func jd(y, m, d int, hour float64) engine.JDUT { return swe.JulianDay(y, m, d, hour) }
