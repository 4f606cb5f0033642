package eclipses

import (
	"fmt"
	"sync"
	"testing"

	"github.com/astroapi/astroapi/engine/accuracy/measure"
	"github.com/astroapi/astroapi/engine/swe"
	"github.com/astroapi/astroapi/tables"
	"github.com/astroapi/astroapi/tables/tablestest"
)

var (
	loadOnce sync.Once
	loaded   *Catalog
	loadMeta tables.EclipseMeta
	loadRecs []tables.Eclipse
	loadErr  error
)

// catalog builds the catalog from the generated table file, once per test
// binary.
func catalog(t testing.TB) *Catalog {
	t.Helper()
	set := tablestest.TableSet(t)
	loadOnce.Do(func() {
		loadMeta, loadRecs, loadErr = set.Eclipses()
		if loadErr == nil {
			loaded, loadErr = New(loadMeta, loadRecs)
		}
	})
	if loadErr != nil {
		measure.Missing(t, fmt.Errorf("eclipse catalog: %w (regenerate the tables: make gen)", loadErr))
	}
	return loaded
}

// ephemeris opens the Swiss Ephemeris.
func ephemeris(t testing.TB) *swe.Ephemeris {
	t.Helper()
	return tablestest.Ephemeris(t)
}
