package vedic

import (
	"fmt"

	"github.com/astroapi/astroapi/engine"
)

// Severity grades a dosha.
type Severity string

// The grades.
const (
	SeverityNone   Severity = "none"
	SeverityLow    Severity = "low"
	SeverityMedium Severity = "medium"
	SeverityHigh   Severity = "high"
)

// EnumValues lists the grades.
func (Severity) EnumValues() []string { return []string{"none", "low", "medium", "high"} }

// Placement is a graha's place that causes a dosha.
type Placement struct {
	Graha     string `json:"graha" enum:"Sun,Moon,Mars,Mercury,Jupiter,Venus,Saturn,Rahu,Ketu" doc:"the graha placed"`
	Sign      string `json:"sign" doc:"sign in English"`
	House     int    `json:"house" doc:"house counted from reference"`
	Reference string `json:"reference" doc:"what the house is counted from" enum:"lagna,moon,venus,rahu"`
}

// Cancellation is a classical cancellation (parihara) that applies.
type Cancellation struct {
	Name string `json:"name" doc:"short name of the cancellation"`
	Rule string `json:"rule" doc:"the rule, and how the chart meets it"`
}

// Dosha is one dosha's finding.
type Dosha struct {
	Name          string         `json:"name" doc:"dosha" enum:"manglik,kaal_sarp,kemadruma,grahan,guru_chandal,pitra,shrapit,angarak"`
	Title         string         `json:"title" doc:"display name"`
	Present       bool           `json:"present" doc:"whether the dosha is present"`
	Type          string         `json:"type,omitempty" doc:"kind of the dosha when present (e.g. the Kaal Sarp type named by Rahu's house)"`
	Severity      Severity       `json:"severity" enum:"none,low,medium,high" doc:"none when absent; otherwise low, medium or high (see rule)"`
	Placements    []Placement    `json:"placements" doc:"the placements that cause it"`
	Cancellations []Cancellation `json:"cancellations" doc:"cancellations that apply to this chart, each named"`
	Cancelled     bool           `json:"cancelled" doc:"present, but at least one cancellation applies"`
	Extent        string         `json:"extent,omitempty" doc:"Kaal Sarp only: full (all seven grahas on one side of the Rahu-Ketu axis), partial (all but one; present only when kaal_sarp is partial) or none" enum:"full,partial,none"`
	Rule          string         `json:"rule" doc:"the rule applied and its source"`
	Note          string         `json:"note,omitempty" doc:"remarks on the rule"`
}

// DoshaResult is the result of the dosha routes.
type DoshaResult struct {
	Doshas   []Dosha       `json:"doshas" doc:"the doshas evaluated"`
	Ayanamsa AyanamsaValue `json:"ayanamsa" doc:"the ayanamsa used and the one requested"`
	Warnings []string      `json:"warnings,omitempty" doc:"notes on the options"`
	Houses   string        `json:"houses" doc:"house reckoning" enum:"whole_sign"`
}

func (c *Chart) doshaResult(ds ...Dosha) *DoshaResult {
	return &DoshaResult{Doshas: ds, Ayanamsa: c.Ayanamsa, Warnings: c.Warnings, Houses: "whole_sign"}
}

// KaalSarpRule says which Kaal Sarp counts as present.
type KaalSarpRule string

// The rules.
const (
	// KaalSarpStrict: present only when all seven grahas lie on one side
	// of the axis (the definition the texts that teach it give); a partial
	// case is reported, with extent partial, as not present.
	KaalSarpStrict KaalSarpRule = "strict"
	// KaalSarpPartial: also present, with medium severity, when one graha
	// lies outside.
	KaalSarpPartial KaalSarpRule = "partial"
)

// EnumValues lists the rules.
func (KaalSarpRule) EnumValues() []string {
	return []string{string(KaalSarpStrict), string(KaalSarpPartial)}
}

