package vedic_test

import (
	"bytes"
	"fmt"
	"reflect"
	"strings"
	"testing"

	json "github.com/goccy/go-json"

	"github.com/astroapi/astroapi/engine/accuracy/measure"
	"github.com/astroapi/astroapi/engine/vedic"
	"github.com/astroapi/astroapi/http/apitest"
)

const matchingPath = "/api/v1/vedic/matching"

// pairBody joins two birth bodies (and extra top-level fields) into a
// matching body.
func pairBody(p1, p2, extra string) string {
	return `{"person1":` + p1 + `,"person2":` + p2 + extra + `}`
}

const (
	delhiBirth  = `{"year":1990,"month":7,"day":14,"hour":14,"minute":30,"latitude":28.6139,"longitude":77.209,"timezone":"Asia/Kolkata"}`
	mumbaiBirth = `{"year":1992,"month":3,"day":2,"hour":8,"minute":15,"latitude":19.076,"longitude":72.8777,"timezone":"Asia/Kolkata"}`
)

// TestMatchingPairs matches 24 pairs of the births of testdata/swetest.json
// (case i with case i+24): each person's Moon is swetest -sid1's within
// the fixture's tolerance (1″), and the kootas are those the engine gives
// swetest's two Moons (engine/vedic's TestAshtakootaPyJHora holds the
// engine to PyJHora's table for every pair of nakshatra padas), with
// person1 as the groom and, swapped, as the bride.
func TestMatchingPairs(t *testing.T) {
	ts := startTestServer(t, testOptions{Positions: apitest.Tables(t)})
	fx := readSwetest(t)
	opts := vedic.MatchOptions{NadiExceptions: vedic.NadiExceptions(), BhakootExceptions: vedic.BhakootExceptions()}
	cmp := measure.Compare(t, measure.About{
		What:      "Matching through HTTP (POST /api/v1/vedic/matching): each person's sidereal Moon, and the Ashtakoota of the two",
		Reference: "swetest 2.10.03 -sid1 (http/routes/vedic/testdata/swetest.json); the kootas are the engine's on swetest's two Moons (held to PyJHora's table by engine/vedic.TestAshtakootaPyJHora)",
		Sample:    "24 pairs of the fixture's births, each with person1 as the groom and as the bride",
	})
	moon := cmp.Quantity("Moon longitude", "arcsec", 1, 0.01)
	kootas := cmp.Exact("kootas and total")
	worst := 0.0
	totals := map[float64]int{}
	for i := range 24 {
		a, b := fx.Cases[i], fx.Cases[i+24]
		for _, role := range []string{"groom", "bride"} {
			body := pairBody(a.body(t, noNode), b.body(t, noNode), `,"person1_role":"`+role+`"`)
			var m vedic.Matching
			env := ts.Post(t, matchingPath, body).WantStatus(t, 200).Envelope(t)
			if err := json.Unmarshal(env.Result, &m); err != nil {
				t.Fatal(err)
			}
			for j, p := range []vedic.MatchMoon{m.Person1, m.Person2} {
				want := []float64{a.lon("Moon"), b.lon("Moon")}[j]
				moon.Add(sepArcsec(p.Longitude, want), a.Name, b.Name, role, j+1)
				if d := sepArcsec(p.Longitude, want); measure.Over(d, fx.Tolerance) {
					t.Errorf("%s+%s person%d Moon %.6f, swetest %.6f (%.2f″)", a.Name, b.Name, j+1, p.Longitude, want, d)
				} else if d > worst {
					worst = d
				}
			}
			groom, bride := a.lon("Moon"), b.lon("Moon")
			if role == "bride" {
				groom, bride = bride, groom
			}
			want := vedic.AshtakootaOf(groom, bride, opts)
			kootas.Match(reflect.DeepEqual(m.Ashtakoota, want), a.Name, b.Name, role)
			if !reflect.DeepEqual(m.Ashtakoota, want) {
				t.Errorf("%s+%s as %s: %+v\nwant %+v", a.Name, b.Name, role, m.Ashtakoota, want)
			}
			totals[m.Ashtakoota.Total]++
		}
	}
	t.Logf("48 matchings, worst Moon %.3f″ from swetest; totals %v", worst, totals)
	if len(totals) < 10 {
		t.Errorf("the pairs reach only %d totals", len(totals))
	}
}

// TestMatchingShapeAndEcho: the result's parts, the defaults stated in the
// echo, and the echo sent back as the body giving the same answer.
func TestMatchingShapeAndEcho(t *testing.T) {
	ts := startTestServer(t, testOptions{Positions: apitest.Tables(t)})
	env := ts.Post(t, matchingPath, pairBody(delhiBirth, mumbaiBirth, "")).WantStatus(t, 200).Envelope(t)
	var in vedic.MatchingRequest
	if err := json.Unmarshal(env.Input, &in); err != nil {
		t.Fatal(err)
	}
	if in.Person1Role != vedic.Groom || in.VarnaScheme != vedic.VarnaEarthVaishya || in.CancelledDoshaPoints != vedic.KeepPoints ||
		in.ManglikCancellations != vedic.ManglikApply || len(in.NadiExceptions) != 4 || len(in.BhakootExceptions) != 3 {
		t.Errorf("defaults not echoed: %s", env.Input)
	}
	if in.Person1.JulianDay == 0 || *in.Person1.Hour != 14 || in.Person2.Timezone != "Asia/Kolkata" {
		t.Errorf("births not echoed: %s", env.Input)
	}
	var m vedic.Matching
	if err := json.Unmarshal(env.Result, &m); err != nil {
		t.Fatal(err)
	}
	var names []string
	sum := 0.0
	for _, k := range m.Ashtakoota.Kootas {
		names = append(names, fmt.Sprintf("%s/%g", k.Name, k.Max))
		sum += k.Points
		if k.Rule == "" || k.Groom == "" || k.Bride == "" {
			t.Errorf("%+v", k)
		}
	}
	if strings.Join(names, " ") != "varna/1 vashya/2 tara/3 yoni/4 graha_maitri/5 gana/6 bhakoot/7 nadi/8" || sum != m.Ashtakoota.Total || m.Ashtakoota.Max != 36 {
		t.Errorf("kootas %v, total %g", names, m.Ashtakoota.Total)
	}
	if m.Manglik.Person1.Name != "manglik" || m.Manglik.Verdict == "" || m.Groom != "person1" {
		t.Errorf("manglik %+v", m.Manglik)
	}
	again := ts.Post(t, matchingPath, string(env.Input)).WantStatus(t, 200).Envelope(t)
	if !bytes.Equal(again.Result, env.Result) || !bytes.Equal(again.Input, env.Input) {
		t.Errorf("the echo sent back answers differently:\n%s\n%s", env.Result, again.Result)
	}
	// manglik_cancellations ignore reaches the verdict's rule.
	env = ts.Post(t, matchingPath, pairBody(delhiBirth, mumbaiBirth, `,"manglik_cancellations":"ignore"`)).WantStatus(t, 200).Envelope(t)
	if err := json.Unmarshal(env.Result, &m); err != nil || !strings.Contains(m.Manglik.Rule, "whatever cancels it") ||
		!bytes.Contains(env.Input, []byte(`"manglik_cancellations":"ignore"`)) {
		t.Errorf("ignore: %s", env.Input)
	}
	// [] switches every exception off, and the echo keeps it.
	env = ts.Post(t, matchingPath, pairBody(delhiBirth, mumbaiBirth, `,"nadi_exceptions":[],"bhakoot_exceptions":[]`)).WantStatus(t, 200).Envelope(t)
	if !bytes.Contains(env.Input, []byte(`"nadi_exceptions":[]`)) || !bytes.Contains(env.Input, []byte(`"bhakoot_exceptions":[]`)) {
		t.Errorf("empty lists not echoed: %s", env.Input)
	}
}

