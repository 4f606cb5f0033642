package mayan_test

import (
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	json "github.com/goccy/go-json"
	"github.com/google/go-cmp/cmp"

	"github.com/astroapi/astroapi/engine/accuracy/measure"
	"github.com/astroapi/astroapi/engine/mayan"
	"github.com/astroapi/astroapi/http/apitest"
	routes "github.com/astroapi/astroapi/http/routes/mayan"
)

func startServer(t testing.TB) *apitest.Server {
	t.Helper()
	return apitest.Start(t, apitest.Options{Ops: apitest.Serve(routes.Ops()...)})
}

// result posts body to path, demands 200 and decodes the result into v.
func result(t testing.TB, ts *apitest.Server, path string, body any, v any) apitest.Envelope {
	t.Helper()
	env := ts.Post(t, path, body).WantStatus(t, 200).Envelope(t)
	if err := json.Unmarshal(env.Result, v); err != nil {
		t.Fatalf("decode result %s: %v", apitest.Truncate(env.Result, 500), err)
	}
	return env
}

// TestAnchors: published Long Count dates with their Calendar Rounds and
// Western dates, through /mayan/chart and /mayan/tzolkin, each entered as
// published: the historical dates in the Julian calendar, which the routes
// read by the historical switch without being told; the echo names the
// calendar used.
//
// Sources (as in engine/mayan TestAnchors):
//   - GMT: Wikipedia, "Mesoamerican Long Count calendar": the zero day
//     13.0.0.0.0 4 Ahau 8 Cumku (Quiriguá Stela C) is 11 August 3114 BCE
//     proleptic Gregorian, 6 September in the Julian calendar; b'ak'tun 13
//     ended on 21 December 2012 (4 Ajaw 3 K'ank'in).
//   - 584286, Julian dates: Wikipedia, "K'inich Janaab Pakal I": born 24
//     March 603, died 29 August 683 (Martin and Skidmore's correlation,
//     The PARI Journal 13(2), 2012): 9.8.9.13.0 8 Ajaw 13 Pop and
//     9.12.11.5.18 6 Etz'nab 11 Yax.
//   - FAMSI 584285, Julian dates: Peter Mathews, "Who's Who in the Classic
//     Maya World" (FAMSI), PAL 011 (K'inich Janaab' Pakal I) and PAL 015
//     (Janaab' Pakal II), columns Date of Passage, Calendar Round and Julian
//     Date; FAMSI's day 20 of a month is day 0 of the next here.
//   - Mesoweb Encyclopedia, "Janaab Pakal III", after Martin and Grube,
//     Chronicle of the Maya Kings and Queens (2008), p. 175: 9.18.9.4.4
//     7 K'an 17 Muwan, 13 November 799.
func TestAnchors(t *testing.T) {
	ts := startServer(t)
	published := measure.Compare(t, measure.About{
		What:      "Mayan Long Count, Calendar Round (Tzolk'in and Haab'), Lord of the Night through HTTP (POST /api/v1/mayan/chart and /tzolkin), both correlations and calendars",
		Reference: "published dated monuments and anchors: the end of b'ak'tun 13 (GMT 584283), Mathews' Who's Who in the Classic Maya World (FAMSI 584285, Julian dates), Martin and Grube 2008 (cited in the test)",
		Sample:    "the published dates of the test",
	})
	dates := published.Exact("long count and calendar round")
	lords := published.Exact("lord of the night, where published")
	for _, tc := range []struct {
		name      string
		body      string
		lc, round string
		calendar  string // the calendar the echo names
		lord      int    // 0: not published
	}{
		{"EndBaktun13", `{"year":2012,"month":12,"day":21}`, "13.0.0.0.0", "4 Ajaw 3 K'ank'in", "gregorian", 9},
		{"ZeroDayJulian", `{"year":-3113,"month":9,"day":6}`, "0.0.0.0.0", "4 Ajaw 8 Kumk'u", "julian", 9},
		{"ZeroDayGregorian", `{"year":-3113,"month":8,"day":11,"calendar":"gregorian"}`, "0.0.0.0.0", "4 Ajaw 8 Kumk'u", "gregorian", 9},
		{"PakalBirth584286", `{"year":603,"month":3,"day":24,"correlation":584286}`, "9.8.9.13.0", "8 Ajaw 13 Pop", "julian", 0},
		{"PakalDeath584286", `{"year":683,"month":8,"day":29,"correlation":584286}`, "9.12.11.5.18", "6 Etz'nab 11 Yax", "julian", 0},
		{"PakalBirth584285", `{"year":603,"month":3,"day":23,"correlation":584285}`, "9.8.9.13.0", "8 Ajaw 13 Pop", "julian", 0},
		{"PAL011Row9", `{"year":603,"month":5,"day":13,"correlation":584285}`, "9.8.9.15.11", "7 Chuwen 4 Sotz'", "julian", 0},
		{"PAL011Row10", `{"year":603,"month":10,"day":17,"correlation":584285}`, "9.8.10.5.8", "8 Lamat 1 Keh", "julian", 0},
		{"PAL011Row11", `{"year":604,"month":11,"day":4,"correlation":584285}`, "9.8.11.6.12", "2 Eb' 0 Mak", "julian", 0},
		{"PAL011Row12", `{"year":606,"month":6,"day":15,"correlation":584285}`, "9.8.13.0.0", "5 Ajaw 18 Sek", "julian", 0},
		{"PAL011Row13", `{"year":608,"month":5,"day":20,"correlation":584285}`, "9.8.14.17.5", "8 Chikchan 13 Sotz'", "julian", 0},
		{"PAL011Row14", `{"year":610,"month":11,"day":21,"correlation":584285}`, "9.8.17.9.0", "13 Ajaw 18 Mak", "julian", 0},
		{"PAL015Row1", `{"year":709,"month":6,"day":14,"correlation":584285}`, "9.13.17.9.0", "3 Ajaw 3 Yaxk'in", "julian", 0},
		{"PAL015KatunEnding", `{"year":711,"month":12,"day":1,"correlation":584285}`, "9.14.0.0.0", "6 Ajaw 13 Muwan", "julian", 9},
		{"PAL015Row4", `{"year":714,"month":5,"day":19,"correlation":584285}`, "9.14.2.9.0", "9 Ajaw 18 Sek", "julian", 0},
		{"PAL015Row5", `{"year":736,"month":7,"day":22,"correlation":584285}`, "9.15.5.0.0", "10 Ajaw 8 Ch'en", "julian", 9},
		{"LastPalenqueDate", `{"year":799,"month":11,"day":13,"correlation":584285}`, "9.18.9.4.4", "7 K'an 17 Muwan", "julian", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var c mayan.Chart
			env := result(t, ts, "/api/v1/mayan/chart", tc.body, &c)
			dates.Match(c.LongCount.Notation == tc.lc && c.CalendarRound == tc.round && c.Tzolkin.Combined+" "+c.Haab.Combined == tc.round, tc.name)
			if tc.lord != 0 {
				lords.Match(c.LordOfNight.Number == tc.lord, tc.name)
			}
			if diff := cmp.Diff([]string{tc.lc, tc.round}, []string{c.LongCount.Notation, c.CalendarRound}); diff != "" {
				t.Errorf("long count, calendar round (-published +got):\n%s", diff)
			}
			if c.Tzolkin.Combined+" "+c.Haab.Combined != tc.round {
				t.Errorf("tzolkin %s haab %s", c.Tzolkin.Combined, c.Haab.Combined)
			}
			if tc.lord != 0 && c.LordOfNight.Number != tc.lord {
				t.Errorf("lord G%d, want G%d", c.LordOfNight.Number, tc.lord)
			}
			in := echo(t, env)
			if string(in.Calendar) != tc.calendar || string(c.Conventions.Calendar) != tc.calendar {
				t.Errorf("calendar: echo %q, conventions %q, want %s", in.Calendar, c.Conventions.Calendar, tc.calendar)
			}
			var tz mayan.TzolkinResult
			result(t, ts, "/api/v1/mayan/tzolkin", tc.body, &tz)
			if !strings.HasPrefix(tc.round, tz.Combined+" ") || tz.Combined != c.Tzolkin.Combined {
				t.Errorf("tzolkin route %s, chart %s", tz.Combined, c.Tzolkin.Combined)
			}
		})
	}
	// Pakal's birth read as a proleptic Gregorian date (what the routes
	// did with every date before): 9.8.9.12.17 5 Kaban, three days early.
	var c mayan.Chart
	result(t, ts, "/api/v1/mayan/chart", `{"year":603,"month":3,"day":24,"correlation":584286,"calendar":"gregorian"}`, &c)
	if c.LongCount.Notation != "9.8.9.12.17" || c.Tzolkin.Combined != "5 Kaban" {
		t.Errorf("Gregorian 603-03-24: %s %s", c.LongCount.Notation, c.Tzolkin.Combined)
	}
}

