package stars

import (
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/astroapi/astroapi/engine/swe"
	"github.com/astroapi/astroapi/tables"
)

var tableFile = filepath.Join("..", "..", "data", "ephemeris.bolt")

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
	eph, err := swe.Open("")
	if err != nil {
		skipOrFail(t, "Swiss Ephemeris: %v", err)
	}
	if !eph.HasStarFile() {
		skipOrFail(t, "%s missing from %s", swe.StarFile, eph.Path())
	}
	return eph
}

// tableSet opens the generated tables, which must hold the star tables.
func tableSet(t testing.TB) *tables.Set {
	t.Helper()
	if _, err := os.Stat(tableFile); err != nil {
		skipOrFail(t, "%s not generated (make gen)", tableFile)
	}
	set, err := tables.Open(tableFile)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { set.Close() })
	if len(set.Tables(tables.KindStar)) == 0 {
		skipOrFail(t, "%s has no star tables (regenerate it: make gen)", tableFile)
	}
	return set
}

// production is the source the API uses: tables first, libswe behind.
func production(t testing.TB) *Stars { return New(tableSet(t), ephemeris(t)) }

// sepArcsec is the shortest separation of two longitudes, in arcseconds.
func sepArcsec(a, b float64) float64 { return math.Abs(math.Remainder(a-b, 360)) * 3600 }
