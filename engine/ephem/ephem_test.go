package ephem

import (
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/accuracy/measure"
	"github.com/astroapi/astroapi/engine/swe"
	"github.com/astroapi/astroapi/tables"
)

var tableFile = filepath.Join("..", "..", "data", "ephemeris.bolt")

// fixtures opens the generated tables and the Swiss Ephemeris, skipping
// (failing in CI) when either is missing.
func fixtures(t testing.TB) (*tables.Set, *swe.Ephemeris) {
	t.Helper()
	eph, err := swe.Open("")
	if err != nil {
		measure.Missing(t, err)
	}
	if _, err := os.Stat(tableFile); err != nil {
		measure.Missing(t, fmt.Errorf("%s not generated (make gen): %w", tableFile, err))
	}
	set, err := tables.Open(tableFile)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { set.Close() })
	return set, eph
}

// siderealSource is where a sidereal position should come from: the
// tables when the generator verified that body and ayanamsa.
func siderealSource(set *tables.Set, b engine.Body, a engine.Ayanamsa) engine.Source {
	for _, v := range set.Table(tables.KindBody, tables.BodyKey(b)).Meta.Sidereal {
		if v == string(a) {
			return engine.FromTables
		}
	}
	return engine.FromSwiss
}

func sepArcsec(a, b float64) float64 { return math.Abs(math.Remainder(a-b, 360)) * 3600 }

// TestRouting checks which ephemeris serves each kind of request, and that
// table answers agree with libswe (tolerances of package gen).
func TestRouting(t *testing.T) {
	set, eph := fixtures(t)
	src := New(set, eph)
	jd := engine.JDUT(2451545.25) // 2000-01-01 18h UT
	// A join of the Moon file's segments, where the True Node table leaves
	// 2e-4 day to libswe.
	start, days, err := eph.MoonSegments()
	if err != nil {
		t.Fatal(err)
	}
	joinTT := start + math.Round((float64(jd)-start)/days)*days
	join := engine.JDUT(joinTT - eph.DeltaT(engine.JDUT(joinTT)))
	cases := []struct {
		name string
		b    engine.Body
		t    engine.JDUT
		o    engine.Options
		want engine.Source
	}{
		{"TropicalFromTables", engine.Moon, jd, engine.Options{}, engine.FromTables},
		{"SiderealLahiri", engine.Moon, jd, engine.Options{Sidereal: engine.Lahiri}, siderealSource(set, engine.Moon, engine.Lahiri)},
		{"SiderealFaganBradley", engine.Pallas, jd, engine.Options{Sidereal: engine.FaganBradley}, siderealSource(set, engine.Pallas, engine.FaganBradley)},
		{"SiderealJ2000FromSwiss", engine.Mars, jd, engine.Options{Sidereal: engine.J2000}, engine.FromSwiss},
		{"EquatorialFromSwiss", engine.Sun, jd, engine.Options{Equatorial: true}, engine.FromSwiss},
		{"HeliocentricFromSwiss", engine.Mars, jd, engine.Options{Heliocentric: true}, engine.FromSwiss},
		{"TopocentricFromSwiss", engine.Moon, jd, engine.Options{Topocentric: &engine.Observer{Latitude: 48.85, Longitude: 2.35}}, engine.FromSwiss},
		{"TrueNodeFromTables", engine.TrueNode, jd, engine.Options{}, engine.FromTables},
		{"TrueNodeAtMoonJoinFromSwiss", engine.TrueNode, join + 0.00005, engine.Options{}, engine.FromSwiss},
		{"TrueNodeNearMoonJoinFromTables", engine.TrueNode, join - 0.001, engine.Options{}, engine.FromTables},
		{"SkipDistanceFromTables", engine.Moon, jd, engine.Options{SkipDistance: true}, engine.FromTables},
		{"SiderealSkipDistance", engine.Mars, jd, engine.Options{Sidereal: engine.Lahiri, SkipDistance: true}, siderealSource(set, engine.Mars, engine.Lahiri)},
		{"BeforeTablesFromMoshier", engine.Sun, 2378000, engine.Options{}, engine.FromMoshier},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := src.Position(c.t, c.b, c.o)
			if err != nil {
				t.Fatal(err)
			}
			if got.Source != c.want {
				t.Fatalf("source %q, want %q", got.Source, c.want)
			}
			want, err := eph.Position(c.t, c.b, c.o)
			if err != nil {
				t.Fatal(err)
			}
			if e := sepArcsec(got.Longitude, want.Longitude); measure.Over(e, 0.001) {
				t.Errorf("longitude off by %.3g\"", e)
			}
			if e := math.Abs(got.Latitude-want.Latitude) * 3600; measure.Over(e, 0.001) {
				t.Errorf("latitude off by %.3g\"", e)
			}
			if e := math.Abs(got.SpeedLongitude - want.SpeedLongitude); measure.Over(e, 1e-5) {
				t.Errorf("speed off by %.3g deg/day", e)
			}
		})
	}
	t.Run("AyanamsaAndObliquity", func(t *testing.T) {
		for _, a := range engine.Ayanamsas {
			got, err := src.Ayanamsa(jd, a)
			if err != nil {
				t.Fatal(err)
			}
			want, _ := eph.Ayanamsa(jd, a)
			if e := math.Abs(got-want) * 3600; measure.Over(e, 0.001) {
				t.Errorf("%s: off by %.3g\"", a, e)
			}
		}
		eps, dpsi, err := src.Obliquity(jd)
		if err != nil {
			t.Fatal(err)
		}
		weps, wdpsi, _ := eph.Obliquity(jd)
		if measure.Over(math.Abs(eps-weps)*3600, 0.001) || measure.Over(math.Abs(dpsi-wdpsi)*3600, 0.001) {
			t.Errorf("obliquity %v %v, want %v %v", eps, dpsi, weps, wdpsi)
		}
	})
	t.Run("Houses", func(t *testing.T) {
		h, err := src.Houses(jd, 48.85, 2.35, engine.Placidus, "")
		if err != nil {
			t.Fatal(err)
		}
		// Inside the tables and houses.Compute's verified span, houses are
		// cast in Go from the tables; compare with libswe's own.
		if h.Source != engine.FromTables {
			t.Errorf("houses source %q", h.Source)
		}
		w, err := eph.Houses(jd, 48.85, 2.35, engine.Placidus, "")
		if err != nil {
			t.Fatal(err)
		}
		for i := range h.Cusps {
			if e := math.Abs(math.Remainder(h.Cusps[i]-w.Cusps[i], 360)) * 3600; measure.Over(e, 0.01) {
				t.Errorf("cusp %d off by %.3g\"", i+1, e)
			}
		}
	})
}

