package timing_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	json "github.com/goccy/go-json"

	apihttp "github.com/astroapi/astroapi/http"
	"github.com/astroapi/astroapi/http/apitest"
)

// TestEcho: the envelope echoes the birth as resolved and every date as
// the UTC instant used (a date alone is 00:00 in the birth's zone: BST in
// July, GMT in January; "auto" takes the place's zone), and warns about
// what it ignored.
func TestEcho(t *testing.T) {
	ts := start(t, apitest.Tables(t), apihttp.Limits{})
	var in struct {
		BirthDate  string     `json:"birth_date"`
		Timezone   string     `json:"timezone"`
		UTC        string     `json:"utc"`
		ZodiacType string     `json:"zodiac_type"`
		DateZone   string     `json:"date_zone"`
		Start      *time.Time `json:"start"`
		End        *time.Time `json:"end"`
		Date       *time.Time `json:"date"`
	}
	echo := func(env apitest.Envelope) {
		t.Helper()
		in.Start, in.End, in.Date, in.DateZone = nil, nil, nil, ""
		if err := json.Unmarshal(env.Input, &in); err != nil {
			t.Fatal(err)
		}
	}
	env := post(t, ts, "/api/v1/returns/lunar", `{`+london+`,"start":"2024-07-01","end":"2025-01-01"}`, nil)
	echo(env)
	if in.BirthDate != "1990-07-14" || in.UTC != "1990-07-14T13:30:00Z" || in.Timezone != "Europe/London" ||
		in.Start.Format(time.RFC3339) != "2024-06-30T23:00:00Z" || in.End.Format(time.RFC3339) != "2025-01-01T00:00:00Z" || in.DateZone != "Europe/London" {
		t.Errorf("echo %s", env.Input)
	}
	// Tokyo by "auto": a date is 00:00 JST.
	env = post(t, ts, "/api/v1/zodiacal-releasing/at-date", `{"year":1933,"month":12,"day":23,"hour":6,"minute":39,"location":"Tokyo, JP","timezone":"auto","date":"2016-08-08"}`, nil)
	echo(env)
	if in.Timezone != "Asia/Tokyo" || in.UTC != "1933-12-22T21:39:00Z" || in.Date.Format(time.RFC3339) != "2016-08-07T15:00:00Z" || in.DateZone != "Asia/Tokyo" {
		t.Errorf("echo %s", env.Input)
	}
	// An instant needs no zone.
	echo(post(t, ts, "/api/v1/progressions", `{`+london+`,"date":"2024-07-14T12:00:00Z"}`, nil))
	if in.DateZone != "" || in.Date.Format(time.RFC3339) != "2024-07-14T12:00:00Z" {
		t.Errorf("echo date %s zone %q", in.Date, in.DateZone)
	}
	// Ignored input is said.
	for _, c := range []struct{ path, body, warning string }{
		{"/api/v1/returns/planetary", `,"planet":"mars","place":{"latitude":1,"longitude":2}`, "place ignored"},
		{"/api/v1/progressions", `,"date":"2024-07-14","ayanamsa":"raman"`, `ayanamsa "raman" ignored`},
		{"/api/v1/firdaria", `,"include_asteroids":true`, `unknown field "include_asteroids"`},
		{"/api/v1/returns/solar", `,"return_year":2000,"location":"London, UK"`, "timezone"},
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
}
