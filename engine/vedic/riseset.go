package vedic

import (
	"math"

	"github.com/astroapi/astroapi/engine"
)

// SunriseConvention says which point of the disc marks rising and setting
// and whether refraction lifts it.
type SunriseConvention string

// The conventions, with the swetest -rise flags that reproduce each.
const (
	// RiseUpperLimb: the upper limb touches the horizon, lifted by a
	// refraction of 34′ (the almanac definition; swetest -rise). Default.
	RiseUpperLimb SunriseConvention = "upper_limb"
	// RiseDiscCentre: the centre of the disc, refraction 34′ (swetest -rise
	// -disccenter).
	RiseDiscCentre SunriseConvention = "disc_centre"
	// RiseHindu: the centre of the disc on the geometric horizon, no
	// refraction, no parallax and the ecliptic latitude ignored, as the
	// siddhantas reckon (the definition of SE_BIT_HINDU_RISING; for the
	// Sun the same as swetest -rise -disccenter -norefrac).
	RiseHindu SunriseConvention = "hindu"
)

// DefaultSunrise is the convention used when a request names none.
const DefaultSunrise = RiseUpperLimb

// EnumValues lists the conventions.
func (SunriseConvention) EnumValues() []string {
	return []string{string(RiseUpperLimb), string(RiseDiscCentre), string(RiseHindu)}
}

// Validate checks c, naming the API field "sunrise".
func (c SunriseConvention) Validate() engine.Fields {
	if c != "" && c != RiseUpperLimb && c != RiseDiscCentre && c != RiseHindu {
		return engine.Fields{{Field: "sunrise", Reason: `must be "upper_limb", "disc_centre" or "hindu"`}}
	}
	return nil
}

// Physical constants of the horizon computation.
const (
	refraction     = 34.0 / 60     // degrees, standard horizontal refraction
	sunRadiusAU    = 0.00465247264 // solar radius (695,700 km) in AU
	earthRadiusAU  = 6378.137 / 149597870.7
	moonRadiusKm   = 1737.4
	auKm           = 149597870.7
	siderealPerDay = 360.98564736629 // degrees of sidereal rotation per UT day
)

// sky computes altitudes of the Sun and the Moon for one place from an
// ephemeris: apparent geocentric ecliptic positions of date turned into
// right ascension and declination with the true obliquity, and Greenwich
// apparent sidereal time from the IAU 1982 mean sidereal time (Meeus 12.4)
// plus the equation of the equinoxes (nutation in longitude x cos
// obliquity).
type sky struct {
	pos        engine.Positions
	lat, lon   float64 // place, degrees (east positive)
	sinφ, cosφ float64
	conv       SunriseConvention
	evals      int // positions read, for the benchmarks' curiosity
}

func newSky(pos engine.Positions, lat, lon float64, conv SunriseConvention) *sky {
	if conv == "" {
		conv = DefaultSunrise
	}
	s := &sky{pos: pos, lat: lat, lon: lon, conv: conv}
	s.sinφ, s.cosφ = math.Sincos(lat * math.Pi / 180)
	return s
}

// gast returns Greenwich apparent sidereal time in degrees.
func gast(t engine.JDUT, eps, dpsi float64) float64 {
	d := float64(t) - 2451545.0
	T := d / 36525
	gmst := 280.46061837 + siderealPerDay*d + 0.000387933*T*T - T*T*T/38710000
	return engine.Normalize(gmst + dpsi*math.Cos(eps*math.Pi/180))
}

// state is a body's place on the sky at an instant.
type state struct {
	ra, dec float64 // degrees
	lst     float64 // local apparent sidereal time, degrees
	h0      float64 // altitude of the event for this body, degrees
	raRate  float64 // degrees per day
}

