package swe

import (
	"math"

	"github.com/astroapi/astroapi/engine"
)

// Pure Go calendar conversions for builds without cgo; a test checks them
// against swe_julday and swe_revjul.

// julianDayGo returns the Julian day of a Gregorian calendar date and UT
// hour, after Meeus, Astronomical Algorithms, (7.1) p. 61. Valid for
// years from -4712 (where math.Floor matters for negative years).
func julianDayGo(year, month, day int, hour float64) engine.JDUT {
	y, m := year, month
	if m <= 2 {
		y--
		m += 12
	}
	a := math.Floor(float64(y) / 100)
	b := 2 - a + math.Floor(a/4)
	return engine.JDUT(math.Floor(365.25*float64(y+4716)) + math.Floor(30.6001*float64(m+1)) +
		float64(day) + b - 1524.5 + hour/24)
}

// calendarDateGo returns the Gregorian calendar date and UT hour of t,
// after Meeus, Astronomical Algorithms, chapter 7, p. 63 (for t >= 0).
func calendarDateGo(t engine.JDUT) (year, month, day int, hour float64) {
	jd := float64(t) + 0.5
	z := math.Floor(jd)
	f := jd - z
	alpha := math.Floor((z - 1867216.25) / 36524.25)
	a := z + 1 + alpha - math.Floor(alpha/4)
	b := a + 1524
	c := math.Floor((b - 122.1) / 365.25)
	d := math.Floor(365.25 * c)
	e := math.Floor((b - d) / 30.6001)
	day = int(b - d - math.Floor(30.6001*e))
	month = int(e - 1)
	if e >= 14 {
		month = int(e - 13)
	}
	year = int(c - 4716)
	if month <= 2 {
		year = int(c - 4715)
	}
	return year, month, day, f * 24
}
