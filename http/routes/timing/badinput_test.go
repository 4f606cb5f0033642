package timing_test

import (
	"slices"
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
	reason string // what the field's reason must say ("" for anything)
}

// TestBadInput sends every route a table of bad bodies: each answer is a
// problem with the status and naming the field (400 for a body that is
// not JSON, 422 for everything else: unknown names with their
// suggestion, values of the wrong type, bounds one step outside, the
// route's rules), never a 5xx.
func TestBadInput(t *testing.T) {
	ts := start(t, apitest.Tables(t), apihttp.Limits{})
	// Cases every route shares: the birth packet and the chart frame.
	common := []badCase{
		{"ErrBirthMissing", `{}`, 422, "year", ""},
		{"ErrMonth13", `{"year":1990,"month":13,"day":1,"latitude":0,"longitude":0}`, 422, "month", ""},
		{"ErrApril31", `{"year":1990,"month":4,"day":31,"latitude":0,"longitude":0}`, 422, "day", ""},
		{"ErrNoPlace", `{"year":1990,"month":4,"day":30}`, 422, "latitude", ""},
		{"ErrLatitude", `{"year":1990,"month":4,"day":30,"latitude":90.5,"longitude":0}`, 422, "latitude", "between -90 and 90"},
		{"ErrUnknownZone", `,"timezone":"Mars/Olympus_Mons"`, 422, "timezone", ""},
		{"ErrUnknownPlace", `{"year":1990,"month":4,"day":30,"location":"Xqzzyville Nowhere"}`, 422, "location", ""},
		{"ErrHouseSystem", `,"house_system":"topocentrical"`, 422, "house_system", ""},
		{"ErrZodiac", `,"zodiac_type":"draconic"`, 422, "zodiac_type", ""},
		{"ErrAyanamsa", `,"zodiac_type":"sidereal","ayanamsa":"galactic"`, 422, "ayanamsa", ""},
		{"ErrNodeType", `,"node_type":"osculating"`, 422, "node_type", ""},
		{"ErrYearString", `{"year":"1990","month":4,"day":30,"latitude":0,"longitude":0}`, 422, "year", "integer"},
		{"ErrBirthBeforeYear0", `{"year":-1,"month":4,"day":30,"latitude":0,"longitude":0}`, 422, "year", "from year 0"},
		{"ErrUnknownField", `,"lattitude":5`, 422, "lattitude", `"latitude"`},
		{"ErrCaseField", `,"LONGITUDE":5`, 422, "LONGITUDE", "case-sensitive"},
		{"ErrDuplicate", `,"latitude":null`, 422, "latitude", ""},
		{"ErrNestedBirth", `,"birth":{"year":1990}`, 422, "birth", "flat at the top level"},
		{"ErrNotJSON", `{"year":1990,`, 400, "", ""},
	}
	routes := []struct {
		path  string
		valid string // the route's own members of a valid body
		cases []badCase
	}{
		{"/api/v1/returns/solar", `,"return_year":2024`, []badCase{
			{"ErrReturnYearMissing", ``, 422, "return_year", "required"},
			{"ErrReturnYearNull", `,"return_year":null`, 422, "return_year", "required"},
			{"ErrReturnYearString", `,"return_year":"2024"`, 422, "return_year", "integer"},
			{"ErrReturnYearBirthYear", `,"return_year":1990`, 422, "return_year", "after the birth year"},
			{"ErrReturnYearTooLate", `,"return_year":2141`, 422, "return_year", ""},
			{"ErrReturnYearMisspelt", `,"retrun_year":2024`, 422, "retrun_year", `"return_year"`},
			{"ErrPlaceEmpty", `,"return_year":2024,"place":{}`, 422, "place.latitude", ""},
			{"ErrPlaceLatitudeAlone", `,"return_year":2024,"place":{"latitude":10}`, 422, "place.longitude", ""},
			{"ErrPlaceLatitude", `,"return_year":2024,"place":{"latitude":90.5,"longitude":0}`, 422, "place.latitude", "between -90 and 90"},
			{"ErrPlaceLongitude", `,"return_year":2024,"place":{"latitude":0,"longitude":-180.5}`, 422, "place.longitude", ""},
			{"ErrPlaceUnknown", `,"return_year":2024,"place":{"location":"Xqzzyville Nowhere"}`, 422, "place.location", ""},
			{"ErrPlaceBlank", `,"return_year":2024,"place":{"location":"  "}`, 422, "place.location", ""},
			{"ErrPlaceString", `,"return_year":2024,"place":"Paris"`, 422, "place", "object"},
			{"ErrPlaceUnknownField", `,"return_year":2024,"place":{"lat":1,"longitude":2}`, 422, "place.lat", `"latitude"`},
			{"ErrRelocation", `,"return_year":2024,"relocation":{"location":"Paris"}`, 422, "relocation", `"place"`},
			{"ErrOrbs", `,"return_year":2024,"orbs":{"trine":40}`, 422, "orbs.trine", ""},
		}},
		{"/api/v1/returns/lunar", `,"start":"2024-01-01"`, []badCase{
			{"ErrStartMissing", ``, 422, "start", "required"},
			{"ErrStartNull", `,"start":null`, 422, "start", "required"},
			{"ErrStartNumber", `,"start":20240101`, 422, "start", "date"},
			{"ErrStartEmpty", `,"start":""`, 422, "start", ""},
			{"ErrStartForm", `,"start":"01/02/2024"`, 422, "start", "YYYY-MM-DD"},
			{"ErrStartImpossible", `,"start":"2023-02-29"`, 422, "start", ""},
			{"ErrStartBeforeBirth", `,"start":"1980-01-01"`, 422, "start", "before the birth"},
			{"ErrEndBeforeStart", `,"start":"2024-01-01","end":"2023-01-01"`, 422, "end", ""},
			{"ErrRangeTooLong", `,"start":"2024-01-01","end":"2025-01-03"`, 422, "end", "366 days"},
			{"ErrStartDate", `,"start_date":"2024-01-01"`, 422, "start_date", `"start"`},
			{"ErrPlace", `,"start":"2024-01-01","place":{"longitude":0}`, 422, "place.latitude", ""},
		}},
		{"/api/v1/returns/planetary", `,"planet":"saturn"`, []badCase{
			{"ErrPlanetMissing", ``, 422, "planet", "required"},
			{"ErrPlanetUnknown", `,"planet":"vulcan"`, 422, "planet", "one of"},
			{"ErrPlanetSun", `,"planet":"sun"`, 422, "planet", ""},
			{"ErrPlanetNumber", `,"planet":5`, 422, "planet", "string"},
			{"ErrBody", `,"body":"saturn"`, 422, "body", `"planet"`},
			{"ErrRangeTooLong", `,"planet":"saturn","end":"2115-01-01"`, 422, "end", "120 years"},
			{"ErrChartsRangeTooLong", `,"planet":"saturn","include_charts":true,"start":"2000-01-01","end":"2013-01-01"`, 422, "end", "12 years"},
			{"ErrChartsDefaultRange", `,"planet":"saturn","include_charts":true`, 422, "end", "12 years"},
			{"ErrChartsString", `,"planet":"saturn","include_charts":"yes"`, 422, "include_charts", "boolean"},
			{"ErrStartBeforeBirth", `,"planet":"saturn","start":"1990-07-13"`, 422, "start", "before the birth"},
			{"ErrEndBeyondHorizon", `,"planet":"saturn","start":"2100-01-01","end":"2150-01-01"`, 422, "end", "150 years"},
		}},
		{"/api/v1/progressions", `,"date":"2024-07-14"`, []badCase{
			{"ErrDateMissing", ``, 422, "date", "required"},
			{"ErrDateImpossible", `,"date":"2024-02-30"`, 422, "date", ""},
			{"ErrDateBeforeBirth", `,"date":"1990-07-14T13:29:59Z"`, 422, "date", "before the birth"},
			{"ErrDateBeyondHorizon", `,"date":"2141-01-01"`, 422, "date", "150 years"},
			{"ErrDateInGap", `,"date":"2024-03-31T01:30"`, 422, "date", "does not exist"},
			{"ErrBirthDate", `,"date":"2024-07-14","birthdate":"1990-07-14"`, 422, "birthdate", "year, month and day"},
			{"ErrYearLength360", `,"date":"2024-07-14","year_length":"360_day"`, 422, "year_length", "tropical, julian"},
			{"ErrYearLengthUnknown", `,"date":"2024-07-14","year_length":"sidereal"`, 422, "year_length", ""},
			{"ErrAngleMethod", `,"date":"2024-07-14","angle_method":"placidus_arc"`, 422, "angle_method", ""},
			{"ErrOrbZero", `,"date":"2024-07-14","orb":0`, 422, "orb", "greater than 0 and at most 5"},
			{"ErrOrbTooWide", `,"date":"2024-07-14","orb":5.01`, 422, "orb", "greater than 0 and at most 5"},
			{"ErrOrbString", `,"date":"2024-07-14","orb":"1"`, 422, "orb", "number"},
		}},
		{"/api/v1/solar-arc", `,"date":"2024-07-14"`, []badCase{
			{"ErrDateMissing", ``, 422, "date", "required"},
			{"ErrKey", `,"date":"2024-07-14","key":"ptolemy"`, 422, "key", ""},
			{"ErrOrbZero", `,"date":"2024-07-14","orb":0`, 422, "orb", "greater than 0"},
			{"ErrOrbTooWide", `,"date":"2024-07-14","orb":6`, 422, "orb", ""},
			{"ErrRangeTooLong", `,"date":"2024-07-14","range_start":"2000-01-01","range_end":"2100-02-01"`, 422, "range_end", "100 years"},
			{"ErrRangeReversed", `,"date":"2024-07-14","range_start":"2030-01-01","range_end":"2020-01-01"`, 422, "range_end", ""},
			{"ErrRangeStartForm", `,"date":"2024-07-14","range_start":"2030"`, 422, "range_start", ""},
			{"ErrRangeStartBeforeBirth", `,"date":"2024-07-14","range_start":"1980-01-01"`, 422, "range_start", "before the birth"},
			{"ErrStart", `,"date":"2024-07-14","start":"2020-01-01"`, 422, "start", `"range_start"`},
		}},
		{"/api/v1/profections", `,"age":30`, []badCase{
			{"ErrNeither", ``, 422, "date", "send date or age"},
			{"ErrBoth", `,"age":30,"date":"2024-07-14"`, 422, "age", "not both"},
			{"ErrAgeNegative", `,"age":-1`, 422, "age", "between 0 and 150"},
			{"ErrAgeTooOld", `,"age":151`, 422, "age", "between 0 and 150"},
			{"ErrAgeFloat", `,"age":30.5`, 422, "age", "integer"},
			{"ErrDateBeforeBirth", `,"date":"1989-01-01"`, 422, "date", "before the birth"},
			{"ErrFrom", `,"age":30,"from":"vertex"`, 422, "from", ""},
		}},
		{"/api/v1/zodiacal-releasing", ``, []badCase{
			{"ErrLot", `,"lot":"eros"`, 422, "lot", "spirit, fortune"},
			{"ErrLotNumber", `,"lot":1`, 422, "lot", "string"},
			{"ErrYearLength", `,"year_length":"lunar"`, 422, "year_length", ""},
			{"ErrYearsZero", `,"years":0`, 422, "years", "between 1 and 150"},
			{"ErrYearsTooMany", `,"years":151`, 422, "years", "between 1 and 150"},
			{"ErrLevelsZero", `,"levels":0`, 422, "levels", "between 1 and 2"},
			{"ErrLevels3", `,"levels":3`, 422, "levels", "between 1 and 2"},
		}},
		{"/api/v1/zodiacal-releasing/timeline", `,"start":"2020-01-01","end":"2030-01-01"`, []badCase{
			{"ErrStartBeforeBirth", `,"start":"1990-07-13","end":"2030-01-01"`, 422, "start", "before the birth"},
			{"ErrReversed", `,"start":"2030-01-01","end":"2020-01-01"`, 422, "end", "after start"},
			{"ErrEndBeforeBirthDefaultStart", `,"end":"1990-07-14"`, 422, "end", "after start"},
			{"ErrTooLong4Levels", `,"start":"1991-01-01","end":"2092-01-01","levels":4`, 422, "end", "100 years"},
			{"ErrBeyondHorizon", `,"start":"2000-01-01","end":"2141-01-01"`, 422, "end", "150 years"},
			{"ErrLevels5", `,"start":"2020-01-01","end":"2030-01-01","levels":5`, 422, "levels", "between 1 and 4"},
			{"ErrLevelsZero", `,"start":"2020-01-01","end":"2030-01-01","levels":0`, 422, "levels", ""},
			{"ErrLot", `,"start":"2020-01-01","end":"2030-01-01","lot":"eros"`, 422, "lot", ""},
			{"ErrEndDate", `,"start":"2020-01-01","end_date":"2030-01-01"`, 422, "end_date", `"end"`},
		}},
		{"/api/v1/zodiacal-releasing/at-date", `,"date":"2024-07-14"`, []badCase{
			{"ErrDateMissing", ``, 422, "date", "required"},
			{"ErrDateNull", `,"date":null`, 422, "date", "required"},
			{"ErrDateBeforeBirth", `,"date":"1980-01-01"`, 422, "date", "before the birth"},
			{"ErrLevelsNegative", `,"date":"2024-07-14","levels":-1`, 422, "levels", ""},
			{"ErrLevels5", `,"date":"2024-07-14","levels":5`, 422, "levels", "between 1 and 4"},
		}},
		{"/api/v1/firdaria", ``, []badCase{
			{"ErrNodeOrder", `,"node_order":"before_sun"`, 422, "node_order", "end, after_mars"},
			{"ErrYearLength360", `,"year_length":"360_day"`, 422, "year_length", "tropical, julian"},
			{"ErrNodeOrderNumber", `,"node_order":2`, 422, "node_order", "string"},
			{"ErrAsteroids", `,"include_asteroids":true`, 422, "include_asteroids", ""},
		}},
		{"/api/v1/firdaria/at-age", `,"age":33.5`, []badCase{
			{"ErrNeither", ``, 422, "age", "send age or date"},
			{"ErrBoth", `,"age":3,"date":"2000-01-01"`, 422, "age", "not both"},
			{"ErrAgeNegative", `,"age":-0.5`, 422, "age", "between 0 and 150"},
			{"ErrAgeOver150", `,"age":150.5`, 422, "age", "between 0 and 150"},
			{"ErrAgeString", `,"age":"33"`, 422, "age", "number"},
			{"ErrDateBeforeBirth", `,"date":"1980-01-01"`, 422, "date", "before the birth"},
			{"ErrDateForm", `,"date":"yesterday"`, 422, "date", "YYYY-MM-DD"},
		}},
		{"/api/v1/firdaria/timeline", `,"start":"2020-01-01","end":"2040-01-01"`, []badCase{
			{"ErrReversed", `,"start":"2040-01-01","end":"2020-01-01"`, 422, "end", "after start"},
			{"ErrBeyondHorizon", `,"start":"2020-01-01","end":"2141-01-01"`, 422, "end", "150 years"},
			{"ErrStartBeforeBirth", `,"start":"1990-07-13","end":"2040-01-01"`, 422, "start", "before the birth"},
			{"ErrStartString", `,"start":2020`, 422, "start", "date"},
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
				if !strings.Contains(e.Reason, c.reason) {
					t.Errorf("%s: %q does not say %q", c.field, e.Reason, c.reason)
				}
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

// TestSeveralBadFields: every bad field of a body is in one answer, at
// each stage: names and types as the body is read, then the birth, the
// dates and the route's rules as it resolves.
func TestSeveralBadFields(t *testing.T) {
	ts := start(t, apitest.Tables(t), apihttp.Limits{})
	for _, c := range []struct {
		path, body string
		fields     []string
	}{
		{"/api/v1/progressions", `{` + london + `,"date":"2024-07-14","orb":"1","year_length":7,"lattitude":5}`, []string{"lattitude", "orb", "year_length"}},
		{"/api/v1/solar-arc", `{"year":1990,"month":13,"day":1,"latitude":0,"longitude":0,"date":"2023-02-29","range_start":"2024-02-30","orb":9}`, []string{"date", "month", "orb", "range_start"}},
		{"/api/v1/returns/lunar", `{` + london + `,"start":"1980-01-01","place":{"latitude":1},"zodiac_type":"sidereal","ayanamsa":"galactic"}`, []string{"ayanamsa", "place.longitude", "start"}},
		{"/api/v1/zodiacal-releasing/timeline", `{` + london + `,"start":"2030-01-01","end":"2020-01-01","house_system":"topocentrical"}`, []string{"end", "house_system"}},
	} {
		t.Run(strings.TrimPrefix(c.path, "/api/v1/"), func(t *testing.T) {
			p := ts.Post(t, c.path, c.body).WantStatus(t, 422).Problem(t)
			var got []string
			for _, e := range p.Errors {
				got = append(got, e.Field)
			}
			slices.Sort(got)
			if !slices.Equal(got, c.fields) {
				t.Errorf("fields %v, want %v: %+v", got, c.fields, p.Errors)
			}
		})
	}
}
