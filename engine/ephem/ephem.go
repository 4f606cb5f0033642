// Package ephem is the position source of the calculation core: an
// engine.Positions that serves from the precomputed Chebyshev tables
// (package tables) when it can and from the Swiss Ephemeris (engine/swe)
// otherwise, and says which in Position.Source.
//
// The tables serve a position when the instant lies in their span (and not
// in one of their holes), the body has a table, and the options ask for
// apparent geocentric ecliptic coordinates of date, tropical or sidereal for
// every ayanamsa but J2000 (for J2000 libswe projects onto the ecliptic of
// J2000, which a subtraction does not reproduce). Ayanamsa and Obliquity
// come from the tables where covered. Houses are cast in Go (package houses)
// from the tables' obliquity, nutation and ayanamsa where houses.Compute
// agrees with libswe, and come from libswe otherwise.
package ephem

import (
	"fmt"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/houses"
	"github.com/astroapi/astroapi/engine/swe"
	"github.com/astroapi/astroapi/tables"
)

// Source is the table-first position source. It is safe for concurrent use.
type Source struct {
	t    *tables.Set
	e    *swe.Ephemeris
	only *Source // the tables alone, for houses.Compute (nil without tables)
}

var _ engine.Positions = (*Source)(nil)

// New returns a Source over tables t (nil: Swiss Ephemeris only) and the
// Swiss Ephemeris e (nil: tables only; requests they cannot serve fail with
// engine.ErrOutOfRange).
func New(t *tables.Set, e *swe.Ephemeris) *Source {
	s := &Source{t: t, e: e}
	if t != nil {
		s.only = &Source{t: t}
	}
	return s
}

// errNoEphemeris is returned when the tables cannot serve and there is no
// Swiss Ephemeris to fall back to.
var errNoEphemeris = fmt.Errorf("ephem: not covered by the tables and no Swiss Ephemeris configured: %w", engine.ErrOutOfRange)

// Position returns body b at t in the frame o.
func (s *Source) Position(t engine.JDUT, b engine.Body, o engine.Options) (engine.Position, error) {
	if s.t != nil && o.Plain() {
		var p engine.Position
		var ok bool
		switch {
		case o.Sidereal == "" && o.SkipDistance:
			p, ok = s.t.Ecliptic(t, b)
		case o.Sidereal == "":
			p, ok = s.t.Position(t, b)
		case o.SkipDistance:
			p, ok = s.t.SiderealEcliptic(t, b, o.Sidereal)
		default:
			p, ok = s.t.Sidereal(t, b, o.Sidereal)
		}
		if ok {
			return p, nil
		}
	}
	if s.e == nil {
		return engine.Position{}, errNoEphemeris
	}
	return s.e.Position(t, b, o)
}

// Houses returns cusps and angles cast in Go from the tables where
// houses.Compute is verified against libswe, else from the Swiss Ephemeris.
func (s *Source) Houses(t engine.JDUT, latitude, longitude float64, sys engine.HouseSystem, sidereal engine.Ayanamsa) (engine.Houses, error) {
	if s.only != nil {
		// The tables-only source fails where the tables do not cover t, so
		// a result labelled FromTables used no libswe value.
		if h, ok, err := houses.Compute(s.only, t, latitude, longitude, sys, sidereal); err == nil && ok {
			return h, nil
		}
	}
	if s.e == nil {
		return engine.Houses{}, errNoEphemeris
	}
	return s.e.Houses(t, latitude, longitude, sys, sidereal)
}

// Ayanamsa returns ayanamsa a at t in degrees (with nutation).
func (s *Source) Ayanamsa(t engine.JDUT, a engine.Ayanamsa) (float64, error) {
	if s.t != nil {
		if v, ok := s.t.Ayanamsa(t, a); ok {
			return v, nil
		}
	}
	if s.e == nil {
		return 0, errNoEphemeris
	}
	return s.e.Ayanamsa(t, a)
}

// Obliquity returns the true obliquity and the nutation in longitude at t.
func (s *Source) Obliquity(t engine.JDUT) (trueObliquity, nutationLongitude float64, err error) {
	if s.t != nil {
		if eps, dpsi, ok := s.t.Obliquity(t); ok {
			return eps, dpsi, nil
		}
	}
	if s.e == nil {
		return 0, 0, errNoEphemeris
	}
	return s.e.Obliquity(t)
}
