package timing

import (
	"fmt"
	"math"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/roots"
)

// track is one body's longitude in one frame, sampled from a position
// source; it remembers the least precise source it used.
type track struct {
	pos   engine.Positions
	body  engine.Body
	frame engine.Options
	src   engine.Source
	evals int // positions asked for (for tests and benchmarks)
}

func newTrack(pos engine.Positions, b engine.Body, sidereal engine.Ayanamsa) *track {
	return &track{pos: pos, body: b, frame: engine.Options{Sidereal: sidereal, SkipDistance: true}, src: engine.FromTables}
}

// at returns the longitude (degrees) and its speed (degrees per day) at t.
func (tr *track) at(t float64) (lon, speed float64, err error) {
	tr.evals++
	p, err := tr.pos.Position(engine.JDUT(t), tr.body, tr.frame)
	if err != nil {
		return 0, 0, fmt.Errorf("%s: %w", tr.body, err)
	}
	tr.src = tr.src.Worse(p.Source)
	return p.Longitude, p.SpeedLongitude, nil
}

// off returns the signed distance of the longitude at t past target,
// reduced to [-180, 180], and the speed.
func (tr *track) off(t, target float64) (d, speed float64, err error) {
	lon, speed, err := tr.at(t)
	if err != nil {
		return 0, 0, err
	}
	return math.Remainder(lon-target, 360), speed, nil
}

// tolDays is the convergence of the searches: a root is taken when a step
// falls under 1e-9 day (86 µs), far below the second the results promise.
const tolDays = 1e-9

// cross finds the instant in [a, b] where the longitude passes target,
// given da = off(a) and db = off(b) of opposite signs (or one zero) and the
// longitude monotonic in between without wrapping (engine/roots).
func (tr *track) cross(target, a, b, da, db float64) (float64, error) {
	return roots.Bracketed(func(t float64) (float64, float64, error) { return tr.off(t, target) }, a, b, da, db, tolDays)
}

// nearest finds the crossing of target nearest to t0 for a body that only
// moves forward, searching within ±half days (the longitude must stay within
// 180° of target over that window).
func (tr *track) nearest(target, t0, half float64) (float64, error) {
	a, b := t0-half, t0+half
	da, _, err := tr.off(a, target)
	if err != nil {
		return 0, err
	}
	db, _, err := tr.off(b, target)
	if err != nil {
		return 0, err
	}
	return tr.cross(target, a, b, da, db)
}

// next finds the first crossing of target at or after t for a body that
// only moves forward (the Sun, the Moon), with its speed known to lie
// within [vmin, vmax] degrees per day.
func (tr *track) next(target, t, vmin, vmax float64) (float64, error) {
	lon, _, err := tr.at(t)
	if err != nil {
		return 0, err
	}
	togo := engine.Normalize(target - lon)
	if togo == 0 {
		return t, nil
	}
	// The crossing lies between the instants the fastest and the slowest
	// motion would take; widen a little for safety.
	a, b := t+togo/vmax, t+togo/vmin
	a, b = max(t, a-0.05*(b-a)), b+0.05*(b-a)
	da, _, err := tr.off(a, target)
	if err != nil {
		return 0, err
	}
	db, _, err := tr.off(b, target)
	if err != nil {
		return 0, err
	}
	if da > 0 && a == t { // numerically just past target at t
		return t, nil
	}
	return tr.cross(target, a, b, da, db)
}

// station finds the instant in [a, b] where the speed changes sign, given
// va = speed(a), vb = speed(b) of opposite signs, by the Illinois variant of
// regula falsi on the speed (engine/roots: no second derivative needed), to
// 1e-7 day (9 ms).
func (tr *track) station(a, b, va, vb float64) (float64, error) {
	return roots.Regula(func(t float64) (float64, error) {
		_, v, err := tr.at(t)
		return v, err
	}, a, b, va, vb, 1e-7)
}

// Crossing is an instant the longitude passes the target, and the direction
// of motion then.
type crossing struct {
	t     float64
	speed float64
}

// scanStep is the sampling step in days for finding every crossing of a
// body that can turn retrograde: shorter than its shortest retrograde arc
// (Mercury about 20 days, Venus 40, Mars 60, the others 120 and more), so a
// step holds at most one station.
func scanStep(b engine.Body) float64 {
	switch b {
	case engine.Moon:
		return 1
	case engine.Mercury:
		return 2
	case engine.Venus, engine.Mars:
		return 4
	case engine.Sun:
		return 10
	}
	return 8
}

// crossings finds every instant in [from, to] where the longitude passes
// target, in time order: the interval is sampled at scanStep; a step whose
// end speeds differ in sign is split at the station, so each piece is
// monotonic and holds at most one crossing.
func (tr *track) crossings(target, from, to float64) ([]crossing, error) {
	step := scanStep(tr.body)
	var out []crossing
	t0 := from
	d0, v0, err := tr.off(t0, target)
	if err != nil {
		return nil, err
	}
	if d0 == 0 {
		out = append(out, crossing{t0, v0})
	}
	for t0 < to {
		t1 := min(t0+step, to)
		d1, v1, err := tr.off(t1, target)
		if err != nil {
			return nil, err
		}
		pieces := [2][4]float64{{t0, t1, d0, d1}}
		n := 1
		if (v0 < 0) != (v1 < 0) && v0 != 0 && v1 != 0 {
			ts, err := tr.station(t0, t1, v0, v1)
			if err != nil {
				return nil, err
			}
			ds, _, err := tr.off(ts, target)
			if err != nil {
				return nil, err
			}
			pieces = [2][4]float64{{t0, ts, d0, ds}, {ts, t1, ds, d1}}
			n = 2
		}
		for _, p := range pieces[:n] {
			a, b, da, db := p[0], p[1], p[2], p[3]
			// A crossing of target (not of its opposite point, where off
			// jumps by 360°) in (a, b]: the start belongs to the step
			// before.
			if da != 0 && (db == 0 || (da < 0) != (db < 0)) && math.Abs(db-da) < 180 {
				tc, err := tr.cross(target, a, b, da, db)
				if err != nil {
					return nil, err
				}
				_, v, err := tr.at(tc)
				if err != nil {
					return nil, err
				}
				out = append(out, crossing{tc, v})
			}
		}
		t0, d0, v0 = t1, d1, v1
	}
	return out, nil
}
