package aspects

import (
	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/accuracy/measure"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

func TestHarmonic(t *testing.T) {
	for _, c := range []struct {
		n      int
		kinds  []Kind
		angles []float64
	}{
		{2, []Kind{Opposition}, []float64{180}},
		{5, []Kind{Quintile, Biquintile}, []float64{72, 144}},
		{7, []Kind{"septile", "biseptile", "triseptile"}, []float64{360.0 / 7, 720.0 / 7, 1080.0 / 7}},
		// The 8th holds 45 and 135 only: 90 is the 4th's, 180 the 2nd's.
		{8, []Kind{SemiSquare, Sesquiquadrate}, []float64{45, 135}},
		{9, []Kind{"novile", "binovile", "quadnovile"}, []float64{40, 80, 160}},
		{12, []Kind{SemiSextile, Quincunx}, []float64{30, 150}},
		{11, []Kind{"harmonic_11_1", "harmonic_11_2", "harmonic_11_3", "harmonic_11_4", "harmonic_11_5"}, nil},
	} {
		defs, err := Harmonic(c.n)
		if err != nil {
			t.Fatal(err)
		}
		var kinds []Kind
		for i, d := range defs {
			kinds = append(kinds, d.Kind)
			if c.angles != nil && measure.Over(math.Abs(d.Angle-c.angles[i]), 1e-12) {
				t.Errorf("harmonic %d: %s at %v, want %v", c.n, d.Kind, d.Angle, c.angles[i])
			}
			if d.Major != (d.Kind == Opposition || d.Kind == Trine || d.Kind == Square || d.Kind == Sextile) {
				t.Errorf("harmonic %d: %s major %v", c.n, d.Kind, d.Major)
			}
		}
		if !slices.Equal(kinds, c.kinds) {
			t.Errorf("harmonic %d: %v, want %v", c.n, kinds, c.kinds)
		}
	}
	for _, n := range []int{0, 1, MaxHarmonic + 1} {
		if _, err := Harmonic(n); err == nil {
			t.Errorf("harmonic %d accepted", n)
		}
	}
	// Every angle of every harmonic is 360k/n with k, n coprime, once.
	for n := 2; n <= MaxHarmonic; n++ {
		defs, _ := Harmonic(n)
		want := 0
		for k := 1; 2*k <= n; k++ {
			if gcd(k, n) == 1 {
				want++
			}
		}
		if len(defs) != want {
			t.Errorf("harmonic %d: %d aspects, want %d", n, len(defs), want)
		}
	}
}

func TestSelectionRules(t *testing.T) {
	names := func(rs []Rule) []Kind {
		var out []Kind
		for _, r := range rs {
			out = append(out, r.Kind)
		}
		return out
	}
	rs, errs := Selection{}.Rules()
	if len(errs) > 0 || !slices.Equal(names(rs), []Kind{Conjunction, Opposition, Trine, Square, Sextile}) {
		t.Errorf("default: %v %v", names(rs), errs)
	}
	rs, _ = Selection{Harmonics: []int{5}}.Rules()
	if !slices.Equal(names(rs), []Kind{Quintile, Biquintile}) || rs[0].Orb != 2.4 {
		t.Errorf("harmonics alone: %+v", rs)
	}
	rs, _ = Selection{Set: Minors, Orbs: map[string]float64{"trine": 3}}.Rules()
	if len(rs) != 7 || rs[0].Kind != Trine || rs[0].Orb != 3 {
		t.Errorf("minors plus a trine: %+v", rs)
	}
	// A harmonic aspect at an angle already held keeps the named one's
	// orb (the matcher drops the later duplicate).
	rs, _ = Selection{Set: Both, Harmonics: []int{5}, HarmonicOrb: 1}.Rules()
	m, err := NewRuleMatcher(rs)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range m.Rules() {
		if r.Kind == Quintile && r.Orb != 2 {
			t.Errorf("quintile orb %v, want the named 2", r.Orb)
		}
	}
	for _, c := range []struct {
		s     Selection
		field string
	}{
		{Selection{Set: "some"}, "aspect_set"},
		{Selection{Set: NoSet}, "aspect_set"},
		{Selection{Harmonics: []int{3, 1}}, "harmonics[1]"},
		{Selection{Harmonics: make([]int, 9)}, "harmonics"},
		{Selection{Harmonics: []int{5}, HarmonicOrb: 16}, "harmonic_orb"},
		{Selection{Orbs: map[string]float64{"novile": 1}}, "orbs.novile"},
	} {
		if _, errs := c.s.Rules(); len(errs) == 0 || !slices.ContainsFunc(errs, func(e *engine.FieldError) bool { return e.Field == c.field }) {
			t.Errorf("%+v: %v, want one naming %s", c.s, errs, c.field)
		}
	}
	// Too many aspects for one matcher.
	var many []Rule
	for n := 2; n <= MaxHarmonic; n++ {
		defs, _ := Harmonic(n)
		for _, d := range defs {
			many = append(many, Rule{d, 0.1})
		}
	}
	if _, err := NewRuleMatcher(many); err == nil {
		t.Errorf("%d rules accepted", len(many))
	}
}

// AppendCross against a brute force over random point sets with harmonic
// rules: every pair within an orb listed with the closest aspect.
func TestCrossBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(19, 20))
	var rules []Rule
	for _, n := range []int{5, 7, 9} {
		defs, _ := Harmonic(n)
		for _, d := range defs {
			rules = append(rules, Rule{d, DefaultHarmonicOrb(n)})
		}
	}
	rules = append(rules, Rules(DefaultOrbs(true))...)
	m, err := NewRuleMatcher(rules)
	if err != nil {
		t.Fatal(err)
	}
	act := m.Rules()
	for range 2000 {
		a := make([]Point, 1+r.IntN(12))
		b := make([]Point, 1+r.IntN(12))
		for i := range a {
			a[i] = Point{Name: "a" + string(rune('A'+i)), Longitude: r.Float64() * 360}
		}
		for i := range b {
			b[i] = Point{Name: "b" + string(rune('A'+i)), Longitude: r.Float64() * 360}
		}
		got := m.AppendCross(nil, a, b)
		k := 0
		for _, p := range a {
			for _, q := range b {
				sep := Separation(p.Longitude, q.Longitude)
				best, kind := math.Inf(1), Kind("")
				for _, rl := range act {
					if d := math.Abs(sep - rl.Angle); d <= rl.Orb && d < best {
						best, kind = d, rl.Kind
					}
				}
				if kind == "" {
					continue
				}
				if k >= len(got) || got[k].Point1 != p.Name || got[k].Point2 != q.Name || got[k].Aspect != kind || measure.Over(math.Abs(got[k].Orb-best), 1e-12) {
					t.Fatalf("%s-%s: brute force %s %v; got %+v", p.Name, q.Name, kind, best, got[k:])
				}
				k++
			}
		}
		if k != len(got) {
			t.Fatalf("%d aspects, brute force %d", len(got), k)
		}
	}
}
