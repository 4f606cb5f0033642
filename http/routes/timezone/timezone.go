// Package timezone is the glue of the timezone routes (spec 4.3): the IANA
// zone list, zone search, the zone at a coordinate, a zone's rule at an
// instant and its history (engine/zones).
package timezone

import (
	"fmt"
	"strings"
	"time"

	json "github.com/goccy/go-json"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/calendar"
	"github.com/astroapi/astroapi/engine/moment"
	"github.com/astroapi/astroapi/engine/places"
	"github.com/astroapi/astroapi/engine/zones"
	"github.com/astroapi/astroapi/http/op"
)

// Offsets come from the IANA tz database (the system's, else Go's embedded
// copy), so they are right historically: local mean time before standard
// time, war time, changed base offsets, half- and quarter-hour zones.

// Deps are the indexes the timezone routes read.
type Deps struct {
	Zones  *zones.Index  // nil: the routes answer 503
	Places *places.Index // nil: search finds zones by name and country only
}

// timezoneCredit is the data credit shown in the documentation of every
// timezone route.
const timezoneCredit = "Offsets: IANA tz database. Zone boundaries: timezone-boundary-builder " +
	"(ODbL 1.0) through github.com/ringsaturn/tzf. Zone countries and places: GeoNames (CC BY 4.0)."

// zoneListInput is the query of GET /api/v1/timezone.
type zoneListInput struct {
	Datetime moment.Date `json:"datetime,omitempty" doc:"instant at which offsets are given, ISO 8601 (a value without offset is UTC, a date alone its 00:00 UTC); default now" example:"2024-06-15T12:00:00Z"`
}

// zoneSearchInput is the query of GET /api/v1/timezone/search.
type zoneSearchInput struct {
	Q     string `json:"q,omitempty" doc:"search text, at least 2 characters: part of a zone name, a country, or a place; case- and accent-insensitive" example:"buenos"`
	Query string `json:"query,omitempty" doc:"alias of q"`
	Limit int    `json:"limit,omitempty" doc:"maximum zones returned" minimum:"1" maximum:"100" default:"20"`
}

// zoneLookupInput is the body of POST /api/v1/timezone/lookup.
type zoneLookupInput struct {
	Latitude  *float64    `json:"latitude" required:"true" doc:"degrees north" minimum:"-90" maximum:"90" example:"48.8566"`
	Longitude *float64    `json:"longitude" required:"true" doc:"degrees east" minimum:"-180" maximum:"180" example:"2.3522"`
	Datetime  moment.Date `json:"datetime,omitempty" doc:"instant for the offset, ISO 8601 (without offset: UTC; a date alone: its 00:00 UTC); default now" example:"1990-07-14T12:00:00Z"`
}

// zoneInput is the query of GET /api/v1/timezone/{name} and of its
// history, GET /api/v1/timezone/{name}/history (one catch-all route: IANA
// names hold slashes).
type zoneInput struct {
	Name     string        `json:"name" doc:"IANA zone name, slashes as they are (America/Argentina/Buenos_Aires); a name followed by /history asks for its history" example:"Europe/Paris"`
	Datetime moment.Date   `json:"datetime,omitempty" doc:"instant, ISO 8601 (without offset: UTC) or a date YYYY-MM-DD (00:00 UTC); default now (not with /history)" example:"1944-07-01T12:00:00Z"`
	Dates    []moment.Date `json:"dates,omitempty" doc:"with /history: ISO dates (YYYY-MM-DD, read at 12:00 local time) or ISO 8601 instants (without offset: UTC), comma-separated as a query parameter; at most 500; default: day 15 of January, April, July and October of the 30 years ending with the current year" example:"[\"1900-01-01\",\"1942-07-01\",\"2024-07-15\"]" maxItems:"500"`
}

// zoneResult is the answer of the zone route: a zone at an instant, or its
// history (exactly one is set, and written as itself).
type zoneResult struct {
	zone    *ZoneInfo
	history *zones.History
}

// MarshalJSON writes the zone or the history.
func (r zoneResult) MarshalJSON() ([]byte, error) {
	if r.history != nil {
		return json.Marshal(r.history)
	}
	return json.Marshal(r.zone)
}

// OneOf tells the documents that the result is one of these shapes.
func (zoneResult) OneOf() []any { return []any{ZoneInfo{}, zones.History{}} }

// ZoneInfo is a zone with its rule at one instant.
type ZoneInfo struct {
	zones.Zone
	zones.State
}

// zoneListResult is the result of GET /api/v1/timezone.
type zoneListResult struct {
	At    string     `json:"at" doc:"the instant of the offsets, RFC 3339 UTC"`
	Count int        `json:"count"`
	Zones []ZoneInfo `json:"zones"`
}

// zoneSearchHit is one zone found by a search.
type zoneSearchHit struct {
	ZoneInfo
	MatchedPlace string `json:"matched_place,omitempty" doc:"the place whose name matched, when the zone was found through a place"`
}

