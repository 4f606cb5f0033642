package locational_test

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"github.com/astroapi/astroapi/engine/accuracy/measure"
	"io"
	"math"
	"os"
	"strings"
	"testing"

	json "github.com/goccy/go-json"

	"github.com/astroapi/astroapi/engine/locational"
	"github.com/astroapi/astroapi/engine/natal"
	"github.com/astroapi/astroapi/http/apitest"
)

const deg = math.Pi / 180

type fixture struct {
	Cases []struct {
		Request json.RawMessage `json:"request"`
		Swetest string          `json:"swetest"`
		GST     float64         `json:"gst"`
		Bodies  map[string]struct {
			RA           float64 `json:"ra"`
			Dec          float64 `json:"dec"`
			AzimuthSouth float64 `json:"azimuth_south"`
			Altitude     float64 `json:"altitude"`
		} `json:"bodies"`
	} `json:"cases"`
}

func loadFixture(t *testing.T) fixture {
	t.Helper()
	raw, err := os.ReadFile("testdata/swetest.json")
	if err != nil {
		t.Fatal(err)
	}
	var fx fixture
	if err := json.Unmarshal(raw, &fx); err != nil {
		t.Fatal(err)
	}
	if len(fx.Cases) < 40 {
		t.Fatalf("fixture has %d cases", len(fx.Cases))
	}
	return fx
}

// withFields adds JSON members to a request object.
func withFields(req json.RawMessage, extra string) string {
	s := strings.TrimSpace(string(req))
	return s[:len(s)-1] + "," + extra + "}"
}

// altitude is the geometric altitude of a point (ra, dec) seen from
// latitude lat when the local sidereal time is lst (degrees).
func altitude(ra, dec, lat, lst float64) float64 {
	h := (lst - ra) * deg
	return math.Asin(math.Sin(lat*deg)*math.Sin(dec*deg)+math.Cos(lat*deg)*math.Cos(dec*deg)*math.Cos(h)) / deg
}

// TestAstrocartographyAgainstSwetest posts the 40 births of the fixture and
// checks every line: the MC and IC meridians against swetest's right
// ascension minus its Greenwich sidereal time (1e-5 degree, the GeoJSON's
// precision); each vertex of the ASC and DSC curves by finding, on its
// longitude, the latitude where the body's altitude (from swetest's right
// ascension, declination and sidereal time) is zero on the rising or
// setting side (0.05 degree).
func TestAstrocartographyAgainstSwetest(t *testing.T) {
	fx := loadFixture(t)
	ts := startTestServer(t, apitest.Tables(t))
	cmp := measure.Compare(t, measure.About{
		What:      "Astrocartography lines through HTTP (POST /api/v1/astrocartography), from the tables: the MC and IC meridians and the ASC and DSC curves of Sun..Pluto",
		Reference: "swetest 2.10.03: right ascension less Greenwich sidereal time for MC and IC; for ASC and DSC, the latitude of zero altitude found by root-finding from swetest's right ascension, declination and sidereal time",
		Sample:    "40 random births 1850-2150 at latitudes -60..60, every vertex of the MC and IC lines and every third of the ASC and DSC curves (testdata/swetest.json)",
	})
	mcq := cmp.Quantity("MC and IC longitudes", "deg", 1e-5, 1e-5)
	hzq := cmp.Quantity("ASC and DSC latitudes", "deg", 0.05, 0.006)
	for i, c := range fx.Cases {
		env := ts.Post(t, "/api/v1/astrocartography", string(c.Request)).WantStatus(t, 200).Envelope(t)
		var m locational.Map
		if err := json.Unmarshal(env.Result, &m); err != nil {
			t.Fatal(err)
		}
		if d := math.Abs(math.Remainder(m.SiderealTime-c.GST, 360)); measure.Over(d, 1e-6) {
			t.Errorf("case %d: sidereal time %.8f, swetest %.8f", i, m.SiderealTime, c.GST)
		}
		if len(m.Lines.Features) != 40 {
			t.Fatalf("case %d: %d lines", i, len(m.Lines.Features))
		}
		for _, f := range m.Lines.Features {
			ref := c.Bodies[f.Properties.Body]
			switch a := f.Properties.Angle; a {
			case locational.MC, locational.IC:
				want := ref.RA - c.GST
				if a == locational.IC {
					want += 180
				}
				for _, part := range f.Geometry.Coordinates {
					for _, pt := range part {
						d := math.Abs(math.Remainder(pt[0]-want, 360))
						mcq.Add(d, "case", i, f.Properties.Body, a)
						if measure.Over(d, 1e-5) {
							t.Errorf("case %d %s %s: longitude %.6f, RA - GST %.6f", i, f.Properties.Body, a, pt[0], want)
						}
					}
				}
			case locational.ASC, locational.DSC:
				limit := 90 - math.Abs(ref.Dec)
				for _, part := range f.Geometry.Coordinates {
					for k, pt := range part {
						// Every third vertex (40,000 of them) is enough.
						if k%3 != 0 || math.Abs(pt[0]) == 180 || math.Abs(pt[1]) > limit-1 {
							continue // the cut at the antimeridian is interpolated; the tips are tangent to their parallel
						}
						lst := c.GST + pt[0]
						// The side: rising bodies are east of the meridian.
						h := math.Remainder(lst-ref.RA, 360)
						if (a == locational.ASC) != (h < 0) {
							t.Errorf("case %d %s %s at %v: hour angle %.3f on the wrong side", i, f.Properties.Body, a, pt, h)
						}
						lat, ok := zeroAltitude(ref.RA, ref.Dec, lst, pt[1])
						if !ok {
							t.Errorf("case %d %s %s at %v: no horizon crossing within 2 degrees", i, f.Properties.Body, a, pt)
							continue
						}
						d := math.Abs(lat - pt[1])
						hzq.Add(d, "case", i, f.Properties.Body, a)
						if measure.Over(d, 0.05) {
							t.Errorf("case %d %s %s: latitude %.5f, root %.5f", i, f.Properties.Body, a, pt[1], lat)
						}
					}
				}
			}
		}
	}
}

