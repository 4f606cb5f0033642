// Package eclipses is the glue of the eclipse routes (spec 4.8): the
// catalog from a date, the eclipses to come, and an eclipse laid on a
// natal chart. The catalog (engine/eclipses) is read once from the table
// file, where the generator stored every solar and lunar eclipse
// 1800-2400 found with the Swiss Ephemeris; every call is a lookup. The
// requests are engine/eclipses' and resolve themselves at the door: a
// handler reads one and asks the catalog.
package eclipses

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/astroapi/astroapi/engine/eclipses"
	"github.com/astroapi/astroapi/http/op"
)

// Deps are what the eclipse routes read.
type Deps struct {
	// Catalog is the eclipse catalog (eclipses.Load); nil: the routes
	// answer 503 with Missing.
	Catalog *eclipses.Catalog
	// Missing says why the catalog is absent (eclipses.Load's error): the
	// detail of the 503, which tells the operator what to do.
	Missing error
}

// conventionsText is said once in every route's description.
const conventionsText = " Every record: `type` (solar: total, annular, hybrid, partial; lunar: total, partial, penumbral), `kind`, " +
	"`date` and `datetime` of greatest eclipse (UTC, to the second), `degree` (apparent geocentric tropical ecliptic longitude of date " +
	"at greatest eclipse: the Sun's for a solar eclipse, the Moon's for a lunar one), `sign` and `sign_degree`, `saros_series` and " +
	"`saros_member` (NASA's numbering), `node` (ascending when the Moon's latitude is increasing at greatest eclipse), NASA's " +
	"`magnitude` and `gamma`, durations in seconds, and for solar eclipses the place of greatest eclipse. " +
	"Computed with the Swiss Ephemeris (swe_sol_eclipse_when_glob, swe_lun_eclipse_when and their companions) for 1800-2400 " +
	"and served from the precomputed table."

// Ops returns the eclipse routes.
func Ops(d Deps) []*op.Operation {
	unavailable := ""
	if d.Catalog == nil {
		unavailable = "the eclipse catalog is unavailable on this server"
		if d.Missing != nil {
			unavailable = d.Missing.Error()
		}
	}
	spec := func(id, path, summary, description string) op.Spec {
		return op.Spec{ID: id, Path: path, Family: "Sky", Summary: summary, Description: description + conventionsText, Unavailable: unavailable}
	}
	activations := spec("post-eclipses-activations", "/api/v1/eclipses/activations", "An eclipse laid on a natal chart",
		"The eclipse within 3 days of `eclipse_date` (a 404 when there is none: the answer names the nearest ones) laid on a natal chart: "+
			"the natal points conjunct the eclipse degree or opposite it within `orb` (default 3 degrees, more than 0 and at most 10), by ecliptic "+
			"longitude the shorter way round, closest first; the natal house holding the eclipse degree; and the eclipse's Saros family "+
			"(series, member, and the series' previous and next eclipses, one Saros of 18 years 11 days away; null outside 1800-2400). "+
			"`natal.planets` (`[{name, longitude}]`, at most 100) and `natal.houses` (the twelve cusp longitudes, first house first) "+
			"are required: 400 when either is missing or empty. From the natal route's result, send its planets' name and longitude "+
			"and its houses.cusps' longitudes. Longitudes in degrees, 0-360. The echo gives `eclipse_date` as the UTC date read and the orb used.")
	// Cacheable: the answer depends on the request alone.
	activations.Cacheable = true
	return []*op.Operation{
		op.Get(spec("get-eclipses", "/api/v1/eclipses", "Eclipse catalog from a date",
			"Up to `count` eclipses (default 10, 1 to 50; over 50 gives 10, with a warning) from `from` (default today, UTC), in order of greatest "+
				"eclipse, optionally only one `kind` (solar, lunar) or `type`. Fewer near 2400, where the catalog ends. The echo states the "+
				"first date and the count used."), d.list),
		op.Get(spec("get-eclipses-upcoming", "/api/v1/eclipses/upcoming", "The next eclipses",
			"The next `count` eclipses, solar and lunar (default 10, 1 to 50; over 50 gives 10, with a warning), whose greatest eclipse is after "+
				"the instant of the request."), d.upcoming),
		op.Post(activations, d.activations),
	}
}

func (d Deps) list(c *op.Call, in *eclipses.ListRequest) (eclipses.List, error) {
	return in.List(d.Catalog)
}

// upcoming answers {total, eclipses} (spec 2.5), with the conventions
// beside them.
func (d Deps) upcoming(c *op.Call, in *eclipses.UpcomingRequest) (eclipses.List, error) {
	return in.Upcoming(d.Catalog)
}

func (d Deps) activations(c *op.Call, in *eclipses.ActivationsRequest) (eclipses.Activations, error) {
	out, err := in.Activations(d.Catalog)
	var none *eclipses.NoEclipseError
	if errors.As(err, &none) {
		return eclipses.Activations{}, notFound(none)
	}
	return out, err
}

// notFound is the 404 of a date with no eclipse near it: the nearest
// eclipses, and how to list them.
func notFound(e *eclipses.NoEclipseError) error {
	near := make([]string, len(e.Nearest))
	for i, n := range e.Nearest {
		near[i] = n.Date + " (" + string(n.Kind) + " " + string(n.Type) + ")"
	}
	return op.NotFound(fmt.Sprintf("no eclipse within %d days of %s (eclipse_date); the nearest are %s. "+
		"GET /api/v1/eclipses?from=YYYY-MM-DD lists the eclipses from a date", eclipses.NearDays, e.Day.Format(time.DateOnly), strings.Join(near, " and ")))
}
