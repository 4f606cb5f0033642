package stars

import (
	"math"
	"os"
	"testing"

	"github.com/astroapi/astroapi/engine/swe"
	"github.com/astroapi/astroapi/tables"
	"github.com/astroapi/astroapi/tables/tablestest"
)

// skipOrFail skips a test whose reference is missing, except in CI
// (CI=true), which installs everything.
func skipOrFail(t testing.TB, format string, args ...any) {
	t.Helper()
	if os.Getenv("CI") == "true" {
		t.Fatalf(format, args...)
	}
	t.Skipf(format, args...)
}

// ephemeris opens the Swiss Ephemeris.
func ephemeris(t testing.TB) *swe.Ephemeris {
	t.Helper()
	eph := tablestest.Ephemeris(t)
	if !eph.HasStarFile() {
		skipOrFail(t, "%s missing from %s", swe.StarFile, eph.Path())
	}
	return eph
}

// tableSet opens the generated tables, which must hold the star tables.
func tableSet(t testing.TB) *tables.Set {
	t.Helper()
	set := tablestest.TableSet(t)
	if len(set.Tables(tables.KindStar)) == 0 {
		skipOrFail(t, "the table file has no star tables (regenerate it: make gen)")
	}
	return set
}

// production is the source the API uses: tables first, libswe behind.
func production(t testing.TB) *Stars { return New(tableSet(t), ephemeris(t)) }

// sepArcsec is the shortest separation of two longitudes, in arcseconds.
func sepArcsec(a, b float64) float64 { return math.Abs(math.Remainder(a-b, 360)) * 3600 }
