// Package natal casts a natal chart: planets with signs, houses and motion,
// house cusps and angles, aspects, the Vertex, the Part of Fortune and the
// chart's overall patterns, all from an engine.Positions source.
//
// Conventions (also reported in every Chart):
//   - Positions are apparent geocentric ecliptic longitudes of date (Swiss
//     Ephemeris defaults), tropical or sidereal with the chosen ayanamsa.
//   - The lunar node is the true (osculating) node unless the mean node is
//     asked for; the South Node is the point opposite.
//   - Lilith is the mean lunar apogee ("Black Moon Lilith").
//   - Declinations are computed from ecliptic longitude and latitude with
//     the true obliquity of date.
//   - Houses: Placidus by default; Placidus and Koch inside the polar circles
//     fall back to Porphyry (see engine/houses), named in Houses.System.
//   - Aspects: among the planets, the North Node, Lilith, Chiron, the
//     asteroids when present, the Ascendant and the Midheaven (held fixed);
//     the South Node is left out (it only mirrors the North Node). Orbs as
//     engine/aspects documents.
//   - Part of Fortune (package parts): by day (Sun above the horizon, i.e.
//     in the half of the ecliptic from Descendant through Midheaven to
//     Ascendant) Ascendant + Moon - Sun; by night Ascendant + Sun - Moon.
package natal

import (
	"errors"
	"fmt"
	"math"
	"sync"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/aspects"
	"github.com/astroapi/astroapi/engine/houses"
	"github.com/astroapi/astroapi/engine/parts"
	"github.com/astroapi/astroapi/engine/patterns"
)

// Node selects the lunar node convention.
type Node string

// The node conventions.
const (
	TrueNode Node = "true"
	MeanNode Node = "mean"
)

// Birth is what a chart is cast for: the instant (JD in UT) and the place in
// geographic degrees (east and north positive).
type Birth struct {
	JD                  engine.JDUT
	Latitude, Longitude float64
}

// Options choose the chart's conventions. The zero value is a tropical
// Placidus chart with the true node and Ptolemaic aspects.
type Options struct {
	HouseSystem      engine.HouseSystem // "" means houses.Default
	Sidereal         engine.Ayanamsa    // "" for the tropical zodiac
	IncludeAsteroids bool               // Ceres, Pallas, Juno, Vesta
	Node             Node               // "" means TrueNode
	MinorAspects     bool               // add the minor aspects with default orbs
	Orbs             aspects.Orbs       // overrides the default orbs when non-nil
}

// Sign is a zodiacal position: the longitude, its sign and the degree
// within the sign.
type Sign struct {
	Degree    float64 `json:"degree" doc:"degrees within the sign, 0-30"`
	Sign      string  `json:"sign" doc:"zodiac sign" example:"Leo"`
	Longitude float64 `json:"longitude" doc:"ecliptic longitude in degrees, 0-360"`
}

// Planet is a body of the chart.
type Planet struct {
	Name        string  `json:"name" doc:"body name" example:"Sun"`
	Sign        string  `json:"sign" doc:"zodiac sign" example:"Leo"`
	Degree      float64 `json:"degree" doc:"degrees within the sign, 0-30"`
	Longitude   float64 `json:"longitude" doc:"ecliptic longitude in degrees, 0-360"`
	House       int     `json:"house" doc:"house holding the body, 1-12" minimum:"1" maximum:"12"`
	Retrograde  bool    `json:"retrograde" doc:"apparent motion in longitude is backwards"`
	Latitude    float64 `json:"latitude" doc:"ecliptic latitude in degrees"`
	Speed       float64 `json:"speed" doc:"speed in longitude, degrees per day"`
	Declination float64 `json:"declination" doc:"declination in degrees (true equator of date)"`
}

// Cusp is a house cusp.
type Cusp struct {
	Number    int     `json:"number" doc:"house number, 1-12"`
	Sign      string  `json:"sign" doc:"zodiac sign of the cusp"`
	Degree    float64 `json:"degree" doc:"degrees within the sign"`
	Longitude float64 `json:"longitude" doc:"ecliptic longitude in degrees"`
}

