package houses

import (
	"math"

	"github.com/astroapi/astroapi/engine"
)

const (
	deg = math.Pi / 180
	rad = 180 / math.Pi
)

// ARMC returns the right ascension of the midheaven in degrees at t for
// geographic longitude lon (east positive): apparent Greenwich sidereal time
// plus the longitude. Sidereal time is the IAU 2006 expression through the
// Earth rotation angle (Capitaine, Wallace & Chapront 2003, eq. 42 and
// IERS Conventions 2010 eq. 5.32) plus the equation of the equinoxes
// dpsi·cos(eps) from the nutation in longitude dpsi and the true obliquity
// eps (degrees). The polynomial's time argument is taken on the UT scale:
// delta T of even a few minutes changes the result by less than 0.00001".
func ARMC(t engine.JDUT, lon, dpsi, eps float64) float64 {
	du := float64(t) - 2451545.0
	// Earth rotation angle, split to keep precision: the integer day count
	// contributes whole turns only.
	era := 360 * (0.7790572732640 + 0.00273781191135448*du + math.Mod(du, 1))
	c := du / 36525
	poly := 0.014506 + c*(4612.156534+c*(1.3915817+c*(-0.00000044+c*(-0.000029956+c*-0.0000000368))))
	// Equation of the equinoxes: dpsi·cos(eps) plus its largest
	// complementary terms (IERS Conventions 2010, table 5.2e), which depend
	// on the mean longitude of the Moon's node.
	om := (125.04455501 - 1934.1361849*c) * deg
	ct := 0.00264096*math.Sin(om) + 0.00006352*math.Sin(2*om)
	gast := era + (poly+ct)/3600 + dpsi*math.Cos(eps*deg)
	return engine.Normalize(gast + lon)
}

// vec is a unit vector in the equatorial frame of date (x to the equinox,
// z to the celestial pole).
type vec [3]float64