// Doshas evaluates every dosha: manglik, kaal sarp (by rule k; "" is
// strict), kemadruma, grahan, guru chandal, pitra, shrapit and angarak.
func (c *Chart) Doshas(k KaalSarpRule) *DoshaResult {
	y := &yogaCtx{c: c, sign: c.d.sign, asc: c.d.ascSign}
	return c.doshaResult(c.manglik(), c.kaalSarp(k), c.kemadruma(y), c.grahan(), c.withRahu(Jupiter), c.pitra(),
		c.withRahu(Saturn), c.withRahu(Mars))
}

// Manglik evaluates Kuja (Mars) dosha alone.
func (c *Chart) Manglik() *DoshaResult { return c.doshaResult(c.manglik()) }

// KaalSarp evaluates Kaal Sarp dosha alone, by rule k ("" is strict).
func (c *Chart) KaalSarp(k KaalSarpRule) *DoshaResult { return c.doshaResult(c.kaalSarp(k)) }

// manglikHouses are the houses of Kuja dosha.
var manglikHouses = map[int]bool{1: true, 2: true, 4: true, 7: true, 8: true, 12: true}

func (c *Chart) manglik() Dosha {
	d := &c.d
	out := Dosha{
		Name: "manglik", Title: "Manglik (Kuja) dosha", Placements: []Placement{}, Cancellations: []Cancellation{},
		Rule: "Mars in the 1st, 2nd, 4th, 7th, 8th or 12th house counted from the lagna, from the Moon and from Venus (the South Indian reckoning of the muhurta and matching manuals; some omit the 1st or the 2nd); severity low, medium or high as one, two or all three references are affected",
	}
	refs := []struct {
		name string
		sign int
	}{{"lagna", d.ascSign}, {"moon", d.sign[Moon]}, {"venus", d.sign[Venus]}}
	fromLagna := 0
	for _, r := range refs {
		h := houseFrom(r.sign, d.sign[Mars])
		if manglikHouses[h] {
			out.Placements = append(out.Placements, Placement{Graha: "Mars", Sign: engine.Signs[d.sign[Mars]], House: h, Reference: r.name})
			if r.name == "lagna" {
				fromLagna = h
			}
		}
	}
	out.Present = len(out.Placements) > 0
	out.Severity = [4]Severity{SeverityNone, SeverityLow, SeverityMedium, SeverityHigh}[len(out.Placements)]
	if !out.Present {
		return out
	}
	mars := d.sign[Mars]
	add := func(name, rule string) {
		out.Cancellations = append(out.Cancellations, Cancellation{Name: name, Rule: rule})
	}
	switch mars {
	case 0, 7:
		add("mars_own_sign", "Mars in its own sign ("+engine.Signs[mars]+")")
	case 9:
		add("mars_exalted", "Mars exalted in Capricorn")
	}
	// The house-and-sign exceptions the manuals repeat, counted from the
	// lagna: 2nd in Gemini or Virgo, 4th in Aries or Scorpio, 7th in Cancer
	// or Capricorn, 8th in Sagittarius or Pisces, 12th in Taurus or Libra.
	exceptions := map[int][2]int{2: {2, 5}, 4: {0, 7}, 7: {3, 9}, 8: {8, 11}, 12: {1, 6}}
	if ex, ok := exceptions[fromLagna]; ok && (mars == ex[0] || mars == ex[1]) {
		add("house_sign_exception", fmt.Sprintf("Mars in the %s house in %s, one of the listed exceptions (2nd Gemini/Virgo, 4th Aries/Scorpio, 7th Cancer/Capricorn, 8th Sagittarius/Pisces, 12th Taurus/Libra)", ordinal(fromLagna), engine.Signs[mars]))
	}
	y := &yogaCtx{c: c, sign: d.sign, asc: d.ascSign}
	switch {
	case d.sign[Jupiter] == mars:
		add("jupiter_with_mars", "Jupiter in the same sign as Mars")
	case y.aspects(Jupiter, mars):
		add("jupiter_aspects_mars", "Jupiter aspects Mars ("+ordinal(houseFrom(d.sign[Jupiter], mars))+" from Jupiter)")
	}
	if d.sign[Moon] == mars {
		add("moon_with_mars", "the Moon in the same sign as Mars (Chandra-Mangala)")
	}
	for _, g := range []Graha{Jupiter, Venus} {
		if d.sign[g] == d.ascSign {
			add("benefic_in_lagna", g.String()+" in the lagna")
			break
		}
	}
	out.Cancelled = len(out.Cancellations) > 0
	out.Type = "from " + refList(out.Placements)
	return out
}

