package sky

import (
	"math"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/roots"
)

// Track is a body's path over a window of time, sampled so that between two
// samples it moves one way only: its stations are found and inserted. It
// answers when the body is at a longitude, through retrograde loops. A
// Track is not safe for concurrent use.
type Track struct {
	pos   engine.Positions
	body  engine.Body
	frame engine.Options
	t     []float64 // instants (JD UT), increasing; stations included
	lon   []float64 // longitudes at t
	src   engine.Source
}

// trackStep is the sampling step in days of each body: shorter than its
// shortest run between two stations (so a station is never missed) and
// short enough that it moves far less than 180° per step.
func trackStep(b engine.Body) float64 {
	switch b {
	case engine.Moon:
		return 10 // never turns; at most 154° in 10 days
	case engine.Sun, engine.MeanNode, engine.MeanLilith:
		return 30 // never turn, at most 31° a month
	case engine.TrueNode:
		// The osculating node turns every few days with the Moon's
		// perturbations.
		return 0.5
	case engine.Mercury:
		return 4 // retrograde runs of 19 days and more
	case engine.Venus, engine.Mars, engine.Ceres, engine.Pallas, engine.Juno, engine.Vesta:
		return 8 // runs of 40 days and more
	}
	return 16 // Jupiter..Pluto and Chiron: retrograde runs of four months and more
}

// maxSpeed bounds a body's geocentric speed in longitude, degrees per day
// (with a margin): the Moon 15.4, Mercury 2.2, Venus 1.26, the true node's
// wobble some 0.4.
func maxSpeed(b engine.Body) float64 {
	switch b {
	case engine.Moon:
		return 16
	case engine.Sun:
		return 1.1
	case engine.Mercury:
		return 2.5
	case engine.Venus:
		return 1.4
	case engine.Mars, engine.Pallas, engine.Juno, engine.Ceres, engine.Vesta:
		return 1
	case engine.TrueNode:
		return 0.4 // 0.384 at most over 1800-2400 (sampled every 0.05 day)
	case engine.Jupiter, engine.Chiron, engine.MeanLilith:
		return 0.3
	}
	return 0.15 // Saturn..Pluto, the mean node
}

// minRun is the shortest time in days a body keeps one direction of
// motion (+Inf for the bodies that never turn, 0 for the true node, whose
// turns are too frequent to rely on).
func minRun(b engine.Body) float64 {
	switch b {
	case engine.Sun, engine.Moon, engine.MeanNode, engine.MeanLilith:
		return math.Inf(1)
	case engine.TrueNode:
		return 0
	case engine.Mercury:
		return 19
	case engine.Venus, engine.Ceres, engine.Pallas, engine.Juno, engine.Vesta:
		return 40
	case engine.Mars:
		return 58
	}
	return 118
}

// splitTol is how closely a track locates a station it splits at: 1e-4
// day. The body moves some 1e-9° in that time near a station, so a
// crossing missed for it would be a loop too small to matter.
const splitTol = 1e-4

// NewTrack samples body b in frame o from from to to (JD UT).
func NewTrack(pos engine.Positions, b engine.Body, o engine.Options, from, to float64) (*Track, error) {
	n := int(math.Ceil((to - from) / trackStep(b)))
	if n < 1 {
		n = 1
	}
	h := (to - from) / float64(n)
	tr := &Track{pos: pos, body: b, frame: o, t: make([]float64, 0, n+4), lon: make([]float64, 0, n+4), src: engine.FromTables}
	speed := func(t float64) (float64, error) {
		p, err := position(pos, engine.JDUT(t), b, o, &tr.src)
		return p.SpeedLongitude, err
	}
	var v0 float64
	for i := 0; i <= n; i++ {
		t := from + float64(i)*h
		p, err := position(pos, engine.JDUT(t), b, o, &tr.src)
		if err != nil {
			return nil, err
		}
		if i > 0 && (v0 < 0) != (p.SpeedLongitude < 0) {
			ts, err := roots.Regula(speed, tr.t[len(tr.t)-1], t, v0, p.SpeedLongitude, splitTol)
			if err != nil {
				return nil, err
			}
			q, err := position(pos, engine.JDUT(ts), b, o, &tr.src)
			if err != nil {
				return nil, err
			}
			tr.t, tr.lon = append(tr.t, ts), append(tr.lon, q.Longitude)
		}
		tr.t, tr.lon = append(tr.t, t), append(tr.lon, p.Longitude)
		v0 = p.SpeedLongitude
	}
	return tr, nil
}

