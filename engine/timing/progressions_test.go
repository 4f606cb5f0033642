package timing

import (
	"math"
	"testing"
	"time"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/accuracy/measure"
	"github.com/astroapi/astroapi/engine/natal"
)

// tolProgArcsec is the tolerance of progressed positions and angles
// against swetest at the progressed instant.
const tolProgArcsec = 1.0

const deg = math.Pi / 180

// Independent angle formulas (Meeus, Astronomical Algorithms, ch. 13-14),
// used to turn swetest's ARMC, obliquity and latitude into expected angles.
func mcOf(armc, eps float64) float64 {
	return engine.Normalize(math.Atan2(math.Sin(armc*deg), math.Cos(armc*deg)*math.Cos(eps*deg)) / deg)
}

func ascOf(armc, eps, lat float64) float64 {
	return engine.Normalize(math.Atan2(math.Cos(armc*deg), -(math.Sin(armc*deg)*math.Cos(eps*deg)+math.Tan(lat*deg)*math.Sin(eps*deg))) / deg)
}

func raOf(lon, eps float64) float64 {
	return engine.Normalize(math.Atan2(math.Sin(lon*deg)*math.Cos(eps*deg), math.Cos(lon*deg)) / deg)
}

// The angle formulas reproduce swetest's natal houses, so the expected
// progressed angles below are swetest's own geometry.
func TestAngleFormulas(t *testing.T) {
	for _, c := range loadFixture(t).Progression {
		if d := sepArcsec(mcOf(c.NatalARMC, c.NatalEps), c.NatalMC); measure.Over(d, 0.01) {
			t.Errorf("%s: MC formula %.4f\" from swetest", c.Name, d)
		}
		if d := sepArcsec(ascOf(c.NatalARMC, c.NatalEps, c.Latitude), c.NatalAsc); measure.Over(d, 0.01) {
			t.Errorf("%s: Ascendant formula %.4f\" from swetest", c.Name, d)
		}
	}
}

// expectedAngles returns the MC and Ascendant swetest's numbers give for a
// method, in the case's zodiac.
func expectedAngles(c fxProgression, m AngleMethod) (mc, asc float64) {
	years := (c.TargetJD - c.JD) / c.YearDays
	natalMC := c.NatalMC - c.AyanamsaBirth // in the case's zodiac
	var armc float64
	switch m {
	case Quotidian:
		return c.QuotidianMC - c.AyanamsaProg, c.QuotidianAsc - c.AyanamsaProg
	case SolarArcRA:
		armc = c.NatalARMC + engine.Normalize(c.SunRAProg-c.SunRABirth)
	case NaibodRA:
		armc = c.NatalARMC + 360/365.24219*years
	case SolarArcLongitude:
		armc = raOf(natalMC+engine.Normalize(c.Planets["Sun"]-c.NatalSun)+c.AyanamsaProg, c.EpsProg)
	case NaibodLongitude:
		armc = raOf(natalMC+360/365.24219*years+c.AyanamsaProg, c.EpsProg)
	}
	return mcOf(armc, c.EpsProg) - c.AyanamsaProg, ascOf(armc, c.EpsProg, c.Latitude) - c.AyanamsaProg
}

func TestProgressionsSwetest(t *testing.T) {
	pos := source(t)
	var worstPlanet, worstAngle float64
	for _, c := range loadFixture(t).Progression {
		for _, m := range []AngleMethod{SolarArcRA, SolarArcLongitude, NaibodRA, NaibodLongitude, Quotidian} {
			t.Run(c.Name+"-"+string(m)+"-"+c.Sidereal, func(t *testing.T) {
				yl := YearTropical
				if c.YearDays == 365.25 {
					yl = YearJulian
				}
				p, err := Progress(pos, c.natal(c.Sidereal), ProgressionOptions{Date: engine.JDUT(c.TargetJD).Time(), YearLength: yl, AngleMethod: m})
				if err != nil {
					t.Fatal(err)
				}
				if d := math.Abs(p.ProgressedJulianDay-c.ProgJD) * 86400; measure.Over(d, 1e-3) {
					t.Errorf("progressed instant %.9f, want %.9f (%.4f s)", p.ProgressedJulianDay, c.ProgJD, d)
				}
				for _, pl := range p.Planets {
					d := sepArcsec(pl.Longitude, c.Planets[pl.Name])
					worstPlanet = max(worstPlanet, d)
					if measure.Over(d, tolProgArcsec) {
						t.Errorf("progressed %s %.7f, swetest %.7f: %.4f\"", pl.Name, pl.Longitude, c.Planets[pl.Name], d)
					}
				}
				// Solar arc: progressed Sun minus natal Sun.
				if d := sepArcsec(p.SolarArc, c.Planets["Sun"]-c.NatalSun); measure.Over(d, tolProgArcsec) {
					t.Errorf("solar arc %.7f, swetest %.7f: %.4f\"", p.SolarArc, c.Planets["Sun"]-c.NatalSun, d)
				}
				mc, asc := expectedAngles(c, m)
				for _, a := range []struct {
					name      string
					got, want float64
				}{{"MC", p.Angles.Midheaven.Longitude, mc}, {"Ascendant", p.Angles.Ascendant.Longitude, asc}} {
					d := sepArcsec(a.got, a.want)
					worstAngle = max(worstAngle, d)
					if measure.Over(d, tolProgArcsec) {
						t.Errorf("progressed %s %.7f, expected from swetest %.7f: %.4f\"", a.name, a.got, a.want, d)
					}
				}
				if p.Angles.Cusps[0] != p.Angles.Ascendant || p.Angles.Cusps[9] != p.Angles.Midheaven {
					t.Errorf("Placidus cusps 1 and 10 %v %v are not the angles", p.Angles.Cusps[0], p.Angles.Cusps[9])
				}
			})
		}
	}
	t.Logf("worst progressed planet %.4f\", worst progressed angle %.4f\"", worstPlanet, worstAngle)
}

