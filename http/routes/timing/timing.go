// Package timing is the glue of the timing routes: solar, lunar and
// planetary returns, secondary progressions, solar arc directions,
// profections, zodiacal releasing and the firdaria. The inputs are
// engine/timing's request types, which resolve themselves when the door
// decodes them (the birth packet, the chart frame, the dates in the
// birth's zone, each technique's rules and defaults) and are the echo;
// the handlers run the technique.
package timing

import (
	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/http/op"
)

// Deps are what the timing routes calculate with.
type Deps struct {
	Positions engine.Positions // nil: the routes answer 503
}

// Ops returns the timing routes.
func Ops(d Deps) []*op.Operation {
	var ops []*op.Operation
	for _, family := range [][]*op.Operation{d.returnOps(), d.progressionOps(), d.profectionOps(), d.releasingOps(), d.firdariaOps()} {
		ops = append(ops, family...)
	}
	return ops
}

// spec is the Spec every timing operation shares: a billed POST of the
// Timing family whose answer depends on the request alone (Cacheable).
// None opts into Recycle: the return charts would have to be released one
// by one after encoding, for a saving the benchmarks do not need.
func (d Deps) spec(id, path, summary, description string) op.Spec {
	return op.Spec{
		ID: id, Path: path, Family: "Timing", Cacheable: true, Summary: summary,
		Description: description + " " + conventionsText,
		Unavailable: op.Missing(d.Positions == nil, "no ephemeris is configured on this server"),
	}
}

// conventionsText ends every description: the birth packet and the dates.
const conventionsText = "The birth is the birth packet, flat in the body (year, month, day or date; hour, minute, second or time; " +
	"latitude and longitude, location, or both; timezone: an IANA name, `auto`, `LMT` or an offset, default UTC). " +
	"On the routes whose own `date` is the target date (progressions, solar arc, profections, releasing at a date, firdaria at an age), " +
	"that field shadows the packet's: the birth's date is year, month and day there. " +
	"Dates: `YYYY-MM-DD` is 00:00 of that day in the zone the birth was read in (the echo's timezone, at its offset on that day; " +
	"where the clocks jump over midnight, the day begins when they have jumped); a date alone on the birth's own day is the birth " +
	"itself; an ISO 8601 date-time with an offset (`2024-07-14T09:30:00Z`) is that instant, without one a local time in the birth's zone. " +
	"Every date must lie between the birth and 150 years after it; births are taken from year 0 (1 BC) in UTC, as the results write " +
	"their instants in RFC 3339 (years 0000 to 9999). The envelope's input is the request as read, and can be sent " +
	"back: each date's UTC instant is beside it (`date_utc`, `start_utc`, ...), the zone of the dates sent without an offset in " +
	"`date_zone`, and the defaults chosen are written in. Results give instants in UTC to the second. Angles are degrees."
