package relation

import (
	"errors"
	"testing"
	"time"

	json "github.com/goccy/go-json"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/resolve"
)

const (
	alice = `{"year":1990,"month":7,"day":14,"hour":14,"minute":30,"latitude":51.5074,"longitude":-0.1278,"timezone":"Europe/London"}`
	bob   = `{"date":"1992-03-02","time":"08:15","latitude":48.8566,"longitude":2.3522,"timezone":"+01:00","zodiac_type":"tropical"}`
)

// resolved decodes body into v and resolves it as the door does (the
// door's tag defaults are left out: the resolvers do not need them).
func resolved(t *testing.T, body string, v resolve.Resolver) *resolve.Fixed {
	t.Helper()
	if err := json.Unmarshal([]byte(body), v); err != nil {
		t.Fatal(err)
	}
	c := &resolve.Fixed{Time: time.Date(2024, 6, 15, 12, 0, 0, 0, time.UTC)}
	if err := v.Resolve(c, ""); err != nil {
		t.Fatalf("%s: %v", body, err)
	}
	return c
}

// TestRequestJSON: the requests' own JSON is byte for byte what go-json
// writes for them, resolved.
func TestRequestJSON(t *testing.T) {
	for _, c := range []struct {
		body string
		v    interface {
			resolve.Resolver
			AppendJSON([]byte) []byte
		}
	}{
		{`{"person1":` + alice + `,"person2":` + bob + `}`, &SynastryRequest{}},
		{`{"person1":` + bob + `,"person2":` + alice + `,"include_minor_aspects":true,"orbs":{"trine":6.5,"conjunction":10,"square":0}}`, &SynastryRequest{}},
		{`{"person1":{"year":1990,"month":1,"day":1,"latitude":1,"longitude":2,"zodiac_type":"sidereal","ayanamsa":"kp","orbs":{"trine":3}},"person2":` + alice + `}`, &SynastryRequest{}},
		{`{"person1":` + alice + `,"person2":` + bob + `,"house_method":"midpoints"}`, &CompositeRequest{}},
		{`{"person1":{"year":1990,"month":1,"day":1,"latitude":1,"longitude":2,"include_asteroids":true,"orbs":{"trine":3}},"person2":` + alice + `}`, &CompositeRequest{}},
		{`{"person1":` + alice + `,"person2":` + bob + `}`, &DavisonRequest{}},
	} {
		resolved(t, c.body, c.v)
		want, err := json.MarshalWithOption(c.v, json.DisableHTMLEscape())
		if err != nil {
			t.Fatal(err)
		}
		if got := c.v.AppendJSON(nil); string(got) != string(want) {
			t.Errorf("%s:\n got %s\nwant %s", c.body, got, want)
		}
	}
}

// TestDavisonRequest: the echoed instant and place are the Davison
// chart's (Alice 1990-07-14T13:30:00Z, Bob 1992-03-02T07:15:00Z: the mean
// instant 1991-05-08T22:22:30Z), and antipodal places are refused on
// person2.latitude.
func TestDavisonRequest(t *testing.T) {
	var r DavisonRequest
	resolved(t, `{"person1":`+alice+`,"person2":`+bob+`}`, &r)
	if r.Davison == nil || r.Davison.UTC != "1991-05-08T22:22:30Z" || r.Davison.BirthDate != "1991-05-08" || r.Davison.BirthTime != "22:22:30" {
		t.Fatalf("davison %+v", r.Davison)
	}
	if p := r.Point(); float64(p.JD) != r.Davison.JulianDay || p.Latitude != r.Davison.Latitude {
		t.Errorf("point %+v, echo %+v", p, r.Davison)
	}
	// Persons resolved, settings shared: person2 takes person1's.
	if r.Person2.HouseSystem != engine.Placidus || r.Person2.UTC != "1992-03-02T07:15:00Z" || r.Person2.Date != "" {
		t.Errorf("person2 %+v", r.Person2)
	}
	var anti DavisonRequest
	if err := json.Unmarshal([]byte(`{"person1":{"year":1990,"month":1,"day":1,"latitude":10,"longitude":20},"person2":{"year":1991,"month":1,"day":1,"latitude":-10,"longitude":-160}}`), &anti); err != nil {
		t.Fatal(err)
	}
	var fe *engine.FieldError
	if err := anti.Resolve(&resolve.Fixed{}, "x."); !errors.As(err, &fe) || fe.Field != "x.person2.latitude" {
		t.Errorf("antipodes: %v", err)
	}
}

// TestPairErrors: the bad fields of both people and the clash of their
// settings come in one answer, prefixed.
func TestPairErrors(t *testing.T) {
	var r CompositeRequest
	body := `{"person1":{"year":1990,"month":2,"day":30,"latitude":0,"longitude":0},"person2":{"year":1990,"month":1,"day":1,"latitude":0,"longitude":0,"house_system":"koch","timezone":"Mars/Base"}}`
	if err := json.Unmarshal([]byte(body), &r); err != nil {
		t.Fatal(err)
	}
	var fs engine.Fields
	if err := fs.Add(r.Resolve(&resolve.Fixed{}, "")); err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{"person1.day": false, "person2.house_system": false, "person2.timezone": false}
	for _, e := range fs {
		if _, ok := want[e.Field]; ok {
			want[e.Field] = true
		}
	}
	for f, seen := range want {
		if !seen {
			t.Errorf("%s not reported: %v", f, fs)
		}
	}
}
