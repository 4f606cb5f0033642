package solarterms

import (
	"bufio"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/accuracy/measure"
	"github.com/astroapi/astroapi/engine/ephem"
	"github.com/astroapi/astroapi/engine/swe"
	"github.com/astroapi/astroapi/tables"
)

var tableFile = filepath.Join("..", "..", "data", "ephemeris.bolt")

// sources opens the Swiss Ephemeris and the generated tables: the Finder
// the API uses (table, then root-finding on the tables' Sun) and two
// root-finders (on the Chebyshev tables' Sun, and on libswe alone).
func sources(t testing.TB) (withTable, rootTables, rootSwe *Finder) {
	t.Helper()
	eph, err := swe.Open("")
	if err != nil {
		measure.Missing(t, fmt.Errorf("Swiss Ephemeris: %w", err))
	}
	if _, err := os.Stat(tableFile); err != nil {
		measure.Missing(t, fmt.Errorf("%s not generated (make gen)", tableFile))
	}
	set, err := tables.Open(tableFile)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { set.Close() })
	if set.SolarTerms() == nil {
		measure.Missing(t, fmt.Errorf("%s has no solar-term table: regenerate it (make gen)", tableFile))
	}
	pos := ephem.New(set, eph)
	return New(set.SolarTerms(), pos), New(nil, pos), New(nil, ephem.New(nil, eph))
}

// fixtureTerm is one line of a fixture: term k of year at JD UT, and the
// reference's delta T in seconds when the fixture gives it.
type fixtureTerm struct {
	year   int
	term   Term
	jd     float64
	deltaT float64
}

func readFixture(t testing.TB, name string) []fixtureTerm {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []fixtureTerm
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fs := strings.Split(line, "\t")
		y, err1 := strconv.Atoi(fs[0])
		k, err2 := strconv.Atoi(fs[1])
		jd, err3 := strconv.ParseFloat(fs[2], 64)
		var dt float64
		var err4 error
		if len(fs) > 3 {
			dt, err4 = strconv.ParseFloat(fs[3], 64)
		}
		if err := errors.Join(err1, err2, err3, err4); err != nil || len(fs) < 3 {
			t.Fatalf("%s: bad line %q: %v", name, line, err)
		}
		out = append(out, fixtureTerm{y, Term(k), jd, dt})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return measure.NonEmpty(t, out, name)
}

// add adds the difference in seconds between a found instant and the
// fixture's.
func add(w *measure.Worst, ft fixtureTerm, gotJD float64) {
	w.Add(math.Abs(gotJD-ft.jd)*86400, ft.year, ft.term)
}

// TestSwetest compares every term of every fifth year 1800-2395 (2,880)
// with roots found on swetest's printed longitudes (testdata/gen/
// swetest_terms.py). The issue asks for 1 minute; the table and both
// root-finders agree to well under a second (measured: see the log).
func TestSwetest(t *testing.T) {
	withTable, rootTables, rootSwe := sources(t)
	const tol = 1.0 // seconds
	for _, tc := range []struct {
		name   string
		f      *Finder
		method Method
	}{
		{"Table", withTable, FromTable},
		{"RootOnTables", rootTables, ByRoot},
		{"RootOnSwe", rootSwe, ByRoot},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var w measure.Worst
			for _, ft := range readFixture(t, "swetest_terms.tsv") {
				c, err := tc.f.Find(ft.year, ft.term)
				if err != nil {
					t.Fatal(err)
				}
				if c.Method != tc.method {
					t.Fatalf("%d %s: method %s, want %s", ft.year, ft.term, c.Method, tc.method)
				}
				add(&w, ft, float64(c.JD))
			}
			w.Check(t, "terms vs swetest", "s", tol)
			t.Logf("worst %.4f s (%s) over %d terms vs swetest", w.Max(), w.At(), w.N())
		})
	}
}

