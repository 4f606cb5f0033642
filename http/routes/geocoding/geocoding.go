// Package geocoding is the glue of the public geocoding routes (spec
// 4.11), answered from the offline GeoNames index of engine/places.
package geocoding

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/places"
	"github.com/astroapi/astroapi/http/op"
)

// Deps is the index the geocoding routes read.
type Deps struct {
	Places *places.Index // nil: the routes answer 503
}

// geocodingCredit is the data credit shown in the documentation of the
// geocoding routes.
const geocodingCredit = "Data: GeoNames (https://www.geonames.org), CC BY 4.0: every populated place of " +
	"more than 500 inhabitants and every seat of an administrative division (cities500), with admin-1 names; " +
	"country names from Unicode CLDR. Time zones per place are GeoNames'."

// geocodeSearchInput is the query of GET /api/v1/geocoding/search.
type geocodeSearchInput struct {
	Q       string `json:"q,omitempty" doc:"place name, at least 2 characters; accents and case are ignored and common alternate names match (Cracow, Bombay, Peking); qualify with a comma: \"Paris, TX\", \"Springfield, Illinois\", \"London, UK\"" example:"Zurich"`
	Query   string `json:"query,omitempty" doc:"alias of q"`
	Country string `json:"country,omitempty" doc:"ISO 3166-1 alpha-2 code restricting the results to one country" example:"CH"`
	Limit   int    `json:"limit,omitempty" doc:"maximum results" minimum:"1" maximum:"50" default:"10"`
}

// geocodeReverseInput is the query of GET /api/v1/geocoding/reverse.
type geocodeReverseInput struct {
	Latitude  *float64 `json:"latitude" required:"true" doc:"degrees north" minimum:"-90" maximum:"90" example:"47.3769"`
	Longitude *float64 `json:"longitude" required:"true" doc:"degrees east" minimum:"-180" maximum:"180" example:"8.5417"`
	Limit     int      `json:"limit,omitempty" doc:"maximum results, nearest first" minimum:"1" maximum:"50" default:"1"`
}

// geocodeSearchResult is the result of GET /api/v1/geocoding/search.
type geocodeSearchResult struct {
	Query   string         `json:"query"`
	Country string         `json:"country,omitempty"`
	Count   int            `json:"count"`
	Results []places.Place `json:"results" doc:"best match first: exact names before alternate names and prefixes, then by population, capitals first"`
}

// geocodeReverseResult is the result of GET /api/v1/geocoding/reverse.
type geocodeReverseResult struct {
	Latitude  float64         `json:"latitude"`
	Longitude float64         `json:"longitude"`
	Count     int             `json:"count"`
	Results   []places.Nearby `json:"results" doc:"nearest first, with the great-circle distance in km"`
}

// Ops returns the geocoding routes: public, not billed, no third-party
// calls.
func Ops(d Deps) []*op.Operation {
	unavailable := op.Missing(d.Places == nil, "geocoding is not available on this server")
	return []*op.Operation{
		op.Get(op.Spec{
			ID: "get-geocoding-search", Path: "/api/v1/geocoding/search", Family: "Agents", Access: op.Public,
			Summary: "Find places by name",
			Description: "Offline geocoding of a place name to coordinates, country, first-level division, population " +
				"and IANA time zone. No key needed, not billed. \"Paris\" is the French capital; \"Paris, TX\" " +
				"narrows by state or country. " + geocodingCredit,
			Unavailable: unavailable,
		}, d.search),
		op.Get(op.Spec{
			ID: "get-geocoding-reverse", Path: "/api/v1/geocoding/reverse", Family: "Agents", Access: op.Public,
			Summary: "Nearest places to a coordinate",
			Description: "The populated places nearest to a latitude/longitude (pure distance: the village next door " +
				"comes before the city further away). No key needed, not billed. " + geocodingCredit,
			Unavailable: unavailable,
		}, d.reverse),
	}
}

func (d Deps) search(c *op.Call, in *geocodeSearchInput) (geocodeSearchResult, error) {
	q, field, err := op.SearchText(in.Q, in.Query)
	if err != nil {
		return geocodeSearchResult{}, err
	}
	if utf8.RuneCountInString(q) > 200 {
		return geocodeSearchResult{}, &engine.FieldError{Field: field, Reason: "is longer than 200 characters"}
	}
	n := in.Limit // 1-50, default 10 (the door's)
	cc := strings.ToUpper(strings.TrimSpace(in.Country))
	if cc != "" {
		if len(cc) != 2 || cc[0] < 'A' || cc[0] > 'Z' || cc[1] < 'A' || cc[1] > 'Z' {
			return geocodeSearchResult{}, &engine.FieldError{Field: "country", Reason: fmt.Sprintf("%q is not an ISO 3166-1 alpha-2 code (e.g. FR, US)", in.Country)}
		}
		if _, ok := d.Places.Country(cc); !ok {
			return geocodeSearchResult{}, &engine.FieldError{Field: "country", Reason: fmt.Sprintf("%q is not a country of the index", cc)}
		}
	}
	res := d.Places.Search(q, cc, n)
	if res == nil {
		res = []places.Place{}
	}
	return geocodeSearchResult{Query: q, Country: cc, Count: len(res), Results: res}, nil
}

func (d Deps) reverse(c *op.Call, in *geocodeReverseInput) (geocodeReverseResult, error) {
	lat, lon := *in.Latitude, *in.Longitude
	res := d.Places.ReverseDistance(lat, lon, in.Limit) // 1-50, default 1 (the door's)
	return geocodeReverseResult{Latitude: lat, Longitude: lon, Count: len(res), Results: res}, nil
}
