// Package vedic is the glue of the fifteen Vedic routes of spec 4.2: the
// sidereal natal chart as JSON and as a North or South Indian SVG, the
// Moon's nakshatra, the Vimshottari dasha, the sixteen vargas, the doshas,
// the yogas, ashtakavarga, shadbala, the panchang and the matching of two charts (Ashtakoota and Manglik; the ten poruthams in porutham.go). The calculations are
// engine/vedic's and the drawings engine/vedic/draw's; the inputs are
// engine/vedic's request types (the birth packet of engine/birth, flat in
// the body as the natal route takes it, and each route's options), which
// the door decodes, checks and resolves: the handlers read them and call
// the engine.
//
// Every route answers in the sidereal zodiac the request names (ayanamsa,
// Lahiri by default, or user_ayanamsa) but the natal JSON, which spec 4.2
// fixes to Lahiri (another ayanamsa is accepted, ignored and named in the
// warnings); every result states its conventions.
//
// kp.go holds the Krishnamurti Paddhati routes (chart, ruling planets,
// horary, the table of subs), which default to the kp ayanamsa instead.
package vedic

import (
	"fmt"
	"strings"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/vedic"
	"github.com/astroapi/astroapi/http/op"
)

// Deps are what the Vedic routes calculate with.
type Deps struct {
	Positions engine.Positions // nil: the routes answer 503
}

const unavailableDetail = "no ephemeris is configured on this server"

const conventions = " Conventions (stated again in each result): sidereal zodiac of `ayanamsa` (lahiri by default, any of POST /api/v1/natal's, or `user_ayanamsa`), " +
	"but POST /api/v1/vedic/natal is always Lahiri (spec 4.2: another is ignored with a warning). " +
	"Apparent geocentric positions. Whole-sign bhavas counted from the lagna's sign. " +
	"The birth is the birth packet of POST /api/v1/natal: the date and time as year..second or `date` and `time`, the place as latitude and longitude or `location`, " +
	"the time local in `timezone` (an IANA zone, an offset, `auto` for the zone of the place, `LMT`; UTC when omitted, with a warning; the birthplace's local mean time before its zone's standard time). " +
	"Angles in degrees; instants in UTC."

const nodeConvention = " Rahu is the mean lunar node by default (`node_type` true: the osculating node); Ketu is opposite."

