package vedic

import (
	"errors"
	"strings"

	"github.com/astroapi/astroapi/engine"
)

// vargaDef is one divisional chart of Parashara's sixteen (BPHS ch. 6-7).
type vargaDef struct {
	name  string // wire name: d1, d2, ...
	n     int    // number of divisions of a sign
	title string
	rule  string
}

// vargaDefs are the sixteen vargas in BPHS order (BPHS ch. 6). The rule
// texts say where each division starts; where schools differ the rule
// named is Parashara's (BPHS ch. 6, Santhanam).
var vargaDefs = [...]vargaDef{
	{"d1", 1, "Rasi", "the sign itself"},
	{"d2", 2, "Hora", "Parashara's hora: halves of 15°; in odd signs the first half is the Sun's hora (Leo), the second the Moon's (Cancer); in even signs the reverse (BPHS ch. 6); not the cyclic (parivritti) hora"},
	{"d3", 3, "Drekkana", "Parashara's drekkana: thirds of 10° go to the sign itself, the 5th and the 9th from it (BPHS ch. 6); not the Jagannatha or Somanatha drekkanas"},
	{"d4", 4, "Chaturthamsa", "quarters of 7°30′ go to the sign itself, the 4th, the 7th and the 10th from it (BPHS ch. 6)"},
	{"d7", 7, "Saptamsa", "sevenths counted from the sign itself in odd signs, from the 7th sign in even signs (BPHS ch. 6)"},
	{"d9", 9, "Navamsa", "ninths of 3°20′ counted from the movable sign of the sign's triplicity: Aries for fire, Capricorn for earth, Libra for air, Cancer for water signs (BPHS ch. 6); equivalently floor(longitude / 3°20′) mod 12 from Aries"},
	{"d10", 10, "Dasamsa", "tenths of 3° counted from the sign itself in odd signs, from the 9th sign in even signs (BPHS ch. 6)"},
	{"d12", 12, "Dwadasamsa", "twelfths of 2°30′ counted from the sign itself (BPHS ch. 6)"},
	{"d16", 16, "Shodasamsa", "sixteenths counted from Aries in movable, Leo in fixed, Sagittarius in dual signs (BPHS ch. 6)"},
	{"d20", 20, "Vimsamsa", "twentieths counted from Aries in movable, Sagittarius in fixed, Leo in dual signs (BPHS ch. 6)"},
	{"d24", 24, "Chaturvimsamsa", "twenty-fourths counted from Leo in odd signs, from Cancer in even signs (BPHS ch. 6)"},
	{"d27", 27, "Bhamsa", "twenty-sevenths counted from Aries in fire, Cancer in earth, Libra in air, Capricorn in water signs (BPHS ch. 6); equivalently floor(longitude x 27 / 30°) mod 12 from Aries"},
	{"d30", 30, "Trimsamsa", "Parashara's unequal trimsamsa: odd signs 0-5° Mars (Aries), 5-10° Saturn (Aquarius), 10-18° Jupiter (Sagittarius), 18-25° Mercury (Gemini), 25-30° Venus (Libra); even signs 0-5° Venus (Taurus), 5-12° Mercury (Virgo), 12-20° Jupiter (Pisces), 20-25° Saturn (Capricorn), 25-30° Mars (Scorpio) (BPHS ch. 6); not an equal thirtieth"},
	{"d40", 40, "Khavedamsa", "fortieths counted from Aries in odd signs, from Libra in even signs (BPHS ch. 6)"},
	{"d45", 45, "Akshavedamsa", "forty-fifths counted from Aries in movable, Leo in fixed, Sagittarius in dual signs (BPHS ch. 6)"},
	{"d60", 60, "Shashtiamsa", "sixtieths of 30′ counted from the sign itself (BPHS ch. 6)"},
}

// VargaNames lists the varga names the API accepts, in BPHS order.
func VargaNames() []string {
	out := make([]string, len(vargaDefs))
	for i, v := range vargaDefs {
		out[i] = v.name
	}
	return out
}

// ErrUnknownVarga is wrapped by the error for a varga name not in
// VargaNames; the route maps it to 404.
var ErrUnknownVarga = errors.New("unknown varga")

// UnknownVargaError names the unknown varga and lists the valid names.
type UnknownVargaError struct {
	Name  string
	Valid []string
}

func (e *UnknownVargaError) Error() string {
	return "unknown varga " + quote(e.Name) + ": use one of " + strings.Join(e.Valid, ", ")
}

// Unwrap lets errors.Is(err, ErrUnknownVarga) match.
func (e *UnknownVargaError) Unwrap() error { return ErrUnknownVarga }

func quote(s string) string {
	if len(s) > 40 {
		s = s[:40] + "..."
	}
	return `"` + strings.ToValidUTF8(s, "?") + `"`
}

// trimsamsa holds Parashara's unequal division of a sign: the upper bound
// of each part and the sign it gives, for odd and even signs.
var trimsamsa = [2][5]struct {
	to   float64
	sign int
}{
	{{5, 0}, {10, 10}, {18, 8}, {25, 2}, {30, 6}}, // odd: Mars, Saturn, Jupiter, Mercury, Venus
	{{5, 1}, {12, 5}, {20, 11}, {25, 9}, {30, 7}}, // even: Venus, Mercury, Jupiter, Saturn, Mars
}

