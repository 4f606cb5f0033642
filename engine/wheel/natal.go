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
		Bodies:    make([]Body, 0, len(c.Planets)),
	}
	for i, cu := range c.Houses.Cusps {
		if i < 12 {
			w.Cusps[i] = cu.Longitude
		}
	}
	for _, p := range c.Planets {
		w.Bodies = append(w.Bodies, Body{Name: p.Name, Longitude: p.Longitude, Retrograde: p.Retrograde})
	}
	return w
}
