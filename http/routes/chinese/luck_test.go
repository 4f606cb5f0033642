package chinese_test

import (
	"strings"
	"testing"

	"github.com/astroapi/astroapi/engine/bazi"
)

// TestLuckPillars: the luck-pillars route against lines of lunar-javascript's
// fixture (engine/bazi/testdata/luck.tsv, whose 2,240 births the engine's
// test compares in full): a Yang year (2006, Bing Xu) male counts forward
// to Lidong, 7 years 4 months 29 days, the first pillar Ji Hai from 2014;
// the female backward from Hanlu, 2 years 7 months 16 days, Ding You from
// 2009. The defaults are stated in the echo, which sent back gives the
// same answer; the clock moves the hour pillar, not the start.
func TestLuckPillars(t *testing.T) {
	ts := startServer(t)
	const birth = `"date":"2006-10-16","time":"15:37","timezone":"+08:00"`
	for _, tc := range []struct {
		sex, direction, jie string
		y, m, d             int
		first               string
		firstYear           int
		annual0             string
	}{
		{"male", "forward", "Lidong", 7, 4, 29, "己亥", 2014, "丙戌"},
		{"female", "backward", "Hanlu", 2, 7, 16, "丁酉", 2009, "丙戌"},
	} {
		var l bazi.Luck
		env := result(t, ts, "/api/v1/chinese/luck-pillars", `{`+birth+`,"sex":"`+tc.sex+`"}`, &l)
		if l.Direction != tc.direction || l.Start.Jie.Term != tc.jie || l.Start.Years != tc.y || l.Start.Months != tc.m || l.Start.Days != tc.d ||
			len(l.Pillars) != 8 || l.Pillars[0].Pillar.FullNameChinese != tc.first || l.Pillars[0].StartYear != tc.firstYear ||
			l.Pillars[7].StartYear != tc.firstYear+70 || len(l.Annual) != 10 || l.Annual[0].Year != 2006 || l.Annual[0].Pillar.FullNameChinese != tc.annual0 {
			t.Errorf("%s: %s", tc.sex, env.Result)
		}
		in := echoOf[bazi.LuckRequest](t, env)
		if in.Sex != bazi.Sex(tc.sex) || in.Pillars != 8 || in.AnnualFrom == nil || *in.AnnualFrom != 2006 || in.AnnualYears != 10 ||
			in.Clock != bazi.Civil || in.DayBoundary != bazi.ZiStart {
			t.Errorf("echo %s", env.Input)
		}
		if again := ts.Post(t, "/api/v1/chinese/luck-pillars", string(env.Input)).WantStatus(t, 200).Envelope(t); string(again.Result) != string(env.Result) {
			t.Errorf("%s: the echo sent back answers differently", tc.sex)
		}
	}
	// Twelve pillars and a range of annual pillars across luck pillars;
	// true solar time at Urumqi (13:42) moves the hour pillar only.
	var l, solar bazi.Luck
	result(t, ts, "/api/v1/chinese/luck-pillars", `{`+birth+`,"sex":"male","pillars":12,"annual_from":2020,"annual_years":12,"months_of":2024}`, &l)
	// The small luck of 2006-2013 from the hour pillar (lunar-javascript's
	// getXiaoYun: Xin You first); the months of 2024 from Bing Yin, opened
	// by Lichun 2024.
	if len(l.SmallLuck) != 8 || l.SmallLuck[0].Pillar.FullNameChinese != "辛酉" || l.SmallLuck[7].Year != 2013 ||
		len(l.Months) != 12 || l.Months[0].Pillar.FullName != "Bing Yin" || l.Months[0].Starts.Term != "Lichun" ||
		l.Months[11].Pillar.FullName != "Ding Chou" || l.Months[11].Starts.UTC.Year() != 2025 {
		t.Errorf("small luck %+v months %+v", l.SmallLuck, l.Months)
	}
	if len(l.Pillars) != 12 || len(l.Annual) != 12 || l.Annual[0].Year != 2020 || l.Annual[0].Pillar.FullName != "Geng Zi" ||
		l.Annual[0].LuckIndex != 1 || l.Annual[4].Year != 2024 || l.Annual[4].LuckIndex != 2 || l.Annual[4].NominalAge != 19 {
		t.Errorf("annual %+v", l.Annual)
	}
	result(t, ts, "/api/v1/chinese/luck-pillars", `{`+birth+`,"sex":"male","clock":"true_solar","latitude":43.8,"longitude":87.6}`, &solar)
	if solar.HourPillar == l.HourPillar || solar.Start != l.Start || solar.Pillars[0] != l.Pillars[0] || solar.Birth.Clock != bazi.TrueSolar {
		t.Errorf("true solar: hour %s (civil %s), start %+v", solar.HourPillar.FullName, l.HourPillar.FullName, solar.Start)
	}
}

