package natal

import (
	"errors"
	"fmt"
	"math"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/aspects"
)

// DraconicFrame is the node a draconic chart measures its longitudes from.
type DraconicFrame struct {
	Node          Node    `json:"node" doc:"the lunar node put at 0° Aries: true (osculating) or mean, as node_type asked" enum:"true,mean"`
	NodeLongitude float64 `json:"node_longitude" doc:"the North Node's tropical longitude at the birth, degrees: subtracted from every longitude"`
}

// ToDraconic turns c, a tropical chart cast by Compute, into its draconic
// chart: every longitude measured from the North Node of the chart's
// node convention (Conventions.Node), so the node stands at 0° Aries. The
// angles between points, hence the aspects, parallels, declinations and
// house placements, do not change; the signs and the element and modality
// balance do. A birth of unknown time keeps its ranges, moved by the node
// at the charted time.
func (c *Chart) ToDraconic() {
	var node float64
	for _, p := range c.Planets {
		if p.Name == NorthNode {
			node = p.Longitude
		}
	}
	move := func(s *Sign) {
		if *s != (Sign{}) {
			*s = SignOf(s.Longitude - node)
		}
	}
	for i := range c.Planets {
		p := &c.Planets[i]
		s := SignOf(p.Longitude - node)
		p.Longitude, p.Sign, p.Degree = s.Longitude, s.Sign, s.Degree
	}
	for i := range c.Houses.Cusps {
		cu := &c.Houses.Cusps[i]
		s := SignOf(cu.Longitude - node)
		cu.Longitude, cu.Sign, cu.Degree = s.Longitude, s.Sign, s.Degree
	}
	for _, s := range []*Sign{&c.Ascendant, &c.Midheaven, &c.Vertex, &c.PartOfFortune.Sign,
		&c.Angles.Ascendant, &c.Angles.Descendant, &c.Angles.Midheaven, &c.Angles.ImumCoeli, &c.Angles.Vertex, &c.Angles.AntiVertex} {
		move(s)
	}
	if u := c.UnknownTime; u != nil {
		for i := range u.Ranges {
			r := &u.Ranges[i]
			r.Start, r.End = engine.Normalize(r.Start-node), engine.Normalize(r.End-node)
			r.Signs = signsOver(r.Start, remainder360(r.End-r.Start))
		}
	}
	c.castPatterns(c.Ascendant.Longitude, c.UnknownTime == nil)
	c.ZodiacType = "draconic"
	c.Draconic = &DraconicFrame{Node: Node(c.Conventions.Node), NodeLongitude: node}
	c.Conventions.Positions = "apparent geocentric ecliptic of date, measured from the North Node (draconic)"
}

// Heliocentric charts

// HelioPlanet is a body seen from the Sun.
type HelioPlanet struct {
	Name       string  `json:"name" doc:"body name" example:"Earth"`
	Sign       string  `json:"sign" doc:"zodiac sign" example:"Capricorn"`
	Degree     float64 `json:"degree" doc:"degrees within the sign, 0-30"`
	Longitude  float64 `json:"longitude" doc:"heliocentric ecliptic longitude, degrees, 0-360"`
	Latitude   float64 `json:"latitude" doc:"heliocentric ecliptic latitude, degrees"`
	Distance   float64 `json:"distance" doc:"distance from the Sun, AU"`
	Speed      float64 `json:"speed" doc:"speed in longitude, degrees per day"`
	Retrograde bool    `json:"retrograde" doc:"moving backwards in longitude (never, seen from the Sun, but for a body on a retrograde orbit)"`
}

// HelioConventions state how a heliocentric chart was computed.
type HelioConventions struct {
	Positions string       `json:"positions" doc:"frame of the positions"`
	Bodies    string       `json:"bodies" doc:"which bodies are listed"`
	Orbs      aspects.Orbs `json:"orbs" doc:"orb in degrees of each aspect looked for"`
}

