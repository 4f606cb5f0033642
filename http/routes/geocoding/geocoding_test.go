package geocoding

import (
	"testing"

	"github.com/astroapi/astroapi/engine/accuracy/measure"
)

func TestGeocodingSearch(t *testing.T) {
	ts := startGeoServer(t)
	cases := []struct {
		query         string
		name, country string
		admin1        string
		count         int // 0: any
	}{
		{"q=Paris", "Paris", "FR", "Île-de-France", 0},
		{"q=Paris%2C+TX", "Paris", "US", "Texas", 1},
		{"q=Zurich", "Zürich", "CH", "", 0},
		{"query=Cracow", "Kraków", "PL", "", 0},
		{"q=Sao+Paulo&limit=3", "São Paulo", "BR", "", 3},
		{"q=Springfield&country=us&limit=50", "Springfield", "US", "Missouri", 0},
		{"q=Delhi", "Delhi", "IN", "", 0},
		{"q=New+Delhi", "New Delhi", "IN", "", 0},
		{"q=xqzzyv", "", "", "", 0},
	}
	for _, c := range cases {
		// Public: no key.
		r := ts.Get(t, "/api/v1/geocoding/search?"+c.query, "x-api-key", "").WantStatus(t, 200)
		env := r.Envelope(t)
		var got geocodeSearchResult
		if err := jsonUnmarshal(env.Result, &got); err != nil {
			t.Fatal(err)
		}
		if c.name == "" {
			if got.Count != 0 || got.Results == nil {
				t.Errorf("%s: %+v, want an empty list", c.query, got)
			}
			continue
		}
		if got.Count == 0 || got.Count != len(got.Results) {
			t.Fatalf("%s: count %d, %d results", c.query, got.Count, len(got.Results))
		}
		p := got.Results[0]
		if p.Name != c.name || p.Country != c.country || (c.admin1 != "" && p.Admin1 != c.admin1) || p.Timezone == "" {
			t.Errorf("%s: first %+v", c.query, p)
		}
		if c.count != 0 && got.Count != c.count {
			t.Errorf("%s: %d results, want %d", c.query, got.Count, c.count)
		}
	}
}

func TestGeocodingReverse(t *testing.T) {
	ts := startGeoServer(t)
	r := ts.Get(t, "/api/v1/geocoding/reverse?latitude=50.0540&longitude=19.9354&limit=3", "x-api-key", "").WantStatus(t, 200)
	var got geocodeReverseResult
	if err := jsonUnmarshal(r.Envelope(t).Result, &got); err != nil {
		t.Fatal(err)
	}
	if got.Count != 3 || got.Results[0].Name != "Kraków" || measure.Over(got.Results[0].DistanceKm, 2) ||
		got.Results[1].DistanceKm < got.Results[0].DistanceKm {
		t.Errorf("reverse: %+v", got)
	}
	// Default limit 1; a key is accepted on a public route too.
	r = ts.Get(t, "/api/v1/geocoding/reverse?latitude=-34.6083&longitude=-58.3712").WantStatus(t, 200)
	if err := jsonUnmarshal(r.Envelope(t).Result, &got); err != nil {
		t.Fatal(err)
	}
	if got.Count != 1 || got.Results[0].Name != "Buenos Aires" {
		t.Errorf("reverse Plaza de Mayo: %+v", got)
	}
}

func TestGeocodingBadInput(t *testing.T) {
	ts := startGeoServer(t)
	cases := []struct {
		name, path string
		status     int
		field      string
	}{
		{"ErrQOneChar", "/api/v1/geocoding/search?q=P", 422, "q"},
		{"ErrQMissing", "/api/v1/geocoding/search", 422, "q"},
		{"ErrLimitHigh", "/api/v1/geocoding/search?q=Paris&limit=51", 422, "limit"},
		{"ErrLimitText", "/api/v1/geocoding/search?q=Paris&limit=ten", 422, "limit"},
		{"ErrCountryShape", "/api/v1/geocoding/search?q=Paris&country=France", 422, "country"},
		{"ErrCountryUnknown", "/api/v1/geocoding/search?q=Paris&country=ZZ", 422, "country"},
		{"ErrLatitude91", "/api/v1/geocoding/reverse?latitude=91&longitude=0", 422, "latitude"},
		{"ErrLongitude", "/api/v1/geocoding/reverse?latitude=0&longitude=200", 422, "longitude"},
		{"ErrLatitudeMissing", "/api/v1/geocoding/reverse?longitude=0", 422, "latitude"},
		{"ErrLatitudeText", "/api/v1/geocoding/reverse?latitude=north&longitude=0", 422, "latitude"},
		{"ErrReverseLimit", "/api/v1/geocoding/reverse?latitude=0&longitude=0&limit=0", 422, "limit"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := ts.Get(t, c.path, "x-api-key", "").WantStatus(t, c.status).Problem(t)
			if len(p.Errors) == 0 || p.Errors[0].Field != c.field {
				t.Errorf("problem %+v, want field %q", p, c.field)
			}
		})
	}
}
