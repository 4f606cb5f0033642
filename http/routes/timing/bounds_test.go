package timing_test

import (
	"reflect"
	"strconv"
	"strings"
	"testing"

	json "github.com/goccy/go-json"

	"github.com/astroapi/astroapi/engine/natal"
	apihttp "github.com/astroapi/astroapi/http"
	"github.com/astroapi/astroapi/http/apitest"
	"github.com/astroapi/astroapi/http/op"
	"github.com/astroapi/astroapi/http/routes/timing"
)

// validMembers are a valid body's own members for each route, after the
// London birth.
var validMembers = map[string]string{
	"/api/v1/returns/solar":               `"return_year":2024`,
	"/api/v1/returns/lunar":               `"start":"2024-01-01"`,
	"/api/v1/returns/planetary":           `"planet":"saturn"`,
	"/api/v1/progressions":                `"date":"2024-07-14"`,
	"/api/v1/solar-arc":                   `"date":"2024-07-14"`,
	"/api/v1/profections":                 `"age":30`,
	"/api/v1/zodiacal-releasing":          ``,
	"/api/v1/zodiacal-releasing/timeline": `"start":"2020-01-01","end":"2030-01-01"`,
	"/api/v1/zodiacal-releasing/at-date":  `"date":"2024-07-14"`,
	"/api/v1/firdaria":                    ``,
	"/api/v1/firdaria/at-age":             `"age":33.5`,
	"/api/v1/firdaria/timeline":           `"start":"2020-01-01","end":"2040-01-01"`,
}

// TestBounds: every documented bound of a route's own fields (its
// minimum and maximum tags, which the OpenAPI shows) is enforced: the
// bound itself answers 200, one step outside 422 naming the field (an
// exclusive bound: one step inside 200, the bound 422). The birth
// packet's and the frame's bounds are the natal route's.
func TestBounds(t *testing.T) {
	ts := start(t, apitest.Tables(t), apihttp.Limits{ResultCache: -1})
	shared := map[string]bool{}
	for _, f := range op.WireFields(reflect.TypeFor[natal.Request]()) {
		shared[op.WireName(f)] = true
	}
	checked := 0
	for _, o := range timing.Ops(timing.Deps{Positions: apitest.Tables(t)}) {
		valid, ok := validMembers[o.Path]
		if !ok {
			t.Fatalf("no valid body for %s", o.Path)
		}
		for _, f := range op.WireFields(o.In) {
			name := op.WireName(f)
			if shared[name] {
				continue
			}
			step := 1.0
			if k := f.Type.Kind(); k == reflect.Float64 || (k == reflect.Pointer && f.Type.Elem().Kind() == reflect.Float64) {
				step = 0.01
			}
			for _, b := range []struct {
				tag       string
				sign      float64
				exclusive bool
			}{{"minimum", -1, false}, {"maximum", 1, false}, {"exclusiveMinimum", -1, true}, {"exclusiveMaximum", 1, true}} {
				v, ok := f.Tag.Lookup(b.tag)
				if !ok {
					continue
				}
				bound, err := strconv.ParseFloat(v, 64)
				if err != nil {
					t.Fatal(err)
				}
				checked++
				cases := []struct {
					value  float64
					status int
				}{{bound, 200}, {bound + b.sign*step, 422}}
				if b.exclusive { // the bound is outside, a step inside is in
					cases = []struct {
						value  float64
						status int
					}{{bound - b.sign*step, 200}, {bound, 422}}
				}
				for _, c := range cases {
					text := `{` + london + `}`
					if valid != "" {
						text = `{` + london + `,` + valid + `}`
					}
					var body map[string]any
					if err := json.Unmarshal([]byte(text), &body); err != nil {
						t.Fatal(err)
					}
					body[name] = c.value
					r := ts.Post(t, o.Path, body)
					if r.Status != c.status {
						t.Errorf("%s %s %v: status %d, want %d: %s", o.Path, name, c.value, r.Status, c.status, apitest.Truncate(r.Body, 300))
						continue
					}
					if c.status == 422 && !strings.Contains(string(r.Body), `"field":"`+name+`"`) {
						t.Errorf("%s %s %v: the problem does not name the field: %s", o.Path, name, c.value, r.Body)
					}
				}
			}
		}
	}
	if checked < 10 {
		t.Errorf("%d bounds checked", checked)
	}
	t.Logf("%d bounds, each inside and one step outside", checked)
}
