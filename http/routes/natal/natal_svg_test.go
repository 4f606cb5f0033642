package natal_test

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"image/png"
	"io"
	"strings"
	"testing"

	"github.com/astroapi/astroapi/http/apitest"
)

// wantSVG checks an SVG answer: media type, well-formed XML, an <svg> root
// with a viewBox and the requested size.
func wantSVG(t *testing.T, r *apitest.Response, size string) {
	t.Helper()
	if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "image/svg+xml") {
		t.Fatalf("Content-Type %q", ct)
	}
	dec := xml.NewDecoder(bytes.NewReader(r.Body))
	root := true
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("invalid XML: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok && root {
			root = false
			attrs := map[string]string{}
			for _, a := range se.Attr {
				attrs[a.Name.Local] = a.Value
			}
			if se.Name.Local != "svg" || attrs["viewBox"] != "0 0 1000 1000" || attrs["width"] != size {
				t.Fatalf("root <%s %v>", se.Name.Local, attrs)
			}
		}
	}
}

func TestNatalSVG(t *testing.T) {
	ts := startTestServer(t, testOptions{Positions: testEphemeris(t)})
	post := ts.Post(t, "/api/v1/natal/svg", `{"year":1990,"month":7,"day":14,"hour":14,"minute":30,"latitude":51.5,"longitude":-0.13,"timezone":"Europe/London","theme":"dark","size":500}`).WantStatus(t, 200)
	wantSVG(t, post, "500")
	if !bytes.Contains(post.Body, []byte("#14161c")) {
		t.Error("dark theme background missing")
	}
	get := ts.Get(t, "/api/v1/natal/svg?year=1990&month=7&day=14&hour=14&minute=30&latitude=51.5&longitude=-0.13&timezone=Europe/London&theme=dark&size=500").WantStatus(t, 200)
	if !bytes.Equal(get.Body, post.Body) {
		t.Error("GET and POST with the same options draw different wheels")
	}
	// The PNG variant: same options, an image of the requested size.
	pngResp := ts.Get(t, "/api/v1/natal/png?year=1990&month=7&day=14&latitude=51.5&longitude=-0.13&theme=dark&size=300").WantStatus(t, 200)
	if ct := pngResp.Header.Get("Content-Type"); ct != "image/png" {
		t.Errorf("PNG Content-Type %q", ct)
	}
	if img, err := png.Decode(bytes.NewReader(pngResp.Body)); err != nil || img.Bounds().Dx() != 300 {
		t.Errorf("PNG: %v", err)
	}
	ts.Post(t, "/api/v1/natal/png", `{"year":1990,"month":7,"day":14,"latitude":51.5,"longitude":-0.13,"size":10}`).WantStatus(t, 422)
	light := ts.Get(t, "/api/v1/natal/svg?year=1990&month=7&day=14&latitude=-33.9&longitude=18.4&zodiac_type=sidereal&ayanamsa=kp&include_asteroids=true").WantStatus(t, 200)
	wantSVG(t, light, "600")
	if ts.Get(t, "/api/v1/natal/svg?year=1990&month=7&day=14&latitude=1&longitude=1", "x-api-key", "").Status != 401 {
		t.Error("SVG without a key must be refused")
	}
	for _, c := range []struct {
		name, path, body string
		status           int
		field            string
	}{
		{"ErrTheme", "/api/v1/natal/svg", `{"year":1990,"month":1,"day":1,"latitude":0,"longitude":0,"theme":"neon"}`, 422, "theme"},
		{"ErrSize", "/api/v1/natal/svg", `{"year":1990,"month":1,"day":1,"latitude":0,"longitude":0,"size":50}`, 422, "size"},
		{"ErrSizeType", "/api/v1/natal/svg", `{"year":1990,"month":1,"day":1,"latitude":0,"longitude":0,"size":"big"}`, 422, "size"},
		{"ErrGetLatitude", "/api/v1/natal/svg?year=1990&month=1&day=1&latitude=north&longitude=0", "", 422, "latitude"},
		{"ErrGetUnknown", "/api/v1/natal/svg?year=1990&month=1&day=1&latitude=0&longitude=0&lat=1", "", 422, "lat"},
		{"ErrGetTwice", "/api/v1/natal/svg?year=1990&month=1&day=1&latitude=0&longitude=0&year=1991", "", 422, "year"},
		{"ErrPNGSize", "/api/v1/natal/png", `{"year":1990,"month":1,"day":1,"latitude":0,"longitude":0,"size":2500}`, 422, "size"},
		{"ErrGetMonth", "/api/v1/natal/svg?year=1990&month=13&day=1&latitude=0&longitude=0", "", 422, "month"},
		{"ErrGetMissingDay", "/api/v1/natal/svg?year=1990&month=1&latitude=0&longitude=0", "", 422, "day"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var r *apitest.Response
			if c.body != "" {
				r = ts.Post(t, c.path, c.body)
			} else {
				r = ts.Get(t, c.path)
			}
			r.WantStatus(t, c.status)
			p := r.Problem(t)
			for _, e := range p.Errors {
				if e.Field == c.field {
					return
				}
			}
			t.Errorf("problem does not name %s: %+v", c.field, p)
		})
	}
}

