package vedic

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/accuracy/measure"
)

// refDasha is an independent Vimshottari: it finds the running lord by
// walking the 27 nakshatras in arcseconds and lays the periods out with
// time.Time arithmetic in whole seconds, not Julian days.
func refDasha(birth time.Time, moonSidereal float64, yearDays float64) (lords []string, starts []time.Time) {
	seq := []string{"Ketu", "Venus", "Sun", "Moon", "Mars", "Rahu", "Jupiter", "Saturn", "Mercury"}
	years := map[string]float64{"Ketu": 7, "Venus": 20, "Sun": 6, "Moon": 10, "Mars": 7, "Rahu": 18, "Jupiter": 16, "Saturn": 19, "Mercury": 17}
	sec := moonSidereal * 3600
	k := int(sec / 48000)
	passed := (sec - float64(k)*48000) / 48000
	first := k % 9
	yearSec := yearDays * 86400
	t := birth.Add(-time.Duration(passed * years[seq[first]] * yearSec * float64(time.Second)))
	for i := range 10 {
		l := seq[(first+i)%9]
		lords = append(lords, l)
		starts = append(starts, t)
		t = t.Add(time.Duration(years[l] * yearSec * float64(time.Second)))
	}
	return lords, starts
}

// TestDashaAgainstReference compares mahadasha and antardasha boundaries
// with the independent implementation on 300 births and all four year
// lengths: within one minute (the issue asks for a day).
func TestDashaAgainstReference(t *testing.T) {
	src, _ := sources(t)
	r := rand.New(rand.NewPCG(46, 120))
	worst := time.Duration(0)
	for i := range 300 {
		b := Birth{JD: engine.JDUT(2415020 + r.Float64()*73000), Latitude: r.Float64()*120 - 60, Longitude: r.Float64()*360 - 180}
		yl := []YearLength{YearJulian, YearTropical, YearSidereal, YearSavana}[i%4]
		d, err := VimshottariDasha(src, b, Options{}, DashaOptions{Levels: 2, YearLength: yl})
		if err != nil {
			t.Fatal(err)
		}
		lords, starts := refDasha(b.JD.Time(), d.MoonLongitude, yl.Days())
		for k, p := range d.DashaPeriods {
			if p.Lord != lords[k] {
				t.Fatalf("birth %d period %d: %s, want %s", i, k, p.Lord, lords[k])
			}
			for _, x := range [][2]time.Time{{p.StartDate.Time, starts[k]}, {p.EndDate.Time, starts[k+1]}} {
				diff := x[0].Sub(x[1]).Abs()
				worst = max(worst, diff)
				if diff > time.Minute {
					t.Fatalf("birth %d %s: %v, reference %v", i, p.Lord, x[0], x[1])
				}
			}
			// antardashas: lord sequence from the mahadasha lord, lengths
			// proportional to years.
			if len(p.SubPeriods) != 9 || p.SubPeriods[0].Lord != p.Lord || !p.SubPeriods[0].StartDate.Equal(p.StartDate.Time) || !p.SubPeriods[8].EndDate.Equal(p.EndDate.Time) {
				t.Fatalf("birth %d %s: antardashas %+v", i, p.Lord, p.SubPeriods)
			}
		}
		if !(d.DashaPeriods[0].StartDate.Before(b.JD.Time()) || d.DashaPeriods[0].StartDate.Equal(b.JD.Time().Round(time.Minute))) || !d.DashaPeriods[0].EndDate.After(b.JD.Time()) {
			t.Fatalf("birth %d not inside the first mahadasha", i)
		}
	}
	t.Logf("worst boundary difference %v", worst)
}

