package bazi

import (
	"fmt"
	"strings"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/birth"
	"github.com/astroapi/astroapi/engine/jsonw"
	"github.com/astroapi/astroapi/engine/resolve"
	"github.com/astroapi/astroapi/engine/solarterms"
)

// Person is a birth as the BaZi routes take it: the birth packet of every
// route (engine/birth: year..second or date and time, an IANA zone, an
// offset, "auto" or "LMT"), with the place optional, since spec 4.6 casts
// the pillars from a date, a clock time and a zone (UTC when omitted).
// Coordinates or a location, when sent, name the birthplace, so that
// "auto" takes its zone and "LMT" (or a birth before the zone's standard
// time) its local mean time. The years are those of the solar-term table,
// 1583-2999. It resolves itself; resolved, it is its own echo.
type Person struct {
	// Year shadows the packet's year (the outer field of a name wins, as
	// encoding/json and the door read it) for the route's own bounds; it
	// is handed to the packet when resolved.
	Year *int `json:"year,omitempty" doc:"birth year, 1583-2999 (the years of the solar-term table); with month and day, or send date instead" example:"1990" minimum:"1583" maximum:"2999"`
	birth.Packet
	Gender string `json:"gender,omitempty" doc:"ignored, as spec 4.6 says: the four pillars do not depend on it (the luck pillars, which do, are on /api/v1/chinese/luck-pillars); a warning says so" example:"female"`
	// Clock is the time the day and hour pillars read.
	Clock Clock `json:"clock,omitempty" doc:"the time the day and hour pillars read: civil (the clock time as given, daylight time included; the default, as spec 4.6 asks), standard (daylight-saving time removed), mean_solar (local mean time of the birthplace's longitude) or true_solar (true solar time: mean solar time plus the equation of time); the solar clocks need the place. The year and month pillars follow the instant under every clock" default:"civil"`
}

// Hints answers what callers send for options the pillars do not take.
func (*Person) Hints() map[string]string {
	return map[string]string{
		"sex":             "the four pillars do not depend on it; gender is accepted and ignored (spec 4.6)",
		"true_solar_time": "send clock: true_solar (with the birthplace's latitude and longitude, or location)",
		"solar_time":      "send clock: true_solar or mean_solar (with the birthplace's latitude and longitude, or location)",
		"dst":             "daylight-saving time is removed with clock: standard (the echo's dst says whether it was in force)",
	}
}

// genderIgnored is the notice of a gender sent.
const genderIgnored = "gender is ignored: the four pillars do not depend on it (luck pillars, which do, are not calculated)"

// Resolve resolves the packet (the place optional) and checks that the
// birth falls in the years of the solar-term table; errors name
// prefix+field, notices go to c.
func (p *Person) Resolve(c resolve.Context, prefix string) error {
	p.Packet.Year = p.Year
	var errs engine.Fields
	if err := errs.Add(p.Packet.ResolvePlaceOptional(c, prefix)); err != nil {
		return err
	}
	p.Year = p.Packet.Year // the canonical year (also when date was sent)
	if len(errs) == 0 {
		// The tags bound year; a date string is checked here.
		if y := *p.Year; y < solarterms.MinYear || y > solarterms.MaxYear {
			errs.Bad(prefix+"date", fmt.Sprintf("the year must be between %d and %d (the years of the solar-term table)", solarterms.MinYear, solarterms.MaxYear))
		}
	}
	if strings.TrimSpace(p.Gender) != "" {
		c.Warn(prefix + genderIgnored)
	}
	if p.Clock == "" {
		p.Clock = Civil // for Go callers; the door fills the default
	}
	if len(errs) == 0 && p.Clock.needsPlace() && !p.Packet.Resolved().Placed {
		errs.Bad(prefix+"clock", fmt.Sprintf("%s needs the birthplace's longitude: send latitude and longitude, or location (or use clock civil or standard)", p.Clock))
	}
	return errs.Err()
}

// appendMembers writes the person's members to an object being written, as
// go-json writes them: the year (this type's), the packet's other fields,
// the gender.
func (p *Person) appendMembers(o *jsonw.Object, gender bool) {
	pk := p.Packet // a copy, to write this type's year in the packet's place
	pk.Year = p.Year
	pk.AppendMembers(o)
	if gender { // a request that shadows the gender writes its own
		o.StringOmit("gender", p.Gender)
	}
	o.StringOmit("clock", string(p.Clock))
}

