package places

import "testing"

func BenchmarkLoad(b *testing.B) {
	for b.Loop() {
		if _, err := Load(testIndexPath); err != nil {
			b.Fatal(err)
		}
	}
}
