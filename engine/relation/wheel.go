package relation

import (
	"github.com/astroapi/astroapi/engine/aspects"
	"github.com/astroapi/astroapi/engine/wheel"
)

// Wheel returns the bi-wheel of a synastry: person1's chart inside with its
// houses and own aspects, person2's bodies in the outer band, and the
// inter-aspects from person2's bodies to person1's points as the dashed
// inter-chart lines (aspects from person2's Ascendant and Midheaven, which
// the band does not draw, are left out of the drawing). Render it with
// wheel.Render or wheel.RenderPNG, with the natal wheel's options.
func (s *Synastry) Wheel(title string) *wheel.Chart {
	w := wheel.FromNatal(s.Person1, title)
	w.Outer = wheel.BodiesOf(s.Person2.Planets)
	w.OuterAspects = make([]aspects.Aspect, 0, len(s.Aspects))
	for _, a := range s.Aspects {
		w.OuterAspects = append(w.OuterAspects, aspects.Aspect{
			Point1: a.Person2, Point2: a.Person1, Aspect: a.Aspect, Angle: a.Angle,
			Separation: a.Separation, Orb: a.Orb, Applying: a.Applying, Major: a.Major,
		})
	}
	return w
}
