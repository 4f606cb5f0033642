package swe

import (
	"errors"
	"os"
	"path/filepath"
	"strings"

	"github.com/astroapi/astroapi/engine"
)

// StarFile is the fixed star catalogue of swe-basic-data that
// swe_fixstar2_ut reads from the ephemeris directory.
const StarFile = "sefstars.txt"

// ErrStarNotFound is wrapped by the errors of the fixed star functions
// when sefstars.txt has no star of the name asked for.
var ErrStarNotFound = errors.New("star not in " + StarFile)

// HasStarFile reports whether the ephemeris directory holds StarFile.
func (e *Ephemeris) HasStarFile() bool {
	_, err := os.Stat(filepath.Join(e.dir, StarFile))
	return err == nil
}

// starError builds the error of a failed fixed star call: not found, out of
// range, or another failure.
func starError(fn, name string, jd float64, msg string) error {
	err := callError(fn, jd, msg)
	// libswe says "star <name> not found" (or, for a name it cannot
	// parse, "... could not find star name ..."); both mean the catalogue
	// lacks it.
	if strings.Contains(msg, "not found") || strings.Contains(msg, "could not find") {
		err.(*Error).Err = ErrStarNotFound
	}
	return err
}

// FixStar2UT is one swe_fixstar2_ut: star name as libswe takes it (a
// traditional name, or "," and a nomenclature name such as ",alTau"; the
// search ignores case and spaces and matches a prefix), JD UT and SE flags.
// It returns the name libswe found ("Aldebaran,alTau"), the six values of xx
// and the returned flags. Failures name the C function and wrap
// ErrStarNotFound for an unknown star.
func (e *Ephemeris) FixStar2UT(name string, jd float64, iflag int32) (found string, xx [6]float64, retflag int32, err error) {
	const fn = "swe_fixstar2_ut"
	if err := checkJD(fn, jd); err != nil {
		return "", xx, 0, err
	}
	found, xx, ret, msg := e.path.fixstar2(name, jd, iflag)
	if ret < 0 {
		return "", xx, ret, starError(fn, name, jd, msg)
	}
	return found, xx, ret, nil
}

// FixStar2Mag returns the visual magnitude of a star of sefstars.txt and
// the name libswe found (swe_fixstar2_mag).
func (e *Ephemeris) FixStar2Mag(name string) (found string, magnitude float64, err error) {
	const fn = "swe_fixstar2_mag"
	found, mag, ret, msg := e.path.fixstar2Mag(name)
	if ret < 0 {
		return "", 0, starError(fn, name, float64(FilesStart), msg)
	}
	return found, mag, nil
}

// FixedStar returns the apparent geocentric tropical ecliptic longitude and
// latitude of date of a star (degrees; distance and speeds are left zero)
// at t, from swe_fixstar2_ut with the files, or with Moshier's theory for
// the Earth outside FilesStart..FilesEnd (Source says which). name is as
// FixStar2UT takes it.
func (e *Ephemeris) FixedStar(t engine.JDUT, name string) (engine.Position, error) {
	iflag := FlagSwissEph
	if !Covered(t) {
		iflag = FlagMoshier // as Position: ask for it rather than have libswe fail over
	}
	_, xx, ret, err := e.FixStar2UT(name, float64(t), iflag)
	if err != nil {
		return engine.Position{}, err
	}
	p := engine.Position{Longitude: xx[0], Latitude: xx[1], Source: engine.FromSwiss}
	if ret&FlagMoshier != 0 {
		p.Source = engine.FromMoshier
	}
	return p, nil
}
