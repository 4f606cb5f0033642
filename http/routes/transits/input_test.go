package transits_test

import (
	"strings"
	"testing"
	"time"

	json "github.com/goccy/go-json"

	"github.com/astroapi/astroapi/engine/moment"
	"github.com/astroapi/astroapi/http/apitest"
)

// TestBadInput: every transit route answers bad input with a 4xx problem
// naming the field, never a 5xx.
func TestBadInput(t *testing.T) {
	ts := startTestServer(t, apitest.Tables(t))
	natal := `"natal":{"year":1990,"month":7,"day":14,"latitude":51.5,"longitude":0}`
	for _, c := range []struct {
		name, method, path, body string
		status                   int
		field                    string
	}{
		{"GetErrDatetime", "GET", "/api/v1/transits?datetime=2024-02-30T00:00Z", "", 422, "datetime"},
		{"GetErrDatetimeWords", "GET", "/api/v1/transits?datetime=now", "", 422, "datetime"},
		{"GetErrNode", "GET", "/api/v1/transits?node_type=osculating", "", 422, "node_type"},
		{"GetErrAsteroids", "GET", "/api/v1/transits?include_asteroids=maybe", "", 400, "include_asteroids"},
		{"GetErrZodiac", "GET", "/api/v1/transits?zodiac_type=draconic", "", 422, "zodiac_type"},
		{"GetErrZone", "GET", "/api/v1/transits?year=2024&month=1&day=1&timezone=Atlantis/Capital", "", 422, "timezone"},
		{"PostErrDay", "POST", "/api/v1/transits", `{"year":2024,"month":4,"day":31}`, 422, "day"},
		{"PostErrMissingDay", "POST", "/api/v1/transits", `{"year":2024,"month":4,"hour":3}`, 422, "day"},
		{"PostErrMinute", "POST", "/api/v1/transits", `{"year":2024,"month":4,"day":1,"minute":75}`, 422, "minute"},
		{"PostErrYearString", "POST", "/api/v1/transits", `{"year":"2024","month":4,"day":1}`, 400, "year"},
		{"PostErrOrbKey", "POST", "/api/v1/transits", `{"orbs":{"conjuction":5}}`, 422, "orbs.conjuction"},
		{"PostErrOrbValue", "POST", "/api/v1/transits", `{"orbs":{"trine":40}}`, 422, "orbs.trine"},
		{"PostErrOrbsType", "POST", "/api/v1/transits", `{"orbs":[5]}`, 400, "orbs"},
		{"PostErrAyanamsa", "POST", "/api/v1/transits", `{"zodiac_type":"sidereal","ayanamsa":"sassanian"}`, 422, "ayanamsa"},
		{"ToNatalErrNatalMissing", "POST", "/api/v1/transits/to-natal", `{"year":2024,"month":1,"day":1}`, 422, "natal"},
		{"ToNatalErrNatalNull", "POST", "/api/v1/transits/to-natal", `{"natal":null}`, 422, "natal"},
		{"ToNatalErrNatalYear", "POST", "/api/v1/transits/to-natal", `{"natal":{"month":7,"day":14,"latitude":1,"longitude":1}}`, 422, "natal.year"},
		{"ToNatalErrNatalPlace", "POST", "/api/v1/transits/to-natal", `{"natal":{"year":1990,"month":7,"day":14}}`, 422, "natal.latitude"},
		{"ToNatalErrNatalLatitude", "POST", "/api/v1/transits/to-natal", `{"natal":{"year":1990,"month":7,"day":14,"latitude":100,"longitude":1}}`, 422, "natal.latitude"},
		{"ToNatalErrNatalCalendar", "POST", "/api/v1/transits/to-natal", `{"natal":{"year":1990,"month":7,"day":14,"latitude":1,"longitude":1,"calendar":"french"}}`, 422, "natal.calendar"},
		{"ToNatalErrNatalHouses", "POST", "/api/v1/transits/to-natal", `{"natal":{"year":1990,"month":7,"day":14,"latitude":1,"longitude":1,"house_system":"vehlow"}}`, 422, "natal.house_system"},
		{"ToNatalErrNatalType", "POST", "/api/v1/transits/to-natal", `{"natal":"1990-07-14"}`, 400, "natal"},
		{"ToNatalErrInstant", "POST", "/api/v1/transits/to-natal", `{` + natal + `,"year":2024,"month":13,"day":1}`, 422, "month"},
		{"ToNatalErrBoth", "POST", "/api/v1/transits/to-natal", `{` + natal + `,"datetime":"2024-01-01","day":1}`, 422, "datetime"},
		{"ToNatalErrWindowZero", "POST", "/api/v1/transits/to-natal", `{` + natal + `,"window_days":0}`, 422, "window_days"},
		{"ToNatalErrWindowBig", "POST", "/api/v1/transits/to-natal", `{` + natal + `,"window_days":91}`, 422, "window_days"},
		{"ToNatalErrWindowType", "POST", "/api/v1/transits/to-natal", `{` + natal + `,"window_days":"month"}`, 400, "window_days"},
		{"ToNatalErrOrbs", "POST", "/api/v1/transits/to-natal", `{` + natal + `,"orbs":{"square":-1}}`, 422, "orbs.square"},
		{"ToNatalErrAllType", "POST", "/api/v1/transits/to-natal", `{` + natal + `,"all_perfections":1}`, 400, "all_perfections"},
		{"ToNatalErrEmpty", "POST", "/api/v1/transits/to-natal", ``, 422, "natal"},
		{"ToNatalErrNotJSON", "POST", "/api/v1/transits/to-natal", `{"natal":`, 400, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			var body any
			if c.method == "POST" {
				body = c.body
			}
			p := ts.Request(t, c.method, c.path, body).WantStatus(t, c.status).Problem(t)
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

// TestNowAndInstants: GET /api/v1/transits without datetime is the sky at
// the time of the call (it moves with the clock); POST takes the instant
// omitted or as year, month, day, hour, minute with a timezone; to-natal
// takes it the same way; every echo says which.
func TestNowAndInstants(t *testing.T) {
	ts := startTestServer(t, apitest.Tables(t))
	instant := func(r *apitest.Response) (moment.Resolved, string) {
		env := r.WantStatus(t, 200).Envelope(t)
		var in struct {
			Instant moment.Resolved `json:"instant"`
		}
		var res struct {
			Datetime string `json:"datetime"`
		}
		if err := json.Unmarshal(env.Input, &in); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(env.Result, &res); err != nil {
			t.Fatal(err)
		}
		return in.Instant, res.Datetime
	}
	for i := range 2 {
		at, dt := instant(ts.Get(t, "/api/v1/transits"))
		want := time.Date(2024, 6, 15, 12+i, 0, 0, 0, time.UTC)
		if !at.Now || !at.UTC.Equal(want) || dt != want.Format(time.RFC3339) {
			t.Errorf("GET now: %+v, result at %s", at, dt)
		}
		ts.Clock.Add(time.Hour)
	}
	at, _ := instant(ts.Post(t, "/api/v1/transits", ``))
	if !at.Now {
		t.Errorf("POST without instant: %+v", at)
	}
	at, dt := instant(ts.Post(t, "/api/v1/transits", `{"year":2024,"month":3,"day":20,"hour":5,"minute":6,"timezone":"Africa/Cairo"}`))
	if at.Now || dt != "2024-03-20T03:06:00Z" || at.Offset != "UTC+02:00" {
		t.Errorf("POST fields: %+v at %s", at, dt)
	}
	at, dt = instant(ts.Get(t, "/api/v1/transits?datetime=2024-03-20T05:06:00%2B02:00"))
	if at.Now || dt != "2024-03-20T03:06:00Z" {
		t.Errorf("GET datetime with offset: %+v at %s", at, dt)
	}
	env := ts.Post(t, "/api/v1/transits/to-natal", `{"natal":{"year":1990,"month":7,"day":14,"latitude":51.5,"longitude":0}}`).WantStatus(t, 200).Envelope(t)
	if !strings.Contains(string(env.Input), `"now":true`) || !strings.Contains(string(env.Input), `"birth_date":"1990-07-14"`) {
		t.Errorf("to-natal now: %s", env.Input)
	}
}
