package gen

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/swe"
)

// fakeRef is an analytic stand-in for libswe: smooth positions with exact
// speeds, and, for one body, noise no table can follow.
type fakeRef struct{ noisy int32 }

func (f fakeRef) CalcUT(jd float64, ipl, iflag, sidMode int32) (xx [6]float64, ret int32, err error) {
	u := jd - 2451545
	if ipl == swe.EclNut {
		return [6]float64{23.44 + 0.0025*math.Sin(u/6798), 23.44, -0.0048 * math.Sin(u/6798)}, iflag, nil
	}
	k := float64(ipl + 1)
	xx = [6]float64{
		100 + u/k + 0.5*math.Sin(u/(9*k)), 2 * math.Sin(u/(30*k)), 1 + 0.1*math.Cos(u/(50*k)),
		1/k + 0.5/(9*k)*math.Cos(u/(9*k)), 2 / (30 * k) * math.Cos(u/(30*k)), -0.1 / (50 * k) * math.Sin(u/(50*k)),
	}
	if ipl == f.noisy {
		xx[0] += 1e-5 * math.Sin(jd*1e6) // a few hundredths of an arcsecond, at random
	}
	if iflag&swe.FlagSidereal != 0 {
		xx[0] -= 24 + u*4e-5
		xx[3] -= 4e-5
	}
	xx[0] = engine.Normalize(xx[0])
	return xx, iflag, nil
}

func (fakeRef) Ayanamsa(t engine.JDUT, a engine.Ayanamsa) (float64, error) {
	return 24 + (float64(t)-2451545)*4e-5, nil
}

func (f fakeRef) MeanAyanamsa(t engine.JDUT, a engine.Ayanamsa) (float64, error) {
	v, _ := f.Ayanamsa(t, a)
	xx, _, _ := f.CalcUT(float64(t), swe.EclNut, 0, 0)
	return v - xx[2], nil
}

func (fakeRef) DeltaT(t engine.JDUT) float64 {
	return (64 + 20*math.Sin((float64(t)-2451545)/40000)) / 86400
}

func (fakeRef) MoonSegments() (start, days float64, err error) { return From - 3.3, 27.5545, nil }

// TestFitAnalytic fits and verifies a body of the fake reference over a
// window, through the generator's own fitting and verification.
func TestFitAnalytic(t *testing.T) {
	sp := bodySpec(fakeRef{noisy: -2}, engine.Mars, plan{16, 12})
	sp.what = "test"
	tab, err := fitTable(sp, From, From+16*300, 0)
	if err != nil {
		t.Fatal(err)
	}
	checks, err := verify(sp, tab, 20000, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range checks {
		if c.Samples != 20000 || !(c.Worst <= c.Tolerance/2) {
			t.Errorf("%s: worst %.3g %s over %d samples", c.Quantity, c.Worst, c.Unit, c.Samples)
		}
	}
	if tab.Split() != nil {
		t.Error("a smooth body needed split segments")
	}
}

// TestTablesRefuses: when a table misses its tolerance the generator fails
// and writes no file.
func TestTablesRefuses(t *testing.T) {
	if testing.Short() {
		t.Skip("fits every table over 600 years")
	}
	out := filepath.Join(t.TempDir(), "e.bolt")
	var log strings.Builder
	err := build(fakeRef{noisy: swe.SEBody(engine.Mars)}, Config{Out: out, Workers: 2}, &log)
	if !errors.Is(err, errTolerance) {
		t.Fatalf("err = %v, want a missed tolerance\n%s", err, log.String())
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("%s written despite the failure", out)
	}
	if _, err := os.Stat(out + ".tmp"); !os.IsNotExist(err) {
		t.Errorf("temporary file left behind")
	}
}
