package natal_test

import (
	"math"
	"strings"
	"testing"

	json "github.com/goccy/go-json"

	"github.com/astroapi/astroapi/engine/accuracy/measure"
	"github.com/astroapi/astroapi/engine/natal"
	"github.com/astroapi/astroapi/http/apitest"
)

// natalResponse is an answer read back: the echo is the resolved input,
// so it decodes into the request type itself.
type natalResponse struct {
	Input  natal.Request
	Result natal.Chart
}

func postNatal(t *testing.T, ts *apitest.Server, body string) (natalResponse, apitest.Envelope) {
	t.Helper()
	r := ts.Post(t, "/api/v1/natal", body).WantStatus(t, 200)
	env := r.Envelope(t)
	var out natalResponse
	if err := json.Unmarshal(env.Input, &out.Input); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(env.Result, &out.Result); err != nil {
		t.Fatal(err)
	}
	return out, env
}

func TestNatalOK(t *testing.T) {
	ts := startTestServer(t, testOptions{Positions: testEphemeris(t)})
	// 14:30 BST in London is 13:30 UT.
	out, env := postNatal(t, ts, `{"year":1990,"month":7,"day":14,"hour":14,"minute":30,"latitude":51.5074,"longitude":-0.1278,"timezone":"Europe/London"}`)
	in := out.Input
	if in.BirthDate != "1990-07-14" || in.BirthTime != "14:30:00" || in.UTC != "1990-07-14T13:30:00Z" || *in.Year != 1990 || *in.Hour != 14 ||
		in.UTCOffset != "UTC+01:00" || in.Abbreviation != "BST" || !in.DST || in.Timezone != "Europe/London" {
		t.Errorf("echo %+v", in)
	}
	if measure.Over(math.Abs(in.JulianDay-(2448086.5+13.5/24)), 1e-9) {
		t.Errorf("julian_day %.8f", in.JulianDay)
	}
	if in.Coordinates.Latitude != 51.5074 || *in.Latitude != 51.5074 || in.HouseSystem != "placidus" || in.ZodiacType != "tropical" || in.NodeType != "true" || in.TimezoneSource != "request" {
		t.Errorf("echo %+v", in)
	}
	res := out.Result
	if len(res.Planets) != 14 || res.Planets[0].Name != "Sun" || res.Planets[0].Sign != "Cancer" || len(res.Houses.Cusps) != 12 {
		t.Errorf("result %+v", res)
	}
	if env.Usage == nil {
		t.Error("no usage block")
	}
	// Defaults: 12:00 UTC, said in a warning.
	out, env = postNatal(t, ts, `{"year":2000,"month":1,"day":1,"latitude":0,"longitude":0}`)
	if out.Input.BirthTime != "12:00:00" || out.Input.UTC != "2000-01-01T12:00:00Z" || out.Input.JulianDay != 2451545.0 || out.Input.TimezoneSource != "default" ||
		len(env.Warnings) != 1 || !strings.Contains(env.Warnings[0], "timezone omitted") {
		t.Errorf("defaults: %+v %v", out.Input, env.Warnings)
	}
}

