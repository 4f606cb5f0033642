package vedic

import "github.com/astroapi/astroapi/engine"

// The contributors of an ashtakavarga: the seven grahas and the lagna.
const lagnaRef = 7

var refNames = [8]string{"Sun", "Moon", "Mars", "Mercury", "Jupiter", "Venus", "Saturn", "Lagna"}

// bindus[of][from] lists the houses, counted from contributor from, in
// which the bhinnashtakavarga of of (Sun..Saturn, then Lagna) gets a bindu.
// The seven graha tables are BPHS ch. 66 (Santhanam's edition, as B. V.
// Raman's "Ashtakavarga System of Prediction" tabulates them): 48, 49, 39,
// 54, 56, 52 and 39 bindus, 337 in all. The lagna's own ashtakavarga (49
// bindus) is the one Jagannatha Hora and P. V. R. Narasimha Rao's textbook
// use; it is not part of the sarvashtakavarga.
var bindus = [8][8][]int{
	Sun: {
		{1, 2, 4, 7, 8, 9, 10, 11}, {3, 6, 10, 11}, {1, 2, 4, 7, 8, 9, 10, 11}, {3, 5, 6, 9, 10, 11, 12},
		{5, 6, 9, 11}, {6, 7, 12}, {1, 2, 4, 7, 8, 9, 10, 11}, {3, 4, 6, 10, 11, 12},
	},
	Moon: {
		{3, 6, 7, 8, 10, 11}, {1, 3, 6, 7, 10, 11}, {2, 3, 5, 6, 9, 10, 11}, {1, 3, 4, 5, 7, 8, 10, 11},
		{1, 4, 7, 8, 10, 11, 12}, {3, 4, 5, 7, 9, 10, 11}, {3, 5, 6, 11}, {3, 6, 10, 11},
	},
	Mars: {
		{3, 5, 6, 10, 11}, {3, 6, 11}, {1, 2, 4, 7, 8, 10, 11}, {3, 5, 6, 11},
		{6, 10, 11, 12}, {6, 8, 11, 12}, {1, 4, 7, 8, 9, 10, 11}, {1, 3, 6, 10, 11},
	},
	Mercury: {
		{5, 6, 9, 11, 12}, {2, 4, 6, 8, 10, 11}, {1, 2, 4, 7, 8, 9, 10, 11}, {1, 3, 5, 6, 9, 10, 11, 12},
		{6, 8, 11, 12}, {1, 2, 3, 4, 5, 8, 9, 11}, {1, 2, 4, 7, 8, 9, 10, 11}, {1, 2, 4, 6, 8, 10, 11},
	},
	Jupiter: {
		{1, 2, 3, 4, 7, 8, 9, 10, 11}, {2, 5, 7, 9, 11}, {1, 2, 4, 7, 8, 10, 11}, {1, 2, 4, 5, 6, 9, 10, 11},
		{1, 2, 3, 4, 7, 8, 10, 11}, {2, 5, 6, 9, 10, 11}, {3, 5, 6, 12}, {1, 2, 4, 5, 6, 7, 9, 10, 11},
	},
	Venus: {
		{8, 11, 12}, {1, 2, 3, 4, 5, 8, 9, 11, 12}, {3, 5, 6, 9, 11, 12}, {3, 5, 6, 9, 11},
		{5, 8, 9, 10, 11}, {1, 2, 3, 4, 5, 8, 9, 10, 11}, {3, 4, 5, 8, 9, 10, 11}, {1, 2, 3, 4, 5, 8, 9, 11},
	},
	Saturn: {
		{1, 2, 4, 7, 8, 10, 11}, {3, 6, 11}, {3, 5, 6, 10, 11, 12}, {6, 8, 9, 10, 11, 12},
		{5, 6, 11, 12}, {6, 11, 12}, {3, 5, 6, 11}, {1, 3, 4, 6, 10, 11},
	},
	lagnaRef: {
		{3, 4, 6, 10, 11, 12}, {3, 6, 10, 11, 12}, {1, 3, 6, 10, 11}, {1, 2, 4, 6, 8, 10, 11},
		{1, 2, 4, 5, 6, 7, 9, 10, 11}, {1, 2, 3, 4, 5, 8, 9}, {1, 3, 4, 6, 10, 11}, {3, 6, 10, 11},
	},
}

// AshtakavargaTables names a set of bindu tables.
type AshtakavargaTables string

// The bindu tables offered. They differ in four rows only. BPHS ch. 66
// (with Saravali 53.3-7) gives the Moon bindus in the 1st, 3rd, 6th, 7th,
// 10th and 11th from herself, the 2nd, 3rd, 5th, 6th, 9th, 10th and 11th
// from Mars and the 1st, 4th, 7th, 8th, 10th, 11th and 12th from Jupiter,
// and Venus the 3rd, 5th, 6th, 9th, 11th and 12th from Mars. P. V. R.
// Narasimha Rao's textbook ("Vedic Astrology: An Integrated Approach", ch.
// 12) and Jagannatha Hora give the Moon the 9th from herself but not from
// Mars, the 2nd from Jupiter (as Phaladeepika 23.4 does) instead of the
// 12th, and Venus the 4th from Mars instead of the 5th. Totals are equal.
const (
	ParasharaTables AshtakavargaTables = "parashara"
	RaoTables       AshtakavargaTables = "narasimha_rao"
)

