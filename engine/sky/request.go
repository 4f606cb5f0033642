package sky

import (
	"errors"
	"fmt"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/moment"
	"github.com/astroapi/astroapi/engine/resolve"
)

// The requests of the sky routes. Each is read by the API's input stage
// (or resolved by a Go caller with resolve.Fixed): its instant or span
// (package moment), its zodiac and its viewpoint resolve themselves, and
// the requests with a rule across fields (the length of a span, the bodies
// a search accepts) declare Resolve. Resolved, a request is its own echo:
// every default applied is written back (the zodiac, the bodies, the
// altitude of an observer, the step of a table), in the form a caller
// sends, so that the echo sent back gives the same answer. The methods
// that compute (Planets, Moon, ...) take a resolved request and leave the
// result's notices (positions from the Moshier theory) on w.

// Zodiac is the zodiac a request asks for, read as the natal route reads
// it: zodiac_type tropical (the default) or sidereal, and the ayanamsa,
// used only with sidereal (lahiri when omitted). Routes embed it; the
// door checks both enumerations and it resolves itself.
type Zodiac struct {
	ZodiacType engine.Zodiac   `json:"zodiac_type,omitempty" doc:"tropical or sidereal zodiac" default:"tropical"`
	Ayanamsa   engine.Ayanamsa `json:"ayanamsa,omitempty" doc:"sidereal offset, used only with zodiac_type sidereal (ignored with a warning otherwise); sidereal without it uses lahiri"`
}

// Resolve settles the zodiac by the rule every chart follows
// (engine.Zodiac.Sidereal): tropical when omitted, lahiri for a sidereal
// zodiac without an ayanamsa, and an ayanamsa sent with the tropical
// zodiac cleared with a notice (the echo states the zodiac used).
func (z *Zodiac) Resolve(c resolve.Context, prefix string) error {
	sid, note := z.ZodiacType.Sidereal(z.Ayanamsa)
	if note != "" {
		c.Warn(prefix + note)
	}
	z.Ayanamsa = sid
	if z.ZodiacType == "" {
		z.ZodiacType = engine.Tropical
	}
	return nil
}

// Sidereal returns the ayanamsa of the zodiac ("" for the tropical one)
// and the notices for the caller (an ayanamsa sent with the tropical
// zodiac is ignored): for the requests that embed Zodiac and resolve it
// themselves.
func (z Zodiac) Sidereal() (engine.Ayanamsa, []string) {
	sid, note := z.ZodiacType.Sidereal(z.Ayanamsa)
	if note != "" {
		return sid, []string{note}
	}
	return sid, nil
}

// ayanamsa is the ayanamsa of a zodiac ("" for the tropical one).
func (z Zodiac) ayanamsa() engine.Ayanamsa {
	sid, _ := z.ZodiacType.Sidereal(z.Ayanamsa)
	return sid
}

// Viewpoint is where positions are seen from: the Earth's centre, an
// observer on its surface or the Sun's centre. It resolves itself: a
// topocentric viewpoint needs the observer's latitude and longitude (its
// altitude is 0 when omitted, written back); the observer sent with another
// centre is ignored with a notice and cleared.
type Viewpoint struct {
	Center    Center   `json:"center,omitempty" doc:"where positions are seen from: geocentric (the Earth's centre), topocentric (an observer at latitude, longitude, altitude) or heliocentric (the Sun's centre)" default:"geocentric"`
	Latitude  *float64 `json:"latitude,omitempty" doc:"observer's geographic latitude in degrees, north positive (center topocentric, required there)" minimum:"-90" maximum:"90"`
	Longitude *float64 `json:"longitude,omitempty" doc:"observer's geographic longitude in degrees, east positive (center topocentric, required there)" minimum:"-180" maximum:"180"`
	Altitude  *float64 `json:"altitude,omitempty" doc:"observer's height above sea level in metres (center topocentric), -500 to 10000" minimum:"-500" maximum:"10000" default:"0"`
}

