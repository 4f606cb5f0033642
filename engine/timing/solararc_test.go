package timing

import (
	"math"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/accuracy/measure"
)

// The true solar arc is the progressed Sun minus the natal Sun, against
// swetest's Sun at the progressed instant and at birth.
func TestSolarArcSwetest(t *testing.T) {
	pos := source(t)
	var worst float64
	for _, c := range loadFixture(t).Progression {
		yl := YearTropical
		if c.YearDays == 365.25 {
			yl = YearJulian
		}
		n := c.natal(c.Sidereal)
		d, err := SolarArc(pos, n, SolarArcOptions{Date: engine.JDUT(c.TargetJD).Time(), YearLength: yl})
		if err != nil {
			t.Fatal(err)
		}
		want := engine.Normalize(c.Planets["Sun"] - c.NatalSun)
		diff := sepArcsec(d.Arc, want)
		worst = max(worst, diff)
		if measure.Over(diff, tolProgArcsec) {
			t.Errorf("%s: arc %.7f, swetest progressed minus natal Sun %.7f: %.4f\"", c.Name, d.Arc, want, diff)
		}
		// Every point is moved by the arc.
		for _, p := range d.Points {
			if measure.Over(sepArcsec(p.Longitude, p.NatalLongitude+d.Arc), 1e-6) {
				t.Errorf("%s: directed %s %v is not natal %v + arc %v", c.Name, p.Name, p.Longitude, p.NatalLongitude, d.Arc)
			}
		}
		// Naibod: 59'08.33" per year.
		nb, err := SolarArc(pos, n, SolarArcOptions{Date: engine.JDUT(c.TargetJD).Time(), YearLength: yl, Key: Naibod})
		if err != nil {
			t.Fatal(err)
		}
		years := (c.TargetJD - c.JD) / c.YearDays
		if measure.Over(math.Abs(nb.Arc-(59+8.33/60)/60*years), 1e-6*years) {
			t.Errorf("%s: Naibod arc %v for %v years", c.Name, nb.Arc, years)
		}
	}
	t.Logf("worst solar arc %.4f\" from swetest", worst)
}

// Perfections: at each listed date the directed point aspects the natal
// point exactly, and a scan of the range every two days finds no perfection
// the list lacks.
func TestSolarArcPerfections(t *testing.T) {
	pos := source(t)
	for _, key := range []ArcKey{TrueSolarArc, Naibod} {
		t.Run(string(key), func(t *testing.T) {
			o := SolarArcOptions{Date: date("2010-01-01T00:00:00Z"), Key: key, RangeStart: date("2010-01-01T00:00:00Z"), RangeEnd: date("2016-01-01T00:00:00Z")}
			d, err := SolarArc(pos, london, o)
			if err != nil {
				t.Fatal(err)
			}
			natalLon := map[string]float64{}
			for _, p := range d.Points {
				natalLon[p.Name] = p.NatalLongitude
			}
			// The arc at the listed date makes the aspect exact.
			for _, pf := range d.Perfections {
				at, err := SolarArc(pos, london, SolarArcOptions{Date: pf.Date, Key: key})
				if err != nil {
					t.Fatal(err)
				}
				sep := math.Abs(math.Remainder(natalLon[pf.Point]+at.Arc-natalLon[pf.NatalPoint], 360))
				// A second of time moves the arc by 3e-8°.
				if measure.Over(math.Abs(sep-pf.Angle)*3600, 0.001) {
					t.Errorf("%s %s %s at %s: separation %.6f°", pf.Point, pf.Aspect, pf.NatalPoint, pf.Date, sep)
				}
				if pf.Date.Before(o.RangeStart) || pf.Date.After(o.RangeEnd) {
					t.Errorf("perfection %s outside the range", pf.Date)
				}
			}
			// A scan of the arc every two days: each sign change of an
			// aspect's deviation is a perfection that must be listed in
			// those two days.
			type combo struct {
				p, q  string
				ang   float64
				c     float64 // deviation is rem(arc + c)
				prev  float64
				found []time.Time
			}
			var combos []*combo
			for _, pp := range d.Points {
				for _, qq := range d.Points {
					for _, ang := range []float64{0, 60, 90, 120, 180} {
						for _, side := range []float64{1, -1} {
							if side < 0 && (ang == 0 || ang == 180) {
								continue
							}
							combos = append(combos, &combo{p: pp.Name, q: qq.Name, ang: ang, c: pp.NatalLongitude - qq.NatalLongitude - side*ang, prev: math.NaN()})
						}
					}
				}
			}
			// The arc, recomputed here from the Sun's positions (or
			// Naibod's rate) rather than by the package.
			jb := float64(london.Birth.JD)
			sun0, err := pos.Position(london.Birth.JD, engine.Sun, engine.Options{})
			if err != nil {
				t.Fatal(err)
			}
			arcAt := func(day time.Time) float64 {
				years := (float64(engine.JDOf(day)) - jb) / 365.24219
				if key == Naibod {
					return years * 360 / 365.24219 // the mean Sun: 59'08.33"
				}
				sun, err := pos.Position(engine.JDUT(jb+years), engine.Sun, engine.Options{})
				if err != nil {
					t.Fatal(err)
				}
				return engine.Normalize(sun.Longitude - sun0.Longitude)
			}
			n := 0
			for day := o.RangeStart; !day.After(o.RangeEnd); day = day.Add(48 * time.Hour) {
				arc := arcAt(day)
				for _, k := range combos {
					dev := math.Remainder(arc+k.c, 360)
					if k.prev < 0 && dev >= 0 {
						k.found = append(k.found, day)
						n++
					}
					k.prev = dev
				}
			}
			if n != len(d.Perfections) {
				t.Errorf("%d perfections listed, the scan finds %d", len(d.Perfections), n)
			}
			for _, pf := range d.Perfections {
				found := false
				for _, k := range combos {
					for _, day := range k.found {
						if k.p == pf.Point && k.q == pf.NatalPoint && k.ang == pf.Angle && !pf.Date.After(day) && day.Sub(pf.Date) <= 48*time.Hour {
							found = true
						}
					}
				}
				if !found {
					t.Errorf("perfection %+v not found by the scan", pf)
				}
			}
			for i := 1; i < len(d.Perfections); i++ {
				if d.Perfections[i].Date.Before(d.Perfections[i-1].Date) {
					t.Fatal("perfections out of date order")
				}
			}
			t.Logf("%s: %d perfections in 6 years", key, len(d.Perfections))
		})
	}
}

