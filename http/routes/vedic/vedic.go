// Package vedic is the glue of the fourteen Vedic routes of spec 4.2: the
// sidereal natal chart as JSON and as a North or South Indian SVG, the
// Moon's nakshatra, the Vimshottari dasha, the sixteen vargas, the doshas,
// the yogas, ashtakavarga, shadbala and the panchang. The calculations are
// engine/vedic's and the drawings engine/vedic/draw's; a birth is the natal
// birth packet (engine/birth), flat in the body as the natal route takes it.
//
// Every route answers in the Lahiri ayanamsa: an ayanamsa named in the
// request (raman, kp, ...) is accepted, ignored and named in the warnings
// (spec 4.2), and every result states its conventions.
package vedic

import (
	"errors"
	"fmt"
	"strings"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/birth"
	"github.com/astroapi/astroapi/engine/vedic"
	"github.com/astroapi/astroapi/http/op"
)

// Deps are what the Vedic routes calculate with.
type Deps struct {
	Positions engine.Positions // nil: the routes answer 503
	Births    *birth.Resolver
}

// birthRequest is the input of the routes that do not place Rahu and Ketu
// (nakshatra, dasha, manglik, ashtakavarga, shadbala): the natal birth
// packet and the ayanamsa.
type birthRequest struct {
	birth.Packet
	Ayanamsa engine.Ayanamsa `json:"ayanamsa,omitempty" doc:"accepted as in the natal input (spec 2.3), but Vedic results always use lahiri (Chitrapaksha, Swiss Ephemeris SE_SIDM_LAHIRI): any other value is ignored and said so in warnings and in result.ayanamsa" example:"lahiri" default:"lahiri"`
}

// chartRequest is the input of the routes that place Rahu and Ketu.
type chartRequest struct {
	birthRequest
	NodeType vedic.NodeType `json:"node_type,omitempty" doc:"lunar node that places Rahu (Ketu is opposite): mean (the siddhantic and almanac usage) or true (osculating)" example:"mean" default:"mean"`
}

// dashaRequest is the input of the dasha route.
type dashaRequest struct {
	birthRequest
	Levels     *int             `json:"levels,omitempty" doc:"depth of the tree: 1 the nine mahadashas, 2 with their antardashas (81), 3 with pratyantardashas (729)" example:"2" minimum:"1" maximum:"3" default:"1"`
	YearLength vedic.YearLength `json:"year_length,omitempty" doc:"year that turns dasha years into days: julian 365.25 days (the usual software and almanac reckoning), tropical 365.24219, sidereal 365.256363, savana 360" example:"julian" default:"julian"`
}

// ashtakavargaRequest is the input of the ashtakavarga route.
type ashtakavargaRequest struct {
	birthRequest
	Tables vedic.AshtakavargaTables `json:"tables,omitempty" doc:"bindu tables: parashara (BPHS ch. 66) or narasimha_rao (P. V. R. Narasimha Rao's textbook and Jagannatha Hora: four rows differ, totals equal)" example:"parashara" default:"parashara"`
}

// shadbalaRequest is the input of the shadbala route.
type shadbalaRequest struct {
	birthRequest
	Scale   vedic.SaptavargajaScale `json:"saptavargaja_scale,omitempty" doc:"virupas per dignity in the seven vargas of saptavargaja bala: raman (B. V. Raman, Graha and Bhava Balas: 45, 30, 22.5, 15, 7.5, 3.75, 1.875) or bphs (Santhanam's BPHS ch. 27: 45, 30, 20, 15, 10, 4, 2)" example:"raman" default:"raman"`
	Sunrise vedic.SunriseConvention `json:"sunrise,omitempty" doc:"sunrise and sunset of the birth day (kala bala): upper_limb (upper limb on the horizon, 34′ refraction: the almanac rising), disc_centre (centre of the disc, 34′ refraction) or hindu (centre of the disc on the geometric horizon, no refraction)" example:"upper_limb" default:"upper_limb"`
}

// echo is the interpreted input a Vedic route echoes in the envelope: the
// birth as resolved, and the options with their defaults filled in.
type echo struct {
	birth.Echo
	Ayanamsa          engine.Ayanamsa          `json:"ayanamsa" doc:"ayanamsa used: always lahiri"`
	AyanamsaRequested engine.Ayanamsa          `json:"ayanamsa_requested,omitempty" doc:"ayanamsa the request named (ignored unless lahiri)"`
	NodeType          vedic.NodeType           `json:"node_type,omitempty" doc:"node placing Rahu, on the routes that place it"`
	Levels            int                      `json:"levels,omitempty"`
	YearLength        vedic.YearLength         `json:"year_length,omitempty"`
	Tables            vedic.AshtakavargaTables `json:"tables,omitempty"`
	Scale             vedic.SaptavargajaScale  `json:"saptavargaja_scale,omitempty"`
	Sunrise           vedic.SunriseConvention  `json:"sunrise,omitempty"`
	Varga             string                   `json:"varga,omitempty"`
	Style             string                   `json:"style,omitempty"`
	Theme             string                   `json:"theme,omitempty"`
	Size              int                      `json:"size,omitempty"`
}

