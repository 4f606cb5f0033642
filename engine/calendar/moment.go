package calendar

import (
	"fmt"
	"strings"
	"time"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/birth"
)

// Moment is "a moment" as every route that takes one (not a birth) reads
// it: a civil date and time in an IANA zone and a calendar. Hour, minute
// and second default to 0, the zone to UTC, the calendar to the switch of
// 1582. Whether the moment was omitted (meaning "now") is the caller's
// business: Moment has no now.
type Moment struct {
	Year, Month, Day     int
	Hour, Minute, Second int
	Timezone             string   // IANA name; "" is UTC
	Calendar             Calendar // "" is the 1582 switch
}

// Resolved is a Moment made an instant, with what a response echoes.
type Resolved struct {
	UTC      time.Time   `json:"utc" doc:"the instant in UTC"`
	JD       engine.JDUT `json:"jd" doc:"Julian day (UT)"`
	Date     string      `json:"date" doc:"the date as read, in the calendar used (astronomical years)" example:"1582-10-04"`
	Time     string      `json:"time" doc:"the local time as read" example:"12:00:00"`
	Calendar Calendar    `json:"calendar" doc:"calendar the date was read in" enum:"gregorian,julian"`
	Timezone string      `json:"timezone" doc:"IANA zone of the local time" example:"Europe/Rome"`
	Offset   string      `json:"utc_offset" doc:"offset from UTC in force then" example:"UTC+00:49:56"`
}

// Validate checks every field, naming the JSON fields year, month, day,
// hour, minute, second, timezone and calendar.
func (m Moment) Validate() engine.Fields {
	errs := ValidDate(m.Year, m.Month, m.Day, m.Calendar)
	bad := func(f, reason string) { errs = append(errs, &engine.FieldError{Field: f, Reason: reason}) }
	if m.Hour < 0 || m.Hour > 23 {
		bad("hour", "must be between 0 and 23")
	}
	if m.Minute < 0 || m.Minute > 59 {
		bad("minute", "must be between 0 and 59")
	}
	if m.Second < 0 || m.Second > 59 {
		bad("second", "must be between 0 and 59")
	}
	if _, err := birth.LoadZone(m.Timezone); err != nil {
		bad("timezone", err.Error())
	}
	return errs
}

// Resolve validates m and returns its instant. The date is carried to the
// proleptic Gregorian calendar (Go's and the time-zone database's); local
// times inside a daylight-saving gap fail on "hour", and of two ambiguous
// ones the earlier is taken, as engine/birth does.
func (m Moment) Resolve() (Resolved, error) {
	if errs := m.Validate(); len(errs) > 0 {
		return Resolved{}, errs
	}
	used := Used(m.Calendar, m.Year, m.Month, m.Day)
	gy, gm, gd, _ := DateOf(JulianDay(m.Year, m.Month, m.Day, used), Gregorian)
	r := Resolved{
		Date: Format(m.Year, m.Month, m.Day), Time: fmt.Sprintf("%02d:%02d:%02d", m.Hour, m.Minute, m.Second),
		Calendar: used, Timezone: "UTC",
	}
	if gy >= birth.MinYear && gy <= birth.MaxYear {
		in, err := birth.Resolve(birth.Local{Year: gy, Month: gm, Day: gd, Hour: m.Hour, Minute: m.Minute, Second: m.Second, Zone: m.Timezone})
		if err != nil {
			return Resolved{}, err
		}
		r.UTC, r.JD, r.Timezone, r.Offset = in.UTC, in.JD, in.Zone, birth.FormatOffset(in.Offset)
		return r, nil
	}
	// Outside birth's years the zones hold their first offset (local mean
	// time, or the zone's standard offset after its last rule): no gaps.
	loc, _ := birth.LoadZone(m.Timezone)
	t := time.Date(gy, time.Month(gm), gd, m.Hour, m.Minute, m.Second, 0, loc)
	_, off := t.Zone()
	r.UTC, r.JD, r.Timezone, r.Offset = t.UTC(), engine.JDOf(t), loc.String(), birth.FormatOffset(off)
	return r, nil
}

// ParseDatetime reads the datetime of a GET request: RFC 3339 with a zone
// ("2024-03-20T03:06:00Z", "2024-03-20T05:06:00+02:00"), or without one
// and read as UTC ("2024-03-20T03:06", "2024-03-20T03:06:00",
// "2024-03-20"). The calendar is the proleptic Gregorian one; earlier and
// Julian dates go in a Moment. Errors name the field "datetime".
func ParseDatetime(s string) (time.Time, error) {
	s = strings.TrimSpace(s)
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04:05", "2006-01-02T15:04", "2006-01-02"} {
		if t, err := time.Parse(layout, s); err == nil {
			if y := t.Year(); y < 1 || y > MaxYear {
				break
			}
			return t.UTC(), nil
		}
	}
	return time.Time{}, &engine.FieldError{Field: "datetime", Reason: fmt.Sprintf(
		"%q is not an instant: send RFC 3339 such as 2024-03-20T03:06:00Z (a time without a zone is UTC; years 0001-%d)", s, MaxYear)}
}
