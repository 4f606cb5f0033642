package relation

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	json "github.com/goccy/go-json"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/accuracy/measure"
	"github.com/astroapi/astroapi/engine/aspects"
	"github.com/astroapi/astroapi/engine/natal"
	"github.com/astroapi/astroapi/engine/patterns"
)

var bodyNames = []string{"Sun", "Moon", "Mercury", "Venus", "Mars", "Jupiter", "Saturn", "Uranus", "Neptune", "Pluto", natal.NorthNode, natal.SouthNode, "Lilith", "Chiron"}

// randomChart is a chart with random longitudes and speeds, equal houses
// from a random Ascendant and balances as natal weighs them.
func randomChart(r *rand.Rand) *natal.Chart {
	c := &natal.Chart{ZodiacType: "tropical", Source: engine.FromTables}
	asc := r.Float64() * 360
	c.Ascendant, c.Midheaven = natal.SignOf(asc), natal.SignOf(asc+270+r.Float64()*40-20)
	c.Houses = natal.Houses{System: engine.Equal, RequestedSystem: engine.Equal}
	for i := range 12 {
		s := natal.SignOf(asc + 30*float64(i))
		c.Houses.Cusps = append(c.Houses.Cusps, natal.Cusp{Number: i + 1, Sign: s.Sign, Degree: s.Degree, Longitude: s.Longitude})
	}
	var pp []patterns.Point
	for i, n := range bodyNames {
		s := natal.SignOf(r.Float64() * 360)
		speed := r.Float64()*3 - 0.5
		if n == natal.SouthNode {
			s = natal.SignOf(c.Planets[i-1].Longitude + 180)
			speed = c.Planets[i-1].Speed
		}
		c.Planets = append(c.Planets, natal.Planet{Name: n, Sign: s.Sign, Degree: s.Degree, Longitude: s.Longitude, Speed: speed, Retrograde: speed < 0, House: 1 + int(engine.Normalize(s.Longitude-asc)/30)})
		if i < 10 {
			w := 1.0
			if i < 2 {
				w = 2
			}
			pp = append(pp, patterns.Point{Longitude: s.Longitude, House: c.Planets[i].House, Weight: w, Shape: true})
		}
	}
	c.Patterns = patterns.Analyze(append(pp, patterns.Point{Longitude: asc, Weight: 2}))
	c.Conventions.Orbs = aspects.DefaultOrbs(false)
	return c
}

// TestInterAspectsBruteForce sets random pairs of charts against each
// other and compares the inter-aspects with a brute-force search over
// every pair of points and every aspect looked for: every pair within orb
// is present with its smallest orb (to 0.001 degree; the same arithmetic
// gives far less), applying/separating agrees with a finite step of both
// points at their speeds, and nothing else is listed.
func TestInterAspectsBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	orbSets := []aspects.Orbs{DefaultOrbs(false), DefaultOrbs(true),
		{aspects.Conjunction: 10, aspects.Trine: 9.5, aspects.Quincunx: 5, aspects.SemiSquare: 15, aspects.Sesquiquadrate: 1}}
	total := 0
	for n := range 2000 {
		c1, c2 := randomChart(r), randomChart(r)
		o := Options{MinorAspects: n%3 == 1}
		orbs := orbSets[n%3]
		if n%3 == 2 {
			o.Orbs = orbs
		}
		s := Synastrize(c1, c2, o)
		type key struct{ a, b string }
		got := map[key]InterAspect{}
		for _, a := range s.Aspects {
			got[key{a.Person1, a.Person2}] = a
		}
		p1, p2 := AspectPoints(c1), AspectPoints(c2)
		want := 0
		for _, p := range p1 {
			for _, q := range p2 {
				sep := math.Abs(math.Remainder(q.Longitude-p.Longitude, 360))
				best, bestDef := math.Inf(1), aspects.Def{}
				for _, d := range aspects.Defs {
					if orb, ok := orbs[d.Kind]; ok && math.Abs(sep-d.Angle) <= orb && math.Abs(sep-d.Angle) < best {
						best, bestDef = math.Abs(sep-d.Angle), d
					}
				}
				a, ok := got[key{p.Name, q.Name}]
				if math.IsInf(best, 1) {
					if ok {
						t.Fatalf("chart pair %d: %s-%s listed (%+v) but within no orb", n, p.Name, q.Name, a)
					}
					continue
				}
				want++
				if !ok || a.Aspect != bestDef.Kind || measure.Over(math.Abs(a.Orb-best), 0.001) {
					t.Fatalf("chart pair %d: %s-%s: brute force %s orb %v, got %+v (listed %v)", n, p.Name, q.Name, bestDef.Kind, best, a, ok)
				}
				// A tenth of a second on: the orb shrinks when applying.
				const dt = 1e-6
				later := math.Abs(math.Abs(math.Remainder(q.Longitude+q.Speed*dt-p.Longitude-p.Speed*dt, 360)) - bestDef.Angle)
				if p.Speed != q.Speed && measure.Over(math.Abs(later-best), 1e-12) && (later < best) != a.Applying {
					t.Fatalf("chart pair %d: %s-%s applying %v, orb %v -> %v", n, p.Name, q.Name, a.Applying, best, later)
				}
			}
		}
		if want != len(s.Aspects) {
			t.Fatalf("chart pair %d: %d aspects listed, brute force %d", n, len(s.Aspects), want)
		}
		total += want
	}
	t.Logf("%d inter-aspects over 2000 random pairs", total)
}

