package bazi

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/astroapi/astroapi/engine/birth"
	"github.com/astroapi/astroapi/engine/resolve"
	"github.com/astroapi/astroapi/engine/solarterms"
)

// TestRelations: the branch relations are symmetric, and every branch has
// one six-harmony partner, two trine partners, one clash and one harm.
func TestRelations(t *testing.T) {
	for a := Branch(0); a < 12; a++ {
		n := map[Relation]int{}
		for b := Branch(0); b < 12; b++ {
			r := relate(a, b)
			if r != relate(b, a) {
				t.Errorf("%s-%s: %s one way, %s the other", a.Pinyin(), b.Pinyin(), r.kind, relate(b, a).kind)
			}
			n[r.kind]++
		}
		if n[Same] != 1 || n[SixHarmony] != 1 || n[Trine] != 2 || n[Clash] != 1 || n[Harm] != 1 {
			t.Errorf("%s: %v", a.Pinyin(), n)
		}
	}
	// Spot checks from the classical lists.
	for _, tc := range []struct {
		a, b Branch
		want Relation
	}{
		{0, 1, SixHarmony}, {2, 11, SixHarmony}, {6, 7, SixHarmony}, {8, 0, Trine}, {4, 8, Trine},
		{0, 6, Clash}, {5, 11, Clash}, {0, 7, Harm}, {9, 10, Harm}, {0, 3, Punishment}, {1, 10, Punishment},
		{0, 9, Break}, {3, 6, Break}, {2, 5, Harm}, {5, 8, SixHarmony},
	} {
		if got := relate(tc.a, tc.b).kind; got != tc.want {
			t.Errorf("%s-%s: %s, want %s", tc.a.Pinyin(), tc.b.Pinyin(), got, tc.want)
		}
	}
}

// TestAnimal: 2024 began a Jia Chen (Yang Wood Dragon) year at Lichun.
func TestAnimal(t *testing.T) {
	terms, _ := finders(t)
	y := 2024
	a, err := Animal(terms, y)
	if err != nil {
		t.Fatal(err)
	}
	got := []any{a.Animal, a.SixtyYearName, a.SixtyYearChinese, a.SixtyYearIndex, a.Description, a.NayinChinese,
		a.Characteristics.BestMatch, a.Characteristics.Challenging, a.Starts.UTC, a.Ends.UTC.Year()}
	want := []any{"Dragon", "Jia Chen", "甲辰", 41, "Yang Wood Dragon", "覆灯火",
		[]string{"Rat", "Monkey", "Rooster"}, []string{"Rabbit", "Dog"}, time.Date(2024, 2, 4, 8, 27, 8, 0, time.UTC), 2025}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("2024 (-want +got):\n%s", diff)
	}
	for _, y := range []int{0, 1582, 3000} {
		if _, err := Animal(terms, y); !hasField(err, "year") {
			t.Errorf("%d: err = %v, want a field error on year", y, err)
		}
	}
	// Every year of the range: the cycle place and Lichun in early February.
	for y := solarterms.MinYear; y <= solarterms.MaxYear; y += 7 {
		a, err := Animal(terms, y)
		if err != nil {
			t.Fatal(err)
		}
		if a.SixtyYearIndex != (y-1984+6000)%60+1 || a.Starts.UTC.Month() != time.February || a.Starts.UTC.Day() < 3 || a.Starts.UTC.Day() > 5 {
			t.Errorf("%d: %s (%d), Lichun %s", y, a.SixtyYearName, a.SixtyYearIndex, a.Starts.UTC)
		}
	}
}

// person is a birth as the compatibility route takes it (hour nil: the
// packet's noon, and no minute, which the packet takes only with an hour;
// zone "": UTC).
func person(y, m, d int, hour *int, minute int, zone string) *Person {
	p := &Person{Year: &y, Packet: birth.Packet{Month: &m, Day: &d, Hour: hour, Timezone: birth.Zone(zone)}}
	if hour != nil {
		p.Minute = &minute
	}
	return p
}

