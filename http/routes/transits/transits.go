// Package transits is the glue of the transit routes (spec 4.4): the sky
// at an instant as a chart (GET and POST /api/v1/transits), transits to a
// natal chart (POST /api/v1/transits/to-natal) and their bi-wheel
// (POST /api/v1/transits/to-natal/svg), calculated by engine/transits.
// The transit instant is read with engine/moment, as every route that
// takes a moment reads it; the birth is the natal route's input under
// "natal".
package transits

import (
	"errors"
	"fmt"
	"strings"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/aspects"
	"github.com/astroapi/astroapi/engine/birth"
	"github.com/astroapi/astroapi/engine/jsonw"
	"github.com/astroapi/astroapi/engine/moment"
	"github.com/astroapi/astroapi/engine/natal"
	"github.com/astroapi/astroapi/engine/sky"
	"github.com/astroapi/astroapi/engine/transits"
	"github.com/astroapi/astroapi/engine/wheel"
	"github.com/astroapi/astroapi/http/op"
)

// Deps are what the transit routes calculate with.
type Deps struct {
	Positions engine.Positions // nil: the routes answer 503
	Births    *birth.Resolver
}

// instantNote explains the transit instant in every description.
const instantNote = " The transit instant: datetime (ISO 8601; with Z or an offset it names an instant, without one it is a local time in timezone), " +
	"or year, month, day with optional hour, minute, second (local time in timezone, IANA, default UTC), or nothing for the time of the call " +
	"(such answers are never cached). Years run from -3000 to 3000 (0 is 1 BC); dates before 1582-10-15 are Julian unless calendar says gregorian. " +
	"The interpreted instant is echoed in input.instant."

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

// skyOptions are the chart options of the transit sky.
type skyOptions struct {
	sky.Zodiac
	NodeType            natal.Node `json:"node_type,omitempty" doc:"lunar node: true (osculating) or mean" default:"true"`
	IncludeAsteroids    bool       `json:"include_asteroids,omitempty" doc:"add Ceres, Pallas, Juno and Vesta" default:"false"`
	IncludeMinorAspects bool       `json:"include_minor_aspects,omitempty" doc:"also look for semi-sextile, semi-square, quintile, sesquiquadrate, biquintile and quincunx" default:"false"`
}

// skyQuery is the query of GET /api/v1/transits.
type skyQuery struct {
	moment.Input
	skyOptions
}

// skyRequest is the body of POST /api/v1/transits.
type skyRequest struct {
	moment.Input
	skyOptions
	Orbs map[string]float64 `json:"orbs,omitempty" doc:"orb in degrees per aspect name, replacing the defaults; only the aspects listed are looked for" example:"{\"conjunction\":10,\"square\":6}"`
}

// skyEcho is the interpreted input of the transit sky.
type skyEcho struct {
	Instant             moment.Resolved `json:"instant" doc:"the instant as read"`
	ZodiacType          string          `json:"zodiac_type" doc:"zodiac used" enum:"tropical,sidereal"`
	Ayanamsa            engine.Ayanamsa `json:"ayanamsa,omitempty" doc:"ayanamsa used (sidereal only)"`
	NodeType            string          `json:"node_type" doc:"lunar node used" enum:"true,mean"`
	IncludeAsteroids    bool            `json:"include_asteroids"`
	IncludeMinorAspects bool            `json:"include_minor_aspects"`
}

// collect adds the field errors of err to errs and returns nil, or returns
// err when it is another failure.
func collect(errs *engine.Fields, err error) error {
	var fs engine.Fields
	var fe *engine.FieldError
	switch {
	case err == nil:
	case errors.As(err, &fs):
		*errs = append(*errs, fs...)
	case errors.As(err, &fe):
		*errs = append(*errs, fe)
	default:
		return err
	}
	return nil
}

func (d Deps) skyGet(c *op.Call, in *skyQuery) (*transits.Sky, error) {
	return d.sky(c, &in.Input, in.skyOptions, nil)
}

func (d Deps) skyPost(c *op.Call, in *skyRequest) (*transits.Sky, error) {
	return d.sky(c, &in.Input, in.skyOptions, in.Orbs)
}

func (d Deps) sky(c *op.Call, in *moment.Input, so skyOptions, orbMap map[string]float64) (*transits.Sky, error) {
	var errs engine.Fields
	at, err := in.Resolve(c, "")
	if err := collect(&errs, err); err != nil {
		return nil, err
	}
	sid, notes := so.Zodiac.Sidereal()
	c.Warn(notes...)
	o := transits.Options{Sidereal: sid, Node: so.NodeType, IncludeAsteroids: so.IncludeAsteroids, MinorAspects: so.IncludeMinorAspects}
	if orbMap != nil {
		orbs, bad := aspects.ParseOrbs(orbMap, "orbs")
		errs = append(errs, bad...)
		o.Orbs = orbs
	}
	if len(errs) > 0 {
		return nil, errs
	}
	res, err := transits.At(d.Positions, at.JDUT(), o)
	if err != nil {
		return nil, err
	}
	c.Echo(skyEcho{Instant: at, ZodiacType: res.ZodiacType, Ayanamsa: sid, NodeType: res.Conventions.Node,
		IncludeAsteroids: so.IncludeAsteroids, IncludeMinorAspects: so.IncludeMinorAspects})
	notesOf(c, "", res.Source, res.Omitted)
	return res, nil
}

// notesOf warns about positions from the Moshier theory and bodies left
// out; prefix names the chart ("natal: ").
func notesOf(c *op.Call, prefix string, src engine.Source, omitted []string) {
	if len(omitted) > 0 {
		c.Warn(fmt.Sprintf("%stransiting %s left out: the ephemeris files cover them only from 1800 to 2400", prefix, strings.Join(omitted, ", ")))
	}
	if src == engine.FromMoshier {
		c.Warn(prefix + "transit positions from the Swiss Ephemeris' Moshier theory (outside the 1800-2400 ephemeris files): about an arcsecond for the planets, a few arcseconds for the Moon")
	}
}

