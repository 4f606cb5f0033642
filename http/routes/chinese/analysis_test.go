package chinese_test

import (
	"strings"
	"testing"

	"github.com/astroapi/astroapi/engine/bazi"
)

// TestAnalysis: the analysis route on two births.
//
// 2004-08-17 11:33 Beijing time (a line of engine/bazi's lunar-javascript
// fixture): Jia Shen, Ren Shen, Wu Chen, Wu Wu. The day master Wu (Yang
// Earth) born in a Shen month (Metal's season) is resting (Earth produces
// Metal); the year stem Jia is its Seven Killings; Shen hides Geng, Ren,
// Wu (Eating God, Indirect Wealth, Friend). Shen-Chen lacks the centre Zi
// and Shen-Shen does not punish itself: no interactions.
//
// 1988-07-15 13:30 Shanghai (summer time): Wu Chen, Ji Wei, Xin Wei, Yi
// Wei. The day master Xin (Yin Metal) in a Wei month (Earth's season) is
// prime (Earth produces Metal); Wu is its Direct Resource, Ji its Indirect
// Resource, Yi its Indirect Wealth, the Ding hidden in Wei its Seven
// Killings; Xin and Yi clash (day and hour stems); Chen-Wei and Wei-Wei
// make no relation (Wei does not punish itself).
func TestAnalysis(t *testing.T) {
	ts := startServer(t)
	var a bazi.Analysis
	env := result(t, ts, "/api/v1/chinese/analysis", `{"date":"2004-08-17","time":"11:33","timezone":"+08:00"}`, &a)
	y := a.Pillars[0]
	if y.Pillar.FullNameChinese != "甲申" || y.TenGodChinese != "七杀" || len(y.HiddenStems) != 3 || y.HiddenStems[0].StemChinese != "庚" ||
		y.HiddenStems[0].TenGodChinese != "食神" || y.HiddenStems[1].TenGod != "Indirect Wealth" || y.HiddenStems[2].TenGod != "Friend" ||
		a.Pillars[2].TenGod != "Day Master" || a.Strength.State != "resting" || a.Strength.StrongInSeason || a.Strength.Season != "Metal" ||
		len(a.Interactions) != 0 || a.DayMaster.DayMaster != "Wu" {
		t.Errorf("2004-08-17: %s", env.Result)
	}
	if in := echoOf[bazi.Request](t, env); in.Clock != bazi.Civil || in.DayBoundary != bazi.ZiStart {
		t.Errorf("echo %s", env.Input)
	}
	if again := ts.Post(t, "/api/v1/chinese/analysis", string(env.Input)).WantStatus(t, 200).Envelope(t); string(again.Result) != string(env.Result) {
		t.Error("the echo sent back answers differently")
	}
	env = result(t, ts, "/api/v1/chinese/analysis", `{"date":"1988-07-15","time":"13:30","timezone":"Asia/Shanghai"}`, &a)
	var kinds []string
	for _, it := range a.Interactions {
		kinds = append(kinds, it.Kind+" "+strings.Join(it.Names, "-")+" "+it.Element)
	}
	if a.Pillars[0].Pillar.FullName != "Wu Chen" || a.Pillars[1].Pillar.FullName != "Ji Wei" || a.Pillars[2].Pillar.FullName != "Xin Wei" ||
		a.Pillars[3].Pillar.FullName != "Yi Wei" || a.Strength.State != "prime" || !a.Strength.StrongInSeason ||
		a.Pillars[0].TenGod != "Direct Resource" || a.Pillars[1].TenGod != "Indirect Resource" || a.Pillars[3].TenGod != "Indirect Wealth" ||
		a.Pillars[1].HiddenStems[1].TenGod != "Seven Killings" || a.TenGods["Indirect Resource"] != 4 ||
		strings.Join(kinds, "; ") != "stem_clash Xin-Yi " {
		t.Errorf("1988-07-15: %v %s", kinds, env.Result)
	}
}

// TestAnalysisBadInput: the analysis route takes the BaZi input and names
// every bad field.
func TestAnalysisBadInput(t *testing.T) {
	ts := startServer(t)
	const ok = `"year":2000,"month":1,"day":1`
	for _, tc := range []struct {
		name, body string
		field      string
		reason     string
	}{
		{"MissingHour", `{` + ok + `}`, "hour", "required"},
		{"Hour24", `{` + ok + `,"hour":24}`, "hour", ""},
		{"HourString", `{` + ok + `,"hour":"noon"}`, "hour", "integer"},
		{"Year3000", `{"year":3000,"month":1,"day":1,"hour":1}`, "year", "2999"},
		{"Unknown", `{` + ok + `,"hour":1,"minutes":5}`, "minutes", `"minute"`},
		{"Boundary", `{` + ok + `,"hour":1,"day_boundary":"noon"}`, "day_boundary", ""},
		{"TrueSolarWithoutPlace", `{` + ok + `,"hour":1,"clock":"true_solar"}`, "clock", "longitude"},
		{"TenGods", `{` + ok + `,"hour":1,"ten_gods":true}`, "ten_gods", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := ts.Post(t, "/api/v1/chinese/analysis", tc.body).WantStatus(t, 422)
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
