package timing

import (
	"fmt"
	"math"
	"time"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/birth"
	"github.com/astroapi/astroapi/engine/natal"
)

// Natal is the birth every technique starts from, as the route glue
// resolves the birth packet: the instant and place, the chart conventions
// the packet asked for, and the UTC offset in force at birth.
type Natal struct {
	Birth natal.Birth   // instant (JD UT) and birth place
	Chart natal.Options // zodiac, ayanamsa, house system, node: the natal chart's
	// UTCOffset is the offset in seconds east of UTC in force at the birth
	// (birth.Instant.Offset). Anniversaries (birthdays) are counted on the
	// birth's local calendar at this fixed offset, so a birth at 00:30 in
	// UTC+2 has its birthday on the local date. 0 means UTC.
	UTCOffset int
}

// NatalOf is the Natal of a resolved birth packet (birth.Packet.Resolved)
// cast with chart options o.
func NatalOf(b birth.Resolved, o natal.Options) Natal {
	return Natal{
		Birth:     natal.Birth{JD: b.Instant.JD, Latitude: b.Latitude, Longitude: b.Longitude},
		Chart:     o,
		UTCOffset: b.Instant.Offset,
	}
}

// Validate checks the birth place, the chart options and the offset, naming
// bad fields as the birth packet does.
func (n Natal) Validate() engine.Fields {
	errs := n.Chart.Validate()
	if !(n.Birth.Latitude >= -90 && n.Birth.Latitude <= 90) {
		errs = append(errs, &engine.FieldError{Field: "latitude", Reason: "must be between -90 and 90"})
	}
	if !(n.Birth.Longitude >= -180 && n.Birth.Longitude <= 180) {
		errs = append(errs, &engine.FieldError{Field: "longitude", Reason: "must be between -180 and 180"})
	}
	switch {
	case math.IsNaN(float64(n.Birth.JD)) || math.IsInf(float64(n.Birth.JD), 0):
		errs = append(errs, &engine.FieldError{Field: "year", Reason: "the birth instant is not a finite date"})
	case n.born().Year() < 0:
		// Results give their instants in RFC 3339, which writes years
		// 0000 to 9999 (the birth packet reaches back to -3000).
		errs = append(errs, &engine.FieldError{Field: "year", Reason: "the timing techniques take births from year 0 (1 BC) in UTC on: their instants are written as RFC 3339 dates, years 0000 to 9999"})
	}
	if n.UTCOffset < -18*3600 || n.UTCOffset > 18*3600 {
		errs = append(errs, &engine.FieldError{Field: "timezone", Reason: "UTC offset beyond ±18 hours"})
	}
	return errs
}

// born returns the birth instant in UTC, to the second (birth packets carry
// whole seconds; the Julian day resolves about 20 µs).
func (n Natal) born() time.Time { return n.Birth.JD.Time().Round(time.Second) }

// anniversary returns the instant of the birth's local date and time in
// year y, at the birth's UTC offset. A 29 February birth has its
// anniversary on 1 March in common years (time.Date's normalisation).
func (n Natal) anniversary(y int) time.Time {
	off := time.Duration(n.UTCOffset) * time.Second
	l := n.born().Add(off)
	return time.Date(y, l.Month(), l.Day(), l.Hour(), l.Minute(), l.Second(), 0, time.UTC).Add(-off)
}

// birthYear returns the birth's calendar year on its local calendar.
func (n Natal) birthYear() int {
	return n.born().Add(time.Duration(n.UTCOffset) * time.Second).Year()
}

// ageAt returns the completed years of life at t (anniversaries reached),
// and the anniversaries that open and close that year of life. t must not
// precede the birth.
func (n Natal) ageAt(t time.Time) (age int, from, to time.Time) {
	y0 := n.birthYear()
	age = t.Add(time.Duration(n.UTCOffset)*time.Second).Year() - y0
	for age > 0 && n.anniversary(y0+age).After(t) {
		age--
	}
	for !n.anniversary(y0 + age + 1).After(t) {
		age++
	}
	return age, n.anniversary(y0 + age), n.anniversary(y0 + age + 1)
}

// jdOf returns the Julian day of an instant.
func jdOf(t time.Time) engine.JDUT { return engine.JDOf(t) }

// utc returns t in UTC rounded to the second, as results give instants.
func utc(t time.Time) time.Time { return t.UTC().Round(time.Second) }

// instant returns the time of a Julian day rounded to the second.
func instant(jd engine.JDUT) time.Time { return jd.Time().Round(time.Second) }

// YearLength is the length of the year a technique counts in. The values
// are the API's wire values.
type YearLength string

// The year lengths offered (each technique accepts the ones it lists).
const (
	// YearTropical is the mean tropical year, 365.24219 days (Meeus,
	// Astronomical Algorithms, ch. 27; 365.2422 rounded): the year of the
	// seasons: n of them after a birth fall within two hours of the n-th
	// solar return for n up to 100 (nutation and the planets' pull make the
	// returns' spacing vary by some minutes; measured).
	YearTropical YearLength = "tropical"
	// YearJulian is the calendar (Julian) year of 365.25 days.
	YearJulian YearLength = "julian"
	// Year360 is the 360-day year of Valens' zodiacal releasing
	// (Anthology IV.4): twelve months of 30 days.
	Year360 YearLength = "360_day"
)

