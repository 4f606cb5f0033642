package store

import (
	"math"
	"strings"
	"testing"
	"time"
)

func TestKindAndRedact(t *testing.T) {
	for _, c := range []struct{ in, kind, redacted string }{
		{"data/astroapi.db", "bolt", "data/astroapi.db"},
		{"/var/lib/astroapi/store.db", "bolt", "/var/lib/astroapi/store.db"},
		{"postgres://u:secret@127.0.0.1:5432/db?sslmode=disable", "postgres", "postgres://u:xxxxx@127.0.0.1:5432/db?sslmode=disable"},
		{"postgresql://u:p@ss@host/db", "postgres", "postgresql://u:xxxxx@host/db"},
		{"postgres://u@host/db", "postgres", "postgres://u@host/db"},
		{"postgres://host/db", "postgres", "postgres://host/db"},
	} {
		if got := Kind(c.in); got != c.kind {
			t.Errorf("Kind(%q) = %q, want %q", c.in, got, c.kind)
		}
		if got := Redact(c.in); got != c.redacted {
			t.Errorf("Redact(%q) = %q, want %q", c.in, got, c.redacted)
		}
	}
}

// TestOpenUnlinked: without the implementation packages imported, Open
// says which import is missing instead of failing obscurely.
func TestOpenUnlinked(t *testing.T) {
	_, err := Open("x.db")
	if err == nil || !strings.Contains(err.Error(), "store/bolt") {
		t.Errorf("Open without store/bolt linked: %v", err)
	}
	if _, err := Open(""); err == nil {
		t.Error("Open(\"\") succeeded")
	}
}

func TestNewKey(t *testing.T) {
	now := time.Date(2026, 1, 2, 3, 4, 5, 999, time.UTC)
	seen := map[string]bool{}
	for range 100 {
		k, secret, err := NewKey("acct_1", now)
		if err != nil {
			t.Fatal(err)
		}
		if seen[secret] || seen[k.ID] {
			t.Fatal("NewKey repeated a secret or an id")
		}
		seen[secret], seen[k.ID] = true, true
		if !LooksLikeSecret(secret) || len(secret) != len(SecretPrefix)+52 {
			t.Errorf("secret %q is malformed", secret)
		}
		if k.Hash != HashSecret(secret) || k.Prefix != secret[:DisplayPrefixLen] || k.Status != KeyActive || !k.Created.Equal(now.Truncate(time.Microsecond)) {
			t.Errorf("key %+v does not match its secret", k)
		}
		if strings.Contains(k.Masked(), secret[DisplayPrefixLen:]) {
			t.Error("Masked shows the secret part")
		}
	}
}

func TestDayMonth(t *testing.T) {
	// 23:30 at UTC-5 is 04:30 UTC the next day: days are UTC days.
	in := time.Date(2026, 12, 31, 23, 30, 0, 0, time.FixedZone("EST", -5*3600))
	if got, want := Day(in), time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC); !got.Equal(want) || got.Location() != time.UTC {
		t.Errorf("Day = %v, want %v", got, want)
	}
	if got, want := Month(in), time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC); !got.Equal(want) {
		t.Errorf("Month = %v, want %v", got, want)
	}
}

// TestLatencyBin: every time falls within the bounds of its bin, bins are
// half an octave wide, and the ends are open.
func TestLatencyBin(t *testing.T) {
	for _, us := range []int64{0, 1, 2, 3, 7, 100, 999, 1000, 1414, 1415, 65536, 1 << 22, 11_863_283, 11_863_284, 1 << 40} {
		i := LatencyBin(us)
		lo, hi := LatencyBinBounds(i)
		if float64(us) < lo || float64(us) >= hi {
			t.Errorf("LatencyBin(%d) = %d, bounds [%g, %g)", us, i, lo, hi)
		}
	}
	// The integer computation agrees with the definition, floor(2 log2 us),
	// over every time up to 2^24 µs (and past it, the last bin).
	for us := int64(2); us < 1<<24+5; us++ {
		want := min(int(math.Floor(2*math.Log2(float64(us)))), LatencyBins-1)
		if got := LatencyBin(us); got != want {
			t.Fatalf("LatencyBin(%d) = %d, floor(2 log2) gives %d", us, got, want)
		}
	}
	for i := 1; i < LatencyBins-1; i++ {
		lo, hi := LatencyBinBounds(i)
		if r := hi / lo; !(math.Abs(r-math.Sqrt2) <= 1e-12) {
			t.Errorf("bin %d: ratio %g, want √2", i, r)
		}
		if _, prevHi := LatencyBinBounds(i - 1); prevHi != lo {
			t.Errorf("bin %d starts at %g, bin %d ends at %g", i, lo, i-1, prevHi)
		}
	}
}
