package vedic

import (
	"fmt"
	"math"
	"slices"

	"github.com/astroapi/astroapi/engine"
)

// Matching (kundli milan): the Ashtakoota (Guna Milan) of the two Moons
// out of 36, the nadi and bhakoot doshas with their named exceptions, and
// the Manglik (Kuja) dosha of both charts. Ashtakoota reads the Moons
// alone (their signs, nakshatras and padas); the Manglik verdict reads
// both rasi charts.

// Role is who a person is in the match: the kootas are not symmetric
// (varna, vashya, tara, gana and bhakoot count from the bride or the
// groom).
type Role string

// The roles.
const (
	Groom Role = "groom"
	Bride Role = "bride"
)

// EnumValues lists the roles.
func (Role) EnumValues() []string { return []string{string(Groom), string(Bride)} }

// VarnaScheme is how the signs are given their varna.
type VarnaScheme string

// The varna schemes. Both give the water signs Brahmin and the fire signs
// Kshatriya; they differ on earth and air.
const (
	// VarnaEarthVaishya gives Taurus, Virgo and Capricorn Vaishya and
	// Gemini, Libra and Aquarius Shudra: the reckoning most matching
	// tables print.
	VarnaEarthVaishya VarnaScheme = "earth_vaishya"
	// VarnaAirVaishya gives Gemini, Libra and Aquarius Vaishya and
	// Taurus, Virgo and Capricorn Shudra, as PyJHora reckons.
	VarnaAirVaishya VarnaScheme = "air_vaishya"
)

// EnumValues lists the varna schemes.
func (VarnaScheme) EnumValues() []string {
	return []string{string(VarnaEarthVaishya), string(VarnaAirVaishya)}
}

// NadiException is a named exception that cancels the nadi dosha (both
// Moons in the same nadi).
type NadiException string

// The nadi exceptions.
const (
	NadiSameRasiOtherNakshatra NadiException = "same_rasi_different_nakshatra"
	NadiSameNakshatraOtherRasi NadiException = "same_nakshatra_different_rasi"
	NadiSameNakshatraOtherPada NadiException = "same_nakshatra_different_pada"
	NadiSameRasiLord           NadiException = "same_rasi_lord"
)

// NadiExceptions lists every nadi exception, the default set.
func NadiExceptions() []NadiException {
	return []NadiException{NadiSameRasiOtherNakshatra, NadiSameNakshatraOtherRasi, NadiSameNakshatraOtherPada, NadiSameRasiLord}
}

// EnumValues lists the nadi exceptions.
func (NadiException) EnumValues() []string { return enumStrings(NadiExceptions()) }

// BhakootException is a named exception that cancels the bhakoot dosha
// (the Moon signs 2/12, 5/9 or 6/8 from each other).
type BhakootException string

// The bhakoot exceptions.
const (
	BhakootSameRasiLord        BhakootException = "same_rasi_lord"
	BhakootFriendlyRasiLords   BhakootException = "friendly_rasi_lords"
	BhakootFriendlyNavamsaLord BhakootException = "friendly_navamsa_lords"
)

// BhakootExceptions lists every bhakoot exception, the default set.
func BhakootExceptions() []BhakootException {
	return []BhakootException{BhakootSameRasiLord, BhakootFriendlyRasiLords, BhakootFriendlyNavamsaLord}
}

// EnumValues lists the bhakoot exceptions.
func (BhakootException) EnumValues() []string { return enumStrings(BhakootExceptions()) }

func enumStrings[T ~string](v []T) []string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = string(x)
	}
	return s
}

// CancelledPoints says what a cancelled nadi or bhakoot dosha does to the
// koota's points.
type CancelledPoints string

// The choices.
const (
	// KeepPoints leaves the koota at 0 and reports the dosha cancelled:
	// the total is the Guna Milan score as the tables print it.
	KeepPoints CancelledPoints = "keep"
	// RestorePoints gives the koota its full points when its dosha is
	// cancelled.
	RestorePoints CancelledPoints = "restore"
)

// EnumValues lists the choices.
func (CancelledPoints) EnumValues() []string {
	return []string{string(KeepPoints), string(RestorePoints)}
}

