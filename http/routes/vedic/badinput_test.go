package vedic_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/astroapi/astroapi/http/apitest"
)

// badCase is a request that must be refused with status, naming fields.
type badCase struct {
	name   string
	body   string // JSON body, or a query string for GET routes ("?...")
	status int
	fields []string
}

// wantRefused sends c to path and checks the status and the fields named.
func wantRefused(t *testing.T, ts *apitest.Server, path string, c badCase) {
	t.Helper()
	var r *apitest.Response
	if strings.HasPrefix(c.body, "?") {
		r = ts.Get(t, path+c.body)
	} else {
		r = ts.Post(t, path, c.body)
	}
	r.WantStatus(t, c.status)
	p := r.Problem(t)
	named := map[string]bool{}
	for _, e := range p.Errors {
		named[e.Field] = true
	}
	for _, f := range c.fields {
		if !named[f] {
			t.Errorf("problem does not name %s: %+v", f, p)
		}
	}
}

// birthCases are the bad birth packets every route on a birth refuses:
// missing and malformed fields, wrong types, each bound of the packet one
// step outside, names the input does not have (with the nearest), the
// packet's own rules (a place, a day the month has, a local time that
// happened), and several bad fields in one answer.
var birthCases = []badCase{
	{"ErrEmptyBody", ``, 422, []string{"year", "month", "day"}},
	{"ErrMissingYear", `{"month":7,"day":14,"latitude":51.5,"longitude":0}`, 422, []string{"year"}},
	{"ErrNullMonth", `{"year":1990,"month":null,"day":14,"latitude":51.5,"longitude":0}`, 422, []string{"month"}},
	{"ErrLatitudeType", `{"year":1990,"month":7,"day":14,"latitude":"north","longitude":0}`, 422, []string{"latitude"}},
	{"ErrYearString", `{"year":"1990","month":7,"day":14,"latitude":51.5,"longitude":0}`, 422, []string{"year"}},
	{"ErrLatitudeRange", `{"year":1990,"month":7,"day":14,"latitude":91,"longitude":0}`, 422, []string{"latitude"}},
	{"ErrLatitudeBelow", `{"year":1990,"month":7,"day":14,"latitude":-90.5,"longitude":0}`, 422, []string{"latitude"}},
	{"ErrLongitudeRange", `{"year":1990,"month":7,"day":14,"latitude":0,"longitude":-180.5}`, 422, []string{"longitude"}},
	{"ErrNoLongitude", `{"year":1990,"month":7,"day":14,"latitude":51.5}`, 422, []string{"longitude"}},
	{"ErrNoPlace", `{"year":1990,"month":7,"day":14}`, 422, []string{"latitude"}},
	{"ErrImpossibleDate", `{"year":1990,"month":2,"day":30,"latitude":51.5,"longitude":0}`, 422, []string{"day"}},
	{"ErrReformGap", `{"year":1582,"month":10,"day":10,"latitude":51.5,"longitude":0}`, 422, []string{"day"}},
	{"ErrYearRange", `{"year":3001,"month":1,"day":1,"latitude":51.5,"longitude":0}`, 422, []string{"year"}},
	{"ErrMonth13", `{"year":1990,"month":13,"day":1,"latitude":51.5,"longitude":0}`, 422, []string{"month"}},
	{"ErrHourRange", `{"year":1990,"month":7,"day":14,"hour":24,"latitude":51.5,"longitude":0}`, 422, []string{"hour"}},
	{"ErrMinuteRange", `{"year":1990,"month":7,"day":14,"hour":1,"minute":60,"latitude":51.5,"longitude":0}`, 422, []string{"minute"}},
	{"ErrFoldRange", `{"year":1990,"month":7,"day":14,"latitude":51.5,"longitude":0,"fold":2}`, 422, []string{"fold"}},
	{"ErrDSTGap", `{"year":1990,"month":3,"day":25,"hour":1,"minute":30,"latitude":51.5,"longitude":0,"timezone":"Europe/London"}`, 422, []string{"hour"}},
	{"ErrZone", `{"year":1990,"month":7,"day":14,"latitude":51.5,"longitude":0,"timezone":"Mars/Olympus_Mons"}`, 422, []string{"timezone"}},
	{"ErrOffsetRange", `{"year":1990,"month":7,"day":14,"latitude":51.5,"longitude":0,"timezone":17}`, 422, []string{"timezone"}},
	{"ErrDateAndYear", `{"year":1990,"month":7,"day":14,"date":"1990-07-14","latitude":51.5,"longitude":0}`, 422, []string{"date"}},
	{"ErrDateForm", `{"date":"14/07/1990","latitude":51.5,"longitude":0}`, 422, []string{"date"}},
	{"ErrAyanamsa", `{"year":1990,"month":7,"day":14,"latitude":51.5,"longitude":0,"ayanamsa":"sayana"}`, 422, []string{"ayanamsa"}},
	{"ErrAyanamsaType", `{"year":1990,"month":7,"day":14,"latitude":51.5,"longitude":0,"ayanamsa":1}`, 422, []string{"ayanamsa"}},
	{"ErrUnknownField", `{"year":1990,"month":7,"day":14,"lattitude":51.5,"longitude":0}`, 422, []string{"lattitude"}},
	{"ErrCaseField", `{"year":1990,"month":7,"day":14,"Latitude":51.5,"longitude":0}`, 422, []string{"Latitude"}},
	{"ErrDuplicate", `{"year":1990,"month":7,"day":14,"latitude":51.5,"longitude":0,"latitude":null}`, 422, []string{"latitude"}},
	{"ErrMany", `{"year":1990,"month":13,"day":14,"latitude":91,"longitude":0}`, 422, []string{"month", "latitude"}},
	{"ErrManyTypes", `{"year":"1990","month":7,"day":14,"latitude":"north","longitude":0,"ayanamsa":2}`, 422, []string{"year", "latitude", "ayanamsa"}},
}

