package bazi

import (
	"fmt"
	"math"
	"time"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/birth"
	"github.com/astroapi/astroapi/engine/calendar"
	"github.com/astroapi/astroapi/engine/solarterms"
)

// Clock says which time of day the day and hour pillars read. The year
// and month pillars follow the instant (the solar terms) under every clock.
type Clock string

// The clocks.
const (
	// Civil: the clock time as it was read in the birth's zone, daylight
	// time included (spec 4.6's default, and the default here).
	Civil Clock = "civil"
	// Standard: the zone's standard time, daylight-saving time removed
	// (1988-07-15 13:30 in Shanghai, summer time, is 12:30).
	Standard Clock = "standard"
	// MeanSolar: local mean time of the birthplace's longitude (UT plus
	// four minutes a degree east); needs the place.
	MeanSolar Clock = "mean_solar"
	// TrueSolar: apparent (true) solar time of the birthplace, local mean
	// time plus the equation of time, the time a sundial shows there;
	// needs the place.
	TrueSolar Clock = "true_solar"
)

// EnumValues lists the clocks (engine.Enum).
func (Clock) EnumValues() []string {
	return []string{string(Civil), string(Standard), string(MeanSolar), string(TrueSolar)}
}

// needsPlace reports whether the clock is read at the birthplace's longitude.
func (c Clock) needsPlace() bool { return c == MeanSolar || c == TrueSolar }

// clockReading is the time of day the day and hour pillars read.
type clockReading struct {
	local  birth.Local // date (in the birth's calendar) and time, to the second
	offset float64     // seconds from UT of the time read
	eot    float64     // equation of time applied, seconds (TrueSolar)
	note   string      // a notice (no standard time found)
}

// readClock returns the time of day b's day and hour pillars read under
// its clock: the civil time itself, or the instant written at the standard
// offset, the longitude's mean time or the true solar time, truncated to
// the second (a sundial at 12:59:59.7 still shows the Wu hour).
func readClock(terms *solarterms.Finder, b Birth) (clockReading, error) {
	inst := b.Instant
	r := clockReading{local: b.Local, offset: float64(inst.Offset)}
	switch b.Clock {
	case "", Civil:
		return r, nil
	case Standard:
		if !inst.DST {
			return r, nil
		}
		off, ok := standardOffset(b.Location, inst.UTC)
		if !ok {
			r.note = fmt.Sprintf("clock standard: %s keeps no standard time near the birth; the civil time is used", inst.Zone)
			return r, nil
		}
		r.offset = float64(off)
	case MeanSolar, TrueSolar:
		if !b.Placed {
			return r, &engine.FieldError{Field: "clock", Reason: fmt.Sprintf("%s needs the birthplace's longitude", b.Clock)}
		}
		r.offset = b.Longitude * 240
		if b.Clock == TrueSolar {
			e, _, err := terms.EquationOfTime(inst.JD)
			if err != nil {
				return r, err
			}
			r.eot = e
			r.offset += e
		}
	default:
		return r, &engine.FieldError{Field: "clock", Reason: fmt.Sprintf("unknown clock %q", b.Clock)}
	}
	ns := math.Floor(r.offset * 1e9)
	t := inst.UTC.Add(time.Duration(ns)).Truncate(time.Second)
	y, m, d := t.Date()
	if b.Local.Calendar == calendar.Julian {
		y, m0, d0, _ := calendar.DateOf(calendar.JulianDay(y, int(m), d, calendar.Gregorian), calendar.Julian)
		r.local = birth.Local{Year: y, Month: m0, Day: d0}
	} else {
		r.local = birth.Local{Year: y, Month: int(m), Day: d}
	}
	r.local.Hour, r.local.Minute, r.local.Second = t.Clock()
	r.local.Zone, r.local.Calendar = b.Local.Zone, b.Local.Calendar
	return r, nil
}

// standardOffset returns the standard offset (seconds east of UTC) of loc
// around t: the offset of the nearest period before t that is not
// daylight-saving time (or, failing that, after it). A zone that kept
// daylight time for years (British double summer time, 1940-1945) is
// walked back to its last winter.
func standardOffset(loc *time.Location, t time.Time) (int, bool) {
	if loc == nil {
		return 0, false
	}
	for _, back := range []bool{true, false} {
		u := t.In(loc)
		for range 64 {
			if !u.IsDST() {
				_, off := u.Zone()
				return off, true
			}
			start, end := u.ZoneBounds()
			if back {
				if start.IsZero() {
					break
				}
				u = start.Add(-time.Second)
			} else {
				if end.IsZero() {
					break
				}
				u = end
			}
		}
	}
	return 0, false
}

// clockText states the clock a chart's day and hour pillars read.
func clockText(c Clock) string {
	switch c {
	case Standard:
		return "standard time of the given zone: daylight-saving time removed (local mean time with LMT or before the zone's standard time)"
	case MeanSolar:
		return "local mean time of the birthplace's longitude (UT + 4 minutes per degree east); the civil clock is not used"
	case TrueSolar:
		return "true (apparent) solar time of the birthplace: local mean time of its longitude plus the equation of time at the instant"
	}
	return "the clock time of the given zone (standard or daylight time as in force then; local mean time with LMT or before the zone's standard time); no true solar time correction"
}