// Resolve checks the observer of a topocentric viewpoint.
func (v *Viewpoint) Resolve(c resolve.Context, prefix string) error {
	if v.Center == "" {
		v.Center = Geocentric
	}
	if v.Center != Topocentric {
		if v.Latitude != nil || v.Longitude != nil || v.Altitude != nil {
			c.Warn(prefix + "latitude, longitude and altitude ignored: they apply only with center topocentric")
			v.Latitude, v.Longitude, v.Altitude = nil, nil, nil
		}
		return nil
	}
	var errs engine.Fields
	if v.Latitude == nil {
		errs.Bad(prefix+"latitude", "is required with center topocentric")
	}
	if v.Longitude == nil {
		errs.Bad(prefix+"longitude", "is required with center topocentric")
	}
	if v.Altitude == nil {
		v.Altitude = new(float64)
	}
	return errs.Err()
}

// Observer returns the observer of a resolved topocentric viewpoint, nil
// for the other centres.
func (v Viewpoint) Observer() *engine.Observer {
	if v.Center != Topocentric || v.Latitude == nil || v.Longitude == nil {
		return nil
	}
	o := &engine.Observer{Latitude: *v.Latitude, Longitude: *v.Longitude}
	if v.Altitude != nil {
		o.Altitude = *v.Altitude
	}
	return o
}

// readBodies reads the bodies field of a request: each name (a key or a
// display name) parsed and written back as its key, every unknown or
// repeated one reported by its index; omitted, the bodies are def, written
// back too. An empty list is refused: it would ask for nothing.
func readBodies(names *[]string, prefix string, def []engine.Body) ([]engine.Body, engine.Fields) {
	if *names == nil {
		*names = keys(def)
		return def, nil
	}
	if len(*names) == 0 {
		return nil, engine.Fields{{Field: prefix + "bodies", Reason: "is empty: name at least one body, or leave bodies out for the default"}}
	}
	bodies, errs := ParseBodies(prefix+"bodies", *names)
	if len(errs) > 0 {
		return nil, errs
	}
	*names = keys(bodies)
	return bodies, nil
}

// keys returns the request keys of bodies.
func keys(bodies []engine.Body) []string {
	out := make([]string, len(bodies))
	for i, b := range bodies {
		out[i] = string(KeyOf(b))
	}
	return out
}

// noteSource leaves the notice of positions from the Moshier theory on w.
func noteSource(w interface{ Warn(...string) }, src engine.Source) {
	if src == engine.FromMoshier {
		w.Warn(engine.MoshierNote)
	}
}

// rangeHints are the names callers send for a span by mistake.
var rangeHints = map[string]string{
	"from":     `a span is start and end (ISO 8601 dates or date-times), or year`,
	"to":       `a span is start and end (ISO 8601 dates or date-times), or year`,
	"until":    `a span is start and end (ISO 8601 dates or date-times), or year`,
	"date":     `this route takes a span, not an instant: start and end (ISO 8601), or year`,
	"datetime": `this route takes a span, not an instant: start and end (ISO 8601), or year`,
}

// bodiesHints point the names of a list of bodies to bodies.
var bodiesHints = map[string]string{
	"body":    `did you mean "bodies"? (a list of body keys: ["sun", "moon"])`,
	"planets": `did you mean "bodies"? (a list of body keys: ["sun", "moon"])`,
}

// PlanetsRequest is the input of the planets routes: an instant, the
// zodiac, the bodies and the viewpoint.
type PlanetsRequest struct {
	moment.Input
	Zodiac
	Bodies []string `json:"bodies,omitempty" doc:"the bodies to give, by key: sun, moon, mercury, venus, mars, jupiter, saturn, uranus, neptune, pluto, mean_node, true_node, lilith, chiron, ceres, pallas, juno, vesta (display names such as \"True Node\" are read too, and echoed as keys); omitted: all of them"`
	Viewpoint

	bodies []engine.Body
}

// Hints advises on names sent by mistake.
func (*PlanetsRequest) Hints() map[string]string { return bodiesHints }

