package sky

import (
	"math"

	"github.com/astroapi/astroapi/engine"
)

// tolDays is the convergence tolerance of every root search: 1e-6 day,
// 0.09 s, well below the minute the results promise.
const tolDays = 1e-6

// residual is a function whose root is searched: a value (degrees, or
// degrees per day for stations) and its rate of change per day.
type residual func(t float64) (v, dv float64, err error)

// newton finds a root of f from guess t by Newton's method. It is meant for
// residuals whose rate stays within a factor of two of itself over the
// search (the Moon against a slower body: 9.6-16.9°/day), where every step
// shrinks the error (|1 - f'(ξ)/f'(t)| < 1), so no bracket is needed.
func newton(f residual, t float64) (float64, error) {
	for range 60 {
		v, dv, err := f(t)
		if err != nil {
			return 0, err
		}
		if dv == 0 || math.IsNaN(v) {
			break
		}
		step := v / dv
		t -= step
		if math.Abs(step) < tolDays {
			return t, nil
		}
	}
	return 0, errNoConverge
}

// bracketed finds the root of f in [lo, hi], where f(lo) = flo and f(hi) =
// fhi have opposite signs (or one is zero), by Newton steps that fall back
// to bisection when they leave the bracket or shrink it too slowly
// (Numerical Recipes, 3rd ed., section 9.4, rtsafe).
func bracketed(f residual, lo, hi, flo, fhi float64) (float64, error) {
	switch {
	case flo == 0:
		return lo, nil
	case fhi == 0:
		return hi, nil
	case (flo > 0) == (fhi > 0):
		return 0, errNoConverge
	}
	if flo > 0 { // orient so that f(lo) < 0 < f(hi)
		lo, hi, flo, fhi = hi, lo, fhi, flo
	}
	// Start from the secant's root rather than the midpoint: the residuals
	// searched are nearly linear between samples, so the first Newton step
	// begins a few percent of the bracket from the root instead of half of
	// it (a transit calendar's thousands of Moon roots take a third fewer
	// readings).
	t := lo - flo*(hi-lo)/(fhi-flo)
	if !(t > min(lo, hi) && t < max(lo, hi)) {
		t = (lo + hi) / 2
	}
	dxOld, dx := math.Abs(hi-lo), math.Abs(hi-lo)
	v, dv, err := f(t)
	if err != nil {
		return 0, err
	}
	for range 100 {
		if ((t-hi)*dv-v)*((t-lo)*dv-v) > 0 || math.Abs(2*v) > math.Abs(dxOld*dv) {
			dxOld, dx = dx, (hi-lo)/2
			t = lo + dx
		} else {
			dxOld, dx = dx, v/dv
			t -= dx
		}
		if math.Abs(dx) < tolDays {
			return t, nil
		}
		if v, dv, err = f(t); err != nil {
			return 0, err
		}
		if v < 0 {
			lo = t
		} else {
			hi = t
		}
	}
	return 0, errNoConverge
}

// regula finds the root of g in [a, b], where g(a) = ga and g(b) = gb have
// opposite signs, to tol days, without a derivative: the Illinois variant
// of the false position method, which converges superlinearly and never
// leaves the bracket. It is used for stations (roots of the speed, whose
// rate the tables do not give).
func regula(g func(t float64) (float64, error), a, b, ga, gb, tol float64) (float64, error) {
	if ga == 0 {
		return a, nil
	}
	if gb == 0 {
		return b, nil
	}
	if (ga > 0) == (gb > 0) {
		return 0, errNoConverge
	}
	if b < a {
		a, b, ga, gb = b, a, gb, ga
	}
	side := 0
	for range 200 {
		c := (a*gb - b*ga) / (gb - ga)
		if math.IsNaN(c) || c <= a || c >= b {
			c = (a + b) / 2
		}
		gc, err := g(c)
		if err != nil {
			return 0, err
		}
		if gc == 0 {
			return c, nil
		}
		if (gc > 0) == (gb > 0) {
			b, gb = c, gc
			if side == -1 {
				ga /= 2
			}
			side = -1
		} else {
			a, ga = c, gc
			if side == 1 {
				gb /= 2
			}
			side = 1
		}
		if b-a < tol {
			return (a*gb - b*ga) / (gb - ga), nil
		}
	}
	return 0, errNoConverge
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
