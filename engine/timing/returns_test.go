package timing

import (
	"errors"
	"math"
	"testing"
	"time"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/accuracy/measure"
	"github.com/astroapi/astroapi/engine/natal"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// Tolerances against the swetest fixture. The tables agree with the Swiss
// Ephemeris within 0.001", so the natal longitude may differ by that much
// and a return instant by the time the body takes to move 0.002": a
// second or less for the Sun, the Moon and every planet away from its
// stations, longer for a slow planet near one.
const (
	tolReturnSec    = 1.0
	tolReturnArcsec = 0.002
	tolNatalArcsec  = 0.001
)

// tolSeconds is the tolerance of a return instant for a body moving speed
// degrees a day.
func tolSeconds(speed float64) float64 {
	return max(tolReturnSec, tolReturnArcsec/3600/math.Abs(speed)*86400)
}

func TestSolarReturnSwetest(t *testing.T) {
	pos := source(t)
	fx := loadFixture(t)
	var worst float64
	for _, c := range fx.Solar {
		t.Run(c.Name+"-"+c.Sidereal, func(t *testing.T) {
			n := c.natal(c.Sidereal)
			r, err := SolarReturnOf(pos, n, SolarReturnOptions{Year: c.Year})
			if err != nil {
				t.Fatal(err)
			}
			defer r.Release()
			if d := sepArcsec(r.Return.Longitude, c.NatalLon); measure.Over(d, tolNatalArcsec) {
				t.Errorf("natal Sun %v, swetest %v: %.4f\"", r.Return.Longitude, c.NatalLon, d)
			}
			dt := math.Abs(r.Return.JulianDay-c.JD) * 86400
			worst = max(worst, dt)
			if measure.Over(dt, tolSeconds(r.Return.Speed)) {
				t.Errorf("%d return at JD %.8f (%s), swetest root %.8f: %.3f s apart", c.Year, r.Return.JulianDay, r.Return.Time, c.JD, dt)
			}
			if got := r.Return.Time; !got.Equal(got.Truncate(time.Second)) || measure.Over(math.Abs(got.Sub(engine.JDUT(c.JD).Time()).Seconds()), 1.5) {
				t.Errorf("time %s not the root to the second (JD %.8f)", got, c.JD)
			}
			// The return chart is the natal chart of that instant and place.
			want, err := natal.Compute(pos, natal.Birth{JD: engine.JDUT(r.Return.JulianDay), Latitude: c.Latitude, Longitude: c.Longitude}, n.Chart)
			if err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(want, r.Return.Chart, cmpopts.IgnoreUnexported(natal.Chart{})); d != "" {
				t.Errorf("return chart differs from natal.Compute at the instant (-want +got):\n%s", d)
			}
			// The return is the one near the birthday: within 2 days.
			if d := math.Abs(r.Return.Time.Sub(r.Birthday).Hours()); measure.Over(d, 48) {
				t.Errorf("return %s is %.1f h from the birthday %s", r.Return.Time, d, r.Birthday)
			}
			if r.Number != c.Year-n.birthYear() {
				t.Errorf("number %d, want %d", r.Number, c.Year-n.birthYear())
			}
		})
	}
	t.Logf("%d solar returns, worst %.3f s from the swetest root", len(fx.Solar), worst)
}

func TestLunarReturnsSwetest(t *testing.T) {
	pos := source(t)
	fx := loadFixture(t)
	for _, c := range fx.Lunar {
		t.Run(c.Name, func(t *testing.T) {
			n := c.natal(c.Sidereal)
			o := LunarReturnOptions{Start: engine.JDUT(c.Start).Time(), End: engine.JDUT(c.End).Time()}
			r, err := LunarReturns(pos, n, o)
			if err != nil {
				t.Fatal(err)
			}
			defer r.Release()
			compareReturns(t, r, c)
			for _, x := range r.Returns {
				if x.Chart == nil || measure.Over(math.Abs(x.Chart.Planets[1].Longitude-c.NatalLon)*3600, 0.01) {
					t.Errorf("return %s: chart missing or its Moon not at the natal place", x.Time)
				}
			}
		})
	}
}

func TestPlanetaryReturnsSwetest(t *testing.T) {
	pos := source(t)
	fx := loadFixture(t)
	for _, c := range fx.Planetary {
		t.Run(c.Name+"-"+c.Body, func(t *testing.T) {
			n := c.natal(c.Sidereal)
			o := PlanetaryReturnOptions{
				Planet: Planet(lower(c.Body)),
				Start:  engine.JDUT(c.Start + 1).Time(), End: engine.JDUT(c.End).Time(),
			}
			r, err := PlanetaryReturns(pos, n, o)
			if err != nil {
				t.Fatal(err)
			}
			compareReturns(t, r, fxRange(c))
			checkPasses(t, r.Returns)
		})
	}
}

func lower(s string) string {
	b := []byte(s)
	if len(b) > 0 && b[0] >= 'A' && b[0] <= 'Z' {
		b[0] += 'a' - 'A'
	}
	return string(b)
}

// compareReturns matches the returns one to one with the fixture's roots.
func compareReturns(t *testing.T, r *Returns, c fxRange) {
	t.Helper()
	if d := sepArcsec(r.Longitude, c.NatalLon); measure.Over(d, tolNatalArcsec) {
		t.Errorf("natal longitude %v, swetest %v: %.4f\"", r.Longitude, c.NatalLon, d)
	}
	if len(r.Returns) != len(c.Returns) {
		for _, x := range r.Returns {
			t.Logf("got  %.6f %s %+.4f", x.JulianDay, x.Time, x.Speed)
		}
		for _, x := range c.Returns {
			t.Logf("want %.6f %+.4f", x.JD, x.Speed)
		}
		t.Fatalf("%d returns, swetest %d", len(r.Returns), len(c.Returns))
	}
	var worst, worstSec float64
	for i, x := range r.Returns {
		w := c.Returns[i]
		dt := math.Abs(x.JulianDay-w.JD) * 86400
		worst, worstSec = max(worst, dt/tolSeconds(w.Speed)), max(worstSec, dt)
		if measure.Over(dt, tolSeconds(w.Speed)) {
			t.Errorf("return %d at JD %.8f, swetest %.8f: %.3f s (speed %.4f°/day, tolerance %.1f s)", i, x.JulianDay, w.JD, dt, w.Speed, tolSeconds(w.Speed))
		}
		if (x.Speed < 0) != (w.Speed < 0) || (x.Direction == Retrograde) != (w.Speed < 0) {
			t.Errorf("return %d: direction %s, swetest speed %v", i, x.Direction, w.Speed)
		}
	}
	t.Logf("%s %d returns, worst %.4f s (%.3f of its tolerance)", r.Body, len(r.Returns), worstSec, worst)
}

// checkPasses asserts the grouping: each return is D, or D R D, numbered
// 1..Passes (a range may cut a loop at its ends).
func checkPasses(t *testing.T, rs []Return) {
	t.Helper()
	for i := 0; i < len(rs); {
		n := rs[i].Passes
		if n < 1 || n > 3 || i+n > len(rs) {
			t.Fatalf("return %d: passes %d", i, n)
		}
		for k := 0; k < n; k++ {
			if rs[i+k].Pass != k+1 || rs[i+k].Passes != n {
				t.Errorf("return %d: pass %d of %d, want %d of %d", i+k, rs[i+k].Pass, rs[i+k].Passes, k+1, n)
			}
		}
		if n == 3 && (rs[i].Direction != Direct || rs[i+1].Direction != Retrograde || rs[i+2].Direction != Direct) {
			t.Errorf("return %d: triple pass %s %s %s", i, rs[i].Direction, rs[i+1].Direction, rs[i+2].Direction)
		}
		i += n
	}
}

// A relocated return chart is cast at the new place, for the same instant.
func TestSolarReturnRelocated(t *testing.T) {
	pos := source(t)
	home, err := SolarReturnOf(pos, london, SolarReturnOptions{Year: 2024})
	if err != nil {
		t.Fatal(err)
	}
	defer home.Release()
	away, err := SolarReturnOf(pos, london, SolarReturnOptions{Year: 2024, Place: &Place{Latitude: 40.7128, Longitude: -74.006}})
	if err != nil {
		t.Fatal(err)
	}
	defer away.Release()
	if home.Return.JulianDay != away.Return.JulianDay || !away.Place.Relocated || home.Place.Relocated {
		t.Fatalf("relocation changed the instant or the flags: %+v %+v", home.Place, away.Place)
	}
	want, err := natal.Compute(pos, natal.Birth{JD: engine.JDUT(away.Return.JulianDay), Latitude: 40.7128, Longitude: -74.006}, natal.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(want, away.Return.Chart, cmpopts.IgnoreUnexported(natal.Chart{})); d != "" {
		t.Errorf("relocated chart (-want +got):\n%s", d)
	}
	if home.Return.Chart.Ascendant == away.Return.Chart.Ascendant {
		t.Error("relocated chart has the birth place's Ascendant")
	}
}

// The solar return of a birthday near New Year is named by the local
// calendar: born 1 January 00:30 in UTC+2 (31 December 22:30 UTC), the
// 2020 return falls near 1 January 2020 local, not at the end of 2020.
func TestSolarReturnLocalYear(t *testing.T) {
	pos := source(t)
	n := natalAt(date("1979-12-31T22:30:00Z"), 37.98, 23.73, natal.Options{}, 2*3600)
	r, err := SolarReturnOf(pos, n, SolarReturnOptions{Year: 2020})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Release()
	if d := r.Return.Time.Sub(date("2019-12-31T22:30:00Z")).Hours(); measure.Over(math.Abs(d), 36) {
		t.Fatalf("2020 return at %s, want near 2019-12-31T22:30Z (1 January 2020 local)", r.Return.Time)
	}
}

func TestReturnErrors(t *testing.T) {
	pos := source(t)
	cases := []struct {
		name  string
		call  func() error
		field string
	}{
		{"ErrYearBeforeBirth", func() error { _, err := SolarReturnOf(pos, london, SolarReturnOptions{Year: 1990}); return err }, "return_year"},
		{"ErrYearTooLate", func() error { _, err := SolarReturnOf(pos, london, SolarReturnOptions{Year: 2200}); return err }, "return_year"},
		{"ErrPlaceLatitude", func() error {
			_, err := SolarReturnOf(pos, london, SolarReturnOptions{Year: 2000, Place: &Place{Latitude: 95}})
			return err
		}, "place.latitude"},
		{"ErrLunarStartBeforeBirth", func() error {
			_, err := LunarReturns(pos, london, LunarReturnOptions{Start: date("1980-01-01T00:00:00Z")})
			return err
		}, "start"},
		{"ErrLunarStartMissing", func() error { _, err := LunarReturns(pos, london, LunarReturnOptions{}); return err }, "start"},
		{"ErrLunarRangeTooLong", func() error {
			_, err := LunarReturns(pos, london, LunarReturnOptions{Start: date("2000-01-01T00:00:00Z"), End: date("2001-06-01T00:00:00Z")})
			return err
		}, "end"},
		{"ErrLunarEndBeforeStart", func() error {
			_, err := LunarReturns(pos, london, LunarReturnOptions{Start: date("2000-01-01T00:00:00Z"), End: date("1999-06-01T00:00:00Z")})
			return err
		}, "end"},
		{"ErrUnknownPlanet", func() error {
			_, err := PlanetaryReturns(pos, london, PlanetaryReturnOptions{Planet: "vulcan"})
			return err
		}, "planet"},
		{"ErrPlanetaryRangeTooLong", func() error {
			_, err := PlanetaryReturns(pos, london, PlanetaryReturnOptions{Planet: PlanetMars, End: date("2130-01-01T00:00:00Z")})
			return err
		}, "end"},
		{"ErrChartsRangeTooLong", func() error {
			_, err := PlanetaryReturns(pos, london, PlanetaryReturnOptions{Planet: PlanetMars, IncludeCharts: true})
			return err
		}, "end"},
		{"ErrBirthLatitude", func() error {
			n := london
			n.Birth.Latitude = -91
			_, err := SolarReturnOf(pos, n, SolarReturnOptions{Year: 2000})
			return err
		}, "latitude"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { wantField(t, c.call(), c.field) })
	}
}

// wantField asserts err is engine.Fields naming field.
func wantField(t *testing.T, err error, field string) {
	t.Helper()
	var fs engine.Fields
	if !errors.As(err, &fs) {
		t.Fatalf("error %v (%T), want engine.Fields naming %q", err, err, field)
	}
	for _, f := range fs {
		if f.Field == field {
			return
		}
	}
	t.Fatalf("fields %v do not name %q", fs, field)
}

// Planetary returns with charts cast a chart for every pass.
func TestPlanetaryReturnCharts(t *testing.T) {
	pos := source(t)
	r, err := PlanetaryReturns(pos, london, PlanetaryReturnOptions{Planet: PlanetVenus, End: date("2000-01-01T00:00:00Z"), IncludeCharts: true})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Release()
	if len(r.Returns) < 5 {
		t.Fatalf("%d Venus returns in 10 years", len(r.Returns))
	}
	for _, x := range r.Returns {
		if x.Chart == nil || measure.Over(sepArcsec(x.Chart.Planets[3].Longitude, r.Longitude), 0.01) {
			t.Fatalf("return %s: chart missing or Venus off its natal place", x.Time)
		}
	}
}
