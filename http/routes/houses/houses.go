// Package houses is the glue of the houses route: the angles and the cusps
// of one house system or all eight, from a birth packet. The input is
// engine/houses' Request, resolved by the door and echoed as read. The houses are
// cast by engine/houses through the position source (Go from the tables'
// obliquity and nutation where verified against libswe, swe_houses_ex2
// otherwise).
package houses

import (
	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/houses"
	"github.com/astroapi/astroapi/http/op"
)

// Deps are what the houses route calculates with.
type Deps struct {
	Positions engine.Positions // nil: the route answers 503
}

// Ops returns the houses route.
func Ops(d Deps) []*op.Operation {
	return []*op.Operation{
		op.Post(op.Spec{
			ID: "post-houses", Path: "/api/v1/houses", Family: "Charts", Cacheable: true,
			Summary: "House cusps and angles from birth data (one system or all eight)",
			Description: "The Ascendant, Descendant, Midheaven, Imum Coeli, Vertex and anti-Vertex, the East Point (equatorial " +
				"ascendant) and the ARMC, with the twelve cusps of house_system, or of all eight systems at once with house_system " +
				"all (placidus, koch, equal, whole_sign, regiomontanus, campanus, morinus, porphyry). Placidus and Koch are undefined " +
				"inside the polar circles (|latitude| >= 90 - obliquity, about 66.56 degrees): Porphyry is used there, named in " +
				"system with fallback true and a warning, as the natal chart does. Tropical or sidereal (the cusps minus the " +
				"ayanamsa; j2000 as the Swiss Ephemeris casts it, on the ecliptic of J2000). The birth packet is the natal route's. " +
				"Angles in degrees.",
			Unavailable: op.Missing(d.Positions == nil, "no ephemeris is configured on this server"),
		}, d.houses),
	}
}

func (d Deps) houses(c *op.Call, in *houses.Request) (*houses.Table, error) {
	tab, err := in.Cast(d.Positions)
	if err != nil {
		return nil, err
	}
	for _, s := range tab.Systems {
		if s.Fallback {
			c.Warn(string(s.RequestedSystem) + " houses are undefined inside the polar circle; " + string(s.System) + " houses were used")
		}
	}
	if tab.Source == engine.FromMoshier {
		c.Warn(engine.MoshierNote)
	}
	return tab, nil
}
