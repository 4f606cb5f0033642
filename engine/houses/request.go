package houses

import (
	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/birth"
	"github.com/astroapi/astroapi/engine/resolve"
	"github.com/astroapi/astroapi/engine/sidereal"
)

// Request is the input of the houses route: a birth packet, the house
// system (or all of them), the system standing in inside the polar
// circles, and the zodiac (the fields of sky.Zodiac, which this package,
// below engine/sky, cannot embed, or a user-defined ayanamsa). It
// resolves itself: resolved, it is its own echo (the packet as read, the
// system, zodiac and ayanamsa used).
type Request struct {
	birth.Packet
	HouseSystem   Selection       `json:"house_system,omitempty" doc:"house system, or all for every one at once, in this order: placidus, koch, equal, whole_sign, regiomontanus, campanus, morinus, porphyry, alcabitius, topocentric (Polich-Page), meridian (axial rotation), vehlow, krusinski, horizontal (azimuthal), sripati, carter (poli-equatorial), apc, sunshine (Treindl), savard_a, pullen_sd, pullen_sr, equal_mc, equal_aries, gauquelin (36 sectors); Placidus, Koch and Gauquelin fall back to polar_fallback inside the polar circles" default:"placidus"`
	PolarFallback PolarSystem     `json:"polar_fallback,omitempty" doc:"house system used inside the polar circles where Placidus, Koch or the Gauquelin sectors are undefined: any system defined there" default:"porphyry"`
	ZodiacType    engine.Zodiac   `json:"zodiac_type,omitempty" doc:"tropical or sidereal zodiac" default:"tropical"`
	Ayanamsa      engine.Ayanamsa `json:"ayanamsa,omitempty" doc:"sidereal offset, used only with zodiac_type sidereal (ignored with a warning otherwise); sidereal without it or user_ayanamsa uses lahiri"`
	UserAyanamsa  *sidereal.User  `json:"user_ayanamsa,omitempty" doc:"a user-defined sidereal zodiac instead of a named ayanamsa: its value at an epoch, carried by the precession (Vondrák 2011, the Swiss Ephemeris' model); with zodiac_type sidereal"`
}

// Resolve resolves the birth and settles the zodiac as charts do
// (engine.Zodiac.Sidereal: lahiri for a sidereal zodiac without an
// ayanamsa; an ayanamsa sent with the tropical zodiac is dropped with a
// notice; a user_ayanamsa likewise, and never beside an ayanamsa).
func (r *Request) Resolve(c resolve.Context, prefix string) error {
	var errs engine.Fields
	if r.UserAyanamsa != nil && r.Ayanamsa != "" {
		errs.Bad(prefix+"user_ayanamsa", "send ayanamsa or user_ayanamsa, not both")
	}
	if r.HouseSystem == "" {
		r.HouseSystem = Selection(Default)
	}
	if r.PolarFallback == "" {
		r.PolarFallback = PolarSystem(Fallback)
	}
	if r.UserAyanamsa != nil && r.ZodiacType != engine.Sidereal {
		c.Warn(prefix + "user_ayanamsa ignored: it applies only with zodiac_type sidereal")
		r.UserAyanamsa = nil
	}
	if r.UserAyanamsa == nil {
		sid, note := r.ZodiacType.Sidereal(r.Ayanamsa)
		if note != "" {
			c.Warn(prefix + note)
		}
		r.Ayanamsa = sid
	}
	if r.ZodiacType == "" {
		r.ZodiacType = engine.Tropical
	}
	if err := errs.Add(r.Packet.Resolve(c, prefix)); err != nil {
		return err
	}
	return errs.Err()
}

// Cast casts the houses of a resolved request from pos.
func (r *Request) Cast(pos engine.Positions) (*Table, error) {
	b := r.Packet.Resolved()
	return CastWith(pos, b.Instant.JD, b.Latitude, b.Longitude, r.HouseSystem,
		Zodiac{Sidereal: r.Ayanamsa, User: r.UserAyanamsa, PolarFallback: engine.HouseSystem(r.PolarFallback)})
}
