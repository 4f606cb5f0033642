// Package natal is the glue of the natal routes: the chart as JSON and as
// an SVG or PNG wheel, and the same birth in other frames: heliocentric,
// draconic, harmonic, and its antiscia. The charts are cast by
// engine/natal from its ChartRequest (a birth packet resolved by
// engine/birth, the chart settings and the family's own options).
package natal

import (
	"fmt"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/natal"
	"github.com/astroapi/astroapi/engine/wheel"
	"github.com/astroapi/astroapi/http/op"
)

// Deps are what the natal routes calculate with.
type Deps struct {
	Positions engine.Positions // nil: the routes answer 503
}

// wheelRequest is the natal input plus the drawing options; GET sends the
// same fields as query parameters.
type wheelRequest struct {
	natal.ChartRequest
	Theme wheel.Theme `json:"theme,omitempty" doc:"colour scheme of the wheel" default:"light"`
	Size  int         `json:"size,omitempty" doc:"width and height of the SVG in pixels (the drawing scales; the viewBox is 1000 x 1000)" minimum:"200" maximum:"4000" default:"600"`
}

// pngRequest is the wheel input of the PNG routes: the size of a raster
// is bounded lower (the cost grows with its square).
type pngRequest struct {
	natal.ChartRequest
	Theme wheel.Theme `json:"theme,omitempty" doc:"colour scheme of the wheel" default:"light"`
	Size  int         `json:"size,omitempty" doc:"width and height of the PNG in pixels" minimum:"200" maximum:"2000" default:"600"`
}

// PNG renders cost about a second of CPU at 4000 px (against a tenth of a
// millisecond for a chart): their size is capped, they are billed as
// pngCost calls, and they run as heavy calls (a few in flight per server
// and per account, refused with 503 and Retry-After beyond).
const pngCost = 10

var pngDescription = fmt.Sprintf("The natal wheel of /api/v1/natal/svg as a PNG image, rasterised on the server (same drawing, same options; "+
	"the title is left out). Use it where SVG cannot go (e-mail, chat previews). Size at most %d pixels. "+
	"A PNG is billed as %d calls, and at most two renders of an account run at once (503 with Retry-After beyond).", 2000, pngCost)

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
			Description: "Planets (Sun..Pluto, North and South Node, Lilith (mean, or osculating with lilith), Chiron; Ceres, Pallas, Juno and Vesta on request) " +
				"with sign, degree, house, motion, declination and out-of-bounds flag (declination beyond the obliquity of the date); house cusps, Ascendant, Midheaven, Vertex and Part of Fortune " +
				"(fortune_formula: sect-reversed or the day formula); aspects with orbs and applying/separating, and with include_parallels the parallels and contra-parallels " +
				"(parallel_orb); Jones chart shape and element, modality and hemisphere balance. " +
				"Every house system of the Swiss Ephemeris (house_system; the 36 Gauquelin sectors with gauquelin; polar_fallback where Placidus, Koch and Gauquelin are undefined) " +
				"and every named ayanamsa (47), or a user_ayanamsa (a value at an epoch). " +
				"Birth time is local time in `timezone` (IANA, default UTC; `auto` takes the zone of the place). " +
				"A local time inside a daylight-saving gap is refused (422 on hour); one inside an overlap takes the earlier instant unless `fold` is 1, and says so in a warning. " +
				"With time_unknown the chart is cast for the time sent (noon by default): the angles, houses, house placements and Part of Fortune are left out, and " +
				"result.unknown_time gives every body's range over the birth day (the Moon's degree and signs), the aspects possible at other times, and marks what depends on the time. " +
				"Angles, speeds and orbs are in degrees, written to 7 decimal places (1e-7 degree = 0.00036 arcsecond, below the ephemeris' own precision).",
			Unavailable: unavailable,
		}, d.natal),
		op.Post(op.Spec{
			ID: "post-natal-heliocentric", Path: "/api/v1/natal/heliocentric", Family: "Charts", Cacheable: true,
			Summary: "Heliocentric chart: the planets and the Earth seen from the Sun",
			Description: "Mercury, Venus, Earth, Mars, Jupiter, Saturn, Uranus, Neptune, Pluto and Chiron (Ceres..Vesta with include_asteroids) seen from the Sun at the birth instant: " +
				"sign, degree, longitude, latitude, distance (AU) and speed, with the aspects among them (orbs as the natal chart's). Tropical or sidereal. " +
				"No houses, angles, Moon or nodes: they belong to the Earth. The place only fixes the zone of the local time. Positions from the Swiss Ephemeris (SEFLG_HELCTR), in degrees.",
			Unavailable: unavailable,
		}, d.heliocentric),
		op.Post(op.Spec{
			ID: "post-natal-draconic", Path: "/api/v1/natal/draconic", Family: "Charts", Cacheable: true, Recycle: true,
			Summary: "Draconic chart: the natal chart measured from the lunar node",
			Description: "The natal chart with every longitude measured from the North Node (true or mean, as node_type says), so the node stands at 0° Aries: planets, cusps, angles, " +
				"Vertex and Part of Fortune in their draconic signs; aspects, declinations and house placements are the natal ones. result.draconic names the node and its tropical longitude. " +
				"The same in every zodiac, so zodiac_type sidereal is refused. Takes the natal body.",
			Unavailable: unavailable,
		}, d.draconic),
		op.Post(op.Spec{
			ID: "post-natal-harmonic", Path: "/api/v1/natal/harmonic", Family: "Charts", Cacheable: true,
			Summary: "Harmonic chart: every natal longitude times a harmonic (1-360)",
			Description: "John Addey's harmonic chart: each natal planet, the Ascendant and the Midheaven at longitude x harmonic (reduced to 0-360), with the aspects among the harmonic " +
				"positions (the natal orbs; speeds multiplied too, for applying and separating). No houses. Takes the natal body and harmonic (required).",
			Unavailable: unavailable,
		}, d.harmonic),
		op.Post(op.Spec{
			ID: "post-natal-antiscia", Path: "/api/v1/natal/antiscia", Family: "Charts", Cacheable: true,
			Summary: "Antiscia and contra-antiscia of a natal chart, with their contacts",
			Description: "Each planet's (and the Ascendant's and Midheaven's) antiscion, its reflection across the solstitial axis (0° Cancer - 0° Capricorn: 180° - longitude), and " +
				"contra-antiscion (across 0° Aries - 0° Libra: 360° - longitude), and every pair of points each on the other's antiscion or contra-antiscion within orb (default 1°). " +
				"Takes the natal body.",
			Unavailable: unavailable,
		}, d.antiscia),
		op.Post(wheelSpec("post-natal-svg", "/api/v1/natal/svg", "image/svg+xml", "Natal chart wheel (SVG), options in the body", svgDescription), d.svg),
		op.Get(wheelSpec("get-natal-svg", "/api/v1/natal/svg", "image/svg+xml", "Natal chart wheel (SVG), options as query parameters",
			svgDescription+" Every field of the natal input is a query parameter of the same name."), d.svg),
		op.Post(pngSpec("post-natal-png", "POST"), d.png),
		op.Get(pngSpec("get-natal-png", "GET"), d.png),
	}
}

