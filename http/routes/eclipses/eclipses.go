// Package eclipses is the glue of the eclipse routes (spec 4.8): the
// catalog from a date, the eclipses to come, and an eclipse laid on a
// natal chart. The catalog (engine/eclipses) is read once from the table
// file, where the generator stored every solar and lunar eclipse
// 1800-2400 found with the Swiss Ephemeris; every call is a lookup.
package eclipses

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/eclipses"
	"github.com/astroapi/astroapi/http/op"
	"github.com/astroapi/astroapi/tables"
)

// Deps are what the eclipse routes read.
type Deps struct {
	// Tables hold the eclipse catalog; nil (or a file written before the
	// catalog existed): the routes answer 503 and say why.
	Tables *tables.Set
}

// routes are the handlers over one catalog.
type routes struct{ cat *eclipses.Catalog }

// load builds the catalog from the tables, or says why it cannot.
func load(set *tables.Set) (*eclipses.Catalog, string) {
	if set == nil {
		return nil, "the precomputed tables are not loaded on this server (run astroapi gen), so the eclipse catalog is unavailable"
	}
	m, recs, err := set.Eclipses()
	if errors.Is(err, tables.ErrNoEclipses) {
		return nil, "the table file on this server predates the eclipse catalog: regenerate it with astroapi gen"
	}
	if err != nil {
		return nil, "the eclipse catalog of the table file cannot be read (" + err.Error() + "): regenerate it with astroapi gen"
	}
	cat, err := eclipses.New(m, recs)
	if err != nil {
		return nil, "the eclipse catalog of the table file is inconsistent (" + err.Error() + "): regenerate it with astroapi gen"
	}
	return cat, ""
}

// conventionsText is said once in every route's description.
const conventionsText = " Every record: `type` (solar: total, annular, hybrid, partial; lunar: total, partial, penumbral), `kind`, " +
	"`date` and `datetime` of greatest eclipse (UTC, to the second), `degree` (apparent geocentric tropical ecliptic longitude of date " +
	"at greatest eclipse: the Sun's for a solar eclipse, the Moon's for a lunar one), `sign` and `sign_degree`, `saros_series` and " +
	"`saros_member` (NASA's numbering), `node` (ascending when the Moon's latitude is increasing at greatest eclipse), NASA's " +
	"`magnitude` and `gamma`, durations in seconds, and for solar eclipses the place of greatest eclipse. " +
	"Computed with the Swiss Ephemeris (swe_sol_eclipse_when_glob, swe_lun_eclipse_when and their companions) for 1800-2400 " +
	"and served from the precomputed table."

// listInput is the query of GET /api/v1/eclipses.
type listInput struct {
	From  string        `json:"from,omitempty" doc:"first date, YYYY-MM-DD (UTC): eclipses whose greatest eclipse falls on this day or later; default today (UTC); 1800-01-01 to 2400-01-01, the catalog's span" example:"2024-01-01"`
	Kind  eclipses.Kind `json:"kind,omitempty" doc:"only solar or only lunar eclipses (default both)" example:"solar"`
	Type  eclipses.Type `json:"type,omitempty" doc:"only eclipses of this type: total, partial (either kind), annular, hybrid (solar), penumbral (lunar); default all"`
	Count *int          `json:"count,omitempty" doc:"number of eclipses, 1 to 50 (default 10; a value over 50 becomes 10, as the API's limits say, with a warning; below 1 is refused)" minimum:"1" maximum:"50" default:"10" example:"4"`
}

// upcomingInput is the query of GET /api/v1/eclipses/upcoming.
type upcomingInput struct {
	Count *int `json:"count,omitempty" doc:"number of eclipses, 1 to 50 (default 10; a value over 50 becomes 10, as the API's limits say, with a warning; below 1 is refused)" minimum:"1" maximum:"50" default:"10" example:"4"`
}

// listEcho is the interpreted query of the list routes.
type listEcho struct {
	From  string        `json:"from,omitempty"`
	Kind  eclipses.Kind `json:"kind,omitempty"`
	Type  eclipses.Type `json:"type,omitempty"`
	Count int           `json:"count"`
}

