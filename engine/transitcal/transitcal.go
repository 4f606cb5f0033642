// Package transitcal lists a range of transits to a natal chart as a
// calendar: every aspect a chosen set of transiting bodies makes to the
// natal points, each with the instant it enters orb, its exact instants
// (one, or three when a retrograde loop passes it thrice) and the instant
// it leaves orb; and on request the bodies' sign ingresses, their stations
// and the Moon's quarters. The calendar is written as JSON and as
// iCalendar (RFC 5545), which calendar applications import.
//
// Conventions (also stated in every result):
//   - Positions are apparent geocentric ecliptic longitudes of date, in
//     the natal chart's zodiac, from engine.Positions (the tables in
//     1800-2400); natal points are fixed: the natal planets (the South Node
//     left out), the Ascendant and the Midheaven, as transits to a natal
//     chart take them (package transits).
//   - An aspect of angle A from transiting body T to natal point N at
//     longitude n is exact when T is at n + A or n − A; each side is its
//     own aspect. It is in orb while T is within the orb of that longitude;
//     it enters and leaves orb where T crosses n ± A ∓ orb. Orbs default to
//     those of transits to natal (3° for the Ptolemaic aspects but the
//     sextile, 2° for it, 1° for each minor aspect when asked).
//   - Instants are roots of the body's longitude found on engine/sky's
//     Track (sampled between its stations, so that every pass of a
//     retrograde loop is found), converged to 0.1 s, reported to the
//     minute with the Julian day of the root.
//   - The search reaches beyond the range by a margin per body (the Moon 3
//     days, the Sun 10, Mercury 120, Venus 180, Mars 240, the others 800),
//     so that an aspect in orb at either end of the range gets its true
//     start and end; an aspect still in orb at the edge of the margin has
//     no start (or end). At the edges of the years the ephemeris serves
//     (3000 BC, AD 3000) the margin stops where the ephemeris does.
//   - The true node wobbles with the Moon's perturbations and can cross a
//     point more than three times within one aspect; every crossing is
//     listed.
//   - Ingresses: the body's longitude crossing a multiple of 30°, the sign
//     entered (the previous sign when the body is retrograde). Stations and
//     the Moon's quarters are engine/sky's.
package transitcal

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/aspects"
	"github.com/astroapi/astroapi/engine/calendar"
	"github.com/astroapi/astroapi/engine/sky"
	"github.com/astroapi/astroapi/engine/transits"
)

// Spans: a year for a calendar with a fast body, ten for slow bodies only.
const (
	MaxFastDays = 366
	MaxSlowDays = 3653
)

// DefaultBodies are the transiting bodies of a calendar when none are
// named: Sun..Pluto.
var DefaultBodies = []engine.Body{
	engine.Sun, engine.Moon, engine.Mercury, engine.Venus, engine.Mars,
	engine.Jupiter, engine.Saturn, engine.Uranus, engine.Neptune, engine.Pluto,
}

// Fast reports whether b moves fast enough that a calendar of it is bounded
// to a year: the Sun, the Moon, Mercury, Venus, Mars, the asteroids and
// Lilith (40° a year).
func Fast(b engine.Body) bool {
	switch b {
	case engine.Sun, engine.Moon, engine.Mercury, engine.Venus, engine.Mars, engine.MeanLilith,
		engine.Ceres, engine.Pallas, engine.Juno, engine.Vesta:
		return true
	}
	return false
}

// margin is how far beyond the range, in days, the search for an aspect's
// start and end reaches for body b: longer than its longest stay in a 3°
// orb that overlaps the range (a retrograde loop over the point included).
func margin(b engine.Body) float64 {
	switch b {
	case engine.Moon:
		return 3
	case engine.Sun:
		return 10
	case engine.Mercury:
		return 120
	case engine.Venus:
		return 180
	case engine.Mars, engine.Ceres, engine.Pallas, engine.Juno, engine.Vesta:
		return 240
	}
	return 800
}

// covered returns far, or, when the ephemeris does not reach it (a range
// at the edge of the years served, 3000 BC or AD 3000), the instant nearest
// far that it reaches, found by bisection from near (which it reaches, or
// the calendar fails there anyway): the margin is shortened, the range kept.
func covered(pos engine.Positions, b engine.Body, frame engine.Options, near, far float64) float64 {
	if _, err := pos.Position(engine.JDUT(far), b, frame); !errors.Is(err, engine.ErrOutOfRange) {
		return far
	}
	for range 40 {
		mid := (near + far) / 2
		if _, err := pos.Position(engine.JDUT(mid), b, frame); errors.Is(err, engine.ErrOutOfRange) {
			far = mid
		} else {
			near = mid
		}
	}
	return near
}

