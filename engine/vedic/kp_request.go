package vedic

import (
	"strconv"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/birth"
	"github.com/astroapi/astroapi/engine/locational"
	"github.com/astroapi/astroapi/engine/moment"
	"github.com/astroapi/astroapi/engine/resolve"
	"github.com/astroapi/astroapi/engine/sidereal"
)

// KPSettings are the options every KP route shares.
type KPSettings struct {
	Ayanamsa     engine.Ayanamsa `json:"ayanamsa,omitempty" doc:"Ayanamsa: the sidereal zodiac: kp (K. S. Krishnamurti's own ayanamsa, libswe SE_SIDM_KRISHNAMURTI: the KP Readers' and most KP software's) when omitted, or krishnamurti_vp291 (the \"new KP\" ayanamsa of K. Subramaniam Senthilathiban), or any other ayanamsa of POST /api/v1/natal" example:"kp"`
	UserAyanamsa *sidereal.User  `json:"user_ayanamsa,omitempty" doc:"User ayanamsa: a user-defined sidereal zodiac instead of ayanamsa, as POST /api/v1/natal takes it (its value at an epoch, carried by the precession)"`
	NodeType     NodeType        `json:"node_type,omitempty" doc:"lunar node that places Rahu (Ketu is opposite): mean (as Krishnamurti's ephemeris) or true (osculating)" example:"mean" default:"mean"`
	NodeAgency   NodeAgency      `json:"node_agency,omitempty" doc:"Node agency: sign_lord (Rahu and Ketu also signify the houses of the lord of the sign they occupy, as agents) or none (only their own occupation and star lord)" example:"sign_lord" default:"sign_lord"`
}

// Resolve writes the default ayanamsa (kp) when neither ayanamsa nor
// user_ayanamsa is sent, refuses both at once, and writes the other
// defaults for Go callers (the door fills them from the tags).
func (s *KPSettings) Resolve(_ resolve.Context, prefix string) error {
	if s.UserAyanamsa != nil && s.Ayanamsa != "" {
		return engine.Fields{{Field: prefix + "user_ayanamsa", Reason: "send ayanamsa or user_ayanamsa, not both"}}
	}
	o := s.Options().filled()
	s.Ayanamsa, s.NodeType, s.NodeAgency = o.Ayanamsa, o.Node, o.Agency
	return nil
}

// Options returns the chart options of resolved settings.
func (s *KPSettings) Options() KPOptions {
	return KPOptions{Ayanamsa: s.Ayanamsa, User: s.UserAyanamsa, Node: s.NodeType, Agency: s.NodeAgency}
}

// kpHints answer the options callers send that KP fixes.
var kpHints = map[string]string{
	"house_system": "KP charts always use Placidus cusps: leave house_system out",
	"zodiac_type":  "KP charts are always sidereal (the kp ayanamsa unless ayanamsa names another): leave zodiac_type out",
}

// KPChartRequest is the input of the KP chart route: a birth (the birth
// packet, flat in the body) and the KP settings.
type KPChartRequest struct {
	birth.Packet
	KPSettings
}

// Hints answers names KP fixes.
func (*KPChartRequest) Hints() map[string]string { return kpHints }

// Chart casts the KP chart of a resolved request, leaving its notes on c.
func (r *KPChartRequest) Chart(pos engine.Positions, c notes) (*KPChart, error) {
	b := r.Packet.Resolved()
	ch, err := KPChartAt(pos, b.Instant.JD, b.Latitude, b.Longitude, r.Options())
	if err != nil {
		return nil, err
	}
	warn(c, ch.Warnings, ch.Source)
	return ch, nil
}

// KPMomentRequest is the input of the ruling planets route: an instant
// (moment.Input: datetime, date and time, or year..second; none: now) and
// a place (latitude and longitude, or location).
type KPMomentRequest struct {
	moment.Input
	locational.Place
	KPSettings
}

// Hints answers names KP fixes.
func (*KPMomentRequest) Hints() map[string]string { return kpHints }

// Ruling returns the ruling planets of a resolved request.
func (r *KPMomentRequest) Ruling(pos engine.Positions, c notes) (*KPRuling, error) {
	lat, lon := r.Place.Coordinates()
	res, err := KPRulingAt(pos, r.Input.Resolved().JDUT(), lat, lon, r.Options())
	if err != nil {
		return nil, err
	}
	warn(c, nil, res.Source)
	return res, nil
}

// KPHoraryRequest is the input of the horary route: the number the
// querent gave, the instant of the question and its place.
type KPHoraryRequest struct {
	Number int `json:"number" required:"true" doc:"the horary number the querent chose, 1-249: the ascendant is set to the start of that sub" example:"107" minimum:"1" maximum:"249"`
	// Latitude shadows the place's (the outer field of a name wins, as
	// encoding/json and the door read it) for the route's own bounds.
	Latitude *float64 `json:"latitude,omitempty" doc:"geographic latitude of the question in degrees, north positive, -66 to 66 (nearer the poles some degrees never rise); with longitude, or send location" example:"13.0827" minimum:"-66" maximum:"66"`
	KPMomentRequest
}

// Resolve resolves the instant, the place and the settings, then refuses
// a geocoded place nearer the poles than 66° (the tags bound the latitude
// sent) and an ayanamsa on the ecliptic of its epoch, for which the cusps
// cannot be cast from the ARMC.
func (r *KPHoraryRequest) Resolve(c resolve.Context, prefix string) error {
	var errs engine.Fields
	r.Place.Latitude = r.Latitude
	for _, part := range []resolve.Resolver{&r.Input, &r.Place, &r.KPSettings} {
		if err := errs.Add(part.Resolve(c, prefix)); err != nil {
			return err
		}
	}
	r.Latitude = r.Place.Latitude
	// A place found by name is checked here (the tags bound latitude).
	if lat, _ := r.Place.Coordinates(); len(errs) == 0 && (lat > 66 || lat < -66) {
		errs.Bad(prefix+"location", "lies at latitude "+strconv.FormatFloat(lat, 'f', 2, 64)+": a horary chart "+horaryPolar[len("must be "):])
	}
	if r.Ayanamsa.OnEpochEcliptic() {
		errs.Bad(prefix+"ayanamsa", horaryEpoch)
	}
	return errs.Err()
}

// Horary casts the horary chart of a resolved request.
func (r *KPHoraryRequest) Horary(pos engine.Positions, c notes) (*KPHorary, error) {
	lat, lon := r.Place.Coordinates()
	h, err := KPHoraryAt(pos, r.Input.Resolved().JDUT(), lat, lon, r.Number, r.Options())
	if err != nil {
		return nil, err
	}
	warn(c, h.Warnings, h.Source)
	return h, nil
}
