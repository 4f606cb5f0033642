package birth

import (
	"fmt"
	"strings"
	"sync"
	"time"
	_ "time/tzdata" // fallback zone database when the host has none

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/calendar"
	"github.com/astroapi/astroapi/engine/zones"
)

// The supported span of birth years (astronomical numbering: 0 is 1 BC):
// what the Swiss Ephemeris computes, from its files within 1800-2400 and
// from Moshier's theory outside them (package calendar says more).
const (
	MinYear = calendar.MinYear
	MaxYear = calendar.MaxYear
)

// Local is a civil date and time in a named zone and a calendar, as a
// person writes it.
type Local struct {
	Year, Month, Day     int
	Hour, Minute, Second int
	Zone                 string // IANA name; "" means UTC
	Fold                 int    // 0: earlier of two ambiguous instants, 1: the later one
	// Calendar of the date: "" is the historical switch (Julian up to
	// 1582-10-04, Gregorian from 1582-10-15), or calendar.Julian or
	// calendar.Gregorian for every year.
	Calendar calendar.Calendar
}

// Instant is the moment a Local resolves to.
type Instant struct {
	UTC       time.Time         // the instant in UTC (Go's proleptic Gregorian calendar)
	JD        engine.JDUT       // Julian day in UT (civil time taken as UT)
	Zone      string            // the IANA zone used
	Offset    int               // seconds east of UTC in force at the instant
	Abbrev    string            // zone abbreviation in force, e.g. "CEST", "LMT"
	DST       bool              // whether the offset is daylight-saving (summer) time
	Ambiguous bool              // the local time happened twice (clocks turned back)
	Fold      int               // which occurrence was taken when Ambiguous
	Calendar  calendar.Calendar // the calendar the date was read in (Julian or Gregorian)
}

var zoneCache sync.Map // name -> *time.Location

// LoadZone returns the IANA zone called name ("" is UTC). It rejects "Local",
// which would depend on the server's configuration.
func LoadZone(name string) (*time.Location, error) {
	if name == "" || name == "UTC" {
		return time.UTC, nil
	}
	if l, ok := zoneCache.Load(name); ok {
		return l.(*time.Location), nil
	}
	if off, ok, err := parseOffset(name); ok {
		if err != nil {
			return nil, err
		}
		return fixedZone(FormatOffset(off), off), nil
	}
	if name == "Local" || strings.ContainsAny(name, "\\\x00") || strings.HasPrefix(name, "/") {
		return nil, fmt.Errorf("unknown time zone %q", name)
	}
	loc, err := time.LoadLocation(name)
	if err != nil {
		return nil, fmt.Errorf("unknown time zone %q: use an IANA name such as Europe/Paris", name)
	}
	zoneCache.Store(name, loc)
	return loc, nil
}

// Validate checks the fields of l one by one, reporting every bad field by
// its JSON name (year, month, day, calendar, hour, minute, second,
// timezone, fold).
func (l Local) Validate() engine.Fields {
	errs := calendar.ValidDate(l.Year, l.Month, l.Day, l.Calendar)
	bad := func(f, format string, a ...any) {
		errs = append(errs, &engine.FieldError{Field: f, Reason: fmt.Sprintf(format, a...)})
	}
	if l.Hour < 0 || l.Hour > 23 {
		bad("hour", "must be between 0 and 23")
	}
	if l.Minute < 0 || l.Minute > 59 {
		bad("minute", "must be between 0 and 59")
	}
	if l.Second < 0 || l.Second > 59 {
		bad("second", "must be between 0 and 59")
	}
	if l.Fold != 0 && l.Fold != 1 {
		bad("fold", "must be 0 (earlier instant) or 1 (later instant)")
	}
	if _, err := LoadZone(l.Zone); err != nil {
		bad("timezone", "%s", err.Error())
	}
	return errs
}

// Resolve validates l and returns its instant. Errors are engine.Fields (bad
// fields) or a *engine.FieldError on "hour" for a local time that does not
// exist in the zone.
func Resolve(l Local) (Instant, error) {
	if errs := l.Validate(); len(errs) > 0 {
		return Instant{}, errs
	}
	loc, _ := LoadZone(l.Zone)
	// Go's time and the zone database count in the proleptic Gregorian
	// calendar: carry a Julian date there first.
	used := calendar.Used(l.Calendar, l.Year, l.Month, l.Day)
	y, m, d := l.Year, l.Month, l.Day
	if used == calendar.Julian {
		y, m, d, _ = calendar.DateOf(calendar.JulianDay(l.Year, l.Month, l.Day, used), calendar.Gregorian)
	}
	// wall is the local time read as if it were UTC; a true instant u solves
	// u + offset(u) = wall.
	wall := time.Date(y, time.Month(m), d, l.Hour, l.Minute, l.Second, 0, time.UTC).Unix()
	sols := solutions(wall, loc)
	var in Instant
	switch len(sols) {
	case 0:
		return Instant{}, gapError(l, loc, wall)
	case 1:
		in = instant(sols[0], loc, false, 0)
	default:
		// sols is ordered, so index 0 is the earlier instant (PEP 495 fold=0).
		in = instant(sols[l.Fold], loc, true, l.Fold)
	}
	in.Calendar = used
	return in, nil
}

// offsetAt returns the UTC offset in seconds in force at unix instant u.
func offsetAt(u int64, loc *time.Location) int {
	_, off := time.Unix(u, 0).In(loc).Zone()
	return off
}

// solutions returns the instants, earliest first, whose local wall clock in
// loc reads wall. Candidate offsets are those in force within two days of
// the wall time, wider than any transition's jump.
func solutions(wall int64, loc *time.Location) []int64 {
	var cand [5]int
	n := 0
	for _, d := range [...]int64{-2, -1, 0, 1, 2} {
		off := offsetAt(wall+d*86400, loc)
		dup := false
		for _, c := range cand[:n] {
			dup = dup || c == off
		}
		if !dup {
			cand[n] = off
			n++
		}
	}
	var out []int64
	for _, off := range cand[:n] {
		u := wall - int64(off)
		if offsetAt(u, loc) == off {
			out = append(out, u)
		}
	}
	// At most a handful of items: insertion sort keeps it allocation-light.
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j] < out[j-1]; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	if len(out) > 2 { // two transitions within days: keep the extremes
		out = []int64{out[0], out[len(out)-1]}
	}
	return out
}

func instant(u int64, loc *time.Location, ambiguous bool, fold int) Instant {
	t := time.Unix(u, 0).UTC()
	lt := t.In(loc)
	abbr, off := lt.Zone()
	return Instant{
		UTC: t, JD: engine.JDOf(t), Zone: loc.String(), Offset: off, Abbrev: abbr,
		DST: lt.IsDST(), Ambiguous: ambiguous, Fold: fold,
	}
}

func gapError(l Local, loc *time.Location, wall int64) error {
	before := offsetAt(wall-2*86400, loc)
	after := offsetAt(wall+2*86400, loc)
	return &engine.FieldError{
		Field: "hour",
		Reason: fmt.Sprintf("local time %s %02d:%02d:%02d does not exist in %s: the clocks jumped from %s to %s; send a time outside the gap",
			calendar.Format(l.Year, l.Month, l.Day), l.Hour, l.Minute, l.Second, loc.String(), FormatOffset(before), FormatOffset(after)),
	}
}

// FormatOffset writes an offset in seconds east of UTC as "UTC+05:30"
// (seconds are shown only when non-zero, as local mean time has them): the
// zone routes' offset (zones.FormatOffset) behind "UTC".
func FormatOffset(off int) string { return "UTC" + zones.FormatOffset(off) }
