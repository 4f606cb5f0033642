// Package sidereal computes user-defined ayanamsas: a sidereal zodiac
// given by its ayanamsa at a reference epoch, carried to other dates by
// the precession, exactly as the Swiss Ephemeris does for SE_SIDM_USER
// (swe_set_sid_mode(SE_SIDM_USER, t0, ayan_t0)): the vernal point of the
// date is precessed to the epoch and its longitude on the ecliptic of the
// epoch subtracted from the value there.
//
// The precession is the long-term model of Vondrák, Capitaine and Wallace,
// "New precession expressions, valid for long time intervals", A&A 534,
// A22 (2011), with the correction of A&A 541, C1 (2012): the ecliptic and
// equator poles as polynomials plus periodic terms in Julian centuries from
// J2000, and the obliquity likewise. It is the Swiss Ephemeris' default
// model (SEMOD_PREC_VONDRAK_2011) and is valid for ±200,000 years. The
// coefficients are the published ones.
//
// The named ayanamsas need none of this: the tables hold them.
package sidereal

import "math"

const (
	j2000 = 2451545.0
	// as2r converts arcseconds to radians.
	as2r = math.Pi / 180 / 3600
	// eps0 is the obliquity at J2000 of the model, radians.
	eps0 = 84381.406 * as2r
)

// term is a periodic term of the model: its period in Julian centuries and
// the cosine and sine amplitudes (arcseconds) of its two quantities.
type term struct {
	period     float64
	cosA, cosB float64
	sinA, sinB float64
}

// poly are the polynomial coefficients (arcseconds, powers of T) of the two
// quantities of a series.
type poly [4][2]float64

// series evaluates a pair of quantities at T Julian centuries from J2000,
// in radians.
func series(t float64, terms []term, p *poly) (a, b float64) {
	w := 2 * math.Pi * t
	for _, k := range terms {
		s, c := math.Sincos(w / k.period)
		a += c*k.cosA + s*k.sinA
		b += c*k.cosB + s*k.sinB
	}
	tn := 1.0
	for _, c := range p {
		a += c[0] * tn
		b += c[1] * tn
		tn *= t
	}
	return a * as2r, b * as2r
}

// The ecliptic pole: P_A and Q_A (Vondrák et al. 2011, table 1 and eq. 8).
var (
	eclTerms = []term{
		{708.15, -5486.751211, -684.661560, 667.666730, -5523.863691},
		{2309.00, -17.127623, 2446.283880, -2354.886252, -549.747450},
		{1620.00, -617.517403, 399.671049, -428.152441, -310.998056},
		{492.20, 413.442940, -356.652376, 376.202861, 421.535876},
		{1183.00, 78.614193, -186.387003, 184.778874, -36.776172},
		{622.00, -180.732815, -316.800070, 335.321713, -145.278396},
		{882.00, -87.676083, 198.296701, -185.138669, -34.744450},
		{547.00, 46.140315, 101.135679, -120.972830, 22.885731},
	}
	eclPoly = poly{{5851.607687, -1600.886300}, {-0.1189000, 1.1689818}, {-0.00028913, -0.00000020}, {0.000000101, -0.000000437}}
)

// The equator pole: X and Y (table 2 and eq. 9).
var (
	equTerms = []term{
		{256.75, -819.940624, 75004.344875, 81491.287984, 1558.515853},
		{708.15, -8444.676815, 624.033993, 787.163481, 7774.939698},
		{274.20, 2600.009459, 1251.136893, 1251.296102, -2219.534038},
		{241.45, 2755.175630, -1102.212834, -1257.950837, -2523.969396},
		{2309.00, -167.659835, -2660.664980, -2966.799730, 247.850422},
		{492.20, 871.855056, 699.291817, 639.744522, -846.485643},
		{396.10, 44.769698, 153.167220, 131.600209, -1393.124055},
		{288.90, -512.313065, -950.865637, -445.040117, 368.526116},
		{231.10, -819.415595, 499.754645, 584.522874, 749.045012},
		{1610.00, -538.071099, -145.188210, -89.756563, 444.704518},
		{620.00, -189.793622, 558.116553, 524.429630, 235.934465},
		{157.87, -402.922932, -23.923029, -13.549067, 374.049623},
		{220.30, 179.516345, -165.405086, -210.157124, -171.330180},
		{1200.00, -9.814756, 9.344131, -44.919798, -22.899655},
	}
	equPoly = poly{{5453.282155, -73750.930350}, {0.4252841, -0.7675452}, {-0.00037173, -0.00018725}, {-0.000000152, 0.000000231}}
)