// MatchOptions are the switches of the matching.
type MatchOptions struct {
	Varna                       VarnaScheme        // "" is VarnaEarthVaishya
	NadiExceptions              []NadiException    // the exceptions applied (nil: none)
	BhakootExceptions           []BhakootException // the exceptions applied (nil: none)
	CancelledPoints             CancelledPoints    // "" is KeepPoints
	ManglikIgnoresCancellations bool               // judge Manglik by placement alone
}

// MatchMoon is a Moon as the matching reads it.
type MatchMoon struct {
	Longitude float64   `json:"longitude" doc:"sidereal longitude of the Moon (in the ayanamsa used), degrees 0-360"`
	Ayanamsa  float64   `json:"ayanamsa_degrees" doc:"the ayanamsa at the birth, degrees"`
	Sign      SignRef   `json:"sign" doc:"the Moon's sign (janma rasi)"`
	Nakshatra BirthStar `json:"nakshatra" doc:"the Moon's nakshatra (janma nakshatra) and pada"`
	Varna     string    `json:"varna" doc:"varna of the Moon's sign" enum:"Brahmin,Kshatriya,Vaishya,Shudra"`
	Vashya    string    `json:"vashya" doc:"vashya class of the Moon's sign (half-sign for Sagittarius and Capricorn)" enum:"Chatushpada,Manava,Jalachara,Vanachara,Keeta"`
	Yoni      string    `json:"yoni" doc:"yoni (animal) of the nakshatra"`
	Gana      string    `json:"gana" doc:"gana of the nakshatra" enum:"Deva,Manushya,Rakshasa"`
	Nadi      string    `json:"nadi" doc:"nadi of the nakshatra" enum:"Adi,Madhya,Antya"`
}

// moonOf reads a sidereal Moon longitude.
func moonOf(lon float64, scheme VarnaScheme) (MatchMoon, moonKey) {
	lon = engine.Normalize(lon)
	n, pada, _ := nakshatraIndex(lon)
	s := signOf(lon)
	k := moonKey{lon: lon, nak: n, pada: pada, sign: s, navamsa: int(math.Floor(lon/PadaSpan)) % 12}
	nk, num := NakshatraOf(lon)
	m := MatchMoon{
		Longitude: lon, Sign: signRef(s), Nakshatra: BirthStar{Nakshatra: nk, Number: num},
		Varna: varnaNames[varnaOf(s, scheme)], Vashya: vashyaNames[vashyaOf(lon)],
		Yoni: yoniNames[yoniOf[n]], Gana: ganaNames[ganaOf[n]], Nadi: nadiNames[nadiOf(n)],
	}
	return m, k
}

// moonKey is what the kootas compute with.
type moonKey struct {
	lon                      float64
	nak, pada, sign, navamsa int
}

// Koota is one koota's finding.
type Koota struct {
	Name   string      `json:"name" doc:"the koota" enum:"varna,vashya,tara,yoni,graha_maitri,gana,bhakoot,nadi"`
	Points float64     `json:"points" doc:"points given, after any restoration (see dosha)"`
	Max    float64     `json:"max" doc:"the koota's full points (1 to 8)"`
	Groom  string      `json:"groom" doc:"the groom's category in this koota"`
	Bride  string      `json:"bride" doc:"the bride's category in this koota"`
	Rule   string      `json:"rule" doc:"the rule that gave the points"`
	Dosha  *MatchDosha `json:"dosha,omitempty" doc:"the dosha of the koota, when it scores 0 by its dosha (bhakoot, nadi)"`
}

// MatchDosha is the nadi or bhakoot dosha and the exceptions that cancel
// it.
type MatchDosha struct {
	Name          string         `json:"name" doc:"the dosha" enum:"nadi,bhakoot"`
	Cancellations []Cancellation `json:"cancellations" doc:"the exceptions (among those the request enables) that the pair meets, each named"`
	Cancelled     bool           `json:"cancelled" doc:"at least one exception applies"`
	Restored      bool           `json:"points_restored" doc:"the koota was given its full points because the dosha is cancelled (cancelled_dosha_points restore)"`
}

