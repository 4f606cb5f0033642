package vedic

import (
	"errors"
	"testing"
	"time"

	"github.com/astroapi/astroapi/engine"
)

// TestStretchArithmetic checks the search's interval arithmetic on hand
// cases: overlaps, touching ends, an exclusion covering several
// stretches, a stretch cut in three.
func TestStretchArithmetic(t *testing.T) {
	s := func(p ...engine.JDUT) []stretch {
		var out []stretch
		for i := 0; i+1 < len(p); i += 2 {
			out = append(out, stretch{p[i], p[i+1]})
		}
		return out
	}
	eq := func(what string, got, want []stretch) {
		t.Helper()
		if len(got) != len(want) {
			t.Fatalf("%s: %v, want %v", what, got, want)
		}
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("%s: %v, want %v", what, got, want)
			}
		}
	}
	eq("intersect", intersect(s(0, 10, 20, 30), s(5, 25)), s(5, 10, 20, 25))
	eq("intersect touching", intersect(s(0, 10), s(10, 20)), nil)
	eq("intersect inside", intersect(s(0, 100), s(10, 20, 30, 40)), s(10, 20, 30, 40))
	eq("subtract middle", subtract(s(0, 100), s(10, 20, 30, 40)), s(0, 10, 20, 30, 40, 100))
	eq("subtract overlapping", subtract(s(0, 10, 20, 30), s(5, 25, 8, 22)), s(0, 5, 25, 30))
	eq("subtract all", subtract(s(0, 10, 20, 30), s(-5, 35)), nil)
	eq("subtract ends", subtract(s(0, 10), s(0, 2, 8, 10)), s(2, 8))
	es := []elem{{0, 0, 1}, {1, 1, 2}, {2, 2, 3}, {3, 3, 4}}
	eq("allowed merges neighbours", allowed(es, []int{1, 2, 4}), s(0, 2, 3, 4))
}

// TestChoghadiyaAndHoraCycles checks the cycles against the rules they
// come from: the 8th choghadiya of the day is the 1st; the day begins with
// the weekday lord's; the night's first is the lord fifth from it in the
// hora order; the 1st hora is the weekday lord's and the 25th (the next
// day's 1st) the next weekday lord's, which the 24 horas reach.
func TestChoghadiyaAndHoraCycles(t *testing.T) {
	for wd := range 7 {
		day := choghadiyas(0, 1, horaIndex[wd], 1)
		if day[0].Lord != weekdayLords[wd].String() || day[7].Name != day[0].Name {
			t.Errorf("weekday %d: day %s ... %s, lord %s", wd, day[0].Name, day[7].Name, day[0].Lord)
		}
		night := choghadiyas(1, 2, (horaIndex[wd]+5)%7, 5)
		if night[7].Name != night[0].Name {
			t.Errorf("weekday %d: night %s ... %s", wd, night[0].Name, night[7].Name)
		}
		h := horas(0, 0.5, 1, horaIndex[wd])
		if h[0].Lord != weekdayLords[wd].String() || horaOrder[(horaIndex[wd]+24)%7] != weekdayLords[(wd+1)%7] {
			t.Errorf("weekday %d: horas from %s; the next day's first would be %s", wd, h[0].Lord, horaOrder[(horaIndex[wd]+24)%7])
		}
		if !h[11].End.Equal(h[12].Start) || h[12].Part != "night" {
			t.Errorf("weekday %d: hora 12 ends %v, 13 starts %v (%s)", wd, h[11].End, h[12].Start, h[12].Part)
		}
	}
}

// TestDayMuhurtaPolar: at Tromsø in the midnight sun there is no sunset:
// the periods are null and the lists empty, with no error.
func TestDayMuhurtaPolar(t *testing.T) {
	pos, _ := sources(t)
	oslo, _ := time.LoadLocation("Europe/Oslo")
	m, err := NewDayMuhurta(pos, Day{Year: 2010, Month: 6, Day: 21, Location: oslo, Latitude: 69.6496, Longitude: 18.956}, MuhurtaOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if m.Sunset != nil || m.RahuKaal != nil || m.Abhijit != nil || len(m.Horas) != 0 || len(m.Choghadiya.Day) != 0 || m.Conventions.Brahma != BrahmaNightMuhurta {
		t.Errorf("midnight sun: %+v", m)
	}
	var fe engine.Fields
	_, err = SearchMuhurta(pos, 69.6496, 18.956, jd(2010, 6, 1, 0), jd(2010, 7, 1, 0), SearchConditions{})
	if !errors.As(err, &fe) || fe[0].Field != "latitude" {
		t.Errorf("search in the midnight sun: %v", err)
	}
}
