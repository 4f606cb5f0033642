package http

import (
	"fmt"
	"sort"
	"strings"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/aspects"
	"github.com/astroapi/astroapi/engine/houses"
	"github.com/astroapi/astroapi/engine/natal"
	"github.com/astroapi/astroapi/engine/wheel"
)

func init() { registerFamily(natalOps) }

// natalRequest is the natal input (spec 2.3) with the chart options.
type natalRequest struct {
	BirthInput
	HouseSystem         string             `json:"house_system,omitempty" doc:"house system; Placidus and Koch fall back to Porphyry inside the polar circles (named in result.houses.system)" enum:"placidus,koch,equal,whole_sign,regiomontanus,campanus,morinus,porphyry" default:"placidus"`
	ZodiacType          string             `json:"zodiac_type,omitempty" doc:"tropical or sidereal zodiac" enum:"tropical,sidereal" default:"tropical"`
	Ayanamsa            string             `json:"ayanamsa,omitempty" doc:"sidereal offset, used only with zodiac_type sidereal (ignored with a warning otherwise); sidereal without it uses lahiri" enum:"lahiri,raman,kp,fagan_bradley,deluce,j2000" default:"lahiri"`
	IncludeAsteroids    bool               `json:"include_asteroids,omitempty" doc:"add Ceres, Pallas, Juno and Vesta" default:"false"`
	NodeType            string             `json:"node_type,omitempty" doc:"lunar node: true (osculating) or mean" enum:"true,mean" default:"true"`
	IncludeMinorAspects bool               `json:"include_minor_aspects,omitempty" doc:"also look for semi-sextile, semi-square, quintile, sesquiquadrate, biquintile and quincunx" default:"false"`
	Orbs                map[string]float64 `json:"orbs,omitempty" doc:"orb in degrees per aspect name, replacing the defaults (conjunction/opposition/trine 8, square 7, sextile 6; quincunx 3, other minor aspects 2); only the aspects listed are looked for" example:"{\"conjunction\":10,\"square\":6}"`
}

// natalSVGRequest is the natal input plus the drawing options; GET sends
// the same fields as query parameters.
type natalSVGRequest struct {
	natalRequest
	Theme string `json:"theme,omitempty" doc:"colour scheme of the wheel" enum:"light,dark" default:"light"`
	Size  int    `json:"size,omitempty" doc:"width and height of the SVG in pixels (the drawing scales; the viewBox is 1000 x 1000)" minimum:"200" maximum:"4000" default:"600"`
}

// natalEcho is the envelope input of the natal routes.
type natalEcho struct {
	BirthEcho
	HouseSystem         engine.HouseSystem `json:"house_system" doc:"house system requested"`
	ZodiacType          string             `json:"zodiac_type" doc:"zodiac used"`
	Ayanamsa            string             `json:"ayanamsa,omitempty" doc:"ayanamsa used (sidereal only)"`
	IncludeAsteroids    bool               `json:"include_asteroids"`
	NodeType            string             `json:"node_type"`
	IncludeMinorAspects bool               `json:"include_minor_aspects"`
	Ephemeris           engine.Source      `json:"ephemeris" doc:"source of the positions" enum:"tables,swiss_ephemeris,moshier"`
}