// TestCompatibility: scores lie in 1-10 and are symmetric under swapping
// the two people, for 300 random pairs; each person resolves with its
// path; the hour defaults to noon.
func TestCompatibility(t *testing.T) {
	terms, _ := finders(t)
	rng := rand.New(rand.NewPCG(1, 2))
	zones := []string{"", "Asia/Shanghai", "Europe/Berlin", "America/Chicago"}
	births := func() (Birth, bool) {
		var hour *int
		if rng.IntN(2) == 0 {
			hour = intp(1 + rng.IntN(22))
		}
		p := person(1900+rng.IntN(200), 1+rng.IntN(12), 1+rng.IntN(28), hour, rng.IntN(60), zones[rng.IntN(len(zones))])
		if err := p.Resolve(&resolve.Fixed{}, "person1."); err != nil {
			return Birth{}, false // a local time in a daylight-saving gap
		}
		return p.Birth(), true
	}
	n := 0
	for range 300 {
		p1, ok1 := births()
		p2, ok2 := births()
		if !ok1 || !ok2 {
			continue
		}
		ab, err1 := Pair(terms, p1, p2, "")
		ba, err2 := Pair(terms, p2, p1, "")
		if err := errors.Join(err1, err2); err != nil {
			t.Fatal(err)
		}
		n++
		for _, s := range [][2]Score{{ab.AnimalHarmony, ba.AnimalHarmony}, {ab.BranchInteractions, ba.BranchInteractions},
			{ab.ElementBalance, ba.ElementBalance}, {ab.DayMaster, ba.DayMaster}} {
			if s[0].Score < 1 || s[0].Score > 10 || s[0].Score != s[1].Score || s[0].Relation != s[1].Relation {
				t.Errorf("%+v / %+v: %d (%s) vs swapped %d (%s): %s", p1.Local, p2.Local, s[0].Score, s[0].Relation, s[1].Score, s[1].Relation, s[0].Rule)
			}
		}
		if !(1 <= ab.OverallScore && ab.OverallScore <= 10) || ab.OverallScore != ba.OverallScore || ab.Overall.Score != ab.OverallScore {
			t.Errorf("overall %v vs swapped %v", ab.OverallScore, ba.OverallScore)
		}
		if diff := cmp.Diff(ab.Person1, ba.Person2); diff != "" {
			t.Errorf("person summaries not swapped (-ab.person1 +ba.person2):\n%s", diff)
		}
	}
	if n < 250 {
		t.Errorf("only %d pairs computed", n)
	}
	// The hour defaults to noon.
	r := &CompatibilityRequest{Person1: person(1990, 6, 15, nil, 0, "Asia/Shanghai"), Person2: person(1988, 2, 5, nil, 0, "UTC")}
	for i, p := range []*Person{r.Person1, r.Person2} {
		if err := p.Resolve(&resolve.Fixed{}, fmt.Sprintf("person%d.", i+1)); err != nil {
			t.Fatal(err)
		}
	}
	c, err := Compatible(terms, r)
	if err != nil {
		t.Fatal(err)
	}
	if c.Person1.Birth.Local != "1990-06-15T12:00" || c.Person1.HourPillar != "Jia Wu" || *r.Person1.Hour != 12 {
		t.Errorf("person1 %+v", c.Person1)
	}
	// Horse (1990) and Rabbit (1988 after Lichun on 4 February: Wu Chen is
	// the Dragon; 5 February 1988 is already a Dragon year).
	if c.Person2.YearAnimal != "Dragon" || c.AnimalHarmony.Relation != string(Neutral) || c.AnimalHarmony.Score != 6 {
		t.Errorf("animal harmony %+v (person2 %s)", c.AnimalHarmony, c.Person2.YearAnimal)
	}
	// Errors name the person.
	for _, tc := range []struct {
		name  string
		p     *Person
		field string
	}{
		{"Zone", person(1990, 1, 1, nil, 0, "Nowhere/Land"), "person2.timezone"},
		{"Gap", person(2024, 3, 10, intp(2), 30, "America/New_York"), "person2.hour"},
		{"AutoWithoutPlace", person(1990, 1, 1, nil, 0, "auto"), "person2.timezone"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.p.Resolve(&resolve.Fixed{}, "person2."); !hasField(err, tc.field) {
				t.Errorf("err = %v, want a field error on %q", err, tc.field)
			}
		})
	}
}

// TestScoreRules pins the rules on known pairs.
func TestScoreRules(t *testing.T) {
	for _, tc := range []struct {
		name string
		got  Score
		want int
	}{
		{"RatOx", animalHarmony(0, 1), 10},
		{"RatDragon", animalHarmony(0, 4), 9},
		{"RatHorse", animalHarmony(0, 6), 2},
		{"DragonDragon", animalHarmony(4, 4), 5},
		{"RatRat", animalHarmony(0, 0), 7},
		{"JiaJi", dayMaster(0, 5), 10},
		{"JiaBing", dayMaster(0, 2), 8},
		{"BingJia", dayMaster(2, 0), 8},
		{"JiaYi", dayMaster(0, 1), 7},
		{"JiaWu", dayMaster(0, 4), 4},
		{"Even", elementBalance([5]int{2, 2, 1, 2, 1}, [5]int{1, 1, 2, 1, 3}), 10},
		{"AllWood", elementBalance([5]int{8}, [5]int{8}), 1},
	} {
		if tc.got.Score != tc.want {
			t.Errorf("%s: %d, want %d (%s)", tc.name, tc.got.Score, tc.want, tc.got.Description)
		}
	}
}

func BenchmarkCompatible(b *testing.B) {
	terms, _ := finders(b)
	var ctx resolve.Fixed
	b.ReportAllocs()
	for b.Loop() {
		r := CompatibilityRequest{Person1: person(1990, 6, 15, intp(14), 0, "Asia/Shanghai"), Person2: person(1988, 3, 2, nil, 0, "UTC")}
		if err := errors.Join(r.Person1.Resolve(&ctx, "person1."), r.Person2.Resolve(&ctx, "person2.")); err != nil {
			b.Fatal(err)
		}
		if _, err := Compatible(terms, &r); err != nil {
			b.Fatal(err)
		}
	}
}