// Options choose a calendar's range, bodies, orbs and extra events.
type Options struct {
	Start, End engine.JDUT
	Bodies     []engine.Body // nil: DefaultBodies
	Orbs       aspects.Orbs  // nil: transits.DefaultOrbs(false)
	Ingresses  bool
	Stations   bool
	Phases     bool // the Moon's quarters
}

// Validate checks the options: the span (fields start and end), the
// bodies.
func (o Options) Validate() engine.Fields {
	var errs engine.Fields
	span := float64(o.End - o.Start)
	limit, what := float64(MaxSlowDays), "ten years"
	for _, b := range o.bodies() {
		if !b.Valid() || b.Uranian() {
			errs.Bad("bodies", fmt.Sprintf("%v is not a body of the calendar", b))
		}
		if Fast(b) {
			limit, what = MaxFastDays, fmt.Sprintf("a year with %v (fast bodies: Sun, Moon, Mercury, Venus, Mars, Lilith, the asteroids)", b)
		}
	}
	switch {
	case !(span > 0):
		errs.Bad("end", "must be after start")
	case span > limit:
		errs.Bad("end", fmt.Sprintf("the span is %.0f days; at most %s (%.0f days) per call: split it into consecutive ranges", span, what, limit))
	}
	return errs
}

func (o Options) bodies() []engine.Body {
	if o.Bodies == nil {
		return DefaultBodies
	}
	return o.Bodies
}

// Point is a natal point the transits are set against.
type Point struct {
	Name      string  `json:"name" doc:"natal point" example:"Sun"`
	Longitude float64 `json:"longitude" doc:"its ecliptic longitude, degrees"`
}

// Aspect is one aspect of a transiting body to a natal point: from the
// instant it enters orb to the instant it leaves it.
type Aspect struct {
	Transit string        `json:"transit" doc:"the transiting body" example:"Saturn"`
	Natal   string        `json:"natal" doc:"the natal point" example:"Sun"`
	Aspect  aspects.Kind  `json:"aspect" doc:"aspect name"`
	Angle   float64       `json:"angle" doc:"exact angle of the aspect, degrees"`
	Target  float64       `json:"exact_longitude" doc:"the transiting body's longitude when the aspect is exact (the natal point plus or minus the angle), degrees"`
	Start   *sky.Instant  `json:"start" doc:"the body enters orb; null when it was already in orb at the edge of the search (see conventions)"`
	Exact   []sky.Instant `json:"exact" doc:"every instant the aspect is exact, in time order: one, or three through a retrograde loop; none when the body turns back inside the orb"`
	End     *sky.Instant  `json:"end" doc:"the body leaves orb; null when it is still in orb at the edge of the search"`

	order int // the order found, to break ties when sorting
}

// Ingress is a body entering a sign.
type Ingress struct {
	Body       string      `json:"body" doc:"the body" example:"Mars"`
	Sign       string      `json:"sign" doc:"the sign entered" example:"Leo"`
	Instant    sky.Instant `json:"instant" doc:"when the longitude crosses the sign's boundary"`
	Retrograde bool        `json:"retrograde" doc:"the body moves backwards, into the previous sign"`
}

// Calendar is the transit calendar of a range.
type Calendar struct {
	Start       calendar.Time      `json:"start" doc:"start of the range, UTC"`
	End         calendar.Time      `json:"end" doc:"end of the range, UTC"`
	ZodiacType  string             `json:"zodiac_type" doc:"zodiac of the natal chart and the transits" enum:"tropical,sidereal"`
	Ayanamsa    *sky.AyanamsaValue `json:"ayanamsa,omitempty" doc:"present for the sidereal zodiac; degrees at the start of the range"`
	NatalPoints []Point            `json:"natal_points" doc:"the natal points set against"`
	Orbs        aspects.Orbs       `json:"orbs" doc:"orb in degrees of each aspect looked for"`
	Aspects     []Aspect           `json:"aspects" doc:"every aspect in orb at some time in the range, by its first instant (start, else first exact, else end)"`
	Ingresses   []Ingress          `json:"ingresses,omitempty" doc:"sign ingresses of the transiting bodies in the range, when asked"`
	Stations    []sky.Station      `json:"stations,omitempty" doc:"stations of the transiting bodies in the range, when asked"`
	LunarPhases []sky.QuarterEvent `json:"lunar_phases,omitempty" doc:"new moons, quarters and full moons in the range, when asked"`
	Omitted     []string           `json:"omitted,omitempty" doc:"transiting bodies the ephemeris does not cover over the range (Chiron and the asteroids outside 1800-2400)"`
	Source      engine.Source      `json:"source" doc:"least precise ephemeris used" enum:"tables,swiss_ephemeris,moshier"`
	Conventions string             `json:"conventions" doc:"how the calendar is computed"`
}

