// Package transits is the glue of the transit routes (spec 4.4): the sky
// at an instant as a chart (GET and POST /api/v1/transits), transits to a
// natal chart (POST /api/v1/transits/to-natal) and their bi-wheel
// (POST /api/v1/transits/to-natal/svg), calculated by engine/transits.
// The inputs are engine/transits' request types: the transit instant is
// a moment.Input at the top level, as every route that takes a moment
// reads it, and the birth is the natal route's input under "natal"; the
// door resolves them and they are the echo.
package transits

import (
	"fmt"
	"strings"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/jsonw"
	"github.com/astroapi/astroapi/engine/moment"
	"github.com/astroapi/astroapi/engine/natal"
	"github.com/astroapi/astroapi/engine/transits"
	"github.com/astroapi/astroapi/engine/wheel"
	"github.com/astroapi/astroapi/http/op"
)

// Deps are what the transit routes calculate with.
type Deps struct {
	Positions engine.Positions // nil: the routes answer 503
}

// instantNote explains the transit instant in every description.
const instantNote = " The transit instant: datetime (ISO 8601; with Z or an offset it names an instant, without one it is a local time in timezone), " +
	"or date (YYYY-MM-DD) with optional time (HH:MM[:SS]), or year, month, day with optional hour, minute, second (local time in timezone: an IANA name or an offset such as +05:30; default UTC), or nothing for the time of the call " +
	"(such answers are never cached). Years run from -3000 to 3000 (0 is 1 BC); dates before 1582-10-15 are Julian unless calendar says gregorian. " +
	"The input echo is the request as read: datetime is the local time in timezone, utc and julian_day the instant."

const skyDescription = "The sky at an instant as a chart: Sun..Pluto, the North Node (true unless node_type is mean) and the South Node " +
	"opposite it, Lilith (the mean lunar apogee), Chiron, and Ceres, Pallas, Juno and Vesta with include_asteroids, each with sign, degree, " +
	"longitude, latitude, speed, declination and retrograde; their mundane aspects (natal default orbs: conjunction, opposition and trine 8°, " +
	"square 7°, sextile 6°; minor aspects with include_minor_aspects) with orb and applying/separating (the South Node is not aspected); " +
	"and the Moon's phase with its next quarter. Tropical or sidereal (zodiac_type, ayanamsa)."

const toNatalDescription = "Transits to a natal chart. Angles, speeds and orbs are in degrees to 7 decimal places (as the natal chart's), Julian days in full. natal is the natal route's input (date, time, place as latitude/longitude or location, " +
	"timezone, calendar; house system, zodiac, node type, include_asteroids and the natal chart's own orbs); the transits are cast in the natal " +
	"zodiac with its node type and asteroids. The result lists each transiting body with the natal house it falls in, and every transit-to-natal " +
	"aspect within orb to the natal planets, North Node, Lilith, Chiron, asteroids, Ascendant and Midheaven (natal points held fixed), with the " +
	"separation, orb, applying or separating, and exact_at: the next perfection of an applying aspect, or the last one of a separating aspect, " +
	"within window_days (1-90, default 30) either side of the transit instant, null when there is none; all_perfections lists every perfection " +
	"in the window, through retrograde loops. Default transit orbs: 3° for the conjunction, opposition, square and trine, 2° for the sextile, " +
	"1° for each minor aspect with include_minor_aspects; orbs replaces them. natal_points gives the longitudes aspected."

// Ops returns the transit routes.
func Ops(d Deps) []*op.Operation {
	unavailable := op.Missing(d.Positions == nil, "no ephemeris is configured on this server")
	spec := func(id, path, summary, description string) op.Spec {
		// Cacheable: an explicit instant gives the same answer every time;
		// an omitted one (now) says so through UsesNow and is not kept.
		return op.Spec{ID: id, Path: path, Family: "Charts", Summary: summary, Description: description,
			Cacheable: true, Unavailable: unavailable}
	}
	svg := spec("post-transits-to-natal-svg", "/api/v1/transits/to-natal/svg", "Transits to a natal chart as an SVG bi-wheel",
		"The natal wheel of /api/v1/natal/svg with the transiting bodies drawn in a ring outside it and the transit-to-natal aspects as dashed "+
			"lines across the aspect circle; the natal chart's own aspects are drawn as on the natal wheel. Same body as /api/v1/transits/to-natal, "+
			"plus theme (light, dark) and size (pixels). Glyphs are SVG paths, so no astrological font is needed; text is escaped and the "+
			"document holds no script. Browsers cannot attach the x-api-key header to an <img> source: fetch the SVG from your server."+instantNote)
	svg.Produces = "image/svg+xml"
	return []*op.Operation{
		op.Get(spec("get-transits", "/api/v1/transits", "The sky now or at an instant, as a chart (query)",
			skyDescription+" GET takes datetime (default: now) and the options as query parameters; custom orbs need POST."+instantNote), d.skyGet),
		op.Post(spec("post-transits", "/api/v1/transits", "The sky now or at an instant, as a chart (body)",
			skyDescription+" orbs replaces the default orbs (only the aspects listed are looked for)."+instantNote), d.skyPost),
		op.Post(spec("post-transits-to-natal", "/api/v1/transits/to-natal", "Transits to a natal chart", toNatalDescription+instantNote), d.toNatal),
		op.Post(svg, d.svg),
	}
}

