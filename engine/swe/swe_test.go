package swe

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/accuracy/measure"
)

// ExampleJulianDay: the epoch J2000.0 is 2000 January 1, 12h = JD 2451545.0,
// and Meeus' Example 7.a, 1957 October 4.81 (Sputnik 1), is JD 2436116.31.
func ExampleJulianDay() {
	fmt.Println(JulianDay(2000, 1, 1, 12))
	fmt.Printf("%.2f\n", JulianDay(1957, 10, 4, 0.81*24))
	// Output:
	// 2.451545e+06
	// 2436116.31
}

func TestCalendarRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		jd := engine.JDUT(2086302.5 + rng.Float64()*700000) // 1000 .. 2900
		y, m, d, h := CalendarDate(jd)
		if back := JulianDay(y, m, d, h); measure.Over(math.Abs(float64(back-jd)), 1e-8) {
			t.Fatalf("JulianDay(CalendarDate(%v)) = %v", jd, back)
		}
		// The pure Go fallback of builds without cgo agrees with libswe.
		gy, gm, gd, gh := calendarDateGo(jd)
		if gy != y || gm != m || gd != d || measure.Over(math.Abs(gh-h), 1e-6) {
			t.Fatalf("%v: libswe %d-%d-%d %.9f, Meeus %d-%d-%d %.9f", jd, y, m, d, h, gy, gm, gd, gh)
		}
		if g := julianDayGo(y, m, d, h); measure.Over(math.Abs(float64(g-jd)), 1e-8) {
			t.Fatalf("%d-%d-%d %.9f: libswe %v, Meeus %v", y, m, d, h, jd, g)
		}
	}
}

func TestOpenMissingFiles(t *testing.T) {
	if !cgoEnabled {
		t.Skip("no cgo")
	}
	if _, err := Open(t.TempDir()); err == nil {
		t.Fatal("Open of an empty directory succeeded")
	}
}

func TestErrors(t *testing.T) {
	e := openTest(t)
	year1000 := JulianDay(1000, 6, 1, 0)
	t.Run("ErrOutOfRangeAsteroid", func(t *testing.T) {
		_, err := e.Position(year1000, engine.Ceres, engine.Options{})
		if !errors.Is(err, engine.ErrOutOfRange) {
			t.Fatalf("Ceres in 1000: %v, want ErrOutOfRange", err)
		}
	})
	t.Run("ErrOutOfRangeBeyondMoshier", func(t *testing.T) {
		for _, jd := range []engine.JDUT{JulianDay(-20000, 1, 1, 0), JulianDay(20000, 1, 1, 0), engine.JDUT(math.NaN()), engine.JDUT(math.Inf(1))} {
			_, err := e.Position(jd, engine.Moon, engine.Options{})
			if !errors.Is(err, engine.ErrOutOfRange) {
				t.Errorf("Moon at %v: %v, want ErrOutOfRange", jd, err)
			}
			var se *Error
			if errors.As(err, &se) && se.Func != "swe_calc_ut" {
				t.Errorf("error names %q, want swe_calc_ut", se.Func)
			}
		}
	})
	t.Run("MessageHidesLibswe", func(t *testing.T) {
		_, err := e.Position(year1000, engine.Chiron, engine.Options{})
		if err == nil || err.Error() != "swe_calc_ut: "+engine.ErrOutOfRange.Error() {
			t.Fatalf("error text %q", err)
		}
	})
	t.Run("MoshierOutsideFiles", func(t *testing.T) {
		p, err := e.Position(year1000, engine.Sun, engine.Options{})
		if err != nil || p.Source != engine.FromMoshier {
			t.Fatalf("Sun in 1000: %+v, %v; want Source moshier", p, err)
		}
		p, err = e.Position(JulianDay(2000, 1, 1, 0), engine.Sun, engine.Options{})
		if err != nil || p.Source != engine.FromSwiss {
			t.Fatalf("Sun in 2000: %+v, %v; want Source swiss_ephemeris", p, err)
		}
	})
	t.Run("ErrBadInput", func(t *testing.T) {
		j := JulianDay(2000, 1, 1, 0)
		if _, err := e.Position(j, engine.Body(99), engine.Options{}); err == nil {
			t.Error("unknown body accepted")
		}
		if _, err := e.Position(j, engine.Sun, engine.Options{Sidereal: "nope"}); err == nil {
			t.Error("unknown ayanamsa accepted")
		}
		if _, err := e.Position(j, engine.Sun, engine.Options{Heliocentric: true, Topocentric: &engine.Observer{}}); err == nil {
			t.Error("heliocentric topocentric accepted")
		}
		if _, err := e.Houses(j, 91, 0, engine.Placidus, ""); err == nil {
			t.Error("latitude 91 accepted")
		}
		if _, err := e.Houses(j, 10, 0, "topocentric", ""); err == nil {
			t.Error("unknown house system accepted")
		}
		if _, err := e.Ayanamsa(j, "nope"); err == nil {
			t.Error("unknown ayanamsa accepted")
		}
		if _, _, err := e.CalcUT(float64(j), 0, FlagSwissEph|FlagTopo, 0); err == nil {
			t.Error("CalcUT with SEFLG_TOPOCTR and no observer accepted")
		}
	})
}

