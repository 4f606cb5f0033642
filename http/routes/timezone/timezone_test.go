package timezone

import (
	"net/url"
	"strings"
	"testing"

	"github.com/astroapi/astroapi/engine/zones"
	"github.com/astroapi/astroapi/http/apitest"
	json "github.com/goccy/go-json"
)

// startGeoServer starts the harness server with the committed places index
// and the zone index, clock frozen at 2024-06-15T12:00:00Z.
func startGeoServer(t *testing.T) *apitest.Server {
	t.Helper()
	pl, zx := apitest.Geo(t)
	return apitest.Start(t, apitest.Options{Ops: apitest.Serve(Ops(Deps{Zones: zx, Places: pl})...)})
}

func TestTimezoneShow(t *testing.T) {
	ts := startGeoServer(t)
	cases := []struct {
		path            string
		name, offset    string
		abbr            string
		dst             bool
		wantLocalPrefix string
	}{
		// Clock: 2024-06-15T12:00:00Z.
		{"/api/v1/timezone/Europe/Paris", "Europe/Paris", "+02:00", "CEST", true, "2024-06-15T14:00:00"},
		{"/api/v1/timezone/UTC", "UTC", "+00:00", "UTC", false, "2024-06-15T12:00:00"},
		{"/api/v1/timezone/America/Argentina/Buenos_Aires", "America/Argentina/Buenos_Aires", "-03:00", "-03", false, "2024-06-15T09:00:00"},
		{"/api/v1/timezone/America%2FNew_York", "America/New_York", "-04:00", "EDT", true, "2024-06-15T08:00:00"},
		{"/api/v1/timezone/Asia/Kathmandu?datetime=1985-07-01T12:00:00Z", "Asia/Kathmandu", "+05:30", "+0530", false, "1985-07-01T17:30:00"},
		{"/api/v1/timezone/Europe/Amsterdam?datetime=1900-01-01", "Europe/Amsterdam", "+00:19:32", "AMT", false, "1900-01-01T00:19:32"},
		{"/api/v1/timezone/Etc/GMT+5", "Etc/GMT+5", "-05:00", "-05", false, "2024-06-15T07:00:00"},
	}
	for _, c := range cases {
		r := ts.Get(t, c.path).WantStatus(t, 200)
		var got ZoneInfo
		env := r.Envelope(t)
		if err := jsonUnmarshal(env.Result, &got); err != nil {
			t.Fatal(err)
		}
		if got.Name != c.name || got.UTCOffset != c.offset || got.Abbreviation != c.abbr || got.DST != c.dst || !strings.HasPrefix(got.LocalTime, c.wantLocalPrefix) {
			t.Errorf("%s: got %+v", c.path, got)
		}
		if env.Usage == nil {
			t.Errorf("%s: no usage block on a billed route", c.path)
		}
	}
}

func TestTimezoneHistory(t *testing.T) {
	ts := startGeoServer(t)
	t.Run("Default", func(t *testing.T) {
		var got zones.History
		r := ts.Get(t, "/api/v1/timezone/America/Argentina/Buenos_Aires/history").WantStatus(t, 200)
		if err := jsonUnmarshal(r.Envelope(t).Result, &got); err != nil {
			t.Fatal(err)
		}
		if got.FromYear != 1995 || got.ToYear != 2024 || len(got.Samples) != 120 {
			t.Fatalf("default history %d-%d with %d samples", got.FromYear, got.ToYear, len(got.Samples))
		}
		if got.Samples[0].Date != "1995-01-15" || got.Samples[119].Date != "2024-10-15" {
			t.Errorf("samples from %s to %s", got.Samples[0].Date, got.Samples[119].Date)
		}
		// Argentina kept DST in the 2007-08 and 2008-09 summers only.
		if got.Samples[52].Date != "2008-01-15" || got.Samples[52].UTCOffset != "-02:00" || !got.Samples[52].DST {
			t.Errorf("2008-01-15: %+v", got.Samples[52])
		}
		if len(got.Transitions) < 4 {
			t.Errorf("only %d transitions", len(got.Transitions))
		}
		if len(got.Summary) < 2 {
			t.Errorf("offsets_used %+v", got.Summary)
		}
	})
	t.Run("Dates", func(t *testing.T) {
		var got zones.History
		r := ts.Get(t, "/api/v1/timezone/Europe/London/history?dates="+url.QueryEscape("1941-06-15,1969-01-15, 2024-01-15,2024-07-15T00:30:00Z")).WantStatus(t, 200)
		if err := jsonUnmarshal(r.Envelope(t).Result, &got); err != nil {
			t.Fatal(err)
		}
		want := []string{"+02:00 BDST", "+01:00 BST", "+00:00 GMT", "+01:00 BST"}
		for i, s := range got.Samples {
			if s.UTCOffset+" "+s.Abbreviation != want[i] {
				t.Errorf("sample %s: %s %s, want %s", s.Date, s.UTCOffset, s.Abbreviation, want[i])
			}
		}
		if got.FromYear != 0 || !strings.HasPrefix(got.Sampling, "requested") {
			t.Errorf("sampling %q from_year %d", got.Sampling, got.FromYear)
		}
	})
	t.Run("OneSegment", func(t *testing.T) {
		ts.Get(t, "/api/v1/timezone/UTC/history?dates=2000-01-01").WantStatus(t, 200)
	})
}