// zodiacCases are refused by every route but the natal JSON, which takes
// no user_ayanamsa (an unknown field there).
var zodiacCases = []badCase{
	{"ErrAyanamsaAndUser", withFields(`,"ayanamsa":"kp","user_ayanamsa":{"epoch_jd":2451545,"degrees":23.85}`), 422, []string{"user_ayanamsa"}},
	{"ErrUserAyanamsaDegrees", withFields(`,"user_ayanamsa":{"epoch_jd":2451545,"degrees":361}`), 422, []string{"user_ayanamsa.degrees"}},
	{"ErrUserAyanamsaEpoch", withFields(`,"user_ayanamsa":{"epoch_jd":624999,"degrees":23.85}`), 422, []string{"user_ayanamsa.epoch_jd"}},
	{"ErrUserAyanamsaMissing", withFields(`,"user_ayanamsa":{"degrees":23.85}`), 422, []string{"user_ayanamsa.epoch_jd"}},
	{"ErrUserAyanamsaType", withFields(`,"user_ayanamsa":23.85`), 422, []string{"user_ayanamsa"}},
}

// nodeCases are refused by the routes that place Rahu and Ketu.
var nodeCases = []badCase{
	{"ErrNodeType", withFields(`,"node_type":"median"`), 422, []string{"node_type"}},
	{"ErrNodeTypeType", withFields(`,"node_type":true`), 422, []string{"node_type"}},
}