// Source returns the least precise ephemeris the track has used so far.
func (tr *Track) Source() engine.Source { return tr.src }

// Crossings returns every instant in the window when the body is at
// longitude target, in time order.
func (tr *Track) Crossings(target float64) ([]float64, error) {
	var out []float64
	f := func(t float64) (float64, float64, error) {
		p, err := position(tr.pos, engine.JDUT(t), tr.body, tr.frame, &tr.src)
		return math.Remainder(p.Longitude-target, 360), p.SpeedLongitude, err
	}
	for i := 0; i+1 < len(tr.t); i++ {
		ra := math.Remainder(tr.lon[i]-target, 360)
		rb := math.Remainder(tr.lon[i+1]-target, 360)
		if ra == 0 {
			out = append(out, tr.t[i])
			continue
		}
		// Between two samples the body moves one way by less than 180°,
		// so a change of sign is a crossing unless it is the jump of the
		// residual at the far side of the circle.
		if (ra < 0) == (rb < 0) || rb == 0 || math.Abs(ra-rb) >= 180 {
			continue
		}
		r, err := bracketed(f, tr.t[i], tr.t[i+1], ra, rb)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	if n := len(tr.t); n > 0 && math.Remainder(tr.lon[n-1]-target, 360) == 0 {
		out = append(out, tr.t[n-1])
	}
	return out, nil
}

// NextCrossing returns the first instant after t0 (before it when limit <
// t0), no farther than limit, when body b in frame o is at longitude
// target; false when there is none. It walks from t0 one step of the
// body's at a time, splitting the steps where the body turns, so it reads
// only as far as the crossing.
func NextCrossing(pos engine.Positions, b engine.Body, o engine.Options, t0, limit, target float64) (float64, bool, engine.Source, error) {
	p, err := pos.Position(engine.JDUT(t0), b, o)
	if err != nil {
		return 0, false, p.Source, err
	}
	r, ok, src, err := NextCrossingFrom(pos, b, o, t0, limit, target, p.Longitude, p.SpeedLongitude)
	return r, ok, src.Worse(p.Source), err
}

// NextCrossingFrom is NextCrossing for a caller that already holds the
// body's longitude and speed at t0 (in frame o): it does not read them
// again.
func NextCrossingFrom(pos engine.Positions, b engine.Body, o engine.Options, t0, limit, target, lon0, speed0 float64) (float64, bool, engine.Source, error) {
	src := engine.FromTables
	h := trackStep(b)
	if limit < t0 {
		h = -h
	}
	res := func(t float64) (float64, float64, error) {
		p, err := position(pos, engine.JDUT(t), b, o, &src)
		return math.Remainder(p.Longitude-target, 360), p.SpeedLongitude, err
	}
	speed := func(t float64) (float64, error) {
		_, v, err := res(t)
		return v, err
	}
	// cross reports the crossing on a stretch [a, c] where the body moves
	// one way.
	cross := func(a, c, ra, rc float64) (float64, bool, error) {
		if ra == 0 {
			return a, true, nil
		}
		if (ra < 0) == (rc < 0) && rc != 0 || math.Abs(rc-ra) >= 180 {
			return 0, false, nil
		}
		r, err := bracketed(res, a, c, ra, rc)
		return r, err == nil, err
	}
	a := t0
	ra, va := math.Remainder(lon0-target, 360), speed0
	// Newton's method from t0 when the root it finds lies the right way,
	// within the limit, and closer than half the body's shortest run in one
	// direction with the same direction of motion at both ends: then the
	// body cannot have turned twice on the way, and the root is the first
	// crossing.
	if run := minRun(b); run > 0 && va != 0 {
		t, r, v := a, ra, va
		for i := range 10 {
			tn := t - r/v
			if (tn-t0)*h < 0 || (tn-limit)*h > 0 || math.Abs(tn-t0) >= run/2 {
				break
			}
			// Newton's error squares at each step: after a step under
			// newtonDone (8.6 s) the root is within a few milliseconds
			// (the Moon's rate changes by under 2% a day, a planet's away
			// from its stations as little), so it is taken without a
			// further reading. Not on the first step, which has not yet
			// checked the direction of motion at the far end.
			if i > 0 && math.Abs(tn-t) < newtonDone {
				return tn, true, src, nil
			}
			rn, vn, err := res(tn)
			if err != nil {
				return 0, false, src, err
			}
			if (vn < 0) != (va < 0) {
				break
			}
			if math.Abs(tn-t) < tolDays {
				return tn, true, src, nil
			}
			t, r, v = tn, rn, vn
		}
	}
	vmax := maxSpeed(b)
	if b == engine.TrueNode {
		return nodeCrossing(res, t0, limit, ra, va, vmax, &src)
	}
	for a != limit {
		// Too far from the target to reach it before the limit at the
		// body's greatest speed: no crossing.
		if math.Abs(ra) > vmax*math.Abs(limit-a) {
			return 0, false, src, nil
		}
		c := a + h
		if (c-limit)*h > 0 {
			c = limit
		}
		rc, vc, err := res(c)
		if err != nil {
			return 0, false, src, err
		}
		if (va < 0) != (vc < 0) {
			ts, err := roots.Regula(speed, a, c, va, vc, splitTol)
			if err != nil {
				return 0, false, src, err
			}
			rs, _, err := res(ts)
			if err != nil {
				return 0, false, src, err
			}
			if r, ok, err := cross(a, ts, ra, rs); err != nil || ok {
				return r, ok, src, err
			}
			a, ra = ts, rs
		}
		if r, ok, err := cross(a, c, ra, rc); err != nil || ok {
			return r, ok, src, err
		}
		a, ra, va = c, rc, vc
	}
	return 0, false, src, nil
}

// newtonDone is the Newton step, in days, after which NextCrossing takes
// the root: 1e-4 day (8.6 s); the error left is the square of the step
// times the rate's relative change, microseconds.
const newtonDone = 1e-4

// nodeCrossing is NextCrossing for the true node, which turns every few
// days and sometimes within an hour, so that no sampling step splits its
// path into one-way stretches. It steps by the node's predicted time to
// the target, at least the time it needs at its greatest speed (before
// which it cannot arrive), and brackets the first change of sign. A touch
// and return between two steps (a loop of the node's jitter around the
// target) can go unseen; the brute-force test finds none.
func nodeCrossing(res residual, t0, limit, ra, va, vmax float64, src *engine.Source) (float64, bool, engine.Source, error) {
	dir := 1.0
	if limit < t0 {
		dir = -1
	}
	const hmin = 0.02 // days
	a := t0
	for a != limit {
		if math.Abs(ra) > vmax*math.Abs(limit-a) {
			break
		}
		step := max(math.Abs(ra)/vmax, hmin)
		// The residual moves at va*dir per day of the walk: heading for
		// zero, predict the arrival.
		if rate := va * dir; rate != 0 && (ra < 0) != (rate < 0) {
			step = max(step, -ra/rate)
		}
		c := a + dir*step
		if (c-limit)*dir > 0 {
			c = limit
		}
		rc, vc, err := res(c)
		if err != nil {
			return 0, false, *src, err
		}
		if ra == 0 {
			return a, true, *src, nil
		}
		if ((rc < 0) != (ra < 0) || rc == 0) && math.Abs(rc-ra) < 180 {
			r, err := bracketed(res, a, c, ra, rc)
			return r, err == nil, *src, err
		}
		a, ra, va = c, rc, vc
	}
	return 0, false, *src, nil
}