const unavailableDetail = "no ephemeris is configured on this server"

const conventions = " Conventions (stated again in each result): sidereal zodiac, always the Lahiri ayanamsa (true, with nutation, " +
	"as libswe's SE_SIDM_LAHIRI); an `ayanamsa` other than lahiri (raman, kp, ...) is accepted, ignored and named in the warnings. " +
	"Apparent geocentric positions. Whole-sign bhavas counted from the lagna's sign. " +
	"Birth time is local time in `timezone` (IANA, default UTC; `auto` takes the zone of the place), as for POST /api/v1/natal. " +
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
	return []*op.Operation{
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
		op.Post(spec("post-vedic-dasha", "/api/v1/vedic/dasha", "Vimshottari dasha periods from birth data",
			"Spec 2.5: `birth_nakshatra` plus `dasha_periods`, the nine mahadashas of one 120-year cycle [{lord, start_date, end_date, years}] "+
				"from the start of the one running at birth (which began before birth), with `sub_periods` (antardashas, then "+
				"pratyantardashas) when `levels` asks; `balance_at_birth` is what remained of the first mahadasha at birth. "+
				"BPHS ch. 46: the lord of the Moon's nakshatra rules first, for the untraversed fraction of its years; sub-periods "+
				"in the same proportions from the period's own lord. Years of `year_length` (default julian, 365.25 days); dates in UTC, "+
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
				"4th, 7th, 8th or 12th from the lagna, the Moon and Venus), Kaal Sarp (every graha between Rahu and Ketu; full or partial, "+
				"its twelve types by Rahu's house, and direction; a modern rule without classical cancellations), Kemadruma, and the "+
				"modern conjunction doshas Grahan, Guru Chandal, Pitra, Shrapit and Angarak."+nodeConvention+conventions), d.doshas),
		op.Post(spec("post-vedic-dosha-kaal-sarp", "/api/v1/vedic/dosha/kaal-sarp", "Kaal Sarp dosha",
			"Kaal Sarp dosha alone, as in POST /api/v1/vedic/dosha: every graha between Rahu and Ketu, full or partial, "+
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
				"abda, masa, vara, hora, ayana, yuddha), cheshta, naisargika and drik; totals in virupas and rupas (60 virupas), "+
				"the required minimum in rupas, the ratio and the rank. `conventions` states each choice where the sources differ."+conventions), d.shadbala),
		op.Post(spec("post-vedic-panchang", "/api/v1/vedic/panchang", "Panchang of a day at a place",
			panchangDescription), d.panchang),
	}
}

// resolve resolves the birth of in, checking the route's own options
// (optErrs) at the same time so that one answer names every bad field. It
// echoes e, filled with the birth, and passes the resolver's warnings on.
func (d Deps) resolve(c *op.Call, in *birthRequest, optErrs engine.Fields, e *echo) (vedic.Birth, error) {
	b, err := d.Births.Resolve(in.Packet, "")
	if err != nil {
		return vedic.Birth{}, withFields(err, optErrs)
	}
	if len(optErrs) > 0 {
		return vedic.Birth{}, optErrs
	}
	c.Warn(b.Warnings...)
	e.Echo = b.Echo
	e.Ayanamsa, e.AyanamsaRequested = engine.Lahiri, in.Ayanamsa
	c.Echo(e)
	return vedic.Birth{JD: b.Instant.JD, Latitude: b.Latitude, Longitude: b.Longitude}, nil
}

// withFields adds the field errors more to err when err names fields too,
// so that one answer names every bad field; other errors are returned as
// they are.
func withFields(err error, more engine.Fields) error {
	var fs engine.Fields
	var fe *engine.FieldError
	switch {
	case len(more) == 0:
	case errors.As(err, &fs):
		return append(append(engine.Fields{}, fs...), more...)
	case errors.As(err, &fe):
		return append(engine.Fields{fe}, more...)
	}
	return err
}

// cast resolves the birth of in and casts its rasi chart with the node
// type node ("" for the routes that do not place the nodes).
func (d Deps) cast(c *op.Call, in *birthRequest, node vedic.NodeType, optErrs engine.Fields, e *echo) (*vedic.Chart, error) {
	b, err := d.resolve(c, in, optErrs, e)
	if err != nil {
		return nil, err
	}
	ch, err := vedic.Natal(d.Positions, b, vedic.Options{Node: node, Ayanamsa: in.Ayanamsa})
	if err != nil {
		return nil, err
	}
	warn(c, ch.Warnings, ch.Source)
	return ch, nil
}

// castChart casts the chart of a route that places Rahu and Ketu.
func (d Deps) castChart(c *op.Call, in *chartRequest, optErrs engine.Fields, e *echo) (*vedic.Chart, error) {
	e.NodeType = in.NodeType
	if e.NodeType == "" {
		e.NodeType = vedic.DefaultNode
	}
	return d.cast(c, &in.birthRequest, in.NodeType, optErrs, e)
}