// TestSweOnly: without tables every answer comes from libswe.
func TestSweOnly(t *testing.T) {
	_, eph := fixtures(t)
	src := New(nil, eph)
	p, err := src.Position(2451545, engine.Sun, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if p.Source != engine.FromSwiss {
		t.Errorf("source %q", p.Source)
	}
	if _, err := src.Ayanamsa(2451545, engine.Lahiri); err != nil {
		t.Error(err)
	}
}

// TestTablesOnly: without libswe, what the tables cannot serve is out of range.
func TestTablesOnly(t *testing.T) {
	set, _ := fixtures(t)
	src := New(set, nil)
	if p, err := src.Position(2451545, engine.Sun, engine.Options{}); err != nil || p.Source != engine.FromTables {
		t.Errorf("Sun: %v, %v", p.Source, err)
	}
	if _, err := src.Position(2451545, engine.Sun, engine.Options{Equatorial: true}); !errors.Is(err, engine.ErrOutOfRange) {
		t.Errorf("equatorial without libswe: %v", err)
	}
	if h, err := src.Houses(2451545, 0, 0, engine.Placidus, ""); err != nil || h.Source != engine.FromTables {
		t.Errorf("houses in 2000 without libswe: %v, %v", h.Source, err)
	}
	// 1800 is outside houses.Compute's verified span: libswe's houses only.
	if _, err := src.Houses(2378496.5, 0, 0, engine.Placidus, ""); !errors.Is(err, engine.ErrOutOfRange) {
		t.Errorf("houses in 1800 without libswe: %v", err)
	}
}
