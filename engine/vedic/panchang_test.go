package vedic

import (
	"math"
	"testing"
	"time"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/accuracy/measure"
)

type panchangFixture struct {
	Tolerance float64 `json:"tolerance_seconds"`
	Cases     []struct {
		Name                string
		Latitude, Longitude float64
		Zone, Date          string
		Rise                map[string]map[string]*float64
		Crossings           map[string][]struct {
			JD    float64
			Index int
		}
	}
}

// TestPanchangAgainstSwetest checks, for 24 days and places (India and
// elsewhere, 1955-2049, the polar day and night at Tromsø included) and
// all three sunrise conventions: sunrise, sunset, next sunrise, moonrise
// and moonset against swetest -rise with the matching flags, and every
// tithi, nakshatra, yoga and karana boundary against a bisection on
// swetest positions (testdata/panchang_swetest.json), within 60 s.
func TestPanchangAgainstSwetest(t *testing.T) {
	src, _ := sources(t)
	fx := readPanchangFixture(t)
	var worstRise, worstElem measure.Worst
	kinds := map[string]func(*Panchang) []Element{
		"tithi":     func(p *Panchang) []Element { return p.Tithi },
		"nakshatra": func(p *Panchang) []Element { return p.Nakshatra },
		"yoga":      func(p *Panchang) []Element { return p.Yoga },
		"karana":    func(p *Panchang) []Element { return p.Karana },
	}
	counts := map[string]int{"tithi": 30, "nakshatra": 27, "yoga": 27, "karana": 60}
	for _, c := range fx.Cases {
		loc, err := time.LoadLocation(c.Zone)
		if err != nil {
			t.Fatal(err)
		}
		date, _ := time.Parse("2006-01-02", c.Date)
		for conv, want := range c.Rise {
			p, err := NewPanchang(src, Day{Year: date.Year(), Month: int(date.Month()), Day: date.Day(), Location: loc, Latitude: c.Latitude, Longitude: c.Longitude}, PanchangOptions{Sunrise: SunriseConvention(conv)})
			if err != nil {
				t.Fatalf("%s: %v", c.Name, err)
			}
			got := map[string]*time.Time{"sunrise": p.Sunrise, "sunset": p.Sunset, "next_sunrise": p.NextSunrise, "moonrise": p.Moonrise, "moonset": p.Moonset}
			for ev, w := range want {
				g := got[ev]
				switch {
				case (w == nil) != (g == nil):
					t.Errorf("%s %s %s: got %v, swetest %v", c.Name, conv, ev, g, w)
				case w != nil:
					d := math.Abs(g.Sub(engine.JDUT(*w).Time()).Seconds())
					worstRise.Add(d, c.Name, conv, ev)
					if measure.Over(d, tolSeconds) {
						t.Errorf("%s %s %s: %v, swetest %v (%.0f s)", c.Name, conv, ev, g, engine.JDUT(*w).Time(), d)
					}
				}
			}
			if conv != "upper_limb" {
				continue
			}
			for kind, list := range kinds {
				els := list(p)
				if len(els) == 0 {
					t.Fatalf("%s: no %s", c.Name, kind)
				}
				dayStart, dayEnd := p.Sunrise, p.NextSunrise
				if dayStart != nil && (els[0].Start.After(*dayStart) || !els[0].End.After(*dayStart)) {
					t.Errorf("%s %s: first %+v does not cover sunrise %v", c.Name, kind, els[0], dayStart)
				}
				if dayStart != nil && dayEnd != nil && els[len(els)-1].End.Before(*dayEnd) {
					t.Errorf("%s %s: last %+v ends before the next sunrise %v", c.Name, kind, els[len(els)-1], dayEnd)
				}
				for i, e := range els {
					if i > 0 && !e.Start.Equal(els[i-1].End) {
						t.Errorf("%s %s: gap before %d", c.Name, kind, e.Number)
					}
					for _, b := range []struct {
						at    time.Time
						index int
					}{{e.Start, e.Number - 1}, {e.End, e.Number % counts[kind]}} {
						best := math.Inf(1)
						for _, x := range c.Crossings[kind] {
							if x.Index == b.index {
								best = min(best, math.Abs(b.at.Sub(engine.JDUT(x.JD).Time()).Seconds()))
							}
						}
						worstElem.Add(best, c.Name, kind, e.Number)
						if measure.Over(best, tolSeconds) {
							t.Errorf("%s %s %d (%s) boundary %v: nearest swetest crossing %.0f s away", c.Name, kind, e.Number, e.Name, b.at, best)
						}
					}
				}
			}
		}
	}
	worstRise.Check(t, "rise and set", "s", tolSeconds)
	worstElem.Check(t, "element boundaries", "s", tolSeconds)
	t.Logf("worst rise/set difference %.1f s (%s), worst element boundary %.1f s (%s)", worstRise.Max(), worstRise.At(), worstElem.Max(), worstElem.At())
}

