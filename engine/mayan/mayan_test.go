package mayan

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/calendar"
	"github.com/astroapi/astroapi/engine/resolve"
)

func ExampleFromDate() {
	// End of b'ak'tun 13, GMT correlation 584283 (widely published).
	fmt.Println(FromDate(2012, 12, 21))
	// Output: 13.0.0.0.0 4 Ajaw 3 K'ank'in
}

func intp(i int) *int { return &i }

// resolved resolves a Tzolk'in or chart request for a date in calendar
// cal ("" the historical switch) under correlation (0: GMT).
func resolved(t testing.TB, y, m, d int, cal calendar.Calendar, correlation int) *Request {
	t.Helper()
	r := &Request{Date: Date{Year: y, Month: m, Day: d, Calendar: cal}, Correlation: correlation}
	if err := r.Resolve(&resolve.Fixed{}, ""); err != nil {
		t.Fatalf("%d-%d-%d %s %d: %v", y, m, d, cal, correlation, err)
	}
	return r
}

// TestAnchors checks published Long Count dates with their Calendar Rounds
// and Western dates, each entered as its source publishes it: historical
// dates in the Julian calendar, read by the historical switch (no calendar
// sent), as every route reads dates.
//
// Sources:
//   - GMT: Wikipedia, "Mesoamerican Long Count calendar": the zero day
//     13.0.0.0.0 4 Ahau 8 Cumku (Quiriguá Stela C) is 11 August 3114 BCE
//     proleptic Gregorian, 6 September in the Julian calendar; b'ak'tun 13
//     ended on 21 December 2012.
//   - 584286, Julian dates: Wikipedia, "K'inich Janaab Pakal I": born 24
//     March 603, died 29 August 683 (the dates of the Martin and Skidmore
//     correlation, "Exploring the 584286 Correlation between the Maya and
//     European Calendars", The PARI Journal 13(2), 2012); his birth is
//     9.8.9.13.0 8 Ajaw 13 Pop and his death 9.12.11.5.18 6 Etz'nab 11 Yax
//     (Tablets of the Temple of the Inscriptions; Mesoweb, First Palenque
//     Round Table, "Lords of Palenque", p. 21).
//   - FAMSI 584285, Julian dates: Peter Mathews, "Who's Who in the Classic
//     Maya World" (FAMSI), text references of PAL 011 (K'inich Janaab'
//     Pakal I) and PAL 015 (U Pakal K'inich Janaab' Pakal II), columns Date
//     of Passage, Calendar Round and Julian Date. FAMSI writes the last day
//     of a month as day 20 ("2 Eb' 20 Keh"), which is 0 of the next month
//     here ("2 Eb' 0 Mak").
//   - Mesoweb Encyclopedia, "Janaab Pakal III", after Martin and Grube,
//     Chronicle of the Maya Kings and Queens (2008), p. 175: 9.18.9.4.4
//     7 K'an 17 Muwan, 13 November 799, the latest date at Palenque.
func TestAnchors(t *testing.T) {
	for _, tc := range []struct {
		name        string
		y, m, d     int
		cal         calendar.Calendar
		correlation int
		lc, round   string
		lord        int // 0: not published
	}{
		{"EndBaktun13", 2012, 12, 21, "", 0, "13.0.0.0.0", "4 Ajaw 3 K'ank'in", 9},
		{"ZeroDayJulian", -3113, 9, 6, "", 0, "0.0.0.0.0", "4 Ajaw 8 Kumk'u", 9},
		{"ZeroDayGregorian", -3113, 8, 11, calendar.Gregorian, 0, "0.0.0.0.0", "4 Ajaw 8 Kumk'u", 9},
		{"PakalBirth584286", 603, 3, 24, "", 584286, "9.8.9.13.0", "8 Ajaw 13 Pop", 0},
		{"PakalDeath584286", 683, 8, 29, "", 584286, "9.12.11.5.18", "6 Etz'nab 11 Yax", 0},
		{"PakalBirth584285", 603, 3, 23, "", 584285, "9.8.9.13.0", "8 Ajaw 13 Pop", 0},
		{"PAL011Row9", 603, 5, 13, "", 584285, "9.8.9.15.11", "7 Chuwen 4 Sotz'", 0},
		{"PAL011Row10", 603, 10, 17, "", 584285, "9.8.10.5.8", "8 Lamat 1 Keh", 0},
		{"PAL011Row11", 604, 11, 4, "", 584285, "9.8.11.6.12", "2 Eb' 0 Mak", 0},
		{"PAL011Row12", 606, 6, 15, "", 584285, "9.8.13.0.0", "5 Ajaw 18 Sek", 0},
		{"PAL011Row13", 608, 5, 20, "", 584285, "9.8.14.17.5", "8 Chikchan 13 Sotz'", 0},
		{"PAL011Row14", 610, 11, 21, "", 584285, "9.8.17.9.0", "13 Ajaw 18 Mak", 0},
		{"PAL015Row1", 709, 6, 14, "", 584285, "9.13.17.9.0", "3 Ajaw 3 Yaxk'in", 0},
		{"PAL015KatunEnding", 711, 12, 1, "", 584285, "9.14.0.0.0", "6 Ajaw 13 Muwan", 9},
		{"PAL015Row4", 714, 5, 19, "", 584285, "9.14.2.9.0", "9 Ajaw 18 Sek", 0},
		{"PAL015Row5", 736, 7, 22, "", 584285, "9.15.5.0.0", "10 Ajaw 8 Ch'en", 9},
		{"LastPalenqueDate", 799, 11, 13, "", 584285, "9.18.9.4.4", "7 K'an 17 Muwan", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := resolved(t, tc.y, tc.m, tc.d, tc.cal, tc.correlation)
			c := ChartFor(r)
			if diff := cmp.Diff([]string{tc.lc, tc.round}, []string{c.LongCount.Notation, c.CalendarRound}); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
			if tc.lord != 0 && c.LordOfNight.Number != tc.lord {
				t.Errorf("lord G%d, want G%d", c.LordOfNight.Number, tc.lord)
			}
			// The historical switch read the dates before 1582 as Julian,
			// and says so.
			want := calendar.Julian
			if tc.y > 1582 || tc.cal == calendar.Gregorian {
				want = calendar.Gregorian
			}
			if r.Calendar != want || c.Conventions.Calendar != want {
				t.Errorf("calendar %s / %s, want %s", r.Calendar, c.Conventions.Calendar, want)
			}
		})
	}
	// Pakal's birth read as a proleptic Gregorian date, as the routes
	// once read every date, is three days early: 9.8.9.12.17 5 Kaban.
	if c := ChartFor(resolved(t, 603, 3, 24, calendar.Gregorian, 584286)); c.LongCount.Notation != "9.8.9.12.17" || c.Tzolkin.Combined != "5 Kaban" {
		t.Errorf("Gregorian 603-03-24: %s %s", c.LongCount.Notation, c.Tzolkin.Combined)
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

// TestJulianDayNumbers: the day numbers the dates are counted from (package
// calendar's) agree with known ones in both calendars.
func TestJulianDayNumbers(t *testing.T) {
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
		if g, j := jdnOf(tc.gy, tc.gm, tc.g, calendar.Gregorian), jdnOf(tc.jy, tc.jm, tc.j, calendar.Julian); g != tc.jdn || j != tc.jdn {
			t.Errorf("%s: %d / %d, want %d", tc.name, g, j, tc.jdn)
		}
	}
}

