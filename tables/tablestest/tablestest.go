// Package tablestest opens what the engine's tests calculate with: the
// Swiss Ephemeris (Debian's files) and the generated tables
// (data/ephemeris.bolt, make gen), once per test binary. Without them a
// test is skipped, or fails under CI=true, where .ci/run installs and
// generates everything. http/apitest serves the same sources to the
// route tests.
package tablestest

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/accuracy/measure"
	"github.com/astroapi/astroapi/engine/ephem"
	"github.com/astroapi/astroapi/engine/swe"
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

// Missing skips the test without a resource the machine may lack, or fails
// it under CI=true.
func Missing(t testing.TB, err error) {
	t.Helper()
	measure.Missing(t, err)
}

// Ephemeris opens the Swiss Ephemeris.
func Ephemeris(t testing.TB) *swe.Ephemeris {
	t.Helper()
	e, err := swe.Open("")
	if err != nil {
		Missing(t, err)
	}
	return e
}

var (
	tablesOnce sync.Once
	tablesSet  *tables.Set
	tablesErr  error
)

// TableSet is the generated table file, opened once per test binary and
// left open for the run.
func TableSet(t testing.TB) *tables.Set {
	t.Helper()
	file := RepoFile(t, "data/ephemeris.bolt")
	tablesOnce.Do(func() { tablesSet, tablesErr = tables.Open(file) })
	if tablesErr != nil {
		Missing(t, fmt.Errorf("tables: %w (make gen)", tablesErr))
	}
	return tablesSet
}

// Positions is the source the server runs with: the tables, the Swiss
// Ephemeris behind them.
func Positions(t testing.TB) *ephem.Source {
	t.Helper()
	return ephem.New(TableSet(t), Ephemeris(t))
}

// TablesOnly is the tables without the Swiss Ephemeris behind them, for
// tests that a path is served by the tables alone.
func TablesOnly(t testing.TB) engine.Positions {
	t.Helper()
	return ephem.New(TableSet(t), nil)
}
