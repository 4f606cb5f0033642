package timing

import (
	"fmt"
	"testing"
	"time"

	"github.com/astroapi/astroapi/engine/accuracy/measure"
	"github.com/astroapi/astroapi/engine/natal"
	"github.com/google/go-cmp/cmp"
)

// signLon is the middle of the named sign.
func signLon(name string) float64 {
	for i, s := range []string{"Aries", "Taurus", "Gemini", "Cancer", "Leo", "Virgo", "Libra", "Scorpio", "Sagittarius", "Capricorn", "Aquarius", "Pisces"} {
		if s == name {
			return float64(i)*30 + 15
		}
	}
	panic(name)
}

// Valens' own example of the profected ("transmitted") year, Anthology IV,
// Riley's translation at Pingree p. 165 (/165P/), quoted by Anthony Louis,
// "The Birth Chart of Vettius Valens" (2017): "Sun, Mercury in Aquarius,
// Moon in Scorpio, Saturn in Cancer, Jupiter in Libra, Venus in Capricorn,
// Mars, Ascendant in Virgo. We are investigating the 35th year. I divide by
// 12, for a result of 24, remainder 11. ... we find 11 signs from the
// Ascendant and Mars to Saturn in Cancer; additionally 11 signs from the
// Moon to Mars, or from Venus to the Moon." The 35th year is age 34; the
// 11th sign counted inclusively is the sign reached after 10 steps.
func TestProfectionValens(t *testing.T) {
	planets := []point{
		{"Sun", signLon("Aquarius"), 0}, {"Mercury", signLon("Aquarius") + 3, 0}, {"Moon", signLon("Scorpio"), 0},
		{"Saturn", signLon("Cancer"), 0}, {"Jupiter", signLon("Libra"), 0}, {"Venus", signLon("Capricorn"), 0},
		{"Mars", signLon("Virgo") + 5, 0},
	}
	asc := signLon("Virgo")
	cases := []struct {
		name    string
		from    float64
		sign    string
		lord    string
		planets []string
	}{
		{"FromAscendant", asc, "Cancer", "Moon", []string{"Saturn"}},
		{"FromMars", signLon("Virgo") + 5, "Cancer", "Moon", []string{"Saturn"}},
		{"FromMoon", signLon("Scorpio"), "Virgo", "Mercury", []string{"Mars"}},
		{"FromVenus", signLon("Capricorn"), "Scorpio", "Mars", []string{"Moon"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			pc := &profChart{asc: asc, start: c.from, planets: planets}
			y, _ := pc.year(34, time.Time{}, time.Time{}.Add(365*24*time.Hour))
			if y.Sign != c.sign || y.Lord != c.lord || y.Count != 11 {
				t.Errorf("35th year: %s (count %d), lord %s; Valens: %s, the 11th sign, lord %s", y.Sign, y.Count, y.Lord, c.sign, c.lord)
			}
			if d := cmp.Diff(c.planets, y.Planets); d != "" {
				t.Errorf("planets in the sign (-want +got):\n%s", d)
			}
		})
	}
	// From the Ascendant, Cancer is Valens' 11th place: the 11th house.
	pc := &profChart{asc: asc, start: asc, planets: planets}
	if y, _ := pc.year(34, time.Time{}, time.Time{}); y.House != 11 {
		t.Errorf("house %d, want 11", y.House)
	}
}

// The cycle: from the Ascendant the profected house is age mod 12 + 1,
// the 1st again at 12, 24, 36...; the months go on a sign a month and tile
// the year.
func TestProfectionCycle(t *testing.T) {
	pos := source(t)
	var first string
	for age := 0; age <= 40; age++ {
		a := age
		p, err := Profect(pos, london, ProfectionOptions{Age: &a})
		if err != nil {
			t.Fatal(err)
		}
		if p.Year.House != age%12+1 || p.Year.Count != age%12+1 {
			t.Fatalf("age %d: house %d count %d", age, p.Year.House, p.Year.Count)
		}
		if age == 0 {
			first = p.Year.Sign
			if p.Year.Sign != p.FromPosition.Sign || !p.Year.Start.Equal(london.born()) {
				t.Fatalf("age 0: %s from %s, want the Ascendant's sign from the birth", p.Year.Sign, p.Year.Start)
			}
		}
		if age%12 == 0 && p.Year.Sign != first {
			t.Fatalf("age %d: %s, want %s again", age, p.Year.Sign, first)
		}
		if p.Year.Lord != Rulers[signIndex(signLon(p.Year.Sign))] {
			t.Fatalf("age %d: lord %s of %s", age, p.Year.Lord, p.Year.Sign)
		}
		// Anniversaries at the birth's local time (14:30 BST = 13:30 UTC).
		if want := time.Date(1990+age, 7, 14, 13, 30, 0, 0, time.UTC); !p.Year.Start.Equal(want) && age > 0 {
			t.Fatalf("age %d starts %s, want %s", age, p.Year.Start, want)
		}
		if !p.Months[0].Start.Equal(p.Year.Start) || !p.Months[11].End.Equal(p.Year.End) {
			t.Fatalf("age %d: months %s..%s, year %s..%s", age, p.Months[0].Start, p.Months[11].End, p.Year.Start, p.Year.End)
		}
		for m := range p.Months {
			if m > 0 && !p.Months[m].Start.Equal(p.Months[m-1].End) {
				t.Fatalf("age %d: month %d does not start where %d ends", age, m+1, m)
			}
			if want := engineSign(signIndex(signLon(p.Year.Sign)) + m); p.Months[m].Sign != want {
				t.Fatalf("age %d month %d: %s, want %s", age, m+1, p.Months[m].Sign, want)
			}
			if d := p.Months[m].End.Sub(p.Months[m].Start).Hours() / 24; d < 30.4 || measure.Over(d, 30.55) {
				t.Fatalf("month of %.3f days", d)
			}
		}
	}
}

