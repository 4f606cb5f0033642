package vedic_test

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"os"
	"strings"
	"testing"

	json "github.com/goccy/go-json"

	"github.com/astroapi/astroapi/engine/accuracy/measure"
	"github.com/astroapi/astroapi/engine/vedic"
	"github.com/astroapi/astroapi/http/apitest"
)

const poruthamPath = "/api/v1/vedic/matching/porutham"

// poruthamTable reads engine/vedic's independent porutham lookup
// (testdata/gen/porutham.py's output), keyed "groom star,pada,bride
// star,pada", the default reading's ten letters.
func poruthamTable(t *testing.T) map[string]string {
	t.Helper()
	f, err := os.Open("../../../engine/vedic/testdata/porutham/table.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	out := make(map[string]string, len(rows))
	for _, r := range rows {
		out[strings.Join(r[:4], ",")] = r[4]
	}
	return out
}

func poruthamLetters(d vedic.DasaPorutham) string {
	var b strings.Builder
	for _, p := range d.Poruthams {
		switch {
		case p.Grade != "":
			b.WriteByte(strings.ToUpper(string(p.Grade))[0])
		case p.Match:
			b.WriteByte('Y')
		default:
			b.WriteByte('N')
		}
	}
	return b.String()
}

// TestPoruthamPairs matches 24 pairs of the births of testdata/swetest.json
// (case i with case i+24), person1 as the groom and as the bride: each
// person's Moon is swetest -sid1's within the fixture's tolerance (1″), and
// each of the ten poruthams is the independent lookup's
// (engine/vedic/testdata/gen/porutham.py) for the two Moons' stars and
// padas, as the server read them.
func TestPoruthamPairs(t *testing.T) {
	ts := startTestServer(t, testOptions{Positions: apitest.Tables(t)})
	fx := readSwetest(t)
	table := poruthamTable(t)
	cmp := measure.Compare(t, measure.About{
		What:      "Dasa Porutham through HTTP (POST /api/v1/vedic/matching/porutham): each person's sidereal Moon, and the ten poruthams of the two",
		Reference: "swetest 2.10.03 -sid1 (http/routes/vedic/testdata/swetest.json) for the Moons; the independent lookup engine/vedic/testdata/gen/porutham.py (the sources' star lists and rules) for the poruthams",
		Sample:    "24 pairs of the fixture's births, each with person1 as the groom and as the bride",
	})
	moon := cmp.Quantity("Moon longitude", "arcsec", 1, 0.01)
	poruthams := cmp.Exact("ten poruthams (match and grade)")
	verdicts := map[string]int{}
	for i := range 24 {
		a, b := fx.Cases[i], fx.Cases[i+24]
		for _, role := range []string{"groom", "bride"} {
			body := pairBody(a.body(t, noNode), b.body(t, noNode), `,"person1_role":"`+role+`"`)
			var m vedic.PoruthamMatching
			env := ts.Post(t, poruthamPath, body).WantStatus(t, 200).Envelope(t)
			if err := json.Unmarshal(env.Result, &m); err != nil {
				t.Fatal(err)
			}
			for j, p := range []vedic.PoruthamMoon{m.Person1, m.Person2} {
				want := []float64{a.lon("Moon"), b.lon("Moon")}[j]
				d := sepArcsec(p.Longitude, want)
				moon.Add(d, a.Name, b.Name, role, j+1)
				if measure.Over(d, fx.Tolerance) {
					t.Errorf("%s+%s person%d Moon %.6f, swetest %.6f (%.2f″)", a.Name, b.Name, j+1, p.Longitude, want, d)
				}
			}
			groom, bride := m.Person1, m.Person2
			if role == "bride" {
				groom, bride = bride, groom
			}
			if m.Groom != map[string]string{"groom": "person1", "bride": "person2"}[role] {
				t.Errorf("groom %s for person1_role %s", m.Groom, role)
			}
			key := fmt.Sprintf("%d,%d,%d,%d", groom.Nakshatra.Number, groom.Nakshatra.Pada, bride.Nakshatra.Number, bride.Nakshatra.Pada)
			got := poruthamLetters(m.Porutham)
			poruthams.Match(got == table[key], a.Name, b.Name, role)
			if got != table[key] {
				t.Errorf("%s+%s as %s (%s): %s, the lookup %s", a.Name, b.Name, role, key, got, table[key])
			}
			verdicts[m.Porutham.Verdict]++
		}
	}
	t.Logf("48 matchings, verdicts %v", verdicts)
	if len(verdicts) < 3 {
		t.Errorf("the pairs reach only the verdicts %v", verdicts)
	}
}

// TestPoruthamShapeAndEcho: the ten poruthams in order, the defaults
// stated in the echo, the echo sent back giving the same answer, and the
// options reaching the rules.
func TestPoruthamShapeAndEcho(t *testing.T) {
	ts := startTestServer(t, testOptions{Positions: apitest.Tables(t)})
	env := ts.Post(t, poruthamPath, pairBody(delhiBirth, mumbaiBirth, "")).WantStatus(t, 200).Envelope(t)
	var in vedic.PoruthamRequest
	if err := json.Unmarshal(env.Input, &in); err != nil {
		t.Fatal(err)
	}
	if in.Person1Role != vedic.Groom || in.StreeDeergha != vedic.StreeBeyond7 || in.DinaPartial != vedic.DinaPartialMadhyamam || len(in.Exceptions) != 2 || in.Ayanamsa != "lahiri" {
		t.Errorf("defaults not echoed: %s", env.Input)
	}
	if in.Person1.JulianDay == 0 || *in.Person1.Hour != 14 || in.Person2.Timezone != "Asia/Kolkata" {
		t.Errorf("births not echoed: %s", env.Input)
	}
	var m vedic.PoruthamMatching
	if err := json.Unmarshal(env.Result, &m); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, p := range m.Porutham.Poruthams {
		names = append(names, p.Name)
		if p.Rule == "" || p.Groom == "" || p.Bride == "" || p.Essential != (p.Name == "rajju" || p.Name == "vedha") {
			t.Errorf("%+v", p)
		}
	}
	if strings.Join(names, " ") != "dina gana mahendra stree_deergha yoni rasi rasyadhipati vasya rajju vedha" || m.Porutham.Max != 10 {
		t.Errorf("poruthams %v", names)
	}
	again := ts.Post(t, poruthamPath, string(env.Input)).WantStatus(t, 200).Envelope(t)
	if !bytes.Equal(again.Result, env.Result) || !bytes.Equal(again.Input, env.Input) {
		t.Errorf("the echo sent back answers differently:\n%s\n%s", env.Result, again.Result)
	}
	// [] switches the exceptions off and the echo keeps it; the Stree
	// Deergha reading reaches the rule.
	env = ts.Post(t, poruthamPath, pairBody(delhiBirth, mumbaiBirth, `,"porutham_exceptions":[],"stree_deergha":"beyond_13"`)).WantStatus(t, 200).Envelope(t)
	if err := json.Unmarshal(env.Result, &m); err != nil || !bytes.Contains(env.Input, []byte(`"porutham_exceptions":[]`)) ||
		!strings.Contains(m.Porutham.Poruthams[3].Rule, "beyond the 13th (beyond_13)") {
		t.Errorf("options: %s\n%s", env.Input, env.Result)
	}
}

// TestPoruthamBadInput is the route's bad-input table: each person's bad
// birth named with its prefix, bad options, unknown names with hints, a
// bound one step outside, and several bad fields at once.
func TestPoruthamBadInput(t *testing.T) {
	ts := startTestServer(t, testOptions{Positions: apitest.Tables(t)})
	ok := func(extra string) string { return pairBody(delhiBirth, mumbaiBirth, extra) }
	for _, c := range []badCase{
		{"ErrEmptyBody", ``, 422, []string{"person1", "person2"}},
		{"ErrNoPerson1", `{"person2":` + mumbaiBirth + `}`, 422, []string{"person1"}},
		{"ErrPerson1Latitude", pairBody(strings.Replace(delhiBirth, "28.6139", "91", 1), mumbaiBirth, ""), 422, []string{"person1.latitude"}},
		{"ErrPerson2Month", pairBody(delhiBirth, strings.Replace(mumbaiBirth, `"month":3`, `"month":13`, 1), ""), 422, []string{"person2.month"}},
		{"ErrPerson2HourType", pairBody(delhiBirth, strings.Replace(mumbaiBirth, `"hour":8`, `"hour":"8am"`, 1), ""), 422, []string{"person2.hour"}},
		{"ErrPerson1Zone", pairBody(strings.Replace(delhiBirth, "Asia/Kolkata", "Asia/Madras", 1), mumbaiBirth, ""), 422, []string{"person1.timezone"}},
		{"ErrPerson2Impossible", pairBody(delhiBirth, strings.Replace(mumbaiBirth, `"month":3,"day":2`, `"month":4,"day":31`, 1), ""), 422, []string{"person2.day"}},
		{"ErrRole", ok(`,"person1_role":"husband"`), 422, []string{"person1_role"}},
		{"ErrStreeDeergha", ok(`,"stree_deergha":"beyond_8"`), 422, []string{"stree_deergha"}},
		{"ErrStreeDeerghaType", ok(`,"stree_deergha":13`), 422, []string{"stree_deergha"}},
		{"ErrDina121416", ok(`,"dina_12_14_16":"uttamam"`), 422, []string{"dina_12_14_16"}},
		{"ErrException", ok(`,"porutham_exceptions":["nadi_same_rasi"]`), 422, []string{"porutham_exceptions[0]"}},
		{"ErrExceptionTwice", ok(`,"porutham_exceptions":["rasi_friendly_lords","rasi_friendly_lords"]`), 422, []string{"porutham_exceptions"}},
		{"ErrExceptionsType", ok(`,"porutham_exceptions":"rasi_friendly_lords"`), 422, []string{"porutham_exceptions"}},
		{"ErrAyanamsa", ok(`,"ayanamsa":"galactic"`), 422, []string{"ayanamsa"}},
		{"ErrAyanamsaTwice", ok(`,"ayanamsa":"kp","user_ayanamsa":{"epoch_jd":2451545,"degrees":23.85}`), 422, []string{"user_ayanamsa"}},
		{"ErrMatchingOption", ok(`,"nadi_exceptions":[]`), 422, []string{"nadi_exceptions"}},
		{"ErrFlatBirth", `{"year":1990,"month":7,"day":14,"latitude":28.6,"longitude":77.2}`, 422, []string{"year", "person1"}},
		{"ErrMany", pairBody(strings.Replace(delhiBirth, "28.6139", "-91", 1), strings.Replace(mumbaiBirth, `"minute":15`, `"minute":60`, 1), `,"stree_deergha":"beyond_0"`), 422, []string{"person1.latitude", "person2.minute", "stree_deergha"}},
	} {
		t.Run(c.name, func(t *testing.T) { wantRefused(t, ts, poruthamPath, c) })
	}
	for _, c := range []struct{ body, field, hint string }{
		{`{"bride":` + delhiBirth + `,"person2":` + mumbaiBirth + `}`, "bride", "person1_role"},
		{ok(`,"exceptions":[]`), "exceptions", "porutham_exceptions"},
		{ok(`,"stree_deerga":"beyond_9"`), "stree_deerga", `"stree_deergha"`},
	} {
		p := ts.Post(t, poruthamPath, c.body).WantStatus(t, 422).Problem(t)
		found := false
		for _, e := range p.Errors {
			found = found || e.Field == c.field && strings.Contains(e.Reason, c.hint)
		}
		if !found {
			t.Errorf("%s: %+v", c.field, p.Errors)
		}
	}
}

// TestPoruthamProkeralaBirths sends the births of Prokerala's documented
// porutham sample (its PHP SDK's PoruthamTest.php: the girl 1967-08-29
// 09:00 +05:30 at 19.0821978, 72.7411014; the boy 1970-11-10 09:20 +05:30
// at 22.6757521, 88.0495418; Lahiri): the Moons must fall in the stars,
// padas and signs Prokerala names (girl Rohini 4, Vrishabha; boy Uttara
// Bhadrapada 3, Meena); engine/vedic.TestPoruthamProkerala compares the
// poruthams of those stars with Prokerala's answers.
func TestPoruthamProkeralaBirths(t *testing.T) {
	ts := startTestServer(t, testOptions{Positions: apitest.Tables(t)})
	girl := `{"date":"1967-08-29","time":"09:00","timezone":"+05:30","latitude":19.0821978,"longitude":72.7411014}`
	boy := `{"date":"1970-11-10","time":"09:20","timezone":"+05:30","latitude":22.6757521,"longitude":88.0495418}`
	var m vedic.PoruthamMatching
	env := ts.Post(t, poruthamPath, pairBody(girl, boy, `,"person1_role":"bride"`)).WantStatus(t, 200).Envelope(t)
	if err := json.Unmarshal(env.Result, &m); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		who  string
		p    vedic.PoruthamMoon
		star string
		pada int
		sign string
	}{{"girl", m.Person1, "Rohini", 4, "Vrishabha"}, {"boy", m.Person2, "Uttara Bhadrapada", 3, "Meena"}} {
		if c.p.Nakshatra.Name != c.star || c.p.Nakshatra.Pada != c.pada || c.p.Sign.Rasi != c.sign {
			t.Errorf("%s: %s pada %d in %s, Prokerala %s pada %d in %s", c.who, c.p.Nakshatra.Name, c.p.Nakshatra.Pada, c.p.Sign.Rasi, c.star, c.pada, c.sign)
		}
	}
	if m.Groom != "person2" || m.Porutham.Count != 23 {
		t.Errorf("groom %s, count %d (Prokerala: the 23rd)", m.Groom, m.Porutham.Count)
	}
}
