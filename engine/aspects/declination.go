package aspects

import (
	"math"

	"github.com/astroapi/astroapi/engine/jsonw"
)

// Declination aspects compare declinations (distance north or south of
// the celestial equator) rather than longitudes: two points are parallel
// when they have the same declination on the same side of the equator,
// contra-parallel when they have the same declination on opposite sides.
// Their orb is their own, in degrees of declination, 1° by default (the
// common modern choice; some allow 1°10' or 1.5°).

// DefaultParallelOrb is the default orb of parallels and contra-parallels,
// degrees of declination.
const DefaultParallelOrb = 1.0

// MaxParallelOrb bounds the orb a caller may ask for, degrees.
const MaxParallelOrb = 5.0

// DeclinationKind names a declination aspect with its API wire value.
type DeclinationKind string

// The declination aspects.
const (
	Parallel       DeclinationKind = "parallel"
	ContraParallel DeclinationKind = "contra_parallel"
)

// DeclinationPoint is a point with its declination, degrees.
type DeclinationPoint struct {
	Name        string
	Declination float64
}

// DeclinationAspect is a parallel or contra-parallel between two points.
type DeclinationAspect struct {
	Point1       string          `json:"point1" doc:"first point (earlier in chart order)"`
	Point2       string          `json:"point2" doc:"second point"`
	Aspect       DeclinationKind `json:"aspect" doc:"parallel (same declination, same side of the equator) or contra_parallel (same declination, opposite sides)" enum:"parallel,contra_parallel"`
	Declination1 float64         `json:"declination1" doc:"declination of point1, degrees (north positive)"`
	Declination2 float64         `json:"declination2" doc:"declination of point2, degrees"`
	Orb          float64         `json:"orb" doc:"distance from exact, degrees of declination: |d1 - d2| for a parallel, |d1 + d2| for a contra-parallel"`
	// TimeDependent is set for a chart of unknown birth time when the
	// aspect holds at some times of the day but not all.
	TimeDependent bool `json:"time_dependent,omitempty" doc:"birth time unknown: the aspect holds only at some times of the birth day (at the charted time it is as given)"`
}

// AppendParallels appends to out the parallels and contra-parallels among
// points within orb (degrees), in pair order. A pair near the equator can
// be both (+0.3° and -0.4°); it gets the one closer to exact, the parallel
// on a tie.
func AppendParallels(out []DeclinationAspect, points []DeclinationPoint, orb float64) []DeclinationAspect {
	for i := range points {
		a := &points[i]
		for j := i + 1; j < len(points); j++ {
			b := &points[j]
			if k, o, ok := DeclinationAspectOf(a.Declination, b.Declination, orb); ok {
				out = append(out, DeclinationAspect{Point1: a.Name, Point2: b.Name, Aspect: k,
					Declination1: a.Declination, Declination2: b.Declination, Orb: o})
			}
		}
	}
	return out
}

// DeclinationAspectOf returns the declination aspect of declinations d1
// and d2 within orb, if any, and its orb.
func DeclinationAspectOf(d1, d2, orb float64) (DeclinationKind, float64, bool) {
	p, c := math.Abs(d1-d2), math.Abs(d1+d2)
	switch {
	case p <= orb && p <= c:
		return Parallel, p, true
	case c <= orb:
		return ContraParallel, c, true
	}
	return "", 0, false
}

// AppendJSON appends the aspect as go-json writes it (keys in struct
// order, angles to jsonw.Decimals).
func (a *DeclinationAspect) AppendJSON(b []byte) []byte {
	b = append(b, `{"point1":"`...)
	b = append(b, a.Point1...)
	b = append(b, `","point2":"`...)
	b = append(b, a.Point2...)
	b = append(b, `","aspect":"`...)
	b = append(b, a.Aspect...)
	b = jsonw.Angle(append(b, `","declination1":`...), a.Declination1)
	b = jsonw.Angle(append(b, `,"declination2":`...), a.Declination2)
	b = jsonw.Angle(append(b, `,"orb":`...), a.Orb)
	if a.TimeDependent {
		b = append(b, `,"time_dependent":true`...)
	}
	return append(b, '}')
}