// zoneSearchResult is the result of GET /api/v1/timezone/search.
type zoneSearchResult struct {
	Query string          `json:"query"`
	Count int             `json:"count"`
	Zones []zoneSearchHit `json:"zones"`
}

// zoneLookupResult is the result of POST /api/v1/timezone/lookup.
type zoneLookupResult struct {
	Latitude  float64 `json:"latitude"`
	Longitude float64 `json:"longitude"`
	Nautical  bool    `json:"nautical" doc:"true at sea: the zone is the nautical Etc/GMT±N of the longitude band (POSIX sign: Etc/GMT+2 is UTC-2)"`
	ZoneInfo
}

// Ops returns the timezone routes.
func Ops(d Deps) []*op.Operation {
	spec := func(id, path, summary, description string) op.Spec {
		return op.Spec{ID: id, Path: path, Family: "Agents", Summary: summary, Description: description + " " + timezoneCredit,
			Unavailable: op.Missing(d.Zones == nil, "time zones are not available on this server")}
	}
	// The zone list is reference data: an MCP resource too.
	list := spec("get-timezone-list", "/api/v1/timezone", "List of IANA time zones",
		"Every IANA zone in use by a place or at sea, with its offset, abbreviation and DST flag "+
			"at `datetime` (default now), the country of its largest place and its largest places.")
	list.Resource = true
	return []*op.Operation{
		op.Get(list, d.list),
		op.Get(spec("get-timezone-search", "/api/v1/timezone/search", "Search time zones by zone name, country or place",
			"Zones whose name, country or largest places contain the words of `q` (or `query`), "+
				"case- and accent-insensitive, then the zones of places found by the geocoder "+
				"(\"Springfield\" finds America/Chicago). `q` needs at least 2 characters."), d.search),
		op.Post(spec("post-timezone-lookup", "/api/v1/timezone/lookup", "Time zone at a coordinate",
			"The IANA zone at a latitude/longitude from an embedded boundary index (no network), with "+
				"the offset, abbreviation and DST flag at `datetime` (default now). At sea the answer is the "+
				"nautical zone of the 15° longitude band, Etc/GMT±N with the POSIX sign (Etc/GMT+2 is UTC-2), and "+
				"`nautical` is true; Antarctic stations have their own zones. Boundaries are simplified, so points "+
				"within a few hundred metres of a border may fall on either side."), d.lookup),
		op.Get(spec("get-timezone", "/api/v1/timezone/{name:*}", "A time zone at an instant, or its history",
			"The UTC offset, abbreviation and DST flag of an IANA zone at `datetime` (default now). "+
				"Names contain slashes and are sent as they are: /api/v1/timezone/America/Argentina/Buenos_Aires. "+
				"An unknown name is a 404. "+
				"Followed by /history (/api/v1/timezone/Europe/Paris/history), the rule of the zone at each of the comma-separated `dates`, or by default on day 15 of "+
				"January, April, July and October (12:00 local time) over the 30 years ending with the current year "+
				"(from_year and to_year say which), plus every transition between the first and last sample. "+
				"Historical offsets include local mean time, war time and changed base offsets."), d.zone),
	}
}

// zone answers a zone or, for a name ending in /history, its history.
func (d Deps) zone(c *op.Call, in *zoneInput) (zoneResult, error) {
	name := c.Param("name")
	in.Name = name // echoed
	if h, ok := strings.CutSuffix(name, "/history"); ok {
		if in.Datetime != "" {
			c.Warn("datetime ignored: a history takes dates")
		}
		r, err := d.history(c, h, in.Dates)
		return zoneResult{history: r}, err
	}
	if len(in.Dates) > 0 {
		c.Warn("dates ignored: they apply to /history")
	}
	r, err := d.show(c, name, in.Datetime)
	return zoneResult{zone: r}, err
}

// instantOr returns the instant of a datetime (no offset: UTC; a date
// alone: its 00:00 UTC, ISO 8601's proleptic Gregorian calendar), or the
// call's now when it is empty.
func instantOr(c *op.Call, field string, d moment.Date) (time.Time, error) {
	if d == "" {
		c.UsesNow()
		return c.Now(), nil
	}
	return d.In("UTC", calendar.Gregorian, field)
}

func info(z zones.Zone, loc *time.Location, t time.Time) ZoneInfo {
	return ZoneInfo{Zone: z, State: zones.At(loc, t)}
}

func (d Deps) list(c *op.Call, in *zoneListInput) (zoneListResult, error) {
	t, err := instantOr(c, "datetime", in.Datetime)
	if err != nil {
		return zoneListResult{}, err
	}
	all := d.Zones.Zones()
	out := zoneListResult{At: t.UTC().Format(time.RFC3339), Count: len(all), Zones: make([]ZoneInfo, len(all))}
	for i, z := range all {
		loc, _ := d.Zones.Location("name", z.Name)
		out.Zones[i] = info(z, loc, t)
	}
	return out, nil
}

