// Package moment reads "a moment" the way every route that takes one (not a
// birth) reads it, so that the field names, defaults and validation are the
// same everywhere: the sky at an instant, the Moon, void of course,
// asteroids, transits, and the ranges of stations, phases and ephemerides.
//
// An instant is sent in one of three ways:
//
//   - not at all: the time of the call ("now"); the answer then depends on
//     the clock, and Resolve tells the caller so (Caller.UsesNow) that it is
//     not cached;
//   - as datetime, an ISO 8601 string: "2024-03-20T03:06:00Z" or with an
//     offset names an instant; without an offset ("2024-03-20T03:06",
//     "2024-03-20") it is a local time in timezone;
//   - as year, month and day with optional hour, minute and second (all
//     zero when omitted), a local time in timezone.
//
// timezone is an IANA zone (historical offsets honoured; omitted: UTC) and
// calendar names the calendar of the date (package calendar: omitted, Julian
// up to 1582-10-04 and Gregorian from 1582-10-15). Years run from -3000 to
// 3000, astronomical numbering (0 is 1 BC). A local time inside a
// daylight-saving gap is refused on "hour" (or "datetime"); one that happened
// twice takes the earlier instant and says so in a warning (send datetime
// with an offset to name the later one).
//
// Ranges (Range) are two such instants as ISO 8601 strings, start and end,
// sharing one timezone and calendar.
package moment

import (
	"fmt"
	"time"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/birth"
	"github.com/astroapi/astroapi/engine/calendar"
)

// Input is the instant of a request. Routes embed it, so its fields sit at
// the top level of the body or the query.
type Input struct {
	Datetime string            `json:"datetime,omitempty" doc:"the instant as ISO 8601, instead of year..second: 2024-03-20T03:06:00Z or 2024-03-20T05:06:00+02:00 name an instant; without an offset (2024-03-20T03:06, 2024-03-20) it is a local time in timezone; years before 0000 take a sign (-0043-03-15). Omit datetime and year..second for the time of the call"`
	Year     *int              `json:"year,omitempty" doc:"year of the local date, astronomical numbering (0 is 1 BC, -1 is 2 BC); with month and day. Omit every instant field for the time of the call" example:"2024" minimum:"-3000" maximum:"3000"`
	Month    *int              `json:"month,omitempty" doc:"month, 1-12 (with year and day)" example:"3" minimum:"1" maximum:"12"`
	Day      *int              `json:"day,omitempty" doc:"day of the month (with year and month)" example:"20" minimum:"1" maximum:"31"`
	Hour     *int              `json:"hour,omitempty" doc:"hour of the local time, 0-23" example:"3" minimum:"0" maximum:"23" default:"0"`
	Minute   *int              `json:"minute,omitempty" doc:"minute, 0-59" example:"6" minimum:"0" maximum:"59" default:"0"`
	Second   *int              `json:"second,omitempty" doc:"second, 0-59" minimum:"0" maximum:"59" default:"0"`
	Timezone string            `json:"timezone,omitempty" doc:"IANA zone the local time is written in (historical offsets honoured); omitted: UTC. With a datetime that names its offset, only the echo's local time uses it" example:"UTC" default:"UTC"`
	Calendar calendar.Calendar `json:"calendar,omitempty" doc:"calendar of the date: gregorian or julian for every year; omitted, the historical switch: Julian up to 1582-10-04, Gregorian from 1582-10-15 (the days between do not exist)"`
}

// Resolved is an instant as responses echo it.
type Resolved struct {
	UTC      calendar.Time     `json:"utc" doc:"the instant in UTC, RFC 3339 (proleptic Gregorian calendar, as ISO 8601 counts)" example:"2024-03-20T03:06:00Z"`
	JD       float64           `json:"jd" doc:"Julian day (UT) of the instant" example:"2460389.629167"`
	Date     string            `json:"date" doc:"the local date, in the calendar named by calendar (astronomical years)" example:"2024-03-20"`
	Time     string            `json:"time" doc:"the local time, HH:MM:SS" example:"03:06:00"`
	Calendar calendar.Calendar `json:"calendar" doc:"calendar the date is written in" enum:"gregorian,julian"`
	Timezone string            `json:"timezone" doc:"IANA zone of the local time" example:"UTC"`
	Offset   string            `json:"utc_offset" doc:"offset from UTC in force then (local mean time has seconds)" example:"UTC+00:00"`
	Now      bool              `json:"now" doc:"no instant was sent: this is the time of the call"`
	// Warnings are notices for the caller (an ambiguous local time).
	Warnings []string `json:"-"`
}

