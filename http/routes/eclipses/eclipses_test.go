package eclipses

import (
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	json "github.com/goccy/go-json"

	"github.com/astroapi/astroapi/engine/accuracy/measure"
	"github.com/astroapi/astroapi/engine/eclipses"
	"github.com/astroapi/astroapi/http/apitest"
)

// TestCount pins the count rule of spec 4.8 and 8 on both list routes:
// absent gives 10, 1 to 50 as asked, over 50 gives 10 (with a warning, and
// the echo says 10), below 1 or a non-integer is a 422 naming count.
func TestCount(t *testing.T) {
	ts := startTestServer(t)
	for _, path := range []string{"/api/v1/eclipses?from=2000-01-01&", "/api/v1/eclipses/upcoming?"} {
		cases := []struct {
			query string
			want  int
			warn  bool
		}{
			{"", 10, false},
			{"count=1", 1, false},
			{"count=37", 37, false},
			{"count=50", 50, false},
			{"count=51", 10, true},
			{"count=1000", 10, true},
		}
		for _, c := range cases {
			var l eclipses.List
			env := result(t, ts.Get(t, path+c.query), &l)
			if l.Total != c.want || len(l.Eclipses) != c.want {
				t.Errorf("%s%s: total %d, %d eclipses, want %d", path, c.query, l.Total, len(l.Eclipses), c.want)
			}
			if got := len(env.Warnings) > 0 && strings.Contains(env.Warnings[0], "over 50"); got != c.warn {
				t.Errorf("%s%s: warnings %q", path, c.query, env.Warnings)
			}
			var echo eclipses.UpcomingRequest
			if err := json.Unmarshal(env.Input, &echo); err != nil || echo.Count == nil || *echo.Count != c.want {
				t.Errorf("%s%s: echo %s", path, c.query, env.Input)
			}
		}
		for _, bad := range []string{"count=0", "count=-3", "count=ten", "count=2.5", "count=", "count=5&count=6"} {
			wantProblem(t, path+bad, ts.Get(t, path+bad), 422, "count")
		}
	}
}

