package tables

import (
	"os"
	"testing"

	"github.com/astroapi/astroapi/engine"
)

func benchSet(b *testing.B) *Set {
	const file = "../data/ephemeris.bolt"
	if _, err := os.Stat(file); err != nil {
		b.Skip("data/ephemeris.bolt not generated (make gen)")
	}
	s, err := Open(file)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { s.Close() })
	if s.Table(KindStar, "regulus") == nil {
		b.Skip("no star tables (make gen)")
	}
	return s
}

// BenchmarkStarFrame is the per-instant part of a star's apparent place.
func BenchmarkStarFrame(b *testing.B) {
	s := benchSet(b)
	b.ReportAllocs()
	served := 0
	for i := 0; b.Loop(); i++ {
		// false in the Sun table's rare holes: libswe then serves the stars
		if _, ok := s.StarFrame(engine.JDUT(2451545 + float64(i%20000)*1.37)); ok {
			served++
		}
	}
	if served < b.N*99/100 {
		b.Fatalf("%d of %d frames served", served, b.N)
	}
}

// BenchmarkStarIn is one star's place given the frame.
func BenchmarkStarIn(b *testing.B) {
	s := benchSet(b)
	b.ReportAllocs()
	t := engine.JDUT(2451545)
	f, _ := s.StarFrame(t)
	for b.Loop() {
		if _, ok := s.StarIn(&f, t, "regulus"); !ok {
			b.Fatal("not served")
		}
	}
}