// toNatalRequest is the body of the to-natal routes.
type toNatalRequest struct {
	Natal natal.Request `json:"natal" required:"true" doc:"the birth and its chart settings, as the natal route takes them (POST /api/v1/natal)"`
	moment.Input
	Orbs                map[string]float64 `json:"orbs,omitempty" doc:"transit-to-natal orb in degrees per aspect name, replacing the defaults (3° conjunction, opposition, square, trine; 2° sextile; 1° each minor aspect); only the aspects listed are looked for" example:"{\"conjunction\":3,\"opposition\":3,\"square\":2,\"trine\":2}"`
	IncludeMinorAspects bool               `json:"include_minor_aspects,omitempty" doc:"also look for the minor transit aspects (semi-sextile, semi-square, quintile, sesquiquadrate, biquintile, quincunx) at 1°" default:"false"`
	WindowDays          *float64           `json:"window_days,omitempty" doc:"perfections (exact_at) are searched this many days either side of the transit instant" minimum:"1" maximum:"90" default:"30"`
	AllPerfections      bool               `json:"all_perfections,omitempty" doc:"list every perfection of each aspect within the window (retrograde loops give up to three)" default:"false"`
}

// toNatalEcho is the interpreted input of the to-natal routes.
type toNatalEcho struct {
	Natal               *natal.Echo     `json:"natal" doc:"the birth as read"`
	Instant             moment.Resolved `json:"instant" doc:"the transit instant as read"`
	IncludeMinorAspects bool            `json:"include_minor_aspects"`
	WindowDays          float64         `json:"window_days" doc:"days either side of the instant searched for perfections"`
	AllPerfections      bool            `json:"all_perfections"`
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

// castToNatal resolves and casts a to-natal request. The caller releases
// the chart.
func (d Deps) castToNatal(c *op.Call, in *toNatalRequest) (*natal.Chart, *natal.Echo, *transits.ToNatal, moment.Resolved, error) {
	var errs engine.Fields
	chart, echo, warnings, err := in.Natal.Cast(d.Positions, d.Births, "natal.")
	if err := collect(&errs, err); err != nil {
		return nil, nil, nil, moment.Resolved{}, err
	}
	at, err := in.Input.Resolve(c, "")
	if err := collect(&errs, err); err != nil {
		return nil, nil, nil, moment.Resolved{}, err
	}
	o := transits.ToNatalOptions{AllPerfections: in.AllPerfections, Options: transits.Options{MinorAspects: in.IncludeMinorAspects}}
	if in.WindowDays != nil {
		if w := *in.WindowDays; !(w >= 1 && w <= transits.MaxWindowDays) {
			errs = append(errs, &engine.FieldError{Field: "window_days", Reason: fmt.Sprintf("must be between 1 and %d days (omitted: %d)", transits.MaxWindowDays, transits.DefaultWindowDays)})
		}
		o.WindowDays = *in.WindowDays
	}
	if in.Orbs != nil {
		orbs, bad := aspects.ParseOrbs(in.Orbs, "orbs")
		errs = append(errs, bad...)
		o.Orbs = orbs
	}
	if len(errs) > 0 {
		if chart != nil {
			chart.Release()
		}
		return nil, nil, nil, moment.Resolved{}, errs
	}
	// The transiting node and asteroids follow the natal chart's.
	o.Node, o.IncludeAsteroids = in.Natal.NodeType, in.Natal.IncludeAsteroids
	res, err := transits.ToNatalChart(d.Positions, chart, at.JDUT(), o)
	if err != nil {
		chart.Release()
		return nil, nil, nil, moment.Resolved{}, err
	}
	for _, w := range warnings {
		c.Warn("natal: " + w)
	}
	notesOf(c, "", res.Source, res.Omitted)
	c.Echo(toNatalEcho{Natal: echo, Instant: at, IncludeMinorAspects: in.IncludeMinorAspects, WindowDays: res.WindowDays, AllPerfections: in.AllPerfections})
	return chart, echo, res, at, nil
}

func (d Deps) toNatal(c *op.Call, in *toNatalRequest) (*ToNatal, error) {
	chart, _, res, _, err := d.castToNatal(c, in)
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

// svgRequest is the to-natal body plus the drawing options.
type svgRequest struct {
	toNatalRequest
	Theme wheel.Theme `json:"theme,omitempty" doc:"colour scheme of the wheel" default:"light"`
	Size  int         `json:"size,omitempty" doc:"width and height of the SVG in pixels (the drawing scales; the viewBox is 1000 x 1000)" minimum:"200" maximum:"4000" default:"600"`
}

func (d Deps) svg(c *op.Call, in *svgRequest) (op.Raw, error) {
	o := wheel.Options{Size: in.Size, Theme: in.Theme}
	if errs := o.Validate(); len(errs) > 0 {
		return op.Raw{}, errs
	}
	chart, echo, res, at, err := d.castToNatal(c, &in.toNatalRequest)
	if err != nil {
		return op.Raw{}, err
	}
	defer chart.Release()
	title := echo.BirthDate + " " + echo.BirthTime[:5] + " " + echo.Timezone
	if echo.Location != nil {
		title = echo.Location.Name + ", " + title
	}
	title += " · transits " + at.Date + " " + at.Time[:5] + " " + at.Timezone
	return op.Raw{ContentType: "image/svg+xml; charset=utf-8", Body: wheel.Render(res.Wheel(chart, title), o)}, nil
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
