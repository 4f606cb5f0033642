package stars

import "testing"

// BenchmarkIndex is the star index at a date from the tables: 43 stars,
// the Sun's and nutation's series evaluated once per star (Set.Star).
func BenchmarkIndex(b *testing.B) {
	s := production(b)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if _, err := s.Index(IndexOptions{Date: Date{1990 + i%50, 1 + i%12, 1 + i%28}}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkConjunctions searches ten points against the 43 stars.
func BenchmarkConjunctions(b *testing.B) {
	s := production(b)
	planets := make([]Planet, 10)
	for i := range planets {
		planets[i] = Planet{Name: "P", Longitude: float64(i) * 36.3}
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if _, err := s.Conjunctions(ConjunctionOptions{Date: Date{1990 + i%50, 1 + i%12, 1 + i%28}, Planets: planets}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkShow is one star by name.
func BenchmarkShow(b *testing.B) {
	s := production(b)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if _, err := s.Show(Date{1990 + i%50, 1 + i%12, 1 + i%28}, "Deneb Algedi"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkIndexLibswe is the index from swe_fixstar2_ut alone, for
// comparison.
func BenchmarkIndexLibswe(b *testing.B) {
	s := New(nil, ephemeris(b))
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if _, err := s.Index(IndexOptions{Date: Date{1990 + i%50, 1 + i%12, 1 + i%28}}); err != nil {
			b.Fatal(err)
		}
	}
}
