package aspects

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/astroapi/astroapi/engine/accuracy/measure"
)

// Hand-checked chart: each expectation below was worked out on paper from
// the longitudes and speeds given.
func TestFindExample(t *testing.T) {
	pts := []Point{
		{"Sun", 10, 0.98},      // 10 Aries
		{"Moon", 128, 13.2},    // 8 Leo: 118 from the Sun, moving away -> trine applying
		{"Mars", 193, 0.6},     // 13 Libra: 183 from the Sun, opposition orb 3; Sun gains on Mars so the arc Sun->Mars shrinks toward 180 -> applying
		{"Saturn", 355, -0.05}, // 25 Pisces: 15 from the Sun, no Ptolemaic aspect
		{"Venus", 358.5, 1.2},  // 28.5 Pisces, 11.5 from the Sun: none; 3.5 from Saturn: conjunction, Venus moving away -> separating
	}
	got := Find(pts, DefaultOrbs(false))
	want := []Aspect{
		{Point1: "Sun", Point2: "Moon", Aspect: Trine, Angle: 120, Separation: 118, Orb: 2, Applying: true, Major: true},
		{Point1: "Sun", Point2: "Mars", Aspect: Opposition, Angle: 180, Separation: 177, Orb: 3, Applying: true, Major: true},
		// The fast Moon closes on Mars: 65 -> 60, applying.
		{Point1: "Moon", Point2: "Mars", Aspect: Sextile, Angle: 60, Separation: 65, Orb: 5, Applying: true, Major: true},
		{Point1: "Saturn", Point2: "Venus", Aspect: Conjunction, Angle: 0, Separation: 3.5, Orb: 3.5, Applying: false, Major: true},
	}
	if d := cmp.Diff(want, got, cmp.Comparer(func(a, b float64) bool { return math.Abs(a-b) < 1e-9 })); d != "" {
		t.Errorf("(-want +got)\n%s", d)
	}
	// Minor aspects on request: Moon-Saturn are 133 apart, a sesquiquadrate
	// (135) within its orb of 2.
	minor := Find(pts, DefaultOrbs(true))
	found := false
	for _, a := range minor {
		if a.Point1 == "Moon" && a.Point2 == "Saturn" {
			found = a.Aspect == Sesquiquadrate && math.Abs(a.Orb-2) < 1e-9 && !a.Major
		}
	}
	if !found {
		t.Errorf("Moon-Saturn sesquiquadrate missing from %+v", minor)
	}
}

// Properties over random points: symmetric in the pair, orb within bounds,
// separation and angle consistent, applying agrees with a finite step.
func TestFindProperties(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	orbs := DefaultOrbs(true)
	n := 0
	for range 20000 {
		p := Point{"p", r.Float64() * 360, r.Float64()*30 - 2}
		q := Point{"q", r.Float64() * 360, r.Float64()*30 - 2}
		a, ok := Between(p, q, orbs)
		b, okb := Between(q, p, orbs)
		if ok != okb {
			t.Fatalf("asymmetric: %v %v for %+v %+v", ok, okb, p, q)
		}
		if !ok {
			continue
		}
		n++
		if a.Aspect != b.Aspect || measure.Over(math.Abs(a.Orb-b.Orb), 1e-9) || a.Applying != b.Applying {
			t.Fatalf("asymmetric: %+v vs %+v", a, b)
		}
		if measure.Over(a.Orb, orbs[a.Aspect]+1e-12) || a.Orb < 0 {
			t.Fatalf("orb %v beyond %v", a.Orb, orbs[a.Aspect])
		}
		if measure.Over(math.Abs(math.Abs(a.Separation-a.Angle)-a.Orb), 1e-9) || a.Separation < 0 || measure.Over(a.Separation, 180) {
			t.Fatalf("inconsistent %+v", a)
		}
		// Step both bodies a little forward in time and see the orb move.
		const dt = 1e-4
		p2, q2 := p, q
		p2.Longitude += p.Speed * dt
		q2.Longitude += q.Speed * dt
		orb2 := math.Abs(Separation(p2.Longitude, q2.Longitude) - a.Angle)
		if measure.Over(a.Orb, 1e-3) && (orb2 < a.Orb) != a.Applying {
			t.Fatalf("applying %v but orb %v -> %v for %+v %+v", a.Applying, a.Orb, orb2, p, q)
		}
	}
	if n < 1000 {
		t.Fatalf("only %d aspects found in 20000 pairs", n)
	}
}

