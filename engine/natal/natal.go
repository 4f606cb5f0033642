// Package natal casts a natal chart: planets with signs, houses and motion,
// house cusps and angles, aspects, the Vertex, the Part of Fortune and the
// chart's overall patterns, all from an engine.Positions source.
//
// Conventions (also reported in every Chart):
//   - Positions are apparent geocentric ecliptic longitudes of date (Swiss
//     Ephemeris defaults), tropical or sidereal with the chosen ayanamsa.
//   - The lunar node is the true (osculating) node unless the mean node is
//     asked for; the South Node is the point opposite.
//   - Lilith is the mean lunar apogee ("Black Moon Lilith"), or the
//     osculating apogee on request.
//   - Declinations are computed from ecliptic longitude and latitude with
//     the true obliquity of date; a body is out of bounds when its
//     declination exceeds that obliquity (north or south). Parallels and
//     contra-parallels on request, with their own orb (engine/aspects).
//   - Houses: Placidus by default, or any system of engine/houses;
//     Placidus, Koch and the Gauquelin sectors inside the polar circles
//     fall back to Porphyry (or the system asked for), named in
//     Houses.System. Gauquelin charts list 36 sector cusps and place each
//     point in its sector (1-36).
//   - A birth of unknown time is charted for the time given (noon by
//     default); the angles, houses, house placements and lots are left
//     out, and the results that change over the birth day are marked
//     (UnknownTime).
//   - Aspects: among the planets, the North Node, Lilith, Chiron, the
//     asteroids when present, the Ascendant and the Midheaven (held fixed);
//     the South Node is left out (it only mirrors the North Node). Orbs as
//     engine/aspects documents.
//   - Part of Fortune (package parts): by day (Sun above the horizon, i.e.
//     in the half of the ecliptic from Descendant through Midheaven to
//     Ascendant) Ascendant + Moon - Sun; by night Ascendant + Sun - Moon,
//     unless the day formula is asked for at all times.
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
	"github.com/astroapi/astroapi/engine/sidereal"
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

	// PolarFallback is the system used where HouseSystem is undefined
	// (houses.Polar); "" means houses.Fallback (Porphyry).
	PolarFallback engine.HouseSystem
	Lilith        Lilith  // "" means MeanApogee
	Fortune       Fortune // "" means FortuneSect
	// User is a user-defined sidereal zodiac (Sidereal must then be ""):
	// the chart is cast tropical and moved by its ayanamsa.
	User *sidereal.User
	// Parallels adds the parallels and contra-parallels within
	// ParallelOrb (0 means aspects.DefaultParallelOrb).
	Parallels   bool
	ParallelOrb float64
	// Day, when set, says the birth time is unknown: the chart stands for
	// the local day Day covers (UnknownTime).
	Day *Day
}

// Lilith selects the lunar apogee shown as Lilith.
type Lilith string

// The Liliths.
const (
	MeanApogee       Lilith = "mean"       // the mean lunar apogee (Black Moon Lilith)
	OsculatingApogee Lilith = "osculating" // the osculating apogee ("true Lilith")
)

// EnumValues lists the Liliths (engine.Enum).
func (Lilith) EnumValues() []string { return []string{string(MeanApogee), string(OsculatingApogee)} }

// Fortune selects the formula of the Part of Fortune.
type Fortune string

// The formulas.
const (
	// FortuneSect reverses the formula by night: Asc + Moon - Sun by day,
	// Asc + Sun - Moon by night (Valens, Ptolemy's followers).
	FortuneSect Fortune = "sect"
	// FortuneDay uses Asc + Moon - Sun day and night (Ptolemy,
	// Tetrabiblos III.10, and much modern practice).
	FortuneDay Fortune = "day"
)

// EnumValues lists the formulas (engine.Enum).
func (Fortune) EnumValues() []string { return []string{string(FortuneSect), string(FortuneDay)} }

