package timing_test

import (
	"bytes"
	"slices"
	"strings"
	"testing"
	"time"

	json "github.com/goccy/go-json"

	"github.com/astroapi/astroapi/engine/timing"
	apihttp "github.com/astroapi/astroapi/http"
	"github.com/astroapi/astroapi/http/apitest"
)

// inputOf decodes an answer's input into the request type itself: the
// echo is the resolved request.
func inputOf[T any](t *testing.T, env apitest.Envelope) *T {
	t.Helper()
	in := new(T)
	if err := json.Unmarshal(env.Input, in); err != nil {
		t.Fatalf("input %s: %v", env.Input, err)
	}
	return in
}

// utc writes an echoed instant ("" for none).
func utc(t *time.Time) string {
	if t == nil {
		return ""
	}
	return t.Format(time.RFC3339Nano)
}

// TestEcho: the envelope's input is the request as resolved: the birth
// in its canonical form, each date beside the UTC instant it stood for
// (a date alone is 00:00 in the birth's zone: BST in July, GMT in
// January; "auto" takes the place's zone) and the zone it was read in,
// and the defaults chosen; what was ignored is said in a warning.
func TestEcho(t *testing.T) {
	ts := start(t, apitest.Tables(t), apihttp.Limits{})
	env := post(t, ts, "/api/v1/returns/lunar", `{`+london+`,"start":"2024-07-01","end":"2025-01-01"}`, nil)
	lr := inputOf[timing.LunarReturnsRequest](t, env)
	if lr.BirthDate != "1990-07-14" || lr.UTC != "1990-07-14T13:30:00Z" || lr.Timezone != "Europe/London" || *lr.Hour != 14 ||
		utc(lr.StartUTC) != "2024-06-30T23:00:00Z" || utc(lr.EndUTC) != "2025-01-01T00:00:00Z" || lr.DateZone != "Europe/London" ||
		lr.Start != "2024-07-01" || lr.HouseSystem != "placidus" || lr.ZodiacType != "tropical" {
		t.Errorf("echo %s", env.Input)
	}
	// Tokyo by "auto": a date is 00:00 JST; the birth date goes as date
	// and time elsewhere, as year..second here (date is the target).
	env = post(t, ts, "/api/v1/zodiacal-releasing/at-date", `{"year":1933,"month":12,"day":23,"time":"06:39","location":"Tokyo, JP","timezone":"auto","date":"2016-08-08"}`, nil)
	ad := inputOf[timing.ReleasingAtDateRequest](t, env)
	if ad.Timezone != "Asia/Tokyo" || ad.TimezoneSource != "place" || ad.UTC != "1933-12-22T21:39:00Z" || utc(ad.DateUTC) != "2016-08-07T15:00:00Z" ||
		ad.DateZone != "Asia/Tokyo" || ad.Place == nil || ad.Place.Name != "Tokyo" || *ad.Levels != 4 || ad.Lot != "spirit" || ad.Time != "" {
		t.Errorf("echo %s", env.Input)
	}
	// An instant needs no zone.
	env = post(t, ts, "/api/v1/progressions", `{`+london+`,"date":"2024-07-14T12:00:00Z"}`, nil)
	pr := inputOf[timing.ProgressionsRequest](t, env)
	if pr.DateZone != "" || utc(pr.DateUTC) != "2024-07-14T12:00:00Z" || *pr.Orb != 1 || pr.AngleMethod != "solar_arc_ra" || pr.YearLength != "tropical" {
		t.Errorf("echo %s", env.Input)
	}
	// Ignored input is said.
	for _, c := range []struct{ path, body, warning string }{
		{"/api/v1/returns/planetary", `,"planet":"mars","place":{"latitude":1,"longitude":2}`, "place ignored"},
		{"/api/v1/progressions", `,"date":"2024-07-14","ayanamsa":"raman"`, `ayanamsa "raman" ignored`},
		{"/api/v1/returns/solar", `,"return_year":2000,"location":"London, UK"`, "timezone omitted"},
	} {
		body := `{` + london + c.body + `}`
		if strings.Contains(c.body, "location") {
			body = `{"year":1990,"month":7,"day":14,"hour":14,"minute":30` + c.body + `}`
		}
		env := post(t, ts, c.path, body, nil)
		if !slices.ContainsFunc(env.Warnings, func(w string) bool { return strings.Contains(w, c.warning) }) {
			t.Errorf("%s %s: warnings %q, want one saying %q", c.path, c.body, env.Warnings, c.warning)
		}
	}
	// A name the route does not have is a warning when the caller asks
	// for lenient handling.
	r := ts.Post(t, "/api/v1/firdaria", `{`+london+`,"include_asteroids":true}`, "Prefer", "handling=lenient").WantStatus(t, 200)
	if w := r.Envelope(t).Warnings; !slices.ContainsFunc(w, func(s string) bool { return strings.Contains(s, `"include_asteroids" ignored`) }) {
		t.Errorf("lenient: warnings %q", w)
	}
}

