package gen

import (
	"fmt"
	"io"
	"math"
	"slices"
	"sync"
	"time"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/swe"
	"github.com/astroapi/astroapi/tables"
)

// EclipseReference is what the eclipse catalog needs of the Swiss
// Ephemeris; *swe.Ephemeris implements it. A Reference without it gets no
// catalog.
type EclipseReference interface {
	SolarEclipseWhenGlob(start engine.JDUT, mask int32, backward bool) (swe.GlobalEclipse, error)
	SolarEclipseWhere(t engine.JDUT) (longitude, latitude float64, a swe.EclipseAttributes, err error)
	SolarEclipseWhenLoc(start engine.JDUT, at engine.Observer, backward bool) (swe.LocalEclipse, error)
	LunarEclipseWhen(start engine.JDUT, mask int32, backward bool) (swe.GlobalEclipse, error)
	LunarEclipseHow(t engine.JDUT) (swe.EclipseAttributes, error)
}

// eclipseChunk is the span, in days, each worker searches at a time.
const eclipseChunk = 3652.5

// Constants of the gamma computation: the Earth's equatorial radius
// (NASA's canon uses 6378.137 km) and the astronomical unit.
const (
	earthRadiusKm = 6378.137
	auKm          = 149597870.7
	sarosDays     = 6585.3213 // 223 synodic months
)

// eclipseCatalog finds every solar and lunar eclipse whose greatest
// eclipse falls within [From, To] (swe_sol_eclipse_when_glob,
// swe_lun_eclipse_when), describes each (swe_sol_eclipse_where,
// swe_sol_eclipse_when_loc at the point of greatest eclipse,
// swe_lun_eclipse_how, swe_calc_ut for the Sun and the Moon) and checks the
// catalog's consistency. It returns nothing for a reference that cannot
// compute eclipses.
func eclipseCatalog(ref Reference, workers int, log io.Writer) ([]tables.Records, error) {
	er, ok := ref.(EclipseReference)
	if !ok {
		return nil, nil
	}
	t0 := time.Now()
	es, err := findEclipses(ref, er, From, To, workers)
	if err != nil {
		return nil, fmt.Errorf("eclipses: %w", err)
	}
	checks, err := checkEclipses(es)
	if err != nil {
		return nil, fmt.Errorf("eclipses: %w: %w", err, errTolerance)
	}
	m := tables.EclipseMeta{Generator: Version, From: From, To: To, Checks: checks,
		Source: "swe_sol_eclipse_when_glob, swe_sol_eclipse_where, swe_sol_eclipse_when_loc, swe_lun_eclipse_when, swe_lun_eclipse_how, swe_calc_ut (SEFLG_SWIEPH)"}
	for _, e := range es {
		if e.Kind == "solar" {
			m.Solar++
		} else {
			m.Lunar++
		}
	}
	recs, err := tables.EclipseRecords(m, es)
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(log, "eclipses %d solar, %d lunar, %d checks passed, %s\n", m.Solar, m.Lunar, len(checks), time.Since(t0).Round(100*time.Millisecond))
	return recs, nil
}

// findEclipses searches [from, to] in chunks on workers goroutines.
func findEclipses(ref Reference, er EclipseReference, from, to float64, workers int) ([]tables.Eclipse, error) {
	n := int(math.Ceil((to - from) / eclipseChunk))
	var mu sync.Mutex
	var all []tables.Eclipse
	err := parallel(n, workers, func(i int) error {
		a := from + float64(i)*eclipseChunk
		b := min(a+eclipseChunk, to)
		var out []tables.Eclipse
		for _, solar := range []bool{true, false} {
			t := a
			for {
				var g swe.GlobalEclipse
				var err error
				if solar {
					g, err = er.SolarEclipseWhenGlob(engine.JDUT(t), 0, false)
				} else {
					g, err = er.LunarEclipseWhen(engine.JDUT(t), 0, false)
				}
				if err != nil {
					return fmt.Errorf("search from JD %.5f: %w", t, err)
				}
				// The last chunk keeps an eclipse at exactly To; the
				// others leave b to the next chunk.
				if g.Times[0] > b || (g.Times[0] == b && b < to) {
					break
				}
				e, err := describe(ref, er, solar, g)
				if err != nil {
					return fmt.Errorf("eclipse at JD %.5f: %w", g.Times[0], err)
				}
				out = append(out, e)
				t = g.Times[0] + 1
			}
		}
		mu.Lock()
		all = append(all, out...)
		mu.Unlock()
		return nil
	})
	if err != nil {
		return nil, err
	}
	slices.SortFunc(all, func(x, y tables.Eclipse) int {
		if x.Max < y.Max {
			return -1
		}
		if x.Max > y.Max {
			return 1
		}
		return 0
	})
	return all, nil
}

