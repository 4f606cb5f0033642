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

func (cPath) houses(float64, int32, int32, float64, float64, byte) ([47]float64, int, string) {
	return [47]float64{}, -1, noCgo
}

func (cPath) ayanamsa(float64, int32, int32) (float64, int32, string) { return 0, -1, noCgo }
func (cPath) deltaT(float64) float64                                  { return math.NaN() }
func (cPath) sidTime(float64) float64                                 { return math.NaN() }

// JulianDay returns the Julian day of a Gregorian calendar date and UT hour
// (without cgo, by Meeus' algorithm).
func JulianDay(year, month, day int, hour float64) engine.JDUT {
	return julianDayGo(year, month, day, hour)
}

// CalendarDate returns the Gregorian calendar date and UT hour of t
// (without cgo, by Meeus' algorithm).
func CalendarDate(t engine.JDUT) (year, month, day int, hour float64) { return calendarDateGo(t) }
