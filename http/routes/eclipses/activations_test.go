package eclipses

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	json "github.com/goccy/go-json"

	"github.com/astroapi/astroapi/engine/accuracy/measure"
	"github.com/astroapi/astroapi/engine/birth"
	"github.com/astroapi/astroapi/engine/eclipses"
	"github.com/astroapi/astroapi/engine/natal"
	"github.com/astroapi/astroapi/engine/resolve"
	"github.com/astroapi/astroapi/http/apitest"
)

const activationsPath = "/api/v1/eclipses/activations"

// natalChart casts a chart as the natal route does (Paris, UTC).
func natalChart(t *testing.T, year, month, day, hour int) *natal.Chart {
	t.Helper()
	lat, lon := 48.8566, 2.3522
	in := natal.Request{Packet: birth.Packet{Year: &year, Month: &month, Day: &day, Hour: &hour, Latitude: &lat, Longitude: &lon, Timezone: "UTC"}}
	c := &resolve.Fixed{}
	for _, part := range []resolve.Resolver{&in.Packet, &in.Settings} {
		if err := part.Resolve(c, ""); err != nil {
			t.Fatal(err)
		}
	}
	chart, err := in.Cast(apitest.Tables(t), c, "")
	if err != nil {
		t.Fatal(err)
	}
	return chart
}

// sep is the shorter arc between two longitudes, degrees.
func sep(a, b float64) float64 { return math.Abs(math.Remainder(a-b, 360)) }

// houseOf finds the house holding lon by walking the cusps forward: the
// arc from cusp i to cusp i+1 holds house i+1.
func houseOf(lon float64, cusps []float64) int {
	for i := range 12 {
		a, b := cusps[i], cusps[(i+1)%12]
		width := math.Mod(b-a+360, 360)
		if math.Mod(lon-a+360, 360) < width {
			return i + 1
		}
	}
	return 0
}