// TestAyanamsaIsWhatSiderealSubtracts pins the documented meaning of
// Ayanamsa: tropical minus sidereal longitude of any body, so the tables can
// serve sidereal positions by subtraction. The exception is j2000, for which
// libswe (SE_SIDM_J2000 implies SE_SIDBIT_ECL_T0) returns ecliptic
// coordinates of J2000, latitude included: the same as SEFLG_J2000.
func TestAyanamsaIsWhatSiderealSubtracts(t *testing.T) {
	e := openTest(t)
	rng := rand.New(rand.NewPCG(5, 5))
	for range 50 {
		jd := FilesStart + engine.JDUT(rng.Float64())*(FilesEnd-FilesStart)
		for _, a := range engine.Ayanamsas {
			ay, err := e.Ayanamsa(jd, a)
			if err != nil {
				t.Fatal(err)
			}
			for _, b := range []engine.Body{engine.Sun, engine.Moon, engine.Pluto, engine.MeanNode} {
				tr, err1 := e.Position(jd, b, engine.Options{})
				sd, err2 := e.Position(jd, b, engine.Options{Sidereal: a})
				if err1 != nil || err2 != nil {
					t.Fatal(err1, err2)
				}
				if a == engine.J2000 {
					xx, _, err := e.CalcUT(float64(jd), SEBody(b), FlagSwissEph|FlagSpeed|FlagJ2000, 0)
					if err != nil {
						t.Fatal(err)
					}
					if d := max(sepArcsec(xx[0], sd.Longitude), math.Abs(xx[1]-sd.Latitude)*3600); measure.Over(d, 1e-6) {
						t.Errorf("j2000 %v at %v: sidereal differs from SEFLG_J2000 by %.3g\"", b, jd, d)
					}
					continue
				}
				if d := sepArcsec(tr.Longitude-ay, sd.Longitude); measure.Over(d, 1e-6) {
					t.Errorf("%s %v at %v: tropical - ayanamsa misses sidereal by %.3g\"", a, b, jd, d)
				}
			}
		}
	}
}

// TestHousesProperties: cusps are the requested system's, the first and
// tenth cusps are the ascendant and midheaven for quadrant systems, and
// whole sign cusps sit on sign boundaries.
func TestHousesProperties(t *testing.T) {
	e := openTest(t)
	jd := JulianDay(1990, 7, 14, 9.5)
	for _, sys := range engine.HouseSystems {
		h, err := e.Houses(jd, 48.85, 2.35, sys, "")
		if err != nil {
			t.Fatal(err)
		}
		if h.System != sys || h.Source != engine.FromSwiss {
			t.Errorf("%s: System %q Source %q", sys, h.System, h.Source)
		}
		switch sys {
		case engine.WholeSign:
			for i, c := range h.Cusps {
				if math.Mod(c, 30) != 0 {
					t.Errorf("whole sign cusp %d = %v", i+1, c)
				}
			}
		case engine.Placidus, engine.Koch, engine.Regiomontanus, engine.Campanus, engine.Porphyry:
			if h.Cusps[0] != h.Ascendant || h.Cusps[9] != h.Midheaven {
				t.Errorf("%s: cusp 1 %v / asc %v, cusp 10 %v / mc %v", sys, h.Cusps[0], h.Ascendant, h.Cusps[9], h.Midheaven)
			}
		}
	}
	// Inside the polar circle Placidus falls back to Porphyry and says so.
	h, err := e.Houses(jd, 75, 20, engine.Placidus, "")
	if err != nil || h.System != engine.Porphyry {
		t.Fatalf("Placidus at 75N: %v, %v; want System porphyry", h.System, err)
	}
	p, _ := e.Houses(jd, 75, 20, engine.Porphyry, "")
	if p.Cusps != h.Cusps {
		t.Errorf("fallback cusps %v, Porphyry %v", h.Cusps, p.Cusps)
	}
}