func engineSign(i int) string {
	return []string{"Aries", "Taurus", "Gemini", "Cancer", "Leo", "Virgo", "Libra", "Scorpio", "Sagittarius", "Capricorn", "Aquarius", "Pisces"}[((i%12)+12)%12]
}

// By date: the year changes at the birthday's local time, and the month in
// force is the one containing the date.
func TestProfectionByDate(t *testing.T) {
	pos := source(t)
	cases := []struct {
		date  string
		age   int
		month int
	}{
		{"2024-07-14T13:29:59Z", 33, 12},
		{"2024-07-14T13:30:00Z", 34, 1},
		{"2024-08-14T02:00:00Z", 34, 2}, // a twelfth of 365 days is 30 d 10 h
		{"1990-07-14T13:30:00Z", 0, 1},
	}
	for _, c := range cases {
		t.Run(c.date, func(t *testing.T) {
			p, err := Profect(pos, london, ProfectionOptions{Date: date(c.date)})
			if err != nil {
				t.Fatal(err)
			}
			if p.Age != c.age || p.Month == nil || p.Month.Index != c.month {
				t.Fatalf("age %d month %v, want %d and %d", p.Age, p.Month, c.age, c.month)
			}
		})
	}
}

// A 29 February birth: its birthday in common years is 1 March.
func TestProfectionLeapDay(t *testing.T) {
	pos := source(t)
	n := natalAt(date("1996-02-29T12:00:00Z"), 48.85, 2.35, natal.Options{}, 0)
	p, err := Profect(pos, n, ProfectionOptions{Date: date("2001-02-28T23:00:00Z")})
	if err != nil {
		t.Fatal(err)
	}
	if p.Age != 4 || !p.Year.End.Equal(date("2001-03-01T12:00:00Z")) {
		t.Fatalf("age %d, year ends %s; want 4 and 2001-03-01T12:00Z", p.Age, p.Year.End)
	}
}

func TestProfectionFrom(t *testing.T) {
	pos := source(t)
	c, err := natal.Compute(pos, london.Birth, london.Chart)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Release()
	starts := map[ProfectionPoint]float64{
		FromAscendant: c.Ascendant.Longitude, FromMidheaven: c.Midheaven.Longitude,
		FromSun: c.Planets[0].Longitude, FromMoon: c.Planets[1].Longitude, FromFortune: c.PartOfFortune.Longitude,
	}
	for from, lon := range starts {
		age := 5
		p, err := Profect(pos, london, ProfectionOptions{Age: &age, From: from})
		if err != nil {
			t.Fatal(err)
		}
		if want := engineSign(signIndex(lon) + 5); p.Year.Sign != want || p.Year.Count != 6 {
			t.Errorf("%s: %s count %d, want %s count 6", from, p.Year.Sign, p.Year.Count, want)
		}
	}
}

func TestProfectionErrors(t *testing.T) {
	pos := source(t)
	neg, big, ok := -1, 151, 3
	cases := []struct {
		name  string
		o     ProfectionOptions
		field string
	}{
		{"ErrNothing", ProfectionOptions{}, "date"},
		{"ErrBoth", ProfectionOptions{Age: &ok, Date: date("2000-01-01T00:00:00Z")}, "age"},
		{"ErrNegativeAge", ProfectionOptions{Age: &neg}, "age"},
		{"ErrAgeTooLarge", ProfectionOptions{Age: &big}, "age"},
		{"ErrDateBeforeBirth", ProfectionOptions{Date: date("1990-07-14T13:29:00Z")}, "date"},
		{"ErrFrom", ProfectionOptions{Age: &ok, From: "vertex"}, "from"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Profect(pos, london, c.o)
			wantField(t, err, c.field)
		})
	}
}

func Example_valensProfection() {
	// Valens' example (Anthology IV, /165P/): Ascendant in Virgo, the 35th
	// year (age 34) reaches Cancer, where Saturn is; its lord is the Moon.
	pc := &profChart{asc: 165, start: 165, planets: []point{{"Saturn", 105, 0}, {"Mars", 170, 0}}}
	y, _ := pc.year(34, time.Time{}, time.Time{})
	fmt.Println(y.Sign, y.House, y.Lord, y.Planets)
	// Output: Cancer 11 Moon [Saturn]
}
