package transitcal_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	json "github.com/goccy/go-json"

	"github.com/astroapi/astroapi/http/apitest"
)

// icalJS reads an iCalendar file with ical.js (icaltest/parse.mjs); it
// skips without node or the package, and fails so under CI.
func icalJS(t *testing.T, ics []byte) parsedCalendar {
	t.Helper()
	missing := func(what string) {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is missing (make node-deps)", what)
		}
		t.Skipf("%s is missing (make node-deps)", what)
	}
	node, err := exec.LookPath("node")
	if err != nil {
		missing("node")
	}
	if _, err := os.Stat(filepath.Join("icaltest", "node_modules", "ical.js")); err != nil {
		missing("http/routes/transitcal/icaltest/node_modules/ical.js")
	}
	cmd := exec.Command(node, "parse.mjs")
	cmd.Dir = "icaltest"
	cmd.Stdin = bytes.NewReader(ics)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("ical.js refused the file: %v\n%s", err, stderr.String())
	}
	var p parsedCalendar
	if err := json.Unmarshal(out, &p); err != nil {
		t.Fatal(err)
	}
	return p
}

type parsedCalendar struct {
	Version, Prodid, Name string
	Events                []struct {
		UID, Summary, Description, Categories string
		Start                                 time.Time
		End                                   *time.Time
		Stamp                                 time.Time
	}
}

// TestICSParsedByICALJS: the iCalendar file of a year's calendar with
// every kind of event is read by ical.js (Mozilla's calendar library):
// one event per aspect from its start to its end, one per exact instant,
// ingress, station and lunar quarter, each at the JSON calendar's instant
// (to the second), with unique UIDs that do not change when the same
// calendar is made again, and lines folded at 75 octets.
func TestICSParsedByICALJS(t *testing.T) {
	ts := startTestServer(t, apitest.Tables(t))
	body := `{` + natal1990 + `,"year":2024,"bodies":["sun","mercury","mars","saturn"],"include_ingresses":true,"include_stations":true,"include_lunar_phases":true}`
	out, _ := postCalendar(t, ts, body)
	r := ts.Post(t, "/api/v1/transits/calendar/ics", body).WantStatus(t, 200)
	if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/calendar") {
		t.Fatalf("content type %q", ct)
	}
	if cd := r.Header.Get("Content-Disposition"); !strings.Contains(cd, "transits.ics") {
		t.Errorf("content disposition %q", cd)
	}
	for _, line := range bytes.Split(r.Body, []byte("\r\n")) {
		if len(line) > 75 {
			t.Fatalf("a line of %d octets: %q", len(line), line)
		}
	}
	p := icalJS(t, r.Body)
	cal := out.Result
	exacts := 0
	for _, a := range cal.Aspects {
		exacts += len(a.Exact)
	}
	want := len(cal.Aspects) + exacts + len(cal.Ingresses) + len(cal.Stations) + len(cal.LunarPhases)
	if p.Version != "2.0" || len(p.Events) != want || !strings.Contains(p.Name, "Transits 2024-01-01 to 2025-01-01") {
		t.Fatalf("ical.js read version %q, name %q, %d events; the JSON has %d", p.Version, p.Name, len(p.Events), want)
	}
	uids := map[string]bool{}
	starts := map[string]time.Time{}
	for _, e := range p.Events {
		if uids[e.UID] {
			t.Errorf("UID %s twice", e.UID)
		}
		uids[e.UID] = true
		starts[e.Summary+"|"+e.Start.Format(time.RFC3339)] = e.Start
		if e.Stamp.IsZero() {
			t.Errorf("%s: no DTSTAMP", e.Summary)
		}
	}
	sec := func(jd float64) time.Time {
		return time.Unix(0, 0).UTC().Add(time.Duration((jd - 2440587.5) * 86400 * float64(time.Second))).Round(time.Second)
	}
	// Every exact instant and every ingress, station and phase of the JSON
	// is an event at that instant.
	find := func(prefix string, at time.Time) bool {
		for _, e := range p.Events {
			if strings.HasPrefix(e.Summary, prefix) && e.Start.Sub(at).Abs() <= time.Second {
				return true
			}
		}
		return false
	}
	for _, a := range cal.Aspects {
		for _, e := range a.Exact {
			if !find(a.Transit+" ", sec(e.JD)) {
				t.Errorf("no event at the exact instant %v of %s %s %s", sec(e.JD), a.Transit, a.Aspect, a.Natal)
			}
		}
		if a.Start != nil && !find(a.Transit+" ", sec(a.Start.JD)) {
			t.Errorf("no event starting at %v (%s %s %s)", sec(a.Start.JD), a.Transit, a.Aspect, a.Natal)
		}
	}
	for _, in := range cal.Ingresses {
		if !find(in.Body+" enters "+in.Sign, sec(in.Instant.JD)) {
			t.Errorf("no ingress event %+v", in)
		}
	}
	for _, s := range cal.Stations {
		if !find(s.Name+" stations", sec(s.Instant.JD)) {
			t.Errorf("no station event %+v", s)
		}
	}
	for _, q := range cal.LunarPhases {
		if !find(strings.ToUpper(string(q.Quarter[:1])), sec(q.Instant.JD)) {
			t.Errorf("no phase event %+v", q)
		}
	}
	// The same calendar made again (another DTSTAMP) keeps its UIDs.
	ts.Clock.Add(time.Hour)
	again := icalJS(t, ts.Post(t, "/api/v1/transits/calendar/ics", body).WantStatus(t, 200).Body)
	for _, e := range again.Events {
		if !uids[e.UID] {
			t.Errorf("UID %s of %s changed", e.UID, e.Summary)
			break
		}
	}
}
