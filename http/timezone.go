package http

import (
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/zones"
)

// Timezone routes (spec 4.3): the IANA zone list, zone search, the zone at
// a coordinate, a zone's rule at an instant and its history. Offsets come
// from the IANA tz database (the system's, else Go's embedded copy), so they
// are right historically: local mean time before standard time, war time,
// changed base offsets, half- and quarter-hour zones.

func init() { registerFamily(timezoneOps) }

// timezoneCredit is the data credit shown in the documentation of every
// timezone route.
const timezoneCredit = "Offsets: IANA tz database. Zone boundaries: timezone-boundary-builder " +
	"(ODbL 1.0) through github.com/ringsaturn/tzf. Zone countries and places: GeoNames (CC BY 4.0)."

// maxHistoryDates bounds the dates of one history request.
const maxHistoryDates = 500

// maxTransitions bounds the transitions listed by a history.
const maxTransitions = 400

// zoneListInput is the query of GET /api/v1/timezone.
type zoneListInput struct {
	Datetime string `json:"datetime,omitempty" doc:"instant at which offsets are given, RFC 3339 (a value without offset is UTC); default now" example:"2024-06-15T12:00:00Z"`
}

// zoneSearchInput is the query of GET /api/v1/timezone/search.
type zoneSearchInput struct {
	Q     string `json:"q,omitempty" doc:"search text, at least 2 characters: part of a zone name, a country, or a place; case- and accent-insensitive" example:"buenos"`
	Query string `json:"query,omitempty" doc:"alias of q"`
	Limit int    `json:"limit,omitempty" doc:"maximum zones returned" minimum:"1" maximum:"100" default:"20"`
}

// zoneLookupInput is the body of POST /api/v1/timezone/lookup.
type zoneLookupInput struct {
	Latitude  *float64 `json:"latitude" required:"true" doc:"degrees north" minimum:"-90" maximum:"90" example:"48.8566"`
	Longitude *float64 `json:"longitude" required:"true" doc:"degrees east" minimum:"-180" maximum:"180" example:"2.3522"`
	Datetime  string   `json:"datetime,omitempty" doc:"instant for the offset, RFC 3339 (without offset: UTC); default now" example:"1990-07-14T12:00:00Z"`
}

// zoneShowInput is the query of GET /api/v1/timezone/{name}.
type zoneShowInput struct {
	Datetime string `json:"datetime,omitempty" doc:"instant, RFC 3339 (without offset: UTC) or a date YYYY-MM-DD (00:00 UTC); default now" example:"1944-07-01T12:00:00Z"`
}

// zoneHistoryInput is the query of GET /api/v1/timezone/{name}/history.
type zoneHistoryInput struct {
	Dates string `json:"dates,omitempty" doc:"comma-separated ISO dates (YYYY-MM-DD, read at 12:00 local time) or RFC 3339 instants; at most 500; default: day 15 of January, April, July and October of the 30 years ending with the current year" example:"1900-01-01,1942-07-01,2024-07-15"`
}

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

// historySample is a zone's rule at one requested date.
type historySample struct {
	Date string `json:"date" doc:"the date or instant as requested"`
	zones.State
}

// zoneHistoryResult is the result of GET /api/v1/timezone/{name}/history.
type zoneHistoryResult struct {
	Timezone    string              `json:"timezone"`
	Sampling    string              `json:"sampling" doc:"how the dates were chosen"`
	FromYear    int                 `json:"from_year,omitempty" doc:"first year of the default sample"`
	ToYear      int                 `json:"to_year,omitempty" doc:"last year of the default sample"`
	Samples     []historySample     `json:"samples"`
	Transitions []zones.Transition  `json:"transitions" doc:"changes of offset, abbreviation or DST between the first and last sample (at most 400)"`
	Truncated   bool                `json:"transitions_truncated,omitempty"`
	Summary     []zoneHistoryPeriod `json:"offsets_used" doc:"distinct offsets seen in the samples, in order of first appearance"`
}

// zoneHistoryPeriod is one distinct (offset, abbreviation, DST) of a history.
type zoneHistoryPeriod struct {
	UTCOffset    string `json:"utc_offset"`
	Abbreviation string `json:"abbreviation"`
	DST          bool   `json:"dst"`
	First        string `json:"first" doc:"first sample date with it"`
	Last         string `json:"last" doc:"last sample date with it"`
}

