// Package transitcal is the glue of the transit calendar: every aspect of
// the transiting bodies to a natal chart over a range, with ingresses,
// stations and lunar quarters on request, as JSON and as iCalendar
// (RFC 5545), computed by engine/transitcal.
package transitcal

import (
	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/transitcal"
	"github.com/astroapi/astroapi/http/op"
)

// Deps are what the calendar routes calculate with.
type Deps struct {
	Positions engine.Positions // nil: the routes answer 503
}

const description = "Every aspect the transiting bodies (bodies, default Sun..Pluto) make to the natal points (planets, Ascendant, Midheaven) " +
	"over a range (start and end, or year; at most a year with a fast body, Sun to Mars, ten years for slow bodies alone): " +
	"when each enters orb, its exact instants (three through a retrograde loop) and when it leaves orb. " +
	"include_ingresses, include_stations and include_lunar_phases add the bodies' sign ingresses, their stations and the Moon's quarters. " +
	"Orbs default to 3° (2° for the sextile). Billed one call per started year of the range."

// Ops returns the calendar routes.
func Ops(d Deps) []*op.Operation {
	unavailable := op.Missing(d.Positions == nil, "no ephemeris is configured on this server")
	return []*op.Operation{
		op.Post(op.Spec{
			ID: "post-transits-calendar", Path: "/api/v1/transits/calendar", Family: "Timing", Cacheable: true,
			Summary:     "Transit calendar: aspects to a natal chart over a range, with their start, exact instants and end",
			Description: description, Unavailable: unavailable,
		}, d.calendar),
		op.Post(op.Spec{
			ID: "post-transits-calendar-ics", Path: "/api/v1/transits/calendar/ics", Family: "Timing", Produces: "text/calendar",
			Summary: "Transit calendar as iCalendar (RFC 5545), to import into a calendar application",
			Description: "The calendar of /api/v1/transits/calendar as an .ics file: per aspect an event from entering to leaving orb and an event at each exact instant; " +
				"ingresses, stations and lunar quarters as events at their instants; times in UTC. Event UIDs depend on name and the event, " +
				"so importing a calendar again updates it. " + description,
			Unavailable: unavailable,
		}, d.ics),
	}
}

func (d Deps) calendar(c *op.Call, in *transitcal.Request) (*transitcal.Calendar, error) {
	return in.Build(d.Positions, c)
}

func (d Deps) ics(c *op.Call, in *transitcal.ICSRequest) (op.Raw, error) {
	cal, err := in.Build(d.Positions, c)
	if err != nil {
		return op.Raw{}, err
	}
	return op.Raw{ContentType: "text/calendar; charset=utf-8", Body: cal.ICS(c.Now(), in.Name), Filename: "transits.ics"}, nil
}