// TestScore: the documented method on hand-made aspects.
func TestScore(t *testing.T) {
	// Sun trine Venus at orb 2 of 8: 3 x 2 x 0.75 = 4.5; Saturn square
	// Moon at orb 0 of 7: -3 x 1 x 1 = -3; Neptune opposition Pluto at
	// orb 4 of 8: -2 x 0.5 x 0.5 = -0.5.
	as := []aspects.Aspect{
		{Point1: "Sun", Point2: "Venus", Aspect: aspects.Trine, Orb: 2},
		{Point1: "Saturn", Point2: "Moon", Aspect: aspects.Square, Orb: 0},
		{Point1: "Neptune", Point2: "Pluto", Aspect: aspects.Opposition, Orb: 4},
	}
	orbs := DefaultOrbs(false)
	var ia []InterAspect
	for i, want := range []float64{4.5, -3, -0.5} {
		w := Weight(as[i], orbs[as[i].Aspect])
		if measure.Over(math.Abs(w-want), 1e-12) {
			t.Errorf("%+v: weight %v, want %v", as[i], w, want)
		}
		ia = append(ia, InterAspect{Person1: as[i].Point1, Person2: as[i].Point2, Aspect: as[i].Aspect, Orb: as[i].Orb, Weight: w})
	}
	// Both all fire: affinity 1, element_score 100. Aspects: 100 x 4.5 /
	// 8 = 56.25 -> 56.3; score 0.75 x 56.25 + 25 = 67.1875 -> 67.2.
	fire := patterns.Elements{Fire: 5}
	c := Score(ia, fire, fire)
	if c.Harmony != 4.5 || c.Tension != 3.5 || c.Harmonious != 1 || c.Challenging != 2 || c.AspectScore != 56.3 || c.ElementScore != 100 || c.Score != 67.2 {
		t.Errorf("score %+v", c)
	}
	// Fire against water: affinity 0.
	if c := Score(nil, fire, patterns.Elements{Water: 3}); c.ElementScore != 0 || c.AspectScore != 50 || c.Score != 37.5 {
		t.Errorf("fire-water without aspects %+v", c)
	}
	for _, x := range []struct{ a, b, want string }{
		{"fire", "fire", "same"}, {"fire", "air", "complementary"}, {"earth", "water", "complementary"},
		{"fire", "earth", "neutral"}, {"air", "water", "neutral"}, {"fire", "water", "incompatible"},
		{"earth", "air", "incompatible"}, {"fire/water", "water", "same"}, {"earth/fire", "air", "complementary"},
	} {
		if got := elementRelation(x.a, x.b); got != x.want {
			t.Errorf("elementRelation(%s, %s) = %s, want %s", x.a, x.b, got, x.want)
		}
	}
}

