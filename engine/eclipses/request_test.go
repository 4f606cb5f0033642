package eclipses

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/moment"
	"github.com/astroapi/astroapi/engine/resolve"
)

func fixedAt(t time.Time) *resolve.Fixed { return &resolve.Fixed{Time: t} }

// errFields lists the fields of a field error, or says what else it is.
func errFields(err error) []string {
	var fs engine.Fields
	if err := fs.Add(err); err != nil {
		return []string{"not a field error: " + err.Error()}
	}
	var out []string
	for _, f := range fs {
		out = append(out, f.Field)
	}
	return out
}

// TestListRequestResolve: the first date defaults to today (UTC) and
// reads a date-time as its UTC date, both written back; the count rule of
// spec 8 is written back with a notice; a type the kind has not is named.
func TestListRequestResolve(t *testing.T) {
	now := time.Date(2024, 6, 15, 23, 30, 0, 0, time.FixedZone("", -5*3600)) // 2024-06-16 04:30 UTC
	f := fixedAt(now)
	r := ListRequest{}
	if err := r.Resolve(f, ""); err != nil || r.From != "2024-06-16" || !f.NowUsed || r.Count == nil || *r.Count != DefaultCount {
		t.Errorf("defaults: %v %+v (now used %v)", err, r, f.NowUsed)
	}
	f = fixedAt(now)
	r = ListRequest{From: "2024-04-08T23:30:00-05:00", Count: intp(60)}
	if err := r.Resolve(f, ""); err != nil || r.From != "2024-04-09" || f.NowUsed || *r.Count != DefaultCount ||
		len(f.Notes) != 1 || !strings.Contains(f.Notes[0], "count 60 is over 50") {
		t.Errorf("date-time and count: %v %+v %q", err, r, f.Notes)
	}
	for _, c := range []struct {
		name string
		r    ListRequest
		want []string
	}{
		{"ErrTypeOfKind", ListRequest{From: "2024-01-01", Kind: Lunar, Type: Annular}, []string{"q.type"}},
		{"ErrCount", ListRequest{From: "2024-01-01", Count: intp(0)}, []string{"q.count"}},
		{"ErrFrom", ListRequest{From: "2024-02-30"}, []string{"q.from"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := c.r
			if diff := cmp.Diff(c.want, errFields(r.Resolve(fixedAt(now), "q."))); diff != "" {
				t.Errorf("fields (-want +got):\n%s", diff)
			}
		})
	}
}

// TestListRequestList: a resolved request lists what the options do; a
// first date outside the catalog is a field error on from.
func TestListRequestList(t *testing.T) {
	c := catalog(t)
	r := ListRequest{From: "2024-01-01", Kind: Solar, Count: intp(3)}
	if err := r.Resolve(fixedAt(time.Now()), ""); err != nil {
		t.Fatal(err)
	}
	got, err := r.List(c)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := c.List(ListOptions{From: day("2024-01-01"), Kind: Solar, Count: intp(3)})
	if diff := cmp.Diff(want, got); diff != "" || got.Total != 3 {
		t.Errorf("(-want +got):\n%s", diff)
	}
	r = ListRequest{From: "1799-12-31"}
	if err := r.Resolve(fixedAt(time.Now()), ""); err != nil {
		t.Fatal(err)
	}
	if _, err := r.List(c); !slices.Equal(errFields(err), []string{"from"}) {
		t.Errorf("before the catalog: %v", err)
	}
	u := UpcomingRequest{}
	f := fixedAt(time.Date(2024, 4, 8, 18, 0, 0, 0, time.UTC))
	if err := u.Resolve(f, ""); err != nil || !f.NowUsed {
		t.Fatal(err)
	}
	if l, err := u.Upcoming(c); err != nil || l.Total != DefaultCount || l.Eclipses[0].Date != "2024-04-08" {
		t.Errorf("upcoming: %v %+v", err, l)
	}
}

// TestActivationsRequestResolve: the natal chart missing is
// engine.Missing (spec 7's 400) before anything else; the date is read as
// its UTC date and the orb's default written back; the chart's rules name
// their fields.
func TestActivationsRequestResolve(t *testing.T) {
	natal := Natal{Planets: []Point{{"Sun", 19.6}}, Houses: natalCusps()}
	var missing engine.Missing
	r := ActivationsRequest{Orb: func() *float64 { o := 11.0; return &o }()}
	if err := r.Resolve(fixedAt(time.Now()), "x."); !errors.As(err, &missing) || len(missing) != 2 ||
		missing[0].Field != "x.natal.planets" || missing[1].Field != "x.natal.houses" {
		t.Errorf("no chart: %v", err)
	}
	r = ActivationsRequest{EclipseDate: "2024-04-09T01:00:00+02:00", Natal: natal}
	if err := r.Resolve(fixedAt(time.Now()), ""); err != nil || r.EclipseDate != moment.Date("2024-04-08") || r.Orb == nil || *r.Orb != DefaultOrb {
		t.Errorf("resolved: %v %+v", err, r)
	}
	a, err := r.Activations(catalog(t))
	if err != nil || a.Eclipse.Date != "2024-04-08" || a.OrbUsed != DefaultOrb {
		t.Errorf("activations: %v %+v", err, a)
	}
	for _, c := range []struct {
		name string
		r    ActivationsRequest
		want []string
	}{
		{"ErrDateMissing", ActivationsRequest{Natal: natal}, []string{"eclipse_date"}},
		{"ErrDate", ActivationsRequest{EclipseDate: "2024-13-01", Natal: natal}, []string{"eclipse_date"}},
		{"ErrCusps", ActivationsRequest{EclipseDate: "2024-04-08", Natal: Natal{Planets: natal.Planets, Houses: []float64{1, 2}}}, []string{"natal.houses"}},
		{"ErrName", ActivationsRequest{EclipseDate: "2024-04-08", Natal: Natal{Planets: []Point{{"", 1}}, Houses: natalCusps()}}, []string{"natal.planets[0].name"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := c.r
			if diff := cmp.Diff(c.want, errFields(r.Resolve(fixedAt(time.Now()), ""))); diff != "" {
				t.Errorf("fields (-want +got):\n%s", diff)
			}
		})
	}
	// A date with no eclipse near it: the nearest either side.
	r = ActivationsRequest{EclipseDate: "2024-06-15", Natal: natal}
	if err := r.Resolve(fixedAt(time.Now()), ""); err != nil {
		t.Fatal(err)
	}
	_, err = r.Activations(catalog(t))
	var none *NoEclipseError
	if !errors.As(err, &none) || !errors.Is(err, ErrNoEclipse) || len(none.Nearest) != 2 ||
		none.Nearest[0].Date != "2024-04-08" || none.Nearest[1].Date != "2024-09-18" {
		t.Errorf("no eclipse: %v", err)
	}
}

// TestLoad: without a table file the catalog is missing, and says how to
// get one.
func TestLoad(t *testing.T) {
	if c, err := Load(nil); c != nil || err == nil || !strings.Contains(err.Error(), "astroapi gen") {
		t.Errorf("Load(nil) = %v, %v", c, err)
	}
}
