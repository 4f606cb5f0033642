package vedic

import (
	"math"

	"github.com/astroapi/astroapi/engine"
)

// meanLongitude returns the heliocentric mean longitude (mean equinox of
// date, degrees) of Mercury, Venus, the Earth, Mars, Jupiter and Saturn at
// t: the polynomials of Simon et al. (1994) as Meeus tabulates them
// (Astronomical Algorithms, 2nd ed., table 31.A). T is counted in UT
// centuries: the 70-odd seconds of delta T move a mean longitude by far
// less than an arcsecond.
func meanLongitude(g Graha, earth bool, t engine.JDUT) float64 {
	T := (float64(t) - 2451545.0) / 36525
	var c [4]float64
	switch {
	case earth:
		c = [4]float64{100.466457, 36000.7698278, 0.00030322, 0.000000020}
	case g == Mercury:
		c = [4]float64{252.250906, 149474.0722491, 0.00030350, 0.000000018}
	case g == Venus:
		c = [4]float64{181.979801, 58519.2130302, 0.00031014, 0.000000015}
	case g == Mars:
		c = [4]float64{355.433000, 19141.6964471, 0.00031052, 0.000000016}
	case g == Jupiter:
		c = [4]float64{34.351519, 3036.3027748, 0.00022330, 0.000000037}
	case g == Saturn:
		c = [4]float64{50.077444, 1223.5110686, 0.00051908, -0.000000030}
	}
	return engine.Normalize(c[0] + T*(c[1]+T*(c[2]+T*c[3])))
}

// cheshtaKendra returns the cheshta kendra of Mars to Saturn in degrees,
// 0-180: the distance of the seeghrochcha from the average of the mean and
// the true (geocentric, tropical) longitude (BPHS ch. 27; Raman ch. VI).
// It is 0 at conjunction with the Sun (fastest direct motion) and 180 at
// the middle of the retrograde arc.
func cheshtaKendra(g Graha, d *chartData) float64 {
	meanSun := engine.Normalize(meanLongitude(0, true, d.jd) + 180)
	mean, seeghra := meanLongitude(g, false, d.jd), meanSun
	if g == Mercury || g == Venus {
		// The siddhantas give the inner planets the mean Sun as mean
		// longitude and their own heliocentric mean as seeghrochcha.
		mean, seeghra = meanSun, meanLongitude(g, false, d.jd)
	}
	true_ := d.lon[g] + d.ayanamsa // tropical
	avg := mean + math.Remainder(true_-mean, 360)/2
	return sep(seeghra, avg)
}

// drishti is the graded aspect value (virupas, 0-60) cast by a on a point
// dist degrees ahead of it (Raman, Graha and Bhava Balas ch. VIII, from
// BPHS 26), with the full special aspects of Mars, Jupiter and Saturn.
func drishti(a Graha, dist float64) float64 {
	d := engine.Normalize(dist)
	var v float64
	switch {
	case d < 30:
		v = 0
	case d < 60:
		v = (d - 30) / 2
	case d < 90:
		v = d - 60 + 15
	case d < 120:
		v = (120-d)/2 + 30
	case d < 150:
		v = 150 - d
	case d < 180:
		v = (d - 150) * 2
	case d < 300:
		v = (300 - d) / 2
	}
	switch a {
	case Mars: // 4th and 8th
		if d >= 90 && d < 120 || d >= 210 && d < 240 {
			v += 15
		}
	case Jupiter: // 5th and 9th
		if d >= 120 && d < 150 || d >= 240 && d < 270 {
			v += 30
		}
	case Saturn: // 3rd and 10th
		if d >= 60 && d < 90 || d >= 270 && d < 300 {
			v += 45
		}
	}
	return v
}

// benefic reports the natural benefics for aspect strength: Jupiter,
// Venus, the Moon from the 8th bright to the 8th dark tithi, Mercury unless
// it shares its sign with a malefic.
func (c *Chart) benefic(g Graha, elong float64) bool {
	switch g {
	case Jupiter, Venus:
		return true
	case Moon:
		return moonBenefic(elong)
	case Mercury:
		return !c.mercuryMalefic()
	}
	return false
}

// drik returns the aspect strength of g: (benefic - malefic aspects) / 4.
func (c *Chart) drik(g Graha, elong float64) float64 {
	sum := 0.0
	for _, a := range Seven {
		if a == g {
			continue
		}
		v := drishti(a, c.d.lon[g]-c.d.lon[a])
		if c.benefic(a, elong) {
			sum += v
		} else {
			sum -= v
		}
	}
	return sum / 4
}

// war is one planetary war.
type war struct {
	victor, loser Graha
	amount        float64
}

// wars finds the planetary wars among Mars, Mercury, Jupiter, Venus and
// Saturn: pairs less than 1° apart in longitude. Each pair is judged on
// the totals before any war (pre), so the result does not depend on order.
func wars(lon [numGrahas]float64, pre [7]float64) []war {
	var out []war
	five := [5]Graha{Mars, Mercury, Jupiter, Venus, Saturn}
	for i, a := range five {
		for _, b := range five[i+1:] {
			diff := math.Remainder(lon[b]-lon[a], 360) // > 0: a has the lesser longitude
			if diff == 0 || math.Abs(diff) >= 1 {
				continue
			}
			v, l := a, b
			if diff < 0 {
				v, l = b, a
			}
			amt := math.Abs(pre[v]-pre[l]) / math.Abs(discDiameter[v]-discDiameter[l])
			out = append(out, war{victor: v, loser: l, amount: amt})
		}
	}
	return out
}
