package timing_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/astroapi/astroapi/engine/accuracy/measure"
	apihttp "github.com/astroapi/astroapi/http"
	"github.com/astroapi/astroapi/http/apitest"
)

// Emperor Akihito: 23 December 1933, 06:39 JST, Tokyo (Astro-Databank,
// rating AA), a night chart just before sunrise.
const akihito = `"year":1933,"month":12,"day":23,"hour":6,"minute":39,"latitude":35.6895,"longitude":139.6917,"timezone":"Asia/Tokyo"`

// London, 14 July 1990, 14:30 BST: a day chart.
const london = `"year":1990,"month":7,"day":14,"hour":14,"minute":30,"latitude":51.5074,"longitude":-0.1278,"timezone":"Europe/London"`

var signs = []string{"Aries", "Taurus", "Gemini", "Cancer", "Leo", "Virgo", "Libra", "Scorpio", "Sagittarius", "Capricorn", "Aquarius", "Pisces"}

// minorYears are the signs' periods (Valens, Anthology IV.4), from Aries.
var minorYears = []float64{15, 8, 20, 25, 19, 20, 8, 15, 12, 27, 30, 12}

func signIndex(name string) int {
	for i, s := range signs {
		if s == name {
			return i
		}
	}
	return -1
}

type periodOut struct {
	Level         int         `json:"level"`
	Sign          string      `json:"sign"`
	Ruler         string      `json:"ruler"`
	Start         time.Time   `json:"start"`
	End           time.Time   `json:"end"`
	LengthDays    float64     `json:"length_days"`
	FullDays      float64     `json:"full_days"`
	Angularity    string      `json:"angularity"`
	FromFortune   int         `json:"from_fortune"`
	Truncated     bool        `json:"truncated"`
	LoosingOfBond bool        `json:"loosing_of_bond"`
	Peak          bool        `json:"peak"`
	MajorPeak     bool        `json:"major_peak"`
	SubPeriods    []periodOut `json:"sub_periods"`
}

type lotOut struct {
	Longitude float64 `json:"longitude"`
	Sign      string  `json:"sign"`
}

type releasingOut struct {
	Lot         string      `json:"lot"`
	Spirit      lotOut      `json:"spirit"`
	Fortune     lotOut      `json:"fortune"`
	DayChart    bool        `json:"day_chart"`
	PeakSigns   []string    `json:"peak_signs"`
	Periods     []periodOut `json:"periods"`
	Conventions struct {
		YearLength string  `json:"year_length"`
		YearDays   float64 `json:"year_days"`
	} `json:"conventions"`
}

func day(t time.Time) string { return t.Format(time.DateOnly) }

