package natal_test

import (
	"fmt"
	"os"
	"testing"
	"time"

	json "github.com/goccy/go-json"

	"github.com/astroapi/astroapi/engine/accuracy/measure"
)

// TestNatalZoneinfo sends the historic local times of
// engine/birth/testdata/zoneinfo.json (Python zoneinfo, made by
// engine/birth/testdata/gen/zoneinfo_fixtures.py) through POST
// /api/v1/natal and compares the echoed UTC instant and offset: exact to
// the second. Gaps must be a 422 naming hour.
func TestNatalZoneinfo(t *testing.T) {
	raw, err := os.ReadFile("../../../engine/birth/testdata/zoneinfo.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Cases []struct {
			Zone, Local, UTC, Abbrev string
			Fold, Offset             int
			Gap, Ambiguous           bool
		}
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	ts := startTestServer(t, testOptions{Positions: testEphemeris(t)})
	cmp := measure.Compare(t, measure.About{
		What:      "A birth's local time to UTC through HTTP (POST /api/v1/natal): historic offsets, DST changes, folds and gaps",
		Reference: "Python zoneinfo (IANA tz), engine/birth/testdata/zoneinfo.json",
		Sample:    "local times 1800-2399 across the zone histories the fixture samples",
	})
	instants := cmp.Exact("UTC instant, ambiguity and abbreviation")
	gaps := cmp.Exact("times in a gap refused (422 naming hour)")
	for _, c := range measure.NonEmpty(t, doc.Cases, "zoneinfo.json") {
		lt, err := time.Parse("2006-01-02T15:04:05", c.Local)
		if err != nil {
			t.Fatal(err)
		}
		if lt.Year() < 1800 || lt.Year() >= 2400 {
			continue // outside the ephemeris files
		}
		body := fmt.Sprintf(`{"year":%d,"month":%d,"day":%d,"hour":%d,"minute":%d,"second":%d,"latitude":10,"longitude":10,"timezone":%q,"fold":%d}`,
			lt.Year(), lt.Month(), lt.Day(), lt.Hour(), lt.Minute(), lt.Second(), c.Zone, c.Fold)
		if c.Gap {
			p := ts.Post(t, "/api/v1/natal", body).WantStatus(t, 422).Problem(t)
			ok := len(p.Errors) == 1 && p.Errors[0].Field == "hour"
			gaps.Match(ok, c.Zone, c.Local)
			if !ok {
				t.Errorf("%s %s: gap problem %+v", c.Zone, c.Local, p)
			}
			continue
		}
		out, _ := postNatal(t, ts, body)
		offset := out.Input.UTCOffset
		if c.Abbrev == "LMT" || (c.Zone == "Asia/Kolkata" && lt.Year() < 1906) {
			// Before standard time the birthplace keeps its own local
			// mean time (longitude 10 east is UTC+00:40); India's Madras
			// time of 1870-1905 was the railways' (engine/birth).
			c.UTC, c.Abbrev = lt.Add(-40*time.Minute).Format(time.RFC3339), "LMT"
		}
		ok := out.Input.UTC == c.UTC && out.Input.AmbiguousTime == c.Ambiguous && out.Input.Abbreviation == c.Abbrev
		instants.Match(ok, c.Zone, c.Local, c.Fold)
		if !ok {
			t.Errorf("%s %s fold %d: utc %s %s %q ambiguous %v; zoneinfo %s %q %v",
				c.Zone, c.Local, c.Fold, out.Input.UTC, offset, out.Input.Abbreviation, out.Input.AmbiguousTime, c.UTC, c.Abbrev, c.Ambiguous)
		}
	}
	if n := instants.N(); n < 60 {
		t.Errorf("only %d instants checked", n)
	}
}