// JDUT returns the instant as a Julian day in UT.
func (r Resolved) JDUT() engine.JDUT { return engine.JDUT(r.JD) }

// Caller is what Resolve needs of the call it serves: its clock ("now" is
// the instant the call started, so that tests can fix it), a way to say
// that the answer depends on that clock (so that it is not cached), and
// a place for notices. The HTTP layer's *op.Call is one.
type Caller interface {
	Now() time.Time
	UsesNow()
	Warn(msg ...string)
}

// Sent reports whether any field of the instant was sent.
func (in *Input) Sent() bool {
	return in.Datetime != "" || in.Year != nil || in.Month != nil || in.Day != nil ||
		in.Hour != nil || in.Minute != nil || in.Second != nil
}

// Resolve validates in and returns its instant; without one it is c.Now()
// (and c.UsesNow is called). Field errors name prefix+field; warnings go to
// c.
func (in *Input) Resolve(c Caller, prefix string) (Resolved, error) {
	r, err := in.resolve(c.Now(), prefix)
	if err != nil {
		return r, err
	}
	if r.Now {
		c.UsesNow()
	}
	c.Warn(r.Warnings...)
	return r, nil
}

func (in *Input) resolve(now time.Time, prefix string) (Resolved, error) {
	var errs engine.Fields
	bad := func(f, format string, a ...any) {
		errs = append(errs, &engine.FieldError{Field: prefix + f, Reason: fmt.Sprintf(format, a...)})
	}
	if _, err := birth.LoadZone(in.Timezone); err != nil {
		bad("timezone", "%s", err.Error())
	}
	if in.Calendar != "" && in.Calendar != calendar.Gregorian && in.Calendar != calendar.Julian {
		bad("calendar", `must be "gregorian" or "julian" (omitted: Julian before 1582-10-15, Gregorian from then on)`)
	}
	fields := in.Year != nil || in.Month != nil || in.Day != nil || in.Hour != nil || in.Minute != nil || in.Second != nil
	switch {
	case in.Datetime != "" && fields:
		bad("datetime", "send datetime or year, month, day (hour, minute, second), not both")
	case in.Datetime != "":
		if len(errs) > 0 {
			return Resolved{}, errs
		}
		c, err := calendar.ParseISO(in.Datetime)
		if err != nil {
			bad("datetime", "%q is not an ISO 8601 date or date-time (%v): send 2024-03-20T03:06:00Z, 2024-03-20T03:06 (local time in timezone) or 2024-03-20", in.Datetime, err)
			return Resolved{}, errs
		}
		return civil(c, in.Timezone, in.Calendar, prefix, "datetime")
	case fields:
		for _, f := range []struct {
			name string
			v    *int
		}{{"year", in.Year}, {"month", in.Month}, {"day", in.Day}} {
			if f.v == nil {
				bad(f.name, "is required with the other date fields (year, month and day; or send datetime, or nothing for the time of the call)")
			}
		}
		if len(errs) > 0 {
			return Resolved{}, errs
		}
		c := calendar.Civil{Year: *in.Year, Month: *in.Month, Day: *in.Day, HasTime: true}
		for _, f := range []struct {
			dst *int
			v   *int
		}{{&c.Hour, in.Hour}, {&c.Minute, in.Minute}, {&c.Second, in.Second}} {
			if f.v != nil {
				*f.dst = *f.v
			}
		}
		return civil(c, in.Timezone, in.Calendar, prefix, "")
	}
	if len(errs) > 0 {
		return Resolved{}, errs
	}
	r, err := At(now, in.Timezone, in.Calendar)
	r.Now = true
	return r, err
}

