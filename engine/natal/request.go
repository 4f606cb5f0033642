package natal

import (
	"fmt"
	"slices"
	"strings"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/aspects"
	"github.com/astroapi/astroapi/engine/birth"
	"github.com/astroapi/astroapi/engine/jsonw"
	"github.com/astroapi/astroapi/engine/resolve"
)

// Frame is the part of Settings that fixes where a chart's points fall:
// houses, zodiac and node. Routes that read a birth's positions without
// returning its chart (progressions, directions, time lords) take it alone,
// beside the birth packet, so their inputs carry no chart-drawing options.
// It resolves itself: after resolution its fields are the conventions
// used (ayanamsa set for a sidereal zodiac, cleared for a tropical one).
type Frame struct {
	HouseSystem engine.HouseSystem `json:"house_system,omitempty" doc:"house system; Placidus and Koch fall back to Porphyry inside the polar circles (named in result.houses.system)" default:"placidus"`
	ZodiacType  engine.Zodiac      `json:"zodiac_type,omitempty" doc:"tropical or sidereal zodiac" default:"tropical"`
	Ayanamsa    engine.Ayanamsa    `json:"ayanamsa,omitempty" doc:"sidereal offset, used only with zodiac_type sidereal (ignored with a warning otherwise); sidereal without it uses lahiri"`
	NodeType    Node               `json:"node_type,omitempty" doc:"lunar node: true (osculating) or mean" default:"true"`
}

// Resolve checks the frame (its enumerations and defaults are the door's)
// and settles the ayanamsa: lahiri for a sidereal zodiac without one,
// cleared with a notice for a tropical zodiac that sent one.
func (f *Frame) Resolve(c resolve.Context, prefix string) error {
	switch f.ZodiacType {
	case "", engine.Tropical:
		f.ZodiacType = engine.Tropical
		if f.Ayanamsa != "" {
			c.Warn(fmt.Sprintf("%sayanamsa %q ignored: it applies only with zodiac_type sidereal", prefix, f.Ayanamsa))
			f.Ayanamsa = ""
		}
	case engine.Sidereal:
		if f.Ayanamsa == "" {
			f.Ayanamsa = engine.Lahiri
		}
	}
	if f.HouseSystem == "" {
		f.HouseSystem = engine.Placidus
	}
	if f.NodeType == "" {
		f.NodeType = TrueNode
	}
	return Options{HouseSystem: f.HouseSystem, Sidereal: f.Ayanamsa, Node: f.NodeType}.Validate().Prefixed(prefix).Err()
}

// Options returns the chart options of a resolved frame (the Settings
// defaults for the rest).
func (f Frame) Options() Options {
	return Options{HouseSystem: f.HouseSystem, Sidereal: f.Ayanamsa, Node: f.NodeType}
}

// Settings are the chart options a caller sends beside a birth packet: the
// fields every route that casts a chart shares (natal, its wheels, transits
// to natal, synastry, returns, ...).
type Settings struct {
	Frame
	IncludeAsteroids    bool               `json:"include_asteroids,omitempty" doc:"add Ceres, Pallas, Juno and Vesta" default:"false"`
	IncludeMinorAspects bool               `json:"include_minor_aspects,omitempty" doc:"also look for semi-sextile, semi-square, quintile, sesquiquadrate, biquintile and quincunx" default:"false"`
	Orbs                map[string]float64 `json:"orbs,omitempty" doc:"orb in degrees per aspect name, replacing the defaults (conjunction/opposition/trine 8, square 7, sextile 6; quincunx 3, other minor aspects 2); only the aspects listed are looked for. The orbs used are in result.conventions.orbs" example:"{\"conjunction\":10,\"square\":6}"`

	orbs aspects.Orbs // parsed by Resolve
}

// Resolve resolves the frame and reads the orbs.
func (s *Settings) Resolve(c resolve.Context, prefix string) error {
	var errs engine.Fields
	if err := errs.Add(s.Frame.Resolve(c, prefix)); err != nil {
		return err
	}
	orbs, orbErrs := aspects.ParseOrbs(s.Orbs, prefix+"orbs")
	s.orbs = orbs
	return append(errs, orbErrs...).Err()
}

// Options returns the chart options of resolved settings.
func (s Settings) Options() Options {
	o := s.Frame.Options()
	o.IncludeAsteroids, o.MinorAspects, o.Orbs = s.IncludeAsteroids, s.IncludeMinorAspects, s.orbs
	return o
}

// Request is a birth packet with chart settings: the natal route's body,
// and the person1/person2 or natal member of the routes that cast a chart.
// Both halves resolve themselves; resolved, the request is its own echo.
type Request struct {
	birth.Packet
	Settings
}

// Cast casts the chart of a resolved request from pos, leaving the
// chart's notices (polar house fallback, bodies left out, the Moshier
// theory) on c, prefixed with prefix.
func (in *Request) Cast(pos engine.Positions, c interface{ Warn(...string) }, prefix string) (*Chart, error) {
	b := in.Packet.Resolved()
	chart, err := Compute(pos, Birth{JD: b.Instant.JD, Latitude: b.Latitude, Longitude: b.Longitude}, in.Settings.Options())
	if err != nil {
		return nil, err
	}
	for _, n := range chart.Notes(b.Latitude) {
		c.Warn(prefix + n)
	}
	return chart, nil
}

// AppendJSON appends the request as go-json writes it (checked by a
// test): resolved, it is the natal echo, written on every uncached natal
// call and in every batch item.
func (in *Request) AppendJSON(b []byte) []byte {
	o := jsonw.Object{B: append(b, '{')}
	in.Packet.AppendMembers(&o)
	in.Settings.AppendMembers(&o)
	return append(o.B, '}')
}

// AppendMembers writes the settings' members to an object being written.
func (s *Settings) AppendMembers(o *jsonw.Object) {
	o.StringOmit("house_system", string(s.HouseSystem))
	o.StringOmit("zodiac_type", string(s.ZodiacType))
	o.StringOmit("ayanamsa", string(s.Ayanamsa))
	o.StringOmit("node_type", string(s.NodeType))
	o.BoolOmit("include_asteroids", s.IncludeAsteroids)
	o.BoolOmit("include_minor_aspects", s.IncludeMinorAspects)
	if len(s.Orbs) > 0 {
		keys := make([]string, 0, len(s.Orbs))
		for k := range s.Orbs {
			keys = append(keys, k)
		}
		slices.Sort(keys) // go-json writes map keys sorted
		o.Key("orbs")
		o.B = append(o.B, '{')
		for i, k := range keys {
			if i > 0 {
				o.B = append(o.B, ',')
			}
			o.B = jsonw.String(o.B, k)
			o.B = jsonw.Number(append(o.B, ':'), s.Orbs[k])
		}
		o.B = append(o.B, '}')
	}
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
		out = append(out, engine.MoshierNote)
	}
	return out
}
