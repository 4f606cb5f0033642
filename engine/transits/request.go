package transits

import (
	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/aspects"
	"github.com/astroapi/astroapi/engine/jsonw"
	"github.com/astroapi/astroapi/engine/moment"
	"github.com/astroapi/astroapi/engine/natal"
	"github.com/astroapi/astroapi/engine/resolve"
	"github.com/astroapi/astroapi/engine/sky"
)

// SkyOptions are the chart options of the transit sky, as a request sends
// them beside its instant. They resolve themselves: resolved, they state
// the zodiac, ayanamsa and node used.
type SkyOptions struct {
	sky.Zodiac
	NodeType            natal.Node `json:"node_type,omitempty" doc:"lunar node: true (osculating) or mean" default:"true"`
	IncludeAsteroids    bool       `json:"include_asteroids,omitempty" doc:"add Ceres, Pallas, Juno and Vesta" default:"false"`
	IncludeMinorAspects bool       `json:"include_minor_aspects,omitempty" doc:"also look for semi-sextile, semi-square, quintile, sesquiquadrate, biquintile and quincunx" default:"false"`
}

// Resolve settles the zodiac the way every chart reads it (sky.Zodiac:
// lahiri for a sidereal zodiac without an ayanamsa; an ayanamsa sent with
// the tropical zodiac is dropped with a notice) and writes the
// conventions used back.
func (o *SkyOptions) Resolve(c resolve.Context, prefix string) error {
	sid, notes := o.Zodiac.Sidereal()
	for _, n := range notes {
		c.Warn(prefix + n)
	}
	o.Ayanamsa = sid
	if o.ZodiacType == "" {
		o.ZodiacType = engine.Tropical
	}
	if o.NodeType == "" {
		o.NodeType = natal.TrueNode
	}
	return nil
}

// Options returns the chart options of resolved sky options.
func (o *SkyOptions) Options() Options {
	return Options{Sidereal: o.Ayanamsa, Node: o.NodeType, IncludeAsteroids: o.IncludeAsteroids, MinorAspects: o.IncludeMinorAspects}
}

// SkyQuery is the query of the transit sky (GET): an instant and the
// chart options. Both parts resolve themselves.
type SkyQuery struct {
	moment.Input
	SkyOptions
}

// SkyRequest is the body of the transit sky (POST): the query's fields and
// the orbs of the mundane aspects.
type SkyRequest struct {
	moment.Input
	SkyOptions
	Orbs map[string]float64 `json:"orbs,omitempty" doc:"orb in degrees (0-15) per aspect name, replacing the defaults; only the aspects listed are looked for" example:"{\"conjunction\":10,\"square\":6}"`

	orbs aspects.Orbs // parsed by Resolve
}

// Resolve resolves the instant and the options and reads the orbs.
func (r *SkyRequest) Resolve(c resolve.Context, prefix string) error {
	var errs engine.Fields
	if err := errs.Add(r.Input.Resolve(c, prefix)); err != nil {
		return err
	}
	if err := errs.Add(r.SkyOptions.Resolve(c, prefix)); err != nil {
		return err
	}
	orbs, bad := aspects.ParseOrbs(r.Orbs, prefix+"orbs")
	r.orbs = orbs
	return append(errs, bad...).Err()
}

// Options returns the chart options of a resolved request.
func (r *SkyRequest) Options() Options {
	o := r.SkyOptions.Options()
	o.Orbs = r.orbs
	return o
}

