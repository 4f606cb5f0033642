package timing_test

import (
	"strings"
	"testing"

	apihttp "github.com/astroapi/astroapi/http"
	"github.com/astroapi/astroapi/http/apitest"
)

type badCase struct {
	name   string
	body   string // members after the birth packet ("" for none); a body of its own when it starts with "{"
	status int
	field  string // "" for a problem about the whole body
}

// TestBadInput sends every route a table of bad bodies: each answer is a
// problem with the status and naming the field (400 for what cannot be
// read, 422 for what fails validation), never a 5xx.
func TestBadInput(t *testing.T) {
	ts := start(t, apitest.Tables(t), apihttp.Limits{})
	// Cases every route shares: the birth packet and the chart frame.
	common := []badCase{
		{"ErrBirthMissing", `{}`, 422, "year"},
		{"ErrMonth13", `{"year":1990,"month":13,"day":1,"latitude":0,"longitude":0}`, 422, "month"},
		{"ErrApril31", `{"year":1990,"month":4,"day":31,"latitude":0,"longitude":0}`, 422, "day"},
		{"ErrNoPlace", `{"year":1990,"month":4,"day":30}`, 422, "latitude"},
		{"ErrLatitude", `{"year":1990,"month":4,"day":30,"latitude":95,"longitude":0}`, 422, "latitude"},
		{"ErrUnknownZone", `,"timezone":"Mars/Olympus_Mons"`, 422, "timezone"},
		{"ErrUnknownPlace", `{"year":1990,"month":4,"day":30,"location":"Xqzzyville Nowhere"}`, 422, "location"},
		{"ErrHouseSystem", `,"house_system":"topocentric"`, 422, "house_system"},
		{"ErrZodiac", `,"zodiac_type":"draconic"`, 422, "zodiac_type"},
		{"ErrAyanamsa", `,"zodiac_type":"sidereal","ayanamsa":"galactic"`, 422, "ayanamsa"},
		{"ErrNodeType", `,"node_type":"osculating"`, 422, "node_type"},
		{"ErrYearString", `{"year":"1990","month":4,"day":30,"latitude":0,"longitude":0}`, 400, "year"},
		{"ErrNotJSON", `{"year":1990,`, 400, ""},
	}
	routes := []struct {
		path  string
		valid string // the route's own members of a valid body
		cases []badCase
	}{
		{"/api/v1/returns/solar", `,"return_year":2024`, []badCase{
			{"ErrReturnYearMissing", ``, 422, "return_year"},
			{"ErrReturnYearNull", `,"return_year":null`, 422, "return_year"},
			{"ErrReturnYearString", `,"return_year":"2024"`, 400, "return_year"},
			{"ErrReturnYearBirthYear", `,"return_year":1990`, 422, "return_year"},
			{"ErrReturnYearTooLate", `,"return_year":2141`, 422, "return_year"},
			{"ErrPlaceEmpty", `,"return_year":2024,"place":{}`, 422, "place.latitude"},
			{"ErrPlaceLatitudeAlone", `,"return_year":2024,"place":{"latitude":10}`, 422, "place.longitude"},
			{"ErrPlaceLatitude", `,"return_year":2024,"place":{"latitude":91,"longitude":0}`, 422, "place.latitude"},
			{"ErrPlaceLongitude", `,"return_year":2024,"place":{"latitude":0,"longitude":-181}`, 422, "place.longitude"},
			{"ErrPlaceBoth", `,"return_year":2024,"place":{"latitude":0,"longitude":0,"location":"Paris"}`, 422, "place.location"},
			{"ErrPlaceUnknown", `,"return_year":2024,"place":{"location":"Xqzzyville Nowhere"}`, 422, "place.location"},
			{"ErrPlaceBlank", `,"return_year":2024,"place":{"location":"  "}`, 422, "place.location"},
			{"ErrPlaceString", `,"return_year":2024,"place":"Paris"`, 400, "place"},
			{"ErrOrbs", `,"return_year":2024,"orbs":{"trine":40}`, 422, "orbs.trine"},
		}},
		{"/api/v1/returns/lunar", `,"start":"2024-01-01"`, []badCase{
			{"ErrStartMissing", ``, 422, "start"},
			{"ErrStartNull", `,"start":null`, 422, "start"},
			{"ErrStartNumber", `,"start":20240101`, 400, "start"},
			{"ErrStartEmpty", `,"start":""`, 422, "start"},
			{"ErrStartForm", `,"start":"01/02/2024"`, 422, "start"},
			{"ErrStartNoOffset", `,"start":"2024-01-01T10:00:00"`, 422, "start"},
			{"ErrStartImpossible", `,"start":"2023-02-29"`, 422, "start"},
			{"ErrStartBeforeBirth", `,"start":"1980-01-01"`, 422, "start"},
			{"ErrEndBeforeStart", `,"start":"2024-01-01","end":"2023-01-01"`, 422, "end"},
			{"ErrRangeTooLong", `,"start":"2024-01-01","end":"2025-01-03"`, 422, "end"},
			{"ErrPlace", `,"start":"2024-01-01","place":{"longitude":0}`, 422, "place.latitude"},
		}},
		{"/api/v1/returns/planetary", `,"planet":"saturn"`, []badCase{
			{"ErrPlanetMissing", ``, 422, "planet"},
			{"ErrPlanetUnknown", `,"planet":"vulcan"`, 422, "planet"},
			{"ErrPlanetSun", `,"planet":"sun"`, 422, "planet"},
			{"ErrPlanetNumber", `,"planet":5`, 400, "planet"},
			{"ErrRangeTooLong", `,"planet":"saturn","end":"2115-01-01"`, 422, "end"},
			{"ErrChartsRangeTooLong", `,"planet":"saturn","include_charts":true,"start":"2000-01-01","end":"2013-01-01"`, 422, "end"},
			{"ErrChartsString", `,"planet":"saturn","include_charts":"yes"`, 400, "include_charts"},
			{"ErrStartBeforeBirth", `,"planet":"saturn","start":"1990-07-14"`, 422, "start"},
			{"ErrEndBeyondHorizon", `,"planet":"saturn","start":"2100-01-01","end":"2150-01-01"`, 422, "end"},
		}},
		{"/api/v1/progressions", `,"date":"2024-07-14"`, []badCase{
			{"ErrDateMissing", ``, 422, "date"},
			{"ErrDateImpossible", `,"date":"2024-02-30"`, 422, "date"},
			{"ErrDateBeforeBirth", `,"date":"1990-07-14T13:29:59Z"`, 422, "date"},
			{"ErrDateBeyondHorizon", `,"date":"2141-01-01"`, 422, "date"},
			{"ErrYearLength360", `,"date":"2024-07-14","year_length":"360_day"`, 422, "year_length"},
			{"ErrYearLengthUnknown", `,"date":"2024-07-14","year_length":"sidereal"`, 422, "year_length"},
			{"ErrAngleMethod", `,"date":"2024-07-14","angle_method":"placidus_arc"`, 422, "angle_method"},
			{"ErrOrbZero", `,"date":"2024-07-14","orb":0`, 422, "orb"},
			{"ErrOrbNegative", `,"date":"2024-07-14","orb":-1`, 422, "orb"},
			{"ErrOrbTooWide", `,"date":"2024-07-14","orb":6`, 422, "orb"},
			{"ErrOrbString", `,"date":"2024-07-14","orb":"1"`, 400, "orb"},
		}},
		{"/api/v1/solar-arc", `,"date":"2024-07-14"`, []badCase{
			{"ErrDateMissing", ``, 422, "date"},
			{"ErrKey", `,"date":"2024-07-14","key":"ptolemy"`, 422, "key"},
			{"ErrOrbZero", `,"date":"2024-07-14","orb":0`, 422, "orb"},
			{"ErrRangeTooLong", `,"date":"2024-07-14","range_start":"2000-01-01","range_end":"2100-02-01"`, 422, "range_end"},
			{"ErrRangeReversed", `,"date":"2024-07-14","range_start":"2030-01-01","range_end":"2020-01-01"`, 422, "range_end"},
			{"ErrRangeStartForm", `,"date":"2024-07-14","range_start":"2030"`, 422, "range_start"},
			{"ErrRangeStartBeforeBirth", `,"date":"2024-07-14","range_start":"1980-01-01"`, 422, "range_start"},
		}},
		{"/api/v1/profections", `,"age":30`, []badCase{
			{"ErrNeither", ``, 422, "date"},
			{"ErrBoth", `,"age":30,"date":"2024-07-14"`, 422, "age"},
			{"ErrAgeNegative", `,"age":-1`, 422, "age"},
			{"ErrAgeTooOld", `,"age":151`, 422, "age"},
			{"ErrAgeFloat", `,"age":30.5`, 400, "age"},
			{"ErrDateBeforeBirth", `,"date":"1989-01-01"`, 422, "date"},
			{"ErrFrom", `,"age":30,"from":"vertex"`, 422, "from"},
		}},
		{"/api/v1/zodiacal-releasing", ``, []badCase{
			{"ErrLot", `,"lot":"eros"`, 422, "lot"},
			{"ErrLotNumber", `,"lot":1`, 400, "lot"},
			{"ErrYearLength", `,"year_length":"lunar"`, 422, "year_length"},
			{"ErrYearsZero", `,"years":0`, 422, "years"},
			{"ErrYearsTooMany", `,"years":151`, 422, "years"},
			{"ErrLevelsZero", `,"levels":0`, 422, "levels"},
			{"ErrLevels3", `,"levels":3`, 422, "levels"},
		}},
		{"/api/v1/zodiacal-releasing/timeline", `,"start":"2020-01-01","end":"2030-01-01"`, []badCase{
			{"ErrStartMissing", `,"end":"2030-01-01"`, 422, "start"},
			{"ErrEndMissing", `,"start":"2020-01-01"`, 422, "end"},
			{"ErrStartBeforeBirth", `,"start":"1980-01-01","end":"2030-01-01"`, 422, "start"},
			{"ErrReversed", `,"start":"2030-01-01","end":"2020-01-01"`, 422, "end"},
			{"ErrTooLong4Levels", `,"start":"1991-01-01","end":"2092-01-01","levels":4`, 422, "end"},
			{"ErrBeyondHorizon", `,"start":"2000-01-01","end":"2141-01-01"`, 422, "end"},
			{"ErrLevels5", `,"start":"2020-01-01","end":"2030-01-01","levels":5`, 422, "levels"},
			{"ErrLevelsZero", `,"start":"2020-01-01","end":"2030-01-01","levels":0`, 422, "levels"},
			{"ErrLot", `,"start":"2020-01-01","end":"2030-01-01","lot":"eros"`, 422, "lot"},
		}},
		{"/api/v1/zodiacal-releasing/at-date", `,"date":"2024-07-14"`, []badCase{
			{"ErrDateMissing", ``, 422, "date"},
			{"ErrDateNull", `,"date":null`, 422, "date"},
			{"ErrDateBeforeBirth", `,"date":"1980-01-01"`, 422, "date"},
			{"ErrLevelsNegative", `,"date":"2024-07-14","levels":-1`, 422, "levels"},
			{"ErrLevels5", `,"date":"2024-07-14","levels":5`, 422, "levels"},
		}},
		{"/api/v1/firdaria", ``, []badCase{
			{"ErrNodeOrder", `,"node_order":"before_sun"`, 422, "node_order"},
			{"ErrYearLength360", `,"year_length":"360_day"`, 422, "year_length"},
			{"ErrNodeOrderNumber", `,"node_order":2`, 400, "node_order"},
		}},
		{"/api/v1/firdaria/at-age", `,"age":33.5`, []badCase{
			{"ErrNeither", ``, 422, "age"},
			{"ErrBoth", `,"age":3,"date":"2000-01-01"`, 422, "age"},
			{"ErrAgeNegative", `,"age":-0.5`, 422, "age"},
			{"ErrAge150", `,"age":150`, 422, "age"},
			{"ErrAgeString", `,"age":"33"`, 400, "age"},
			{"ErrDateBeforeBirth", `,"date":"1980-01-01"`, 422, "date"},
			{"ErrDateForm", `,"date":"yesterday"`, 422, "date"},
		}},
		{"/api/v1/firdaria/timeline", `,"start":"2020-01-01","end":"2040-01-01"`, []badCase{
			{"ErrStartMissing", `,"end":"2040-01-01"`, 422, "start"},
			{"ErrReversed", `,"start":"2040-01-01","end":"2020-01-01"`, 422, "end"},
			{"ErrBeyondHorizon", `,"start":"2020-01-01","end":"2141-01-01"`, 422, "end"},
			{"ErrStartBeforeBirth", `,"start":"1990-07-14","end":"2040-01-01"`, 422, "start"},
		}},
	}
	for _, r := range routes {
		t.Run(strings.TrimPrefix(r.path, "/api/v1/"), func(t *testing.T) {
			// The valid body answers 200.
			ts.Post(t, r.path, `{`+london+r.valid+`}`).WantStatus(t, 200)
			for _, c := range r.cases {
				send(t, ts, r.path, london, c)
			}
			for _, c := range common {
				// With the route's own valid members, so the birth is the
				// only thing wrong.
				switch {
				case c.body == "{}":
					c.body = "{" + strings.TrimPrefix(r.valid, ",") + "}"
				case strings.HasSuffix(c.body, "}"):
					c.body = strings.TrimSuffix(c.body, "}") + r.valid + "}"
				case !strings.HasPrefix(c.body, "{"):
					c.body += r.valid
				}
				send(t, ts, r.path, london, c)
			}
		})
	}
}

// send posts a bad case (its members after birth, or its own body) and
// checks the problem.
func send(t *testing.T, ts *apitest.Server, path, birth string, c badCase) {
	t.Helper()
	t.Run(c.name, func(t *testing.T) {
		body := c.body
		if !strings.HasPrefix(body, "{") {
			body = "{" + birth + body + "}"
		}
		r := ts.Post(t, path, body).WantStatus(t, c.status)
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

// TestUnavailable: without an ephemeris every route answers 503 and says
// why.
func TestUnavailable(t *testing.T) {
	ts := start(t, nil, apihttp.Limits{})
	for _, path := range []string{"/api/v1/returns/solar", "/api/v1/zodiacal-releasing", "/api/v1/firdaria/timeline"} {
		r := ts.Post(t, path, `{`+london+`}`).WantStatus(t, 503)
		if p := r.Problem(t); !strings.Contains(p.Detail, "ephemeris") {
			t.Errorf("%s: %+v", path, p)
		}
	}
}