// Ops returns the Vedic routes.
func Ops(d Deps) []*op.Operation {
	unavailable := op.Missing(d.Positions == nil, unavailableDetail)
	spec := func(id, path, summary, description string) op.Spec {
		// Cacheable: every answer depends on the request alone.
		return op.Spec{ID: id, Path: path, Family: "Traditions", Summary: summary, Description: description,
			Cacheable: true, Unavailable: unavailable, PathExamples: map[string]string{"name": "d9"}}
	}
	svgSpec := func(id, method, summary string) op.Spec {
		desc := svgDescription
		if method == "GET" {
			desc += " Every field of the body of POST /api/v1/vedic/natal/svg is a query parameter of the same name."
		}
		return op.Spec{ID: id, Path: "/api/v1/vedic/natal/svg", Family: "Traditions", Produces: "image/svg+xml",
			Summary: summary, Description: desc + conventions, Unavailable: unavailable}
	}
	return append([]*op.Operation{
		op.Post(spec("post-vedic-natal", "/api/v1/vedic/natal", "Vedic (sidereal, Lahiri) natal chart",
			"The rasi chart: the lagna and the nine grahas (Sun to Saturn, Rahu, Ketu) with sidereal longitude, sign (English and "+
				"Sanskrit), degree in the sign, nakshatra {name, lord, pada, deity}, whole-sign house, speed and retrograde motion, "+
				"dignity (exalted, moolatrikona, own, great_friend, friendly, neutral, enemy, great_enemy, debilitated; BPHS ch. 3, "+
				"with the natural and temporary relations to the sign lord), combustion (Surya Siddhanta orbs) and distance from the Sun; "+
				"the twelve whole-sign bhavas with their lords and occupants; the Moon's sign (janma rasi) and nakshatra (janma nakshatra). "+
				"Natal JSON always uses the Lahiri ayanamsa: raman or kp do not change it (spec 4.2)."+nodeConvention+conventions), d.natal),
		op.Post(svgSpec("post-vedic-natal-svg", "POST", "Vedic chart drawing (SVG, North or South Indian), options in the body"), d.svg),
		op.Get(svgSpec("get-vedic-natal-svg", "GET", "Vedic chart drawing (SVG, North or South Indian), options as query parameters"), d.svg),
		op.Post(spec("post-vedic-nakshatra", "/api/v1/vedic/nakshatra", "The Moon's nakshatra at birth",
			"Spec 2.5: `nakshatra` {name, lord, pada, deity} of the Moon at birth, plus the Moon's longitudes, tropical and sidereal. "+
				"27 nakshatras of 13°20′ from 0° sidereal Aries (Ashwini), padas of 3°20′; lord is the Vimshottari ruler, deity the devata "+
				"of the Brahmana lists. There is no ruling_planet field: `lord` is the ruler."+conventions), d.nakshatra),
		op.Post(spec("post-vedic-dasha", "/api/v1/vedic/dasha", "Vimshottari, Yogini or Ashtottari dasha periods from birth data",
			"Spec 2.5: `birth_nakshatra` plus `dasha_periods`, the nine mahadashas of one 120-year cycle [{lord, start_date, end_date, years}] "+
				"from the start of the one running at birth (which began before birth), with `sub_periods` (antardashas, then "+
				"pratyantardashas, whole; then sookshma and prana dashas, levels 4 and 5, only for the periods that overlap the window `from`..`to`, "+
				"read in the birth's timezone: at most 3,653 days for level 4, 366 for level 5; omitted, that many days from the birth's date) when `levels` asks; `balance_at_birth` is what remained of the first mahadasha at birth. "+
				"BPHS ch. 46: the lord of the Moon's nakshatra rules first, for the untraversed fraction of its years; sub-periods "+
				"in the same proportions from the period's own lord. `system` yogini: the eight yoginis (Mangala 1 year, the Moon; Pingala 2, the Sun; "+
				"Dhanya 3, Jupiter; Bhramari 4, Mars; Bhadrika 5, Mercury; Ulka 6, Saturn; Siddha 7, Venus; Sankata 8, Rahu), the first the remainder of "+
				"(birth nakshatra number + 3) / 8, four 36-year cycles; each period names its `yogini`. `system` ashtottari (BPHS ch. 47): the Sun 6 years, "+
				"the Moon 15, Mars 8, Mercury 17, Saturn 10, Jupiter 19, Rahu 12, Venus 21, each over a run of 4, 3, 4, 3, 3, 3, 4, 3 nakshatras from Ardra, "+
				"one 108-year cycle; `conventions.applicability` states when the texts use it (Rahu in a kendra or trikona from the lagna's lord). Years of `year_length` (default julian, 365.25 days); dates in UTC, "+
				"rounded to the minute."+conventions), d.dasha),
		op.Post(spec("post-vedic-vargas", "/api/v1/vedic/vargas", "The sixteen divisional charts (shodasavarga)",
			"Each graha's and the lagna's sign and proportional degree in the sixteen vargas of Parashara (BPHS ch. 6), with "+
				"vargottama (same sign as in the rasi chart); each varga states its rule. "+vargaDocs()+nodeConvention+conventions), d.vargas),
		op.Post(spec("post-vedic-varga", "/api/v1/vedic/vargas/{name}", "One divisional chart by name (d1 ... d60)",
			"The divisional chart `name`, one of "+strings.Join(vedic.VargaNames(), ", ")+" (case-insensitive), as in POST /api/v1/vedic/vargas. "+
				"Another name is a 404 whose detail lists the names. "+vargaDocs()+nodeConvention+conventions), d.varga),
		op.Post(spec("post-vedic-dosha", "/api/v1/vedic/dosha", "Every dosha: Manglik, Kaal Sarp, Kemadruma and the conjunction doshas",
			"Each dosha with presence, type, severity (none, low, medium, high), the placements that cause it and the classical "+
				"cancellations that apply, each named, and the rule applied with its source: Manglik (Kuja dosha: Mars in the 1st, 2nd, "+
				"4th, 7th, 8th or 12th from the lagna, the Moon and Venus), Kaal Sarp (every graha between Rahu and Ketu; `extent` full or partial, present when full, or also when "+
				"partial with `kaal_sarp` partial; its twelve types by Rahu's house, and direction; a modern rule without classical cancellations), Kemadruma, and the "+
				"modern conjunction doshas Grahan, Guru Chandal, Pitra, Shrapit and Angarak."+nodeConvention+conventions), d.doshas),
		op.Post(spec("post-vedic-dosha-kaal-sarp", "/api/v1/vedic/dosha/kaal-sarp", "Kaal Sarp dosha",
			"Kaal Sarp dosha alone, as in POST /api/v1/vedic/dosha: every graha between Rahu and Ketu, `extent` full or partial "+
				"(present when full; when partial too with `kaal_sarp` partial), "+
				"its type (named by Rahu's house: Anant, Kulik, ...), direction and severity."+nodeConvention+conventions), d.kaalSarp),
		op.Post(spec("post-vedic-dosha-manglik", "/api/v1/vedic/dosha/manglik", "Manglik (Kuja) dosha",
			"Manglik dosha alone, as in POST /api/v1/vedic/dosha: Mars in the 1st, 2nd, 4th, 7th, 8th or 12th house counted from "+
				"the lagna, the Moon and Venus, with severity and the named classical cancellations that apply."+conventions), d.manglik),
		op.Post(spec("post-vedic-yoga", "/api/v1/vedic/yoga", "Classical yogas present in the chart",
			"The yogas of the catalogue present in the rasi chart, each with its family, the rule that fired (with its source), "+
				"the grahas that form it and how the chart meets the rule; cancellations for the inauspicious Kemadruma and Shakata. "+
				yogaDocs()+nodeConvention+conventions), d.yogas),
		op.Post(spec("post-vedic-ashtakavarga", "/api/v1/vedic/ashtakavarga", "Ashtakavarga: bhinnashtakavarga and sarvashtakavarga",
			"The bhinnashtakavargas of the seven grahas and of the lagna (bindus per sign, Aries to Pisces, with the prastara: "+
				"the eight contributions that add up to them) and the sarvashtakavarga of the seven grahas per sign and per house, "+
				"which totals 337 for every chart. Only signs count, never degrees. Tables of BPHS ch. 66 by default (`tables`)."+conventions), d.ashtakavarga),
		op.Post(spec("post-vedic-shadbala", "/api/v1/vedic/shadbala", "Shadbala: the six-fold strength of the seven grahas",
			"The six balas of Sun to Saturn (BPHS ch. 27, worked as in B. V. Raman's Graha and Bhava Balas) with their sub-parts, "+
				"in virupas: sthana (uchcha, saptavargaja, ojayugma, kendradi, drekkana), dig, kala (nathonnatha, paksha, tribhaga, "+
				"abda, masa, vara, hora, ayana, yuddha), cheshta, naisargika and drik (the abda and masa lords by Raman's ahargana and no cheshta for the Sun and the Moon by default, as the textbooks; `year_month_lords` and `sun_moon_cheshta` choose the other readings); totals in virupas and rupas (60 virupas), "+
				"the required minimum in rupas, the ratio and the rank. `conventions` states each choice where the sources differ."+conventions), d.shadbala),
		op.Post(spec("post-vedic-panchang", "/api/v1/vedic/panchang", "Panchang of a day at a place",
			panchangDescription), d.panchang),
		op.Post(spec("post-vedic-matching", "/api/v1/vedic/matching", "Kundli matching: Ashtakoota (Guna Milan) and Manglik",
			matchingDescription+conventions), d.matching),
		op.Post(spec("post-vedic-calendar", "/api/v1/vedic/calendar", "Hindu calendar date (masa, paksha, tithi, samvatsara, eras) of a day at a place", calendarDescription), d.calendar),
		op.Post(spec("post-vedic-calendar-gregorian", "/api/v1/vedic/calendar/gregorian-date", "Civil days of a Hindu date (year, masa, adhika, paksha, tithi) at a place", gregorianDescription), d.gregorian),
	}, append(append(d.muhurtaOps(spec), d.kpOps(unavailable)...), d.poruthamOps(spec)...)...)
}

