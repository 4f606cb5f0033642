package stars

import (
	"fmt"
	"math"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	json "github.com/goccy/go-json"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/accuracy/measure"
	"github.com/astroapi/astroapi/engine/stars"
	"github.com/astroapi/astroapi/engine/swe"
	"github.com/astroapi/astroapi/http/apitest"
)

// sepArcsec is the shortest separation of two longitudes, in arcseconds.
func sepArcsec(a, b float64) float64 { return math.Abs(math.Remainder(a-b, 360)) * 3600 }

// swetestStar runs swetest -xf for a star (its nomenclature name) at 12:00
// UT of a date, given by Julian day so that no calendar is guessed, and
// returns its apparent longitude and latitude of date.
func swetestStar(t *testing.T, se string, y, m, d int) (lon, lat float64) {
	t.Helper()
	jd := engine.JDOf(time.Date(y, time.Month(m), d, 12, 0, 0, 0, time.UTC))
	args := []string{"-edir" + swe.DefaultPath, fmt.Sprintf("-bj%.6f", float64(jd)), "-ut", "-pf", "-xf" + se, "-fPlb", "-g,", "-head"}
	out, err := exec.Command("swetest", args...).Output()
	if err != nil {
		t.Fatalf("swetest %v: %v", args, err)
	}
	for _, l := range strings.Split(string(out), "\n") {
		f := strings.Split(l, ",")
		if len(f) < 4 {
			continue
		}
		lon, err1 := strconv.ParseFloat(strings.TrimSpace(f[len(f)-2]), 64)
		lat, err2 := strconv.ParseFloat(strings.TrimSpace(f[len(f)-1]), 64)
		if err1 == nil && err2 == nil {
			return lon, lat
		}
	}
	t.Fatalf("swetest %v: no position in %q", args, out)
	return 0, 0
}

// needSwetest skips without swetest, except in CI.
func needSwetest(t *testing.T) {
	t.Helper()
	measure.NeedTool(t, "swetest")
}

