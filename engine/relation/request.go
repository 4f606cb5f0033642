package relation

import (
	"fmt"
	"maps"
	"time"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/aspects"
	"github.com/astroapi/astroapi/engine/jsonw"
	"github.com/astroapi/astroapi/engine/natal"
	"github.com/astroapi/astroapi/engine/resolve"
)

// Pair is the two births of every relationship route: person1 and
// person2, each a birth packet with chart settings as the natal route
// takes them (natal.Request), resolved with the prefixes "person1." and
// "person2." so that errors name the person. The requests below embed it
// and declare Resolve: they resolve the pair and their own rules.
type Pair struct {
	Person1 natal.Request `json:"person1" required:"true" doc:"the first person: a birth packet with chart settings, as the body of POST /api/v1/natal" example:"{\"year\":1990,\"month\":7,\"day\":14,\"hour\":14,\"minute\":30,\"latitude\":51.5074,\"longitude\":-0.1278,\"timezone\":\"Europe/London\"}"`
	Person2 natal.Request `json:"person2" required:"true" doc:"the second person, as person1. The settings the route shares (see its description) are person1's: person2 may omit them or send the same; one left at its default where person1's differs takes person1's, with a notice" example:"{\"year\":1992,\"month\":3,\"day\":2,\"hour\":8,\"minute\":15,\"latitude\":48.8566,\"longitude\":2.3522,\"timezone\":\"Europe/Paris\"}"`
}

// resolve resolves person1, aligns the settings person2 shares with
// person1's (all: every chart setting, else the zodiac and ayanamsa) and
// resolves person2, reporting every bad field of both at once.
func (p *Pair) resolve(c resolve.Context, prefix string, all bool) error {
	var errs engine.Fields
	p1, p2 := prefix+"person1.", prefix+"person2."
	if err := errs.Add(p.Person1.Packet.Resolve(c, p1)); err != nil {
		return err
	}
	n := len(errs)
	if err := errs.Add(p.Person1.Settings.Resolve(c, p1)); err != nil {
		return err
	}
	if len(errs) == n { // person1's own bad settings are not passed on to person2
		errs = append(errs, align(c, &p.Person1.Settings, &p.Person2.Settings, p2, all)...)
	}
	if err := errs.Add(p.Person2.Packet.Resolve(c, p2)); err != nil {
		return err
	}
	if err := errs.Add(p.Person2.Settings.Resolve(c, p2)); err != nil {
		return err
	}
	return errs.Err()
}

// Hints maps the names callers send by mistake in a pair's place to where
// the field goes (op.Hinter): a birth or chart field at the top level, or
// the people under other names.
func (*Pair) Hints() map[string]string {
	const person = "each birth goes inside person1 and person2 (person1.latitude, person2.house_system, ...)"
	h := map[string]string{
		"birth1": "did you mean \"person1\"?", "birth2": "did you mean \"person2\"?",
		"p1": "did you mean \"person1\"?", "p2": "did you mean \"person2\"?",
		"partner": "did you mean \"person2\"?", "people": person, "persons": person,
	}
	for _, f := range []string{"year", "month", "day", "hour", "minute", "date", "time", "latitude", "longitude", "location", "timezone",
		"house_system", "zodiac_type", "ayanamsa", "node_type", "include_asteroids"} {
		h[f] = person
	}
	return h
}