const matchingDescription = "Two births, `person1` and `person2` (each a birth packet as the body of POST /api/v1/vedic/natal; " +
	"`person1_role` groom by default). The Ashtakoota (Guna Milan) of the two Moons out of 36, each koota with its points, both people's " +
	"categories and the rule that gave the points: varna 1 (the groom's varna the bride's or higher; `varna_scheme`), vashya 2 (the vashya " +
	"classes of the Moon signs, halves of Sagittarius and Capricorn by the Moon's degree), tara 3 (1.5 for each direction in which the count " +
	"of nakshatras is not the 3rd, 5th or 7th tara), yoni 4 (the animals of the nakshatras), graha maitri 5 (the natural friendship of the " +
	"Moon-sign lords both ways, BPHS ch. 3), gana 6, bhakoot 7 (0 when the Moon signs are 2/12, 5/9 or 6/8 from each other) and nadi 8 " +
	"(0 in the same nadi); the bhakoot and nadi doshas with the named exceptions that cancel them (`nadi_exceptions`, `bhakoot_exceptions`: " +
	"all by default, [] for none) and, with `cancelled_dosha_points` restore, the koota's full points when cancelled (keep by default). " +
	"The verdict bands the total (below 18 not recommended, the manuals' minimum). The Manglik (Kuja) dosha of both rasi charts as " +
	"POST /api/v1/vedic/dosha/manglik reports it, and the verdict: compatible when neither or both are Manglik (`manglik_cancellations` " +
	"apply by default: a chart whose dosha is cancelled is not Manglik; ignore: placement alone decides; each chart's dosha is given with its cancellations)."

