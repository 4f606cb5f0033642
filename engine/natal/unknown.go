package natal

import (
	"math"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/aspects"
)

// UnknownTime says what a chart of unknown birth time leaves out and what
// it marks: the chart is cast for one time of the birth day (noon unless
// a time was sent), the results that change over the day are marked or
// given as ranges, and those that cannot be known without the time (the
// angles, the houses and what stands on them) are left out rather than
// guessed.
type UnknownTime struct {
	ChartedAt string `json:"charted_at" doc:"local time the chart is cast for, HH:MM:SS: noon unless a time was sent"`
	DayStart  string `json:"day_start" doc:"start of the local birth day (local midnight), UTC, RFC 3339: the ranges run from here"`
	DayEnd    string `json:"day_end" doc:"end of the local birth day, 24 hours later, UTC, RFC 3339"`
	// LeftOut names the results left out.
	LeftOut []string `json:"left_out" doc:"results left out because they depend on the time: the angles, the houses, the house of every point, the Vertex, the Part of Fortune (and the lots), the hemisphere emphasis"`
	// Ranges give every body's longitude at the day's ends.
	Ranges []Range `json:"ranges" doc:"each body's longitude at the start and the end of the birth day and the signs it may be in"`
	// Possible are the aspects not within orb at the charted time but
	// within it at another time of the day.
	Possible []Possible `json:"possible_aspects" doc:"aspects out of orb at the charted time that are within orb at some other time of the birth day"`
}

// Range is a body's motion over the birth day.
type Range struct {
	Name  string   `json:"name" doc:"body" example:"Moon"`
	Start float64  `json:"start" doc:"longitude at the start of the birth day, degrees"`
	End   float64  `json:"end" doc:"longitude at its end, degrees (a retrograde body's is the smaller)"`
	Signs []string `json:"signs" doc:"the signs the body is in during the day, in the order it passes through them"`
}

// Possible is an aspect that may hold at some time of the birth day.
type Possible struct {
	Point1 string       `json:"point1" doc:"first point"`
	Point2 string       `json:"point2" doc:"second point"`
	Aspect aspects.Kind `json:"aspect" enum:"-" doc:"aspect name"`
	Angle  float64      `json:"angle" doc:"exact angle of the aspect, degrees"`
}

// leftOut are the results a chart of unknown time leaves out.
var leftOut = []string{"ascendant", "midheaven", "houses", "angles", "vertex", "part_of_fortune", "planets[].house", "patterns.hemisphere_emphasis"}

// castUnknownTime fills the chart's UnknownTime: the bodies' longitudes
// at the two ends of the birth day give their ranges and signs, mark the
// bodies whose sign may change (and the Moon, whose degree always does),
// the aspects and parallels that do not hold all day, and the aspects
// that may hold at another time.
func (c *Chart) castUnknownTime(pos engine.Positions, o Options, m *aspects.Matcher, eps, ayan float64) error {
	d := o.Day
	u := &UnknownTime{ChartedAt: d.Charted, DayStart: rfc3339(d.Start), DayEnd: rfc3339(d.End), LeftOut: leftOut, Possible: []Possible{}}
	start, err := c.dayPositions(pos, d.Start, o)
	if err != nil {
		return err
	}
	end, err := c.dayPositions(pos, d.End, o)
	if err != nil {
		return err
	}
	for i := range c.Planets {
		p := &c.Planets[i]
		a, b := start[i].lon, end[i].lon
		span := math.Remainder(b-a, 360) // a day's motion is under 180° for every body
		r := Range{Name: p.Name, Start: a, End: b, Signs: signsOver(a, span)}
		u.Ranges = append(u.Ranges, r)
		p.TimeDependent = p.Name == engine.Moon.String() || len(r.Signs) > 1
	}
	// Aspects: the pairs of aspected points (the planets but the South
	// Node).
	names := make([]string, 0, len(c.Planets))
	for _, p := range c.Planets {
		if p.Name != SouthNode {
			names = append(names, p.Name)
		}
	}
	u.Possible = u.Mark(c.Aspects, m.Rules(), names, 1)
	// Parallels: the declinations at the day's ends.
	for i := range c.Parallels {
		pa := &c.Parallels[i]
		var d0, d1 [2]float64
		for k, name := range [2]string{pa.Point1, pa.Point2} {
			for n := range c.Planets {
				if c.Planets[n].Name == name {
					d0[k], d1[k] = start[n].dec, end[n].dec
				}
			}
		}
		k0, _, ok0 := aspects.DeclinationAspectOf(d0[0], d0[1], parallelOrb(o))
		k1, _, ok1 := aspects.DeclinationAspectOf(d1[0], d1[1], parallelOrb(o))
		pa.TimeDependent = !ok0 || !ok1 || k0 != pa.Aspect || k1 != pa.Aspect
	}
	c.UnknownTime = u
	return nil
}