// Ashtakoota is the Guna Milan of two Moons.
type Ashtakoota struct {
	Kootas      []Koota `json:"kootas" doc:"the eight kootas in order: varna 1, vashya 2, tara 3, yoni 4, graha_maitri 5, gana 6, bhakoot 7, nadi 8"`
	Total       float64 `json:"total" doc:"sum of the kootas' points, out of 36"`
	Max         float64 `json:"max" doc:"36"`
	Verdict     string  `json:"verdict" doc:"the band of the total: not_recommended below 18, average 18 to 24, good 24.5 to 32, excellent 32.5 and above" enum:"not_recommended,average,good,excellent"`
	Recommended bool    `json:"recommended" doc:"total at least 18, the minimum the matching manuals require"`
}

// koota tables. The categories are read from the Moon's sign or
// nakshatra; the points are those of the Ashtakoota tables of the
// muhurta manuals (Muhurta Chintamani's scheme as the modern tables print
// it; the vashya and yoni point tables as saravali.de tabulates them and
// PyJHora reproduces them, AGPL-3.0).
var (
	varnaNames  = [4]string{"Brahmin", "Kshatriya", "Vaishya", "Shudra"}
	vashyaNames = [5]string{"Chatushpada", "Manava", "Jalachara", "Vanachara", "Keeta"}
	ganaNames   = [3]string{"Deva", "Manushya", "Rakshasa"}
	nadiNames   = [3]string{"Adi", "Madhya", "Antya"}
	yoniNames   = [14]string{"Horse", "Elephant", "Sheep", "Serpent", "Dog", "Cat", "Rat", "Cow", "Buffalo", "Tiger", "Deer", "Monkey", "Mongoose", "Lion"}

	// yoniOf is the yoni of each nakshatra, Ashwini to Revati.
	yoniOf = [27]int{0, 1, 2, 3, 3, 4, 5, 2, 5, 6, 6, 7, 8, 9, 8, 9, 10, 10, 4, 11, 12, 11, 13, 0, 13, 7, 1}
	// ganaOf is the gana of each nakshatra (0 Deva, 1 Manushya, 2 Rakshasa).
	ganaOf = [27]int{0, 1, 2, 1, 0, 1, 0, 0, 2, 2, 1, 1, 0, 2, 0, 2, 0, 2, 2, 1, 1, 0, 2, 2, 1, 1, 0}

	// vashyaPoints[bride][groom].
	vashyaPoints = [5][5]float64{
		{2, 0.5, 1, 0, 2},
		{0.5, 2, 0, 0, 0},
		{1, 0, 2, 2, 2},
		{0, 0, 2, 2, 0},
		{1, 0, 1, 0, 2},
	}
	// yoniPoints[a][b]: 4 the same yoni, 3 friendly, 2 neutral, 1
	// inimical, 0 the sworn enemies (horse-buffalo, elephant-lion,
	// sheep-monkey, serpent-mongoose, dog-deer, cat-rat, cow-tiger).
	yoniPoints = [14][14]float64{
		{4, 2, 2, 3, 2, 2, 2, 1, 0, 1, 1, 3, 2, 1},
		{2, 4, 3, 3, 2, 2, 2, 2, 3, 1, 2, 3, 2, 0},
		{2, 3, 4, 2, 1, 2, 1, 3, 3, 1, 2, 0, 3, 1},
		{3, 3, 2, 4, 2, 1, 1, 1, 1, 2, 2, 2, 0, 2},
		{2, 2, 1, 2, 4, 2, 1, 2, 2, 1, 0, 2, 1, 1},
		{2, 2, 2, 1, 2, 4, 0, 2, 2, 1, 3, 3, 2, 1},
		{2, 2, 1, 1, 1, 0, 4, 2, 2, 2, 2, 2, 1, 2},
		{1, 2, 3, 1, 2, 2, 2, 4, 3, 0, 3, 2, 2, 1},
		{0, 3, 3, 1, 2, 2, 2, 3, 4, 1, 2, 2, 2, 1},
		{1, 1, 1, 2, 1, 1, 2, 0, 1, 4, 1, 1, 2, 1},
		{1, 2, 2, 2, 0, 3, 2, 3, 2, 1, 4, 2, 2, 1},
		{3, 3, 0, 2, 2, 3, 2, 2, 2, 1, 2, 4, 3, 2},
		{2, 2, 3, 0, 1, 2, 1, 2, 2, 2, 2, 3, 4, 2},
		{1, 0, 1, 2, 1, 1, 2, 1, 1, 1, 1, 2, 2, 4},
	}
	// ganaPoints[groom][bride], as the Marathi muhurta manual
	// transliteral.org/pages/z80519063539 states it, naming groom and
	// bride: the same gana 6, a Deva groom with a Manushya bride 6, a
	// Manushya groom with a Deva bride 5, a Rakshasa groom with a Deva
	// bride 1, a Deva groom with a Rakshasa bride 0, Manushya and Rakshasa
	// 0 either way.
	ganaPoints = [3][3]float64{
		{6, 6, 0},
		{5, 6, 0},
		{1, 0, 6},
	}
	taraNames = [9]string{"Janma", "Sampat", "Vipat", "Kshema", "Pratyak", "Sadhana", "Naidhana", "Mitra", "Parama Mitra"}
)

