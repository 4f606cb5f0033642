package aspects

import (
	"fmt"
	"math"
	"strconv"

	"github.com/astroapi/astroapi/engine"
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

// DeclinationInput is a point a caller lists with its declination.
type DeclinationInput struct {
	Name        string  `json:"name" required:"true" doc:"point name, unique in the list" example:"Moon"`
	Declination float64 `json:"declination" required:"true" doc:"declination in degrees, north positive" minimum:"-90" maximum:"90" example:"24.6"`
}

// DeclinationRequest is what a caller asks of the declination aspects:
// the points (unless they come from a chart sent beside, see ResolveFor),
// the orb, and for listed points the obliquity their out-of-bounds flags
// are judged against. Resolved, it is its own echo.
type DeclinationRequest struct {
	Points    []DeclinationInput `json:"points,omitempty" doc:"points with their declinations instead of a chart: 2 to 50, names unique" maxItems:"50" example:"[{\"name\":\"Sun\",\"declination\":21.6},{\"name\":\"Moon\",\"declination\":-21.9},{\"name\":\"Venus\",\"declination\":22.1}]"`
	Obliquity *float64           `json:"obliquity,omitempty" doc:"obliquity of the ecliptic, degrees, that listed points are out of bounds beyond (a chart uses the true obliquity of its date); omitted, listed points get no out-of-bounds flag" minimum:"22" maximum:"25"`
	Orb       float64            `json:"orb,omitempty" doc:"orb of the parallels and contra-parallels, degrees of declination" default:"1" exclusiveMinimum:"0" maximum:"5"`
}

// ResolveFor checks the request: chart says the points come from a chart
// the caller sent beside (field birth); then neither points nor an
// obliquity may be sent. Otherwise 2 to MaxPoints points with distinct
// names are. Field names are prefixed with prefix.
func (r *DeclinationRequest) ResolveFor(prefix string, chart bool) error {
	var errs engine.Fields
	switch {
	case chart && len(r.Points) > 0:
		errs.Bad(prefix+"points", "send birth or points, not both")
	case chart && r.Obliquity != nil:
		errs.Bad(prefix+"obliquity", "a chart's points are judged against the true obliquity of its date: send obliquity only with points")
	case !chart && r.Points == nil:
		errs.Bad(prefix+"birth", "send birth (birth data) or points (a list of {name, declination})")
	case !chart && len(r.Points) < 2:
		errs.Bad(prefix+"points", fmt.Sprintf("must hold 2 to %d points", MaxPoints))
	}
	seen := make(map[string]bool, len(r.Points))
	for i, p := range r.Points {
		f := prefix + "points[" + strconv.Itoa(i) + "].name"
		switch {
		case p.Name == "":
			errs.Bad(f, "is empty")
		case seen[p.Name]:
			errs.Bad(f, fmt.Sprintf("%q is named twice; names must be unique", p.Name))
		}
		seen[p.Name] = true
	}
	return errs.Err()
}
