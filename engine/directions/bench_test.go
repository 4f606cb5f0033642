package directions

import (
	"testing"
	"time"

	"github.com/astroapi/astroapi/tables/tablestest"
)

// BenchmarkPrimary is the bench row's work without HTTP: a birth's
// Placidus zodiacal directions, direct and converse, ages 0 to 90.
func BenchmarkPrimary(b *testing.B) {
	pos := tablestest.Positions(b)
	o := Options{Method: Placidus, Mode: Zodiacal, Direct: true, Converse: true, Key: Naibod, ToAge: 90}
	birth := time.Date(1990, 7, 14, 12, 30, 0, 0, time.UTC)
	b.ReportAllocs()
	for b.Loop() {
		r, err := Compute(pos, 2448087.0208333, birth, 51.5, -0.13, o)
		if err != nil || len(r.Directions) < 100 {
			b.Fatal(err, len(r.Directions))
		}
	}
}