// Ops returns the eclipse routes.
func Ops(d Deps) []*op.Operation {
	cat, unavailable := load(d.Tables)
	r := routes{cat}
	spec := func(id, path, summary, description string) op.Spec {
		return op.Spec{ID: id, Path: path, Family: "Sky", Summary: summary, Description: description + conventionsText, Unavailable: unavailable}
	}
	activations := spec("post-eclipses-activations", "/api/v1/eclipses/activations", "An eclipse laid on a natal chart",
		"The eclipse within 3 days of `eclipse_date` (a 404 when there is none: the answer names the nearest ones) laid on a natal chart: "+
			"the natal points conjunct the eclipse degree or opposite it within `orb` (default 3 degrees, at most 10), by ecliptic "+
			"longitude the shorter way round, closest first; the natal house holding the eclipse degree; and the eclipse's Saros family "+
			"(series, member, and the series' previous and next eclipses, one Saros of 18 years 11 days away; null outside 1800-2400). "+
			"`natal.planets` and `natal.houses` are required (400 when missing). They may be the natal route's own result passed "+
			"straight through (`planets[].name` and `.longitude`, `houses.cusps[].longitude`, every other key ignored), or plain "+
			"`[{name, longitude}]` and the twelve cusp longitudes, first house first. Longitudes in degrees, 0-360.")
	// Cacheable: the answer depends on the request alone.
	activations.Cacheable = true
	return []*op.Operation{
		op.Get(spec("get-eclipses", "/api/v1/eclipses", "Eclipse catalog from a date",
			"Up to `count` eclipses (default 10, 1 to 50; over 50 gives 10) from `from` (default today, UTC), in order of greatest "+
				"eclipse, optionally only one `kind` (solar, lunar) or `type`. Fewer near 2400, where the catalog ends."), r.list),
		op.Get(spec("get-eclipses-upcoming", "/api/v1/eclipses/upcoming", "The next eclipses",
			"The next `count` eclipses, solar and lunar (default 10, 1 to 50; over 50 gives 10), whose greatest eclipse is after "+
				"the instant of the request."), r.upcoming),
		op.Post(activations, r.activations),
	}
}

// count applies the count rule of spec 8 and warns when a value over 50
// was replaced.
func count(c *op.Call, n *int) (int, error) {
	v, fe := eclipses.ResolveCount(n)
	if fe != nil {
		return 0, fe
	}
	if n != nil && *n > eclipses.MaxCount {
		c.Warn(fmt.Sprintf("count %d is over %d: %d eclipses listed (the API's count rule)", *n, eclipses.MaxCount, eclipses.DefaultCount))
	}
	return v, nil
}

// parseDate reads a calendar date (YYYY-MM-DD) or an RFC 3339 instant,
// whose UTC date is taken. Unreadable values are a 400 naming field.
func parseDate(field, s string) (time.Time, error) {
	s = strings.TrimSpace(s)
	if t, err := time.Parse(time.DateOnly, s); err == nil {
		return t, nil
	}
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		t = t.UTC()
		return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC), nil
	}
	return time.Time{}, op.BadRequest(field, fmt.Sprintf("%q is not a date: send YYYY-MM-DD (e.g. 2024-04-08)", s))
}

// inSpan refuses a date outside the catalog, naming field.
func (r routes) inSpan(field string, day time.Time) error {
	from, to := r.cat.Span()
	first := from.Truncate(24 * time.Hour)
	if day.Before(first) || day.After(to) {
		return &engine.FieldError{Field: field, Reason: fmt.Sprintf("must be from %s to %s (the catalog's span)",
			first.Format(time.DateOnly), to.Format(time.DateOnly))}
	}
	return nil
}

func (r routes) list(c *op.Call, in *listInput) (eclipses.List, error) {
	var day time.Time
	if strings.TrimSpace(in.From) == "" {
		now := c.Now().UTC()
		day = time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	} else {
		var err error
		if day, err = parseDate("from", in.From); err != nil {
			return eclipses.List{}, err
		}
	}
	n, err := count(c, in.Count)
	if err != nil {
		return eclipses.List{}, err
	}
	c.Echo(listEcho{From: day.Format(time.DateOnly), Kind: in.Kind, Type: in.Type, Count: n})
	if err := r.inSpan("from", day); err != nil {
		return eclipses.List{}, err
	}
	return r.cat.List(eclipses.ListOptions{From: day, Kind: in.Kind, Type: in.Type, Count: &n})
}

// upcoming answers {total, eclipses} (spec 2.5), with the conventions
// beside them.
func (r routes) upcoming(c *op.Call, in *upcomingInput) (eclipses.List, error) {
	n, err := count(c, in.Count)
	if err != nil {
		return eclipses.List{}, err
	}
	c.Echo(listEcho{Count: n})
	return r.cat.Upcoming(c.Now(), eclipses.UpcomingOptions{Count: &n})
}

// nearest describes the eclipses either side of day, for the 404 of a
// date with no eclipse near it.
func (r routes) nearest(day time.Time) string {
	all := r.cat.All()
	i := sort.Search(len(all), func(i int) bool { return !all[i].Datetime.Before(day) })
	var near []string
	for _, j := range []int{i - 1, i} {
		if j >= 0 && j < len(all) {
			near = append(near, all[j].Date+" ("+string(all[j].Kind)+" "+string(all[j].Type)+")")
		}
	}
	return strings.Join(near, " and ")
}
