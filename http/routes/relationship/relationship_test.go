package relationship_test

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	json "github.com/goccy/go-json"

	"github.com/astroapi/astroapi/engine/accuracy/measure"
	"github.com/astroapi/astroapi/engine/relation"
	"github.com/astroapi/astroapi/http/apitest"
)

const (
	alice = `{"year":1990,"month":7,"day":14,"hour":14,"minute":30,"latitude":51.5074,"longitude":-0.1278,"timezone":"Europe/London"}`
	bob   = `{"year":1992,"month":3,"day":2,"hour":8,"minute":15,"latitude":48.8566,"longitude":2.3522,"timezone":"Europe/Paris"}`
)

func pair(p1, p2 string, extra ...string) string {
	return `{"person1":` + p1 + `,"person2":` + p2 + strings.Join(extra, "") + `}`
}

func TestSynastryOK(t *testing.T) {
	ts := startTestServer(t, apitest.Tables(t))
	s := postSynastry(t, ts, pair(alice, bob))
	r := s.Result
	if len(r.Aspects) < 10 || len(r.HouseOverlays.Person1InPerson2) != 16 || len(r.HouseOverlays.Person2InPerson1) != 16 {
		t.Fatalf("aspects %d, overlays %d/%d", len(r.Aspects), len(r.HouseOverlays.Person1InPerson2), len(r.HouseOverlays.Person2InPerson1))
	}
	c := r.Compatibility
	if c.Score < 0 || measure.Over(c.Score, 100) || c.Harmonious+c.Challenging == 0 || !strings.Contains(c.Method, "aspect_score") {
		t.Errorf("compatibility %+v", c)
	}
	// The score is what its stated method gives for the listed weights.
	if want := relation.Score(r.Aspects, r.Elements.Person1, r.Elements.Person2); want.Score != c.Score || want.AspectScore != c.AspectScore {
		t.Errorf("score %v, recomputed %v", c, want)
	}
	if r.Elements.Person1 != r.Person1.Patterns.Elements || r.Modalities.Person2 != r.Person2.Patterns.Modalities {
		t.Error("balances are not the charts'")
	}
	// The echo is the resolved request: both births as read, sendable back
	// for the same answer.
	var echo relation.SynastryRequest
	if err := json.Unmarshal(s.Env.Input, &echo); err != nil || echo.Person1.UTC != "1990-07-14T13:30:00Z" || echo.Person2.UTC != "1992-03-02T07:15:00Z" ||
		echo.Person2.HouseSystem != "placidus" || *echo.Person2.Hour != 8 {
		t.Errorf("echo %s", s.Env.Input)
	}
	again := postSynastry(t, ts, string(s.Env.Input))
	if !bytes.Equal(again.Env.Result, s.Env.Result) || !bytes.Equal(again.Env.Input, s.Env.Input) {
		t.Error("the echo sent back gives another answer")
	}
	// Orbs configurable: only the aspects listed, within their orbs.
	s = postSynastry(t, ts, pair(alice, bob, `,"orbs":{"trine":2}`))
	for _, a := range s.Result.Aspects {
		if a.Aspect != "trine" || measure.Over(a.Orb, 2) {
			t.Errorf("with trine 2 only: %+v", a)
		}
	}
	// person2 omitting the zodiac takes person1's, says so, and the echo
	// states it.
	s = postSynastry(t, ts, pair(`{"year":1990,"month":7,"day":14,"latitude":10,"longitude":10,"timezone":"UTC","zodiac_type":"sidereal","ayanamsa":"raman"}`, `{"year":1991,"month":1,"day":1,"latitude":10,"longitude":10,"timezone":"UTC"}`))
	if s.Result.Person2.Ayanamsa == nil || s.Result.Person2.Ayanamsa.Name != "raman" {
		t.Errorf("person2 did not take person1's zodiac: %+v", s.Result.Person2.Ayanamsa)
	}
	echo = relation.SynastryRequest{}
	if err := json.Unmarshal(s.Env.Input, &echo); err != nil || echo.Person2.ZodiacType != "sidereal" || echo.Person2.Ayanamsa != "raman" {
		t.Errorf("echo %s", s.Env.Input)
	}
	if len(s.Env.Warnings) != 1 || !strings.Contains(s.Env.Warnings[0], `person2.zodiac_type "tropical" taken as omitted`) {
		t.Errorf("warnings %q", s.Env.Warnings)
	}
}