// varnaOf is the varna (0 Brahmin .. 3 Shudra) of a sign.
func varnaOf(sign int, scheme VarnaScheme) int {
	switch sign % 4 { // Aries fire, Taurus earth, Gemini air, Cancer water...
	case 0:
		return 1
	case 3:
		return 0
	case 1: // earth
		if scheme == VarnaAirVaishya {
			return 3
		}
		return 2
	default: // air
		if scheme == VarnaAirVaishya {
			return 2
		}
		return 3
	}
}

// vashyaOf is the vashya class of a sidereal longitude: Aries, Taurus,
// the second half of Sagittarius and the first of Capricorn quadrupeds;
// Gemini, Virgo, Libra, Aquarius and the first half of Sagittarius human;
// Cancer, Pisces and the second half of Capricorn water; Leo wild; Scorpio
// insect.
func vashyaOf(lon float64) int {
	s := signOf(lon)
	first := lon-float64(s)*30 < 15
	switch s {
	case 0, 1:
		return 0
	case 2, 5, 6, 10:
		return 1
	case 3, 11:
		return 2
	case 4:
		return 3
	case 7:
		return 4
	case 8:
		if first {
			return 1
		}
		return 0
	default: // Capricorn
		if first {
			return 0
		}
		return 2
	}
}

// nadiOf is the nadi (0 Adi, 1 Madhya, 2 Antya) of a nakshatra: the
// nakshatras run Adi, Madhya, Antya, Antya, Madhya, Adi, and again.
func nadiOf(n int) int {
	return [6]int{0, 1, 2, 2, 1, 0}[n%6]
}

// countFrom is the count from a to b inclusive (1..m): b is the count-th from a.
func countFrom(a, b, m int) int { return ((b-a)%m+m)%m + 1 }

// maitri grades the natural relations of two sign lords both ways.
func maitri(a, b Graha) (float64, string) {
	if a == b {
		return 5, "the same lord"
	}
	ab, ba := natural[a][b], natural[b][a]
	switch {
	case ab == Friend && ba == Friend:
		return 5, "friends both ways"
	case ab+ba == Friend: // friend and neutral
		return 4, "a friend one way, neutral the other"
	case ab == Neutral && ba == Neutral:
		return 3, "neutral both ways"
	case ab == Enemy && ba == Enemy:
		return 0, "enemies both ways"
	case ab+ba == Neutral: // friend and enemy
		return 1, "a friend one way, an enemy the other"
	}
	return 0.5, "neutral one way, an enemy the other"
}

// friendly reports whether two lords are the same or mutual friends.
func friendly(a, b Graha) bool {
	return a == b || natural[a][b] == Friend && natural[b][a] == Friend
}

