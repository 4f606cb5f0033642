package vedic

import (
	"fmt"
	"slices"

	"github.com/astroapi/astroapi/engine"
)

// Dasa Porutham: the ten poruthams of the South Indian (Tamil) matching of
// two birth stars. Each porutham reads the Moons alone: their nakshatras
// (and the groom's pada), their signs and the signs' lords. Most count
// from the bride's star to the groom's, inclusive (the count is 1 when they
// share the star). The rules are those of the Tamil porutham manuals as
// the sources the tests cite state them (the "10 Porutham" notes of
// tirumanaporutham.blogspot.com for Dina, seithipunal.com for Stree
// Deergha, raajayogam.com for Rasi, neerkondar.blogspot.com for the
// ascending and descending Rajju; the gana, yoni and Vedha groups as the
// Ashtakoota tables and PyJHora give them); where the sources differ the
// alternative is a named option, and each porutham states in words the
// count or rule that decided it.

// Grade is how well a graded porutham agrees, in the manuals' three
// words.
type Grade string

// The grades.
const (
	Uttamam   Grade = "uttamam"   // the best agreement
	Madhyamam Grade = "madhyamam" // middling: agrees
	Adhamam   Grade = "adhamam"   // does not agree
)

// PoruthamException is a named exception that rescues a porutham the base
// rule fails.
type PoruthamException string

// The porutham exceptions.
const (
	// GanaRakshasaBrideBeyond14: a Rakshasa bride with a Deva or Manushya
	// groom whose star is beyond the 14th from hers agrees (madhyamam).
	GanaRakshasaBrideBeyond14 PoruthamException = "gana_rakshasa_bride_beyond_14"
	// RasiFriendlyLords: Moon signs 2/12 or 6/8 from each other whose lords
	// are the same or friends both ways agree (madhyamam).
	RasiFriendlyLords PoruthamException = "rasi_friendly_lords"
	// RajjuArohaAvaroha: two stars of the same rajju agree when one is in
	// its ascending (aroha) and the other in its descending (avaroha) run
	// (the Tamil almanacs' reading; the head rajju has no runs).
	RajjuArohaAvaroha PoruthamException = "rajju_aroha_avaroha"
)

// PoruthamExceptions lists every porutham exception.
func PoruthamExceptions() []PoruthamException {
	return []PoruthamException{GanaRakshasaBrideBeyond14, RasiFriendlyLords, RajjuArohaAvaroha}
}

// DefaultPoruthamExceptions are the exceptions applied when the request
// names none: the gana and rasi exceptions most manuals print; the
// ascending/descending rajju is the almanacs' minority reading.
func DefaultPoruthamExceptions() []PoruthamException {
	return []PoruthamException{GanaRakshasaBrideBeyond14, RasiFriendlyLords}
}

// EnumValues lists the porutham exceptions.
func (PoruthamException) EnumValues() []string { return enumStrings(PoruthamExceptions()) }

// StreeDeerghaRule is the count beyond which Stree Deergha agrees.
type StreeDeerghaRule string

// The Stree Deergha readings: the groom's star must lie beyond the 7th,
// 9th, 13th or 15th from the bride's.
const (
	StreeBeyond7  StreeDeerghaRule = "beyond_7"
	StreeBeyond9  StreeDeerghaRule = "beyond_9"
	StreeBeyond13 StreeDeerghaRule = "beyond_13"
	StreeBeyond15 StreeDeerghaRule = "beyond_15"
)

// EnumValues lists the Stree Deergha readings.
func (StreeDeerghaRule) EnumValues() []string {
	return []string{string(StreeBeyond7), string(StreeBeyond9), string(StreeBeyond13), string(StreeBeyond15)}
}

func (r StreeDeerghaRule) threshold() int {
	switch r {
	case StreeBeyond9:
		return 9
	case StreeBeyond13:
		return 13
	case StreeBeyond15:
		return 15
	}
	return 7
}

// DinaPartial is how Dina reads the 12th, 14th and 16th stars from the
// bride's.
type DinaPartial string

// The readings.
const (
	// DinaPartialMadhyamam: madhyamam but for the groom's pada 1 of the
	// 12th, pada 4 of the 14th and pada 3 of the 16th (the manuals' rule).
	DinaPartialMadhyamam DinaPartial = "madhyamam_but_one_pada"
	// DinaPartialAdhamam: the three counts never agree (as Prokerala's
	// documented answer reads the 14th).
	DinaPartialAdhamam DinaPartial = "adhamam"
)

