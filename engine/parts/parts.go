// Package parts computes the Hellenistic and Arabic lots ("parts"): a point
// as far from a base (usually the Ascendant) as one point is from another,
// reversed for night charts where the tradition reverses it.
//
// Sect follows Valens (Anthology II.1) and Ptolemy: a chart is diurnal when
// the Sun is above the horizon, i.e. in the half of the ecliptic that runs
// from the Descendant through the Midheaven to the Ascendant (houses 7-12 by
// any quadrant system). The Sun exactly on the Descendant counts as above,
// exactly on the Ascendant as below (a point belongs to the house it opens).
//
// The Lot of Fortune by day is Asc + Moon - Sun and by night Asc + Sun - Moon;
// the Lot of Spirit is its mirror: by day Asc + Sun - Moon, by night
// Asc + Moon - Sun (Valens, Anthology II.3 and IV.4; Paulus Alexandrinus,
// Introduction ch. 23).
//
// Catalog holds the lots the API offers, each with its source: the seven
// Hermetic lots of Paulus Alexandrinus (Introduction, ch. 23: Fortune,
// Spirit, Eros, Necessity, Courage, Victory, Nemesis), Valens' Lot of
// Basis (the shorter arc between Fortune and Spirit, from the Ascendant),
// and the lots of the Arabic-era lists of al-Biruni (Book of Instruction,
// 1029, §476) and Guido Bonatti (Liber Astronomiae, Tr. 8): Exaltation
// (by day from the Sun to 19° Aries, by night from the Moon to 3°
// Taurus), the Marriage of men and of women, Father, Mother, Children,
// Brothers, Sickness and Death (from the Moon to the eighth cusp,
// projected from Saturn). A formula "from C to B, projected from A" is
// written A + B - C. Where a source gives an exception (the Lot of the
// Father by Jupiter when Saturn is under the Sun's beams), the catalog
// keeps the main rule.
//
// Custom lots are written "A + B - C" over named points (ParseFormula,
// Canonical): the angles, the bodies, the cusps, the catalog's lots, a
// degree of a sign or an absolute longitude.
package parts

import "github.com/astroapi/astroapi/engine"

// IsDay reports whether a chart is diurnal: the Sun's longitude lies in the
// half of the ecliptic above the horizon, from the Descendant to the
// Ascendant through the Midheaven (degrees, any zodiac as long as both agree).
func IsDay(sun, asc float64) bool { return engine.Normalize(sun-asc) >= 180 }

// Formula is a lot A + B - C over named points, as projected from the base A.
type Formula struct {
	Base, Add, Sub string // point names, e.g. "Ascendant", "Moon", "Sun"
	// ReverseByNight swaps Add and Sub in night charts.
	ReverseByNight bool
}

// Text writes the formula as used for a chart of the given sect, e.g.
// "Ascendant + Moon - Sun".
func (f Formula) Text(day bool) string {
	add, sub := f.Add, f.Sub
	if !day && f.ReverseByNight {
		add, sub = sub, add
	}
	return f.Base + " + " + add + " - " + sub
}

// Cast returns the lot's longitude in [0, 360) from the longitudes of its
// three points and the chart's sect.
func (f Formula) Cast(base, add, sub float64, day bool) float64 {
	if !day && f.ReverseByNight {
		add, sub = sub, add
	}
	return engine.Normalize(base + add - sub)
}

// The two principal lots.
var (
	Fortune = Formula{Base: "Ascendant", Add: "Moon", Sub: "Sun", ReverseByNight: true}
	Spirit  = Formula{Base: "Ascendant", Add: "Sun", Sub: "Moon", ReverseByNight: true}
)
