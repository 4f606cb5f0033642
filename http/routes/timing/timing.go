// Package timing is the glue of the timing routes: solar, lunar and
// planetary returns, secondary progressions, solar arc directions,
// profections, zodiacal releasing and the firdaria. The calculations are
// engine/timing's; this package reads the flat birth packet (engine/birth)
// and the chart settings (engine/natal) beside each technique's options,
// turns dates into instants, and echoes what it understood.
//
// Dates. Every date field takes "YYYY-MM-DD", read as 00:00 of that day in
// the birth's time zone (the IANA zone the birth packet resolved to: its
// timezone, the place's with "auto", UTC when omitted, at that zone's
// offset on that day), or an RFC 3339 date-time with an offset
// ("2024-07-14T09:30:00Z", "2024-07-14T11:30:00+02:00"), read as that
// instant. The envelope's input echoes every date as the UTC instant used,
// and date_zone when a date came without a time.
package timing

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/birth"
	"github.com/astroapi/astroapi/engine/natal"
	"github.com/astroapi/astroapi/engine/timing"
	"github.com/astroapi/astroapi/http/op"
)

// Deps are what the timing routes calculate with.
type Deps struct {
	Positions engine.Positions // nil: the routes answer 503
	Births    *birth.Resolver  // birth places, zones, and the relocation of return charts
}

// Ops returns the timing routes.
func Ops(d Deps) []*op.Operation {
	var ops []*op.Operation
	for _, family := range [][]*op.Operation{d.returnOps(), d.progressionOps(), d.profectionOps(), d.releasingOps(), d.firdariaOps()} {
		ops = append(ops, family...)
	}
	return ops
}

// spec is the Spec every timing operation shares: a billed POST of the
// Timing family whose answer depends on the request alone (Cacheable).
// None opts into Recycle: the return charts would have to be released one
// by one after encoding, for a saving the benchmarks do not need.
func (d Deps) spec(id, path, summary, description string) op.Spec {
	return op.Spec{
		ID: id, Path: path, Family: "Timing", Cacheable: true, Summary: summary,
		Description: description + " " + conventionsText,
		Unavailable: op.Missing(d.Positions == nil, "no ephemeris is configured on this server"),
	}
}

// conventionsText ends every description: the birth packet and the dates.
const conventionsText = "The birth is the natal input, flat in the body (year, month, day, hour, minute, second; latitude and " +
	"longitude or location; timezone, IANA, default UTC, `auto` for the place's zone). " +
	"Dates: `YYYY-MM-DD` is 00:00 of that day in the birth's time zone (at that zone's offset on that day), " +
	"or an RFC 3339 date-time with an offset (`2024-07-14T09:30:00Z`) is that instant; the envelope's input gives each date as the UTC " +
	"instant used (and date_zone, the zone of a date sent alone); results give instants in UTC to the second. " +
	"Every date must lie between the birth and 150 years after it. Angles are degrees."

// birthFrame is the input of the routes that read a birth without
// returning its chart: the birth packet and the chart frame (houses,
// zodiac, node).
type birthFrame struct {
	birth.Packet
	natal.Frame
}

// inputEcho is the interpreted input the envelope echoes: the birth as
// resolved, the chart settings, and the dates and place of the request as
// the instants and coordinates used.
type inputEcho struct {
	birth.Echo
	HouseSystem         engine.HouseSystem `json:"house_system" doc:"house system requested"`
	ZodiacType          string             `json:"zodiac_type" doc:"zodiac used"`
	Ayanamsa            string             `json:"ayanamsa,omitempty" doc:"ayanamsa used (sidereal only)"`
	NodeType            string             `json:"node_type" doc:"lunar node used"`
	IncludeAsteroids    *bool              `json:"include_asteroids,omitempty" doc:"return charts: asteroids added"`
	IncludeMinorAspects *bool              `json:"include_minor_aspects,omitempty" doc:"return charts: minor aspects looked for"`
	ReturnYear          int                `json:"return_year,omitempty" doc:"the solar return's year"`
	DateZone            string             `json:"date_zone,omitempty" doc:"the zone a date sent without a time was read in, at 00:00 of that day (the birth's)"`
	Date                *time.Time         `json:"date,omitempty" doc:"the date as the UTC instant used"`
	Start               *time.Time         `json:"start,omitempty" doc:"start of the range, UTC"`
	End                 *time.Time         `json:"end,omitempty" doc:"end of the range, UTC"`
	RangeStart          *time.Time         `json:"range_start,omitempty" doc:"start of the perfection range, UTC"`
	RangeEnd            *time.Time         `json:"range_end,omitempty" doc:"end of the perfection range, UTC"`
	Place               *placeEcho         `json:"place,omitempty" doc:"where return charts are cast, when not at the birth place"`
}

// subject is a resolved birth: what the engine takes, the zone its
// date-only fields are read in, and the echo.
type subject struct {
	natal timing.Natal
	zone  *time.Location
	echo  *inputEcho
	// bad collects the field errors of the request's own fields (dates,
	// places, explicit zeros), reported with the birth's in one answer.
	bad engine.Fields
	// dateOnly: a date was sent without a time (read in zone).
	dateOnly bool
}