// zeroAltitude finds the latitude near lat0 (within 2 degrees) where a
// point at local sidereal time lst has altitude 0: the grid brackets the
// root, bisection refines it.
func zeroAltitude(ra, dec, lst, lat0 float64) (float64, bool) {
	best, found := 0.0, false
	lo := math.Max(lat0-2, -89.9)
	flo := altitude(ra, dec, lo, lst)
	for lo < math.Min(lat0+2, 89.9) {
		hi := lo + 0.05
		fhi := altitude(ra, dec, hi, lst)
		if (flo < 0) != (fhi < 0) {
			a, b, fa := lo, hi, flo
			for b-a > 1e-10 {
				m := (a + b) / 2
				if fm := altitude(ra, dec, m, lst); (fm < 0) == (fa < 0) {
					a, fa = m, fm
				} else {
					b = m
				}
			}
			if r := (a + b) / 2; !found || math.Abs(r-lat0) < math.Abs(best-lat0) {
				best, found = r, true
			}
		}
		lo, flo = hi, fhi
	}
	return best, found
}

// TestParans: every paran holds (both bodies on their angles at one local
// sidereal time at its latitude, from the answer's own right ascensions and
// declinations), and a brute force over a fine latitude grid finds no
// paran the answer lacks.
func TestParans(t *testing.T) {
	fx := loadFixture(t)
	ts := startTestServer(t, apitest.Tables(t))
	total := 0
	for i, c := range fx.Cases[:10] {
		env := ts.Post(t, "/api/v1/astrocartography", withFields(c.Request, `"include_parans":true`)).WantStatus(t, 200).Envelope(t)
		var m locational.Map
		if err := json.Unmarshal(env.Result, &m); err != nil {
			t.Fatal(err)
		}
		eq := map[string]locational.Equatorial{}
		for _, b := range m.Bodies {
			eq[b.Name] = b
		}
		// The local sidereal time at which body b is at angle a at
		// latitude lat.
		lstAt := func(b locational.Equatorial, a locational.Angle, lat float64) (float64, bool) {
			switch a {
			case locational.MC:
				return b.RightAscension, true
			case locational.IC:
				return b.RightAscension + 180, true
			}
			x := -math.Tan(lat*deg) * math.Tan(b.Declination*deg)
			if measure.Over(math.Abs(x), 1+1e-9) {
				return 0, false
			}
			x = math.Max(-1, math.Min(1, x))
			h0 := math.Acos(x) / deg
			if a == locational.ASC {
				return b.RightAscension - h0, true
			}
			return b.RightAscension + h0, true
		}
		got := map[string]int{}
		lats := map[string][]float64{}
		for _, p := range m.Parans {
			lats[p.Body1+p.Body2+string(p.Angle1)+string(p.Angle2)] = append(lats[p.Body1+p.Body2+string(p.Angle1)+string(p.Angle2)], p.Latitude)
			l1, ok1 := lstAt(eq[p.Body1], p.Angle1, p.Latitude)
			l2, ok2 := lstAt(eq[p.Body2], p.Angle2, p.Latitude)
			if !ok1 || !ok2 || measure.Over(math.Abs(math.Remainder(l1-l2, 360)), 1e-6) {
				t.Errorf("case %d: paran %+v does not hold (%v %v)", i, p, l1, l2)
			}
			got[p.Body1+p.Body2+string(p.Angle1)+string(p.Angle2)]++
		}
		// Brute force: sign changes of the difference of the two sidereal
		// times on a grid of 2,000 latitudes.
		want := map[string]int{}
		angles := []locational.Angle{locational.MC, locational.IC, locational.ASC, locational.DSC}
		for x := range m.Bodies {
			for y := x + 1; y < len(m.Bodies); y++ {
				for _, a1 := range angles {
					for _, a2 := range angles {
						if (a1 == locational.MC || a1 == locational.IC) && (a2 == locational.MC || a2 == locational.IC) {
							continue
						}
						// The grid runs between the latitudes where the
						// horizon bodies rise and set at all, ends included.
						limit := 90.0
						for _, h := range []struct {
							b locational.Equatorial
							a locational.Angle
						}{{m.Bodies[x], a1}, {m.Bodies[y], a2}} {
							if h.a == locational.ASC || h.a == locational.DSC {
								limit = math.Min(limit, 90-math.Abs(h.b.Declination)-1e-9)
							}
						}
						const n = 2000
						prev := 0.0
						for k := 0; k <= n; k++ {
							lat := -limit + 2*limit*float64(k)/n
							l1, _ := lstAt(m.Bodies[x], a1, lat)
							l2, _ := lstAt(m.Bodies[y], a2, lat)
							d := math.Remainder(l1-l2, 360)
							if k > 0 && (d < 0) != (prev < 0) && math.Abs(d-prev) < 180 {
								want[m.Bodies[x].Name+m.Bodies[y].Name+string(a1)+string(a2)]++
							}
							prev = d
						}
					}
				}
			}
		}
		for k, n := range want {
			if got[k] != n {
				t.Errorf("case %d: %s: %d parans, brute force %d", i, k, got[k], n)
			}
		}
		for k, n := range got {
			if want[k] != n {
				t.Errorf("case %d: %s: %d parans, brute force %d (%v)", i, k, n, want[k], lats[k])
			}
		}
		total += len(m.Parans)
		if len(m.Lines.Features) != 40+len(m.Parans) {
			t.Errorf("case %d: %d features for %d parans", i, len(m.Lines.Features), len(m.Parans))
		}
	}
	t.Logf("%d parans in 10 charts", total)
}

