// Package relationship is the glue of the two-person chart routes:
// synastry (with its bi-wheel), the midpoint composite and the Davison
// chart. Each takes person1 and person2, a birth packet with chart
// settings each; the inputs are engine/relation's request types, which
// resolve both people (errors name the person: "person2.latitude") and
// the rules of the pair, and are the echo. The calculation is
// engine/relation's.
package relationship

import (
	"strings"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/natal"
	"github.com/astroapi/astroapi/engine/relation"
	"github.com/astroapi/astroapi/engine/wheel"
	"github.com/astroapi/astroapi/http/op"
)

// Deps are what the relationship routes calculate with.
type Deps struct {
	Positions engine.Positions // nil: the routes answer 503
}

// wheelRequest is the synastry input plus the drawing options; GET sends
// them as query parameters, the births as person1.year, person2.latitude,
// and so on.
type wheelRequest struct {
	relation.SynastryRequest
	Theme wheel.Theme `json:"theme,omitempty" doc:"colour scheme of the wheel" default:"light"`
	Size  int         `json:"size,omitempty" doc:"width and height of the SVG in pixels (the drawing scales; the viewBox is 1000 x 1000)" minimum:"200" maximum:"4000" default:"600"`
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
			"person2 omitting them, or leaving zodiac_type at its default, takes person1's (with a notice); sending different ones is a 422), the inter-aspects from every point of person1 "+
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
			"person2 may omit them or send the same (one left at its default takes person1's, with a notice; a different house_system, zodiac, ayanamsa, node_type, orbs, ... is a 422).")
	davison := spec("post-davison", "/api/v1/davison", "Davison relationship chart",
		"A natal chart cast for the midpoint in time and space of the two births: the mean of the two UTC instants (taken "+
			"as UT) to the whole second (a half second rounded down), and the midpoint of the great-circle arc between the two "+
			"birthplaces (not the mean of the coordinates; antipodal places are refused). The result is exactly what POST "+
			"/api/v1/natal returns for that instant (in UTC) and place with person1's settings; the input echo states the "+
			"instant and place (input.davison). person2 may omit the chart settings or send person1's, as for the composite.")
	davison.Recycle = true
	return []*op.Operation{
		op.Post(synastry, d.synastry),
		op.Post(wheelSpec("post-synastry-svg", false), d.svg),
		op.Get(wheelSpec("get-synastry-svg", true), d.svg),
		op.Post(composite, d.composite),
		op.Post(davison, d.davison),
	}
}

func (d Deps) synastry(c *op.Call, in *relation.SynastryRequest) (*relation.Synastry, error) {
	c1, c2, err := in.Cast(d.Positions, c)
	if err != nil {
		return nil, err
	}
	return relation.Synastrize(c1, c2, in.Options()), nil
}

func (d Deps) svg(c *op.Call, in *wheelRequest) (op.Raw, error) {
	s, err := d.synastry(c, &in.SynastryRequest)
	if err != nil {
		return op.Raw{}, err
	}
	defer s.Release()
	title := label(&in.Person1) + " · " + label(&in.Person2)
	return op.Raw{ContentType: "image/svg+xml; charset=utf-8", Body: wheel.Render(s.Wheel(title), wheel.Options{Size: in.Size, Theme: in.Theme})}, nil
}

// label is a person's line of the wheel title: place (when named), date and
// time.
func label(p *natal.Request) string {
	s := p.BirthDate + " " + p.BirthTime[:5]
	if p.Place != nil {
		s = p.Place.Name + ", " + s
	}
	return s
}

func (d Deps) composite(c *op.Call, in *relation.CompositeRequest) (*relation.Composite, error) {
	c1, c2, err := in.Cast(d.Positions, c)
	if err != nil {
		return nil, err
	}
	defer c1.Release()
	defer c2.Release()
	comp, err := relation.Compose(d.Positions, relation.PersonOf(&in.Person1, c1), relation.PersonOf(&in.Person2, c2), in.Options())
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

func (d Deps) davison(c *op.Call, in *relation.DavisonRequest) (*natal.Chart, error) {
	dv := in.Point()
	chart, err := natal.Compute(d.Positions, dv.Birth(), in.Person1.Settings.Options())
	if err != nil {
		return nil, err
	}
	c.Warn(chart.Notes(dv.Latitude)...)
	return chart, nil
}