// Day is the local day a chart of unknown birth time stands for: from
// local midnight (Start) to the next (End), JD UT.
type Day struct {
	Start, End engine.JDUT
	Charted    string // the local time charted, HH:MM:SS
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
	House       int     `json:"house,omitempty" doc:"house holding the body, 1-12 (Gauquelin: sector 1-36); absent when the birth time is unknown" minimum:"1" maximum:"36"`
	Retrograde  bool    `json:"retrograde" doc:"apparent motion in longitude is backwards"`
	Latitude    float64 `json:"latitude" doc:"ecliptic latitude in degrees"`
	Speed       float64 `json:"speed" doc:"speed in longitude, degrees per day"`
	Declination float64 `json:"declination" doc:"declination in degrees (true equator of date)"`
	OutOfBounds bool    `json:"out_of_bounds" doc:"the declination exceeds the obliquity of the ecliptic of the date (conventions.obliquity), north or south: beyond the Sun's reach"`
	// TimeDependent marks, for a birth of unknown time, a body whose sign
	// may change over the birth day, and the Moon.
	TimeDependent bool `json:"time_dependent,omitempty" doc:"birth time unknown: the body's degree (the Moon's) or sign (a body changing sign that day) depends on the time; unknown_time.ranges gives its range over the day"`
}

// Cusp is a house cusp.
type Cusp struct {
	Number    int     `json:"number" doc:"house number, 1-12 (Gauquelin sector, 1-36)"`
	Sign      string  `json:"sign" doc:"zodiac sign of the cusp"`
	Degree    float64 `json:"degree" doc:"degrees within the sign"`
	Longitude float64 `json:"longitude" doc:"ecliptic longitude in degrees"`
}

// Houses are the twelve cusps and the system that made them.
type Houses struct {
	System          engine.HouseSystem `json:"system" doc:"house system actually used"`
	RequestedSystem engine.HouseSystem `json:"requested_system" doc:"house system asked for"`
	Fallback        bool               `json:"fallback" doc:"true when the requested system is undefined here (Placidus, Koch, Gauquelin inside the polar circles) and polar_fallback (Porphyry by default) was used"`
	Cusps           []Cusp             `json:"cusps" doc:"the twelve cusps in order; for the Gauquelin sectors the 36 sector cusps, sector 1 at the Ascendant, 10 at the Midheaven, numbered clockwise"`
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
	Lilith      string       `json:"lilith" doc:"Lilith is the mean lunar apogee, or the osculating one on request" enum:"mean_apogee,osculating_apogee"`
	Positions   string       `json:"positions" doc:"frame of the longitudes"`
	Orbs        aspects.Orbs `json:"orbs" doc:"orb in degrees of each aspect looked for"`
	AspectNotes string       `json:"aspect_points" doc:"which points are aspected"`
	DayChart    bool         `json:"day_chart" doc:"the Sun is above the horizon (false, meaning unknown, when the birth time is)"`
	// Obliquity is the true obliquity of the date, the out-of-bounds limit.
	Obliquity float64 `json:"obliquity" doc:"true obliquity of the ecliptic at the birth, degrees: the declination beyond which a body is out of bounds"`
	// Fortune is the Part of Fortune's formula.
	Fortune Fortune `json:"part_of_fortune" doc:"formula of the Part of Fortune: sect (reversed by night) or day (the day formula at all times)"`
	// PolarFallback is the system used where the chart's is undefined.
	PolarFallback engine.HouseSystem `json:"polar_fallback" doc:"house system used inside the polar circles when Placidus, Koch or the Gauquelin sectors are asked for"`
	// ParallelOrb is the orb of the parallels, when they were asked for.
	ParallelOrb float64 `json:"parallel_orb,omitempty" doc:"orb of the parallels and contra-parallels, degrees of declination (present when they were asked for)"`
}

// AyanamsaValue is the sidereal offset used.
type AyanamsaValue struct {
	Name    engine.Ayanamsa `json:"name" enum:"-" doc:"ayanamsa: one of the request's ayanamsa values, or user for a user_ayanamsa"`
	Degrees float64         `json:"degrees" doc:"value subtracted from tropical longitudes at the birth (with nutation), degrees"`
}

