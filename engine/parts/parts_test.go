package parts

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/astroapi/astroapi/engine/accuracy/measure"
)

func TestSect(t *testing.T) {
	cases := []struct {
		name     string
		sun, asc float64
		day      bool
	}{
		{"SunOnMidheavenSide", 270, 0, true},   // Sun 90° before the Ascendant: the 10th house
		{"SunBelowHorizon", 90, 0, false},      // Sun 90° after the Ascendant: the 4th house
		{"SunOnAscendant", 0, 0, false},        // opening the 1st house: below
		{"SunOnDescendant", 180, 0, true},      // setting counts as above
		{"JustBelowAscendant", 0.01, 0, false}, // in the 1st house
		{"AcrossZero", 350, 20, true},          // 30° above the Ascendant
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := IsDay(c.sun, c.asc); got != c.day {
				t.Fatalf("IsDay(%v, %v) = %v, want %v", c.sun, c.asc, got, c.day)
			}
		})
	}
}

// Fortune and Spirit are mirror images about the Ascendant (their midpoint
// is the Ascendant or its opposite), by day and by night.
func TestFortuneSpiritMirror(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 1000 {
		asc, sun, moon := r.Float64()*360, r.Float64()*360, r.Float64()*360
		for _, day := range []bool{true, false} {
			f := Fortune.Cast(asc, moon, sun, day)
			s := Spirit.Cast(asc, sun, moon, day)
			if d := math.Abs(math.Remainder(f+s-2*asc, 360)); measure.Over(d, 1e-9) {
				t.Fatalf("asc %v sun %v moon %v day %v: Fortune %v + Spirit %v - 2 Asc = %v, want 0 mod 360", asc, sun, moon, day, f, s, d)
			}
			// By night Fortune takes Spirit's day formula.
			if !day {
				if d := math.Abs(math.Remainder(f-Spirit.Cast(asc, sun, moon, true), 360)); measure.Over(d, 1e-9) {
					t.Fatalf("night Fortune %v differs from day Spirit", f)
				}
			}
		}
	}
}

// Worked example: Ascendant 10° Aries, Sun 15° Leo (135°), Moon 20° Scorpio
// (230°), a day chart: Fortune = 10 + 230 - 135 = 105° (15° Cancer); by night
// 10 + 135 - 230 = -85 = 275° (5° Capricorn).
func TestFortuneWorked(t *testing.T) {
	if got := Fortune.Cast(10, 230, 135, true); measure.Over(math.Abs(got-105), 1e-12) {
		t.Fatalf("day Fortune = %v, want 105", got)
	}
	if got := Fortune.Cast(10, 230, 135, false); measure.Over(math.Abs(got-275), 1e-12) {
		t.Fatalf("night Fortune = %v, want 275", got)
	}
	if got := Fortune.Text(false); got != "Ascendant + Sun - Moon" {
		t.Fatalf("night text %q", got)
	}
}
