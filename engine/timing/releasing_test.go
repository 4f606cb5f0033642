package timing

import (
	"math"
	"testing"
	"time"

	"github.com/astroapi/astroapi/engine/accuracy/measure"
	"github.com/astroapi/astroapi/engine/natal"
)

// A published worked example with dates at all four levels: Emperor
// Akihito (born 23 December 1933, 06:39 JST, Tokyo; Astro-Databank AA),
// "Zodiacal Releasing – example 1", windsoftheplanets.com (15 August 2016),
// "Person A": Lot of Fortune in Libra, released from the Lot of Spirit in
// Pisces; on 8 August 2016 (his address on abdication):
//
//	Level 1  28 Oct 2012 – 21 July 2031  Leo = completion (one after Cancer)
//	Level 2  11 Jan – 6 Sept 2016  Libra = peak
//	         7 Sept 2016 – 1 Dec 2017  Scorpio = completion
//	Level 3  14 June – 27 Aug 2016  Aquarius = completion (one after Cap)
//	Level 4  8 Aug 2016 Scorpio = completion (one after Libra)
//
// (end dates inclusive: each period ends the day before the next starts).
// Level 4 is Scorpio only with the loosing of the bond: the Aquarius
// level-3 period (75 days) holds the twelve level-4 signs from Aquarius
// (211 × 5 hours = 43.96 days) and then jumps to Leo, opposite Aquarius;
// counting on without the jump would give Aries on 8 August.
func TestReleasingAkihito(t *testing.T) {
	pos := source(t)
	r, err := ReleaseAt(pos, akihito, AtDateOptions{Date: date("2016-08-08T06:00:00Z")})
	if err != nil {
		t.Fatal(err)
	}
	if r.Spirit.Sign != "Pisces" || r.Fortune.Sign != "Libra" || r.DayChart {
		t.Fatalf("Spirit %s, Fortune %s, day %v; want Pisces, Libra, night", r.Spirit.Sign, r.Fortune.Sign, r.DayChart)
	}
	day := func(t time.Time) string { return t.Format("2006-01-02") }
	want := []struct {
		sign, start, end string
		ang              Angularity
	}{
		{"Leo", "2012-10-28", "2031-07-21", Succedent},
		{"Libra", "2016-01-11", "2016-09-07", Angular},
		{"Aquarius", "2016-06-14", "2016-08-28", Succedent},
		{"Scorpio", "", "", Succedent},
	}
	if len(r.Periods) != 4 {
		t.Fatalf("%d levels", len(r.Periods))
	}
	for i, w := range want {
		p := r.Periods[i]
		if p.Sign != w.sign || p.Angularity != w.ang || (w.start != "" && (day(p.Start) != w.start || day(p.End) != w.end)) {
			t.Errorf("level %d: %s %s..%s %s, want %s %s..%s %s", i+1, p.Sign, day(p.Start), day(p.End), p.Angularity, w.sign, w.start, w.end, w.ang)
		}
	}
	if !r.Periods[1].Peak || r.Periods[0].Peak {
		t.Error("Libra (Fortune's own sign) is a peak, Leo is not")
	}
	// The next level-2 period: Scorpio, 7 September 2016 to 1 December 2017.
	tl, err := ReleaseTimeline(pos, akihito, TimelineOptions{Start: date("2016-09-08T00:00:00Z"), End: date("2016-09-09T00:00:00Z")})
	if err != nil {
		t.Fatal(err)
	}
	if p := tl.Periods[1]; p.Level != 2 || p.Sign != "Scorpio" || day(p.Start) != "2016-09-07" || day(p.End) != "2017-12-01" {
		t.Errorf("level 2 after Libra: %s %s..%s", p.Sign, day(p.Start), day(p.End))
	}
	// The loosing inside the Aquarius level-3 period: the level-4 periods
	// run Aquarius..Capricorn (211 × 5 h), then Leo (loosed), Virgo, Libra,
	// Scorpio and on; Aquarius comes round again seven periods later, which
	// is no new loosing (the round of twelve is not complete), and Aries is
	// cut short at the parent's end.
	tl, err = ReleaseTimeline(pos, akihito, TimelineOptions{Start: date("2016-06-15T00:00:00Z"), End: date("2016-08-28T12:00:00Z"), Levels: 4})
	if err != nil {
		t.Fatal(err)
	}
	var l4 []Period
	for _, p := range tl.Periods {
		if p.Level == 4 {
			l4 = append(l4, p)
		}
	}
	wantSigns := []string{"Aquarius", "Pisces", "Aries", "Taurus", "Gemini", "Cancer", "Leo", "Virgo", "Libra", "Scorpio", "Sagittarius", "Capricorn",
		"Leo", "Virgo", "Libra", "Scorpio", "Sagittarius", "Capricorn", "Aquarius", "Pisces", "Aries"}
	if len(l4) != len(wantSigns) {
		t.Fatalf("%d level-4 periods in Aquarius", len(l4))
	}
	for i, p := range l4 {
		if p.Sign != wantSigns[i] || p.LoosingOfBond != (i == 12) {
			t.Errorf("level-4 period %d: %s loosing %v, want %s", i, p.Sign, p.LoosingOfBond, wantSigns[i])
		}
	}
	if last := l4[len(l4)-1]; !last.Truncated || !last.End.Equal(r.Periods[2].End) {
		t.Errorf("last level-4 period %s..%s truncated %v, want cut at the level-3 end %s", last.Start, last.End, last.Truncated, r.Periods[2].End)
	}
}