// Houses are the twelve cusps and the system that made them.
type Houses struct {
	System          engine.HouseSystem `json:"system" doc:"house system actually used"`
	RequestedSystem engine.HouseSystem `json:"requested_system" doc:"house system asked for"`
	Fallback        bool               `json:"fallback" doc:"true when the requested system is undefined here (Placidus/Koch inside the polar circles) and Porphyry was used"`
	Cusps           []Cusp             `json:"cusps" doc:"the twelve cusps in order"`
}

// Angles are the chart's sensitive points.
type Angles struct {
	Ascendant  Sign `json:"ascendant"`
	Descendant Sign `json:"descendant"`
	Midheaven  Sign `json:"midheaven"`
	ImumCoeli  Sign `json:"imum_coeli"`
	Vertex     Sign `json:"vertex"`
	AntiVertex Sign `json:"anti_vertex"`
}

// Lot is a calculated part (lot) with its house.
type Lot struct {
	Sign
	House   int    `json:"house" doc:"house holding the part"`
	Formula string `json:"formula" doc:"the formula used" example:"Asc + Moon - Sun (day chart)"`
}

// Conventions state how the chart was computed.
type Conventions struct {
	Node        string       `json:"node" doc:"lunar node used: true (osculating) or mean" enum:"true,mean"`
	Lilith      string       `json:"lilith" doc:"Lilith is the mean lunar apogee" enum:"mean_apogee"`
	Positions   string       `json:"positions" doc:"frame of the longitudes"`
	Orbs        aspects.Orbs `json:"orbs" doc:"orb in degrees of each aspect looked for"`
	AspectNotes string       `json:"aspect_points" doc:"which points are aspected"`
	DayChart    bool         `json:"day_chart" doc:"the Sun is above the horizon"`
}

// AyanamsaValue is the sidereal offset used.
type AyanamsaValue struct {
	Name    engine.Ayanamsa `json:"name" doc:"ayanamsa"`
	Degrees float64         `json:"degrees" doc:"value subtracted from tropical longitudes, degrees"`
}

// Chart is a natal chart (spec 2.4 and its documented extensions).
type Chart struct {
	ZodiacType    string           `json:"zodiac_type" doc:"tropical or sidereal as used" enum:"tropical,sidereal"`
	Ayanamsa      *AyanamsaValue   `json:"ayanamsa,omitempty" doc:"present for sidereal charts"`
	Ascendant     Sign             `json:"ascendant" doc:"the Ascendant"`
	Midheaven     Sign             `json:"midheaven" doc:"the Midheaven (MC)"`
	Planets       []Planet         `json:"planets" doc:"Sun..Pluto, North and South Node, Lilith, Chiron, then asteroids when asked"`
	Houses        Houses           `json:"houses"`
	Aspects       []aspects.Aspect `json:"aspects" doc:"aspects found, in planet order"`
	Patterns      patterns.Result  `json:"patterns"`
	Angles        Angles           `json:"angles"`
	Vertex        Sign             `json:"vertex" doc:"the Vertex (west point of the prime vertical on the ecliptic)"`
	PartOfFortune Lot              `json:"part_of_fortune"`
	Conventions   Conventions      `json:"conventions"`
	Source        engine.Source    `json:"source" doc:"ephemeris that produced the positions" enum:"tables,swiss_ephemeris,moshier"`
	Omitted       []string         `json:"omitted,omitempty" doc:"bodies left out because the ephemeris does not cover the date (Chiron and the asteroids outside 1800-2400)"`

	store    *chartStore // where Compute put the chart, for Release
	orbsJSON []byte      // Conventions.Orbs encoded, when they are a default set
}

// stores recycles chart storage handed back by Release: on the API's hot
// path a chart lives only until it is encoded, and a fresh 6.7 KB object
// per chart (zeroed, then collected) was a seventh of casting it.
var stores = sync.Pool{New: func() any { return new(chartStore) }}

// Release hands the chart's storage back for a later Compute. The chart,
// and every slice and pointer taken from it, must not be used afterwards.
// Callers that keep charts simply do not call it; calling it twice, or on a
// chart Compute did not make, does nothing.
func (c *Chart) Release() {
	st := c.store
	if st == nil {
		return
	}
	c.store = nil
	stores.Put(st)
}

