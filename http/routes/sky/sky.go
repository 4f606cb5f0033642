// Package sky is the glue of the Sky family's routes: the planets and
// asteroids at an instant, retrograde stations, the Moon and its phases,
// void-of-course periods, and ephemeris tables (engine/sky). Every route
// reads its instant with engine/moment (datetime or year..second, omitted
// for the time of the call) or its span with moment.Range (start and end,
// or a calendar year), and its zodiac with sky.Zodiac, so the field names,
// defaults and errors are the same on every route.
package sky

import (
	"errors"
	"fmt"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/moment"
	"github.com/astroapi/astroapi/engine/sky"
	"github.com/astroapi/astroapi/http/op"
)

// Deps are what the sky routes calculate with.
type Deps struct {
	Positions engine.Positions // nil: the routes answer 503
}

// instantNote is the part of every description that explains the
// instant.
const instantNote = " The instant: datetime (ISO 8601; with Z or an offset it names an instant, without one it is a local time in timezone), " +
	"or year, month, day with optional hour, minute, second (local time in timezone, IANA, default UTC), or nothing for the time of the call " +
	"(such answers are never cached). Years run from -3000 to 3000 (astronomical numbering: 0 is 1 BC); dates before 1582-10-15 are Julian " +
	"unless calendar says gregorian. The interpreted instant is echoed in input.instant. Within 1800-2400 positions come from the tables " +
	"fitted to the Swiss Ephemeris files (within 0.001\"), outside from its Moshier theory (about 1\" for the planets, a few arcseconds for the Moon), " +
	"as each result's source says."

// rangeNote explains the span of the range routes.
const rangeNote = " The span: start and end (ISO 8601 dates or date-times; a date alone is its 00:00, local time in timezone unless an offset is given), " +
	"or year for a whole calendar year; calendar and the year range as for an instant. The interpreted ends are echoed in input.start and input.end. " +
	"Instants found are reported in UTC to the minute, with the Julian day (UT) of the root found to under a second."

