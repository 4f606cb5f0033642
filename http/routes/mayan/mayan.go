// Package mayan is the glue of the Mayan routes (spec 4.7): the Tzolk'in
// of a date, its whole calendar (Tzolk'in, Haab', Long Count, Lord of the
// Night, year bearer) and the compatibility of two dates, from
// engine/mayan. They need no ephemeris: the calendar is integer arithmetic
// on the Julian day number.
package mayan

import (
	"strconv"

	"github.com/astroapi/astroapi/engine/mayan"
	"github.com/astroapi/astroapi/http/op"
)

// conventionsDoc states the conventions every Mayan route follows.
const conventionsDoc = "Dates are civil dates in the proleptic Gregorian calendar (`calendar`: julian for historical and epigraphic dates before 1582), " +
	"astronomical years (0 = 1 BCE) from -3113 (11 August 3114 BCE, the Long Count's zero day 13.0.0.0.0 4 Ajaw 8 Kumk'u) to 2999. " +
	"`correlation` is the Julian day number of that zero day: 584283 (GMT, Thompson) by default, so that 2012-12-21 is 13.0.0.0.0 4 Ajaw 3 K'ank'in; " +
	"584285 (Lounsbury; Martin and Grube) and the rest of 584280-584286 on request. " +
	"The Maya day is taken as the civil date, midnight to midnight: `hour` is accepted (default 12) and changes nothing. " +
	"Day signs in Yucatec (Academia de Lenguas Mayas orthography) with the K'iche' names alongside; meanings are interpretive keywords of modern daykeeping."

// Ops returns the Mayan routes. They depend on nothing but the request, so
// they are never unavailable and always cacheable.
func Ops() []*op.Operation {
	spec := func(id, path, summary, description string) op.Spec {
		return op.Spec{ID: id, Path: path, Family: "Traditions", Summary: summary, Description: description, Cacheable: true}
	}
	return []*op.Operation{
		op.Post(spec("post-mayan-tzolkin", "/api/v1/mayan/tzolkin", "Tzolk'in day of a date",
			"The day of the 260-day count: tone (1-13), day sign (1-20), both together (`combined`, \"4 Ajaw\"), the day's place in the 260, "+
				"and meanings, at the top level of `result` (not nested under a tzolkin key); `conventions` gives the correlation and calendar used. "+
				conventionsDoc), tzolkin),
		op.Post(spec("post-mayan-chart", "/api/v1/mayan/chart", "Mayan calendar chart of a date",
			"The date's tzolkin (as /api/v1/mayan/tzolkin), haab (days 0-19, day 0 the seating of the month; Wayeb' 0-4), long_count, lord_of_night (G1-G9, Thompson), "+
				"year_bearer (Classic Tikal system: the Tzolk'in day of 0 Pop, so Ik', Manik', Eb' or Kaban; the system is stated in the result), the Calendar Round "+
				"and an interpretation. "+conventionsDoc), chart),
		op.Post(spec("post-mayan-compatibility", "/api/v1/mayan/compatibility", "Mayan compatibility of two dates",
			"`person1` and `person2` (each year, month, day) with one `correlation` and `calendar` for both: each person's sign, tone and combined day, "+
				"sign_compatibility (the distance of the two signs around the twenty: directions and colours) and tone_compatibility (same, mirror, consecutive, parity), "+
				"each scored 1-10 with its rule, and overall_score, their mean. Both scores are symmetric. "+conventionsDoc), compatibility),
	}
}

// dayEcho is one interpreted date.
type dayEcho struct {
	Date string `json:"date"` // YYYY-MM-DD, astronomical years
	Hour int    `json:"hour"`
}

// dateEcho is the interpreted input of a one-date request.
type dateEcho struct {
	dayEcho
	Calendar    mayan.Calendar `json:"calendar"`
	Correlation int            `json:"correlation"`
}

// compatibilityEcho is the interpreted input of a compatibility request.
type compatibilityEcho struct {
	Person1     dayEcho        `json:"person1"`
	Person2     dayEcho        `json:"person2"`
	Calendar    mayan.Calendar `json:"calendar"`
	Correlation int            `json:"correlation"`
}

// TzolkinResult is the Tzolk'in map with the conventions that placed it.
type TzolkinResult struct {
	mayan.Tzolkin
	Conventions TzolkinConventions `json:"conventions"`
}

// TzolkinConventions are the conventions of a Tzolk'in answer.
type TzolkinConventions struct {
	Correlation int            `json:"correlation" doc:"Julian day number of the Long Count's zero day used" example:"584283"`
	Calendar    mayan.Calendar `json:"calendar" doc:"calendar the date was read in" enum:"gregorian,julian"`
	Hour        string         `json:"hour" doc:"what the hour changes"`
}

// hourRule is what the hour does, as every answer states it.
const hourRule = "accepted (default 12) and changes nothing: each Maya day is taken as the civil date, midnight to midnight"

// options returns o with its defaults applied.
func options(o mayan.Options) mayan.Options {
	if o.Correlation == 0 {
		o.Correlation = mayan.GMT
	}
	if o.Calendar == "" {
		o.Calendar = mayan.Gregorian
	}
	return o
}

// echoDay writes a date as interpreted, its hour defaulting to 12.
func echoDay(d mayan.Date) dayEcho {
	h := 12
	if d.Hour != nil {
		h = *d.Hour
	}
	return dayEcho{Date: stamp(d.Year, d.Month, d.Day), Hour: h}
}

// stamp writes YYYY-MM-DD with astronomical years, four digits at least
// and a minus sign before year 0 ("-3113-08-11").
func stamp(y, m, d int) string {
	var b []byte
	if y < 0 {
		b, y = append(b, '-'), -y
	}
	ys := strconv.Itoa(y)
	for i := len(ys); i < 4; i++ {
		b = append(b, '0')
	}
	b = append(append(b, ys...), '-', byte('0'+m/10), byte('0'+m%10), '-', byte('0'+d/10), byte('0'+d%10))
	return string(b)
}

func tzolkin(c *op.Call, in *mayan.Input) (TzolkinResult, error) {
	t, err := mayan.TzolkinFor(*in)
	if err != nil {
		return TzolkinResult{}, err
	}
	o := options(in.Options)
	c.Echo(&dateEcho{echoDay(in.Date), o.Calendar, o.Correlation})
	return TzolkinResult{Tzolkin: t, Conventions: TzolkinConventions{Correlation: o.Correlation, Calendar: o.Calendar, Hour: hourRule}}, nil
}

func chart(c *op.Call, in *mayan.Input) (mayan.Chart, error) {
	ch, err := mayan.ChartFor(*in)
	if err != nil {
		return mayan.Chart{}, err
	}
	o := options(in.Options)
	c.Echo(&dateEcho{echoDay(in.Date), o.Calendar, o.Correlation})
	return ch, nil
}

func compatibility(c *op.Call, in *mayan.CompatibilityInput) (mayan.Compatibility, error) {
	res, err := mayan.Compatible(*in)
	if err != nil {
		return mayan.Compatibility{}, err
	}
	o := options(in.Options)
	c.Echo(&compatibilityEcho{Person1: echoDay(*in.Person1), Person2: echoDay(*in.Person2), Calendar: o.Calendar, Correlation: o.Correlation})
	return res, nil
}