// TestLunarJavaScript compares every term of 1900-2100 (4,824) with
// lunar-javascript's JieQi table (testdata/gen/jieqi.js). lunar-javascript
// follows the sxwnl algorithm (truncated VSOP87, its own nutation and delta
// T). The instants agree within 3.4 s up to 2039; later, the two delta T
// extrapolations part (95 s by 2100), so the test also checks the
// difference once the delta T difference is taken out.
func TestLunarJavaScript(t *testing.T) {
	withTable, _, _ := sources(t)
	eph, _ := swe.Open("")
	const (
		tolRaw   = 5.0   // seconds, 1900-2039
		tolLate  = 120.0 // seconds, 2040-2100, delta T extrapolations differing
		tolModel = 5.0   // seconds, every year, after removing the delta T difference
	)
	var raw, late, model measure.Worst
	for _, ft := range readFixture(t, "lunar_jieqi.tsv") {
		c, err := withTable.Find(ft.year, ft.term)
		if err != nil {
			t.Fatal(err)
		}
		if ft.year < 2040 {
			add(&raw, ft, float64(c.JD))
		} else {
			add(&late, ft, float64(c.JD))
		}
		// Equal TT crossings give UT(ours) - UT(theirs) = dT(theirs) - dT(ours).
		shift := (ft.deltaT - eph.DeltaT(c.JD)*86400) / 86400
		add(&model, ft, float64(c.JD)-shift)
	}
	if n := raw.N() + late.N(); n != 201*24 {
		t.Errorf("%d terms in the fixture, want %d", n, 201*24)
	}
	for _, c := range []struct {
		name string
		w    *measure.Worst
		tol  float64
	}{{"1900-2039", &raw, tolRaw}, {"2040-2100", &late, tolLate}, {"delta T removed", &model, tolModel}} {
		c.w.Check(t, c.name, "s", c.tol)
		t.Logf("%s: worst %.2f s (%s) over %d terms vs lunar-javascript (tolerance %g s)", c.name, c.w.Max(), c.w.At(), c.w.N(), c.tol)
	}
}

// TestFallback: without a table, or outside it, terms are found by root
// and say so; a typed nil table is an empty table.
func TestFallback(t *testing.T) {
	withTable, _, _ := sources(t)
	eph, _ := swe.Open("")
	pos := ephem.New(nil, eph)
	for _, tc := range []struct {
		name   string
		f      *Finder
		year   int
		method Method
		source engine.Source
	}{
		{"TableInRange", withTable, 2024, FromTable, ""},
		{"TableAfterRange", withTable, 2400, ByRoot, engine.FromMoshier},
		{"TableBeforeRange", withTable, 1700, ByRoot, engine.FromMoshier},
		{"NoTable", New(nil, pos), 2024, ByRoot, engine.FromSwiss},
		{"TypedNilTable", New((*tables.SolarTerms)(nil), pos), 2024, ByRoot, engine.FromSwiss},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := tc.f.Find(tc.year, Lichun)
			if err != nil {
				t.Fatal(err)
			}
			if c.Method != tc.method || c.Source != tc.source {
				t.Errorf("method %s source %q, want %s %q", c.Method, c.Source, tc.method, tc.source)
			}
			if c.Time().Year() != tc.year || c.Time().Month() != time.February {
				t.Errorf("Lichun %d at %s", tc.year, c.Time())
			}
		})
	}
	t.Run("ErrNoSource", func(t *testing.T) {
		if _, err := New(nil, nil).Find(2024, Lichun); !errors.Is(err, engine.ErrOutOfRange) {
			t.Errorf("err = %v, want ErrOutOfRange", err)
		}
	})
	t.Run("ErrYearRange", func(t *testing.T) {
		if _, err := withTable.Find(MaxYear+1, Lichun); !errors.Is(err, engine.ErrOutOfRange) {
			t.Errorf("err = %v, want ErrOutOfRange", err)
		}
	})
}

// TestYearOrder: every year from 1584 to 2999 holds the 24 terms once, in
// time order from Xiaohan, 14-16.5 days apart, all in that year (UT); the
// table's years join the root-found ones smoothly at 1800 and 2399/2400.
func TestYearOrder(t *testing.T) {
	withTable, _, _ := sources(t)
	years := []int{MinYear + 1, 1799, 1800, 2000, 2399, 2400, MaxYear}
	rng := rand.New(rand.NewPCG(1583, 2999))
	for range 20 {
		years = append(years, MinYear+1+rng.IntN(MaxYear-MinYear))
	}
	for _, y := range years {
		terms, err := withTable.Year(y)
		if err != nil {
			t.Fatal(err)
		}
		prev, err := withTable.Find(y-1, Dongzhi)
		if err != nil {
			t.Fatal(err)
		}
		for i, c := range terms {
			if c.Term != termAt(i) || c.Year != y || c.Time().Year() != y {
				t.Errorf("%d: term %d is %s at %s", y, i, c.Term, c.Time())
			}
			if d := float64(c.JD - prev.JD); !(d > 14 && d < 16.5) {
				t.Errorf("%d %s: %.2f days after %s", y, c.Term, d, prev.Term)
			}
			prev = c
		}
	}
}

