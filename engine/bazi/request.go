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
	Gender string `json:"gender,omitempty" doc:"ignored, as spec 4.6 says: the four pillars do not depend on it (the luck pillars, which do, are not calculated here); a warning says so" example:"female"`
}

// Hints answers what callers send for options the pillars do not take.
func (*Person) Hints() map[string]string {
	return map[string]string{
		"sex":             "the four pillars do not depend on it; gender is accepted and ignored (spec 4.6)",
		"true_solar_time": "not applied: the pillars follow the clock time of the zone (spec 4.6); send timezone LMT with the longitude for local mean time",
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
	return errs.Err()
}

// appendMembers writes the person's members to an object being written, as
// go-json writes them: the year (this type's), the packet's other fields,
// the gender.
func (p *Person) appendMembers(o *jsonw.Object) {
	pk := p.Packet // a copy, to write this type's year in the packet's place
	pk.Year = p.Year
	pk.AppendMembers(o)
	o.StringOmit("gender", p.Gender)
}

// Birth returns a resolved person's birth as the pillars read it.
func (p *Person) Birth() Birth {
	inst := p.Packet.Resolved().Instant
	return Birth{
		Local: birth.Local{Year: *p.Year, Month: *p.Month, Day: *p.Day, Hour: *p.Hour, Minute: *p.Minute, Second: *p.Second,
			Zone: inst.Zone, Fold: inst.Fold, Calendar: inst.Calendar},
		Instant: inst,
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
	r.Person.appendMembers(&o)
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

// AnimalRequest is the input of the animal route: a Gregorian year.
type AnimalRequest struct {
	Year int `json:"year" required:"true" doc:"Gregorian year; the animal is that of the sexagenary year beginning in it, at Lichun (about 4 February)" minimum:"1583" maximum:"2999" example:"2024"`
}

// Hints answers the fields a caller sends for the animal of a birth.
func (*AnimalRequest) Hints() map[string]string {
	const h = "the animal route takes the year alone: the animal of a birth changes at Lichun (about 4 February), so send the birth to /api/v1/chinese/bazi and read year_pillar.animal"
	return map[string]string{"month": h, "day": h, "hour": h, "date": h}
}