// EnumValues lists the readings.
func (DinaPartial) EnumValues() []string {
	return []string{string(DinaPartialMadhyamam), string(DinaPartialAdhamam)}
}

// PoruthamOptions are the switches of the Dasa Porutham.
type PoruthamOptions struct {
	Exceptions   []PoruthamException // the exceptions applied (nil: none)
	StreeDeergha StreeDeerghaRule    // "" is StreeBeyond7
	DinaPartial  DinaPartial         // "" is DinaPartialMadhyamam
}

// PoruthamMoon is a Moon as the poruthams read it.
type PoruthamMoon struct {
	Longitude float64   `json:"longitude" doc:"sidereal longitude of the Moon (in the ayanamsa used), degrees 0-360"`
	Ayanamsa  float64   `json:"ayanamsa_degrees" doc:"the ayanamsa at the birth, degrees"`
	Sign      SignRef   `json:"sign" doc:"the Moon's sign (janma rasi) and its lord"`
	Nakshatra BirthStar `json:"nakshatra" doc:"the Moon's nakshatra (janma nakshatra) and pada"`
	Gana      string    `json:"gana" doc:"gana of the nakshatra" enum:"Deva,Manushya,Rakshasa"`
	Yoni      string    `json:"yoni" doc:"yoni (animal) of the nakshatra"`
	Rajju     string    `json:"rajju" doc:"rajju (body part) of the nakshatra" enum:"pada,kati,nabhi,kantha,siro"`
	RajjuRun  string    `json:"rajju_run" doc:"the nakshatra's run in its rajju: aroha (ascending) or avaroha (descending); none for the head (siro) rajju" enum:"aroha,avaroha,none"`
}

// Porutham is one porutham's finding.
type Porutham struct {
	Name      string `json:"name" doc:"the porutham" enum:"dina,gana,mahendra,stree_deergha,yoni,rasi,rasyadhipati,vasya,rajju,vedha"`
	Match     bool   `json:"match" doc:"the porutham agrees"`
	Grade     Grade  `json:"grade,omitempty" doc:"for the graded poruthams (dina, gana, stree_deergha, yoni, rasi, rasyadhipati): uttamam (best), madhyamam (agrees, middling) or adhamam (does not agree)" enum:"uttamam,madhyamam,adhamam"`
	Points    int    `json:"points" doc:"1 when it agrees, else 0: the total counts the poruthams that agree, out of 10"`
	Essential bool   `json:"essential" doc:"a failure disqualifies the match whatever the count (rajju and vedha)"`
	Groom     string `json:"groom" doc:"the groom's side of the rule (his star, count, sign, category)"`
	Bride     string `json:"bride" doc:"the bride's side of the rule"`
	Rule      string `json:"rule" doc:"the count or rule that decided it, in words"`
	Exception string `json:"exception,omitempty" doc:"the named exception that made it agree, when one did" enum:"gana_rakshasa_bride_beyond_14,rasi_friendly_lords,rajju_aroha_avaroha"`
}

// DasaPorutham is the ten poruthams of two Moons.
type DasaPorutham struct {
	Poruthams   []Porutham `json:"poruthams" doc:"the ten poruthams in the manuals' order: dina, gana, mahendra, stree_deergha, yoni, rasi, rasyadhipati, vasya, rajju, vedha"`
	Count       int        `json:"count_from_bride" doc:"the groom's star counted from the bride's, inclusive (1 = the same star, 27 = the star before hers): the count most poruthams read" minimum:"1" maximum:"27"`
	Total       int        `json:"total" doc:"the poruthams that agree, out of 10"`
	Max         int        `json:"max" doc:"10"`
	Failed      []string   `json:"essential_failed" doc:"the essential poruthams (rajju, vedha) that fail: any one disqualifies the match whatever the total"`
	Verdict     string     `json:"verdict" doc:"rejected when rajju or vedha fails; otherwise by the total: not_recommended below 5 (the usual minimum), average 5-6, good 7-8, excellent 9-10" enum:"rejected,not_recommended,average,good,excellent"`
	Recommended bool       `json:"recommended" doc:"no essential porutham fails and at least 5 of the 10 agree"`
}