func TestNatalLocation(t *testing.T) {
	pl, zx := apitest.Geo(t)
	ts := startTestServer(t, testOptions{Positions: testEphemeris(t), Places: pl, Zones: zx})
	// Paris, local summer time: auto takes Europe/Paris, 14:00 CEST = 12:00 UT.
	out, env := postNatal(t, ts, `{"year":2000,"month":7,"day":1,"hour":14,"location":"Paris","timezone":"auto"}`)
	loc := out.Input.Place
	if out.Input.Location != "Paris" || loc == nil || loc.Name != "Paris" || loc.Country != "FR" || loc.Timezone != "Europe/Paris" {
		t.Fatalf("location echo %+v", loc)
	}
	if out.Input.Timezone != "Europe/Paris" || out.Input.TimezoneSource != "place" || out.Input.UTC != "2000-07-01T12:00:00Z" ||
		out.Input.Coordinates.Latitude != loc.Latitude || len(env.Warnings) != 0 {
		t.Errorf("echo %+v, warnings %v", out.Input, env.Warnings)
	}
	// A qualified namesake.
	out, _ = postNatal(t, ts, `{"year":2000,"month":7,"day":1,"hour":14,"location":"Paris, TX","timezone":"auto"}`)
	if out.Input.Place.Country != "US" || out.Input.Timezone != "America/Chicago" || out.Input.UTC != "2000-07-01T19:00:00Z" {
		t.Errorf("Paris, TX: %+v", out.Input)
	}
	// Location without timezone: UTC stays the default, with a warning.
	out, env = postNatal(t, ts, `{"year":2000,"month":7,"day":1,"hour":14,"location":"Tokyo"}`)
	if out.Input.Timezone != "UTC" || out.Input.TimezoneSource != "default" || len(env.Warnings) != 1 || !strings.Contains(env.Warnings[0], "Tokyo") {
		t.Errorf("default zone: %+v %v", out.Input, env.Warnings)
	}
	// auto from coordinates (New York) and at sea (nautical zone).
	out, _ = postNatal(t, ts, `{"year":1943,"month":2,"day":15,"hour":9,"minute":30,"latitude":40.7128,"longitude":-74.006,"timezone":"auto"}`)
	if out.Input.Timezone != "America/New_York" || out.Input.TimezoneSource != "coordinates" || out.Input.UTCOffset != "UTC-04:00" || out.Input.Abbreviation != "EWT" {
		t.Errorf("war time by coordinates: %+v", out.Input)
	}
	out, _ = postNatal(t, ts, `{"year":2000,"month":1,"day":1,"latitude":0,"longitude":-30,"timezone":"auto"}`)
	if out.Input.Timezone != "Etc/GMT+2" || out.Input.UTC != "2000-01-01T14:00:00Z" {
		t.Errorf("at sea: %+v", out.Input)
	}
	// Zone names are matched case-insensitively and echoed as IANA spells them.
	out, _ = postNatal(t, ts, `{"year":2000,"month":7,"day":1,"hour":14,"latitude":48.85,"longitude":2.35,"timezone":"europe/paris"}`)
	if out.Input.Timezone != "Europe/Paris" || out.Input.UTC != "2000-07-01T12:00:00Z" {
		t.Errorf("lower-case zone: %+v", out.Input)
	}
	// No match: 422 naming location.
	r := ts.Post(t, "/api/v1/natal", `{"year":2000,"month":7,"day":1,"location":"Qwxzvbnm Town"}`).WantStatus(t, 422)
	if p := r.Problem(t); len(p.Errors) == 0 || p.Errors[0].Field != "location" {
		t.Errorf("no match: %+v", p)
	}
	// The SVG title carries the place name, escaped.
	svg := ts.Post(t, "/api/v1/natal/svg", `{"year":2000,"month":7,"day":1,"location":"São Paulo","timezone":"auto"}`).WantStatus(t, 200)
	wantSVG(t, svg, "600")
	if !bytes.Contains(svg.Body, []byte("São Paulo")) {
		t.Error("place name missing from the wheel title")
	}
}

// TestNatalPNGBounded: a PNG is at most 2000 px (422 naming size beyond)
// and is billed as 10 calls; the SVG keeps its 4000 px limit.
func TestNatalPNGBounded(t *testing.T) {
	ts := startTestServer(t, testOptions{Positions: testEphemeris(t)})
	body := `{"year":1990,"month":7,"day":14,"latitude":51.5,"longitude":0,"size":%d}`
	p := ts.Post(t, "/api/v1/natal/png", fmt.Sprintf(body, 4000)).WantStatus(t, 422).Problem(t)
	if len(p.Errors) != 1 || p.Errors[0].Field != "size" {
		t.Errorf("problem %+v", p)
	}
	ts.Post(t, "/api/v1/natal/svg", fmt.Sprintf(body, 4000)).WantStatus(t, 200)
	ts.Post(t, "/api/v1/natal/png", fmt.Sprintf(body, 300)).WantStatus(t, 200)
	r := ts.Post(t, "/api/v1/natal/png", fmt.Sprintf(body, 300)).WantStatus(t, 200)
	if r.Header.Get("RateLimit-Remaining") == "" {
		t.Fatal("no RateLimit-Remaining header")
	}
	// SVG 1 + PNG 10 + PNG 10 = 21 calls of the harness plan's daily quota.
	if got := r.Header.Get("RateLimit-Remaining"); got != fmt.Sprint(1_000_000-21) {
		t.Errorf("RateLimit-Remaining %s, want %d", got, 1_000_000-21)
	}
}