// TestReleasingAkihito is a published worked example with dates at all
// four levels: "Zodiacal Releasing – example 1", windsoftheplanets.com
// (15 August 2016), "Person A" (Emperor Akihito): Lot of Fortune in
// Libra, released from the Lot of Spirit in Pisces; on 8 August 2016 (his
// address on abdication):
//
//	Level 1  28 Oct 2012 – 21 July 2031  Leo
//	Level 2  11 Jan – 6 Sept 2016  Libra = peak
//	         7 Sept 2016 – 1 Dec 2017  Scorpio
//	Level 3  14 June – 27 Aug 2016  Aquarius
//	Level 4  8 Aug 2016 Scorpio (after the loosing of the bond in Aquarius)
//
// (end dates inclusive: each period ends the day before the next starts).
func TestReleasingAkihito(t *testing.T) {
	ts := start(t, apitest.Tables(t), apihttp.Limits{})
	cmp := measure.Compare(t, measure.About{
		What:      "Zodiacal releasing from Spirit through HTTP (POST /api/v1/zodiacal-releasing/at-date and /timeline): the periods of levels 1 to 4, peaks, angularity and the loosing of the bond",
		Reference: "a published worked example: windsoftheplanets.com (2016), Emperor Akihito's releasing at his abdication address",
		Sample:    "the dated periods the example gives, and the level-4 periods inside its level-3 Aquarius",
	})
	dated := cmp.Exact("dated periods: sign, angularity, start and end day")
	l4signs := cmp.Exact("level-4 signs in Aquarius, the loosing of the bond")
	var r releasingOut
	// 15:00 JST, the afternoon of his address.
	post(t, ts, "/api/v1/zodiacal-releasing/at-date", `{`+akihito+`,"date":"2016-08-08T15:00:00+09:00"}`, &r)
	if r.Spirit.Sign != "Pisces" || r.Fortune.Sign != "Libra" || r.DayChart || r.Lot != "spirit" {
		t.Fatalf("Spirit %s, Fortune %s, day %v, lot %s; want Pisces, Libra, night, spirit", r.Spirit.Sign, r.Fortune.Sign, r.DayChart, r.Lot)
	}
	want := []struct{ sign, start, end, angularity string }{
		{"Leo", "2012-10-28", "2031-07-21", "succedent"},
		{"Libra", "2016-01-11", "2016-09-07", "angular"},
		{"Aquarius", "2016-06-14", "2016-08-28", "succedent"},
		{"Scorpio", "", "", "succedent"},
	}
	if len(r.Periods) != 4 {
		t.Fatalf("%d levels, want 4 (the default)", len(r.Periods))
	}
	for i, w := range want {
		p := r.Periods[i]
		ok := p.Level == i+1 && p.Sign == w.sign && p.Angularity == w.angularity && (w.start == "" || (day(p.Start) == w.start && day(p.End) == w.end))
		dated.Match(ok, "level", i+1)
		if !ok {
			t.Errorf("level %d: %s %s..%s %s, published %s %s..%s %s", i+1, p.Sign, day(p.Start), day(p.End), p.Angularity, w.sign, w.start, w.end, w.angularity)
		}
	}
	if !r.Periods[1].Peak || r.Periods[0].Peak {
		t.Error("Libra (Fortune's own sign) is a peak, Leo is not")
	}
	// The next level-2 period: Scorpio, 7 September 2016 to 1 December 2017.
	var tl releasingOut
	post(t, ts, "/api/v1/zodiacal-releasing/timeline", `{`+akihito+`,"start":"2016-09-08T00:00:00Z","end":"2016-09-09T00:00:00Z"}`, &tl)
	if len(tl.Periods) != 2 {
		t.Fatalf("%d periods on 8 September 2016, want one per level", len(tl.Periods))
	}
	p := tl.Periods[1]
	dated.Match(p.Level == 2 && p.Sign == "Scorpio" && day(p.Start) == "2016-09-07" && day(p.End) == "2017-12-01", "level 2 after Libra")
	if p.Level != 2 || p.Sign != "Scorpio" || day(p.Start) != "2016-09-07" || day(p.End) != "2017-12-01" {
		t.Errorf("level 2 after Libra: %s %s..%s", p.Sign, day(p.Start), day(p.End))
	}
	// Inside the Aquarius level-3 period the level-4 periods run
	// Aquarius..Capricorn, then loose the bond to Leo (opposite
	// Aquarius), and Aries is cut short at the parent's end.
	post(t, ts, "/api/v1/zodiacal-releasing/timeline", `{`+akihito+`,"start":"2016-06-15T00:00:00Z","end":"2016-08-28T12:00:00Z","levels":4}`, &tl)
	var l4 []periodOut
	for _, p := range tl.Periods {
		if p.Level == 4 {
			l4 = append(l4, p)
		}
	}
	wantSigns := []string{"Aquarius", "Pisces", "Aries", "Taurus", "Gemini", "Cancer", "Leo", "Virgo", "Libra", "Scorpio", "Sagittarius", "Capricorn",
		"Leo", "Virgo", "Libra", "Scorpio", "Sagittarius", "Capricorn", "Aquarius", "Pisces", "Aries"}
	if len(l4) != len(wantSigns) {
		t.Fatalf("%d level-4 periods in Aquarius, want %d", len(l4), len(wantSigns))
	}
	for i, p := range l4 {
		l4signs.Match(p.Sign == wantSigns[i] && p.LoosingOfBond == (i == 12), i)
		if p.Sign != wantSigns[i] || p.LoosingOfBond != (i == 12) {
			t.Errorf("level-4 period %d: %s loosing %v, want %s", i, p.Sign, p.LoosingOfBond, wantSigns[i])
		}
	}
	if last := l4[len(l4)-1]; !last.Truncated || !last.End.Equal(r.Periods[2].End) {
		t.Errorf("last level-4 period ends %s truncated %v, want cut at the level-3 end %s", last.End, last.Truncated, r.Periods[2].End)
	}
}

