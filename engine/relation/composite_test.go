package relation

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/accuracy/measure"
	"github.com/astroapi/astroapi/engine/houses"
	"github.com/astroapi/astroapi/engine/natal"
)

// frameOnly is a position source that knows only the obliquity and the
// ayanamsa, all a composite asks of it.
type frameOnly struct{ eps, aya float64 }

func (f frameOnly) Position(engine.JDUT, engine.Body, engine.Options) (engine.Position, error) {
	return engine.Position{}, engine.ErrOutOfRange
}
func (f frameOnly) Houses(engine.JDUT, float64, float64, engine.HouseSystem, engine.Ayanamsa) (engine.Houses, error) {
	return engine.Houses{}, engine.ErrOutOfRange
}
func (f frameOnly) Ayanamsa(engine.JDUT, engine.Ayanamsa) (float64, error) { return f.aya, nil }
func (f frameOnly) Obliquity(engine.JDUT) (float64, float64, error)        { return f.eps, 0, nil }

func TestCompositeProperties(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 16))
	pos := frameOnly{eps: 23.44, aya: 24.1}
	for n := range 500 {
		c1, c2 := randomChart(r), randomChart(r)
		p1 := Person{Chart: c1, JD: 2451545, Latitude: r.Float64()*100 - 50}
		p2 := Person{Chart: c2, JD: 2460000, Latitude: r.Float64()*100 - 50}
		o := CompositeOptions{HouseSystem: []engine.HouseSystem{engine.Placidus, engine.Koch, engine.Regiomontanus, engine.Equal, engine.WholeSign, engine.Porphyry}[n%6]}
		if n%2 == 1 {
			o.Method = Midpoints
		}
		if n%4 == 3 {
			o.Sidereal = engine.Lahiri
		}
		c, err := Compose(pos, p1, p2, o)
		if err != nil {
			t.Fatal(err)
		}
		swapped, err := Compose(pos, p2, p1, o)
		if err != nil {
			t.Fatal(err)
		}
		for i, b := range c.Planets {
			want := Midpoint(c1.Planets[i].Longitude, c2.Planets[i].Longitude)
			if b.Name == natal.SouthNode {
				want = engine.Normalize(c.Planets[i-1].Longitude + 180)
			}
			if b.Name != c1.Planets[i].Name || measure.Over(math.Abs(math.Remainder(b.Longitude-want, 360)), 1e-12) {
				t.Fatalf("composite %d: %s at %v, want %v", n, b.Name, b.Longitude, want)
			}
			if b.Longitude != swapped.Planets[i].Longitude || b.House != swapped.Planets[i].House {
				t.Fatalf("composite %d: %s depends on the order of the people", n, b.Name)
			}
			if h := houses.Of(b.Longitude, cuspArray(c)); h != b.House {
				t.Fatalf("composite %d: %s in house %d, cusps say %d", n, b.Name, b.House, h)
			}
		}
		mc := Midpoint(c1.Midheaven.Longitude, c2.Midheaven.Longitude)
		if measure.Over(math.Abs(math.Remainder(c.Midheaven.Longitude-mc, 360)), 1e-9) {
			t.Fatalf("composite %d (%s): Midheaven %v, midpoint %v", n, o.Method, c.Midheaven.Longitude, mc)
		}
		cu := cuspArray(c)
		for i := range 6 {
			if measure.Over(math.Abs(math.Remainder(cu[i+6]-cu[i]-180, 360)), 1e-9) {
				t.Fatalf("composite %d: cusps %d and %d not opposite: %v", n, i+1, i+7, cu)
			}
		}
		switch {
		case o.HouseSystem == engine.Equal:
			if measure.Over(math.Abs(math.Remainder(cu[0]-c.Ascendant.Longitude, 360)), 1e-9) {
				t.Fatalf("composite %d: equal houses do not start at the Ascendant", n)
			}
		case o.Method == Midpoints && o.HouseSystem != engine.WholeSign:
			asc := Midpoint(c1.Ascendant.Longitude, c2.Ascendant.Longitude)
			if c.Ascendant.Longitude != asc || cu[9] != Midpoint(c1.Houses.Cusps[9].Longitude, c2.Houses.Cusps[9].Longitude) {
				t.Fatalf("composite %d: midpoints method angles %v %v", n, c.Ascendant.Longitude, cu[9])
			}
		case o.Method != Midpoints:
			// Derived: the ARMC gives the Midheaven back, and the cusps are
			// those of houses.Cusps there.
			h := houses.CuspsSidereal(o.HouseSystem, c.Frame.ARMC, pos.eps, c.Frame.Latitude, c.Frame.AyanamsaAt)
			for i := range 12 {
				if measure.Over(math.Abs(math.Remainder(h.Cusps[i]-cu[i], 360)), 1e-9) {
					t.Fatalf("composite %d: cusp %d %v, houses.Cusps %v", n, i+1, cu[i], h.Cusps[i])
				}
			}
		}
		if len(c.Configurations) > 0 && c.Configurations[0].Type == "" {
			t.Fatal("empty configuration")
		}
	}
	// The house method is checked.
	if _, err := Compose(pos, Person{Chart: randomChart(r)}, Person{Chart: randomChart(r)}, CompositeOptions{Method: "average"}); err == nil {
		t.Error("unknown house method accepted")
	}
}

func cuspArray(c *Composite) *[12]float64 {
	var out [12]float64
	for i, cu := range c.Houses.Cusps {
		out[i] = cu.Longitude
	}
	return &out
}