// TestPanchangPeriods checks the day's periods against their definitions:
// the weekday's eighth part of the daytime, the 8th muhurta.
func TestPanchangPeriods(t *testing.T) {
	src, _ := sources(t)
	loc, _ := time.LoadLocation("Asia/Kolkata")
	for d := 1; d <= 7; d++ {
		p, err := NewPanchang(src, Day{Year: 2024, Month: 1, Day: d, Location: loc, Latitude: 12.97, Longitude: 77.59}, PanchangOptions{})
		if err != nil {
			t.Fatal(err)
		}
		wd := time.Date(2024, 1, d, 0, 0, 0, 0, loc).Weekday()
		if p.Vara.Name != wd.String() || p.Vara.Lord != weekdayLords[wd].String() {
			t.Errorf("%d: vara %+v", d, p.Vara)
		}
		day := p.Sunset.Sub(*p.Sunrise)
		check := func(name string, iv *Interval, from, to float64) {
			t.Helper()
			ws, we := p.Sunrise.Add(time.Duration(from*float64(day))), p.Sunrise.Add(time.Duration(to*float64(day)))
			if iv.Start.Sub(ws).Abs() > time.Second || iv.End.Sub(we).Abs() > time.Second {
				t.Errorf("%s %s: %v-%v, want %v-%v", wd, name, iv.Start, iv.End, ws, we)
			}
		}
		part := func(n int) (float64, float64) { return float64(n-1) / 8, float64(n) / 8 }
		f, to := part(map[time.Weekday]int{time.Sunday: 8, time.Monday: 2, time.Tuesday: 7, time.Wednesday: 5, time.Thursday: 6, time.Friday: 4, time.Saturday: 3}[wd])
		check("rahu", p.RahuKalam, f, to)
		f, to = part(map[time.Weekday]int{time.Sunday: 5, time.Monday: 4, time.Tuesday: 3, time.Wednesday: 2, time.Thursday: 1, time.Friday: 7, time.Saturday: 6}[wd])
		check("yamaganda", p.Yamaganda, f, to)
		g := map[time.Weekday]int{time.Sunday: 7, time.Monday: 6, time.Tuesday: 5, time.Wednesday: 4, time.Thursday: 3, time.Friday: 2, time.Saturday: 1}[wd]
		f, to = part(g)
		check("gulika", p.GulikaKalam, f, to)
		check("abhijit", p.AbhijitMuhurta, 7.0/15, 8.0/15)
	}
}

func TestPanchangValidate(t *testing.T) {
	src, _ := sources(t)
	bad := []struct {
		d Day
		o PanchangOptions
	}{
		{Day{Year: 2024, Month: 2, Day: 30}, PanchangOptions{}},
		{Day{Year: 2024, Month: 13, Day: 1}, PanchangOptions{}},
		{Day{Year: 2024, Month: 1, Day: 1, Latitude: 95}, PanchangOptions{}},
		{Day{Year: 2024, Month: 1, Day: 1}, PanchangOptions{Sunrise: "civil_twilight"}},
	}
	for _, b := range bad {
		if _, err := NewPanchang(src, b.d, b.o); err == nil {
			t.Errorf("%+v accepted", b)
		}
	}
	if karanaName(0) != "Kimstughna" || karanaName(1) != "Bava" || karanaName(56) != "Vishti" || karanaName(57) != "Shakuni" || karanaName(59) != "Naga" {
		t.Error("karana names")
	}
	if tithiName(14) != "Purnima" || tithiName(29) != "Amavasya" || tithiName(15) != "Pratipada" {
		t.Error("tithi names")
	}
}

// BenchmarkPanchang is the engine time of a whole panchang from the tables:
// five rise/set searches and four element lists (the target is
// under 100 µs).
func BenchmarkPanchang(b *testing.B) {
	src, _ := sources(b)
	loc, _ := time.LoadLocation("Asia/Kolkata")
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		d := Day{Year: 2000 + i%40, Month: 1 + i%12, Day: 1 + i%28, Location: loc, Latitude: 12.97, Longitude: 77.59}
		if _, err := NewPanchang(src, d, PanchangOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}
