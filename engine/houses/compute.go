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
// degrees, tropical. Placidus, Koch and the Gauquelin sectors inside the
// polar circles give Porphyry, reported in the returned system, as the
// Swiss Ephemeris does. Sunshine houses take the Sun's declination as 0:
// CuspsFor gives it.
func Cusps(sys engine.HouseSystem, armc, eps, lat float64) engine.Houses {
	return CuspsFor(sys, armc, eps, lat, 0)
}

// turns reports whether the Swiss Ephemeris turns the whole figure of sys,
// the MC too, when the Ascendant formula gives the descending point inside
// the polar circles: the houses then run clockwise. The other systems keep
// the MC and take the Ascendant opposite.
func turns(sys engine.HouseSystem) bool {
	switch sys {
	case engine.Regiomontanus, engine.Campanus, engine.SavardA, engine.Topocentric, engine.APC, engine.Sunshine:
		return true
	}
	return false
}

// opposed reports whether cusps 4-9 of sys are those of 10-12 and 1-3
// turned by 180°, so that only six are computed.
func opposed(sys engine.HouseSystem) bool {
	switch sys {
	case engine.Equal, engine.WholeSign, engine.Morinus, engine.Meridian, engine.Vehlow,
		engine.EqualMC, engine.EqualAries, engine.APC, engine.Sunshine, engine.Krusinski, engine.Gauquelin:
		return false
	}
	return true
}