// TestActivations lays the total solar eclipse of 2024-04-08 on a chart
// whose Sun is near its degree, cast by the natal engine and sent as its
// planets' names and longitudes and its cusps, and checks every number
// against an independent computation from the eclipse degree, the points
// and the cusps.
func TestActivations(t *testing.T) {
	ts := startTestServer(t)
	chart := natalChart(t, 1990, 4, 9, 12)
	var cusps []float64
	for _, c := range chart.Houses.Cusps {
		cusps = append(cusps, c.Longitude)
	}
	type point struct {
		Name      string  `json:"name"`
		Longitude float64 `json:"longitude"`
	}
	var points []point
	for _, p := range chart.Planets {
		points = append(points, point{p.Name, p.Longitude})
	}
	plain, _ := json.Marshal(map[string]any{"planets": points, "houses": cusps})
	for _, c := range []struct {
		name  string
		natal []byte
	}{{"Plain", plain}} {
		t.Run(c.name, func(t *testing.T) {
			for _, orb := range []float64{3, 10} {
				body := fmt.Sprintf(`{"eclipse_date":"2024-04-10","orb":%g,"natal":%s}`, orb, c.natal)
				var got eclipses.Activations
				env := result(t, ts.Post(t, activationsPath, body), &got)
				if len(env.Warnings) > 0 {
					t.Errorf("warnings %q", env.Warnings)
				}
				e := got.Eclipse
				if e.Date != "2024-04-08" || e.Type != eclipses.Total || got.OrbUsed != orb {
					t.Fatalf("eclipse %s %s, orb %v", e.Date, e.Type, got.OrbUsed)
				}
				if want := houseOf(e.Degree, cusps); got.House != want {
					t.Errorf("house %d, want %d (degree %.4f, cusps %v)", got.House, want, e.Degree, cusps)
				}
				var want []eclipses.Activation
				for _, p := range points {
					d := sep(p.Longitude, e.Degree)
					switch {
					case d <= orb:
						want = append(want, eclipses.Activation{Point: p.Name, PointLongitude: p.Longitude, Aspect: eclipses.Conjunction, Orb: d})
					case 180-d <= orb:
						want = append(want, eclipses.Activation{Point: p.Name, PointLongitude: p.Longitude, Aspect: eclipses.Opposition, Orb: 180 - d})
					}
				}
				slices.SortStableFunc(want, func(a, b eclipses.Activation) int {
					return map[bool]int{true: -1, false: 1}[a.Orb < b.Orb]
				})
				if len(got.Activations) != len(want) || got.TotalCount != len(want) {
					t.Fatalf("orb %g: %d activations (total_count %d), want %d: %+v", orb, len(got.Activations), got.TotalCount, len(want), got.Activations)
				}
				// 1e-6 degree: the natal route writes longitudes to 7 decimals.
				for i, a := range got.Activations {
					w := want[i]
					if a.Point != w.Point || a.Aspect != w.Aspect || measure.Over(math.Abs(a.Orb-w.Orb), 1e-6) || measure.Over(math.Abs(a.PointLongitude-w.PointLongitude), 1e-6) {
						t.Errorf("activation %d: %+v, want %+v", i, a, w)
					}
				}
				if orb == 3 && (len(want) == 0 || want[0].Point != "Sun") {
					t.Errorf("the Sun at %.2f should be on the eclipse degree %.2f: %+v", points[0].Longitude, e.Degree, want)
				}
				// The Saros family: series 139, member 30 (NASA); one Saros
				// (6585.32 days) either side: 2006-03-29 and 2042-04-20.
				s := got.Saros
				if s.Series != 139 || s.Member != 30 || s.Previous == nil || s.Next == nil ||
					s.Previous.Date != "2006-03-29" || s.Next.Date != "2042-04-20" ||
					s.Previous.SarosMember != 29 || s.Next.SarosMember != 31 || s.Previous.SarosSeries != 139 {
					t.Errorf("saros %+v", s)
				}
				if d := s.Next.JulianDay - e.JulianDay; measure.Over(math.Abs(d-6585.32), 0.5) {
					t.Errorf("next member %.2f days later", d)
				}
				var echo eclipses.ActivationsRequest
				if err := json.Unmarshal(env.Input, &echo); err != nil || echo.EclipseDate != "2024-04-10" || len(echo.Natal.Planets) != len(points) ||
					len(echo.Natal.Houses) != 12 || echo.Orb == nil || *echo.Orb != orb {
					t.Errorf("echo %s", env.Input)
				}
			}
		})
	}
	t.Run("DefaultOrb", func(t *testing.T) {
		var got eclipses.Activations
		env := result(t, ts.Post(t, activationsPath, fmt.Sprintf(`{"eclipse_date":"2024-04-08","natal":%s}`, plain)), &got)
		if got.OrbUsed != eclipses.DefaultOrb || got.Method == "" || got.Conventions.Degree == "" {
			t.Errorf("orb_used %v, method %q", got.OrbUsed, got.Method)
		}
		if !strings.Contains(string(env.Input), `"orb":3`) {
			t.Errorf("echo %s: the default orb is not stated", env.Input)
		}
	})
	t.Run("EchoSentBack", func(t *testing.T) {
		// A record's datetime is read as its UTC date; the echo, sent back
		// as the body, gives the same answer.
		first := ts.Post(t, activationsPath, fmt.Sprintf(`{"eclipse_date":"2024-04-09T01:00:00+02:00","natal":%s}`, plain)).WantStatus(t, 200).Envelope(t)
		if !strings.Contains(string(first.Input), `"eclipse_date":"2024-04-08"`) {
			t.Errorf("echo %s", first.Input)
		}
		again := ts.Post(t, activationsPath, string(first.Input)).WantStatus(t, 200).Envelope(t)
		if string(again.Input) != string(first.Input) || string(again.Result) != string(first.Result) {
			t.Errorf("the echo sent back answers otherwise:\n%s\n%s", first.Input, again.Input)
		}
	})
	t.Run("FamilyAtTheCatalogStart", func(t *testing.T) {
		// The first eclipses of the catalog have no previous member in it.
		var got eclipses.Activations
		result(t, ts.Post(t, activationsPath, fmt.Sprintf(`{"eclipse_date":"1800-04-24","natal":%s}`, plain)), &got)
		if got.Eclipse.Date != "1800-04-24" || got.Saros.Previous != nil || got.Saros.Next == nil {
			t.Errorf("eclipse %s, saros %+v", got.Eclipse.Date, got.Saros)
		}
	})
}

