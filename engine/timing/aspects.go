package timing

import (
	"fmt"
	"math"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/aspects"
)

// DefaultOrb is the orb of progressed- and directed-to-natal aspects, in
// degrees either side of exact: one degree, about a year of solar arc, the
// usual allowance for these slow-moving points. MaxOrb bounds a requested
// orb.
const (
	DefaultOrb = 1.0
	MaxOrb     = 5.0
)

// checkOrb validates an orb and returns it resolved: nil takes
// DefaultOrb.
func checkOrb(orb *float64) (*float64, *engine.FieldError) {
	switch {
	case orb == nil:
		v := DefaultOrb
		return &v, nil
	case !(*orb > 0 && *orb <= MaxOrb):
		return orb, &engine.FieldError{Field: "orb", Reason: fmt.Sprintf("must be more than 0 and at most %g degrees", MaxOrb)}
	}
	return orb, nil
}

// point is a chart point to aspect: a name, a longitude and its motion in
// degrees per year of life (0 for natal points, held fixed).
type point struct {
	name  string
	lon   float64
	speed float64
}

// Aspect is an aspect from a progressed or directed point to a natal one.
type Aspect struct {
	Point      string       `json:"point" doc:"the progressed or directed point" example:"Sun"`
	NatalPoint string       `json:"natal_point" doc:"the natal point aspected" example:"Venus"`
	Aspect     aspects.Kind `json:"aspect" doc:"aspect name" enum:"conjunction,opposition,trine,square,sextile"`
	Angle      float64      `json:"angle" doc:"exact angle of the aspect, degrees"`
	Orb        float64      `json:"orb" doc:"distance from exact, degrees (absolute)"`
	Applying   bool         `json:"applying" doc:"true while the moving point approaches exactness, false once past it"`
}

// major are the Ptolemaic aspects looked for between moving and natal
// points.
var major = func() []aspects.Def {
	var out []aspects.Def
	for _, d := range aspects.Defs {
		if d.Major {
			out = append(out, d)
		}
	}
	return out
}()

// crossAspects finds the Ptolemaic aspects within orb from each moving
// point to each natal point (the natal points held fixed).
func crossAspects(moving, fixed []point, orb float64) []Aspect {
	out := []Aspect{}
	for _, m := range moving {
		for _, f := range fixed {
			d := math.Remainder(m.lon-f.lon, 360) // signed, moving past natal
			sep := math.Abs(d)
			for _, def := range major {
				o := math.Abs(sep - def.Angle)
				if o > orb {
					continue
				}
				// The separation grows at sign(d)·speed; the aspect applies
				// while that moves it toward the exact angle.
				rate := m.speed
				if d < 0 {
					rate = -rate
				}
				applying := (sep-def.Angle)*rate < 0
				switch def.Angle {
				case 0:
					applying = rate < 0
				case 180:
					applying = rate > 0
				}
				out = append(out, Aspect{Point: m.name, NatalPoint: f.name, Aspect: def.Kind, Angle: def.Angle, Orb: o, Applying: applying})
				break
			}
		}
	}
	return out
}