// Ops returns the sky routes.
func Ops(d Deps) []*op.Operation {
	unavailable := op.Missing(d.Positions == nil, "no ephemeris is configured on this server")
	spec := func(id, path, summary, description string) op.Spec {
		// Cacheable: an explicit instant gives the same answer every time;
		// an omitted one (now) says so through UsesNow and is not kept.
		return op.Spec{ID: id, Path: path, Family: "Sky", Summary: summary, Description: description,
			Cacheable: true, Unavailable: unavailable}
	}
	planets := "Every body the engine knows (Sun..Pluto, mean and true node, Lilith as the mean lunar apogee, Chiron, Ceres, Pallas, Juno, Vesta), " +
		"or those named in bodies, at an instant: sign, degree in the sign, ecliptic longitude and latitude, speed in longitude (degrees/day), " +
		"declination, retrograde, distance (AU) and the ephemeris that served each. Tropical or sidereal (zodiac_type, ayanamsa); " +
		"geocentric by default, topocentric (center topocentric with the observer's latitude, longitude and altitude) or heliocentric " +
		"(the Sun and the lunar points are then left out, as omitted says). Chiron and the asteroids exist only within 1800-2400." + instantNote
	moon := "The Moon at an instant: phase name (the 8 phases: each principal phase owns the 45° of elongation centred on it), Rudhyar's lunation phase, " +
		"phase angle (elongation in longitude from the Sun, 0-360°), illuminated fraction, age in days since the last new moon, sign, degree, " +
		"longitude, latitude, speed, declination, distance in km, the next sign ingress, the previous new moon and the next new moon, " +
		"first quarter, full moon and last quarter (found on the ephemeris to under a second, shown to the minute)." + instantNote
	void := "Whether the Moon is void of course at an instant, with the current period (or the next one when it is not void): from the Moon's last exact " +
		"Ptolemaic aspect (conjunction, sextile, square, trine, opposition; no orb) to one of the planets while in a sign, until it enters the next sign. " +
		"planets traditional (the default: Sun, Mercury, Venus, Mars, Jupiter, Saturn) or modern (adds Uranus, Neptune, Pluto). Aspects perfected in the " +
		"previous sign do not count; a Moon that makes no aspect in a sign is void from its ingress (last_aspect null). A sidereal zodiac moves the sign " +
		"boundaries, not the aspects." + instantNote
	asteroids := "The minor bodies the installed Swiss Ephemeris files cover (seas_18.se1 of swe-basic-data: Chiron, Ceres, Pallas, Juno, Vesta; 1800-2400) " +
		"at an instant, with the same fields and frames as /api/v1/planets, and a catalog of notable minor bodies saying which are served and why the " +
		"others are not (Pholus is in the file but not yet one of the engine's bodies; Eris, Sedna, Makemake, Haumea, Hygiea and Nessus need files " +
		"swe-basic-data does not ship). To add the asteroids to a chart, send include_asteroids to the chart routes." + instantNote
	return []*op.Operation{
		op.Post(spec("post-planets", "/api/v1/planets", "Planet positions at an instant (body)", planets), d.planets),
		op.Get(spec("get-planets", "/api/v1/planets", "Planet positions at an instant (query)", planets+" GET takes the same fields as query parameters (bodies comma-separated)."), d.planets),
		op.Post(spec("post-planets-stations", "/api/v1/planets/stations", "Retrograde stations and periods over a span",
			"Every station retrograde and station direct of the bodies (default Mercury..Pluto; Chiron, Ceres, Pallas, Juno and Vesta on request) in the span, "+
				"with the longitude, sign and degree at the station, and every retrograde period overlapping it with its length, the arc travelled backwards "+
				"and its shadow (from the planet's first arrival at the station-direct longitude to its return to the station-retrograde longitude). "+
				"Stations are roots of the speed in longitude found on the ephemeris to under a second. The Sun, the Moon, the nodes and Lilith have no "+
				"stations. At most 3653 days (ten years) per call: split longer spans."+rangeNote), d.stations),
		op.Post(spec("post-moon", "/api/v1/moon", "The Moon at an instant (body)", moon), d.moon),
		op.Get(spec("get-moon", "/api/v1/moon", "The Moon at an instant (query)", moon+" GET takes the same fields as query parameters."), d.moon),
		op.Post(spec("post-moon-phases", "/api/v1/moon/phases", "New moons, quarters and full moons over a span",
			"Every new moon, first quarter, full moon and last quarter in the span, in time order: the instants the Moon's elongation in longitude from "+
				"the Sun is 0, 90, 180 and 270 degrees (apparent geocentric positions), with the Moon's longitude, sign and degree then. "+
				"At most 731 days (two years) per call: split longer spans."+rangeNote), d.phases),
		op.Post(spec("post-void-of-course", "/api/v1/void-of-course", "Void-of-course Moon at an instant (body)", void), d.void),
		op.Get(spec("get-void-of-course", "/api/v1/void-of-course", "Void-of-course Moon at an instant (query)", void+" GET takes the same fields as query parameters."), d.void),
		op.Post(spec("post-void-of-course-periods", "/api/v1/void-of-course/periods", "Void-of-course periods over a span",
			"Every void-of-course period overlapping the span (the first may begin before it, the last end after it), each with the last aspect "+
				"(planet, aspect, exact instant, both longitudes), the start and end instants, the hours, the sign and the next sign. Definition and planets "+
				"as for /api/v1/void-of-course. At most 731 days (two years) per call: split longer spans."+rangeNote), d.voidPeriods),
		ephemerisOp(d, spec("post-ephemeris", "/api/v1/ephemeris", "Table of positions over a span (JSON or CSV, streamed)", ephemerisDescription)),
		op.Post(spec("post-asteroids", "/api/v1/asteroids", "Chiron and the main asteroids at an instant (body)", asteroids), d.asteroids),
		op.Get(spec("get-asteroids", "/api/v1/asteroids", "Chiron and the main asteroids at an instant (query)", asteroids+" GET takes the same fields as query parameters."), d.asteroids),
	}
}

// zodiacEcho is the interpreted zodiac.
type zodiacEcho struct {
	ZodiacType string          `json:"zodiac_type" doc:"zodiac used" enum:"tropical,sidereal"`
	Ayanamsa   engine.Ayanamsa `json:"ayanamsa,omitempty" doc:"ayanamsa used (sidereal only)"`
}

// zodiacOf reads the zodiac of a request, leaving its notices on the call.
func zodiacOf(c *op.Call, z sky.Zodiac) (engine.Ayanamsa, zodiacEcho) {
	sid, notes := z.Sidereal()
	c.Warn(notes...)
	e := zodiacEcho{ZodiacType: "tropical", Ayanamsa: sid}
	if sid != "" {
		e.ZodiacType = "sidereal"
	}
	return sid, e
}

