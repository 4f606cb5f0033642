package solarterms

import (
	"fmt"
	"math"

	"github.com/astroapi/astroapi/engine"
)

// EquationOfTime returns the equation of time at t in seconds: apparent
// solar time minus mean solar time (positive when a sundial runs ahead of
// the mean Sun, about +16 minutes in early November, -14 in February).
//
// It is Meeus's form (Astronomical Algorithms, 2nd ed., eq. 28.1):
// E = L0 - 0.0057183 deg - alpha + dpsi cos(eps), with L0 the Sun's mean
// longitude (eq. 28.2, VSOP87), alpha the right ascension of the apparent
// Sun and dpsi, eps the nutation in longitude and the true obliquity, all
// from the position source. The right ascension is taken from the apparent
// ecliptic longitude with the Sun's latitude neglected (under 1.2 arcsec:
// at most 0.1 s of time), so that the tables' fast path serves it. L0 is
// evaluated in TT with a long-term parabola for delta T (Morrison and
// Stephenson 2004): an error of a minute in delta T moves E by 0.16 s.
// Against swetest's equation of time (body y) it is within 0.74 s before
// 2100 and 3.7 s by 2999, where the two extrapolations of delta T part.
// A Finder without a position source answers engine.ErrUnavailable.
func (f *Finder) EquationOfTime(t engine.JDUT) (float64, engine.Source, error) {
	if f.pos == nil {
		return 0, "", fmt.Errorf("solarterms: the equation of time needs a position source: %w", engine.ErrUnavailable)
	}
	p, err := f.pos.Position(t, engine.Sun, engine.Options{SkipDistance: true})
	if err != nil {
		return 0, "", fmt.Errorf("solarterms: equation of time: %w", err)
	}
	eps, dpsi, err := f.pos.Obliquity(t)
	if err != nil {
		return 0, "", fmt.Errorf("solarterms: equation of time: %w", err)
	}
	rad := math.Pi / 180
	lam := p.Longitude * rad
	alpha := math.Atan2(math.Cos(eps*rad)*math.Sin(lam), math.Cos(lam)) / rad
	year := 2000 + (float64(t)-2451545)/365.25
	u := (year - 1820) / 100
	deltaT := -20 + 32*u*u // seconds
	tau := (float64(t) + deltaT/86400 - 2451545) / 365250
	l0 := 280.4664567 + tau*(360007.6982779+tau*(0.03032028+tau*(1.0/49931+tau*(-1.0/15300+tau*(-1.0/2000000)))))
	e := math.Remainder(l0-0.0057183-alpha+dpsi*math.Cos(eps*rad), 360)
	return e * 240, p.Source, nil
}