// chartStore holds a chart with room for its cusps, planets and typical
// aspects, so Compute allocates once for all of them.
type chartStore struct {
	chart   Chart
	cusps   [12]Cusp
	planets [len(chartBodies) + 1 + len(asteroidBodies)]Planet
	// Default orbs give 21-62 aspects (p50 33, p99 47 over 5,000 charts
	// of 1990-2045 at latitudes 60S-59N): 64 keeps nearly every chart out
	// of a growing slice (at 40, 8 % of charts allocated 8 KB more).
	aspects [64]aspects.Aspect
}

// chartBodies are the bodies of every chart, in listing order; the node is
// chosen by Options.Node.
var chartBodies = [...]engine.Body{
	engine.Sun, engine.Moon, engine.Mercury, engine.Venus, engine.Mars, engine.Jupiter,
	engine.Saturn, engine.Uranus, engine.Neptune, engine.Pluto, engine.TrueNode, engine.MeanLilith, engine.Chiron,
}

var asteroidBodies = [...]engine.Body{engine.Ceres, engine.Pallas, engine.Juno, engine.Vesta}

// defaultOrbs and their matchers are built once; charts share them
// read-only.
var (
	defaultOrbs     = [2]aspects.Orbs{aspects.DefaultOrbs(false), aspects.DefaultOrbs(true)}
	defaultMatchers = [2]*aspects.Matcher{aspects.NewMatcher(defaultOrbs[0]), aspects.NewMatcher(defaultOrbs[1])}
	// defaultOrbsJSON spares AppendJSON sorting the map of every chart.
	defaultOrbsJSON = [2][]byte{defaultOrbs[0].AppendJSON(nil), defaultOrbs[1].AppendJSON(nil)}
)

// Display names of the points that differ from engine.Body names.
const (
	NorthNode = "North Node"
	SouthNode = "South Node"
)

// SignOf builds a Sign from a longitude.
func SignOf(lon float64) Sign {
	lon = engine.Normalize(lon)
	s, d := engine.SignOf(lon)
	return Sign{Degree: d, Sign: s, Longitude: lon}
}

// EnumValues lists the node conventions (engine.Enum).
func (Node) EnumValues() []string { return []string{string(TrueNode), string(MeanNode)} }

// Validate checks the options, naming bad ones by their API field.
func (o Options) Validate() engine.Fields {
	var errs engine.Fields
	if o.HouseSystem != "" && !houses.Valid(o.HouseSystem) {
		errs = append(errs, &engine.FieldError{Field: "house_system", Reason: fmt.Sprintf("unknown house system %q", o.HouseSystem)})
	}
	if o.Sidereal != "" && !o.Sidereal.Valid() {
		errs = append(errs, &engine.FieldError{Field: "ayanamsa", Reason: fmt.Sprintf("unknown ayanamsa %q", o.Sidereal)})
	}
	if o.Node != "" && o.Node != TrueNode && o.Node != MeanNode {
		errs = append(errs, &engine.FieldError{Field: "node_type", Reason: `must be "true" or "mean"`})
	}
	return errs
}

// Compute casts the chart of b with options o from pos, in steps: the
// frame (obliquity, ayanamsa), the houses and angles, the planets, the Part
// of Fortune, the aspects and the patterns.
func Compute(pos engine.Positions, b Birth, o Options) (*Chart, error) {
	if errs := o.Validate(); len(errs) > 0 {
		return nil, errs
	}
	if errs := engine.CheckPlace(b.Latitude, b.Longitude, ""); len(errs) > 0 {
		return nil, errs[0]
	}
	if o.HouseSystem == "" {
		o.HouseSystem = houses.Default
	}
	if o.Node == "" {
		o.Node = TrueNode
	}
	eps, _, err := pos.Obliquity(b.JD)
	if err != nil {
		return nil, err
	}
	// The chart and its slices' backing arrays come from one allocation,
	// recycled when the caller releases the chart.
	st := stores.Get().(*chartStore)
	// The aspects are appended whole, so only the rest needs clearing.
	st.chart, st.cusps, st.planets = Chart{}, [12]Cusp{}, [len(st.planets)]Planet{}
	c := &st.chart
	c.store = st
	c.ZodiacType, c.Source = "tropical", engine.FromTables
	var ayan float64
	if o.Sidereal != "" {
		c.ZodiacType = "sidereal"
		if ayan, err = pos.Ayanamsa(b.JD, o.Sidereal); err != nil {
			return nil, err
		}
		c.Ayanamsa = &AyanamsaValue{Name: o.Sidereal, Degrees: ayan}
	}
	h, err := c.castHouses(pos, b, o)
	if err != nil {
		return nil, err
	}
	if err := c.castPlanets(pos, b, o, &h, eps, ayan); err != nil {
		return nil, err
	}
	c.castFortune(&h)
	c.castAspects(o)
	c.castPatterns(h.Ascendant)
	c.Conventions = Conventions{
		Node:        string(o.Node),
		Lilith:      "mean_apogee",
		Positions:   "apparent geocentric ecliptic of date",
		Orbs:        c.Conventions.Orbs,
		AspectNotes: "planets, North Node, Lilith, Chiron, asteroids, Ascendant and Midheaven (angles held fixed); South Node omitted",
		DayChart:    c.Conventions.DayChart,
	}
	return c, nil
}