// TestLocalSpaceAgainstSwetest compares the bodies' azimuths and altitudes
// at the birthplace with swetest's (its -geopos positions are topocentric,
// as the route's; swe_azalt's azimuth turned from south to north), within
// 1 arcsecond, and checks that every point of each great circle lies on
// the bearing of its body from the birthplace (the far half on the
// opposite bearing), within the rounding of the positions (1e-5 degree
// over the sine of the distance).
func TestLocalSpaceAgainstSwetest(t *testing.T) {
	fx := loadFixture(t)
	ts := startTestServer(t, apitest.Tables(t))
	cmp := measure.Compare(t, measure.About{
		What:      "Local space through HTTP (POST /api/v1/local-space), from the tables: the topocentric azimuths and altitudes of Sun..Pluto at the birthplace, and the great circles drawn on those bearings",
		Reference: "swetest 2.10.03 -geopos (swe_azalt's azimuth turned from south to north); each great circle's points against the bearing from the birthplace (haversine and atan2 forms)",
		Sample:    "40 random births 1850-2150 at latitudes -60..60, Sun..Pluto (testdata/swetest.json)",
	})
	azq := cmp.Quantity("azimuths", "arcsec", 1, 0.0015)
	altq := cmp.Quantity("altitudes", "arcsec", 1, 0.001)
	bearq := cmp.Quantity("great-circle bearings times the sine of the distance", "deg", 1.01e-5, 1.01e-5)
	for i, c := range fx.Cases {
		env := ts.Post(t, "/api/v1/local-space", string(c.Request)).WantStatus(t, 200).Envelope(t)
		var m locational.LocalSpaceMap
		if err := json.Unmarshal(env.Result, &m); err != nil {
			t.Fatal(err)
		}
		for _, b := range m.Bodies {
			ref := c.Bodies[b.Name]
			daz := math.Abs(math.Remainder(b.Azimuth-(ref.AzimuthSouth+180), 360)) * 3600
			dalt := math.Abs(b.Altitude-ref.Altitude) * 3600
			azq.Add(daz, "case", i, b.Name)
			altq.Add(dalt, "case", i, b.Name)
			if measure.Over(daz, 1) || measure.Over(dalt, 1) {
				t.Errorf("case %d %s: azimuth %.6f altitude %.6f, swetest %.6f %.6f", i, b.Name, b.Azimuth, b.Altitude, ref.AzimuthSouth+180, ref.Altitude)
			}
		}
		for _, f := range m.Lines.Features {
			az := *f.Properties.Azimuth
			for _, part := range f.Geometry.Coordinates {
				for _, pt := range part {
					dist, bearing := inverse(m.Latitude, m.Longitude, pt[1], pt[0])
					if dist < 1 || dist > 179 || math.Abs(pt[0]) == 180 {
						continue // the bearing is undefined at the birthplace and its antipode; the cut is interpolated
					}
					d := math.Abs(math.Remainder(bearing-az, 360))
					d = math.Min(d, 180-d) // the far half of the circle is seen on the back bearing
					bearq.Add(d*math.Sin(dist*deg), "case", i, f.Properties.Body, pt)
					// The positions are rounded to 1e-5 degree: the bearing
					// they give is that much over the sine of the distance.
					if measure.Over(d, 1e-5/math.Sin(dist*deg)+1e-7) {
						t.Errorf("case %d %s: point %v at bearing %.6f, line %.6f", i, f.Properties.Body, pt, bearing, az)
					}
				}
			}
		}
	}
}

