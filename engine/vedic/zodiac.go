package vedic

import (
	"fmt"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/houses"
	"github.com/astroapi/astroapi/engine/resolve"
	"github.com/astroapi/astroapi/engine/sidereal"
)

// UserAyanamsaName is the ayanamsa name a result of a user-defined
// ayanamsa reports (as the natal routes do).
const UserAyanamsaName engine.Ayanamsa = "user"

// Zodiac is the sidereal zodiac a Vedic input names: one of the ayanamsas
// the Western routes offer (engine.Ayanamsas, Lahiri by default) or a
// user-defined one. Every Vedic route but the natal JSON (spec 4.2) embeds
// it and honours it.
type Zodiac struct {
	Ayanamsa     engine.Ayanamsa `json:"ayanamsa,omitempty" doc:"Ayanamsa: the sidereal zodiac, lahiri (Chitrapaksha) when omitted, or another ayanamsa of POST /api/v1/natal (true_citra, yukteshwar, kp, krishnamurti_vp291, ...), as libswe applies it" example:"lahiri"`
	UserAyanamsa *sidereal.User  `json:"user_ayanamsa,omitempty" doc:"User ayanamsa: a user-defined sidereal zodiac instead of ayanamsa, as POST /api/v1/natal takes it"`
}

// Resolve writes the default ayanamsa (lahiri) when neither ayanamsa nor
// user_ayanamsa is sent, and refuses both at once.
func (z *Zodiac) Resolve(_ resolve.Context, prefix string) error {
	if z.UserAyanamsa != nil {
		if z.Ayanamsa != "" {
			return engine.Fields{{Field: prefix + "user_ayanamsa", Reason: "send ayanamsa or user_ayanamsa, not both"}}
		}
		return nil
	}
	if z.Ayanamsa == "" {
		z.Ayanamsa = engine.Lahiri
	}
	return nil
}

// Options returns the chart options of the zodiac with node type n.
func (z Zodiac) Options(n NodeType) Options {
	return Options{Node: n, Ayanamsa: z.Ayanamsa, User: z.UserAyanamsa}
}

// frame is the resolved zodiac of a calculation: the named ayanamsa, or
// a user-defined one.
type frame struct {
	name engine.Ayanamsa // the named ayanamsa; "" with user
	user *sidereal.User
}

// frameOf returns the zodiac of o: its user-defined ayanamsa, its named
// one, or Lahiri.
func (o Options) frame() frame {
	switch {
	case o.User != nil:
		return frame{user: o.User}
	case o.Ayanamsa != "":
		return frame{name: o.Ayanamsa}
	}
	return frame{name: engine.Lahiri}
}

// label is the name a result reports.
func (f frame) label() engine.Ayanamsa {
	if f.user != nil {
		return UserAyanamsaName
	}
	return f.name
}

// position returns body b at t in the zodiac, without distance. A named
// ayanamsa is the ephemeris' own sidereal frame (the tables, or libswe for
// the ayanamsas measured from stars and those on an epoch's ecliptic); a
// user-defined one is subtracted from the tropical position, with its rate.
func (f frame) position(pos engine.Positions, t engine.JDUT, b engine.Body) (engine.Position, error) {
	if f.user == nil {
		return pos.Position(t, b, engine.Options{Sidereal: f.name, SkipDistance: true})
	}
	p, err := pos.Position(t, b, engine.Options{SkipDistance: true})
	if err != nil {
		return p, err
	}
	aya, err := f.degrees(pos, t)
	if err != nil {
		return p, err
	}
	p.Longitude = engine.Normalize(p.Longitude - aya)
	p.SpeedLongitude -= f.user.Rate(float64(t))
	return p, nil
}

// degrees returns the true ayanamsa (with nutation) at t: for a
// user-defined one, its mean value plus the nutation in longitude, the
// Swiss Ephemeris' rule for its named ones.
func (f frame) degrees(pos engine.Positions, t engine.JDUT) (float64, error) {
	if f.user == nil {
		return pos.Ayanamsa(t, f.name)
	}
	_, dpsi, err := pos.Obliquity(t)
	if err != nil {
		return 0, err
	}
	return engine.Normalize(f.user.Mean(float64(t)) + dpsi), nil
}

// angles returns the sidereal whole-sign houses of a place (ascendant and
// midheaven): a user-defined ayanamsa moves the tropical ones.
func (f frame) angles(pos engine.Positions, t engine.JDUT, lat, lon float64) (engine.Houses, error) {
	if f.user == nil {
		return pos.Houses(t, lat, lon, engine.WholeSign, f.name)
	}
	h, err := pos.Houses(t, lat, lon, engine.WholeSign, "")
	if err != nil {
		return h, err
	}
	aya, err := f.degrees(pos, t)
	if err != nil {
		return h, err
	}
	houses.Shift(&h, aya)
	return h, nil
}

// positionsWords states the frame of a result's longitudes.
func (f frame) positionsWords() string {
	switch {
	case f.user != nil:
		return fmt.Sprintf("apparent geocentric ecliptic longitudes of date minus the user-defined ayanamsa (%g° at JD %g TT, carried by the precession, plus the nutation)", f.user.Degrees, f.user.EpochJD)
	case f.name.OnEpochEcliptic():
		return fmt.Sprintf("apparent geocentric positions projected on the ecliptic of the %s epoch (Swiss Ephemeris SE_SIDBIT_ECL_T0), from its sidereal origin", f.name)
	}
	return fmt.Sprintf("apparent geocentric ecliptic longitudes of date minus the true %s ayanamsa (with nutation, as the Swiss Ephemeris applies it)", f.name)
}
