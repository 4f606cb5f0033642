package natal_test

import (
	"fmt"
	"math"
	"os"
	"strings"
	"testing"

	json "github.com/goccy/go-json"

	"github.com/astroapi/astroapi/http/apitest"
)

// TestNatalLocalMeanTime: births before their place adopted standard time
// (testdata/natal/lmt.json, made by testdata/gen/natal_lmt.py with
// swetest at the UT of the birthplace's local mean time) are charted in
// the birthplace's local mean time with timezone "auto" and "LMT": the
// echo names it and gives the UTC instant exactly, and the Ascendant and
// Midheaven are within 0.01 degree of swetest's (Einstein: 11°38' Cancer,
// as Astro-Databank gives it, where Berlin's local mean time put 8°50').
func TestNatalLocalMeanTime(t *testing.T) {
	raw, err := os.ReadFile("testdata/natal/lmt.json")
	if err != nil {
		t.Fatal(err)
	}
	var fx struct {
		Tolerance float64 `json:"tolerance_degrees"`
		Cases     []struct {
			Name                 string
			Year, Month, Day     int
			Hour, Minute         int
			Latitude, Longitude  float64
			UTC                  string
			Ascendant, Midheaven float64
			OffsetSeconds        int `json:"offset_seconds"`
		}
	}
	if err := json.Unmarshal(raw, &fx); err != nil {
		t.Fatal(err)
	}
	if len(fx.Cases) != 3 {
		t.Fatalf("%d cases, want 3", len(fx.Cases))
	}
	const tol = 0.01 // degrees: the bound, pinned here rather than read from the fixture
	pl, zx := apitest.Geo(t)
	ts := startTestServer(t, testOptions{Positions: apitest.Tables(t), Places: pl, Zones: zx})
	for _, c := range fx.Cases {
		for _, zone := range []string{"auto", "LMT"} {
			body := fmt.Sprintf(`{"year":%d,"month":%d,"day":%d,"hour":%d,"minute":%d,"latitude":%v,"longitude":%v,"timezone":%q}`,
				c.Year, c.Month, c.Day, c.Hour, c.Minute, c.Latitude, c.Longitude, zone)
			out, env := postNatal(t, ts, body)
			if out.Input.UTC != c.UTC || out.Input.Timezone != "LMT" || out.Input.Abbreviation != "LMT" {
				t.Errorf("%s (%s): echo utc %s timezone %q abbreviation %q; want %s LMT", c.Name, zone, out.Input.UTC, out.Input.Timezone, out.Input.Abbreviation, c.UTC)
			}
			if zone == "auto" && !strings.Contains(strings.Join(env.Warnings, " "), "local mean time") {
				t.Errorf("%s: no notice of local mean time: %v", c.Name, env.Warnings)
			}
			for _, a := range []struct {
				what      string
				got, want float64
			}{{"ascendant", out.Result.Ascendant.Longitude, c.Ascendant}, {"midheaven", out.Result.Midheaven.Longitude, c.Midheaven}} {
				if d := math.Abs(math.Remainder(a.got-a.want, 360)); !(d <= tol) {
					t.Errorf("%s (%s): %s %.5f, swetest %.5f (%.4f degrees off)", c.Name, zone, a.what, a.got, a.want, d)
				}
			}
		}
	}
}

// TestNatalOffsetForms: the body of a competing API's open benchmark
// (date and time strings, a decimal offset in hours) answers the chart of
// year..minute with the same offset, and numeric and written offsets give
// the planets of the equivalent Etc/GMT zone.
func TestNatalOffsetForms(t *testing.T) {
	ts := startTestServer(t, testOptions{Positions: apitest.Tables(t)})
	const place = `"latitude":21.3069,"longitude":-157.8583`
	want, _ := postNatal(t, ts, `{"year":1961,"month":8,"day":4,"hour":19,"minute":24,`+place+`,"timezone":"Etc/GMT+10"}`)
	for _, body := range []string{
		`{"date":"1961-08-04","time":"19:24:00",` + place + `,"timezone":-10}`,
		`{"year":1961,"month":8,"day":4,"hour":19,"minute":24,` + place + `,"timezone":"-10:00"}`,
		`{"year":1961,"month":8,"day":4,"hour":19,"minute":24,` + place + `,"timezone":"UTC-10:00"}`,
		`{"date":"1961-08-04","time":"19:24",` + place + `,"timezone":-10.0}`,
	} {
		got, _ := postNatal(t, ts, body)
		if got.Input.UTC != want.Input.UTC || got.Input.Timezone != "UTC-10:00" {
			t.Errorf("%s: utc %s timezone %q, want %s UTC-10:00", body, got.Input.UTC, got.Input.Timezone, want.Input.UTC)
		}
		for i, p := range got.Result.Planets {
			if p.Longitude != want.Result.Planets[i].Longitude {
				t.Errorf("%s: %s %.7f, Etc/GMT+10 gives %.7f", body, p.Name, p.Longitude, want.Result.Planets[i].Longitude)
			}
		}
	}
	// India's half-hour offset, as a number and as a string.
	a, _ := postNatal(t, ts, `{"year":1990,"month":1,"day":1,"hour":6,"latitude":28.6,"longitude":77.2,"timezone":5.5}`)
	b, _ := postNatal(t, ts, `{"year":1990,"month":1,"day":1,"hour":6,"latitude":28.6,"longitude":77.2,"timezone":"+05:30"}`)
	if a.Input.UTC != "1990-01-01T00:30:00Z" || b.Input.UTC != a.Input.UTC {
		t.Errorf("5.5: %s, +05:30: %s", a.Input.UTC, b.Input.UTC)
	}
}
