package gen

import (
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/accuracy/measure"
	"github.com/astroapi/astroapi/engine/swe"
)

// TestSolarTerms runs the solar-term generator on libswe: every instant of
// 1800-2399 within TolSolarTerm of its independent root, 24 a year, in time
// order.
func TestSolarTerms(t *testing.T) {
	if testing.Short() {
		t.Skip("solves 14,400 terms on libswe")
	}
	eph, err := swe.Open("")
	if err != nil {
		measure.Missing(t, err)
	}
	var log strings.Builder
	st, err := solarTerms(eph, 0, &log)
	if err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	t.Log(strings.TrimSpace(log.String()))
	c := st.Meta.Verified
	if c.Samples != 24*SolarTermYears || !(c.Worst <= TolSolarTerm) {
		t.Errorf("verified %d instants, worst %.3g s", c.Samples, c.Worst)
	}
	// 2000: the March equinox at 07:35 UT on 20 March, the December
	// solstice at 13:37 UT on 21 December (USNO, "Earth's Seasons:
	// Equinoxes, Solstices, Perihelion, and Aphelion, 2000-2025").
	for _, tc := range []struct {
		k    int
		want string
	}{{0, "2000-03-20T07:35"}, {18, "2000-12-21T13:37"}} {
		jd, ok := st.Instant(2000, tc.k)
		if !ok {
			t.Fatalf("2000 term %d missing", tc.k)
		}
		if got := jd.Time().Format("2006-01-02T15:04"); got != tc.want {
			t.Errorf("2000 term %d at %s, want %s", tc.k, got, tc.want)
		}
	}
}

// noisySun is a reference whose Sun longitude carries 3.6" of fast noise
// (about 90 s of its motion): no root can be verified to a second.
type noisySun struct{ fakeRef }

func (noisySun) CalcUT(jd float64, ipl, iflag, sidMode int32) (xx [6]float64, ret int32, err error) {
	lon := 280 + (jd-2451545)*360/365.2422 + 1e-3*math.Sin(jd*1e7)
	return [6]float64{engine.Normalize(lon), 0, 1, 360 / 365.2422, 0, 0}, iflag, nil
}

// TestSolarTermsRefuses: the generator refuses a table it cannot verify.
func TestSolarTermsRefuses(t *testing.T) {
	var log strings.Builder
	_, err := solarTerms(noisySun{}, 0, &log)
	if !errors.Is(err, errTolerance) {
		t.Fatalf("err = %v, want a missed tolerance", err)
	}
}

// TestSolarTermFile checks the solar-term table of the generated file: its
// span, and 3,000 random instants against fresh roots on libswe (regula
// falsi, the generator's independent method), within TolSolarTerm.
func TestSolarTermFile(t *testing.T) {
	set := openFile(t)
	defer set.Close()
	st := set.SolarTerms()
	if st == nil {
		t.Fatalf("%s has no solar-term table: regenerate it (make gen)", tableFile)
	}
	eph, err := swe.Open("")
	if err != nil {
		t.Fatal(err)
	}
	if first, last, _ := st.Years(); first != SolarTermFirstYear || last != SolarTermFirstYear+SolarTermYears-1 {
		t.Errorf("table holds %d-%d", first, last)
	}
	rng := rand.New(rand.NewPCG(seed, 24))
	var worst measure.Worst
	for range 3000 {
		year, k := SolarTermFirstYear+rng.IntN(SolarTermYears), rng.IntN(24)
		jd, ok := st.Instant(year, k)
		if !ok {
			t.Fatalf("%d term %d missing", year, k)
		}
		r, err := termIllinois(eph, 15*float64(k), float64(jd)-1, float64(jd)+1)
		if err != nil {
			t.Fatal(err)
		}
		worst.Add(math.Abs(r-float64(jd))*86400, year, k)
	}
	worst.Check(t, "solar terms against fresh roots", "s", TolSolarTerm)
	t.Logf("%d instants: worst %.2g s (%s) against fresh roots (tolerance %g s); generator's check: %+v", worst.N(), worst.Max(), worst.At(), TolSolarTerm, st.Meta.Verified)
}