// HelioChart is a heliocentric chart: the planets seen from the Sun, the
// Earth among them, with their aspects. It has no houses or angles (those
// belong to a place on the Earth) and no lunar points.
type HelioChart struct {
	ZodiacType  string           `json:"zodiac_type" doc:"tropical or sidereal as used" enum:"tropical,sidereal"`
	Ayanamsa    *AyanamsaValue   `json:"ayanamsa,omitempty" doc:"present for sidereal charts"`
	Planets     []HelioPlanet    `json:"planets" doc:"Mercury, Venus, Earth, Mars, Jupiter, Saturn, Uranus, Neptune, Pluto, Chiron, then the asteroids when asked"`
	Aspects     []aspects.Aspect `json:"aspects" doc:"aspects among the planets, in planet order"`
	Conventions HelioConventions `json:"conventions"`
	Source      engine.Source    `json:"source" doc:"ephemeris that produced the positions (heliocentric positions come from the Swiss Ephemeris, not the tables)" enum:"swiss_ephemeris,moshier"`
	Omitted     []string         `json:"omitted,omitempty" doc:"bodies left out because the ephemeris does not cover the date (Chiron and the asteroids outside 1800-2400)"`
}

// helioBodies are the bodies of a heliocentric chart, in order.
var helioBodies = [...]engine.Body{
	engine.Mercury, engine.Venus, engine.Earth, engine.Mars, engine.Jupiter, engine.Saturn,
	engine.Uranus, engine.Neptune, engine.Pluto, engine.Chiron,
}

// Heliocentric casts the heliocentric chart of instant t (the place does
// not matter) from pos: swe_calc_ut with SEFLG_HELCTR, tropical or in the
// sidereal zodiac sid, with the aspects of o's orbs (MinorAspects, Orbs).
func Heliocentric(pos engine.Positions, t engine.JDUT, sid engine.Ayanamsa, o Options) (*HelioChart, error) {
	c := &HelioChart{ZodiacType: "tropical", Source: engine.FromSwiss}
	if sid != "" {
		aya, err := pos.Ayanamsa(t, sid)
		if err != nil {
			return nil, err
		}
		c.ZodiacType, c.Ayanamsa = "sidereal", &AyanamsaValue{Name: sid, Degrees: aya}
	}
	bodies := helioBodies[:]
	if o.IncludeAsteroids {
		bodies = append(bodies[:len(bodies):len(bodies)], asteroidBodies[:]...)
	}
	frame := engine.Options{Heliocentric: true, Sidereal: sid}
	for _, b := range bodies {
		p, err := pos.Position(t, b, frame)
		if err != nil {
			if errors.Is(err, engine.ErrOutOfRange) && b >= engine.Chiron && b != engine.Earth {
				c.Omitted = append(c.Omitted, b.String())
				continue
			}
			return nil, fmt.Errorf("%s: %w", b, err)
		}
		if p.Source == engine.FromMoshier {
			c.Source = engine.FromMoshier
		}
		s := SignOf(p.Longitude)
		c.Planets = append(c.Planets, HelioPlanet{Name: b.String(), Sign: s.Sign, Degree: s.Degree, Longitude: s.Longitude,
			Latitude: p.Latitude, Distance: p.Distance, Speed: p.SpeedLongitude, Retrograde: p.SpeedLongitude < 0})
	}
	orbs := o.Orbs
	if orbs == nil {
		orbs = aspects.DefaultOrbs(o.MinorAspects)
	}
	pts := make([]aspects.Point, len(c.Planets))
	for i, p := range c.Planets {
		pts[i] = aspects.Point{Name: p.Name, Longitude: p.Longitude, Speed: p.Speed}
	}
	c.Aspects = aspects.NewMatcher(orbs).AppendFind([]aspects.Aspect{}, pts)
	c.Conventions = HelioConventions{
		Positions: "heliocentric ecliptic of date, true equinox (Swiss Ephemeris SEFLG_HELCTR: light-time from the body to the Sun, no aberration or light deflection); sidereal as tropical minus the ayanamsa",
		Bodies:    "the planets, the Earth, Chiron and the asteroids asked for; no Sun, Moon, nodes or Lilith, and no houses or angles",
		Orbs:      orbs,
	}
	return c, nil
}

