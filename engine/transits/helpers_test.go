package transits

import (
	"os"
	"sync"
	"testing"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/ephem"
	"github.com/astroapi/astroapi/engine/swe"
	"github.com/astroapi/astroapi/tables"
)

const tableFile = "../../data/ephemeris.bolt"

var (
	openOnce sync.Once
	set      *tables.Set
	eph      *swe.Ephemeris
	openErr  error
)

// sources returns the production source (tables, then libswe), the tables
// alone, and libswe alone; it skips (fails in CI) when the tables or the
// Swiss Ephemeris are missing. The set stays open for the whole run.
func sources(t testing.TB) (prod, tablesOnly engine.Positions, libswe *swe.Ephemeris) {
	t.Helper()
	openOnce.Do(func() {
		if eph, openErr = swe.Open(""); openErr != nil {
			return
		}
		if _, openErr = os.Stat(tableFile); openErr != nil {
			return
		}
		set, openErr = tables.Open(tableFile)
	})
	if openErr != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal(openErr)
		}
		t.Skip(openErr)
	}
	return ephem.New(set, eph), ephem.New(set, nil), eph
}
