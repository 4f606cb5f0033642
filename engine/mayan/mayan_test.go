package mayan

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/astroapi/astroapi/engine"
)

func ExampleFromDate() {
	// End of b'ak'tun 13, GMT correlation 584283 (widely published).
	fmt.Println(FromDate(2012, 12, 21))
	// Output: 13.0.0.0.0 4 Ajaw 3 K'ank'in
}

func intp(i int) *int { return &i }

// TestAnchors checks published Long Count dates with their Calendar Rounds
// and Western dates.
//
// Sources:
//   - GMT: Wikipedia, "Mesoamerican Long Count calendar": the zero day
//     13.0.0.0.0 4 Ahau 8 Cumku (Quiriguá Stela C) is 11 August 3114 BCE
//     proleptic Gregorian, 6 September in the Julian calendar; b'ak'tun 13
//     ended on 21 December 2012.
//   - FAMSI 584285, Julian dates: Peter Mathews, "Who's Who in the Classic
//     Maya World" (FAMSI), text references of PAL 011 (K'inich Janaab'
//     Pakal I) and PAL 015 (U Pakal K'inich Janaab' Pakal II), columns Date
//     of Passage, Calendar Round and Julian Date. FAMSI writes the last day
//     of a month as day 20 ("2 Eb' 20 Keh"), which is 0 of the next month
//     here ("2 Eb' 0 Mak").
//   - Mesoweb Encyclopedia, "Janaab Pakal III", after Martin and Grube,
//     Chronicle of the Maya Kings and Queens (2008), p. 175: 9.18.9.4.4
//     7 K'an 17 Muwan, 13 November 799, the latest date at Palenque.
//   - Mesoweb, First Palenque Round Table, "Lords of Palenque", p. 21:
//     Pakal's death, 6 Etz'nab 11 Yax (9.12.11.5.18, Guenter, "The Tomb of
//     K'inich Janaab Pakal", Mesoweb).
func TestAnchors(t *testing.T) {
	for _, tc := range []struct {
		name       string
		y, m, d    int
		o          Options
		lc, round  string
		lord       int
		checkLord  bool
		checkDates bool
	}{
		{"EndBaktun13", 2012, 12, 21, Options{}, "13.0.0.0.0", "4 Ajaw 3 K'ank'in", 9, true, true},
		{"ZeroDayGregorian", -3113, 8, 11, Options{}, "0.0.0.0.0", "4 Ajaw 8 Kumk'u", 9, true, true},
		{"ZeroDayJulian", -3113, 9, 6, Options{Calendar: Julian}, "0.0.0.0.0", "4 Ajaw 8 Kumk'u", 9, true, true},
		{"PakalBirth", 603, 3, 23, Options{584285, Julian}, "9.8.9.13.0", "8 Ajaw 13 Pop", 0, false, true},
		{"PAL011Row9", 603, 5, 13, Options{584285, Julian}, "9.8.9.15.11", "7 Chuwen 4 Sotz'", 0, false, true},
		{"PAL011Row10", 603, 10, 17, Options{584285, Julian}, "9.8.10.5.8", "8 Lamat 1 Keh", 0, false, true},
		{"PAL011Row11", 604, 11, 4, Options{584285, Julian}, "9.8.11.6.12", "2 Eb' 0 Mak", 0, false, true},
		{"PAL011Row12", 606, 6, 15, Options{584285, Julian}, "9.8.13.0.0", "5 Ajaw 18 Sek", 0, false, true},
		{"PAL011Row13", 608, 5, 20, Options{584285, Julian}, "9.8.14.17.5", "8 Chikchan 13 Sotz'", 0, false, true},
		{"PAL011Row14", 610, 11, 21, Options{584285, Julian}, "9.8.17.9.0", "13 Ajaw 18 Mak", 0, false, true},
		{"PAL015Row1", 709, 6, 14, Options{584285, Julian}, "9.13.17.9.0", "3 Ajaw 3 Yaxk'in", 0, false, true},
		{"PAL015KatunEnding", 711, 12, 1, Options{584285, Julian}, "9.14.0.0.0", "6 Ajaw 13 Muwan", 9, true, true},
		{"PAL015Row4", 714, 5, 19, Options{584285, Julian}, "9.14.2.9.0", "9 Ajaw 18 Sek", 0, false, true},
		{"PAL015Row5", 736, 7, 22, Options{584285, Julian}, "9.15.5.0.0", "10 Ajaw 8 Ch'en", 9, true, true},
		{"LastPalenqueDate", 799, 11, 13, Options{584285, Julian}, "9.18.9.4.4", "7 K'an 17 Muwan", 0, false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := ChartFor(Input{Date{Year: tc.y, Month: tc.m, Day: tc.d}, tc.o})
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff([]string{tc.lc, tc.round}, []string{c.LongCount.Notation, c.CalendarRound}); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
			if tc.checkLord && c.LordOfNight.Number != tc.lord {
				t.Errorf("lord G%d, want G%d", c.LordOfNight.Number, tc.lord)
			}
		})
	}
	// Pakal's death: the Calendar Round of the Long Count.
	d := Day(9*144000 + 12*7200 + 11*360 + 5*20 + 18)
	if got := d.CalendarRound(); got != "6 Etz'nab 11 Yax" {
		t.Errorf("9.12.11.5.18 is %s, want 6 Etz'nab 11 Yax", got)
	}
}