func TestNatalWarnings(t *testing.T) {
	ts := startTestServer(t, testOptions{Positions: testEphemeris(t)})
	_, env := postNatal(t, ts, `{"year":2000,"month":1,"day":1,"latitude":10,"longitude":0,"timezone":"UTC","ayanamsa":"lahiri"}`)
	if len(env.Warnings) != 1 || !strings.Contains(env.Warnings[0], "ayanamsa") {
		t.Errorf("tropical with ayanamsa: warnings %v", env.Warnings)
	}
	out, env := postNatal(t, ts, `{"year":2021,"month":10,"day":31,"hour":2,"minute":30,"latitude":48.85,"longitude":2.35,"timezone":"Europe/Paris"}`)
	if !out.Input.AmbiguousTime || out.Input.UTC != "2021-10-31T00:30:00Z" || len(env.Warnings) != 1 {
		t.Errorf("overlap fold 0: %+v %v", out.Input, env.Warnings)
	}
	out, _ = postNatal(t, ts, `{"year":2021,"month":10,"day":31,"hour":2,"minute":30,"latitude":48.85,"longitude":2.35,"timezone":"Europe/Paris","fold":1}`)
	if out.Input.UTC != "2021-10-31T01:30:00Z" || *out.Input.Fold != 1 {
		t.Errorf("overlap fold 1: %+v", out.Input)
	}
	out, env = postNatal(t, ts, `{"year":1990,"month":1,"day":1,"latitude":69.65,"longitude":18.96,"timezone":0}`)
	if out.Result.Houses.System != "porphyry" || !out.Result.Houses.Fallback || len(env.Warnings) != 1 {
		t.Errorf("polar: %+v %v", out.Result.Houses, env.Warnings)
	}
	// Paris in 1700: local mean time of the birthplace (the zone's LMT
	// period), the Moshier theory, Chiron left out.
	out, env = postNatal(t, ts, `{"year":1700,"month":1,"day":1,"latitude":48.85,"longitude":2.35,"timezone":"Europe/Paris"}`)
	if out.Result.Source != "moshier" || len(out.Result.Omitted) != 1 || len(env.Warnings) != 3 || out.Input.Abbreviation != "LMT" ||
		out.Input.Timezone != "LMT" || out.Input.UTCOffset != "UTC+00:09:24" {
		t.Errorf("1700: %+v omitted %v warnings %v", out.Input, out.Result.Omitted, env.Warnings)
	}
	out, _ = postNatal(t, ts, `{"year":1990,"month":1,"day":1,"latitude":10,"longitude":0,"zodiac_type":"sidereal"}`)
	if out.Result.ZodiacType != "sidereal" || out.Result.Ayanamsa == nil || out.Result.Ayanamsa.Name != "lahiri" || out.Input.Ayanamsa != "lahiri" {
		t.Errorf("sidereal default ayanamsa: %+v", out.Result.Ayanamsa)
	}
}