func TestCompositeOK(t *testing.T) {
	ts := startTestServer(t, apitest.Tables(t))
	env := ts.Post(t, "/api/v1/composite", pair(alice, bob)).WantStatus(t, 200).Envelope(t)
	var res relation.Composite
	if err := json.Unmarshal(env.Result, &res); err != nil {
		t.Fatal(err)
	}
	if res.HouseMethod != relation.DerivedAscendant || len(res.Planets) != 14 || len(res.Houses.Cusps) != 12 || len(res.Aspects) == 0 || res.Patterns.ChartShape == "" {
		t.Errorf("composite %+v", res)
	}
	if res.Houses.Cusps[0].Longitude != res.Ascendant.Longitude {
		t.Error("derived Placidus: cusp 1 is not the Ascendant")
	}
	// Symmetry: the two people swapped (same settings) give the same
	// composite, exactly, by both methods; so does the Davison chart.
	r := rand.New(rand.NewPCG(3, 4))
	for i := range 12 {
		settings := []string{`,"house_system":"koch"`, `,"zodiac_type":"sidereal","ayanamsa":"kp"`, `,"node_type":"mean","include_asteroids":true`}[i%3]
		p := func() string {
			return fmt.Sprintf(`{"year":%d,"month":%d,"day":%d,"hour":%d,"minute":%d,"latitude":%.4f,"longitude":%.4f%s}`,
				1900+r.IntN(200), 1+r.IntN(12), 1+r.IntN(28), r.IntN(24), r.IntN(60), r.Float64()*120-60, r.Float64()*360-180, settings)
		}
		a, b := p(), p()
		method := []string{"", `,"house_method":"midpoints"`}[i%2]
		ab := ts.Post(t, "/api/v1/composite", pair(a, b, method)).WantStatus(t, 200).Envelope(t)
		ba := ts.Post(t, "/api/v1/composite", pair(b, a, method)).WantStatus(t, 200).Envelope(t)
		if !bytes.Equal(ab.Result, ba.Result) {
			t.Errorf("composite %d: swapping the people changes the chart", i)
		}
		dab := ts.Post(t, "/api/v1/davison", pair(a, b)).WantStatus(t, 200).Envelope(t)
		dba := ts.Post(t, "/api/v1/davison", pair(b, a)).WantStatus(t, 200).Envelope(t)
		if !bytes.Equal(dab.Result, dba.Result) {
			t.Errorf("Davison %d: swapping the people changes the chart", i)
		}
	}
	// The rule for exactly opposite pairs (tested in engine/relation) is
	// stated in the result.
	if !strings.Contains(res.Conventions.Midpoints, "[0°, 180°)") {
		t.Errorf("conventions %q", res.Conventions.Midpoints)
	}
}