// Harmonic charts

// HarmonicPoint is a point of a harmonic chart.
type HarmonicPoint struct {
	Name           string  `json:"name" doc:"point name" example:"Sun"`
	Sign           string  `json:"sign" doc:"zodiac sign of the harmonic longitude"`
	Degree         float64 `json:"degree" doc:"degrees within the sign"`
	Longitude      float64 `json:"longitude" doc:"harmonic longitude: the natal longitude times the harmonic, reduced to 0-360"`
	NatalLongitude float64 `json:"natal_longitude" doc:"the natal longitude, degrees"`
	Speed          float64 `json:"speed" doc:"speed of the harmonic longitude, degrees per day (the natal speed times the harmonic; 0 for the angles)"`
	TimeDependent  bool    `json:"time_dependent,omitempty" doc:"birth time unknown: the point's harmonic degree or sign depends on the time"`
}

// HarmonicChart is a harmonic chart (John Addey, Harmonics in Astrology,
// 1976): every longitude multiplied by the harmonic, with the aspects
// among the harmonic positions.
type HarmonicChart struct {
	Harmonic    int                `json:"harmonic" doc:"the harmonic, 1-360"`
	ZodiacType  string             `json:"zodiac_type" doc:"zodiac of the natal longitudes multiplied" enum:"tropical,sidereal"`
	Ayanamsa    *AyanamsaValue     `json:"ayanamsa,omitempty" doc:"present for sidereal charts"`
	Points      []HarmonicPoint    `json:"points" doc:"the natal planets (South Node included), then the Ascendant and the Midheaven (left out when the birth time is unknown)"`
	Aspects     []aspects.Aspect   `json:"aspects" doc:"aspects among the harmonic positions (the South Node left out), with the natal chart's orbs"`
	UnknownTime *HarmonicUnknown   `json:"unknown_time,omitempty" doc:"present when the birth time is unknown"`
	Conventions HarmonicConvention `json:"conventions"`
	Source      engine.Source      `json:"source" doc:"ephemeris behind the natal positions" enum:"tables,swiss_ephemeris,moshier"`
}

// HarmonicUnknown is UnknownTime for a harmonic chart: the ranges of the
// harmonic longitudes over the birth day.
type HarmonicUnknown struct {
	ChartedAt string     `json:"charted_at" doc:"local time the natal chart is cast for"`
	Ranges    []Range    `json:"ranges" doc:"each body's harmonic longitude at the start and end of the birth day, unwrapped (the end may exceed the start by more than 360° for a high harmonic), and the signs it passes"`
	Possible  []Possible `json:"possible_aspects" doc:"harmonic aspects out of orb at the charted time that are within orb at another time of the day"`
}

// HarmonicConvention states how a harmonic chart was computed.
type HarmonicConvention struct {
	Formula string       `json:"formula" doc:"how the harmonic longitudes are made"`
	Orbs    aspects.Orbs `json:"orbs" doc:"orb in degrees of each aspect looked for"`
	Houses  string       `json:"houses" doc:"why there are no houses"`
}