// TestIndexAgainstSwetest places the 43 stars through the index route at
// three dates and one star through the show route at two more, and
// compares each with swetest -xf (the Swiss Ephemeris' command line;
// 7 decimals of a degree, 0.00036"): within 1" (the bound; the
// tables are fitted to 0.001"). 2015-08-23 puts Regulus 0.47 degree from
// the Sun's centre, where the tables decline and swe_fixstar2_ut serves; 1500 is
// outside the ephemeris files (Moshier's Earth, in both).
func TestIndexAgainstSwetest(t *testing.T) {
	needSwetest(t)
	ts := startTestServer(t)
	const tol = 1.0 // arcseconds
	cmp := measure.Compare(t, measure.About{
		What:      "The 43 fixed stars, precession corrected, through HTTP (POST /api/v1/fixed-stars and /fixed-stars/{name}): from the tables, libswe by the Sun, Moshier in 1500",
		Reference: "swetest 2.10.03 -xf (sefstars.txt), 7 decimals of a degree",
		Sample:    "every star at 1851-11-03, 2015-08-23 (Regulus by the Sun) and 2377-02-14; Spica in 1500 and Aldebaran at the end of 2399",
	})
	worst := cmp.Quantity("longitude and latitude", "arcsec", tol, 0.0025)
	check := func(p stars.Position, y, m, d int) {
		t.Helper()
		lon, lat := swetestStar(t, p.SEName(), y, m, d)
		e := max(sepArcsec(p.Longitude, lon), math.Abs(p.Latitude-lat)*3600)
		worst.Add(e, p.Name, y, m, d)
		if measure.Over(e, tol) {
			t.Errorf("%s %04d-%02d-%02d (%s): %.7f %.7f, swetest %.7f %.7f: %.4f\"", p.Name, y, m, d, p.Source, p.Longitude, p.Latitude, lon, lat, e)
		}
	}
	sources := map[engine.Source]int{}
	for _, date := range [][3]int{{2015, 8, 23}, {1851, 11, 3}, {2377, 2, 14}} {
		var idx stars.Index
		result(t, ts.Post(t, "/api/v1/fixed-stars", fmt.Sprintf(`{"year":%d,"month":%d,"day":%d}`, date[0], date[1], date[2])), &idx)
		if idx.TotalCount != stars.Count || len(idx.FixedStars) != stars.Count {
			t.Fatalf("%v: total_count %d, %d stars", date, idx.TotalCount, len(idx.FixedStars))
		}
		for _, p := range idx.FixedStars {
			// The stars carry their catalog names; SEName is the catalog's.
			st, err := stars.Find(p.Name)
			if err != nil {
				t.Fatal(err)
			}
			p.Info = *st
			sources[p.Source]++
			check(p, date[0], date[1], date[2])
		}
	}
	for _, c := range []struct {
		name    string
		y, m, d int
		source  engine.Source
	}{{"Spica", 1500, 3, 1, engine.FromMoshier}, {"Aldebaran", 2399, 12, 31, engine.FromTables}} {
		var s stars.Show
		result(t, ts.Post(t, "/api/v1/fixed-stars/"+c.name, fmt.Sprintf(`{"year":%d,"month":%d,"day":%d}`, c.y, c.m, c.d)), &s)
		st, _ := stars.Find(c.name)
		s.Star.Info = *st
		if s.Star.Source != c.source {
			t.Errorf("%s %d: source %s, want %s", c.name, c.y, s.Star.Source, c.source)
		}
		check(s.Star, c.y, c.m, c.d)
	}
	if sources[engine.FromSwiss] == 0 || sources[engine.FromTables] == 0 {
		t.Errorf("sources %v: want both the tables and libswe (Regulus by the Sun)", sources)
	}
	t.Logf("%d positions over HTTP against swetest, worst %.5f\" (%s; sources %v)", worst.N(), worst.Max(), worst.At(), sources)
}

func TestIndex(t *testing.T) {
	ts := startTestServer(t)
	var idx stars.Index
	env := result(t, ts.Post(t, "/api/v1/fixed-stars", `{"year":2024,"month":4,"day":8}`), &idx)
	if idx.Date != "2024-04-08" || idx.TotalCount != 43 || len(idx.FixedStars) != 43 {
		t.Fatalf("date %s, total_count %d, %d stars", idx.Date, idx.TotalCount, len(idx.FixedStars))
	}
	names := map[string]bool{}
	for _, p := range idx.FixedStars {
		if names[p.Name] || p.Bayer == "" || p.Constellation == "" || len(p.Nature) == 0 || len(p.Categories) == 0 || p.Reason == "" {
			t.Errorf("%+v", p)
		}
		names[p.Name] = true
		if sign, deg := engine.SignOf(p.Longitude); sign != p.Sign || measure.Over(math.Abs(deg-p.SignDegree), 1e-9) {
			t.Errorf("%s: %v is not %s %v", p.Name, p.Longitude, p.Sign, p.SignDegree)
		}
	}
	if len(env.Warnings) != 0 || idx.Conventions.PositionType != "apparent" {
		t.Errorf("warnings %q, conventions %+v", env.Warnings, idx.Conventions)
	}
	t.Run("MagnitudeLimitIgnored", func(t *testing.T) {
		var idx stars.Index
		env := result(t, ts.Post(t, "/api/v1/fixed-stars", `{"year":2024,"month":4,"day":8,"magnitude_limit":1.5}`), &idx)
		if idx.TotalCount != 43 || len(env.Warnings) != 1 || !strings.Contains(env.Warnings[0], "magnitude_limit is ignored") {
			t.Errorf("total_count %d, warnings %q", idx.TotalCount, env.Warnings)
		}
	})
}

