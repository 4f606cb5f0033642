package transits

import (
	"testing"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/swe"
	"github.com/astroapi/astroapi/tables/tablestest"
)

// sources returns the production source (tables, then libswe), the tables
// alone, and libswe alone; it skips (fails in CI) when the tables or the
// Swiss Ephemeris are missing.
func sources(t testing.TB) (prod, tablesOnly engine.Positions, libswe *swe.Ephemeris) {
	t.Helper()
	return tablestest.Positions(t), tablestest.TablesOnly(t), tablestest.Ephemeris(t)
}