// ashtakoota scores the eight kootas of a groom's and a bride's Moons.
func ashtakoota(g, b moonKey, o MatchOptions) Ashtakoota {
	var ks []Koota
	add := func(k Koota) { ks = append(ks, k) }

	gv, bv := varnaOf(g.sign, o.Varna), varnaOf(b.sign, o.Varna)
	k := Koota{Name: "varna", Max: 1, Groom: varnaNames[gv], Bride: varnaNames[bv]}
	if gv <= bv {
		k.Points, k.Rule = 1, "the groom's varna is the bride's or higher"
	} else {
		k.Rule = "the bride's varna is higher than the groom's"
	}
	add(k)

	gy, by := vashyaOf(g.lon), vashyaOf(b.lon)
	k = Koota{Name: "vashya", Max: 2, Groom: vashyaNames[gy], Bride: vashyaNames[by], Points: vashyaPoints[by][gy]}
	if gy == by {
		k.Rule = "the same vashya class"
	} else {
		k.Rule = fmt.Sprintf("a %s bride with a %s groom scores %g in the vashya table", vashyaNames[by], vashyaNames[gy], k.Points)
	}
	add(k)

	fromBride, fromGroom := countFrom(b.nak, g.nak, 27), countFrom(g.nak, b.nak, 27)
	tb, tg := (fromBride-1)%9, (fromGroom-1)%9
	k = Koota{Name: "tara", Max: 3, Groom: taraNames[tb], Bride: taraNames[tg]}
	good := func(t int) bool { return t != 2 && t != 4 && t != 6 }
	if good(tb) {
		k.Points += 1.5
	}
	if good(tg) {
		k.Points += 1.5
	}
	k.Rule = fmt.Sprintf("the groom's nakshatra is the %s from the bride's (%s tara, %s) and the bride's the %s from the groom's (%s tara, %s): 1.5 for each direction that is not the 3rd, 5th or 7th tara",
		ordinal(fromBride), taraNames[tb], goodBad(good(tb)), ordinal(fromGroom), taraNames[tg], goodBad(good(tg)))
	add(k)

	gyo, byo := yoniOf[g.nak], yoniOf[b.nak]
	k = Koota{Name: "yoni", Max: 4, Groom: yoniNames[gyo], Bride: yoniNames[byo], Points: yoniPoints[byo][gyo]}
	k.Rule = fmt.Sprintf("%s and %s: %s yonis", yoniNames[gyo], yoniNames[byo],
		map[float64]string{4: "the same", 3: "friendly", 2: "neutral", 1: "inimical", 0: "sworn enemy"}[k.Points])
	add(k)

	gl, bl := signLord[g.sign], signLord[b.sign]
	k = Koota{Name: "graha_maitri", Max: 5, Groom: gl.String(), Bride: bl.String()}
	var why string
	k.Points, why = maitri(gl, bl)
	k.Rule = fmt.Sprintf("the Moon-sign lords %s and %s: %s (natural friendship, BPHS ch. 3)", gl, bl, why)
	add(k)

	gg, bg := ganaOf[g.nak], ganaOf[b.nak]
	k = Koota{Name: "gana", Max: 6, Groom: ganaNames[gg], Bride: ganaNames[bg], Points: ganaPoints[gg][bg]}
	k.Rule = fmt.Sprintf("a %s groom with a %s bride", ganaNames[gg], ganaNames[bg])
	add(k)

	sb, sg := countFrom(b.sign, g.sign, 12), countFrom(g.sign, b.sign, 12)
	k = Koota{Name: "bhakoot", Max: 7, Groom: engine.Signs[g.sign], Bride: engine.Signs[b.sign]}
	pair := fmt.Sprintf("%d/%d", min(sb, sg), max(sb, sg))
	switch pair {
	case "2/12", "5/9", "6/8":
		names := map[string]string{"2/12": "dwi-dwadasha", "5/9": "nava-panchama", "6/8": "shadashtaka"}
		k.Rule = fmt.Sprintf("the Moon signs are %s from each other (%s): bhakoot dosha", pair, names[pair])
		d := &MatchDosha{Name: "bhakoot", Cancellations: []Cancellation{}}
		for _, e := range o.BhakootExceptions {
			if c, ok := bhakootException(e, g, b); ok {
				d.Cancellations = append(d.Cancellations, c)
			}
		}
		k.Dosha = d.settle(&k, o)
	default:
		k.Points = 7
		k.Rule = fmt.Sprintf("the Moon signs are %s from each other (not 2/12, 5/9 or 6/8)", pair)
	}
	add(k)

	gn, bn := nadiOf(g.nak), nadiOf(b.nak)
	k = Koota{Name: "nadi", Max: 8, Groom: nadiNames[gn], Bride: nadiNames[bn]}
	if gn != bn {
		k.Points, k.Rule = 8, "different nadis"
	} else {
		k.Rule = "the same nadi (" + nadiNames[gn] + "): nadi dosha"
		d := &MatchDosha{Name: "nadi", Cancellations: []Cancellation{}}
		for _, e := range o.NadiExceptions {
			if c, ok := nadiException(e, g, b); ok {
				d.Cancellations = append(d.Cancellations, c)
			}
		}
		k.Dosha = d.settle(&k, o)
	}
	add(k)

	a := Ashtakoota{Kootas: ks, Max: 36}
	for _, k := range ks {
		a.Total += k.Points
	}
	switch {
	case a.Total < 18:
		a.Verdict = "not_recommended"
	case a.Total <= 24:
		a.Verdict = "average"
	case a.Total <= 32:
		a.Verdict = "good"
	default:
		a.Verdict = "excellent"
	}
	a.Recommended = a.Total >= 18
	return a
}