// TestSynastryJSON: AppendJSON writes what go-json writes for the same
// synastry, numbers to 1e-7.
func TestSynastryJSON(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	for n := range 50 {
		s := Synastrize(randomChart(r), randomChart(r), Options{MinorAspects: n%2 == 0})
		var fast, slow any
		if err := json.Unmarshal(s.AppendJSON(nil), &fast); err != nil {
			t.Fatalf("AppendJSON is not JSON: %v", err)
		}
		ref, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(ref, &slow); err != nil {
			t.Fatal(err)
		}
		if d := diff(slow, fast, ""); d != "" {
			t.Fatalf("synastry %d: %s", n, d)
		}
	}
}

// TestSynastryRecycled: a synastry cast in the storage of a released one
// (Release) writes the same bytes as the first cast of the same charts,
// whatever the released one held (more or fewer inter-aspects).
func TestSynastryRecycled(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 16))
	for n := range 50 {
		c1, c2 := randomChart(r), randomChart(r)
		o := Options{MinorAspects: n%2 == 0}
		want := Synastrize(c1, c2, o).AppendJSON(nil)
		// Charts from randomChart have no store: their Release does nothing.
		other := Synastrize(randomChart(r), randomChart(r), Options{MinorAspects: n%3 == 0})
		other.Release()
		s := Synastrize(c1, c2, o)
		if got := s.AppendJSON(nil); !bytes.Equal(got, want) {
			t.Fatalf("pair %d: recycled synastry differs:\n%s\nwant\n%s", n, got, want)
		}
		s.Release()
	}
}

// diff compares decoded JSON, numbers within 1e-7 (the appenders write 7
// decimals).
func diff(want, got any, path string) string {
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok || len(g) != len(w) {
			return fmt.Sprintf("%s: object %v, got %v", path, keys(w), got)
		}
		for k, v := range w {
			if d := diff(v, g[k], path+"."+k); d != "" {
				return d
			}
		}
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) != len(w) {
			return fmt.Sprintf("%s: %d items, got %v", path, len(w), got)
		}
		for i := range w {
			if d := diff(w[i], g[i], fmt.Sprintf("%s[%d]", path, i)); d != "" {
				return d
			}
		}
	case float64:
		if g, ok := got.(float64); !ok || measure.Over(math.Abs(g-w), 1e-7*math.Max(1, math.Abs(w))) {
			return fmt.Sprintf("%s: %v, got %v", path, w, got)
		}
	default:
		if !reflect.DeepEqual(want, got) {
			return fmt.Sprintf("%s: %v, got %v", path, want, got)
		}
	}
	return ""
}

func keys(m map[string]any) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

// TestCompositeJSON: AppendJSON writes what go-json writes for the same
// composite, numbers to 1e-7, configurations included.
func TestCompositeJSON(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 24))
	configs := 0
	for n := range 200 {
		o := CompositeOptions{HouseSystem: engine.Placidus, MinorAspects: n%2 == 0}
		if n%3 == 0 {
			o.Sidereal, o.Method = engine.KP, Midpoints
		}
		c, err := Compose(frameOnly{eps: 23.4, aya: 23.9}, Person{Chart: randomChart(r), JD: 2450000}, Person{Chart: randomChart(r), JD: 2455000}, o)
		if err != nil {
			t.Fatal(err)
		}
		if n%5 == 0 {
			c.Omitted = []string{"Ceres"}
		}
		configs += len(c.Configurations)
		var fast, slow any
		if err := json.Unmarshal(c.AppendJSON(nil), &fast); err != nil {
			t.Fatalf("AppendJSON is not JSON: %v", err)
		}
		ref, err := json.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(ref, &slow); err != nil {
			t.Fatal(err)
		}
		if d := diff(slow, fast, ""); d != "" {
			t.Fatalf("composite %d: %s", n, d)
		}
	}
	if configs < 50 {
		t.Errorf("only %d configurations written", configs)
	}
}