func (d Deps) search(c *op.Call, in *zoneSearchInput) (zoneSearchResult, error) {
	q, _, err := op.SearchText(in.Q, in.Query)
	if err != nil {
		return zoneSearchResult{}, err
	}
	limit := in.Limit // 1-100, default 20 (the door's)
	now := c.Now()
	out := zoneSearchResult{Query: q, Zones: []zoneSearchHit{}}
	seen := map[string]bool{}
	for _, z := range d.Zones.Search(q, limit) {
		loc, _ := d.Zones.Location("q", z.Name)
		out.Zones = append(out.Zones, zoneSearchHit{ZoneInfo: info(z, loc, now)})
		seen[z.Name] = true
	}
	if d.Places != nil && len(out.Zones) < limit {
		for _, pl := range d.Places.Search(q, "", limit) {
			if len(out.Zones) >= limit || seen[pl.Timezone] {
				continue
			}
			z, ok := d.Zones.Zone(pl.Timezone)
			if !ok {
				continue
			}
			seen[z.Name] = true
			loc, _ := d.Zones.Location("q", z.Name)
			label := pl.Name
			if pl.Admin1 != "" && pl.Admin1 != pl.Name {
				label += ", " + pl.Admin1
			}
			label += ", " + pl.Country
			out.Zones = append(out.Zones, zoneSearchHit{ZoneInfo: info(z, loc, now), MatchedPlace: label})
		}
	}
	out.Count = len(out.Zones)
	return out, nil
}

func (d Deps) lookup(c *op.Call, in *zoneLookupInput) (zoneLookupResult, error) {
	lat, lon := *in.Latitude, *in.Longitude
	t, err := instantOr(c, "datetime", in.Datetime)
	if err != nil {
		return zoneLookupResult{}, err
	}
	name, ok := d.Zones.ZoneAt(lat, lon)
	if !ok {
		return zoneLookupResult{}, op.Unavailable("the time-zone boundary index is not available on this server")
	}
	loc, err := d.Zones.Location("timezone", name)
	if err != nil {
		return zoneLookupResult{}, fmt.Errorf("boundary index zone %q not in the tz database: %w", name, err)
	}
	z, found := d.Zones.Zone(name)
	if !found {
		z = zones.Zone{Name: name}
	}
	return zoneLookupResult{
		Latitude: lat, Longitude: lon,
		Nautical: strings.HasPrefix(name, "Etc/"),
		ZoneInfo: info(z, loc, t),
	}, nil
}

// lookupZone resolves a path's zone name to its entry and location, or a
// 404 problem.
func lookupZone(ix *zones.Index, name string) (zones.Zone, *time.Location, error) {
	loc, err := ix.Location("name", name)
	if err != nil {
		return zones.Zone{}, nil, op.NotFound(fmt.Sprintf("unknown IANA time zone %q; GET /api/v1/timezone lists them and /api/v1/timezone/search finds one", name))
	}
	z, ok := ix.Zone(name)
	if !ok {
		z = zones.Zone{Name: loc.String()}
	}
	return z, loc, nil
}

func (d Deps) show(c *op.Call, name string, datetime moment.Date) (*ZoneInfo, error) {
	z, loc, err := lookupZone(d.Zones, name)
	if err != nil {
		return nil, err
	}
	t, err := instantOr(c, "datetime", datetime)
	if err != nil {
		return nil, err
	}
	zi := info(z, loc, t)
	return &zi, nil
}

func (d Deps) history(c *op.Call, name string, dates []moment.Date) (*zones.History, error) {
	_, loc, err := lookupZone(d.Zones, name)
	if err != nil {
		return nil, err
	}
	if len(dates) == 0 {
		c.UsesNow()
		h := zones.DefaultHistory(loc, c.Now())
		return &h, nil
	}
	instants := make([]time.Time, len(dates))
	labels := make([]string, len(dates))
	for i, d := range dates {
		field := fmt.Sprintf("dates[%d]", i)
		if d == "" {
			return nil, &engine.FieldError{Field: field, Reason: "is empty; send dates such as 1990-07-14"}
		}
		if cv := d.Civil(); !cv.HasTime {
			// Noon local: clear of the midnight DST changes of some zones.
			instants[i] = time.Date(cv.Year, time.Month(cv.Month), cv.Day, 12, 0, 0, 0, loc)
		} else if instants[i], err = d.In("UTC", calendar.Gregorian, field); err != nil {
			return nil, err
		}
		labels[i] = string(d)
	}
	h := zones.NewHistory(loc, instants, labels)
	h.Sampling = "requested dates (a bare date is read at 12:00 local time)"
	return &h, nil
}