func TestOnlyRequested(t *testing.T) {
	pts := []Point{{"a", 0, 0}, {"b", 45, 0}}
	if got := Find(pts, DefaultOrbs(false)); len(got) != 0 {
		t.Errorf("semi-square without minor: %+v", got)
	}
	if got := Find(pts, Orbs{SemiSquare: 1}); len(got) != 1 || got[0].Aspect != SemiSquare {
		t.Errorf("custom orbs: %+v", got)
	}
	// Across the 0/360 seam.
	if got := Find([]Point{{"a", 359, 0}, {"b", 1, 0}}, DefaultOrbs(false)); len(got) != 1 || got[0].Orb != 2 {
		t.Errorf("seam: %+v", got)
	}
}

func BenchmarkFind(b *testing.B) {
	r := rand.New(rand.NewPCG(3, 4))
	pts := make([]Point, 16)
	for i := range pts {
		pts[i] = Point{"x", r.Float64() * 360, r.Float64()}
	}
	orbs := DefaultOrbs(false)
	b.ReportAllocs()
	for b.Loop() {
		Find(pts, orbs)
	}
}

// TestSignedArc: the pair loop's reduction of the longitude difference
// gives the separation of the plain rounding formula, at the half-turn
// boundaries too and for longitudes outside [0, 360).
func TestSignedArc(t *testing.T) {
	orbs := Orbs{Conjunction: 180} // every pair aspects, so Separation is reported
	lons := []float64{0, 1e-13, 90, 179.99999999999997, 180, 180.00000000000003, 270, 359.99999999999994, -10, 400, 725.5, -540}
	for _, a := range lons {
		for _, b := range lons {
			got, ok := Between(Point{Longitude: a}, Point{Longitude: b}, orbs)
			d := b - a
			want := math.Abs(d - 360*math.Round(d/360))
			if !ok || got.Separation != want {
				t.Errorf("%v, %v: separation %v (ok %v), want %v", a, b, got.Separation, ok, want)
			}
		}
	}
}

// TestMatcherMatchesScan: the matcher's degree index finds exactly what
// trying every aspect finds, for random points and random (overlapping,
// wide, zero) orbs.
func TestMatcherMatchesScan(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for round := range 500 {
		orbs := Orbs{}
		for _, d := range Defs {
			if r.IntN(3) > 0 {
				orbs[d.Kind] = []float64{0, 0.5, 2, 8, 15, r.Float64() * 15}[r.IntN(6)]
			}
		}
		if round == 0 {
			orbs = DefaultOrbs(true)
		}
		pts := make([]Point, 20)
		for i := range pts {
			pts[i] = Point{Name: string(rune('a' + i)), Longitude: r.Float64()*720 - 180, Speed: r.Float64() - 0.5}
			if i%7 == 0 { // exact aspects and orb edges
				pts[i].Longitude = pts[0].Longitude + []float64{0, 90, 180, 120.5, 8, -7}[r.IntN(6)]
			}
		}
		m := NewMatcher(orbs)
		got := m.AppendFind(nil, pts)
		var want []Aspect
		for i := range pts {
			for j := i + 1; j < len(pts); j++ {
				if a, ok := scanBetween(pts[i], pts[j], orbs); ok {
					want = append(want, a)
				}
			}
		}
		if !slices.Equal(got, want) {
			t.Fatalf("orbs %v: matcher %d aspects, scan %d\n%+v\n%+v", orbs, len(got), len(want), got, want)
		}
	}
}

// scanBetween is the aspect between p and q found by trying every aspect
// of orbs: the reference the matcher's degree index must agree with.
func scanBetween(p, q Point, orbs Orbs) (Aspect, bool) {
	d := q.Longitude - p.Longitude
	d -= 360 * math.Round(d/360)
	sep := math.Abs(d)
	best, bestOrb := -1, math.Inf(1)
	for k, def := range Defs {
		if orb, ok := orbs[def.Kind]; ok && orb > 0 {
			if o := math.Abs(sep - def.Angle); o <= orb && o < bestOrb {
				best, bestOrb = k, o
			}
		}
	}
	if best < 0 {
		return Aspect{}, false
	}
	return build(&p, &q, Defs[best], d, sep, bestOrb), true
}
