package apitest

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/ephem"
	"github.com/astroapi/astroapi/engine/places"
	"github.com/astroapi/astroapi/engine/swe"
	"github.com/astroapi/astroapi/engine/zones"
	"github.com/astroapi/astroapi/tables"
)

// RepoFile returns the path of a file given relative to the module root
// (the directory holding go.mod, found upwards from the test's directory).
func RepoFile(t testing.TB, rel string) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(dir, rel)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatalf("no go.mod above the test's directory")
		}
		dir = parent
	}
}

// missing skips the test without a resource the machine may lack, or fails
// it under CI=true, where .ci/run installs everything.
func missing(t testing.TB, err error) {
	t.Helper()
	if os.Getenv("CI") == "true" {
		t.Fatal(err)
	}
	t.Skip(err)
}

// Ephemeris opens the Swiss Ephemeris (Debian's files).
func Ephemeris(t testing.TB) *swe.Ephemeris {
	t.Helper()
	e, err := swe.Open("")
	if err != nil {
		missing(t, err)
	}
	return e
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
		missing(t, geoErr)
	}
	return geoPlaces, geoZones
}

var (
	tablesOnce sync.Once
	tablesSet  *tables.Set
	tablesErr  error
)

// Tables is the position source the server runs with: the generated
// tables (data/ephemeris.bolt, made by make gen) with the Swiss Ephemeris
// behind them. The tables are opened once per test binary.
func Tables(t testing.TB) engine.Positions {
	t.Helper()
	return ephem.New(TableSet(t), Ephemeris(t))
}

// TableSet is the generated table file itself (data/ephemeris.bolt), for
// the catalogs it holds beside the positions (eclipses, star tables, solar
// terms), as routes.Deps.Tables. Opened once per test binary, shared with
// Tables.
func TableSet(t testing.TB) *tables.Set {
	t.Helper()
	file := RepoFile(t, "data/ephemeris.bolt")
	tablesOnce.Do(func() { tablesSet, tablesErr = tables.Open(file) })
	if tablesErr != nil {
		missing(t, fmt.Errorf("tables: %w (make gen)", tablesErr))
	}
	return tablesSet
}