// TestChart pins a whole chart.
func TestChart(t *testing.T) {
	c := ChartFor(resolved(t, 2012, 12, 21, "", 0))
	// The year began on 0 Pop = 2 April 2012 (263 days before), a 1 Kaban
	// day; Ajaw is the twentieth sign, of the South (yellow).
	want := []any{4, "Kan", "Ajaw", "Ajpu", 20, "4 Ajaw", 160, "South", "yellow",
		3, "K'ank'in", 14, 1872000, "G9", "Kaban", "No'j", "2012-04-02", 584283, calendar.Gregorian, 2456283}
	got := []any{c.Tzolkin.Tone, c.Tzolkin.ToneName, c.Tzolkin.Sign, c.Tzolkin.SignKiche, c.Tzolkin.SignNumber, c.Tzolkin.Combined,
		c.Tzolkin.DayNumber, c.Tzolkin.Meanings.Direction, c.Tzolkin.Meanings.Color,
		c.Haab.Day, c.Haab.Month, c.Haab.MonthNumber, c.LongCount.DaysSinceCreation, c.LordOfNight.Glyph,
		c.YearBearer.Sign, c.YearBearer.SignKiche, c.YearBearer.YearStart, c.Conventions.Correlation, c.Conventions.Calendar, c.Conventions.JulianDay}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	// The hour changes nothing.
	r := &Request{Date: Date{Year: 2012, Month: 12, Day: 21, Hour: intp(23)}}
	if err := r.Resolve(&resolve.Fixed{}, ""); err != nil || !cmp.Equal(c, ChartFor(r)) {
		t.Errorf("the hour changed the chart (%v)", err)
	}
	if tz := TzolkinFor(resolved(t, 2012, 12, 21, "", 584285)); tz.Combined != "2 Etz'nab" || tz.Conventions.Correlation != 584285 {
		t.Errorf("584285: %s, want 2 Etz'nab (two days earlier in the count)", tz.Combined)
	}
	// The year start is written in the calendar the date was read in: 0
	// Pop before Pakal's birth, in the Julian calendar.
	if c := ChartFor(resolved(t, 603, 3, 24, "", 584286)); c.YearBearer.YearStart != "0603-03-11" || c.Conventions.Calendar != calendar.Julian {
		t.Errorf("603: year start %s (%s)", c.YearBearer.YearStart, c.Conventions.Calendar)
	}
}