// TestCycles: the Tzolk'in repeats every 260 days and the Haab' every 365,
// the Calendar Round every 18,980 and at no shorter multiple; each day the
// tone, sign and Haab' day advance by one; the 260 Tzolk'in places are all
// different; year bearers are Ik', Manik', Eb' and Kaban on 0 Pop; Lords of
// the Night cycle through 9.
func TestCycles(t *testing.T) {
	rng := rand.New(rand.NewPCG(2012, 12))
	for range 2000 {
		d := Day(rng.IntN(2_500_000))
		t0, s0 := d.Tzolkin()
		h0, m0 := d.Haab()
		if t1, s1 := (d + 260).Tzolkin(); t1 != t0 || s1 != s0 {
			t.Fatalf("day %d: Tzolk'in %d %d, 260 days later %d %d", d, t0, s0, t1, s1)
		}
		if h1, m1 := (d + 365).Haab(); h1 != h0 || m1 != m0 {
			t.Fatalf("day %d: Haab' changes after 365 days", d)
		}
		if (d+18980).CalendarRound() != d.CalendarRound() || (d+9).LordOfNight() != d.LordOfNight() {
			t.Fatalf("day %d: Calendar Round or Lord of the Night does not repeat", d)
		}
		for k := Day(260); k < 18980; k += 260 {
			if (d + k).CalendarRound() == d.CalendarRound() {
				t.Fatalf("day %d: Calendar Round repeats after %d days", d, k)
			}
		}
		t1, s1 := (d + 1).Tzolkin()
		if t1 != t0%13+1 || s1 != (s0+1)%20 {
			t.Fatalf("day %d: %d %d is followed by %d %d", d, t0, s0, t1, s1)
		}
		if p0, p1 := 20*m0+h0, func() int { h, m := (d + 1).Haab(); return 20*m + h }(); p1 != (p0+1)%365 {
			t.Fatalf("day %d: Haab' place %d is followed by %d", d, p0, p1)
		}
		if _, m := d.Haab(); m == 18 {
			if h, _ := d.Haab(); h > 4 {
				t.Fatalf("day %d: Wayeb' day %d", d, h)
			}
		}
		ys := d.YearStart()
		if h, m := ys.Haab(); h != 0 || m != 0 || ys > d || d-ys >= 365 {
			t.Fatalf("day %d: year start %d at %d %d", d, ys, h, m)
		}
		if _, s := ys.Tzolkin(); s != 1 && s != 6 && s != 11 && s != 16 {
			t.Fatalf("day %d: year bearer %s", d, s.Yucatec())
		}
		lc := d.LongCount()
		if lc[0]*144000+lc[1]*7200+lc[2]*360+lc[3]*20+lc[4] != int(d) || lc[3] > 17 {
			t.Fatalf("day %d: Long Count %v", d, lc)
		}
	}
	seen := map[int]bool{}
	for d := Day(1000); d < 1260; d++ {
		i := d.TzolkinIndex()
		tone, sign := d.Tzolkin()
		if seen[i] || i < 1 || i > 260 || (i-1)%13+1 != tone || (i-1)%20 != int(sign) {
			t.Fatalf("day %d: place %d for %d %s", d, i, tone, sign.Yucatec())
		}
		seen[i] = true
	}
	if FromDate(2012, 12, 21).LordOfNight() != 9 {
		t.Error("13.0.0.0.0 is not G9")
	}
}