// checkTiling asserts the rule on the sub-periods of a parent: they tile
// it exactly, start from its sign, go on in zodiacal order, each lasting
// its sign's minor years in units of unitDays, the last cut short at the
// parent's end; after twelve, when the parent is longer than 211 units,
// the bond is loosed to the sign opposite the first.
func checkTiling(t *testing.T, parent periodOut, kids []periodOut, unitDays float64) {
	t.Helper()
	name := fmt.Sprintf("%s level %d from %s", parent.Sign, parent.Level, day(parent.Start))
	if len(kids) == 0 || !kids[0].Start.Equal(parent.Start) || !kids[len(kids)-1].End.Equal(parent.End) {
		t.Fatalf("%s: %d sub-periods do not span %s..%s", name, len(kids), parent.Start, parent.End)
	}
	first := signIndex(parent.Sign)
	loosing := parent.LengthDays > 211*unitDays+1e-9
	for i, k := range kids {
		want := signs[(first+i)%12]
		if i >= 12 {
			want = signs[(first+6+i-12)%12]
		}
		if k.Sign != want || k.Level != parent.Level+1 || k.LoosingOfBond != (loosing && i == 12) {
			t.Fatalf("%s: sub-period %d %s (level %d, loosing %v), want %s (loosing %v)", name, i, k.Sign, k.Level, k.LoosingOfBond, want, loosing && i == 12)
		}
		if i > 0 && !k.Start.Equal(kids[i-1].End) {
			t.Fatalf("%s: gap or overlap before sub-period %d", name, i)
		}
		if full := minorYears[signIndex(k.Sign)] * unitDays; measure.Over(k.FullDays-full, 1e-6) || measure.Over(full-k.FullDays, 1e-6) {
			t.Fatalf("%s: %s lasts %v days, want %v", name, k.Sign, k.FullDays, full)
		}
		if last := i == len(kids)-1; k.Truncated != (last && k.LengthDays < k.FullDays-1e-9) {
			t.Fatalf("%s: sub-period %d truncated %v", name, i, k.Truncated)
		}
		if d := k.End.Sub(k.Start).Hours()/24 - k.LengthDays; measure.Over(d, 1.0/86400) || d < -1.0/86400 {
			t.Fatalf("%s: %s..%s is not %v days", name, k.Start, k.End, k.LengthDays)
		}
	}
}