// vargaSign returns the sign (0 = Aries) a sidereal longitude falls in, in
// the divisional chart of n divisions, and its proportional degree within
// that sign (how far through its division the longitude is, scaled to 30°).
func vargaSign(n int, lon float64) (int, float64) {
	lon = engine.Normalize(lon)
	s := signOf(lon)
	d := lon - float64(s)*30
	odd := s%2 == 0  // Aries, Gemini, ... are odd signs
	quality := s % 3 // 0 movable, 1 fixed, 2 dual
	if n == 30 {
		t := trimsamsa[s%2]
		from := 0.0
		for _, p := range t {
			if d < p.to {
				return p.sign, (d - from) / (p.to - from) * 30
			}
			from = p.to
		}
		return t[4].sign, 30
	}
	x := d * float64(n) / 30
	part := int(x)
	if part >= n { // d rounding to 30
		part = n - 1
	}
	deg := (x - float64(part)) * 30
	var start int
	switch n {
	case 1:
		return s, d
	case 2:
		if (part == 0) == odd {
			return 4, deg // Leo, the Sun's hora
		}
		return 3, deg // Cancer, the Moon's hora
	case 3:
		return mod12(s + 4*part), deg
	case 4:
		return mod12(s + 3*part), deg
	case 7:
		start = s
		if !odd {
			start = s + 6
		}
	case 9:
		start = [3]int{s, s + 8, s + 4}[quality]
	case 10:
		start = s
		if !odd {
			start = s + 8
		}
	case 12, 60:
		start = s
	case 16, 45:
		start = [3]int{0, 4, 8}[quality]
	case 20:
		start = [3]int{0, 8, 4}[quality]
	case 24:
		start = 4
		if !odd {
			start = 3
		}
	case 27:
		start = [4]int{0, 3, 6, 9}[s%4]
	case 40:
		start = 0
		if !odd {
			start = 6
		}
	}
	return mod12(start + part), deg
}

// VargaPlacement is a graha's or the lagna's place in a divisional chart.
type VargaPlacement struct {
	Name       string  `json:"name" doc:"graha, or Lagna" enum:"Lagna,Sun,Moon,Mars,Mercury,Jupiter,Venus,Saturn,Rahu,Ketu"`
	Sign       string  `json:"sign" doc:"sign in the divisional chart"`
	Rasi       string  `json:"rasi" doc:"sign in Sanskrit"`
	SignNumber int     `json:"sign_number" minimum:"1" maximum:"12" doc:"1 = Aries ... 12 = Pisces"`
	Degree     float64 `json:"degree" doc:"proportional degree in the divisional sign: how far through its division the longitude is, scaled to 0-30"`
	Vargottama bool    `json:"vargottama" doc:"same sign as in the rasi chart (d1)"`
}

// VargaChart is one divisional chart.
type VargaChart struct {
	Name      string           `json:"name" doc:"varga name" enum:"d1,d2,d3,d4,d7,d9,d10,d12,d16,d20,d24,d27,d30,d40,d45,d60"`
	Divisions int              `json:"divisions" doc:"parts of a sign"`
	Title     string           `json:"title" doc:"Sanskrit name" example:"Navamsa"`
	Rule      string           `json:"rule" doc:"how the divisions map to signs (Parashara, BPHS ch. 6)"`
	Lagna     VargaPlacement   `json:"lagna" doc:"the ascendant"`
	Grahas    []VargaPlacement `json:"grahas" doc:"the nine grahas in chart order"`
}

// VargasResult is the result of the vargas routes.
type VargasResult struct {
	Vargas   []VargaChart  `json:"vargas" doc:"the divisional charts asked for, in BPHS order"`
	Ayanamsa AyanamsaValue `json:"ayanamsa" doc:"the ayanamsa used and the one requested"`
	Warnings []string      `json:"warnings,omitempty" doc:"notes on the options"`
	NodeType NodeType      `json:"node_type" enum:"mean,true" doc:"node placing Rahu"`
	Source   engine.Source `json:"source" enum:"tables,swiss_ephemeris,moshier" doc:"ephemeris that produced the positions"`
}

func placement(name string, n int, lon float64) VargaPlacement {
	s, deg := vargaSign(n, lon)
	return VargaPlacement{Name: name, Sign: engine.Signs[s], Rasi: Rasis[s], SignNumber: s + 1, Degree: deg, Vargottama: s == signOf(lon)}
}

func (c *Chart) varga(v vargaDef) VargaChart {
	out := VargaChart{Name: v.name, Divisions: v.n, Title: v.title, Rule: v.rule, Lagna: placement("Lagna", v.n, c.d.asc)}
	out.Grahas = make([]VargaPlacement, numGrahas)
	for _, g := range Grahas {
		out.Grahas[g] = placement(g.String(), v.n, c.d.lon[g])
	}
	return out
}

// Varga returns the divisional chart called name (d1 ... d60), or an
// *UnknownVargaError.
func (c *Chart) Varga(name string) (*VargasResult, error) {
	key := strings.ToLower(name)
	for _, v := range vargaDefs {
		if v.name == key {
			return c.vargasResult([]VargaChart{c.varga(v)}), nil
		}
	}
	return nil, &UnknownVargaError{Name: name, Valid: VargaNames()}
}

// Vargas returns all sixteen divisional charts.
func (c *Chart) Vargas() *VargasResult {
	out := make([]VargaChart, len(vargaDefs))
	for i, v := range vargaDefs {
		out[i] = c.varga(v)
	}
	return c.vargasResult(out)
}

func (c *Chart) vargasResult(v []VargaChart) *VargasResult {
	return &VargasResult{Vargas: v, Ayanamsa: c.Ayanamsa, Warnings: c.Warnings, NodeType: c.d.node, Source: c.Source}
}
