// Package directions computes primary directions: the arcs through which
// the daily rotation of the sky carries a promissor (a planet, or the point
// of one of its aspects) to the place of a significator (the Sun, the Moon,
// the Ascendant, the Midheaven), and the ages they are read as.
//
// Conventions (also stated in every result):
//   - A point's mundane position μ is measured on the equator in the
//     direction of the daily motion, from the upper meridian: 0 at the
//     Midheaven, 90 at the western horizon, 180 at the lower meridian, 270
//     at the eastern horizon; a point on the equator has its hour angle.
//     The house systems differ in what "the same place" is:
//   - Placidus (semi-arc): a point's place is the fraction of its own
//     semi-arc it has run from the meridian (the meridian distance over the
//     diurnal semi-arc above the horizon, over the nocturnal one below);
//     points that never rise or never set have no semi-arc and are left out.
//   - Regiomontanus: a point's place is its circle of position, the great
//     circle through the north and south points of the horizon and the
//     point; μ is the hour angle where that circle cuts the equator.
//   - Direct motion carries the promissor with the sky until it stands where
//     the significator stood at birth; converse motion (the traditional
//     converse) carries the significator to where the promissor (or its
//     aspect point) stood. Both arcs are rotations of the sky in the
//     direction of the daily motion, measured on the equator. Carried
//     conversely, the Ascendant and Midheaven are their degrees of the
//     ecliptic (latitude 0).
//   - Zodiacal directions (in zodiaco) take the promissor's aspect points
//     on the ecliptic without latitude (its longitude plus or minus 60, 90,
//     120, 180, and the conjunction at its longitude); mundane directions
//     (in mundo) take the planets' bodies with their latitude, and aspects as
//     fractions of the mundane circle (a mundane square is a quarter of it,
//     three houses).
//   - Sinister aspects are cast in the order of the signs (the aspect point
//     later in the zodiac, or three houses further for a mundane square),
//     dexter ones against it.
//   - Keys: Ptolemy's one degree of arc for a year of life; Naibod's the
//     Sun's mean daily motion, 0°59'08.33" a year. The date of perfection
//     is the birth plus the age in tropical years (365.24219 days).
//
// Sources: Martin Gansten, Primary Directions: Astrology's Old Master
// Technique (The Wessex Astrologer, 2009), chapters 2-5 on the directions
// in mundo and in zodiaco, the converse and the keys; Placidus de Titis,
// Primum Mobile (1657); Regiomontanus, Tabulae directionum (1467);
// Ptolemy, Tetrabiblos III (the proportion of temporal hours, which the
// Placidus method is, with its worked example, reproduced by the tests).
package directions

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/calendar"
)

// Method is the house system whose notion of place the directions use.
type Method string

// The methods.
const (
	Placidus      Method = "placidus"
	Regiomontanus Method = "regiomontanus"
)

// EnumValues lists the methods.
func (Method) EnumValues() []string { return []string{string(Placidus), string(Regiomontanus)} }

// Mode says whether the promissors' aspects are taken on the ecliptic or in
// the world.
type Mode string

// The modes.
const (
	Zodiacal Mode = "zodiacal"
	Mundane  Mode = "mundane"
)

// EnumValues lists the modes.
func (Mode) EnumValues() []string { return []string{string(Zodiacal), string(Mundane)} }

// Motion chooses the direct directions, the converse ones, or both.
type Motion string

// The motions.
const (
	Direct   Motion = "direct"
	Converse Motion = "converse"
	Both     Motion = "both"
)

// EnumValues lists the motions.
func (Motion) EnumValues() []string { return []string{string(Direct), string(Converse), string(Both)} }

// Key turns an arc into years.
type Key string

// The keys.
const (
	Naibod  Key = "naibod"
	Ptolemy Key = "ptolemy"
)

// EnumValues lists the keys.
func (Key) EnumValues() []string { return []string{string(Naibod), string(Ptolemy)} }

// Rate is the arc of a year of life under the key, in degrees.
func (k Key) Rate() float64 {
	if k == Ptolemy {
		return 1
	}
	return naibodRate
}

// naibodRate is the Sun's mean motion in a day, 360° over the tropical
// year in days: 0.98564734° = 0°59'08.33".
const naibodRate = 360 / tropicalYear

// tropicalYear is the mean tropical year in days.
const tropicalYear = 365.24219

// Options choose the directions.
type Options struct {
	Method           Method
	Mode             Mode
	Direct, Converse bool
	Key              Key
	FromAge, ToAge   float64 // years, the range of ages listed
}

