package vedic

import (
	"fmt"
	"strings"

	"github.com/astroapi/astroapi/engine"
)

// YogaFamily groups the yogas.
type YogaFamily string

// The families of yogas detected.
const (
	FamilyMahapurusha  YogaFamily = "pancha_mahapurusha"
	FamilyChandra      YogaFamily = "chandra"
	FamilySurya        YogaFamily = "surya"
	FamilyNabhasa      YogaFamily = "nabhasa"
	FamilyRaja         YogaFamily = "raja"
	FamilyDhana        YogaFamily = "dhana"
	FamilyViparita     YogaFamily = "viparita_raja"
	FamilyNeechaBhanga YogaFamily = "neecha_bhanga"
	FamilyParivartana  YogaFamily = "parivartana"
	FamilyOther        YogaFamily = "other"
)

// EnumValues lists the families.
func (YogaFamily) EnumValues() []string {
	return []string{"pancha_mahapurusha", "chandra", "surya", "nabhasa", "raja", "dhana", "viparita_raja", "neecha_bhanga", "parivartana", "other"}
}

// Yoga is one yoga present in a chart.
type Yoga struct {
	Name          string     `json:"name" doc:"name of the yoga" example:"Gaja Kesari"`
	Family        YogaFamily `json:"family" enum:"pancha_mahapurusha,chandra,surya,nabhasa,raja,dhana,viparita_raja,neecha_bhanga,parivartana,other" doc:"family of the yoga"`
	Rule          string     `json:"rule" doc:"the rule that fired, with its source"`
	Planets       []string   `json:"planets" doc:"grahas that form it"`
	Detail        string     `json:"detail" doc:"how the rule is met in this chart"`
	Cancellations []string   `json:"cancellations,omitempty" doc:"classical cancellations present (for the inauspicious Kemadruma and Shakata yogas)"`
	Cancelled     bool       `json:"cancelled" doc:"true when a cancellation applies"`
}

// YogaInfo describes one yoga the detector knows.
type YogaInfo struct {
	Name   string     `json:"name" doc:"name of the yoga"`
	Family YogaFamily `json:"family" doc:"family of the yoga"`
	Rule   string     `json:"rule" doc:"the rule and its source"`
}

// YogaResult is the result of the yoga route.
type YogaResult struct {
	Yogas       []Yoga        `json:"yogas" doc:"yogas present, in catalogue order; a yoga formed by several pairs (raja, dhana) appears once per pair"`
	Count       int           `json:"count" doc:"number of entries in yogas"`
	Checked     int           `json:"checked" doc:"number of yogas the detector checks (YogaCatalog)"`
	Ayanamsa    AyanamsaValue `json:"ayanamsa" doc:"the ayanamsa used and the one requested"`
	Warnings    []string      `json:"warnings,omitempty" doc:"notes on the options"`
	Conventions string        `json:"conventions" doc:"the reckoning the rules share"`
}

// hit is one occurrence of a yoga.
type hit struct {
	planets       []Graha
	detail        string
	cancellations []string
}

type yogaDef struct {
	name   string
	family YogaFamily
	rule   string
	find   func(y *yogaCtx) []hit
}

// yogaCtx holds a chart's signs for the rules.
type yogaCtx struct {
	c     *Chart
	sign  [numGrahas]int
	asc   int
	elong float64
}

func (y *yogaCtx) house(g Graha) int         { return houseFrom(y.asc, y.sign[g]) }
func (y *yogaCtx) from(ref int, g Graha) int { return houseFrom(ref, y.sign[g]) }
func (y *yogaCtx) lord(h int) Graha          { return signLord[mod12(y.asc+h-1)] }
func (y *yogaCtx) signName(g Graha) string   { return engine.Signs[y.sign[g]] }

// aspects reports whether a casts a full graha drishti (BPHS ch. 26) on
// sign s: every graha the 7th; Mars also the 4th and 8th, Jupiter the 5th
// and 9th, Saturn the 3rd and 10th; the nodes the 7th only.
func (y *yogaCtx) aspects(a Graha, s int) bool {
	switch houseFrom(y.sign[a], s) {
	case 7:
		return true
	case 4, 8:
		return a == Mars
	case 5, 9:
		return a == Jupiter
	case 3, 10:
		return a == Saturn
	}
	return false
}

// associated reports whether a and b are connected by conjunction (same
// sign), mutual aspect or exchange of signs (the sambandha of BPHS ch. 39-41), and how.
func (y *yogaCtx) associated(a, b Graha) (bool, string) {
	switch {
	case a == b:
		return false, ""
	case y.sign[a] == y.sign[b]:
		return true, "together in " + y.signName(a)
	case signLord[y.sign[a]] == b && signLord[y.sign[b]] == a:
		return true, "exchange of signs (" + a.String() + " in " + y.signName(a) + ", " + b.String() + " in " + y.signName(b) + ")"
	case y.aspects(a, y.sign[b]) && y.aspects(b, y.sign[a]):
		return true, "mutual aspect (" + a.String() + " in " + y.signName(a) + ", " + b.String() + " in " + y.signName(b) + ")"
	}
	return false, ""
}