// atEcho is the interpreted input of the routes at an instant.
type atEcho struct {
	Instant moment.Resolved `json:"instant" doc:"the instant as read"`
	zodiacEcho
}

// spanEcho is the interpreted input of the range routes.
type spanEcho struct {
	moment.Span
	zodiacEcho
}

// collect adds the field errors of err to errs and returns nil, or returns
// err when it is another failure.
func collect(errs *engine.Fields, err error) error {
	var fs engine.Fields
	var fe *engine.FieldError
	switch {
	case err == nil:
	case errors.As(err, &fs):
		*errs = append(*errs, fs...)
	case errors.As(err, &fe):
		*errs = append(*errs, fe)
	default:
		return err
	}
	return nil
}

// sourceNote warns when positions came from the Moshier theory.
func sourceNote(c *op.Call, src engine.Source) {
	if src == engine.FromMoshier {
		c.Warn("positions from the Swiss Ephemeris' Moshier theory (outside the 1800-2400 ephemeris files): about an arcsecond for the planets, a few arcseconds for the Moon")
	}
}

// bodiesOf parses a bodies list (nil when omitted).
func bodiesOf(names []string, errs *engine.Fields) []engine.Body {
	if names == nil {
		return nil
	}
	if len(names) == 0 {
		*errs = append(*errs, &engine.FieldError{Field: "bodies", Reason: "is empty: name at least one body, or leave bodies out for the default"})
		return nil
	}
	bodies, bad := sky.ParseBodies("bodies", names)
	*errs = append(*errs, bad...)
	return bodies
}

// frameRequest is the centre of the positions, with the observer of
// topocentric ones.
type frameRequest struct {
	Center    sky.Center `json:"center,omitempty" doc:"where positions are seen from: geocentric (the Earth's centre), topocentric (an observer at latitude, longitude, altitude) or heliocentric (the Sun's centre)" default:"geocentric"`
	Latitude  *float64   `json:"latitude,omitempty" doc:"observer's geographic latitude in degrees, north positive (center topocentric)" minimum:"-90" maximum:"90"`
	Longitude *float64   `json:"longitude,omitempty" doc:"observer's geographic longitude in degrees, east positive (center topocentric)" minimum:"-180" maximum:"180"`
	Altitude  *float64   `json:"altitude,omitempty" doc:"observer's height above sea level in metres (center topocentric), -500 to 10000" minimum:"-500" maximum:"10000" default:"0"`
}

// observer returns the observer of a topocentric frame (nil otherwise),
// leaving notices on the call.
func (f frameRequest) observer(c *op.Call, errs *engine.Fields) *engine.Observer {
	sent := f.Latitude != nil || f.Longitude != nil || f.Altitude != nil
	if f.Center != sky.Topocentric {
		if sent {
			c.Warn("latitude, longitude and altitude ignored: they apply only with center topocentric")
		}
		return nil
	}
	if f.Latitude == nil || f.Longitude == nil {
		for _, p := range []struct {
			name string
			v    *float64
		}{{"latitude", f.Latitude}, {"longitude", f.Longitude}} {
			if p.v == nil {
				*errs = append(*errs, &engine.FieldError{Field: p.name, Reason: "is required with center topocentric"})
			}
		}
		return nil
	}
	obs := &engine.Observer{Latitude: *f.Latitude, Longitude: *f.Longitude}
	if f.Altitude != nil {
		obs.Altitude = *f.Altitude
	}
	return obs
}

// planetsRequest is the input of the planets routes.
type planetsRequest struct {
	moment.Input
	sky.Zodiac
	Bodies []string `json:"bodies,omitempty" doc:"the bodies to give, by key: sun, moon, mercury, venus, mars, jupiter, saturn, uranus, neptune, pluto, mean_node, true_node, lilith, chiron, ceres, pallas, juno, vesta (display names such as \"True Node\" are read too); omitted: all of them"`
	frameRequest
}

// planetsEcho is the interpreted input of the planets routes.
type planetsEcho struct {
	atEcho
	Bodies []string   `json:"bodies" doc:"the bodies asked for"`
	Center sky.Center `json:"center" doc:"centre of the positions" enum:"geocentric,topocentric,heliocentric"`
}

