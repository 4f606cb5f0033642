package ephem

import (
	"testing"

	"github.com/astroapi/astroapi/engine"
)

// chart13 are the bodies of a typical chart listing.
var chart13 = []engine.Body{engine.Sun, engine.Moon, engine.Mercury, engine.Venus, engine.Mars,
	engine.Jupiter, engine.Saturn, engine.Uranus, engine.Neptune, engine.Pluto,
	engine.MeanNode, engine.MeanLilith, engine.Chiron}

// instants spreads the benchmark over the range so neither source runs
// from a warm cache of one segment only.
func instants(n int) []engine.JDUT {
	out := make([]engine.JDUT, n)
	for i := range out {
		out[i] = engine.JDUT(2400000.5 + float64(i)*7919.123)
	}
	return out
}

func BenchmarkPositionTables(b *testing.B) {
	set, _ := fixtures(b)
	ts := instants(64)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, ok := set.Position(ts[i&63], engine.Mars); !ok {
			b.Fatal("not covered")
		}
		i++
	}
}

func BenchmarkPositionSwe(b *testing.B) {
	_, eph := fixtures(b)
	ts := instants(64)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, err := eph.Position(ts[i&63], engine.Mars, engine.Options{}); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// BenchmarkPositionSweSameInstant repeats one instant, libswe's best case
// (its per-thread cache of file segments and of the Earth stays warm).
func BenchmarkPositionSweSameInstant(b *testing.B) {
	_, eph := fixtures(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := eph.Position(2451545.25, engine.Mars, engine.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkChart13Tables(b *testing.B) {
	set, eph := fixtures(b)
	src := New(set, eph)
	ts := instants(64)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		for _, body := range chart13 {
			if _, err := src.Position(ts[i&63], body, engine.Options{}); err != nil {
				b.Fatal(err)
			}
		}
		i++
	}
}

func BenchmarkChart13Swe(b *testing.B) {
	_, eph := fixtures(b)
	ts := instants(64)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		for _, body := range chart13 {
			if _, err := eph.Position(ts[i&63], body, engine.Options{}); err != nil {
				b.Fatal(err)
			}
		}
		i++
	}
}
