package natal

import (
	"fmt"
	"slices"
	"strings"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/aspects"
	"github.com/astroapi/astroapi/engine/birth"
	"github.com/astroapi/astroapi/engine/houses"
	"github.com/astroapi/astroapi/engine/jsonw"
	"github.com/astroapi/astroapi/engine/resolve"
	"github.com/astroapi/astroapi/engine/sidereal"
)

// Frame is the part of Settings that fixes where a chart's points fall:
// houses, zodiac and node. Routes that read a birth's positions without
// returning its chart (progressions, directions, time lords) take it alone,
// beside the birth packet, so their inputs carry no chart-drawing options.
// It resolves itself: after resolution its fields are the conventions
// used (ayanamsa set for a sidereal zodiac, cleared for a tropical one).
type Frame struct {
	HouseSystem engine.HouseSystem `json:"house_system,omitempty" doc:"house system: every one of the Swiss Ephemeris (the contract's eight, alcabitius, topocentric (Polich-Page), meridian (axial rotation), vehlow, krusinski, horizontal (azimuthal), sripati, carter (poli-equatorial), apc, sunshine, savard_a, pullen_sd, pullen_sr, equal_mc, equal_aries, gauquelin: 36 sectors); Placidus, Koch and the Gauquelin sectors fall back to Porphyry inside the polar circles (named in result.houses.system)" default:"placidus"`
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
// theory) on c, prefixed with prefix. A birth of unknown time is charted
// at the instant the packet gives, like any other (the packet's notice
// says so): routes that mark what depends on the time use DayOptions.
func (in *Request) Cast(pos engine.Positions, c interface{ Warn(...string) }, prefix string) (*Chart, error) {
	return in.CastOptions(pos, in.Settings.Options(), c, prefix)
}

// DayOptions returns the chart options of a resolved request, with the
// birth day (Options.Day) when the packet says the time is unknown.
func (in *Request) DayOptions() Options {
	o := in.Settings.Options()
	if b := in.Packet.Resolved(); b.TimeUnknown {
		start := b.Instant.JD - engine.JDUT(float64(b.DaySeconds)/86400)
		o.Day = &Day{Start: start, End: start + 1, Charted: in.BirthTime}
	}
	return o
}

// CastOptions is Cast with the chart options o.
func (in *Request) CastOptions(pos engine.Positions, o Options, c interface{ Warn(...string) }, prefix string) (*Chart, error) {
	b := in.Packet.Resolved()
	chart, err := Compute(pos, Birth{JD: b.Instant.JD, Latitude: b.Latitude, Longitude: b.Longitude}, o)
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

// Extras are the natal family's own chart options, beside the settings
// every chart shares: the polar fallback of the house system, the Lilith
// and Part of Fortune conventions, a user-defined ayanamsa and the
// declination aspects. Routes that compare or combine charts (synastry,
// composite, transits) do not take them, so that two charts always agree.
type Extras struct {
	PolarFallback    houses.PolarSystem `json:"polar_fallback,omitempty" doc:"house system used inside the polar circles where house_system is undefined (Placidus, Koch, the Gauquelin sectors): any system defined there" default:"porphyry"`
	Lilith           Lilith             `json:"lilith,omitempty" doc:"Lilith shown: mean (the mean lunar apogee, Black Moon Lilith) or osculating (the osculating apogee, 'true Lilith', computed by the Swiss Ephemeris on each call)" default:"mean"`
	FortuneFormula   Fortune            `json:"fortune_formula,omitempty" doc:"Part of Fortune: sect (Asc + Moon - Sun by day, Asc + Sun - Moon by night) or day (Asc + Moon - Sun day and night)" default:"sect"`
	UserAyanamsa     *sidereal.User     `json:"user_ayanamsa,omitempty" doc:"a user-defined sidereal zodiac, instead of a named ayanamsa: its value at an epoch, carried by the precession (Vondrák 2011, the Swiss Ephemeris' model); with zodiac_type sidereal and no ayanamsa"`
	IncludeParallels bool               `json:"include_parallels,omitempty" doc:"add the parallels and contra-parallels (equal declinations, same or opposite side of the equator) among the planets, the Ascendant and the Midheaven, in result.parallels" default:"false"`
	ParallelOrb      float64            `json:"parallel_orb,omitempty" doc:"orb of the parallels and contra-parallels, degrees of declination" default:"1" exclusiveMinimum:"0" maximum:"5"`

	user *sidereal.User // set by ChartRequest.Resolve: UserAyanamsa when it applies
}

// ChartRequest is the body of the natal family's routes: a birth packet,
// the chart settings and the family's Extras. It resolves itself; resolved,
// it is its own echo.
type ChartRequest struct {
	Request
	Extras
}

// Resolve resolves the birth and the settings, then the extras' rules: a
// user_ayanamsa takes the place of ayanamsa (sending both is refused) and,
// like ayanamsa, applies only to a sidereal zodiac (dropped with a notice
// otherwise).
func (r *ChartRequest) Resolve(c resolve.Context, prefix string) error {
	var errs engine.Fields
	if r.UserAyanamsa != nil && r.Ayanamsa != "" {
		errs.Bad(prefix+"user_ayanamsa", "send ayanamsa or user_ayanamsa, not both")
	}
	if err := errs.Add(r.Packet.Resolve(c, prefix)); err != nil {
		return err
	}
	if err := errs.Add(r.Settings.Resolve(c, prefix)); err != nil {
		return err
	}
	if r.PolarFallback == "" {
		r.PolarFallback = houses.PolarSystem(houses.Fallback)
	}
	if r.Lilith == "" {
		r.Lilith = MeanApogee
	}
	if r.FortuneFormula == "" {
		r.FortuneFormula = FortuneSect
	}
	r.user = nil
	if u := r.UserAyanamsa; u != nil && len(errs) == 0 {
		if r.ZodiacType != engine.Sidereal {
			c.Warn(prefix + "user_ayanamsa ignored: it applies only with zodiac_type sidereal")
			r.UserAyanamsa = nil
		} else {
			r.Ayanamsa = "" // the Frame's default for a sidereal zodiac
			r.user = u
		}
	}
	return errs.Err()
}

// Options returns the chart options of a resolved request: the birth day
// of an unknown birth time marked (Request.DayOptions), the extras.
func (r *ChartRequest) Options() Options {
	o := r.Request.DayOptions()
	o.PolarFallback = engine.HouseSystem(r.PolarFallback)
	o.Lilith, o.Fortune, o.User = r.Lilith, r.FortuneFormula, r.user
	o.Parallels, o.ParallelOrb = r.IncludeParallels, r.ParallelOrb
	return o
}

// Cast casts the chart of a resolved request from pos, leaving the
// chart's notices on c, prefixed with prefix (as Request.Cast).
func (r *ChartRequest) Cast(pos engine.Positions, c interface{ Warn(...string) }, prefix string) (*Chart, error) {
	return r.Request.CastOptions(pos, r.Options(), c, prefix)
}

// AppendJSON appends the request as go-json writes it (checked by a
// test): resolved, it is the natal echo.
func (r *ChartRequest) AppendJSON(b []byte) []byte {
	o := jsonw.Object{B: append(b, '{')}
	r.Packet.AppendMembers(&o)
	r.Settings.AppendMembers(&o)
	r.Extras.AppendMembers(&o)
	return append(o.B, '}')
}

// AppendMembers writes the extras' members to an object being written.
func (e *Extras) AppendMembers(o *jsonw.Object) {
	o.StringOmit("polar_fallback", string(e.PolarFallback))
	o.StringOmit("lilith", string(e.Lilith))
	o.StringOmit("fortune_formula", string(e.FortuneFormula))
	if u := e.UserAyanamsa; u != nil {
		o.Key("user_ayanamsa")
		o.B = jsonw.Number(append(o.B, `{"epoch_jd":`...), u.EpochJD)
		o.B = append(jsonw.Number(append(o.B, `,"degrees":`...), u.Degrees), '}')
	}
	o.BoolOmit("include_parallels", e.IncludeParallels)
	if e.ParallelOrb != 0 {
		o.Number("parallel_orb", e.ParallelOrb)
	}
}

// DraconicRequest is the body of the draconic chart: the natal body. A
// draconic chart is the same whatever the zodiac (the node moves with
// the planets), so a sidereal zodiac is refused rather than ignored.
type DraconicRequest struct {
	ChartRequest
}

// Resolve resolves the natal body and refuses a sidereal zodiac.
func (r *DraconicRequest) Resolve(c resolve.Context, prefix string) error {
	var errs engine.Fields
	if r.ZodiacType == engine.Sidereal {
		errs.Bad(prefix+"zodiac_type", "a draconic chart measures from the lunar node and is the same in every zodiac: send tropical or omit it")
	}
	if err := errs.Add(r.ChartRequest.Resolve(c, prefix)); err != nil {
		return err
	}
	return errs.Err()
}

// HarmonicRequest is the body of the harmonic chart: the natal body and
// the harmonic.
type HarmonicRequest struct {
	ChartRequest
	Harmonic int `json:"harmonic" required:"true" doc:"the harmonic: every longitude is multiplied by it (1 is the natal chart; 5 the quintile chart, 7 the septile, 9 the navamsa-like ninth, ...)" example:"5" minimum:"1" maximum:"360"`
}

// AntisciaRequest is the body of the antiscia route: the natal body and
// the orb of the contacts.
type AntisciaRequest struct {
	ChartRequest
	Orb float64 `json:"orb,omitempty" doc:"orb of the contacts, degrees: a point within it of another's antiscion or contra-antiscion" default:"1" exclusiveMinimum:"0" maximum:"5"`
}

// HelioRequest is the body of the heliocentric chart: a birth (its place
// only fixes the zone of the local time), the zodiac, the asteroids and
// the aspects looked for.
type HelioRequest struct {
	birth.Packet
	ZodiacType          engine.Zodiac      `json:"zodiac_type,omitempty" doc:"tropical or sidereal zodiac" default:"tropical"`
	Ayanamsa            engine.Ayanamsa    `json:"ayanamsa,omitempty" doc:"sidereal offset, used only with zodiac_type sidereal (ignored with a warning otherwise); sidereal without it uses lahiri"`
	IncludeAsteroids    bool               `json:"include_asteroids,omitempty" doc:"add Ceres, Pallas, Juno and Vesta" default:"false"`
	IncludeMinorAspects bool               `json:"include_minor_aspects,omitempty" doc:"also look for the minor aspects" default:"false"`
	Orbs                map[string]float64 `json:"orbs,omitempty" doc:"orb in degrees per aspect name, replacing the defaults (conjunction/opposition/trine 8, square 7, sextile 6; quincunx 3, other minor aspects 2); only the aspects listed are looked for" example:"{\"conjunction\":6}"`

	orbs aspects.Orbs
}

// Resolve resolves the birth, settles the zodiac (engine.Zodiac.Sidereal)
// and reads the orbs.
func (r *HelioRequest) Resolve(c resolve.Context, prefix string) error {
	var errs engine.Fields
	if err := errs.Add(r.Packet.Resolve(c, prefix)); err != nil {
		return err
	}
	sid, note := r.ZodiacType.Sidereal(r.Ayanamsa)
	if note != "" {
		c.Warn(prefix + note)
	}
	r.Ayanamsa = sid
	if r.ZodiacType == "" {
		r.ZodiacType = engine.Tropical
	}
	orbs, bad := aspects.ParseOrbs(r.Orbs, prefix+"orbs")
	r.orbs = orbs
	return append(errs, bad...).Err()
}

// Cast casts the heliocentric chart of a resolved request.
func (r *HelioRequest) Cast(pos engine.Positions) (*HelioChart, error) {
	b := r.Packet.Resolved()
	return Heliocentric(pos, b.Instant.JD, r.Ayanamsa, Options{IncludeAsteroids: r.IncludeAsteroids, MinorAspects: r.IncludeMinorAspects, Orbs: r.orbs})
}

// AppendJSON appends the request as go-json writes it (the natal echo
// and harmonic, which the embedded ChartRequest's would leave out).
func (r *HarmonicRequest) AppendJSON(b []byte) []byte {
	o := jsonw.Object{B: append(b, '{')}
	r.Packet.AppendMembers(&o)
	r.Settings.AppendMembers(&o)
	r.Extras.AppendMembers(&o)
	o.Int("harmonic", r.Harmonic)
	return append(o.B, '}')
}

// AppendJSON appends the request as go-json writes it (the natal echo
// and orb).
func (r *AntisciaRequest) AppendJSON(b []byte) []byte {
	o := jsonw.Object{B: append(b, '{')}
	r.Packet.AppendMembers(&o)
	r.Settings.AppendMembers(&o)
	r.Extras.AppendMembers(&o)
	if r.Orb != 0 {
		o.Number("orb", r.Orb)
	}
	return append(o.B, '}')
}