// TestCalendars: the proleptic Gregorian and Julian day numbers round-trip,
// and agree with known day numbers.
func TestCalendars(t *testing.T) {
	for _, tc := range []struct {
		name      string
		jdn       int
		gy, gm, g int
		jy, jm, j int
	}{
		{"J2000", 2451545, 2000, 1, 1, 1999, 12, 19},
		{"GregorianReform", 2299161, 1582, 10, 15, 1582, 10, 5},
		{"ZeroDayGMT", 584283, -3113, 8, 11, -3113, 9, 6},
		{"JDN0", 0, -4713, 11, 24, -4712, 1, 1},
	} {
		if gregorianJDN(tc.gy, tc.gm, tc.g) != tc.jdn || julianJDN(tc.jy, tc.jm, tc.j) != tc.jdn {
			t.Errorf("%s: %d / %d", tc.name, gregorianJDN(tc.gy, tc.gm, tc.g), julianJDN(tc.jy, tc.jm, tc.j))
		}
	}
	for j := 0; j < 3_000_000; j += 997 {
		if y, m, d := gregorianDate(j); gregorianJDN(y, m, d) != j {
			t.Fatalf("Gregorian round trip of %d", j)
		}
		if y, m, d := julianDate(j); julianJDN(y, m, d) != j {
			t.Fatalf("Julian round trip of %d", j)
		}
	}
}

// TestChart pins a whole chart.
func TestChart(t *testing.T) {
	c, err := ChartFor(Input{Date: Date{Year: 2012, Month: 12, Day: 21}})
	if err != nil {
		t.Fatal(err)
	}
	// The year began on 0 Pop = 2 April 2012 (263 days before), a 1 Kaban
	// day; Ajaw is the twentieth sign, of the South (yellow).
	want := []any{4, "Kan", "Ajaw", "Ajpu", 20, "4 Ajaw", 160, "South", "yellow",
		3, "K'ank'in", 14, 1872000, "G9", "Kaban", "No'j", "2012-04-02", 584283, Gregorian, 2456283}
	got := []any{c.Tzolkin.Tone, c.Tzolkin.ToneName, c.Tzolkin.Sign, c.Tzolkin.SignKiche, c.Tzolkin.SignNumber, c.Tzolkin.Combined,
		c.Tzolkin.DayNumber, c.Tzolkin.Meanings.Direction, c.Tzolkin.Meanings.Color,
		c.Haab.Day, c.Haab.Month, c.Haab.MonthNumber, c.LongCount.DaysSinceCreation, c.LordOfNight.Glyph,
		c.YearBearer.Sign, c.YearBearer.SignKiche, c.YearBearer.YearStart, c.Conventions.Correlation, c.Conventions.Calendar, c.Conventions.JulianDay}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	// The hour changes nothing.
	c2, err := ChartFor(Input{Date: Date{Year: 2012, Month: 12, Day: 21, Hour: intp(23)}})
	if err != nil || !cmp.Equal(c, c2) {
		t.Errorf("the hour changed the chart (%v)", err)
	}
	tz, err := TzolkinFor(Input{Date: Date{Year: 2012, Month: 12, Day: 21}, Options: Options{Correlation: 584285}})
	if err != nil || tz.Combined != "2 Etz'nab" {
		t.Errorf("584285: %s, want 2 Etz'nab (two days earlier in the count)", tz.Combined)
	}
}

// TestCompatibility: scores in 1-10, symmetric, for random pairs; the
// rules on known pairs.
func TestCompatibility(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	date := func() *Date { return &Date{Year: 1900 + rng.IntN(200), Month: 1 + rng.IntN(12), Day: 1 + rng.IntN(28)} }
	for range 1000 {
		a, b := date(), date()
		ab, err1 := Compatible(CompatibilityInput{Person1: a, Person2: b})
		ba, err2 := Compatible(CompatibilityInput{Person1: b, Person2: a})
		if err := errors.Join(err1, err2); err != nil {
			t.Fatal(err)
		}
		for _, s := range [][2]Score{{ab.SignCompatibility, ba.SignCompatibility}, {ab.ToneCompatibility, ba.ToneCompatibility}} {
			if s[0].Score < 1 || s[0].Score > 10 || s[0].Score != s[1].Score || s[0].Relation != s[1].Relation {
				t.Fatalf("%+v %+v: %+v vs %+v", *a, *b, s[0], s[1])
			}
		}
		if ab.OverallScore != ba.OverallScore || !(1 <= ab.OverallScore && ab.OverallScore <= 10) || ab.Person1 != ba.Person2 {
			t.Fatalf("overall %v vs %v", ab.OverallScore, ba.OverallScore)
		}
	}
	for _, tc := range []struct {
		name string
		got  Score
		want int
	}{
		{"Same", signScore(19, 19), 8}, {"SameDirection", signScore(0, 4), 9}, {"Opposite", signScore(3, 13), 4},
		{"FiveApart", signScore(1, 6), 7}, {"Neighbours", signScore(0, 1), 6}, {"OppositeDirections", signScore(0, 2), 5},
		{"Wrap", signScore(19, 3), 9},
		{"SameTone", toneScore(4, 4), 8}, {"Mirror", toneScore(1, 13), 9}, {"Consecutive", toneScore(7, 8), 7},
		{"Parity", toneScore(2, 6), 6}, {"Other", toneScore(2, 5), 5},
	} {
		if tc.got.Score != tc.want {
			t.Errorf("%s: %d, want %d (%s)", tc.name, tc.got.Score, tc.want, tc.got.Description)
		}
	}
}

