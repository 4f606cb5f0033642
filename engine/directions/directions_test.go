package directions

import (
	"github.com/astroapi/astroapi/engine/accuracy/measure"
	"math"
	"math/rand/v2"
	"testing"
)

// TestMundanePosition: a point on the equator stands at its hour angle in
// both methods; the meridian and horizon fall at 0, 90, 180 and 270; the
// solver turns a point exactly onto the position it is asked for.
func TestMundanePosition(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 25))
	for range 2000 {
		phi := rng.Float64()*130 - 65
		h := rng.Float64() * 360
		for _, m := range []Method{Placidus, Regiomontanus} {
			if mu, ok := mundane(m, h, 0, phi); !ok || measure.Over(math.Abs(wrap180(mu-h)), 1e-9) {
				t.Fatalf("%s: equator point at H %v, latitude %v: μ %v", m, h, phi, mu)
			}
		}
		// A point of declination dec on the horizon: its hour angle is
		// the semi-arc, cos H = -tan(phi) tan(dec).
		dec := rng.Float64()*50 - 25
		dsa := math.Acos(-math.Tan(phi*deg)*math.Tan(dec*deg)) / deg
		for _, m := range []Method{Placidus, Regiomontanus} {
			west, _ := mundane(m, dsa, dec, phi)
			east, _ := mundane(m, -dsa, dec, phi)
			up, _ := mundane(m, 0, dec, phi)
			down, _ := mundane(m, 180, dec, phi)
			if measure.Over(math.Abs(west-90), 1e-7) || measure.Over(math.Abs(east-270), 1e-7) || measure.Over(math.Abs(wrap180(up)), 1e-9) || measure.Over(math.Abs(down-180), 1e-9) {
				t.Fatalf("%s, latitude %v dec %v: setting %v rising %v culminating %v lower %v", m, phi, dec, west, east, up, down)
			}
			target := rng.Float64() * 360
			ra, ramc := rng.Float64()*360, rng.Float64()*360
			arc, ok := solve(m, place{ra, dec}, phi, ramc, target)
			if !ok {
				t.Fatalf("%s: no arc", m)
			}
			if mu, _ := mundane(m, ramc+arc-ra, dec, phi); measure.Over(math.Abs(wrap180(mu-target)), 1e-9) || arc < 0 || arc >= 360 {
				t.Fatalf("%s: arc %v lands at %v, want %v", m, arc, mu, target)
			}
		}
	}
}