// DefaultAshtakavargaTables are the tables used when a request names none.
const DefaultAshtakavargaTables = ParasharaTables

// EnumValues lists the table sets.
func (AshtakavargaTables) EnumValues() []string {
	return []string{string(ParasharaTables), string(RaoTables)}
}

// Validate checks t, naming the API field "tables".
func (t AshtakavargaTables) Validate() engine.Fields {
	if t != "" && t != ParasharaTables && t != RaoTables {
		return engine.Fields{{Field: "tables", Reason: `must be "parashara" or "narasimha_rao"`}}
	}
	return nil
}

// raoBindus are the tables of RaoTables.
var raoBindus = func() [8][8][]int {
	t := bindus
	t[Moon][Moon] = []int{1, 3, 6, 7, 9, 10, 11}
	t[Moon][Mars] = []int{2, 3, 5, 6, 10, 11}
	t[Moon][Jupiter] = []int{1, 2, 4, 7, 8, 10, 11}
	t[Venus][Mars] = []int{3, 4, 6, 9, 11, 12}
	return t
}()

// Contribution is the row of one contributor in a bhinnashtakavarga: a bindu
// (1) or none (0) per sign (the prastara).
type Contribution struct {
	From   string  `json:"from" doc:"contributor: a graha or Lagna" enum:"Sun,Moon,Mars,Mercury,Jupiter,Venus,Saturn,Lagna"`
	Bindus [12]int `json:"bindus" doc:"1 where this contributor gives a bindu, per sign Aries..Pisces"`
}

// BAV is the bhinnashtakavarga of one graha or of the lagna.
type BAV struct {
	Of       string         `json:"of" doc:"whose ashtakavarga" enum:"Sun,Moon,Mars,Mercury,Jupiter,Venus,Saturn,Lagna"`
	Bindus   [12]int        `json:"bindus" doc:"bindus per sign, Aries..Pisces, 0-8"`
	Total    int            `json:"total" doc:"sum of the bindus: Sun 48, Moon 49, Mars 39, Mercury 54, Jupiter 56, Venus 52, Saturn 39, Lagna 49 for every chart"`
	Prastara []Contribution `json:"prastara" doc:"the eight contributions that add up to the bindus"`
}

// SAV is the sarvashtakavarga: the seven grahas' bindus added per sign.
type SAV struct {
	Bindus  [12]int `json:"bindus" doc:"bindus per sign, Aries..Pisces"`
	ByHouse [12]int `json:"by_house" doc:"the same bindus per whole-sign house, 1st to 12th from the lagna"`
	Total   int     `json:"total" doc:"always 337"`
}

// Ashtakavarga is the result of the ashtakavarga route.
type Ashtakavarga struct {
	Signs       []string           `json:"signs" doc:"the order of every per-sign array: Aries..Pisces"`
	Bhinna      []BAV              `json:"bhinnashtakavarga" doc:"the seven grahas' and the lagna's ashtakavargas"`
	Sarva       SAV                `json:"sarvashtakavarga" doc:"sum of the seven grahas' ashtakavargas (the lagna's is not added)"`
	Ayanamsa    AyanamsaValue      `json:"ayanamsa" doc:"the ayanamsa used and the one requested"`
	Warnings    []string           `json:"warnings,omitempty" doc:"notes on the options"`
	Tables      AshtakavargaTables `json:"tables" doc:"bindu tables used" enum:"parashara,narasimha_rao"`
	Conventions string             `json:"conventions" doc:"the tables used"`
}

// Ashtakavarga computes the bhinnashtakavargas (the seven grahas and the
// lagna) and the sarvashtakavarga of the rasi chart with the tables t (""
// means DefaultAshtakavargaTables). Only signs count, never degrees.
func (c *Chart) Ashtakavarga(t AshtakavargaTables) (*Ashtakavarga, error) {
	if errs := t.Validate(); len(errs) > 0 {
		return nil, errs
	}
	if t == "" {
		t = DefaultAshtakavargaTables
	}
	table := &bindus
	if t == RaoTables {
		table = &raoBindus
	}
	var ref [8]int // signs of the contributors
	for i, g := range Seven {
		ref[i] = c.d.sign[g]
	}
	ref[lagnaRef] = c.d.ascSign
	out := &Ashtakavarga{
		Signs: engine.Signs[:], Ayanamsa: c.Ayanamsa, Warnings: c.Warnings,
		Tables:      t,
		Conventions: "bindu tables of BPHS ch. 66 for the seven grahas (or their narasimha_rao variant, see tables); the lagna's own ashtakavarga as in Jagannatha Hora; whole signs of the rasi chart; sarvashtakavarga = the seven grahas' tables added",
	}
	for of := range 8 {
		b := BAV{Of: refNames[of], Prastara: make([]Contribution, 8)}
		for from := range 8 {
			row := Contribution{From: refNames[from]}
			for _, h := range table[of][from] {
				s := mod12(ref[from] + h - 1)
				row.Bindus[s] = 1
				b.Bindus[s]++
				b.Total++
			}
			b.Prastara[from] = row
		}
		if of < lagnaRef {
			for s := range 12 {
				out.Sarva.Bindus[s] += b.Bindus[s]
			}
			out.Sarva.Total += b.Total
		}
		out.Bhinna = append(out.Bhinna, b)
	}
	for h := range 12 {
		out.Sarva.ByHouse[h] = out.Sarva.Bindus[mod12(c.d.ascSign+h)]
	}
	return out, nil
}