// TestTimelineDefaults: a timeline without a range runs from the birth
// for its documented span, and one that starts on the birth's date starts
// at the birth (its 00:00 came before it); the echo states both.
func TestTimelineDefaults(t *testing.T) {
	ts := start(t, apitest.Tables(t), apihttp.Limits{})
	type span struct{ start, end, startUTC, endUTC string }
	for _, c := range []struct {
		name, path, body string
		want             span
	}{
		{"FirdariaDefault", "/api/v1/firdaria/timeline", ``,
			span{"1990-07-14T13:30:00Z", "2065-07-14T13:30:00Z", "1990-07-14T13:30:00Z", "2065-07-14T13:30:00Z"}},
		{"FirdariaFromBirthDate", "/api/v1/firdaria/timeline", `,"start":"1990-07-14","end":"2000-01-01"`,
			span{"1990-07-14", "2000-01-01", "1990-07-14T13:30:00Z", "2000-01-01T00:00:00Z"}},
		{"ReleasingDefault", "/api/v1/zodiacal-releasing/timeline", ``,
			span{"1990-07-14T13:30:00Z", "2090-07-14T13:30:00Z", "1990-07-14T13:30:00Z", "2090-07-14T13:30:00Z"}},
		{"ReleasingDefault4Levels", "/api/v1/zodiacal-releasing/timeline", `,"levels":4`,
			span{"1990-07-14T13:30:00Z", "2000-07-14T13:30:00Z", "1990-07-14T13:30:00Z", "2000-07-14T13:30:00Z"}},
		{"ReleasingFromBirthDate", "/api/v1/zodiacal-releasing/timeline", `,"start":"1990-07-14"`,
			span{"1990-07-14", "2090-07-14T13:30:00Z", "1990-07-14T13:30:00Z", "2090-07-14T13:30:00Z"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var res struct {
				Start   string      `json:"start"`
				Periods []periodOut `json:"periods"`
			}
			env := post(t, ts, c.path, `{`+london+c.body+`}`, &res)
			var in struct {
				Start    string `json:"start"`
				End      string `json:"end"`
				StartUTC string `json:"start_utc"`
				EndUTC   string `json:"end_utc"`
			}
			if err := json.Unmarshal(env.Input, &in); err != nil {
				t.Fatal(err)
			}
			if got := (span{in.Start, in.End, in.StartUTC, in.EndUTC}); got != c.want {
				t.Errorf("echo %+v, want %+v", got, c.want)
			}
			if res.Start != c.want.startUTC || len(res.Periods) == 0 || res.Periods[0].Start.Format("2006-01-02T15:04:05Z") != "1990-07-14T13:30:00Z" {
				t.Errorf("the timeline starts %s with %d periods", res.Start, len(res.Periods))
			}
		})
	}
}

// TestEchoSentBack: an answer's input, posted back as the body, gives the
// same answer and the same input, on every route (the read-only facts
// are accepted and ignored; timezone_source says where the zone came from
// each time).
func TestEchoSentBack(t *testing.T) {
	ts := start(t, apitest.Tables(t), apihttp.Limits{ResultCache: -1})
	for _, c := range []struct{ path, body string }{
		{"/api/v1/returns/solar", `{"year":1990,"month":7,"day":14,"time":"14:30","location":"London, GB","timezone":"auto","return_year":2024,"place":{"location":"Paris, FR"}}`},
		{"/api/v1/returns/lunar", `{` + london + `,"start":"2024-07-01","include_minor_aspects":true}`},
		{"/api/v1/returns/planetary", `{` + akihito + `,"planet":"jupiter"}`},
		{"/api/v1/progressions", `{` + london + `,"date":"2024-07-14","angle_method":"quotidian","orb":0.25}`},
		{"/api/v1/solar-arc", `{` + london + `,"date":"2024-07-14T10:00","key":"naibod"}`},
		{"/api/v1/profections", `{` + akihito + `,"date":"2016-08-08","from":"fortune"}`},
		{"/api/v1/zodiacal-releasing", `{` + akihito + `,"levels":1}`},
		{"/api/v1/zodiacal-releasing/timeline", `{` + akihito + `,"start":"1933-12-23","levels":3}`},
		{"/api/v1/zodiacal-releasing/at-date", `{` + akihito + `,"date":"2016-08-08T15:00:00+09:00"}`},
		{"/api/v1/firdaria", `{"year":1879,"month":3,"day":14,"hour":11,"minute":30,"latitude":48.4,"longitude":10,"timezone":"auto"}`},
		{"/api/v1/firdaria/at-age", `{` + london + `,"date":"2030-01-01"}`},
		{"/api/v1/firdaria/timeline", `{` + london + `}`},
	} {
		t.Run(strings.TrimPrefix(c.path, "/api/v1/"), func(t *testing.T) {
			first := post(t, ts, c.path, c.body, nil)
			again := post(t, ts, c.path, string(first.Input), nil)
			if !bytes.Equal(first.Result, again.Result) {
				t.Errorf("answer\n %s\nsent back\n %s", apitest.Truncate(first.Result, 600), apitest.Truncate(again.Result, 600))
			}
			source := func(b []byte) string {
				var m map[string]any
				if err := json.Unmarshal(b, &m); err != nil {
					t.Fatal(err)
				}
				delete(m, "timezone_source")
				out, _ := json.Marshal(m)
				return string(out)
			}
			if x, y := source(first.Input), source(again.Input); x != y {
				t.Errorf("input\n %s\nsent back\n %s", x, y)
			}
		})
	}
}