func refList(ps []Placement) string {
	s := ""
	for i, p := range ps {
		if i > 0 {
			s += ", "
		}
		s += p.Reference
	}
	return s
}

// kaalSarpNames name the Kaal Sarp types by Rahu's house from the lagna.
var kaalSarpNames = [13]string{1: "Anant", 2: "Kulik", 3: "Vasuki", 4: "Shankhpal", 5: "Padma", 6: "Mahapadma", 7: "Takshak", 8: "Karkotak", 9: "Shankhachur", 10: "Ghatak", 11: "Vishdhar", 12: "Sheshnag"}

func (c *Chart) kaalSarp(rule KaalSarpRule) Dosha {
	d := &c.d
	out := Dosha{
		Name: "kaal_sarp", Title: "Kaal Sarp dosha", Placements: []Placement{}, Cancellations: []Cancellation{}, Extent: "none",
		Rule: "the seven grahas Sun to Saturn all on one side of the Rahu-Ketu axis, by longitude: full when all seven lie in the same half (present, high), partial when one graha lies outside it (present, medium, only under kaal_sarp partial; reported with extent partial otherwise); the type is named by Rahu's house from the lagna (Anant 1st ... Sheshnag 12th); direction: rahu_to_ketu when the grahas follow Rahu in the zodiac's order, ketu_to_rahu otherwise",
		Note: "Kaal Sarp is a modern rule, in none of the classical texts (BPHS, Phaladeepika, Saravali); it has no classical cancellations, so none are listed",
	}
	ahead, outside := 0, []Graha{}
	for _, g := range Seven {
		if engine.Normalize(d.lon[g]-d.lon[Rahu]) < 180 {
			ahead++
		}
	}
	dir := "rahu_to_ketu"
	if ahead < 4 {
		dir = "ketu_to_rahu"
	}
	for _, g := range Seven {
		in := engine.Normalize(d.lon[g]-d.lon[Rahu]) < 180
		if in != (dir == "rahu_to_ketu") {
			outside = append(outside, g)
		}
	}
	h := houseFrom(d.ascSign, d.sign[Rahu])
	switch len(outside) {
	case 0:
		out.Present, out.Severity, out.Extent = true, SeverityHigh, "full"
	case 1:
		out.Extent = "partial"
		out.Note += fmt.Sprintf("; partial: %s lies outside the axis", outside[0])
		if rule != KaalSarpPartial {
			out.Severity = SeverityNone
			out.Note += " (not present under the strict rule)"
			break
		}
		out.Present, out.Severity = true, SeverityMedium
	default:
		out.Severity = SeverityNone
		return out
	}
	out.Type = fmt.Sprintf("%s (%s)", kaalSarpNames[h], dir)
	out.Placements = append(out.Placements,
		Placement{Graha: "Rahu", Sign: engine.Signs[d.sign[Rahu]], House: h, Reference: "lagna"},
		Placement{Graha: "Ketu", Sign: engine.Signs[d.sign[Ketu]], House: houseFrom(d.ascSign, d.sign[Ketu]), Reference: "lagna"})
	return out
}