// TestRelationshipBadInput: one person missing, a malformed or impossible
// packet in person2, settings that clash, bad options: a 4xx naming the
// field, for each route.
func TestRelationshipBadInput(t *testing.T) {
	ts := startTestServer(t, apitest.Ephemeris(t))
	for _, c := range []struct {
		name, path, body string
		status           int
		field            string
	}{
		{"ErrPerson2Missing", "/api/v1/synastry", `{"person1":` + alice + `}`, 422, "person2"},
		{"ErrPerson1Missing", "/api/v1/composite", `{"person2":` + bob + `}`, 422, "person1"},
		{"ErrPerson2Null", "/api/v1/davison", `{"person1":` + alice + `,"person2":null}`, 422, "person2"},
		{"ErrEmpty", "/api/v1/synastry", ``, 422, "person1"},
		{"ErrPerson2LatitudeType", "/api/v1/synastry", pair(alice, `{"year":1990,"month":1,"day":1,"latitude":"north","longitude":0}`), 422, "person2.latitude"},
		{"ErrPerson2LatitudeRange", "/api/v1/synastry", pair(alice, `{"year":1990,"month":1,"day":1,"latitude":95,"longitude":0}`), 422, "person2.latitude"},
		{"ErrPerson2LatitudeRangeComposite", "/api/v1/composite", pair(alice, `{"year":1990,"month":1,"day":1,"latitude":-91,"longitude":0}`), 422, "person2.latitude"},
		{"ErrPerson2LatitudeRangeDavison", "/api/v1/davison", pair(alice, `{"year":1990,"month":1,"day":1,"latitude":90.5,"longitude":0}`), 422, "person2.latitude"},
		{"ErrPerson2NoPlace", "/api/v1/davison", pair(alice, `{"year":1990,"month":1,"day":1}`), 422, "person2.latitude"},
		{"ErrPerson2Day", "/api/v1/synastry", pair(alice, `{"year":1990,"month":2,"day":30,"latitude":0,"longitude":0}`), 422, "person2.day"},
		{"ErrPerson2YearMissing", "/api/v1/composite", pair(alice, `{"month":2,"day":3,"latitude":0,"longitude":0}`), 422, "person2.year"},
		{"ErrPerson1Zone", "/api/v1/synastry", pair(`{"year":1990,"month":2,"day":3,"latitude":0,"longitude":0,"timezone":"Mars/Base"}`, bob), 422, "person1.timezone"},
		{"ErrPerson2DSTGap", "/api/v1/davison", pair(alice, `{"year":2021,"month":3,"day":28,"hour":2,"minute":30,"latitude":48.85,"longitude":2.35,"timezone":"Europe/Paris"}`), 422, "person2.hour"},
		{"ErrPerson2Zodiac", "/api/v1/synastry", pair(alice, `{"year":1990,"month":1,"day":1,"latitude":0,"longitude":0,"zodiac_type":"sidereal"}`), 422, "person2.zodiac_type"},
		{"ErrPerson2Ayanamsa", "/api/v1/synastry", pair(`{"year":1990,"month":1,"day":1,"latitude":0,"longitude":0,"zodiac_type":"sidereal"}`, `{"year":1990,"month":1,"day":1,"latitude":0,"longitude":0,"zodiac_type":"sidereal","ayanamsa":"kp"}`), 422, "person2.ayanamsa"},
		{"ErrPerson2AyanamsaEnum", "/api/v1/synastry", pair(alice, `{"year":1990,"month":1,"day":1,"latitude":0,"longitude":0,"ayanamsa":"galactic"}`), 422, "person2.ayanamsa"},
		{"ErrPerson2HouseSystem", "/api/v1/composite", pair(alice, `{"year":1990,"month":1,"day":1,"latitude":0,"longitude":0,"house_system":"koch"}`), 422, "person2.house_system"},
		{"ErrPerson2NodeType", "/api/v1/davison", pair(alice, `{"year":1990,"month":1,"day":1,"latitude":0,"longitude":0,"node_type":"mean"}`), 422, "person2.node_type"},
		{"ErrPerson2Orbs", "/api/v1/composite", pair(alice, `{"year":1990,"month":1,"day":1,"latitude":0,"longitude":0,"orbs":{"trine":3}}`), 422, "person2.orbs"},
		{"ErrPerson2OrbKey", "/api/v1/synastry", pair(alice, `{"year":1990,"month":1,"day":1,"latitude":0,"longitude":0,"orbs":{"trin":3}}`), 422, "person2.orbs.trin"},
		{"ErrAntipodes", "/api/v1/davison", pair(`{"year":1990,"month":1,"day":1,"latitude":10,"longitude":20}`, `{"year":1991,"month":1,"day":1,"latitude":-10,"longitude":-160}`), 422, "person2.latitude"},
		{"ErrOrbs", "/api/v1/synastry", pair(alice, bob, `,"orbs":{"trine":20}`), 422, "orbs.trine"},
		{"ErrOrbsType", "/api/v1/synastry", pair(alice, bob, `,"orbs":[]`), 422, "orbs"},
		{"ErrUnknownTop", "/api/v1/synastry", `{"person_1":` + alice + `,"person2":` + bob + `}`, 422, "person_1"},
		{"ErrUnknownPerson2", "/api/v1/composite", pair(alice, `{"year":1990,"month":1,"day":1,"lattitude":0,"longitude":0}`), 422, "person2.lattitude"},
		{"ErrUnknownTopLatitude", "/api/v1/synastry", pair(alice, bob, `,"latitude":10`), 422, "latitude"},
		{"ErrUnknownBirth2", "/api/v1/synastry", `{"person1":` + alice + `,"birth2":` + bob + `}`, 422, "birth2"},
		{"ErrUnknownDavison", "/api/v1/davison", pair(alice, bob, `,"house_method":"midpoints"`), 422, "house_method"},
		{"ErrWheelUnknown", "/api/v1/synastry/svg", pair(alice, bob, `,"colour":"dark"`), 422, "colour"},
		{"ErrSizeBound", "/api/v1/synastry/svg", pair(alice, bob, `,"size":4001`), 422, "size"},
		{"ErrPerson1LatitudeBound", "/api/v1/davison", pair(`{"year":1990,"month":1,"day":1,"latitude":-90.0001,"longitude":0}`, bob), 422, "person1.latitude"},
		{"ErrPerson2MonthBound", "/api/v1/synastry", pair(alice, `{"year":1990,"month":13,"day":1,"latitude":0,"longitude":0}`), 422, "person2.month"},
		{"ErrPerson2DateAndYear", "/api/v1/composite", pair(alice, `{"date":"1990-01-01","year":1990,"latitude":0,"longitude":0}`), 422, "person2.date"},
		{"ErrMinorAspectsType", "/api/v1/synastry", pair(alice, bob, `,"include_minor_aspects":"yes"`), 422, "include_minor_aspects"},
		{"ErrHouseMethod", "/api/v1/composite", pair(alice, bob, `,"house_method":"average"`), 422, "house_method"},
		{"ErrTheme", "/api/v1/synastry/svg", pair(alice, bob, `,"theme":"neon"`), 422, "theme"},
		{"ErrSize", "/api/v1/synastry/svg", pair(alice, bob, `,"size":10`), 422, "size"},
		{"ErrSVGPerson2", "/api/v1/synastry/svg", pair(alice, `{"year":1990,"month":1,"day":1,"latitude":0,"longitude":300}`), 422, "person2.longitude"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := ts.Post(t, c.path, c.body).WantStatus(t, c.status).Problem(t)
			for _, e := range p.Errors {
				if e.Field == c.field {
					// An unknown name comes with the nearest known one.
					if strings.HasPrefix(c.name, "ErrUnknown") && !strings.Contains(e.Reason, "did you mean") && !strings.Contains(e.Reason, "the fields are") && !strings.Contains(e.Reason, "goes inside") {
						t.Errorf("no suggestion: %q", e.Reason)
					}
					return
				}
			}
			t.Errorf("problem does not name %s: %+v", c.field, p)
		})
	}
	const p1 = "person1.year=1990&person1.month=1&person1.day=1&person1.latitude=10&person1.longitude=10"
	for _, c := range []struct {
		name, query string
		status      int
		field       string
	}{
		{"ErrGetPerson2Missing", p1, 422, "person2"},
		{"ErrGetPerson2Day", p1 + "&person2.year=1990&person2.month=1&person2.latitude=1&person2.longitude=1", 422, "person2.day"},
		{"ErrGetPerson2LatitudeType", p1 + "&person2.year=1990&person2.month=1&person2.day=1&person2.latitude=north&person2.longitude=1", 422, "person2.latitude"},
		{"ErrGetPerson2LatitudeRange", p1 + "&person2.year=1990&person2.month=1&person2.day=1&person2.latitude=91&person2.longitude=1", 422, "person2.latitude"},
		{"ErrGetObject", p1 + "&person2=x", 422, "person2"},
		{"ErrGetUnknown", p1 + "&person2.year=1990&person2.month=1&person2.day=1&person2.latitude=1&person2.longitude=1&person2.lat=1", 422, "person2.lat"},
		{"ErrGetSize", p1 + "&person2.year=1990&person2.month=1&person2.day=1&person2.latitude=1&person2.longitude=1&size=199", 422, "size"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := ts.Get(t, "/api/v1/synastry/svg?"+c.query).WantStatus(t, c.status).Problem(t)
			for _, e := range p.Errors {
				if e.Field == c.field {
					return
				}
			}
			t.Errorf("problem does not name %s: %+v", c.field, p)
		})
	}
	// No ephemeris: 503.
	bare := startTestServer(t, nil)
	bare.Post(t, "/api/v1/synastry", pair(alice, bob)).WantStatus(t, 503)
}