func (y *yogaCtx) ownOrExalted(g Graha) bool {
	if y.sign[g] == signOf(exaltation[g]) {
		return true
	}
	for _, s := range ownSigns[g] {
		if s == y.sign[g] {
			return true
		}
	}
	return false
}

func isKendra(h int) bool   { return h == 1 || h == 4 || h == 7 || h == 10 }
func isTrikona(h int) bool  { return h == 1 || h == 5 || h == 9 }
func isDusthana(h int) bool { return h == 6 || h == 8 || h == 12 }

// the five "tara" grahas that form the lunar and solar yogas.
var taras = [5]Graha{Mars, Mercury, Jupiter, Venus, Saturn}

var naturalBenefics = [3]Graha{Mercury, Jupiter, Venus}
var naturalMalefics = [3]Graha{Sun, Mars, Saturn}

func names(gs []Graha) []string {
	out := make([]string, len(gs))
	for i, g := range gs {
		out[i] = g.String()
	}
	return out
}

func (y *yogaCtx) describe(gs []Graha, ref string) string {
	parts := make([]string, len(gs))
	for i, g := range gs {
		parts[i] = fmt.Sprintf("%s in %s (house %d)", g, y.signName(g), y.house(g))
	}
	if ref != "" {
		return strings.Join(parts, ", ") + "; " + ref
	}
	return strings.Join(parts, ", ")
}

// inHouseFrom lists the taras in the n-th house from sign ref.
func (y *yogaCtx) inHouseFrom(ref, n int, set []Graha) []Graha {
	var out []Graha
	for _, g := range set {
		if houseFrom(ref, y.sign[g]) == n {
			out = append(out, g)
		}
	}
	return out
}

func mahapurusha(name string, g Graha) yogaDef {
	return yogaDef{name, FamilyMahapurusha, g.String() + " in its own or exaltation sign in a kendra (1st, 4th, 7th, 10th) from the lagna (BPHS ch. 75)",
		func(y *yogaCtx) []hit {
			if y.ownOrExalted(g) && isKendra(y.house(g)) {
				return []hit{{planets: []Graha{g}, detail: y.describe([]Graha{g}, "")}}
			}
			return nil
		}}
}

// kemadrumaCancellations lists the classical cancellations of Kemadruma
// present (Phaladeepika ch. 6): a graha in a kendra from the
// lagna, or a tara in a kendra from the Moon, or the Moon conjunct a tara.
func (y *yogaCtx) kemadrumaCancellations() []string {
	var out []string
	for _, g := range Seven {
		if g != Moon && isKendra(y.house(g)) {
			out = append(out, fmt.Sprintf("%s in a kendra from the lagna (house %d)", g, y.house(g)))
			break
		}
	}
	for _, g := range taras {
		if h := y.from(y.sign[Moon], g); isKendra(h) && h != 1 {
			out = append(out, fmt.Sprintf("%s in a kendra from the Moon (%d)", g, h))
			break
		}
	}
	for _, g := range taras {
		if y.sign[g] == y.sign[Moon] {
			out = append(out, g.String()+" with the Moon")
			break
		}
	}
	return out
}

// nabhasaSeven are the grahas of the Nabhasa yogas: Sun to Saturn.
func (y *yogaCtx) housesOfSeven() (hs [7]int, occupied map[int]bool) {
	occupied = map[int]bool{}
	for i, g := range Seven {
		hs[i] = y.house(g)
		occupied[hs[i]] = true
	}
	return hs, occupied
}