func TestTimezoneLookup(t *testing.T) {
	ts := startGeoServer(t)
	cases := []struct {
		body     string
		zone     string
		nautical bool
		offset   string
	}{
		{`{"latitude":48.8566,"longitude":2.3522}`, "Europe/Paris", false, "+02:00"},
		{`{"latitude":-34.6037,"longitude":-58.3816,"datetime":"2008-01-15T12:00:00Z"}`, "America/Argentina/Buenos_Aires", false, "-02:00"},
		{`{"latitude":27.7172,"longitude":85.3240,"datetime":"1985-07-01T00:00:00Z"}`, "Asia/Kathmandu", false, "+05:30"},
		{`{"latitude":0,"longitude":-30}`, "Etc/GMT+2", true, "-02:00"},
		{`{"latitude":-40,"longitude":-140}`, "Etc/GMT+9", true, "-09:00"},
	}
	for _, c := range cases {
		var got zoneLookupResult
		r := ts.Post(t, "/api/v1/timezone/lookup", c.body).WantStatus(t, 200)
		if err := jsonUnmarshal(r.Envelope(t).Result, &got); err != nil {
			t.Fatal(err)
		}
		if got.Name != c.zone || got.Nautical != c.nautical || got.UTCOffset != c.offset {
			t.Errorf("%s: got %s nautical %v %s", c.body, got.Name, got.Nautical, got.UTCOffset)
		}
	}
}

func TestTimezoneListAndSearch(t *testing.T) {
	ts := startGeoServer(t)
	var list zoneListResult
	if err := jsonUnmarshal(ts.Get(t, "/api/v1/timezone").WantStatus(t, 200).Envelope(t).Result, &list); err != nil {
		t.Fatal(err)
	}
	if list.Count < 350 || list.Count != len(list.Zones) || list.At != "2024-06-15T12:00:00Z" {
		t.Fatalf("list: count %d, %d zones, at %s", list.Count, len(list.Zones), list.At)
	}
	found := false
	for _, z := range list.Zones {
		if z.Name == "Asia/Kolkata" {
			found = z.Country == "IN" && z.UTCOffset == "+05:30"
		}
	}
	if !found {
		t.Error("Asia/Kolkata missing or wrong in the list")
	}

	cases := []struct{ query, want, place string }{
		{"q=buenos", "America/Argentina/Buenos_Aires", ""},
		{"query=Z%C3%BCrich", "Europe/Zurich", ""},
		{"q=ZURICH", "Europe/Zurich", ""},
		{"q=india", "Asia/Kolkata", ""},
		{"q=Springfield", "America/Chicago", "Springfield, Missouri, US"}, // through the geocoder
		{"q=Cracow", "Europe/Warsaw", "Kraków, Lesser Poland, PL"},
	}
	for _, c := range cases {
		var got zoneSearchResult
		if err := jsonUnmarshal(ts.Get(t, "/api/v1/timezone/search?"+c.query).WantStatus(t, 200).Envelope(t).Result, &got); err != nil {
			t.Fatal(err)
		}
		if got.Count == 0 || got.Zones[0].Name != c.want || got.Zones[0].MatchedPlace != c.place {
			t.Errorf("search %s: %+v", c.query, got.Zones)
		}
	}
}