// align makes person2's shared settings s2 person1's resolved s1 and
// reports those that clash, with field prefix p2 ("person2."). The zodiac
// and ayanamsa are always shared: a comparison across zodiacs would set
// longitudes measured from different origins against each other. With
// all, so are the house system, the node, the asteroids, the minor
// aspects and the orbs: the charts cast from both people at once
// (composite, Davison) take person1's.
//
// The door fills an omitted setting with its default before this runs, so
// a setting of person2 at its default where person1's differs is taken as
// omitted: it becomes person1's, and a notice says so (a caller who did
// send it learns that person1's was used). Any other difference is a 422
// on person2's field.
func align(c resolve.Context, s1, s2 *natal.Settings, p2 string, all bool) engine.Fields {
	var errs engine.Fields
	bad := func(field, what string) {
		errs.Bad(p2+field, "must be person1's "+what+"; omit it to take person1's")
	}
	take := func(field, had, used, why string) {
		c.Warn(fmt.Sprintf("%s%s %q taken as omitted: person1's %q is used (%s)", p2, field, had, used, why))
	}
	const oneZodiac = "both charts are compared in one zodiac"
	switch z1, z2 := s1.ZodiacType, s2.ZodiacType; {
	case z2 == z1:
	case z2 == "" || z2 == engine.Tropical:
		if z2 != "" {
			take("zodiac_type", string(z2), string(z1), oneZodiac)
		}
		s2.ZodiacType = z1
	default:
		bad("zodiac_type", "zodiac ("+string(z1)+"): "+oneZodiac)
	}
	if s1.ZodiacType == engine.Sidereal && s2.ZodiacType == engine.Sidereal {
		switch {
		case s2.Ayanamsa == "":
			s2.Ayanamsa = s1.Ayanamsa
		case s2.Ayanamsa != s1.Ayanamsa:
			bad("ayanamsa", "ayanamsa ("+string(s1.Ayanamsa)+"): "+oneZodiac)
		}
	}
	if !all {
		return errs
	}
	const oneChart = "the chart is cast in person1's settings"
	switch h1, h2 := s1.HouseSystem, s2.HouseSystem; {
	case h2 == h1:
	case h2 == "" || h2 == engine.Placidus:
		if h2 != "" {
			take("house_system", string(h2), string(h1), oneChart)
		}
		s2.HouseSystem = h1
	default:
		bad("house_system", "house system ("+string(h1)+")")
	}
	switch n1, n2 := s1.NodeType, s2.NodeType; {
	case n2 == n1:
	case n2 == "" || n2 == natal.TrueNode:
		if n2 != "" {
			take("node_type", string(n2), string(n1), oneChart)
		}
		s2.NodeType = n1
	default:
		bad("node_type", "node type ("+string(n1)+")")
	}
	switch {
	case s2.IncludeAsteroids && !s1.IncludeAsteroids:
		bad("include_asteroids", "include_asteroids (false)")
	case s2.IncludeMinorAspects && !s1.IncludeMinorAspects:
		bad("include_minor_aspects", "include_minor_aspects (false)")
	}
	s2.IncludeAsteroids, s2.IncludeMinorAspects = s1.IncludeAsteroids, s1.IncludeMinorAspects
	switch {
	case s2.Orbs == nil:
		s2.Orbs = s1.Orbs
	case !maps.Equal(s1.Orbs, s2.Orbs):
		bad("orbs", "orbs")
	}
	return errs
}

// Cast casts both people's charts of a resolved pair from pos; the
// charts' notices go to c, prefixed "person1: " and "person2: ". The
// caller releases the charts.
func (p *Pair) Cast(pos engine.Positions, c interface{ Warn(...string) }) (*natal.Chart, *natal.Chart, error) {
	c1, err := p.Person1.Cast(pos, c, "person1: ")
	if err != nil {
		return nil, nil, err
	}
	c2, err := p.Person2.Cast(pos, c, "person2: ")
	if err != nil {
		c1.Release()
		return nil, nil, err
	}
	return c1, c2, nil
}

// PersonOf returns the composite person of a resolved natal request and its
// chart.
func PersonOf(in *natal.Request, chart *natal.Chart) Person {
	b := in.Packet.Resolved()
	return Person{Chart: chart, JD: b.Instant.JD, Latitude: b.Latitude, Longitude: b.Longitude}
}

// SynastryRequest is the synastry input: the pair (sharing the zodiac) and
// the inter-aspects looked for. Resolved, it is its own echo.
type SynastryRequest struct {
	Pair
	IncludeMinorAspects bool               `json:"include_minor_aspects,omitempty" doc:"also look for the minor inter-aspects (semi-sextile, semi-square, quintile, sesquiquadrate, biquintile, quincunx)" default:"false"`
	Orbs                map[string]float64 `json:"orbs,omitempty" doc:"orb in degrees (0-15) per aspect name for the inter-aspects, replacing the defaults (conjunction, opposition, trine 8, square 7, sextile 6; quincunx 3, other minor aspects 2); only the aspects listed are looked for. Each person's own orbs shape only their natal chart" example:"{\"conjunction\":6,\"opposition\":6,\"trine\":6,\"square\":5,\"sextile\":4}"`

	orbs aspects.Orbs // parsed by Resolve
}

// Resolve resolves the pair (the zodiac shared) and reads the orbs.
func (r *SynastryRequest) Resolve(c resolve.Context, prefix string) error {
	var errs engine.Fields
	if err := errs.Add(r.Pair.resolve(c, prefix, false)); err != nil {
		return err
	}
	orbs, bad := aspects.ParseOrbs(r.Orbs, prefix+"orbs")
	r.orbs = orbs
	return append(errs, bad...).Err()
}

// Options returns the inter-aspect options of a resolved request.
func (r *SynastryRequest) Options() Options {
	return Options{MinorAspects: r.IncludeMinorAspects, Orbs: r.orbs}
}

// CompositeRequest is the composite input: the pair (sharing every chart
// setting) and the house method. Resolved, it is its own echo.
type CompositeRequest struct {
	Pair
	HouseMethod HouseMethod `json:"house_method,omitempty" doc:"derived_ascendant: the Midheaven is the midpoint of the two, the Ascendant and cusps are cast from its ARMC at the mean latitude (Robert Hand); midpoints: the Ascendant, Midheaven and cusps are the midpoints of the two charts'" default:"derived_ascendant"`
}

// Resolve resolves the pair, every setting shared.
func (r *CompositeRequest) Resolve(c resolve.Context, prefix string) error {
	return r.Pair.resolve(c, prefix, true)
}

