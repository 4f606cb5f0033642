package parts_test

import (
	"math"
	"os"
	"strings"
	"testing"

	json "github.com/goccy/go-json"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/accuracy/measure"
	engparts "github.com/astroapi/astroapi/engine/parts"
	"github.com/astroapi/astroapi/http/apitest"
	"github.com/astroapi/astroapi/http/routes/parts"
)

func startTestServer(t testing.TB, pos engine.Positions) *apitest.Server {
	t.Helper()
	ops := parts.Ops(parts.Deps{Positions: pos})
	return apitest.Start(t, apitest.Options{Ops: apitest.Serve(ops...), Ephemeris: pos != nil})
}

func norm(a float64) float64 { return math.Mod(math.Mod(a, 360)+360, 360) }

// sepArcsec is the shortest separation of two longitudes, in arcseconds.
func sepArcsec(a, b float64) float64 { return math.Abs(math.Remainder(a-b, 360)) * 3600 }

type lotsResult struct {
	DayChart bool              `json:"day_chart"`
	Lots     []engparts.Placed `json:"lots"`
}

// expectedLots writes out every catalog formula from the sources the
// package cites, independently of engine/parts, over swetest's longitudes
// (p: bodies by name, plus "Ascendant" and "Cusp 8"), day or night by the
// Sun above or below the horizon. "From C to B, projected from A" is
// A + B - C; by night the reversing lots count from B to C.
//   - Fortune, Spirit: Valens; Paulus Alexandrinus, Introduction 23.
//   - Eros (Spirit to Venus), Necessity (Mercury to Fortune), Courage (Mars
//     to Fortune), Victory (Spirit to Jupiter), Nemesis (Saturn to
//     Fortune): Paulus Alexandrinus, Introduction 23.
//   - Basis: the shorter arc between Fortune and Spirit from the
//     Ascendant (Valens).
//   - Exaltation (Sun to 19° Aries by day, Moon to 3° Taurus by night),
//     marriage of men (Saturn to Venus) and of women (Venus to Saturn),
//     Father (Sun to Saturn), Mother (Venus to Moon), Children (Jupiter to
//     Saturn), Brothers (Saturn to Jupiter), Sickness (Saturn to Mars),
//     Death (Moon to the eighth cusp, from Saturn): al-Biruni, Book of
//     Instruction §476; Bonatti, Liber Astronomiae Tr. 8.
func expectedLots(p map[string]float64) (map[string]float64, bool) {
	asc, sun, moon := p["Ascendant"], p["Sun"], p["Moon"]
	day := norm(sun-asc) >= 180
	lot := func(a, b, c float64, reverses bool) float64 {
		if !day && reverses {
			b, c = c, b
		}
		return norm(a + b - c)
	}
	fortune := lot(asc, moon, sun, true)
	spirit := lot(asc, sun, moon, true)
	arc := norm(spirit - fortune)
	exaltation := norm(asc + 19 - sun)
	if !day {
		exaltation = norm(asc + 33 - moon)
	}
	return map[string]float64{
		"fortune": fortune, "spirit": spirit,
		"eros":           lot(asc, p["Venus"], spirit, true),
		"necessity":      lot(asc, fortune, p["Mercury"], true),
		"courage":        lot(asc, fortune, p["Mars"], true),
		"victory":        lot(asc, p["Jupiter"], spirit, true),
		"nemesis":        lot(asc, fortune, p["Saturn"], true),
		"basis":          norm(asc + math.Min(arc, 360-arc)),
		"exaltation":     exaltation,
		"marriage_men":   lot(asc, p["Venus"], p["Saturn"], false),
		"marriage_women": lot(asc, p["Saturn"], p["Venus"], false),
		"father":         lot(asc, p["Saturn"], sun, true),
		"mother":         lot(asc, moon, p["Venus"], true),
		"children":       lot(asc, p["Saturn"], p["Jupiter"], true),
		"brothers":       lot(asc, p["Jupiter"], p["Saturn"], false),
		"sickness":       lot(asc, p["Mars"], p["Saturn"], true),
		"death":          norm(p["Saturn"] + p["Cusp 8"] - moon),
	}, day
}