// inverse returns the great-circle distance and initial bearing from
// (lat1, lon1) to (lat2, lon2), degrees (the haversine and atan2 forms).
func inverse(lat1, lon1, lat2, lon2 float64) (dist, bearing float64) {
	p1, p2, dl := lat1*deg, lat2*deg, (lon2-lon1)*deg
	a := math.Sin((p2-p1)/2)*math.Sin((p2-p1)/2) + math.Cos(p1)*math.Cos(p2)*math.Sin(dl/2)*math.Sin(dl/2)
	a = math.Min(a, 1) // rounding near the antipode
	dist = 2 * math.Atan2(math.Sqrt(a), math.Sqrt(1-a)) / deg
	bearing = math.Atan2(math.Sin(dl)*math.Cos(p2), math.Cos(p1)*math.Sin(p2)-math.Sin(p1)*math.Cos(p2)*math.Cos(dl)) / deg
	return dist, bearing
}

// TestRelocatedIsNatal: the relocated chart equals, byte for byte, the
// natal chart cast at the new place with the birth's instant given in UTC
// (the same planets, angles, cusps, houses and aspects), for the fixture's
// births relocated to the next birth's place; a location is geocoded and
// named in the echo.
func TestRelocatedIsNatal(t *testing.T) {
	fx := loadFixture(t)
	ts := startTestServer(t, apitest.Tables(t))
	for i, c := range fx.Cases {
		var birth, to struct {
			Latitude  float64 `json:"latitude"`
			Longitude float64 `json:"longitude"`
		}
		json.Unmarshal(c.Request, &birth)
		json.Unmarshal(fx.Cases[(i+1)%len(fx.Cases)].Request, &to)
		reloc := ts.Post(t, "/api/v1/relocation", withFields(c.Request, fmt.Sprintf(`"house_system":"koch","relocation":{"latitude":%v,"longitude":%v}`, to.Latitude, to.Longitude))).WantStatus(t, 200).Envelope(t)
		// The same instant (UTC) at the new place.
		var req map[string]any
		if err := json.Unmarshal(c.Request, &req); err != nil {
			t.Fatal(err)
		}
		req["latitude"], req["longitude"] = to.Latitude, to.Longitude
		moved, _ := json.Marshal(req)
		body := string(moved)
		nat := ts.Post(t, "/api/v1/natal", withFields(json.RawMessage(body), `"house_system":"koch"`)).WantStatus(t, 200).Envelope(t)
		if !bytes.Equal(reloc.Result, nat.Result) {
			t.Errorf("case %d: relocated chart differs from the natal chart at the new place:\n%s\n%s", i, apitest.Truncate(reloc.Result, 300), apitest.Truncate(nat.Result, 300))
		}
		var in locational.RelocationRequest
		if err := json.Unmarshal(reloc.Input, &in); err != nil {
			t.Fatal(err)
		}
		if la, lo := in.Relocation.Latitude, in.Relocation.Longitude; la == nil || lo == nil || *la != to.Latitude || *lo != to.Longitude || *in.Latitude != birth.Latitude {
			t.Errorf("case %d: echo %+v", i, in.Relocation)
		}
	}
	env := ts.Post(t, "/api/v1/relocation", `{"year":1990,"month":7,"day":14,"hour":14,"minute":30,"latitude":51.5074,"longitude":-0.1278,"timezone":"Europe/London","relocation":{"location":"Tokyo"}}`).WantStatus(t, 200).Envelope(t)
	var in locational.RelocationRequest
	var chart natal.Chart
	if err := json.Unmarshal(env.Input, &in); err != nil {
		t.Fatal(err)
	}
	json.Unmarshal(env.Result, &chart)
	if g := in.Relocation.Geocoded; g == nil || g.Country != "JP" || measure.Over(math.Abs(*in.Relocation.Latitude-35.7), 0.2) || in.BirthTime != "14:30:00" || len(chart.Houses.Cusps) != 12 {
		t.Errorf("geocoded relocation: %+v %+v", in.Relocation, g)
	}
	// The echo sent back gives the same answer.
	again := ts.Post(t, "/api/v1/relocation", string(env.Input)).WantStatus(t, 200).Envelope(t)
	if !bytes.Equal(again.Result, env.Result) {
		t.Error("the echo sent back gives another chart")
	}
}

// TestRelocationEcho holds the hand-written echo equal to go-json's.
func TestRelocationEcho(t *testing.T) {
	ts := startTestServer(t, apitest.Tables(t))
	for _, body := range []string{
		`{"year":1990,"month":7,"day":14,"latitude":51.5,"longitude":0,"relocation":{"latitude":10,"longitude":20}}`,
		`{"year":1990,"month":7,"day":14,"latitude":51.5,"longitude":0,"timezone":"auto","zodiac_type":"sidereal","orbs":{"trine":5,"conjunction":9},"relocation":{"location":"Paris, FR","latitude":48.85,"longitude":2.35}}`,
	} {
		env := ts.Post(t, "/api/v1/relocation", body).WantStatus(t, 200).Envelope(t)
		var in locational.RelocationRequest
		if err := json.Unmarshal(env.Input, &in); err != nil {
			t.Fatal(err)
		}
		// The echo decoded back: the hand-written writer, go-json and the
		// echo itself agree byte for byte.
		want, err := json.MarshalWithOption(&in, json.DisableHTMLEscape())
		if err != nil {
			t.Fatal(err)
		}
		if got := in.AppendJSON(nil); !bytes.Equal(got, want) || !bytes.Equal(got, env.Input) {
			t.Errorf("AppendJSON:\n%s\ngo-json:\n%s\nthe echo:\n%s", got, want, env.Input)
		}
	}
}

// TestMapSVG: the map is well-formed SVG with the land outline, a line
// path per line of the GeoJSON answer and a glyph per MC and IC line.
func TestMapSVG(t *testing.T) {
	ts := startTestServer(t, apitest.Tables(t))
	r := ts.Post(t, "/api/v1/astrocartography/svg", `{"year":1990,"month":7,"day":14,"hour":14,"minute":30,"latitude":51.5074,"longitude":-0.1278,"timezone":"Europe/London","theme":"dark","width":800}`).WantStatus(t, 200)
	if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "image/svg+xml") {
		t.Fatalf("content type %q", ct)
	}
	dec := xml.NewDecoder(bytes.NewReader(r.Body))
	paths := 0
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "path" {
			paths++
		}
	}
	// Land, 40 lines, 20 glyphs, 4 legend samples.
	if paths != 1+40+20+4 || !bytes.Contains(r.Body, []byte(`width="800" height="400"`)) {
		t.Errorf("%d paths; %s", paths, apitest.Truncate(r.Body, 200))
	}
}

