package vedic

import (
	"time"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/birth"
	"github.com/astroapi/astroapi/engine/calendar"
)

// CalendarRequest is the input of the Hindu calendar route: a civil date
// at a place, read as the panchang reads it (its Resolve is the
// panchang's).
type CalendarRequest struct {
	PanchangRequest
}

// day is the civil day and options of a resolved panchang request.
func (r *PanchangRequest) day() (Day, PanchangOptions) {
	return civilDay(&r.Packet, *r.Year), PanchangOptions{Sunrise: r.Sunrise, Zodiac: r.Zodiac.Options("")}
}

// civilDay is the civil day of a resolved day packet at its place, its
// year y (the routes' inputs shadow the packet's year for their bounds): a
// date sent in the Julian calendar carried into the proleptic Gregorian
// one the engine counts days in.
func civilDay(p *birth.Packet, y int) Day {
	b := p.Resolved()
	m, d := *p.Month, *p.Day
	if b.Instant.Calendar == calendar.Julian {
		y, m, d, _ = calendar.DateOf(calendar.JulianDay(y, m, d, calendar.Julian), calendar.Gregorian)
	}
	loc := b.Zone
	if loc == nil {
		loc = time.UTC
	}
	return Day{Year: y, Month: m, Day: d, Location: loc, Latitude: b.Latitude, Longitude: b.Longitude}
}

// Calendar reckons the Hindu date of a resolved request, leaving its
// notes on c.
func (r *CalendarRequest) Calendar(pos engine.Positions, c notes) (*CalendarDay, error) {
	d, o := r.day()
	return NewCalendarDay(pos, d, o)
}
