package tables

import (
	"math"

	"github.com/astroapi/astroapi/engine"
)

// KindStar holds one table per fixed star, named by the star's key in
// engine/stars ("aldebaran", "deneb_adige"). Its components CompLongitude
// and CompLatitude (degrees) are the star's geocentric direction in the
// mean ecliptic and equinox of date without annual aberration and light
// deflection: swe_fixstar2_ut(SEFLG_NONUT|SEFLG_NOGDEFL), whose annual
// aberration StarFrame.Unaberrate removes again. What remains (precession,
// proper motion, annual parallax) is smooth, so long segments of low degree
// fit it; the yearly aberration of 20", with the Earth's monthly wobble
// about the Earth-Moon barycentre in it, and the light deflection near the
// Sun are put back when a position is served (StarFrame.Apparent), from the
// Sun's table.
const KindStar Kind = "star"

// Physical constants of the star frame: those of the Swiss Ephemeris
// (sweph.h), so that light deflection matches libswe's.
const (
	cLight       = 299792458.0          // m/s
	auMetres     = 1.49597870700e11     // m
	helioGravity = 1.32712440017987e+20 // GM of the Sun, m^3/s^2
	// aberrationK is the constant of aberration in degrees, by which
	// the apparent Sun trails the geometric one (at 1 AU).
	aberrationK = 20.49552 / 3600
	// StarSunCutoff is the elongation from the Sun's centre, in degrees,
	// within which Star reports false: there libswe reduces the Sun's
	// deflecting mass to the part inside the ray (the star behind the
	// solar disc, radius 0.27 degrees), which StarFrame does not model.
	StarSunCutoff = 0.5
)

// StarFrame holds what the apparent place of every star needs at one
// instant: the Earth's heliocentric velocity (fraction of the speed of
// light) and the unit vector from the Sun to the Earth, in the mean
// ecliptic and equinox of date, their distance and the nutation in
// longitude.
type StarFrame struct {
	v       [3]float64 // Earth's velocity relative to the Sun / c
	e       [3]float64 // unit vector Sun -> Earth
	g1      float64    // 2 GM / (c^2 r) of the light deflection, radians
	dpsi    float64    // nutation in longitude, degrees
	cosElim float64    // cos(StarSunCutoff)
}

// NewStarFrame builds the frame from the Sun's apparent geocentric
// ecliptic position of date with its rates (a body table's, or
// swe_calc_ut(SE_SUN, SEFLG_SPEED)'s; the true equinox), the nutation
// in longitude dpsi (degrees) and its rate (degrees/day).
func NewStarFrame(sun engine.Position, dpsi, dpsiRate float64) StarFrame {
	const rad = math.Pi / 180
	// The mean equinox: the Sun's longitude and its rate less nutation's
	// (the 13.7-day and half-year terms would otherwise put 0.001" wobbles
	// into the velocity's aberration).
	lon, lat := (sun.Longitude-dpsi)*rad, sun.Latitude*rad
	sl, cl := math.Sincos(lon)
	sb, cb := math.Sincos(lat)
	r := sun.Distance
	vl, vb := (sun.SpeedLongitude-dpsiRate)*rad, sun.SpeedLatitude*rad // rad/day
	// The Earth's heliocentric velocity is minus the Sun's geocentric one
	// (AU/day), divided by c in AU/day.
	cAUDay := cLight * 86400 / auMetres
	s := [3]float64{
		sun.SpeedDistance*cb*cl + r*(-sb*cl*vb-cb*sl*vl),
		sun.SpeedDistance*cb*sl + r*(-sb*sl*vb+cb*cl*vl),
		sun.SpeedDistance*sb + r*cb*vb,
	}
	var f StarFrame
	for i := range s {
		f.v[i] = -s[i] / cAUDay
	}
	// The Sun's geometric direction leads its apparent one by the
	// aberration (with light time) of k/r along the ecliptic.
	gl := lon + aberrationK/r*rad
	sl, cl = math.Sincos(gl)
	f.e = [3]float64{-cb * cl, -cb * sl, -sb}
	f.g1 = 2 * helioGravity / cLight / cLight / auMetres / r
	f.dpsi = dpsi
	f.cosElim = math.Cos(StarSunCutoff * rad)
	return f
}

// unit returns the unit vector of ecliptic longitude and latitude in degrees.
func unit(lon, lat float64) [3]float64 {
	sl, cl := math.Sincos(lon * math.Pi / 180)
	sb, cb := math.Sincos(lat * math.Pi / 180)
	return [3]float64{cb * cl, cb * sl, sb}
}

// angles returns longitude in [0, 360) and latitude of a vector, degrees.
func angles(u [3]float64) (lon, lat float64) {
	lon = math.Atan2(u[1], u[0]) * 180 / math.Pi
	lat = math.Atan2(u[2], math.Hypot(u[0], u[1])) * 180 / math.Pi
	return wrap360(lon), lat
}