// TestTimezoneBadInput: every refusal is a 4xx problem naming the field.
func TestTimezoneBadInput(t *testing.T) {
	ts := startGeoServer(t)
	cases := []struct {
		name, method, path, body string
		status                   int
		field                    string
	}{
		{"ErrQOneChar", "GET", "/api/v1/timezone/search?q=a", "", 422, "q"},
		{"ErrQueryOneChar", "GET", "/api/v1/timezone/search?query=%C3%BC", "", 422, "query"},
		{"ErrQMissing", "GET", "/api/v1/timezone/search", "", 422, "q"},
		{"ErrLimit", "GET", "/api/v1/timezone/search?q=paris&limit=0", "", 422, "limit"},
		{"ErrLatitude91", "POST", "/api/v1/timezone/lookup", `{"latitude":91,"longitude":0}`, 422, "latitude"},
		{"ErrLongitude", "POST", "/api/v1/timezone/lookup", `{"latitude":0,"longitude":-181}`, 422, "longitude"},
		{"ErrLatitudeMissing", "POST", "/api/v1/timezone/lookup", `{"longitude":0}`, 422, "latitude"},
		{"ErrLatitudeType", "POST", "/api/v1/timezone/lookup", `{"latitude":"north","longitude":0}`, 422, "latitude"},
		{"ErrLookupDatetime", "POST", "/api/v1/timezone/lookup", `{"latitude":0,"longitude":0,"datetime":"yesterday"}`, 422, "datetime"},
		{"ErrDatesMalformed", "GET", "/api/v1/timezone/Europe/Paris/history?dates=2024-13-45", "", 422, "dates[0]"},
		{"ErrDatesEmptyItem", "GET", "/api/v1/timezone/Europe/Paris/history?dates=2024-01-01,,2024-02-01", "", 422, "dates[1]"},
		{"ErrUnknownParam", "GET", "/api/v1/timezone/Europe/Paris?date=2024-01-01", "", 422, "date"},
		{"ErrLookupUnknown", "POST", "/api/v1/timezone/lookup", `{"lat":1,"longitude":0}`, 422, "lat"},
		{"ErrLookupTwice", "POST", "/api/v1/timezone/lookup", `{"latitude":48.85,"longitude":2.35,"latitude":null}`, 422, "latitude"},
		{"ErrDatesWords", "GET", "/api/v1/timezone/Europe/Paris/history?dates=last%20year", "", 422, "dates[0]"},
		{"ErrShowDatetime", "GET", "/api/v1/timezone/Europe/Paris?datetime=15/06/2024", "", 422, "datetime"},
		{"ErrUnknownZone", "GET", "/api/v1/timezone/Mars/Olympus_Mons", "", 404, ""},
		{"ErrUnknownZoneHistory", "GET", "/api/v1/timezone/Mars/Olympus_Mons/history", "", 404, ""},
		{"ErrUnknownZoneOneSegment", "GET", "/api/v1/timezone/Atlantis", "", 404, ""},
		{"ErrTraversal", "GET", "/api/v1/timezone/..%2F..%2Fetc%2Fpasswd", "", 404, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := ts.Request(t, c.method, c.path, nilIfEmpty(c.body)).WantStatus(t, c.status)
			p := r.Problem(t)
			if p.Status != c.status || p.Detail == "" {
				t.Errorf("problem %+v", p)
			}
			if c.field != "" && (len(p.Errors) == 0 || p.Errors[0].Field != c.field) {
				t.Errorf("problem errors %+v, want field %q", p.Errors, c.field)
			}
		})
	}
}

// TestTimezoneNeedsKey: timezone routes are key-protected (spec 5).
func TestTimezoneNeedsKey(t *testing.T) {
	ts := startGeoServer(t)
	r := ts.Get(t, "/api/v1/timezone/Europe/Paris", "x-api-key", "")
	if r.Status != 401 {
		t.Errorf("no key: status %d", r.Status)
	}
}

func nilIfEmpty(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// jsonUnmarshal decodes raw JSON, for envelope results.
func jsonUnmarshal(raw []byte, v any) error { return json.Unmarshal(raw, v) }
