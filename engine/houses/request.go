package houses

import (
	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/birth"
	"github.com/astroapi/astroapi/engine/resolve"
)

// Request is the input of the houses route: a birth packet, the house
// system (or all eight) and the zodiac (the fields of sky.Zodiac, which
// this package, below engine/sky, cannot embed). It resolves itself: resolved, it
// is its own echo (the packet as read, the system, zodiac and ayanamsa
// used).
type Request struct {
	birth.Packet
	HouseSystem Selection       `json:"house_system,omitempty" doc:"house system, or all for the eight at once (placidus, koch, equal, whole_sign, regiomontanus, campanus, morinus, porphyry, in that order); Placidus and Koch fall back to Porphyry inside the polar circles" default:"placidus"`
	ZodiacType  engine.Zodiac   `json:"zodiac_type,omitempty" doc:"tropical or sidereal zodiac" default:"tropical"`
	Ayanamsa    engine.Ayanamsa `json:"ayanamsa,omitempty" doc:"sidereal offset, used only with zodiac_type sidereal (ignored with a warning otherwise); sidereal without it uses lahiri"`
}

// Resolve resolves the birth and settles the zodiac as charts do
// (engine.Zodiac.Sidereal: lahiri for a sidereal zodiac without an
// ayanamsa; an ayanamsa sent with the tropical zodiac is dropped with a
// notice).
func (r *Request) Resolve(c resolve.Context, prefix string) error {
	if r.HouseSystem == "" {
		r.HouseSystem = Selection(Default)
	}
	sid, note := r.ZodiacType.Sidereal(r.Ayanamsa)
	if note != "" {
		c.Warn(prefix + note)
	}
	r.Ayanamsa = sid
	if r.ZodiacType == "" {
		r.ZodiacType = engine.Tropical
	}
	return r.Packet.Resolve(c, prefix)
}

// Cast casts the houses of a resolved request from pos.
func (r *Request) Cast(pos engine.Positions) (*Table, error) {
	b := r.Packet.Resolved()
	return Cast(pos, b.Instant.JD, b.Latitude, b.Longitude, r.HouseSystem, r.Ayanamsa)
}