// describe builds the record of eclipse g.
func describe(ref Reference, er EclipseReference, solar bool, g swe.GlobalEclipse) (tables.Eclipse, error) {
	t := g.Max()
	e := tables.Eclipse{Max: float64(t)}
	sun, _, err := ref.CalcUT(float64(t), swe.SEBody(engine.Sun), swe.FlagSwissEph|swe.FlagSpeed, 0)
	if err != nil {
		return e, err
	}
	moon, _, err := ref.CalcUT(float64(t), swe.SEBody(engine.Moon), swe.FlagSwissEph|swe.FlagSpeed, 0)
	if err != nil {
		return e, err
	}
	e.SunLongitude, e.MoonLongitude, e.MoonLatitude, e.MoonLatitudeSpeed = sun[0], moon[0], moon[1], moon[4]
	if e.Gamma, err = gamma(ref, float64(t), solar); err != nil {
		return e, err
	}
	if solar {
		e.Kind = "solar"
		switch {
		case g.Flags&swe.EclHybrid != 0:
			e.Type = "hybrid"
		case g.Flags&swe.EclTotal != 0:
			e.Type = "total"
		case g.Flags&swe.EclAnnular != 0:
			e.Type = "annular"
		case g.Flags&swe.EclPartial != 0:
			e.Type = "partial"
		default:
			return e, fmt.Errorf("solar eclipse flags %#x without a type", g.Flags)
		}
		e.Central = e.Type != "partial" && g.Flags&swe.EclCentral != 0
		lon, lat, a, err := er.SolarEclipseWhere(t)
		if err != nil {
			return e, err
		}
		if a.Flags == 0 && !(a.Attr[8] > 0 && a.Attr[8] < 0.01) {
			// libswe denies only the most marginal partial eclipses at
			// their own maximum, and still describes them.
			return e, fmt.Errorf("swe_sol_eclipse_where finds no eclipse (magnitude %.4f)", a.Attr[8])
		}
		e.Longitude, e.Latitude, e.Magnitude = lon, lat, a.Attr[8]
		e.SarosSeries, e.SarosMember = a.SarosSeries()
		if e.Type != "partial" {
			// Totality or annularity where the eclipse is greatest: the
			// second and third contacts seen from there.
			loc, err := er.SolarEclipseWhenLoc(t-1, engine.Observer{Longitude: lon, Latitude: lat}, false)
			if err != nil {
				return e, err
			}
			if math.Abs(loc.Times[0]-float64(t)) < 0.01 && loc.Times[2] > 0 && loc.Times[3] > loc.Times[2] {
				e.Duration = (loc.Times[3] - loc.Times[2]) * 86400
			}
		}
		return e, nil
	}
	e.Kind = "lunar"
	switch {
	case g.Flags&swe.EclTotal != 0:
		e.Type = "total"
	case g.Flags&swe.EclPartial != 0:
		e.Type = "partial"
	case g.Flags&swe.EclPenumbral != 0:
		e.Type = "penumbral"
	default:
		return e, fmt.Errorf("lunar eclipse flags %#x without a type", g.Flags)
	}
	a, err := er.LunarEclipseHow(t)
	if err != nil {
		return e, err
	}
	// swe_lun_eclipse_how's flags say what the place it was given sees (0
	// with the Moon below its horizon); the magnitudes are geocentric and
	// must agree with the type swe_lun_eclipse_when found.
	e.Magnitude, e.PenumbralMagnitude = a.Attr[0], a.Attr[1]
	if ok := map[string]bool{"total": e.Magnitude >= 1, "partial": e.Magnitude > 0 && e.Magnitude < 1,
		"penumbral": e.Magnitude <= 0 && e.PenumbralMagnitude > 0}[e.Type]; !ok {
		return e, fmt.Errorf("%s lunar eclipse with umbral magnitude %.4f, penumbral %.4f", e.Type, e.Magnitude, e.PenumbralMagnitude)
	}
	e.SarosSeries, e.SarosMember = a.SarosSeries()
	span := func(i, j int) float64 {
		if g.Times[i] > 0 && g.Times[j] > g.Times[i] {
			return (g.Times[j] - g.Times[i]) * 86400
		}
		return 0
	}
	e.Duration, e.PartialDuration, e.PenumbralDuration = span(4, 5), span(2, 3), span(6, 7)
	return e, nil
}