// options validates the chart options; warnings go to the call.
func (in *natalRequest) options(c *Call) (natal.Options, engine.Fields) {
	var errs engine.Fields
	o := natal.Options{
		HouseSystem:      engine.HouseSystem(in.HouseSystem),
		IncludeAsteroids: in.IncludeAsteroids,
		Node:             natal.Node(in.NodeType),
		MinorAspects:     in.IncludeMinorAspects,
	}
	if o.HouseSystem == "" {
		o.HouseSystem = houses.Default
	}
	switch in.ZodiacType {
	case "", "tropical":
		if in.Ayanamsa != "" {
			c.Warn(fmt.Sprintf("ayanamsa %q ignored: it applies only with zodiac_type sidereal", in.Ayanamsa))
		}
	case "sidereal":
		o.Sidereal = engine.Ayanamsa(in.Ayanamsa)
		if o.Sidereal == "" {
			o.Sidereal = engine.Lahiri
		}
	default:
		errs = append(errs, &engine.FieldError{Field: "zodiac_type", Reason: `must be "tropical" or "sidereal"`})
	}
	errs = append(errs, o.Validate()...)
	if in.Orbs != nil {
		o.Orbs = aspects.Orbs{}
		keys := make([]string, 0, len(in.Orbs))
		for k := range in.Orbs {
			keys = append(keys, k)
		}
		sort.Strings(keys) // stable error order
		for _, k := range keys {
			v := in.Orbs[k]
			if !knownAspect(k) {
				errs = append(errs, &engine.FieldError{Field: "orbs." + k, Reason: "unknown aspect; use one of " + aspectNames()})
				continue
			}
			if !(v >= 0 && v <= 15) {
				errs = append(errs, &engine.FieldError{Field: "orbs." + k, Reason: "must be between 0 and 15 degrees"})
				continue
			}
			o.Orbs[aspects.Kind(k)] = v
		}
	}
	return o, errs
}

func knownAspect(k string) bool {
	for _, d := range aspects.Defs {
		if string(d.Kind) == k {
			return true
		}
	}
	return false
}

func aspectNames() string {
	var names []string
	for _, d := range aspects.Defs {
		names = append(names, string(d.Kind))
	}
	return strings.Join(names, ", ")
}

// castNatal decodes nothing: it resolves an already decoded request into a
// chart, setting the envelope's input echo.
func castNatal(c *Call, in *natalRequest) (*natal.Chart, error) {
	pos := c.Server().Positions()
	if pos == nil {
		return nil, newProblem(503, kindUnavailable, "no ephemeris is configured on this server")
	}
	o, optErrs := in.options(c)
	b, err := in.resolve(c, "")
	if err != nil {
		if fs, ok := err.(engine.Fields); ok {
			return nil, append(fs, optErrs...)
		}
		return nil, err
	}
	if len(optErrs) > 0 {
		return nil, optErrs
	}
	chart, err := natal.Compute(pos, natal.Birth{JD: b.Instant.JD, Latitude: b.Latitude, Longitude: b.Longitude}, o)
	if err != nil {
		return nil, err
	}
	if chart.Houses.Fallback {
		c.Warn(fmt.Sprintf("%s houses are undefined at latitude %.2f (inside the polar circle); %s houses were used",
			chart.Houses.RequestedSystem, b.Latitude, chart.Houses.System))
	}
	if len(chart.Omitted) > 0 {
		c.Warn(fmt.Sprintf("%s left out: the ephemeris files cover them only from 1800 to 2400", strings.Join(chart.Omitted, ", ")))
	}
	if chart.Source == engine.FromMoshier {
		c.Warn("positions from the Swiss Ephemeris' Moshier theory (outside the 1800-2400 ephemeris files): about an arcsecond for the planets, a few arcseconds for the Moon")
	}
	c.Echo(natalEcho{
		BirthEcho: b.Echo, HouseSystem: o.HouseSystem, ZodiacType: chart.ZodiacType, Ayanamsa: string(o.Sidereal),
		IncludeAsteroids: o.IncludeAsteroids, NodeType: chart.Conventions.Node,
		IncludeMinorAspects: o.MinorAspects, Ephemeris: chart.Source,
	})
	return chart, nil
}

// renderNatal decodes a wheel request, casts the chart and draws it as SVG.
func renderNatal(c *Call) (any, error) { return drawNatal(c, false) }

// renderNatalPNG is renderNatal as a PNG image.
func renderNatalPNG(c *Call) (any, error) { return drawNatal(c, true) }

