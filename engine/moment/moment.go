// Package moment reads "a moment" the way every route that takes one (not a
// birth) reads it, so that the field names, defaults and validation are the
// same everywhere: the sky at an instant, the Moon, void of course,
// asteroids, transits, and the ranges of stations, phases and ephemerides.
//
// An instant is sent in one of four ways:
//
//   - not at all: the time of the call ("now"); the answer then depends on
//     the clock, and Resolve tells the caller so (resolve.Context.UsesNow)
//     that it is not cached;
//   - as datetime, an ISO 8601 string: "2024-03-20T03:06:00Z" or with an
//     offset names an instant; without an offset ("2024-03-20T03:06",
//     "2024-03-20") it is a local time in timezone;
//   - as date ("YYYY-MM-DD") and optional time ("HH:MM[:SS]"), the birth
//     packet's form, a local time in timezone;
//   - as year, month and day with optional hour, minute and second (all
//     zero when omitted), a local time in timezone.
//
// timezone is an IANA zone (historical offsets honoured; omitted: UTC) or a
// fixed offset (birth.Zone), and calendar names the calendar of the date
// (package calendar: omitted, Julian up to 1582-10-04 and Gregorian from
// 1582-10-15). Years run from -3000 to 3000, astronomical numbering (0 is 1
// BC). A local time inside a daylight-saving gap is refused; one that
// happened twice takes the earlier instant and says so in a warning (send
// datetime with an offset to name the later one).
//
// Resolved, an Input is its own echo: datetime holds the local time read
// (in timezone, without offset), the other forms are cleared, and the
// read-only fields give the UTC instant, its Julian day, the offset and
// whether it was "now".
//
// Ranges (Range) are two such instants as ISO 8601 strings, start and end,
// sharing one timezone and calendar, or a calendar year.
package moment

import (
	"fmt"
	"strconv"
	"time"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/birth"
	"github.com/astroapi/astroapi/engine/calendar"
	"github.com/astroapi/astroapi/engine/resolve"
	"github.com/astroapi/astroapi/engine/zones"
)

// Input is the instant of a request. Routes embed it, so its fields sit at
// the top level of the body or the query.
type Input struct {
	Datetime string            `json:"datetime,omitempty" doc:"the instant as ISO 8601, instead of the other forms: 2024-03-20T03:06:00Z or 2024-03-20T05:06:00+02:00 name an instant; without an offset (2024-03-20T03:06, 2024-03-20) it is a local time in timezone; years before 0000 take a sign (-0043-03-15). Omit every instant field for the time of the call"`
	Date     string            `json:"date,omitempty" doc:"the local date as YYYY-MM-DD (with time), instead of datetime or year, month, day"`
	Time     string            `json:"time,omitempty" doc:"the local time as HH:MM or HH:MM:SS, with date (00:00 when omitted)"`
	Year     *int              `json:"year,omitempty" doc:"year of the local date, astronomical numbering (0 is 1 BC, -1 is 2 BC); with month and day" example:"2024" minimum:"-3000" maximum:"3000"`
	Month    *int              `json:"month,omitempty" doc:"month, 1-12 (with year and day)" example:"3" minimum:"1" maximum:"12"`
	Day      *int              `json:"day,omitempty" doc:"day of the month (with year and month)" example:"20" minimum:"1" maximum:"31"`
	Hour     *int              `json:"hour,omitempty" doc:"hour of the local time, 0-23 (0 when omitted)" minimum:"0" maximum:"23"`
	Minute   *int              `json:"minute,omitempty" doc:"minute, 0-59" minimum:"0" maximum:"59"`
	Second   *int              `json:"second,omitempty" doc:"second, 0-59" minimum:"0" maximum:"59"`
	Timezone birth.Zone        `json:"timezone,omitempty" doc:"the zone the local time is written in: an IANA name (historical offsets honoured) or a fixed offset (hours east of UTC as a number, or \"+05:30\"); omitted: UTC. With a datetime that names its offset, only the echo's local time uses it" example:"UTC" default:"UTC"`
	Calendar calendar.Calendar `json:"calendar,omitempty" doc:"calendar of the date: gregorian or julian for every year; omitted, the historical switch: Julian up to 1582-10-04, Gregorian from 1582-10-15 (the days between do not exist)"`

	// The echo: the instant resolved (read-only; ignored on input).
	UTC       *calendar.Time `json:"utc,omitempty" readonly:"true" doc:"the instant in UTC, RFC 3339 (proleptic Gregorian calendar, as ISO 8601 counts)" example:"2024-03-20T03:06:00Z"`
	JulianDay float64        `json:"julian_day,omitempty" readonly:"true" doc:"Julian day (UT) of the instant" example:"2460389.629167"`
	UTCOffset string         `json:"utc_offset,omitempty" readonly:"true" doc:"offset from UTC in force in timezone then" example:"UTC+00:00"`
	Now       bool           `json:"now,omitempty" readonly:"true" doc:"true when no instant was sent: this is the time of the call"`

	r Resolved
}