// echo decodes an answer's input into the request type: the echo is the
// resolved input.
func echo(t testing.TB, env apitest.Envelope) mayan.Request {
	t.Helper()
	var in mayan.Request
	if err := json.Unmarshal(env.Input, &in); err != nil {
		t.Fatalf("echo %s: %v", env.Input, err)
	}
	return in
}

// TestCycles: through the routes, 40 random Gregorian dates of 1800-2399:
// 260 days later the Tzolk'in is the same, 365 days later the Haab', and
// the next day advances the tone by 1 (of 13) and the sign by 1 (of 20).
func TestCycles(t *testing.T) {
	ts := startServer(t)
	rng := rand.New(rand.NewPCG(4, 20))
	tzolkin := func(d time.Time) mayan.TzolkinResult {
		var r mayan.TzolkinResult
		result(t, ts, "/api/v1/mayan/tzolkin", map[string]int{"year": d.Year(), "month": int(d.Month()), "day": d.Day()}, &r)
		return r
	}
	haab := func(d time.Time) string {
		var c mayan.Chart
		result(t, ts, "/api/v1/mayan/chart", map[string]int{"year": d.Year(), "month": int(d.Month()), "day": d.Day()}, &c)
		return c.Haab.Combined
	}
	for range 40 {
		d := time.Date(1800+rng.IntN(600), 1, 1, 12, 0, 0, 0, time.UTC).AddDate(0, 0, rng.IntN(365))
		a, next, cycle := tzolkin(d), tzolkin(d.AddDate(0, 0, 1)), tzolkin(d.AddDate(0, 0, 260))
		if cycle.Combined != a.Combined || cycle.DayNumber != a.DayNumber {
			t.Errorf("%s: %s, 260 days later %s", d.Format(time.DateOnly), a.Combined, cycle.Combined)
		}
		if next.Tone != a.Tone%13+1 || next.SignNumber != a.SignNumber%20+1 {
			t.Errorf("%s: %s, next day %s", d.Format(time.DateOnly), a.Combined, next.Combined)
		}
		if h, h365 := haab(d), haab(d.AddDate(0, 0, 365)); h != h365 {
			t.Errorf("%s: Haab' %s, 365 days later %s", d.Format(time.DateOnly), h, h365)
		}
	}
}