// CuspsFor is Cusps with the Sun's apparent declination sunDec (degrees),
// which Sunshine houses divide the Sun's diurnal and nocturnal arcs by.
func CuspsFor(sys engine.HouseSystem, armc, eps, lat, sunDec float64) engine.Houses {
	fv := newFrame(armc, eps, lat)
	f := &fv
	h := engine.Houses{ARMC: armc, System: sys}
	mc, asc := f.mc(), f.asc()
	flipped := math.Remainder(asc-mc, 360) < 0
	if Polar(sys, lat, eps) {
		h.System = engine.Porphyry
	}
	if flipped {
		// Inside the polar circles the eastern-horizon formula can give
		// the descending point; the Ascendant is the one 0-180° after the
		// MC (the Swiss Ephemeris' convention).
		asc = engine.Normalize(asc + 180)
		if turns(h.System) {
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
	c[9], c[0] = mc, asc // most systems start from the angles
	switch h.System {
	case engine.Equal:
		for i := range c {
			c[i] = engine.Normalize(asc + 30*float64(i))
		}
	case engine.WholeSign:
		for i := range c {
			c[i] = engine.Normalize(math.Floor(asc/30)*30 + 30*float64(i))
		}
	case engine.EqualAries:
		for i := range c {
			c[i] = 30 * float64(i)
		}
	case engine.EqualMC:
		for i := range c {
			c[i] = engine.Normalize(mc + 30*float64(i+3))
		}
	case engine.Vehlow:
		// Equal houses with the Ascendant in the middle of the first.
		for i := range c {
			c[i] = engine.Normalize(asc - 15 + 30*float64(i))
		}
	case engine.Porphyry:
		q1 := engine.Normalize(asc - mc) // MC to Asc
		q2 := 180 - q1                   // Asc to IC
		c[10], c[11] = engine.Normalize(mc+q1/3), engine.Normalize(mc+2*q1/3)
		c[1], c[2] = engine.Normalize(asc+q2/3), engine.Normalize(asc+2*q2/3)
	case engine.Sripati:
		// Porphyry's houses shifted back by half a house: each cusp is
		// the middle of a Porphyry house (Sripati's bhava madhya).
		q4 := engine.Normalize(asc - mc) // MC to Asc
		s1, s4 := (180-q4)/3, q4/3
		c[0], c[1], c[2] = engine.Normalize(asc-s4/2), engine.Normalize(asc+s1/2), engine.Normalize(asc+1.5*s1)
		c[9], c[10], c[11] = engine.Normalize(mc-s1/2), engine.Normalize(mc+s4/2), engine.Normalize(mc+1.5*s4)
	case engine.PullenSD:
		pullenSD(c, mc, asc)
	case engine.PullenSR:
		pullenSR(c, mc, asc)
	case engine.Regiomontanus, engine.Campanus:
		// House circles through the north and south points of the horizon,
		// dividing the equator (Regiomontanus) or the prime vertical
		// (Campanus) into twelfths from the meridian.
		top := f.meridian
		if h.System == engine.Campanus {
			top = f.zenith
		}
		for k, i := range [...]int{10, 11, 1, 2} { // cusps 11, 12, 2, 3
			a := [...]float64{30, 60, 120, 150}[k] * deg
			c[i] = f.onCircle(top.scale(math.Cos(a)).add(f.east.scale(math.Sin(a))))
		}
	case engine.Horizontal:
		f.horizontal(c)
	case engine.SavardA:
		f.savardA(c)
	case engine.Topocentric:
		// Polich and Page: pole heights tan(p) = tan(lat)/3 and 2/3.
		t := math.Tan(lat * deg)
		p1, p2 := math.Atan(t/3)*rad, math.Atan(2*t/3)*rad
		c[10], c[11] = f.oblique(armc+30, p1), f.oblique(armc+60, p2)
		c[1], c[2] = f.oblique(armc+120, p2), f.oblique(armc+150, p1)
	case engine.Alcabitius:
		// The Ascendant's diurnal and nocturnal semi-arcs trisected in
		// right ascension, projected through the celestial poles.
		sinDec := math.Sin(asc*deg) * f.sinE
		x := -math.Tan(lat*deg) * sinDec / math.Sqrt(1-sinDec*sinDec)
		sda := math.Acos(max(-1, min(1, x))) * rad
		sna := 180 - sda
		c[10], c[11] = f.raToLon(armc+sda/3), f.raToLon(armc+2*sda/3)
		c[1], c[2] = f.raToLon(armc+180-2*sna/3), f.raToLon(armc+180-sna/3)
	case engine.Carter:
		// Carter's poli-equatorial houses: the equator divided into
		// twelfths from the Ascendant's right ascension.
		s, co := math.Sincos(asc * deg)
		ra := math.Atan2(s*f.cosE, co) * rad
		for _, i := range [...]int{1, 2, 9, 10, 11} {
			c[i] = f.raToLon(ra + 30*float64(i))
		}
	case engine.Meridian:
		// Axial rotation: the ecliptic points of right ascension ARMC +
		// 30° n, projected through the celestial poles.
		for i := range c {
			c[i] = f.raToLon(armc + 30*float64(i+3))
		}
	case engine.Morinus:
		// The equator divided from the ARMC, projected on the ecliptic
		// through the ecliptic poles.
		for i := range c {
			a := (armc + 90 + 30*float64(i)) * deg
			s, co := math.Sincos(a)
			c[i] = engine.Normalize(math.Atan2(s*f.cosE, co) * rad)
		}
	case engine.Krusinski:
		f.krusinski(c, asc)
	case engine.APC:
		f.apc(c)
		c[9], c[3] = mc, engine.Normalize(mc+180)
		if flipped {
			for i := range c {
				if i != 3 && i != 9 {
					c[i] = engine.Normalize(c[i] + 180)
				}
			}
		}
	case engine.Sunshine:
		f.sunshine(c, sunDec)
		c[3], c[6] = engine.Normalize(mc+180), engine.Normalize(asc+180)
	case engine.Koch:
		// Koch: the MC's diurnal semi-arc trisected in oblique ascension
		// under the birth latitude.
		sinD := math.Sin(mc*deg) * f.sinE // sine of the MC's declination
		ad := math.Asin(math.Tan(lat*deg)*sinD/math.Sqrt(1-sinD*sinD)) * rad
		c[10] = f.oblique(armc+30-2*ad/3, lat)
		c[11] = f.oblique(armc+60-ad/3, lat)
		c[1] = f.oblique(armc+120+ad/3, lat)
		c[2] = f.oblique(armc+150+2*ad/3, lat)
	case engine.Placidus:
		c[10] = f.placidus(1.0/3, true)
		c[11] = f.placidus(2.0/3, true)
		c[1] = f.placidus(2.0/3, false)
		c[2] = f.placidus(1.0/3, false)
	case engine.Gauquelin:
		h.Sectors = f.gauquelin(mc, asc)
		for k := range 12 { // sector 1 + 3k begins house 1 - k
			c[(12-k)%12] = h.Sectors[3*k]
		}
	}
	if flipped && (h.System == engine.SavardA || h.System == engine.Topocentric) {
		// The figure turned: cusps 11, 12, 2 and 3 were computed for the
		// unturned one (Regiomontanus and Campanus pick their side
		// directly).
		for _, i := range [...]int{10, 11, 1, 2} {
			c[i] = engine.Normalize(c[i] + 180)
		}
	}
	if opposed(h.System) {
		c[3], c[4], c[5] = engine.Normalize(c[9]+180), engine.Normalize(c[10]+180), engine.Normalize(c[11]+180)
		c[6], c[7], c[8] = engine.Normalize(c[0]+180), engine.Normalize(c[1]+180), engine.Normalize(c[2]+180)
	}
	return h
}

// pullenSD fills the cusps of Pullen's sinusoidal-delta houses
// ("neo-Porphyry"): in each quadrant the three houses grow or shrink by
// the same step d = (quadrant - 90°)/4 from the middle one, so that a
// quadrant of 90° gives 30° houses; a quadrant of 30° or less leaves the
// middle house empty.
func pullenSD(c *[12]float64, mc, asc float64) {
	q4 := engine.Normalize(asc - mc) // MC to Asc
	split := func(from, q float64) (float64, float64) {
		if q <= 30 {
			m := engine.Normalize(from + q/2)
			return m, m
		}
		d := (q - 90) / 4
		return engine.Normalize(from + 30 + d), engine.Normalize(from + 60 + 3*d)
	}
	c[10], c[11] = split(mc, q4)
	c[1], c[2] = split(asc, 180-q4)
}

// pullenSR fills the cusps of Pullen's sinusoidal-ratio houses: the
// middle house of the smaller quadrant is x, its neighbours x·r; those of
// the larger quadrant x·r³ and x·r⁴, for the ratio r that makes both
// quadrants add up (the root of a quartic, solved in closed form).
func pullenSR(c *[12]float64, mc, asc float64) {
	acmc := engine.Normalize(asc - mc)
	q := acmc
	if q > 90 {
		q = 180 - q
	}
	var x, xr, xr3, xr4 float64
	if q < 1e-30 {
		xr4 = 180
	} else {
		k := (180 - q) / q
		cr := math.Cbrt(k*k - k)
		two23 := math.Cbrt(4)
		s := math.Sqrt(two23*cr + 1)
		r := 0.5*s + 0.5*math.Sqrt(-2*(1-2*k)/s-two23*cr+2) - 0.5
		x = q / (2*r + 1)
		xr = r * x
		xr3 = xr * r * r
		xr4 = xr3 * r
	}
	if acmc > 90 {
		c[10] = engine.Normalize(mc + xr3)
		c[11] = engine.Normalize(c[10] + xr4)
		c[1] = engine.Normalize(asc + xr)
		c[2] = engine.Normalize(c[1] + x)
	} else {
		c[10] = engine.Normalize(mc + xr)
		c[11] = engine.Normalize(c[10] + x)
		c[1] = engine.Normalize(asc + xr3)
		c[2] = engine.Normalize(c[1] + xr4)
	}
}

// horizontal fills cusps 11, 12, 1, 2 and 3 of the horizontal
// (azimuthal) houses: the horizon divided into twelfths of azimuth from
// the meridian's point under the celestial equator (south in the northern
// hemisphere, north in the southern, as the Swiss Ephemeris measures it),
// the house circles being the vertical circles through them: the meridian
// gives the MC (cusp 10, the caller's), the prime vertical cusp 1 (its
// eastern meeting with the ecliptic, not the Ascendant). A vertical circle
// meets the ecliptic twice; the cusp is the meeting on the half circle
// through the cusp's azimuth, or the other one when the MC culminates
// beyond the zenith, on the pole's side (in the tropics), as the Swiss
// Ephemeris' formulas have it.
func (f *frame) horizontal(c *[12]float64) {
	base := f.north
	if f.lat > 0 {
		base = base.scale(-1)
	}
	mcDec := math.Atan(math.Sin(f.armc*deg)*f.sinE/f.cosE) * rad
	beyond := f.lat > 0 && mcDec > f.lat || f.lat <= 0 && mcDec < f.lat
	for k, i := range [...]int{10, 11, 0, 1, 2} { // cusps 11, 12, 1, 2, 3
		a := [...]float64{30, 60, 90, 120, 150}[k] * deg
		dir := base.scale(math.Cos(a)).add(f.east.scale(math.Sin(a)))
		p := f.zenith.cross(dir).cross(f.eclPole)
		if (p.dot(dir) < 0) != beyond {
			p = p.scale(-1)
		}
		c[i] = f.lon(p)
	}
}

// savardA fills cusps 11, 12, 2 and 3 of Savard's houses (his reading of
// Albategnius): the house circles through the north and south points of
// the horizon cut the prime vertical where the circles of latitude 2/3
// and 1/3 of the geographic latitude do.
func (f *frame) savardA(c *[12]float64) {
	sl := math.Sin(f.lat * deg)
	xs1, xs2 := 2.0/3, 1.0/3
	if math.Abs(f.lat) >= 1e-10 {
		xs1, xs2 = math.Sin(2*f.lat/3*deg)/sl, math.Sin(f.lat/3*deg)/sl
	}
	xs1, xs2 = math.Asin(xs1), math.Asin(xs2) // radians, along the prime vertical
	cl := math.Cos(f.lat * deg)
	xh1, xh2 := math.Atan(math.Tan(xs1)/cl)*rad, math.Atan(math.Tan(xs2)/cl)*rad
	p1, p2 := math.Asin(sl*math.Cos(xs1))*rad, math.Asin(sl*math.Cos(xs2))*rad
	c[11], c[10] = f.oblique(f.armc+90-xh2, p2), f.oblique(f.armc+90-xh1, p1)
	c[1], c[2] = f.oblique(f.armc+90+xh2, p2), f.oblique(f.armc+90+xh1, p1)
}

// krusinski fills cusps 1-6 and 7-12 of the Krusinski-Pisa-Goelzer houses:
// the great circle through the Ascendant and the zenith divided into
// twelfths from the Ascendant, each point projected on the ecliptic along
// its hour circle (same right ascension).
func (f *frame) krusinski(c *[12]float64, asc float64) {
	s, co := math.Sincos(asc * deg)
	a := vec{co, s * f.cosE, s * f.sinE} // the Ascendant, equatorial
	// The circle's second axis: the zenith's part orthogonal to a.
	z := f.zenith.add(a.scale(-f.zenith.dot(a)))
	z = z.scale(1 / math.Sqrt(z.dot(z)))
	for i := range 6 {
		sn, cs := math.Sincos(30 * float64(i) * deg)
		p := a.scale(cs).add(z.scale(-sn)) // towards the nadir: houses 2, 3 lie below
		c[i] = f.raToLon(math.Atan2(p[1], p[0]) * rad)
		c[i+6] = engine.Normalize(c[i] + 180)
	}
}

// apc fills the cusps of the APC houses (Koehler and Knegt's
// "Ascendant-parallel circle"): the Ascendant's parallel of declination
// is divided, below the horizon from its rising point, above from its
// setting, into thirds of its semi-arcs, and each point projected onto the
// ecliptic by the circle through the north and south points of the
// horizon.
func (f *frame) apc(c *[12]float64) {
	tl := math.Tan(f.lat * deg)
	te := f.sinE / f.cosE
	sa, ca := math.Sincos(f.armc * deg)
	var kv, dasc float64 // the Ascendant's ascensional difference and declination
	if math.Abs(f.lat) <= 90-1e-10 {
		kv = math.Atan(tl * te * ca / (1 + tl*te*sa))
		if math.Abs(f.lat) < 1e-10 {
			dasc = math.Copysign((90-1e-10)*deg, f.lat)
		} else {
			dasc = math.Atan(math.Sin(kv) / tl)
		}
	}
	td := math.Tan(dasc)
	for n := 1; n <= 12; n++ {
		var a float64
		if n < 8 { // below the horizon, houses 1 to 7
			a = kv + f.armc*deg + math.Pi/2 + float64(n-1)*(math.Pi/2-kv)/3
		} else {
			a = kv + f.armc*deg + math.Pi/2 + float64(n-13)*(math.Pi/2+kv)/3
		}
		sn, cs := math.Sincos(a)
		y := td*tl*sa + sn
		x := f.cosE*(td*tl*ca+cs) + f.sinE*tl*math.Sin(f.armc*deg-a)
		c[n-1] = engine.Normalize(math.Atan2(y, x) * rad)
	}
}

// sunshine fills the cusps of Sunshine houses (Bob Makransky's, in
// Treindl's solution): the Sun's diurnal and nocturnal semi-arcs on its
// parallel of declination dec are divided into thirds, and each point is
// projected onto the ecliptic by the circle through the north and south
// points of the horizon. When the MC lies below the horizon (inside the
// polar circles), the Swiss Ephemeris turns the figure: the cusps are
// then taken opposite.
func (f *frame) sunshine(c *[12]float64, dec float64) {
	x := math.Tan(dec*deg) * math.Tan(f.lat*deg)
	ad := 90 - 1e-10 // ascensional difference of the Sun, degrees
	switch {
	case x <= -1:
		ad = -ad
	case x < 1:
		ad = math.Asin(x) * rad
	}
	dsa, nsa := 90+ad, 90-ad // semi-arcs
	sd, cd := math.Sincos(dec * deg)
	for i := range c {
		if i%3 == 0 {
			continue // the angles
		}
		// Hour angle of the point, west positive: houses 12 and 11 east
		// above, 9 and 8 west above, 2, 3 east below, 5, 6 west below.
		var ha float64
		switch i + 1 {
		case 11, 12:
			ha = -float64(i-9) * dsa / 3
		case 8, 9:
			ha = float64(10-i-1) * dsa / 3
		case 2, 3:
			ha = -dsa - float64(i)*nsa/3
		case 5, 6:
			ha = dsa + float64(7-i-1)*nsa/3
		}
		sr, cr := math.Sincos((f.armc - ha) * deg)
		p := vec{cd * cr, cd * sr, sd}
		c[i] = f.onCircle(p)
		// Where the Sun does not set (x >= 1) its nocturnal arc shrinks to
		// a point on the lower meridian, where it does not rise (x <= -1)
		// its diurnal arc to one on the upper meridian: those cusps' circles
		// are then the meridian itself, and the Swiss Ephemeris' solution
		// takes its other meeting with the ecliptic.
		if x >= 1 && i < 6 || x <= -1 && i > 6 {
			c[i] = engine.Normalize(c[i] + 180)
		}
	}
}

// gauquelin returns the 36 Gauquelin sector cusps: the diurnal and
// nocturnal semi-arcs divided into ninths by the Placidus condition,
// numbered clockwise from the Ascendant (sector 10 begins at the MC).
//
// Its sixteen roots cost four Placidus charts by placidusRA's secant; they
// move smoothly with the fraction, so each is found instead by Newton's
// method from the parabola through the three before it (the meridian is
// the root of fraction 0), in one or two steps. A search that does not
// settle inside the root's bracket falls back to placidusRA.
func (f *frame) gauquelin(mc, asc float64) *[36]float64 {
	s := new([36]float64)
	k := math.Tan(f.lat*deg) * f.sinE / f.cosE
	var roots [2][9]float64 // right ascensions: [0] above the horizon, [1] below; [.][0] the meridian
	roots[0][0], roots[1][0] = f.armc, f.armc+180
	for j := 1; j <= 8; j++ {
		frac := float64(j) / 9
		for side := range 2 {
			r := &roots[side]
			var guess float64
			switch j {
			case 1: // equal division of the equator
				guess = f.armc + 90*frac
				if side == 1 {
					guess = f.armc + 180 - 90*frac
				}
			case 2:
				guess = 2*r[1] - r[0]
			default:
				guess = 3*r[j-1] - 3*r[j-2] + r[j-3]
			}
			r[j] = f.gauquelinRoot(k, frac, side == 0, guess)
		}
		up, down := f.raToLon(roots[0][j]), f.raToLon(roots[1][j]) // j ninths from the MC, from the IC
		s[9-j], s[27-j] = up, engine.Normalize(up+180)
		s[27+j], s[9+j] = down, engine.Normalize(down+180)
	}
	s[0], s[9], s[18], s[27] = asc, mc, engine.Normalize(asc+180), engine.Normalize(mc+180)
	return s
}

// gauquelinRoot solves placidusRA's condition by Newton's method from
// guess: h(x) = base + frac·sda(x) - x, sda(x) = acos(-k sin x) the
// diurnal semi-arc of the ecliptic point of right ascension x, whose
// derivative is k cos x / sqrt(1 - k² sin² x).
func (f *frame) gauquelinRoot(k, frac float64, above bool, guess float64) float64 {
	base, lo, hi := f.armc, f.armc, f.armc+180*frac
	if !above {
		base, lo, hi = f.armc+180*(1-frac), f.armc+180-180*frac, f.armc+180
	}
	x := guess
	for range 8 {
		sx, cx := math.Sincos(x * deg)
		ks := k * sx
		if ks*ks >= 1 {
			break
		}
		d := base + frac*math.Acos(-ks)*rad - x
		if d > 180 || d <= -180 {
			d = math.Remainder(d, 360)
		}
		step := d / (frac*k*cx/math.Sqrt(1-ks*ks) - 1)
		x -= step
		// Newton's error after a step is about (h''/2h')·step², h''/h'
		// of order one per radian: under 1e-9 degree after a step of
		// 1e-4 degree.
		if math.Abs(step) < 1e-4 {
			if x >= lo-1e-9 && x <= hi+1e-9 {
				return x
			}
			break
		}
	}
	return f.placidusRA(frac, above, guess)
}

// placidus finds the cusp whose hour angle is the fraction frac of its own
// semi-arc: diurnal east of the MC (cusps 11, 12) when above, nocturnal
// east of the IC (cusps 3, 2) otherwise. The right ascension ra solves
// ra = g(ra), g being the semi-arc condition for the ecliptic point at ra;
// the secant method on g(ra) - ra converges in a few steps where plain
// fixed-point iteration needs a dozen or more.
func (f *frame) placidus(frac float64, above bool) float64 {
	// Start from equal division of the equator.
	x0 := f.armc + 90*frac
	if !above {
		x0 = f.armc + 180 - 90*frac
	}
	return f.raToLon(f.placidusRA(frac, above, x0))
}

// placidusRA is placidus' root as a right ascension, searched from x0 (the
// search works relative to it, so no wrap-around occurs for a guess within
// a quarter turn of the root).
func (f *frame) placidusRA(frac float64, above bool, x0 float64) float64 {
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
	hb := ha
	for range 30 {
		hb = h(b)
		if math.Abs(hb) < 1e-10 || hb == ha {
			break
		}
		a, b, ha = b, b-hb*(b-a)/(hb-ha), hb
	}
	// The root lies where the hour angle is between 0 and frac·180°
	// from the meridian (a semi-arc is 0-180°), and h changes sign there.
	// Near the polar circles, for cusps close to the horizon, the secant
	// can step out of that bracket to another root: bisect it instead.
	lo, hi := f.armc, f.armc+180*frac
	if !above {
		lo, hi = f.armc+180-180*frac, f.armc+180
	}
	if math.Abs(hb) > 1e-9 || b < lo-1e-9 || b > hi+1e-9 {
		hlo := h(lo)
		for range 200 {
			b = (lo + hi) / 2
			hb = h(b)
			if hb == 0 || hi-lo < 1e-12 {
				break
			}
			if (hb > 0) == (hlo > 0) {
				lo, hlo = b, hb
			} else {
				hi = b
			}
		}
	}
	return b
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
// Swiss Ephemeris casts sidereal houses (the zodiacs on the ecliptic of
// their epoch excepted: see Compute); whole-sign houses then start at the
// sidereal sign of the Ascendant, and the houses equal from 0 Aries at
// sidereal 0 Aries.
func CuspsSidereal(sys engine.HouseSystem, armc, eps, lat, aya float64) engine.Houses {
	return CuspsSiderealFor(sys, armc, eps, lat, aya, 0)
}

// CuspsSiderealFor is CuspsSidereal with the Sun's declination for
// Sunshine houses (CuspsFor).
func CuspsSiderealFor(sys engine.HouseSystem, armc, eps, lat, aya, sunDec float64) engine.Houses {
	h := CuspsFor(sys, armc, eps, lat, sunDec)
	Shift(&h, aya)
	return h
}

// Shift moves tropical houses h into the sidereal zodiac of ayanamsa aya
// (degrees): every longitude less aya, whole signs from the sidereal sign
// of the Ascendant, equal houses from 0 Aries staying at the signs'
// starts.
func Shift(h *engine.Houses, aya float64) {
	if aya == 0 {
		return
	}
	for i := range h.Cusps {
		h.Cusps[i] = engine.Normalize(h.Cusps[i] - aya)
	}
	if h.Sectors != nil {
		for i := range h.Sectors {
			h.Sectors[i] = engine.Normalize(h.Sectors[i] - aya)
		}
	}
	h.Ascendant = engine.Normalize(h.Ascendant - aya)
	h.Midheaven = engine.Normalize(h.Midheaven - aya)
	h.Vertex = engine.Normalize(h.Vertex - aya)
	h.EquatorialAscendant = engine.Normalize(h.EquatorialAscendant - aya)
	switch h.System {
	case engine.WholeSign:
		for i := range h.Cusps {
			h.Cusps[i] = engine.Normalize(math.Floor(h.Ascendant/30)*30 + 30*float64(i))
		}
	case engine.EqualAries:
		for i := range h.Cusps {
			h.Cusps[i] = 30 * float64(i)
		}
	}
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
// its ayanamsa for a sidereal zodiac, and the Sun for Sunshine houses),
// without the Swiss Ephemeris' house routine: the fast path for a
// table-backed position source. ok is false outside [AgreementStart,
// AgreementEnd), and for the zodiacs cast on the ecliptic of their epoch
// (engine.Ayanamsa.OnEpochEcliptic: j2000, j1900, b1950, skydram_mardyks,
// whose sidereal houses the Swiss Ephemeris does not get by subtracting the
// ayanamsa): a caller that must match the Swiss Ephemeris should then use
// its Houses instead.
func Compute(pos engine.Positions, t engine.JDUT, lat, lon float64, sys engine.HouseSystem, sid engine.Ayanamsa) (h engine.Houses, ok bool, err error) {
	if sid.OnEpochEcliptic() || t < AgreementStart || t >= AgreementEnd {
		return h, false, nil
	}
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
	var sunDec float64
	if sys == engine.Sunshine {
		if sunDec, err = SunDeclination(pos, t, eps); err != nil {
			return h, false, err
		}
	}
	h = CuspsSiderealFor(sys, ARMC(t, lon, dpsi, eps), eps, lat, aya, sunDec)
	h.Source = engine.FromTables
	return h, true, nil
}

// SunDeclination returns the Sun's apparent declination at t in degrees
// (true equator of date) from its tropical ecliptic position and the true
// obliquity eps: sin δ = sin β cos ε + cos β sin ε sin λ (Meeus 13.4).
func SunDeclination(pos engine.Positions, t engine.JDUT, eps float64) (float64, error) {
	p, err := pos.Position(t, engine.Sun, engine.Options{SkipDistance: true})
	if err != nil {
		return 0, err
	}
	se, ce := math.Sincos(eps * deg)
	sb, cb := math.Sincos(p.Latitude * deg)
	return math.Asin(sb*ce+cb*se*math.Sin(p.Longitude*deg)) * rad, nil
}