// Chart is a natal chart (spec 2.4 and its documented extensions). For a
// birth of unknown time (UnknownTime set) the angles, houses, Vertex and
// Part of Fortune are zero and left out of the JSON.
type Chart struct {
	ZodiacType    string                      `json:"zodiac_type" doc:"tropical or sidereal as used; draconic for a draconic chart" enum:"tropical,sidereal,draconic"`
	Ayanamsa      *AyanamsaValue              `json:"ayanamsa,omitempty" doc:"present for sidereal charts"`
	Draconic      *DraconicFrame              `json:"draconic,omitempty" doc:"present for draconic charts: the node the longitudes are measured from"`
	Ascendant     Sign                        `json:"ascendant,omitzero" doc:"the Ascendant (absent when the birth time is unknown)"`
	Midheaven     Sign                        `json:"midheaven,omitzero" doc:"the Midheaven (MC) (absent when the birth time is unknown)"`
	Planets       []Planet                    `json:"planets" doc:"Sun..Pluto, North and South Node, Lilith, Chiron, then asteroids when asked"`
	Houses        Houses                      `json:"houses,omitzero" doc:"the cusps (absent when the birth time is unknown)"`
	Aspects       []aspects.Aspect            `json:"aspects" doc:"aspects found, in planet order"`
	Parallels     []aspects.DeclinationAspect `json:"parallels,omitempty" doc:"parallels and contra-parallels among the planets (the South Node left out), the Ascendant and the Midheaven, with include_parallels"`
	Patterns      patterns.Result             `json:"patterns"`
	Angles        Angles                      `json:"angles,omitzero" doc:"absent when the birth time is unknown"`
	Vertex        Sign                        `json:"vertex,omitzero" doc:"the Vertex (west point of the prime vertical on the ecliptic) (absent when the birth time is unknown)"`
	PartOfFortune Lot                         `json:"part_of_fortune,omitzero" doc:"absent when the birth time is unknown"`
	UnknownTime   *UnknownTime                `json:"unknown_time,omitempty" doc:"present when the birth time is unknown: what depends on it"`
	Conventions   Conventions                 `json:"conventions"`
	Source        engine.Source               `json:"source" doc:"ephemeris that produced the positions" enum:"tables,swiss_ephemeris,moshier"`
	Omitted       []string                    `json:"omitted,omitempty" doc:"bodies left out because the ephemeris does not cover the date (Chiron and the asteroids outside 1800-2400)"`

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
	cusps   [36]Cusp // twelve, or Gauquelin's 36 sectors
	ayan    AyanamsaValue
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
	if o.PolarFallback != "" && (!houses.Valid(o.PolarFallback) || houses.PolarUndefined(o.PolarFallback)) {
		errs = append(errs, &engine.FieldError{Field: "polar_fallback", Reason: fmt.Sprintf("%q cannot stand in inside the polar circles", o.PolarFallback)})
	}
	if o.Sidereal != "" && !o.Sidereal.Valid() {
		errs = append(errs, &engine.FieldError{Field: "ayanamsa", Reason: fmt.Sprintf("unknown ayanamsa %q", o.Sidereal)})
	}
	if o.Sidereal != "" && o.User != nil {
		errs = append(errs, &engine.FieldError{Field: "user_ayanamsa", Reason: "send ayanamsa or user_ayanamsa, not both"})
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
	if o.PolarFallback == "" {
		o.PolarFallback = houses.Fallback
	}
	if o.Node == "" {
		o.Node = TrueNode
	}
	if o.Fortune == "" {
		o.Fortune = FortuneSect
	}
	eps, dpsi, err := pos.Obliquity(b.JD)
	if err != nil {
		return nil, err
	}
	// The chart and its slices' backing arrays come from one allocation,
	// recycled when the caller releases the chart.
	st := stores.Get().(*chartStore)
	// The aspects are appended whole, so only the rest needs clearing.
	st.chart, st.cusps, st.planets = Chart{}, [36]Cusp{}, [len(st.planets)]Planet{}
	c := &st.chart
	c.store = st
	c.ZodiacType, c.Source = "tropical", engine.FromTables
	var ayan float64
	switch {
	case o.Sidereal != "":
		c.ZodiacType = "sidereal"
		if ayan, err = pos.Ayanamsa(b.JD, o.Sidereal); err != nil {
			return nil, err
		}
		st.ayan = AyanamsaValue{Name: o.Sidereal, Degrees: ayan}
		c.Ayanamsa = &st.ayan
	case o.User != nil:
		// A user-defined ayanamsa: the Swiss Ephemeris' rule for its
		// named ones, the mean value (the precession from the epoch) plus
		// the nutation in longitude. The precession takes the instant in
		// TT; UT differs from it by a minute, 1e-4" of precession.
		c.ZodiacType = "sidereal"
		ayan = engine.Normalize(o.User.Mean(float64(b.JD)) + dpsi)
		st.ayan = AyanamsaValue{Name: UserAyanamsaName, Degrees: ayan}
		c.Ayanamsa = &st.ayan
	}
	var h engine.Houses
	if o.Day == nil {
		if h, err = c.castHouses(pos, b, o, eps, ayan); err != nil {
			return nil, err
		}
	}
	if err := c.castPlanets(pos, b, o, &h, eps, ayan); err != nil {
		return nil, err
	}
	if o.Day == nil {
		c.castFortune(&h, o.Fortune)
	}
	matcher := c.castAspects(o)
	if o.Parallels {
		c.castParallels(o, eps, ayan)
	}
	c.castPatterns(h.Ascendant, o.Day == nil)
	lilith := "mean_apogee"
	if o.Lilith == OsculatingApogee {
		lilith = "osculating_apogee"
	}
	c.Conventions = Conventions{
		Node:          string(o.Node),
		Lilith:        lilith,
		Positions:     "apparent geocentric ecliptic of date",
		Orbs:          c.Conventions.Orbs,
		AspectNotes:   "planets, North Node, Lilith, Chiron, asteroids, Ascendant and Midheaven (angles held fixed); South Node omitted",
		DayChart:      c.Conventions.DayChart,
		Obliquity:     eps,
		Fortune:       o.Fortune,
		PolarFallback: o.PolarFallback,
	}
	if o.Parallels {
		c.Conventions.ParallelOrb = parallelOrb(o)
	}
	if o.Day != nil {
		c.Conventions.AspectNotes = "planets, North Node, Lilith, Chiron and asteroids (birth time unknown: no angles); South Node omitted"
		if err := c.castUnknownTime(pos, o, matcher, eps, ayan); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// UserAyanamsaName is the ayanamsa name a chart of a user-defined
// ayanamsa reports.
const UserAyanamsaName engine.Ayanamsa = "user"

// parallelOrb is the orb of the parallels of o.
func parallelOrb(o Options) float64 {
	if o.ParallelOrb > 0 {
		return o.ParallelOrb
	}
	return aspects.DefaultParallelOrb
}

// castHouses fills the cusps and angles; it returns the engine's houses,
// which the later steps read. Where the system asked for is undefined
// (houses.Polar) the polar fallback is cast instead.
func (c *Chart) castHouses(pos engine.Positions, b Birth, o Options, eps, ayan float64) (engine.Houses, error) {
	sys := o.HouseSystem
	if houses.Polar(sys, b.Latitude, eps) {
		sys = o.PolarFallback
	}
	var h engine.Houses
	var err error
	if o.User != nil {
		// Tropical houses moved by the user's ayanamsa, as the Swiss
		// Ephemeris casts sidereal houses (houses.Shift).
		if h, err = pos.Houses(b.JD, b.Latitude, b.Longitude, sys, ""); err == nil {
			houses.Shift(&h, ayan)
		}
	} else {
		h, err = pos.Houses(b.JD, b.Latitude, b.Longitude, sys, o.Sidereal)
	}
	if err != nil {
		return h, err
	}
	c.Houses = Houses{System: h.System, RequestedSystem: o.HouseSystem, Fallback: h.System != o.HouseSystem, Cusps: c.store.cusps[:12]}
	if h.Sectors != nil {
		c.Houses.Cusps = c.store.cusps[:len(h.Sectors)]
		for i, lon := range h.Sectors {
			s := SignOf(lon)
			c.Houses.Cusps[i] = Cusp{Number: i + 1, Sign: s.Sign, Degree: s.Degree, Longitude: s.Longitude}
		}
	} else {
		for i, lon := range h.Cusps {
			s := SignOf(lon)
			c.Houses.Cusps[i] = Cusp{Number: i + 1, Sign: s.Sign, Degree: s.Degree, Longitude: s.Longitude}
		}
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

// houseOf returns the house (or, for the Gauquelin sectors, the sector)
// of longitude lon in houses h; clockwise is houses.Clockwise of h.Cusps.
func houseOf(lon float64, h *engine.Houses, clockwise bool) int {
	if h.Sectors != nil {
		return houses.SectorOf(lon, h.Sectors)
	}
	return houses.OfDir(lon, &h.Cusps, clockwise)
}

// castPlanets fills the planets in chart order: the bodies of chartBodies
// (the node as o.Node asks, followed by its South Node; Lilith as o.Lilith
// asks), then the asteroids when asked. Chiron and the asteroids outside
// the ephemeris files are left out and named in Omitted. Without houses (a
// birth of unknown time) the planets have no house.
func (c *Chart) castPlanets(pos engine.Positions, b Birth, o Options, h *engine.Houses, eps, ayan float64) error {
	n := len(chartBodies) + 1 // + South Node
	if o.IncludeAsteroids {
		n += len(asteroidBodies)
	}
	c.Planets = c.store.planets[:0]
	if n > len(c.store.planets) {
		c.Planets = make([]Planet, 0, n)
	}
	// The chart reads no distances: the tables skip them. A user-defined
	// zodiac starts from tropical positions.
	frame := engine.Options{Sidereal: o.Sidereal, SkipDistance: true}
	var ayanRate float64
	if o.User != nil {
		ayanRate = o.User.Rate(float64(b.JD))
	}
	sinEps, cosEps := math.Sincos(eps * math.Pi / 180)
	withHouses := o.Day == nil
	clockwise := withHouses && houses.Clockwise(&h.Cusps)
	add := func(name string, p engine.Position) {
		s := SignOf(p.Longitude)
		// Declination from the tropical longitude of date:
		// sin δ = sin β cos ε + cos β sin ε sin λ (Meeus 13.4).
		lam := (p.Longitude + ayan) * math.Pi / 180
		sinB, cosB := math.Sincos(p.Latitude * math.Pi / 180)
		dec := math.Asin(sinB*cosEps+cosB*sinEps*math.Sin(lam)) * 180 / math.Pi
		pl := Planet{
			Name: name, Sign: s.Sign, Degree: s.Degree, Longitude: s.Longitude,
			Retrograde: p.SpeedLongitude < 0,
			Latitude:   p.Latitude, Speed: p.SpeedLongitude, Declination: dec,
			OutOfBounds: dec > eps || dec < -eps,
		}
		if withHouses {
			pl.House = houseOf(s.Longitude, h, clockwise)
		}
		c.Planets = append(c.Planets, pl)
	}
	bodies := chartBodies[:]
	if o.IncludeAsteroids {
		bodies = append(bodies[:len(bodies):len(bodies)], asteroidBodies[:]...)
	}
	for _, body := range bodies {
		if body == engine.TrueNode && o.Node == MeanNode {
			body = engine.MeanNode
		}
		name := body.String()
		if body == engine.MeanLilith && o.Lilith == OsculatingApogee {
			body = engine.OscuLilith // shown as Lilith; conventions.lilith says which
		}
		p, err := pos.Position(b.JD, body, frame)
		if err != nil {
			if errors.Is(err, engine.ErrOutOfRange) {
				if body >= engine.Chiron && body != engine.OscuLilith {
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
		if o.User != nil {
			p.Longitude = engine.Normalize(p.Longitude - ayan)
			p.SpeedLongitude -= ayanRate
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
			add(name, p)
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
// parts: Asc + Moon - Sun by day, reversed by night unless the formula is
// the day one at all times).
func (c *Chart) castFortune(h *engine.Houses, f Fortune) {
	sun, moon := c.planet(engine.Sun.String()).Longitude, c.planet(engine.Moon.String()).Longitude
	day := parts.IsDay(sun, h.Ascendant)
	formula := "Asc + Moon - Sun (day chart)"
	switch {
	case f == FortuneDay:
		formula = "Asc + Moon - Sun (the day formula, day and night)"
	case !day:
		formula = "Asc + Sun - Moon (night chart)"
	}
	pof := SignOf(parts.Fortune.Cast(h.Ascendant, moon, sun, day || f == FortuneDay))
	c.PartOfFortune = Lot{Sign: pof, House: houseOf(pof.Longitude, h, houses.Clockwise(&h.Cusps)), Formula: formula}
	c.Conventions.DayChart = day
}

// castAspects finds the aspects among the planets (the South Node left
// out: it only mirrors the North Node), the Ascendant and the Midheaven
// (without them when the birth time is unknown), with the default orbs
// (resolved once per process) or o.Orbs; it returns the matcher used.
func (c *Chart) castAspects(o Options) *aspects.Matcher {
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
	pts := c.aspectPoints(buf[:0], o.Day == nil)
	c.Aspects = matcher.AppendFind(c.store.aspects[:0], pts)
	c.Conventions.Orbs = orbs
	return matcher
}

// aspectPoints appends the chart's aspected points to out: the planets but
// the South Node, then the Ascendant and the Midheaven when angles says.
func (c *Chart) aspectPoints(out []aspects.Point, angles bool) []aspects.Point {
	for _, p := range c.Planets {
		if p.Name != SouthNode {
			out = append(out, aspects.Point{Name: p.Name, Longitude: p.Longitude, Speed: p.Speed})
		}
	}
	if angles {
		out = append(out,
			aspects.Point{Name: "Ascendant", Longitude: c.Ascendant.Longitude},
			aspects.Point{Name: "Midheaven", Longitude: c.Midheaven.Longitude})
	}
	return out
}

// castParallels finds the parallels and contra-parallels among the
// planets (the South Node left out), the Ascendant and the Midheaven (their
// declinations from their tropical longitudes: declinationAt), within the
// orb of o.
func (c *Chart) castParallels(o Options, eps, ayan float64) {
	var buf [24]aspects.DeclinationPoint
	pts := buf[:0]
	for _, p := range c.Planets {
		if p.Name != SouthNode {
			pts = append(pts, aspects.DeclinationPoint{Name: p.Name, Declination: p.Declination})
		}
	}
	if o.Day == nil {
		pts = append(pts,
			aspects.DeclinationPoint{Name: "Ascendant", Declination: declinationAt(c.Ascendant.Longitude+ayan, eps)},
			aspects.DeclinationPoint{Name: "Midheaven", Declination: declinationAt(c.Midheaven.Longitude+ayan, eps)})
	}
	c.Parallels = aspects.AppendParallels([]aspects.DeclinationAspect{}, pts, parallelOrb(o))
}

// declinationAt is the declination of the ecliptic point of tropical
// longitude lon under obliquity eps: sin δ = sin ε sin λ.
func declinationAt(lon, eps float64) float64 {
	return math.Asin(math.Sin(eps*math.Pi/180)*math.Sin(lon*math.Pi/180)) * 180 / math.Pi
}

// EclipticDeclination returns the declination of the ecliptic point at
// longitude lon of chart c's zodiac (an angle, a cusp), under the chart's
// obliquity eps (degrees).
func EclipticDeclination(lon float64, c *Chart, eps float64) float64 {
	var ayan float64
	if c.Ayanamsa != nil {
		ayan = c.Ayanamsa.Degrees
	}
	return declinationAt(lon+ayan, eps)
}

// shapeBodies are the ten planets the chart's patterns weigh; the Sun and
// the Moon, with the Ascendant, weigh double.
var shapeBodies = [...]engine.Body{
	engine.Sun, engine.Moon, engine.Mercury, engine.Venus, engine.Mars,
	engine.Jupiter, engine.Saturn, engine.Uranus, engine.Neptune, engine.Pluto,
}

// castPatterns fills the chart shape and the element, modality and
// hemisphere balance. Without angles (a birth of unknown time) the
// Ascendant is not weighed and the hemispheres are unknown.
func (c *Chart) castPatterns(asc float64, angles bool) {
	var pbuf [len(shapeBodies) + 1]patterns.Point
	pp := pbuf[:0]
	for _, b := range shapeBodies {
		p := c.planet(b.String())
		w := 1.0
		if b == engine.Sun || b == engine.Moon {
			w = 2
		}
		house := p.House
		if c.Houses.System == engine.Gauquelin {
			house = houses.Of(p.Longitude, c.twelve())
		}
		pp = append(pp, patterns.Point{Longitude: p.Longitude, House: house, Weight: w, Shape: true})
	}
	if angles {
		pp = append(pp, patterns.Point{Longitude: asc, Weight: 2})
	}
	c.Patterns = patterns.Analyze(pp)
	if !angles {
		c.Patterns.HemisphereEmphasis = "unknown"
	}
}

// twelve returns the twelve cusps of a Gauquelin chart (every third sector
// boundary: sector 1 + 3k begins house 1 - k), for the hemispheres.
func (c *Chart) twelve() *[12]float64 {
	t := c.TwelveCusps()
	return &t
}

// TwelveCusps returns the longitudes of the chart's twelve house cusps:
// for the Gauquelin sectors those every third sector boundary marks
// (sector 1 + 3k begins house 1 - k: Placidus's cusps); zero without
// houses (a birth of unknown time).
func (c *Chart) TwelveCusps() [12]float64 {
	var t [12]float64
	switch len(c.Houses.Cusps) {
	case 36:
		for k := range 12 {
			t[(12-k)%12] = c.Houses.Cusps[3*k].Longitude
		}
	case 12:
		for i, cu := range c.Houses.Cusps {
			t[i] = cu.Longitude
		}
	}
	return t
}