// porutham tables, by nakshatra 0..26 (Ashwini .. Revati) or sign 0..11.
var (
	// rajjuOf is the rajju of each nakshatra (0 pada/foot, 1 kati/waist,
	// 2 nabhi/stomach, 3 kantha/neck, 4 siro/head): the stars run up the
	// body and down again, foot-waist-stomach-neck-head-neck-stomach-
	// waist-foot, three times.
	rajjuOf    = [27]int{0, 1, 2, 3, 4, 3, 2, 1, 0, 0, 1, 2, 3, 4, 3, 2, 1, 0, 0, 1, 2, 3, 4, 3, 2, 1, 0}
	rajjuNames = [5]string{"pada", "kati", "nabhi", "kantha", "siro"}
	// vedhaOf is the star each star pierces: the thirteen pairs of the
	// manuals (Ashwini-Jyeshtha, Bharani-Anuradha, Krittika-Vishakha,
	// Rohini-Swati, Ardra-Shravana, Punarvasu-Uttara Ashadha, Pushya-
	// Purva Ashadha, Ashlesha-Mula, Magha-Revati, Purva Phalguni-Uttara
	// Bhadrapada, Uttara Phalguni-Purva Bhadrapada, Hasta-Shatabhisha) and
	// the triangle Mrigashira-Chitra-Dhanishta, whose three stars pierce
	// each other; -1 none.
	vedhaOf = [27][2]int{
		{17, -1}, {16, -1}, {15, -1}, {14, -1}, {13, 22}, {21, -1}, {20, -1}, {19, -1}, {18, -1},
		{26, -1}, {25, -1}, {24, -1}, {23, -1}, {4, 22}, {3, -1}, {2, -1}, {1, -1}, {0, -1},
		{8, -1}, {7, -1}, {6, -1}, {5, -1}, {4, 13}, {12, -1}, {11, -1}, {10, -1}, {9, -1},
	}
	// vasyaOf lists the signs vasya (subject) to each sign, as the Tamil
	// tables print them (and PyJHora's vasiya table): Aries Leo and
	// Scorpio, Taurus Cancer and Libra, Gemini Virgo, Cancer Scorpio and
	// Sagittarius, Leo Libra, Virgo Gemini and Pisces, Libra Virgo and
	// Capricorn, Scorpio Cancer, Sagittarius Pisces, Capricorn Aries and
	// Aquarius, Aquarius Aries, Pisces Capricorn.
	vasyaOf = [12][]int{{4, 7}, {3, 6}, {5}, {7, 8}, {6}, {2, 11}, {5, 9}, {3}, {11}, {0, 10}, {0}, {9}}
	// dinaSameStar grades the same star for both: uttamam for Rohini,
	// Ardra, Pushya, Magha, Hasta and Shravana; madhyamam for Ashwini,
	// Bharani, Krittika, Mrigashira, Punarvasu, Uttara Phalguni, Chitra and
	// Anuradha; the other thirteen do not agree.
	dinaUttamaSame   = []int{3, 5, 7, 9, 12, 21}
	dinaMadhyamaSame = []int{0, 1, 2, 4, 6, 11, 13, 16}
	// dinaGood are the counts from the bride's star to the groom's that
	// give Dina (uttamam).
	dinaGood = []int{2, 4, 6, 8, 9, 11, 13, 15, 18, 20, 24, 26}
	// mahendraCounts are the counts that give Mahendra.
	mahendraCounts = []int{4, 7, 10, 13, 16, 19, 22, 25}
)

// rajjuRun is the run of a star in its rajju: 1 ascending (aroha: the
// stars counted up the body, Ashwini to Mrigashira and again from Magha
// and Mula), -1 descending, 0 for the head.
func rajjuRun(n int) int {
	switch k := n % 9; {
	case k == 4:
		return 0
	case k < 4:
		return 1
	}
	return -1
}

var runNames = map[int]string{1: "aroha", -1: "avaroha", 0: "none"}

// poruthamMoon reads a sidereal Moon longitude.
func poruthamMoon(lon float64) (PoruthamMoon, moonKey) {
	lon = engine.Normalize(lon)
	n, pada, _ := nakshatraIndex(lon)
	s := signOf(lon)
	nk, num := NakshatraOf(lon)
	return PoruthamMoon{Longitude: lon, Sign: signRef(s), Nakshatra: BirthStar{Nakshatra: nk, Number: num},
			Gana: ganaNames[ganaOf[n]], Yoni: yoniNames[yoniOf[n]], Rajju: rajjuNames[rajjuOf[n]], RajjuRun: runNames[rajjuRun(n)]},
		moonKey{lon: lon, nak: n, pada: pada, sign: s}
}

func starName(n int) string { return nakshatras[n].name }