// allIn reports whether the seven occupy only the houses listed.
func (y *yogaCtx) allIn(houses ...int) bool {
	hs, _ := y.housesOfSeven()
	for _, h := range hs {
		found := false
		for _, x := range houses {
			if h == x {
				found = true
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// fills reports whether the seven occupy exactly the houses listed, each at
// least once.
func (y *yogaCtx) fills(houses ...int) bool {
	if !y.allIn(houses...) {
		return false
	}
	_, occ := y.housesOfSeven()
	for _, h := range houses {
		if !occ[h] {
			return false
		}
	}
	return true
}

func nabhasa(name, rule string, test func(y *yogaCtx) bool) yogaDef {
	return yogaDef{name, FamilyNabhasa, rule + " (BPHS 35)", func(y *yogaCtx) []hit {
		if test(y) {
			return []hit{{planets: Seven[:], detail: y.describe(Seven[:], "")}}
		}
		return nil
	}}
}

func consecutive(from, n int) []int {
	out := make([]int, n)
	for i := range n {
		out[i] = (from+i-1)%12 + 1
	}
	return out
}

func signsOfQuality(y *yogaCtx, q int) bool {
	for _, g := range Seven {
		if y.sign[g]%3 != q {
			return false
		}
	}
	return true
}

// threeKendras reports whether the three grahas occupy three different
// kendras from the lagna.
func (y *yogaCtx) threeKendras(gs [3]Graha) bool {
	seen := map[int]bool{}
	for _, g := range gs {
		h := y.house(g)
		if !isKendra(h) {
			return false
		}
		seen[h] = true
	}
	return len(seen) == 3
}

var sankhyaNames = [8]string{1: "Gola", 2: "Yuga", 3: "Shula", 4: "Kedara", 5: "Pasha", 6: "Damini", 7: "Vallaki"}

func sankhya(n int) yogaDef {
	return yogaDef{sankhyaNames[n] + " (Sankhya)", FamilyNabhasa,
		fmt.Sprintf("the seven grahas occupy exactly %d sign(s), and no other Nabhasa yoga (Ashraya, Dala, Akriti) is present (BPHS ch. 35)", n),
		func(y *yogaCtx) []hit {
			occ := map[int]bool{}
			for _, g := range Seven {
				occ[y.sign[g]] = true
			}
			if len(occ) != n || y.otherNabhasa() {
				return nil
			}
			return []hit{{planets: Seven[:], detail: fmt.Sprintf("%d signs occupied", n)}}
		}}
}

// otherNabhasa reports whether an Ashraya, Dala or Akriti yoga is present.
func (y *yogaCtx) otherNabhasa() bool {
	for _, d := range yogaDefs {
		if d.family == FamilyNabhasa && !strings.HasSuffix(d.name, "(Sankhya)") && len(d.find(y)) > 0 {
			return true
		}
	}
	return false
}

// lordsPairs returns the associated pairs of distinct lords, one from the
// houses a and one from the houses b.
func (y *yogaCtx) lordsPairs(a, b []int) []hit {
	var out []hit
	seen := map[[2]Graha]bool{}
	for _, ha := range a {
		for _, hb := range b {
			la, lb := y.lord(ha), y.lord(hb)
			if la == lb {
				continue
			}
			key := [2]Graha{min(la, lb), max(la, lb)}
			if seen[key] {
				continue
			}
			if ok, how := y.associated(la, lb); ok {
				seen[key] = true
				out = append(out, hit{planets: []Graha{la, lb}, detail: fmt.Sprintf("%s (lord of %s) and %s (lord of %s): %s",
					la, y.lordOf(la), lb, y.lordOf(lb), how)})
			}
		}
	}
	return out
}

// lordOf lists the houses g rules, e.g. "4 and 9".
func (y *yogaCtx) lordOf(g Graha) string {
	var hs []string
	for h := 1; h <= 12; h++ {
		if y.lord(h) == g {
			hs = append(hs, fmt.Sprint(h))
		}
	}
	return strings.Join(hs, " and ")
}

func viparita(name string, house int) yogaDef {
	return yogaDef{name, FamilyViparita, fmt.Sprintf("the lord of the %s house in the 6th, 8th or 12th (Uttara Kalamrita ch. 4)", ordinal(house)),
		func(y *yogaCtx) []hit {
			l := y.lord(house)
			if isDusthana(y.house(l)) {
				return []hit{{planets: []Graha{l}, detail: fmt.Sprintf("%s, lord of the %s, in house %d", l, ordinal(house), y.house(l))}}
			}
			return nil
		}}
}

func ordinal(n int) string {
	switch n {
	case 1:
		return "1st"
	case 2:
		return "2nd"
	case 3:
		return "3rd"
	}
	return fmt.Sprintf("%dth", n)
}

func parivartana(name, which string, test func(a, b int) bool) yogaDef {
	return yogaDef{name, FamilyParivartana, "two grahas in each other's signs, " + which + " (Phaladeepika ch. 6)",
		func(y *yogaCtx) []hit {
			var out []hit
			for i, a := range Seven {
				for _, b := range Seven[i+1:] {
					if signLord[y.sign[a]] == b && signLord[y.sign[b]] == a && test(y.house(a), y.house(b)) {
						out = append(out, hit{planets: []Graha{a, b}, detail: y.describe([]Graha{a, b}, "")})
					}
				}
			}
			return out
		}}
}

// neechaBhanga lists, for each debilitated graha, the cancellations present
// (Phaladeepika ch. 7): the lord of its debilitation sign or of
// its exaltation sign, or the graha exalted in its debilitation sign, in a
// kendra from the lagna or the Moon; the lord of the debilitation sign
// aspecting it; the graha exalted in navamsa.
func (y *yogaCtx) neechaBhanga() []hit {
	var out []hit
	moon := y.sign[Moon]
	kendraFromEither := func(g Graha) string {
		switch {
		case isKendra(y.house(g)):
			return fmt.Sprintf("in a kendra from the lagna (house %d)", y.house(g))
		case isKendra(y.from(moon, g)):
			return fmt.Sprintf("in a kendra from the Moon (%d)", y.from(moon, g))
		}
		return ""
	}
	for _, g := range Seven {
		deb := mod12(signOf(exaltation[g]) + 6)
		if y.sign[g] != deb {
			continue
		}
		var why []string
		debLord := signLord[deb]
		exLord := signLord[signOf(exaltation[g])]
		if k := kendraFromEither(debLord); k != "" && debLord != g {
			why = append(why, fmt.Sprintf("%s, lord of the debilitation sign, %s", debLord, k))
		}
		if k := kendraFromEither(exLord); k != "" && exLord != g {
			why = append(why, fmt.Sprintf("%s, lord of the exaltation sign, %s", exLord, k))
		}
		for _, h := range Seven {
			if h != g && signOf(exaltation[h]) == deb {
				if k := kendraFromEither(h); k != "" {
					why = append(why, fmt.Sprintf("%s, exalted in %s, %s", h, engine.Signs[deb], k))
				}
			}
		}
		if debLord != g && y.aspects(debLord, y.sign[g]) {
			why = append(why, fmt.Sprintf("%s, lord of the debilitation sign, aspects it", debLord))
		}
		if nav, _ := vargaSign(9, y.c.d.lon[g]); nav == signOf(exaltation[g]) {
			why = append(why, "exalted in navamsa")
		}
		if len(why) > 0 {
			out = append(out, hit{planets: []Graha{g}, detail: fmt.Sprintf("%s debilitated in %s; cancelled by: %s", g, engine.Signs[deb], strings.Join(why, "; "))})
		}
	}
	return out
}

// yogaDefs is the catalogue, in the order results list them. Its size is
// the "checked" count of every result; YogaCatalog lists it for the
// documentation.
var yogaDefs []yogaDef

func init() {
	yogaDefs = []yogaDef{
		mahapurusha("Ruchaka", Mars),
		mahapurusha("Bhadra", Mercury),
		mahapurusha("Hamsa", Jupiter),
		mahapurusha("Malavya", Venus),
		mahapurusha("Sasa", Saturn),

		{"Gaja Kesari", FamilyChandra, "Jupiter in a kendra (1st, 4th, 7th, 10th) from the Moon (BPHS ch. 36; Phaladeepika ch. 6)", func(y *yogaCtx) []hit {
			if h := y.from(y.sign[Moon], Jupiter); isKendra(h) {
				return []hit{{planets: []Graha{Jupiter, Moon}, detail: fmt.Sprintf("Jupiter %s from the Moon", ordinal(h))}}
			}
			return nil
		}},
		{"Sunapha", FamilyChandra, "one or more of Mars, Mercury, Jupiter, Venus, Saturn in the 2nd from the Moon and none in the 12th (BPHS ch. 37; Phaladeepika ch. 6)", func(y *yogaCtx) []hit {
			second, twelfth := y.inHouseFrom(y.sign[Moon], 2, taras[:]), y.inHouseFrom(y.sign[Moon], 12, taras[:])
			if len(second) > 0 && len(twelfth) == 0 {
				return []hit{{planets: append([]Graha{Moon}, second...), detail: y.describe(second, "2nd from the Moon")}}
			}
			return nil
		}},
		{"Anapha", FamilyChandra, "one or more of Mars, Mercury, Jupiter, Venus, Saturn in the 12th from the Moon and none in the 2nd (BPHS ch. 37; Phaladeepika ch. 6)", func(y *yogaCtx) []hit {
			second, twelfth := y.inHouseFrom(y.sign[Moon], 2, taras[:]), y.inHouseFrom(y.sign[Moon], 12, taras[:])
			if len(twelfth) > 0 && len(second) == 0 {
				return []hit{{planets: append([]Graha{Moon}, twelfth...), detail: y.describe(twelfth, "12th from the Moon")}}
			}
			return nil
		}},
		{"Durudhara", FamilyChandra, "Mars, Mercury, Jupiter, Venus or Saturn both in the 2nd and in the 12th from the Moon (BPHS ch. 37; Phaladeepika ch. 6)", func(y *yogaCtx) []hit {
			second, twelfth := y.inHouseFrom(y.sign[Moon], 2, taras[:]), y.inHouseFrom(y.sign[Moon], 12, taras[:])
			if len(second) > 0 && len(twelfth) > 0 {
				gs := append(append([]Graha{Moon}, second...), twelfth...)
				return []hit{{planets: gs, detail: y.describe(gs[1:], "2nd and 12th from the Moon")}}
			}
			return nil
		}},
		{"Kemadruma", FamilyChandra, "none of Mars, Mercury, Jupiter, Venus, Saturn in the 2nd or 12th from the Moon (BPHS ch. 37; Phaladeepika ch. 6); cancelled by a graha in a kendra from the lagna, a tara in a kendra from the Moon, or a tara with the Moon", func(y *yogaCtx) []hit {
			second, twelfth := y.inHouseFrom(y.sign[Moon], 2, taras[:]), y.inHouseFrom(y.sign[Moon], 12, taras[:])
			if len(second) == 0 && len(twelfth) == 0 {
				return []hit{{planets: []Graha{Moon}, detail: "the 2nd and 12th from the Moon (" + engine.Signs[y.sign[Moon]] + ") hold none of the five", cancellations: y.kemadrumaCancellations()}}
			}
			return nil
		}},
		{"Chandra-Mangala", FamilyChandra, "the Moon and Mars in the same sign (Phaladeepika ch. 6)", func(y *yogaCtx) []hit {
			if y.sign[Moon] == y.sign[Mars] {
				return []hit{{planets: []Graha{Moon, Mars}, detail: "together in " + y.signName(Moon)}}
			}
			return nil
		}},
		{"Adhi", FamilyChandra, "two or more of the natural benefics Mercury, Jupiter, Venus in the 6th, 7th or 8th from the Moon (BPHS ch. 37 and Phaladeepika ch. 6 name the three houses; two benefics suffice in B. V. Raman's reading and examples, Three Hundred Important Combinations)", func(y *yogaCtx) []hit {
			var gs []Graha
			for _, g := range naturalBenefics {
				if h := y.from(y.sign[Moon], g); h >= 6 && h <= 8 {
					gs = append(gs, g)
				}
			}
			if len(gs) >= 2 {
				return []hit{{planets: append([]Graha{Moon}, gs...), detail: y.describe(gs, "6th-8th from the Moon")}}
			}
			return nil
		}},
		{"Amala", FamilyChandra, "a natural benefic (Mercury, Jupiter, Venus) in the 10th from the Moon or from the lagna (Phaladeepika ch. 6)", func(y *yogaCtx) []hit {
			var gs []Graha
			for _, g := range naturalBenefics {
				if y.from(y.sign[Moon], g) == 10 || y.house(g) == 10 {
					gs = append(gs, g)
				}
			}
			if len(gs) > 0 {
				return []hit{{planets: gs, detail: y.describe(gs, "10th from the Moon or the lagna")}}
			}
			return nil
		}},

		{"Vesi", FamilySurya, "one or more of Mars, Mercury, Jupiter, Venus, Saturn in the 2nd from the Sun and none in the 12th (BPHS ch. 38; Phaladeepika ch. 6)", func(y *yogaCtx) []hit {
			second, twelfth := y.inHouseFrom(y.sign[Sun], 2, taras[:]), y.inHouseFrom(y.sign[Sun], 12, taras[:])
			if len(second) > 0 && len(twelfth) == 0 {
				return []hit{{planets: append([]Graha{Sun}, second...), detail: y.describe(second, "2nd from the Sun")}}
			}
			return nil
		}},
		{"Vasi", FamilySurya, "one or more of Mars, Mercury, Jupiter, Venus, Saturn in the 12th from the Sun and none in the 2nd (BPHS ch. 38; Phaladeepika ch. 6)", func(y *yogaCtx) []hit {
			second, twelfth := y.inHouseFrom(y.sign[Sun], 2, taras[:]), y.inHouseFrom(y.sign[Sun], 12, taras[:])
			if len(twelfth) > 0 && len(second) == 0 {
				return []hit{{planets: append([]Graha{Sun}, twelfth...), detail: y.describe(twelfth, "12th from the Sun")}}
			}
			return nil
		}},
		{"Ubhayachari", FamilySurya, "Mars, Mercury, Jupiter, Venus or Saturn both in the 2nd and in the 12th from the Sun (BPHS ch. 38; Phaladeepika ch. 6)", func(y *yogaCtx) []hit {
			second, twelfth := y.inHouseFrom(y.sign[Sun], 2, taras[:]), y.inHouseFrom(y.sign[Sun], 12, taras[:])
			if len(second) > 0 && len(twelfth) > 0 {
				gs := append(append([]Graha{Sun}, second...), twelfth...)
				return []hit{{planets: gs, detail: y.describe(gs[1:], "2nd and 12th from the Sun")}}
			}
			return nil
		}},
		{"Budha-Aditya", FamilySurya, "the Sun and Mercury in the same sign (the Nipuna yoga of the almanacs)", func(y *yogaCtx) []hit {
			if y.sign[Sun] == y.sign[Mercury] {
				return []hit{{planets: []Graha{Sun, Mercury}, detail: "together in " + y.signName(Sun)}}
			}
			return nil
		}},

		// Nabhasa: Ashraya (3), Dala (2), Akriti (20), Sankhya (7).
		nabhasa("Rajju", "Ashraya: the seven grahas all in movable signs", func(y *yogaCtx) bool { return signsOfQuality(y, 0) }),
		nabhasa("Musala", "Ashraya: the seven grahas all in fixed signs", func(y *yogaCtx) bool { return signsOfQuality(y, 1) }),
		nabhasa("Nala", "Ashraya: the seven grahas all in dual signs", func(y *yogaCtx) bool { return signsOfQuality(y, 2) }),
		nabhasa("Mala", "Dala: Mercury, Jupiter and Venus in three different kendras from the lagna", func(y *yogaCtx) bool { return y.threeKendras(naturalBenefics) }),
		nabhasa("Sarpa", "Dala: the Sun, Mars and Saturn in three different kendras from the lagna", func(y *yogaCtx) bool { return y.threeKendras(naturalMalefics) }),
		nabhasa("Gada", "Akriti: the seven grahas in two successive kendras (1st-4th, 4th-7th, 7th-10th or 10th-1st)", func(y *yogaCtx) bool {
			return y.fills(1, 4) || y.fills(4, 7) || y.fills(7, 10) || y.fills(10, 1)
		}),
		nabhasa("Sakata", "Akriti: the seven grahas in the 1st and 7th", func(y *yogaCtx) bool { return y.fills(1, 7) }),
		nabhasa("Vihaga", "Akriti: the seven grahas in the 4th and 10th", func(y *yogaCtx) bool { return y.fills(4, 10) }),
		nabhasa("Sringataka", "Akriti: the seven grahas in the 1st, 5th and 9th", func(y *yogaCtx) bool { return y.fills(1, 5, 9) }),
		nabhasa("Hala", "Akriti: the seven grahas in one of the other trines (2-6-10, 3-7-11, 4-8-12)", func(y *yogaCtx) bool {
			return y.fills(2, 6, 10) || y.fills(3, 7, 11) || y.fills(4, 8, 12)
		}),
		nabhasa("Vajra", "Akriti: benefics (Mercury, Jupiter, Venus) in the 1st and 7th, malefics (Sun, Mars, Saturn) in the 4th and 10th", func(y *yogaCtx) bool {
			return y.groupIn(naturalBenefics, 1, 7) && y.groupIn(naturalMalefics, 4, 10)
		}),
		nabhasa("Yava", "Akriti: malefics (Sun, Mars, Saturn) in the 1st and 7th, benefics (Mercury, Jupiter, Venus) in the 4th and 10th", func(y *yogaCtx) bool {
			return y.groupIn(naturalMalefics, 1, 7) && y.groupIn(naturalBenefics, 4, 10)
		}),
		nabhasa("Kamala", "Akriti: the seven grahas in the four kendras, all four occupied", func(y *yogaCtx) bool { return y.fills(1, 4, 7, 10) }),
		nabhasa("Vapi", "Akriti: the seven grahas all in panapharas (2, 5, 8, 11) or all in apoklimas (3, 6, 9, 12)", func(y *yogaCtx) bool {
			return y.allIn(2, 5, 8, 11) || y.allIn(3, 6, 9, 12)
		}),
		nabhasa("Yupa", "Akriti: the seven grahas in the 1st to 4th houses, all four occupied", func(y *yogaCtx) bool { return y.fills(consecutive(1, 4)...) }),
		nabhasa("Ishu", "Akriti: the seven grahas in the 4th to 7th houses, all four occupied", func(y *yogaCtx) bool { return y.fills(consecutive(4, 4)...) }),
		nabhasa("Shakti", "Akriti: the seven grahas in the 7th to 10th houses, all four occupied", func(y *yogaCtx) bool { return y.fills(consecutive(7, 4)...) }),
		nabhasa("Danda", "Akriti: the seven grahas in the 10th to 1st houses, all four occupied", func(y *yogaCtx) bool { return y.fills(consecutive(10, 4)...) }),
		nabhasa("Nauka", "Akriti: the seven grahas in the seven houses from the 1st, one in each", func(y *yogaCtx) bool { return y.fills(consecutive(1, 7)...) }),
		nabhasa("Kuta", "Akriti: the seven grahas in the seven houses from the 4th, one in each", func(y *yogaCtx) bool { return y.fills(consecutive(4, 7)...) }),
		nabhasa("Chatra", "Akriti: the seven grahas in the seven houses from the 7th, one in each", func(y *yogaCtx) bool { return y.fills(consecutive(7, 7)...) }),
		nabhasa("Chapa", "Akriti: the seven grahas in the seven houses from the 10th, one in each", func(y *yogaCtx) bool { return y.fills(consecutive(10, 7)...) }),
		nabhasa("Ardha Chandra", "Akriti: the seven grahas in seven consecutive houses starting from a house that is not a kendra, one in each", func(y *yogaCtx) bool {
			for _, s := range []int{2, 3, 5, 6, 8, 9, 11, 12} {
				if y.fills(consecutive(s, 7)...) {
					return true
				}
			}
			return false
		}),
		nabhasa("Chakra", "Akriti: the seven grahas in the six alternate houses from the 1st (1, 3, 5, 7, 9, 11), all six occupied", func(y *yogaCtx) bool { return y.fills(1, 3, 5, 7, 9, 11) }),
		nabhasa("Samudra", "Akriti: the seven grahas in the six alternate houses from the 2nd (2, 4, 6, 8, 10, 12), all six occupied", func(y *yogaCtx) bool { return y.fills(2, 4, 6, 8, 10, 12) }),
		sankhya(7), sankhya(6), sankhya(5), sankhya(4), sankhya(3), sankhya(2), sankhya(1),

		{"Raja (kendra-trikona)", FamilyRaja, "a lord of a kendra (1, 4, 7, 10) associated with a lord of a trikona (1, 5, 9), two different grahas, by conjunction, mutual aspect or exchange (BPHS ch. 39)", func(y *yogaCtx) []hit {
			return y.lordsPairs([]int{1, 4, 7, 10}, []int{1, 5, 9})
		}},
		{"Yogakaraka", FamilyRaja, "one graha lord of both a kendra (4, 7, 10) and a trikona (5, 9) (BPHS ch. 39)", func(y *yogaCtx) []hit {
			for _, g := range Seven {
				k := y.lord(4) == g || y.lord(7) == g || y.lord(10) == g
				t := y.lord(5) == g || y.lord(9) == g
				if k && t {
					return []hit{{planets: []Graha{g}, detail: fmt.Sprintf("%s rules houses %s, in house %d", g, y.lordOf(g), y.house(g))}}
				}
			}
			return nil
		}},
		{"Dhana", FamilyDhana, "a lord of the 2nd or 11th (wealth) associated with a lord of the 1st, 5th or 9th, two different grahas, by conjunction, mutual aspect or exchange (BPHS ch. 41)", func(y *yogaCtx) []hit {
			return y.lordsPairs([]int{2, 11}, []int{1, 5, 9})
		}},
		viparita("Harsha", 6),
		viparita("Sarala", 8),
		viparita("Vimala", 12),
		{"Neecha Bhanga Raja", FamilyNeechaBhanga, "a debilitated graha whose debilitation is cancelled: the lord of its debilitation or exaltation sign, or the graha exalted there, in a kendra from the lagna or the Moon; the debilitation lord aspecting it; or the graha exalted in navamsa (Phaladeepika ch. 7)", func(y *yogaCtx) []hit {
			return y.neechaBhanga()
		}},
		parivartana("Maha Parivartana", "both in houses 1, 2, 4, 5, 7, 9, 10 or 11", func(a, b int) bool {
			good := func(h int) bool { return !isDusthana(h) && h != 3 }
			return good(a) && good(b)
		}),
		parivartana("Khala Parivartana", "one of them in the 3rd and neither in the 6th, 8th or 12th", func(a, b int) bool {
			return (a == 3 || b == 3) && !isDusthana(a) && !isDusthana(b)
		}),
		parivartana("Dainya Parivartana", "one of them in the 6th, 8th or 12th", func(a, b int) bool { return isDusthana(a) || isDusthana(b) }),

		{"Saraswati", FamilyOther, "Mercury, Jupiter and Venus in kendras, trikonas or the 2nd, with Jupiter in its own, exaltation or a friend's sign (Phaladeepika ch. 6)", func(y *yogaCtx) []hit {
			for _, g := range naturalBenefics {
				h := y.house(g)
				if !isKendra(h) && !isTrikona(h) && h != 2 {
					return nil
				}
			}
			d, _, _ := y.c.dignity(Jupiter)
			switch d {
			case DignityExalted, DignityMoolatrikona, DignityOwn, DignityGreatFriend, DignityFriendly:
				return []hit{{planets: naturalBenefics[:], detail: y.describe(naturalBenefics[:], "Jupiter "+string(d))}}
			}
			return nil
		}},
		{"Shubha Kartari", FamilyOther, "natural benefics (Mercury, Jupiter, Venus) in both the 12th and the 2nd from the lagna, and no malefic there", func(y *yogaCtx) []hit {
			return y.kartari(naturalBenefics[:], []Graha{Sun, Mars, Saturn, Rahu, Ketu})
		}},
		{"Papa Kartari", FamilyOther, "malefics (Sun, Mars, Saturn, Rahu, Ketu) in both the 12th and the 2nd from the lagna, and no benefic there", func(y *yogaCtx) []hit {
			return y.kartari([]Graha{Sun, Mars, Saturn, Rahu, Ketu}, naturalBenefics[:])
		}},
		{"Chatussagara", FamilyOther, "all four kendras (1st, 4th, 7th, 10th) occupied by grahas (B. V. Raman, Three Hundred Important Combinations)", func(y *yogaCtx) []hit {
			occ := map[int][]Graha{}
			for _, g := range Grahas {
				if h := y.house(g); isKendra(h) {
					occ[h] = append(occ[h], g)
				}
			}
			if len(occ) == 4 {
				var gs []Graha
				for _, g := range Grahas {
					if isKendra(y.house(g)) {
						gs = append(gs, g)
					}
				}
				return []hit{{planets: gs, detail: y.describe(gs, "")}}
			}
			return nil
		}},
		{"Vasumati", FamilyOther, "Mercury, Jupiter and Venus all in upachayas (3rd, 6th, 10th, 11th) from the lagna or all from the Moon (Phaladeepika ch. 6)", func(y *yogaCtx) []hit {
			for _, ref := range []int{y.asc, y.sign[Moon]} {
				ok := true
				for _, g := range naturalBenefics {
					switch houseFrom(ref, y.sign[g]) {
					case 3, 6, 10, 11:
					default:
						ok = false
					}
				}
				if ok {
					where := "from the lagna"
					if ref != y.asc {
						where = "from the Moon"
					}
					return []hit{{planets: naturalBenefics[:], detail: y.describe(naturalBenefics[:], "upachayas "+where)}}
				}
			}
			return nil
		}},
		{"Shakata", FamilyOther, "the Moon in the 6th or 8th from Jupiter (Phaladeepika ch. 6); cancelled when the Moon is in a kendra from the lagna", func(y *yogaCtx) []hit {
			if h := y.from(y.sign[Jupiter], Moon); h == 6 || h == 8 {
				x := hit{planets: []Graha{Moon, Jupiter}, detail: fmt.Sprintf("the Moon %s from Jupiter", ordinal(h))}
				if isKendra(y.house(Moon)) {
					x.cancellations = []string{fmt.Sprintf("the Moon in a kendra from the lagna (house %d)", y.house(Moon))}
				}
				return []hit{x}
			}
			return nil
		}},
		{"Guru-Mangala", FamilyOther, "Jupiter and Mars in the same sign", func(y *yogaCtx) []hit {
			if y.sign[Jupiter] == y.sign[Mars] {
				return []hit{{planets: []Graha{Jupiter, Mars}, detail: "together in " + y.signName(Jupiter)}}
			}
			return nil
		}},
	}
}

// groupIn reports whether the three grahas all occupy the two houses.
func (y *yogaCtx) groupIn(gs [3]Graha, a, b int) bool {
	for _, g := range gs {
		if h := y.house(g); h != a && h != b {
			return false
		}
	}
	return true
}

// kartari finds the lagna hemmed in: grahas of the set in both the 12th and
// the 2nd, none of the other set in either.
func (y *yogaCtx) kartari(set, other []Graha) []hit {
	var in12, in2 []Graha
	for _, g := range set {
		switch y.house(g) {
		case 12:
			in12 = append(in12, g)
		case 2:
			in2 = append(in2, g)
		}
	}
	for _, g := range other {
		if h := y.house(g); h == 12 || h == 2 {
			return nil
		}
	}
	if len(in12) > 0 && len(in2) > 0 {
		gs := append(in12, in2...)
		return []hit{{planets: gs, detail: y.describe(gs, "the 12th and the 2nd from the lagna")}}
	}
	return nil
}

// YogaCatalog lists every yoga the detector checks, in result order.
func YogaCatalog() []YogaInfo {
	out := make([]YogaInfo, len(yogaDefs))
	for i, d := range yogaDefs {
		out[i] = YogaInfo{Name: d.name, Family: d.family, Rule: d.rule}
	}
	return out
}

// Yogas detects the yogas of the catalogue in the rasi chart.
func (c *Chart) Yogas() *YogaResult {
	y := &yogaCtx{c: c, sign: c.d.sign, asc: c.d.ascSign, elong: engine.Normalize(c.d.lon[Moon] - c.d.lon[Sun])}
	out := &YogaResult{
		Yogas: []Yoga{}, Checked: len(yogaDefs), Ayanamsa: c.Ayanamsa, Warnings: c.Warnings,
		Conventions: "whole-sign houses from the lagna; signs of the rasi chart; association = same sign, mutual full aspect (graha drishti of BPHS 26: all the 7th, Mars 4th/8th, Jupiter 5th/9th, Saturn 3rd/10th, nodes 7th) or exchange of signs; natural benefics Mercury, Jupiter, Venus and malefics Sun, Mars, Saturn for the Nabhasa and kartari rules; Nabhasa yogas count the seven grahas Sun to Saturn",
	}
	for _, d := range yogaDefs {
		for _, h := range d.find(y) {
			out.Yogas = append(out.Yogas, Yoga{
				Name: d.name, Family: d.family, Rule: d.rule, Planets: names(h.planets), Detail: h.detail,
				Cancellations: h.cancellations, Cancelled: len(h.cancellations) > 0,
			})
		}
	}
	out.Count = len(out.Yogas)
	return out
}
