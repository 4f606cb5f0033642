// Package houses places points in the houses of a chart and states the
// house-system conventions the API uses, and computes cusps in Go.
//
// Charts normally take their cusps from engine.Positions.Houses
// (swe_houses_ex2 of the Swiss Ephemeris). Cusps and Compute do the same in
// Go from the ARMC, the true obliquity and the latitude, for a position
// source that has no house routine of its own (the tables): the house
// circles as great circles in vector form (Regiomontanus, Campanus, the
// Vertex), oblique ascension (Koch), semi-arc trisection (Placidus, by the
// secant method), and the projections of Morinus, Porphyry, equal and whole
// sign houses. Against swe_houses_ex2 they agree within 0.002" for every
// system, polar latitudes included, tropical and sidereal (j2000 excepted),
// from 1850 to 2050; see AgreementStart.
//
// Default system: Placidus, the most used in modern Western practice and
// astro.com's default. Placidus and Koch divide the diurnal arcs of
// ecliptic degrees, which do not rise or set inside the polar circles
// (|latitude| > 90° - obliquity, about 66.56°). There the chart falls back
// to Porphyry (trisection of the quadrants between the angles), as the Swiss
// Ephemeris does, and the result names the system actually used.
package houses

import (
	"math"

	"github.com/astroapi/astroapi/engine"
)

// Default is the house system used when a request names none.
const Default = engine.Placidus

// Fallback is the system used where the requested one is undefined.
const Fallback = engine.Porphyry

// Valid reports whether s is an offered house system.
func Valid(s engine.HouseSystem) bool {
	for _, h := range engine.HouseSystems {
		if h == s {
			return true
		}
	}
	return false
}

// PolarSystem is a house system defined at every latitude, which can stand
// in where the system asked for is undefined (Polar): every system but
// Placidus, Koch and the Gauquelin sectors.
type PolarSystem engine.HouseSystem

// EnumValues lists the systems defined inside the polar circles (engine.Enum).
func (PolarSystem) EnumValues() []string {
	var out []string
	for _, h := range engine.HouseSystems {
		if !PolarUndefined(h) {
			out = append(out, string(h))
		}
	}
	return out
}

// Polar reports whether sys is undefined at geographic latitude lat (degrees)
// for the true obliquity eps (degrees): Placidus, Koch and the Gauquelin
// sectors inside the polar circles, where some ecliptic degrees neither
// rise nor set.
func Polar(sys engine.HouseSystem, lat, eps float64) bool {
	return PolarUndefined(sys) && math.Abs(lat) >= 90-eps
}

// PolarUndefined reports whether sys divides semi-arcs of the ecliptic's
// degrees, so is undefined inside the polar circles: Placidus, Koch and
// the Gauquelin sectors.
func PolarUndefined(sys engine.HouseSystem) bool {
	return sys == engine.Placidus || sys == engine.Koch || sys == engine.Gauquelin
}

// Of returns the house (1-12) holding ecliptic longitude lon. Cusps
// normally increase around the zodiac; inside the polar circles the Swiss
// Ephemeris' Regiomontanus and Campanus houses can run clockwise (the whole
// figure turned when the MC sinks below the horizon), and Of follows the
// cusps' own direction. A point exactly on a cusp belongs to the house that
// cusp begins.
func Of(lon float64, cusps *[12]float64) int { return OfDir(lon, cusps, Clockwise(cusps)) }

// Clockwise reports whether the cusps run clockwise (fewer than six of the
// twelve steps from one cusp to the next go forward less than 180°), as
// Of judges it; a chart computes it once for all its points.
func Clockwise(cusps *[12]float64) bool {
	forward := 0
	for i := range 12 {
		w := cusps[(i+1)%12] - cusps[i]
		if w < 0 {
			w += 360
		}
		if w < 180 {
			forward++
		}
	}
	return forward < 6
}

// OfDir is Of with the cusps' direction given (Clockwise(cusps)).
func OfDir(lon float64, cusps *[12]float64, clockwise bool) int {
	return ofDir(lon, cusps[:], clockwise)
}

// SectorOf returns the Gauquelin sector (1-36) holding ecliptic longitude
// lon, from the 36 sector cusps (engine.Houses.Sectors), which run
// clockwise: the ecliptic longitude against the cusps, the point's
// latitude left aside (the Swiss Ephemeris' method 1 of
// swe_gauquelin_sector).
func SectorOf(lon float64, sectors *[36]float64) int { return ofDir(lon, sectors[:], true) }

// ofDir returns the 1-based index of the arc of cusps holding lon.
func ofDir(lon float64, cusps []float64, clockwise bool) int {
	lon = engine.Normalize(lon)
	n := len(cusps)
	for i := range n {
		start, next := cusps[i], cusps[(i+1)%n]
		// Cusps and lon are in [0, 360): one conditional add replaces a
		// floating-point modulo on this per-planet path.
		width, d := next-start, lon-start
		if clockwise { // measure the other way round
			width, d = start-next, start-lon
		}
		if width < 0 {
			width += 360
		}
		if d < 0 {
			d += 360
		}
		if d < width {
			return i + 1
		}
	}
	// Only reachable with degenerate cusps (all equal): put it in the first.
	return 1
}
