package eclipses

import (
	"os"
	"path/filepath"
	"sync"
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

var (
	loadOnce sync.Once
	loaded   *Catalog
	loadMeta tables.EclipseMeta
	loadRecs []tables.Eclipse
	loadErr  error
)

// catalog builds the catalog from the generated table file, once per test
// binary (the records are copied out of the file, which is then closed).
func catalog(t testing.TB) *Catalog {
	t.Helper()
	if _, err := os.Stat(tableFile); err != nil {
		skipOrFail(t, "%s not generated (make gen)", tableFile)
	}
	loadOnce.Do(func() {
		set, err := tables.Open(tableFile)
		if err != nil {
			loadErr = err
			return
		}
		defer set.Close()
		loadMeta, loadRecs, loadErr = set.Eclipses()
		if loadErr == nil {
			loaded, loadErr = New(loadMeta, loadRecs)
		}
	})
	if loadErr != nil {
		skipOrFail(t, "eclipse catalog: %v (regenerate the tables: make gen)", loadErr)
	}
	return loaded
}

// ephemeris opens the Swiss Ephemeris.
func ephemeris(t testing.TB) *swe.Ephemeris {
	t.Helper()
	eph, err := swe.Open("")
	if err != nil {
		skipOrFail(t, "Swiss Ephemeris: %v", err)
	}
	return eph
}
