package timing

import (
	"math"

	"github.com/astroapi/astroapi/engine/timing"
	"github.com/astroapi/astroapi/http/op"
)

// lunarReturnsRequest is the lunar returns' input, billed as the charts it
// casts (Cost).
type lunarReturnsRequest struct {
	timing.LunarReturnsRequest
}

// lunarMonth is the Moon's mean tropical month in days: returns recur at
// about this interval.
const lunarMonth = 27.321582

// Cost bills lunar returns as the natal charts they cast, one call per
// return the resolved range can hold (its length over a lunar month,
// rounded up: 14 for a year), like a batch of natal charts, before
// anything is calculated.
func (in *lunarReturnsRequest) Cost() int64 {
	if in.StartUTC == nil || in.EndUTC == nil || !in.EndUTC.After(*in.StartUTC) {
		return 1
	}
	return max(1, int64(math.Ceil(in.EndUTC.Sub(*in.StartUTC).Hours()/24/lunarMonth)))
}

func (d Deps) returnOps() []*op.Operation {
	const returns = "The instant is the root of the body's apparent geocentric longitude (in the chart's zodiac: a sidereal zodiac gives " +
		"precession-corrected returns) minus its natal longitude, found on the ephemeris to 1e-9 day and reported to the second " +
		"(with the unrounded Julian day). Return charts are natal charts (as POST /api/v1/natal answers them) cast for the return " +
		"instant at the birth place, or at `place` (coordinates, a location string, or both) for a relocated return; house_system, " +
		"zodiac_type, ayanamsa, node_type, include_asteroids, include_minor_aspects and orbs apply to them as to the natal route. " +
		"On these routes `place` is the return charts' place: the birth's geocoded place is echoed as `birth_place`."
	return []*op.Operation{
		op.Post(d.spec("post-returns-solar", "/api/v1/returns/solar", "Solar return of a year, with its chart",
			"The Sun's return to its natal longitude in `return_year`: the (return_year - birth year)-th return, the one nearest "+
				"the birthday in that year (the birth's local date and time at its UTC offset; it falls within about a day of it, "+
				"before or after). "+returns), d.solarReturn),
		op.Post(d.spec("post-returns-lunar", "/api/v1/returns/lunar", "Lunar returns in a date range, with their charts",
			"Every return of the Moon to its natal longitude from `start` to `end` (default: a year after start; at most 366 days: "+
				"13 or 14 returns, each with its chart). Billed as the charts it casts: one call per return the range can hold (its "+
				"length over 27.32 days, rounded up: 14 for a year). "+returns), d.lunarReturns),
		op.Post(d.spec("post-returns-planetary", "/api/v1/returns/planetary", "Planetary returns (Mercury to Pluto) in a date range",
			"Every pass of `planet` over its natal longitude from `start` (default: the birth) to `end` (default: 100 years on, "+
				"at most 150 years after the birth; at most 120 years, or 12 with include_charts). A planet that stations over its natal "+
				"place passes it three times (direct, retrograde, direct): the passes of one return are numbered (pass of passes) and "+
				"carry their direction. Charts only on request (include_charts). "+returns), d.planetaryReturns),
	}
}

func (d Deps) solarReturn(c *op.Call, in *timing.SolarReturnRequest) (*timing.SolarReturn, error) {
	return in.Compute(d.Positions, c)
}

func (d Deps) lunarReturns(c *op.Call, in *lunarReturnsRequest) (*timing.Returns, error) {
	return in.Compute(d.Positions, c)
}

func (d Deps) planetaryReturns(c *op.Call, in *timing.PlanetaryReturnsRequest) (*timing.Returns, error) {
	return in.Compute(d.Positions, c)
}
