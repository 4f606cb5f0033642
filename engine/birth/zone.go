package birth

import (
	"bytes"
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/astroapi/astroapi/engine/zones"
)

// Zone is the timezone field of a birth packet or an instant, in every form
// callers send it:
//
//   - an IANA name ("Europe/Paris"; historical offsets honoured);
//   - "auto": the zone of the place (a birth before the place adopted
//     standard time is then in the birthplace's local mean time);
//   - "LMT": local mean time of the birth longitude (longitude / 15 hours);
//   - a fixed offset east of UTC: a JSON number of hours (-10, 5.5,
//     0.6667: the convention of several astrology APIs) or a string
//     "+05:30", "-03:00", "UTC-03:00", "GMT+2", "UTC+00:39:58".
//
// A Zone holds the canonical spelling: the IANA name as sent, "auto",
// "LMT", or an offset as "UTC+05:30" (with seconds when it has them).
// Etc/GMT+5 and its kin are IANA names and keep the database's inverted
// sign (Etc/GMT+5 is UTC-05:00). "" is an absent zone.
type Zone string

// The zone words.
const (
	ZoneAuto Zone = "auto"
	ZoneLMT  Zone = "LMT"
)

// maxOffset bounds a fixed offset: local mean time reaches ±12 h at the
// date line, and the database's historical offsets stay within ±16 h.
const maxOffset = 16 * 3600

// JSONSchema documents the two forms: a string, or a number of hours east
// of UTC.
func (*Zone) JSONSchema() map[string]any {
	return map[string]any{"oneOf": []any{
		map[string]any{"type": "string", "description": "an IANA zone name, \"auto\", \"LMT\", or an offset such as \"+05:30\" or \"UTC-03:00\""},
		map[string]any{"type": "number", "minimum": -16, "maximum": 16, "description": "an offset in hours east of UTC (-10, 5.5)"},
	}}
}

// UnmarshalJSON reads a zone string or a number of hours.
func (z *Zone) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) == 0 || string(b) == "null" {
		*z = ""
		return nil
	}
	if b[0] == '"' {
		s, err := strconv.Unquote(string(b))
		if err != nil {
			return fmt.Errorf("must be a string or a number")
		}
		return z.set(s)
	}
	hours, err := strconv.ParseFloat(string(b), 64)
	if err != nil {
		return fmt.Errorf("must be an IANA zone name, \"auto\", \"LMT\", an offset such as \"+05:30\", or a number of hours such as -10 or 5.5")
	}
	sec := math.Round(hours * 3600)
	if !(math.Abs(sec) <= maxOffset) {
		return fmt.Errorf("an offset of %v hours is outside ±16 hours", hours)
	}
	*z = offsetZone(int(sec))
	return nil
}

// offsetZone writes a fixed offset as a Zone: "UTC" for zero.
func offsetZone(sec int) Zone {
	if sec == 0 {
		return "UTC"
	}
	return Zone(FormatOffset(sec))
}

// UnmarshalText reads a zone string (a query parameter).
func (z *Zone) UnmarshalText(b []byte) error {
	s := string(b)
	if hours, err := strconv.ParseFloat(s, 64); err == nil {
		sec := math.Round(hours * 3600)
		if !(math.Abs(sec) <= maxOffset) {
			return fmt.Errorf("an offset of %v hours is outside ±16 hours", hours)
		}
		*z = offsetZone(int(sec))
		return nil
	}
	return z.set(s)
}

// set reads the string forms.
func (z *Zone) set(s string) error {
	t := strings.TrimSpace(s)
	switch {
	case t == "":
		*z = ""
		return nil
	case strings.EqualFold(t, "auto"):
		*z = ZoneAuto
		return nil
	case strings.EqualFold(t, "LMT"):
		*z = ZoneLMT
		return nil
	}
	if off, ok, err := parseOffset(t); ok {
		if err != nil {
			return err
		}
		*z = offsetZone(off)
		return nil
	}
	if strings.ContainsAny(t, "\\\x00") || strings.HasPrefix(t, "/") || strings.Contains(t, "..") || len(t) > 64 {
		return fmt.Errorf("unknown time zone %q: use an IANA name such as Europe/Paris, \"auto\", \"LMT\" or an offset such as \"+05:30\"", t)
	}
	// The name is checked against the zone database when the input is
	// resolved, where the zone index also mends its case ("europe/paris").
	*z = Zone(t)
	return nil
}

