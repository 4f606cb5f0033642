package aspects

import (
	"fmt"
	"math"
	"strconv"
)

// Rule is an aspect looked for, with its orb in degrees: the named aspects
// of Defs, or the aspects of a harmonic (Harmonic).
type Rule struct {
	Def
	Orb float64
}

// MaxRules bounds the aspects one Matcher looks for (the sets of near are
// 64-bit).
const MaxRules = 64

// MaxHarmonic is the highest harmonic Harmonic offers: the 32nd divides
// the circle into 11.25° steps, about the smallest orb that still tells one
// aspect from the next.
const MaxHarmonic = 32

// Rules returns the rules of orbs, in the order of Defs (Ptolemaic first).
func Rules(orbs Orbs) []Rule {
	var out []Rule
	for _, def := range Defs {
		if orb, ok := orbs[def.Kind]; ok && orb > 0 {
			out = append(out, Rule{def, orb})
		}
	}
	return out
}

// harmonicNames are the traditional names of the aspects of the harmonics
// (Kepler's quintiles; the septiles, noviles and deciles of twentieth-
// century harmonic astrology after John Addey, Harmonics in Astrology,
// 1976), by harmonic and multiple.
var harmonicNames = map[[2]int]Kind{
	{2, 1}: Opposition, {3, 1}: Trine, {4, 1}: Square, {6, 1}: Sextile,
	{5, 1}: Quintile, {5, 2}: Biquintile,
	{7, 1}: "septile", {7, 2}: "biseptile", {7, 3}: "triseptile",
	{8, 1}: SemiSquare, {8, 3}: Sesquiquadrate,
	{9, 1}: "novile", {9, 2}: "binovile", {9, 4}: "quadnovile",
	{10, 1}: "decile", {10, 3}: "tredecile",
	{12, 1}: SemiSextile, {12, 5}: Quincunx,
}

// Harmonic returns the aspects proper to harmonic n (2 to MaxHarmonic):
// the angles 360·k/n for 1 <= k <= n/2 with k and n coprime, those that no
// lower harmonic already holds (the 8th gives the semi-square and the
// sesquiquadrate; its square belongs to the 4th and its opposition to the
// 2nd). Traditional names where there are some (quintile, septile,
// novile, decile, ...), otherwise "harmonic_<n>_<k>". Only the Ptolemaic
// aspects are Major. The conjunction belongs to every harmonic and is
// left to the named set.
func Harmonic(n int) ([]Def, error) {
	if n < 2 || n > MaxHarmonic {
		return nil, fmt.Errorf("harmonic must be between 2 and %d", MaxHarmonic)
	}
	var out []Def
	for k := 1; 2*k <= n; k++ {
		if gcd(k, n) != 1 {
			continue
		}
		name, ok := harmonicNames[[2]int{n, k}]
		if !ok {
			name = Kind("harmonic_" + strconv.Itoa(n) + "_" + strconv.Itoa(k))
		}
		major := false
		if d, known := name.Def(); known {
			major = d.Major
		}
		out = append(out, Def{Kind: name, Angle: 360 * float64(k) / float64(n), Major: major})
	}
	return out, nil
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// NewRuleMatcher resolves a list of rules: the aspects looked for need not
// be those of Defs (harmonics). Rules with the same angle as an earlier one
// are dropped (the first wins); at most MaxRules remain.
func NewRuleMatcher(rules []Rule) (*Matcher, error) {
	m := new(Matcher)
	m.act = m.buf[:0]
	for _, r := range rules {
		if !(r.Orb > 0) {
			continue
		}
		dup := false
		for _, a := range m.act {
			dup = dup || math.Abs(a.def.Angle-r.Angle) < 1e-9
		}
		if !dup {
			m.act = append(m.act, activeDef{r.Def, r.Orb})
		}
	}
	if len(m.act) > MaxRules {
		return nil, fmt.Errorf("%d aspects asked for; at most %d", len(m.act), MaxRules)
	}
	m.index()
	return m, nil
}

// Rules returns the aspects m looks for, with their orbs.
func (m *Matcher) Rules() []Rule {
	out := make([]Rule, len(m.act))
	for i, a := range m.act {
		out[i] = Rule{a.def, a.orb}
	}
	return out
}

// Match returns the aspect m finds between longitudes a and b (degrees),
// the closest to exact within its orb, and its orb; ok is false when there
// is none. It allocates nothing.
func (m *Matcher) Match(a, b float64) (def Def, orb float64, ok bool) {
	k, _, _, orb := m.match(a, b)
	if k < 0 {
		return Def{}, 0, false
	}
	return m.act[k].def, orb, true
}

// AppendCross appends the aspects from each point of a to each point of b
// (the inter-chart aspects of synastry, or transits to a natal chart), in
// the order of a then b: Point1 is from a, Point2 from b. Applying and
// separating are judged from both points' speeds, as within a chart.
func (m *Matcher) AppendCross(out []Aspect, a, b []Point) []Aspect {
	for i := range a {
		p := &a[i]
		for j := range b {
			if k, d, sep, orb := m.match(p.Longitude, b[j].Longitude); k >= 0 {
				out = append(out, build(p, &b[j], m.act[k].def, d, sep, orb))
			}
		}
	}
	return out
}