// TestReleasingProperties: the overview's level-1 periods run in zodiacal
// order from the lot's sign, each the sign's minor years of 360 days (a
// round of the twelve is 211 years), back to back from the birth; the
// level-2 periods tile each with the loosing of the bond where the rule
// says; peaks are judged from Fortune for either lot. And a four-level
// timeline over 80 years tiles at every level.
func TestReleasingProperties(t *testing.T) {
	ts := start(t, apitest.Tables(t), apihttp.Limits{})
	sum := 0.0
	for _, y := range minorYears {
		sum += y
	}
	if sum != 211 {
		t.Fatalf("minor years sum to %v", sum)
	}
	for _, c := range []struct{ name, birth, lot string }{{"London", london, "spirit"}, {"LondonFortune", london, "fortune"}, {"Akihito", akihito, "spirit"}} {
		t.Run(c.name, func(t *testing.T) {
			var ov releasingOut
			post(t, ts, "/api/v1/zodiacal-releasing", fmt.Sprintf(`{%s,"lot":%q,"years":150}`, c.birth, c.lot), &ov)
			lot := ov.Spirit
			if c.lot == "fortune" {
				lot = ov.Fortune
			}
			if ov.Lot != c.lot || ov.Conventions.YearDays != 360 || ov.Conventions.YearLength != "360_day" {
				t.Fatalf("lot %s, conventions %+v", ov.Lot, ov.Conventions)
			}
			fortune := signIndex(ov.Fortune.Sign)
			for i, k := range []int{0, 9, 6, 3} {
				if ov.PeakSigns[i] != signs[(fortune+k)%12] {
					t.Errorf("peak signs %v from Fortune in %s", ov.PeakSigns, ov.Fortune.Sign)
				}
			}
			days := 0.0
			for i, p := range ov.Periods {
				if want := signs[(signIndex(lot.Sign)+i)%12]; p.Sign != want || p.Level != 1 {
					t.Fatalf("level-1 period %d: %s, want %s", i, p.Sign, want)
				}
				if p.LengthDays != minorYears[signIndex(p.Sign)]*360 || p.Truncated {
					t.Errorf("%s lasts %v days", p.Sign, p.LengthDays)
				}
				if i > 0 && !p.Start.Equal(ov.Periods[i-1].End) {
					t.Errorf("gap before %s", p.Sign)
				}
				from := (signIndex(p.Sign)-fortune+12)%12 + 1
				if p.FromFortune != from || p.Peak != (from%3 == 1) || p.MajorPeak != (from == 10) {
					t.Errorf("%s: %d from Fortune, peak %v, major %v", p.Sign, p.FromFortune, p.Peak, p.MajorPeak)
				}
				checkTiling(t, p.withoutSubs(), p.SubPeriods, 30)
				days += p.LengthDays
			}
			// The periods that begin in the 150 years, given whole.
			if last := ov.Periods[len(ov.Periods)-1]; days < 150*365 || days-last.LengthDays >= 150*366 {
				t.Errorf("the level-1 periods cover %v days, for 150 calendar years", days)
			}
		})
	}
	t.Run("Timeline4Levels80Years", func(t *testing.T) {
		var tl releasingOut
		before := post(t, ts, "/api/v1/zodiacal-releasing/at-date", `{`+akihito+`,"date":"2000-01-01"}`, nil).Usage.RequestsThisDay
		env := post(t, ts, "/api/v1/zodiacal-releasing/timeline", `{`+akihito+`,"start":"1933-12-22T21:39:00Z","end":"2013-12-23","levels":4}`, &tl)
		// Billed by its size: one call per 1,000 periods (9,088 here).
		if n := env.Usage.RequestsThisDay - before; n != 10 {
			t.Errorf("the timeline counted %d calls, want 10", n)
		}
		unit := [5]float64{0, 360, 30, 2.5, 2.5 / 12}
		counts := [5]int{}
		for i, p := range tl.Periods {
			counts[p.Level]++
			if i > 0 && p.Start.Before(tl.Periods[i-1].Start) {
				t.Fatal("timeline out of time order")
			}
			if p.Level == 4 || p.End.After(time.Date(2013, 12, 22, 15, 0, 0, 0, time.UTC)) {
				continue // the last periods run past the range: their children stop at it
			}
			var kids []periodOut
			for _, k := range tl.Periods[i+1:] {
				if k.Level <= p.Level {
					break
				}
				if k.Level == p.Level+1 {
					kids = append(kids, k)
				}
			}
			checkTiling(t, p, kids, unit[p.Level+1])
		}
		t.Logf("80 years, 4 levels: %v periods by level, %d in all", counts[1:], len(tl.Periods))
	})
}

// withoutSubs drops the sub-periods, for checkTiling's parent.
func (p periodOut) withoutSubs() periodOut { p.SubPeriods = nil; return p }