// civil resolves a civil date and time in zone and cal. field names the
// string the fields came from ("datetime", "start"): its errors are
// reported on it rather than on year..second.
func civil(c calendar.Civil, zone string, cal calendar.Calendar, prefix, field string) (Resolved, error) {
	if c.HasOffset {
		// An explicit offset names the instant; only the date's calendar
		// and range remain to check.
		if errs := calendar.ValidDate(c.Year, c.Month, c.Day, cal); len(errs) > 0 {
			return Resolved{}, rename(errs, prefix, field)
		}
		gy, gm, gd := gregorian(c.Year, c.Month, c.Day, cal)
		t := time.Date(gy, time.Month(gm), gd, c.Hour, c.Minute, c.Second, c.Nanosecond, time.UTC).Add(-time.Duration(c.Offset) * time.Second)
		if y := t.Year(); y < calendar.MinYear || y > calendar.MaxYear {
			return Resolved{}, rename(engine.Fields{{Field: "year", Reason: fmt.Sprintf("must be between %d and %d (astronomical numbering: 0 is 1 BC)", calendar.MinYear, calendar.MaxYear)}}, prefix, field)
		}
		return At(t, zone, cal)
	}
	l := birth.Local{Year: c.Year, Month: c.Month, Day: c.Day, Hour: c.Hour, Minute: c.Minute, Second: c.Second, Zone: zone, Calendar: cal}
	inst, err := birth.Resolve(l)
	if err != nil {
		if fs, ok := err.(engine.Fields); ok {
			return Resolved{}, rename(fs, prefix, field)
		}
		if fe, ok := err.(*engine.FieldError); ok {
			return Resolved{}, rename(engine.Fields{fe}, prefix, field)
		}
		return Resolved{}, err
	}
	// The nanoseconds of a datetime string survive; the fields have none.
	utc := inst.UTC.Add(time.Duration(c.Nanosecond))
	r := Resolved{
		UTC: calendar.TimeOf(utc), JD: float64(engine.JDOf(utc)),
		Date: calendar.Format(c.Year, c.Month, c.Day), Time: fmt.Sprintf("%02d:%02d:%02d", c.Hour, c.Minute, c.Second),
		Calendar: inst.Calendar, Timezone: inst.Zone, Offset: birth.FormatOffset(inst.Offset),
	}
	if inst.Ambiguous {
		r.Warnings = append(r.Warnings, fmt.Sprintf("local time %s %s happened twice in %s (clocks turned back); the earlier instant (%s) was used; send datetime with an explicit offset for the later one",
			r.Date, r.Time, inst.Zone, r.Offset))
	}
	return r, nil
}

// rename prefixes the fields of errs, and reports those of a date-time
// string on the string itself.
func rename(errs engine.Fields, prefix, field string) engine.Fields {
	out := make(engine.Fields, len(errs))
	for i, e := range errs {
		f, reason := e.Field, e.Reason
		if field != "" && f != "timezone" && f != "calendar" {
			if f != "hour" { // the gap's reason names the local time itself
				reason = f + " " + reason
			}
			f = field
		}
		out[i] = &engine.FieldError{Field: prefix + f, Reason: reason}
	}
	return out
}

// gregorian carries y-m-d of calendar cal ("" is the switch) to the
// proleptic Gregorian calendar.
func gregorian(y, m, d int, cal calendar.Calendar) (int, int, int) {
	if calendar.Used(cal, y, m, d) == calendar.Gregorian {
		return y, m, d
	}
	gy, gm, gd, _ := calendar.DateOf(calendar.JulianDay(y, m, d, calendar.Julian), calendar.Gregorian)
	return gy, gm, gd
}

// At returns the echo of instant t: its local date and time in zone ("" is
// UTC) written in calendar cal ("" is the switch: the Julian calendar for
// dates before 1582-10-15).
func At(t time.Time, zone string, cal calendar.Calendar) (Resolved, error) {
	loc, err := birth.LoadZone(zone)
	if err != nil {
		return Resolved{}, &engine.FieldError{Field: "timezone", Reason: err.Error()}
	}
	lt := t.In(loc)
	_, off := lt.Zone()
	// The local date as a Julian day (0h), then written in the calendar.
	jd0 := calendar.JulianDay(lt.Year(), int(lt.Month()), lt.Day(), calendar.Gregorian)
	used := cal
	if used == "" {
		used = calendar.Gregorian
		if jd0 < calendar.SwitchJD {
			used = calendar.Julian
		}
	}
	y, m, d, _ := calendar.DateOf(jd0+0.5, used)
	return Resolved{
		UTC: calendar.TimeOf(t), JD: float64(engine.JDOf(t)),
		Date: calendar.Format(y, m, d), Time: fmt.Sprintf("%02d:%02d:%02d", lt.Hour(), lt.Minute(), lt.Second()),
		Calendar: used, Timezone: loc.String(), Offset: birth.FormatOffset(off),
	}, nil
}
