package eclipses

import (
	"encoding/json"
	"errors"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/accuracy/measure"
	"github.com/astroapi/astroapi/tables"
)

func day(s string) time.Time {
	d, err := time.Parse(time.DateOnly, s)
	if err != nil {
		panic(err)
	}
	return d
}

func intp(n int) *int { return &n }

// TestCatalogProperties: the catalog covers 1800-2400 in order, every
// record is well formed, and every kind/type list is the catalog filtered.
func TestCatalogProperties(t *testing.T) {
	c := catalog(t)
	all := c.All()
	if len(all) != 2871 {
		t.Errorf("%d eclipses 1800-2400, the generator found 2871", len(all))
	}
	if all[0].Date[:4] != "1800" || all[len(all)-1].Date[:4] != "2399" {
		t.Errorf("span %s .. %s", all[0].Date, all[len(all)-1].Date)
	}
	counts := map[filter]int{}
	for i, e := range all {
		if i > 0 && !(e.JulianDay > all[i-1].JulianDay) {
			t.Fatalf("out of order at %s", e.Date)
		}
		if !e.Type.Of(e.Kind) || e.SarosSeries <= 0 || e.SarosMember <= 0 ||
			!(e.Degree >= 0 && e.Degree < 360) || e.Datetime.Format(time.DateOnly) != e.Date ||
			e.Datetime.Nanosecond() != 0 || e.Datetime.Location() != time.UTC {
			t.Fatalf("bad record %+v", e)
		}
		if sign, deg := engine.SignOf(e.Degree); sign != e.Sign || measure.Over(math.Abs(deg-e.SignDegree), 1e-6) {
			t.Fatalf("%s: sign %s %.6f of %.6f", e.Date, e.Sign, e.SignDegree, e.Degree)
		}
		// Solar eclipses fall at new moon near a node; Saros members of
		// one series share the node (the generator checks it too).
		if d := math.Abs(e.Gamma); measure.Over(d, 1.6) {
			t.Errorf("%s: gamma %v", e.Date, e.Gamma)
		}
		switch e.Kind {
		case Solar:
			if e.GreatestEclipse == nil || e.PenumbralMagnitude != nil || (e.Type == Partial) != (e.Central == nil) {
				t.Errorf("%s: solar fields %+v", e.Date, e)
			}
			// Central eclipses have a duration, except where the Moon's and
			// the Sun's discs are within 1% (NASA: 1986 October 3, 0m00s).
			if (e.Type == Total || e.Type == Annular || e.Type == Hybrid) && *e.Central && e.DurationSeconds <= 0 && measure.Over(math.Abs(e.Magnitude-1), 0.01) {
				t.Errorf("%s: central %s eclipse without a duration", e.Date, e.Type)
			}
		case Lunar:
			if e.GreatestEclipse != nil || e.PenumbralMagnitude == nil || (e.Type == Total) != (e.DurationSeconds > 0) {
				t.Errorf("%s: lunar fields %+v", e.Date, e)
			}
		}
		counts[filter{}]++
		counts[filter{kind: e.Kind}]++
		counts[filter{kind: e.Kind, typ: e.Type}]++
	}
	for f, n := range counts {
		if len(c.lists[f]) != n {
			t.Errorf("list %v: %d, want %d", f, len(c.lists[f]), n)
		}
	}
}