func drawNatal(c *Call, asPNG bool) (any, error) {
	var in natalSVGRequest
	if err := c.Decode(&in); err != nil {
		return nil, err
	}
	o := wheel.Options{Size: in.Size, Theme: wheel.Theme(in.Theme)}
	if errs := o.Validate(); len(errs) > 0 {
		return nil, errs
	}
	chart, err := castNatal(c, &in.natalRequest)
	if err != nil {
		return nil, err
	}
	echo := c.input().(natalEcho)
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
			return nil, err
		}
		return Raw{ContentType: "image/png", Body: b}, nil
	}
	return Raw{ContentType: "image/svg+xml; charset=utf-8", Body: wheel.Render(w, o)}, nil
}

const pngDescription = "The natal wheel of /api/v1/natal/svg as a PNG image, rasterised on the server (same drawing, same options; " +
	"the title is left out). Use it where SVG cannot go (e-mail, chat previews)."

const svgDescription = "The natal chart as an SVG wheel: zodiac ring with sign glyphs, house cusps and numbers, planet glyphs " +
	"with degrees (spread apart in a stellium, with leaders to their true places), aspect lines coloured by aspect " +
	"(red squares and oppositions, green trines, blue sextiles, dashed grey minor aspects), Ascendant and Midheaven axes. " +
	"Glyphs are SVG paths, so no astrological font is needed. Options: theme (light, dark) and size (pixels). " +
	"Browsers cannot attach the x-api-key header to an <img> source: fetch the SVG from your server."

func natalOps(s *Server) []Operation {
	return []Operation{
		{
			ID: "post-natal-svg", Method: "POST", Path: "/api/v1/natal/svg", Family: "Charts", Billed: true,
			Produces: "image/svg+xml", Summary: "Natal chart wheel (SVG), options in the body",
			Description: svgDescription, Input: natalSVGRequest{}, Handle: renderNatal,
		},
		{
			ID: "post-natal-png", Method: "POST", Path: "/api/v1/natal/png", Family: "Charts", Billed: true,
			Produces: "image/png", Summary: "Natal chart wheel (PNG), options in the body",
			Description: pngDescription, Input: natalSVGRequest{}, Handle: renderNatalPNG,
		},
		{
			ID: "get-natal-png", Method: "GET", Path: "/api/v1/natal/png", Family: "Charts", Billed: true,
			Produces: "image/png", Summary: "Natal chart wheel (PNG), options as query parameters",
			Description: pngDescription, Input: natalSVGRequest{}, Handle: renderNatalPNG,
		},
		{
			ID: "get-natal-svg", Method: "GET", Path: "/api/v1/natal/svg", Family: "Charts", Billed: true,
			Produces: "image/svg+xml", Summary: "Natal chart wheel (SVG), options as query parameters",
			Description: svgDescription + " Every field of the natal input is a query parameter of the same name.",
			Input:       natalSVGRequest{}, Handle: renderNatal,
		},
		{
			// Cacheable: the chart depends only on the request (time zone
			// rules and ephemeris are fixed for the server's life).
			ID: "post-natal", Method: "POST", Path: "/api/v1/natal", Family: "Charts", Billed: true, Cacheable: true,
			Summary: "Natal chart from birth data",
			Description: "Planets (Sun..Pluto, North and South Node, mean Lilith, Chiron; Ceres, Pallas, Juno and Vesta on request) " +
				"with sign, degree, house, motion and declination; house cusps, Ascendant, Midheaven, Vertex and Part of Fortune; " +
				"aspects with orbs and applying/separating; Jones chart shape and element, modality and hemisphere balance. " +
				"Birth time is local time in `timezone` (IANA, default UTC; `auto` takes the zone of the place). " +
				"A local time inside a daylight-saving gap is refused (422 on hour); one inside an overlap takes the earlier instant unless `fold` is 1, and says so in a warning. " +
				"Angles, speeds and orbs are in degrees, written to 7 decimal places (1e-7 degree = 0.00036 arcsecond, below the ephemeris' own precision).",
			Input: natalRequest{}, Output: natal.Chart{},
			Handle: func(c *Call) (any, error) {
				var in natalRequest
				if err := c.Decode(&in); err != nil {
					return nil, err
				}
				return castNatal(c, &in)
			},
		},
	}
}
