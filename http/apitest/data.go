package apitest

import (
	"sync"
	"testing"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/places"
	"github.com/astroapi/astroapi/engine/swe"
	"github.com/astroapi/astroapi/engine/zones"
	"github.com/astroapi/astroapi/tables"
	"github.com/astroapi/astroapi/tables/tablestest"
)

// RepoFile returns the path of a file given relative to the module root.
func RepoFile(t testing.TB, rel string) string {
	t.Helper()
	return tablestest.RepoFile(t, rel)
}

// Ephemeris opens the Swiss Ephemeris (Debian's files).
func Ephemeris(t testing.TB) *swe.Ephemeris {
	t.Helper()
	return tablestest.Ephemeris(t)
}

var (
	geoOnce   sync.Once
	geoPlaces *places.Index
	geoZones  *zones.Index
	geoErr    error
)

// Geo loads the committed places index (data/places.tsv.zst) and the zone
// index, once per test binary.
func Geo(t testing.TB) (*places.Index, *zones.Index) {
	t.Helper()
	file := RepoFile(t, "data/places.tsv.zst")
	geoOnce.Do(func() {
		if geoPlaces, geoErr = places.Load(file); geoErr != nil {
			return
		}
		geoZones, geoErr = zones.New()
	})
	if geoErr != nil {
		tablestest.Missing(t, geoErr)
	}
	return geoPlaces, geoZones
}

// Tables is the position source the server runs with: the generated
// tables (data/ephemeris.bolt, made by make gen) with the Swiss Ephemeris
// behind them, opened once per test binary.
func Tables(t testing.TB) engine.Positions {
	t.Helper()
	return tablestest.Positions(t)
}

// TableSet is the generated table file itself, for the catalogs it holds
// beside the positions (eclipses, star tables, solar terms), as
// routes.Deps.Tables. Shared with Tables.
func TableSet(t testing.TB) *tables.Set {
	t.Helper()
	return tablestest.TableSet(t)
}