func (c *Chart) kemadruma(y *yogaCtx) Dosha {
	out := Dosha{
		Name: "kemadruma", Title: "Kemadruma dosha", Placements: []Placement{}, Cancellations: []Cancellation{},
		Rule: "none of Mars, Mercury, Jupiter, Venus, Saturn in the 2nd or 12th from the Moon (BPHS ch. 37; Phaladeepika ch. 6); cancelled by a graha in a kendra from the lagna, one of the five in a kendra from the Moon, or one of them with the Moon",
	}
	moon := y.sign[Moon]
	if len(y.inHouseFrom(moon, 2, taras[:])) > 0 || len(y.inHouseFrom(moon, 12, taras[:])) > 0 {
		out.Severity = SeverityNone
		return out
	}
	out.Present, out.Severity = true, SeverityMedium
	out.Placements = append(out.Placements, Placement{Graha: "Moon", Sign: engine.Signs[moon], House: y.house(Moon), Reference: "lagna"})
	for _, why := range y.kemadrumaCancellations() {
		out.Cancellations = append(out.Cancellations, Cancellation{Name: "kemadruma_bhanga", Rule: why})
	}
	out.Cancelled = len(out.Cancellations) > 0
	return out
}

// conjunction builds a dosha of grahas sharing a sign: present when they
// do, high within 10° of longitude, medium otherwise.
func (c *Chart) conjunction(name, title, rule string, pairs [][2]Graha) Dosha {
	d := &c.d
	out := Dosha{Name: name, Title: title, Rule: rule, Placements: []Placement{}, Cancellations: []Cancellation{}, Severity: SeverityNone,
		Note: "a modern rule of the almanacs, not of BPHS; severity high within 10° of longitude, else medium"}
	for _, p := range pairs {
		a, b := p[0], p[1]
		if d.sign[a] != d.sign[b] {
			continue
		}
		out.Present = true
		sev := SeverityMedium
		if sep(d.lon[a], d.lon[b]) <= 10 {
			sev = SeverityHigh
		}
		if sev == SeverityHigh || out.Severity == SeverityNone {
			out.Severity = sev
		}
		for _, g := range []Graha{a, b} {
			out.Placements = append(out.Placements, Placement{Graha: g.String(), Sign: engine.Signs[d.sign[g]], House: houseFrom(d.ascSign, d.sign[g]), Reference: "lagna"})
		}
		if out.Type == "" {
			out.Type = a.String() + " with " + b.String()
		} else {
			out.Type += "; " + a.String() + " with " + b.String()
		}
	}
	return out
}

func (c *Chart) grahan() Dosha {
	return c.conjunction("grahan", "Grahan (eclipse) dosha", "the Sun or the Moon in the same sign as Rahu or Ketu",
		[][2]Graha{{Sun, Rahu}, {Sun, Ketu}, {Moon, Rahu}, {Moon, Ketu}})
}

func (c *Chart) withRahu(g Graha) Dosha {
	switch g {
	case Jupiter:
		return c.conjunction("guru_chandal", "Guru Chandal dosha", "Jupiter in the same sign as Rahu or Ketu", [][2]Graha{{Jupiter, Rahu}, {Jupiter, Ketu}})
	case Saturn:
		return c.conjunction("shrapit", "Shrapit dosha", "Saturn in the same sign as Rahu", [][2]Graha{{Saturn, Rahu}})
	}
	return c.conjunction("angarak", "Angarak dosha", "Mars in the same sign as Rahu or Ketu", [][2]Graha{{Mars, Rahu}, {Mars, Ketu}})
}

func (c *Chart) pitra() Dosha {
	out := c.conjunction("pitra", "Pitra dosha", "the Sun in the same sign as Rahu or Ketu, or Rahu in the 9th house", [][2]Graha{{Sun, Rahu}, {Sun, Ketu}})
	if h := houseFrom(c.d.ascSign, c.d.sign[Rahu]); h == 9 {
		out.Present = true
		if out.Severity == SeverityNone {
			out.Severity = SeverityMedium
		}
		out.Placements = append(out.Placements, Placement{Graha: "Rahu", Sign: engine.Signs[c.d.sign[Rahu]], House: 9, Reference: "lagna"})
		if out.Type != "" {
			out.Type += "; "
		}
		out.Type += "Rahu in the 9th"
	}
	return out
}