// TestDates is the bad-date table of the three routes: a missing part, a
// wrong type, a bound one step outside and an impossible date are 422s
// naming the field; a misspelt name is one with the right name.
func TestDates(t *testing.T) {
	ts := startTestServer(t)
	const planets = `,"planets":[{"name":"Sun","longitude":19.4}]`
	for _, path := range []string{"/api/v1/fixed-stars", "/api/v1/fixed-stars/conjunctions", "/api/v1/fixed-stars/Regulus"} {
		extra := ""
		if strings.HasSuffix(path, "conjunctions") {
			extra = planets
		}
		for _, c := range []struct {
			body   string
			status int
			field  string
		}{
			{`{"month":4,"day":8`, 422, "year"},
			{`{"year":2024,"day":8`, 422, "month"},
			{`{"year":2024,"month":4`, 422, "day"},
			{`{"year":null,"month":4,"day":8`, 422, "year"},
			{`{"year":"2024","month":4,"day":8`, 422, "year"},
			{`{"year":2024,"month":4.5,"day":8`, 422, "month"},
			{`{"year":2024,"month":13,"day":8`, 422, "month"},
			{`{"year":2024,"month":0,"day":8`, 422, "month"},
			{`{"year":2024,"month":4,"day":31`, 422, "day"},
			{`{"year":2023,"month":2,"day":29`, 422, "day"},
			{`{"year":0,"month":4,"day":8`, 422, "year"},
			{`{"year":3001,"month":4,"day":8`, 422, "year"},
			{`{"year":2024,"month":4,"day":32`, 422, "day"},
			{`{"year":2024,"month":4,"day":8,"yaer":2024`, 422, "yaer"},
			{`{"year":2024,"month":4,"day":8,"Year":2024`, 422, "Year"},
			{`{"year":2024,"month":4,"day":8,"year":2025`, 422, "year"},
		} {
			wantProblem(t, path+" "+c.body, ts.Post(t, path, c.body+extra+"}"), c.status, c.field)
		}
		// 2024 is a leap year; the bounds themselves pass.
		for _, body := range []string{`{"year":2024,"month":2,"day":29`, `{"year":1,"month":1,"day":1`, `{"year":3000,"month":12,"day":31`} {
			ts.Post(t, path, body+extra+`}`).WantStatus(t, 200)
		}
		r := ts.Post(t, path, `{"yaer":2024,"month":4,"day":8`+extra+`}`)
		wantProblem(t, path+" yaer", r, 422, "yaer")
		if p := r.Problem(t); !strings.Contains(p.Detail+fmt.Sprint(p.Errors), `did you mean "year"`) {
			t.Errorf("%s: no suggestion: %+v", path, p)
		}
	}
}

// TestEcho: the echo is the resolved request, decoded into the request
// type itself, and sent back as the body it gives the same answer.
func TestEcho(t *testing.T) {
	ts := startTestServer(t)
	for _, c := range []struct{ path, body string }{
		{"/api/v1/fixed-stars", `{"year":2024,"month":4,"day":8,"magnitude_limit":2}`},
		{"/api/v1/fixed-stars/conjunctions", `{"year":2024,"month":4,"day":8,"planets":[{"name":"Sun","longitude":150}]}`},
		{"/api/v1/fixed-stars/regulus", `{"year":2024,"month":4,"day":8}`},
	} {
		first := ts.Post(t, c.path, c.body).WantStatus(t, 200).Envelope(t)
		again := ts.Post(t, c.path, string(first.Input)).WantStatus(t, 200).Envelope(t)
		if string(again.Input) != string(first.Input) || string(again.Result) != string(first.Result) {
			t.Errorf("%s: the echo sent back answers otherwise:\n%s\n%s", c.path, first.Input, again.Input)
		}
	}
	var conj stars.ConjunctionOptions
	env := ts.Post(t, "/api/v1/fixed-stars/conjunctions", `{"year":2024,"month":4,"day":8,"planets":[{"name":"Sun","longitude":150}]}`).WantStatus(t, 200).Envelope(t)
	if err := json.Unmarshal(env.Input, &conj); err != nil || conj.Orb == nil || *conj.Orb != stars.DefaultOrb || conj.Year != 2024 || len(conj.Planets) != 1 {
		t.Errorf("conjunctions echo %s (orb default written back): %v", env.Input, err)
	}
	var show showInput
	env = ts.Post(t, "/api/v1/fixed-stars/regulus", `{"year":2024,"month":4,"day":8}`).WantStatus(t, 200).Envelope(t)
	if err := json.Unmarshal(env.Input, &show); err != nil || show.Name != "regulus" || show.Day != 8 {
		t.Errorf("show echo %s: %v", env.Input, err)
	}
}

