package tables

import (
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkOpen loads the generated table file (skipped when absent).
func BenchmarkOpen(b *testing.B) {
	path := filepath.Join("..", "data", "ephemeris.bolt")
	if _, err := os.Stat(path); err != nil {
		b.Skip("data/ephemeris.bolt not generated")
	}
	b.ReportAllocs()
	for b.Loop() {
		s, err := Open(path)
		if err != nil {
			b.Fatal(err)
		}
		s.Close()
	}
}
