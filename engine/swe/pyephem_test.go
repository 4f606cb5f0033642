package swe

import (
	"bufio"
	"math"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/accuracy/measure"
)

// TestPyEphem compares Sun..Pluto with PyEphem, an independent theory
// (libastro), so that a systematic error such as true instead of apparent
// positions or J2000 instead of the equinox of date (tens of arcseconds to
// degrees) cannot hide behind the swetest comparison. Fixture and
// conventions (delta T, Pluto's 1885-2099 range): testdata/gen/pyephem/gen.py.
func TestPyEphem(t *testing.T) {
	const (
		tolArcsec  = 60   // 1 arcminute, longitude and latitude
		tolRelDist = 1e-3 // relative distance (a sanity check: light-time conventions differ)
	)
	e := openTest(t)
	f, err := os.Open("testdata/pyephem.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	type stat struct {
		n              int
		lon, lat, dist float64
	}
	stats := map[string]*stat{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		l := sc.Text()
		if l == "" || l[0] == '#' {
			continue
		}
		r := strings.Fields(l)
		b, ok := bodyByName[r[0]]
		if !ok {
			t.Fatalf("fixture: unknown body %q", r[0])
		}
		v := floats(t, r[1:])
		// The same TT instant: shift UT by the two delta T models' difference.
		jd := engine.JDUT(v[0])
		jd += engine.JDUT((v[4] - e.DeltaT(jd)*86400) / 86400)
		p, err := e.Position(jd, b, engine.Options{})
		if err != nil {
			t.Fatalf("%s %.6f: %v", r[0], v[0], err)
		}
		s := stats[r[0]]
		if s == nil {
			s = &stat{}
			stats[r[0]] = s
		}
		s.n++
		s.lon = max(s.lon, sepArcsec(p.Longitude, v[1]))
		s.lat = max(s.lat, math.Abs(p.Latitude-v[2])*3600)
		s.dist = max(s.dist, math.Abs(p.Distance-v[3])/v[3])
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	names := make([]string, 0, len(stats))
	for n := range stats {
		names = append(names, n)
	}
	sort.Strings(names)
	for b := engine.Sun; b <= engine.Pluto; b++ {
		if s := stats[goName(b)]; s == nil || s.n < 200 {
			t.Errorf("%v: fewer than 200 cases", b)
		}
	}
	for _, n := range names {
		s := stats[n]
		t.Logf("%-8s %3d cases, worst longitude %6.2f\", latitude %6.2f\", distance %.1e", n, s.n, s.lon, s.lat, s.dist)
		if measure.Over(s.lon, tolArcsec) || measure.Over(s.lat, tolArcsec) || measure.Over(s.dist, tolRelDist) {
			t.Errorf("%s: worst longitude %.2f\", latitude %.2f\" (tol %v\"), distance %.2g (tol %g)",
				n, s.lon, s.lat, tolArcsec, s.dist, tolRelDist)
		}
	}
}
