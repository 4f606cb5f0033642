package swe

import (
	"os"
	"path/filepath"
	"testing"
)

// TestMoonSegments reads the Moon file's segment layout: 27.55-day
// segments (an anomalistic month) starting before the first instant the
// files serve; other files and damaged headers are refused.
func TestMoonSegments(t *testing.T) {
	e := openTest(t)
	start, days, err := e.MoonSegments()
	if err != nil {
		t.Fatal(err)
	}
	if days != 27.5545514309491 || !(start > float64(FilesStart)-days && start < float64(FilesStart)) {
		t.Errorf("segments of %v days from JD %v", days, start)
	}
	for _, f := range []string{"sepl_18.se1", "seas_18.se1"} {
		if _, _, err := moonSegments(filepath.Join(e.Path(), f)); err == nil {
			t.Errorf("%s taken for a Moon file", f)
		}
	}
	whole, err := os.ReadFile(filepath.Join(e.Path(), "semo_18.se1"))
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{10, 120, 200} {
		cut := filepath.Join(t.TempDir(), "cut.se1")
		if err := os.WriteFile(cut, whole[:n], 0o644); err != nil {
			t.Fatal(err)
		}
		if _, _, err := moonSegments(cut); err == nil {
			t.Errorf("a header cut at %d bytes was read", n)
		}
	}
}