// TestActivationsNear pins how near eclipse_date must be: within 3 days of
// the date of greatest eclipse (UTC), else 404 (spec 7) naming the nearest.
func TestActivationsNear(t *testing.T) {
	ts := startTestServer(t)
	natal := `{"planets":[{"name":"Sun","longitude":10}],"houses":[0,30,60,90,120,150,180,210,240,270,300,330]}`
	for _, c := range []struct {
		date string
		want string // "" for none
	}{
		{"2024-04-05", "2024-04-08"},
		{"2024-04-08", "2024-04-08"},
		{"2024-04-11", "2024-04-08"},
		{"2024-04-08T23:59:59Z", "2024-04-08"},
		{"2024-04-09T01:00:00+02:00", "2024-04-08"}, // 2024-04-08T23:00Z
		{"2024-03-25", "2024-03-25"},                // penumbral lunar eclipse
		{"2024-04-04", ""},
		{"2024-04-12", ""},
		{"2024-06-15", ""},
	} {
		r := ts.Post(t, activationsPath, fmt.Sprintf(`{"eclipse_date":%q,"natal":%s}`, c.date, natal))
		if c.want == "" {
			wantProblem(t, c.date, r, 404, "")
			if p := r.Problem(t); !strings.Contains(p.Detail, "nearest") || !strings.Contains(p.Detail, "/api/v1/eclipses") {
				t.Errorf("%s: detail %q", c.date, p.Detail)
			}
			continue
		}
		var got eclipses.Activations
		result(t, r, &got)
		if got.Eclipse.Date != c.want {
			t.Errorf("%s: eclipse of %s", c.date, got.Eclipse.Date)
		}
	}
	r := ts.Post(t, activationsPath, `{"eclipse_date":"2024-06-15","natal":`+natal+`}`)
	if p := r.Problem(t); !strings.Contains(p.Detail, "2024-04-08 (solar total) and 2024-09-18 (lunar partial)") {
		t.Errorf("detail %q", p.Detail)
	}
}

