// Package directions is the glue of the primary directions route: the
// directions of a birth packet resolved by engine/birth, computed by
// engine/directions.
package directions

import (
	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/directions"
	"github.com/astroapi/astroapi/http/op"
)

// Deps are what the route calculates with.
type Deps struct {
	Positions engine.Positions // nil: the route answers 503
}

// Ops returns the primary directions route.
func Ops(d Deps) []*op.Operation {
	return []*op.Operation{
		op.Post(op.Spec{
			ID: "post-primary-directions", Path: "/api/v1/directions/primary", Family: "Timing", Cacheable: true,
			Summary: "Primary directions: Placidus semi-arc or Regiomontanus, direct and converse, Naibod or Ptolemy key",
			Description: "The arcs through which the daily rotation of the sky carries each planet (the promissor), or one of its aspects, " +
				"to the place of a significator (the Sun, the Moon, the Ascendant, the Midheaven), with the age and date each perfects. " +
				"method placidus takes a point's place as the proportion of its semi-arc it has run from the meridian (points that never rise or set are left out, with a warning); " +
				"regiomontanus as its circle of position through the north and south points of the horizon. " +
				"mode zodiacal (default) directs the promissors' aspect points on the ecliptic without latitude; mundane directs the bodies with their latitude and takes aspects as fractions of the mundane circle. " +
				"motion: direct (the promissor carried to the significator), converse (the significator carried to the promissor, the traditional converse), or both. " +
				"key: naibod (0°59'08\" a year) or ptolemy (1° a year); from_age and to_age bound the ages listed (0 to 90 by default, at most 120). " +
				"Each point's right ascension, declination and mundane position are given for checking by hand.",
			Unavailable: op.Missing(d.Positions == nil, "no ephemeris is configured on this server"),
		}, d.primary),
	}
}

func (d Deps) primary(c *op.Call, in *directions.Request) (*directions.Result, error) {
	return in.Compute(d.Positions, c)
}
