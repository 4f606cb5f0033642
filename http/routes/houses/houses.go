// Package houses is the glue of the houses route: the angles and the cusps
// of one house system or all eight, from a birth packet. The houses are
// cast by engine/houses through the position source (Go from the tables'
// obliquity and nutation where verified against libswe, swe_houses_ex2
// otherwise).
package houses

import (
	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/birth"
	"github.com/astroapi/astroapi/engine/houses"
	"github.com/astroapi/astroapi/engine/natal"
	"github.com/astroapi/astroapi/http/op"
)

// Deps are what the houses route calculates with.
type Deps struct {
	Positions engine.Positions // nil: the route answers 503
	Births    *birth.Resolver
}

// housesRequest is a birth packet with the house system (or all) and the zodiac.
type housesRequest struct {
	birth.Packet
	HouseSystem houses.Selection `json:"house_system,omitempty" doc:"house system, or all for the eight at once (placidus, koch, equal, whole_sign, regiomontanus, campanus, morinus, porphyry, in that order); Placidus and Koch fall back to Porphyry inside the polar circles" default:"placidus"`
	ZodiacType  engine.Zodiac    `json:"zodiac_type,omitempty" doc:"tropical or sidereal zodiac" default:"tropical"`
	Ayanamsa    engine.Ayanamsa  `json:"ayanamsa,omitempty" doc:"sidereal offset, used only with zodiac_type sidereal (ignored with a warning otherwise); sidereal without it uses lahiri" default:"lahiri"`
}

// housesEcho is the interpreted input.
type housesEcho struct {
	birth.Echo
	HouseSystem houses.Selection `json:"house_system" doc:"house system requested, or all"`
	ZodiacType  string           `json:"zodiac_type" doc:"zodiac used"`
	Ayanamsa    string           `json:"ayanamsa,omitempty" doc:"ayanamsa used (sidereal only)"`
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

func (d Deps) houses(c *op.Call, in *housesRequest) (*houses.Table, error) {
	// The zodiac rules (sidereal defaults to lahiri, an ayanamsa without
	// sidereal is ignored with a warning) are the natal chart's.
	o, warnings, errs := natal.Frame{ZodiacType: in.ZodiacType, Ayanamsa: in.Ayanamsa}.Options("")
	b, err := d.Births.Resolve(in.Packet, "")
	if err != nil {
		if fs, ok := err.(engine.Fields); ok {
			return nil, append(fs, errs...)
		}
		return nil, err
	}
	if len(errs) > 0 {
		return nil, errs
	}
	tab, err := houses.Cast(d.Positions, b.Instant.JD, b.Latitude, b.Longitude, in.HouseSystem, o.Sidereal)
	if err != nil {
		return nil, err
	}
	c.Warn(warnings...)
	c.Warn(b.Warnings...)
	for _, s := range tab.Systems {
		if s.Fallback {
			c.Warn(string(s.RequestedSystem) + " houses are undefined inside the polar circle; " + string(s.System) + " houses were used")
		}
	}
	if tab.Source == engine.FromMoshier {
		c.Warn("obliquity and nutation from the Swiss Ephemeris' Moshier theory (outside the 1800-2400 ephemeris files)")
	}
	sel := in.HouseSystem
	if sel == "" {
		sel = houses.Selection(houses.Default)
	}
	c.Echo(&housesEcho{Echo: b.Echo, HouseSystem: sel, ZodiacType: tab.ZodiacType, Ayanamsa: string(o.Sidereal)})
	return tab, nil
}
