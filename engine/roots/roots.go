// Package roots finds the instants at which a smooth quantity of the sky
// (a longitude past a target, an elongation, a speed) crosses zero: the one
// set of root finders of the engine's searches (returns, ingresses,
// phases, stations, transit perfections, calendars).
//
// The functions take the quantity as a Func of the time in days (a Julian
// day, usually) and stop when a step falls under the tolerance given, in
// the same unit.
package roots

import (
	"errors"
	"math"
)

// ErrNoRoot says the search found no root: the bracket's ends have the same
// sign, or the iteration did not converge.
var ErrNoRoot = errors.New("roots: no root in the interval")

// Func is a quantity whose root is searched: its value at t and its rate
// of change per unit of t.
type Func func(t float64) (v, dv float64, err error)

// Bracketed finds the root of f in [lo, hi], where f(lo) = flo and f(hi) =
// fhi have opposite signs (or one is zero), to tol: Newton steps from the
// rate, falling back to bisection when a step would leave the shrinking
// bracket or shrink it too slowly (Numerical Recipes, 3rd ed., section
// 9.4, rtsafe). The first point is the secant's root rather than the
// midpoint: the quantities searched are nearly linear between the samples
// that bracket them, so Newton starts a few percent of the bracket from the
// root.
func Bracketed(f Func, lo, hi, flo, fhi, tol float64) (float64, error) {
	switch {
	case flo == 0:
		return lo, nil
	case fhi == 0:
		return hi, nil
	case (flo > 0) == (fhi > 0):
		return 0, ErrNoRoot
	}
	if flo > 0 { // orient so that f(lo) < 0 < f(hi)
		lo, hi, flo, fhi = hi, lo, fhi, flo
	}
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
		if v == 0 {
			return t, nil
		}
		if ((t-hi)*dv-v)*((t-lo)*dv-v) > 0 || math.Abs(2*v) > math.Abs(dxOld*dv) {
			dxOld, dx = dx, (hi-lo)/2
			t = lo + dx
		} else {
			dxOld, dx = dx, v/dv
			t -= dx
		}
		if math.Abs(dx) < tol {
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
	return 0, ErrNoRoot
}

// Newton finds a root of f from the guess t by Newton's method, to tol. It
// is meant for quantities whose rate stays within a factor of two of itself
// over the search (the Moon against a slower body: 9.6-16.9 degrees a day),
// where every step shrinks the error, so that no bracket is needed.
func Newton(f Func, t, tol float64) (float64, error) {
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
		if math.Abs(step) < tol {
			return t, nil
		}
	}
	return 0, ErrNoRoot
}

// Regula finds the root of g in [a, b], where g(a) = ga and g(b) = gb have
// opposite signs, to tol, without a rate: the Illinois variant of the
// false position method, which converges superlinearly and never leaves
// the bracket. It serves stations (roots of a speed, whose rate the tables
// do not give).
func Regula(g func(t float64) (float64, error), a, b, ga, gb, tol float64) (float64, error) {
	if ga == 0 {
		return a, nil
	}
	if gb == 0 {
		return b, nil
	}
	if (ga > 0) == (gb > 0) {
		return 0, ErrNoRoot
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
	return 0, ErrNoRoot
}