// warn passes a result's notes (an ignored ayanamsa) to the envelope's
// warnings, and says when the positions came from the Moshier theory.
func warn(c *op.Call, notes []string, src engine.Source) {
	c.Warn(notes...)
	if src == engine.FromMoshier {
		c.Warn("positions from the Swiss Ephemeris' Moshier theory (outside the 1800-2400 ephemeris files): about an arcsecond for the planets, a few arcseconds for the Moon")
	}
}

func (d Deps) natal(c *op.Call, in *chartRequest) (*vedic.Chart, error) {
	return d.castChart(c, in, nil, &echo{})
}

func (d Deps) nakshatra(c *op.Call, in *birthRequest) (*vedic.NakshatraResult, error) {
	b, err := d.resolve(c, in, nil, &echo{})
	if err != nil {
		return nil, err
	}
	r, err := vedic.BirthNakshatra(d.Positions, b, vedic.Options{Ayanamsa: in.Ayanamsa})
	if err != nil {
		return nil, err
	}
	warn(c, r.Warnings, r.Source)
	return r, nil
}

func (d Deps) dasha(c *op.Call, in *dashaRequest) (*vedic.Dasha, error) {
	do := vedic.DashaOptions{Levels: vedic.LevelMahadasha, YearLength: in.YearLength}
	var errs engine.Fields
	if in.Levels != nil {
		do.Levels = *in.Levels
		if do.Levels < vedic.LevelMahadasha {
			// The engine reads 0 as "mahadashas only"; a caller who
			// sends 0 asked for something else.
			errs = append(errs, &engine.FieldError{Field: "levels", Reason: fmt.Sprintf("must be between 1 (mahadashas) and %d (pratyantardashas)", vedic.MaxDashaLevels)})
		}
	}
	if len(errs) == 0 {
		errs = do.Validate()
	}
	e := &echo{Levels: do.Levels, YearLength: do.YearLength}
	if e.YearLength == "" {
		e.YearLength = vedic.DefaultYearLength
	}
	b, err := d.resolve(c, &in.birthRequest, errs, e)
	if err != nil {
		return nil, err
	}
	r, err := vedic.VimshottariDasha(d.Positions, b, vedic.Options{Ayanamsa: in.Ayanamsa}, do)
	if err != nil {
		return nil, err
	}
	warn(c, r.Warnings, r.Source)
	return r, nil
}

func (d Deps) vargas(c *op.Call, in *chartRequest) (*vedic.VargasResult, error) {
	ch, err := d.castChart(c, in, nil, &echo{})
	if err != nil {
		return nil, err
	}
	return ch.Vargas(), nil
}

// varga answers one divisional chart; an unknown name is a 404 listing the
// names, before any calculation.
func (d Deps) varga(c *op.Call, in *chartRequest) (*vedic.VargasResult, error) {
	name := strings.ToLower(c.Param("name"))
	if !isVarga(name) {
		return nil, unknownVarga(c.Param("name"))
	}
	ch, err := d.castChart(c, in, nil, &echo{Varga: name})
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

func (d Deps) doshas(c *op.Call, in *chartRequest) (*vedic.DoshaResult, error) {
	ch, err := d.castChart(c, in, nil, &echo{})
	if err != nil {
		return nil, err
	}
	return ch.Doshas(), nil
}

func (d Deps) kaalSarp(c *op.Call, in *chartRequest) (*vedic.DoshaResult, error) {
	ch, err := d.castChart(c, in, nil, &echo{})
	if err != nil {
		return nil, err
	}
	return ch.KaalSarp(), nil
}

func (d Deps) manglik(c *op.Call, in *birthRequest) (*vedic.DoshaResult, error) {
	ch, err := d.cast(c, in, "", nil, &echo{})
	if err != nil {
		return nil, err
	}
	return ch.Manglik(), nil
}

func (d Deps) yogas(c *op.Call, in *chartRequest) (*vedic.YogaResult, error) {
	ch, err := d.castChart(c, in, nil, &echo{})
	if err != nil {
		return nil, err
	}
	return ch.Yogas(), nil
}

func (d Deps) ashtakavarga(c *op.Call, in *ashtakavargaRequest) (*vedic.Ashtakavarga, error) {
	e := &echo{Tables: in.Tables}
	if e.Tables == "" {
		e.Tables = vedic.DefaultAshtakavargaTables
	}
	ch, err := d.cast(c, &in.birthRequest, "", in.Tables.Validate(), e)
	if err != nil {
		return nil, err
	}
	return ch.Ashtakavarga(in.Tables)
}

func (d Deps) shadbala(c *op.Call, in *shadbalaRequest) (*vedic.Shadbala, error) {
	o := vedic.ShadbalaOptions{Scale: in.Scale, Sunrise: in.Sunrise}
	e := &echo{Scale: in.Scale, Sunrise: in.Sunrise}
	if e.Scale == "" {
		e.Scale = vedic.DefaultScale
	}
	if e.Sunrise == "" {
		e.Sunrise = vedic.DefaultSunrise
	}
	ch, err := d.cast(c, &in.birthRequest, "", o.Validate(), e)
	if err != nil {
		return nil, err
	}
	return ch.Shadbala(d.Positions, o)
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
