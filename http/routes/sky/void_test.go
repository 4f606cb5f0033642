package sky_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/accuracy/measure"
	"github.com/astroapi/astroapi/engine/aspects"
	"github.com/astroapi/astroapi/engine/sky"
	"github.com/astroapi/astroapi/engine/swe"
	"github.com/astroapi/astroapi/http/apitest"
)

// refVoid is a void-of-course period the brute force finds.
type refVoid struct {
	start, end float64
	planet     string
	kind       aspects.Kind // "" when void from the ingress
}

// bruteVoid builds the void-of-course periods between the first and the
// last sign ingress of the Moon in [from, to] from libswe positions alone
// (no tables, no code of the engine's searches): the Moon and the planets
// every 10 minutes, ingresses and exact Ptolemaic aspects found as changes
// of sign between samples and bisected on libswe to 0.1 s, then the
// definition applied: a period runs from the last exact aspect while the
// Moon is in a sign (or the ingress when there is none) to the next
// ingress.
func bruteVoid(t *testing.T, e *swe.Ephemeris, from, to float64, planets []engine.Body, sid engine.Ayanamsa) []refVoid {
	t.Helper()
	lon := func(jd float64, b engine.Body) float64 {
		p, err := e.Position(engine.JDUT(jd), b, engine.Options{Sidereal: sid})
		if err != nil {
			t.Fatal(err)
		}
		return p.Longitude
	}
	bisect := func(g func(float64) float64, a, b float64) float64 {
		ga := g(a)
		for b-a > 1e-6 {
			m := (a + b) / 2
			if gm := g(m); (gm < 0) == (ga < 0) {
				a, ga = m, gm
			} else {
				b = m
			}
		}
		return (a + b) / 2
	}
	angles := []struct {
		a    float64
		kind aspects.Kind
	}{{0, aspects.Conjunction}, {60, aspects.Sextile}, {90, aspects.Square}, {120, aspects.Trine}, {180, aspects.Opposition},
		{240, aspects.Trine}, {270, aspects.Square}, {300, aspects.Sextile}}
	type hit struct {
		t      float64
		planet engine.Body
		kind   aspects.Kind
	}
	const step = 10.0 / 1440
	var ingresses []float64
	var hits []hit
	sample := func(jd float64) []float64 {
		out := []float64{lon(jd, engine.Moon)}
		for _, b := range planets {
			out = append(out, lon(jd, b))
		}
		return out
	}
	prev := sample(from)
	for jd := from + step; jd <= to; jd += step {
		cur := sample(jd)
		if s0, s1 := int(prev[0]/30), int(cur[0]/30); s0 != s1 {
			target := float64(s1) * 30
			ingresses = append(ingresses, bisect(func(x float64) float64 { return math.Remainder(lon(x, engine.Moon)-target, 360) }, jd-step, jd))
		}
		for i, b := range planets {
			d0, d1 := engine.Normalize(prev[0]-prev[i+1]), engine.Normalize(cur[0]-cur[i+1])
			for _, a := range angles {
				r0, r1 := math.Remainder(d0-a.a, 360), math.Remainder(d1-a.a, 360)
				if (r0 < 0) != (r1 < 0) && math.Abs(r1-r0) < 90 {
					tx := bisect(func(x float64) float64 {
						return math.Remainder(engine.Normalize(lon(x, engine.Moon)-lon(x, b))-a.a, 360)
					}, jd-step, jd)
					hits = append(hits, hit{tx, b, a.kind})
				}
			}
		}
		prev = cur
	}
	var out []refVoid
	for k := 0; k+1 < len(ingresses); k++ {
		p := refVoid{start: ingresses[k], end: ingresses[k+1]}
		for _, h := range hits {
			if h.t > ingresses[k] && h.t <= ingresses[k+1] && h.t > p.start {
				p.start, p.planet, p.kind = h.t, h.planet.String(), h.kind
			}
		}
		out = append(out, p)
	}
	return out
}

