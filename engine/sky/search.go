package sky

import (
	"math"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/roots"
)

// tolDays is the convergence tolerance of every root search: 1e-6 day,
// 0.09 s, well below the minute the results promise.
const tolDays = 1e-6

// residual is a quantity whose root is searched: a value (degrees, or
// degrees per day for stations) and its rate of change per day.
type residual = roots.Func

// newton and bracketed are the engine's root finders (engine/roots) at the
// sky's tolerance.
func newton(f residual, t float64) (float64, error) { return roots.Newton(f, t, tolDays) }

func bracketed(f residual, lo, hi, flo, fhi float64) (float64, error) {
	return roots.Bracketed(f, lo, hi, flo, fhi, tolDays)
}

// lonResidual is the residual of body b reaching longitude target (frame o):
// the signed arc from target to the body, in (-180, 180], and its speed.
// The sources of the positions read are folded into *src.
func lonResidual(pos engine.Positions, b engine.Body, o engine.Options, target float64, src *engine.Source) residual {
	return func(t float64) (float64, float64, error) {
		p, err := position(pos, engine.JDUT(t), b, o, src)
		if err != nil {
			return 0, 0, err
		}
		return math.Remainder(p.Longitude-target, 360), p.SpeedLongitude, nil
	}
}

// elongResidual is the residual of the elongation of body a from body b
// (longitude of a minus longitude of b) reaching target degrees.
func elongResidual(pos engine.Positions, a, b engine.Body, o engine.Options, target float64, src *engine.Source) residual {
	return func(t float64) (float64, float64, error) {
		pa, err := position(pos, engine.JDUT(t), a, o, src)
		if err != nil {
			return 0, 0, err
		}
		pb, err := position(pos, engine.JDUT(t), b, o, src)
		if err != nil {
			return 0, 0, err
		}
		return math.Remainder(pa.Longitude-pb.Longitude-target, 360), pa.SpeedLongitude - pb.SpeedLongitude, nil
	}
}