// TestSynastrySVG: the bi-wheel over POST and GET (dotted query names) is
// the same well-formed SVG, with person2's planets outside and dashed
// inter-aspect lines.
func TestSynastrySVG(t *testing.T) {
	ts := startTestServer(t, apitest.Tables(t))
	post := ts.Post(t, "/api/v1/synastry/svg", pair(alice, bob, `,"theme":"dark","size":500`)).WantStatus(t, 200)
	if ct := post.Header.Get("Content-Type"); !strings.HasPrefix(ct, "image/svg+xml") {
		t.Fatalf("Content-Type %q", ct)
	}
	dec := xml.NewDecoder(bytes.NewReader(post.Body))
	root := ""
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("invalid XML: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok && root == "" {
			root = se.Name.Local
			for _, a := range se.Attr {
				if a.Name.Local == "width" && a.Value != "500" {
					t.Errorf("width %s", a.Value)
				}
			}
		}
	}
	if root != "svg" || !bytes.Contains(post.Body, []byte("stroke-dasharray")) || !bytes.Contains(post.Body, []byte("#14161c")) {
		t.Errorf("root %q; dashed inter-aspects or the dark theme missing", root)
	}
	q := "person1.year=1990&person1.month=7&person1.day=14&person1.hour=14&person1.minute=30&person1.latitude=51.5074&person1.longitude=-0.1278&person1.timezone=Europe/London" +
		"&person2.year=1992&person2.month=3&person2.day=2&person2.hour=8&person2.minute=15&person2.latitude=48.8566&person2.longitude=2.3522&person2.timezone=Europe/Paris&theme=dark&size=500"
	get := ts.Get(t, "/api/v1/synastry/svg?"+q).WantStatus(t, 200)
	if !bytes.Equal(get.Body, post.Body) {
		t.Error("GET and POST with the same input draw different wheels")
	}
	if ts.Get(t, "/api/v1/synastry/svg?"+q, "x-api-key", "").Status != 401 {
		t.Error("SVG without a key must be refused")
	}
}