// Point is a promissor or significator with the coordinates it is directed
// by.
type Point struct {
	Name           string  `json:"name" doc:"point name" example:"Sun"`
	Longitude      float64 `json:"longitude" doc:"apparent ecliptic longitude in degrees, tropical"`
	Latitude       float64 `json:"latitude" doc:"ecliptic latitude in degrees (0 for the angles)"`
	RightAscension float64 `json:"right_ascension" doc:"right ascension in degrees, 0-360"`
	Declination    float64 `json:"declination" doc:"declination in degrees"`
	Mundane        float64 `json:"mundane_position" doc:"place in the world under the method, degrees from the upper meridian in the direction of the daily motion (0 Midheaven, 90 western horizon, 180 lower meridian, 270 eastern horizon); 0 for a circumpolar point under Placidus"`
	Circumpolar    bool    `json:"circumpolar,omitempty" doc:"the point has no place: under Placidus it never rises or never sets at this latitude (no semi-arc); at a pole, in either method; its directions are left out"`
	Significator   bool    `json:"significator" doc:"directions are reckoned to this point"`
	Promissor      bool    `json:"promissor" doc:"this point (or its aspects) is directed"`
}

// Direction is one primary direction.
type Direction struct {
	Promissor    string        `json:"promissor" doc:"the point carried to the significator (direct) or to which the significator is carried (converse)" example:"Mars"`
	Aspect       string        `json:"aspect" doc:"conjunction, sextile, square, trine or opposition" example:"square"`
	Side         string        `json:"side,omitempty" doc:"sinister (the promissor's aspect cast in the order of the signs) or dexter (against it); absent for the conjunction and opposition"`
	Significator string        `json:"significator" doc:"the point directed to" example:"Ascendant"`
	Motion       Motion        `json:"motion" doc:"direct or converse"`
	Arc          float64       `json:"arc" doc:"arc of direction in degrees of the equator"`
	Age          float64       `json:"age" doc:"age at perfection in years: the arc over the key's rate"`
	Date         calendar.Time `json:"date" doc:"instant of perfection (UTC, to the minute): the birth plus the age in tropical years"`
}

// Result is the list of directions of a chart.
type Result struct {
	Method     Method        `json:"method" doc:"placidus or regiomontanus"`
	Mode       Mode          `json:"mode" doc:"zodiacal or mundane"`
	Key        Key           `json:"key" doc:"naibod or ptolemy"`
	Rate       float64       `json:"key_rate" doc:"degrees of arc for a year of life"`
	RAMC       float64       `json:"ramc" doc:"right ascension of the Midheaven at birth, degrees"`
	Obliquity  float64       `json:"obliquity" doc:"true obliquity of the ecliptic at birth, degrees"`
	Points     []Point       `json:"points" doc:"the promissors and significators"`
	Directions []Direction   `json:"directions" doc:"every direction perfecting within the range of ages, by arc"`
	LeftOut    []string      `json:"left_out,omitempty" doc:"points without a place, whose directions are left out: circumpolar points under Placidus, every point at a pole"`
	Source     engine.Source `json:"-"`
}

// The significators and promissors.
var (
	significators = []string{"Sun", "Moon", "Ascendant", "Midheaven"}
	promissors    = []engine.Body{engine.Sun, engine.Moon, engine.Mercury, engine.Venus, engine.Mars, engine.Jupiter, engine.Saturn, engine.Uranus, engine.Neptune, engine.Pluto}
)

// aspect is an aspect angle and its name.
type aspect struct {
	name  string
	angle float64
}

var ptolemaic = []aspect{{"conjunction", 0}, {"sextile", 60}, {"square", 90}, {"trine", 120}, {"opposition", 180}}

// place is a point's equatorial coordinates, degrees.
type place struct{ ra, dec float64 }