// TestTzolkinShape: spec 2.5: tone, sign, combined and meanings at the top
// level of result, no nested result.tzolkin and no number or day_sign; the
// echo is the resolved input with the defaults (hour 12, the calendar used,
// 584283), and sent back it gives the same answer.
func TestTzolkinShape(t *testing.T) {
	ts := startServer(t)
	env := ts.Post(t, "/api/v1/mayan/tzolkin", `{"year":2012,"month":12,"day":21}`).WantStatus(t, 200).Envelope(t)
	var res map[string]any
	if err := json.Unmarshal(env.Result, &res); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"tone", "sign", "combined", "meanings", "conventions"} {
		if _, ok := res[k]; !ok {
			t.Errorf("no result.%s", k)
		}
	}
	for _, k := range []string{"tzolkin", "number", "day_sign"} {
		if _, ok := res[k]; ok {
			t.Errorf("result.%s, which spec 2.5 rules out", k)
		}
	}
	if res["tone"] != 4.0 || res["sign"] != "Ajaw" || res["combined"] != "4 Ajaw" || res["sign_kiche"] != "Ajpu" {
		t.Errorf("result %v", res)
	}
	if want := `{"year":2012,"month":12,"day":21,"hour":12,"calendar":"gregorian","correlation":584283}`; string(env.Input) != want {
		t.Errorf("echo %s, want %s", env.Input, want)
	}
	var r mayan.TzolkinResult
	if err := json.Unmarshal(env.Result, &r); err != nil {
		t.Fatal(err)
	}
	if r.Conventions.Correlation != mayan.GMT || r.Conventions.Calendar != "gregorian" || r.Conventions.Hour == "" {
		t.Errorf("conventions %+v", r.Conventions)
	}
}

