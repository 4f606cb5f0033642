package timing_test

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/astroapi/astroapi/engine/accuracy/measure"
	apihttp "github.com/astroapi/astroapi/http"
	"github.com/astroapi/astroapi/http/apitest"
)

// rulers are the traditional domicile lords of the signs from Aries
// (Ptolemy, Tetrabiblos I.17; Valens, Anthology I.2).
var rulers = []string{"Mars", "Venus", "Mercury", "Moon", "Sun", "Mercury", "Venus", "Mars", "Jupiter", "Saturn", "Saturn", "Jupiter"}

type profectedOut struct {
	Index        int       `json:"index"`
	Start        time.Time `json:"start"`
	End          time.Time `json:"end"`
	Sign         string    `json:"sign"`
	House        int       `json:"house"`
	Count        int       `json:"count"`
	Lord         string    `json:"lord"`
	LordPosition struct {
		Longitude      float64 `json:"longitude"`
		House          int     `json:"house"`
		WholeSignHouse int     `json:"whole_sign_house"`
	} `json:"lord_position"`
	Planets []string `json:"planets"`
}

type profectionOut struct {
	Age          int            `json:"age"`
	From         string         `json:"from"`
	FromPosition positionOut    `json:"from_position"`
	Year         profectedOut   `json:"year"`
	Month        *profectedOut  `json:"month"`
	Months       []profectedOut `json:"months"`
}

// natalPositions are what profections read from the natal route's chart.
type natalPositions struct {
	Ascendant     positionOut `json:"ascendant"`
	Midheaven     positionOut `json:"midheaven"`
	PartOfFortune positionOut `json:"part_of_fortune"`
	Planets       []struct {
		positionOut
		House int `json:"house"`
	} `json:"planets"`
}

// TestProfectionsRule checks the profections of two charts against the
// rule (Valens, Anthology IV.11: one sign a year from the point; his own
// worked example, given by signs only, is in engine/timing's tests) applied
// to the natal route's chart of the same birth: the year's sign is the
// point's sign plus the completed years, its house counted in whole signs
// from the Ascendant's sign, its lord the traditional ruler with the
// lord's natal place, the natal planets (Sun..Pluto and the nodes) in the
// sign; twelve equal months tile the year, a sign further each.
func TestProfectionsRule(t *testing.T) {
	ts := start(t, apitest.Tables(t), apihttp.Limits{})
	for _, birth := range []string{london, akihito} {
		var chart natalPositions
		post(t, ts, "/api/v1/natal", "{"+birth+"}", &chart)
		points := map[string]positionOut{"ascendant": chart.Ascendant, "midheaven": chart.Midheaven, "fortune": chart.PartOfFortune,
			"sun": chart.Planets[0].positionOut, "moon": chart.Planets[1].positionOut}
		asc := signIndex(chart.Ascendant.Sign)
		for from, point := range points {
			for _, age := range []int{0, 1, 11, 12, 34, 35, 100, 150} {
				t.Run(fmt.Sprintf("%s-%d", from, age), func(t *testing.T) {
					var p profectionOut
					post(t, ts, "/api/v1/profections", fmt.Sprintf(`{%s,"age":%d,"from":%q}`, birth, age, from), &p)
					s := (signIndex(point.Sign) + age) % 12
					y := p.Year
					if p.Age != age || p.From != from || p.FromPosition.Sign != point.Sign || y.Index != age {
						t.Fatalf("age %d from %s (%s), want %d from %s (%s)", p.Age, p.From, p.FromPosition.Sign, age, from, point.Sign)
					}
					if y.Sign != signs[s] || y.Count != age%12+1 || y.House != (s-asc+12)%12+1 || y.Lord != rulers[s] {
						t.Errorf("year: %s, count %d, house %d, lord %s; want %s, %d, %d, %s", y.Sign, y.Count, y.House, y.Lord, signs[s], age%12+1, (s-asc+12)%12+1, rulers[s])
					}
					var in []string
					for _, pl := range chart.Planets[:12] {
						if pl.Sign == signs[s] {
							in = append(in, pl.Name)
						}
						if pl.Name == y.Lord && (measure.Over(sepArcsec(pl.Longitude, y.LordPosition.Longitude), 0.001) || pl.House != y.LordPosition.House ||
							y.LordPosition.WholeSignHouse != (signIndex(pl.Sign)-asc+12)%12+1) {
							t.Errorf("lord %s at %v house %d (whole sign %d), natal route %v house %d", y.Lord, y.LordPosition.Longitude, y.LordPosition.House, y.LordPosition.WholeSignHouse, pl.Longitude, pl.House)
						}
					}
					if !slices.Equal(in, y.Planets) && !(len(in) == 0 && len(y.Planets) == 0) {
						t.Errorf("planets in %s: %v, natal route %v", y.Sign, y.Planets, in)
					}
					if len(p.Months) != 12 || p.Month != nil {
						t.Fatalf("%d months, month in force %v (none for an age)", len(p.Months), p.Month)
					}
					for m, mo := range p.Months {
						if mo.Index != m+1 || mo.Sign != signs[(s+m)%12] || mo.Lord != rulers[(s+m)%12] {
							t.Errorf("month %d: %s lord %s", m+1, mo.Sign, mo.Lord)
						}
						if (m == 0 && !mo.Start.Equal(y.Start)) || (m > 0 && !mo.Start.Equal(p.Months[m-1].End)) || (m == 11 && !mo.End.Equal(y.End)) {
							t.Errorf("month %d %s..%s does not tile the year %s..%s", m+1, mo.Start, mo.End, y.Start, y.End)
						}
					}
				})
			}
		}
	}
}

