// Package bazitest reads the BaZi fixtures of engine/bazi/testdata, for
// the engine's tests and the routes' tests alike.
package bazitest

import (
	"math"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/astroapi/astroapi/engine/accuracy/measure"
)

// Boundary is a line of boundaries.tsv (testdata/gen/boundaries.js): a
// local date-time within two minutes of a jie, the jie's instant (a root on
// swetest's longitudes) and the pillars lunar-javascript gives on either
// side of it.
type Boundary struct {
	Zone  string
	Local time.Time // the wall clock, read as UTC
	UTC   time.Time
	Root  time.Time // the jie, to the millisecond
	// Before and After are the year pillar, month pillar and year nayin
	// before and after the jie.
	Before, After [3]string
	// DaySect1, DaySect2 and Hour follow the local clock: the day pillar
	// changing at 23:00 (sect 1) or at midnight (sect 2), the hour pillar.
	DaySect1, DaySect2, Hour string
}

// Want is the year pillar, month pillar and year nayin the birth takes: of
// the side of the jie it is on.
func (b Boundary) Want() [3]string {
	if b.UTC.Before(b.Root) {
		return b.Before
	}
	return b.After
}

// ReadBoundaries reads engine/bazi/testdata/boundaries.tsv.
func ReadBoundaries(t testing.TB) []Boundary {
	t.Helper()
	raw, err := os.ReadFile(measure.RepoFile(t, "engine/bazi/testdata/boundaries.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	var out []Boundary
	for _, l := range strings.Split(string(raw), "\n") {
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		f := strings.Split(l, "\t")
		if len(f) != 13 {
			t.Fatalf("boundaries.tsv: bad line %q", l)
		}
		local, err1 := time.Parse("2006-01-02T15:04", f[1])
		unix, err2 := strconv.ParseInt(f[2], 10, 64)
		root, err3 := strconv.ParseFloat(f[3], 64)
		if err1 != nil || err2 != nil || err3 != nil {
			t.Fatalf("boundaries.tsv: bad line %q", l)
		}
		out = append(out, Boundary{
			Zone: f[0], Local: local, UTC: time.Unix(unix, 0).UTC(),
			Root:   time.UnixMilli(int64(math.Round(root * 1000))).UTC(),
			Before: [3]string{f[4], f[5], f[6]}, After: [3]string{f[7], f[8], f[9]},
			DaySect1: f[10], DaySect2: f[11], Hour: f[12],
		})
	}
	return measure.NonEmpty(t, out, "boundaries.tsv")
}
