package vedic

import (
	"time"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/calendar"
)

// CalendarRequest is the input of the Hindu calendar route: a civil date
// at a place, read as the panchang reads it (its Resolve is the
// panchang's).
type CalendarRequest struct {
	PanchangRequest
}

// day is the civil day and options of a resolved panchang request: a
// date sent in the Julian calendar carried into the proleptic Gregorian
// one the engine counts in.
func (r *PanchangRequest) day() (Day, PanchangOptions) {
	b := r.Packet.Resolved()
	y, m, d := *r.Year, *r.Month, *r.Day
	if b.Instant.Calendar == calendar.Julian {
		y, m, d, _ = calendar.DateOf(calendar.JulianDay(y, m, d, calendar.Julian), calendar.Gregorian)
	}
	loc := b.Zone
	if loc == nil {
		loc = time.UTC
	}
	return Day{Year: y, Month: m, Day: d, Location: loc, Latitude: b.Latitude, Longitude: b.Longitude}, PanchangOptions{Sunrise: r.Sunrise, Zodiac: r.Zodiac.Options("")}
}

// Calendar reckons the Hindu date of a resolved request, leaving its
// notes on c.
func (r *CalendarRequest) Calendar(pos engine.Positions, c notes) (*CalendarDay, error) {
	d, o := r.day()
	return NewCalendarDay(pos, d, o)
}