// Resolve resolves the instant, the zodiac and the viewpoint and reads the
// bodies.
func (r *PlanetsRequest) Resolve(c resolve.Context, prefix string) error {
	var errs engine.Fields
	for _, part := range []resolve.Resolver{&r.Input, &r.Zodiac, &r.Viewpoint} {
		if err := errs.Add(part.Resolve(c, prefix)); err != nil {
			return err
		}
	}
	var bad engine.Fields
	r.bodies, bad = readBodies(&r.Bodies, prefix, engine.AllBodies())
	return append(errs, bad...).Err()
}

// Options returns the options of a resolved request.
func (r *PlanetsRequest) Options() PlanetsOptions {
	return PlanetsOptions{Bodies: r.bodies, Sidereal: r.Zodiac.ayanamsa(), Center: r.Center, Observer: r.Viewpoint.Observer()}
}

// Planets returns the bodies of a resolved request at its instant.
func (r *PlanetsRequest) Planets(pos engine.Positions, w interface{ Warn(...string) }) (*Planets, error) {
	res, err := PlanetsAt(pos, r.Input.Resolved().JDUT(), r.Options())
	if err != nil {
		return nil, err
	}
	noteSource(w, res.Source)
	return res, nil
}

// AsteroidsRequest is the input of the asteroids routes: an instant, the
// zodiac and the viewpoint (its parts resolve themselves).
type AsteroidsRequest struct {
	moment.Input
	Zodiac
	Viewpoint
}

// Asteroids returns the minor bodies at the instant of a resolved request,
// saying on w which the ephemeris left out.
func (r *AsteroidsRequest) Asteroids(pos engine.Positions, w interface{ Warn(...string) }) (*Asteroids, error) {
	res, err := AsteroidsAt(pos, r.Input.Resolved().JDUT(), AsteroidsOptions{Sidereal: r.Zodiac.ayanamsa(), Center: r.Center, Observer: r.Viewpoint.Observer()})
	if err != nil {
		return nil, err
	}
	if len(res.Omitted) > 0 {
		w.Warn(fmt.Sprintf("%d of the %d bodies left out: %s", len(res.Omitted), len(AsteroidBodies), res.Omitted[0].Reason))
	}
	noteSource(w, res.Source)
	return res, nil
}

// MoonRequest is the input of the Moon routes: an instant and the zodiac
// of the Moon's sign (its parts resolve themselves).
type MoonRequest struct {
	moment.Input
	Zodiac
}

// Moon returns the Moon at the instant of a resolved request.
func (r *MoonRequest) Moon(pos engine.Positions, w interface{ Warn(...string) }) (*Moon, error) {
	res, err := MoonAt(pos, r.Input.Resolved().JDUT(), MoonOptions{Sidereal: r.Zodiac.ayanamsa()})
	if err != nil {
		return nil, err
	}
	noteSource(w, res.Source)
	return res, nil
}

// VoidRequest is the input of the void-of-course routes at an instant (its
// parts resolve themselves; the door fills the planet set's default).
type VoidRequest struct {
	moment.Input
	Planets PlanetSet `json:"planets,omitempty" doc:"whose aspects count: traditional (Sun, Mercury, Venus, Mars, Jupiter, Saturn) or modern (adds Uranus, Neptune, Pluto)" default:"traditional"`
	Zodiac
}

// Void returns the void-of-course period of a resolved request's instant.
func (r *VoidRequest) Void(pos engine.Positions, w interface{ Warn(...string) }) (*Void, error) {
	res, err := VoidAt(pos, r.Input.Resolved().JDUT(), VoidOptions{Planets: r.Planets, Sidereal: r.Zodiac.ayanamsa()})
	if err != nil {
		return nil, err
	}
	noteSource(w, res.Source)
	return res, nil
}

// resolveSpan resolves the range and the zodiac of a span request and,
// when both ends resolved, checks its length (end after start, at most
// maxDays, said as limit). The errors are gathered into errs; another
// failure is returned.
func resolveSpan(c resolve.Context, prefix string, rg *moment.Range, z *Zodiac, maxDays float64, limit string, errs *engine.Fields) error {
	var spanErrs engine.Fields
	if err := spanErrs.Add(rg.Resolve(c, prefix)); err != nil {
		return err
	}
	if len(spanErrs) == 0 {
		s := rg.Span()
		spanErrs = checkSpan(s.Start.JDUT(), s.End.JDUT(), maxDays, limit).Prefixed(prefix)
	}
	*errs = append(*errs, spanErrs...)
	return errs.Add(z.Resolve(c, prefix))
}