// EnumValues lists the year lengths.
func (YearLength) EnumValues() []string {
	return []string{string(YearTropical), string(YearJulian), string(Year360)}
}

// SolarYear is the year of the techniques that count in solar years
// (progressions, solar arc directions, firdaria): tropical or julian.
// Valens' 360-day year is zodiacal releasing's alone (YearLength), so a
// request for these techniques cannot name it.
type SolarYear string

// EnumValues lists the solar years.
func (SolarYear) EnumValues() []string { return []string{string(YearTropical), string(YearJulian)} }

// Days returns the length of the year in days (0 for an unknown value).
func (y YearLength) Days() float64 {
	switch y {
	case YearTropical:
		return 365.24219
	case YearJulian:
		return 365.25
	case Year360:
		return 360
	}
	return 0
}

// checkYear validates y against the lengths a technique accepts; "" takes
// the default def.
func checkYear(y, def YearLength, field string, allowed ...YearLength) (YearLength, *engine.FieldError) {
	if y == "" {
		return def, nil
	}
	for _, a := range allowed {
		if y == a {
			return y, nil
		}
	}
	list := ""
	for i, a := range allowed {
		if i > 0 {
			list += ", "
		}
		list += string(a)
	}
	return "", &engine.FieldError{Field: field, Reason: fmt.Sprintf("unknown year length %q: use one of %s", y, list)}
}

// Rulers are the traditional (Hellenistic) domicile lords of the signs, from
// Aries: Ptolemy, Tetrabiblos I.17; Valens, Anthology I.2.
var Rulers = [12]string{
	"Mars", "Venus", "Mercury", "Moon", "Sun", "Mercury",
	"Venus", "Mars", "Jupiter", "Saturn", "Saturn", "Jupiter",
}

// signIndex returns the sign (0 = Aries) holding longitude lon.
func signIndex(lon float64) int {
	i := int(engine.Normalize(lon) / 30)
	if i > 11 {
		i = 11
	}
	return i
}

// Position is a zodiacal position: the longitude, its sign and the degree
// within the sign.
type Position struct {
	Longitude float64 `json:"longitude" doc:"ecliptic longitude in degrees, 0-360, in the chart's zodiac" minimum:"0" maximum:"360"`
	Sign      string  `json:"sign" doc:"zodiac sign" example:"Leo"`
	Degree    float64 `json:"degree" doc:"degrees within the sign, 0-30" minimum:"0" maximum:"30"`
}

// at builds a Position from a longitude.
func at(lon float64) Position {
	lon = engine.Normalize(lon)
	s, d := engine.SignOf(lon)
	return Position{Longitude: lon, Sign: s, Degree: d}
}

// Place is a place on Earth in geographic degrees (east and north positive).
type Place struct {
	Latitude  float64 `json:"latitude" doc:"degrees, north positive" minimum:"-90" maximum:"90"`
	Longitude float64 `json:"longitude" doc:"degrees, east positive" minimum:"-180" maximum:"180"`
}

// check validates a place given as field prefix ("place.").
func (p Place) check(prefix string) engine.Fields {
	var errs engine.Fields
	if !(p.Latitude >= -90 && p.Latitude <= 90) {
		errs = append(errs, &engine.FieldError{Field: prefix + "latitude", Reason: "must be between -90 and 90"})
	}
	if !(p.Longitude >= -180 && p.Longitude <= 180) {
		errs = append(errs, &engine.FieldError{Field: prefix + "longitude", Reason: "must be between -180 and 180"})
	}
	return errs
}

// zodiacName is "tropical" or "sidereal" for the chart options.
func zodiacName(o natal.Options) string {
	if o.Sidereal != "" {
		return "sidereal"
	}
	return "tropical"
}

// Horizon bounds every technique's reach: 150 years of life from the birth.
const HorizonYears = 150

// horizon returns the last instant techniques reach: the birth plus
// HorizonYears Julian years.
func (n Natal) horizon() time.Time {
	return n.born().Add(time.Duration(HorizonYears * 365.25 * 86400 * float64(time.Second)))
}

// checkDate validates a target instant: not before the birth, within the
// horizon.
func (n Natal) checkDate(t time.Time, field string) *engine.FieldError {
	switch {
	case t.IsZero():
		return &engine.FieldError{Field: field, Reason: "is required"}
	case t.Before(n.born()):
		return &engine.FieldError{Field: field, Reason: fmt.Sprintf("must not be before the birth (%s)", n.born().Format(time.RFC3339))}
	case t.After(n.horizon()):
		return &engine.FieldError{Field: field, Reason: fmt.Sprintf("must be within %d years of the birth", HorizonYears)}
	}
	return nil
}

// checkRange validates [start, end] with checkDate on each end, end after
// start, and a longest span of maxDays days (described as maxText).
func (n Natal) checkRange(start, end time.Time, startField, endField string, maxDays float64, maxText string) engine.Fields {
	var errs engine.Fields
	if e := n.checkDate(start, startField); e != nil {
		errs = append(errs, e)
	}
	if e := n.checkDate(end, endField); e != nil {
		errs = append(errs, e)
	}
	if len(errs) == 0 {
		switch {
		case !end.After(start):
			errs = append(errs, &engine.FieldError{Field: endField, Reason: "must be after " + startField})
		case end.Sub(start).Hours()/24 > maxDays:
			errs = append(errs, &engine.FieldError{Field: endField, Reason: "the range is too long: at most " + maxText})
		}
	}
	return errs
}