// The progressed Moon's sign dates bracket the date, and the progressed
// Moon sits on the sign's boundaries at them.
func TestProgressedMoon(t *testing.T) {
	pos := source(t)
	p, err := Progress(pos, london, ProgressionOptions{Date: date("2024-07-14T00:00:00Z")})
	if err != nil {
		t.Fatal(err)
	}
	m := p.Moon
	if !m.EnteredSign.Before(p.Date) || !m.LeavesSign.After(p.Date) {
		t.Fatalf("date %s outside the Moon's sign period %s..%s", p.Date, m.EnteredSign, m.LeavesSign)
	}
	// About 2.5 years in a sign at 12-15° a year.
	if y := m.LeavesSign.Sub(m.EnteredSign).Hours() / 24 / 365.25; y < 1.8 || measure.Over(y, 2.7) {
		t.Errorf("progressed Moon spends %.2f years in %s", y, m.Sign)
	}
	for _, c := range []struct {
		t    time.Time
		sign int
	}{{m.EnteredSign.Add(2 * 24 * time.Hour), signIndex(m.Longitude)}, {m.EnteredSign.Add(-2 * 24 * time.Hour), (signIndex(m.Longitude) + 11) % 12},
		{m.LeavesSign.Add(-2 * 24 * time.Hour), signIndex(m.Longitude)}, {m.LeavesSign.Add(2 * 24 * time.Hour), (signIndex(m.Longitude) + 1) % 12}} {
		q, err := Progress(pos, london, ProgressionOptions{Date: c.t})
		if err != nil {
			t.Fatal(err)
		}
		if got := signIndex(q.Moon.Longitude); got != c.sign {
			t.Errorf("at %s the progressed Moon is in %s, want %s", c.t, engine.Signs[got], engine.Signs[c.sign])
		}
	}
	if want := phases[int(engine.Normalize(m.Longitude-p.Planets[0].Longitude)/45)]; m.Phase != want {
		t.Errorf("phase %s, want %s", m.Phase, want)
	}
	if m.NatalHouse < 1 || m.NatalHouse > 12 {
		t.Errorf("natal house %d", m.NatalHouse)
	}
}

// Every aspect listed is within the orb from the listed positions, and no
// pair within the orb is missing.
func TestProgressedAspects(t *testing.T) {
	pos := source(t)
	for _, orb := range []float64{1, 3} {
		p, err := Progress(pos, london, ProgressionOptions{Date: date("2024-07-14T00:00:00Z"), Orb: &orb})
		if err != nil {
			t.Fatal(err)
		}
		c, err := natal.Compute(pos, london.Birth, london.Chart)
		if err != nil {
			t.Fatal(err)
		}
		natalLon := map[string]float64{"Ascendant": c.Ascendant.Longitude, "Midheaven": c.Midheaven.Longitude}
		for _, pl := range c.Planets[:11] {
			natalLon[pl.Name] = pl.Longitude
		}
		progLon := map[string]float64{"Ascendant": p.Angles.Ascendant.Longitude, "Midheaven": p.Angles.Midheaven.Longitude}
		for _, pl := range p.Planets {
			progLon[pl.Name] = pl.Longitude
		}
		found := map[[2]string]bool{}
		for _, a := range p.Aspects {
			sep := math.Abs(math.Remainder(progLon[a.Point]-natalLon[a.NatalPoint], 360))
			if measure.Over(math.Abs(math.Abs(sep-a.Angle)-a.Orb), 1e-9) || measure.Over(a.Orb, orb) {
				t.Errorf("%+v: separation %.4f", a, sep)
			}
			found[[2]string{a.Point, a.NatalPoint}] = true
		}
		n := 0
		for pn, pl := range progLon {
			for nn, nl := range natalLon {
				sep := math.Abs(math.Remainder(pl-nl, 360))
				for _, ang := range []float64{0, 60, 90, 120, 180} {
					if math.Abs(sep-ang) <= orb {
						n++
						if !found[[2]string{pn, nn}] {
							t.Errorf("missing %s-%s at %.3f°", pn, nn, sep)
						}
					}
				}
			}
		}
		if n != len(p.Aspects) || n == 0 {
			t.Errorf("orb %v: %d aspects listed, %d pairs within the orb", orb, len(p.Aspects), n)
		}
		c.Release()
	}
}

func TestProgressionErrors(t *testing.T) {
	pos := source(t)
	wide, zero := 12.0, 0.0
	cases := []struct {
		name  string
		o     ProgressionOptions
		field string
	}{
		{"ErrDateBeforeBirth", ProgressionOptions{Date: date("1989-01-01T00:00:00Z")}, "date"},
		{"ErrDateMissing", ProgressionOptions{}, "date"},
		{"ErrDateTooLate", ProgressionOptions{Date: date("2160-01-01T00:00:00Z")}, "date"},
		{"ErrYearLength", ProgressionOptions{Date: date("2000-01-01T00:00:00Z"), YearLength: Year360}, "year_length"},
		{"ErrAngleMethod", ProgressionOptions{Date: date("2000-01-01T00:00:00Z"), AngleMethod: "placidus_arc"}, "angle_method"},
		{"ErrOrb", ProgressionOptions{Date: date("2000-01-01T00:00:00Z"), Orb: &wide}, "orb"},
		{"ErrOrbZero", ProgressionOptions{Date: date("2000-01-01T00:00:00Z"), Orb: &zero}, "orb"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Progress(pos, london, c.o)
			wantField(t, err, c.field)
		})
	}
}
