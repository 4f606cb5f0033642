package transits_test

import (
	"strings"
	"testing"
	"time"

	json "github.com/goccy/go-json"

	"github.com/astroapi/astroapi/engine/moment"
	"github.com/astroapi/astroapi/engine/transits"
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
		{"GetErrAsteroids", "GET", "/api/v1/transits?include_asteroids=maybe", "", 422, "include_asteroids"},
		{"GetErrZodiac", "GET", "/api/v1/transits?zodiac_type=draconic", "", 422, "zodiac_type"},
		{"GetErrZone", "GET", "/api/v1/transits?year=2024&month=1&day=1&timezone=Atlantis/Capital", "", 422, "timezone"},
		{"PostErrDay", "POST", "/api/v1/transits", `{"year":2024,"month":4,"day":31}`, 422, "day"},
		{"PostErrMissingDay", "POST", "/api/v1/transits", `{"year":2024,"month":4,"hour":3}`, 422, "day"},
		{"PostErrMinute", "POST", "/api/v1/transits", `{"year":2024,"month":4,"day":1,"minute":75}`, 422, "minute"},
		{"PostErrYearString", "POST", "/api/v1/transits", `{"year":"2024","month":4,"day":1}`, 422, "year"},
		{"PostErrOrbKey", "POST", "/api/v1/transits", `{"orbs":{"conjuction":5}}`, 422, "orbs.conjuction"},
		{"PostErrOrbValue", "POST", "/api/v1/transits", `{"orbs":{"trine":40}}`, 422, "orbs.trine"},
		{"PostErrOrbsType", "POST", "/api/v1/transits", `{"orbs":[5]}`, 422, "orbs"},
		{"PostErrAyanamsa", "POST", "/api/v1/transits", `{"zodiac_type":"sidereal","ayanamsa":"sassanid"}`, 422, "ayanamsa"},
		{"ToNatalErrNatalMissing", "POST", "/api/v1/transits/to-natal", `{"year":2024,"month":1,"day":1}`, 422, "natal"},
		{"ToNatalErrNatalNull", "POST", "/api/v1/transits/to-natal", `{"natal":null}`, 422, "natal"},
		{"ToNatalErrNatalYear", "POST", "/api/v1/transits/to-natal", `{"natal":{"month":7,"day":14,"latitude":1,"longitude":1}}`, 422, "natal.year"},
		{"ToNatalErrNatalPlace", "POST", "/api/v1/transits/to-natal", `{"natal":{"year":1990,"month":7,"day":14}}`, 422, "natal.latitude"},
		{"ToNatalErrNatalLatitude", "POST", "/api/v1/transits/to-natal", `{"natal":{"year":1990,"month":7,"day":14,"latitude":100,"longitude":1}}`, 422, "natal.latitude"},
		{"ToNatalErrNatalCalendar", "POST", "/api/v1/transits/to-natal", `{"natal":{"year":1990,"month":7,"day":14,"latitude":1,"longitude":1,"calendar":"french"}}`, 422, "natal.calendar"},
		{"ToNatalErrNatalHouses", "POST", "/api/v1/transits/to-natal", `{"natal":{"year":1990,"month":7,"day":14,"latitude":1,"longitude":1,"house_system":"vehlov"}}`, 422, "natal.house_system"},
		{"ToNatalErrNatalType", "POST", "/api/v1/transits/to-natal", `{"natal":"1990-07-14"}`, 422, "natal"},
		{"ToNatalErrInstant", "POST", "/api/v1/transits/to-natal", `{` + natal + `,"year":2024,"month":13,"day":1}`, 422, "month"},
		{"ToNatalErrBoth", "POST", "/api/v1/transits/to-natal", `{` + natal + `,"datetime":"2024-01-01","day":1}`, 422, "datetime"},
		{"ToNatalErrWindowZero", "POST", "/api/v1/transits/to-natal", `{` + natal + `,"window_days":0}`, 422, "window_days"},
		{"ToNatalErrWindowBig", "POST", "/api/v1/transits/to-natal", `{` + natal + `,"window_days":91}`, 422, "window_days"},
		{"ToNatalErrWindowType", "POST", "/api/v1/transits/to-natal", `{` + natal + `,"window_days":"month"}`, 422, "window_days"},
		{"ToNatalErrOrbs", "POST", "/api/v1/transits/to-natal", `{` + natal + `,"orbs":{"square":-1}}`, 422, "orbs.square"},
		{"ToNatalErrAllType", "POST", "/api/v1/transits/to-natal", `{` + natal + `,"all_perfections":1}`, 422, "all_perfections"},
		{"ToNatalErrEmpty", "POST", "/api/v1/transits/to-natal", ``, 422, "natal"},
		{"ToNatalErrNotJSON", "POST", "/api/v1/transits/to-natal", `{"natal":`, 400, ""},
		{"ToNatalErrUnknownTransit", "POST", "/api/v1/transits/to-natal", `{` + natal + `,"transit":{"year":2029,"month":5,"day":1}}`, 422, "transit"},
		{"ToNatalErrUnknownLatitude", "POST", "/api/v1/transits/to-natal", `{` + natal + `,"latitude":10}`, 422, "latitude"},
		{"ToNatalErrUnknownNatal", "POST", "/api/v1/transits/to-natal", `{"natal":{"year":1990,"month":7,"day":14,"lattitude":51.5,"longitude":0}}`, 422, "natal.lattitude"},
		{"ToNatalErrUnknownBirth", "POST", "/api/v1/transits/to-natal", `{"birth":{"year":1990,"month":7,"day":14,"latitude":51.5,"longitude":0}}`, 422, "birth"},
		{"ToNatalErrWindowBound", "POST", "/api/v1/transits/to-natal", `{` + natal + `,"window_days":0.999}`, 422, "window_days"},
		{"ToNatalErrNatalDateAndYear", "POST", "/api/v1/transits/to-natal", `{"natal":{"date":"1990-07-14","year":1990,"latitude":1,"longitude":1}}`, 422, "natal.date"},
		{"ToNatalErrZoneLMT", "POST", "/api/v1/transits/to-natal", `{` + natal + `,"year":2024,"month":1,"day":1,"timezone":"LMT"}`, 422, "timezone"},
		{"PostErrUnknown", "POST", "/api/v1/transits", `{"datetme":"2024-01-01"}`, 422, "datetme"},
		{"GetErrUnknown", "GET", "/api/v1/transits?zodiac=sidereal", "", 422, "zodiac"},
		{"SVGErrSize", "POST", "/api/v1/transits/to-natal/svg", `{` + natal + `,"size":199}`, 422, "size"},
		{"SVGErrTheme", "POST", "/api/v1/transits/to-natal/svg", `{` + natal + `,"theme":"neon"}`, 422, "theme"},
		{"SVGErrUnknownTransit", "POST", "/api/v1/transits/to-natal/svg", `{` + natal + `,"transit":{"year":2029}}`, 422, "transit"},
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
					// An unknown name comes with advice: the nearest known
					// name, or where the field goes.
					if strings.Contains(c.name, "ErrUnknown") && !strings.Contains(e.Reason, "did you mean") && !strings.Contains(e.Reason, "goes") && !strings.Contains(e.Reason, " go ") {
						t.Errorf("no advice: %q", e.Reason)
					}
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
	instant := func(r *apitest.Response) (moment.Input, string) {
		env := r.WantStatus(t, 200).Envelope(t)
		var in moment.Input
		var res struct {
			Datetime string `json:"datetime"`
		}
		if err := json.Unmarshal(env.Input, &in); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(env.Result, &res); err != nil {
			t.Fatal(err)
		}
		return in, res.Datetime
	}
	for i := range 2 {
		at, dt := instant(ts.Get(t, "/api/v1/transits"))
		want := time.Date(2024, 6, 15, 12+i, 0, 0, 0, time.UTC)
		if !at.Now || at.UTC == nil || !at.UTC.Equal(want) || dt != want.Format(time.RFC3339) {
			t.Errorf("GET now: %+v, result at %s", at, dt)
		}
		ts.Clock.Add(time.Hour)
	}
	at, _ := instant(ts.Post(t, "/api/v1/transits", ``))
	if !at.Now {
		t.Errorf("POST without instant: %+v", at)
	}
	at, dt := instant(ts.Post(t, "/api/v1/transits", `{"year":2024,"month":3,"day":20,"hour":5,"minute":6,"timezone":"Africa/Cairo"}`))
	if at.Now || dt != "2024-03-20T03:06:00Z" || at.UTCOffset != "UTC+02:00" || at.Datetime != "2024-03-20T05:06:00" || at.Timezone != "Africa/Cairo" {
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

// TestToNatalEcho: the to-natal echo is the request as read (the birth as
// the natal route echoes it, the instant as local time in its zone, the
// window used) and sent back gives the same answer; the transit instant
// sent as an object is refused with advice on where it goes.
func TestToNatalEcho(t *testing.T) {
	ts := startTestServer(t, apitest.Tables(t))
	body := `{"natal":{"date":"1990-07-14","time":"14:30","latitude":51.5,"longitude":-0.13,"timezone":"Europe/London","zodiac_type":"sidereal"},"date":"2029-05-01","time":"06:00","timezone":"+02:00"}`
	env := ts.Post(t, "/api/v1/transits/to-natal", body).WantStatus(t, 200).Envelope(t)
	var in transits.ToNatalRequest
	if err := json.Unmarshal(env.Input, &in); err != nil {
		t.Fatal(err)
	}
	if in.Natal.Year == nil || *in.Natal.Year != 1990 || in.Natal.Date != "" || in.Natal.UTC != "1990-07-14T13:30:00Z" || in.Natal.Ayanamsa != "lahiri" ||
		in.Datetime != "2029-05-01T06:00:00" || in.Date != "" || in.UTC == nil || in.UTC.Format(time.RFC3339) != "2029-05-01T04:00:00Z" ||
		in.WindowDays == nil || *in.WindowDays != 30 {
		t.Errorf("echo %s", env.Input)
	}
	again := ts.Post(t, "/api/v1/transits/to-natal", string(env.Input)).WantStatus(t, 200).Envelope(t)
	if string(again.Result) != string(env.Result) || string(again.Input) != string(env.Input) {
		t.Errorf("the echo sent back gives another answer:\n%s\n%s", env.Input, again.Input)
	}
	p := ts.Post(t, "/api/v1/transits/to-natal", `{"natal":{"year":1990,"month":7,"day":14,"latitude":51.5,"longitude":0},"transit":{"year":2029,"month":5,"day":1}}`).WantStatus(t, 422).Problem(t)
	if len(p.Errors) != 1 || p.Errors[0].Field != "transit" || !strings.Contains(p.Errors[0].Reason, "top level") {
		t.Errorf("transit hint: %+v", p.Errors)
	}
}
