package natal

import (
	"fmt"
	"strings"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/aspects"
	"github.com/astroapi/astroapi/engine/birth"
	"github.com/astroapi/astroapi/engine/houses"
	"github.com/astroapi/astroapi/engine/jsonw"
)

// Frame is the part of Settings that fixes where a chart's points fall:
// houses, zodiac and node. Routes that read a birth's positions without
// returning its chart (progressions, directions, time lords) take it alone,
// beside the birth packet, so their inputs carry no chart-drawing options.
type Frame struct {
	HouseSystem engine.HouseSystem `json:"house_system,omitempty" doc:"house system; Placidus and Koch fall back to Porphyry inside the polar circles (named in result.houses.system)" default:"placidus"`
	ZodiacType  engine.Zodiac      `json:"zodiac_type,omitempty" doc:"tropical or sidereal zodiac" default:"tropical"`
	Ayanamsa    engine.Ayanamsa    `json:"ayanamsa,omitempty" doc:"sidereal offset, used only with zodiac_type sidereal (ignored with a warning otherwise); sidereal without it uses lahiri" default:"lahiri"`
	NodeType    Node               `json:"node_type,omitempty" doc:"lunar node: true (osculating) or mean" default:"true"`
}

// Options validates the frame into chart options (the Settings defaults
// for the rest), as Settings.Options does.
func (f Frame) Options(prefix string) (Options, []string, engine.Fields) {
	return Settings{Frame: f}.Options(prefix)
}

// Settings are the chart options a caller sends beside a birth packet: the
// fields every route that casts a chart shares (natal, its wheels, transits
// to natal, synastry, returns, ...).
type Settings struct {
	Frame
	IncludeAsteroids    bool               `json:"include_asteroids,omitempty" doc:"add Ceres, Pallas, Juno and Vesta" default:"false"`
	IncludeMinorAspects bool               `json:"include_minor_aspects,omitempty" doc:"also look for semi-sextile, semi-square, quintile, sesquiquadrate, biquintile and quincunx" default:"false"`
	Orbs                map[string]float64 `json:"orbs,omitempty" doc:"orb in degrees per aspect name, replacing the defaults (conjunction/opposition/trine 8, square 7, sextile 6; quincunx 3, other minor aspects 2); only the aspects listed are looked for" example:"{\"conjunction\":10,\"square\":6}"`
}

// Options validates the settings into chart options. Field names are
// prefixed with prefix; warnings tell the caller about ignored input.
func (s Settings) Options(prefix string) (o Options, warnings []string, errs engine.Fields) {
	o = Options{
		HouseSystem:      s.HouseSystem,
		IncludeAsteroids: s.IncludeAsteroids,
		Node:             s.NodeType,
		MinorAspects:     s.IncludeMinorAspects,
	}
	if o.HouseSystem == "" {
		o.HouseSystem = houses.Default
	}
	switch s.ZodiacType {
	case "", engine.Tropical:
		if s.Ayanamsa != "" {
			warnings = append(warnings, fmt.Sprintf("ayanamsa %q ignored: it applies only with zodiac_type sidereal", s.Ayanamsa))
		}
	case engine.Sidereal:
		o.Sidereal = s.Ayanamsa
		if o.Sidereal == "" {
			o.Sidereal = engine.Lahiri
		}
	default:
		errs = append(errs, &engine.FieldError{Field: "zodiac_type", Reason: `must be "tropical" or "sidereal"`})
	}
	errs = append(errs, o.Validate()...)
	orbs, orbErrs := aspects.ParseOrbs(s.Orbs, "orbs")
	o.Orbs = orbs
	errs = append(errs, orbErrs...)
	for i, e := range errs {
		errs[i] = &engine.FieldError{Field: prefix + e.Field, Reason: e.Reason}
	}
	return o, warnings, errs
}

// Request is a birth packet with chart settings: the natal route's body,
// and the person1/person2 or natal member of the routes that cast a chart.
type Request struct {
	birth.Packet
	Settings
}