// TestGreatAmericanEclipse: the total eclipse of 2017 August 21 (NASA,
// eclipse.gsfc.nasa.gov: Saros 145, greatest eclipse 18:26:40 TD, 18:25:31
// UT1), the Sun at 28 deg 53 min Leo, at the ascending node.
func TestGreatAmericanEclipse(t *testing.T) {
	c := catalog(t)
	e, err := c.Near(time.Date(2017, 8, 20, 0, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	got := e.Date + " " + e.Datetime.Format("15:04") + " " + string(e.Kind) + " " + string(e.Type) + " " + e.Sign + " " + string(e.Node)
	if want := "2017-08-21 18:25 solar total Leo ascending"; got != want || e.SarosSeries != 145 || measure.Over(math.Abs(e.SignDegree-28.88), 0.01) {
		t.Errorf("got %q, Saros %d, %.4f in the sign; want %q, 145, 28.88", got, e.SarosSeries, e.SignDegree, want)
	}
}

func TestCount(t *testing.T) {
	for _, c := range []struct {
		name  string
		count *int
		want  int
		err   bool
	}{
		{"OKDefault", nil, 10, false},
		{"OKOne", intp(1), 1, false},
		{"OKFifty", intp(50), 50, false},
		{"OverFiftyBecomesTen", intp(51), 10, false},
		{"HugeBecomesTen", intp(1 << 30), 10, false},
		{"ErrZero", intp(0), 0, true},
		{"ErrNegative", intp(-3), 0, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			n, fe := ResolveCount(c.count)
			if (fe != nil) != c.err || n != c.want {
				t.Fatalf("ResolveCount = %d, %v", n, fe)
			}
			if fe != nil && fe.Field != "count" {
				t.Fatalf("field %q", fe.Field)
			}
		})
	}
}

func TestList(t *testing.T) {
	c := catalog(t)
	t.Run("OK", func(t *testing.T) {
		l, err := c.List(ListOptions{From: day("2024-01-01"), Count: intp(3)})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, e := range l.Eclipses {
			got = append(got, e.Date+" "+string(e.Kind)+" "+string(e.Type))
		}
		want := []string{"2024-03-25 lunar penumbral", "2024-04-08 solar total", "2024-09-18 lunar partial"}
		if diff := cmp.Diff(want, got); diff != "" || l.Total != 3 {
			t.Errorf("(-want +got):\n%s", diff)
		}
	})
	t.Run("FromIncludesTheDay", func(t *testing.T) {
		l, _ := c.List(ListOptions{From: day("2024-04-08"), Count: intp(1)})
		if l.Eclipses[0].Date != "2024-04-08" {
			t.Errorf("%s", l.Eclipses[0].Date)
		}
	})
	t.Run("Filters", func(t *testing.T) {
		for _, o := range []ListOptions{
			{Kind: Solar}, {Kind: Lunar}, {Type: Hybrid}, {Type: Total}, {Type: Partial},
			{Kind: Lunar, Type: Penumbral}, {Kind: Solar, Type: Total}, {Type: Penumbral},
		} {
			o.From, o.Count = day("1900-01-01"), intp(50)
			l, err := c.List(o)
			if err != nil {
				t.Fatal(err)
			}
			want := 0 // 50, or fewer of a rare type (30 hybrids 1900-2400)
			for _, e := range c.All() {
				if e.Date >= "1900" && (o.Kind == "" || e.Kind == o.Kind) && (o.Type == "" || e.Type == o.Type) && want < 50 {
					want++
				}
			}
			if l.Total != want || len(l.Eclipses) != want {
				t.Errorf("%+v: %d eclipses, want %d", o, l.Total, want)
			}
			for i, e := range l.Eclipses {
				if (o.Kind != "" && e.Kind != o.Kind) || (o.Type != "" && e.Type != o.Type) || e.Date < "1900" ||
					(i > 0 && e.JulianDay <= l.Eclipses[i-1].JulianDay) {
					t.Fatalf("%+v: eclipse %d: %s %s %s", o, i, e.Date, e.Kind, e.Type)
				}
			}
		}
	})
	t.Run("FewerAtTheEnd", func(t *testing.T) {
		l, err := c.List(ListOptions{From: day("2399-11-01"), Count: intp(50)})
		if err != nil || l.Total >= 5 || l.Total != len(l.Eclipses) {
			t.Fatalf("%d, %v", l.Total, err)
		}
	})
	t.Run("ResultIsReadOnlySafe", func(t *testing.T) {
		l, _ := c.List(ListOptions{From: day("2024-01-01"), Count: intp(2)})
		_ = append(l.Eclipses, Eclipse{Date: "overwritten"})
		if c.All()[len(c.All())-1].Date == "overwritten" || c.lists[filter{}][indexOf(c, "2024-09-18")].Date != "2024-09-18" {
			t.Fatal("appending to a result wrote into the catalog")
		}
	})
	for _, e := range []struct {
		name  string
		o     ListOptions
		field string
	}{
		{"ErrKind", ListOptions{From: day("2024-01-01"), Kind: "stellar"}, "kind"},
		{"ErrType", ListOptions{From: day("2024-01-01"), Type: "ring"}, "type"},
		{"ErrTypeOfKind", ListOptions{From: day("2024-01-01"), Kind: Solar, Type: Penumbral}, "type"},
		{"ErrTypeOfKindLunar", ListOptions{From: day("2024-01-01"), Kind: Lunar, Type: Hybrid}, "type"},
		{"ErrCount", ListOptions{From: day("2024-01-01"), Count: intp(0)}, "count"},
		{"ErrFromMissing", ListOptions{}, "from"},
	} {
		t.Run(e.name, func(t *testing.T) {
			_, err := c.List(e.o)
			var f engine.Fields
			if !errors.As(err, &f) || f[0].Field != e.field {
				t.Fatalf("err = %v, want field %s", err, e.field)
			}
		})
	}
	t.Run("ErrOutOfRange", func(t *testing.T) {
		for _, d := range []string{"1700-01-01", "2500-01-01"} {
			if _, err := c.List(ListOptions{From: day(d)}); !errors.Is(err, engine.ErrOutOfRange) {
				t.Errorf("%s: %v", d, err)
			}
		}
	})
}

func indexOf(c *Catalog, date string) int {
	for i, e := range c.All() {
		if e.Date == date {
			return i
		}
	}
	return -1
}

func TestUpcoming(t *testing.T) {
	c := catalog(t)
	// An instant just after the greatest eclipse of 2024 April 8 (18:17:20).
	now := time.Date(2024, 4, 8, 18, 17, 21, 0, time.UTC)
	l, err := c.Upcoming(now, UpcomingOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if l.Total != 10 || l.Eclipses[0].Date != "2024-09-18" {
		t.Errorf("%d eclipses from %s", l.Total, l.Eclipses[0].Date)
	}
	l, _ = c.Upcoming(now.Add(-2*time.Second), UpcomingOptions{Count: intp(60)})
	if l.Total != 10 || l.Eclipses[0].Date != "2024-04-08" {
		t.Errorf("count 60: %d eclipses from %s", l.Total, l.Eclipses[0].Date)
	}
	b, _ := json.Marshal(l)
	if !strings.HasPrefix(string(b), `{"total":10,"eclipses":[{"type":"total","kind":"solar","date":"2024-04-08","datetime":"2024-04-08T18:17:20Z"`) {
		t.Errorf("JSON %s", b[:min(len(b), 200)])
	}
	if _, err := c.Upcoming(now, UpcomingOptions{Count: intp(-1)}); err == nil {
		t.Error("count -1 accepted")
	}
	if _, err := c.Upcoming(day("2450-01-01"), UpcomingOptions{}); !errors.Is(err, engine.ErrOutOfRange) {
		t.Errorf("2450: %v", err)
	}
}

func TestNear(t *testing.T) {
	c := catalog(t)
	for _, n := range []struct {
		name, date, want string
	}{
		{"OKSameDay", "2024-04-08", "2024-04-08"},
		{"OKThreeBefore", "2024-04-05", "2024-04-08"},
		{"OKThreeAfter", "2024-04-11", "2024-04-08"},
		{"OKLunar", "2025-03-12", "2025-03-14"},
		{"ErrNoEclipseFourDays", "2024-04-04", ""},
		{"ErrNoEclipseBetween", "2024-06-01", ""},
		{"ErrNoEclipseOutside", "1500-01-01", ""},
	} {
		t.Run(n.name, func(t *testing.T) {
			e, err := c.Near(day(n.date))
			if n.want == "" {
				if !errors.Is(err, ErrNoEclipse) {
					t.Fatalf("Near(%s) = %v, %v", n.date, e, err)
				}
				return
			}
			if err != nil || e.Date != n.want {
				t.Fatalf("Near(%s) = %v, %v", n.date, e, err)
			}
		})
	}
	// The time of day does not matter, only the UTC date.
	if e, err := c.Near(time.Date(2024, 4, 11, 23, 59, 0, 0, time.UTC)); err != nil || e.Date != "2024-04-08" {
		t.Errorf("late on the third day: %v %v", e, err)
	}
}

// TestFamily: members of a Saros series are one Saros (6585.32 days)
// apart, one member number apart, at the same node.
func TestFamily(t *testing.T) {
	c := catalog(t)
	e, _ := c.Near(day("2024-04-08"))
	prev, next := c.Family(e)
	if prev == nil || next == nil || prev.Date != "2006-03-29" || next.Date != "2042-04-20" {
		t.Fatalf("Saros 139 around 2024: %v, %v", prev, next)
	}
	for i := range c.All() {
		e := &c.All()[i]
		p, n := c.Family(e)
		for _, o := range []*Eclipse{p, n} {
			if o == nil {
				continue
			}
			if o.SarosSeries != e.SarosSeries || measure.Over(math.Abs(math.Abs(o.JulianDay-e.JulianDay)-6585.32), 1) ||
				o.Node != e.Node || o.Kind != e.Kind || math.Abs(float64(o.SarosMember-e.SarosMember)) != 1 {
				t.Fatalf("%s (Saros %d/%d) and %s (%d/%d)", e.Date, e.SarosSeries, e.SarosMember, o.Date, o.SarosSeries, o.SarosMember)
			}
		}
		// Only members at the catalog's ends lack a neighbour.
		if p == nil && e.JulianDay > all0(c)+6586 && e.SarosMember > 1 {
			t.Fatalf("%s: no previous member", e.Date)
		}
	}
}

func all0(c *Catalog) float64 { return c.All()[0].JulianDay }

func natalCusps() []float64 {
	cusps := make([]float64, 12)
	for i := range cusps {
		cusps[i] = math.Mod(350+float64(i)*30, 360) // house 1 from 20 Pisces
	}
	return cusps
}

func TestActivations(t *testing.T) {
	c := catalog(t)
	// The eclipse of 2024 April 8 falls at 19.40 Aries (the Sun's longitude).
	a, err := c.Activations(ActivationOptions{EclipseDate: day("2024-04-10"), Natal: Natal{
		Planets: []Point{{"Sun", 20.9}, {"Moon", 199.0}, {"Mars", 23}, {"Venus", 100}, {"Saturn", 360}},
		Houses:  natalCusps(),
	}})
	if err != nil {
		t.Fatal(err)
	}
	if a.Eclipse.Date != "2024-04-08" || a.House != 1 || a.OrbUsed != DefaultOrb || a.Saros.Series != 139 || a.Saros.Member != 30 ||
		a.Saros.Previous.Date != "2006-03-29" || a.Saros.Next.Date != "2042-04-20" {
		t.Errorf("%+v", a)
	}
	deg := a.Eclipse.Degree
	want := []Activation{
		{"Moon", 199, Opposition, math.Abs(199 - 180 - deg)},
		{"Sun", 20.9, Conjunction, 20.9 - deg},
	}
	if diff := cmp.Diff(want, a.Activations, cmp.Comparer(func(x, y float64) bool { return math.Abs(x-y) < 1e-9 })); diff != "" || a.TotalCount != 2 {
		t.Errorf("(-want +got):\n%s", diff)
	}
	t.Run("OrbAcrossAries", func(t *testing.T) {
		// The lunar eclipse of 2025 March 14 at 173.98 (Virgo); points on
		// the other side of 0 Aries: 354.5 is 0.52 from the opposite degree,
		// 352.5 is 1.48 from it.
		orb := 1.0
		a, err := c.Activations(ActivationOptions{EclipseDate: day("2025-03-14"), Orb: &orb, Natal: Natal{
			Planets: []Point{{"A", 354.5}, {"B", 352.5}, {"C", 0.0}}, Houses: natalCusps()}})
		if err != nil {
			t.Fatal(err)
		}
		if a.TotalCount != 1 || a.Activations[0].Point != "A" || a.Activations[0].Aspect != Opposition ||
			measure.Over(math.Abs(a.Activations[0].Orb-math.Abs(354.5-180-a.Eclipse.Degree)), 1e-9) {
			t.Errorf("%+v (degree %v)", a.Activations, a.Eclipse.Degree)
		}
	})
	t.Run("HouseSeam", func(t *testing.T) {
		// Cusps 350, 20, 50 ...: the eclipse degree 19.4 is in house 1,
		// and in house 2 when the second cusp moves to 19.
		cusps := natalCusps()
		cusps[1] = 19
		a, _ := c.Activations(ActivationOptions{EclipseDate: day("2024-04-08"), Natal: Natal{Planets: []Point{{"Sun", 1}}, Houses: cusps}})
		if a.House != 2 {
			t.Errorf("house %d", a.House)
		}
	})
	t.Run("ErrNoEclipse", func(t *testing.T) {
		_, err := c.Activations(ActivationOptions{EclipseDate: day("2024-06-01"), Natal: Natal{Planets: []Point{{"Sun", 1}}, Houses: natalCusps()}})
		if !errors.Is(err, ErrNoEclipse) {
			t.Fatal(err)
		}
	})
	for _, e := range []struct {
		name  string
		o     ActivationOptions
		field string
	}{
		{"ErrPlanetsMissing", ActivationOptions{EclipseDate: day("2024-04-08"), Natal: Natal{Houses: natalCusps()}}, "natal.planets"},
		{"ErrHousesMissing", ActivationOptions{EclipseDate: day("2024-04-08"), Natal: Natal{Planets: []Point{{"Sun", 1}}}}, "natal.houses"},
		{"ErrHousesCount", ActivationOptions{EclipseDate: day("2024-04-08"), Natal: Natal{Planets: []Point{{"Sun", 1}}, Houses: []float64{1, 2}}}, "natal.houses"},
		{"ErrCusp", ActivationOptions{EclipseDate: day("2024-04-08"), Natal: Natal{Planets: []Point{{"Sun", 1}}, Houses: append(natalCusps()[:11], -5)}}, "natal.houses[11]"},
		{"ErrLongitude", ActivationOptions{EclipseDate: day("2024-04-08"), Natal: Natal{Planets: []Point{{"Sun", math.Inf(1)}}, Houses: natalCusps()}}, "natal.planets[0].longitude"},
		{"ErrDateMissing", ActivationOptions{Natal: Natal{Planets: []Point{{"Sun", 1}}, Houses: natalCusps()}}, "eclipse_date"},
		{"ErrOrb", ActivationOptions{EclipseDate: day("2024-04-08"), Orb: func() *float64 { o := 11.0; return &o }(), Natal: Natal{Planets: []Point{{"Sun", 1}}, Houses: natalCusps()}}, "orb"},
	} {
		t.Run(e.name, func(t *testing.T) {
			_, err := c.Activations(e.o)
			var f engine.Fields
			if !errors.As(err, &f) || f[0].Field != e.field {
				t.Fatalf("err = %v, want field %s", err, e.field)
			}
		})
	}
}

// TestNew refuses records it cannot serve.
func TestNew(t *testing.T) {
	rec := tables.Eclipse{Kind: "solar", Type: "penumbral", Max: 2451545, SarosSeries: 1, SarosMember: 1}
	if _, err := New(tables.EclipseMeta{From: 2451000, To: 2452000}, []tables.Eclipse{rec}); err == nil {
		t.Error("a penumbral solar eclipse accepted")
	}
	if _, err := New(tables.EclipseMeta{}, nil); err == nil {
		t.Error("an empty catalog accepted")
	}
}
