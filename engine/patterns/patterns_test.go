package patterns

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// Hand-built charts, one per shape, each drawn on paper against Jones'
// figures before writing the expectation.
var shapeCases = []struct {
	name string
	lons []float64
	want Shape
}{
	{"BundleWithinTrine", []float64{10, 20, 25, 40, 55, 70, 90, 100, 115, 125}, Bundle},
	{"BundleAcrossAries", []float64{300, 310, 320, 330, 340, 350, 0, 10, 20, 50}, Bundle},
	{"BowlHalfCircle", []float64{0, 20, 40, 60, 80, 100, 120, 140, 160, 178}, Bowl},
	{"BucketHandleOpposite", []float64{0, 20, 40, 60, 80, 100, 120, 140, 160, 270}, Bucket},
	{"BucketHandlePair", []float64{0, 20, 40, 60, 80, 100, 120, 160, 268, 275}, Bucket},
	{"LocomotiveEmptyTrine", []float64{0, 25, 50, 75, 100, 125, 150, 175, 200, 230}, Locomotive},
	{"NotBucketHandleNearRim", []float64{0, 20, 40, 60, 80, 100, 120, 140, 160, 200}, Locomotive},
	{"SeesawTwoGroups", []float64{0, 15, 30, 45, 60, 160, 175, 190, 205, 260}, Seesaw},
	{"LocomotiveBeatsSeesaw", []float64{0, 15, 30, 45, 60, 180, 195, 210, 225, 240}, Locomotive},
	{"SplashEven", []float64{0, 36, 72, 108, 144, 180, 216, 252, 288, 324}, Splash},
	{"SplayThreeClusters", []float64{0, 10, 20, 120, 130, 140, 240, 250, 260, 265}, Splay},
	{"SplayOneWideGap", []float64{0, 30, 60, 90, 120, 150, 180, 210, 240, 270}, Splay},
}

func TestShapeOf(t *testing.T) {
	for _, c := range shapeCases {
		t.Run(c.name, func(t *testing.T) {
			if got := ShapeOf(slices.Clone(c.lons)); got != c.want {
				t.Errorf("ShapeOf(%v) = %s, want %s", c.lons, got, c.want)
			}
		})
	}
}

// The shape depends only on the figure: rotating the whole chart, mirroring
// it, or listing the planets in another order changes nothing.
func TestShapeInvariance(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	check := func(lons []float64) {
		t.Helper()
		want := ShapeOf(slices.Clone(lons))
		for range 20 {
			rot := r.Float64() * 360
			x := make([]float64, len(lons))
			y := make([]float64, len(lons))
			for i, l := range lons {
				x[i] = l + rot
				y[i] = rot - l
			}
			r.Shuffle(len(x), func(i, j int) { x[i], x[j] = x[j], x[i] })
			if got := ShapeOf(x); got != want {
				t.Fatalf("rotated by %.1f: %s, want %s (%v)", rot, got, want, lons)
			}
			if got := ShapeOf(y); got != want {
				t.Fatalf("mirrored: %s, want %s (%v)", got, want, lons)
			}
		}
	}
	for _, c := range shapeCases {
		check(c.lons)
	}
	seen := map[Shape]int{}
	for range 2000 {
		lons := make([]float64, 10)
		spread := 60 + r.Float64()*300
		for i := range lons {
			lons[i] = r.Float64() * spread
		}
		check(lons)
		seen[ShapeOf(lons)]++
	}
	for _, s := range Shapes {
		if seen[s] == 0 {
			t.Errorf("random charts never gave %s: %v", s, seen)
		}
	}
}

func TestAnalyze(t *testing.T) {
	// Sun 15 Leo (fire, fixed) weight 2, Moon 3 Taurus (earth, fixed) 2,
	// Mercury 28 Cancer (water, cardinal) 1, Venus 10 Virgo (earth, mutable) 1,
	// Ascendant 20 Scorpio (water, fixed) 2 (not a shape point).
	pts := []Point{
		{Longitude: 135, House: 10, Weight: 2, Shape: true},
		{Longitude: 33, House: 7, Weight: 2, Shape: true},
		{Longitude: 118, House: 9, Weight: 1, Shape: true},
		{Longitude: 160, House: 11, Weight: 1, Shape: true},
		{Longitude: 230, Weight: 2},
	}
	got := Analyze(pts)
	if got.Elements != (Elements{Fire: 2, Earth: 3, Air: 0, Water: 3}) {
		t.Errorf("elements %+v", got.Elements)
	}
	if got.DominantElement != "earth/water" {
		t.Errorf("dominant element %q", got.DominantElement)
	}
	if got.Modalities != (Modalities{Cardinal: 1, Fixed: 6, Mutable: 1}) || got.DominantModality != "fixed" {
		t.Errorf("modalities %+v %q", got.Modalities, got.DominantModality)
	}
	// Houses 10, 7, 9, 11: all southern; eastern 10, 11; western 7, 9.
	if got.Hemispheres != (Hemispheres{Northern: 0, Southern: 4, Eastern: 2, Western: 2}) || got.HemisphereEmphasis != "southern" {
		t.Errorf("hemispheres %+v %q", got.Hemispheres, got.HemisphereEmphasis)
	}
	if got.ChartShape != Bowl { // 33..160: a span of 127
		t.Errorf("shape %s", got.ChartShape)
	}
	bal := Analyze([]Point{{0, 1, 1, true}, {90, 4, 1, true}, {180, 7, 1, true}, {270, 10, 1, true}})
	if bal.HemisphereEmphasis != "balanced" {
		t.Errorf("balanced chart: %q", bal.HemisphereEmphasis)
	}
}

func BenchmarkAnalyze(b *testing.B) {
	pts := make([]Point, 12)
	for i := range pts {
		pts[i] = Point{Longitude: float64(i) * 29, House: i + 1, Weight: 1, Shape: i < 10}
	}
	b.ReportAllocs()
	for b.Loop() {
		Analyze(pts)
	}
}

// TestTies: equal top scores are all named, in the documented order,
// joined with "/"; a balanced hemisphere count says so.
func TestTies(t *testing.T) {
	// Aries (fire, cardinal) and Taurus (earth, fixed), one point each, in
	// houses 1 and 3: both northern and eastern.
	got := Analyze([]Point{
		{Longitude: 10, House: 1, Weight: 1, Shape: true},
		{Longitude: 40, House: 3, Weight: 1, Shape: true},
	})
	if got.DominantElement != "fire/earth" || got.DominantModality != "cardinal/fixed" {
		t.Errorf("element %q, modality %q", got.DominantElement, got.DominantModality)
	}
	if got.HemisphereEmphasis != "northern/eastern" {
		t.Errorf("hemispheres %q (%+v)", got.HemisphereEmphasis, got.Hemispheres)
	}
	four := Analyze([]Point{
		{Longitude: 10, House: 1, Weight: 1, Shape: true}, {Longitude: 40, House: 4, Weight: 1, Shape: true},
		{Longitude: 70, House: 7, Weight: 1, Shape: true}, {Longitude: 100, House: 10, Weight: 1, Shape: true},
	})
	if four.DominantElement != "fire/earth/air/water" || four.HemisphereEmphasis != "balanced" {
		t.Errorf("element %q, hemispheres %q", four.DominantElement, four.HemisphereEmphasis)
	}
}