// StationsRequest is the input of the stations route: a span of at most
// MaxStationDays, the bodies and the zodiac.
type StationsRequest struct {
	moment.Range
	Bodies []string `json:"bodies,omitempty" doc:"the bodies to search, by key: mercury, venus, mars, jupiter, saturn, uranus, neptune, pluto, chiron, ceres, pallas, juno, vesta; omitted: mercury..pluto (written back in the echo)"`
	Zodiac

	bodies []engine.Body
}

// Hints advises on names sent by mistake.
func (*StationsRequest) Hints() map[string]string { return mergeHints(rangeHints, bodiesHints) }

// Resolve resolves the span and the zodiac, checks the span's length and
// reads the bodies (those that have stations).
func (r *StationsRequest) Resolve(c resolve.Context, prefix string) error {
	var errs engine.Fields
	if err := resolveSpan(c, prefix, &r.Range, &r.Zodiac, MaxStationDays, "ten years", &errs); err != nil {
		return err
	}
	bodies, bad := readBodies(&r.Bodies, prefix, StationPlanets)
	if len(bad) == 0 {
		bad = checkBodies(prefix+"bodies", bodies, StationBodies(), stationBodiesText)
	}
	r.bodies = bodies
	return append(errs, bad...).Err()
}

// Stations returns the stations and retrograde periods of a resolved
// request.
func (r *StationsRequest) Stations(pos engine.Positions, w interface{ Warn(...string) }) (*Stations, error) {
	s := r.Range.Span()
	res, err := FindStations(pos, StationsOptions{Start: s.Start.JDUT(), End: s.End.JDUT(), Bodies: r.bodies, Sidereal: r.Zodiac.ayanamsa()})
	if err != nil {
		return nil, err
	}
	noteSource(w, res.Source)
	return res, nil
}

// PhasesRequest is the input of the Moon's phases over a span of at most
// MaxRangeDays.
type PhasesRequest struct {
	moment.Range
	Zodiac
}

// Hints advises on names sent by mistake.
func (*PhasesRequest) Hints() map[string]string { return rangeHints }

// Resolve resolves the span and the zodiac and checks the span's length.
func (r *PhasesRequest) Resolve(c resolve.Context, prefix string) error {
	var errs engine.Fields
	if err := resolveSpan(c, prefix, &r.Range, &r.Zodiac, MaxRangeDays, "two years", &errs); err != nil {
		return err
	}
	return errs.Err()
}

// Phases returns the Moon's quarters over a resolved request's span.
func (r *PhasesRequest) Phases(pos engine.Positions, w interface{ Warn(...string) }) (*Phases, error) {
	s := r.Range.Span()
	res, err := MoonPhases(pos, RangeOptions{Start: s.Start.JDUT(), End: s.End.JDUT(), Sidereal: r.Zodiac.ayanamsa()})
	if err != nil {
		return nil, err
	}
	noteSource(w, res.Source)
	return res, nil
}

// VoidPeriodsRequest is the input of the void-of-course periods over a
// span of at most MaxRangeDays.
type VoidPeriodsRequest struct {
	moment.Range
	Planets PlanetSet `json:"planets,omitempty" doc:"whose aspects count: traditional (Sun, Mercury, Venus, Mars, Jupiter, Saturn) or modern (adds Uranus, Neptune, Pluto)" default:"traditional"`
	Zodiac
}

// Hints advises on names sent by mistake.
func (*VoidPeriodsRequest) Hints() map[string]string { return rangeHints }

// Resolve resolves the span and the zodiac and checks the span's length.
func (r *VoidPeriodsRequest) Resolve(c resolve.Context, prefix string) error {
	var errs engine.Fields
	if err := resolveSpan(c, prefix, &r.Range, &r.Zodiac, MaxRangeDays, "two years", &errs); err != nil {
		return err
	}
	if r.Planets == "" {
		r.Planets = Traditional
	}
	return errs.Err()
}