func TestNatalBadInput(t *testing.T) {
	ts := startTestServer(t, testOptions{Positions: testEphemeris(t)})
	const base = `"year":1990,"month":4,"day":30,"latitude":51.5,"longitude":0`
	for _, c := range []struct {
		name   string
		body   string
		status int
		field  string
	}{
		{"ErrMonth13", `{"year":1990,"month":13,"day":1,"latitude":0,"longitude":0}`, 422, "month"},
		{"ErrApril31", `{"year":1990,"month":4,"day":31,"latitude":0,"longitude":0}`, 422, "day"},
		{"ErrHour25", `{` + base + `,"hour":25}`, 422, "hour"},
		{"ErrMinuteNegative", `{` + base + `,"minute":-1}`, 422, "minute"},
		{"ErrLatitude95", `{"year":1990,"month":4,"day":30,"latitude":95,"longitude":0}`, 422, "latitude"},
		{"ErrLongitude", `{"year":1990,"month":4,"day":30,"latitude":5,"longitude":200}`, 422, "longitude"},
		{"ErrNoPlace", `{"year":1990,"month":4,"day":30}`, 422, "latitude"},
		{"ErrLatitudeAlone", `{"year":1990,"month":4,"day":30,"latitude":5}`, 422, "longitude"},
		{"ErrUnknownZone", `{` + base + `,"timezone":"Mars/Olympus_Mons"}`, 422, "timezone"},
		{"ErrZoneLocal", `{` + base + `,"timezone":"Local"}`, 422, "timezone"},
		{"ErrHouseSystem", `{` + base + `,"house_system":"topocentrical"}`, 422, "house_system"},
		{"ErrZodiac", `{` + base + `,"zodiac_type":"draconic"}`, 422, "zodiac_type"},
		{"ErrAyanamsa", `{` + base + `,"zodiac_type":"sidereal","ayanamsa":"galactic"}`, 422, "ayanamsa"},
		{"ErrNodeType", `{` + base + `,"node_type":"osculating"}`, 422, "node_type"},
		{"ErrOrbKey", `{` + base + `,"orbs":{"conjunctio":8}}`, 422, "orbs.conjunctio"},
		{"ErrOrbValue", `{` + base + `,"orbs":{"trine":40}}`, 422, "orbs.trine"},
		{"ErrFold", `{` + base + `,"fold":3}`, 422, "fold"},
		{"ErrDSTGap", `{"year":2021,"month":3,"day":28,"hour":2,"minute":30,"latitude":48.85,"longitude":2.35,"timezone":"Europe/Paris"}`, 422, "hour"},
		{"ErrYearMissing", `{"month":4,"day":30,"latitude":0,"longitude":0}`, 422, "year"},
		{"ErrYearRange", `{"year":-3001,"month":4,"day":30,"latitude":0,"longitude":0}`, 422, "year"},
		{"ErrCalendar", `{` + base + `,"calendar":"hebrew"}`, 422, "calendar"},
		{"ErrReformGap", `{"year":1582,"month":10,"day":10,"latitude":0,"longitude":0}`, 422, "day"},
		{"ErrYearString", `{"year":"1990","month":4,"day":30,"latitude":0,"longitude":0}`, 422, "year"},
		{"ErrHourFloat", `{` + base + `,"hour":1.5}`, 422, "hour"},
		{"ErrLatitudeString", `{"year":1990,"month":4,"day":30,"latitude":"north","longitude":0}`, 422, "latitude"},
		{"ErrAsteroidsString", `{` + base + `,"include_asteroids":"yes"}`, 422, "include_asteroids"},
		{"ErrUnknownField", `{` + base + `,"lattitude":5}`, 422, "lattitude"},
		{"ErrCaseField", `{` + base + `,"LATITUDE":5}`, 422, "LATITUDE"},
		{"ErrDuplicate", `{` + base + `,"latitude":null}`, 422, "latitude"},
		{"ErrDateAndYear", `{` + base + `,"date":"1990-04-30"}`, 422, "date"},
		{"ErrDateForm", `{"date":"30/04/1990","latitude":0,"longitude":0}`, 422, "date"},
		{"ErrTimeForm", `{"date":"1990-04-30","time":"25:00","latitude":0,"longitude":0}`, 422, "time"},
		{"ErrOffsetRange", `{` + base + `,"timezone":20}`, 422, "timezone"},
		{"ErrOffsetForm", `{` + base + `,"timezone":"+5:3"}`, 422, "timezone"},
		{"ErrAutoNoIndex", `{` + base + `,"timezone":"LMTX"}`, 422, "timezone"},
		{"ErrNotJSON", `{"year":1990,`, 400, ""},
		{"ErrArrayBody", `[1,2]`, 400, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := ts.Post(t, "/api/v1/natal", c.body).WantStatus(t, c.status)
			p := r.Problem(t)
			if c.field == "" {
				return
			}
			for _, e := range p.Errors {
				if e.Field == c.field {
					return
				}
			}
			t.Errorf("problem does not name %s: %+v", c.field, p)
		})
	}
}

// BenchmarkNatalRoute is one POST /api/v1/natal over loopback HTTP with the
// Swiss Ephemeris behind it: client, server, key check, quota and JSON.
func BenchmarkNatalRoute(b *testing.B) {
	ts := startTestServer(b, testOptions{Positions: testEphemeris(b)})
	body := `{"year":1990,"month":7,"day":14,"hour":14,"minute":30,"latitude":51.5074,"longitude":-0.1278,"timezone":"Europe/London"}`
	b.ReportAllocs()
	for b.Loop() {
		if r := ts.Post(b, "/api/v1/natal", body); r.Status != 200 {
			b.Fatal(r.Status)
		}
	}
}

// BenchmarkNatalSVGRoute is the same for the SVG wheel.
func BenchmarkNatalSVGRoute(b *testing.B) {
	ts := startTestServer(b, testOptions{Positions: testEphemeris(b)})
	body := `{"year":1990,"month":7,"day":14,"hour":14,"minute":30,"latitude":51.5074,"longitude":-0.1278,"timezone":"Europe/London"}`
	b.ReportAllocs()
	for b.Loop() {
		if r := ts.Post(b, "/api/v1/natal/svg", body); r.Status != 200 {
			b.Fatal(r.Status)
		}
	}
}