func dot(a, b [3]float64) float64 { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }

// aberrate applies the relativistic annual aberration of velocity v (in
// units of c) to the unit vector u (Explanatory Supplement 3.252-3;
// libswe's swi_aberr_light); the result is not normalised.
func aberrate(u, v [3]float64) [3]float64 {
	b := math.Sqrt(1 - dot(v, v))
	f1 := dot(u, v)
	f2 := 1 + f1/(1+b)
	return [3]float64{(b*u[0] + f2*v[0]) / (1 + f1), (b*u[1] + f2*v[1]) / (1 + f1), (b*u[2] + f2*v[2]) / (1 + f1)}
}

// Unaberrate returns the direction (degrees) whose apparent direction
// after this frame's annual aberration is lon, lat: the inverse of the
// aberration step of Apparent, exact because the inverse of the aberration
// of velocity v is the aberration of -v.
func (f *StarFrame) Unaberrate(lon, lat float64) (float64, float64) {
	return angles(aberrate(unit(lon, lat), [3]float64{-f.v[0], -f.v[1], -f.v[2]}))
}

// Apparent returns the apparent ecliptic longitude and latitude of date
// (true equinox, degrees) of a star whose table direction is lon, lat: the
// Sun's light deflection (libswe's swi_deflect_light for a star at
// infinity, the Sun a point mass), then the annual aberration, then the
// nutation in longitude, as swe_fixstar2_ut applies them. It reports false
// within StarSunCutoff of the Sun, where libswe models the deflection
// differently.
func (f *StarFrame) Apparent(lon, lat float64) (float64, float64, bool) {
	u := unit(lon, lat)
	ue := dot(u, f.e)
	// The star's elongation from the Sun is the angle between u and -e.
	if -ue > f.cosElim {
		return 0, 0, false
	}
	g := f.g1 / (1 + ue)
	d := [3]float64{u[0] + g*(f.e[0]-ue*u[0]), u[1] + g*(f.e[1]-ue*u[1]), u[2] + g*(f.e[2]-ue*u[2])}
	n := math.Sqrt(dot(d, d))
	d = [3]float64{d[0] / n, d[1] / n, d[2] / n}
	lon, lat = angles(aberrate(d, f.v))
	return wrap360(lon + f.dpsi), lat, true
}

// StarFrame returns the frame of instant t from the Sun's and the nutation
// tables; false when either does not cover t.
func (s *Set) StarFrame(t engine.JDUT) (StarFrame, bool) {
	sun, ok := s.Position(t, engine.Sun)
	if !ok {
		return StarFrame{}, false
	}
	if s.nut == nil {
		return StarFrame{}, false
	}
	dpsi, rate, ok := s.nut.Eval(float64(t), s.nutPsi)
	if !ok {
		return StarFrame{}, false
	}
	return NewStarFrame(sun, dpsi, rate), true
}

// StarIn returns the apparent geocentric tropical ecliptic longitude and
// latitude of date (degrees) at the frame's instant t of the star whose
// table is named key, as swe_fixstar2_ut(SEFLG_SWIEPH) gives them; distance
// and speeds are left zero. A caller placing many stars at one instant
// builds the frame once (StarFrame). It reports false when the star has no
// table, t is outside it, or the star is within StarSunCutoff of the Sun.
func (s *Set) StarIn(f *StarFrame, t engine.JDUT, key string) (engine.Position, bool) {
	tab := s.all[KindStar][key]
	if tab == nil {
		return engine.Position{}, false
	}
	base, x, _, ok := tab.locate(float64(t))
	if !ok {
		return engine.Position{}, false
	}
	lc, bc := tab.Component(CompLongitude), tab.Component(CompLatitude)
	if lc < 0 || bc < 0 {
		return engine.Position{}, false
	}
	lon, lat, ok := f.Apparent(tab.valueAt(base, lc, x), tab.valueAt(base, bc, x))
	if !ok {
		return engine.Position{}, false
	}
	return engine.Position{Longitude: lon, Latitude: lat, Source: engine.FromTables}, true
}

// Star is StarIn with the frame of t built first.
func (s *Set) Star(t engine.JDUT, key string) (engine.Position, bool) {
	f, ok := s.StarFrame(t)
	if !ok {
		return engine.Position{}, false
	}
	return s.StarIn(&f, t, key)
}

// Stars places many stars at one instant, building the frame once: out[i]
// and ok[i] are StarIn's answer for keys[i] (ok all false when the Sun's
// or the nutation's table does not cover t). out and ok must be as long as
// keys.
func (s *Set) Stars(t engine.JDUT, keys []string, out []engine.Position, ok []bool) {
	f, fok := s.StarFrame(t)
	for i, k := range keys {
		if !fok {
			out[i], ok[i] = engine.Position{}, false
			continue
		}
		out[i], ok[i] = s.StarIn(&f, t, k)
	}
}