// TestArabicPartsAgainstSwetest posts the 240 births of the natal route's
// swetest fixture (http/routes/natal/testdata/gen/natal_swetest.py; every
// house system, tropical and sidereal) to POST /api/v1/arabic-parts
// through the tables and compares every catalog lot with the formulas
// written out above over swetest's longitudes: within 1 arcsecond, the
// sect as the Sun above or below swetest's horizon, and the house from
// swetest's cusps.
func TestArabicPartsAgainstSwetest(t *testing.T) {
	raw, err := os.ReadFile("../natal/testdata/natal/swetest.json")
	if err != nil {
		t.Fatal(err)
	}
	var fx struct {
		Cases []struct {
			Request   json.RawMessage       `json:"request"`
			Swetest   string                `json:"swetest"`
			Planets   map[string][3]float64 `json:"planets"`
			Cusps     []float64             `json:"cusps"`
			Ascendant float64               `json:"ascendant"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(raw, &fx); err != nil {
		t.Fatal(err)
	}
	ts := startTestServer(t, apitest.Tables(t))
	cmp := measure.Compare(t, measure.About{
		What:      "Arabic parts through HTTP (POST /api/v1/arabic-parts): every catalog lot, the sect and the lots' houses, from the tables",
		Reference: "the lots' formulas written out in the test over swetest 2.10.03 longitudes; the sect from the Sun against swetest's horizon; houses from swetest's cusps",
		Sample:    "the natal route's random births 1800-2400 (every house system, tropical and sidereal), but those with the Sun within 2\" of the horizon",
	})
	lots := cmp.Quantity("lot longitudes", "arcsec", 1, 0.005)
	sects := cmp.Exact("sect (day or night chart)")
	houses := cmp.Exact("lot houses")
	days, nights := 0, 0
	for i, c := range measure.NonEmpty(t, fx.Cases, "natal/swetest.json") {
		p := map[string]float64{"Ascendant": c.Ascendant, "Cusp 8": c.Cusps[7]}
		for name, v := range c.Planets {
			p[name] = v[0]
		}
		if math.Abs(math.Remainder(p["Sun"]-c.Ascendant, 180))*3600 < 2 {
			continue // the Sun on the horizon within the tolerance: the sect is not decided by the reference
		}
		want, day := expectedLots(p)
		env := ts.Post(t, "/api/v1/arabic-parts", string(c.Request)).WantStatus(t, 200).Envelope(t)
		var res lotsResult
		if err := json.Unmarshal(env.Result, &res); err != nil {
			t.Fatal(err)
		}
		sects.Match(res.DayChart == day, "case", i)
		if res.DayChart != day {
			t.Errorf("case %d (%s): day_chart %v, Sun above the horizon %v", i, c.Swetest, res.DayChart, day)
		}
		if day {
			days++
		} else {
			nights++
		}
		if len(res.Lots) != len(engparts.Catalog) {
			t.Fatalf("case %d: %d lots", i, len(res.Lots))
		}
		for _, l := range res.Lots {
			d := sepArcsec(l.Longitude, want[l.Key])
			lots.Add(d, "case", i, l.Key)
			if measure.Over(d, 1) {
				t.Errorf("case %d (%s): %s %.7f, formula over swetest %.7f (%.3f\")", i, c.Swetest, l.Key, l.Longitude, want[l.Key], d)
			}
			if l.Reversed != (!day && l.ReversesByNight) {
				t.Errorf("case %d: %s reversed %v in a day=%v chart", i, l.Key, l.Reversed, day)
			}
			// The house from swetest's cusps, unless the lot sits on a cusp.
			onCusp := false
			for _, cu := range c.Cusps {
				onCusp = onCusp || sepArcsec(cu, want[l.Key]) < 2
			}
			if h := houseOf(want[l.Key], c.Cusps); !onCusp {
				houses.Match(h == l.House, "case", i, l.Key)
				if h != l.House {
					t.Errorf("case %d: %s in house %d, swetest's cusps %d", i, l.Key, l.House, h)
				}
			}

		}
	}
	if days < 50 || nights < 50 {
		t.Errorf("sects covered: %d day, %d night charts", days, nights)
	}
	t.Logf("%d lots in %d day and %d night charts; largest difference %.4f\" (%s)", lots.N(), days, nights, lots.Max(), lots.At())
}

// houseOf places lon in cusps, which may run either way round (polar
// Regiomontanus and Campanus).
func houseOf(lon float64, cusps []float64) int {
	forward := 0
	for i := range 12 {
		if norm(cusps[(i+1)%12]-cusps[i]) < 180 {
			forward++
		}
	}
	for i := range 12 {
		width, d := norm(cusps[(i+1)%12]-cusps[i]), norm(lon-cusps[i])
		if forward < 6 {
			width, d = norm(cusps[i]-cusps[(i+1)%12]), norm(cusps[i]-lon)
		}
		if d < width {
			return i + 1
		}
	}
	return 0
}

func TestArabicPartsCustom(t *testing.T) {
	ts := startTestServer(t, apitest.Ephemeris(t))
	// A night chart (London, 23:00 in January): the custom lot reversing
	// by night takes the other order; one referring to a catalog lot.
	body := `{"year":1990,"month":1,"day":14,"hour":23,"latitude":51.5,"longitude":-0.13,"lots":["fortune","spirit"],` +
		`"custom":[{"name":"Commerce","formula":"asc + Mercury - lot of fortune","reverse_by_night":true},{"name":"Fixed","formula":"MC + 19 Aries - 10"}]}`
	env := ts.Post(t, "/api/v1/arabic-parts", body).WantStatus(t, 200).Envelope(t)
	var res lotsResult
	if err := json.Unmarshal(env.Result, &res); err != nil {
		t.Fatal(err)
	}
	if res.DayChart || len(res.Lots) != 4 {
		t.Fatalf("night chart with 4 lots: %+v", res)
	}
	fortune, spirit, commerce, fixed := res.Lots[0], res.Lots[1], res.Lots[2], res.Lots[3]
	// Spirit is Fortune mirrored in the Ascendant.
	var ref struct {
		Reference []struct {
			Name      string
			Longitude float64
		} `json:"reference"`
	}
	if err := json.Unmarshal(env.Result, &ref); err != nil {
		t.Fatal(err)
	}
	asc, mc := ref.Reference[0].Longitude, ref.Reference[1].Longitude
	if d := math.Abs(math.Remainder(fortune.Longitude+spirit.Longitude-2*asc, 360)); measure.Over(d, 1e-6) {
		t.Errorf("Fortune + Spirit - 2 Asc = %v", d)
	}
	if !commerce.Custom || !commerce.Reversed || commerce.Formula != "Ascendant + Lot of Fortune - Mercury" || commerce.DayFormula != "Ascendant + Mercury - Lot of Fortune" {
		t.Errorf("custom lot %+v", commerce)
	}
	if d := sepArcsec(fixed.Longitude, mc+19-10); measure.Over(d, 0.01) || fixed.Formula != "Midheaven + 19 Aries - 10" {
		t.Errorf("fixed-degree lot %+v", fixed)
	}
	cat := ts.Get(t, "/api/v1/arabic-parts/catalog").WantStatus(t, 200).Envelope(t)
	var c parts.Catalog
	if err := json.Unmarshal(cat.Result, &c); err != nil || len(c.Lots) != len(engparts.Catalog) || c.Lots[2].Key != "eros" || c.Lots[2].NightFormula != "Ascendant + Lot of Spirit - Venus" {
		t.Errorf("catalog %+v %v", c, err)
	}
	if cat.Usage != nil && cat.Usage.RequestsThisDay != 1 { // the POST above only
		t.Errorf("the catalog was billed: %+v", cat.Usage)
	}
	// The echo is the request as read (keys and names canonical), and sent
	// back gives the same answer.
	var in struct {
		Lots   []string             `json:"lots"`
		Custom []engparts.CustomLot `json:"custom"`
		Year   int                  `json:"year"`
	}
	if err := json.Unmarshal(env.Input, &in); err != nil || len(in.Lots) != 2 || in.Lots[1] != "spirit" || in.Custom[0].Name != "Commerce" || in.Custom[0].Formula != "Ascendant + Mercury - Lot of Fortune" || in.Year != 1990 {
		t.Errorf("echo %s", env.Input)
	}
	again := ts.Post(t, "/api/v1/arabic-parts", string(env.Input)).WantStatus(t, 200).Envelope(t)
	if string(again.Result) != string(env.Result) {
		t.Errorf("the echo sent back gives another answer: %s", again.Input)
	}
	// Lots omitted: every lot of the catalog, and the echo lists them.
	env = ts.Post(t, "/api/v1/arabic-parts", `{"year":1990,"month":1,"day":14,"latitude":51.5,"longitude":-0.13,"lots":null}`).WantStatus(t, 200).Envelope(t)
	if err := json.Unmarshal(env.Input, &in); err != nil || len(in.Lots) != len(engparts.Catalog) {
		t.Errorf("default lots echo %s", env.Input)
	}
}

func TestArabicPartsBadInput(t *testing.T) {
	ts := startTestServer(t, apitest.Ephemeris(t))
	const base = `"year":1990,"month":4,"day":30,"latitude":51.5,"longitude":0`
	many := strings.Repeat(`{"name":"x","formula":"Asc + Sun - Moon"},`, 21)
	for _, c := range []struct {
		name, body string
		status     int
		field      string
	}{
		{"ErrLotKey", `{` + base + `,"lots":["fortune","fortuna"]}`, 422, "lots[1]"},
		{"ErrLotType", `{` + base + `,"lots":[7]}`, 422, "lots[0]"},
		{"ErrLotsType", `{` + base + `,"lots":"fortune"}`, 422, "lots"},
		{"ErrFormulaNoMinus", `{` + base + `,"custom":[{"name":"x","formula":"Asc + Sun + Moon"}]}`, 422, "custom[0].formula"},
		{"ErrFormulaOrder", `{` + base + `,"custom":[{"name":"x","formula":"Asc - Sun + Moon"}]}`, 422, "custom[0].formula"},
		{"ErrFormulaEmptyPoint", `{` + base + `,"custom":[{"name":"x","formula":"Asc + - Moon"}]}`, 422, "custom[0].formula"},
		{"ErrFormulaUnknownPoint", `{` + base + `,"custom":[{"name":"ok","formula":"Asc + Sun - Moon"},{"name":"x","formula":"Asc + Venux - Moon"}]}`, 422, "custom[1].formula"},
		{"ErrFormulaDegree", `{` + base + `,"custom":[{"name":"x","formula":"Asc + 40 Aries - Moon"}]}`, 422, "custom[0].formula"},
		{"ErrFormulaLongitude", `{` + base + `,"custom":[{"name":"x","formula":"Asc + 400 - Moon"}]}`, 422, "custom[0].formula"},
		{"ErrFormulaNotInChart", `{` + base + `,"custom":[{"name":"x","formula":"Asc + Ceres - Moon"}]}`, 422, "custom[0].formula"},
		{"ErrFormulaMissing", `{` + base + `,"custom":[{"name":"x"}]}`, 422, "custom[0].formula"},
		{"ErrFormulaNull", `{` + base + `,"custom":[{"name":"x","formula":null}]}`, 422, "custom[0].formula"},
		{"ErrFormulaType", `{` + base + `,"custom":[{"name":"x","formula":5}]}`, 422, "custom[0].formula"},
		{"ErrNameEmpty", `{` + base + `,"custom":[{"name":" ","formula":"Asc + Sun - Moon"}]}`, 422, "custom[0].name"},
		{"ErrTooMany", `{` + base + `,"custom":[` + many + `{"name":"x","formula":"Asc + Sun - Moon"}]}`, 422, "custom"},
		{"ErrLatitude", `{"year":1990,"month":4,"day":30,"latitude":95,"longitude":0}`, 422, "latitude"},
		{"ErrHouseSystem", `{` + base + `,"house_system":"topocentric"}`, 422, "house_system"},
		{"ErrNoPlace", `{"year":1990,"month":4,"day":30,"lots":["nope"]}`, 422, "lots[0]"},
		{"ErrNoPlaceAndLot", `{"year":1990,"month":4,"day":30,"lots":["nope"]}`, 422, "latitude"},
		{"ErrUnknownField", `{` + base + `,"lot":["fortune"]}`, 422, "lot"},
		{"ErrUnknownCustomField", `{` + base + `,"custom":[{"name":"x","formula":"Asc + Sun - Moon","reverse":true}]}`, 422, "custom[0].reverse"},
		{"ErrReverseType", `{` + base + `,"custom":[{"name":"x","formula":"Asc + Sun - Moon","reverse_by_night":"yes"}]}`, 422, "custom[0].reverse_by_night"},
		{"ErrDayBound", `{"year":1990,"month":4,"day":32,"latitude":51.5,"longitude":0}`, 422, "day"},
		{"ErrNameTooLong", `{` + base + `,"custom":[{"name":"` + strings.Repeat("n", 65) + `","formula":"Asc + Sun - Moon"}]}`, 422, "custom[0].name"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := ts.Post(t, "/api/v1/arabic-parts", c.body).WantStatus(t, c.status).Problem(t)
			for _, e := range p.Errors {
				if e.Field == c.field {
					if strings.HasPrefix(c.name, "ErrUnknown") && !strings.Contains(e.Reason, "did you mean") && !strings.Contains(e.Reason, "the fields are") {
						t.Errorf("no suggestion: %q", e.Reason)
					}
					return
				}
			}
			t.Errorf("problem does not name %s: %+v", c.field, p)
		})
	}
}