func goodBad(ok bool) string {
	if ok {
		return "auspicious"
	}
	return "inauspicious"
}

// settle marks the dosha cancelled when an exception applies and, when
// asked, restores the koota's points.
func (d *MatchDosha) settle(k *Koota, o MatchOptions) *MatchDosha {
	d.Cancelled = len(d.Cancellations) > 0
	if d.Cancelled && o.CancelledPoints == RestorePoints {
		k.Points, d.Restored = k.Max, true
	}
	return d
}

func nadiException(e NadiException, g, b moonKey) (Cancellation, bool) {
	switch e {
	case NadiSameRasiOtherNakshatra:
		return Cancellation{Name: string(e), Rule: fmt.Sprintf("both Moons in %s, in different nakshatras (%s, %s)",
			engine.Signs[g.sign], nakshatras[g.nak].name, nakshatras[b.nak].name)}, g.sign == b.sign && g.nak != b.nak
	case NadiSameNakshatraOtherRasi:
		return Cancellation{Name: string(e), Rule: fmt.Sprintf("both Moons in %s, in different signs (%s, %s)",
			nakshatras[g.nak].name, engine.Signs[g.sign], engine.Signs[b.sign])}, g.nak == b.nak && g.sign != b.sign
	case NadiSameNakshatraOtherPada:
		return Cancellation{Name: string(e), Rule: fmt.Sprintf("both Moons in %s, in different padas (%d, %d)",
			nakshatras[g.nak].name, g.pada, b.pada)}, g.nak == b.nak && g.pada != b.pada
	case NadiSameRasiLord:
		return Cancellation{Name: string(e), Rule: fmt.Sprintf("both Moon signs ruled by %s (%s, %s)",
			signLord[g.sign], engine.Signs[g.sign], engine.Signs[b.sign])}, signLord[g.sign] == signLord[b.sign]
	}
	return Cancellation{}, false
}

func bhakootException(e BhakootException, g, b moonKey) (Cancellation, bool) {
	gl, bl := signLord[g.sign], signLord[b.sign]
	switch e {
	case BhakootSameRasiLord:
		return Cancellation{Name: string(e), Rule: fmt.Sprintf("both Moon signs ruled by %s (%s, %s)",
			gl, engine.Signs[g.sign], engine.Signs[b.sign])}, gl == bl
	case BhakootFriendlyRasiLords:
		return Cancellation{Name: string(e), Rule: fmt.Sprintf("the Moon-sign lords %s and %s are friends both ways", gl, bl)},
			gl != bl && friendly(gl, bl)
	case BhakootFriendlyNavamsaLord:
		nl, ml := signLord[g.navamsa], signLord[b.navamsa]
		return Cancellation{Name: string(e), Rule: fmt.Sprintf("the lords of the Moons' navamsa signs (%s, %s), %s and %s, are the same or friends both ways",
			engine.Signs[g.navamsa], engine.Signs[b.navamsa], nl, ml)}, friendly(nl, ml)
	}
	return Cancellation{}, false
}

// ManglikMatch is the Manglik dosha of both charts and the verdict.
type ManglikMatch struct {
	Person1    Dosha  `json:"person1" doc:"person1's Manglik dosha, as POST /api/v1/vedic/dosha/manglik reports it"`
	Person2    Dosha  `json:"person2" doc:"person2's Manglik dosha"`
	Effective1 bool   `json:"person1_manglik" doc:"person1 is Manglik: the dosha is present and (unless manglik_cancellations is ignore) not cancelled"`
	Effective2 bool   `json:"person2_manglik" doc:"person2 is Manglik, as person1_manglik"`
	Compatible bool   `json:"compatible" doc:"neither is Manglik, or both are (the doshas cancel each other)"`
	Verdict    string `json:"verdict" doc:"neither_manglik, both_manglik (compatible: the doshas cancel each other), or person1_only / person2_only (not compatible)" enum:"neither_manglik,both_manglik,person1_only,person2_only"`
	Rule       string `json:"rule" doc:"the rule applied"`
}