// TestVoidAgainstBruteForce: POST /api/v1/void-of-course/periods against
// the brute force, for traditional planets over 45 days of 2024, modern
// planets over 20 days of 1850 and a sidereal (lahiri) span over 20 days
// of 2150: the same periods, the same last aspect (planet and kind), both
// instants within 60 s; and GET /api/v1/void-of-course inside and between
// the periods says void or not, with that period.
func TestVoidAgainstBruteForce(t *testing.T) {
	ts := startTestServer(t, apitest.Tables(t))
	e := apitest.Ephemeris(t)
	traditional := []engine.Body{engine.Sun, engine.Mercury, engine.Venus, engine.Mars, engine.Jupiter, engine.Saturn}
	modern := append(append([]engine.Body(nil), traditional...), engine.Uranus, engine.Neptune, engine.Pluto)
	st := newStats(t, measure.About{
		What:      "Void-of-course Moon periods through HTTP (POST /api/v1/void-of-course/periods): the last aspect, the start and end instants; traditional, modern and sidereal",
		Reference: "a brute force in the test over libswe positions (every aspect of the Moon to each planet, found by bisection)",
		Sample:    "45 days of 2024 (traditional), 20 days of 1850 (modern), 20 days of 2150 (Lahiri)",
	}, voidAgainstBruteForceRegression)
	last := st.c.Exact("last aspect: planet and kind")
	for _, c := range []struct {
		name     string
		from, to float64 // JD (UT)
		set      string
		bodies   []engine.Body
		sid      engine.Ayanamsa
	}{
		{"Traditional2024", 2460310.5, 2460355.5, "traditional", traditional, ""},
		{"Modern1850", 2396758.5, 2396778.5, "modern", modern, ""},
		{"SiderealLahiri2150", 2506550.5, 2506570.5, "traditional", traditional, engine.Lahiri},
	} {
		ref := bruteVoid(t, e, c.from, c.to, c.bodies, c.sid)
		if len(ref) < 6 {
			t.Fatalf("%s: %d reference periods", c.name, len(ref))
		}
		zodiac := ""
		if c.sid != "" {
			zodiac = `,"zodiac_type":"sidereal","ayanamsa":"` + string(c.sid) + `"`
		}
		// From just after the first reference ingress to the last: the
		// route's first period is the one the reference starts with.
		var res sky.VoidList
		call(t, ts, "/api/v1/void-of-course/periods", fmt.Sprintf(`{"start":"%s","end":"%s","planets":"%s"%s}`,
			datetime(ref[0].end-1e-3), datetime(ref[len(ref)-1].end-1e-3), c.set, zodiac), &res)
		got := res.Periods
		if len(got) != len(ref) {
			t.Fatalf("%s: %d periods, reference %d", c.name, len(got), len(ref))
		}
		for i, r := range ref {
			g := got[i]
			at := c.name + " " + datetime(r.end)
			st.add("start", math.Abs(g.Start.JD-r.start)*86400, 60, "s", at)
			st.add("end", math.Abs(g.End.JD-r.end)*86400, 60, "s", at)
			last.Match((r.kind == "" && g.LastAspect == nil) || (r.kind != "" && g.LastAspect != nil && g.LastAspect.Planet == r.planet && g.LastAspect.Aspect == r.kind), at)
			switch {
			case r.kind == "" && g.LastAspect != nil:
				t.Errorf("%s: last aspect %+v, reference void from the ingress", at, *g.LastAspect)
			case r.kind != "" && (g.LastAspect == nil || g.LastAspect.Planet != r.planet || g.LastAspect.Aspect != r.kind):
				t.Errorf("%s: last aspect %+v, reference %s %s", at, g.LastAspect, r.kind, r.planet)
			}
			// Inside the period, and an instant before it (after the
			// previous one ended).
			var in, before sky.Void
			q := "/api/v1/void-of-course?planets=" + c.set
			if c.sid != "" {
				q += "&zodiac_type=sidereal&ayanamsa=" + string(c.sid)
			}
			call(t, ts, q+"&datetime="+datetime((r.start+r.end)/2), nil, &in)
			if !in.IsVoid || measure.Over(math.Abs(in.Period.End.JD-r.end)*86400, 60) {
				t.Errorf("%s: inside the period: is_void %v, period ending %v", at, in.IsVoid, in.Period.End.Datetime)
			}
			if i > 0 && measure.Over(r.start-ref[i-1].end, 2.0/24) { // an hour before, outside any period
				call(t, ts, q+"&datetime="+datetime(r.start-1.0/24), nil, &before)
				if before.IsVoid || measure.Over(math.Abs(before.Period.Start.JD-r.start)*86400, 60) {
					t.Errorf("%s: before the period: is_void %v, next period from %v", at, before.IsVoid, before.Period.Start.Datetime)
				}
			}
		}
	}
	st.report(t)
}

// voidAgainstBruteForceRegression are the regression bounds of TestVoidAgainstBruteForce: about
// three times the worst error achieved, at most the contract\'s bound.
var voidAgainstBruteForceRegression = map[string]float64{
	"end":   0.15,
	"start": 0.15,
}
