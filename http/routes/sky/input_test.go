package sky_test

import (
	"strings"
	"testing"
	"time"

	json "github.com/goccy/go-json"

	"github.com/astroapi/astroapi/engine/moment"
	"github.com/astroapi/astroapi/engine/sky"
	"github.com/astroapi/astroapi/http/apitest"
)

// TestBadInput: every sky route answers bad input with a 4xx problem
// naming the field, never a 5xx.
func TestBadInput(t *testing.T) {
	ts := startTestServer(t, apitest.Tables(t))
	for _, c := range []struct {
		name, method, path, body string
		status                   int
		field                    string
	}{
		// The instant, on every route that takes one.
		{"PlanetsErrDatetime", "POST", "/api/v1/planets", `{"datetime":"yesterday"}`, 422, "datetime"},
		{"PlanetsErrDatetimeType", "POST", "/api/v1/planets", `{"datetime":20240101}`, 400, "datetime"},
		{"PlanetsErrBoth", "POST", "/api/v1/planets", `{"datetime":"2024-01-01","year":2024}`, 422, "datetime"},
		{"PlanetsErrMonthMissing", "POST", "/api/v1/planets", `{"year":2024,"day":1}`, 422, "month"},
		{"PlanetsErrHourAlone", "POST", "/api/v1/planets", `{"hour":5}`, 422, "year"},
		{"PlanetsErrImpossibleDate", "POST", "/api/v1/planets", `{"year":2023,"month":2,"day":29}`, 422, "day"},
		{"PlanetsErrReformGap", "POST", "/api/v1/planets", `{"year":1582,"month":10,"day":10}`, 422, "day"},
		{"PlanetsErrYearRange", "POST", "/api/v1/planets", `{"year":-3001,"month":1,"day":1}`, 422, "year"},
		{"PlanetsErrYearNull", "POST", "/api/v1/planets", `{"year":null,"month":1,"day":1}`, 422, "year"},
		{"PlanetsErrYearString", "POST", "/api/v1/planets", `{"year":"2024","month":1,"day":1}`, 400, "year"},
		{"PlanetsErrHourFloat", "POST", "/api/v1/planets", `{"year":2024,"month":1,"day":1,"hour":1.5}`, 400, "hour"},
		{"PlanetsErrCalendar", "POST", "/api/v1/planets", `{"year":2024,"month":1,"day":1,"calendar":"hebrew"}`, 422, "calendar"},
		{"PlanetsErrZone", "POST", "/api/v1/planets", `{"timezone":"Mars/Olympus_Mons"}`, 422, "timezone"},
		{"PlanetsErrDSTGap", "POST", "/api/v1/planets", `{"datetime":"2024-03-31T02:30","timezone":"Europe/Paris"}`, 422, "datetime"},
		{"PlanetsErrBody", "POST", "/api/v1/planets", `{"bodies":["sun","vulcan"]}`, 422, "bodies[1]"},
		{"PlanetsErrBodyTwice", "POST", "/api/v1/planets", `{"bodies":["sun","Sun"]}`, 422, "bodies[1]"},
		{"PlanetsErrBodiesEmpty", "POST", "/api/v1/planets", `{"bodies":[]}`, 422, "bodies"},
		{"PlanetsErrBodiesType", "POST", "/api/v1/planets", `{"bodies":"sun"}`, 400, "bodies"},
		{"PlanetsErrCenter", "POST", "/api/v1/planets", `{"center":"barycentric"}`, 422, "center"},
		{"PlanetsErrTopoNoPlace", "POST", "/api/v1/planets", `{"center":"topocentric"}`, 422, "latitude"},
		{"PlanetsErrTopoLatitude", "POST", "/api/v1/planets", `{"center":"topocentric","latitude":95,"longitude":0}`, 422, "latitude"},
		{"PlanetsErrTopoAltitude", "POST", "/api/v1/planets", `{"center":"topocentric","latitude":5,"longitude":0,"altitude":20000}`, 422, "altitude"},
		{"PlanetsErrZodiac", "POST", "/api/v1/planets", `{"zodiac_type":"draconic"}`, 422, "zodiac_type"},
		{"PlanetsErrAyanamsa", "POST", "/api/v1/planets", `{"zodiac_type":"sidereal","ayanamsa":"galactic"}`, 422, "ayanamsa"},
		{"PlanetsErrNotJSON", "POST", "/api/v1/planets", `{"year":`, 400, ""},
		{"GetPlanetsErrYear", "GET", "/api/v1/planets?year=abc&month=1&day=1", "", 400, "year"},
		{"GetPlanetsErrBody", "GET", "/api/v1/planets?bodies=sun,vulcan", "", 422, "bodies[1]"},
		{"GetPlanetsErrDatetime", "GET", "/api/v1/planets?datetime=2024-13-01", "", 422, "datetime"},
		{"MoonErrDay", "POST", "/api/v1/moon", `{"year":2024,"month":4,"day":31}`, 422, "day"},
		{"GetMoonErrMinute", "GET", "/api/v1/moon?year=2024&month=4&day=1&minute=60", "", 422, "minute"},
		{"VoidErrPlanets", "POST", "/api/v1/void-of-course", `{"planets":"outer"}`, 422, "planets"},
		{"GetVoidErrSecond", "GET", "/api/v1/void-of-course?year=2024&month=1&day=1&second=-1", "", 422, "second"},
		{"AsteroidsErrCenter", "GET", "/api/v1/asteroids?center=lunar", "", 422, "center"},
		{"AsteroidsErrLongitude", "POST", "/api/v1/asteroids", `{"center":"topocentric","latitude":5,"longitude":190}`, 422, "longitude"},
		// The ranges.
		{"StationsErrMissing", "POST", "/api/v1/planets/stations", `{}`, 422, "start"},
		{"StationsErrEndMissing", "POST", "/api/v1/planets/stations", `{"start":"2024-01-01"}`, 422, "end"},
		{"StationsErrNegative", "POST", "/api/v1/planets/stations", `{"start":"2024-01-01","end":"2023-01-01"}`, 422, "end"},
		{"StationsErrTooLong", "POST", "/api/v1/planets/stations", `{"start":"2000-01-01","end":"2010-06-01"}`, 422, "end"},
		{"StationsErrSun", "POST", "/api/v1/planets/stations", `{"year":2024,"bodies":["sun"]}`, 422, "bodies[0]"},
		{"StationsErrYearAndStart", "POST", "/api/v1/planets/stations", `{"year":2024,"start":"2024-01-01"}`, 422, "year"},
		{"StationsErrYearRange", "POST", "/api/v1/planets/stations", `{"year":3000}`, 422, "year"},
		{"StationsErrYearType", "POST", "/api/v1/planets/stations", `{"year":"2024"}`, 400, "year"},
		{"PhasesErrTooLong", "POST", "/api/v1/moon/phases", `{"start":"2024-01-01","end":"2026-01-03"}`, 422, "end"},
		{"PhasesErrStart", "POST", "/api/v1/moon/phases", `{"start":"2024-02-30","end":"2024-03-01"}`, 422, "start"},
		{"PhasesErrZero", "POST", "/api/v1/moon/phases", `{"start":"2024-01-01","end":"2024-01-01"}`, 422, "end"},
		{"PhasesErrStartType", "POST", "/api/v1/moon/phases", `{"start":2024,"end":"2024-03-01"}`, 400, "start"},
		{"VoidPeriodsErrTooLong", "POST", "/api/v1/void-of-course/periods", `{"start":"2024-01-01","end":"2026-06-01"}`, 422, "end"},
		{"VoidPeriodsErrPlanets", "POST", "/api/v1/void-of-course/periods", `{"year":2024,"planets":"all"}`, 422, "planets"},
		{"EphemerisErrStepZero", "POST", "/api/v1/ephemeris", `{"year":2024,"step":0}`, 422, "step"},
		{"EphemerisErrStepNegative", "POST", "/api/v1/ephemeris", `{"year":2024,"step":-1}`, 422, "step"},
		{"EphemerisErrStepFloat", "POST", "/api/v1/ephemeris", `{"year":2024,"step":1.5}`, 400, "step"},
		{"EphemerisErrUnit", "POST", "/api/v1/ephemeris", `{"year":2024,"step_unit":"weeks"}`, 422, "step_unit"},
		{"EphemerisErrFormat", "POST", "/api/v1/ephemeris", `{"year":2024,"format":"xml"}`, 422, "format"},
		{"EphemerisErrNegative", "POST", "/api/v1/ephemeris", `{"start":"2024-02-01","end":"2024-01-01"}`, 422, "end"},
		{"EphemerisErrTooManyRows", "POST", "/api/v1/ephemeris", `{"start":"2024-01-01","end":"2027-01-01","step_unit":"hours"}`, 422, "end"},
		{"EphemerisErrBody", "POST", "/api/v1/ephemeris", `{"year":2024,"bodies":["earth"]}`, 422, "bodies[0]"},
		{"EphemerisErrEmptyBody", "POST", "/api/v1/ephemeris", ``, 422, "start"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := ts.Request(t, c.method, c.path, nilIfEmpty(c.method, c.body))
			r.WantStatus(t, c.status)
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

func nilIfEmpty(method, body string) any {
	if method == "GET" {
		return nil
	}
	return body
}

// TestNow: an omitted instant is the time of the call (the server's
// clock), echoed with now true, and moves with the clock (never served
// from the results cache); an explicit one is echoed with now false. A
// zone or calendar sent alone sets how "now" is echoed.
func TestNow(t *testing.T) {
	ts := startTestServer(t, apitest.Tables(t))
	instant := func(path string) (moment.Resolved, sky.Moon) {
		var m sky.Moon
		env := call(t, ts, path, nil, &m)
		var in struct {
			Instant moment.Resolved `json:"instant"`
		}
		if err := json.Unmarshal(env.Input, &in); err != nil {
			t.Fatal(err)
		}
		return in.Instant, m
	}
	for i := range 3 {
		at, m := instant("/api/v1/moon")
		want := time.Date(2024, 6, 15, 12+i, 0, 0, 0, time.UTC)
		if !at.Now || !at.UTC.Equal(want) || !m.Datetime.Equal(want) {
			t.Errorf("call %d: echo %+v, result at %v; want now at %v", i, at, m.Datetime, want)
		}
		ts.Clock.Add(time.Hour)
	}
	at, _ := instant("/api/v1/moon?timezone=Asia/Kolkata&calendar=julian")
	if !at.Now || at.Date != "2024-06-02" || at.Time != "20:30:00" || at.Offset != "UTC+05:30" {
		t.Errorf("now in Kolkata, Julian: %+v", at)
	}
	at, _ = instant("/api/v1/moon?datetime=2024-03-20T03:06:00Z")
	if at.Now {
		t.Errorf("explicit instant echoed as now: %+v", at)
	}
}

// TestWarnings: input that changes nothing is said so.
func TestWarnings(t *testing.T) {
	ts := startTestServer(t, apitest.Tables(t))
	env := ts.Post(t, "/api/v1/planets", `{"year":2024,"month":1,"day":1,"ayanamsa":"kp","latitude":10,"longitude":10,"colour":"red"}`).WantStatus(t, 200).Envelope(t)
	all := strings.Join(env.Warnings, " | ")
	for _, w := range []string{`ayanamsa "kp" ignored`, "apply only with center topocentric", `unknown field "colour"`} {
		if !strings.Contains(all, w) {
			t.Errorf("warnings %q lack %q", env.Warnings, w)
		}
	}
	env = ts.Post(t, "/api/v1/moon", `{"datetime":"2024-10-27T02:30","timezone":"Europe/Paris"}`).WantStatus(t, 200).Envelope(t)
	if !strings.Contains(strings.Join(env.Warnings, " "), "happened twice") {
		t.Errorf("ambiguous local time: warnings %q", env.Warnings)
	}
}
