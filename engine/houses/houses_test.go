package houses

import (
	"math/rand/v2"
	"testing"

	"github.com/astroapi/astroapi/engine"
)

func TestOf(t *testing.T) {
	// Equal houses from 15 Aries: house n begins at 15 + 30(n-1).
	var eq [12]float64
	for i := range eq {
		eq[i] = engine.Normalize(15 + 30*float64(i))
	}
	for _, c := range []struct {
		lon  float64
		want int
	}{{15, 1}, {44.999, 1}, {45, 2}, {14.9, 12}, {0, 12}, {359, 12}, {195, 7}, {180, 6}} {
		if got := Of(c.lon, &eq); got != c.want {
			t.Errorf("Of(%v) = %d, want %d", c.lon, got, c.want)
		}
	}
	// Unequal cusps crossing 0 Aries inside the 12th house.
	uneq := [12]float64{20, 48, 80, 110, 140, 170, 200, 228, 260, 290, 320, 350}
	if got := Of(5, &uneq); got != 12 {
		t.Errorf("across Aries: %d", got)
	}
	// Property: every longitude falls in exactly the house whose arc holds it.
	r := rand.New(rand.NewPCG(1, 1))
	for range 10000 {
		lon := r.Float64() * 360
		h := Of(lon, &uneq)
		a, b := uneq[h-1], uneq[h%12]
		if engine.Normalize(lon-a) >= engine.Normalize(b-a) {
			t.Fatalf("%v in house %d (%v..%v)", lon, h, a, b)
		}
	}
}

// Clockwise cusps (polar Regiomontanus/Campanus after the Swiss
// Ephemeris turns the figure): houses follow the cusps' direction.
func TestOfClockwise(t *testing.T) {
	var cw [12]float64
	for i := range cw {
		cw[i] = engine.Normalize(200 - 30*float64(i))
	}
	for _, c := range []struct {
		lon  float64
		want int
	}{{200, 1}, {185, 1}, {170, 2}, {171, 1}, {20, 7}, {210, 12}} {
		if got := Of(c.lon, &cw); got != c.want {
			t.Errorf("clockwise Of(%v) = %d, want %d", c.lon, got, c.want)
		}
	}
}

func TestPolar(t *testing.T) {
	if !Polar(engine.Placidus, 70, 23.44) || !Polar(engine.Koch, -67, 23.44) {
		t.Error("Placidus/Koch beyond the polar circle must be polar")
	}
	if Polar(engine.Placidus, 66, 23.44) || Polar(engine.Equal, 89, 23.44) {
		t.Error("inside the circle, or an equal system, is not polar")
	}
	if !Polar(engine.Gauquelin, 67, 23.44) || Polar(engine.Topocentric, 80, 23.44) {
		t.Error("Gauquelin sectors are polar, topocentric houses are not")
	}
	if !Valid(engine.WholeSign) || !Valid(engine.Topocentric) || Valid("placidus_sr") {
		t.Error("Valid")
	}
}
