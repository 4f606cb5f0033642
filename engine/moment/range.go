package moment

import (
	"fmt"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/birth"
	"github.com/astroapi/astroapi/engine/calendar"
	"github.com/astroapi/astroapi/engine/resolve"
)

// Range is a span of time: two ISO 8601 strings read as Input.Datetime
// is, sharing one timezone and calendar, or a calendar year. Routes embed
// it. Resolved, it is its own echo: start and end hold the local times
// read (a year becomes its two ends), and the read-only fields the UTC
// instants.
type Range struct {
	Start    string            `json:"start,omitempty" doc:"start of the range (required unless year is sent), ISO 8601 as datetime reads it: 2024-01-01 (its 00:00), 2024-01-01T06:00 (local time in timezone) or 2024-01-01T06:00:00Z; years before 0000 take a sign"`
	End      string            `json:"end,omitempty" doc:"end of the range (required unless year is sent), read as start is; a date alone is its 00:00, so 2025-01-01 ends the year 2024"`
	Year     *int              `json:"year,omitempty" doc:"a calendar year instead of start and end: from its January 1st to the next, 00:00 in timezone" minimum:"-3000" maximum:"2999" example:"2024"`
	Timezone birth.Zone        `json:"timezone,omitempty" doc:"zone of start and end when they carry no offset: an IANA name or a fixed offset; omitted: UTC" default:"UTC"`
	Calendar calendar.Calendar `json:"calendar,omitempty" doc:"calendar of the dates of start and end: gregorian or julian; omitted, Julian up to 1582-10-04 and Gregorian from 1582-10-15"`

	// The echo (read-only; ignored on input).
	StartUTC *calendar.Time `json:"start_utc,omitempty" readonly:"true" doc:"start of the range in UTC"`
	EndUTC   *calendar.Time `json:"end_utc,omitempty" readonly:"true" doc:"end of the range in UTC"`

	span Span
}

// Span is a resolved range.
type Span struct {
	Start Resolved
	End   Resolved
}

// Span returns what Resolve found.
func (r *Range) Span() Span { return r.span }

// Resolve validates both ends (the order and length of the span are the
// calculation's business: each bounds its own). Field errors name
// prefix+"start", prefix+"end", timezone and calendar; notices go to c.
func (r *Range) Resolve(c resolve.Context, prefix string) error {
	var errs engine.Fields
	start, end := r.Start, r.End
	if r.Year != nil {
		if start != "" || end != "" {
			return engine.Fields{{Field: prefix + "year", Reason: "send year or start and end, not both"}}
		}
		start, end = calendar.Format(*r.Year, 1, 1), calendar.Format(*r.Year+1, 1, 1)
	}
	zone, zerr := zoneOf(r.Timezone, c.Zones())
	if zerr != "" {
		errs.Bad(prefix+"timezone", zerr)
	}
	var s Span
	for _, f := range []struct {
		name string
		text string
		dst  *Resolved
	}{{"start", start, &s.Start}, {"end", end, &s.End}} {
		if f.text == "" {
			errs.Bad(prefix+f.name, "is required: an ISO 8601 date or date-time such as 2024-01-01 (or send year for a calendar year)")
			continue
		}
		if zerr != "" {
			continue
		}
		cv, err := calendar.ParseISO(f.text)
		if err != nil {
			errs.Bad(prefix+f.name, fmt.Sprintf("%q is not an ISO 8601 date or date-time (%v): send 2024-01-01, 2024-01-01T06:00 or 2024-01-01T06:00:00Z", f.text, err))
			continue
		}
		res, err := civil(cv, zone, r.Calendar, prefix, f.name)
		var fs engine.Fields
		if other := fs.Add(err); other != nil {
			return other
		}
		for _, e := range fs {
			if !named(errs, e.Field) {
				errs = append(errs, e)
			}
		}
		if err == nil {
			*f.dst = res.Resolved
			c.Warn(res.warnings...)
		}
	}
	if len(errs) > 0 {
		return errs
	}
	r.span = s
	r.Start, r.End, r.Year = local(s.Start), local(s.End), nil
	r.Timezone, r.Calendar = birth.Zone(s.Start.Timezone), s.Start.Calendar
	su, eu := s.Start.UTC, s.End.UTC
	r.StartUTC, r.EndUTC = &su, &eu
	return nil
}

// local writes a resolved instant's local time as ISO 8601 without offset.
func local(r Resolved) string { return r.Date + "T" + r.Time }

func named(errs engine.Fields, field string) bool {
	for _, e := range errs {
		if e.Field == field {
			return true
		}
	}
	return false
}
