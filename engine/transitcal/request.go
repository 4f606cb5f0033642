package transitcal

import (
	"fmt"
	"math"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/aspects"
	"github.com/astroapi/astroapi/engine/moment"
	"github.com/astroapi/astroapi/engine/natal"
	"github.com/astroapi/astroapi/engine/resolve"
	"github.com/astroapi/astroapi/engine/sky"
	"github.com/astroapi/astroapi/engine/transits"
)

// Request is the input of the transit calendar: the birth and its chart
// settings under natal, the range at the top level (start and end, or a
// year), the transiting bodies, the orbs and the extra events. It resolves
// itself; resolved, it is its own echo (the bodies used written back).
type Request struct {
	Natal natal.Request `json:"natal" required:"true" doc:"the birth and its chart settings, as the natal route takes them (POST /api/v1/natal)" example:"{\"year\":1990,\"month\":4,\"day\":12,\"hour\":14,\"minute\":30,\"latitude\":48.8566,\"longitude\":2.3522,\"timezone\":\"Europe/Paris\"}"`
	moment.Range
	Bodies              []sky.BodyKey      `json:"bodies,omitempty" doc:"transiting bodies by key (default sun..pluto); with any of sun, moon, mercury, venus, mars, lilith and the asteroids the range is at most a year, else ten years" maxItems:"18"`
	Orbs                map[string]float64 `json:"orbs,omitempty" doc:"orb in degrees (0-15) per aspect name, replacing the defaults (3° conjunction, opposition, square, trine; 2° sextile; 1° each minor aspect); only the aspects listed are looked for" example:"{\"conjunction\":1,\"opposition\":1,\"square\":1,\"trine\":1}"`
	IncludeMinorAspects bool               `json:"include_minor_aspects,omitempty" doc:"also look for the minor aspects at 1° (semi-sextile, semi-square, quintile, sesquiquadrate, biquintile, quincunx)" default:"false"`
	IncludeIngresses    bool               `json:"include_ingresses,omitempty" doc:"add the transiting bodies' sign ingresses" default:"false"`
	IncludeStations     bool               `json:"include_stations,omitempty" doc:"add the transiting bodies' stations (retrograde and direct)" default:"false"`
	IncludeLunarPhases  bool               `json:"include_lunar_phases,omitempty" doc:"add the new moons, quarters and full moons" default:"false"`

	orbs   aspects.Orbs
	bodies []engine.Body
}

// Resolve resolves the birth (errors named natal.<field>), its settings
// and the range, reads the bodies and orbs and checks the span.
func (r *Request) Resolve(c resolve.Context, prefix string) error {
	var errs engine.Fields
	for _, err := range []error{
		r.Natal.Packet.Resolve(c, prefix+"natal."),
		r.Natal.Settings.Resolve(c, prefix+"natal."),
		r.Range.Resolve(c, prefix),
	} {
		if err := errs.Add(err); err != nil {
			return err
		}
	}
	if len(r.Bodies) == 0 {
		r.Bodies = make([]sky.BodyKey, len(DefaultBodies))
		for i, b := range DefaultBodies {
			r.Bodies[i] = sky.KeyOf(b)
		}
	}
	bodies, bad := sky.ParseBodies(prefix+"bodies", keys(r.Bodies))
	errs = append(errs, bad...)
	r.bodies = bodies
	var orbErrs engine.Fields
	r.orbs, orbErrs = aspects.ParseOrbs(r.Orbs, prefix+"orbs")
	errs = append(errs, orbErrs...)
	if r.orbs == nil {
		r.orbs = transits.DefaultOrbs(r.IncludeMinorAspects)
	}
	if len(errs) == 0 {
		s := r.Range.Span()
		for _, e := range (Options{Start: s.Start.JDUT(), End: s.End.JDUT(), Bodies: r.bodies}).Validate() {
			errs.Bad(prefix+e.Field, e.Reason)
		}
	}
	return errs.Err()
}