// TestProfectionsByDate: a date falls in the year of the completed years
// at it, counted from birthday to birthday at the birth's local time
// (14:30 BST = 13:30 UTC for London); the month in force holds the date.
func TestProfectionsByDate(t *testing.T) {
	ts := start(t, apitest.Tables(t), apihttp.Limits{})
	for _, c := range []struct {
		date string
		age  int
	}{
		{"1990-07-14T13:30:00Z", 0},
		{"1991-07-14T13:29:59Z", 0},
		{"1991-07-14T13:30:00Z", 1},
		{"2024-07-14", 33}, // 00:00 BST: before the birthday's 14:30
		{"2024-07-15", 34},
		{"2140-07-14T13:30:00Z", 150},
	} {
		t.Run(c.date, func(t *testing.T) {
			var p profectionOut
			post(t, ts, "/api/v1/profections", fmt.Sprintf(`{%s,"date":%q}`, london, c.date), &p)
			if p.Age != c.age {
				t.Errorf("age %d, want %d", p.Age, c.age)
			}
			var age profectionOut
			post(t, ts, "/api/v1/profections", fmt.Sprintf(`{%s,"age":%d}`, london, c.age), &age)
			if p.Year.Sign != age.Year.Sign || !p.Year.Start.Equal(age.Year.Start) || !p.Year.End.Equal(age.Year.End) {
				t.Errorf("year %+v, by age %+v", p.Year, age.Year)
			}
			d, err := parseDateForTest(c.date)
			if err != nil {
				t.Fatal(err)
			}
			if p.Month == nil || d.Before(p.Month.Start) || !d.Before(p.Month.End) || d.Before(p.Year.Start) || !d.Before(p.Year.End) {
				t.Errorf("month %+v, year %s..%s do not hold %s", p.Month, p.Year.Start, p.Year.End, d)
			}
		})
	}
	// A birth on 29 February has its birthday on 1 March in common years.
	var p profectionOut
	post(t, ts, "/api/v1/profections", `{"year":2000,"month":2,"day":29,"hour":12,"latitude":0,"longitude":0,"age":1}`, &p)
	if p.Year.Start.Format(time.DateTime) != "2001-03-01 12:00:00" {
		t.Errorf("year 1 of a leap-day birth starts %s, want 2001-03-01 12:00 UTC", p.Year.Start)
	}
}

// parseDateForTest reads the test dates: RFC 3339, or a London date at
// 00:00 BST.
func parseDateForTest(s string) (time.Time, error) {
	if len(s) == len(time.DateOnly) {
		london, err := time.LoadLocation("Europe/London")
		if err != nil {
			return time.Time{}, err
		}
		return time.ParseInLocation(time.DateOnly, s, london)
	}
	return time.Parse(time.RFC3339, s)
}