// The general precession in longitude and the obliquity (table 3 and
// eq. 10); only the obliquity is used here.
var (
	epsTerms = []term{
		{409.90, -6908.287473, 753.872780, -2845.175469, -1704.720302},
		{396.15, -3198.706291, -247.805823, 449.844989, -862.308358},
		{537.22, 1453.674527, 379.471484, -1255.915323, 447.832178},
		{402.90, -857.748557, -53.880558, 886.736783, -889.571909},
		{417.15, 1173.231614, -90.109153, 418.887514, 190.402846},
		{288.92, -156.981465, -353.600190, 997.912441, -56.564991},
		{4043.00, 371.836550, -63.115353, -240.979710, -296.222622},
		{306.00, -216.619040, -28.248187, 76.541307, -75.859952},
		{277.00, 193.691479, 17.703387, -36.788069, 67.473503},
		{203.00, 11.891524, 38.911307, -170.964086, 3.014055},
	}
	epsPoly = poly{{8134.017132, 84028.206305}, {5043.0520035, 0.3624445}, {-0.00710733, -0.00004039}, {0.000000271, -0.000000110}}
)

type vec [3]float64

func cross(a, b vec) vec {
	return vec{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
}

// matrix returns the precession matrix of JD TT t: rows the equinox, the
// equator's 90° point and the pole of date, in the J2000 mean equatorial
// frame, so that m·v takes a J2000 vector to date and its transpose back.
func matrix(t float64) [3]vec {
	T := (t - j2000) / 36525
	p, q := series(T, eclTerms, &eclPoly)
	z := math.Sqrt(max(0, 1-p*p-q*q))
	se, ce := math.Sincos(eps0)
	ecl := vec{p, -q*ce - z*se, -q*se + z*ce}
	x, y := series(T, equTerms, &equPoly)
	equ := vec{x, y, math.Sqrt(max(0, 1-x*x-y*y))}
	eqx := cross(equ, ecl)
	n := math.Sqrt(eqx[0]*eqx[0] + eqx[1]*eqx[1] + eqx[2]*eqx[2])
	eqx = vec{eqx[0] / n, eqx[1] / n, eqx[2] / n}
	return [3]vec{eqx, cross(equ, eqx), equ}
}

// Obliquity returns the mean obliquity of the ecliptic at JD TT t of the
// model, degrees.
func Obliquity(t float64) float64 {
	_, eps := series((t-j2000)/36525, epsTerms, &epsPoly)
	return eps * 180 / math.Pi
}

// User is a user-defined ayanamsa: Degrees at the epoch EpochJD (JD TT),
// as a request sends it (user_ayanamsa).
type User struct {
	EpochJD float64 `json:"epoch_jd" required:"true" doc:"Epoch JD: the reference epoch, Julian day in Terrestrial Time (J2000 is 2451545.0; 1900 January 0.5 is 2415020.0)" example:"2451545" minimum:"625000" maximum:"2817000"`
	Degrees float64 `json:"degrees" required:"true" doc:"Degrees: the ayanamsa at the epoch, degrees (the mean value, without nutation)" example:"23.85" minimum:"-360" maximum:"360"`
}

// Mean returns the mean ayanamsa (without nutation) at JD TT t in degrees,
// [0, 360): the value at the epoch less the longitude, on the ecliptic of
// the epoch, of the vernal point of t. A JD UT serves for t to 1e-4"
// (the precession moves 50" a year; delta T is a minute).
func (u User) Mean(t float64) float64 {
	// The vernal point of t to J2000, then to the epoch.
	v := vec{1, 0, 0}
	if t != j2000 {
		m := matrix(t)
		v = vec{m[0][0], m[0][1], m[0][2]} // transpose times (1, 0, 0)
	}
	if u.EpochJD != j2000 {
		m := matrix(u.EpochJD)
		v = vec{dot(m[0], v), dot(m[1], v), dot(m[2], v)}
	}
	// To the ecliptic of the epoch.
	se, ce := math.Sincos(Obliquity(u.EpochJD) * math.Pi / 180)
	y := v[1]*ce + v[2]*se
	lon := math.Atan2(y, v[0]) * 180 / math.Pi
	a := math.Mod(u.Degrees-lon, 360)
	if a < 0 {
		a += 360
	}
	return a
}

// Rate returns the mean ayanamsa's rate at t in degrees per day, by a
// central difference over a day (the precession is smooth to far below
// what a day's curvature changes).
func (u User) Rate(t float64) float64 {
	return math.Remainder(u.Mean(t+0.5)-u.Mean(t-0.5), 360)
}

func dot(a, b vec) float64 { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }
