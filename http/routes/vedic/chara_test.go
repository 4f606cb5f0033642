package vedic_test

import (
	"bytes"
	"slices"
	"testing"

	json "github.com/goccy/go-json"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/vedic"
	"github.com/astroapi/astroapi/http/apitest"
)

// TestDashaChara: system chara through HTTP: the signs' dashas from the
// lagna's sign of the same birth's rasi chart (POST /vedic/vargas/d1), 144
// years over both cycles, twelve antardashas each ending with the dasha's
// own sign, the direction stated, the system echoed and the echo sendable;
// the ayanamsa option honoured (the lagna's sign of the same chart under
// that ayanamsa); levels 5 inside a window.
func TestDashaChara(t *testing.T) {
	ts := startTestServer(t, testOptions{Positions: apitest.Tables(t)})
	for _, aya := range []string{"", `,"ayanamsa":"raman"`, `,"ayanamsa":"kp"`} {
		env := ts.Post(t, "/api/v1/vedic/dasha", withFields(aya+`,"system":"chara","levels":2`)).WantStatus(t, 200).Envelope(t)
		var d vedic.Dasha
		if err := json.Unmarshal(env.Result, &d); err != nil {
			t.Fatal(err)
		}
		var v struct {
			Vargas []struct {
				Lagna vargaPoint `json:"lagna"`
			} `json:"vargas"`
			Ayanamsa vedic.AyanamsaValue `json:"ayanamsa"`
		}
		if err := json.Unmarshal(ts.Post(t, "/api/v1/vedic/vargas/d1", withFields(aya)).WantStatus(t, 200).Envelope(t).Result, &v); err != nil {
			t.Fatal(err)
		}
		lagna := engine.Signs[v.Vargas[0].Lagna.SignNumber-1]
		if d.DashaPeriods[0].Sign != lagna || d.Balance.Sign != lagna || d.Ayanamsa.Name != v.Ayanamsa.Name || d.Conventions.Ayanamsa != string(v.Ayanamsa.Name) {
			t.Fatalf("%s: first dasha %s, lagna %s; ayanamsa %s (%s), chart's %s", aya, d.DashaPeriods[0].Sign, lagna, d.Ayanamsa.Name, d.Conventions.Ayanamsa, v.Ayanamsa.Name)
		}
		total := 0.0
		for _, p := range d.DashaPeriods {
			total += p.Years
			if len(p.SubPeriods) != 12 || p.SubPeriods[11].Sign != p.Sign || p.Lord == "" || p.Yogini != "" {
				t.Fatalf("%s: %+v", aya, p)
			}
		}
		if total != 144 || d.Conventions.System != vedic.Chara || !slices.Contains([]string{"savya", "apasavya"}, d.Conventions.Direction) {
			t.Fatalf("%s: %g years, %+v", aya, total, d.Conventions)
		}
		if !bytes.Contains(env.Input, []byte(`"system":"chara"`)) {
			t.Errorf("echo %s", env.Input)
		}
		again := ts.Post(t, "/api/v1/vedic/dasha", string(env.Input)).WantStatus(t, 200).Envelope(t)
		if !bytes.Equal(again.Result, env.Result) {
			t.Errorf("%s: the echo sent back answers differently", aya)
		}
	}
	env := ts.Post(t, "/api/v1/vedic/dasha", withFields(`,"system":"chara","levels":5,"from":"2000-01-01","to":"2000-06-01"`)).WantStatus(t, 200).Envelope(t)
	var d vedic.Dasha
	if err := json.Unmarshal(env.Result, &d); err != nil {
		t.Fatal(err)
	}
	deepest := 0
	var walk func(ps []vedic.DashaPeriod, depth int)
	walk = func(ps []vedic.DashaPeriod, depth int) {
		for _, p := range ps {
			deepest = max(deepest, depth)
			walk(p.SubPeriods, depth+1)
		}
	}
	walk(d.DashaPeriods, 1)
	if deepest != 5 || len(d.Conventions.Window) != 2 {
		t.Errorf("levels 5: deepest level %d, window %v", deepest, d.Conventions.Window)
	}
}