// Mark marks the aspects of list (among the points names, in that order,
// whose Ranges u holds) that do not hold all day as time-dependent, and
// returns the aspects of rules out of orb at the charted time (absent from
// list) that come within it at another time of the day. n is the harmonic
// of the longitudes compared (1 for a natal chart; in a harmonic chart
// every difference moves n times as fast).
func (u *UnknownTime) Mark(list []aspects.Aspect, rules []aspects.Rule, names []string, n int) []Possible {
	at := make(map[string]*Range, len(u.Ranges))
	for i := range u.Ranges {
		at[u.Ranges[i].Name] = &u.Ranges[i]
	}
	found := make(map[[2]string]int, len(list))
	for i := range list {
		found[[2]string{list[i].Point1, list[i].Point2}] = i
	}
	possible := []Possible{}
	for x, a := range names {
		ra := at[a]
		if ra == nil {
			continue
		}
		for _, b := range names[x+1:] {
			rb := at[b]
			if rb == nil {
				continue
			}
			iv := dayInterval(ra.Start-rb.Start, ra.End-rb.End, n)
			k, had := found[[2]string{a, b}]
			for _, r := range rules {
				whole, some := iv.within(r.Angle, r.Orb)
				switch {
				case had && r.Kind == list[k].Aspect:
					list[k].TimeDependent = !whole
				case some && (!had || r.Kind != list[k].Aspect):
					possible = append(possible, Possible{Point1: a, Point2: b, Aspect: r.Kind, Angle: r.Angle})
				}
			}
		}
	}
	return possible
}

// dayPosition is a body's longitude (in the chart's zodiac) and
// declination at an instant.
type dayPosition struct{ lon, dec float64 }

// dayPositions returns the longitudes and declinations of the chart's
// planets (in c.Planets' order, the South Node opposite the North) at t.
func (c *Chart) dayPositions(pos engine.Positions, t engine.JDUT, o Options) ([]dayPosition, error) {
	eps, dpsi, err := pos.Obliquity(t)
	if err != nil {
		return nil, err
	}
	var ayan float64
	switch {
	case o.Sidereal != "":
		if ayan, err = pos.Ayanamsa(t, o.Sidereal); err != nil {
			return nil, err
		}
	case o.User != nil:
		ayan = engine.Normalize(o.User.Mean(float64(t)) + dpsi)
	}
	frame := engine.Options{Sidereal: o.Sidereal, SkipDistance: true}
	se, ce := math.Sincos(eps * math.Pi / 180)
	out := make([]dayPosition, 0, len(c.Planets))
	of := func(p engine.Position) dayPosition {
		lam := (p.Longitude + ayan) * math.Pi / 180
		if o.User != nil {
			p.Longitude = engine.Normalize(p.Longitude - ayan)
			lam = (p.Longitude + ayan) * math.Pi / 180
		}
		sb, cb := math.Sincos(p.Latitude * math.Pi / 180)
		return dayPosition{lon: p.Longitude, dec: math.Asin(sb*ce+cb*se*math.Sin(lam)) * 180 / math.Pi}
	}
	for _, pl := range c.Planets {
		if pl.Name == SouthNode {
			n := out[len(out)-1]
			out = append(out, dayPosition{lon: engine.Normalize(n.lon + 180), dec: -n.dec})
			continue
		}
		b := bodyNamed(pl.Name, o)
		p, err := pos.Position(t, b, frame)
		if err != nil {
			return nil, err
		}
		out = append(out, of(p))
	}
	return out, nil
}

// bodyNamed is the body behind a chart planet's name under options o.
func bodyNamed(name string, o Options) engine.Body {
	switch name {
	case NorthNode:
		if o.Node == MeanNode {
			return engine.MeanNode
		}
		return engine.TrueNode
	case engine.MeanLilith.String():
		if o.Lilith == OsculatingApogee {
			return engine.OscuLilith
		}
		return engine.MeanLilith
	}
	for _, b := range engine.AllBodies() {
		if b.String() == name {
			return b
		}
	}
	return -1
}

// signsOver lists the signs a body at longitude a passes through moving
// span degrees (negative: retrograde), in order.
func signsOver(a, span float64) []string {
	first := int(math.Floor(a / 30))
	last := int(math.Floor((a + span) / 30))
	step := 1
	if last < first {
		step = -1
	}
	var out []string
	for s := first; len(out) < 12; s += step { // a high harmonic may go round more than once
		out = append(out, engine.Signs[((s%12)+12)%12])
		if s == last {
			break
		}
	}
	return out
}

// interval is the range an angular difference (or sum) of two points
// covers over the birth day, unwrapped: from lo to hi degrees.
type interval struct{ lo, hi float64 }

// dayInterval returns the interval a difference d0 at the day's start and
// d1 at its end covers, scaled by n (a harmonic): the day's change is
// under 180° for any pair of bodies, so it is the remainder of d1 - d0.
func dayInterval(d0, d1 float64, n int) interval {
	d0 = engine.Normalize(d0)
	delta := math.Remainder(d1-d0, 360)
	a, b := d0*float64(n), (d0+delta)*float64(n)
	if b < a {
		a, b = b, a
	}
	return interval{a, b}
}

// within reports whether the separation the interval's values stand for
// stays within orb of angle all day (whole) or comes within it at some
// time (some): the values x with ||x| reduced to [0, 180]| - angle| <= orb
// are the windows ±angle + 360k, orb wide on each side.
func (iv interval) within(angle, orb float64) (whole, some bool) {
	k0 := math.Floor((iv.lo-angle-orb)/360) - 1
	k1 := math.Ceil((iv.hi+angle+orb)/360) + 1
	for k := k0; k <= k1; k++ {
		for _, c := range [2]float64{angle + 360*k, -angle + 360*k} {
			lo, hi := c-orb, c+orb
			if iv.hi >= lo && iv.lo <= hi {
				some = true
				if iv.lo >= lo && iv.hi <= hi {
					whole = true
				}
			}
		}
	}
	return whole, some
}

// rfc3339 writes a Julian day as an RFC 3339 UTC time to the second.
func rfc3339(t engine.JDUT) string { return t.Time().Round(1e9).Format("2006-01-02T15:04:05Z07:00") }

// remainder360 is x reduced to (-180, 180].
func remainder360(x float64) float64 { return math.Remainder(x, 360) }