// checkTiling asserts that children tile their parent exactly, start from
// its sign, go on in zodiacal order, and loose the bond where (and only
// where) the rule says: after twelve children when the parent is longer
// than 211 units of the children's level.
func checkTiling(t *testing.T, parent Period, kids []Period, unitDays float64) {
	t.Helper()
	if len(kids) == 0 {
		t.Fatalf("%s level %d: no sub-periods", parent.Sign, parent.Level)
	}
	if !kids[0].Start.Equal(parent.Start) || !kids[len(kids)-1].End.Equal(parent.End) {
		t.Fatalf("%s level %d %s..%s: children span %s..%s", parent.Sign, parent.Level, parent.Start, parent.End, kids[0].Start, kids[len(kids)-1].End)
	}
	if kids[0].Sign != parent.Sign {
		t.Fatalf("first sub-period %s of %s", kids[0].Sign, parent.Sign)
	}
	loosing := parent.LengthDays > 211*unitDays+1e-9
	ps := signIndex(signLon(parent.Sign))
	for i, k := range kids {
		if i > 0 && !k.Start.Equal(kids[i-1].End) {
			t.Fatalf("gap or overlap in %s: %s then %s", parent.Sign, kids[i-1].End, k.Start)
		}
		want := engineSign(ps + i)
		if i >= 12 {
			want = engineSign(ps + 6 + i - 12)
		}
		if k.Sign != want {
			t.Fatalf("%s level %d, sub-period %d: %s, want %s", parent.Sign, parent.Level, i, k.Sign, want)
		}
		if k.LoosingOfBond != (loosing && i == 12) {
			t.Fatalf("%s (%.1f days) sub-period %d %s: loosing %v", parent.Sign, parent.LengthDays, i, k.Sign, k.LoosingOfBond)
		}
		if k.Truncated != (i == len(kids)-1 && k.LengthDays < k.FullDays-1e-9) || (i < len(kids)-1 && k.Truncated) {
			t.Fatalf("sub-period %d truncated %v", i, k.Truncated)
		}
		full := float64(MinorYears[signIndex(signLon(k.Sign))]) * unitDays
		if d := k.FullDays - full; measure.Over(d, 1e-6) || d < -1e-6 {
			t.Fatalf("%s full length %.6f days, want %.6f", k.Sign, k.FullDays, full)
		}
		if got := k.End.Sub(k.Start).Hours() / 24; measure.Over(got-k.LengthDays, 1.0/86400) || measure.Over(k.LengthDays-got, 1.0/86400) {
			t.Fatalf("%s %s..%s is not %.6f days", k.Sign, k.Start, k.End, k.LengthDays)
		}
	}
}

