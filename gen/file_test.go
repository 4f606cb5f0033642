package gen

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/accuracy/measure"
	"github.com/astroapi/astroapi/engine/swe"
	"github.com/astroapi/astroapi/tables"
)

// tableFile is the generated file the repository's Makefile builds.
var tableFile = filepath.Join("..", "data", "ephemeris.bolt")

// openFile opens the generated table file, or skips (fails in CI, which
// runs `make gen` first) when it is absent.
func openFile(t testing.TB) *tables.Set {
	t.Helper()
	if _, err := os.Stat(tableFile); err != nil {
		measure.Missing(t, fmt.Errorf("%s not generated (make gen): %w", tableFile, err))
	}
	s, err := tables.Open(tableFile)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestFile checks every table of the generated file against direct Swiss
// Ephemeris calls at 100,000 random instants per table (a different seed
// stream than the generator's), with the tolerances of doc.go, and the
// sidereal positions derived from the tables for every ayanamsa the tables
// serve.
func TestFile(t *testing.T) {
	set := openFile(t)
	defer set.Close()
	eph, err := swe.Open("")
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]*spec{}
	all, err := specs(eph)
	if err != nil {
		t.Fatal(err)
	}
	for _, sp := range all {
		byName[string(sp.kind)+"/"+sp.name] = sp
	}
	for _, kind := range []tables.Kind{tables.KindBody, tables.KindNutation, tables.KindAyanamsa, tables.KindDeltaT} {
		for name, tab := range set.Tables(kind) {
			sp := byName[string(kind)+"/"+name]
			if sp == nil {
				t.Errorf("%s/%s: table the generator does not make", kind, name)
				continue
			}
			checks, err := verifySeeded(sp, tab, Samples, 0, seed+1)
			if checks == nil {
				t.Fatalf("%s/%s: %v", kind, name, err)
			}
			for _, c := range checks {
				if !(c.Worst <= c.Tolerance) {
					t.Errorf("%s/%s %s: worst %.3g %s at JD %.5f > %.3g", kind, name, c.Quantity, c.Worst, c.Unit, c.WorstAt, c.Tolerance)
				} else {
					t.Logf("%s/%s %s: worst %.3g %s over %d instants (tolerance %.3g)", kind, name, c.Quantity, c.Worst, c.Unit, c.Samples, c.Tolerance)
				}
			}
		}
	}
	if len(set.Tables(tables.KindBody)) == 0 || set.Table(tables.KindNutation, "nutation") == nil || len(set.Tables(tables.KindAyanamsa)) == 0 ||
		set.Table(tables.KindDeltaT, "delta_t") == nil || !set.HasBody(engine.TrueNode) {
		t.Error("file lacks body, nutation, ayanamsa, delta T or True Node tables")
	}
	// Tables in TT as served by UT, through the delta T table.
	for _, b := range engine.AllBodies() {
		if tab := set.Table(tables.KindBody, tables.BodyKey(b)); tab == nil || tab.Meta.TimeScale != tables.TimeTT {
			continue
		}
		w, n, err := ttCheck(eph, set, b, Samples, 0, seed+1)
		if err != nil {
			t.Fatal(err)
		}
		if !(w.lon <= TolArcsec && w.lat <= TolArcsec && w.speed <= TolSpeed) || n < Samples*99/100 {
			t.Errorf("%s by UT: %d of %d served, worst lon %.3g\" lat %.3g\" speed %.3g deg/day", b, n, Samples, w.lon, w.lat, w.speed)
		}
	}
	// Sidereal positions for the ayanamsas each body table claims.
	for _, b := range engine.AllBodies() {
		tab := set.Table(tables.KindBody, tables.BodyKey(b))
		if tab == nil {
			continue
		}
		for _, a := range tab.Meta.Sidereal {
			w, err := siderealCheck(eph, set, engine.Ayanamsa(a), b, SiderealSamples, 0)
			if err != nil {
				t.Fatal(err)
			}
			if !(w.lon <= TolArcsec && w.lat <= TolArcsec && w.speed <= TolSpeed) {
				t.Errorf("sidereal %s %s: worst lon %.3g\" lat %.3g\" speed %.3g deg/day", a, b, w.lon, w.lat, w.speed)
			}
		}
	}
}
