package mayan

import (
	"fmt"
	"strconv"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/calendar"
	"github.com/astroapi/astroapi/engine/resolve"
)

// Date is a civil date as the Mayan routes read it: year, month and day in
// a calendar, with an hour that changes nothing (Maya days are taken as
// civil days, midnight to midnight) but is accepted, as spec 4.7 has it.
// The calendar is read as on every route that takes a date (package
// calendar): omitted, the historical switch, so a date before 1582-10-15
// is a Julian date, as historical and epigraphic sources publish them.
// Resolved (by the request that holds it), it is its own echo: calendar
// names the calendar used, hour the hour (12 when omitted).
type Date struct {
	Year     int               `json:"year" required:"true" doc:"year, astronomical numbering (0 = 1 BCE, -3113 = 3114 BCE, the year of the Long Count's zero day)" minimum:"-3113" maximum:"2999" example:"2012"`
	Month    int               `json:"month" required:"true" doc:"month, 1-12" minimum:"1" maximum:"12" example:"12"`
	Day      int               `json:"day" required:"true" doc:"day of the month" minimum:"1" maximum:"31" example:"21"`
	Hour     *int              `json:"hour,omitempty" doc:"hour, 0-23 (12 when omitted); it changes nothing: the Maya day is taken as the civil date" minimum:"0" maximum:"23" default:"12" example:"12"`
	Calendar calendar.Calendar `json:"calendar,omitempty" doc:"calendar of the date, as on every route: omitted, the historical switch (Julian up to 1582-10-04, as historical and epigraphic dates are published; Gregorian from 1582-10-15; the days between do not exist); gregorian (proleptic before 1582) or julian for every year. The echo names the calendar used"`

	jdn int // Julian day number of the date, set when resolved
}

// settle checks d (its bounds are the door's tags: here the day of the
// month and the reform's missing days), fills the hour and writes the
// calendar used; field errors name prefix+field.
func (d *Date) settle(prefix string) engine.Fields {
	var errs engine.Fields
	for _, e := range calendar.ValidDate(d.Year, d.Month, d.Day, d.Calendar) {
		// The Mayan years (-3113..2999) are the route's own, in the tags,
		// not the ephemeris's -3000..3000 ValidDate knows.
		if e.Field != "year" {
			errs.Bad(prefix+e.Field, e.Reason)
		}
	}
	if len(errs) > 0 {
		return errs
	}
	used := calendar.Used(d.Calendar, d.Year, d.Month, d.Day)
	d.jdn = jdnOf(d.Year, d.Month, d.Day, used)
	d.Calendar = used
	if d.Hour == nil {
		h := 12
		d.Hour = &h
	}
	return nil
}

// dayOf returns the Maya day of a settled date under a correlation, or a
// field error on prefix+"year" when it falls before the Long Count's zero
// day.
func (d *Date) dayOf(correlation int, prefix string) (Day, error) {
	day := FromJDN(d.jdn, correlation)
	if day < 0 {
		return 0, &engine.FieldError{Field: prefix + "year", Reason: fmt.Sprintf(
			"the date falls before the Long Count's zero day (13.0.0.0.0 4 Ajaw 8 Kumk'u, Julian day number %d under this correlation)", correlation)}
	}
	return day, nil
}

// Request is the input of the Tzolk'in and chart routes: a date and the
// correlation. It resolves itself; resolved, it is its own echo.
type Request struct {
	Date
	Correlation int `json:"correlation,omitempty" doc:"Julian day number of the Long Count's zero day: 584283 (GMT, Thompson 1950), 584284 (Thompson 1935), 584285 (Lounsbury; Martin and Grube), 584286 (Martin and Skidmore 2012), or another of 584280-584286" minimum:"584280" maximum:"584286" default:"584283" example:"584283"`

	day Day
}

// Hints answers the names callers send for the date.
func (*Request) Hints() map[string]string {
	return map[string]string{"date": "send the date as year, month and day (spec 4.7), with calendar when it is not read by the historical switch"}
}

// Resolve checks the date in its calendar and that it falls on or after
// the zero day under the correlation, naming each bad field.
func (r *Request) Resolve(_ resolve.Context, prefix string) error {
	if r.Correlation == 0 {
		r.Correlation = GMT // for Go callers; the door fills the default
	}
	if errs := r.Date.settle(prefix); len(errs) > 0 {
		return errs
	}
	day, err := r.Date.dayOf(r.Correlation, prefix)
	r.day = day
	return err
}

// MayaDay returns the Maya day of a resolved request.
func (r *Request) MayaDay() Day { return r.day }

// CompatibilityRequest is the input of the compatibility route: two dates,
// each in its own calendar, under one correlation.
type CompatibilityRequest struct {
	Person1     *Date `json:"person1" required:"true" doc:"first person's date: year, month, day (hour, calendar)"`
	Person2     *Date `json:"person2" required:"true" doc:"second person's date"`
	Correlation int   `json:"correlation,omitempty" doc:"Julian day number of the Long Count's zero day, for both dates: 584283 (GMT) by default, 584280-584286" minimum:"584280" maximum:"584286" default:"584283" example:"584283"`

	days [2]Day
}

// Hints tells a caller who sends the calendar at the top level, as the
// route once took it, where it goes now.
func (*CompatibilityRequest) Hints() map[string]string {
	return map[string]string{"calendar": "each date has its own calendar: send person1.calendar and person2.calendar (omitted: Julian before 1582-10-15, Gregorian after)"}
}

// Resolve checks both dates, naming fields person1.day and so on.
func (r *CompatibilityRequest) Resolve(_ resolve.Context, prefix string) error {
	if r.Correlation == 0 {
		r.Correlation = GMT
	}
	var errs engine.Fields
	for i, p := range []*Date{r.Person1, r.Person2} {
		name := prefix + "person" + strconv.Itoa(i+1)
		if p == nil {
			errs.Bad(name, "is required: year, month, day")
			continue
		}
		if fs := p.settle(name + "."); len(fs) > 0 {
			errs = append(errs, fs...)
			continue
		}
		day, err := p.dayOf(r.Correlation, name+".")
		if err := errs.Add(err); err != nil {
			return err
		}
		r.days[i] = day
	}
	return errs.Err()
}