func TestShow(t *testing.T) {
	ts := startTestServer(t)
	var want stars.Show
	result(t, ts.Post(t, "/api/v1/fixed-stars/Regulus", `{"year":2000,"month":1,"day":1}`), &want)
	// Regulus at J2000: 149.83 (29 Leo 50).
	if want.Date != "2000-01-01" || want.Star.Name != "Regulus" || want.Star.Sign != "Leo" || measure.Over(math.Abs(want.Star.Longitude-149.83), 0.01) {
		t.Fatalf("%+v", want)
	}
	// Case, accents, spaces, punctuation and alternate names.
	for _, name := range []string{"regulus", "REGULUS", "Re%20gu-lus", "R%C3%A9gulus", "Magha"} {
		var got stars.Show
		r := ts.Post(t, "/api/v1/fixed-stars/"+name, `{"year":2000,"month":1,"day":1}`)
		if r.Status != 200 {
			t.Errorf("%s: %d %s", name, r.Status, apitest.Truncate(r.Body, 200))
			continue
		}
		result(t, r, &got)
		if got.Star.Name != "Regulus" || got.Star.Longitude != want.Star.Longitude {
			t.Errorf("%s: %s %v", name, got.Star.Name, got.Star.Longitude)
		}
	}
	for name, want := range map[string]string{"Deneb%20Algedi": "Deneb Algedi", "deneb-algedi": "Deneb Algedi",
		"Zub%C3%A9n%20%C3%89lgenubi": "Zuben Elgenubi", "RAS%20ALHAGUE": "Ras Alhague", "Rigil%20Kentaurus": "Toliman"} {
		var alt stars.Show
		result(t, ts.Post(t, "/api/v1/fixed-stars/"+name, `{"year":2000,"month":1,"day":1}`), &alt)
		if alt.Star.Name != want {
			t.Errorf("%s: %s", name, alt.Star.Name)
		}
	}
	t.Run("UnknownIs404", func(t *testing.T) {
		r := ts.Post(t, "/api/v1/fixed-stars/Regulsu", `{"year":2000,"month":1,"day":1}`)
		wantProblem(t, "Regulsu", r, 404, "name")
		p := r.Problem(t)
		if !strings.Contains(p.Detail, "POST /api/v1/fixed-stars lists them") || !strings.Contains(p.Detail, "did you mean Regulus?") {
			t.Errorf("detail %q", p.Detail)
		}
		r = ts.Post(t, "/api/v1/fixed-stars/Mizar", `{"year":2000,"month":1,"day":1}`)
		wantProblem(t, "Mizar", r, 404, "name")
	})
	t.Run("BodyNameIgnored", func(t *testing.T) {
		var got stars.Show
		env := result(t, ts.Post(t, "/api/v1/fixed-stars/Spica", `{"year":2000,"month":1,"day":1,"name":"Regulus"}`), &got)
		if got.Star.Name != "Spica" || len(env.Warnings) != 1 || !strings.Contains(env.Warnings[0], "ignored") {
			t.Errorf("%s, warnings %q", got.Star.Name, env.Warnings)
		}
	})
}

