// Package relationship is the glue of the two-person chart routes:
// synastry (with its bi-wheel), the midpoint composite and the Davison
// chart. Each takes person1 and person2, a birth packet with chart
// settings each (natal.Request), cast with the field prefixes "person1."
// and "person2." so that errors name the person. The calculation is
// engine/relation's.
package relationship

import (
	"errors"
	"strings"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/aspects"
	"github.com/astroapi/astroapi/engine/birth"
	"github.com/astroapi/astroapi/engine/jsonw"
	"github.com/astroapi/astroapi/engine/natal"
	"github.com/astroapi/astroapi/engine/relation"
	"github.com/astroapi/astroapi/engine/wheel"
	"github.com/astroapi/astroapi/http/op"
)

// Deps are what the relationship routes calculate with.
type Deps struct {
	Positions engine.Positions // nil: the routes answer 503
	Births    *birth.Resolver
}

// Pair is the two births of every relationship route.
type Pair struct {
	Person1 natal.Request `json:"person1" required:"true" doc:"the first person: a birth packet with chart settings, as the body of POST /api/v1/natal" example:"{\"year\":1990,\"month\":7,\"day\":14,\"hour\":14,\"minute\":30,\"latitude\":51.5074,\"longitude\":-0.1278,\"timezone\":\"Europe/London\"}"`
	Person2 natal.Request `json:"person2" required:"true" doc:"the second person, as person1" example:"{\"year\":1992,\"month\":3,\"day\":2,\"hour\":8,\"minute\":15,\"latitude\":48.8566,\"longitude\":2.3522,\"timezone\":\"Europe/Paris\"}"`
}

// synastryRequest is the synastry body.
type synastryRequest struct {
	Pair
	IncludeMinorAspects bool               `json:"include_minor_aspects,omitempty" doc:"also look for the minor inter-aspects (semi-sextile, semi-square, quintile, sesquiquadrate, biquintile, quincunx)" default:"false"`
	Orbs                map[string]float64 `json:"orbs,omitempty" doc:"orb in degrees per aspect name for the inter-aspects, replacing the defaults (conjunction, opposition, trine 8, square 7, sextile 6; quincunx 3, other minor aspects 2); only the aspects listed are looked for. Each person's own orbs shape only their natal chart" example:"{\"conjunction\":6,\"opposition\":6,\"trine\":6,\"square\":5,\"sextile\":4}"`
}

// synastryWheelRequest is the synastry body plus the drawing options; GET sends
// them as query parameters, the births as person1.year, person2.latitude,
// and so on.
type synastryWheelRequest struct {
	synastryRequest
	Theme wheel.Theme `json:"theme,omitempty" doc:"colour scheme of the wheel" default:"light"`
	Size  int         `json:"size,omitempty" doc:"width and height of the SVG in pixels (the drawing scales; the viewBox is 1000 x 1000)" minimum:"200" maximum:"4000" default:"600"`
}

// compositeRequest is the composite body.
type compositeRequest struct {
	Pair
	HouseMethod relation.HouseMethod `json:"house_method,omitempty" doc:"derived_ascendant: the Midheaven is the midpoint of the two, the Ascendant and cusps are cast from its ARMC at the mean latitude (Robert Hand); midpoints: the Ascendant, Midheaven and cusps are the midpoints of the two charts'" default:"derived_ascendant"`
}

// pairEcho echoes the two interpreted births.
type pairEcho struct {
	Person1 *natal.Echo `json:"person1" doc:"person1 as interpreted"`
	Person2 *natal.Echo `json:"person2" doc:"person2 as interpreted (settings omitted in person2 are person1's where the route shares them)"`
}

// synastryEcho adds the inter-aspect options.
type synastryEcho struct {
	pairEcho
	IncludeMinorAspects bool         `json:"include_minor_aspects" doc:"minor inter-aspects looked for"`
	Orbs                aspects.Orbs `json:"orbs,omitempty" doc:"the inter-aspect orbs sent"`
}

// compositeEcho adds the house method.
type compositeEcho struct {
	pairEcho
	HouseMethod relation.HouseMethod `json:"house_method" doc:"the house method used"`
}

const svgDescription = "The synastry as an SVG bi-wheel: person1's chart inside (zodiac ring, houses, planets with degrees, " +
	"its own aspects), person2's planets in the outer band, and the inter-aspects from person2's planets to person1's points " +
	"as dashed lines coloured by aspect (red squares and oppositions, green trines, blue sextiles, purple conjunctions, grey minor). " +
	"Glyphs are SVG paths. Options: theme (light, dark) and size (pixels), as the natal wheel. " +
	"Browsers cannot attach the x-api-key header to an <img> source: fetch the SVG from your server."

