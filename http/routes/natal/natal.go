// Package natal is the glue of the natal routes: the chart as JSON and as
// an SVG or PNG wheel. The chart is cast by engine/natal from a birth
// packet resolved by engine/birth.
package natal

import (
	"fmt"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/birth"
	"github.com/astroapi/astroapi/engine/natal"
	"github.com/astroapi/astroapi/engine/wheel"
	"github.com/astroapi/astroapi/http/op"
)

// Deps are what the natal routes calculate with.
type Deps struct {
	Positions engine.Positions // nil: the routes answer 503
	Births    *birth.Resolver
}

// wheelRequest is the natal input plus the drawing options; GET sends the
// same fields as query parameters.
type wheelRequest struct {
	natal.Request
	Theme wheel.Theme `json:"theme,omitempty" doc:"colour scheme of the wheel" default:"light"`
	Size  int         `json:"size,omitempty" doc:"width and height of the SVG in pixels (the drawing scales; the viewBox is 1000 x 1000)" minimum:"200" maximum:"4000" default:"600"`
}

// pngRequest is wheelRequest with the PNG's size bound: the schema says
// the maximum the door enforces.
type pngRequest struct {
	natal.Request
	Theme wheel.Theme `json:"theme,omitempty" doc:"colour scheme of the wheel" default:"light"`
	Size  int         `json:"size,omitempty" doc:"width and height of the PNG in pixels" minimum:"200" maximum:"2000" default:"600"`
}

// PNG renders cost about a second of CPU at 4000 px (against a tenth of a
// millisecond for a chart): their size is capped, they are billed as
// pngCost calls, and they run as heavy calls (a few in flight per server
// and per account, refused with 503 and Retry-After beyond).
const (
	maxPNGSize = 2000
	pngCost    = 10
)

var pngDescription = fmt.Sprintf("The natal wheel of /api/v1/natal/svg as a PNG image, rasterised on the server (same drawing, same options; "+
	"the title is left out). Use it where SVG cannot go (e-mail, chat previews). Size at most %d pixels. "+
	"A PNG is billed as %d calls, and at most two renders of an account run at once (503 with Retry-After beyond).", maxPNGSize, pngCost)

const svgDescription = "The natal chart as an SVG wheel: zodiac ring with sign glyphs, house cusps and numbers, planet glyphs " +
	"with degrees (spread apart in a stellium, with leaders to their true places), aspect lines coloured by aspect " +
	"(red squares and oppositions, green trines, blue sextiles, dashed grey minor aspects), Ascendant and Midheaven axes. " +
	"Glyphs are SVG paths, so no astrological font is needed. Options: theme (light, dark) and size (pixels). " +
	"Browsers cannot attach the x-api-key header to an <img> source: fetch the SVG from your server."

// Ops returns the natal routes.
func Ops(d Deps) []*op.Operation {
	unavailable := op.Missing(d.Positions == nil, "no ephemeris is configured on this server")
	wheelSpec := func(id, path, produces, summary, description string) op.Spec {
		return op.Spec{ID: id, Path: path, Family: "Charts", Produces: produces, Summary: summary,
			Description: description, Unavailable: unavailable}
	}
	pngSpec := func(id, method string) op.Spec {
		where := "in the body"
		if method == "GET" {
			where = "as query parameters"
		}
		s := wheelSpec(id, "/api/v1/natal/png", "image/png", "Natal chart wheel (PNG), options "+where, pngDescription)
		s.Heavy, s.Cost = true, pngCost
		return s
	}
	return []*op.Operation{
		op.Post(op.Spec{
			// Cacheable: the chart depends only on the request (time zone
			// rules and ephemeris are fixed for the server's life).
			// Recycle: the chart's storage is reused once encoded.
			ID: "post-natal", Path: "/api/v1/natal", Family: "Charts", Cacheable: true, Recycle: true,
			Summary: "Natal chart from birth data",
			Description: "Planets (Sun..Pluto, North and South Node, mean Lilith, Chiron; Ceres, Pallas, Juno and Vesta on request) " +
				"with sign, degree, house, motion and declination; house cusps, Ascendant, Midheaven, Vertex and Part of Fortune; " +
				"aspects with orbs and applying/separating; Jones chart shape and element, modality and hemisphere balance. " +
				"Birth time is local time in `timezone` (IANA, default UTC; `auto` takes the zone of the place). " +
				"A local time inside a daylight-saving gap is refused (422 on hour); one inside an overlap takes the earlier instant unless `fold` is 1, and says so in a warning. " +
				"Angles, speeds and orbs are in degrees, written to 7 decimal places (1e-7 degree = 0.00036 arcsecond, below the ephemeris' own precision).",
			Unavailable: unavailable,
		}, d.natal),
		op.Post(wheelSpec("post-natal-svg", "/api/v1/natal/svg", "image/svg+xml", "Natal chart wheel (SVG), options in the body", svgDescription), d.svg),
		op.Get(wheelSpec("get-natal-svg", "/api/v1/natal/svg", "image/svg+xml", "Natal chart wheel (SVG), options as query parameters",
			svgDescription+" Every field of the natal input is a query parameter of the same name."), d.svg),
		op.Post(pngSpec("post-natal-png", "POST"), d.png),
		op.Get(pngSpec("get-natal-png", "GET"), d.png),
	}
}

// cast casts the chart of in, echoing the interpreted input.
func (d Deps) cast(c *op.Call, in *natal.Request) (*natal.Chart, *natal.Echo, error) {
	chart, echo, warnings, err := in.Cast(d.Positions, d.Births, "")
	if err != nil {
		return nil, nil, err
	}
	c.Warn(warnings...)
	c.Echo(echo)
	return chart, echo, nil
}

func (d Deps) natal(c *op.Call, in *natal.Request) (*natal.Chart, error) {
	chart, _, err := d.cast(c, in)
	return chart, err
}

func (d Deps) svg(c *op.Call, in *wheelRequest) (op.Raw, error) { return d.draw(c, in, false) }

func (d Deps) png(c *op.Call, in *pngRequest) (op.Raw, error) {
	return d.draw(c, &wheelRequest{Request: in.Request, Theme: in.Theme, Size: in.Size}, true)
}

// draw casts the chart of a wheel request and draws it as SVG or PNG.
func (d Deps) draw(c *op.Call, in *wheelRequest, asPNG bool) (op.Raw, error) {
	o := wheel.Options{Size: in.Size, Theme: in.Theme}
	errs := o.Validate()
	if asPNG && in.Size > maxPNGSize {
		errs = append(errs, &engine.FieldError{Field: "size", Reason: fmt.Sprintf("a PNG is at most %d pixels (the SVG scales to any size)", maxPNGSize)})
	}
	if len(errs) > 0 {
		return op.Raw{}, errs
	}
	chart, echo, err := d.cast(c, &in.Request)
	if err != nil {
		return op.Raw{}, err
	}
	title := echo.BirthDate + " " + echo.BirthTime[:5] + " " + echo.Timezone
	if echo.Location != nil {
		title = echo.Location.Name + ", " + title
	}
	title += " · " + string(chart.Houses.System)
	if chart.ZodiacType == "sidereal" {
		title += " · " + string(chart.Ayanamsa.Name)
	}
	w := wheel.FromNatal(chart, title)
	if asPNG {
		b, err := wheel.RenderPNG(w, o)
		if err != nil {
			return op.Raw{}, err
		}
		return op.Raw{ContentType: "image/png", Body: b}, nil
	}
	return op.Raw{ContentType: "image/svg+xml; charset=utf-8", Body: wheel.Render(w, o)}, nil
}