// TestConjunctionsPrecedence pins spec 4.5: /conjunctions is the
// conjunction search, never a star named "conjunctions" (its 400 for
// missing planets, not the 404 of an unknown star).
func TestConjunctionsPrecedence(t *testing.T) {
	ts := startTestServer(t)
	r := ts.Post(t, "/api/v1/fixed-stars/conjunctions", `{"year":2024,"month":4,"day":8}`)
	wantProblem(t, "no planets", r, 400, "planets")
	var c stars.Conjunctions
	result(t, ts.Post(t, "/api/v1/fixed-stars/conjunctions", `{"year":2024,"month":4,"day":8,"planets":[{"name":"Sun","longitude":150}]}`), &c)
	if c.OrbUsed != stars.DefaultOrb || c.Method == "" {
		t.Errorf("%+v", c)
	}
	// The star route itself answers another name.
	wantProblem(t, "conjunction", ts.Post(t, "/api/v1/fixed-stars/conjunction", `{"year":2024,"month":4,"day":8}`), 404, "name")
}

// TestConjunctions checks every item against the index at the same date
// (orb = the shorter arc between the longitudes, at most orb_used) and the
// seam at 0 Aries, where Scheat (29 Pisces) meets a point at 0.3.
func TestConjunctions(t *testing.T) {
	ts := startTestServer(t)
	var idx stars.Index
	result(t, ts.Post(t, "/api/v1/fixed-stars", `{"year":2024,"month":4,"day":8}`), &idx)
	lon := map[string]float64{}
	for _, p := range idx.FixedStars {
		lon[p.Name] = p.Longitude
	}
	scheat := lon["Scheat"]
	if scheat < 359 {
		t.Fatalf("Scheat at %v: the seam case needs it in the last degree of Pisces", scheat)
	}
	planets := []stars.Planet{{Name: "Sun", Longitude: 19.4}, {Name: "Seam", Longitude: 0.3}, {Name: "Full", Longitude: 360},
		{Name: "Regulus-ish", Longitude: lon["Regulus"] - 0.9}, {Name: "Far", Longitude: 270.01}}
	for _, orb := range []float64{1, 2.5} {
		var c stars.Conjunctions
		env := result(t, ts.Post(t, "/api/v1/fixed-stars/conjunctions",
			map[string]any{"year": 2024, "month": 4, "day": 8, "planets": planets, "orb": orb}), &c)
		if c.OrbUsed != orb || c.TotalCount != len(c.Conjunctions) || c.Date != "2024-04-08" || len(env.Warnings) != 0 {
			t.Fatalf("orb_used %v, total_count %d of %d, warnings %q", c.OrbUsed, c.TotalCount, len(c.Conjunctions), env.Warnings)
		}
		// Expected independently: every star-point pair within orb.
		want := 0
		for _, p := range planets {
			for _, s := range idx.FixedStars {
				if sepArcsec(s.Longitude, p.Longitude)/3600 <= orb {
					want++
				}
			}
		}
		if c.TotalCount != want {
			t.Errorf("orb %v: %d conjunctions, want %d: %+v", orb, c.TotalCount, want, c.Conjunctions)
		}
		seen := map[string]bool{}
		for i, x := range c.Conjunctions {
			seen[x.Star+"/"+x.Planet] = true
			d := sepArcsec(x.StarLongitude, x.PlanetLongitude) / 3600
			if measure.Over(math.Abs(d-x.Orb), 1e-9) || measure.Over(x.Orb, orb) || measure.Over(math.Abs(x.StarLongitude-lon[x.Star]), 5e-8) || // the index writes 7 decimals
				(i > 0 && x.Orb < c.Conjunctions[i-1].Orb) {
				t.Errorf("orb %v: %+v (separation %v)", orb, x, d)
			}
		}
		if !seen["Scheat/Seam"] || !seen["Scheat/Full"] || !seen["Regulus/Regulus-ish"] || seen["Scheat/Far"] {
			t.Errorf("orb %v: %v", orb, seen)
		}
	}
}