// Ops returns the relationship routes.
func Ops(d Deps) []*op.Operation {
	unavailable := op.Missing(d.Positions == nil, "no ephemeris is configured on this server")
	spec := func(id, path, summary, description string) op.Spec {
		return op.Spec{ID: id, Path: path, Family: "Charts", Summary: summary, Description: description,
			Cacheable: true, Unavailable: unavailable}
	}
	synastry := spec("post-synastry", "/api/v1/synastry", "Synastry: two natal charts set against each other",
		"Both natal charts (each as POST /api/v1/natal returns it, with its own settings; the zodiac and ayanamsa are shared: "+
			"person2 omitting them takes person1's, sending different ones is a 422), the inter-aspects from every point of person1 "+
			"(planets, North Node, Lilith, Chiron, asteroids, Ascendant, Midheaven; not the South Node) to every point of person2 with "+
			"orb and applying/separating (each point moving at its natal speed, angles fixed), house overlays both ways, element and "+
			"modality comparison, and a reproducible compatibility score whose method the result states in full. "+
			"Inter-aspect orbs: the natal defaults (conjunction, opposition, trine 8, square 7, sextile 6) unless orbs is sent. "+
			"Angles, orbs and speeds in degrees.")
	// Release: the two natal charts' storage is reused once encoded.
	synastry.Recycle = true
	wheelSpec := func(id string, get bool) op.Spec {
		s := spec(id, "/api/v1/synastry/svg", "Synastry bi-wheel (SVG), options in the body", svgDescription)
		if get {
			s.Summary = "Synastry bi-wheel (SVG), options as query parameters"
			s.Description += " The births are query parameters with dotted names: person1.year, person1.latitude, person2.timezone, ..."
		}
		s.Produces, s.Cacheable = "image/svg+xml", false
		return s
	}
	composite := spec("post-composite", "/api/v1/composite", "Midpoint composite chart of two people",
		"Each body both natal charts hold at the near midpoint of its two longitudes (the shorter arc; two exactly opposite "+
			"longitudes take the midpoint in 0-180 degrees, whatever the order of the people), the South Node opposite the "+
			"composite North Node, speed the mean of the two. Angles and houses by house_method: derived_ascendant (default, "+
			"Robert Hand): the Midheaven is the near midpoint of the two Midheavens and the Ascendant and cusps are cast from "+
			"its ARMC at the mean of the two birth latitudes with the obliquity at the midpoint in time; midpoints: the Ascendant, "+
			"Midheaven and cusps are the near midpoints of the two charts' (equal and whole-sign houses are counted from the "+
			"composite Ascendant in both). Aspects, chart shape and balances as the natal chart, plus the aspect configurations "+
			"(stellium, T-square, grand trine, grand cross, yod, kite, mystic rectangle). The chart is cast in person1's settings: "+
			"person2 may omit them or send the same (a different house_system, zodiac, ayanamsa, node_type, orbs, ... is a 422).")
	davison := spec("post-davison", "/api/v1/davison", "Davison relationship chart",
		"A natal chart cast for the midpoint in time and space of the two births: the mean of the two UTC instants (taken "+
			"as UT) to the whole second (a half second rounded down), and the midpoint of the great-circle arc between the two "+
			"birthplaces (not the mean of the coordinates; antipodal places are refused). The result is exactly what POST "+
			"/api/v1/natal returns for that instant (in UTC) and place with person1's settings; the input echo states the "+
			"instant and place (input.davison). person2 may omit the chart settings or send person1's.")
	davison.Recycle = true
	return []*op.Operation{
		op.Post(synastry, d.synastry),
		op.Post(wheelSpec("post-synastry-svg", false), d.svg),
		op.Get(wheelSpec("get-synastry-svg", true), d.svg),
		op.Post(composite, d.composite),
		op.Post(davison, d.davison),
	}
}

// castPair casts both people's charts, after aligning person2's settings
// with person1's (all: every setting, else the zodiac), so that one
// answer names every bad field of both.
func (d Deps) castPair(c *op.Call, in *Pair, all bool) (*natal.Chart, *natal.Chart, *pairEcho, error) {
	p2 := in.Person2
	errs := relation.Align(in.Person1.Settings, &p2.Settings, "person2.", all)
	c1, e1, w1, err1 := in.Person1.Cast(d.Positions, d.Births, "person1.")
	// person2 is cast even when its settings clash, to report its own bad
	// fields beside the clash.
	c2, e2, w2, err2 := p2.Cast(d.Positions, d.Births, "person2.")
	if err := joinErrors(err1, err2, errs); err != nil {
		release(c1)
		release(c2)
		return nil, nil, nil, err
	}
	for _, w := range w1 {
		c.Warn("person1: " + w)
	}
	for _, w := range w2 {
		c.Warn("person2: " + w)
	}
	return c1, c2, &pairEcho{Person1: e1, Person2: e2}, nil
}