func (a vec) dot(b vec) float64 { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }
func (a vec) cross(b vec) vec {
	return vec{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
}
func (a vec) scale(k float64) vec { return vec{a[0] * k, a[1] * k, a[2] * k} }
func (a vec) add(b vec) vec       { return vec{a[0] + b[0], a[1] + b[1], a[2] + b[2]} }

// frame is the sky of one place and instant: the local directions in the
// equatorial frame and the obliquity.
type frame struct {
	armc, eps, lat                float64
	sinE, cosE                    float64
	zenith, north, east, meridian vec // meridian: the equator's upper culmination point
	eclPole                       vec
}

func newFrame(armc, eps, lat float64) frame {
	f := frame{armc: armc, eps: eps, lat: lat}
	f.sinE, f.cosE = math.Sincos(eps * deg)
	sr, cr := math.Sincos(armc * deg)
	sl, cl := math.Sincos(lat * deg)
	f.zenith = vec{cl * cr, cl * sr, sl}
	f.north = vec{-sl * cr, -sl * sr, cl}
	f.east = vec{-sr, cr, 0}
	f.meridian = vec{cr, sr, 0}
	f.eclPole = vec{0, -f.sinE, f.cosE}
	return f
}

// lon returns the ecliptic longitude of an equatorial direction.
func (f *frame) lon(d vec) float64 {
	return engine.Normalize(math.Atan2(d[1]*f.cosE+d[2]*f.sinE, d[0]) * rad)
}

// onCircle returns the ecliptic longitude where the great circle through
// the north point of the horizon and direction v (a house circle) meets
// the ecliptic, on v's side of the circle.
func (f *frame) onCircle(v vec) float64 {
	d := f.north.cross(v).cross(f.eclPole)
	w := v.add(f.north.scale(-v.dot(f.north))) // v's side, seen from the north point
	if d.dot(w) < 0 {
		d = d.scale(-1)
	}
	return f.lon(d)
}

// mc and asc are the Midheaven and Ascendant (Meeus ch. 14 in vector form):
// the ecliptic on the upper meridian and on the eastern horizon.
func (f *frame) mc() float64 {
	sr, cr := math.Sincos(f.armc * deg)
	return engine.Normalize(math.Atan2(sr, cr*f.cosE) * rad)
}

func (f *frame) asc() float64 {
	sr, cr := math.Sincos(f.armc * deg)
	return engine.Normalize(math.Atan2(cr, -(sr*f.cosE+math.Tan(f.lat*deg)*f.sinE)) * rad)
}

// oblique returns the ecliptic point whose oblique ascension under pole
// height pole (degrees) is oa: the point that rises with equator point oa
// at a latitude of pole. oblique(armc+90, lat) is the Ascendant.
func (f *frame) oblique(oa, pole float64) float64 {
	s, c := math.Sincos(oa * deg)
	return engine.Normalize(math.Atan2(s, c*f.cosE-math.Tan(pole*deg)*f.sinE) * rad)
}

// ra returns the ecliptic longitude with right ascension a (degrees).
func (f *frame) raToLon(a float64) float64 {
	s, c := math.Sincos(a * deg)
	return engine.Normalize(math.Atan2(s, c*f.cosE) * rad)
}

// Cusps computes the twelve cusps of sys and the angles for a sky given by
// the ARMC, the true obliquity eps and the geographic latitude lat, all in
// degrees, tropical. Placidus and Koch inside the polar circles give
// Porphyry, reported in the returned system, as the Swiss Ephemeris does.
func Cusps(sys engine.HouseSystem, armc, eps, lat float64) engine.Houses {
	fv := newFrame(armc, eps, lat)
	f := &fv
	h := engine.Houses{ARMC: armc, System: sys}
	mc, asc := f.mc(), f.asc()
	flipped := math.Remainder(asc-mc, 360) < 0
	if flipped {
		// Inside the polar circles the eastern-horizon formula can give
		// the descending point; the Ascendant is the one 0-180° after the
		// MC (the Swiss Ephemeris' convention).
		asc = engine.Normalize(asc + 180)
		if sys == engine.Regiomontanus || sys == engine.Campanus {
			// For these the Swiss Ephemeris turns the whole figure, the
			// MC too: the houses then run clockwise.
			mc = engine.Normalize(mc + 180)
		}
	}
	h.Ascendant, h.Midheaven = asc, mc
	h.EquatorialAscendant = f.oblique(armc+90, 0)
	// The Vertex: the western meeting of the prime vertical (whose pole is
	// the north point) and the ecliptic.
	d := f.north.cross(f.eclPole)
	if d.dot(f.east) > 0 {
		d = d.scale(-1)
	}
	h.Vertex = f.lon(d)

	c := &h.Cusps
	if Polar(sys, lat, eps) {
		h.System = engine.Porphyry
	}
	switch h.System {
	case engine.Equal:
		for i := range c {
			c[i] = engine.Normalize(asc + 30*float64(i))
		}
	case engine.WholeSign:
		for i := range c {
			c[i] = engine.Normalize(math.Floor(asc/30)*30 + 30*float64(i))
		}
	case engine.Porphyry:
		q1 := engine.Normalize(asc - mc) // MC to Asc
		q2 := 180 - q1                   // Asc to IC
		c[9], c[10], c[11] = mc, engine.Normalize(mc+q1/3), engine.Normalize(mc+2*q1/3)
		c[0], c[1], c[2] = asc, engine.Normalize(asc+q2/3), engine.Normalize(asc+2*q2/3)
	case engine.Regiomontanus, engine.Campanus:
		// House circles through the north and south points of the horizon,
		// dividing the equator (Regiomontanus) or the prime vertical
		// (Campanus) into twelfths from the meridian.
		top := f.meridian
		if h.System == engine.Campanus {
			top = f.zenith
		}
		c[9], c[0] = mc, asc
		for k, i := range [...]int{10, 11, 1, 2} { // cusps 11, 12, 2, 3
			a := [...]float64{30, 60, 120, 150}[k] * deg
			c[i] = f.onCircle(top.scale(math.Cos(a)).add(f.east.scale(math.Sin(a))))
		}
	case engine.Morinus:
		// The equator divided from the ARMC, projected on the ecliptic
		// through the ecliptic poles.
		for i := range c {
			a := (armc + 90 + 30*float64(i)) * deg
			s, co := math.Sincos(a)
			c[i] = engine.Normalize(math.Atan2(s*f.cosE, co) * rad)
		}
	case engine.Koch:
		// Koch: the MC's diurnal semi-arc trisected in oblique ascension
		// under the birth latitude.
		sinD := math.Sin(mc*deg) * f.sinE // sine of the MC's declination
		ad := math.Asin(math.Tan(lat*deg)*sinD/math.Sqrt(1-sinD*sinD)) * rad
		c[9], c[0] = mc, asc
		c[10] = f.oblique(armc+30-2*ad/3, lat)
		c[11] = f.oblique(armc+60-ad/3, lat)
		c[1] = f.oblique(armc+120+ad/3, lat)
		c[2] = f.oblique(armc+150+2*ad/3, lat)
	case engine.Placidus:
		c[9], c[0] = mc, asc
		c[10] = f.placidus(1.0/3, true)
		c[11] = f.placidus(2.0/3, true)
		c[1] = f.placidus(2.0/3, false)
		c[2] = f.placidus(1.0/3, false)
	}
	if h.System == engine.Porphyry || h.System == engine.Regiomontanus || h.System == engine.Campanus ||
		h.System == engine.Koch || h.System == engine.Placidus {
		c[3], c[4], c[5] = engine.Normalize(c[9]+180), engine.Normalize(c[10]+180), engine.Normalize(c[11]+180)
		c[6], c[7], c[8] = engine.Normalize(c[0]+180), engine.Normalize(c[1]+180), engine.Normalize(c[2]+180)
	}
	return h
}

// placidus finds the cusp whose hour angle is the fraction frac of its own
// semi-arc: diurnal east of the MC (cusps 11, 12) when above, nocturnal
// east of the IC (cusps 3, 2) otherwise. The right ascension ra solves
// ra = g(ra), g being the semi-arc condition for the ecliptic point at ra;
// the secant method on g(ra) - ra converges in a few steps where plain
// fixed-point iteration needs a dozen or more.
func (f *frame) placidus(frac float64, above bool) float64 {
	// An ecliptic point of right ascension ra has tan(dec) = sin(ra)
	// tan(eps), so its diurnal semi-arc acos(-tan(lat) tan(dec)) needs one
	// sine and one arc cosine.
	k := math.Tan(f.lat*deg) * f.sinE / f.cosE
	g := func(ra float64) float64 {
		x := max(-1, min(1, -k*math.Sin(ra*deg)))
		sda := math.Acos(x) * rad // diurnal semi-arc
		if above {
			return f.armc + frac*sda
		}
		return f.armc + 180 - frac*(180-sda)
	}
	// Work relative to the first guess, equal division of the equator, so
	// the unknown stays small and no wrap-around occurs.
	x0 := f.armc + 90*frac
	if !above {
		x0 = f.armc + 180 - 90*frac
	}
	h := func(x float64) float64 {
		// g(x) - x is almost always within half a turn of zero: reduce it
		// only when it is not (math.Remainder was a tenth of the cusps).
		d := g(x) - x
		if d > 180 || d <= -180 {
			d = math.Remainder(d, 360)
		}
		return d
	}
	a, ha := x0, h(x0)
	b := a + ha
	for range 30 {
		hb := h(b)
		if math.Abs(hb) < 1e-10 || hb == ha {
			break
		}
		a, b, ha = b, b-hb*(b-a)/(hb-ha), hb
	}
	return f.raToLon(b)
}

// ARMCOf returns the ARMC that puts tropical longitude mc on the
// Midheaven under true obliquity eps (degrees): the right ascension of that
// point of the ecliptic, tan(ARMC) = tan(mc) cos(eps) (Meeus 13.3 with
// zero latitude), in the quadrant of mc. Cusps of the result gives mc back.
func ARMCOf(mc, eps float64) float64 {
	s, c := math.Sincos(mc * deg)
	return engine.Normalize(math.Atan2(s*math.Cos(eps*deg), c) * rad)
}

// CuspsSidereal is Cusps with every longitude moved into a sidereal
// zodiac by subtracting aya (degrees; 0 for the tropical zodiac), as the
// Swiss Ephemeris casts sidereal houses (the j2000 ayanamsa excepted: see
// Compute); whole-sign houses then start at the sidereal sign of the
// Ascendant.
func CuspsSidereal(sys engine.HouseSystem, armc, eps, lat, aya float64) engine.Houses {
	h := Cusps(sys, armc, eps, lat)
	if aya == 0 {
		return h
	}
	for i := range h.Cusps {
		h.Cusps[i] = engine.Normalize(h.Cusps[i] - aya)
	}
	h.Ascendant = engine.Normalize(h.Ascendant - aya)
	h.Midheaven = engine.Normalize(h.Midheaven - aya)
	h.Vertex = engine.Normalize(h.Vertex - aya)
	h.EquatorialAscendant = engine.Normalize(h.EquatorialAscendant - aya)
	if h.System == engine.WholeSign {
		for i := range h.Cusps {
			h.Cusps[i] = engine.Normalize(math.Floor(h.Ascendant/30)*30 + 30*float64(i))
		}
	}
	return h
}

// The instants over which ARMC agrees with the Swiss Ephemeris' sidereal
// time to 0.0001" (measured): 1850-01-01 to 2050-01-01.
// Outside them the Swiss Ephemeris switches to its own long-term model,
// which departs from the IAU 2006 expression by up to 0.3" before 1850 and
// 2-9" after 2050 (measured against swe_houses_ex2).
const (
	AgreementStart engine.JDUT = 2396758.5
	AgreementEnd   engine.JDUT = 2469807.5
)

// Compute casts houses in Go from the obliquity and nutation of pos (and
// its ayanamsa for a sidereal zodiac), without the Swiss Ephemeris' house
// routine: the fast path for a table-backed position source. ok is false
// outside [AgreementStart, AgreementEnd), and for the j2000 ayanamsa (whose
// sidereal houses the Swiss Ephemeris computes on the ecliptic of J2000, not
// by subtracting the ayanamsa): a caller that must match the Swiss
// Ephemeris should then use its Houses instead.
func Compute(pos engine.Positions, t engine.JDUT, lat, lon float64, sys engine.HouseSystem, sid engine.Ayanamsa) (h engine.Houses, ok bool, err error) {
	eps, dpsi, err := pos.Obliquity(t)
	if err != nil {
		return h, false, err
	}
	var aya float64
	if sid != "" {
		if aya, err = pos.Ayanamsa(t, sid); err != nil {
			return h, false, err
		}
	}
	h = CuspsSidereal(sys, ARMC(t, lon, dpsi, eps), eps, lat, aya)
	h.Source = engine.FromTables
	return h, t >= AgreementStart && t < AgreementEnd && sid != engine.J2000, nil
}