// TestBadInput sends every route its bad-input table: the bad birth
// packets, the bad options of the route (each bound one step outside), and
// several bad fields at once, all named in one answer.
func TestBadInput(t *testing.T) {
	ts := startTestServer(t, testOptions{Positions: apitest.Tables(t)})
	own := map[string][]badCase{
		"/api/v1/vedic/dasha": {
			{"ErrLevelsZero", withFields(`,"levels":0`), 422, []string{"levels"}},
			{"ErrLevelsTooDeep", withFields(`,"levels":6`), 422, []string{"levels"}},
			{"ErrFromMissing", withFields(`,"levels":4,"to":"2024-01-01"`), 422, []string{"from"}},
			{"ErrToMissing", withFields(`,"levels":5,"from":"2024-01-01"`), 422, []string{"to"}},
			{"ErrWindowNotDeep", withFields(`,"levels":3,"from":"2024-01-01"`), 422, []string{"from"}},
			{"ErrWindowTooLong", withFields(`,"levels":5,"from":"2024-01-01","to":"2025-01-02"`), 422, []string{"to"}},
			{"ErrSookshmaWindowTooLong", withFields(`,"levels":4,"from":"2024-01-01","to":"2034-01-02"`), 422, []string{"to"}},
			{"ErrToBeforeFrom", withFields(`,"levels":5,"from":"2024-01-01","to":"2023-12-31"`), 422, []string{"to"}},
			{"ErrFromForm", withFields(`,"levels":5,"from":"01/01/2024","to":"2024-02-01"`), 422, []string{"from"}},
			{"ErrFromType", withFields(`,"levels":5,"from":20240101,"to":"2024-02-01"`), 422, []string{"from"}},
			{"ErrLevelsType", withFields(`,"levels":"2"`), 422, []string{"levels"}},
			{"ErrYearLength", withFields(`,"year_length":"lunar"`), 422, []string{"year_length"}},
			{"ErrSystem", withFields(`,"system":"kalachakra"`), 422, []string{"system"}},
			{"ErrSystemType", withFields(`,"system":["yogini"]`), 422, []string{"system"}},
			{"ErrSystemCase", withFields(`,"system":"Chara"`), 422, []string{"system"}},
			{"ErrSystemCharaMisspelt", withFields(`,"system":"char"`), 422, []string{"system"}},
			{"ErrCharaLevelsTooDeep", withFields(`,"system":"chara","levels":6`), 422, []string{"levels"}},
			{"ErrCharaWindowNotDeep", withFields(`,"system":"chara","levels":2,"to":"2030-01-01"`), 422, []string{"to"}},
			{"ErrCharaYearLength", withFields(`,"system":"chara","year_length":"lunar"`), 422, []string{"year_length"}},
			{"ErrGapAndLevels", `{"year":1990,"month":3,"day":25,"hour":1,"minute":30,"latitude":51.5,"longitude":0,"timezone":"Europe/London","levels":0}`, 422, []string{"levels"}},
			{"ErrLevelsAndLatitude", `{"year":1990,"month":7,"day":14,"latitude":95,"longitude":0,"levels":9}`, 422, []string{"levels", "latitude"}},
			{"ErrNodeTypeNotHere", withFields(`,"node_type":"true"`), 422, []string{"node_type"}},
		},
		"/api/v1/vedic/natal": {
			{"ErrZodiacType", withFields(`,"zodiac_type":"sidereal"`), 422, []string{"zodiac_type"}},
			{"ErrUserAyanamsa", withFields(`,"user_ayanamsa":{"epoch_jd":2451545,"degrees":23.85}`), 422, []string{"user_ayanamsa"}},
			{"ErrHouseSystem", withFields(`,"house_system":"placidus"`), 422, []string{"house_system"}},
		},
		"/api/v1/vedic/dosha": {
			{"ErrKaalSarp", withFields(`,"kaal_sarp":"half"`), 422, []string{"kaal_sarp"}},
		},
		"/api/v1/vedic/dosha/kaal-sarp": {
			{"ErrKaalSarp", withFields(`,"kaal_sarp":"half"`), 422, []string{"kaal_sarp"}},
			{"ErrKaalSarpType", withFields(`,"kaal_sarp":1`), 422, []string{"kaal_sarp"}},
		},
		"/api/v1/vedic/ashtakavarga": {
			{"ErrTables", withFields(`,"tables":"kp"`), 422, []string{"tables"}},
		},
		"/api/v1/vedic/shadbala": {
			{"ErrScale", withFields(`,"saptavargaja_scale":"kn_rao"`), 422, []string{"saptavargaja_scale"}},
			{"ErrSunrise", withFields(`,"sunrise":"dawn"`), 422, []string{"sunrise"}},
			{"ErrYearMonthLords", withFields(`,"year_month_lords":"civil"`), 422, []string{"year_month_lords"}},
			{"ErrSunMoonCheshta", withFields(`,"sun_moon_cheshta":true`), 422, []string{"sun_moon_cheshta"}},
			{"ErrNodeTypeNotHere", withFields(`,"node_type":"true"`), 422, []string{"node_type"}},
		},
		"/api/v1/vedic/natal/svg": {
			{"ErrSize", withFields(`,"size":199`), 422, []string{"size"}},
			{"ErrSizeAbove", withFields(`,"size":4001`), 422, []string{"size"}},
			{"ErrSizeType", withFields(`,"size":"big"`), 422, []string{"size"}},
			{"ErrTheme", withFields(`,"theme":"neon"`), 422, []string{"theme"}},
			{"ErrStyle", withFields(`,"style":"east"`), 422, []string{"style"}},
			{"ErrVarga", withFields(`,"varga":"d5"`), 422, []string{"varga"}},
			{"ErrTitle", withFields(`,"title":"` + strings.Repeat("x", 201) + `"`), 422, []string{"title"}},
			{"ErrTitleAndLatitude", `{"year":1990,"month":7,"day":14,"latitude":-91,"longitude":0,"title":"` + strings.Repeat("é", 201) + `"}`, 422, []string{"title", "latitude"}},
			{"ErrSizeAndLatitude", `{"year":1990,"month":7,"day":14,"latitude":-91,"longitude":0,"size":5000}`, 422, []string{"size", "latitude"}},
		},
	}
	for _, rt := range append(jsonRoutes, struct {
		path, field string
		nodes       bool
	}{"/api/v1/vedic/natal/svg", "", true}) {
		cases := append(append([]badCase{}, birthCases...), own[rt.path]...)
		if rt.nodes {
			cases = append(cases, nodeCases...)
		}
		if rt.path != "/api/v1/vedic/natal" {
			cases = append(cases, zodiacCases...)
		}
		for _, c := range cases {
			t.Run(rt.path+"/"+c.name, func(t *testing.T) { wantRefused(t, ts, rt.path, c) })
		}
	}
	// A misspelt name comes back with the nearest known one; the natal
	// options the Vedic routes fix, and a node type where no node is
	// placed, with what to do instead.
	for _, c := range []struct{ path, body, field, hint string }{
		{"/api/v1/vedic/natal", `{"year":1990,"month":7,"day":14,"lattitude":51.5,"longitude":0}`, "lattitude", `"latitude"`},
		{"/api/v1/vedic/natal", withFields(`,"zodiac_type":"sidereal"`), "zodiac_type", "always sidereal"},
		{"/api/v1/vedic/yoga", withFields(`,"house_system":"placidus"`), "house_system", "whole-sign"},
		{"/api/v1/vedic/dasha", withFields(`,"node_type":"true"`), "node_type", "does not place"},
	} {
		p := ts.Post(t, c.path, c.body).WantStatus(t, 422).Problem(t)
		if len(p.Errors) == 0 || p.Errors[0].Field != c.field || !strings.Contains(p.Errors[0].Reason, c.hint) {
			t.Errorf("%s %s: %+v", c.path, c.field, p)
		}
	}
	// GET /api/v1/vedic/natal/svg reads the same fields from the query.
	for _, c := range []badCase{
		{"ErrGetLatitudeType", "?year=1990&month=7&day=14&latitude=north&longitude=0", 422, []string{"latitude"}},
		{"ErrGetMissingDay", "?year=1990&month=7&latitude=0&longitude=0", 422, []string{"day"}},
		{"ErrGetStyle", "?year=1990&month=7&day=14&latitude=0&longitude=0&style=west", 422, []string{"style"}},
		{"ErrGetSize", "?year=1990&month=7&day=14&latitude=0&longitude=0&size=4001", 422, []string{"size"}},
		{"ErrGetNodeType", "?year=1990&month=7&day=14&latitude=0&longitude=0&node_type=osculating", 422, []string{"node_type"}},
		{"ErrGetUnknown", "?year=1990&month=7&day=14&latitude=0&longitude=0&colour=dark", 422, []string{"colour"}},
	} {
		t.Run("GET/"+c.name, func(t *testing.T) { wantRefused(t, ts, "/api/v1/vedic/natal/svg", c) })
	}
	// The panchang: a date and a place, in 1583-2999.
	for _, c := range []badCase{
		{"ErrEmptyBody", ``, 422, []string{"year", "month", "day"}},
		{"ErrMissingDay", `{"year":2024,"month":1,"latitude":12.97,"longitude":77.59}`, 422, []string{"day"}},
		{"ErrDayType", `{"year":2024,"month":1,"day":"first","latitude":12.97,"longitude":77.59}`, 422, []string{"day"}},
		{"ErrImpossibleDate", `{"year":2023,"month":2,"day":29,"latitude":12.97,"longitude":77.59}`, 422, []string{"day"}},
		{"ErrYearBelow", `{"year":1582,"month":1,"day":1,"latitude":12.97,"longitude":77.59}`, 422, []string{"year"}},
		{"ErrYearAbove", `{"year":3000,"month":1,"day":1,"latitude":12.97,"longitude":77.59}`, 422, []string{"year"}},
		{"ErrDateBefore1583", `{"date":"1500-01-01","latitude":12.97,"longitude":77.59}`, 422, []string{"date"}},
		{"ErrLatitudeRange", `{"year":2024,"month":1,"day":1,"latitude":100,"longitude":77.59}`, 422, []string{"latitude"}},
		{"ErrNoPlace", `{"year":2024,"month":1,"day":1}`, 422, []string{"latitude"}},
		{"ErrZone", `{"year":2024,"month":1,"day":1,"latitude":12.97,"longitude":77.59,"timezone":"India/Bengaluru"}`, 422, []string{"timezone"}},
		{"ErrSunrise", `{"year":2024,"month":1,"day":1,"latitude":12.97,"longitude":77.59,"sunrise":"first_light"}`, 422, []string{"sunrise"}},
		{"ErrAyanamsa", `{"year":2024,"month":1,"day":1,"latitude":12.97,"longitude":77.59,"ayanamsa":"tropical"}`, 422, []string{"ayanamsa"}},
		{"ErrAyanamsaAndUser", `{"year":2024,"month":1,"day":1,"latitude":12.97,"longitude":77.59,"ayanamsa":"kp","user_ayanamsa":{"epoch_jd":2451545,"degrees":23.85}}`, 422, []string{"user_ayanamsa"}},
		{"ErrUnknownField", `{"year":2024,"month":1,"day":1,"latitude":12.97,"longitude":77.59,"sunrise_convention":"hindu"}`, 422, []string{"sunrise_convention"}},
		{"ErrMany", `{"year":2024,"month":1,"day":32,"latitude":12.97,"longitude":277.59}`, 422, []string{"day", "longitude"}},
	} {
		t.Run("/api/v1/vedic/panchang/"+c.name, func(t *testing.T) { wantRefused(t, ts, "/api/v1/vedic/panchang", c) })
	}
}

