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
	"github.com/astroapi/astroapi/engine/swe"
	"github.com/astroapi/astroapi/http/op"
	"github.com/astroapi/astroapi/tables"
)

// Deps are what the fixed star routes calculate with. Either may be nil;
// both nil: the routes answer 503.
type Deps struct {
	Tables *tables.Set    // the star tables (1800-2400)
	Swiss  *swe.Ephemeris // swe_fixstar2_ut, for what the tables do not serve
}

// routes are the handlers over one star source.
type routes struct{ s *stars.Stars }

// positionsText is said once in every route's description.
const positionsText = " Positions are apparent, not mean: geocentric tropical ecliptic longitude and latitude of date (true equinox) " +
	"with precession, proper motion, nutation, annual aberration and light deflection, as a chart's planets, so a star and a " +
	"planet at the same longitude are conjunct; placed at 12:00 UT of the date; `source` says whether the precomputed tables " +
	"(within 0.001\" of the Swiss Ephemeris, 1800-2400) or swe_fixstar2_ut itself (outside them, and within half a degree of the Sun) " +
	"served. Star data: sefstars.txt of the Swiss Ephemeris (Hipparcos). The 43 stars: the 15 Behenian stars (Agrippa, De occulta " +
	"philosophia I.32), the 4 royal stars of Persia, and 27 other stars Robson (1923) and Brady (1998) treat; each with alternate " +
	"names, Bayer designation, constellation, magnitude, Ptolemaic nature and the reason it is in the catalog."

// dateInput is the date every star route takes.
type dateInput struct {
	Year  int `json:"year" required:"true" doc:"year (Gregorian calendar), 1 to 3000; the Swiss Ephemeris files cover 1800-2400, outside them libswe's Moshier theory places the Earth" minimum:"1" maximum:"3000" example:"2024"`
	Month int `json:"month" required:"true" doc:"month, 1-12" minimum:"1" maximum:"12" example:"4"`
	Day   int `json:"day" required:"true" doc:"day of the month" minimum:"1" maximum:"31" example:"8"`
}

func (d dateInput) date() stars.Date { return stars.Date{Year: d.Year, Month: d.Month, Day: d.Day} }

// indexInput is the body of POST /api/v1/fixed-stars.
type indexInput struct {
	dateInput
	MagnitudeLimit *float64 `json:"magnitude_limit,omitempty" doc:"ignored: the index always lists all 43 stars (spec 4.5); a warning says so"`
}

// conjunctionsInput is the body of POST /api/v1/fixed-stars/conjunctions.
type conjunctionsInput struct {
	dateInput
	Planets []stars.Planet `json:"planets" doc:"the points to test (required: 400 when missing or empty), each a name and an ecliptic longitude in degrees, 0-360; at most 100. The natal route's planets fit (their other keys are ignored, with a warning each)" example:"[{\"name\":\"Sun\",\"longitude\":19.4},{\"name\":\"Mars\",\"longitude\":150.1},{\"name\":\"Venus\",\"longitude\":203.8}]"`
	Orb     *float64       `json:"orb,omitempty" doc:"largest separation in ecliptic longitude, degrees (more than 0, at most 10)" minimum:"0" maximum:"10" default:"1" example:"1"`
}

// showInput is the body of POST /api/v1/fixed-stars/{name}.
type showInput struct {
	dateInput
	Name string `json:"name,omitempty" doc:"the star, named in the path: its traditional name or an alternate one, ignoring case, accents, spaces and punctuation (Regulus, deneb-algedi, Zuben%20Elgenubi); POST /api/v1/fixed-stars lists every name. A name in the body is ignored" example:"Regulus"`
}

// echo is the interpreted input of the star routes.
type echo struct {
	Date    string         `json:"date"`
	Name    string         `json:"name,omitempty"`
	Planets []stars.Planet `json:"planets,omitempty"`
	Orb     float64        `json:"orb,omitempty"`
}