// castHouses fills the cusps and angles; it returns the engine's houses,
// which the later steps read.
func (c *Chart) castHouses(pos engine.Positions, b Birth, o Options) (engine.Houses, error) {
	h, err := pos.Houses(b.JD, b.Latitude, b.Longitude, o.HouseSystem, o.Sidereal)
	if err != nil {
		return h, err
	}
	c.Houses = Houses{System: h.System, RequestedSystem: o.HouseSystem, Fallback: h.System != o.HouseSystem, Cusps: c.store.cusps[:]}
	for i, lon := range h.Cusps {
		s := SignOf(lon)
		c.Houses.Cusps[i] = Cusp{Number: i + 1, Sign: s.Sign, Degree: s.Degree, Longitude: s.Longitude}
	}
	c.Ascendant, c.Midheaven, c.Vertex = SignOf(h.Ascendant), SignOf(h.Midheaven), SignOf(h.Vertex)
	c.Angles = Angles{
		Ascendant: c.Ascendant, Descendant: SignOf(h.Ascendant + 180),
		Midheaven: c.Midheaven, ImumCoeli: SignOf(h.Midheaven + 180),
		Vertex: c.Vertex, AntiVertex: SignOf(h.Vertex + 180),
	}
	c.Source = c.Source.Worse(h.Source)
	return h, nil
}

// castPlanets fills the planets in chart order: the bodies of chartBodies
// (the node as o.Node asks, followed by its South Node), then the
// asteroids when asked. Chiron and the asteroids outside the ephemeris
// files are left out and named in Omitted.
func (c *Chart) castPlanets(pos engine.Positions, b Birth, o Options, h *engine.Houses, eps, ayan float64) error {
	n := len(chartBodies) + 1 // + South Node
	if o.IncludeAsteroids {
		n += len(asteroidBodies)
	}
	c.Planets = c.store.planets[:0]
	if n > len(c.store.planets) {
		c.Planets = make([]Planet, 0, n)
	}
	// The chart reads no distances: the tables skip them.
	frame := engine.Options{Sidereal: o.Sidereal, SkipDistance: true}
	sinEps, cosEps := math.Sincos(eps * math.Pi / 180)
	clockwise := houses.Clockwise(&h.Cusps)
	add := func(name string, p engine.Position) {
		s := SignOf(p.Longitude)
		// Declination from the tropical longitude of date:
		// sin δ = sin β cos ε + cos β sin ε sin λ (Meeus 13.4).
		lam := (p.Longitude + ayan) * math.Pi / 180
		sinB, cosB := math.Sincos(p.Latitude * math.Pi / 180)
		dec := math.Asin(sinB*cosEps+cosB*sinEps*math.Sin(lam)) * 180 / math.Pi
		c.Planets = append(c.Planets, Planet{
			Name: name, Sign: s.Sign, Degree: s.Degree, Longitude: s.Longitude,
			House: houses.OfDir(s.Longitude, &h.Cusps, clockwise), Retrograde: p.SpeedLongitude < 0,
			Latitude: p.Latitude, Speed: p.SpeedLongitude, Declination: dec,
		})
	}
	bodies := chartBodies[:]
	if o.IncludeAsteroids {
		bodies = append(bodies[:len(bodies):len(bodies)], asteroidBodies[:]...)
	}
	for _, body := range bodies {
		if body == engine.TrueNode && o.Node == MeanNode {
			body = engine.MeanNode
		}
		p, err := pos.Position(b.JD, body, frame)
		if err != nil {
			if errors.Is(err, engine.ErrOutOfRange) {
				if body >= engine.Chiron {
					// Chiron and the asteroids come only from the
					// ephemeris files (1800-2400); elsewhere the chart is
					// still cast, without them, and says so.
					c.Omitted = append(c.Omitted, body.String())
					continue
				}
				return fmt.Errorf("%s: %w", body, err)
			}
			return err
		}
		c.Source = c.Source.Worse(p.Source)
		switch body {
		case engine.TrueNode, engine.MeanNode:
			add(NorthNode, p)
			south := p
			south.Longitude = engine.Normalize(p.Longitude + 180)
			south.Latitude = -p.Latitude
			add(SouthNode, south)
		default:
			add(body.String(), p)
		}
	}
	return nil
}