func timezoneOps(s *Server) []Operation {
	show := Operation{
		ID: "get-timezone", Method: "GET", Path: "/api/v1/timezone/{name}", Family: "Agents", Billed: true,
		Summary: "A time zone at an instant",
		Description: "The UTC offset, abbreviation and DST flag of an IANA zone at `datetime` (default now). " +
			"Names contain slashes and are sent as they are: /api/v1/timezone/America/Argentina/Buenos_Aires. " +
			"An unknown name is a 404. " + timezoneCredit,
		Input: zoneShowInput{}, Output: ZoneInfo{},
		Handle: func(c *Call) (any, error) { return zoneShow(c, zoneParam(c)) },
	}
	history := Operation{
		ID: "get-timezone-history", Method: "GET", Path: "/api/v1/timezone/{name}/history", Family: "Agents", Billed: true,
		Summary: "A time zone's offsets over time",
		Description: "The rule of an IANA zone at each of the comma-separated `dates`, or by default on day 15 of " +
			"January, April, July and October (12:00 local time) over the 30 years ending with the current year " +
			"(from_year and to_year say which), plus every transition between the first and last sample. " +
			"Historical offsets include local mean time, war time and changed base offsets. " + timezoneCredit,
		Input: zoneHistoryInput{}, Output: zoneHistoryResult{},
		Handle: func(c *Call) (any, error) { return zoneHistory(c, zoneParam(c)) },
	}
	ops := []Operation{
		{
			ID: "get-timezone-list", Method: "GET", Path: "/api/v1/timezone", Family: "Agents", Billed: true,
			Summary: "List of IANA time zones",
			Description: "Every IANA zone in use by a place or at sea, with its offset, abbreviation and DST flag " +
				"at `datetime` (default now), the country of its largest place and its largest places. " + timezoneCredit,
			Input: zoneListInput{}, Output: zoneListResult{},
			Handle: zoneList,
		},
		{
			ID: "get-timezone-search", Method: "GET", Path: "/api/v1/timezone/search", Family: "Agents", Billed: true,
			Summary: "Search time zones by zone name, country or place",
			Description: "Zones whose name, country or largest places contain the words of `q` (or `query`), " +
				"case- and accent-insensitive, then the zones of places found by the geocoder " +
				"(\"Springfield\" finds America/Chicago). `q` needs at least 2 characters. " + timezoneCredit,
			Input: zoneSearchInput{}, Output: zoneSearchResult{},
			Handle: zoneSearch,
		},
		{
			ID: "post-timezone-lookup", Method: "POST", Path: "/api/v1/timezone/lookup", Family: "Agents", Billed: true,
			Summary: "Time zone at a coordinate",
			Description: "The IANA zone at a latitude/longitude from an embedded boundary index (no network), with " +
				"the offset, abbreviation and DST flag at `datetime` (default now). At sea the answer is the " +
				"nautical zone of the 15° longitude band, Etc/GMT±N with the POSIX sign (Etc/GMT+2 is UTC-2), and " +
				"`nautical` is true; Antarctic stations have their own zones. Boundaries are simplified, so points " +
				"within a few hundred metres of a border may fall on either side. " + timezoneCredit,
			Input: zoneLookupInput{}, Output: zoneLookupResult{},
			Handle: zoneLookup,
		},
		show, history,
	}
	// IANA names have one to three segments; the router's {name} holds one,
	// so hidden twins take the longer names. zoneParam joins the segments.
	for _, extra := range []string{"/{city}", "/{city}/{sub}"} {
		sh, hi := show, history
		sh.ID += "-" + fmt.Sprint(strings.Count(extra, "/")+1)
		hi.ID += "-" + fmt.Sprint(strings.Count(extra, "/")+1)
		sh.Path = "/api/v1/timezone/{name}" + extra
		hi.Path = "/api/v1/timezone/{name}" + extra + "/history"
		sh.Hidden, hi.Hidden = true, true
		ops = append(ops, sh, hi)
	}
	return ops
}

// zoneParam reassembles the zone name from the path segments.
func zoneParam(c *Call) string {
	name := c.Param("name")
	if v := c.Param("city"); v != "" {
		name += "/" + v
	}
	if v := c.Param("sub"); v != "" {
		name += "/" + v
	}
	return name
}

// zoneIndex returns the server's zone index or a 503 problem.
func zoneIndex(c *Call) (*zones.Index, error) {
	ix := c.Server().Zones()
	if ix == nil {
		return nil, newProblem(503, kindUnavailable, "time zones are not available on this server")
	}
	return ix, nil
}

// parseInstant reads an RFC 3339 instant; without an offset it is UTC; a
// bare date is 00:00 UTC. Unreadable values are a 400 naming field.
func parseInstant(field, s string) (time.Time, error) {
	s = strings.TrimSpace(s)
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04:05", "2006-01-02T15:04", "2006-01-02"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t.UTC(), nil
		}
	}
	return time.Time{}, BadRequest(field, fmt.Sprintf("%q is not an ISO 8601 date or RFC 3339 instant (e.g. 1990-07-14 or 1990-07-14T12:30:00Z)", s))
}

