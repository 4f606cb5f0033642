package stars

import (
	"fmt"
	"math"
	"testing"

	"github.com/astroapi/astroapi/engine/accuracy/measure"
	"github.com/astroapi/astroapi/engine/swe"
	"github.com/astroapi/astroapi/tables"
	"github.com/astroapi/astroapi/tables/tablestest"
)

// ephemeris opens the Swiss Ephemeris.
func ephemeris(t testing.TB) *swe.Ephemeris {
	t.Helper()
	eph := tablestest.Ephemeris(t)
	if !eph.HasStarFile() {
		measure.Missing(t, fmt.Errorf("%s missing from %s", swe.StarFile, eph.Path()))
	}
	return eph
}

// tableSet opens the generated tables, which must hold the star tables.
func tableSet(t testing.TB) *tables.Set {
	t.Helper()
	set := tablestest.TableSet(t)
	if len(set.Tables(tables.KindStar)) == 0 {
		measure.Missing(t, "the table file has no star tables (regenerate it: make gen)")
	}
	return set
}

// production is the source the API uses: tables first, libswe behind.
func production(t testing.TB) *Stars { return New(tableSet(t), ephemeris(t)) }

// sepArcsec is the shortest separation of two longitudes, in arcseconds.
func sepArcsec(a, b float64) float64 { return math.Abs(math.Remainder(a-b, 360)) * 3600 }
