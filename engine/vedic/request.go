package vedic

import (
	"fmt"
	"time"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/birth"
	"github.com/astroapi/astroapi/engine/calendar"
	"github.com/astroapi/astroapi/engine/resolve"
)

// The inputs of the Vedic routes. Each is the birth packet of every route
// (engine/birth, flat in the body as the natal route takes it) with the
// route's options; the door checks their tags and fills their defaults,
// the packet resolves itself, and the few rules of a route's own live in a
// Resolve here. Resolved, an input is its own echo.

// notes is where a result's notices go (an op.Call, a resolve.Fixed).
type notes interface{ Warn(msg ...string) }

// Request is a birth and the ayanamsa the caller names: the input of the
// routes that do not place Rahu and Ketu (nakshatra, manglik).
type Request struct {
	birth.Packet
	Ayanamsa engine.Ayanamsa `json:"ayanamsa,omitempty" doc:"accepted as in the natal input (spec 2.3), but Vedic results always use lahiri (Chitrapaksha, Swiss Ephemeris SE_SIDM_LAHIRI), as spec 4.2 requires: any other value is ignored and said so in warnings and in result.ayanamsa" example:"lahiri" default:"lahiri"`
}

// Hints answers the natal options callers send to the Vedic routes, which
// fix them (every input embedding Request has these hints).
func (*Request) Hints() map[string]string {
	return map[string]string{
		"zodiac_type":  "Vedic routes are always sidereal (Lahiri): leave zodiac_type out",
		"house_system": "Vedic routes use whole-sign bhavas from the lagna's sign: leave house_system out",
		"node_type":    "this route does not place Rahu and Ketu: leave node_type out (natal, vargas, dosha, kaal-sarp, yoga and the SVG take it)",
	}
}

// Birth returns the resolved birth.
func (r *Request) Birth() Birth {
	b := r.Packet.Resolved()
	return Birth{JD: b.Instant.JD, Latitude: b.Latitude, Longitude: b.Longitude}
}

// Cast casts the rasi chart of a resolved request without the nodes'
// options (Rahu mean), leaving its notes on c.
func (r *Request) Cast(pos engine.Positions, c notes) (*Chart, error) {
	return cast(pos, r.Birth(), Options{Ayanamsa: r.Ayanamsa}, c)
}

// Nakshatra returns the Moon's nakshatra at a resolved birth, leaving its
// notes on c.
func (r *Request) Nakshatra(pos engine.Positions, c notes) (*NakshatraResult, error) {
	n, err := BirthNakshatra(pos, r.Birth(), Options{Ayanamsa: r.Ayanamsa})
	if err != nil {
		return nil, err
	}
	warn(c, n.Warnings, n.Source)
	return n, nil
}

// ChartRequest is the input of the routes that place Rahu and Ketu.
type ChartRequest struct {
	Request
	NodeType NodeType `json:"node_type,omitempty" doc:"lunar node that places Rahu (Ketu is opposite): mean (the siddhantic and almanac usage) or true (osculating)" example:"mean" default:"mean"`
}

// Cast casts the rasi chart of a resolved request, leaving its notes on c.
func (r *ChartRequest) Cast(pos engine.Positions, c notes) (*Chart, error) {
	return cast(pos, r.Birth(), Options{Node: r.NodeType, Ayanamsa: r.Ayanamsa}, c)
}

// cast casts a chart and passes its notes on: an ayanamsa ignored, and the
// Moshier theory when it served the positions.
func cast(pos engine.Positions, b Birth, o Options, c notes) (*Chart, error) {
	ch, err := Natal(pos, b, o)
	if err != nil {
		return nil, err
	}
	warn(c, ch.Warnings, ch.Source)
	return ch, nil
}

// warn leaves a result's notes on c.
func warn(c notes, w []string, src engine.Source) {
	c.Warn(w...)
	if src == engine.FromMoshier {
		c.Warn(engine.MoshierNote)
	}
}

// DashaRequest is the input of the dasha route.
type DashaRequest struct {
	Request
	Levels     *int       `json:"levels,omitempty" doc:"depth of the tree: 1 the nine mahadashas, 2 with their antardashas (81), 3 with pratyantardashas (729)" example:"2" minimum:"1" maximum:"3" default:"1"`
	YearLength YearLength `json:"year_length,omitempty" doc:"year that turns dasha years into days: julian 365.25 days (the usual software and almanac reckoning), tropical 365.24219, sidereal 365.256363, savana 360" example:"julian" default:"julian"`
}

// Resolve resolves the birth and writes the default depth (a pointer, so
// that 0 is refused by the door's minimum rather than read as absent).
func (r *DashaRequest) Resolve(c resolve.Context, prefix string) error {
	if r.Levels == nil {
		l := LevelMahadasha
		r.Levels = &l
	}
	if r.YearLength == "" {
		r.YearLength = DefaultYearLength // for Go callers; the door fills the default
	}
	return r.Packet.Resolve(c, prefix)
}

// Dasha returns the Vimshottari dasha of a resolved request, leaving its
// notes on c.
func (r *DashaRequest) Dasha(pos engine.Positions, c notes) (*Dasha, error) {
	d, err := VimshottariDasha(pos, r.Birth(), Options{Ayanamsa: r.Ayanamsa}, DashaOptions{Levels: *r.Levels, YearLength: r.YearLength})
	if err != nil {
		return nil, err
	}
	warn(c, d.Warnings, d.Source)
	return d, nil
}