// Canonical returns z with an IANA name spelt as the database spells it
// (idx, when not nil, mends the case: "europe/paris" is Europe/Paris),
// or an error naming what is wrong with it. Other forms are returned as
// they are.
func (z Zone) Canonical(idx *zones.Index) (Zone, error) {
	if z == "" || z == ZoneAuto || z == ZoneLMT {
		return z, nil
	}
	if _, fixed := z.Offset(); fixed {
		return z, nil
	}
	if idx != nil {
		if found, ok := idx.Zone(string(z)); ok {
			z = Zone(found.Name)
		}
	}
	if _, err := LoadZone(string(z)); err != nil {
		return z, fmt.Errorf("%s; or send \"auto\", \"LMT\" or an offset such as \"+05:30\"", err.Error())
	}
	return z, nil
}

// Offset reports the fixed offset of a zone written as an offset.
func (z Zone) Offset() (seconds int, ok bool) {
	off, ok, err := parseOffset(string(z))
	return off, ok && err == nil
}

// parseOffset reads "+05:30", "-0300", "UTC+5", "GMT-03:00", "UTC",
// "Z", "UTC+00:39:58"; ok is false when s is not written as an offset
// (an IANA name).
func parseOffset(s string) (int, bool, error) {
	rest := s
	for _, p := range []string{"UTC", "GMT", "utc", "gmt"} {
		if strings.HasPrefix(rest, p) {
			rest = rest[len(p):]
			if rest == "" {
				return 0, true, nil
			}
			break
		}
	}
	if s == "Z" {
		return 0, true, nil
	}
	rest = strings.Replace(rest, "\u2212", "-", 1) // the minus sign of typeset offsets
	if rest == "" || (rest[0] != '+' && rest[0] != '-') {
		return 0, false, nil
	}
	sign := 1
	if rest[0] == '-' {
		sign = -1
	}
	rest = rest[1:]
	bad := fmt.Errorf("offset %q is not ±HH:MM (or ±HH, ±HHMM, ±HH:MM:SS)", s)
	var parts []string
	switch {
	case strings.Contains(rest, ":"):
		parts = strings.Split(rest, ":")
	case len(rest) == 4:
		parts = []string{rest[:2], rest[2:]}
	default:
		parts = []string{rest}
	}
	if len(parts) > 3 {
		return 0, true, bad
	}
	limits := []int{16, 59, 59}
	total := 0
	for i, p := range parts {
		if p == "" || len(p) > 2 || (i > 0 && len(p) != 2) {
			return 0, true, bad
		}
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 || n > limits[i] {
			return 0, true, bad
		}
		total += n * []int{3600, 60, 1}[i]
	}
	if total > maxOffset {
		return 0, true, fmt.Errorf("offset %q is outside ±16 hours", s)
	}
	return sign * total, true, nil
}

var fixedZones sync.Map // canonical offset name -> *time.Location

// fixedZone returns the location of an offset zone, named as it is written.
func fixedZone(name string, off int) *time.Location {
	if l, ok := fixedZones.Load(name); ok {
		return l.(*time.Location)
	}
	l := time.FixedZone(name, off)
	fixedZones.Store(name, l)
	return l
}

// LMTOffset returns the offset of local mean time at a longitude in
// degrees east: four minutes of time per degree, to the second.
func LMTOffset(longitude float64) int { return int(math.Round(longitude * 240)) }

// lmtStart gives, for the zones whose database history is not the civil
// time of every place in them before a date, the instant before which
// each place kept its own local mean time (what astrologers' atlases use).
// Elsewhere the database's own "LMT" period marks it.
var lmtStart = map[string]time.Time{
	// Howrah and Madras mean times (1854-1905) were the railway and
	// telegraph times; towns kept local time until IST (1906).
	"Asia/Kolkata":  time.Date(1906, 1, 1, 0, 0, 0, 0, time.UTC),
	"Asia/Calcutta": time.Date(1906, 1, 1, 0, 0, 0, 0, time.UTC),
	// Railway GMT from 1847; GMT became legal time in Great Britain by the
	// Statutes (Definition of Time) Act 1880, in force 2 August 1880.
	"Europe/London": time.Date(1880, 8, 2, 0, 0, 0, 0, time.UTC),
	"GB":            time.Date(1880, 8, 2, 0, 0, 0, 0, time.UTC),
}

// beforeStandardTime reports whether, at instant t, a place in zone loc
// kept its own local mean time: the database says LMT, or t is before the
// civil-time date of lmtStart.
func beforeStandardTime(t time.Time, loc *time.Location) bool {
	if start, ok := lmtStart[loc.String()]; ok && t.Before(start) {
		return true
	}
	abbr, _ := t.In(loc).Zone()
	return abbr == "LMT"
}
