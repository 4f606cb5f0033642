package swe

import "github.com/astroapi/astroapi/engine"

// Eclipse type bits (SE_ECL_* in swephexp.h), as the eclipse functions
// return them and as their type masks take them. A test checks each against
// the C header.
const (
	EclCentral      int32 = 1  // SE_ECL_CENTRAL: the shadow axis meets the Earth
	EclNonCentral   int32 = 2  // SE_ECL_NONCENTRAL: it misses, but part of the umbra touches
	EclTotal        int32 = 4  // SE_ECL_TOTAL
	EclAnnular      int32 = 8  // SE_ECL_ANNULAR
	EclPartial      int32 = 16 // SE_ECL_PARTIAL
	EclHybrid       int32 = 32 // SE_ECL_ANNULAR_TOTAL (SE_ECL_HYBRID): annular along part of the path, total along the rest
	EclPenumbral    int32 = 64 // SE_ECL_PENUMBRAL: lunar, the Moon in the penumbra only
	EclAllSolar     int32 = EclCentral | EclNonCentral | EclTotal | EclAnnular | EclPartial | EclHybrid
	EclAllLunar     int32 = EclTotal | EclPartial | EclPenumbral
	FlagNoDeflect   int32 = 512  // SEFLG_NOGDEFL: no gravitational deflection of light
	FlagNoAberr     int32 = 1024 // SEFLG_NOABERR: no annual aberration
	maxStarNameSize       = 256  // SE_MAX_STNAME
)

// GlobalEclipse is an eclipse found by swe_sol_eclipse_when_glob or
// swe_lun_eclipse_when: its SE_ECL_* bits and its times (JD UT, 0 where a
// phase does not occur).
//
// Solar (swe_sol_eclipse_when_glob): Times[0] greatest eclipse (the shadow
// axis closest to the Earth's centre), [1] the eclipse at local apparent
// noon, [2] and [3] begin and end of the eclipse, [4] and [5] begin and end
// of totality or annularity, [6] and [7] begin and end of the centre line,
// [8] and [9] for hybrids where annularity becomes totality and back.
//
// Lunar (swe_lun_eclipse_when): Times[0] greatest eclipse, [2] and [3]
// begin and end of the partial (umbral) phase, [4] and [5] begin and end of
// totality, [6] and [7] begin and end of the penumbral phase.
type GlobalEclipse struct {
	Flags int32
	Times [10]float64
}

// Max returns the instant of greatest eclipse.
func (g GlobalEclipse) Max() engine.JDUT { return engine.JDUT(g.Times[0]) }

// EclipseAttributes are the attr[] values of swe_sol_eclipse_where,
// swe_sol_eclipse_how or swe_lun_eclipse_how, with their SE_ECL_* bits.
//
// Solar: Attr[0] fraction of the Sun's diameter covered by the Moon, [1]
// ratio of the Moon's apparent diameter to the Sun's, [2] fraction of the
// Sun's disc covered (obscuration), [3] diameter of the core shadow (km),
// [4] azimuth and [5] true and [6] apparent altitude of the Sun, [7]
// elongation of the Moon (deg), [8] magnitude as NASA defines it (Attr[0]
// for partial eclipses, Attr[1] for annular and total ones), [9] Saros
// series number and [10] member number in it (NASA's numbering).
//
// Lunar: Attr[0] umbral magnitude, [1] penumbral magnitude, [7] distance of
// the Moon from opposition (deg), [8] umbral magnitude again, [9] Saros
// series and [10] member number.
type EclipseAttributes struct {
	Flags int32
	Attr  [20]float64
}

// SarosSeries returns the Saros series number and the member number in it
// (attr[9] and attr[10]), or 0, 0 when libswe has none for the eclipse.
func (a EclipseAttributes) SarosSeries() (series, member int) {
	// libswe reports -99999999 where its table of series has no entry.
	if a.Attr[9] < 0 || a.Attr[10] < 0 {
		return 0, 0
	}
	return int(a.Attr[9]), int(a.Attr[10])
}

// eclipseFlags are the ephemeris flags of every eclipse call: the files,
// or Moshier's theory outside them (the eclipse functions pass them to
// swe_calc).
func eclipseFlags(t engine.JDUT) int32 {
	if Covered(t) {
		return FlagSwissEph
	}
	return FlagMoshier
}

// SolarEclipseWhenGlob finds the next (or, backward, the previous) solar
// eclipse anywhere on Earth from start, restricted to the SE_ECL_* types
// in mask (0 for all) (swe_sol_eclipse_when_glob).
func (e *Ephemeris) SolarEclipseWhenGlob(start engine.JDUT, mask int32, backward bool) (GlobalEclipse, error) {
	const fn = "swe_sol_eclipse_when_glob"
	if err := checkJD(fn, float64(start)); err != nil {
		return GlobalEclipse{}, err
	}
	tret, ret, msg := e.path.solWhenGlob(float64(start), eclipseFlags(start), mask, backward)
	if ret <= 0 {
		return GlobalEclipse{}, callError(fn, float64(start), msg)
	}
	return GlobalEclipse{Flags: ret, Times: tret}, nil
}