// TestSpans: the jie and term spans hold the instant, start on the right
// kind of term and are consecutive, for random instants 1583-2999.
func TestSpans(t *testing.T) {
	withTable, _, _ := sources(t)
	rng := rand.New(rand.NewPCG(17, 24))
	from := float64(jdn(MinYear, 1, 1)) + 1
	to := float64(jdn(MaxYear, 12, 31)) - 20
	for range 3000 {
		jd := engine.JDUT(from + rng.Float64()*(to-from))
		jie, err := withTable.Jie(jd)
		if err != nil {
			t.Fatal(err)
		}
		if !(jie.Start.JD <= jd && jd < jie.End.JD) || !jie.Start.Term.Jie() || jie.End.Term != (jie.Start.Term+2)%24 {
			t.Fatalf("JD %.5f: jie span %s %.5f .. %s %.5f", jd, jie.Start.Term, jie.Start.JD, jie.End.Term, jie.End.JD)
		}
		term, err := withTable.Term(jd)
		if err != nil {
			t.Fatal(err)
		}
		if !(term.Start.JD <= jd && jd < term.End.JD) || term.End.Term != (term.Start.Term+1)%24 {
			t.Fatalf("JD %.5f: term span %s .. %s", jd, term.Start.Term, term.End.Term)
		}
	}
	// Exactly at a term the new span begins.
	c, _ := withTable.Find(2024, Lichun)
	if s, _ := withTable.Jie(c.JD); s.Start.Term != Lichun {
		t.Errorf("at Lichun the span starts at %s", s.Start.Term)
	}
	if s, _ := withTable.Jie(c.JD - 1e-6); s.Start.Term != Xiaohan {
		t.Errorf("just before Lichun the span starts at %s", s.Start.Term)
	}
}

// TestEvent: the reported form of a term, rounded to the second: Lichun
// 2024 at 08:27:08 UT (16:27 Beijing time; lunar-javascript: 08:27:07.8).
func TestEvent(t *testing.T) {
	withTable, _, _ := sources(t)
	c, err := withTable.Find(2024, Lichun)
	if err != nil {
		t.Fatal(err)
	}
	e := c.Event()
	want := Event{Term: "Lichun", Chinese: "立春", English: "Start of Spring", Longitude: 315, Kind: "jie",
		UTC: time.Date(2024, 2, 4, 8, 27, 8, 0, time.UTC), JD: math.Round(float64(c.JD)*1e6) / 1e6, Method: FromTable}
	if diff := cmp.Diff(want, e); diff != "" {
		t.Errorf("Lichun 2024 (-want +got):\n%s", diff)
	}
}

// TestJDN checks the calendar helpers against known day numbers.
func TestJDN(t *testing.T) {
	for _, tc := range []struct{ y, m, d, jdn int }{
		{2000, 1, 1, 2451545}, {1858, 11, 17, 2400001}, {1582, 10, 15, 2299161}, {-4713, 11, 24, 0},
	} {
		if got := jdn(tc.y, tc.m, tc.d); got != tc.jdn {
			t.Errorf("jdn(%d-%d-%d) = %d, want %d", tc.y, tc.m, tc.d, got, tc.jdn)
		}
		if y, m, d := fromJDN(tc.jdn); y != tc.y || m != tc.m || d != tc.d {
			t.Errorf("fromJDN(%d) = %d-%d-%d", tc.jdn, y, m, d)
		}
	}
}

func BenchmarkFindTable(b *testing.B) {
	f, _, _ := sources(b)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if _, err := f.Find(1900+i%200, Term(i%24)); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkFindRoot(b *testing.B) {
	_, f, _ := sources(b)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if _, err := f.Find(1900+i%200, Term(i%24)); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkJieTable(b *testing.B) {
	f, _, _ := sources(b)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if _, err := f.Jie(engine.JDUT(2451545 + float64(i%73000)*1.001)); err != nil {
			b.Fatal(err)
		}
	}
}