// TestEchoRoundTrip: on every route, the answer's input sent back as the
// body gives the same answer and the same echo, and a cached answer the
// same echo.
func TestEchoRoundTrip(t *testing.T) {
	ts := startServer(t)
	for _, tc := range []struct{ path, body string }{
		{"tzolkin", `{"year":603,"month":3,"day":24,"correlation":584286}`},
		{"chart", `{"year":1582,"month":10,"day":4,"hour":0}`},
		{"chart", `{"year":1900,"month":2,"day":29,"calendar":"julian"}`},
		{"compatibility", `{"person1":{"year":1500,"month":3,"day":1},"person2":{"year":1990,"month":3,"day":1,"calendar":"julian"},"correlation":584285}`},
	} {
		first := ts.Post(t, "/api/v1/mayan/"+tc.path, tc.body).WantStatus(t, 200).Envelope(t)
		for range 2 { // answered from the results cache, the same echo
			if cached := ts.Post(t, "/api/v1/mayan/"+tc.path, tc.body).WantStatus(t, 200).Envelope(t); string(cached.Input) != string(first.Input) {
				t.Errorf("%s: cached echo %s, want %s", tc.body, cached.Input, first.Input)
			}
		}
		again := ts.Post(t, "/api/v1/mayan/"+tc.path, string(first.Input)).WantStatus(t, 200).Envelope(t)
		if string(again.Input) != string(first.Input) || string(again.Result) != string(first.Result) {
			t.Errorf("%s %s: sent back, the echo %s gives %s\n%s", tc.path, tc.body, first.Input, again.Input, again.Result)
		}
	}
}

// TestChart: the chart's objects (spec 2.5) and its conventions; the hour
// changes nothing.
func TestChart(t *testing.T) {
	ts := startServer(t)
	var noon, late map[string]any
	result(t, ts, "/api/v1/mayan/chart", `{"year":2012,"month":12,"day":21}`, &noon)
	env := result(t, ts, "/api/v1/mayan/chart", `{"year":2012,"month":12,"day":21,"hour":23}`, &late)
	for _, k := range []string{"tzolkin", "haab", "long_count", "lord_of_night", "year_bearer", "interpretation"} {
		if _, ok := noon[k].(map[string]any); !ok {
			t.Errorf("no object %s", k)
		}
	}
	if diff := cmp.Diff(noon, late); diff != "" {
		t.Errorf("hour 23 changes the chart (-noon +23h):\n%s", diff)
	}
	if in := echo(t, env); *in.Hour != 23 || in.Calendar != "gregorian" {
		t.Errorf("echo %s", env.Input)
	}
	var c mayan.Chart
	result(t, ts, "/api/v1/mayan/chart", `{"year":2012,"month":12,"day":21}`, &c)
	// 0 Pop of that year fell on 2012-04-02 (263 days before), 1 Kaban
	// (Classic Tikal bearers: Ik', Manik', Eb', Kaban).
	if c.YearBearer.Combined != "1 Kaban" || c.YearBearer.YearStart != "2012-04-02" || !strings.Contains(c.YearBearer.System, "Tikal") {
		t.Errorf("year bearer %+v", c.YearBearer)
	}
	if c.LongCount.DaysSinceCreation != 1872000 || c.Conventions.JulianDay != 2456283 || c.Haab.Day != 3 || c.Haab.MonthNumber != 14 {
		t.Errorf("long count %+v conventions %+v haab %+v", c.LongCount, c.Conventions, c.Haab)
	}
}