// SolarEclipseWhere returns where on Earth the solar eclipse at t is
// greatest (swe_sol_eclipse_where): longitude, latitude in geographic
// degrees (east and north positive), and its attributes there. Called at
// the instant of greatest eclipse, this is the point of greatest eclipse;
// for a partial eclipse it lies on the Earth's limb. Flags is 0 when libswe
// finds no eclipse at t; for the most marginal partial eclipses (magnitude
// 0.001, 1935 January 5) it says so at their maximum and still fills in
// the place and the attributes.
func (e *Ephemeris) SolarEclipseWhere(t engine.JDUT) (longitude, latitude float64, a EclipseAttributes, err error) {
	const fn = "swe_sol_eclipse_where"
	if err := checkJD(fn, float64(t)); err != nil {
		return 0, 0, a, err
	}
	geo, attr, ret, msg := e.path.solWhere(float64(t), eclipseFlags(t))
	if ret < 0 {
		return 0, 0, a, callError(fn, float64(t), msg)
	}
	return geo[0], geo[1], EclipseAttributes{Flags: ret, Attr: attr}, nil
}

// SolarEclipseHow returns the attributes of the solar eclipse at t seen
// from a place (swe_sol_eclipse_how); Flags is 0 when none is seen there.
func (e *Ephemeris) SolarEclipseHow(t engine.JDUT, at engine.Observer) (EclipseAttributes, error) {
	const fn = "swe_sol_eclipse_how"
	if err := checkJD(fn, float64(t)); err != nil {
		return EclipseAttributes{}, err
	}
	attr, ret, msg := e.path.solHow(float64(t), eclipseFlags(t), [3]float64{at.Longitude, at.Latitude, at.Altitude})
	if ret < 0 {
		return EclipseAttributes{}, callError(fn, float64(t), msg)
	}
	return EclipseAttributes{Flags: ret, Attr: attr}, nil
}

// LocalEclipse is a solar eclipse seen from one place, as
// swe_sol_eclipse_when_loc returns it: Times[0] maximum, [1] first contact,
// [2] second, [3] third, [4] fourth contact, [5] sunrise and [6] sunset
// when they fall within the eclipse (JD UT, 0 where absent), and the
// attributes at the maximum.
type LocalEclipse struct {
	Flags int32
	Times [10]float64
	Attr  [20]float64
}

// SolarEclipseWhenLoc finds the next (or previous) solar eclipse seen from
// a place (swe_sol_eclipse_when_loc).
func (e *Ephemeris) SolarEclipseWhenLoc(start engine.JDUT, at engine.Observer, backward bool) (LocalEclipse, error) {
	const fn = "swe_sol_eclipse_when_loc"
	if err := checkJD(fn, float64(start)); err != nil {
		return LocalEclipse{}, err
	}
	tret, attr, ret, msg := e.path.solWhenLoc(float64(start), eclipseFlags(start), [3]float64{at.Longitude, at.Latitude, at.Altitude}, backward)
	if ret <= 0 {
		return LocalEclipse{}, callError(fn, float64(start), msg)
	}
	return LocalEclipse{Flags: ret, Times: tret, Attr: attr}, nil
}

// LunarEclipseWhen finds the next (or previous) lunar eclipse from start,
// restricted to the SE_ECL_* types in mask (0 for all)
// (swe_lun_eclipse_when).
func (e *Ephemeris) LunarEclipseWhen(start engine.JDUT, mask int32, backward bool) (GlobalEclipse, error) {
	const fn = "swe_lun_eclipse_when"
	if err := checkJD(fn, float64(start)); err != nil {
		return GlobalEclipse{}, err
	}
	tret, ret, msg := e.path.lunWhen(float64(start), eclipseFlags(start), mask, backward)
	if ret <= 0 {
		return GlobalEclipse{}, callError(fn, float64(start), msg)
	}
	return GlobalEclipse{Flags: ret, Times: tret}, nil
}

// LunarEclipseHow returns the geocentric attributes of the lunar eclipse at
// t (swe_lun_eclipse_how); Flags is 0 when the Moon is not eclipsed then.
func (e *Ephemeris) LunarEclipseHow(t engine.JDUT) (EclipseAttributes, error) {
	const fn = "swe_lun_eclipse_how"
	if err := checkJD(fn, float64(t)); err != nil {
		return EclipseAttributes{}, err
	}
	attr, ret, msg := e.path.lunHow(float64(t), eclipseFlags(t))
	if ret < 0 {
		return EclipseAttributes{}, callError(fn, float64(t), msg)
	}
	return EclipseAttributes{Flags: ret, Attr: attr}, nil
}