// TestBadInput: each route answers bad input with a 4xx naming the field.
func TestBadInput(t *testing.T) {
	ts := startTestServer(t, apitest.Tables(t))
	const base = `"year":1990,"month":7,"day":14,"latitude":51.5,"longitude":0`
	for _, c := range []struct {
		name, path, body string
		status           int
		field            string
	}{
		{"RelocationErrMissing", "/api/v1/relocation", `{` + base + `}`, 422, "relocation"},
		{"RelocationErrEmpty", "/api/v1/relocation", `{` + base + `,"relocation":{}}`, 422, "relocation.latitude"},
		{"RelocationErrLatitude", "/api/v1/relocation", `{` + base + `,"relocation":{"latitude":91,"longitude":0}}`, 422, "relocation.latitude"},
		{"RelocationErrLongitudeAlone", "/api/v1/relocation", `{` + base + `,"relocation":{"longitude":10}}`, 422, "relocation.latitude"},
		{"RelocationErrNoPlace", "/api/v1/relocation", `{` + base + `,"relocation":{"location":"Xqzzyvillebourg"}}`, 422, "relocation.location"},
		{"RelocationErrType", "/api/v1/relocation", `{` + base + `,"relocation":"Tokyo"}`, 422, "relocation"},
		{"RelocationErrUnknownTop", "/api/v1/relocation", `{` + base + `,"new_latitude":10}`, 422, "new_latitude"},
		{"RelocationErrUnknownNested", "/api/v1/relocation", `{` + base + `,"relocation":{"lattitude":10,"longitude":1}}`, 422, "relocation.lattitude"},
		{"RelocationErrHouses", "/api/v1/relocation", `{` + base + `,"house_system":"vehlov","relocation":{"latitude":1,"longitude":1}}`, 422, "house_system"},
		{"RelocationErrBirthDay", "/api/v1/relocation", `{"year":1990,"month":2,"day":30,"latitude":1,"longitude":1,"relocation":{"latitude":1,"longitude":1}}`, 422, "day"},
		{"MapErrBody", "/api/v1/astrocartography", `{` + base + `,"bodies":["sun","vulcan"]}`, 422, "bodies[1]"},
		{"MapErrBodyTwice", "/api/v1/astrocartography", `{` + base + `,"bodies":["sun","moon","sun"]}`, 422, "bodies[2]"},
		{"MapErrStepSmall", "/api/v1/astrocartography", `{` + base + `,"step":0.09}`, 422, "step"},
		{"MapErrStepBig", "/api/v1/astrocartography", `{` + base + `,"step":5.01}`, 422, "step"},
		{"MapErrParansType", "/api/v1/astrocartography", `{` + base + `,"include_parans":"yes"}`, 422, "include_parans"},
		{"MapErrUnknown", "/api/v1/astrocartography", `{` + base + `,"parans":true}`, 422, "parans"},
		{"MapErrNoPlace", "/api/v1/astrocartography", `{"year":1990,"month":7,"day":14}`, 422, "latitude"},
		{"SVGErrWidth", "/api/v1/astrocartography/svg", `{` + base + `,"width":399}`, 422, "width"},
		{"SVGErrWidthBig", "/api/v1/astrocartography/svg", `{` + base + `,"width":4001}`, 422, "width"},
		{"SVGErrTheme", "/api/v1/astrocartography/svg", `{` + base + `,"theme":"sepia"}`, 422, "theme"},
		{"SVGErrSize", "/api/v1/astrocartography/svg", `{` + base + `,"size":800}`, 422, "size"},
		{"LocalSpaceErrStep", "/api/v1/local-space", `{` + base + `,"step":0}`, 422, "step"},
		{"LocalSpaceErrBody", "/api/v1/local-space", `{` + base + `,"bodies":["Sun"]}`, 422, "bodies[0]"},
		{"LocalSpaceErrMonth", "/api/v1/local-space", `{"year":1990,"month":13,"day":1,"latitude":1,"longitude":1}`, 422, "month"},
		{"LocalSpaceErrNotJSON", "/api/v1/local-space", `{"year":`, 400, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := ts.Post(t, c.path, c.body).WantStatus(t, c.status).Problem(t)
			if c.field == "" {
				return
			}
			for _, e := range p.Errors {
				if e.Field == c.field {
					return
				}
			}
			t.Errorf("problem does not name %s: %+v", c.field, p)
		})
	}
}
