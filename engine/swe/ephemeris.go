package swe

import (
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"

	"github.com/astroapi/astroapi/engine"
)

// DefaultPath is where Debian's swe-basic-data installs the ephemeris files.
const DefaultPath = "/usr/share/libswe/ephe"

// The files of swe-basic-data: planets, Moon and main asteroids for
// 1800-2400 ("_18"). Open refuses a directory without them, because libswe
// would otherwise fall back to Moshier silently and lose the asteroids.
var requiredFiles = []string{"sepl_18.se1", "semo_18.se1", "seas_18.se1"}

// FilesStart and FilesEnd bound the instants (UT) for which Position reads
// the swe-basic-data files: 1800-01-02 and 2400-01-01 0h. The files reach
// from 1800-01-01 to 2400-01-08 TT, but a body seen at the first instant
// needs its place a light-time earlier, so the first day is left out.
const (
	FilesStart engine.JDUT = 2378497.5
	FilesEnd   engine.JDUT = 2597641.5
)

// Covered reports whether t lies within [FilesStart, FilesEnd].
func Covered(t engine.JDUT) bool { return t >= FilesStart && t <= FilesEnd }

// hasMoshier reports whether libswe can compute b without the files:
// Sun..Pluto and the Earth from Moshier's theory, the lunar points (the
// osculating apogee too) from formulas, the transneptunian points from
// their elements. The asteroids have no such fallback.
func hasMoshier(b engine.Body) bool {
	return b <= engine.MeanLilith || b == engine.OscuLilith || b == engine.Earth || b.Uranian()
}

// Ephemeris is a handle on libswe with one ephemeris directory. Its methods
// are safe for concurrent use: each is one C call that first sets on its OS
// thread whatever libswe keeps per thread (path, sidereal mode, observer).
type Ephemeris struct {
	dir  string
	path cPath
}

var _ engine.Positions = (*Ephemeris)(nil)

// ErrNoCgo is returned by Open in builds without cgo.
var ErrNoCgo = errors.New("swe: built without cgo; the Swiss Ephemeris needs CGO_ENABLED=1 and libswe-dev")

// Open returns an Ephemeris reading the files in ephePath ("" for
// DefaultPath). It checks that the files exist.
func Open(ephePath string) (*Ephemeris, error) {
	if !cgoEnabled {
		return nil, ErrNoCgo
	}
	if ephePath == "" {
		ephePath = DefaultPath
	}
	for _, f := range requiredFiles {
		if _, err := os.Stat(filepath.Join(ephePath, f)); err != nil {
			return nil, fmt.Errorf("swe: ephemeris file missing (install swe-basic-data or set the path): %w", err)
		}
	}
	return &Ephemeris{dir: ephePath, path: newCPath(ephePath)}, nil
}

// Path returns the ephemeris directory.
func (e *Ephemeris) Path() string { return e.dir }

// Error is a failure reported by a libswe function. Error() names the
// function and the kind of failure but not libswe's own message, which is
// kept in Detail for logs and must not be shown to API users.
type Error struct {
	Func   string // the C function, "swe_calc_ut"
	Detail string // libswe's serr text
	Err    error  // engine.ErrOutOfRange for instants outside the ephemeris, else nil
}

func (e *Error) Error() string {
	if e.Err != nil {
		return e.Func + ": " + e.Err.Error()
	}
	return e.Func + ": calculation failed"
}

// Unwrap lets errors.Is find engine.ErrOutOfRange.
func (e *Error) Unwrap() error { return e.Err }

// callError builds an Error; failures outside the files' range (where only
// Moshier, with its own limits, or nothing serves) count as out of range.
func callError(fn string, jd float64, detail string) error {
	e := &Error{Func: fn, Detail: detail}
	if !(jd >= float64(FilesStart) && jd <= float64(FilesEnd)) {
		e.Err = engine.ErrOutOfRange
	}
	return e
}

// checkJD rejects NaN and infinities before they reach C.
func checkJD(fn string, jd float64) error {
	if math.IsNaN(jd) || math.IsInf(jd, 0) {
		return &Error{Func: fn, Detail: "non-finite Julian day", Err: engine.ErrOutOfRange}
	}
	return nil
}

// Flags returns the swe_calc_ut flags and sidereal mode for o.
func Flags(o engine.Options) (iflag, sidMode int32, err error) {
	iflag = defaultFlags
	if o.Sidereal != "" {
		sidMode = SidMode(o.Sidereal)
		if sidMode < 0 {
			return 0, 0, fmt.Errorf("swe: unknown ayanamsa %q", o.Sidereal)
		}
		iflag |= FlagSidereal
	}
	if o.Equatorial {
		iflag |= FlagEquatorial
	}
	if o.Heliocentric {
		if o.Topocentric != nil {
			return 0, 0, errors.New("swe: heliocentric and topocentric positions exclude each other")
		}
		iflag |= FlagHelio
	}
	if o.Topocentric != nil {
		iflag |= FlagTopo
	}
	return iflag, sidMode, nil
}