func (d Deps) skyGet(c *op.Call, in *transits.SkyQuery) (*transits.Sky, error) {
	return d.sky(c, in.Input.Resolved(), in.SkyOptions.Options())
}

func (d Deps) skyPost(c *op.Call, in *transits.SkyRequest) (*transits.Sky, error) {
	return d.sky(c, in.Input.Resolved(), in.Options())
}

func (d Deps) sky(c *op.Call, at moment.Resolved, o transits.Options) (*transits.Sky, error) {
	res, err := transits.At(d.Positions, at.JDUT(), o)
	if err != nil {
		return nil, err
	}
	notesOf(c, res.Source, res.Omitted)
	return res, nil
}

// notesOf warns about positions from the Moshier theory and bodies left
// out.
func notesOf(c *op.Call, src engine.Source, omitted []string) {
	if len(omitted) > 0 {
		c.Warn(fmt.Sprintf("transiting %s left out: the ephemeris files cover them only from 1800 to 2400", strings.Join(omitted, ", ")))
	}
	if src == engine.FromMoshier {
		c.Warn(engine.MoshierNote)
	}
}

// NatalPoint is a natal point transits aspect.
type NatalPoint struct {
	Name      string  `json:"name" doc:"the natal point" example:"Sun"`
	Longitude float64 `json:"longitude" doc:"ecliptic longitude, degrees, in the natal zodiac"`
	Sign      string  `json:"sign" doc:"zodiac sign" example:"Cancer"`
	Degree    float64 `json:"degree" doc:"degrees within the sign"`
}

// ToNatal is the result of the to-natal route.
type ToNatal struct {
	*transits.ToNatal
	NatalPoints []NatalPoint `json:"natal_points" doc:"the natal points the aspects are made to: planets (South Node aside), Ascendant and Midheaven"`
}

// castToNatal casts a resolved to-natal request. The caller releases the
// chart.
func (d Deps) castToNatal(c *op.Call, in *transits.ToNatalRequest) (*natal.Chart, *transits.ToNatal, error) {
	chart, err := in.Natal.Cast(d.Positions, c, "natal: ")
	if err != nil {
		return nil, nil, err
	}
	res, err := transits.ToNatalChart(d.Positions, chart, in.Input.Resolved().JDUT(), in.Options())
	if err != nil {
		chart.Release()
		return nil, nil, err
	}
	notesOf(c, res.Source, res.Omitted)
	return chart, res, nil
}

func (d Deps) toNatal(c *op.Call, in *transits.ToNatalRequest) (*ToNatal, error) {
	chart, res, err := d.castToNatal(c, in)
	if err != nil {
		return nil, err
	}
	defer chart.Release()
	out := &ToNatal{ToNatal: res}
	for _, p := range transits.NatalOf(chart).Points {
		s, deg := engine.SignOf(p.Longitude)
		out.NatalPoints = append(out.NatalPoints, NatalPoint{Name: p.Name, Longitude: p.Longitude, Sign: s, Degree: deg})
	}
	return out, nil
}

// svgRequest is the to-natal input plus the drawing options.
type svgRequest struct {
	transits.ToNatalRequest
	Theme wheel.Theme `json:"theme,omitempty" doc:"colour scheme of the wheel" default:"light"`
	Size  int         `json:"size,omitempty" doc:"width and height of the SVG in pixels (the drawing scales; the viewBox is 1000 x 1000)" minimum:"200" maximum:"4000" default:"600"`
}

func (d Deps) svg(c *op.Call, in *svgRequest) (op.Raw, error) {
	chart, res, err := d.castToNatal(c, &in.ToNatalRequest)
	if err != nil {
		return op.Raw{}, err
	}
	defer chart.Release()
	n, at := &in.Natal, in.Input.Resolved()
	title := n.BirthDate + " " + n.BirthTime[:5] + " " + string(n.Timezone)
	if n.Place != nil {
		title = n.Place.Name + ", " + title
	}
	title += " · transits " + at.Date + " " + at.Time[:5] + " " + at.Timezone
	return op.Raw{ContentType: "image/svg+xml; charset=utf-8", Body: wheel.Render(res.Wheel(chart, title), wheel.Options{Size: in.Size, Theme: in.Theme})}, nil
}

// AppendJSON writes the answer by hand (engine/transits' AppendFields and
// the natal points), degrees to 7 decimals as the natal chart's.
func (r *ToNatal) AppendJSON(b []byte) []byte {
	b = r.ToNatal.AppendFields(append(b, '{'))
	b = append(b, `,"natal_points":[`...)
	for i, p := range r.NatalPoints {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"name":`...)
		b = jsonw.Name(b, p.Name)
		b = append(b, `,"longitude":`...)
		b = jsonw.Angle(b, p.Longitude)
		b = append(b, `,"sign":`...)
		b = jsonw.Name(b, p.Sign)
		b = append(b, `,"degree":`...)
		b = jsonw.Angle(b, p.Degree)
		b = append(b, '}')
	}
	return append(b, "]}"...)
}