// Properties over whole lives: level-1 periods are the signs' minor years
// in order from the lot, a round of the twelve is 211 years, and every
// level tiles its parent with the loosing of the bond where the rule says.
func TestReleasingTiling(t *testing.T) {
	pos := source(t)
	for _, yl := range []YearLength{Year360, YearJulian, YearTropical} {
		for _, lot := range []Lot{LotSpirit, LotFortune} {
			for _, n := range []Natal{london, akihito} {
				ov, err := Release(pos, n, OverviewOptions{ReleasingOptions: ReleasingOptions{Lot: lot, YearLength: yl}, Years: 150})
				if err != nil {
					t.Fatal(err)
				}
				yd := yl.Days()
				if !ov.Periods[0].Start.Equal(n.born()) || ov.Periods[0].Sign != ov.LotPosition.Sign {
					t.Fatalf("first period %s from %s, want the lot's sign %s from the birth", ov.Periods[0].Sign, ov.Periods[0].Start, ov.LotPosition.Sign)
				}
				for i, p := range ov.Periods {
					if want := engineSign(signIndex(signLon(ov.LotPosition.Sign)) + i); p.Sign != want || p.Truncated ||
						measure.Over(math.Abs(p.LengthDays-float64(MinorYears[signIndex(signLon(p.Sign))])*yd), 1e-6) {
						t.Fatalf("level-1 period %d: %s of %.2f days", i, p.Sign, p.LengthDays)
					}
					if i > 0 && !p.Start.Equal(ov.Periods[i-1].End) {
						t.Fatal("level-1 periods do not follow each other")
					}
					kids := make([]Period, len(p.SubPeriods))
					for k, sp := range p.SubPeriods {
						kids[k] = sp.Period
					}
					checkTiling(t, p.Period, kids, yd/12)
				}
				if last := ov.Periods[len(ov.Periods)-1]; last.End.Before(n.born().AddDate(150, 0, 0)) {
					t.Fatalf("overview of 150 years ends %s", last.End)
				}
			}
		}
	}
	// A full round of level-1 periods is 211 years, and the 13th loosens
	// the bond to the sign opposite the first.
	var total int64
	var signs []int
	var loosed []bool
	walk(1, 9, 0, 1<<40, func(s int, a, b, full int64, l bool) bool {
		if len(signs) < 12 {
			total += b - a
		}
		signs, loosed = append(signs, s), append(loosed, l)
		return len(signs) < 13
	})
	if total != 211*1728 || signs[12] != 3 || !loosed[12] {
		t.Fatalf("level-1 round: %d units (want %d), 13th sign %d loosed %v", total, 211*1728, signs[12], loosed[12])
	}
}

// Four levels over 80 years: every parent in the timeline is tiled by the
// children that follow it.
func TestReleasingTimelineTiling(t *testing.T) {
	pos := source(t)
	n := akihito
	tl, err := ReleaseTimeline(pos, n, TimelineOptions{Start: n.born(), End: n.born().AddDate(80, 0, 0), Levels: 4})
	if err != nil {
		t.Fatal(err)
	}
	unit := [5]float64{0, 360, 30, 2.5, 2.5 / 12}
	counts := [5]int{}
	for i, p := range tl.Periods {
		counts[p.Level]++
		if p.Level == 4 {
			continue
		}
		var kids []Period
		for _, k := range tl.Periods[i+1:] {
			if k.Level <= p.Level {
				break
			}
			if k.Level == p.Level+1 {
				kids = append(kids, k)
			}
		}
		// The timeline lists whole periods overlapping the range: the last
		// level-1 period runs past it, and its children stop at the range.
		if p.End.After(tl.End) {
			continue
		}
		checkTiling(t, p, kids, unit[p.Level+1])
	}
	for i := 1; i < len(tl.Periods); i++ {
		if tl.Periods[i].Start.Before(tl.Periods[i-1].Start) {
			t.Fatal("timeline out of time order")
		}
	}
	t.Logf("80 years, 4 levels: %v periods by level", counts[1:])
}

func TestReleasingCalendarYears(t *testing.T) {
	pos := source(t)
	ov, err := Release(pos, london, OverviewOptions{ReleasingOptions: ReleasingOptions{YearLength: YearJulian}, Levels: 1, Years: 20})
	if err != nil {
		t.Fatal(err)
	}
	p := ov.Periods[0]
	if want := london.born().Add(time.Duration(float64(MinorYears[signIndex(ov.LotPosition.Longitude)])*365.25*24) * time.Hour); !p.End.Equal(want) {
		t.Fatalf("first period ends %s, want %s", p.End, want)
	}
	if p.SubPeriods != nil {
		t.Fatal("levels 1 has sub-periods")
	}
}

// The lots follow the chart's sect (engine/parts) and peaks are judged
// from Fortune for either lot.
func TestReleasingLots(t *testing.T) {
	pos := source(t)
	for _, n := range []Natal{london, akihito} {
		c, err := natal.Compute(pos, n.Birth, n.Chart)
		if err != nil {
			t.Fatal(err)
		}
		ov, err := Release(pos, n, OverviewOptions{ReleasingOptions: ReleasingOptions{Lot: LotFortune}, Levels: 1})
		if err != nil {
			t.Fatal(err)
		}
		if measure.Over(sepArcsec(ov.Fortune.Longitude, c.PartOfFortune.Longitude), 1e-6) || ov.DayChart != c.Conventions.DayChart {
			t.Errorf("Fortune %v day %v, natal chart %v day %v", ov.Fortune.Longitude, ov.DayChart, c.PartOfFortune.Longitude, c.Conventions.DayChart)
		}
		if ov.LotPosition != ov.Fortune || ov.Periods[0].FromFortune != 1 || !ov.Periods[0].Peak {
			t.Errorf("released from Fortune: first period %+v", ov.Periods[0])
		}
		for i, k := range []int{0, 9, 6, 3} {
			if ov.PeakSigns[i] != engineSign(signIndex(ov.Fortune.Longitude)+k) {
				t.Errorf("peak signs %v", ov.PeakSigns)
			}
		}
		for _, p := range ov.Periods {
			if want := (signIndex(signLon(p.Sign))-signIndex(ov.Fortune.Longitude)+12)%12 + 1; int(p.FromFortune) != want || p.MajorPeak != (want == 10) {
				t.Errorf("%s: from Fortune %d, want %d", p.Sign, p.FromFortune, want)
			}
		}
		c.Release()
	}
}