// TestCompatibility: for 40 random pairs of dates, the scores are within
// 1-10, swapping the people changes none, and overall_score is their mean.
func TestCompatibility(t *testing.T) {
	ts := startServer(t)
	rng := rand.New(rand.NewPCG(7, 260))
	date := func() map[string]int {
		return map[string]int{"year": 1900 + rng.IntN(200), "month": 1 + rng.IntN(12), "day": 1 + rng.IntN(28)}
	}
	for i := range 40 {
		p1, p2 := date(), date()
		var ab, ba mayan.Compatibility
		env := result(t, ts, "/api/v1/mayan/compatibility", map[string]any{"person1": p1, "person2": p2}, &ab)
		var in mayan.CompatibilityRequest
		if err := json.Unmarshal(env.Input, &in); err != nil || in.Person1.Year != p1["year"] || in.Person2.Calendar != "gregorian" || *in.Person2.Hour != 12 {
			t.Errorf("pair %d: echo %s (%v)", i, env.Input, err)
		}
		result(t, ts, "/api/v1/mayan/compatibility", map[string]any{"person1": p2, "person2": p1}, &ba)
		s := []float64{float64(ab.SignCompatibility.Score), float64(ab.ToneCompatibility.Score), ab.OverallScore}
		for _, v := range s {
			if v < 1 || measure.Over(v, 10) {
				t.Errorf("pair %d: score %g outside 1-10", i, v)
			}
		}
		if diff := cmp.Diff(s, []float64{float64(ba.SignCompatibility.Score), float64(ba.ToneCompatibility.Score), ba.OverallScore}); diff != "" {
			t.Errorf("pair %d: swapping changes scores (-ab +ba):\n%s", i, diff)
		}
		if ab.OverallScore != float64(ab.SignCompatibility.Score+ab.ToneCompatibility.Score)/2 {
			t.Errorf("pair %d: overall %g, scores %d and %d", i, ab.OverallScore, ab.SignCompatibility.Score, ab.ToneCompatibility.Score)
		}
		if ab.Person1 != ba.Person2 || ab.Person1.Combined == "" || ab.SignCompatibility.Rule == "" || ab.ToneCompatibility.Rule == "" {
			t.Errorf("pair %d: %+v / %+v", i, ab, ba)
		}
		if i == 0 {
			var raw map[string]any
			if err := json.Unmarshal(env.Result, &raw); err != nil {
				t.Fatal(err)
			}
			for _, k := range []string{"person1", "person2", "sign_compatibility", "tone_compatibility", "overall_score"} {
				if _, ok := raw[k]; !ok {
					t.Errorf("no %s", k)
				}
			}
			for _, k := range []string{"sign", "tone", "combined"} {
				if _, ok := raw["person1"].(map[string]any)[k]; !ok {
					t.Errorf("no person1.%s", k)
				}
			}
		}
	}
}

