package sky

import (
	"math"

	"github.com/astroapi/astroapi/engine"
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
		return 0.5
	case engine.TrueNode:
		// The osculating node turns every few days with the Moon's
		// perturbations.
		return 0.25
	case engine.Mercury:
		return 2
	case engine.Venus, engine.Mars, engine.Ceres, engine.Pallas, engine.Juno, engine.Vesta:
		return 4
	case engine.Sun, engine.MeanNode, engine.MeanLilith:
		return 5 // never turn
	}
	return 8 // Jupiter..Pluto and Chiron: retrograde runs of four months and more
}

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
			ts, err := regula(speed, tr.t[len(tr.t)-1], t, v0, p.SpeedLongitude)
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