func keys(ks []sky.BodyKey) []string {
	out := make([]string, len(ks))
	for i, k := range ks {
		out[i] = string(k)
	}
	return out
}

// Cost is the number of calls a calendar is billed as: one per started
// year of its range.
func (r *Request) Cost() int64 {
	s := r.Range.Span()
	days := float64(s.End.JDUT() - s.Start.JDUT())
	return max(1, int64(math.Ceil(days/366)))
}

// Options returns the calendar options of a resolved request.
func (r *Request) Options() Options {
	s := r.Range.Span()
	return Options{Start: s.Start.JDUT(), End: s.End.JDUT(), Bodies: r.bodies, Orbs: r.orbs,
		Ingresses: r.IncludeIngresses, Stations: r.IncludeStations, Phases: r.IncludeLunarPhases}
}

// Build casts the natal chart of a resolved request and computes its
// calendar, leaving the notices on w.
func (r *Request) Build(pos engine.Positions, w interface{ Warn(...string) }) (*Calendar, error) {
	chart, err := r.Natal.Cast(pos, w, "natal.")
	if err != nil {
		return nil, err
	}
	n := transits.NatalOf(chart)
	chart.Release()
	c, err := Build(pos, n, r.Options())
	if err != nil {
		return nil, err
	}
	if len(c.Omitted) > 0 {
		w.Warn(fmt.Sprintf("%v left out: the ephemeris files cover them only from 1800 to 2400", c.Omitted))
	}
	if c.Source == engine.FromMoshier {
		w.Warn(engine.MoshierNote)
	}
	return c, nil
}

// ICSRequest is the input of the calendar as iCalendar: the calendar's
// input and an optional title. RFC 5545 writes UTC years of the Gregorian
// calendar with four digits, so the range must lie in the years 1 to 9999
// there; its own year field, shallower than the range's, bounds a
// calendar year accordingly.
type ICSRequest struct {
	Request
	Year *int   `json:"year,omitempty" doc:"a calendar year instead of start and end, 2 to 2999 (iCalendar writes Gregorian years from 0001, and year 1 of the Julian calendar, the default before 1582, begins in Gregorian year 0): from its January 1st to the next, 00:00 in timezone" minimum:"2" maximum:"2999" example:"2024"`
	Name string `json:"name,omitempty" doc:"title of the calendar in the calendar application (X-WR-CALNAME); default: the range and the birth"`
}

// Resolve resolves the calendar's input and checks the range's years.
func (r *ICSRequest) Resolve(c resolve.Context, prefix string) error {
	r.Range.Year, r.Year = r.Year, nil // the range writes a year as its two ends
	if err := r.Request.Resolve(c, prefix); err != nil {
		return err
	}
	s := r.Range.Span()
	if y := s.Start.UTC.Year(); y < 1 {
		return engine.Fields{{Field: prefix + "start", Reason: fmt.Sprintf("year %d: iCalendar writes the years 1 to 9999 only (use the JSON route for earlier ranges)", y)}}
	}
	if r.Name == "" {
		r.Name = ICSName(r.Natal.BirthDate, r.Natal.BirthTime, s.Start.UTC.Time, s.End.UTC.Time)
	}
	return nil
}

// instantHint is the advice for a range sent under another name.
const rangeHint = "the range goes at the top level, beside natal: start and end (ISO 8601 dates or date-times), or year"

// Hints maps the names callers send by mistake to where the field goes.
func (*Request) Hints() map[string]string {
	const natalHint = "the birth and its chart settings go inside natal (natal.latitude, natal.house_system, ...)"
	return map[string]string{
		"range": rangeHint, "from": rangeHint, "to": rangeHint, "start_date": rangeHint, "end_date": rangeHint, "span": rangeHint,
		"latitude": natalHint, "longitude": natalHint, "location": natalHint, "house_system": natalHint, "zodiac_type": natalHint, "ayanamsa": natalHint,
		"planets": "the transiting bodies are bodies (keys such as sun, moon, mars)", "transits": "the transiting bodies are bodies (keys such as sun, moon, mars)",
	}
}
