package wheel

import "github.com/astroapi/astroapi/engine/natal"

// FromNatal turns a natal chart into a wheel with the given title. The
// South Node is drawn too; aspects are those of the chart.
func FromNatal(c *natal.Chart, title string) *Chart {
	w := &Chart{
		Title:     title,
		Ascendant: c.Ascendant.Longitude,
		Midheaven: c.Midheaven.Longitude,
		Aspects:   c.Aspects,
	}
	for i, cu := range c.Houses.Cusps {
		if i < 12 {
			w.Cusps[i] = cu.Longitude
		}
	}
	w.Bodies = BodiesOf(c.Planets)
	return w
}

// BodiesOf converts chart planets to wheel bodies, for the Outer band of a
// bi-wheel (transits, a partner's chart).
func BodiesOf(planets []natal.Planet) []Body {
	out := make([]Body, 0, len(planets))
	for _, p := range planets {
		out = append(out, Body{Name: p.Name, Longitude: p.Longitude, Retrograde: p.Retrograde})
	}
	return out
}