// Harmonic returns harmonic n (1-360) of chart c, cast by Compute with
// options o (its orbs are the harmonic chart's).
func (c *Chart) Harmonic(n int, o Options) *HarmonicChart {
	h := &HarmonicChart{Harmonic: n, ZodiacType: c.ZodiacType, Ayanamsa: c.Ayanamsa, Source: c.Source}
	k := float64(n)
	add := func(name string, lon, speed float64, dep bool) {
		s := SignOf(lon * k)
		h.Points = append(h.Points, HarmonicPoint{Name: name, Sign: s.Sign, Degree: s.Degree, Longitude: s.Longitude,
			NatalLongitude: lon, Speed: speed * k, TimeDependent: dep})
	}
	for _, p := range c.Planets {
		add(p.Name, p.Longitude, p.Speed, false)
	}
	if c.UnknownTime == nil {
		add("Ascendant", c.Ascendant.Longitude, 0, false)
		add("Midheaven", c.Midheaven.Longitude, 0, false)
	}
	var pts []aspects.Point
	var names []string
	for _, p := range h.Points {
		if p.Name != SouthNode {
			pts = append(pts, aspects.Point{Name: p.Name, Longitude: p.Longitude, Speed: p.Speed})
			names = append(names, p.Name)
		}
	}
	orbs := c.Conventions.Orbs
	m := aspects.NewMatcher(orbs)
	h.Aspects = m.AppendFind([]aspects.Aspect{}, pts)
	if u := c.UnknownTime; u != nil {
		hu := &HarmonicUnknown{ChartedAt: u.ChartedAt}
		for i, r := range u.Ranges {
			span := remainder360(r.End-r.Start) * k
			start := engine.Normalize(r.Start * k)
			hr := Range{Name: r.Name, Start: start, End: start + span, Signs: signsOver(start, span)}
			hu.Ranges = append(hu.Ranges, hr)
			h.Points[i].TimeDependent = r.Name == engine.Moon.String() || len(hr.Signs) > 1
		}
		hu.Possible = u.Mark(h.Aspects, m.Rules(), names, n)
		h.UnknownTime = hu
	}
	h.Conventions = HarmonicConvention{
		Formula: fmt.Sprintf("harmonic longitude = natal longitude x %d, reduced to 0-360 (speeds x %d)", n, n),
		Orbs:    orbs,
		Houses:  "houses do not multiply: a harmonic chart has none; the harmonic Ascendant and Midheaven are listed as points",
	}
	return h
}

// Antiscia

// Reflection is a point's reflection across an axis of the zodiac.
type Reflection struct {
	Longitude float64 `json:"longitude" doc:"ecliptic longitude of the reflection, degrees"`
	Sign      string  `json:"sign" doc:"its sign"`
	Degree    float64 `json:"degree" doc:"its degree in the sign"`
}

func reflectionOf(lon float64) Reflection {
	s := SignOf(lon)
	return Reflection{Longitude: s.Longitude, Sign: s.Sign, Degree: s.Degree}
}

// AntisciaPoint is a point with its antiscion and contra-antiscion.
type AntisciaPoint struct {
	Name            string     `json:"name" doc:"point name" example:"Venus"`
	Longitude       float64    `json:"longitude" doc:"ecliptic longitude, degrees"`
	Sign            string     `json:"sign" doc:"zodiac sign"`
	Degree          float64    `json:"degree" doc:"degrees within the sign"`
	Antiscion       Reflection `json:"antiscion" doc:"the reflection across the solstitial axis (0° Cancer - 0° Capricorn): 180° - longitude"`
	ContraAntiscion Reflection `json:"contra_antiscion" doc:"the reflection across the equinoctial axis (0° Aries - 0° Libra): 360° - longitude, opposite the antiscion"`
	TimeDependent   bool       `json:"time_dependent,omitempty" doc:"birth time unknown: the point (the Moon) moves enough over the day to change its reflections"`
}

// AntisciaContact is a point on (within orb of) another point's antiscion
// or contra-antiscion. The relation is mutual: point2 is then on point1's.
type AntisciaContact struct {
	Point1        string  `json:"point1" doc:"first point (earlier in chart order)"`
	Point2        string  `json:"point2" doc:"second point"`
	Contact       string  `json:"contact" doc:"antiscion: each point on the other's antiscion (their longitudes add up to 180°, equidistant from the solstitial axis); contra_antiscion: on the other's contra-antiscion (they add up to 360°)" enum:"antiscion,contra_antiscion"`
	Orb           float64 `json:"orb" doc:"distance from exact, degrees"`
	TimeDependent bool    `json:"time_dependent,omitempty" doc:"birth time unknown: the contact holds only at some times of the birth day"`
}

