package solarterms

import (
	"fmt"
	"math"

	"github.com/astroapi/astroapi/engine"
)

// synodicMonth is the mean length of a lunation, days, and refNewMoon a
// mean new moon (2000-01-06 18:14 TT, Meeus ch. 49's k = 0), JD.
const (
	synodicMonth = 29.530588861
	refNewMoon   = 2451550.09766
)

// NewMoonOnOrBefore returns the last new moon (the Moon's apparent
// longitude equal to the Sun's) at or before t, solved by Newton's method
// on the position source to 10 ms; the Chinese calendar's months begin on
// the days of these instants. A Finder without a position source answers
// engine.ErrUnavailable.
func (f *Finder) NewMoonOnOrBefore(t engine.JDUT) (engine.JDUT, error) {
	if f.pos == nil {
		return 0, fmt.Errorf("solarterms: new moons need a position source: %w", engine.ErrUnavailable)
	}
	k := math.Floor((float64(t) - refNewMoon) / synodicMonth)
	for range 4 {
		nm, err := f.newMoonNear(refNewMoon + k*synodicMonth)
		if err != nil {
			return 0, err
		}
		switch {
		case nm > t:
			k--
		case nm+synodicMonth-1 <= t: // the next one may be at or before t
			next, err := f.newMoonNear(refNewMoon + (k+1)*synodicMonth)
			if err != nil {
				return 0, err
			}
			if next > t {
				return nm, nil
			}
			k++
		default:
			return nm, nil
		}
	}
	return 0, fmt.Errorf("solarterms: no new moon found before JD %.5f", float64(t))
}

// NextNewMoon returns the new moon after the new moon nm: solved from nm
// plus a mean lunation (lunations last 29.27-29.84 days, so the guess is
// within 7 hours).
func (f *Finder) NextNewMoon(nm engine.JDUT) (engine.JDUT, error) {
	if f.pos == nil {
		return 0, fmt.Errorf("solarterms: new moons need a position source: %w", engine.ErrUnavailable)
	}
	return f.newMoonNear(float64(nm) + synodicMonth)
}

// newMoonNear solves for the new moon nearest a mean one (the true one is
// within 15 hours of it).
func (f *Finder) newMoonNear(jd float64) (engine.JDUT, error) {
	o := engine.Options{SkipDistance: true}
	for range 12 {
		m, err := f.pos.Position(engine.JDUT(jd), engine.Moon, o)
		if err != nil {
			return 0, fmt.Errorf("solarterms: new moon: %w", err)
		}
		s, err := f.pos.Position(engine.JDUT(jd), engine.Sun, o)
		if err != nil {
			return 0, fmt.Errorf("solarterms: new moon: %w", err)
		}
		speed := m.SpeedLongitude - s.SpeedLongitude
		if !(speed > 9) { // 11-15 degrees a day
			return 0, fmt.Errorf("solarterms: new moon: the Moon gains %g deg/day", speed)
		}
		dt := -math.Remainder(m.Longitude-s.Longitude, 360) / speed
		jd += dt
		if math.Abs(dt) < newtonEps {
			return engine.JDUT(jd), nil
		}
	}
	return 0, fmt.Errorf("solarterms: new moon near JD %.3f: no convergence", jd)
}
