package uranian

import (
	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/birth"
	"github.com/astroapi/astroapi/engine/natal"
	"github.com/astroapi/astroapi/engine/resolve"
)

// Request is the input of the Uranian route: a birth packet, the zodiac,
// the node, the dial and the orb. It resolves itself; resolved, it is its
// own echo (every default written back).
type Request struct {
	birth.Packet
	ZodiacType     engine.Zodiac   `json:"zodiac_type,omitempty" doc:"tropical or sidereal zodiac (the Hamburg school works in the tropical zodiac)" default:"tropical"`
	Ayanamsa       engine.Ayanamsa `json:"ayanamsa,omitempty" doc:"sidereal offset, used only with zodiac_type sidereal (ignored with a warning otherwise); sidereal without it uses lahiri"`
	NodeType       natal.Node      `json:"node_type,omitempty" doc:"lunar node: mean (the school's) or true (osculating)" default:"mean"`
	IncludeUranian *bool           `json:"include_transneptunians,omitempty" doc:"add the eight transneptunian points Cupido..Poseidon; false gives the classic points and planets alone" default:"true"`
	Dial           float64         `json:"dial,omitempty" doc:"the dial in degrees: 90 (conjunction, square and opposition together), 45 (with semi-squares and sesquiquadrates), 22.5, or 360 (the circle)" enum:"360,90,45,22.5" default:"90"`
	Orb            float64         `json:"orb,omitempty" doc:"orb of the planetary pictures in degrees on the dial" exclusiveMinimum:"0" maximum:"3" default:"1"`
	IncludeSums    bool            `json:"include_sums,omitempty" doc:"also list the sum pictures A + B - C = D (hundreds in a chart at orb 1)" default:"false"`
}

// Resolve resolves the birth and settles the zodiac as charts do
// (engine.Zodiac.Sidereal), writing the defaults used back.
func (r *Request) Resolve(c resolve.Context, prefix string) error {
	sid, note := r.ZodiacType.Sidereal(r.Ayanamsa)
	if note != "" {
		c.Warn(prefix + note)
	}
	r.Ayanamsa = sid
	if r.ZodiacType == "" {
		r.ZodiacType = engine.Tropical
	}
	if r.NodeType == "" {
		r.NodeType = natal.MeanNode
	}
	if r.IncludeUranian == nil {
		yes := true
		r.IncludeUranian = &yes
	}
	if r.Dial == 0 {
		r.Dial = 90
	}
	if r.Orb == 0 {
		r.Orb = 1
	}
	return r.Packet.Resolve(c, prefix)
}

// Options returns the options of a resolved request.
func (r *Request) Options() Options {
	return Options{Sidereal: r.Ayanamsa, Node: r.NodeType, Classic: r.IncludeUranian != nil && !*r.IncludeUranian,
		Dial: r.Dial, Orb: r.Orb, Sums: r.IncludeSums}
}

// Cast computes the chart of a resolved request, leaving the Moshier
// notice on w.
func (r *Request) Cast(pos engine.Positions, w interface{ Warn(...string) }) (*Chart, error) {
	b := r.Packet.Resolved()
	c, err := Cast(pos, b.Instant.JD, b.Latitude, b.Longitude, r.Options())
	if err != nil {
		return nil, err
	}
	if c.Source == engine.FromMoshier {
		w.Warn(engine.MoshierNote)
	}
	return c, nil
}