func (d Deps) planets(c *op.Call, in *planetsRequest) (*sky.Planets, error) {
	var errs engine.Fields
	at, err := in.Input.Resolve(c, "")
	if err := collect(&errs, err); err != nil {
		return nil, err
	}
	sid, z := zodiacOf(c, in.Zodiac)
	o := sky.PlanetsOptions{Sidereal: sid, Center: in.Center, Bodies: bodiesOf(in.Bodies, &errs), Observer: in.frameRequest.observer(c, &errs)}
	if len(errs) > 0 {
		return nil, errs
	}
	res, err := sky.PlanetsAt(d.Positions, at.JDUT(), o)
	if err != nil {
		return nil, err
	}
	e := planetsEcho{atEcho: atEcho{Instant: at, zodiacEcho: z}, Center: res.Frame.Center}
	bodies := o.Bodies
	if bodies == nil {
		bodies = engine.AllBodies()
	}
	for _, b := range bodies {
		e.Bodies = append(e.Bodies, string(sky.KeyOf(b)))
	}
	c.Echo(e)
	sourceNote(c, res.Source)
	return res, nil
}

// stationsRequest is the input of the stations route.
type stationsRequest struct {
	moment.Range
	Bodies []string `json:"bodies,omitempty" doc:"the bodies to search, by key: mercury, venus, mars, jupiter, saturn, uranus, neptune, pluto, chiron, ceres, pallas, juno, vesta; omitted: mercury..pluto"`
	sky.Zodiac
}

// stationsEcho is the interpreted input of the stations route.
type stationsEcho struct {
	spanEcho
	Bodies []string `json:"bodies" doc:"the bodies searched"`
}

func (d Deps) stations(c *op.Call, in *stationsRequest) (*sky.Stations, error) {
	var errs engine.Fields
	span, err := in.Range.Resolve(c, "")
	if err := collect(&errs, err); err != nil {
		return nil, err
	}
	sid, z := zodiacOf(c, in.Zodiac)
	bodies := bodiesOf(in.Bodies, &errs)
	if len(errs) > 0 {
		return nil, errs
	}
	res, err := sky.FindStations(d.Positions, sky.StationsOptions{Start: span.Start.JDUT(), End: span.End.JDUT(), Bodies: bodies, Sidereal: sid})
	if err != nil {
		return nil, err
	}
	if bodies == nil {
		bodies = sky.StationPlanets
	}
	e := stationsEcho{spanEcho: spanEcho{Span: span, zodiacEcho: z}}
	for _, b := range bodies {
		e.Bodies = append(e.Bodies, string(sky.KeyOf(b)))
	}
	c.Echo(e)
	sourceNote(c, res.Source)
	return res, nil
}

// atRequest is the input of the routes that read the sky at an instant
// with nothing more than a zodiac.
type atRequest struct {
	moment.Input
	sky.Zodiac
}

func (d Deps) moon(c *op.Call, in *atRequest) (*sky.Moon, error) {
	var errs engine.Fields
	at, err := in.Input.Resolve(c, "")
	if err := collect(&errs, err); err != nil {
		return nil, err
	}
	sid, z := zodiacOf(c, in.Zodiac)
	if len(errs) > 0 {
		return nil, errs
	}
	res, err := sky.MoonAt(d.Positions, at.JDUT(), sky.MoonOptions{Sidereal: sid})
	if err != nil {
		return nil, err
	}
	c.Echo(atEcho{Instant: at, zodiacEcho: z})
	sourceNote(c, res.Source)
	return res, nil
}

// rangeRequest is the input of the range routes with nothing more than a
// zodiac.
type rangeRequest struct {
	moment.Range
	sky.Zodiac
}

func (d Deps) phases(c *op.Call, in *rangeRequest) (*sky.Phases, error) {
	var errs engine.Fields
	span, err := in.Range.Resolve(c, "")
	if err := collect(&errs, err); err != nil {
		return nil, err
	}
	sid, z := zodiacOf(c, in.Zodiac)
	if len(errs) > 0 {
		return nil, errs
	}
	res, err := sky.MoonPhases(d.Positions, sky.RangeOptions{Start: span.Start.JDUT(), End: span.End.JDUT(), Sidereal: sid})
	if err != nil {
		return nil, err
	}
	c.Echo(spanEcho{Span: span, zodiacEcho: z})
	sourceNote(c, res.Source)
	return res, nil
}

