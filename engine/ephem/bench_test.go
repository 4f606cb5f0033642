package ephem

import (
	"testing"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/tables"
)

// chart13 are the bodies of a typical chart listing.
var chart13 = []engine.Body{engine.Sun, engine.Moon, engine.Mercury, engine.Venus, engine.Mars,
	engine.Jupiter, engine.Saturn, engine.Uranus, engine.Neptune, engine.Pluto,
	engine.MeanNode, engine.MeanLilith, engine.Chiron}

// instants spreads the benchmark over 1800-2400 so neither source runs
// from a warm cache of one segment only; it keeps instants every chart13
// body's table covers (outside the rare holes near solar conjunctions).
func instants(b *testing.B, set *tables.Set, n int) []engine.JDUT {
	var out []engine.JDUT
	for i := 0; len(out) < n; i++ {
		t := engine.JDUT(2378600.5 + float64(i%73)*2999.123 + float64(i/73)*0.37)
		covered := true
		for _, body := range chart13 {
			if _, ok := set.Position(t, body); !ok {
				covered = false
			}
		}
		if covered {
			out = append(out, t)
		}
		if i > 100*n {
			b.Fatal("no covered instants")
		}
	}
	return out
}

func BenchmarkPositionTables(b *testing.B) {
	set, _ := fixtures(b)
	ts := instants(b, set, 64)
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
	set, eph := fixtures(b)
	ts := instants(b, set, 64)
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
	ts := instants(b, set, 64)
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
	set, eph := fixtures(b)
	ts := instants(b, set, 64)
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

// BenchmarkPositionSweStep steps through time in 0.1-day steps, libswe's
// typical case (its per-thread cache of file segments stays warm, but each
// instant is new).
func BenchmarkPositionSweStep(b *testing.B) {
	_, eph := fixtures(b)
	b.ReportAllocs()
	t := engine.JDUT(2451545.0)
	for b.Loop() {
		if _, err := eph.Position(t, engine.Mars, engine.Options{}); err != nil {
			b.Fatal(err)
		}
		t += 0.1
	}
}

// BenchmarkPositionTablesStep is the tables' counterpart of
// BenchmarkPositionSweStep.
func BenchmarkPositionTablesStep(b *testing.B) {
	set, _ := fixtures(b)
	b.ReportAllocs()
	t := engine.JDUT(2451545.0)
	for b.Loop() {
		set.Position(t, engine.Mars)
		t += 0.1
	}
}