// poruthams scores the ten poruthams of a groom's and a bride's Moons.
func poruthams(g, b moonKey, o PoruthamOptions) DasaPorutham {
	has := func(e PoruthamException) bool { return slices.Contains(o.Exceptions, e) }
	count := countFrom(b.nak, g.nak, 27)
	signCount := countFrom(b.sign, g.sign, 12)
	gs, bs := engine.Signs[g.sign], engine.Signs[b.sign]
	gStar, bStar := starName(g.nak), starName(b.nak)
	counted := fmt.Sprintf("the groom's star %s is the %s from the bride's %s", gStar, ordinal(count), bStar)
	var ps []Porutham

	// Dina.
	p := Porutham{Name: "dina", Groom: fmt.Sprintf("%s pada %d", gStar, g.pada), Bride: bStar}
	switch {
	case count == 1 && slices.Contains(dinaUttamaSame, g.nak):
		p.Grade, p.Rule = Uttamam, "both are born in "+gStar+", one of the six stars (Rohini, Ardra, Pushya, Magha, Hasta, Shravana) that agree best when shared"
	case count == 1 && slices.Contains(dinaMadhyamaSame, g.nak):
		p.Grade, p.Rule = Madhyamam, "both are born in "+gStar+", one of the eight stars (Ashwini, Bharani, Krittika, Mrigashira, Punarvasu, Uttara Phalguni, Chitra, Anuradha) that agree, middling, when shared"
	case count == 1:
		p.Grade, p.Rule = Adhamam, "both are born in "+gStar+", one of the thirteen stars that do not agree when shared"
	case signCount == 8:
		p.Grade, p.Rule = Adhamam, fmt.Sprintf("%s; but the groom's sign %s is the 8th from the bride's %s (ashtama rasi), whose stars never give Dina", counted, gs, bs)
	case slices.Contains(dinaGood, count):
		p.Grade, p.Rule = Uttamam, counted+": one of the counts 2, 4, 6, 8, 9, 11, 13, 15, 18, 20, 24, 26"
	case (count == 12 || count == 14 || count == 16) && o.DinaPartial == DinaPartialAdhamam:
		p.Grade, p.Rule = Adhamam, counted+": the 12th, 14th and 16th do not agree (dina_12_14_16 adhamam)"
	case count == 12 && g.pada != 1, count == 14 && g.pada != 4, count == 16 && g.pada != 3:
		p.Grade, p.Rule = Madhyamam, fmt.Sprintf("%s, pada %d: the 12th, 14th and 16th stars agree, middling, but for pada 1, 4 and 3 of them respectively", counted, g.pada)
	case count == 27 && g.sign == b.sign:
		p.Grade, p.Rule = Madhyamam, counted+" (the star before hers) in the same sign "+gs+": the groom's star precedes the bride's in one sign, which agrees"
	case count == 7:
		p.Grade, p.Rule = Adhamam, counted+" (vadham; she is the 22nd from him, vainasika): it does not agree"
	default:
		p.Grade, p.Rule = Adhamam, counted+": not one of the counts that agree (2, 4, 6, 8, 9, 11, 13, 15, 18, 20, 24, 26; 12, 14, 16 but for one pada; 27 in the same sign)"
	}
	ps = append(ps, p)

	// Gana.
	gg, bg := ganaOf[g.nak], ganaOf[b.nak]
	p = Porutham{Name: "gana", Groom: ganaNames[gg], Bride: ganaNames[bg]}
	pair := fmt.Sprintf("a %s groom (%s) with a %s bride (%s)", ganaNames[gg], gStar, ganaNames[bg], bStar)
	switch {
	case gg == bg:
		p.Grade, p.Rule = Uttamam, pair+": the same gana"
	case gg != 2 && bg != 2:
		p.Grade, p.Rule = Madhyamam, pair+": Deva and Manushya agree, middling"
	case bg == 2 && has(GanaRakshasaBrideBeyond14) && count > 14:
		p.Grade, p.Exception = Madhyamam, string(GanaRakshasaBrideBeyond14)
		p.Rule = fmt.Sprintf("%s: a Rakshasa bride does not agree with another gana, but %s, beyond the 14th", pair, counted)
	case bg == 2:
		p.Grade, p.Rule = Adhamam, pair+": a Rakshasa bride does not agree with another gana"
	default:
		p.Grade, p.Rule = Adhamam, pair+": a Rakshasa groom does not agree with another gana"
	}
	ps = append(ps, p)

	// Mahendra.
	p = Porutham{Name: "mahendra", Groom: gStar, Bride: bStar, Match: slices.Contains(mahendraCounts, count)}
	if p.Match {
		p.Rule = counted + ": one of the 4th, 7th, 10th, 13th, 16th, 19th, 22nd and 25th, on which Mahendra agrees"
	} else {
		p.Rule = counted + ": not one of the 4th, 7th, 10th, 13th, 16th, 19th, 22nd and 25th, on which Mahendra agrees"
	}
	ps = append(ps, p)

	// Stree Deergha.
	sd := o.StreeDeergha
	if sd == "" {
		sd = StreeBeyond7
	}
	th := sd.threshold()
	p = Porutham{Name: "stree_deergha", Groom: gStar, Bride: bStar, Match: count > th}
	switch {
	case p.Match && count > 13:
		p.Grade = Uttamam
	case p.Match:
		p.Grade = Madhyamam
	default:
		p.Grade = Adhamam
	}
	p.Rule = fmt.Sprintf("%s: Stree Deergha agrees beyond the %s (%s), best beyond the 13th", counted, ordinal(th), sd)
	ps = append(ps, p)

	// Yoni.
	gy, by := yoniOf[g.nak], yoniOf[b.nak]
	p = Porutham{Name: "yoni", Groom: yoniNames[gy], Bride: yoniNames[by]}
	switch {
	case gy == by:
		p.Grade, p.Rule = Uttamam, "the same yoni, "+yoniNames[gy]
	case yoniPoints[gy][by] == 0:
		p.Grade, p.Rule = Adhamam, fmt.Sprintf("%s and %s are sworn enemies (horse-buffalo, elephant-lion, sheep-monkey, serpent-mongoose, dog-deer, cat-rat, cow-tiger)", yoniNames[gy], yoniNames[by])
	default:
		p.Grade, p.Rule = Madhyamam, fmt.Sprintf("%s and %s: different yonis, not sworn enemies", yoniNames[gy], yoniNames[by])
	}
	ps = append(ps, p)

	// Rasi.
	p = Porutham{Name: "rasi", Groom: gs, Bride: bs}
	rc := fmt.Sprintf("the groom's sign %s is the %s from the bride's %s", gs, ordinal(signCount), bs)
	gl, bl := signLord[g.sign], signLord[b.sign]
	switch signCount {
	case 7:
		if pr := [2]int{min(g.sign, b.sign), max(g.sign, b.sign)}; pr == [2]int{3, 9} || pr == [2]int{4, 10} {
			p.Grade, p.Rule = Adhamam, rc+" (sama saptama), but Cancer-Capricorn and Leo-Aquarius are the two opposite pairs that do not agree"
		} else {
			p.Grade, p.Rule = Uttamam, rc+" (sama saptama): the best"
		}
	case 1:
		p.Grade, p.Rule = Madhyamam, "both Moons in "+gs+" (eka rasi): agrees, middling"
	case 2, 12, 6, 8:
		name := map[int]string{2: "2/12", 12: "2/12", 6: "6/8", 8: "6/8"}[signCount]
		if has(RasiFriendlyLords) && friendly(gl, bl) {
			p.Grade, p.Exception = Madhyamam, string(RasiFriendlyLords)
			p.Rule = fmt.Sprintf("%s: the signs are %s from each other, which does not agree, but their lords %s and %s are the same or friends both ways", rc, name, gl, bl)
		} else {
			p.Grade, p.Rule = Adhamam, fmt.Sprintf("%s: the signs are %s from each other (the 2nd, 6th, 8th or 12th: hidden places), which does not agree", rc, name)
		}
	default:
		p.Grade, p.Rule = Madhyamam, rc+": the 3rd, 4th, 5th, 9th, 10th and 11th agree"
	}
	ps = append(ps, p)

	// Rasyadhipati.
	p = Porutham{Name: "rasyadhipati", Groom: gl.String(), Bride: bl.String()}
	lords := fmt.Sprintf("the sign lords %s (groom) and %s (bride)", gl, bl)
	ab, ba := natural[gl][bl], natural[bl][gl]
	switch {
	case gl == bl:
		p.Grade, p.Rule = Uttamam, lords+": the same lord"
	case ab == Friend && ba == Friend:
		p.Grade, p.Rule = Uttamam, lords+": friends both ways (natural friendship, BPHS ch. 3)"
	case ab == Enemy || ba == Enemy:
		p.Grade, p.Rule = Adhamam, lords+": an enemy at least one way (natural friendship, BPHS ch. 3)"
	default:
		p.Grade, p.Rule = Madhyamam, lords+": neutral at least one way, no enmity (natural friendship, BPHS ch. 3)"
	}
	ps = append(ps, p)

	// Vasya.
	p = Porutham{Name: "vasya", Groom: gs, Bride: bs, Match: slices.Contains(vasyaOf[b.sign], g.sign)}
	p.Rule = fmt.Sprintf("the signs vasya to the bride's %s are %s; the groom's is %s", bs, signList(vasyaOf[b.sign]), gs)
	ps = append(ps, p)

	// Rajju.
	gr, br := rajjuOf[g.nak], rajjuOf[b.nak]
	p = Porutham{Name: "rajju", Essential: true, Groom: gStar + " (" + rajjuNames[gr] + " rajju, " + runNames[rajjuRun(g.nak)] + ")",
		Bride: bStar + " (" + rajjuNames[br] + " rajju, " + runNames[rajjuRun(b.nak)] + ")"}
	switch {
	case gr != br:
		p.Match, p.Rule = true, fmt.Sprintf("different rajjus (%s, %s)", rajjuNames[gr], rajjuNames[br])
	case has(RajjuArohaAvaroha) && rajjuRun(g.nak)*rajjuRun(b.nak) == -1:
		p.Match, p.Exception = true, string(RajjuArohaAvaroha)
		p.Rule = fmt.Sprintf("both in the %s rajju, but one ascending (aroha) and one descending (avaroha), which agrees", rajjuNames[gr])
	default:
		p.Rule = fmt.Sprintf("both in the %s rajju: rajju dosha", rajjuNames[gr])
	}
	ps = append(ps, p)

	// Vedha.
	p = Porutham{Name: "vedha", Essential: true, Groom: gStar, Bride: bStar, Match: vedhaOf[g.nak][0] != b.nak && vedhaOf[g.nak][1] != b.nak}
	if p.Match {
		p.Rule = gStar + " and " + bStar + " do not pierce each other"
	} else {
		p.Rule = gStar + " and " + bStar + " pierce each other (vedha)"
	}
	ps = append(ps, p)

	r := DasaPorutham{Poruthams: ps, Count: count, Max: 10, Failed: []string{}}
	for i := range r.Poruthams {
		p := &r.Poruthams[i]
		if p.Grade != "" {
			p.Match = p.Grade != Adhamam
		}
		if p.Match {
			p.Points = 1
			r.Total++
		} else if p.Essential {
			r.Failed = append(r.Failed, p.Name)
		}
	}
	switch {
	case len(r.Failed) > 0:
		r.Verdict = "rejected"
	case r.Total < 5:
		r.Verdict = "not_recommended"
	case r.Total <= 6:
		r.Verdict = "average"
	case r.Total <= 8:
		r.Verdict = "good"
	default:
		r.Verdict = "excellent"
	}
	r.Recommended = len(r.Failed) == 0 && r.Total >= 5
	return r
}

