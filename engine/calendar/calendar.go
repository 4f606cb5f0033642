// Package calendar converts dates of the Julian and Gregorian calendars to
// Julian days and back, validates them, reads ISO 8601 dates and times
// (ParseISO, expanded years included) and writes instants for results
// (Time). Zones and "now" are the business of engine/birth and
// engine/moment, which build on it.
//
// # Calendars
//
// The default is the historical switch of Pope Gregory XIII's bull Inter
// gravissimas: the Julian calendar up to Thursday 1582-10-04 (JD 2299159.5
// at 0h), the Gregorian calendar from Friday 1582-10-15 (JD 2299160.5), so
// the dates 1582-10-05 to 1582-10-14 do not exist. This is also how the
// Swiss Ephemeris' swetest reads dates. Asking for "julian" or "gregorian"
// reads a date in that calendar whatever the year (the proleptic Gregorian
// calendar before 1582, the Julian calendar after it, as Russia used until
// 1918). Years are astronomical: year 0 is 1 BC, year -1 is 2 BC.
//
// Conversions use integer arithmetic with floor division (the days-from-
// civil construction of March-based years, cycles of 400 Gregorian or 4
// Julian years), so they are exact for every year here; the epoch is tied
// to JD 2299160.5 = 1582-10-15 Gregorian = 1582-10-05 Julian.
//
// # Range and precision
//
// Years MinYear..MaxYear (-3000..3000): what the Swiss Ephemeris computes
// from Moshier's analytical theory (JD 625000.5 to 2818000.5). Within
// 1800-2400 positions come from the tables fitted to the ephemeris files of
// swe-basic-data (within 0.001" of them); outside, from Moshier's theory,
// which the Swiss Ephemeris documentation puts within about 0.1" of the JPL
// ephemeris for the planets and a few arcseconds for the Moon over
// 3000 BC-3000 AD. Chiron and the asteroids exist only within 1800-2400.
// Before about 1600 the larger uncertainty is delta T (the clock error of
// the Earth's rotation): some minutes of time around 500 BC and hours by
// 3000 BC, enough to move the Moon by a few arcminutes to a degree and the
// houses by much more. Debian's swe-standard-data (31 MB, 34 MB installed)
// holds the files sepl/semo/seas for 5400 BC to 5400 AD: with it the
// Swiss Ephemeris would read the JPL-based files instead of Moshier there
// (and serve the asteroids over that span), once engine/swe lets it.
package calendar

import (
	"fmt"

	"github.com/astroapi/astroapi/engine"
)

// Calendar names the calendar a date is written in. The values are the wire
// values; "" is the historical switch.
type Calendar string

// The calendars.
const (
	Gregorian Calendar = "gregorian" // Gregorian rules for every year (proleptic before 1582)
	Julian    Calendar = "julian"    // Julian rules for every year
)

// EnumValues lists the calendars a request may name.
func (Calendar) EnumValues() []string { return []string{string(Gregorian), string(Julian)} }

// The span of years accepted (astronomical numbering).
const (
	MinYear = -3000
	MaxYear = 3000
)

// SwitchJD is the Julian day (0h UT) of the first Gregorian date under the
// default switch, 1582-10-15; the day before is Julian 1582-10-04.
const SwitchJD = 2299160.5

// floorDiv returns floor(a / b) for b > 0.
func floorDiv(a, b int) int {
	q := a / b
	if a%b != 0 && a < 0 {
		q--
	}
	return q
}

// dayOfMarchYear returns the day of a March-based year (March 1 = 0) and
// the March-based year of y-m-d.
func dayOfMarchYear(y, m, d int) (my, doy int) {
	if m <= 2 {
		y--
	}
	mp := (m + 9) % 12 // March = 0 ... February = 11
	return y, (153*mp+2)/5 + d - 1
}

// gregorianDays returns the days of Gregorian y-m-d from Gregorian
// 0000-03-01.
func gregorianDays(y, m, d int) int {
	y, doy := dayOfMarchYear(y, m, d)
	era := floorDiv(y, 400)
	yoe := y - era*400
	return era*146097 + yoe*365 + yoe/4 - yoe/100 + doy
}

// julianDays returns the days of Julian y-m-d from Julian 0000-03-01.
func julianDays(y, m, d int) int {
	y, doy := dayOfMarchYear(y, m, d)
	era := floorDiv(y, 4)
	yoe := y - era*4
	return era*1461 + yoe*365 + doy
}

// The JD (0h) of day 0 of each count, from the switch: Gregorian
// 1582-10-15 and Julian 1582-10-05 are both JD 2299160.5.
var (
	gregorianEpoch = SwitchJD - float64(gregorianDays(1582, 10, 15))
	julianEpoch    = SwitchJD - float64(julianDays(1582, 10, 5))
)

