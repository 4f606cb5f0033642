package transits_test

import (
	"fmt"
	"math"
	"sort"
	"strings"
	"testing"
	"time"

	json "github.com/goccy/go-json"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/accuracy/measure"
	"github.com/astroapi/astroapi/engine/aspects"
	"github.com/astroapi/astroapi/engine/swe"
	"github.com/astroapi/astroapi/engine/transits"
	"github.com/astroapi/astroapi/http/apitest"
	routes "github.com/astroapi/astroapi/http/routes/transits"
)

func sepArcsec(a, b float64) float64 { return math.Abs(math.Remainder(a-b, 360)) * 3600 }

func datetime(jd float64) string { return engine.JDUT(jd).Time().Format(time.RFC3339Nano) }

// libswe is a body's place from the Swiss Ephemeris alone: the reference.
func libswe(t *testing.T, e *swe.Ephemeris, jd float64, b engine.Body, sid engine.Ayanamsa) engine.Position {
	t.Helper()
	p, err := e.Position(engine.JDUT(jd), b, engine.Options{Sidereal: sid})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// bodyOf maps the transit names to bodies ("North Node" is the node asked
// for).
func bodyOf(t *testing.T, name string, node engine.Body) engine.Body {
	t.Helper()
	if name == "North Node" || name == "South Node" {
		return node
	}
	for _, b := range engine.AllBodies() {
		if b.String() == name {
			return b
		}
	}
	t.Fatalf("unknown body %q", name)
	return 0
}

// bruteAspects finds, for every pair of points, the aspect of orbs with
// the smallest orb, if any: the reference the routes' aspects are held to.
// aspectAngles are the eleven named aspects and their exact angles,
// written here rather than taken from the code.
var aspectAngles = []struct {
	kind  aspects.Kind
	angle float64
	major bool
}{
	{"conjunction", 0, true}, {"opposition", 180, true}, {"trine", 120, true}, {"square", 90, true}, {"sextile", 60, true},
	{"semi_sextile", 30, false}, {"semi_square", 45, false}, {"quintile", 72, false}, {"sesquiquadrate", 135, false},
	{"biquintile", 144, false}, {"quincunx", 150, false},
}

// documentedOrbs are the default orbs as the routes document them: the
// sky's mundane aspects take the natal defaults (conjunction, opposition,
// trine 8, square 7, sextile 6; quincunx 3, other minor aspects 2), a
// transit to a natal point 3 (conjunction, opposition, square, trine), 2
// (sextile) and 1 (each minor aspect).
func documentedOrbs(toNatal, minor bool) aspects.Orbs {
	o := aspects.Orbs{"conjunction": 8, "opposition": 8, "trine": 8, "square": 7, "sextile": 6}
	if toNatal {
		o = aspects.Orbs{"conjunction": 3, "opposition": 3, "trine": 3, "square": 3, "sextile": 2}
	}
	for _, d := range aspectAngles {
		if minor && !d.major {
			o[d.kind] = map[bool]float64{false: 2, true: 1}[toNatal]
			if d.kind == "quincunx" && !toNatal {
				o[d.kind] = 3
			}
		}
	}
	return o
}

func bruteAspects(lons map[string]float64, pairs [][2]string, orbs aspects.Orbs) map[[2]string]struct {
	kind aspects.Kind
	orb  float64
} {
	out := map[[2]string]struct {
		kind aspects.Kind
		orb  float64
	}{}
	for _, p := range pairs {
		sep := math.Abs(math.Remainder(lons[p[0]]-lons[p[1]], 360))
		best, bestOrb := aspects.Kind(""), math.Inf(1)
		for _, d := range aspectAngles {
			if o, ok := orbs[d.kind]; ok && math.Abs(sep-d.angle) <= o && math.Abs(sep-d.angle) < bestOrb {
				best, bestOrb = d.kind, math.Abs(sep-d.angle)
			}
		}
		if best != "" {
			out[p] = struct {
				kind aspects.Kind
				orb  float64
			}{best, bestOrb}
		}
	}
	return out
}

// TestSkyAgainstLibswe: GET and POST /api/v1/transits at six instants of
// 1800-2400 (tropical, sidereal, mean node, asteroids, minor aspects,
// custom orbs): every body within 0.001" of libswe (the South Node
// opposite the North Node), and the mundane aspects are exactly those a
// brute force over every pair finds, orbs within 0.001°.
func TestSkyAgainstLibswe(t *testing.T) {
	ts := startTestServer(t, apitest.Tables(t))
	e := apitest.Ephemeris(t)
	cmp := measure.Compare(t, measure.About{
		What:      "The transit sky through HTTP (GET and POST /api/v1/transits): every body and the mundane aspects, tropical and sidereal, from the tables",
		Reference: "libswe (the Swiss Ephemeris files) in the test; the aspects from a brute force over every pair with the orbs the route documents",
		Sample:    "six instants of 1800-2400 (sidereal, mean node, asteroids, minor aspects, custom orbs)",
	})
	// Regression bounds near the achieved error (orbs: the last of the 7
	// decimals written).
	worstPos := cmp.Quantity("positions", "arcsec", 0.001, 0.0008)
	found := cmp.Exact("aspects: same pairs and names")
	worstOrb := cmp.Quantity("orbs", "deg", 0.001, 1e-7)
	for i, c := range []struct {
		jd    float64
		query string // GET when set
		body  string // POST otherwise
		sid   engine.Ayanamsa
		node  engine.Body
		orbs  aspects.Orbs
	}{
		{jd: 2460389.629166667, query: "", node: engine.TrueNode, orbs: documentedOrbs(false, false)},
		{jd: 2415020.5, query: "&zodiac_type=sidereal&ayanamsa=lahiri", sid: engine.Lahiri, node: engine.TrueNode, orbs: documentedOrbs(false, false)},
		{jd: 2396758.25, query: "&node_type=mean&include_asteroids=true&include_minor_aspects=true", node: engine.MeanNode, orbs: documentedOrbs(false, true)},
		{jd: 2488000.75, body: `,"orbs":{"conjunction":10,"square":4,"quincunx":3}`, node: engine.TrueNode, orbs: aspects.Orbs{"conjunction": 10, "square": 4, "quincunx": 3}},
		{jd: 2530000.1, body: `,"zodiac_type":"sidereal","ayanamsa":"kp","include_asteroids":true`, sid: engine.KP, node: engine.TrueNode, orbs: documentedOrbs(false, false)},
		{jd: 2451545.0, body: `,"node_type":"mean","include_minor_aspects":true`, node: engine.MeanNode, orbs: documentedOrbs(false, true)},
	} {
		var r *apitest.Response
		if c.body == "" {
			r = ts.Get(t, "/api/v1/transits?datetime="+datetime(c.jd)+c.query)
		} else {
			r = ts.Post(t, "/api/v1/transits", `{"datetime":"`+datetime(c.jd)+`"`+c.body+`}`)
		}
		var res transits.Sky
		if err := json.Unmarshal(r.WantStatus(t, 200).Envelope(t).Result, &res); err != nil {
			t.Fatal(err)
		}
		lons := map[string]float64{}
		var names []string
		for _, p := range res.Planets {
			ref := libswe(t, e, c.jd, bodyOf(t, p.Name, c.node), c.sid)
			lon := ref.Longitude
			if p.Name == "South Node" {
				lon += 180
			}
			worstPos.Add(sepArcsec(p.Longitude, lon), i, p.Name)
			if p.Name != "South Node" {
				lons[p.Name] = p.Longitude
				names = append(names, p.Name)
			}
		}
		if want := 14 + map[bool]int{true: 4}[strings.Contains(c.query+c.body, "asteroids")]; len(res.Planets) != want {
			t.Errorf("case %d: %d bodies, want %d", i, len(res.Planets), want)
		}
		var pairs [][2]string
		for a := range names {
			for b := a + 1; b < len(names); b++ {
				pairs = append(pairs, [2]string{names[a], names[b]})
			}
		}
		ref := bruteAspects(lons, pairs, c.orbs)
		for _, a := range res.Aspects {
			k := [2]string{a.Point1, a.Point2}
			w, ok := ref[k]
			found.Match(ok && w.kind == a.Aspect, i, a.Point1, a.Point2)
			if !ok || w.kind != a.Aspect {
				t.Errorf("case %d: %s %s %s (orb %.4f) not in the reference (%+v)", i, a.Point1, a.Aspect, a.Point2, a.Orb, w)
				continue
			}
			worstOrb.Add(math.Abs(a.Orb-w.orb), i, a.Point1, a.Point2)
			delete(ref, k)
		}
		for k, w := range ref {
			found.Match(false, i, k[0], k[1])
			t.Errorf("case %d: missing %s %s %s (orb %.4f)", i, k[0], w.kind, k[1], w.orb)
		}
		if res.Moon.Phase == "" || res.Moon.NextQuarter.Instant.JD <= c.jd {
			t.Errorf("case %d: moon phase %+v", i, res.Moon)
		}
	}
	t.Logf("%d positions: worst %.2g\" (tolerance 0.001\"); aspects: worst orb %.2g° (tolerance 0.001°)", worstPos.N(), worstPos.Max(), worstOrb.Max())
}

// refAspect is a transit-to-natal aspect the brute force finds.
type refAspect struct {
	kind        aspects.Kind
	orb         float64
	applying    bool
	perfections []float64
}

// bruteToNatal finds the transit-to-natal aspects at jd from libswe alone:
// every transiting body against every natal point, the aspect of orbs
// with the smallest orb; applying when the orb shrinks over the next
// minute; and its perfections within ±w days from libswe longitudes
// sampled every hour, bisected to 0.1 s.
func bruteToNatal(t *testing.T, e *swe.Ephemeris, natalPts []routes.NatalPoint, bodies []engine.Body, jd, w float64, orbs aspects.Orbs, sid engine.Ayanamsa) map[[2]string]refAspect {
	t.Helper()
	out := map[[2]string]refAspect{}
	for _, b := range bodies {
		name := b.String()
		if b == engine.TrueNode || b == engine.MeanNode {
			name = "North Node"
		}
		tl := libswe(t, e, jd, b, sid).Longitude
		soon := libswe(t, e, jd+1.0/1440, b, sid).Longitude
		var track []float64
		for _, np := range natalPts {
			sep := math.Abs(math.Remainder(np.Longitude-tl, 360))
			best, bestOrb := aspectAngles[0], math.Inf(1)
			for _, d := range aspectAngles {
				if o, ok := orbs[d.kind]; ok && math.Abs(sep-d.angle) <= o && math.Abs(sep-d.angle) < bestOrb {
					best, bestOrb = d, math.Abs(sep-d.angle)
				}
			}
			if math.IsInf(bestOrb, 1) {
				continue
			}
			ra := refAspect{kind: best.kind, orb: bestOrb}
			ra.applying = math.Abs(math.Abs(math.Remainder(np.Longitude-soon, 360))-best.angle) < bestOrb
			side := math.Remainder(np.Longitude-tl, 360)
			target := np.Longitude - math.Copysign(best.angle, side)
			if track == nil {
				for h := 0; h <= int(2*w*24); h++ {
					track = append(track, libswe(t, e, jd-w+float64(h)/24, b, sid).Longitude)
				}
			}
			for h := 0; h+1 < len(track); h++ {
				r0, r1 := math.Remainder(track[h]-target, 360), math.Remainder(track[h+1]-target, 360)
				if (r0 < 0) == (r1 < 0) || math.Abs(r1-r0) > 90 {
					continue
				}
				a, c := jd-w+float64(h)/24, jd-w+float64(h+1)/24
				for c-a > 1e-6 {
					m := (a + c) / 2
					if rm := math.Remainder(libswe(t, e, m, b, sid).Longitude-target, 360); (rm < 0) == (r0 < 0) {
						a = m
					} else {
						c = m
					}
				}
				ra.perfections = append(ra.perfections, (a+c)/2)
			}
			out[[2]string{name, np.Name}] = ra
		}
	}
	return out
}

// TestToNatalBruteForce: POST /api/v1/transits/to-natal for four natal
// charts and transit instants (tropical with the defaults, sidereal lahiri
// with minor aspects and a 45-day window, wide custom orbs with every
// perfection listed, a birth of 44 BC in the Julian calendar transited in
// 1582): every transit-to-natal aspect the libswe brute force finds is
// present and no other, orbs within 0.001°, applying as the brute force
// says, exact_at and every perfection within 60 s; the natal points are
// libswe's at the birth (the Sun within 1"); every transiting body has a
// natal house.
func TestToNatalBruteForce(t *testing.T) {
	ts := startTestServer(t, apitest.Tables(t))
	e := apitest.Ephemeris(t)
	all := []engine.Body{engine.Sun, engine.Moon, engine.Mercury, engine.Venus, engine.Mars, engine.Jupiter, engine.Saturn, engine.Uranus, engine.Neptune, engine.Pluto, engine.TrueNode, engine.MeanLilith, engine.Chiron}
	cmp := measure.Compare(t, measure.About{
		What:      "Transits to a natal chart through HTTP (POST /api/v1/transits/to-natal): the aspects, their orbs, applying or separating, exact_at and every perfection; the natal Sun",
		Reference: "a brute force in the test over libswe positions, with the orbs the route documents: every transiting body against every natal point, perfections bisected to 0.1 s",
		Sample:    "four natal charts and transit instants: tropical defaults, Lahiri with minor aspects, wide orbs with all perfections, a birth of 44 BC transited in 1582",
	})
	// Regression bounds near the achieved error (instants: the brute
	// force's bisection to 1e-6 day, 0.09 s).
	natalSun := cmp.Quantity("natal Sun", "arcsec", 1, 0.0006)
	found := cmp.Exact("aspects: same pairs, names, applying")
	worstOrb := cmp.Quantity("orbs", "deg", 0.001, 3e-7)
	worstT := cmp.Quantity("exact_at and perfections", "s", 60, 0.4)
	for _, c := range []struct {
		name, natal, extra string
		at                 float64
		sid                engine.Ayanamsa
		orbs               aspects.Orbs
		window             float64
		all                bool
		bodies             []engine.Body
		birthJD            float64
	}{
		{"London2024", `{"year":1990,"month":7,"day":14,"hour":14,"minute":30,"latitude":51.5074,"longitude":-0.1278,"timezone":"Europe/London"}`, ``,
			2460389.629166667, "", documentedOrbs(true, false), 30, false, all, 2448087.0625},
		{"MumbaiSidereal2031", `{"year":1975,"month":11,"day":9,"hour":21,"latitude":19.1,"longitude":72.9,"zodiac_type":"sidereal","ayanamsa":"lahiri"}`, `,"include_minor_aspects":true,"window_days":45`,
			2463047.0, engine.Lahiri, documentedOrbs(true, true), 45, false, all, 2442726.375},
		{"TokyoWideAll1893", `{"year":1850,"month":3,"day":3,"hour":2,"latitude":35.7,"longitude":139.7}`, `,"all_perfections":true,"orbs":{"conjunction":8,"opposition":8,"trine":8,"square":7,"sextile":6}`,
			2412324.8958333335, "", aspects.Orbs{"conjunction": 8, "opposition": 8, "trine": 8, "square": 7, "sextile": 6}, 30, true, all, 2396819.5833333335},
		{"Julian44BC", `{"year":-43,"month":3,"day":15,"hour":12,"latitude":41.9,"longitude":12.5}`, `,"calendar":"julian","all_perfections":true,"window_days":10`,
			2299155.0, "", documentedOrbs(true, false), 10, true, all[:12], 1705426.0},
	} {
		t.Run(c.name, func(t *testing.T) {
			body := fmt.Sprintf(`{"natal":%s,"datetime":"%s"%s}`, c.natal, datetime(c.at), c.extra)
			if c.name == "Julian44BC" {
				// 1582-09-29 Julian, 12:00 UT (JD 2299155.0): the instant as year..minute.
				body = `{"natal":` + c.natal + `,"year":1582,"month":9,"day":29,"hour":12` + c.extra + `}`
			}
			env := ts.Post(t, "/api/v1/transits/to-natal", body).WantStatus(t, 200).Envelope(t)
			var got routes.ToNatal
			if err := json.Unmarshal(env.Result, &got); err != nil {
				t.Fatal(err)
			}
			if measure.Over(math.Abs(got.JD-c.at), 1e-8) {
				t.Fatalf("transit JD %.8f, want %.8f", got.JD, c.at)
			}
			// The natal chart is libswe's at the birth.
			for _, p := range got.NatalPoints {
				if p.Name == "Sun" {
					d := sepArcsec(p.Longitude, libswe(t, e, c.birthJD, engine.Sun, c.sid).Longitude)
					natalSun.Add(d, c.name)
					if measure.Over(d, 1) {
						t.Errorf("natal Sun %.3f\" off", d)
					}
				}
			}
			ref := bruteToNatal(t, e, got.NatalPoints, c.bodies, c.at, c.window, c.orbs, c.sid)
			var orbs, instants measure.Worst // this case's
			perfections := 0
			for _, a := range got.Aspects {
				k := [2]string{a.Transit, a.Natal}
				r, ok := ref[k]
				found.Match(ok && a.Aspect == r.kind && a.Applying == r.applying, c.name, a.Transit, a.Natal)
				if !ok {
					t.Errorf("%s %s %s (orb %.4f) not in the reference", a.Transit, a.Aspect, a.Natal, a.Orb)
					continue
				}
				delete(ref, k)
				if a.Aspect != r.kind || a.Applying != r.applying {
					t.Errorf("%s/%s: %s applying %v, reference %s applying %v", a.Transit, a.Natal, a.Aspect, a.Applying, r.kind, r.applying)
				}
				worstOrb.Add(math.Abs(a.Orb-r.orb), c.name, a.Transit, a.Natal)
				orbs.Add(math.Abs(a.Orb - r.orb))
				if c.all {
					if len(a.Perfections) != len(r.perfections) {
						t.Errorf("%s %s %s: %d perfections, reference %d", a.Transit, a.Aspect, a.Natal, len(a.Perfections), len(r.perfections))
						continue
					}
					for i, p := range r.perfections {
						worstT.Add(math.Abs(a.Perfections[i].JD-p)*86400, c.name, a.Transit, a.Natal, i)
						instants.Add(math.Abs(a.Perfections[i].JD-p) * 86400)
						perfections++
					}
				}
				var want *float64
				for i := range r.perfections {
					p := r.perfections[i]
					if a.Applying && p >= c.at && want == nil {
						want = &p
					}
					if !a.Applying && p <= c.at {
						want = &p
					}
				}
				if (want == nil) != (a.ExactAt == nil) || want != nil && measure.Over(math.Abs(a.ExactAt.JD-*want)*86400, 60) {
					t.Errorf("%s %s %s: exact_at %v, reference %v", a.Transit, a.Aspect, a.Natal, a.ExactAt, want)
				} else if want != nil {
					worstT.Add(math.Abs(a.ExactAt.JD-*want)*86400, c.name, a.Transit, a.Natal, "exact_at")
					instants.Add(math.Abs(a.ExactAt.JD-*want) * 86400)
					perfections++
				}
			}
			var missing []string
			for k, r := range ref {
				// A pair exactly on the edge of its orb may fall either way.
				if measure.Over(math.Abs(r.orb-c.orbs[r.kind]), 1e-6) {
					found.Match(false, c.name, k[0], k[1])
					missing = append(missing, fmt.Sprintf("%s %s %s (orb %.4f)", k[0], r.kind, k[1], r.orb))
				}
			}
			sort.Strings(missing)
			for _, m := range missing {
				t.Errorf("missing %s", m)
			}
			for _, b := range got.Transits {
				if b.House < 1 || b.House > 12 {
					t.Errorf("%s: house %d", b.Name, b.House)
				}
			}
			t.Logf("%d aspects, %d perfections; worst orb %.2g° (tolerance 0.001°), worst instant %.2f s (tolerance 60 s); source %s; warnings %q",
				len(got.Aspects), perfections, orbs.Max(), instants.Max(), got.Source, env.Warnings)
			if len(got.Aspects) < 3 {
				t.Errorf("%d aspects", len(got.Aspects))
			}
		})
	}
}
