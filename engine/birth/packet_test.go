package birth

import (
	"fmt"
	"testing"
)

// TestDateTimeText: the echo's date and time text equals fmt's.
func TestDateTimeText(t *testing.T) {
	for _, v := range [][3]int{{1990, 7, 14}, {1583, 1, 1}, {2999, 12, 31}, {5, 0, 9}, {0, 0, 0}, {-4, 3, 2}, {12345, 1, 1}} {
		if got, want := dateTimeText(v[0], v[1], v[2], '-'), fmt.Sprintf("%04d-%02d-%02d", v[0], v[1], v[2]); got != want {
			t.Errorf("date %v: %q, want %q", v, got, want)
		}
	}
	for _, v := range [][3]int{{0, 0, 0}, {23, 59, 59}, {9, 5, 7}, {12, 0, 0}, {100, 1, 1}, {-1, 2, 3}} {
		if got, want := dateTimeText(v[0], v[1], v[2], ':'), fmt.Sprintf("%02d:%02d:%02d", v[0], v[1], v[2]); got != want {
			t.Errorf("time %v: %q, want %q", v, got, want)
		}
	}
}
