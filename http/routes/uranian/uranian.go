// Package uranian is the glue of the Uranian route: the Hamburg school's
// points, dial, midpoints and planetary pictures of a birth, computed by
// engine/uranian from a birth packet resolved by engine/birth.
package uranian

import (
	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/uranian"
	"github.com/astroapi/astroapi/http/op"
)

// Deps are what the Uranian route calculates with.
type Deps struct {
	Positions engine.Positions // nil: the route answers 503
}

// Ops returns the Uranian route.
func Ops(d Deps) []*op.Operation {
	return []*op.Operation{
		op.Post(op.Spec{
			ID: "post-uranian", Path: "/api/v1/uranian", Family: "Charts", Cacheable: true,
			Summary: "Uranian chart: transneptunian points, dial, midpoints and planetary pictures",
			Description: "The working material of the Hamburg school (Witte, Sieggrün): the Aries point, Midheaven, Ascendant, Sun, Moon and node, " +
				"the planets, and the eight transneptunian points Cupido, Hades, Zeus, Kronos, Apollon, Admetos, Vulkanus and Poseidon " +
				"(the Swiss Ephemeris' fictitious bodies; include_transneptunians false leaves them out), each with its place on the dial; " +
				"the points in dial order; every midpoint sorted on the dial (the midpoint sort); and the planetary pictures within orb: " +
				"A = B/C (A on the B/C axis) and, on request, A + B - C = D. dial: 90 (default), 45, 22.5 or 360 degrees. " +
				"The node is the mean node unless node_type is true.",
			Unavailable: op.Missing(d.Positions == nil, "no ephemeris is configured on this server"),
		}, d.uranian),
	}
}

func (d Deps) uranian(c *op.Call, in *uranian.Request) (*uranian.Chart, error) {
	return in.Cast(d.Positions, c)
}
