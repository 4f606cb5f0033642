package solarterms

import (
	"bufio"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/accuracy/measure"
)

// eotTolerance is the bound on the equation of time against
// swetest's (issue 26: true solar time within 10 s).
const eotTolerance = 10.0

// TestEquationOfTime compares the equation of time with swetest's body y
// (testdata/swetest_eot.tsv, testdata/gen/swetest_eot.py) at 604 instants
// of 1583-2999, through the production finder (the Chebyshev tables' Sun)
// and a finder on libswe alone. The worst error is 0.74 s before 2100 and
// 3.7 s by 2999 (both finders alike: delta T's parabola against the Swiss
// Ephemeris' extrapolation, and the mean longitude's series); the
// tolerance is the 10 s.
func TestEquationOfTime(t *testing.T) {
	table, _, sw := sources(t)
	f, err := os.Open(filepath.Join("testdata", "swetest_eot.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var jds, want []float64
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if strings.HasPrefix(sc.Text(), "#") {
			continue
		}
		fs := strings.Split(sc.Text(), "\t")
		jd, err1 := strconv.ParseFloat(fs[0], 64)
		e, err2 := strconv.ParseFloat(fs[1], 64)
		if len(fs) != 2 || err1 != nil || err2 != nil {
			t.Fatalf("bad line %q", sc.Text())
		}
		jds, want = append(jds, jd), append(want, e)
	}
	if len(jds) < 600 {
		t.Fatalf("%d instants in the fixture", len(jds))
	}
	published := measure.Compare(t, measure.About{
		What:      "equation of time (engine/solarterms, Meeus 28.1 on the apparent Sun), through the Chebyshev tables and through libswe",
		Reference: "swetest 2.10.03, body y (swe_time_equ), instants in UT",
		Sample:    "seeded random instants 1583-2999 and the four births of engine/bazi's true-solar-time test",
	})
	for _, fc := range []struct {
		name string
		f    *Finder
		q    *measure.Quantity
	}{
		{"tables", table, published.Quantity("equation of time, tables", "s", eotTolerance, 4)},
		{"swe", sw, published.Quantity("equation of time, libswe", "s", eotTolerance, 4)},
	} {
		before2100 := measure.Worst{}
		for i, jd := range jds {
			got, _, err := fc.f.EquationOfTime(engine.JDUT(jd))
			if err != nil {
				t.Fatalf("%s JD %.5f: %v", fc.name, jd, err)
			}
			d := math.Abs(got - want[i])
			fc.q.Add(d, "JD", jd)
			if jd < 2488070 { // before 2100
				before2100.Add(d, "JD", jd)
			}
		}
		t.Logf("%s: worst %.3f s over %d instants (%s), %.3f s before 2100", fc.name, fc.q.Max(), fc.q.N(), fc.q.At(), before2100.Max())
	}
	if _, _, err := New(nil, nil).EquationOfTime(2451545); err == nil {
		t.Error("a finder without positions gave an equation of time")
	}
}
