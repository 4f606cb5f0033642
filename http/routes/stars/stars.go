// Package stars is the glue of the fixed star routes (spec 4.5): the 43
// catalog stars at a date, the stars conjunct given points, and one star
// by name. Positions (engine/stars) come from the precomputed star tables,
// and from the Swiss Ephemeris (swe_fixstar2_ut) where the tables do not
// serve.
package stars

import (
	"errors"
	"fmt"
	"strings"

	"github.com/astroapi/astroapi/engine/stars"
	"github.com/astroapi/astroapi/http/op"
)

// Deps are what the fixed star routes calculate with.
type Deps struct {
	// Stars places the catalog's stars (the star tables, with the Swiss
	// Ephemeris behind them); nil: the routes answer 503.
	Stars *stars.Stars
}

// positionsText is said once in every route's description.
const positionsText = " Positions are apparent, not mean: geocentric tropical ecliptic longitude and latitude of date (true equinox) " +
	"with precession, proper motion, nutation, annual aberration and light deflection, as a chart's planets, so a star and a " +
	"planet at the same longitude are conjunct; placed at 12:00 UT of the date; `source` says whether the precomputed tables " +
	"(within 0.001\" of the Swiss Ephemeris, 1800-2400) or swe_fixstar2_ut itself (outside them, and within half a degree of the Sun) " +
	"served. Star data: sefstars.txt of the Swiss Ephemeris (Hipparcos). The 43 stars: the 15 Behenian stars (Agrippa, De occulta " +
	"philosophia I.32), the 4 royal stars of Persia, and 27 other stars Robson (1923) and Brady (1998) treat; each with alternate " +
	"names, Bayer designation, constellation, magnitude, Ptolemaic nature and the reason it is in the catalog."

// showInput is the body of POST /api/v1/fixed-stars/{name}: the date,
// and the star's name, which the path carries (the body's is ignored). The
// echo gives the name of the path.
type showInput struct {
	stars.Date
	Name string `json:"name,omitempty" doc:"the star, named in the path: its traditional name or an alternate one, ignoring case, accents, spaces and punctuation (Regulus, deneb-algedi, Zuben%20Elgenubi); POST /api/v1/fixed-stars lists every name. A name in the body is ignored (the echo gives the path's)" example:"Regulus"`
}

// Ops returns the fixed star routes. /conjunctions is declared before
// /{name}; the router prefers the static segment anyway (spec 4.5).
func Ops(d Deps) []*op.Operation {
	unavailable := op.Missing(d.Stars == nil, "neither the star tables nor the Swiss Ephemeris are available on this server")
	spec := func(id, path, summary, description string) op.Spec {
		// Cacheable: the answers depend on the request alone.
		return op.Spec{ID: id, Path: path, Family: "Sky", Summary: summary, Description: description + positionsText,
			Cacheable: true, Unavailable: unavailable}
	}
	return []*op.Operation{
		op.Post(spec("post-fixed-stars", "/api/v1/fixed-stars", "The 43 fixed stars at a date",
			"Every star of the catalog (43, `total_count`) with its position at the date, in catalog order (ecliptic longitude "+
				"at J2000), merged with its catalog entry; degrees to 7 decimal places (as the natal chart's). `magnitude_limit` is ignored (the whole catalog is always listed) and a "+
				"warning says so."), d.index),
		op.Post(spec("post-fixed-stars-conjunctions", "/api/v1/fixed-stars/conjunctions", "Fixed stars conjunct given points",
			"Every catalog star within `orb` (default 1 degree, more than 0 and at most 10) of each point of `planets` (required, 400 when "+
				"missing or empty), by ecliptic longitude alone (latitude ignored, the traditional conjunction), measured the shorter way "+
				"round (359.5 and 0.3 are 0.8 apart); closest first. Items {star, planet, star_longitude, planet_longitude, orb}, "+
				"with `orb_used` and `total_count`. Takes longitudes, not a natal chart. This path takes precedence over "+
				"/api/v1/fixed-stars/{name}."), d.conjunctions),
		op.Post(spec("post-fixed-star", "/api/v1/fixed-stars/{name}", "One fixed star at a date",
			"The star named in the path, `{date, star}`: its position at the date merged with its catalog entry. Names are "+
				"found by traditional or alternate name ignoring case, accents, spaces and punctuation; an unknown name is a 404 "+
				"that suggests the nearest names (POST /api/v1/fixed-stars lists them all). `conjunctions` is not a star: "+
				"that path is the conjunction search."), d.show),
	}
}

func (d Deps) index(c *op.Call, in *stars.IndexOptions) (stars.Index, error) {
	return d.Stars.Index(*in)
}

func (d Deps) conjunctions(c *op.Call, in *stars.ConjunctionOptions) (stars.Conjunctions, error) {
	return d.Stars.Conjunctions(*in)
}

func (d Deps) show(c *op.Call, in *showInput) (stars.Show, error) {
	// The star is the path's: a name in the body is ignored, and the echo
	// says which was used.
	name := c.Param("name")
	if in.Name != "" && in.Name != name {
		c.Warn(fmt.Sprintf("name %q in the body ignored: the star is the one named in the path (%q)", in.Name, name))
	}
	in.Name = name
	out, err := d.Stars.Show(in.Date, name)
	var unknown *stars.UnknownStarError
	if errors.As(err, &unknown) {
		return stars.Show{}, notFound(unknown)
	}
	return out, err
}

// notFound is the 404 of an unknown star: how to list the names, and the
// nearest ones.
func notFound(e *stars.UnknownStarError) error {
	detail := fmt.Sprintf("unknown star %q: not one of the %d catalog stars; POST /api/v1/fixed-stars lists them all with their alternate names",
		e.Name, stars.Count)
	reason := "not a catalog star"
	if len(e.Suggestions) > 0 {
		did := "did you mean " + strings.Join(e.Suggestions, ", ") + "?"
		detail += "; " + did
		reason += "; " + did
	}
	p := op.NewProblem(404, op.KindNotFound, detail)
	p.Errors = []op.FieldProblem{{Field: "name", Reason: reason}}
	return p
}