// TestBadInput: every route answers bad input with a 422 naming the
// field: names it does not have (with the nearest), wrong types, each bound
// one step outside, and the rules of the dates (a day the month lacks in
// its calendar, the reform's missing days, a date before the zero day).
func TestBadInput(t *testing.T) {
	ts := startServer(t)
	const ok = `"year":2000,"month":1,"day":1`
	for _, path := range []string{"tzolkin", "chart"} {
		for _, tc := range []struct {
			name, body string
			field      string
			reason     string // a part of the reason, or ""
		}{
			{"MissingYear", `{"month":1,"day":1}`, "year", "required"},
			{"NullYear", `{"year":null,"month":1,"day":1}`, "year", ""},
			{"MissingDay", `{"year":2000,"month":1}`, "day", ""},
			{"YearString", `{"year":"2000","month":1,"day":1}`, "year", "integer"},
			{"HourFloat", `{` + ok + `,"hour":1.5}`, "hour", "integer"},
			{"UnknownField", `{` + ok + `,"yaer":2000}`, "yaer", `"year"`},
			{"CaseField", `{` + ok + `,"Calendar":"julian"}`, "Calendar", "case-sensitive"},
			{"Duplicate", `{` + ok + `,"day":2}`, "day", ""},
			{"DateString", `{"date":"2012-12-21"}`, "date", "year, month and day"},
			{"YearBelow", `{"year":-3114,"month":12,"day":21}`, "year", "-3113"},
			{"YearAbove", `{"year":3000,"month":1,"day":1}`, "year", "2999"},
			{"Month0", `{"year":2000,"month":0,"day":1}`, "month", ""},
			{"Month13", `{"year":2000,"month":13,"day":1}`, "month", ""},
			{"Day0", `{"year":2000,"month":1,"day":0}`, "day", ""},
			{"Day32", `{"year":2000,"month":1,"day":32}`, "day", ""},
			{"HourBelow", `{` + ok + `,"hour":-1}`, "hour", ""},
			{"Hour24", `{` + ok + `,"hour":24}`, "hour", ""},
			{"CorrelationBelow", `{` + ok + `,"correlation":584279}`, "correlation", ""},
			{"CorrelationAbove", `{` + ok + `,"correlation":584287}`, "correlation", ""},
			{"Calendar", `{` + ok + `,"calendar":"aztec"}`, "calendar", "gregorian"},
			{"Feb29Gregorian1900", `{"year":1900,"month":2,"day":29}`, "day", "28 days"},
			{"April31", `{"year":2000,"month":4,"day":31}`, "day", ""},
			{"ReformGap", `{"year":1582,"month":10,"day":10}`, "day", "do not exist"},
			{"BeforeZeroDay", `{"year":-3113,"month":9,"day":5}`, "year", "zero day"},
			{"GregorianZeroDayReadAsJulian", `{"year":-3113,"month":8,"day":11}`, "year", "zero day"},
		} {
			t.Run(path+"/"+tc.name, func(t *testing.T) { wantField(t, ts, "/api/v1/mayan/"+path, tc.body, tc.field, tc.reason) })
		}
	}
	for _, tc := range []struct {
		name, body string
		field      string
		reason     string
	}{
		{"Person2Missing", `{"person1":{` + ok + `}}`, "person2", "required"},
		{"Person1Null", `{"person1":null,"person2":{` + ok + `}}`, "person1", ""},
		{"Person1String", `{"person1":"2000-01-01","person2":{` + ok + `}}`, "person1", "object"},
		{"Person1April31", `{"person1":{"year":2000,"month":4,"day":31},"person2":{` + ok + `}}`, "person1.day", ""},
		{"Person2MissingYear", `{"person1":{` + ok + `},"person2":{"month":1,"day":1}}`, "person2.year", ""},
		{"Person2Hour24", `{"person1":{` + ok + `},"person2":{` + ok + `,"hour":24}}`, "person2.hour", ""},
		{"Person2YearBelow", `{"person1":{` + ok + `},"person2":{"year":-3114,"month":1,"day":1}}`, "person2.year", ""},
		{"Person1BeforeZeroDay", `{"person1":{"year":-3113,"month":1,"day":1},"person2":{` + ok + `}}`, "person1.year", "zero day"},
		{"Person2Calendar", `{"person1":{` + ok + `},"person2":{` + ok + `,"calendar":"maya"}}`, "person2.calendar", ""},
		{"Person1Unknown", `{"person1":{` + ok + `,"mnth":1},"person2":{` + ok + `}}`, "person1.mnth", `"month"`},
		{"CalendarAtTop", `{"person1":{` + ok + `},"person2":{` + ok + `},"calendar":"julian"}`, "calendar", "person1.calendar"},
		{"CorrelationBelow", `{"person1":{` + ok + `},"person2":{` + ok + `},"correlation":584279}`, "correlation", ""},
		{"CorrelationAbove", `{"person1":{` + ok + `},"person2":{` + ok + `},"correlation":584287}`, "correlation", ""},
	} {
		t.Run("compatibility/"+tc.name, func(t *testing.T) {
			wantField(t, ts, "/api/v1/mayan/compatibility", tc.body, tc.field, tc.reason)
		})
	}
	// Several bad fields: every one named in one answer.
	r := ts.Post(t, "/api/v1/mayan/compatibility", `{"person1":{"year":"x","month":13,"day":1},"person2":{"year":2000,"month":1,"day":1,"hour":-1},"correlation":1}`).WantStatus(t, 422)
	named := map[string]bool{}
	for _, e := range r.Problem(t).Errors {
		named[e.Field] = true
	}
	for _, f := range []string{"person1.year"} {
		if !named[f] {
			t.Errorf("several bad fields: %s not named in %s", f, r.Body)
		}
	}
	r = ts.Post(t, "/api/v1/mayan/compatibility", `{"person1":{"year":2000,"month":13,"day":1},"person2":{"year":2000,"month":1,"day":1,"hour":-1},"correlation":1}`).WantStatus(t, 422)
	named = map[string]bool{}
	for _, e := range r.Problem(t).Errors {
		named[e.Field] = true
	}
	for _, f := range []string{"person1.month", "person2.hour", "correlation"} {
		if !named[f] {
			t.Errorf("several bad fields: %s not named in %s", f, r.Body)
		}
	}
}