// TestEdgesOfTheRange: outside the birth packet's years (-3000..3000,
// Julian before the reform) the answer is a 422 naming the year;
// from 2400 to 2999, beyond the ephemeris files, the positions come from the
// Moshier theory, and the answer says so; the panchang's last day, 2999-12-31.
func TestEdgesOfTheRange(t *testing.T) {
	ts := startTestServer(t, testOptions{Positions: apitest.Tables(t)})
	for _, rt := range jsonRoutes {
		t.Run(rt.path, func(t *testing.T) {
			wantRefused(t, ts, rt.path, badCase{"ErrYear", `{"year":-3001,"month":12,"day":31,"latitude":0,"longitude":0}`, 422, []string{"year"}})
			for _, body := range []string{
				`{"year":2999,"month":12,"day":31,"hour":23,"latitude":60,"longitude":10,"timezone":"UTC"}`,
				`{"year":3000,"month":12,"day":31,"hour":23,"latitude":60,"longitude":10,"timezone":"UTC"}`,
				`{"year":-3000,"month":1,"day":1,"latitude":30,"longitude":31,"timezone":"UTC"}`,
			} {
				env := ts.Post(t, rt.path, body).WantStatus(t, 200).Envelope(t)
				if len(env.Warnings) != 1 || !strings.Contains(env.Warnings[0], "Moshier") {
					t.Errorf("%s: warnings %q", body, env.Warnings)
				}
				// The dasha's periods begin before a birth of -3000: ISO
				// 8601's expanded years.
				if strings.HasSuffix(rt.path, "dasha") && strings.Contains(body, "-3000") && !bytes.Contains(env.Result, []byte(`"start_date":"-3`)) {
					t.Errorf("dasha of -3000: %s", apitest.Truncate(env.Result, 300))
				}
			}
		})
	}
	r := ts.Post(t, "/api/v1/vedic/panchang", `{"year":2999,"month":12,"day":31,"latitude":60,"longitude":10}`).WantStatus(t, 200)
	if !strings.Contains(string(r.Body), `"sunrise":"2999-12-31T`) {
		t.Errorf("panchang of 2999-12-31: %s", apitest.Truncate(r.Body, 300))
	}
}