// Compute lists the primary directions of a birth at instant jd (UTC
// birth) and geographic latitude and longitude (degrees).
func Compute(pos engine.Positions, jd engine.JDUT, birth time.Time, latitude, longitude float64, o Options) (*Result, error) {
	hs, err := pos.Houses(jd, latitude, longitude, engine.Placidus, "")
	if err != nil {
		return nil, err
	}
	eps, _, err := pos.Obliquity(jd)
	if err != nil {
		return nil, err
	}
	r := &Result{Method: o.Method, Mode: o.Mode, Key: o.Key, Rate: o.Key.Rate(), RAMC: hs.ARMC, Obliquity: eps, Source: hs.Source}
	phi := latitude
	places := map[string]place{}
	for _, b := range promissors {
		ecl, err := pos.Position(jd, b, engine.Options{SkipDistance: true})
		if err != nil {
			return nil, err
		}
		eq, err := pos.Position(jd, b, engine.Options{Equatorial: true})
		if err != nil {
			return nil, err
		}
		r.Source = r.Source.Worse(ecl.Source)
		name := b.String()
		places[name] = place{eq.Longitude, eq.Latitude}
		r.Points = append(r.Points, Point{Name: name, Longitude: ecl.Longitude, Latitude: ecl.Latitude,
			RightAscension: eq.Longitude, Declination: eq.Latitude, Promissor: true, Significator: slices.Contains(significators, name)})
	}
	for _, a := range []struct {
		name string
		lon  float64
	}{{"Ascendant", hs.Ascendant}, {"Midheaven", hs.Midheaven}} {
		p := eclipticPlace(a.lon, eps)
		places[a.name] = p
		r.Points = append(r.Points, Point{Name: a.name, Longitude: a.lon, RightAscension: p.ra, Declination: p.dec, Significator: true})
	}
	pole := math.Abs(phi) >= poleLatitude
	for i := range r.Points {
		p := &r.Points[i]
		mu, ok := mundane(o.Method, hs.ARMC-p.RightAscension, p.Declination, phi)
		if pole {
			mu, ok = 0, false
		}
		p.Mundane, p.Circumpolar = mu, !ok
		if !ok {
			r.LeftOut = append(r.LeftOut, p.Name)
		}
	}
	if pole {
		r.Directions = []Direction{}
		return r, nil
	}
	rate := o.Key.Rate()
	add := func(prom, asp, side, sig string, m Motion, moving, target place, targetShift float64) {
		tmu, ok := mundane(o.Method, hs.ARMC-target.ra, target.dec, phi)
		if !ok {
			return
		}
		arc, ok := solve(o.Method, moving, phi, hs.ARMC, tmu+targetShift)
		if !ok {
			return
		}
		age := arc / rate
		if age < o.FromAge || age > o.ToAge {
			return
		}
		date := calendar.TimeOf(birth.Add(time.Duration(age * tropicalYear * 86400 * float64(time.Second))).Round(time.Minute))
		r.Directions = append(r.Directions, Direction{Promissor: prom, Aspect: asp, Side: side, Significator: sig, Motion: m, Arc: arc, Age: age, Date: date})
	}
	for _, b := range promissors {
		prom := b.String()
		pp := places[prom]
		lon := r.Points[slices.IndexFunc(r.Points, func(p Point) bool { return p.Name == prom })].Longitude
		for _, sig := range significators {
			if sig == prom {
				continue
			}
			sp := places[sig]
			for _, a := range ptolemaic {
				sides := []float64{1}
				if a.angle != 0 && a.angle != 180 {
					sides = []float64{1, -1}
				}
				for _, s := range sides {
					side := ""
					if len(sides) == 2 {
						side = map[float64]string{1: "sinister", -1: "dexter"}[s]
					}
					k := s * a.angle
					if o.Mode == Mundane {
						// The promissor's aspect point lies k further in
						// the order of the houses: at μ - k.
						if o.Direct {
							add(prom, a.name, side, sig, Direct, pp, sp, k)
						}
						if o.Converse {
							add(prom, a.name, side, sig, Converse, sp, pp, -k)
						}
						continue
					}
					q := eclipticPlace(lon+k, r.Obliquity)
					if o.Direct {
						add(prom, a.name, side, sig, Direct, q, sp, 0)
					}
					if o.Converse {
						add(prom, a.name, side, sig, Converse, sp, q, 0)
					}
				}
			}
		}
	}
	slices.SortFunc(r.Directions, func(a, b Direction) int {
		return cmp.Or(cmp.Compare(a.Arc, b.Arc), cmp.Compare(a.Promissor, b.Promissor), cmp.Compare(a.Significator, b.Significator))
	})
	if r.Directions == nil {
		r.Directions = []Direction{}
	}
	return r, nil
}

// eclipticPlace returns the equatorial place of the ecliptic point of
// longitude lon (no latitude) under obliquity eps, degrees.
func eclipticPlace(lon, eps float64) place {
	l, e := lon*deg, eps*deg
	ra := math.Atan2(math.Sin(l)*math.Cos(e), math.Cos(l)) / deg
	return place{wrap360(ra), math.Asin(math.Sin(l)*math.Sin(e)) / deg}
}

const deg = math.Pi / 180

// poleLatitude is where the horizon becomes the equator: nothing rises or
// sets, no point has a place in either method, and no direction is
// listed (every point is left out).
const poleLatitude = 89.99

// mundane returns the mundane position of a point at hour angle h (degrees
// west of the upper meridian) and declination dec under latitude phi;
// false for a point without a semi-arc under Placidus.
func mundane(m Method, h, dec, phi float64) (float64, bool) {
	if m == Regiomontanus {
		return regiomontanus(h, dec, phi), true
	}
	return placidus(h, dec, phi)
}