// TestCompatibility: scores in 1-10, symmetric, for random pairs; the
// rules on known pairs.
func TestCompatibility(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	date := func() Date { return Date{Year: 1900 + rng.IntN(200), Month: 1 + rng.IntN(12), Day: 1 + rng.IntN(28)} }
	score := func(a, b Date) Compatibility {
		r := &CompatibilityRequest{Person1: &a, Person2: &b}
		if err := r.Resolve(&resolve.Fixed{}, ""); err != nil {
			t.Fatal(err)
		}
		return Compatible(r)
	}
	for range 1000 {
		a, b := date(), date()
		ab, ba := score(a, b), score(b, a)
		for _, s := range [][2]Score{{ab.SignCompatibility, ba.SignCompatibility}, {ab.ToneCompatibility, ba.ToneCompatibility}} {
			if s[0].Score < 1 || s[0].Score > 10 || s[0].Score != s[1].Score || s[0].Relation != s[1].Relation {
				t.Fatalf("%+v %+v: %+v vs %+v", a, b, s[0], s[1])
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

// TestResolve: bad input names the field (the door checks the bounds of
// the tags before; these are the rules of the dates themselves); each
// date in its own calendar.
func TestResolve(t *testing.T) {
	one := func(y, m, d int, cal calendar.Calendar, correlation int) error {
		r := &Request{Date: Date{Year: y, Month: m, Day: d, Calendar: cal}, Correlation: correlation}
		return r.Resolve(&resolve.Fixed{}, "")
	}
	pair := func(a, b *Date) error {
		r := &CompatibilityRequest{Person1: a, Person2: b}
		return r.Resolve(&resolve.Fixed{}, "")
	}
	for _, tc := range []struct {
		name  string
		err   error
		field string
	}{
		{"Feb29Gregorian1900", one(1900, 2, 29, "", 0), "day"},
		{"April31", one(2000, 4, 31, "", 0), "day"},
		{"ReformGap", one(1582, 10, 10, "", 0), "day"},
		{"BeforeZeroDayJulian", one(-3113, 9, 5, "", 0), "year"},
		// 11 August 3114 BCE is the zero day in the proleptic Gregorian
		// calendar, but read as a Julian date (the switch) it is before it.
		{"ZeroDayGregorianReadAsJulian", one(-3113, 8, 11, "", 0), "year"},
		{"BeforeZeroDay584286", one(-3113, 9, 8, "", 584286), "year"},
		{"Person2Missing", pair(&Date{Year: 2000, Month: 1, Day: 1}, nil), "person2"},
		{"Person1Day", pair(&Date{Year: 2000, Month: 4, Day: 31}, &Date{Year: 2000, Month: 1, Day: 1}), "person1.day"},
		{"Person2BeforeZeroDay", pair(&Date{Year: 2000, Month: 1, Day: 1}, &Date{Year: -3113, Month: 1, Day: 1}), "person2.year"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if !hasField(tc.err, tc.field) {
				t.Errorf("err = %v, want a field error on %q", tc.err, tc.field)
			}
		})
	}
	// 1900-02-29 exists in the Julian calendar; 1582-10-10 in either
	// calendar named.
	for _, cal := range []calendar.Calendar{calendar.Julian} {
		if err := one(1900, 2, 29, cal, 0); err != nil {
			t.Errorf("Julian 1900-02-29: %v", err)
		}
	}
	if err := one(1582, 10, 10, calendar.Gregorian, 0); err != nil {
		t.Errorf("Gregorian 1582-10-10: %v", err)
	}
	// Each date of a pair takes its own calendar (the switch here): the
	// echo names both.
	a, b := Date{Year: 1500, Month: 3, Day: 1}, Date{Year: 1990, Month: 3, Day: 1}
	r := &CompatibilityRequest{Person1: &a, Person2: &b}
	if err := r.Resolve(&resolve.Fixed{}, ""); err != nil || a.Calendar != calendar.Julian || b.Calendar != calendar.Gregorian ||
		*a.Hour != 12 || r.Correlation != GMT {
		t.Errorf("pair: %+v %+v %v", a, b, err)
	}
}

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
	var ctx resolve.Fixed
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		r := Request{Date: Date{Year: 1990, Month: 6, Day: 1 + i%28}}
		if err := r.Resolve(&ctx, ""); err != nil {
			b.Fatal(err)
		}
		_ = TzolkinFor(&r)
	}
}

func BenchmarkChart(b *testing.B) {
	var ctx resolve.Fixed
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		r := Request{Date: Date{Year: 1990, Month: 6, Day: 1 + i%28}}
		if err := r.Resolve(&ctx, ""); err != nil {
			b.Fatal(err)
		}
		_ = ChartFor(&r)
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