// planet returns the chart's planet called name (nil when absent).
func (c *Chart) planet(name string) *Planet {
	for i := range c.Planets {
		if c.Planets[i].Name == name {
			return &c.Planets[i]
		}
	}
	return nil
}

// castFortune fills the Part of Fortune and the chart's sect (package
// parts: Asc + Moon - Sun by day, reversed by night).
func (c *Chart) castFortune(h *engine.Houses) {
	sun, moon := c.planet(engine.Sun.String()).Longitude, c.planet(engine.Moon.String()).Longitude
	day := parts.IsDay(sun, h.Ascendant)
	pof := SignOf(parts.Fortune.Cast(h.Ascendant, moon, sun, day))
	formula := "Asc + Moon - Sun (day chart)"
	if !day {
		formula = "Asc + Sun - Moon (night chart)"
	}
	c.PartOfFortune = Lot{Sign: pof, House: houses.Of(pof.Longitude, &h.Cusps), Formula: formula}
	c.Conventions.DayChart = day
}

// castAspects finds the aspects among the planets (the South Node left
// out: it only mirrors the North Node), the Ascendant and the Midheaven,
// with the default orbs (resolved once per process) or o.Orbs.
func (c *Chart) castAspects(o Options) {
	orbs := o.Orbs
	var matcher *aspects.Matcher
	if orbs == nil {
		minor := 0
		if o.MinorAspects {
			minor = 1
		}
		orbs, matcher = defaultOrbs[minor], defaultMatchers[minor]
		c.orbsJSON = defaultOrbsJSON[minor]
	} else {
		matcher = aspects.NewMatcher(orbs)
	}
	var buf [24]aspects.Point
	pts := buf[:0]
	for _, p := range c.Planets {
		if p.Name != SouthNode {
			pts = append(pts, aspects.Point{Name: p.Name, Longitude: p.Longitude, Speed: p.Speed})
		}
	}
	pts = append(pts,
		aspects.Point{Name: "Ascendant", Longitude: c.Ascendant.Longitude},
		aspects.Point{Name: "Midheaven", Longitude: c.Midheaven.Longitude})
	c.Aspects = matcher.AppendFind(c.store.aspects[:0], pts)
	c.Conventions.Orbs = orbs
}

// shapeBodies are the ten planets the chart's patterns weigh; the Sun and
// the Moon, with the Ascendant, weigh double.
var shapeBodies = [...]engine.Body{
	engine.Sun, engine.Moon, engine.Mercury, engine.Venus, engine.Mars,
	engine.Jupiter, engine.Saturn, engine.Uranus, engine.Neptune, engine.Pluto,
}

// castPatterns fills the chart shape and the element, modality and
// hemisphere balance.
func (c *Chart) castPatterns(asc float64) {
	var pbuf [len(shapeBodies) + 1]patterns.Point
	pp := pbuf[:0]
	for _, b := range shapeBodies {
		p := c.planet(b.String())
		w := 1.0
		if b == engine.Sun || b == engine.Moon {
			w = 2
		}
		pp = append(pp, patterns.Point{Longitude: p.Longitude, House: p.House, Weight: w, Shape: true})
	}
	pp = append(pp, patterns.Point{Longitude: asc, Weight: 2})
	c.Patterns = patterns.Analyze(pp)
}
