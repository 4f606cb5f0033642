package transits

import (
	"testing"
	"time"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/natal"
)

func benchInstant(i int) engine.JDUT {
	return engine.JDOf(time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)) + engine.JDUT(float64(i%3000)*1.37)
}

// BenchmarkNow is the sky as a chart: bodies, mundane aspects, the Moon's
// phase.
func BenchmarkNow(b *testing.B) {
	pos, _, _ := sources(b)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if _, err := At(pos, benchInstant(i), Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkToNatal is transits to a natal chart with the default orbs and
// window, natal chart included (as the route casts both).
func BenchmarkToNatal(b *testing.B) {
	pos, _, _ := sources(b)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		c, err := natal.Compute(pos, london, natal.Options{})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := ToNatalChart(pos, c, benchInstant(i), ToNatalOptions{}); err != nil {
			b.Fatal(err)
		}
		c.Release()
	}
}