// TestConjunctionsBadInput: spec 7's 400 for missing planets, the rest of
// the table.
func TestConjunctionsBadInput(t *testing.T) {
	ts := startTestServer(t)
	const date = `"year":2024,"month":4,"day":8`
	for _, c := range []struct {
		name, body string
		status     int
		field      string
	}{
		{"PlanetsMissing", `{` + date + `}`, 400, "planets"},
		{"PlanetsNull", `{` + date + `,"planets":null}`, 400, "planets"},
		{"PlanetsEmpty", `{` + date + `,"planets":[]}`, 400, "planets"},
		{"PlanetsMissingBeforeBounds", `{` + date + `,"orb":11}`, 400, "planets"},
		{"PlanetsObject", `{` + date + `,"planets":{"Sun":19.4}}`, 422, "planets"},
		{"LongitudeString", `{` + date + `,"planets":[{"name":"Sun","longitude":"19.4"}]}`, 422, "planets[0].longitude"},
		{"NameNumber", `{` + date + `,"planets":[{"name":1,"longitude":19.4}]}`, 422, "planets[0].name"},
		{"OrbString", `{` + date + `,"planets":[{"name":"Sun","longitude":19.4}],"orb":"1"}`, 422, "orb"},
		{"LongitudeRange", `{` + date + `,"planets":[{"name":"Sun","longitude":-1}]}`, 422, "planets[0].longitude"},
		{"LongitudeAbove", `{` + date + `,"planets":[{"name":"Sun","longitude":360.5}]}`, 422, "planets[0].longitude"},
		{"NameMissing", `{` + date + `,"planets":[{"longitude":19.4}]}`, 422, "planets[0].name"},
		{"NameEmpty", `{` + date + `,"planets":[{"name":"","longitude":19.4}]}`, 422, "planets[0].name"},
		{"NameTooLong", `{` + date + `,"planets":[{"name":"` + strings.Repeat("x", 65) + `","longitude":19.4}]}`, 422, "planets[0].name"},
		{"NatalKeys", `{` + date + `,"planets":[{"name":"Sun","longitude":19.4,"sign":"Aries"}]}`, 422, "planets[0].sign"},
		{"Misspelt", `{` + date + `,"planets":[{"name":"Sun","longitude":19.4}],"orbs":1}`, 422, "orbs"},
		{"OrbZero", `{` + date + `,"planets":[{"name":"Sun","longitude":19.4}],"orb":0}`, 422, "orb"},
		{"OrbTooLarge", `{` + date + `,"planets":[{"name":"Sun","longitude":19.4}],"orb":10.5}`, 422, "orb"},
		{"ImpossibleDate", `{"year":2023,"month":2,"day":29,"planets":[{"name":"Sun","longitude":19.4}]}`, 422, "day"},
		{"TooMany", `{` + date + `,"planets":[` + strings.Repeat(`{"name":"P","longitude":1},`, 100) + `{"name":"P","longitude":1}]}`, 422, "planets"},
	} {
		wantProblem(t, c.name, ts.Post(t, "/api/v1/fixed-stars/conjunctions", c.body), c.status, c.field)
	}
	// The bounds themselves pass.
	for _, body := range []string{`{` + date + `,"planets":[{"name":"Sun","longitude":0}],"orb":0.001}`, `{` + date + `,"planets":[{"name":"Sun","longitude":360}],"orb":10}`} {
		ts.Post(t, "/api/v1/fixed-stars/conjunctions", body).WantStatus(t, 200)
	}
}

// TestUnavailable: with neither source the routes answer 503.
func TestUnavailable(t *testing.T) {
	ts := apitest.Start(t, apitest.Options{Ops: apitest.Serve(Ops(Deps{})...)})
	wantProblem(t, "no source", ts.Post(t, "/api/v1/fixed-stars", `{"year":2024,"month":4,"day":8}`), 503, "")
}
