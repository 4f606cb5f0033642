package gen

import (
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/astroapi/astroapi/engine/stars"
	"github.com/astroapi/astroapi/engine/swe"
	"github.com/astroapi/astroapi/tables"
)

// TestStarFile checks the star tables of the generated file: each against
// its fitted quantity at 5,000 random instants (another seed than the
// generator's), and the apparent positions tables.Set.Star serves against
// swe_fixstar2_ut at 2,000 instants per star.
func TestStarFile(t *testing.T) {
	set := openFile(t)
	defer set.Close()
	eph, err := swe.Open("")
	if err != nil {
		t.Fatal(err)
	}
	got := set.Tables(tables.KindStar)
	if len(got) != stars.Count {
		t.Fatalf("%d star tables, want %d (make gen)", len(got), stars.Count)
	}
	for _, sp := range starSpecs(eph) {
		tab := got[sp.name]
		if tab == nil {
			t.Errorf("no table for star %s", sp.name)
			continue
		}
		checks, err := verifySeeded(sp, tab, 5000, 0, seed+1)
		if err != nil {
			t.Error(err)
		}
		for _, c := range checks {
			if c.Samples < 5000 {
				t.Errorf("%s/%s: %d instants served", sp.name, c.Quantity, c.Samples)
			}
		}
	}
	var ts []*tables.Table
	for _, k := range []tables.Kind{tables.KindBody, tables.KindNutation, tables.KindStar} {
		for _, tab := range set.Tables(k) {
			ts = append(ts, tab)
		}
	}
	var log strings.Builder
	if err := verifyStarsN(eph, ts, 2000, 0, seed+2, &log); err != nil {
		t.Error(err)
	}
	t.Log(log.String())
}

// offsetStars is libswe with one star moved by 0.002" in longitude.
type offsetStars struct {
	*swe.Ephemeris
	name string
}

func (o offsetStars) FixStar2UT(name string, jd float64, iflag int32) (string, [6]float64, int32, error) {
	found, xx, ret, err := o.Ephemeris.FixStar2UT(name, jd, iflag)
	if name == o.name {
		xx[0] += 0.002 / 3600
	}
	return found, xx, ret, err
}

// TestStarsRefuse: apparent positions 0.002" off make verifyStars fail
// with errTolerance, which keeps Tables from writing the file.
func TestStarsRefuse(t *testing.T) {
	set := openFile(t)
	defer set.Close()
	eph, err := swe.Open("")
	if err != nil {
		t.Fatal(err)
	}
	var ts []*tables.Table
	for _, k := range []tables.Kind{tables.KindBody, tables.KindNutation, tables.KindStar} {
		for _, tab := range set.Tables(k) {
			ts = append(ts, tab)
		}
	}
	first := stars.Catalog()[0]
	err = verifyStarsN(offsetStars{eph, first.SEName()}, ts, 500, 0, seed, io.Discard)
	if !errors.Is(err, errTolerance) || !strings.Contains(err.Error(), first.Name) {
		t.Fatalf("err = %v, want a missed tolerance for %s", err, first.Name)
	}
}

// TestEclipseFile: the catalog in the generated file is the one the
// generator finds now, record for record (every eclipse 1800-2400 round-trips
// through the table), and passes the generator's checks.
func TestEclipseFile(t *testing.T) {
	set := openFile(t)
	defer set.Close()
	eph, err := swe.Open("")
	if err != nil {
		t.Fatal(err)
	}
	m, got, err := set.Eclipses()
	if err != nil {
		t.Fatal(err)
	}
	want, err := findEclipses(eph, eph, From, To, 0)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("file's catalog (-regenerated +file):\n%s", diff)
	}
	if m.Solar+m.Lunar != len(want) || m.From != From || m.To != To || len(m.Checks) != 3 {
		t.Errorf("meta %+v", m)
	}
	if _, err := checkEclipses(got); err != nil {
		t.Error(err)
	}
}

// TestCheckEclipses: the generator's consistency checks catch a catalog
// with a misplaced, a duplicated, an unnumbered or a wrong-node eclipse.
func TestCheckEclipses(t *testing.T) {
	set := openFile(t)
	defer set.Close()
	_, es, err := set.Eclipses()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name  string
		spoil func(es []tables.Eclipse) []tables.Eclipse
		want  string
	}{
		{"ErrSarosSpacing", func(es []tables.Eclipse) []tables.Eclipse { es[1000].Max += 2; return es }, "Saros apart"},
		{"ErrOrder", func(es []tables.Eclipse) []tables.Eclipse { return append(es[:1001:1001], es[1000:]...) }, "out of order"},
		{"ErrNoSaros", func(es []tables.Eclipse) []tables.Eclipse { es[5].SarosSeries = 0; return es }, "without a Saros series"},
		{"ErrNode", func(es []tables.Eclipse) []tables.Eclipse { es[1500].MoonLatitudeSpeed *= -1; return es }, "other node"},
		{"ErrMissing", func(es []tables.Eclipse) []tables.Eclipse {
			// Drop the solar eclipses of 2000: that year then has none.
			var out []tables.Eclipse
			for _, e := range es {
				if !(e.Kind == "solar" && e.Max > 2451544.5 && e.Max < 2451910.5) {
					out = append(out, e)
				}
			}
			return out
		}, "solar eclipses in 2000"},
	} {
		t.Run(c.name, func(t *testing.T) {
			broken := c.spoil(append([]tables.Eclipse(nil), es...))
			if _, err := checkEclipses(broken); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("err = %v, want %q", err, c.want)
			}
		})
	}
}