// Resolved is an instant as the calculations read it.
type Resolved struct {
	UTC      calendar.Time     // the instant
	JD       float64           // Julian day (UT)
	Date     string            // the local date, in Calendar (astronomical years)
	Time     string            // the local time, HH:MM:SS
	Calendar calendar.Calendar // the calendar Date is written in
	Timezone string            // the zone of the local time
	Offset   string            // offset from UTC in force then
	Now      bool              // no instant was sent: the time of the call
	nanos    int               // the fraction of a second of the local time
}

// JDUT returns the instant as a Julian day in UT.
func (r Resolved) JDUT() engine.JDUT { return engine.JDUT(r.JD) }

// Resolved returns what Resolve found.
func (in *Input) Resolved() Resolved { return in.r }

// Sent reports whether any field of the instant was sent.
func (in *Input) Sent() bool {
	return in.Datetime != "" || in.Date != "" || in.Time != "" || in.Year != nil || in.Month != nil || in.Day != nil ||
		in.Hour != nil || in.Minute != nil || in.Second != nil
}

// Resolve validates in and settles its instant; without one it is
// c.Now() (and c.UsesNow is called). Field errors name prefix+field;
// notices go to c. Resolved, in is its echo.
func (in *Input) Resolve(c resolve.Context, prefix string) error {
	r, err := in.resolve(c.Now(), c.Zones(), prefix)
	if err != nil {
		return err
	}
	if r.Now {
		c.UsesNow()
	}
	if len(r.warnings) > 0 {
		c.Warn(r.warnings...)
	}
	in.r = r.Resolved
	// The echo: the local time in timezone, the facts.
	in.Datetime = r.Date + "T" + r.Time
	if r.nanos > 0 {
		in.Datetime += strconv.FormatFloat(float64(r.nanos)/1e9, 'f', -1, 64)[1:]
	}
	in.Date, in.Time = "", ""
	in.Year, in.Month, in.Day, in.Hour, in.Minute, in.Second = nil, nil, nil, nil, nil, nil
	in.Timezone, in.Calendar = birth.Zone(r.Timezone), r.Calendar
	utc := r.UTC
	in.UTC, in.JulianDay, in.UTCOffset, in.Now = &utc, r.JD, r.Offset, r.Now
	return nil
}

// resolved is Resolved with the notices found on the way.
type resolved struct {
	Resolved
	warnings []string
}

func (in *Input) resolve(now time.Time, idx *zones.Index, prefix string) (resolved, error) {
	var errs engine.Fields
	bad := func(f, format string, a ...any) {
		errs = append(errs, &engine.FieldError{Field: prefix + f, Reason: fmt.Sprintf(format, a...)})
	}
	zone, zerr := zoneOf(in.Timezone, idx)
	if zerr != "" {
		bad("timezone", "%s", zerr)
	}
	if in.Calendar != "" && in.Calendar != calendar.Gregorian && in.Calendar != calendar.Julian {
		bad("calendar", `must be "gregorian" or "julian" (omitted: Julian before 1582-10-15, Gregorian from then on)`)
	}
	fields := in.Year != nil || in.Month != nil || in.Day != nil || in.Hour != nil || in.Minute != nil || in.Second != nil
	forms := 0
	for _, sent := range []bool{in.Datetime != "", in.Date != "" || in.Time != "", fields} {
		if sent {
			forms++
		}
	}
	switch {
	case forms > 1:
		field := "datetime"
		if in.Datetime == "" {
			field = "date"
		}
		bad(field, "send one form of the instant: datetime, or date and time, or year, month, day (hour, minute, second); not several")
	case in.Datetime != "":
		if len(errs) > 0 {
			return resolved{}, errs
		}
		c, err := calendar.ParseISO(in.Datetime)
		if err != nil {
			bad("datetime", "%q is not an ISO 8601 date or date-time (%v): send 2024-03-20T03:06:00Z, 2024-03-20T03:06 (local time in timezone) or 2024-03-20", in.Datetime, err)
			return resolved{}, errs
		}
		return civil(c, zone, in.Calendar, prefix, "datetime")
	case in.Date != "" || in.Time != "":
		if in.Date == "" {
			bad("date", "is required with time (YYYY-MM-DD)")
			return resolved{}, errs
		}
		c, err := calendar.ParseISO(in.Date)
		switch {
		case err != nil:
			bad("date", "%q is not a date YYYY-MM-DD (%v)", in.Date, err)
		case c.HasTime || c.HasOffset:
			bad("date", "%q is a date-time: send it as datetime, or the date alone with time", in.Date)
		}
		if in.Time != "" {
			h, m, s, terr := calendar.ParseClock(in.Time)
			if terr != nil {
				bad("time", "%s", terr.Error())
			}
			c.Hour, c.Minute, c.Second = h, m, s
		}
		if len(errs) > 0 {
			return resolved{}, errs
		}
		c.HasTime = true
		return civil(c, zone, in.Calendar, prefix, "date")
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
			return resolved{}, errs
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
		return civil(c, zone, in.Calendar, prefix, "")
	}
	if len(errs) > 0 {
		return resolved{}, errs
	}
	r, err := At(now, zone, in.Calendar)
	r.Now = true
	return resolved{Resolved: r}, err
}

