package transits

import (
	"testing"
	"time"

	json "github.com/goccy/go-json"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/resolve"
)

// TestToNatalRequest: the request resolves its three parts with their
// paths, writes the window and the zodiac used, and reports every bad
// field at once.
func TestToNatalRequest(t *testing.T) {
	c := &resolve.Fixed{Time: time.Date(2024, 6, 15, 12, 0, 0, 0, time.UTC)}
	var r ToNatalRequest
	if err := json.Unmarshal([]byte(`{"natal":{"year":1990,"month":7,"day":14,"latitude":1,"longitude":2,"timezone":"UTC","node_type":"mean","include_asteroids":true},"orbs":{"trine":2}}`), &r); err != nil {
		t.Fatal(err)
	}
	if err := r.Resolve(c, ""); err != nil {
		t.Fatal(err)
	}
	o := r.Options()
	if !c.NowUsed || o.WindowDays != DefaultWindowDays || *r.WindowDays != DefaultWindowDays || o.Node != "mean" || !o.IncludeAsteroids || o.Orbs["trine"] != 2 || len(o.Orbs) != 1 {
		t.Errorf("options %+v, now used %v", o, c.NowUsed)
	}
	var bad ToNatalRequest
	if err := json.Unmarshal([]byte(`{"natal":{"year":1990,"month":2,"day":30,"latitude":1,"longitude":2},"year":2024,"orbs":{"trin":2}}`), &bad); err != nil {
		t.Fatal(err)
	}
	var fs engine.Fields
	if err := fs.Add(bad.Resolve(c, "p.")); err != nil {
		t.Fatal(err)
	}
	got := map[string]bool{}
	for _, e := range fs {
		got[e.Field] = true
	}
	for _, f := range []string{"p.natal.day", "p.month", "p.orbs.trin"} {
		if !got[f] {
			t.Errorf("%s not reported: %v", f, fs)
		}
	}
}

// TestSkyOptions: the zodiac is settled as charts settle it and stated.
func TestSkyOptions(t *testing.T) {
	c := &resolve.Fixed{}
	o := SkyOptions{}
	o.ZodiacType = engine.Sidereal
	_ = o.Resolve(c, "")
	if o.Ayanamsa != engine.Lahiri || o.NodeType != "true" {
		t.Errorf("sidereal %+v", o)
	}
	o = SkyOptions{}
	o.Ayanamsa = engine.KP
	_ = o.Resolve(c, "")
	if o.Ayanamsa != "" || o.ZodiacType != engine.Tropical || len(c.Notes) != 1 {
		t.Errorf("tropical %+v, notes %q", o, c.Notes)
	}
}

// TestToNatalRequestJSON: the request's own JSON is byte for byte what
// go-json writes for it, resolved from every form of the instant (now,
// datetime with an offset and a fraction of a second, date and time,
// year..second in a zone, a year before 0000) and with the options set.
func TestToNatalRequestJSON(t *testing.T) {
	const natal = `"natal":{"date":"1990-07-14","time":"14:30","latitude":51.5,"longitude":-0.13,"timezone":"Europe/London","orbs":{"trine":3}}`
	for _, body := range []string{
		`{` + natal + `}`,
		`{` + natal + `,"datetime":"2024-03-20T05:06:07.25+02:00","orbs":{"square":2,"conjunction":1.5},"include_minor_aspects":true,"window_days":12.5,"all_perfections":true}`,
		`{` + natal + `,"date":"2029-05-01","time":"06:00","timezone":"+02:00"}`,
		`{` + natal + `,"year":2024,"month":11,"day":3,"hour":1,"minute":30,"second":5,"timezone":"America/New_York"}`,
		`{` + natal + `,"year":-43,"month":3,"day":15,"calendar":"julian"}`,
	} {
		var r ToNatalRequest
		if err := json.Unmarshal([]byte(body), &r); err != nil {
			t.Fatal(err)
		}
		if err := r.Resolve(&resolve.Fixed{Time: time.Date(2024, 6, 15, 12, 0, 0, 0, time.UTC)}, ""); err != nil {
			t.Fatalf("%s: %v", body, err)
		}
		want, err := json.MarshalWithOption(&r, json.DisableHTMLEscape())
		if err != nil {
			t.Fatal(err)
		}
		if got := r.AppendJSON(nil); string(got) != string(want) {
			t.Errorf("%s:\n got %s\nwant %s", body, got, want)
		}
	}
}