// instantOr returns the parsed datetime or the call's now.
func instantOr(c *Call, field, s string) (time.Time, error) {
	if strings.TrimSpace(s) == "" {
		return c.Now(), nil
	}
	return parseInstant(field, s)
}

func info(z zones.Zone, loc *time.Location, t time.Time) ZoneInfo {
	return ZoneInfo{Zone: z, State: zones.At(loc, t)}
}

func zoneList(c *Call) (any, error) {
	ix, err := zoneIndex(c)
	if err != nil {
		return nil, err
	}
	var in zoneListInput
	if err := c.Decode(&in); err != nil {
		return nil, err
	}
	t, err := instantOr(c, "datetime", in.Datetime)
	if err != nil {
		return nil, err
	}
	all := ix.Zones()
	out := zoneListResult{At: t.UTC().Format(time.RFC3339), Count: len(all), Zones: make([]ZoneInfo, len(all))}
	for i, z := range all {
		loc, _ := ix.Location("name", z.Name)
		out.Zones[i] = info(z, loc, t)
	}
	return out, nil
}

// searchText picks the search text of a route that takes q or its alias
// query (q wins when both are sent) and enforces the 2-character minimum of
// spec 4.3. field names the parameter the text came from, for later errors.
func searchText(q, query string) (text, field string, err error) {
	text, field = strings.TrimSpace(q), "q"
	if text == "" {
		text, field = strings.TrimSpace(query), "query"
	}
	if text == "" {
		return "", "q", BadRequest("q", "is required: send q (or query) with at least 2 characters")
	}
	if utf8.RuneCountInString(text) < 2 {
		return "", field, BadRequest(field, "needs at least 2 characters")
	}
	return text, field, nil
}