// AshtakavargaRequest is the input of the ashtakavarga route.
type AshtakavargaRequest struct {
	Request
	Tables AshtakavargaTables `json:"tables,omitempty" doc:"bindu tables: parashara (BPHS ch. 66) or narasimha_rao (P. V. R. Narasimha Rao's textbook and Jagannatha Hora: four rows differ, totals equal)" example:"parashara" default:"parashara"`
}

// ShadbalaRequest is the input of the shadbala route.
type ShadbalaRequest struct {
	Request
	Scale   SaptavargajaScale `json:"saptavargaja_scale,omitempty" doc:"virupas per dignity in the seven vargas of saptavargaja bala: raman (B. V. Raman, Graha and Bhava Balas: 45, 30, 22.5, 15, 7.5, 3.75, 1.875) or bphs (Santhanam's BPHS ch. 27: 45, 30, 20, 15, 10, 4, 2)" example:"raman" default:"raman"`
	Sunrise SunriseConvention `json:"sunrise,omitempty" doc:"sunrise and sunset of the birth day (kala bala): upper_limb (upper limb on the horizon, 34′ refraction: the almanac rising), disc_centre (centre of the disc, 34′ refraction) or hindu (centre of the disc on the geometric horizon, no refraction)" example:"upper_limb" default:"upper_limb"`
}

// PanchangRequest is the input of the panchang route: a civil date at a
// place, as the birth packet reads a date and a place (coordinates or a
// location; an IANA zone, an offset, "auto" or "LMT"; the calendar), in
// the years 1583-2999. The day runs from the date's local midnight in the
// zone; the packet's time of day (12:00 when omitted) only places the
// date in its zone and changes nothing else.
type PanchangRequest struct {
	// Year shadows the packet's year (the outer field of a name wins, as
	// encoding/json and the door read it) for the route's own bounds.
	Year *int `json:"year,omitempty" doc:"year of the civil date, 1583-2999; with month and day, or send date instead" example:"2024" minimum:"1583" maximum:"2999"`
	birth.Packet
	Sunrise  SunriseConvention `json:"sunrise,omitempty" doc:"what rises: upper_limb (upper limb on the horizon, 34′ refraction: the almanac sunrise, swetest -rise), disc_centre (centre of the disc, 34′ refraction) or hindu (centre of the disc on the geometric horizon, no refraction, as the siddhantas reckon)" example:"upper_limb" default:"upper_limb"`
	Ayanamsa engine.Ayanamsa   `json:"ayanamsa,omitempty" doc:"accepted as in the natal input, but the nakshatra and yoga are always reckoned with lahiri: any other value is ignored and said so in warnings and in result.ayanamsa" example:"lahiri" default:"lahiri"`
}

// Resolve resolves the date and place, and checks that a date sent as a
// string falls in the route's years (the tags bound year).
func (r *PanchangRequest) Resolve(c resolve.Context, prefix string) error {
	r.Packet.Year = r.Year
	var errs engine.Fields
	if err := errs.Add(r.Packet.Resolve(c, prefix)); err != nil {
		return err
	}
	r.Year = r.Packet.Year
	if len(errs) == 0 && (*r.Year < 1583 || *r.Year > 2999) {
		errs.Bad(prefix+"date", "the year must be between 1583 and 2999")
	}
	if r.Sunrise == "" {
		r.Sunrise = DefaultSunrise // for Go callers; the door fills the default
	}
	return errs.Err()
}

// Panchang reckons the panchang of a resolved request, leaving its notes
// on c.
func (r *PanchangRequest) Panchang(pos engine.Positions, c notes) (*Panchang, error) {
	b := r.Packet.Resolved()
	// The engine counts days in the proleptic Gregorian calendar (Go's);
	// a date sent in the Julian calendar is carried there.
	y, m, d := *r.Year, *r.Month, *r.Day
	if b.Instant.Calendar == calendar.Julian {
		y, m, d, _ = calendar.DateOf(calendar.JulianDay(y, m, d, calendar.Julian), calendar.Gregorian)
	}
	loc := b.Zone
	if loc == nil {
		loc = time.UTC
	}
	p, err := NewPanchang(pos, Day{Year: y, Month: m, Day: d, Location: loc, Latitude: b.Latitude, Longitude: b.Longitude},
		PanchangOptions{Sunrise: r.Sunrise})
	if err != nil {
		return nil, err
	}
	// The engine reckons with Lahiri alone; the request's ayanamsa is
	// named in the result and, when ignored, in a notice.
	p.Ayanamsa.Requested = r.Ayanamsa
	if r.Ayanamsa != "" && r.Ayanamsa != engine.Lahiri {
		p.Ayanamsa.Ignored = true
		c.Warn(fmt.Sprintf(AyanamsaIgnored, r.Ayanamsa))
	}
	return p, nil
}

// VargaName is a varga name as the SVG routes take it (the vargas route
// takes it in the path).
type VargaName string

// EnumValues lists the varga names, d1 to d60.
func (VargaName) EnumValues() []string { return VargaNames() }