// subject resolves the birth packet p with chart options o (validated into
// optErrs, with warnings about ignored input). A birth that does not
// resolve is not returned at once: the caller goes on reading its own
// fields (dates are then checked for form in UTC) and done reports every
// bad field together.
func (d Deps) subject(c *op.Call, p birth.Packet, o natal.Options, warnings []string, optErrs engine.Fields) (*subject, error) {
	s := &subject{zone: time.UTC, bad: optErrs}
	b, err := d.Births.Resolve(p, "")
	if err != nil {
		var fs engine.Fields
		var fe *engine.FieldError
		switch {
		case errors.As(err, &fs):
			s.bad = append(fs, s.bad...)
		case errors.As(err, &fe):
			s.bad = append(engine.Fields{fe}, s.bad...)
		default:
			return nil, err // geocoding or zones unavailable: 503
		}
		return s, nil
	}
	if zone, err := birth.LoadZone(b.Instant.Zone); err == nil {
		s.zone = zone
	}
	c.Warn(warnings...)
	c.Warn(b.Warnings...)
	s.natal = timing.Natal{
		Birth:     natal.Birth{JD: b.Instant.JD, Latitude: b.Latitude, Longitude: b.Longitude},
		Chart:     o,
		UTCOffset: b.Instant.Offset,
	}
	node := natal.TrueNode
	if o.Node != "" {
		node = o.Node
	}
	s.echo = &inputEcho{Echo: b.Echo, HouseSystem: o.HouseSystem, ZodiacType: "tropical", Ayanamsa: string(o.Sidereal), NodeType: string(node)}
	if o.Sidereal != "" {
		s.echo.ZodiacType = "sidereal"
	}
	return s, nil
}

// framed resolves the birth and chart frame of the routes that do not
// return a chart.
func (d Deps) framed(c *op.Call, in *birthFrame) (*subject, error) {
	o, warnings, errs := in.Frame.Options("")
	return d.subject(c, in.Packet, o, warnings, errs)
}

// done reports the field errors collected, or echoes the input: call it
// after reading every field of the request and before calculating.
func (s *subject) done(c *op.Call) error {
	if len(s.bad) > 0 {
		return s.bad
	}
	if s.dateOnly {
		s.echo.DateZone = s.zone.String()
	}
	c.Echo(s.echo)
	return nil
}

// date reads the date field named field ("" when optional and absent: the
// zero time). See the package doc for the two forms.
func (s *subject) date(v, field string) time.Time {
	if v == "" {
		return time.Time{}
	}
	s.dateOnly = s.dateOnly || len(v) == len(time.DateOnly)
	t, err := parseDate(v, s.zone)
	if err != nil {
		s.bad = append(s.bad, &engine.FieldError{Field: field, Reason: err.Error()})
	}
	return t
}

// parseDate reads "YYYY-MM-DD" as the first instant of that day in zone
// (00:00, or the end of a daylight-saving gap at midnight), or an RFC 3339
// date-time with an offset as that instant; the result is in UTC.
func parseDate(v string, zone *time.Location) (time.Time, error) {
	const form = `must be a date YYYY-MM-DD (00:00 in the birth's time zone) or an RFC 3339 date-time with an offset, like 2024-07-14T09:30:00Z`
	if len(v) == len(time.DateOnly) {
		d, err := time.Parse(time.DateOnly, v)
		if err != nil {
			if strings.Contains(err.Error(), "out of range") {
				return time.Time{}, fmt.Errorf("%q is not a calendar date", v)
			}
			return time.Time{}, fmt.Errorf("%s (got %q)", form, v)
		}
		t := time.Date(d.Year(), d.Month(), d.Day(), 0, 0, 0, 0, zone)
		if t.Day() != d.Day() {
			// Midnight fell in a gap and was read before it (23:00 the day
			// before): the day begins when the gap ends.
			_, end := t.ZoneBounds()
			t = end
		}
		return t.UTC(), nil
	}
	t, err := time.Parse(time.RFC3339Nano, v)
	if err != nil {
		if strings.Contains(err.Error(), "out of range") {
			return time.Time{}, fmt.Errorf("%q is not a calendar date and time", v)
		}
		return time.Time{}, fmt.Errorf("%s (got %q)", form, v)
	}
	return t.UTC(), nil
}

// positive reads an optional number the engine defaults when it is 0: an
// explicit 0 (or less) is refused rather than silently replaced.
func (s *subject) positive(v *float64, field, reason string) float64 {
	if v == nil {
		return 0
	}
	if !(*v > 0) {
		s.bad = append(s.bad, &engine.FieldError{Field: field, Reason: reason})
	}
	return *v
}

// count is positive for integers.
func (s *subject) count(v *int, field, reason string) int {
	if v == nil {
		return 0
	}
	if *v <= 0 {
		s.bad = append(s.bad, &engine.FieldError{Field: field, Reason: reason})
	}
	return *v
}

// notes turns a result's ephemeris source into the warning the natal
// route gives for it.
func notes(c *op.Call, src engine.Source) {
	if src == engine.FromMoshier {
		c.Warn("positions from the Swiss Ephemeris' Moshier theory (outside the 1800-2400 ephemeris files): about an arcsecond for the planets, a few arcseconds for the Moon")
	}
}

// utcPtr returns a pointer to t for the echo, nil for the zero time.
func utcPtr(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	return &t
}