func TestList(t *testing.T) {
	ts := startTestServer(t)
	t.Run("DefaultFromToday", func(t *testing.T) {
		// Clock: 2024-06-15T12:00:00Z. The next eclipses: the partial lunar
		// eclipse of 2024-09-18 and the annular solar one of 2024-10-02.
		var l eclipses.List
		env := result(t, ts.Get(t, "/api/v1/eclipses?count=2"), &l)
		if l.Total != 2 || l.Eclipses[0].Date != "2024-09-18" || l.Eclipses[0].Type != eclipses.Partial ||
			l.Eclipses[1].Date != "2024-10-02" || l.Eclipses[1].Type != eclipses.Annular {
			t.Errorf("got %+v", l.Eclipses)
		}
		if !strings.Contains(string(env.Input), `"from":"2024-06-15"`) {
			t.Errorf("echo %s", env.Input)
		}
		if l.Conventions.Degree == "" || l.Conventions.Node == "" || l.Conventions.Saros == "" {
			t.Errorf("conventions %+v", l.Conventions)
		}
	})
	t.Run("FromIncludesTheDay", func(t *testing.T) {
		var l eclipses.List
		result(t, ts.Get(t, "/api/v1/eclipses?from=2024-04-08&count=1"), &l)
		e := l.Eclipses[0]
		// NASA: 2024 Apr 08, total, Saros 139 (member 30), greatest
		// eclipse 18:17:16 UT; the Sun at 19 Aries 24.
		if e.Date != "2024-04-08" || e.Kind != eclipses.Solar || e.Type != eclipses.Total || e.SarosSeries != 139 || e.SarosMember != 30 {
			t.Errorf("got %+v", e)
		}
		if d := e.Datetime.Sub(time.Date(2024, 4, 8, 18, 17, 16, 0, time.UTC)); d < -time.Minute || d > time.Minute {
			t.Errorf("datetime %s", e.Datetime)
		}
		if e.Sign != "Aries" || e.SignDegree < 19 || measure.Over(e.SignDegree, 19.5) || measure.Over(math.Abs(e.Degree-e.SignDegree), 1e-9) || e.Node != eclipses.Ascending {
			t.Errorf("degree %v %s %v node %s", e.Degree, e.Sign, e.SignDegree, e.Node)
		}
		if e.GreatestEclipse == nil || e.Central == nil || !*e.Central || e.DurationSeconds < 260 || e.DurationSeconds > 275 {
			t.Errorf("solar details %+v", e)
		}
	})
	t.Run("Filters", func(t *testing.T) {
		cases := []struct {
			query string
			ok    func(e eclipses.Eclipse) bool
		}{
			{"kind=lunar", func(e eclipses.Eclipse) bool { return e.Kind == eclipses.Lunar }},
			{"kind=solar", func(e eclipses.Eclipse) bool { return e.Kind == eclipses.Solar }},
			{"type=hybrid", func(e eclipses.Eclipse) bool { return e.Kind == eclipses.Solar && e.Type == eclipses.Hybrid }},
			{"type=penumbral", func(e eclipses.Eclipse) bool { return e.Kind == eclipses.Lunar && e.Type == eclipses.Penumbral }},
			{"type=total", func(e eclipses.Eclipse) bool { return e.Type == eclipses.Total }},
			{"kind=lunar&type=total", func(e eclipses.Eclipse) bool { return e.Kind == eclipses.Lunar && e.Type == eclipses.Total }},
		}
		for _, c := range cases {
			var l eclipses.List
			result(t, ts.Get(t, "/api/v1/eclipses?from=1900-01-01&count=25&"+c.query), &l)
			if l.Total != 25 {
				t.Errorf("%s: %d eclipses", c.query, l.Total)
			}
			kinds := map[eclipses.Kind]bool{}
			for i, e := range l.Eclipses {
				kinds[e.Kind] = true
				if !c.ok(e) || e.Date < "1900-01-01" || (i > 0 && !e.Datetime.After(l.Eclipses[i-1].Datetime)) {
					t.Errorf("%s: %s %s %s", c.query, e.Date, e.Kind, e.Type)
				}
			}
			if c.query == "type=total" && len(kinds) != 2 {
				t.Errorf("type=total lists only %v: total eclipses of both kinds merge", kinds)
			}
		}
	})
	t.Run("EndOfCatalog", func(t *testing.T) {
		var l eclipses.List
		result(t, ts.Get(t, "/api/v1/eclipses?from=2399-06-01&count=50"), &l)
		if l.Total >= 10 || l.Total != len(l.Eclipses) {
			t.Errorf("%d eclipses after 2399-06-01", l.Total)
		}
	})
	t.Run("BadInput", func(t *testing.T) {
		for _, c := range []struct {
			query  string
			status int
			field  string
		}{
			{"from=2024-13-01", 422, "from"},
			{"from=2024-02-30", 422, "from"},
			{"from=yesterday", 422, "from"},
			{"from=1799-12-31", 422, "from"},
			{"from=2400-01-02", 422, "from"},
			{"kind=stellar", 422, "kind"},
			{"type=ring", 422, "type"},
			{"kind=lunar&type=annular", 422, "type"},
			{"kind=solar&type=penumbral", 422, "type"},
			{"Kind=solar", 422, "Kind"},
			{"from=2000-01-01&limit=3", 422, "limit"},
			{"date=2000-01-01", 422, "date"},
		} {
			wantProblem(t, c.query, ts.Get(t, "/api/v1/eclipses?"+c.query), c.status, c.field)
		}
		p := ts.Get(t, "/api/v1/eclipses?limit=3").Problem(t)
		if len(p.Errors) != 1 || !strings.Contains(p.Errors[0].Reason, `did you mean "count"?`) {
			t.Errorf("limit: %+v", p)
		}
		// Every bad parameter at once.
		p = ts.Get(t, "/api/v1/eclipses?type=ring&kind=stellar&count=0").Problem(t)
		if len(p.Errors) != 3 {
			t.Errorf("three bad parameters: %+v", p.Errors)
		}
	})
	t.Run("Lenient", func(t *testing.T) {
		var l eclipses.List
		env := result(t, ts.Get(t, "/api/v1/eclipses?from=2000-01-01&limit=3", "Prefer", "handling=lenient"), &l)
		if l.Total != 10 || len(env.Warnings) != 1 || !strings.Contains(env.Warnings[0], "limit") {
			t.Errorf("total %d warnings %q", l.Total, env.Warnings)
		}
	})
	t.Run("Echo", func(t *testing.T) {
		// The echo is the resolved query: a date-time read as its UTC
		// date, the count used; sent back, the same answer.
		env := ts.Get(t, "/api/v1/eclipses?from=2024-04-08T23:30:00-05:00&kind=solar").WantStatus(t, 200).Envelope(t)
		var in eclipses.ListRequest
		if err := json.Unmarshal(env.Input, &in); err != nil || in.From != "2024-04-09" || in.Kind != eclipses.Solar || in.Count == nil || *in.Count != 10 {
			t.Fatalf("echo %s: %v", env.Input, err)
		}
		again := ts.Get(t, fmt.Sprintf("/api/v1/eclipses?from=%s&kind=%s&count=%d", in.From, in.Kind, *in.Count)).WantStatus(t, 200).Envelope(t)
		if string(again.Result) != string(env.Result) || string(again.Input) != string(env.Input) {
			t.Errorf("the echo sent back answers otherwise: %s", again.Input)
		}
	})
}

// TestUpcoming: the eclipses after the server's instant, which moves with
// its clock (the route is not cached).
func TestUpcoming(t *testing.T) {
	clock := apitest.NewClock(time.Date(2024, 4, 8, 18, 0, 0, 0, time.UTC))
	ts := apitest.Start(t, apitest.Options{Clock: clock, Ops: apitest.Serve(Ops(testDeps(t))...)})
	first := func() eclipses.Eclipse {
		t.Helper()
		var l eclipses.List
		result(t, ts.Get(t, "/api/v1/eclipses/upcoming?count=3"), &l)
		if l.Total != 3 {
			t.Fatalf("total %d", l.Total)
		}
		for _, e := range l.Eclipses {
			if !e.Datetime.After(clock.Now()) {
				t.Errorf("%s is not after %s", e.Datetime, clock.Now())
			}
		}
		return l.Eclipses[0]
	}
	// 18:00 UT is before the maximum of 2024-04-08 (18:17 UT); 18:30 after it.
	if e := first(); e.Date != "2024-04-08" {
		t.Errorf("at 18:00 the next is %s", e.Date)
	}
	clock.Set(time.Date(2024, 4, 8, 18, 30, 0, 0, time.UTC))
	if e := first(); e.Date != "2024-09-18" {
		t.Errorf("at 18:30 the next is %s", e.Date)
	}
}

// TestUnavailable: without the tables the routes answer 503 and say why
// (a file older than the catalog gets the same, from eclipses.Load).
func TestUnavailable(t *testing.T) {
	_, missing := eclipses.Load(nil)
	ts := apitest.Start(t, apitest.Options{Ops: apitest.Serve(Ops(Deps{Missing: missing})...)})
	r := ts.Get(t, "/api/v1/eclipses/upcoming")
	wantProblem(t, "no tables", r, 503, "")
	if p := r.Problem(t); !strings.Contains(p.Detail, "astroapi gen") {
		t.Errorf("detail %q", p.Detail)
	}
}