// zoneOf reads an instant's zone: an IANA name or an offset ("" is UTC).
// "auto" and "LMT" need a place, which an instant has not.
func zoneOf(z birth.Zone, idx *zones.Index) (string, string) {
	switch z {
	case "":
		return "UTC", ""
	case birth.ZoneAuto, birth.ZoneLMT:
		return "", fmt.Sprintf("%q needs a birth place, which this instant has not: send an IANA zone name or an offset", z)
	}
	c, err := z.Canonical(idx)
	if err != nil {
		return "", err.Error()
	}
	return string(c), ""
}

// civil resolves a civil date and time in zone and cal. field names the
// string the fields came from ("datetime", "date", "start"): its errors
// are reported on it rather than on year..second.
func civil(c calendar.Civil, zone string, cal calendar.Calendar, prefix, field string) (resolved, error) {
	if c.HasOffset {
		// An explicit offset names the instant; only the date's calendar
		// and range remain to check.
		if errs := calendar.ValidDate(c.Year, c.Month, c.Day, cal); len(errs) > 0 {
			return resolved{}, rename(errs, prefix, field)
		}
		gy, gm, gd := gregorian(c.Year, c.Month, c.Day, cal)
		t := time.Date(gy, time.Month(gm), gd, c.Hour, c.Minute, c.Second, c.Nanosecond, time.UTC).Add(-time.Duration(c.Offset) * time.Second)
		if y := t.Year(); y < calendar.MinYear || y > calendar.MaxYear {
			return resolved{}, rename(engine.Fields{{Field: "year", Reason: fmt.Sprintf("must be between %d and %d (astronomical numbering: 0 is 1 BC)", calendar.MinYear, calendar.MaxYear)}}, prefix, field)
		}
		r, err := At(t, zone, cal)
		return resolved{Resolved: r}, err
	}
	inst, utc, err := localInstant(c, zone, cal, prefix, field)
	if err != nil {
		return resolved{}, err
	}
	r := resolved{Resolved: Resolved{
		UTC: calendar.TimeOf(utc), JD: float64(engine.JDOf(utc)),
		Date: calendar.Format(c.Year, c.Month, c.Day), Time: fmt.Sprintf("%02d:%02d:%02d", c.Hour, c.Minute, c.Second),
		Calendar: inst.Calendar, Timezone: inst.Zone, Offset: birth.FormatOffset(inst.Offset), nanos: c.Nanosecond,
	}}
	if inst.Ambiguous {
		r.warnings = append(r.warnings, fmt.Sprintf("local time %s %s happened twice in %s (clocks turned back); the earlier instant (%s) was used; send datetime with an explicit offset for the later one",
			r.Date, r.Time, inst.Zone, r.Offset))
	}
	return r, nil
}

// localInstant resolves a civil date and time without an offset in zone
// and cal: what birth.Resolve finds, and the instant with the
// nanoseconds of a date-time string (the fields have none). Errors are
// named as civil names them.
func localInstant(c calendar.Civil, zone string, cal calendar.Calendar, prefix, field string) (birth.Instant, time.Time, error) {
	l := birth.Local{Year: c.Year, Month: c.Month, Day: c.Day, Hour: c.Hour, Minute: c.Minute, Second: c.Second, Zone: zone, Calendar: cal}
	inst, err := birth.Resolve(l)
	if err != nil {
		var fs engine.Fields
		if other := fs.Add(err); other != nil {
			return inst, time.Time{}, other
		}
		return inst, time.Time{}, rename(fs, prefix, field)
	}
	return inst, inst.UTC.Add(time.Duration(c.Nanosecond)), nil
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

// At returns instant t as read in zone ("" is UTC; an IANA name or an
// offset) with its local date written in calendar cal ("" is the switch:
// the Julian calendar for dates before 1582-10-15).
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
	name := loc.String()
	if name == "UTC" || zone == "" {
		name = "UTC"
	}
	return Resolved{
		UTC: calendar.TimeOf(t), JD: float64(engine.JDOf(t)),
		Date: calendar.Format(y, m, d), Time: fmt.Sprintf("%02d:%02d:%02d", lt.Hour(), lt.Minute(), lt.Second()),
		Calendar: used, Timezone: name, Offset: birth.FormatOffset(off), nanos: lt.Nanosecond(),
	}, nil
}