// Used returns the calendar a date y-m-d is read in under c: c itself, or
// for "" Julian before 1582-10-15 and Gregorian from then on.
func Used(c Calendar, y, m, d int) Calendar {
	if c != "" {
		return c
	}
	if y < 1582 || y == 1582 && (m < 10 || m == 10 && d < 15) {
		return Julian
	}
	return Gregorian
}

// JulianDay returns the Julian day at 0h UT of y-m-d in calendar c (""
// is the switch). It does not validate the date: see ValidDate.
func JulianDay(y, m, d int, c Calendar) float64 {
	if Used(c, y, m, d) == Julian {
		return julianEpoch + float64(julianDays(y, m, d))
	}
	return gregorianEpoch + float64(gregorianDays(y, m, d))
}

// DateOf returns the date holding Julian day jd in calendar c ("" is the
// switch: Julian before SwitchJD) and the fraction of the day since 0h.
func DateOf(jd float64, c Calendar) (y, m, d int, frac float64) {
	j0 := jd + 0.5
	n := int(floor(j0))
	frac = j0 - float64(n)
	if c == "" {
		c = Gregorian
		if jd < SwitchJD {
			c = Julian
		}
	}
	var doe, yoe, era int
	if c == Julian {
		z := n - int(julianEpoch+0.5)
		era = floorDiv(z, 1461)
		doe = z - era*1461
		yoe = (doe - doe/1460) / 365
		y = era*4 + yoe
	} else {
		z := n - int(gregorianEpoch+0.5)
		era = floorDiv(z, 146097)
		doe = z - era*146097
		yoe = (doe - doe/1460 + doe/36524 - doe/146096) / 365
		y = era*400 + yoe
	}
	doy := doe - (365*yoe + yoe/4 - yoe/100)
	if c == Julian {
		doy = doe - 365*yoe
	}
	mp := (5*doy + 2) / 153
	d = doy - (153*mp+2)/5 + 1
	m = mp + 3
	if m > 12 {
		m -= 12
		y++
	}
	return y, m, d, frac
}

func floor(x float64) float64 {
	i := float64(int64(x))
	if i > x {
		i--
	}
	return i
}

// Leap reports whether y is a leap year in calendar c (Julian or
// Gregorian).
func Leap(y int, c Calendar) bool {
	if c == Julian {
		return floorDiv(y, 4)*4 == y
	}
	return floorDiv(y, 4)*4 == y && (floorDiv(y, 100)*100 != y || floorDiv(y, 400)*400 == y)
}

// DaysIn returns the days of month m (1-12) of year y in calendar c.
func DaysIn(y, m int, c Calendar) int {
	switch m {
	case 2:
		if Leap(y, c) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

// ValidDate checks y-m-d in calendar c ("" is the switch), reporting each
// bad field by its JSON name (year, month, day, calendar).
func ValidDate(y, m, d int, c Calendar) engine.Fields {
	var errs engine.Fields
	bad := func(f, format string, a ...any) {
		errs = append(errs, &engine.FieldError{Field: f, Reason: fmt.Sprintf(format, a...)})
	}
	if c != "" && c != Gregorian && c != Julian {
		bad("calendar", `must be "gregorian" or "julian" (omitted: Julian before 1582-10-15, Gregorian from then on)`)
		return errs
	}
	if y < MinYear || y > MaxYear {
		bad("year", "must be between %d and %d (astronomical numbering: 0 is 1 BC)", MinYear, MaxYear)
	}
	if m < 1 || m > 12 {
		bad("month", "must be between 1 and 12")
		return errs
	}
	used := Used(c, y, m, d)
	switch n := DaysIn(y, m, used); {
	case d < 1:
		bad("day", "must be 1 or more")
	case d > n:
		bad("day", "%04d-%02d has %d days in the %s calendar", y, m, n, used)
	case c == "" && y == 1582 && m == 10 && d >= 5 && d <= 14:
		bad("day", "1582-10-05 to 1582-10-14 do not exist: the Gregorian calendar follows Julian 1582-10-04 with 1582-10-15 (send calendar julian or gregorian to read the date in one calendar)")
	}
	return errs
}

// Format writes y-m-d as ISO 8601 does, with a sign and at least four
// digits for years outside 0-9999 ("-0500-03-01").
func Format(y, m, d int) string {
	if y < 0 {
		return fmt.Sprintf("-%04d-%02d-%02d", -y, m, d)
	}
	return fmt.Sprintf("%04d-%02d-%02d", y, m, d)
}