// TestValidate: bad input names the field.
func TestValidate(t *testing.T) {
	for _, tc := range []struct {
		name  string
		err   error
		field string
	}{
		{"Month13", second(ChartFor(Input{Date: Date{Year: 2000, Month: 13, Day: 1}})), "month"},
		{"Feb29Gregorian1900", second(TzolkinFor(Input{Date: Date{Year: 1900, Month: 2, Day: 29}})), "day"},
		{"Hour24", second(ChartFor(Input{Date: Date{Year: 2000, Month: 1, Day: 1, Hour: intp(24)}})), "hour"},
		{"YearTooEarly", second(TzolkinFor(Input{Date: Date{Year: -4000, Month: 1, Day: 1}})), "year"},
		{"BeforeZeroDay", second(TzolkinFor(Input{Date: Date{Year: -3113, Month: 8, Day: 10}})), "year"},
		{"Correlation", second(TzolkinFor(Input{Date: Date{Year: 2000, Month: 1, Day: 1}, Options: Options{Correlation: 489384}})), "correlation"},
		{"Calendar", second(TzolkinFor(Input{Date: Date{Year: 2000, Month: 1, Day: 1}, Options: Options{Calendar: "aztec"}})), "calendar"},
		{"Person2Missing", second(Compatible(CompatibilityInput{Person1: &Date{Year: 2000, Month: 1, Day: 1}})), "person2"},
		{"Person1Day", second(Compatible(CompatibilityInput{Person1: &Date{Year: 2000, Month: 4, Day: 31}, Person2: &Date{Year: 2000, Month: 1, Day: 1}})), "person1.day"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if !hasField(tc.err, tc.field) {
				t.Errorf("err = %v, want a field error on %q", tc.err, tc.field)
			}
		})
	}
	// 1900-02-29 exists in the Julian calendar.
	if _, err := TzolkinFor(Input{Date: Date{Year: 1900, Month: 2, Day: 29}, Options: Options{Calendar: Julian}}); err != nil {
		t.Errorf("Julian 1900-02-29: %v", err)
	}
}

func second[T any](_ T, err error) error { return err }

func hasField(err error, field string) bool {
	var fs engine.Fields
	if errors.As(err, &fs) {
		for _, f := range fs {
			if f.Field == field {
				return true
			}
		}
	}
	var fe *engine.FieldError
	return errors.As(err, &fe) && fe.Field == field
}

func BenchmarkTzolkin(b *testing.B) {
	in := Input{Date: Date{Year: 1990, Month: 6, Day: 15}}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		in.Day = 1 + i%28
		if _, err := TzolkinFor(in); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkChart(b *testing.B) {
	in := Input{Date: Date{Year: 1990, Month: 6, Day: 15}}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		in.Day = 1 + i%28
		if _, err := ChartFor(in); err != nil {
			b.Fatal(err)
		}
	}
}

func TestDateStamp(t *testing.T) {
	for _, tc := range []struct {
		y, m, d int
		want    string
	}{{2012, 4, 2, "2012-04-02"}, {603, 3, 23, "0603-03-23"}, {5, 1, 9, "0005-01-09"}, {-3113, 8, 11, "-3113-08-11"}} {
		if got := dateStamp(tc.y, tc.m, tc.d); got != tc.want {
			t.Errorf("dateStamp(%d, %d, %d) = %q, want %q", tc.y, tc.m, tc.d, got, tc.want)
		}
	}
}