// Ops returns the fixed star routes. /conjunctions is declared before
// /{name}; the router prefers the static segment anyway (spec 4.5).
func Ops(d Deps) []*op.Operation {
	// stars.New wants nil interfaces, not typed nil pointers, for an
	// absent source.
	var tab stars.Tables
	if d.Tables != nil {
		tab = d.Tables
	}
	var eph stars.Ephemeris
	if d.Swiss != nil {
		eph = d.Swiss
	}
	r := routes{stars.New(tab, eph)}
	unavailable := op.Missing(tab == nil && eph == nil, "neither the star tables nor the Swiss Ephemeris are available on this server")
	spec := func(id, path, summary, description string) op.Spec {
		// Cacheable: the answers depend on the request alone.
		return op.Spec{ID: id, Path: path, Family: "Sky", Summary: summary, Description: description + positionsText,
			Cacheable: true, Unavailable: unavailable}
	}
	return []*op.Operation{
		op.Post(spec("post-fixed-stars", "/api/v1/fixed-stars", "The 43 fixed stars at a date",
			"Every star of the catalog (43, `total_count`) with its position at the date, in catalog order (ecliptic longitude "+
				"at J2000), merged with its catalog entry; degrees to 7 decimal places (as the natal chart's). `magnitude_limit` is ignored (the whole catalog is always listed) and a "+
				"warning says so."), r.index),
		op.Post(spec("post-fixed-stars-conjunctions", "/api/v1/fixed-stars/conjunctions", "Fixed stars conjunct given points",
			"Every catalog star within `orb` (default 1 degree, at most 10) of each point of `planets` (required, 400 when "+
				"missing), by ecliptic longitude alone (latitude ignored, the traditional conjunction), measured the shorter way "+
				"round (359.5 and 0.3 are 0.8 apart); closest first. Items {star, planet, star_longitude, planet_longitude, orb}, "+
				"with `orb_used` and `total_count`. Takes longitudes, not a natal chart. This path takes precedence over "+
				"/api/v1/fixed-stars/{name}."), r.conjunctions),
		op.Post(spec("post-fixed-star", "/api/v1/fixed-stars/{name}", "One fixed star at a date",
			"The star named in the path, `{date, star}`: its position at the date merged with its catalog entry. Names are "+
				"found by traditional or alternate name ignoring case, accents, spaces and punctuation; an unknown name is a 404 "+
				"that suggests the nearest names (POST /api/v1/fixed-stars lists them all). `conjunctions` is not a star: "+
				"that path is the conjunction search."), r.show),
	}
}

func (r routes) index(c *op.Call, in *indexInput) (stars.Index, error) {
	d := in.date()
	c.Echo(echo{Date: d.String()})
	out, err := r.s.Index(stars.IndexOptions{Date: d, MagnitudeLimit: in.MagnitudeLimit})
	// The warning goes to the envelope, where every route puts its
	// notices; the result keeps it too (engine/stars' own record).
	c.Warn(out.Warnings...)
	return out, err
}

func (r routes) conjunctions(c *op.Call, in *conjunctionsInput) (stars.Conjunctions, error) {
	if len(in.Planets) == 0 {
		// Spec 7: missing planets is a 400, not the decoder's 422.
		return stars.Conjunctions{}, op.BadRequest("planets", "is required: an array of {name, longitude} (longitudes in degrees)")
	}
	d := in.date()
	orb := stars.DefaultOrb
	if in.Orb != nil {
		orb = *in.Orb
	}
	c.Echo(echo{Date: d.String(), Planets: in.Planets, Orb: orb})
	return r.s.Conjunctions(stars.ConjunctionOptions{Date: d, Planets: in.Planets, Orb: in.Orb})
}

func (r routes) show(c *op.Call, in *showInput) (stars.Show, error) {
	name := c.Param("name")
	if in.Name != "" && in.Name != name {
		c.Warn(fmt.Sprintf("name %q in the body ignored: the star is the one named in the path (%q)", in.Name, name))
	}
	d := in.date()
	c.Echo(echo{Date: d.String(), Name: name})
	out, err := r.s.Show(d, name)
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