// voidRequest is the input of the void-of-course routes at an instant.
type voidRequest struct {
	moment.Input
	Planets sky.PlanetSet `json:"planets,omitempty" doc:"whose aspects count: traditional (Sun, Mercury, Venus, Mars, Jupiter, Saturn) or modern (adds Uranus, Neptune, Pluto)" default:"traditional"`
	sky.Zodiac
}

// voidEcho is the interpreted input of the void-of-course routes.
type voidEcho struct {
	Instant *moment.Resolved `json:"instant,omitempty" doc:"the instant as read (at an instant)"`
	*moment.Span
	Planets sky.PlanetSet `json:"planets" doc:"the planet set used" enum:"traditional,modern"`
	zodiacEcho
}

func planetSet(p sky.PlanetSet) sky.PlanetSet {
	if p == "" {
		return sky.Traditional
	}
	return p
}

func (d Deps) void(c *op.Call, in *voidRequest) (*sky.Void, error) {
	var errs engine.Fields
	at, err := in.Input.Resolve(c, "")
	if err := collect(&errs, err); err != nil {
		return nil, err
	}
	sid, z := zodiacOf(c, in.Zodiac)
	if len(errs) > 0 {
		return nil, errs
	}
	res, err := sky.VoidAt(d.Positions, at.JDUT(), sky.VoidOptions{Planets: in.Planets, Sidereal: sid})
	if err != nil {
		return nil, err
	}
	c.Echo(voidEcho{Instant: &at, Planets: planetSet(in.Planets), zodiacEcho: z})
	sourceNote(c, res.Source)
	return res, nil
}

// voidRangeRequest is the input of the void-of-course periods route.
type voidRangeRequest struct {
	moment.Range
	Planets sky.PlanetSet `json:"planets,omitempty" doc:"whose aspects count: traditional (Sun, Mercury, Venus, Mars, Jupiter, Saturn) or modern (adds Uranus, Neptune, Pluto)" default:"traditional"`
	sky.Zodiac
}

func (d Deps) voidPeriods(c *op.Call, in *voidRangeRequest) (*sky.VoidList, error) {
	var errs engine.Fields
	span, err := in.Range.Resolve(c, "")
	if err := collect(&errs, err); err != nil {
		return nil, err
	}
	sid, z := zodiacOf(c, in.Zodiac)
	if len(errs) > 0 {
		return nil, errs
	}
	res, err := sky.VoidPeriods(d.Positions, sky.VoidRangeOptions{Start: span.Start.JDUT(), End: span.End.JDUT(),
		VoidOptions: sky.VoidOptions{Planets: in.Planets, Sidereal: sid}})
	if err != nil {
		return nil, err
	}
	c.Echo(voidEcho{Span: &span, Planets: planetSet(in.Planets), zodiacEcho: z})
	sourceNote(c, res.Source)
	return res, nil
}

// asteroidsRequest is the input of the asteroids routes.
type asteroidsRequest struct {
	moment.Input
	sky.Zodiac
	frameRequest
}

// asteroidsEcho is the interpreted input of the asteroids routes.
type asteroidsEcho struct {
	atEcho
	Center sky.Center `json:"center" doc:"centre of the positions" enum:"geocentric,topocentric,heliocentric"`
}

func (d Deps) asteroids(c *op.Call, in *asteroidsRequest) (*sky.Asteroids, error) {
	var errs engine.Fields
	at, err := in.Input.Resolve(c, "")
	if err := collect(&errs, err); err != nil {
		return nil, err
	}
	sid, z := zodiacOf(c, in.Zodiac)
	obs := in.frameRequest.observer(c, &errs)
	if len(errs) > 0 {
		return nil, errs
	}
	res, err := sky.AsteroidsAt(d.Positions, at.JDUT(), sky.AsteroidsOptions{Sidereal: sid, Center: in.Center, Observer: obs})
	if err != nil {
		return nil, err
	}
	if len(res.Omitted) > 0 {
		c.Warn(fmt.Sprintf("%d of the %d bodies left out: %s", len(res.Omitted), len(sky.AsteroidBodies), res.Omitted[0].Reason))
	}
	c.Echo(asteroidsEcho{atEcho: atEcho{Instant: at, zodiacEcho: z}, Center: res.Frame.Center})
	return res, nil
}