func (d Deps) matching(c *op.Call, in *vedic.MatchingRequest) (*vedic.Matching, error) {
	return in.Match(d.Positions, c)
}

func (d Deps) natal(c *op.Call, in *vedic.NatalRequest) (*vedic.Chart, error) {
	return in.Cast(d.Positions, c)
}

func (d Deps) nakshatra(c *op.Call, in *vedic.Request) (*vedic.NakshatraResult, error) {
	return in.Nakshatra(d.Positions, c)
}

func (d Deps) dasha(c *op.Call, in *vedic.DashaRequest) (*vedic.Dasha, error) {
	return in.Dasha(d.Positions, c)
}

func (d Deps) vargas(c *op.Call, in *vedic.ChartRequest) (*vedic.VargasResult, error) {
	ch, err := in.Cast(d.Positions, c)
	if err != nil {
		return nil, err
	}
	return ch.Vargas(), nil
}

// varga answers one divisional chart; an unknown name is a 404 listing the
// names (once the door has accepted the body), before any calculation.
func (d Deps) varga(c *op.Call, in *vedic.ChartRequest) (*vedic.VargasResult, error) {
	name := strings.ToLower(c.Param("name"))
	if !isVarga(name) {
		return nil, unknownVarga(c.Param("name"))
	}
	ch, err := in.Cast(d.Positions, c)
	if err != nil {
		return nil, err
	}
	return ch.Varga(name)
}

// isVarga reports whether name (lower case) is a varga of the API.
func isVarga(name string) bool {
	for _, v := range vedic.VargaNames() {
		if v == name {
			return true
		}
	}
	return false
}

// unknownVarga is the 404 of a varga name the API does not know: its
// detail and errors[] list the names.
func unknownVarga(name string) error {
	e := &vedic.UnknownVargaError{Name: name, Valid: vedic.VargaNames()}
	p := op.NewProblem(404, op.KindNotFound, e.Error())
	p.Errors = []op.FieldProblem{{Field: "name", Reason: "must be one of " + strings.Join(e.Valid, ", ")}}
	return p
}

func (d Deps) doshas(c *op.Call, in *vedic.DoshaRequest) (*vedic.DoshaResult, error) {
	return in.Doshas(d.Positions, c)
}

func (d Deps) kaalSarp(c *op.Call, in *vedic.DoshaRequest) (*vedic.DoshaResult, error) {
	return in.KaalSarpDosha(d.Positions, c)
}

func (d Deps) manglik(c *op.Call, in *vedic.Request) (*vedic.DoshaResult, error) {
	ch, err := in.Cast(d.Positions, c)
	if err != nil {
		return nil, err
	}
	return ch.Manglik(), nil
}

func (d Deps) yogas(c *op.Call, in *vedic.ChartRequest) (*vedic.YogaResult, error) {
	ch, err := in.Cast(d.Positions, c)
	if err != nil {
		return nil, err
	}
	return ch.Yogas(), nil
}

func (d Deps) ashtakavarga(c *op.Call, in *vedic.AshtakavargaRequest) (*vedic.Ashtakavarga, error) {
	ch, err := in.Cast(d.Positions, c)
	if err != nil {
		return nil, err
	}
	return ch.Ashtakavarga(in.Tables)
}

func (d Deps) shadbala(c *op.Call, in *vedic.ShadbalaRequest) (*vedic.Shadbala, error) {
	ch, err := in.Cast(d.Positions, c)
	if err != nil {
		return nil, err
	}
	return ch.Shadbala(d.Positions, in.Options())
}

// vargaDocs describes the sixteen vargas and their rules, read from the
// engine (a chart's vargas carry their titles and rules whatever the
// positions).
func vargaDocs() string {
	var b strings.Builder
	b.WriteString("The vargas and their rules: ")
	for i, v := range vedic.NewChart(vedic.Placements{}).Vargas().Vargas {
		if i > 0 {
			b.WriteString("; ")
		}
		fmt.Fprintf(&b, "%s %s (%s)", v.Name, v.Title, v.Rule)
	}
	b.WriteString(".")
	return b.String()
}

// yogaDocs lists the yogas the detector checks, by family.
func yogaDocs() string {
	var b strings.Builder
	catalog := vedic.YogaCatalog()
	fmt.Fprintf(&b, "The %d yogas checked, by family: ", len(catalog))
	var family vedic.YogaFamily
	for i, y := range catalog {
		switch {
		case i == 0:
		case y.Family != family:
			b.WriteString("; ")
		default:
			b.WriteString(", ")
		}
		if y.Family != family {
			family = y.Family
			fmt.Fprintf(&b, "%s: ", family)
		}
		b.WriteString(y.Name)
	}
	b.WriteString(".")
	return b.String()
}