const conventions = "transits: apparent geocentric longitudes of date in the natal zodiac; natal points fixed (planets without the South Node, Ascendant, Midheaven); " +
	"each side of an aspect (natal + angle, natal - angle) is its own aspect; start and end where the body crosses the exact longitude plus or minus the orb; " +
	"instants are roots of the longitude between the body's stations (0.1 s), reported to the minute; " +
	"the search reaches past the range (Moon 3 days, Sun 10, Mercury 120, Venus 180, Mars 240, others 800): a null start or end lies beyond it"

// Build computes the calendar of natal chart n over the options' range.
func Build(pos engine.Positions, n transits.Natal, o Options) (*Calendar, error) {
	if errs := o.Validate(); len(errs) > 0 {
		return nil, errs
	}
	orbs := o.Orbs
	if orbs == nil {
		orbs = transits.DefaultOrbs(false)
	}
	c := &Calendar{Start: secondOf(o.Start), End: secondOf(o.End), ZodiacType: "tropical", Orbs: orbs, Source: engine.FromTables,
		Conventions: conventions, Aspects: []Aspect{}}
	if n.Sidereal != "" {
		aya, err := pos.Ayanamsa(o.Start, n.Sidereal)
		if err != nil {
			return nil, err
		}
		c.ZodiacType, c.Ayanamsa = "sidereal", &sky.AyanamsaValue{Name: n.Sidereal, Degrees: aya}
	}
	for _, p := range n.Points {
		c.NatalPoints = append(c.NatalPoints, Point{Name: p.Name, Longitude: p.Longitude})
	}
	defs := make([]aspects.Def, 0, len(orbs))
	for _, d := range aspects.Defs {
		if _, ok := orbs[d.Kind]; ok {
			defs = append(defs, d)
		}
	}
	frame := engine.Options{Sidereal: n.Sidereal, SkipDistance: true}
	for _, b := range o.bodies() {
		pad := margin(b)
		from := covered(pos, b, frame, float64(o.Start), float64(o.Start)-pad)
		to := covered(pos, b, frame, float64(o.End), float64(o.End)+pad)
		tr, err := sky.NewTrack(pos, b, frame, from, to)
		if err != nil {
			if errors.Is(err, engine.ErrOutOfRange) && b >= engine.Chiron {
				c.Omitted = append(c.Omitted, b.String())
				continue
			}
			return nil, fmt.Errorf("%v: %w", b, err)
		}
		p0, err := pos.Position(engine.JDUT(from), b, frame)
		if err != nil {
			return nil, err
		}
		for _, np := range n.Points {
			for _, d := range defs {
				for _, side := range sides(d.Angle) {
					target := engine.Normalize(np.Longitude + side*d.Angle)
					eps, err := episodes(tr, target, orbs[d.Kind], p0.Longitude, from, to, float64(o.Start), float64(o.End))
					if err != nil {
						return nil, fmt.Errorf("%v %s %s: %w", b, d.Kind, np.Name, err)
					}
					for _, e := range eps {
						e.Transit, e.Natal, e.Aspect, e.Angle, e.Target = b.String(), np.Name, d.Kind, d.Angle, target
						c.Aspects = append(c.Aspects, e)
					}
				}
			}
		}
		if o.Ingresses {
			if err := c.ingresses(pos, tr, b, frame, float64(o.Start), float64(o.End)); err != nil {
				return nil, err
			}
		}
		c.Source = c.Source.Worse(tr.Source()).Worse(p0.Source)
	}
	// Sorted by first instant; ties (two aspects starting beyond the
	// search) by body, natal point and exact longitude, in the order found.
	for i := range c.Aspects {
		c.Aspects[i].order = i
	}
	slices.SortFunc(c.Aspects, func(a, b Aspect) int {
		if x := cmp.Compare(first(a), first(b)); x != 0 {
			return x
		}
		return cmp.Compare(a.order, b.order)
	})
	slices.SortStableFunc(c.Ingresses, func(a, b Ingress) int { return cmp.Compare(a.Instant.JD, b.Instant.JD) })
	if o.Stations {
		if err := c.stations(pos, o, n.Sidereal); err != nil {
			return nil, err
		}
	}
	if o.Phases {
		if err := c.phases(pos, o, n.Sidereal); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// sides are the signs of an aspect's two exact longitudes: one for the
// conjunction and the opposition, two for the others.
func sides(angle float64) []float64 {
	if angle == 0 || angle == 180 {
		return []float64{1}
	}
	return []float64{1, -1}
}

// first is the instant an aspect is sorted by.
func first(a Aspect) float64 {
	switch {
	case a.Start != nil:
		return a.Start.JD
	case len(a.Exact) > 0:
		return a.Exact[0].JD
	case a.End != nil:
		return a.End.JD
	}
	return math.Inf(-1)
}

// episodes returns the stays of the track's body within orb of target that
// overlap [start, end], searched over [from, to] (the body at lon0 at
// from): the crossings of target ± orb open and close them, the crossings
// of target are their exact instants.
func episodes(tr *sky.Track, target, orb, lon0, from, to, start, end float64) ([]Aspect, error) {
	lo, err := tr.Crossings(engine.Normalize(target - orb))
	if err != nil {
		return nil, err
	}
	hi, err := tr.Crossings(engine.Normalize(target + orb))
	if err != nil {
		return nil, err
	}
	exact, err := tr.Crossings(target)
	if err != nil {
		return nil, err
	}
	bounds := append(lo, hi...)
	slices.Sort(bounds)
	var out []Aspect
	in := math.Abs(math.Remainder(lon0-target, 360)) < orb
	open := from // the current stay began here (from: before the search)
	k := 0       // next exact crossing
	closeStay := func(until float64, known bool) {
		var a Aspect
		if open > from {
			s := sky.InstantOf(engine.JDUT(open))
			a.Start = &s
		}
		if known {
			e := sky.InstantOf(engine.JDUT(until))
			a.End = &e
		}
		a.Exact = []sky.Instant{}
		for k < len(exact) && exact[k] <= until {
			if exact[k] >= open {
				a.Exact = append(a.Exact, sky.InstantOf(engine.JDUT(exact[k])))
			}
			k++
		}
		// Keep the stays that overlap the range.
		if until >= start && open <= end {
			out = append(out, a)
		}
	}
	for _, t := range bounds {
		if in {
			closeStay(t, true)
		} else {
			open = t
			for k < len(exact) && exact[k] < open {
				k++ // an exact crossing outside any stay: a grazing touch of the orb's edge cannot make one, but be safe
			}
		}
		in = !in
	}
	if in {
		closeStay(to, false)
	}
	return out, nil
}

// ingresses adds body b's sign ingresses in [start, end].
func (c *Calendar) ingresses(pos engine.Positions, tr *sky.Track, b engine.Body, frame engine.Options, start, end float64) error {
	for k := range 12 {
		roots, err := tr.Crossings(float64(30 * k))
		if err != nil {
			return err
		}
		for _, t := range roots {
			if t < start || t > end {
				continue
			}
			p, err := pos.Position(engine.JDUT(t), b, frame)
			if err != nil {
				return err
			}
			sign, retro := k, p.SpeedLongitude < 0
			if retro {
				sign = (k + 11) % 12
			}
			c.Ingresses = append(c.Ingresses, Ingress{Body: b.String(), Sign: engine.Signs[sign], Instant: sky.InstantOf(engine.JDUT(t)), Retrograde: retro})
		}
	}
	return nil
}

// stations adds the stations of the bodies that have them.
func (c *Calendar) stations(pos engine.Positions, o Options, sidereal engine.Ayanamsa) error {
	var bodies []engine.Body
	for _, b := range o.bodies() {
		if slices.Contains(sky.StationBodies(), b) && !slices.Contains(c.Omitted, b.String()) {
			bodies = append(bodies, b)
		}
	}
	c.Stations = []sky.Station{}
	if len(bodies) == 0 {
		return nil
	}
	st, err := sky.FindStations(pos, sky.StationsOptions{Start: o.Start, End: o.End, Bodies: bodies, Sidereal: sidereal})
	if err != nil {
		return err
	}
	c.Stations = st.Stations
	c.Source = c.Source.Worse(st.Source)
	return nil
}

// phases adds the Moon's quarters, in pieces of engine/sky's longest span.
func (c *Calendar) phases(pos engine.Positions, o Options, sidereal engine.Ayanamsa) error {
	c.LunarPhases = []sky.QuarterEvent{}
	for t := o.Start; t < o.End; t += sky.MaxRangeDays {
		stop := min(t+sky.MaxRangeDays, o.End)
		ph, err := sky.MoonPhases(pos, sky.RangeOptions{Start: t, End: stop, Sidereal: sidereal})
		if err != nil {
			return err
		}
		for _, q := range ph.Phases {
			// Pieces share their ends: a quarter exactly there is listed once.
			if n := len(c.LunarPhases); n > 0 && c.LunarPhases[n-1].Instant.JD >= q.Instant.JD {
				continue
			}
			c.LunarPhases = append(c.LunarPhases, q)
		}
		c.Source = c.Source.Worse(ph.Source)
	}
	return nil
}

// secondOf is the instant t to the second, as a calendar time.
func secondOf(t engine.JDUT) calendar.Time {
	return calendar.TimeOf(t.Time().Round(time.Second))
}
