// Package mayan is the glue of the Mayan routes (spec 4.7): the Tzolk'in
// of a date, its whole calendar (Tzolk'in, Haab', Long Count, Lord of the
// Night, year bearer) and the compatibility of two dates, from
// engine/mayan. They need no ephemeris: the calendar is integer arithmetic
// on the Julian day number.
package mayan

import (
	"github.com/astroapi/astroapi/engine/mayan"
	"github.com/astroapi/astroapi/http/op"
)

// conventionsDoc states the conventions every Mayan route follows.
const conventionsDoc = "Dates are read as on every route: by default with the historical switch, Julian up to 1582-10-04 (historical and epigraphic dates " +
	"as published) and Gregorian from 1582-10-15; `calendar` gregorian or julian reads a date in one calendar for every year; the echo names the calendar used. " +
	"Astronomical years (0 = 1 BCE) from -3113 (the Long Count's zero day 13.0.0.0.0 4 Ajaw 8 Kumk'u: 6 September 3114 BCE Julian, 11 August proleptic Gregorian) to 2999. " +
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
			"`person1` and `person2` (each year, month, day, and its own `calendar`) with one `correlation` for both: each person's sign, tone and combined day, "+
				"sign_compatibility (the distance of the two signs around the twenty: directions and colours) and tone_compatibility (same, mirror, consecutive, parity), "+
				"each scored 1-10 with its rule, and overall_score, their mean. Both scores are symmetric. "+conventionsDoc), compatibility),
	}
}

func tzolkin(_ *op.Call, in *mayan.Request) (mayan.TzolkinResult, error) {
	return mayan.TzolkinFor(in), nil
}

func chart(_ *op.Call, in *mayan.Request) (mayan.Chart, error) {
	return mayan.ChartFor(in), nil
}

func compatibility(_ *op.Call, in *mayan.CompatibilityRequest) (mayan.Compatibility, error) {
	return mayan.Compatible(in), nil
}