func zoneSearch(c *Call) (any, error) {
	ix, err := zoneIndex(c)
	if err != nil {
		return nil, err
	}
	var in zoneSearchInput
	if err := c.Decode(&in); err != nil {
		return nil, err
	}
	q, _, err := searchText(in.Q, in.Query)
	if err != nil {
		return nil, err
	}
	limit := in.Limit
	if c.Has("limit") && (limit < 1 || limit > 100) {
		return nil, &engine.FieldError{Field: "limit", Reason: "must be between 1 and 100"}
	}
	if limit == 0 {
		limit = 20
	}
	now := c.Now()
	out := zoneSearchResult{Query: q, Zones: []zoneSearchHit{}}
	seen := map[string]bool{}
	for _, z := range ix.Search(q, limit) {
		loc, _ := ix.Location("q", z.Name)
		out.Zones = append(out.Zones, zoneSearchHit{ZoneInfo: info(z, loc, now)})
		seen[z.Name] = true
	}
	if p := c.Server().Places(); p != nil && len(out.Zones) < limit {
		for _, pl := range p.Search(q, "", limit) {
			if len(out.Zones) >= limit || seen[pl.Timezone] {
				continue
			}
			z, ok := ix.Zone(pl.Timezone)
			if !ok {
				continue
			}
			seen[z.Name] = true
			loc, _ := ix.Location("q", z.Name)
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

func zoneLookup(c *Call) (any, error) {
	ix, err := zoneIndex(c)
	if err != nil {
		return nil, err
	}
	var in zoneLookupInput
	if err := c.Decode(&in); err != nil {
		return nil, err
	}
	lat, lon := *in.Latitude, *in.Longitude
	if err := checkCoordinates(lat, lon); err != nil {
		return nil, err
	}
	t, err := instantOr(c, "datetime", in.Datetime)
	if err != nil {
		return nil, err
	}
	name, ok := ix.ZoneAt(lat, lon)
	if !ok {
		return nil, newProblem(503, kindUnavailable, "the time-zone boundary index is not available on this server")
	}
	loc, err := ix.Location("timezone", name)
	if err != nil {
		return nil, fmt.Errorf("boundary index zone %q not in the tz database: %w", name, err)
	}
	z, found := ix.Zone(name)
	if !found {
		z = zones.Zone{Name: name}
	}
	return zoneLookupResult{
		Latitude: lat, Longitude: lon,
		Nautical: strings.HasPrefix(name, "Etc/"),
		ZoneInfo: info(z, loc, t),
	}, nil
}

// checkCoordinates validates a latitude/longitude pair as 422 field errors.
func checkCoordinates(lat, lon float64) error {
	var errs engine.Fields
	if !(lat >= -90 && lat <= 90) {
		errs = append(errs, &engine.FieldError{Field: "latitude", Reason: "must be between -90 and 90"})
	}
	if !(lon >= -180 && lon <= 180) {
		errs = append(errs, &engine.FieldError{Field: "longitude", Reason: "must be between -180 and 180"})
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

// lookupZone resolves a path's zone name to its entry and location, or a
// 404 problem.
func lookupZone(ix *zones.Index, name string) (zones.Zone, *time.Location, error) {
	loc, err := ix.Location("name", name)
	if err != nil {
		return zones.Zone{}, nil, NotFound(fmt.Sprintf("unknown IANA time zone %q; GET /api/v1/timezone lists them and /api/v1/timezone/search finds one", name))
	}
	z, ok := ix.Zone(name)
	if !ok {
		z = zones.Zone{Name: loc.String()}
	}
	return z, loc, nil
}

func zoneShow(c *Call, name string) (any, error) {
	ix, err := zoneIndex(c)
	if err != nil {
		return nil, err
	}
	var in zoneShowInput
	if err := c.Decode(&in); err != nil {
		return nil, err
	}
	z, loc, err := lookupZone(ix, name)
	if err != nil {
		return nil, err
	}
	t, err := instantOr(c, "datetime", in.Datetime)
	if err != nil {
		return nil, err
	}
	return info(z, loc, t), nil
}

func zoneHistory(c *Call, name string) (any, error) {
	ix, err := zoneIndex(c)
	if err != nil {
		return nil, err
	}
	var in zoneHistoryInput
	if err := c.Decode(&in); err != nil {
		return nil, err
	}
	z, loc, err := lookupZone(ix, name)
	if err != nil {
		return nil, err
	}
	out := zoneHistoryResult{Timezone: z.Name, Samples: []historySample{}, Transitions: []zones.Transition{}}
	var instants []time.Time
	var labels []string
	if strings.TrimSpace(in.Dates) == "" {
		instants, out.FromYear, out.ToYear = zones.DefaultHistoryDates(loc, c.Now())
		out.Sampling = fmt.Sprintf("default: day 15 of January, April, July and October at 12:00 local time, %d-%d", out.FromYear, out.ToYear)
		for _, t := range instants {
			labels = append(labels, t.Format("2006-01-02"))
		}
	} else {
		parts := strings.Split(in.Dates, ",")
		if len(parts) > maxHistoryDates {
			return nil, BadRequest("dates", fmt.Sprintf("at most %d dates, got %d", maxHistoryDates, len(parts)))
		}
		for i, p := range parts {
			p = strings.TrimSpace(p)
			if p == "" {
				return nil, BadRequest("dates", fmt.Sprintf("date %d is empty; send comma-separated dates such as 1990-07-14,2000-01-15", i+1))
			}
			var t time.Time
			if d, err := time.ParseInLocation("2006-01-02", p, loc); err == nil {
				// Noon local: clear of the midnight DST changes of some zones.
				t = time.Date(d.Year(), d.Month(), d.Day(), 12, 0, 0, 0, loc)
			} else if t, err = parseInstant("dates", p); err != nil {
				return nil, BadRequest("dates", fmt.Sprintf("date %d (%q) is not YYYY-MM-DD or an RFC 3339 instant", i+1, p))
			}
			instants = append(instants, t)
			labels = append(labels, p)
		}
		out.Sampling = "requested dates (a bare date is read at 12:00 local time)"
	}
	first, last := instants[0], instants[0]
	for i, t := range instants {
		st := zones.At(loc, t)
		out.Samples = append(out.Samples, historySample{Date: labels[i], State: st})
		if t.Before(first) {
			first = t
		}
		if t.After(last) {
			last = t
		}
		out.Summary = addPeriod(out.Summary, st, labels[i])
	}
	out.Transitions = zones.Transitions(loc, first, last, maxTransitions+1)
	if len(out.Transitions) > maxTransitions {
		out.Transitions, out.Truncated = out.Transitions[:maxTransitions], true
	}
	return out, nil
}

// addPeriod records st in the list of distinct offsets.
func addPeriod(list []zoneHistoryPeriod, st zones.State, label string) []zoneHistoryPeriod {
	for i := range list {
		p := &list[i]
		if p.UTCOffset == st.UTCOffset && p.Abbreviation == st.Abbreviation && p.DST == st.DST {
			p.Last = label
			return list
		}
	}
	return append(list, zoneHistoryPeriod{UTCOffset: st.UTCOffset, Abbreviation: st.Abbreviation, DST: st.DST, First: label, Last: label})
}
