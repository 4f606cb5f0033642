package vedic

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/astroapi/astroapi/engine"
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