// ToNatalRequest is the input of transits to a natal chart: the birth and
// its chart settings under natal, the transit instant at the top level
// (moment.Input), and the transit aspects looked for. Resolved, it is its
// own echo (window_days states the window used).
type ToNatalRequest struct {
	Natal natal.Request `json:"natal" required:"true" doc:"the birth and its chart settings, as the natal route takes them (POST /api/v1/natal)" example:"{\"year\":1990,\"month\":4,\"day\":12,\"hour\":14,\"minute\":30,\"latitude\":48.8566,\"longitude\":2.3522,\"timezone\":\"Europe/Paris\"}"`
	moment.Input
	Orbs                map[string]float64 `json:"orbs,omitempty" doc:"transit-to-natal orb in degrees (0-15) per aspect name, replacing the defaults (3° conjunction, opposition, square, trine; 2° sextile; 1° each minor aspect); only the aspects listed are looked for" example:"{\"conjunction\":3,\"opposition\":3,\"square\":2,\"trine\":2}"`
	IncludeMinorAspects bool               `json:"include_minor_aspects,omitempty" doc:"also look for the minor transit aspects (semi-sextile, semi-square, quintile, sesquiquadrate, biquintile, quincunx) at 1°" default:"false"`
	WindowDays          *float64           `json:"window_days,omitempty" doc:"perfections (exact_at) are searched this many days either side of the transit instant" minimum:"1" maximum:"90" default:"30"`
	AllPerfections      bool               `json:"all_perfections,omitempty" doc:"list every perfection of each aspect within the window (retrograde loops give up to three)" default:"false"`

	orbs aspects.Orbs // parsed by Resolve
}

// Resolve resolves the birth (its errors named natal.<field>), its
// settings and the transit instant, reads the orbs and writes the window
// used.
func (r *ToNatalRequest) Resolve(c resolve.Context, prefix string) error {
	var errs engine.Fields
	for _, err := range []error{
		r.Natal.Packet.Resolve(c, prefix+"natal."),
		r.Natal.Settings.Resolve(c, prefix+"natal."),
		r.Input.Resolve(c, prefix),
	} {
		if err := errs.Add(err); err != nil {
			return err
		}
	}
	orbs, bad := aspects.ParseOrbs(r.Orbs, prefix+"orbs")
	r.orbs = orbs
	if r.WindowDays == nil {
		w := float64(DefaultWindowDays)
		r.WindowDays = &w
	}
	return append(errs, bad...).Err()
}

// Options returns the options of a resolved request: the transiting node
// and asteroids follow the natal chart's.
func (r *ToNatalRequest) Options() ToNatalOptions {
	o := ToNatalOptions{AllPerfections: r.AllPerfections, Options: Options{
		Node: r.Natal.NodeType, IncludeAsteroids: r.Natal.IncludeAsteroids, MinorAspects: r.IncludeMinorAspects, Orbs: r.orbs}}
	if r.WindowDays != nil {
		o.WindowDays = *r.WindowDays
	}
	return o
}

// AppendJSON appends the request as go-json writes it (held equal by a
// test): resolved, it is the echo of every uncached to-natal call.
func (r *ToNatalRequest) AppendJSON(b []byte) []byte {
	o := jsonw.Object{B: append(b, '{')}
	o.Key("natal")
	o.B = r.Natal.AppendJSON(o.B)
	r.Input.AppendMembers(&o)
	o.NumberMap("orbs", r.Orbs)
	o.BoolOmit("include_minor_aspects", r.IncludeMinorAspects)
	o.NumberPtr("window_days", r.WindowDays)
	o.BoolOmit("all_perfections", r.AllPerfections)
	return append(o.B, '}')
}

// instantHint is the advice for a transit instant sent as an object or
// under a name of its own.
const instantHint = "the transit instant goes at the top level, beside natal: datetime, or date and time, or year, month, day, hour, minute (with timezone); omit it for now"

// natalHint is the advice for a birth or chart field sent at the top level.
const natalHint = "the birth and its chart settings go inside natal (natal.latitude, natal.house_system, ...); the transits are geocentric and take no place"

// Hints maps the names callers send by mistake to where the field goes
// (op.Hinter): a nested transit instant, or the birth's fields at the top
// level.
func (*ToNatalRequest) Hints() map[string]string {
	return map[string]string{
		"transit": instantHint, "transits": instantHint, "transit_date": instantHint, "transit_time": instantHint,
		"transit_datetime": instantHint, "transit_instant": instantHint, "at": instantHint,
		"latitude": natalHint, "longitude": natalHint, "location": natalHint, "fold": natalHint,
		"house_system": natalHint, "zodiac_type": natalHint, "ayanamsa": natalHint, "node_type": natalHint,
		"include_asteroids": natalHint,
	}
}
