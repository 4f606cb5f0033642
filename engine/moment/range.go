package moment

import (
	"fmt"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/calendar"
)

// Range is a span of time: two ISO 8601 strings read as Input.Datetime
// is, sharing one timezone and calendar, or a calendar year. Routes embed
// it.
type Range struct {
	Start    string            `json:"start,omitempty" doc:"start of the range (required unless year is sent), ISO 8601 as datetime reads it: 2024-01-01 (its 00:00), 2024-01-01T06:00 (local time in timezone) or 2024-01-01T06:00:00Z; years before 0000 take a sign" example:"2024-01-01"`
	End      string            `json:"end,omitempty" doc:"end of the range (required unless year is sent), read as start is; a date alone is its 00:00, so 2025-01-01 ends the year 2024" example:"2025-01-01"`
	Year     *int              `json:"year,omitempty" doc:"a calendar year instead of start and end: from its January 1st to the next, 00:00 in timezone" minimum:"-3000" maximum:"2999"`
	Timezone string            `json:"timezone,omitempty" doc:"IANA zone of start and end when they carry no offset; omitted: UTC" default:"UTC"`
	Calendar calendar.Calendar `json:"calendar,omitempty" doc:"calendar of the dates of start and end: gregorian or julian; omitted, Julian up to 1582-10-04 and Gregorian from 1582-10-15"`
}

// Span is a resolved range as responses echo it.
type Span struct {
	Start Resolved `json:"start" doc:"start of the range"`
	End   Resolved `json:"end" doc:"end of the range"`
}

// Resolve validates both ends (the order and length of the span are the
// calculation's business: each bounds its own). Field errors name
// prefix+"start", prefix+"end", timezone and calendar; warnings go to c.
func (r Range) Resolve(c Caller, prefix string) (Span, error) {
	var errs engine.Fields
	var s Span
	if r.Year != nil {
		switch y := *r.Year; {
		case r.Start != "" || r.End != "":
			return Span{}, engine.Fields{{Field: prefix + "year", Reason: "send year or start and end, not both"}}
		case y < calendar.MinYear || y >= calendar.MaxYear:
			return Span{}, engine.Fields{{Field: prefix + "year", Reason: fmt.Sprintf("must be between %d and %d (astronomical numbering: 0 is 1 BC)", calendar.MinYear, calendar.MaxYear-1)}}
		}
		r = Year(*r.Year, r.Timezone, r.Calendar)
	}
	for _, f := range []struct {
		name string
		text string
		dst  *Resolved
	}{{"start", r.Start, &s.Start}, {"end", r.End, &s.End}} {
		if f.text == "" {
			errs = append(errs, &engine.FieldError{Field: prefix + f.name, Reason: "is required: an ISO 8601 date or date-time such as 2024-01-01 (or send year for a calendar year)"})
			continue
		}
		in := Input{Datetime: f.text, Timezone: r.Timezone, Calendar: r.Calendar}
		res, err := in.resolve(c.Now(), prefix)
		if err != nil {
			fs, ok := err.(engine.Fields)
			if !ok {
				return Span{}, err
			}
			for _, e := range fs {
				if e.Field == prefix+"datetime" {
					e = &engine.FieldError{Field: prefix + f.name, Reason: e.Reason}
				}
				if !has(errs, e.Field) {
					errs = append(errs, e)
				}
			}
			continue
		}
		*f.dst = res
		c.Warn(res.Warnings...)
	}
	if len(errs) > 0 {
		return Span{}, errs
	}
	return s, nil
}

func has(errs engine.Fields, field string) bool {
	for _, e := range errs {
		if e.Field == field {
			return true
		}
	}
	return false
}

// Year returns the range of calendar year y: from its January 1st to the
// next one, 00:00 local time in zone, in calendar cal.
func Year(y int, zone string, cal calendar.Calendar) Range {
	return Range{Start: calendar.Format(y, 1, 1), End: calendar.Format(y+1, 1, 1), Timezone: zone, Calendar: cal}
}