// at returns the state of body b (engine.Sun or engine.Moon) at t.
func (s *sky) at(t engine.JDUT, b engine.Body) (state, error) {
	s.evals++
	p, err := s.pos.Position(t, b, engine.Options{})
	if err != nil {
		return state{}, err
	}
	eps, dpsi, err := s.pos.Obliquity(t)
	if err != nil {
		return state{}, err
	}
	lat := p.Latitude
	if s.conv == RiseHindu {
		lat = 0
	}
	ra, dec := equatorial(p.Longitude, lat, eps)
	st := state{ra: ra, dec: dec, lst: engine.Normalize(gast(t, eps, dpsi) + s.lon)}
	// d(ra)/dt from the ecliptic speed: the derivative of the conversion
	// is close enough for a step estimate; iteration removes the rest.
	ra2, _ := equatorial(p.Longitude+p.SpeedLongitude/24, lat, eps)
	st.raRate = math.Remainder(ra2-ra, 360) * 24
	var radius float64 // angular semidiameter, degrees
	parallax := 0.0
	switch b {
	case engine.Sun:
		radius = math.Asin(sunRadiusAU/p.Distance) * 180 / math.Pi
	case engine.Moon:
		km := p.Distance * auKm
		radius = math.Asin(moonRadiusKm/km) * 180 / math.Pi
		parallax = math.Asin(earthRadiusAU/p.Distance) * 180 / math.Pi
	}
	switch s.conv {
	case RiseUpperLimb:
		st.h0 = parallax - radius - refraction
	case RiseDiscCentre:
		st.h0 = parallax - refraction
	case RiseHindu:
		st.h0 = 0
	}
	return st, nil
}

// equatorial converts ecliptic longitude and latitude (degrees) to right
// ascension and declination with obliquity eps.
func equatorial(lon, lat, eps float64) (ra, dec float64) {
	const r = math.Pi / 180
	sl, cl := math.Sincos(lon * r)
	sb, cb := math.Sincos(lat * r)
	se, ce := math.Sincos(eps * r)
	ra = math.Atan2(sl*ce-sb/cb*se, cl) / r
	dec = math.Asin(sb*ce+cb*se*sl) / r
	return engine.Normalize(ra), dec
}

// event finds the rising (rise true) or setting of body b nearest to the
// instant guess, by Newton steps on the hour angle (Meeus ch. 15, iterated
// with fresh positions until the step is under 0.05 s). ok is false when
// the body stays above or below the horizon there.
func (s *sky) event(guess engine.JDUT, b engine.Body, rise bool) (engine.JDUT, bool, error) {
	t := guess
	for range 12 {
		st, err := s.at(t, b)
		if err != nil {
			return 0, false, err
		}
		const r = math.Pi / 180
		sd, cd := math.Sincos(st.dec * r)
		cosH0 := (math.Sin(st.h0*r) - s.sinφ*sd) / (s.cosφ * cd)
		if cosH0 < -1 || cosH0 > 1 {
			return 0, false, nil
		}
		h0 := math.Acos(cosH0) / r
		if rise {
			h0 = -h0
		}
		h := math.Remainder(st.lst-st.ra, 360) // hour angle now
		dt := math.Remainder(h0-h, 360) / (siderealPerDay - st.raRate)
		t += engine.JDUT(dt)
		if math.Abs(dt) < 0.05/86400 {
			return t, true, nil
		}
	}
	return t, true, nil
}

// eventIn finds the rising or setting of b within [from, to) (at most one a
// day for the Sun and the Moon), or ok false when there is none.
func (s *sky) eventIn(from, to engine.JDUT, b engine.Body, rise bool) (engine.JDUT, bool, error) {
	mid := (from + to) / 2
	for _, off := range []engine.JDUT{0, -0.5, 0.5} {
		t, ok, err := s.event(mid+off, b, rise)
		if err != nil || !ok {
			if err != nil {
				return 0, false, err
			}
			continue
		}
		if t >= from && t < to {
			return t, true, nil
		}
	}
	return 0, false, nil
}
