//go:build !cgo

package swe

import (
	"math"

	"github.com/astroapi/astroapi/engine"
)

// cgoEnabled is false: Open fails with ErrNoCgo, so the stubs below never run.
const cgoEnabled = false

type cPath struct{}

const noCgo = "built without cgo"

func newCPath(string) cPath { return cPath{} }

func (cPath) calc(float64, int32, int32, int32, *engine.Observer) ([6]float64, int32, string) {
	return [6]float64{}, -1, noCgo
}

func (cPath) houses(float64, int32, int32, float64, float64, byte) ([23]float64, int, string) {
	return [23]float64{}, -1, noCgo
}

func (cPath) ayanamsa(float64, int32, int32) (float64, int32, string) { return 0, -1, noCgo }
func (cPath) deltaT(float64) float64                                  { return math.NaN() }
func (cPath) sidTime(float64) float64                                 { return math.NaN() }

// JulianDay returns the Julian day of a Gregorian calendar date and UT hour.
// Without cgo it uses Meeus, Astronomical Algorithms, (7.1) p. 61.
func JulianDay(year, month, day int, hour float64) engine.JDUT {
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

// CalendarDate returns the Gregorian calendar date and UT hour of t.
// Without cgo it uses Meeus, Astronomical Algorithms, chapter 7, p. 63.
func CalendarDate(t engine.JDUT) (year, month, day int, hour float64) {
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