// release recycles a chart that will not be answered (nil: none).
func release(c *natal.Chart) {
	if c != nil {
		c.Release()
	}
}

// joinErrors returns the field errors of both people as one list, or the
// first other error.
func joinErrors(err1, err2 error, more engine.Fields) error {
	var all engine.Fields
	for _, err := range []error{err1, err2} {
		if err == nil {
			continue
		}
		var fs engine.Fields
		var fe *engine.FieldError
		switch {
		case errors.As(err, &fs):
			all = append(all, fs...)
		case errors.As(err, &fe):
			all = append(all, fe)
		default:
			return err
		}
	}
	all = append(all, more...)
	return all.Err()
}

func (d Deps) synastry(c *op.Call, in *synastryRequest) (*relation.Synastry, error) {
	orbs, errs := aspects.ParseOrbs(in.Orbs, "orbs")
	if len(errs) > 0 {
		return nil, errs
	}
	c1, c2, echo, err := d.castPair(c, &in.Pair, false)
	if err != nil {
		return nil, err
	}
	c.Echo(&synastryEcho{pairEcho: *echo, IncludeMinorAspects: in.IncludeMinorAspects, Orbs: orbs})
	return relation.Synastrize(c1, c2, relation.Options{MinorAspects: in.IncludeMinorAspects, Orbs: orbs}), nil
}

func (d Deps) svg(c *op.Call, in *synastryWheelRequest) (op.Raw, error) {
	o := wheel.Options{Size: in.Size, Theme: in.Theme}
	if errs := o.Validate(); len(errs) > 0 {
		return op.Raw{}, errs
	}
	s, err := d.synastry(c, &in.synastryRequest)
	if err != nil {
		return op.Raw{}, err
	}
	defer s.Release()
	echo := c.Input().(*synastryEcho)
	title := label(echo.Person1) + " · " + label(echo.Person2)
	return op.Raw{ContentType: "image/svg+xml; charset=utf-8", Body: wheel.Render(s.Wheel(title), o)}, nil
}

// label is a person's line of the wheel title: place (when named), date and
// time.
func label(e *natal.Echo) string {
	s := e.BirthDate + " " + e.BirthTime[:5]
	if e.Location != nil {
		s = e.Location.Name + ", " + s
	}
	return s
}

func (d Deps) composite(c *op.Call, in *compositeRequest) (*relation.Composite, error) {
	c1, c2, echo, err := d.castPair(c, &in.Pair, true)
	if err != nil {
		return nil, err
	}
	defer c1.Release()
	defer c2.Release()
	method := in.HouseMethod
	if method == "" {
		method = relation.DerivedAscendant
	}
	c.Echo(&compositeEcho{pairEcho: *echo, HouseMethod: method})
	person := func(ch *natal.Chart, e *natal.Echo) relation.Person {
		return relation.Person{Chart: ch, JD: engine.JDUT(e.JulianDay), Latitude: e.Coordinates.Latitude, Longitude: e.Coordinates.Longitude}
	}
	o := relation.CompositeOptions{
		Method: method, HouseSystem: echo.Person1.HouseSystem, Sidereal: engine.Ayanamsa(echo.Person1.Ayanamsa),
		MinorAspects: in.Person1.IncludeMinorAspects,
	}
	o.Orbs, _ = aspects.ParseOrbs(in.Person1.Orbs, "person1.orbs") // checked by the cast
	comp, err := relation.Compose(d.Positions, person(c1, echo.Person1), person(c2, echo.Person2), o)
	if err != nil {
		return nil, err
	}
	if comp.Houses.Fallback {
		c.Warn(string(comp.Houses.RequestedSystem) + " houses are undefined at the composite latitude (inside the polar circle); " +
			string(comp.Houses.System) + " houses were used")
	}
	if len(comp.Omitted) > 0 {
		c.Warn(strings.Join(comp.Omitted, ", ") + " left out of the composite: not in both charts")
	}
	return comp, nil
}

// davisonEcho is the Davison input as interpreted: both births, the
// settings of the chart, and the computed instant and place.
type davisonEcho struct {
	Person1  birth.Echo   `json:"person1" doc:"person1's birth as interpreted"`
	Person2  birth.Echo   `json:"person2" doc:"person2's birth as interpreted"`
	Davison  davisonPoint `json:"davison" doc:"the instant and place the chart is cast for"`
	Settings settingsEcho `json:"settings" doc:"the chart settings used (person1's)"`
}