// Position returns body b at t in the frame o (swe_calc_ut). The zero
// Options give apparent geocentric tropical ecliptic coordinates of date with
// speeds. Source says whether the files or Moshier's theory served it:
// outside FilesStart..FilesEnd Sun..Pluto, the nodes and Lilith come from
// Moshier, and the asteroids fail with engine.ErrOutOfRange.
func (e *Ephemeris) Position(t engine.JDUT, b engine.Body, o engine.Options) (engine.Position, error) {
	ipl := SEBody(b)
	if ipl < 0 {
		return engine.Position{}, fmt.Errorf("swe: unknown body %d", int(b))
	}
	iflag, sid, err := Flags(o)
	if err != nil {
		return engine.Position{}, err
	}
	if !Covered(t) {
		// Ask for Moshier directly rather than let libswe fail to open a
		// file on every call and then compute twice (4x slower, and the
		// result then depends slightly on what the thread computed before).
		if !hasMoshier(b) {
			return engine.Position{}, &Error{Func: "swe_calc_ut", Detail: b.String() + " needs the ephemeris files", Err: engine.ErrOutOfRange}
		}
		iflag = iflag&^FlagSwissEph | FlagMoshier
	}
	var xx [6]float64
	var ret int32
	if o.Topocentric != nil {
		xx, ret, err = e.CalcUTObserver(float64(t), ipl, iflag, sid, *o.Topocentric)
	} else {
		xx, ret, err = e.CalcUT(float64(t), ipl, iflag, sid)
	}
	if err != nil {
		return engine.Position{}, err
	}
	p := engine.Position{
		Longitude: xx[0], Latitude: xx[1], Distance: xx[2],
		SpeedLongitude: xx[3], SpeedLatitude: xx[4], SpeedDistance: xx[5],
		Source: engine.FromSwiss,
	}
	// libswe may answer a file request from Moshier (a file missing or
	// shorter than FilesStart..FilesEnd) and says so only in the flags.
	if ret&FlagMoshier != 0 {
		p.Source = engine.FromMoshier
	}
	return p, nil
}

// CalcUT is one swe_calc_ut with the given SE flags; sidMode (an SE_SIDM_*
// number) is used only when iflag has FlagSidereal. It refuses FlagTopo,
// which needs an observer: use CalcUTObserver.
func (e *Ephemeris) CalcUT(jd float64, ipl, iflag, sidMode int32) (xx [6]float64, retflag int32, err error) {
	if iflag&FlagTopo != 0 {
		return xx, 0, errors.New("swe: CalcUT with SEFLG_TOPOCTR needs an observer; use CalcUTObserver")
	}
	return e.calc(jd, ipl, iflag, sidMode, nil)
}

// CalcUTObserver is CalcUT for topocentric positions: it sets the observer
// (swe_set_topo) and adds FlagTopo in the same C call.
func (e *Ephemeris) CalcUTObserver(jd float64, ipl, iflag, sidMode int32, obs engine.Observer) (xx [6]float64, retflag int32, err error) {
	return e.calc(jd, ipl, iflag|FlagTopo, sidMode, &obs)
}

func (e *Ephemeris) calc(jd float64, ipl, iflag, sidMode int32, obs *engine.Observer) (xx [6]float64, retflag int32, err error) {
	if err := checkJD("swe_calc_ut", jd); err != nil {
		return xx, 0, err
	}
	xx, ret, msg := e.path.calc(jd, ipl, iflag, sidMode, obs)
	if ret < 0 {
		return xx, ret, callError("swe_calc_ut", jd, msg)
	}
	return xx, ret, nil
}

