package zones

import (
	"fmt"
	"time"
)

// State is the local time rule of a zone at one instant.
type State struct {
	Timezone         string `json:"timezone"`
	UTC              string `json:"utc"`                // the instant, RFC 3339 in UTC
	LocalTime        string `json:"local_time"`         // the instant, RFC 3339 with the zone's offset
	UTCOffset        string `json:"utc_offset"`         // "+05:30", "-03:00", "+00:09:21" when seconds
	UTCOffsetSeconds int    `json:"utc_offset_seconds"` // seconds east of UTC
	Abbreviation     string `json:"abbreviation"`       // as the tz database spells it: "CEST", "LMT", "+0545"
	DST              bool   `json:"dst"`                // daylight saving (or summer/war time) in force
}

// At returns the state of loc at instant t.
func At(loc *time.Location, t time.Time) State {
	lt := t.In(loc)
	abbr, off := lt.Zone()
	return State{
		Timezone:         loc.String(),
		UTC:              t.UTC().Format(time.RFC3339),
		LocalTime:        lt.Format(localLayout(off)),
		UTCOffset:        FormatOffset(off),
		UTCOffsetSeconds: off,
		Abbreviation:     abbr,
		DST:              lt.IsDST(),
	}
}

// localLayout is RFC 3339, with offset seconds when the offset has them
// (RFC 3339 cannot say +00:19:32; the extra field keeps the local time
// consistent with its offset).
func localLayout(off int) string {
	if off%60 != 0 {
		return "2006-01-02T15:04:05-07:00:00"
	}
	return time.RFC3339
}

// FormatOffset writes seconds east of UTC as ±HH:MM, or ±HH:MM:SS when the
// offset has seconds (local mean time, e.g. Amsterdam's +00:19:32).
func FormatOffset(sec int) string {
	sign := byte('+')
	if sec < 0 {
		sign, sec = '-', -sec
	}
	two := func(b []byte, v int) []byte { return append(b, byte('0'+v/10%10), byte('0'+v%10)) }
	var buf [9]byte
	b := append(buf[:0], sign)
	if h := sec / 3600; h >= 100 {
		return fmt.Sprintf("%c%02d:%02d", sign, h, sec/60%60) // never in the tz database
	}
	b = append(two(b, sec/3600), ':')
	b = two(b, sec/60%60)
	if sec%60 != 0 {
		b = two(append(b, ':'), sec%60)
	}
	return string(b)
}

// Transition is a change of a zone's offset, abbreviation or DST flag.
type Transition struct {
	At     string `json:"at"` // RFC 3339 UTC instant from which After applies
	Before State  `json:"before"`
	After  State  `json:"after"`
}

// Transitions lists the changes of loc in [from, to), at most max.
func Transitions(loc *time.Location, from, to time.Time, max int) []Transition {
	var out []Transition
	t := from.In(loc)
	for len(out) < max {
		_, end := t.ZoneBounds()
		if end.IsZero() || !end.Before(to) {
			break
		}
		prev := At(loc, end.Add(-time.Second))
		next := At(loc, end)
		out = append(out, Transition{At: end.UTC().Format(time.RFC3339), Before: prev, After: next})
		t = end.In(loc)
	}
	return out
}

// DefaultHistoryDates returns the default sample of a history: day 15 of
// January, April, July and October of the 30 years ending with the year of
// now, at 12:00 local time, and the first and last year.
func DefaultHistoryDates(loc *time.Location, now time.Time) ([]time.Time, int, int) {
	last := now.In(loc).Year()
	first := last - 29
	out := make([]time.Time, 0, 120)
	for y := first; y <= last; y++ {
		for _, m := range []time.Month{time.January, time.April, time.July, time.October} {
			out = append(out, time.Date(y, m, 15, 12, 0, 0, 0, loc))
		}
	}
	return out, first, last
}