// Periods returns the void-of-course periods overlapping a resolved
// request's span.
func (r *VoidPeriodsRequest) Periods(pos engine.Positions, w interface{ Warn(...string) }) (*VoidList, error) {
	s := r.Range.Span()
	res, err := VoidPeriods(pos, VoidRangeOptions{Start: s.Start.JDUT(), End: s.End.JDUT(),
		VoidOptions: VoidOptions{Planets: r.Planets, Sidereal: r.Zodiac.ayanamsa()}})
	if err != nil {
		return nil, err
	}
	noteSource(w, res.Source)
	return res, nil
}

// EphemerisRequest is the input of a table of positions: a span, the step
// between rows, the bodies and the zodiac; at most MaxRows rows.
type EphemerisRequest struct {
	moment.Range
	Step     *int     `json:"step,omitempty" doc:"the step between rows, a whole number of step_unit" minimum:"1" default:"1"`
	StepUnit StepUnit `json:"step_unit,omitempty" doc:"unit of step: hours or days" default:"days"`
	Bodies   []string `json:"bodies,omitempty" doc:"the bodies of each row, by key: sun, moon, mercury, venus, mars, jupiter, saturn, uranus, neptune, pluto, mean_node, true_node, lilith, chiron, ceres, pallas, juno, vesta; omitted: sun..pluto (written back in the echo)"`
	Zodiac

	bodies []engine.Body
}

// Hints advises on names sent by mistake.
func (*EphemerisRequest) Hints() map[string]string {
	return mergeHints(rangeHints, bodiesHints, map[string]string{
		"interval": `did you mean "step"? (a whole number of step_unit, hours or days)`,
		"unit":     `did you mean "step_unit"? (hours or days)`,
	})
}

// Resolve resolves the span and the zodiac, reads the bodies, writes the
// step's default back and bounds the table (end not before start, at most
// MaxRows rows).
func (r *EphemerisRequest) Resolve(c resolve.Context, prefix string) error {
	var errs engine.Fields
	for _, part := range []resolve.Resolver{&r.Range, &r.Zodiac} {
		if err := errs.Add(part.Resolve(c, prefix)); err != nil {
			return err
		}
	}
	if r.Step == nil {
		one := 1
		r.Step = &one
	}
	if r.StepUnit == "" {
		r.StepUnit = Days
	}
	var bad engine.Fields
	r.bodies, bad = readBodies(&r.Bodies, prefix, DefaultEphemerisBodies)
	errs = append(errs, bad...)
	if len(errs) == 0 {
		errs = r.Options().Validate().Prefixed(prefix)
	}
	return errs.Err()
}

// Options returns the options of a resolved request.
func (r *EphemerisRequest) Options() EphemerisOptions {
	s := r.Range.Span()
	o := EphemerisOptions{Start: s.Start.JDUT(), End: s.End.JDUT(), Step: 1, Unit: r.StepUnit, Bodies: r.bodies, Sidereal: r.Zodiac.ayanamsa()}
	if r.Step != nil {
		o.Step = *r.Step
	}
	return o
}

// Table opens the table of a resolved request: its header and its rows,
// checked first, so that a table the ephemeris cannot serve (Chiron and
// the asteroids outside 1800-2400) is refused, naming bodies, before a row
// is sent.
func (r *EphemerisRequest) Table(pos engine.Positions) (*EphemerisHeader, *Table, error) {
	o := r.Options()
	header, err := o.Header(pos)
	if err != nil {
		return nil, nil, err
	}
	table, err := NewTable(pos, o)
	if err != nil {
		return nil, nil, err
	}
	if err := table.Check(); err != nil {
		if errors.Is(err, engine.ErrOutOfRange) {
			return nil, nil, &engine.FieldError{Field: "bodies", Reason: "the ephemeris does not cover every body over this span: Chiron and the asteroids exist only from 1800 to 2400; leave them out or narrow the span"}
		}
		return nil, nil, err
	}
	return header, table, nil
}

// mergeHints joins hint maps (the later wins).
func mergeHints(ms ...map[string]string) map[string]string {
	out := map[string]string{}
	for _, m := range ms {
		for k, v := range m {
			out[k] = v
		}
	}
	return out
}
