package vedic

import (
	"math"
	"math/rand/v2"
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