// davisonPoint is the computed instant and place.
type davisonPoint struct {
	UTC       string  `json:"utc" doc:"the midpoint instant, UTC, RFC 3339: send it to POST /api/v1/natal (timezone UTC) for the same chart" example:"1991-05-08T10:52:30Z"`
	BirthDate string  `json:"birth_date" doc:"its UTC date, YYYY-MM-DD"`
	BirthTime string  `json:"birth_time" doc:"its UTC time, HH:MM:SS"`
	JulianDay float64 `json:"julian_day" doc:"its Julian day (UT)"`
	Latitude  float64 `json:"latitude" doc:"great-circle midpoint of the two birthplaces, degrees north"`
	Longitude float64 `json:"longitude" doc:"degrees east"`
	TimeRule  string  `json:"time_rule" doc:"how the instant is found"`
	PlaceRule string  `json:"place_rule" doc:"how the place is found"`
}

// settingsEcho is the chart settings part of natal.Echo.
type settingsEcho struct {
	HouseSystem         engine.HouseSystem `json:"house_system" doc:"house system requested"`
	ZodiacType          string             `json:"zodiac_type" doc:"zodiac used"`
	Ayanamsa            string             `json:"ayanamsa,omitempty" doc:"ayanamsa used (sidereal only)"`
	IncludeAsteroids    bool               `json:"include_asteroids"`
	NodeType            string             `json:"node_type"`
	IncludeMinorAspects bool               `json:"include_minor_aspects"`
	Ephemeris           engine.Source      `json:"ephemeris" doc:"source of the positions" enum:"tables,swiss_ephemeris,moshier"`
}

func (d Deps) davison(c *op.Call, in *Pair) (*natal.Chart, error) {
	p2 := in.Person2
	errs := relation.Align(in.Person1.Settings, &p2.Settings, "person2.", true)
	o, w1, errs1 := in.Person1.Settings.Options("person1.")
	_, _, errs2 := in.Person2.Settings.Options("person2.")
	b1, err1 := d.Births.Resolve(in.Person1.Packet, "person1.")
	b2, err2 := d.Births.Resolve(in.Person2.Packet, "person2.")
	errs = append(append(errs, errs1...), errs2...)
	if err := joinErrors(err1, err2, errs); err != nil {
		return nil, err
	}
	dv, err := relation.DavisonOf(b1.Instant.UTC, b2.Instant.UTC, b1.Latitude, b1.Longitude, b2.Latitude, b2.Longitude, "person2.latitude")
	if err != nil {
		return nil, err
	}
	chart, err := natal.Compute(d.Positions, dv.Birth(), o)
	if err != nil {
		return nil, err
	}
	for _, w := range w1 {
		c.Warn("person1: " + w)
	}
	for _, w := range b1.Warnings {
		c.Warn("person1: " + w)
	}
	for _, w := range b2.Warnings {
		c.Warn("person2: " + w)
	}
	c.Warn(chart.Notes(dv.Latitude)...)
	c.Echo(&davisonEcho{
		Person1: b1.Echo, Person2: b2.Echo,
		Davison: davisonPoint{
			UTC: dv.UTC.Format("2006-01-02T15:04:05Z"), BirthDate: dv.UTC.Format("2006-01-02"), BirthTime: dv.UTC.Format("15:04:05"),
			JulianDay: float64(dv.JD), Latitude: dv.Latitude, Longitude: dv.Longitude,
			TimeRule:  "mean of the two UTC instants (taken as UT), to the whole second, a half second rounded down",
			PlaceRule: "midpoint of the great-circle arc between the two birthplaces",
		},
		Settings: settingsEcho{
			HouseSystem: o.HouseSystem, ZodiacType: chart.ZodiacType, Ayanamsa: string(o.Sidereal),
			IncludeAsteroids: o.IncludeAsteroids, NodeType: chart.Conventions.Node,
			IncludeMinorAspects: o.MinorAspects, Ephemeris: chart.Source,
		},
	})
	return chart, nil
}

// The echoes write their own JSON (what go-json writes for them, checked
// by a test): two natal echoes a call cost the reflective encoder a few
// microseconds.

func (e *pairEcho) appendFields(b []byte) []byte {
	b = e.Person1.AppendJSON(append(b, `"person1":`...))
	return e.Person2.AppendJSON(append(b, `,"person2":`...))
}

// AppendJSON appends the synastry echo as JSON.
func (e *synastryEcho) AppendJSON(b []byte) []byte {
	b = e.appendFields(append(b, '{'))
	b = jsonw.Bool(append(b, `,"include_minor_aspects":`...), e.IncludeMinorAspects)
	if len(e.Orbs) > 0 {
		b = e.Orbs.AppendJSON(append(b, `,"orbs":`...))
	}
	return append(b, '}')
}

// AppendJSON appends the composite echo as JSON.
func (e *compositeEcho) AppendJSON(b []byte) []byte {
	b = e.appendFields(append(b, '{'))
	return append(jsonw.Name(append(b, `,"house_method":`...), string(e.HouseMethod)), '}')
}