// Echo is the interpreted natal request a route echoes in its envelope.
type Echo struct {
	birth.Echo
	HouseSystem         engine.HouseSystem `json:"house_system" doc:"house system requested"`
	ZodiacType          string             `json:"zodiac_type" doc:"zodiac used"`
	Ayanamsa            string             `json:"ayanamsa,omitempty" doc:"ayanamsa used (sidereal only)"`
	IncludeAsteroids    bool               `json:"include_asteroids"`
	NodeType            string             `json:"node_type"`
	IncludeMinorAspects bool               `json:"include_minor_aspects"`
	Ephemeris           engine.Source      `json:"ephemeris" doc:"source of the positions" enum:"tables,swiss_ephemeris,moshier"`
}

// AppendJSON appends the echo as go-json writes it (checked by a test):
// it is written on every uncached natal call and in every batch item.
func (e *Echo) AppendJSON(b []byte) []byte {
	b = e.Echo.AppendFields(append(b, '{'))
	b = append(b, `,"house_system":`...)
	b = jsonw.String(b, string(e.HouseSystem))
	b = append(b, `,"zodiac_type":`...)
	b = jsonw.String(b, e.ZodiacType)
	if e.Ayanamsa != "" {
		b = append(b, `,"ayanamsa":`...)
		b = jsonw.String(b, e.Ayanamsa)
	}
	b = jsonw.Bool(append(b, `,"include_asteroids":`...), e.IncludeAsteroids)
	b = append(b, `,"node_type":`...)
	b = jsonw.String(b, e.NodeType)
	b = jsonw.Bool(append(b, `,"include_minor_aspects":`...), e.IncludeMinorAspects)
	b = append(b, `,"ephemeris":`...)
	b = jsonw.String(b, string(e.Ephemeris))
	return append(b, '}')
}

// Cast resolves the request's birth with r and casts its chart from pos.
// prefix names the request's fields in errors ("" flat, "person1." nested).
// It returns the chart, the echo of the interpreted input and the warnings
// for the caller (ignored input, polar house fallback, bodies left out, the
// Moshier theory outside the ephemeris files).
func (in *Request) Cast(pos engine.Positions, r *birth.Resolver, prefix string) (*Chart, *Echo, []string, error) {
	o, warnings, optErrs := in.Settings.Options(prefix)
	b, err := r.Resolve(in.Packet, prefix)
	if err != nil {
		if fs, ok := err.(engine.Fields); ok {
			return nil, nil, nil, append(fs, optErrs...)
		}
		return nil, nil, nil, err
	}
	if len(optErrs) > 0 {
		return nil, nil, nil, optErrs
	}
	warnings = append(warnings, b.Warnings...)
	chart, err := Compute(pos, Birth{JD: b.Instant.JD, Latitude: b.Latitude, Longitude: b.Longitude}, o)
	if err != nil {
		return nil, nil, nil, err
	}
	warnings = append(warnings, chart.Notes(b.Latitude)...)
	echo := &Echo{
		Echo: b.Echo, HouseSystem: o.HouseSystem, ZodiacType: chart.ZodiacType, Ayanamsa: string(o.Sidereal),
		IncludeAsteroids: o.IncludeAsteroids, NodeType: chart.Conventions.Node,
		IncludeMinorAspects: o.MinorAspects, Ephemeris: chart.Source,
	}
	return chart, echo, warnings, nil
}

// Notes are the chart's notices for the caller: the polar house fallback,
// the bodies left out, positions from the Moshier theory. latitude is the
// chart's, in degrees.
func (c *Chart) Notes(latitude float64) []string {
	var out []string
	if c.Houses.Fallback {
		out = append(out, fmt.Sprintf("%s houses are undefined at latitude %.2f (inside the polar circle); %s houses were used",
			c.Houses.RequestedSystem, latitude, c.Houses.System))
	}
	if len(c.Omitted) > 0 {
		out = append(out, fmt.Sprintf("%s left out: the ephemeris files cover them only from 1800 to 2400", strings.Join(c.Omitted, ", ")))
	}
	if c.Source == engine.FromMoshier {
		out = append(out, "positions from the Swiss Ephemeris' Moshier theory (outside the 1800-2400 ephemeris files): about an arcsecond for the planets, a few arcseconds for the Moon")
	}
	return out
}
