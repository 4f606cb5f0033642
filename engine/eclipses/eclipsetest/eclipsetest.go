// Package eclipsetest reads the eclipse references kept in
// engine/eclipses/testdata, for the engine's tests and the routes' tests
// alike: astronomy-engine.tsv.gz (npm astronomy-engine, an independent
// theory of the Sun and the Moon; made by testdata/gen/gen.mjs) and
// nasa.tsv (NASA's published values, sources in the file).
package eclipsetest

import (
	"bufio"
	"compress/gzip"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/astroapi/astroapi/engine/accuracy/measure"
	"github.com/astroapi/astroapi/tables/tablestest"
)

// AE is one eclipse of the astronomy-engine fixture.
type AE struct {
	Kind, Type string
	UT, TT     float64 // JD of the peak
	Notes      map[string]float64
}

// ReadAstronomyEngine reads the astronomy-engine fixture.
func ReadAstronomyEngine(t testing.TB) []AE {
	t.Helper()
	f, err := os.Open(tablestest.RepoFile(t, "engine/eclipses/testdata/astronomy-engine.tsv.gz"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	var out []AE
	sc := bufio.NewScanner(z)
	for sc.Scan() {
		l := sc.Text()
		if strings.HasPrefix(l, "#") {
			continue
		}
		p := strings.Split(l, "\t")
		if len(p) != 6 {
			t.Fatalf("fixture line %q", l)
		}
		e := AE{Kind: p[0], Type: p[1], Notes: map[string]float64{}}
		e.UT, _ = strconv.ParseFloat(p[2], 64)
		e.TT, _ = strconv.ParseFloat(p[3], 64)
		for _, kv := range strings.Fields(p[5]) {
			k, v, _ := strings.Cut(kv, "=")
			e.Notes[k], _ = strconv.ParseFloat(v, 64)
		}
		out = append(out, e)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return measure.NonEmpty(t, out, "astronomy-engine fixture")
}

// NASA is one eclipse of nasa.tsv.
type NASA struct {
	Date, Kind, Type string
	Saros, Member    int // Member 0: not quoted
	Gamma, Mag       float64
	Duration         float64 // seconds, -1 when not quoted
}

// ReadNASA reads nasa.tsv.
func ReadNASA(t testing.TB) []NASA {
	t.Helper()
	b, err := os.ReadFile(tablestest.RepoFile(t, "engine/eclipses/testdata/nasa.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	var out []NASA
	for _, l := range strings.Split(string(b), "\n") {
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		p := strings.Split(l, "\t")
		if len(p) != 8 {
			t.Fatalf("nasa.tsv line %q", l)
		}
		e := NASA{Date: p[0], Kind: p[1], Type: p[2], Duration: -1}
		e.Saros, _ = strconv.Atoi(p[3])
		e.Member, _ = strconv.Atoi(p[4]) // "-" gives 0
		e.Gamma, _ = strconv.ParseFloat(p[5], 64)
		e.Mag, _ = strconv.ParseFloat(p[6], 64)
		if p[7] != "-" {
			var m, s int
			if _, err := fmt.Sscanf(p[7], "%dm%ds", &m, &s); err != nil {
				t.Fatalf("duration %q: %v", p[7], err)
			}
			e.Duration = float64(60*m + s)
		}
		out = append(out, e)
	}
	return measure.NonEmpty(t, out, "nasa.tsv")
}