// Antiscia are a chart's antiscia and contra-antiscia with their contacts.
type Antiscia struct {
	ZodiacType  string            `json:"zodiac_type" doc:"zodiac of the longitudes reflected" enum:"tropical,sidereal"`
	Ayanamsa    *AyanamsaValue    `json:"ayanamsa,omitempty" doc:"present for sidereal charts"`
	Points      []AntisciaPoint   `json:"points" doc:"the planets (the South Node left out), the Ascendant and the Midheaven (left out when the birth time is unknown)"`
	Contacts    []AntisciaContact `json:"contacts" doc:"every pair of points each on the other's antiscion or contra-antiscion within orb, in pair order"`
	Orb         float64           `json:"orb" doc:"orb used, degrees"`
	Conventions string            `json:"conventions" doc:"how the reflections are taken"`
	Source      engine.Source     `json:"source" doc:"ephemeris behind the positions" enum:"tables,swiss_ephemeris,moshier"`
}

// Antiscia returns the antiscia and contra-antiscia of chart c (cast by
// Compute) and their contacts within orb (degrees). For a birth of
// unknown time the angles are left out and a contact that does not hold
// all day is marked.
func (c *Chart) Antiscia(orb float64) *Antiscia {
	a := &Antiscia{ZodiacType: c.ZodiacType, Ayanamsa: c.Ayanamsa, Orb: orb, Source: c.Source, Contacts: []AntisciaContact{},
		Conventions: "reflections in the chart's zodiac across its 0° Cancer - 0° Capricorn axis (antiscion, 180° - longitude) and its 0° Aries - 0° Libra axis (contra-antiscion, 360° - longitude); a contact is a point within orb of another's reflection"}
	add := func(name string, lon float64, dep bool) {
		s := SignOf(lon)
		a.Points = append(a.Points, AntisciaPoint{Name: name, Longitude: s.Longitude, Sign: s.Sign, Degree: s.Degree,
			Antiscion: reflectionOf(180 - lon), ContraAntiscion: reflectionOf(360 - lon), TimeDependent: dep})
	}
	for _, p := range c.Planets {
		if p.Name != SouthNode {
			add(p.Name, p.Longitude, p.TimeDependent)
		}
	}
	if c.UnknownTime == nil {
		add("Ascendant", c.Ascendant.Longitude, false)
		add("Midheaven", c.Midheaven.Longitude, false)
	}
	var ranges map[string]*Range
	if u := c.UnknownTime; u != nil {
		ranges = make(map[string]*Range, len(u.Ranges))
		for i := range u.Ranges {
			ranges[u.Ranges[i].Name] = &u.Ranges[i]
		}
	}
	for i := range a.Points {
		p := &a.Points[i]
		for j := i + 1; j < len(a.Points); j++ {
			q := &a.Points[j]
			sum := p.Longitude + q.Longitude
			for _, k := range [...]struct {
				kind string
				at   float64 // the sum of the longitudes that is exact
			}{{"antiscion", 180}, {"contra_antiscion", 0}} {
				o := math.Abs(math.Remainder(sum-k.at, 360))
				if o > orb {
					continue
				}
				ct := AntisciaContact{Point1: p.Name, Point2: q.Name, Contact: k.kind, Orb: o}
				if ranges != nil {
					rp, rq := ranges[p.Name], ranges[q.Name]
					iv := dayInterval(rp.Start+rq.Start, rp.End+rq.End, 1)
					whole, _ := iv.within(k.at, orb)
					ct.TimeDependent = !whole
				}
				a.Contacts = append(a.Contacts, ct)
			}
		}
	}
	return a
}