// TestDashaTree checks the tree's arithmetic: 120 years in nine periods,
// each level tiling its parent, years summing, the balance adding up.
func TestDashaTree(t *testing.T) {
	for _, moon := range []float64{0, 13.3333, 100.123, 359.999} {
		d := dashaOf(2451545, moon, DashaOptions{Levels: 3})
		total := 0.0
		var walk func(ps []DashaPeriod, parentYears float64, depth int)
		walk = func(ps []DashaPeriod, parentYears float64, depth int) {
			sum := 0.0
			for i, p := range ps {
				sum += p.Years
				if i > 0 && !p.StartDate.Equal(ps[i-1].EndDate.Time) {
					t.Fatalf("gap before %s at depth %d", p.Lord, depth)
				}
				if depth < 3 {
					walk(p.SubPeriods, p.Years, depth+1)
				} else if p.SubPeriods != nil {
					t.Fatal("level 4 present")
				}
			}
			if measure.Over(math.Abs(sum-parentYears), 1e-9) {
				t.Fatalf("depth %d sums to %g, parent %g", depth, sum, parentYears)
			}
		}
		walk(d.DashaPeriods, 120, 1)
		for _, p := range d.DashaPeriods {
			total += p.Years
		}
		lord := d.DashaPeriods[0].Lord
		full := map[string]float64{"Ketu": 7, "Venus": 20, "Sun": 6, "Moon": 10, "Mars": 7, "Rahu": 18, "Jupiter": 16, "Saturn": 19, "Mercury": 17}[lord]
		if d.Balance.Lord != lord || measure.Over(math.Abs(d.Balance.Years+d.Balance.Elapsed*full-full), 1e-9) {
			t.Fatalf("balance %+v for %s", d.Balance, lord)
		}
		if total != 120 || d.BirthNakshatra.Lord != lord {
			t.Fatalf("total %g, nakshatra lord %s, first %s", total, d.BirthNakshatra.Lord, lord)
		}
	}
}

// TestDashaPublished: the balance of the dasha at birth in the worked
// examples of P. V. R. Narasimha Rao, "Vedic Astrology: An Integrated
// Approach" (2000), section 16.4, with his Lahiri positions: within 3 days
// (the book rounds to days and its year-month-day convention is not
// stated).
func TestDashaPublished(t *testing.T) {
	src, _ := sources(t)
	cases := []struct {
		name     string
		ist      time.Time
		lat, lon float64
		lord     string
		y, m, d  int
	}{
		{"Example52Chart17", time.Date(1963, 8, 7, 21, 14, 0, 0, time.UTC), 21 + 27.0/60, 83 + 58.0/60, "Rahu", 0, 0, 13},
		{"Example53Chart18", time.Date(1972, 6, 1, 4, 16, 0, 0, time.UTC), 16 + 15.0/60, 81 + 12.0/60, "Sun", 4, 8, 27},
		{"Example55Chart20", time.Date(1954, 11, 12, 7, 52, 0, 0, time.UTC), 12 + 30.0/60, 78 + 50.0/60, "Moon", 4, 7, 3},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ut := tc.ist.Add(-(5*time.Hour + 30*time.Minute)) // IST is UTC+5:30
			d, err := VimshottariDasha(src, Birth{JD: engine.JDOf(ut), Latitude: tc.lat, Longitude: tc.lon}, Options{}, DashaOptions{})
			if err != nil {
				t.Fatal(err)
			}
			book := float64(tc.y) + float64(tc.m)/12 + float64(tc.d)/360
			if d.Balance.Lord != tc.lord || measure.Over(math.Abs(d.Balance.Years-book)*365.25, 3) {
				t.Errorf("balance %s %.4f y %v, book %s %d-%d-%d", d.Balance.Lord, d.Balance.Years, d.Balance.YMD, tc.lord, tc.y, tc.m, tc.d)
			}
		})
	}
}