func TestReleasingErrors(t *testing.T) {
	pos := source(t)
	cases := []struct {
		name  string
		call  func() error
		field string
	}{
		{"ErrUnknownLot", func() error {
			_, err := Release(pos, london, OverviewOptions{ReleasingOptions: ReleasingOptions{Lot: "eros"}})
			return err
		}, "lot"},
		{"ErrOverviewLevels", func() error { _, err := Release(pos, london, OverviewOptions{Levels: 3}); return err }, "levels"},
		{"ErrOverviewYears", func() error { _, err := Release(pos, london, OverviewOptions{Years: 300}); return err }, "years"},
		{"ErrYearLength", func() error {
			_, err := Release(pos, london, OverviewOptions{ReleasingOptions: ReleasingOptions{YearLength: "lunar"}})
			return err
		}, "year_length"},
		{"ErrTimelineLevels", func() error {
			_, err := ReleaseTimeline(pos, london, TimelineOptions{Start: date("2000-01-01T00:00:00Z"), End: date("2001-01-01T00:00:00Z"), Levels: 5})
			return err
		}, "levels"},
		{"ErrTimelineTooLong", func() error {
			_, err := ReleaseTimeline(pos, london, TimelineOptions{Start: date("1991-01-01T00:00:00Z"), End: date("2100-01-01T00:00:00Z"), Levels: 4})
			return err
		}, "end"},
		{"ErrTimelineBeforeBirth", func() error {
			_, err := ReleaseTimeline(pos, london, TimelineOptions{Start: date("1980-01-01T00:00:00Z"), End: date("2001-01-01T00:00:00Z")})
			return err
		}, "start"},
		{"ErrAtDateBeforeBirth", func() error {
			_, err := ReleaseAt(pos, london, AtDateOptions{Date: date("1980-01-01T00:00:00Z")})
			return err
		}, "date"},
		{"ErrAtDateLevels", func() error {
			_, err := ReleaseAt(pos, london, AtDateOptions{Date: date("2000-01-01T00:00:00Z"), Levels: -1})
			return err
		}, "levels"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { wantField(t, c.call(), c.field) })
	}
}

// The periods in force at a date contain it, nest in each other, and are
// the ones a timeline around the date lists.
func TestReleasingAtDate(t *testing.T) {
	pos := source(t)
	for _, yl := range []YearLength{Year360, YearJulian} {
		for i := range 40 {
			d := london.born().Add(time.Duration(i) * 803 * 24 * time.Hour).Add(time.Duration(i*7919) * time.Second)
			at, err := ReleaseAt(pos, london, AtDateOptions{Date: d, ReleasingOptions: ReleasingOptions{YearLength: yl}})
			if err != nil {
				t.Fatal(err)
			}
			if len(at.Periods) != 4 {
				t.Fatalf("%d levels", len(at.Periods))
			}
			tl, err := ReleaseTimeline(pos, london, TimelineOptions{Start: d, End: d.Add(time.Second), Levels: 4, ReleasingOptions: ReleasingOptions{YearLength: yl}})
			if err != nil {
				t.Fatal(err)
			}
			var inForce []Period
			for _, p := range tl.Periods {
				if !d.Before(p.Start) && d.Before(p.End) {
					inForce = append(inForce, p)
				}
			}
			for l, p := range at.Periods {
				if int(p.Level) != l+1 || d.Before(p.Start) || !d.Before(p.End) {
					t.Fatalf("%s: level %d period %s..%s does not hold the date", d, p.Level, p.Start, p.End)
				}
				if l > 0 && (p.Start.Before(at.Periods[l-1].Start) || p.End.After(at.Periods[l-1].End)) {
					t.Fatalf("%s: level %d outside its parent", d, p.Level)
				}
				if l >= len(inForce) || inForce[l] != p {
					t.Fatalf("%s: level %d %+v, the timeline has %+v", d, l+1, p, inForce)
				}
			}
		}
	}
}