func signList(s []int) string {
	if len(s) == 1 {
		return engine.Signs[s[0]]
	}
	return engine.Signs[s[0]] + " and " + engine.Signs[s[1]]
}

// PoruthamOf scores the ten poruthams of two sidereal Moon longitudes, the
// groom's and the bride's (for callers who have only the Moons).
func PoruthamOf(groom, bride float64, o PoruthamOptions) DasaPorutham {
	_, g := poruthamMoon(groom)
	_, b := poruthamMoon(bride)
	return poruthams(g, b, o)
}

// PoruthamMatching is the result of the porutham route.
type PoruthamMatching struct {
	Person1  PoruthamMoon    `json:"person1" doc:"person1's Moon and its categories"`
	Person2  PoruthamMoon    `json:"person2" doc:"person2's Moon and its categories"`
	Groom    string          `json:"groom" doc:"who is the groom in the counts" enum:"person1,person2"`
	Porutham DasaPorutham    `json:"porutham" doc:"the ten poruthams and the verdict"`
	Ayanamsa engine.Ayanamsa `json:"ayanamsa" doc:"the ayanamsa of the sidereal longitudes (lahiri by default; user for a user_ayanamsa)" enum:"-"`
	Warnings []string        `json:"warnings,omitempty" doc:"notes on the calculation"`
	Source   engine.Source   `json:"source" doc:"ephemeris that produced the Moons (the least precise used)" enum:"tables,swiss_ephemeris,moshier"`
}