func (d Deps) natal(c *op.Call, in *natal.ChartRequest) (*natal.Chart, error) {
	return in.Cast(d.Positions, c, "")
}

func (d Deps) heliocentric(c *op.Call, in *natal.HelioRequest) (*natal.HelioChart, error) {
	chart, err := in.Cast(d.Positions)
	if err != nil {
		return nil, err
	}
	if len(chart.Omitted) > 0 {
		c.Warn(fmt.Sprintf("%v left out: the ephemeris files cover them only from 1800 to 2400", chart.Omitted))
	}
	if chart.Source == engine.FromMoshier {
		c.Warn(engine.MoshierNote)
	}
	return chart, nil
}

func (d Deps) draconic(c *op.Call, in *natal.DraconicRequest) (*natal.Chart, error) {
	chart, err := in.Cast(d.Positions, c, "")
	if err != nil {
		return nil, err
	}
	chart.ToDraconic()
	return chart, nil
}

func (d Deps) harmonic(c *op.Call, in *natal.HarmonicRequest) (*natal.HarmonicChart, error) {
	chart, err := in.Cast(d.Positions, c, "")
	if err != nil {
		return nil, err
	}
	defer chart.Release()
	return chart.Harmonic(in.Harmonic, in.Options()), nil
}

func (d Deps) antiscia(c *op.Call, in *natal.AntisciaRequest) (*natal.Antiscia, error) {
	chart, err := in.Cast(d.Positions, c, "")
	if err != nil {
		return nil, err
	}
	defer chart.Release()
	return chart.Antiscia(in.Orb), nil
}

func (d Deps) svg(c *op.Call, in *wheelRequest) (op.Raw, error) {
	return d.draw(c, &in.ChartRequest, wheel.Options{Size: in.Size, Theme: in.Theme}, false)
}

func (d Deps) png(c *op.Call, in *pngRequest) (op.Raw, error) {
	return d.draw(c, &in.ChartRequest, wheel.Options{Size: in.Size, Theme: in.Theme}, true)
}

// draw casts the chart of a wheel request and draws it as SVG or PNG. The
// Gauquelin sectors are drawn as their twelve Placidus cusps; a birth of
// unknown time as a natural wheel (0° Aries rising, the signs as houses),
// which the title says.
func (d Deps) draw(c *op.Call, in *natal.ChartRequest, o wheel.Options, asPNG bool) (op.Raw, error) {
	chart, err := in.Cast(d.Positions, c, "")
	if err != nil {
		return op.Raw{}, err
	}
	title := in.BirthDate + " " + in.BirthTime[:5] + " " + string(in.Timezone)
	if in.Place != nil {
		title = in.Place.Name + ", " + title
	}
	if chart.UnknownTime != nil {
		title += " · birth time unknown: natural wheel, no houses"
	} else {
		title += " · " + string(chart.Houses.System)
	}
	if chart.ZodiacType == "sidereal" {
		title += " · " + string(chart.Ayanamsa.Name)
	}
	w := wheel.FromNatal(chart, title)
	w.Cusps = chart.TwelveCusps()
	if chart.UnknownTime != nil {
		w.Ascendant, w.Midheaven = 0, 270
		for i := range w.Cusps {
			w.Cusps[i] = 30 * float64(i)
		}
	}
	if asPNG {
		b, err := wheel.RenderPNG(w, o)
		if err != nil {
			return op.Raw{}, err
		}
		return op.Raw{ContentType: "image/png", Body: b}, nil
	}
	return op.Raw{ContentType: "image/svg+xml; charset=utf-8", Body: wheel.Render(w, o)}, nil
}