// Birth returns a resolved person's birth as the pillars read it.
func (p *Person) Birth() Birth {
	r := p.Packet.Resolved()
	inst := r.Instant
	return Birth{
		Local: birth.Local{Year: *p.Year, Month: *p.Month, Day: *p.Day, Hour: *p.Hour, Minute: *p.Minute, Second: *p.Second,
			Zone: inst.Zone, Fold: inst.Fold, Calendar: inst.Calendar},
		Instant: inst, Clock: p.Clock, Longitude: r.Longitude, Placed: r.Placed, Location: r.Zone,
	}
}

// Request is the input of the BaZi route: a birth, its hour required
// (spec 4.6), and the day boundary. It resolves itself; resolved, it is
// its own echo.
type Request struct {
	Person
	DayBoundary DayBoundary `json:"day_boundary,omitempty" doc:"when the day pillar changes: zi_start (23:00, the classical Ziping rule) or midnight (00:00)" default:"zi_start"`
}

// Resolve demands the hour (or time) and resolves the person.
func (r *Request) Resolve(c resolve.Context, prefix string) error {
	var errs engine.Fields
	if r.Hour == nil && r.Time == "" {
		errs.Bad(prefix+"hour", "is required: the hour of birth, 0-23 (or send time, HH:MM)")
	}
	if err := errs.Add(r.Person.Resolve(c, prefix)); err != nil {
		return err
	}
	if r.DayBoundary == "" {
		r.DayBoundary = ZiStart // for Go callers; the door fills the default
	}
	return errs.Err()
}

// AppendJSON appends the request as go-json writes it (a test holds the
// two equal): resolved, it is the echo of every BaZi call.
func (r *Request) AppendJSON(b []byte) []byte {
	o := jsonw.Object{B: append(b, '{')}
	r.Person.appendMembers(&o, true)
	o.StringOmit("day_boundary", string(r.DayBoundary))
	return append(o.B, '}')
}

// CompatibilityRequest is the input of the compatibility route: two
// births (each hour defaulting to 12:00, spec 4.6) and one day boundary.
// Each person resolves itself, with its path (person1., person2.).
type CompatibilityRequest struct {
	Person1     *Person     `json:"person1" required:"true" doc:"first person: a birth as /api/v1/chinese/bazi takes it; the hour defaults to 12:00"`
	Person2     *Person     `json:"person2" required:"true" doc:"second person"`
	DayBoundary DayBoundary `json:"day_boundary,omitempty" doc:"when the day pillars change: zi_start (23:00) or midnight" default:"zi_start"`
}

// YearStart says when an animal year begins.
type YearStart string

// The year starts.
const (
	// AtLichun: the solar year of BaZi, from Lichun (about 4 February).
	AtLichun YearStart = "lichun"
	// AtLunarNewYear: the lunar year, from the first day of the first
	// lunar month (21 January - 20 February).
	AtLunarNewYear YearStart = "lunar_new_year"
)

// EnumValues lists the year starts (engine.Enum).
func (YearStart) EnumValues() []string { return []string{string(AtLichun), string(AtLunarNewYear)} }

// AnimalRequest is the input of the animal route: a Gregorian year and
// which new year starts it.
type AnimalRequest struct {
	Year      int       `json:"year" required:"true" doc:"Gregorian year; the animal is that of the sexagenary year beginning in it" minimum:"1583" maximum:"2999" example:"2024"`
	YearStart YearStart `json:"year_start,omitempty" doc:"when the animal year begins: lichun (about 4 February, the solar year of BaZi; the default) or lunar_new_year (the first day of the lunar year, 21 January - 20 February; years 1584-2998)" default:"lichun"`
}

// Hints answers the fields a caller sends for the animal of a birth.
func (*AnimalRequest) Hints() map[string]string {
	const h = "the animal route takes the year alone (and year_start): the animal of a birth changes at Lichun (about 4 February) or at the lunar new year, so send the birth to /api/v1/chinese/bazi (year_pillar.animal) or the date to /api/v1/chinese/lunar-date (animal)"
	return map[string]string{"month": h, "day": h, "hour": h, "date": h}
}