// TestLuckBadInput: the luck-pillars route names every bad field.
func TestLuckBadInput(t *testing.T) {
	ts := startServer(t)
	const ok = `"year":2000,"month":1,"day":1,"hour":1`
	for _, tc := range []struct {
		name, body string
		fields     []string
		reason     string
	}{
		{"MissingSex", `{` + ok + `}`, []string{"sex"}, ""},
		{"SexEnum", `{` + ok + `,"sex":"m"}`, []string{"sex"}, "female"},
		{"SexType", `{` + ok + `,"sex":1}`, []string{"sex"}, "string"},
		{"Gender", `{` + ok + `,"sex":"male","gender":"male"}`, []string{"gender"}, "sex"},
		{"MissingHour", `{"year":2000,"month":1,"day":1,"sex":"male"}`, []string{"hour"}, "required"},
		{"Pillars13", `{` + ok + `,"sex":"male","pillars":13}`, []string{"pillars"}, ""},
		{"PillarsNegative", `{` + ok + `,"sex":"male","pillars":-1}`, []string{"pillars"}, ""},
		{"AnnualYears121", `{` + ok + `,"sex":"male","annual_years":121}`, []string{"annual_years"}, ""},
		{"AnnualFrom1582", `{` + ok + `,"sex":"male","annual_from":1582}`, []string{"annual_from"}, ""},
		{"AnnualFrom3000", `{` + ok + `,"sex":"male","annual_from":3000}`, []string{"annual_from"}, ""},
		{"MonthsOf2999", `{` + ok + `,"sex":"male","months_of":2999}`, []string{"months_of"}, ""},
		{"Year1582", `{"year":1582,"month":1,"day":1,"hour":1,"sex":"male"}`, []string{"year"}, ""},
		{"Count", `{` + ok + `,"sex":"male","count":8}`, []string{"count"}, "pillars"},
		{"AnnualTo", `{` + ok + `,"sex":"male","annual_to":2030}`, []string{"annual_to"}, "annual_years"},
		{"TrueSolarWithoutPlace", `{` + ok + `,"sex":"male","clock":"true_solar"}`, []string{"clock"}, "longitude"},
		{"TrueSolarTimeHint", `{` + ok + `,"sex":"male","true_solar_time":true}`, []string{"true_solar_time"}, "clock"},
		{"ClockEnum", `{` + ok + `,"sex":"male","clock":"solar"}`, []string{"clock"}, ""},
		{"Many", `{"year":2000,"month":13,"day":1,"hour":1,"sex":"x","pillars":13}`, []string{"month", "sex", "pillars"}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := ts.Post(t, "/api/v1/chinese/luck-pillars", tc.body).WantStatus(t, 422)
			reasons := map[string]string{}
			for _, e := range r.Problem(t).Errors {
				reasons[e.Field] = e.Reason
			}
			for _, f := range tc.fields {
				if _, ok := reasons[f]; !ok {
					t.Errorf("problem does not name %q: %s", f, r.Body)
				}
			}
			if !strings.Contains(reasons[tc.fields[0]], tc.reason) {
				t.Errorf("%s: %q lacks %q", tc.fields[0], reasons[tc.fields[0]], tc.reason)
			}
		})
	}
}
