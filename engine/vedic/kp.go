package vedic

import (
	"sort"

	"github.com/astroapi/astroapi/engine"
)

// Krishnamurti Paddhati (KP): the zodiac's 249 subs and the lords of a
// sidereal longitude (K. S. Krishnamurti, KP Reader I, "Casting the
// Horoscope", the table of sub-divisions).
//
// Each nakshatra of 13°20′ (800′) is divided among the nine Vimshottari
// lords in proportion to their dasha years (of 120), beginning with the
// nakshatra's own lord and following the dasha order: a lord of y years
// takes 800′·y/120 = 400″·y of arc, so every boundary is a whole number of
// arcseconds. 27 × 9 = 243 subs; the six of them that straddle a sign
// boundary (at 30°, 60°, 150°, 180°, 270° and 300°) are counted twice, once
// in each sign, which makes the 249 of KP horary. The sub-sub lords divide
// each sub the same way, beginning with the sub's lord.

// nakshatraArcsec is the span of a nakshatra in arcseconds (13°20′).
const nakshatraArcsec = 48000

// KPSub is one of the 249 KP sub-divisions of the zodiac.
type KPSub struct {
	Number    int     `json:"number" doc:"KP horary number, 1 (0° Aries, Ashwini, Ketu sub) to 249 (the last sub of Pisces)" minimum:"1" maximum:"249"`
	Start     float64 `json:"start" doc:"sidereal longitude where the sub begins, degrees"`
	End       float64 `json:"end" doc:"sidereal longitude where the sub ends, degrees"`
	Sign      string  `json:"sign" doc:"sign of the sub"`
	Nakshatra string  `json:"nakshatra" doc:"nakshatra of the sub"`
	SignLord  string  `json:"sign_lord" doc:"lord of the sign" enum:"Sun,Moon,Mars,Mercury,Jupiter,Venus,Saturn"`
	StarLord  string  `json:"star_lord" doc:"lord of the nakshatra (Vimshottari)" enum:"Sun,Moon,Mars,Mercury,Jupiter,Venus,Saturn,Rahu,Ketu"`
	SubLord   string  `json:"sub_lord" doc:"lord of the sub" enum:"Sun,Moon,Mars,Mercury,Jupiter,Venus,Saturn,Rahu,Ketu"`

	start, end int // arcseconds
	sign, nak  int
	lords      [3]Graha // sign, star, sub
}

// kpSubs are the 249 subs in zodiacal order, built once from the rule.
var kpSubs = buildKPSubs()

func buildKPSubs() [249]KPSub {
	var t [249]KPSub
	i := 0
	add := func(start, end, nak int, star, sub Graha) {
		s := start / 108000
		t[i] = KPSub{Number: i + 1, start: start, end: end, sign: s, nak: nak,
			lords: [3]Graha{signLord[s], star, sub}}
		i++
	}
	for n := range 27 {
		star := dashaOrder[n%9]
		first := dashaIndex(star)
		at := n * nakshatraArcsec
		for k := range 9 {
			sub := dashaOrder[(first+k)%9]
			end := at + 400*int(dashaYears[sub])
			// A sign boundary inside the sub splits it in two.
			if b := (at/108000 + 1) * 108000; b > at && b < end {
				add(at, b, n, star, sub)
				at = b
			}
			add(at, end, n, star, sub)
			at = end
		}
	}
	for k := range t {
		x := &t[k]
		x.Start, x.End = float64(x.start)/3600, float64(x.end)/3600
		x.Sign, x.Nakshatra = engine.Signs[x.sign], nakshatras[x.nak].name
		x.SignLord, x.StarLord, x.SubLord = x.lords[0].String(), x.lords[1].String(), x.lords[2].String()
	}
	return t
}

// dashaIndex returns the place of lord g in the Vimshottari order.
func dashaIndex(g Graha) int {
	for i, x := range dashaOrder {
		if x == g {
			return i
		}
	}
	return 0
}

// KPSubs returns the 249 subs in zodiacal order.
func KPSubs() []KPSub { return kpSubs[:] }

// KPSubNumber returns the number (1-249) of the sub a sidereal longitude
// falls in.
func KPSubNumber(lon float64) int {
	lon = engine.Normalize(lon)
	// The first sub that ends after lon.
	i := sort.Search(len(kpSubs), func(i int) bool { return kpSubs[i].End > lon })
	if i >= len(kpSubs) {
		i = len(kpSubs) - 1
	}
	return i + 1
}

// KPLords are the four lords of a sidereal longitude.
type KPLords struct {
	Sign, Star, Sub, SubSub Graha
	Number                  int // the sub, 1-249
}

// KPLordsOf returns the sign, star, sub and sub-sub lords of a sidereal
// longitude in degrees.
func KPLordsOf(lon float64) KPLords {
	lon = engine.Normalize(lon)
	num := KPSubNumber(lon)
	s := &kpSubs[num-1]
	// The sub-sub: the sub's arc divided as a nakshatra is, from the sub
	// lord. Its arc is the whole sub's, also for a sub split by a sign.
	first := dashaIndex(s.lords[2])
	subStart, subEnd := float64(s.start), float64(s.end)
	if num > 1 && kpSubs[num-2].lords[2] == s.lords[2] && kpSubs[num-2].nak == s.nak {
		subStart = float64(kpSubs[num-2].start)
	}
	if num < len(kpSubs) && kpSubs[num].lords[2] == s.lords[2] && kpSubs[num].nak == s.nak {
		subEnd = float64(kpSubs[num].end)
	}
	span := subEnd - subStart
	off := lon*3600 - subStart
	subsub := s.lords[2]
	acc := 0.0
	for k := range 9 {
		g := dashaOrder[(first+k)%9]
		acc += span * dashaYears[g] / 120
		subsub = g
		if off < acc {
			break
		}
	}
	return KPLords{Sign: s.lords[0], Star: s.lords[1], Sub: s.lords[2], SubSub: subsub, Number: num}
}

// KPSubByNumber returns sub n (1-249).
func KPSubByNumber(n int) (KPSub, bool) {
	if n < 1 || n > len(kpSubs) {
		return KPSub{}, false
	}
	return kpSubs[n-1], true
}
