// Package locational is the glue of the locational routes: the relocated
// chart, astrocartography lines (GeoJSON and an SVG world map) and local
// space lines, computed by engine/locational from birth packets resolved
// by engine/birth.
package locational

import (
	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/locational"
	"github.com/astroapi/astroapi/engine/natal"
	"github.com/astroapi/astroapi/http/op"
)

// Deps are what the locational routes calculate with.
type Deps struct {
	Positions engine.Positions // nil: the routes answer 503
}

// Ops returns the locational routes.
func Ops(d Deps) []*op.Operation {
	unavailable := op.Missing(d.Positions == nil, "no ephemeris is configured on this server")
	return []*op.Operation{
		op.Post(op.Spec{
			ID: "post-relocation", Path: "/api/v1/relocation", Family: "Charts", Cacheable: true, Recycle: true,
			Summary: "Relocated chart: the birth instant cast at another place",
			Description: "The natal chart of the birth instant cast for another place (relocation: latitude and longitude, or location): " +
				"the same planets, new angles, house cusps and house placements, aspects to the new angles. The answer has the natal route's shape. " +
				"The birth's own place sets its local time and zone.",
			Unavailable: unavailable,
		}, d.relocation),
		op.Post(op.Spec{
			ID: "post-astrocartography", Path: "/api/v1/astrocartography", Family: "Charts", Cacheable: true,
			Summary: "Astrocartography lines as GeoJSON",
			Description: "Where on Earth each body was on an angle at the birth instant: MC and IC lines (meridians where the body culminated or " +
				"anticulminated) and ASC and DSC curves (where it rose or set), as GeoJSON MultiLineString features cut at the antimeridian, " +
				"from the bodies' apparent right ascension and declination. include_parans adds the parans (latitudes where two bodies are on angles at " +
				"the same moment). bodies: keys, default sun..pluto.",
			Unavailable: unavailable,
		}, d.astrocartography),
		op.Post(op.Spec{
			ID: "post-astrocartography-svg", Path: "/api/v1/astrocartography/svg", Family: "Charts", Produces: "image/svg+xml",
			Summary: "Astrocartography world map (SVG)",
			Description: "The lines of /api/v1/astrocartography on a world map (equirectangular; Natural Earth's 1:110m land outline, public domain; " +
				"a 30° graticule), each body in its colour with its glyph at the top of its MC line: MC solid, IC dashed, ASC long dashes, DSC dotted. " +
				"Glyphs are SVG paths, so no astrological font is needed. Options: theme (light, dark) and width (pixels).",
			Unavailable: unavailable,
		}, d.mapSVG),
		op.Post(op.Spec{
			ID: "post-local-space", Path: "/api/v1/local-space", Family: "Charts", Cacheable: true,
			Summary: "Local space: the bodies' azimuths and their great circles",
			Description: "Each body's azimuth (from north through east) and altitude at the birthplace at the birth instant, and its local space line: " +
				"the great circle leaving the birthplace in that direction, all the way round the Earth, as GeoJSON cut at the antimeridian.",
			Unavailable: unavailable,
		}, d.localSpace),
	}
}

func (d Deps) relocation(c *op.Call, in *locational.RelocationRequest) (*natal.Chart, error) {
	return in.Cast(d.Positions, c)
}

func (d Deps) astrocartography(c *op.Call, in *locational.MapRequest) (*locational.Map, error) {
	return in.Draw(d.Positions, c)
}

func (d Deps) mapSVG(c *op.Call, in *locational.MapSVGRequest) (op.Raw, error) {
	b, err := in.Render(d.Positions, c)
	if err != nil {
		return op.Raw{}, err
	}
	return op.Raw{ContentType: "image/svg+xml; charset=utf-8", Body: b}, nil
}

func (d Deps) localSpace(c *op.Call, in *locational.LocalSpaceRequest) (*locational.LocalSpaceMap, error) {
	return in.Draw(d.Positions, c)
}
