package vedic

import (
	"github.com/astroapi/astroapi/engine/vedic"
	"github.com/astroapi/astroapi/http/op"
)

// The Krishnamurti Paddhati (KP) routes: the chart of a birth with its
// cusps' and grahas' lords and the significators, the ruling planets of a
// moment at a place, the horary chart of a number from 1 to 249, and the
// table of the 249 subs. The calculations are engine/vedic's (kp*.go).

const kpConventions = " Conventions (stated again in each result): sidereal zodiac in the kp ayanamsa (K. S. Krishnamurti's own, libswe SE_SIDM_KRISHNAMURTI) " +
	"unless `ayanamsa` names another (krishnamurti_vp291 is the \"new KP\" ayanamsa of K. Subramaniam Senthilathiban; every ayanamsa of the natal input is accepted, or a user-defined one as `user_ayanamsa`); " +
	"Placidus cusps (Porphyry inside the polar circles, with a warning), a house running from its cusp to the next; " +
	"Rahu the mean node unless `node_type` is true, Ketu opposite. The 249 subs: each nakshatra of 13°20′ divided among the nine Vimshottari lords in " +
	"proportion to their years from the nakshatra's lord, the six subs that straddle a sign boundary split in two; the sub-sub divides a sub the same way " +
	"from the sub lord (K. S. Krishnamurti, KP Reader I). Angles in degrees; instants in UTC."

const kpSignificatorWords = "Significators: level 1 the grahas in the star of an occupant of the house, level 2 the occupants, level 3 the grahas in the star " +
	"of the owner (the lord of the sign on the cusp), level 4 the owner; each graha's houses by level. `node_agency` sign_lord (the default): Rahu and Ketu " +
	"also act as agents of the lord of the sign they occupy (its occupation and ownership, and so for the grahas in the node's star); none: they do not."

const kpRulingWords = "The ruling planets: the lord of the weekday that began at the last sunrise at the place (upper limb, 34′ refraction), " +
	"the sign, star and sub lords of the Moon and of the ascendant, listed once each in KP's order of strength (ascendant star lord, ascendant sign lord, " +
	"Moon star lord, Moon sign lord, day lord, then the sub lords); Rahu or Ketu joins them when it occupies a sign of a ruling planet."

const kpMomentWords = " The instant is that of the sky routes (`datetime`, or `date` and `time`, or year..second, local in `timezone`, UTC when omitted; " +
	"nothing: the time of the call, not cached); the place is latitude and longitude, or `location`."

func (d Deps) kpOps(unavailable string) []*op.Operation {
	// Cacheable: a moment sent gives the same answer every time; "now"
	// is never cached (the door is told by the instant's Resolve).
	spec := func(id, path, summary, description string) op.Spec {
		return op.Spec{ID: id, Path: path, Family: "Traditions", Summary: summary, Description: description,
			Cacheable: true, Unavailable: unavailable}
	}
	return []*op.Operation{
		op.Post(spec("post-vedic-kp-chart", "/api/v1/vedic/kp/chart", "KP (Krishnamurti Paddhati) chart: cusps, grahas, their lords and the significators",
			"The twelve Placidus cusps and the nine grahas of a birth, each with its sidereal longitude, sign, nakshatra, sign lord, star lord, "+
				"sub lord and sub-sub lord and its sub's number (1-249); each graha's house (cusp to cusp), speed and retrograde motion; the four levels of "+
				"significators of every house and the houses of every graha. The birth is the birth packet of POST /api/v1/vedic/natal. "+
				kpSignificatorWords+kpConventions), d.kpChart),
		op.Post(spec("post-vedic-kp-ruling-planets", "/api/v1/vedic/kp/ruling-planets", "KP ruling planets of a moment at a place",
			kpRulingWords+kpMomentWords+kpConventions), d.kpRuling),
		op.Post(spec("post-vedic-kp-horary", "/api/v1/vedic/kp/horary", "KP horary chart of a number from 1 to 249",
			"KP horary (prasna): the querent's number (1-249) names a sub, whose start becomes the ascendant; the other cusps are the Placidus cusps "+
				"of the sidereal time at which that degree rises at the place of the question (ARMC = RA(λ) − AD − 90°, sin AD = tan φ tan δ; the true obliquity "+
				"and the ayanamsa of the instant), the grahas those of the instant; the chart as POST /api/v1/vedic/kp/chart gives it, the sub of the "+
				"number, the ARMC used and the ruling planets of the moment (with the real ascendant). The place must lie within 66° of the equator "+
				"(nearer the poles some degrees never rise). "+kpSignificatorWords+" "+kpRulingWords+kpMomentWords+kpConventions), d.kpHorary),
		op.Get(op.Spec{ID: "get-vedic-kp-subs", Path: "/api/v1/vedic/kp/subs", Family: "Traditions", Access: op.Free, Cacheable: true,
			Summary: "The 249 KP sub-divisions of the zodiac (the KP horary numbers)",
			Description: "The 249 subs in zodiacal order, each with its horary number (1-249), its sidereal start and end (degrees), sign, nakshatra, " +
				"sign lord, star lord and sub lord: each nakshatra of 13°20′ divided among the nine Vimshottari lords in proportion to their years from the " +
				"nakshatra's lord, the six subs that straddle a sign boundary split in two (K. S. Krishnamurti, KP Reader I). Not billed."}, kpSubs),
	}
}

// KPSubTable is the answer of GET /api/v1/vedic/kp/subs.
type KPSubTable struct {
	Subs []vedic.KPSub `json:"subs" doc:"the 249 subs in zodiacal order"`
}

func kpSubs(*op.Call, *op.None) (*KPSubTable, error) {
	return &KPSubTable{Subs: vedic.KPSubs()}, nil
}

func (d Deps) kpChart(c *op.Call, in *vedic.KPChartRequest) (*vedic.KPChart, error) {
	return in.Chart(d.Positions, c)
}

func (d Deps) kpRuling(c *op.Call, in *vedic.KPMomentRequest) (*vedic.KPRuling, error) {
	return in.Ruling(d.Positions, c)
}

func (d Deps) kpHorary(c *op.Call, in *vedic.KPHoraryRequest) (*vedic.KPHorary, error) {
	return in.Horary(d.Positions, c)
}
