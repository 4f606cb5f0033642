package chinese_test

import (
	"strings"
	"testing"

	"github.com/astroapi/astroapi/engine/bazi"
)

// TestLunarCalendarRoutes: 2023-04-05 is the 15th of the leap 2nd month of
// 2023 (Gui Mao, the Rabbit; new year 2023-01-22), a Bing Chen month (after
// Qingming) and a Gui Si day, as lunar-javascript says
// (engine/bazi/testdata/lunar.tsv, where the engine's test checks 2,442
// dates); sent back as a lunar date it is the same day. The 2nd month of
// 2023 has 30 days (its 30th is 2023-03-21); the leap 4th month of 2020
// begins on 2020-05-23.
func TestLunarCalendarRoutes(t *testing.T) {
	ts := startServer(t)
	var d bazi.LunarDay
	env := result(t, ts, "/api/v1/chinese/lunar-date", `{"date":"2023-04-05"}`, &d)
	if d.LunarYear != 2023 || d.LunarMonth != 2 || !d.LeapMonth || d.LunarDay != 15 || d.MonthDays != 29 || d.YearLeapMonth != 2 ||
		d.NewYear != "2023-01-22" || d.Chinese != "闰二月十五" || d.YearPillar.FullNameChinese != "癸卯" || d.MonthPillar.FullNameChinese != "丙辰" ||
		d.DayPillar.FullNameChinese != "癸巳" || d.Animal != "Rabbit" {
		t.Errorf("2023-04-05: %s", env.Result)
	}
	if again := ts.Post(t, "/api/v1/chinese/lunar-date", string(env.Input)).WantStatus(t, 200).Envelope(t); string(again.Result) != string(env.Result) {
		t.Error("the echo sent back answers differently")
	}
	var g bazi.LunarDay
	result(t, ts, "/api/v1/chinese/gregorian-date", `{"lunar_year":2023,"lunar_month":2,"leap_month":true,"lunar_day":15}`, &g)
	if g != d {
		t.Errorf("leap 2/15 of 2023: %+v", g)
	}
	for body, want := range map[string]string{
		`{"lunar_year":2023,"lunar_month":2,"lunar_day":30}`:                   "2023-03-21",
		`{"lunar_year":2020,"lunar_month":4,"leap_month":true,"lunar_day":1}`:  "2020-05-23",
		`{"lunar_year":2020,"lunar_month":5,"lunar_day":1}`:                    "2020-06-21",
		`{"lunar_year":2024,"lunar_month":1,"leap_month":false,"lunar_day":1}`: "2024-02-10",
	} {
		result(t, ts, "/api/v1/chinese/gregorian-date", body, &g)
		if g.Gregorian != want {
			t.Errorf("%s: %s, want %s", body, g.Gregorian, want)
		}
	}
	var y bazi.YearTerms
	result(t, ts, "/api/v1/chinese/solar-terms", `{"year":2024}`, &y)
	if len(y.Terms) != 24 || y.Terms[0].Term != "Xiaohan" || y.Terms[2].Term != "Lichun" || y.Terms[2].Beijing != "2024-02-04T16:27:08" ||
		y.Terms[23].Term != "Dongzhi" || y.Terms[2].Kind != "jie" || y.Terms[3].Kind != "zhongqi" {
		t.Errorf("2024 terms: %+v", y.Terms[:4])
	}
}

// TestLunarCalendarBadInput: the lunar calendar and solar-term routes name
// every bad field.
func TestLunarCalendarBadInput(t *testing.T) {
	ts := startServer(t)
	for _, tc := range []struct {
		name, path, body, field, reason string
	}{
		{"DateMissing", "lunar-date", `{}`, "date", ""},
		{"DateMalformed", "lunar-date", `{"date":"2023-13-01"}`, "date", ""},
		{"DateFeb30", "lunar-date", `{"date":"2023-02-30"}`, "date", "does not exist"},
		{"DateWithTime", "lunar-date", `{"date":"2023-02-03T10:00:00"}`, "date", "date alone"},
		{"Date1583", "lunar-date", `{"date":"1583-06-01"}`, "date", "1584"},
		{"Date2999", "lunar-date", `{"date":"2999-06-01"}`, "date", "2998"},
		{"DateNumber", "lunar-date", `{"date":20230405}`, "date", ""},
		{"DateUnknown", "lunar-date", `{"date":"2023-04-05","calendar":"lunar"}`, "calendar", ""},
		{"LunarMissingDay", "gregorian-date", `{"lunar_year":2023,"lunar_month":2}`, "lunar_day", ""},
		{"LunarDay31", "gregorian-date", `{"lunar_year":2023,"lunar_month":2,"lunar_day":31}`, "lunar_day", ""},
		{"LunarDay30Short", "gregorian-date", `{"lunar_year":2023,"lunar_month":2,"leap_month":true,"lunar_day":30}`, "lunar_day", "29 days"},
		{"LunarMonth13", "gregorian-date", `{"lunar_year":2023,"lunar_month":13,"lunar_day":1}`, "lunar_month", ""},
		{"LunarYear1583", "gregorian-date", `{"lunar_year":1583,"lunar_month":1,"lunar_day":1}`, "lunar_year", ""},
		{"NoSuchLeap", "gregorian-date", `{"lunar_year":2024,"lunar_month":2,"leap_month":true,"lunar_day":1}`, "leap_month", "no leap"},
		{"LeapType", "gregorian-date", `{"lunar_year":2023,"lunar_month":2,"leap_month":"yes","lunar_day":1}`, "leap_month", "boolean"},
		{"LeapHint", "gregorian-date", `{"lunar_year":2023,"lunar_month":2,"leap":true,"lunar_day":1}`, "leap", "leap_month"},
		{"TermsYear3000", "solar-terms", `{"year":3000}`, "year", ""},
		{"TermsMissing", "solar-terms", `{}`, "year", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := ts.Post(t, "/api/v1/chinese/"+tc.path, tc.body).WantStatus(t, 422)
			found := false
			for _, e := range r.Problem(t).Errors {
				if e.Field == tc.field && strings.Contains(e.Reason, tc.reason) {
					found = true
				}
			}
			if !found {
				t.Errorf("problem does not name %q (with %q): %s", tc.field, tc.reason, r.Body)
			}
		})
	}
}

// TestAnimalLunarNewYear: the animal of 2024 (the Dragon) counted from the
// lunar new year runs from 2024-02-10 to 2025-01-29 (lunar-javascript's
// new years, engine/bazi/testdata/lunar.tsv); by default from Lichun, as
// the echo and the result state.
func TestAnimalLunarNewYear(t *testing.T) {
	ts := startServer(t)
	var a bazi.AnimalYear
	env := result(t, ts, "/api/v1/chinese/animal", `{"year":2024,"year_start":"lunar_new_year"}`, &a)
	if a.Animal != "Dragon" || a.YearStart != bazi.AtLunarNewYear || a.LunarNewYear == nil || a.LunarNewYear.Starts != "2024-02-10" ||
		a.LunarNewYear.Ends != "2025-01-29" || !strings.Contains(a.Convention, "lunar new year") {
		t.Errorf("2024 from the lunar new year: %s", env.Result)
	}
	a = bazi.AnimalYear{}
	env = result(t, ts, "/api/v1/chinese/animal", `{"year":2024}`, &a)
	if a.YearStart != bazi.AtLichun || a.LunarNewYear != nil || !strings.Contains(string(env.Input), `"year_start":"lichun"`) {
		t.Errorf("2024 by default: %s %s", env.Input, env.Result)
	}
}