// Matching is the result of the matching route.
type Matching struct {
	Person1    MatchMoon       `json:"person1" doc:"person1's Moon and its categories"`
	Person2    MatchMoon       `json:"person2" doc:"person2's Moon and its categories"`
	Groom      string          `json:"groom" doc:"who is the groom in the kootas" enum:"person1,person2"`
	Ashtakoota Ashtakoota      `json:"ashtakoota" doc:"the Guna Milan out of 36"`
	Manglik    ManglikMatch    `json:"manglik" doc:"the Manglik (Kuja) dosha of both charts and the verdict"`
	Ayanamsa   engine.Ayanamsa `json:"ayanamsa" doc:"the ayanamsa of the sidereal longitudes (lahiri by default; user for a user_ayanamsa)" enum:"-"`
	Warnings   []string        `json:"warnings,omitempty" doc:"notes on the calculation"`
	Source     engine.Source   `json:"source" doc:"ephemeris that produced the positions (the least precise used)" enum:"tables,swiss_ephemeris,moshier"`
}

// Match matches two rasi charts, person1's playing role1.
func Match(p1, p2 *Chart, role1 Role, o MatchOptions) *Matching {
	m1, k1 := moonOf(p1.d.lon[Moon], o.Varna)
	m2, k2 := moonOf(p2.d.lon[Moon], o.Varna)
	m1.Ayanamsa, m2.Ayanamsa = p1.Ayanamsa.Degrees, p2.Ayanamsa.Degrees
	r := &Matching{Person1: m1, Person2: m2, Groom: "person1", Ayanamsa: p1.Ayanamsa.Name, Source: p1.Source.Worse(p2.Source)}
	r.Warnings = append(append(r.Warnings, p1.Warnings...), p2.Warnings...)
	if role1 == Bride {
		r.Groom = "person2"
		r.Ashtakoota = ashtakoota(k2, k1, o)
	} else {
		r.Ashtakoota = ashtakoota(k1, k2, o)
	}
	r.Manglik = manglikMatch(p1.manglik(), p2.manglik(), o.ManglikIgnoresCancellations)
	return r
}

// AshtakootaOf scores two sidereal Moon longitudes, the groom's and the
// bride's (for callers who have only the Moons).
func AshtakootaOf(groom, bride float64, o MatchOptions) Ashtakoota {
	_, g := moonOf(groom, o.Varna)
	_, b := moonOf(bride, o.Varna)
	return ashtakoota(g, b, o)
}

func manglikMatch(d1, d2 Dosha, ignoreCancellations bool) ManglikMatch {
	m := ManglikMatch{Person1: d1, Person2: d2}
	m.Effective1 = d1.Present && (ignoreCancellations || !d1.Cancelled)
	m.Effective2 = d2.Present && (ignoreCancellations || !d2.Cancelled)
	switch {
	case !m.Effective1 && !m.Effective2:
		m.Verdict, m.Compatible = "neither_manglik", true
	case m.Effective1 && m.Effective2:
		m.Verdict, m.Compatible = "both_manglik", true
	case m.Effective1:
		m.Verdict = "person1_only"
	default:
		m.Verdict = "person2_only"
	}
	m.Rule = "a Manglik marries a Manglik: compatible when neither or both are Manglik (the doshas cancel each other), not when one alone is; a chart is Manglik when Mars is in the 1st, 2nd, 4th, 7th, 8th or 12th from the lagna, the Moon or Venus"
	if ignoreCancellations {
		m.Rule += ", whatever cancels it in the chart"
	} else {
		m.Rule += " and no cancellation of its own applies"
	}
	return m
}

// hasDup returns the first value named twice in v.
func hasDup[T comparable](v []T) (T, bool) {
	for i, x := range v {
		if slices.Contains(v[:i], x) {
			return x, true
		}
	}
	var zero T
	return zero, false
}
