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
