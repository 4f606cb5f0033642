package birth

import (
	"fmt"
	"strings"
	"sync"
	"time"
	_ "time/tzdata" // fallback zone database when the host has none

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/zones"
)

// The supported span of birth years: the Gregorian calendar (from 1583) up
// to the end of the Swiss Ephemeris' Moshier range. Whether positions exist
// for a year is the ephemeris' business; this only bounds the calendar.
const (
	MinYear = 1583
	MaxYear = 2999
)

// Local is a civil date and time in a named zone, as a person writes it.
type Local struct {
	Year, Month, Day     int
	Hour, Minute, Second int
	Zone                 string // IANA name; "" means UTC
	Fold                 int    // 0: earlier of two ambiguous instants, 1: the later one
}

// Instant is the moment a Local resolves to.
type Instant struct {
	UTC       time.Time   // the instant in UTC
	JD        engine.JDUT // Julian day in UT (civil time taken as UT)
	Zone      string      // the IANA zone used
	Offset    int         // seconds east of UTC in force at the instant
	Abbrev    string      // zone abbreviation in force, e.g. "CEST", "LMT"
	DST       bool        // whether the offset is daylight-saving (summer) time
	Ambiguous bool        // the local time happened twice (clocks turned back)
	Fold      int         // which occurrence was taken when Ambiguous
}

// JulianDay returns the Julian day (UT) of a UTC instant (engine.JDOf).
func JulianDay(t time.Time) engine.JDUT { return engine.JDOf(t) }

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

var monthDays = [13]int{0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}

func leap(y int) bool { return y%4 == 0 && (y%100 != 0 || y%400 == 0) }

// DaysIn returns the number of days of month m (1-12) in year y.
func DaysIn(y, m int) int {
	if m == 2 && leap(y) {
		return 29
	}
	return monthDays[m]
}

// Validate checks the fields of l one by one, reporting every bad field by
// its JSON name (year, month, day, hour, minute, second, timezone, fold).
func (l Local) Validate() engine.Fields {
	var errs engine.Fields
	bad := func(f, format string, a ...any) {
		errs = append(errs, &engine.FieldError{Field: f, Reason: fmt.Sprintf(format, a...)})
	}
	if l.Year < MinYear || l.Year > MaxYear {
		bad("year", "must be between %d and %d (Gregorian calendar)", MinYear, MaxYear)
	}
	monthOK := l.Month >= 1 && l.Month <= 12
	if !monthOK {
		bad("month", "must be between 1 and 12")
	}
	switch {
	case l.Day < 1:
		bad("day", "must be 1 or more")
	case monthOK && l.Day > DaysIn(l.Year, l.Month):
		bad("day", "%04d-%02d has %d days", l.Year, l.Month, DaysIn(l.Year, l.Month))
	case l.Day > 31:
		bad("day", "must be at most 31")
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
	// wall is the local time read as if it were UTC; a true instant u solves
	// u + offset(u) = wall.
	wall := time.Date(l.Year, time.Month(l.Month), l.Day, l.Hour, l.Minute, l.Second, 0, time.UTC).Unix()
	sols := solutions(wall, loc)
	switch len(sols) {
	case 0:
		return Instant{}, gapError(l, loc, wall)
	case 1:
		return instant(sols[0], loc, false, 0), nil
	default:
		// sols is ordered, so index 0 is the earlier instant (PEP 495 fold=0).
		return instant(sols[l.Fold], loc, true, l.Fold), nil
	}
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
		UTC: t, JD: JulianDay(t), Zone: loc.String(), Offset: off, Abbrev: abbr,
		DST: lt.IsDST(), Ambiguous: ambiguous, Fold: fold,
	}
}

func gapError(l Local, loc *time.Location, wall int64) error {
	before := offsetAt(wall-2*86400, loc)
	after := offsetAt(wall+2*86400, loc)
	return &engine.FieldError{
		Field: "hour",
		Reason: fmt.Sprintf("local time %04d-%02d-%02d %02d:%02d:%02d does not exist in %s: the clocks jumped from %s to %s; send a time outside the gap",
			l.Year, l.Month, l.Day, l.Hour, l.Minute, l.Second, loc.String(), FormatOffset(before), FormatOffset(after)),
	}
}

// FormatOffset writes an offset in seconds east of UTC as "UTC+05:30"
// (seconds are shown only when non-zero, as local mean time has them): the
// zone routes' offset (zones.FormatOffset) behind "UTC".
func FormatOffset(off int) string { return "UTC" + zones.FormatOffset(off) }