// TestMatchingBadInput is the route's bad-input table: each person's bad
// birth named with its prefix, bad options, unknown names with their
// hints, and several bad fields at once.
func TestMatchingBadInput(t *testing.T) {
	ts := startTestServer(t, testOptions{Positions: apitest.Tables(t)})
	ok := func(extra string) string { return pairBody(delhiBirth, mumbaiBirth, extra) }
	for _, c := range []badCase{
		{"ErrEmptyBody", ``, 422, []string{"person1", "person2"}},
		{"ErrNoPerson2", `{"person1":` + delhiBirth + `}`, 422, []string{"person2"}},
		{"ErrPerson1Latitude", pairBody(strings.Replace(delhiBirth, "28.6139", "91", 1), mumbaiBirth, ""), 422, []string{"person1.latitude"}},
		{"ErrPerson2Month", pairBody(delhiBirth, strings.Replace(mumbaiBirth, `"month":3`, `"month":13`, 1), ""), 422, []string{"person2.month"}},
		{"ErrPerson2DayType", pairBody(delhiBirth, strings.Replace(mumbaiBirth, `"day":2`, `"day":"2nd"`, 1), ""), 422, []string{"person2.day"}},
		{"ErrPerson1Zone", pairBody(strings.Replace(delhiBirth, "Asia/Kolkata", "Asia/Delhi", 1), mumbaiBirth, ""), 422, []string{"person1.timezone"}},
		{"ErrPerson1Impossible", pairBody(strings.Replace(delhiBirth, `"month":7,"day":14`, `"month":2,"day":30`, 1), mumbaiBirth, ""), 422, []string{"person1.day"}},
		{"ErrPersonType", `{"person1":"1990-07-14","person2":` + mumbaiBirth + `}`, 422, []string{"person1"}},
		{"ErrRole", ok(`,"person1_role":"husband"`), 422, []string{"person1_role"}},
		{"ErrVarnaScheme", ok(`,"varna_scheme":"caste"`), 422, []string{"varna_scheme"}},
		{"ErrNadiException", ok(`,"nadi_exceptions":["same_gotra"]`), 422, []string{"nadi_exceptions[0]"}},
		{"ErrNadiTwice", ok(`,"nadi_exceptions":["same_rasi_lord","same_rasi_lord"]`), 422, []string{"nadi_exceptions"}},
		{"ErrNadiTooMany", ok(`,"nadi_exceptions":["same_rasi_lord","same_rasi_lord","same_rasi_lord","same_rasi_lord","same_rasi_lord"]`), 422, []string{"nadi_exceptions"}},
		{"ErrBhakootType", ok(`,"bhakoot_exceptions":"same_rasi_lord"`), 422, []string{"bhakoot_exceptions"}},
		{"ErrBhakootException", ok(`,"bhakoot_exceptions":["friendly_rasi_lords","same_nadi"]`), 422, []string{"bhakoot_exceptions[1]"}},
		{"ErrCancelledPoints", ok(`,"cancelled_dosha_points":"half"`), 422, []string{"cancelled_dosha_points"}},
		{"ErrCancelledPointsType", ok(`,"cancelled_dosha_points":false`), 422, []string{"cancelled_dosha_points"}},
		{"ErrManglikCancellations", ok(`,"manglik_cancellations":"waive"`), 422, []string{"manglik_cancellations"}},
		{"ErrManglikCancellationsType", ok(`,"manglik_cancellations":false`), 422, []string{"manglik_cancellations"}},
		{"ErrUnknownField", ok(`,"person3":{}`), 422, []string{"person3"}},
		{"ErrFlatBirth", `{"year":1990,"month":7,"day":14,"latitude":28.6,"longitude":77.2}`, 422, []string{"year", "person1"}},
		{"ErrAyanamsa", ok(`,"ayanamsa":"galactic"`), 422, []string{"ayanamsa"}},
		{"ErrAyanamsaTwice", ok(`,"ayanamsa":"kp","user_ayanamsa":{"epoch_jd":2451545,"degrees":23.85}`), 422, []string{"user_ayanamsa"}},
		{"ErrNodeInPerson", pairBody(strings.Replace(delhiBirth, "}", `,"node_type":"true"}`, 1), mumbaiBirth, ""), 422, []string{"person1.node_type"}},
		{"ErrMany", pairBody(strings.Replace(delhiBirth, "28.6139", "-91", 1), strings.Replace(mumbaiBirth, `"hour":8`, `"hour":24`, 1), `,"person1_role":"wife"`), 422, []string{"person1.latitude", "person2.hour", "person1_role"}},
	} {
		t.Run(c.name, func(t *testing.T) { wantRefused(t, ts, matchingPath, c) })
	}
	// The names callers send for the people, answered with where they go.
	for _, c := range []struct{ body, field, hint string }{
		{`{"boy":` + delhiBirth + `,"person2":` + mumbaiBirth + `}`, "boy", "person1_role"},
		{ok(`,"latitude":28.6`), "latitude", "person1.latitude"},
		{ok(`,"persn1_role":"bride"`), "persn1_role", `"person1_role"`},
	} {
		p := ts.Post(t, matchingPath, c.body).WantStatus(t, 422).Problem(t)
		found := false
		for _, e := range p.Errors {
			found = found || e.Field == c.field && strings.Contains(e.Reason, c.hint)
		}
		if !found {
			t.Errorf("%s: %+v", c.field, p.Errors)
		}
	}
}