// Houses returns cusps and angles at t for a place in geographic degrees
// (swe_houses_ex2), in the sidereal zodiac sid or tropical when sid is "".
//
// Within the polar circles Placidus, Koch and the Gauquelin sectors are
// undefined; libswe then computes Porphyry houses instead, and Houses
// reports that in System. Gauquelin houses come with their 36 sectors in
// Sectors.
func (e *Ephemeris) Houses(t engine.JDUT, lat, lon float64, sys engine.HouseSystem, sid engine.Ayanamsa) (engine.Houses, error) {
	letter := HouseLetter(sys)
	if letter == 0 {
		return engine.Houses{}, fmt.Errorf("swe: unknown house system %q", sys)
	}
	if !(lat >= -90 && lat <= 90) || !(lon >= -180 && lon <= 180) {
		return engine.Houses{}, fmt.Errorf("swe: place %v, %v outside latitude [-90, 90], longitude [-180, 180]", lat, lon)
	}
	if err := checkJD("swe_houses_ex2", float64(t)); err != nil {
		return engine.Houses{}, err
	}
	var iflag, mode int32
	if sid != "" {
		mode = SidMode(sid)
		if mode < 0 {
			return engine.Houses{}, fmt.Errorf("swe: unknown ayanamsa %q", sid)
		}
		iflag = FlagSidereal
	}
	out, ret, msg := e.path.houses(float64(t), iflag, mode, lat, lon, letter)
	h := engine.Houses{System: sys, Source: engine.FromSwiss}
	if ret < 0 {
		// The one failure libswe recovers from itself: the polar fallback.
		if letter != 'P' && letter != 'K' && letter != 'G' {
			return engine.Houses{}, callError("swe_houses_ex2", float64(t), msg)
		}
		h.System = engine.Porphyry
	}
	if letter == 'G' && h.System == sys {
		// The sectors run clockwise from the Ascendant; every third
		// boundary is a Placidus cusp: sector 1 + 3k begins house 1 - k.
		h.Sectors = new([36]float64)
		copy(h.Sectors[:], out[1:37])
		for k := range 12 {
			h.Cusps[(12-k)%12] = out[1+3*k]
		}
	} else {
		copy(h.Cusps[:], out[1:13])
	}
	asc := out[37:]
	h.Ascendant, h.Midheaven, h.ARMC, h.Vertex, h.EquatorialAscendant = asc[0], asc[1], asc[2], asc[3], asc[4]
	return h, nil
}

// Ayanamsa returns the ayanamsa a at t in degrees, the value libswe
// subtracts from tropical longitudes for SEFLG_SIDEREAL positions
// (swe_get_ayanamsa_ex_ut, which includes nutation): sidereal longitude =
// tropical longitude - Ayanamsa, to 1e-6 arcsecond.
//
// Except for engine.J2000: libswe computes that zodiac on the ecliptic of
// J2000 (SE_SIDM_J2000 implies SE_SIDBIT_ECL_T0), so its sidereal positions,
// latitude included, equal SEFLG_J2000 ecliptic coordinates and differ from
// tropical minus this value by up to tens of arcseconds. Sidereal houses
// with engine.J2000 are likewise computed in that frame.
func (e *Ephemeris) Ayanamsa(t engine.JDUT, a engine.Ayanamsa) (float64, error) {
	mode := SidMode(a)
	if mode < 0 {
		return 0, fmt.Errorf("swe: unknown ayanamsa %q", a)
	}
	if err := checkJD("swe_get_ayanamsa_ex_ut", float64(t)); err != nil {
		return 0, err
	}
	d, ret, msg := e.path.ayanamsa(float64(t), FlagSwissEph, mode)
	if ret < 0 {
		return 0, callError("swe_get_ayanamsa_ex_ut", float64(t), msg)
	}
	return d, nil
}

// MeanAyanamsa is Ayanamsa without the nutation in longitude
// (swe_get_ayanamsa_ex_ut with SEFLG_NONUT): Ayanamsa minus the nutation
// in longitude Obliquity gives. The tables hold it, as it is smooth.
func (e *Ephemeris) MeanAyanamsa(t engine.JDUT, a engine.Ayanamsa) (float64, error) {
	mode := SidMode(a)
	if mode < 0 {
		return 0, fmt.Errorf("swe: unknown ayanamsa %q", a)
	}
	if err := checkJD("swe_get_ayanamsa_ex_ut", float64(t)); err != nil {
		return 0, err
	}
	d, ret, msg := e.path.ayanamsa(float64(t), FlagSwissEph|FlagNoNut, mode)
	if ret < 0 {
		return 0, callError("swe_get_ayanamsa_ex_ut", float64(t), msg)
	}
	return d, nil
}

// Obliquity returns the true obliquity of the ecliptic and the nutation in
// longitude at t, in degrees (swe_calc_ut with SE_ECL_NUT).
func (e *Ephemeris) Obliquity(t engine.JDUT) (trueObliquity, nutationLongitude float64, err error) {
	xx, _, err := e.CalcUT(float64(t), EclNut, FlagSwissEph, 0)
	if err != nil {
		return 0, 0, err
	}
	return xx[0], xx[2], nil
}

// DeltaT returns TT - UT at t in days (swe_deltat_ex with the files' tidal
// acceleration).
func (e *Ephemeris) DeltaT(t engine.JDUT) float64 { return e.path.deltaT(float64(t)) }

// SiderealTime returns the apparent Greenwich sidereal time at t in hours
// (swe_sidtime).
func (e *Ephemeris) SiderealTime(t engine.JDUT) float64 { return e.path.sidTime(float64(t)) }