func TestDashaValidate(t *testing.T) {
	for _, o := range []DashaOptions{{Levels: 4}, {Levels: -1}, {YearLength: "lunar"}} {
		if len(o.Validate()) != 1 {
			t.Errorf("%+v accepted", o)
		}
	}
	if errs := (DashaOptions{Levels: 3, YearLength: YearSavana}).Validate(); len(errs) != 0 {
		t.Error(errs)
	}
	if got := ymd(4.74); got != [3]int{4, 8, 26} {
		t.Errorf("ymd(4.74) = %v", got)
	}
}

// TestDashaDeepLevels: levels 4 (sookshma) and 5 (prana) on 40 births,
// each with a window somewhere in the life: every divided period has nine
// sub-periods from its own lord in the Vimshottari order, whose years
// are its years in the lords' proportions and which tile it without gap;
// below the third level exactly the periods that overlap the window are
// divided, and the deepest periods cover the window.
func TestDashaDeepLevels(t *testing.T) {
	src, _ := sources(t)
	r := rand.New(rand.NewPCG(4, 5))
	order := map[string]int{}
	for i, g := range dashaOrder {
		order[g.String()] = i
	}
	for i := range 40 {
		jd0 := engine.JDUT(2415020 + r.Float64()*73000)
		c, err := Natal(src, Birth{JD: jd0, Latitude: 20, Longitude: 78}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		levels := LevelSookshma + i%2
		span := map[int]float64{LevelSookshma: MaxSookshmaWindowDays, LevelPrana: MaxPranaWindowDays}[levels] * (0.2 + 0.8*r.Float64())
		from := jd0 + engine.JDUT(r.Float64()*80*365.25)
		to := from + engine.JDUT(span)
		d, err := c.Dasha(DashaOptions{Levels: levels, From: from, To: to})
		if err != nil {
			t.Fatal(err)
		}
		fromT, toT := from.Time(), to.Time()
		const slack = time.Minute // instants are rounded to the minute
		var deepest []DashaPeriod
		var walk func(ps []DashaPeriod, parent *DashaPeriod, depth int)
		walk = func(ps []DashaPeriod, parent *DashaPeriod, depth int) {
			sum := 0.0
			for j, p := range ps {
				sum += p.Years
				if j > 0 && !p.StartDate.Equal(ps[j-1].EndDate.Time) {
					t.Fatalf("birth %d depth %d: a gap before %s", i, depth, p.StartDate)
				}
				if j > 0 && order[p.Lord] != (order[ps[j-1].Lord]+1)%9 {
					t.Fatalf("birth %d depth %d: %s after %s", i, depth, p.Lord, ps[j-1].Lord)
				}
				overlaps := p.EndDate.After(fromT) && p.StartDate.Before(toT)
				nearEdge := p.EndDate.Sub(fromT).Abs() <= slack || p.StartDate.Sub(toT).Abs() <= slack
				divided := len(p.SubPeriods) > 0
				want := depth < levels && (depth < LevelPratyantardasha || overlaps)
				if divided != want && !nearEdge {
					t.Fatalf("birth %d depth %d %s %s-%s: divided %v, want %v (window %s-%s)", i, depth, p.Lord, p.StartDate, p.EndDate, divided, want, fromT, toT)
				}
				if divided {
					if len(p.SubPeriods) != 9 || p.SubPeriods[0].Lord != p.Lord || !p.SubPeriods[0].StartDate.Equal(p.StartDate.Time) ||
						p.SubPeriods[8].EndDate.Sub(p.EndDate.Time).Abs() > slack {
						t.Fatalf("birth %d depth %d: %s's sub-periods do not tile it", i, depth, p.Lord)
					}
					walk(p.SubPeriods, &p, depth+1)
				}
				if depth == levels && overlaps {
					deepest = append(deepest, p)
				}
			}
			if parent != nil && measure.Over(math.Abs(sum-parent.Years), 1e-9*parent.Years) {
				t.Fatalf("birth %d depth %d: sub-periods of %s sum to %g years, not %g", i, depth, parent.Lord, sum, parent.Years)
			}
			if parent != nil {
				for _, p := range ps {
					if want := parent.Years * dashaYears[dashaOrder[order[p.Lord]]] / 120; measure.Over(math.Abs(p.Years-want), 1e-12*parent.Years) {
						t.Fatalf("birth %d: %s in %s: %g years, want %g", i, p.Lord, parent.Lord, p.Years, want)
					}
				}
			}
		}
		walk(d.DashaPeriods, nil, 1)
		if len(deepest) == 0 || deepest[0].StartDate.After(fromT.Add(slack)) || deepest[len(deepest)-1].EndDate.Before(toT.Add(-slack)) {
			t.Fatalf("birth %d: the %d periods of level %d do not cover the window", i, len(deepest), levels)
		}
		if len(d.Conventions.Window) != 2 || d.Conventions.Levels != levels {
			t.Fatalf("conventions %+v", d.Conventions)
		}
	}
	// The window is required below the third level, and bounded.
	c, _ := Natal(src, Birth{JD: 2451545, Latitude: 20, Longitude: 78}, Options{})
	for _, o := range []DashaOptions{
		{Levels: LevelSookshma},
		{Levels: LevelPrana, From: 2451545, To: 2451545 + MaxPranaWindowDays + 1},
		{Levels: LevelSookshma, From: 2451545, To: 2451545 + MaxSookshmaWindowDays + 1},
		{Levels: LevelPrana, From: 2451545, To: 2451544},
	} {
		if _, err := c.Dasha(o); err == nil || !strings.Contains(err.Error(), "to") {
			t.Errorf("%+v: %v", o, err)
		}
	}
}

// refYogini is an independent Yogini dasha: the birth nakshatra's number
// (1 Ashwini .. 27 Revati) plus 3, divided by 8, leaves the first yogini
// (1 Mangala .. 7 Siddha, 0 Sankata); the elapsed part is the fraction of
// the nakshatra traversed, in arcseconds; the periods laid out with
// time.Time arithmetic.
func refYogini(birth time.Time, moonSidereal, yearDays float64, n int) (names []string, starts []time.Time) {
	seq := []string{"Sankata", "Mangala", "Pingala", "Dhanya", "Bhramari", "Bhadrika", "Ulka", "Siddha"}
	years := map[string]float64{"Mangala": 1, "Pingala": 2, "Dhanya": 3, "Bhramari": 4, "Bhadrika": 5, "Ulka": 6, "Siddha": 7, "Sankata": 8}
	sec := moonSidereal * 3600
	num := int(sec/48000) + 1
	passed := (sec - float64(num-1)*48000) / 48000
	r := (num + 3) % 8
	yearSec := yearDays * 86400
	t := birth.Add(-time.Duration(passed * years[seq[r]] * yearSec * float64(time.Second)))
	for i := range n + 1 {
		y := seq[(r+i)%8]
		names = append(names, y)
		starts = append(starts, t)
		t = t.Add(time.Duration(years[y] * yearSec * float64(time.Second)))
	}
	return names, starts
}

// TestYoginiPyJHora: PyJHora's yogini_test (src/jhora/tests/pvr_tests.py,
// 4.8.5, read as data): 1996-12-07 10:34 IST, Chennai (13.0878°N,
// 80.2785°E), sidereal years; its 24 mahadashas from Pingala on
// 1996-11-21 09:31:38 IST. The yoginis and their years agree exactly; every
// start is 15 minutes later here, a constant shift (0.7″ of the Moon's
// longitude: PyJHora's Moon and Lahiri against ours, which match swetest
// within 0.001″): tolerance 20 minutes.
func TestYoginiPyJHora(t *testing.T) {
	src, _ := sources(t)
	c, err := Natal(src, Birth{JD: jd(1996, 12, 7, 10+34.0/60-5.5), Latitude: 13.0878, Longitude: 80.2785}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	d, err := c.Dasha(DashaOptions{System: Yogini, YearLength: YearSidereal})
	if err != nil {
		t.Fatal(err)
	}
	lords := []string{"Sun", "Jupiter", "Mars", "Mercury", "Saturn", "Venus", "Rahu", "Moon"}
	starts := []string{"1996-11-21 09:31:38", "1998-11-21 21:49:58", "2001-11-21 16:17:28", "2005-11-21 16:54:07",
		"2010-11-21 23:39:56", "2016-11-21 12:34:55", "2023-11-22 07:39:04", "2031-11-22 08:52:23", "2032-11-21 15:01:33",
		"2034-11-22 03:19:53", "2037-11-21 21:47:22", "2041-11-21 22:24:01", "2046-11-22 05:09:51", "2052-11-21 18:04:50",
		"2059-11-22 13:08:59", "2067-11-22 14:22:18", "2068-11-21 20:31:27", "2070-11-22 08:49:47", "2073-11-22 03:17:17",
		"2077-11-22 03:53:56", "2082-11-22 10:39:45", "2088-11-21 23:34:44", "2095-11-22 18:38:53", "2103-11-23 19:52:12"}
	ist := time.FixedZone("IST", 19800)
	if len(d.DashaPeriods) != 32 || d.Balance.Yogini != "Pingala" || d.Conventions.System != Yogini {
		t.Fatalf("%d periods, balance %+v", len(d.DashaPeriods), d.Balance)
	}
	cmp := measure.Compare(t, measure.About{
		What:      "Yogini dasha of the engine (system yogini, sidereal years): the 24 mahadashas of three cycles",
		Reference: "PyJHora 4.8.5, yogini_test of src/jhora/tests/pvr_tests.py (read as data)",
		Sample:    "its birth: 1996-12-07 10:34 IST, Chennai",
	})
	seq := cmp.Exact("yogini lords and years")
	// The contract's day for dasha boundaries; the regression bound near
	// the constant shift of 15 minutes.
	at := cmp.Quantity("mahadasha starts", "min", 1440, 20)
	worst := time.Duration(0)
	for i, s := range starts {
		p := d.DashaPeriods[i]
		want, err := time.ParseInLocation(time.DateTime, s, ist)
		if err != nil {
			t.Fatal(err)
		}
		diff := p.StartDate.Sub(want).Abs()
		worst = max(worst, diff)
		at.Add(diff.Minutes(), s)
		seq.Match(p.Lord == lords[i%8] && p.Years == float64(map[string]int{"Sun": 2, "Jupiter": 3, "Mars": 4, "Mercury": 5, "Saturn": 6, "Venus": 7, "Rahu": 8, "Moon": 1}[p.Lord]), s)
		if p.Lord != lords[i%8] || p.Years != float64(map[string]int{"Sun": 2, "Jupiter": 3, "Mars": 4, "Mercury": 5, "Saturn": 6, "Venus": 7, "Rahu": 8, "Moon": 1}[p.Lord]) || diff > 20*time.Minute {
			t.Errorf("period %d: %s %s (%g years) at %s, PyJHora %s at %s", i, p.Yogini, p.Lord, p.Years, p.StartDate.In(ist), lords[i%8], s)
		}
	}
	t.Logf("worst start difference from PyJHora: %v", worst)
}

// TestYoginiAgainstReference compares the Yogini mahadashas (four cycles)
// with refYogini on 200 births and the four year lengths, within a minute,
// and checks the antardashas: eight from the mahadasha's own yogini, in
// the proportions of their years.
func TestYoginiAgainstReference(t *testing.T) {
	src, _ := sources(t)
	r := rand.New(rand.NewPCG(36, 8))
	worst := time.Duration(0)
	for i := range 200 {
		b := Birth{JD: engine.JDUT(2415020 + r.Float64()*73000), Latitude: r.Float64()*120 - 60, Longitude: r.Float64()*360 - 180}
		yl := []YearLength{YearJulian, YearTropical, YearSidereal, YearSavana}[i%4]
		d, err := VimshottariDasha(src, b, Options{}, DashaOptions{System: Yogini, Levels: 2, YearLength: yl})
		if err != nil {
			t.Fatal(err)
		}
		names, starts := refYogini(b.JD.Time(), d.MoonLongitude, yl.Days(), len(d.DashaPeriods))
		for k, p := range d.DashaPeriods {
			if p.Yogini != names[k] {
				t.Fatalf("birth %d period %d: %s, want %s", i, k, p.Yogini, names[k])
			}
			for _, x := range [][2]time.Time{{p.StartDate.Time, starts[k]}, {p.EndDate.Time, starts[k+1]}} {
				diff := x[0].Sub(x[1]).Abs()
				worst = max(worst, diff)
				if diff > time.Minute {
					t.Fatalf("birth %d %s: %v, reference %v", i, p.Yogini, x[0], x[1])
				}
			}
			sum := 0.0
			for _, s := range p.SubPeriods {
				sum += s.Years
			}
			if len(p.SubPeriods) != 8 || p.SubPeriods[0].Yogini != p.Yogini || measure.Over(math.Abs(sum-p.Years), 1e-9) ||
				p.SubPeriods[1].Years != p.Years*[]float64{1, 2, 3, 4, 5, 6, 7, 8}[(slices.Index(yogini.names, p.Yogini)+1)%8]/36 {
				t.Fatalf("birth %d %s: antardashas %+v", i, p.Yogini, p.SubPeriods)
			}
		}
		if d.DashaPeriods[0].StartDate.After(b.JD.Time().Add(time.Minute)) || !d.DashaPeriods[0].EndDate.After(b.JD.Time()) {
			t.Fatalf("birth %d not inside the first dasha", i)
		}
	}
	t.Logf("worst boundary difference %v", worst)
}

// refAshtottari is an independent Ashtottari: the lord of each nakshatra
// listed (Abhijit inside Saturn's), the elapsed part the Moon's progress
// through its lord's run of nakshatras, the periods laid out with
// time.Time arithmetic.
func refAshtottari(birth time.Time, moonSidereal, yearDays float64) (lords []string, starts []time.Time) {
	seq := []string{"Sun", "Moon", "Mars", "Mercury", "Saturn", "Jupiter", "Rahu", "Venus"}
	years := map[string]float64{"Sun": 6, "Moon": 15, "Mars": 8, "Mercury": 17, "Saturn": 10, "Jupiter": 19, "Rahu": 12, "Venus": 21}
	// Ashwini .. Revati.
	of := []string{"Rahu", "Rahu", "Venus", "Venus", "Venus", "Sun", "Sun", "Sun", "Sun", "Moon", "Moon", "Moon", "Mars", "Mars",
		"Mars", "Mars", "Mercury", "Mercury", "Mercury", "Saturn", "Saturn", "Saturn", "Jupiter", "Jupiter", "Jupiter", "Rahu", "Rahu"}
	sec := moonSidereal * 3600
	k := int(sec / 48000)
	lord := of[k]
	// the run of lord's nakshatras containing k, and where k sits in it
	first, n := k, 0
	for of[(first+26)%27] == lord {
		first = (first + 26) % 27
	}
	for of[(first+n)%27] == lord {
		n++
	}
	pos := float64((k-first+27)%27) + (sec-float64(k)*48000)/48000
	passed := pos / float64(n)
	yearSec := yearDays * 86400
	i0 := slices.Index(seq, lord)
	t := birth.Add(-time.Duration(passed * years[lord] * yearSec * float64(time.Second)))
	for i := range 9 {
		l := seq[(i0+i)%8]
		lords = append(lords, l)
		starts = append(starts, t)
		t = t.Add(time.Duration(years[l] * yearSec * float64(time.Second)))
	}
	return lords, starts
}

// TestAshtottariAgainstReference compares the eight Ashtottari
// mahadashas with refAshtottari on 200 births and the four year lengths,
// within a minute, and the antardashas' proportions.
func TestAshtottariAgainstReference(t *testing.T) {
	src, _ := sources(t)
	r := rand.New(rand.NewPCG(108, 8))
	worst := time.Duration(0)
	for i := range 200 {
		b := Birth{JD: engine.JDUT(2415020 + r.Float64()*73000), Latitude: r.Float64()*120 - 60, Longitude: r.Float64()*360 - 180}
		yl := []YearLength{YearJulian, YearTropical, YearSidereal, YearSavana}[i%4]
		d, err := VimshottariDasha(src, b, Options{}, DashaOptions{System: Ashtottari, Levels: 2, YearLength: yl})
		if err != nil {
			t.Fatal(err)
		}
		lords, starts := refAshtottari(b.JD.Time(), d.MoonLongitude, yl.Days())
		if len(d.DashaPeriods) != 8 || d.Conventions.Applicability == "" {
			t.Fatalf("birth %d: %d periods", i, len(d.DashaPeriods))
		}
		for k, p := range d.DashaPeriods {
			if p.Lord != lords[k] {
				t.Fatalf("birth %d period %d: %s, want %s (Moon %.4f)", i, k, p.Lord, lords[k], d.MoonLongitude)
			}
			for _, x := range [][2]time.Time{{p.StartDate.Time, starts[k]}, {p.EndDate.Time, starts[k+1]}} {
				diff := x[0].Sub(x[1]).Abs()
				worst = max(worst, diff)
				if diff > time.Minute {
					t.Fatalf("birth %d %s: %v, reference %v (Moon %.4f)", i, p.Lord, x[0], x[1], d.MoonLongitude)
				}
			}
			sum := 0.0
			for _, s := range p.SubPeriods {
				sum += s.Years
			}
			if len(p.SubPeriods) != 8 || p.SubPeriods[0].Lord != p.Lord || measure.Over(math.Abs(sum-p.Years), 1e-9) {
				t.Fatalf("birth %d %s: antardashas %+v", i, p.Lord, p.SubPeriods)
			}
		}
	}
	t.Logf("worst boundary difference %v", worst)
}

// TestAshtottariPyJHora: PyJHora 4.8.5's Ashtottari tests
// (src/jhora/tests/pvr_tests.py, read as data), sidereal years: its own
// chart (1996-12-07 10:34 IST, Chennai), the eight mahadashas as Jagannatha
// Hora gives them; P. V. R. Narasimha Rao's examples 60 (1912-08-08 19:38
// IST, 13°N 77°35′E: Venus at birth; the Rahu-Moon and Rahu-Mars
// antardashas), 61 (Indira Gandhi, 1917-11-19 23:03 IST, 25°28′N
// 81°52′E: Saturn at birth, the Moon's dasha over 1980-1995) and 62
// (1921-06-28 12:49 IST, 18°26′N 79°09′E: Rahu at birth, Mercury's over
// 1981-1997). The lords agree; every date is later here, by 15 minutes in
// 1996 (as its Yogini test) and 56 in 1912: a shift of PyJHora's Moon or
// ayanamsa against ours (which match swetest within 0.001″), 0.7″ to
// 2.5″, growing into the past: tolerance 60 minutes.
func TestAshtottariPyJHora(t *testing.T) {
	src, _ := sources(t)
	cmp := measure.Compare(t, measure.About{
		What:      "Ashtottari dasha of the engine (system ashtottari, sidereal years): the lords at birth and the dates PyJHora's tests give",
		Reference: "PyJHora 4.8.5, _ashtothari_test_1 to _4 of src/jhora/tests/pvr_tests.py (read as data): P. V. R. Narasimha Rao's examples 60-62 and PyJHora's own chart against Jagannatha Hora",
		Sample:    "four births of 1912-1996",
	})
	lordsQ := cmp.Exact("mahadasha lords")
	dates := cmp.Quantity("period starts", "min", 1440, 60)
	ist := time.FixedZone("IST", 19800)
	dasha := func(y, m, d int, h, lat, lon float64) *Dasha {
		c, err := Natal(src, Birth{JD: jd(y, m, d, h-5.5), Latitude: lat, Longitude: lon}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		ds, err := c.Dasha(DashaOptions{System: Ashtottari, YearLength: YearSidereal, Levels: 2})
		if err != nil {
			t.Fatal(err)
		}
		return ds
	}
	at := func(what string, got time.Time, want string) {
		w, err := time.ParseInLocation(time.DateTime, want, ist)
		if err != nil {
			t.Fatal(err)
		}
		diff := got.Sub(w).Abs().Minutes()
		dates.Add(diff, what)
		if measure.Over(diff, 60) {
			t.Errorf("%s: %s, PyJHora %s", what, got.In(ist), want)
		}
	}
	lord := func(what, got, want string) {
		lordsQ.Match(got == want, what)
		if got != want {
			t.Errorf("%s: %s, PyJHora %s", what, got, want)
		}
	}
	own := dasha(1996, 12, 7, 10+34.0/60, 13.0878, 80.2785)
	for i, w := range []struct{ lord, start string }{
		{"Mars", "1992-11-21 08:54:59"}, {"Mercury", "2000-11-21 10:08:18"}, {"Saturn", "2017-11-21 18:44:05"}, {"Jupiter", "2027-11-22 08:15:44"},
		{"Rahu", "2046-11-22 05:09:51"}, {"Venus", "2058-11-22 06:59:49"}, {"Sun", "2079-11-22 16:12:16"}, {"Moon", "2085-11-22 05:07:15"},
	} {
		lord(fmt.Sprintf("own chart period %d", i), own.DashaPeriods[i].Lord, w.lord)
		at(fmt.Sprintf("own chart %s", w.lord), own.DashaPeriods[i].StartDate.Time, w.start)
	}
	ex60 := dasha(1912, 8, 8, 19+38.0/60, 13, 77+35.0/60)
	lord("example 60 at birth", ex60.DashaPeriods[0].Lord, "Venus")
	for _, p := range ex60.DashaPeriods {
		if p.Lord == "Rahu" {
			lord("example 60 Rahu's 4th antardasha", p.SubPeriods[3].Lord, "Moon")
			at("example 60 Rahu-Moon", p.SubPeriods[3].StartDate.Time, "1998-10-12 16:41:05")
			lord("example 60 Rahu's 5th antardasha", p.SubPeriods[4].Lord, "Mars")
			at("example 60 Rahu-Mars", p.SubPeriods[4].StartDate.Time, "2000-06-12 10:56:22")
		}
	}
	running := func(d *Dasha, y int) string {
		at := time.Date(y, 7, 1, 0, 0, 0, 0, time.UTC)
		for _, p := range d.DashaPeriods {
			if !p.StartDate.After(at) && p.EndDate.After(at) {
				return p.Lord
			}
		}
		return ""
	}
	ex61 := dasha(1917, 11, 19, 23+3.0/60, 25+28.0/60, 81+52.0/60)
	lord("example 61 at birth", ex61.DashaPeriods[0].Lord, "Saturn")
	for _, y := range []int{1981, 1994} {
		lord(fmt.Sprintf("example 61 in %d", y), running(ex61, y), "Moon")
	}
	ex62 := dasha(1921, 6, 28, 12+49.0/60, 18+26.0/60, 79+9.0/60)
	lord("example 62 at birth", ex62.DashaPeriods[0].Lord, "Rahu")
	for _, y := range []int{1982, 1997} {
		lord(fmt.Sprintf("example 62 in %d", y), running(ex62, y), "Mercury")
	}
}