// wantField posts body and demands a 422 naming field, with reason (when
// not "") in what it says of it.
func wantField(t *testing.T, ts *apitest.Server, path, body, field, reason string) {
	t.Helper()
	r := ts.Post(t, path, body).WantStatus(t, 422)
	for _, e := range r.Problem(t).Errors {
		if e.Field == field {
			if !strings.Contains(e.Reason, reason) {
				t.Errorf("%s: reason %q lacks %q", field, e.Reason, reason)
			}
			return
		}
	}
	t.Errorf("problem does not name %q: %s", field, r.Body)
}

// TestExamples: the example request of every route in the Postman
// collection (built from the example tags, as the OpenAPI examples are)
// is a valid call.
func TestExamples(t *testing.T) {
	ts := startServer(t)
	var coll struct {
		Item []struct {
			Item []struct {
				Name    string `json:"name"`
				Request struct {
					Body struct {
						Raw string `json:"raw"`
					} `json:"body"`
				} `json:"request"`
			} `json:"item"`
		} `json:"item"`
	}
	ts.Get(t, "/api/postman/collection").WantStatus(t, 200).Decode(t, &coll)
	n := 0
	for _, folder := range coll.Item {
		for _, it := range folder.Item {
			path, ok := strings.CutPrefix(it.Name, "POST ")
			if !ok || !strings.HasPrefix(path, "/api/v1/mayan/") {
				continue
			}
			n++
			if r := ts.Post(t, path, it.Request.Body.Raw); r.Status != 200 {
				t.Errorf("%s with %s: %d %s", it.Name, it.Request.Body.Raw, r.Status, apitest.Truncate(r.Body, 300))
			}
		}
	}
	if n != 3 {
		t.Errorf("%d examples sent, want 3", n)
	}
}
