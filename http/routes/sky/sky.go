// Package sky is the glue of the Sky family's routes: the planets and
// asteroids at an instant, retrograde stations, the Moon and its phases,
// void-of-course periods, and ephemeris tables. The requests are
// engine/sky's (sky.PlanetsRequest, ...): their instant (moment.Input:
// datetime, date and time, or year..second, omitted for the time of the
// call) or span (moment.Range: start and end, or a calendar year), zodiac
// and viewpoint resolve themselves at the door, so the field names,
// defaults, errors and echo are the same on every route; a handler reads
// the resolved request and calls the engine.
package sky

import (
	"github.com/astroapi/astroapi/engine"
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
	"or date (YYYY-MM-DD) and time (HH:MM[:SS]), or year, month, day with optional hour, minute, second (local time in timezone: an IANA name " +
	"or a fixed offset, default UTC), or nothing for the time of the call (such answers are never cached). Years run from -3000 to 3000 " +
	"(astronomical numbering: 0 is 1 BC); dates before 1582-10-15 are Julian unless calendar says gregorian. The echo (input) is the request " +
	"resolved: datetime as the local time read, with utc, julian_day, utc_offset and now beside it, and every default applied (zodiac, bodies, " +
	"centre); sent back, it gives the same answer. Within 1800-2400 positions come from the tables " +
	"fitted to the Swiss Ephemeris files (within 0.001\"), outside from its Moshier theory (about 1\" for the planets, a few arcseconds for the Moon), " +
	"as each result's source says."

// rangeNote explains the span of the range routes.
const rangeNote = " The span: start and end (ISO 8601 dates or date-times; a date alone is its 00:00, local time in timezone unless an offset is given), " +
	"or year for a whole calendar year; calendar and the year range as for an instant. The echo (input) gives the ends read as local times in start and end, " +
	"with start_utc and end_utc beside them. " +
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

func (d Deps) planets(c *op.Call, in *sky.PlanetsRequest) (*sky.Planets, error) {
	return in.Planets(d.Positions, c)
}

func (d Deps) stations(c *op.Call, in *sky.StationsRequest) (*sky.Stations, error) {
	return in.Stations(d.Positions, c)
}

func (d Deps) moon(c *op.Call, in *sky.MoonRequest) (*sky.Moon, error) {
	return in.Moon(d.Positions, c)
}

func (d Deps) phases(c *op.Call, in *sky.PhasesRequest) (*sky.Phases, error) {
	return in.Phases(d.Positions, c)
}

func (d Deps) void(c *op.Call, in *sky.VoidRequest) (*sky.Void, error) {
	return in.Void(d.Positions, c)
}

func (d Deps) voidPeriods(c *op.Call, in *sky.VoidPeriodsRequest) (*sky.VoidList, error) {
	return in.Periods(d.Positions, c)
}

func (d Deps) asteroids(c *op.Call, in *sky.AsteroidsRequest) (*sky.Asteroids, error) {
	return in.Asteroids(d.Positions, c)
}