// gamma returns the eclipse's gamma at jd from the apparent geocentric
// equatorial positions of the Sun and the Moon: for a solar eclipse the
// distance of the axis of the Moon's shadow (the line from the Sun through
// the Moon) from the Earth's centre, for a lunar one the distance of the
// Moon's centre from the axis of the Earth's shadow (the line from the Sun
// through the Earth's centre), in equatorial Earth radii, negative when
// the axis passes south of the centre (solar) or the Moon south of the
// axis (lunar), as in NASA's canons.
func gamma(ref Reference, jd float64, solar bool) (float64, error) {
	const flags = swe.FlagSwissEph | swe.FlagEquatorial | swe.FlagXYZ
	s, _, err := ref.CalcUT(jd, swe.SEBody(engine.Sun), flags, 0)
	if err != nil {
		return 0, err
	}
	m, _, err := ref.CalcUT(jd, swe.SEBody(engine.Moon), flags, 0)
	if err != nil {
		return 0, err
	}
	sun, moon := [3]float64{s[0], s[1], s[2]}, [3]float64{m[0], m[1], m[2]}
	var d, p [3]float64
	if solar {
		d = unitVec(sub(moon, sun))
		p = sub(moon, scale(d, dot3(moon, d))) // the axis' point nearest the Earth's centre
	} else {
		d = unitVec(scale(sun, -1))
		p = sub(moon, scale(d, dot3(moon, d))) // the Moon's offset from the axis
	}
	// North: the component along the celestial pole's projection on the
	// plane perpendicular to the axis.
	pole := [3]float64{0, 0, 1}
	north := unitVec(sub(pole, scale(d, d[2])))
	g := math.Sqrt(dot3(p, p)) * auKm / earthRadiusKm
	if dot3(p, north) < 0 {
		g = -g
	}
	return g, nil
}

func dot3(a, b [3]float64) float64 { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }
func sub(a, b [3]float64) [3]float64 {
	return [3]float64{a[0] - b[0], a[1] - b[1], a[2] - b[2]}
}
func scale(a [3]float64, k float64) [3]float64 { return [3]float64{a[0] * k, a[1] * k, a[2] * k} }
func unitVec(a [3]float64) [3]float64          { return scale(a, 1/math.Sqrt(dot3(a, a))) }

// checkEclipses checks the catalog's consistency and returns the checks
// it passed, in words: eclipses of one kind at least 25 days apart; two to
// five of each kind in every calendar year; every eclipse with a Saros
// series; the members of each series 6585.32 days (one Saros) apart per
// step of member number, to a day, and all at one node; the node the
// Moon's latitude is moving through (north at the ascending node)
// agreeing with the sign of its latitude's rate.
func checkEclipses(es []tables.Eclipse) ([]string, error) {
	last := map[string]float64{}
	perYear := map[string]map[int]int{"solar": {}, "lunar": {}}
	type member struct {
		jd        float64
		n         int
		ascending bool
	}
	series := map[string]map[int][]member{"solar": {}, "lunar": {}}
	for i, e := range es {
		if i > 0 && e.Max <= es[i-1].Max {
			return nil, fmt.Errorf("eclipses out of order at JD %.5f", e.Max)
		}
		if l, ok := last[e.Kind]; ok && e.Max-l < 25 {
			return nil, fmt.Errorf("%s eclipses %.1f days apart at JD %.5f", e.Kind, e.Max-l, e.Max)
		}
		last[e.Kind] = e.Max
		y, _, _, _ := swe.CalendarDate(engine.JDUT(e.Max))
		perYear[e.Kind][y]++
		if e.SarosSeries <= 0 || e.SarosMember <= 0 {
			return nil, fmt.Errorf("%s eclipse at JD %.5f without a Saros series", e.Kind, e.Max)
		}
		series[e.Kind][e.SarosSeries] = append(series[e.Kind][e.SarosSeries], member{e.Max, e.SarosMember, e.MoonLatitudeSpeed > 0})
	}
	y0, _, _, _ := swe.CalendarDate(engine.JDUT(From))
	y1, _, _, _ := swe.CalendarDate(engine.JDUT(To))
	for kind, years := range perYear {
		for y := y0; y < y1; y++ {
			if n := years[y]; n < 2 || n > 5 {
				return nil, fmt.Errorf("%d %s eclipses in %d", n, kind, y)
			}
		}
	}
	nseries := 0
	for kind, all := range series {
		for s, ms := range all {
			nseries++
			for i := 1; i < len(ms); i++ {
				steps := ms[i].n - ms[i-1].n
				if steps < 1 || math.Abs(ms[i].jd-ms[i-1].jd-float64(steps)*sarosDays) > 1 {
					return nil, fmt.Errorf("%s Saros %d: member %d at JD %.5f and member %d at JD %.5f are not %d Saros apart",
						kind, s, ms[i-1].n, ms[i-1].jd, ms[i].n, ms[i].jd, steps)
				}
				if ms[i].ascending != ms[0].ascending {
					return nil, fmt.Errorf("%s Saros %d: member %d at the other node", kind, s, ms[i].n)
				}
			}
		}
	}
	return []string{
		"in order, eclipses of one kind at least 25 days apart",
		fmt.Sprintf("2 to 5 solar and 2 to 5 lunar eclipses in every year %d-%d", y0, y1-1),
		fmt.Sprintf("every eclipse in a Saros series; in each of %d series the members one Saros (6585.32 d) apart per member number, to a day, all at one node", nseries),
	}, nil
}