// placidus is the Placidian mundane position: the meridian distance as a
// fraction of the semi-arc, scaled to 90° a quadrant.
func placidus(h, dec, phi float64) (float64, bool) {
	x := -math.Tan(phi*deg) * math.Tan(dec*deg)
	if !(x > -1 && x < 1) {
		return 0, false
	}
	dsa := math.Acos(x) / deg // diurnal semi-arc
	h = wrap180(h)
	if math.Abs(h) <= dsa {
		return wrap360(h * 90 / dsa), true
	}
	return wrap360(180 + wrap180(h-180)*90/(180-dsa)), true
}

// regiomontanus is the hour angle where the circle of position of the
// point (the great circle through the north and south points of the
// horizon and the point) cuts the equator, on the half of the circle that
// holds the point.
func regiomontanus(h, dec, phi float64) float64 {
	// Axes: x to the equator's upper culmination, y to its west point, z
	// to the north celestial pole; s is the horizon's point on the x side
	// of the meridian (its south point north of the equator).
	sp, cp := math.Sincos(phi * deg)
	s := [3]float64{sp, 0, -cp}
	sh, ch := math.Sincos(h * deg)
	sd, cd := math.Sincos(dec * deg)
	v := [3]float64{cd * ch, cd * sh, sd}
	// w: the unit part of v square to s, the direction along the circle.
	d := v[0]*s[0] + v[2]*s[2]
	w := [3]float64{v[0] - d*s[0], v[1], v[2] - d*s[2]}
	n := math.Sqrt(w[0]*w[0] + w[1]*w[1] + w[2]*w[2])
	w = [3]float64{w[0] / n, w[1] / n, w[2] / n}
	// The circle's points are cos t s + sin t w (t in 0..180 on v's half);
	// the equator is where their z vanishes: tan t = cp / w_z.
	t := math.Atan2(cp, w[2])
	st, ct := math.Sincos(t)
	ex, ey := ct*s[0]+st*w[0], st*w[1]
	return wrap360(math.Atan2(ey, ex) / deg)
}

// solve returns the arc through which the sky must turn (in the direction
// of the daily motion) for the point p to reach the mundane position
// target under the method, from the birth's RAMC ramc; false when it never
// does (a point without a semi-arc, or one too near the pole to cross that
// circle of position).
func solve(m Method, p place, phi, ramc, target float64) (float64, bool) {
	var hs [2]float64
	n := 0
	if m == Regiomontanus {
		// The circle of position through the equator at hour angle target
		// and the horizon's point s: its normal c = s × e; the parallel of
		// the point's declination meets it where c·v = 0, that is
		// cos(H - psi) = -c_z tan(dec) / |c_xy|, twice or not at all.
		sp, cp := math.Sincos(phi * deg)
		se, ce := math.Sincos(target * deg)
		cx, cy, cz := cp*se, -cp*ce, sp*se
		r := math.Hypot(cx, cy)
		x := -cz * math.Tan(p.dec*deg) / r
		if !(x >= -1 && x <= 1) {
			return 0, false
		}
		psi, d := math.Atan2(cy, cx)/deg, math.Acos(x)/deg
		hs, n = [2]float64{psi + d, psi - d}, 2
	} else {
		x := -math.Tan(phi*deg) * math.Tan(p.dec*deg)
		if !(x > -1 && x < 1) {
			return 0, false
		}
		dsa := math.Acos(x) / deg
		if t := wrap180(target); math.Abs(t) <= 90 {
			hs[0] = t * dsa / 90
		} else {
			hs[0] = 180 + wrap180(target-180)*(180-dsa)/90
		}
		n = 1
	}
	// The hour angle found must give back the position (of the two
	// crossings of a circle of position, one lies on the half beyond the
	// horizon's north and south points).
	for _, h := range hs[:n] {
		if mu, ok := mundane(m, h, p.dec, phi); ok && math.Abs(wrap180(mu-target)) < 1e-7 {
			return wrap360(h - (ramc - p.ra)), true
		}
	}
	return 0, false
}

func wrap360(x float64) float64 {
	x = math.Mod(x, 360)
	if x < 0 {
		x += 360
	}
	return x
}

func wrap180(x float64) float64 {
	x = wrap360(x)
	if x >= 180 {
		x -= 360
	}
	return x
}

// Validate checks the options, naming bad ones by their API field.
func (o Options) Validate() engine.Fields {
	var errs engine.Fields
	if !(o.FromAge >= 0 && o.FromAge < o.ToAge && o.ToAge <= 120) {
		errs.Bad("to_age", fmt.Sprintf("must be more than from_age (%g) and at most 120", o.FromAge))
	}
	return errs
}