// TestActivationsBadInput: the 400s of spec 7 (natal, natal.planets or
// natal.houses missing) and the rest of the bad-input table.
func TestActivationsBadInput(t *testing.T) {
	ts := startTestServer(t)
	const planets = `[{"name":"Sun","longitude":19.6}]`
	const houses = `[0,30,60,90,120,150,180,210,240,270,300,330]`
	body := func(natal string) string { return `{"eclipse_date":"2024-04-08","natal":` + natal + `}` }
	for _, c := range []struct {
		name, body string
		status     int
		field      string
	}{
		// Spec 7: the natal body missing is a 400, before anything else.
		{"NatalMissing", `{"eclipse_date":"2024-04-08"}`, 400, "natal.planets"},
		{"EmptyBody", `{}`, 400, "natal.houses"},
		{"NatalNull", body(`null`), 400, "natal.planets"},
		{"NatalEmpty", body(`{}`), 400, "natal.houses"},
		{"PlanetsMissing", body(`{"houses":` + houses + `}`), 400, "natal.planets"},
		{"PlanetsNull", body(`{"planets":null,"houses":` + houses + `}`), 400, "natal.planets"},
		{"PlanetsEmpty", body(`{"planets":[],"houses":` + houses + `}`), 400, "natal.planets"},
		{"HousesMissing", body(`{"planets":` + planets + `}`), 400, "natal.houses"},
		{"HousesNull", body(`{"planets":` + planets + `,"houses":null}`), 400, "natal.houses"},
		{"HousesEmpty", body(`{"planets":` + planets + `,"houses":[]}`), 400, "natal.houses"},
		{"MissingBeforeBounds", `{"eclipse_date":"2024-04-08","orb":11,"natal":{"houses":` + houses + `}}`, 400, "natal.planets"},
		// Wrong JSON types: 422 naming the field.
		{"NatalString", body(`"chart"`), 422, "natal"},
		{"NatalArray", body(`[]`), 422, "natal"},
		{"PlanetsObject", body(`{"planets":{},"houses":` + houses + `}`), 422, "natal.planets"},
		{"PlanetNumber", body(`{"planets":[5],"houses":` + houses + `}`), 422, "natal.planets[0]"},
		{"NameNumber", body(`{"planets":[{"name":5,"longitude":1}],"houses":` + houses + `}`), 422, "natal.planets[0].name"},
		{"LongitudeString", body(`{"planets":[{"name":"Sun","longitude":"19"}],"houses":` + houses + `}`), 422, "natal.planets[0].longitude"},
		{"HousesString", body(`{"planets":` + planets + `,"houses":"placidus"}`), 422, "natal.houses"},
		{"HousesObject", body(`{"planets":` + planets + `,"houses":{"cusps":[{"longitude":1}]}}`), 422, "natal.houses"},
		{"CuspString", body(`{"planets":` + planets + `,"houses":["0",30]}`), 422, "natal.houses[0]"},
		{"DateUnreadable", `{"eclipse_date":"April 8","natal":{"planets":` + planets + `,"houses":` + houses + `}}`, 422, "eclipse_date"},
		{"DateImpossible", `{"eclipse_date":"2024-02-30","natal":{"planets":` + planets + `,"houses":` + houses + `}}`, 422, "eclipse_date"},
		{"DateNumber", `{"eclipse_date":20240408,"natal":{"planets":` + planets + `,"houses":` + houses + `}}`, 422, "eclipse_date"},
		{"OrbString", `{"eclipse_date":"2024-04-08","orb":"3","natal":{"planets":` + planets + `,"houses":` + houses + `}}`, 422, "orb"},
		// Names the route does not have: 422 with the nearest name or a hint.
		{"Misspelt", `{"eclipse_dat":"2024-04-08","natal":{"planets":` + planets + `,"houses":` + houses + `}}`, 422, "eclipse_dat"},
		{"NatalRouteKeys", body(`{"planets":[{"name":"Sun","longitude":19.6,"sign":"Aries"}],"houses":` + houses + `}`), 422, "natal.planets[0].sign"},
		{"Duplicate", `{"eclipse_date":"2024-04-08","eclipse_date":"2024-04-09","natal":{"planets":` + planets + `,"houses":` + houses + `}}`, 422, "eclipse_date"},
		// Read but not acceptable: 422.
		{"DateMissing", `{"natal":{"planets":` + planets + `,"houses":` + houses + `}}`, 422, "eclipse_date"},
		{"DateOutsideCatalog", `{"eclipse_date":"1700-01-01","natal":{"planets":` + planets + `,"houses":` + houses + `}}`, 422, "eclipse_date"},
		{"LongitudeMissing", body(`{"planets":[{"name":"Sun"}],"houses":` + houses + `}`), 422, "natal.planets[0].longitude"},
		{"LongitudeRange", body(`{"planets":[{"name":"Sun","longitude":360.5}],"houses":` + houses + `}`), 422, "natal.planets[0].longitude"},
		{"NameMissing", body(`{"planets":[{"longitude":1}],"houses":` + houses + `}`), 422, "natal.planets[0].name"},
		{"ElevenCusps", body(`{"planets":` + planets + `,"houses":[0,30,60,90,120,150,180,210,240,270,300]}`), 422, "natal.houses"},
		{"CuspRange", body(`{"planets":` + planets + `,"houses":[0,30,60,-90,120,150,180,210,240,270,300,330]}`), 422, "natal.houses[3]"},
		{"OrbZero", `{"eclipse_date":"2024-04-08","orb":0,"natal":{"planets":` + planets + `,"houses":` + houses + `}}`, 422, "orb"},
		{"OrbTooLarge", `{"eclipse_date":"2024-04-08","orb":10.5,"natal":{"planets":` + planets + `,"houses":` + houses + `}}`, 422, "orb"},
		{"TooManyPoints", body(`{"planets":[` + strings.Repeat(`{"name":"P","longitude":1},`, 100) + `{"name":"P","longitude":1}],"houses":` + houses + `}`), 422, "natal.planets"},
	} {
		t.Run(c.name, func(t *testing.T) {
			wantProblem(t, c.name, ts.Post(t, activationsPath, c.body), c.status, c.field)
		})
	}
	p := ts.Post(t, activationsPath, `{"eclipse_dat":"2024-04-08","natal":{"planets":`+planets+`,"houses":`+houses+`}}`).Problem(t)
	if !strings.Contains(fmt.Sprint(p.Errors), `did you mean "eclipse_date"?`) {
		t.Errorf("no suggestion: %+v", p.Errors)
	}
	// The bounds themselves pass.
	for _, orb := range []string{"0.001", "10"} {
		ts.Post(t, activationsPath, `{"eclipse_date":"2024-04-08","orb":`+orb+`,"natal":{"planets":[{"name":"A","longitude":0},{"name":"B","longitude":360}],"houses":`+houses+`}}`).WantStatus(t, 200)
	}
}
