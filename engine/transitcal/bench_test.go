package transitcal

import (
	"testing"

	"github.com/astroapi/astroapi/engine/natal"
	"github.com/astroapi/astroapi/engine/transits"
	"github.com/astroapi/astroapi/tables/tablestest"
)

// BenchmarkYear is a year's calendar of Sun..Pluto against a natal chart,
// from the tables (the bench row's work without HTTP).
func BenchmarkYear(b *testing.B) {
	pos := tablestest.Positions(b)
	chart, err := natal.Compute(pos, natal.Birth{JD: 2448087.0625, Latitude: 51.5, Longitude: -0.13}, natal.Options{})
	if err != nil {
		b.Fatal(err)
	}
	n := transits.NatalOf(chart)
	o := Options{Start: 2460310.5, End: 2460676.5}
	b.ReportAllocs()
	for b.Loop() {
		c, err := Build(pos, n, o)
		if err != nil || len(c.Aspects) < 100 {
			b.Fatal(err, len(c.Aspects))
		}
	}
}