// Options returns the composite options of a resolved request: person1's
// settings (person2's are the same) and the house method.
func (r *CompositeRequest) Options() CompositeOptions {
	o := r.Person1.Settings.Options()
	return CompositeOptions{Method: r.HouseMethod, HouseSystem: o.HouseSystem, Sidereal: o.Sidereal, MinorAspects: o.MinorAspects, Orbs: o.Orbs}
}

// DavisonRequest is the Davison input: the pair (sharing every chart
// setting). Resolve also finds the Davison instant and place (two
// antipodal birthplaces are refused on person2.latitude) and states them
// in the read-only davison field: resolved, the request is its own echo.
type DavisonRequest struct {
	Pair
	Davison *DavisonPoint `json:"davison,omitempty" readonly:"true" doc:"the instant and place the chart is cast for"`

	at Davison
}

// DavisonPoint states the Davison instant and place.
type DavisonPoint struct {
	UTC       string  `json:"utc" doc:"the midpoint instant, UTC, RFC 3339: send it to POST /api/v1/natal (timezone UTC) for the same chart" example:"1991-05-08T10:52:30Z"`
	BirthDate string  `json:"birth_date" doc:"its UTC date, YYYY-MM-DD"`
	BirthTime string  `json:"birth_time" doc:"its UTC time, HH:MM:SS"`
	JulianDay float64 `json:"julian_day" doc:"its Julian day (UT)"`
	Latitude  float64 `json:"latitude" doc:"great-circle midpoint of the two birthplaces, degrees north"`
	Longitude float64 `json:"longitude" doc:"degrees east"`
	TimeRule  string  `json:"time_rule" doc:"how the instant is found"`
	PlaceRule string  `json:"place_rule" doc:"how the place is found"`
}

// Resolve resolves the pair, every setting shared, and finds the Davison
// instant and place.
func (r *DavisonRequest) Resolve(c resolve.Context, prefix string) error {
	if err := r.Pair.resolve(c, prefix, true); err != nil {
		return err
	}
	b1, b2 := r.Person1.Packet.Resolved(), r.Person2.Packet.Resolved()
	dv, err := DavisonOf(b1.Instant.UTC, b2.Instant.UTC, b1.Latitude, b1.Longitude, b2.Latitude, b2.Longitude, prefix+"person2.latitude")
	if err != nil {
		return err
	}
	r.at = dv
	r.Davison = &DavisonPoint{
		UTC: dv.UTC.Format(time.RFC3339), BirthDate: dv.UTC.Format(time.DateOnly), BirthTime: dv.UTC.Format(time.TimeOnly),
		JulianDay: float64(dv.JD), Latitude: dv.Latitude, Longitude: dv.Longitude,
		TimeRule:  "mean of the two UTC instants (taken as UT), to the whole second, a half second rounded down",
		PlaceRule: "midpoint of the great-circle arc between the two birthplaces",
	}
	return nil
}

// Point returns the Davison instant and place of a resolved request.
func (r *DavisonRequest) Point() Davison { return r.at }

// The requests write their own JSON (what go-json writes for them, held
// equal by a test): resolved, they are the echo of every uncached call,
// and two birth packets cost the reflective encoder a few microseconds.

func (p *Pair) appendMembers(o *jsonw.Object) {
	o.Key("person1")
	o.B = p.Person1.AppendJSON(o.B)
	o.Key("person2")
	o.B = p.Person2.AppendJSON(o.B)
}

// AppendJSON appends the request as JSON.
func (r *SynastryRequest) AppendJSON(b []byte) []byte {
	o := jsonw.Object{B: append(b, '{')}
	r.Pair.appendMembers(&o)
	o.BoolOmit("include_minor_aspects", r.IncludeMinorAspects)
	o.NumberMap("orbs", r.Orbs)
	return append(o.B, '}')
}

// AppendJSON appends the request as JSON.
func (r *CompositeRequest) AppendJSON(b []byte) []byte {
	o := jsonw.Object{B: append(b, '{')}
	r.Pair.appendMembers(&o)
	o.StringOmit("house_method", string(r.HouseMethod))
	return append(o.B, '}')
}

// AppendJSON appends the request as JSON.
func (r *DavisonRequest) AppendJSON(b []byte) []byte {
	o := jsonw.Object{B: append(b, '{')}
	r.Pair.appendMembers(&o)
	if d := r.Davison; d != nil {
		o.Key("davison")
		p := jsonw.Object{B: append(o.B, '{')}
		p.String("utc", d.UTC)
		p.String("birth_date", d.BirthDate)
		p.String("birth_time", d.BirthTime)
		p.Number("julian_day", d.JulianDay)
		p.Number("latitude", d.Latitude)
		p.Number("longitude", d.Longitude)
		p.String("time_rule", d.TimeRule)
		p.String("place_rule", d.PlaceRule)
		o.B = append(p.B, '}')
	}
	return append(o.B, '}')
}
