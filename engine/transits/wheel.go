package transits

import (
	"github.com/astroapi/astroapi/engine/aspects"
	"github.com/astroapi/astroapi/engine/natal"
	"github.com/astroapi/astroapi/engine/wheel"
)

// Wheel returns the bi-wheel of r over its natal chart c: the natal chart
// inside with its own aspects, the transiting bodies outside, and the
// transit-to-natal aspects as the dashed inter-chart lines. Render it with
// wheel.Render (SVG) or wheel.RenderPNG, with the natal wheel's options.
func (r *ToNatal) Wheel(c *natal.Chart, title string) *wheel.Chart {
	w := wheel.FromNatal(c, title)
	w.Outer = make([]wheel.Body, 0, len(r.Transits))
	for _, b := range r.Transits {
		w.Outer = append(w.Outer, wheel.Body{Name: b.Name, Longitude: b.Longitude, Retrograde: b.Retrograde})
	}
	w.OuterAspects = make([]aspects.Aspect, 0, len(r.Aspects))
	for _, a := range r.Aspects {
		w.OuterAspects = append(w.OuterAspects, aspects.Aspect{
			Point1: a.Transit, Point2: a.Natal, Aspect: a.Aspect, Angle: a.Angle,
			Separation: a.Separation, Orb: a.Orb, Applying: a.Applying, Major: a.Major,
		})
	}
	return w
}
