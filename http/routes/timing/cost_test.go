package timing

import (
	"testing"
	"time"

	"github.com/astroapi/astroapi/engine/timing"
)

// instantPtr reads an RFC 3339 instant as a resolved request holds it.
func instantPtr(t *testing.T, s string) *time.Time {
	t.Helper()
	v, err := time.Parse(time.RFC3339, s)
	if err != nil {
		t.Fatal(err)
	}
	return &v
}

// Lunar returns are billed by the returns their resolved range can hold.
func TestLunarReturnsCost(t *testing.T) {
	for _, c := range []struct {
		start, end string
		want       int64
	}{
		{"2024-01-01T00:00:00Z", "2025-01-01T00:00:00Z", 14},
		{"2024-01-01T00:00:00Z", "2024-12-31T00:00:00Z", 14},
		{"2024-01-01T00:00:00Z", "2024-01-20T00:00:00Z", 1},
		{"2024-01-01T00:00:00Z", "2024-03-01T00:00:00Z", 3},
		{"2024-01-01T00:00:00Z", "2023-01-01T00:00:00Z", 1},
	} {
		var in lunarReturnsRequest
		in.StartUTC, in.EndUTC = instantPtr(t, c.start), instantPtr(t, c.end)
		if got := in.Cost(); got != c.want {
			t.Errorf("%s..%s: cost %d, want %d", c.start, c.end, got, c.want)
		}
	}
	if got := (&lunarReturnsRequest{}).Cost(); got != 1 {
		t.Errorf("unresolved: cost %d", got)
	}
}

// A releasing timeline is billed by the periods its resolved span and
// levels list.
func TestReleasingTimelineCost(t *testing.T) {
	for _, c := range []struct {
		start, end string
		levels     int
		want       int64
	}{
		{"2020-01-01T00:00:00Z", "2030-01-01T00:00:00Z", 2, 1},
		{"2020-01-01T00:00:00Z", "2030-01-01T00:00:00Z", 4, 2},
		{"1933-12-22T21:39:00Z", "2013-12-23T00:00:00Z", 4, 10},
		{"1990-01-01T00:00:00Z", "2090-01-01T00:00:00Z", 4, 12},
		{"1990-01-01T00:00:00Z", "2090-01-01T00:00:00Z", 3, 1},
		{"2030-01-01T00:00:00Z", "2020-01-01T00:00:00Z", 4, 1},
	} {
		var in releasingTimelineRequest
		in.StartUTC, in.EndUTC, in.Levels = instantPtr(t, c.start), instantPtr(t, c.end), &c.levels
		if got := in.Cost(); got != c.want {
			t.Errorf("%s..%s levels %d: cost %d, want %d", c.start, c.end, c.levels, got, c.want)
		}
	}
	// The estimate of the Akihito timeline of the HTTP tests (9,088
	// periods) is within 1 %.
	if n := periodsIn(80*365.25, timing.Year360, 4); !(n >= 9088*0.99 && n <= 9088*1.01) {
		t.Errorf("four levels over 80 years: %.0f periods estimated, 9,088 listed", n)
	}
}