// A few perfection dates against swetest directly: the Sun's progressed
// longitude at the date's progressed instant minus its natal longitude is
// the arc that makes the aspect exact.
func TestSolarArcPerfectionsLiveSwetest(t *testing.T) {
	measure.NeedTool(t, "swetest")
	pos := source(t)
	d, err := SolarArc(pos, london, SolarArcOptions{Date: date("2000-01-01T00:00:00Z"), RangeStart: date("2000-01-01T00:00:00Z"), RangeEnd: date("2030-01-01T00:00:00Z")})
	if err != nil {
		t.Fatal(err)
	}
	sun := func(jd float64) float64 {
		out, err := exec.Command("swetest", "-bj"+strconv.FormatFloat(jd, 'f', 9, 64), "-ut", "-p0", "-fl", "-head", "-ep", "-edir/usr/share/libswe/ephe").Output()
		if err != nil {
			t.Fatal(err)
		}
		v, err := strconv.ParseFloat(strings.TrimSpace(string(out)), 64)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	jb := float64(london.Birth.JD)
	sun0 := sun(jb)
	// 30 years of perfections of the London chart: 96 of them with the
	// default points and aspects (counted when the test was written); one
	// in eight is checked.
	if n := len(d.Perfections); n != 96 {
		t.Fatalf("%d perfections in 30 years, want 96", n)
	}
	var worst measure.Worst
	for i := 0; i < len(d.Perfections); i += 8 {
		pf := d.Perfections[i]
		tp := jb + (float64(engine.JDOf(pf.Date))-jb)/365.24219
		arc := engine.Normalize(sun(tp) - sun0)
		// The date is rounded to the second: 3e-8° of arc.
		diff := sepArcsec(arc, pf.Arc)
		worst.Add(diff, pf.Point, pf.Aspect, pf.NatalPoint, pf.Date)
		if measure.Over(diff, 0.01) {
			t.Errorf("%s %s %s at %s: swetest arc %.7f, listed %.7f (%.4f\")", pf.Point, pf.Aspect, pf.NatalPoint, pf.Date, arc, pf.Arc, diff)
		}
	}
	if worst.N() < 8 {
		t.Errorf("%d perfections checked, want at least 8", worst.N())
	}
	t.Logf("%d of %d perfections against swetest, worst %.2g\" (%s)", worst.N(), len(d.Perfections), worst.Max(), worst.At())
}

func TestSolarArcErrors(t *testing.T) {
	pos := source(t)
	cases := []struct {
		name  string
		o     SolarArcOptions
		field string
	}{
		{"ErrDateBeforeBirth", SolarArcOptions{Date: date("1980-01-01T00:00:00Z")}, "date"},
		{"ErrKey", SolarArcOptions{Date: date("2000-01-01T00:00:00Z"), Key: "ptolemy"}, "key"},
		{"ErrRangeTooLong", SolarArcOptions{Date: date("2000-01-01T00:00:00Z"), RangeEnd: date("2110-01-01T00:00:00Z")}, "range_end"},
		{"ErrRangeBeforeBirth", SolarArcOptions{Date: date("2000-01-01T00:00:00Z"), RangeStart: date("1980-01-01T00:00:00Z")}, "range_start"},
		{"ErrRangeReversed", SolarArcOptions{Date: date("2000-01-01T00:00:00Z"), RangeStart: date("2001-01-01T00:00:00Z"), RangeEnd: date("2000-06-01T00:00:00Z")}, "range_end"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := SolarArc(pos, london, c.o)
			wantField(t, err, c.field)
		})
	}
}
