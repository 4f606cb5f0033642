package transits

import (
	"bytes"
	"encoding/xml"
	"errors"
	"image/png"
	"io"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/accuracy/measure"
	"github.com/astroapi/astroapi/engine/aspects"
	"github.com/astroapi/astroapi/engine/natal"
	"github.com/astroapi/astroapi/engine/swe"
	"github.com/astroapi/astroapi/engine/wheel"
)

var london = natal.Birth{JD: engine.JDOf(time.Date(1990, 5, 17, 13, 30, 0, 0, time.UTC)), Latitude: 51.5, Longitude: -0.12}

// libswePos is a body's longitude and speed from libswe, the reference.
func libswePos(t *testing.T, e *swe.Ephemeris, jd float64, b engine.Body, sid engine.Ayanamsa) engine.Position {
	t.Helper()
	p, err := e.Position(engine.JDUT(jd), b, engine.Options{Sidereal: sid})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// refAspect is an aspect the brute force finds.
type refAspect struct {
	transit, natal string
	kind           aspects.Kind
	orb            float64
	perfections    []float64
}

// bruteToNatal finds every transit-to-natal aspect at jd from libswe
// positions, trying every aspect kind on every pair, keeping the smallest
// orb within the orbs; and each one's perfections within ±w days from
// libswe longitudes every hour, bisected to 0.1 s.
func bruteToNatal(t *testing.T, e *swe.Ephemeris, n Natal, jd, w float64, orbs aspects.Orbs, sid engine.Ayanamsa) []refAspect {
	t.Helper()
	bodies := []engine.Body{engine.Sun, engine.Moon, engine.Mercury, engine.Venus, engine.Mars, engine.Jupiter, engine.Saturn, engine.Uranus, engine.Neptune, engine.Pluto, engine.TrueNode, engine.MeanLilith, engine.Chiron}
	var out []refAspect
	for _, b := range bodies {
		name := b.String()
		if b == engine.TrueNode {
			name = natal.NorthNode
		}
		tl := libswePos(t, e, jd, b, sid).Longitude
		var track []float64 // hourly longitudes, made when needed
		for _, np := range n.Points {
			sep := math.Abs(math.Remainder(np.Longitude-tl, 360))
			best, bestOrb := aspects.Def{}, math.Inf(1)
			for _, d := range aspects.Defs {
				if o, ok := orbs[d.Kind]; ok && math.Abs(sep-d.Angle) <= o && math.Abs(sep-d.Angle) < bestOrb {
					best, bestOrb = d, math.Abs(sep-d.Angle)
				}
			}
			if math.IsInf(bestOrb, 1) {
				continue
			}
			side := math.Remainder(np.Longitude-tl, 360)
			target := np.Longitude - math.Copysign(best.Angle, side)
			if track == nil {
				for h := 0; h <= int(2*w*24); h++ {
					track = append(track, libswePos(t, e, jd-w+float64(h)/24, b, sid).Longitude)
				}
			}
			ra := refAspect{transit: name, natal: np.Name, kind: best.Kind, orb: bestOrb}
			for h := 0; h+1 < len(track); h++ {
				r0, r1 := math.Remainder(track[h]-target, 360), math.Remainder(track[h+1]-target, 360)
				if (r0 < 0) == (r1 < 0) || math.Abs(r1-r0) > 90 {
					continue
				}
				a, c := jd-w+float64(h)/24, jd-w+float64(h+1)/24
				for c-a > 1e-6 {
					m := (a + c) / 2
					if rm := math.Remainder(libswePos(t, e, m, b, sid).Longitude-target, 360); (rm < 0) == (r0 < 0) {
						a = m
					} else {
						c = m
					}
				}
				ra.perfections = append(ra.perfections, (a+c)/2)
			}
			out = append(out, ra)
		}
	}
	return out
}

// TestToNatalBruteForce: every transit-to-natal aspect the brute force
// finds is present (and no other), orbs within 0.001°, exact_at and (when
// asked for) every perfection within 60 s, for three natal charts and
// transit instants, one sidereal.
func TestToNatalBruteForce(t *testing.T) {
	pos, _, e := sources(t)
	cases := []struct {
		name  string
		birth natal.Birth
		o     natal.Options
		at    time.Time
		opts  ToNatalOptions
	}{
		{"London2024", london, natal.Options{}, time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC), ToNatalOptions{}},
		{"London2024All", london, natal.Options{}, time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC), ToNatalOptions{AllPerfections: true}},
		{"Tokyo1850WideOrbs", natal.Birth{JD: engine.JDOf(time.Date(1850, 3, 3, 2, 0, 0, 0, time.UTC)), Latitude: 35.7, Longitude: 139.7}, natal.Options{},
			time.Date(1893, 8, 14, 9, 30, 0, 0, time.UTC), ToNatalOptions{Options: Options{Orbs: aspects.DefaultOrbs(true)}, AllPerfections: true}},
		{"Tokyo1850WideOrbsExactOnly", natal.Birth{JD: engine.JDOf(time.Date(1850, 3, 3, 2, 0, 0, 0, time.UTC)), Latitude: 35.7, Longitude: 139.7}, natal.Options{},
			time.Date(1893, 8, 14, 9, 30, 0, 0, time.UTC), ToNatalOptions{Options: Options{Orbs: aspects.DefaultOrbs(true)}}},
		{"SiderealLahiri", natal.Birth{JD: engine.JDOf(time.Date(1975, 11, 9, 21, 0, 0, 0, time.UTC)), Latitude: 19.1, Longitude: 72.9}, natal.Options{Sidereal: engine.Lahiri},
			time.Date(2031, 6, 30, 12, 0, 0, 0, time.UTC), ToNatalOptions{Options: Options{MinorAspects: true}, WindowDays: 45}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			chart, err := natal.Compute(pos, c.birth, c.o)
			if err != nil {
				t.Fatal(err)
			}
			jd := engine.JDOf(c.at)
			got, err := ToNatalChart(pos, chart, jd, c.opts)
			if err != nil {
				t.Fatal(err)
			}
			orbs := c.opts.Orbs
			if orbs == nil {
				orbs = DefaultOrbs(c.opts.MinorAspects)
			}
			w := c.opts.WindowDays
			if w == 0 {
				w = DefaultWindowDays
			}
			ref := bruteToNatal(t, e, NatalOf(chart), float64(jd), w, orbs, c.o.Sidereal)
			gotBy := map[string]Aspect{}
			for _, a := range got.Aspects {
				gotBy[a.Transit+"/"+a.Natal] = a
			}
			var worstOrb, worstT float64
			perfections := 0
			for _, r := range ref {
				g, ok := gotBy[r.transit+"/"+r.natal]
				if !ok {
					// A pair exactly on the edge of its orb may fall either way.
					if measure.Over(math.Abs(r.orb-orbs[r.kind]), 1e-6) {
						t.Errorf("missing %s %s %s (orb %.4f)", r.transit, r.kind, r.natal, r.orb)
					}
					continue
				}
				delete(gotBy, r.transit+"/"+r.natal)
				if g.Aspect != r.kind {
					t.Errorf("%s/%s: %s, reference %s", r.transit, r.natal, g.Aspect, r.kind)
				}
				worstOrb = max(worstOrb, math.Abs(g.Orb-r.orb))
				if c.opts.AllPerfections && len(g.Perfections) != len(r.perfections) {
					t.Errorf("%s %s %s: %d perfections, reference %d", r.transit, r.kind, r.natal, len(g.Perfections), len(r.perfections))
					continue
				}
				if c.opts.AllPerfections {
					for i, p := range r.perfections {
						worstT = max(worstT, math.Abs(g.Perfections[i].JD-p)*86400)
						perfections++
					}
				}
				// exact_at is the next perfection when applying, the last
				// one when separating.
				var want *float64
				for i := range r.perfections {
					p := r.perfections[i]
					if g.Applying && p >= float64(jd) && want == nil {
						want = &p
					}
					if !g.Applying && p <= float64(jd) {
						want = &p
					}
				}
				if (want == nil) != (g.ExactAt == nil) || want != nil && measure.Over(math.Abs(g.ExactAt.JD-*want)*86400, 60) {
					t.Errorf("%s %s %s: exact_at %v, reference %v", r.transit, r.kind, r.natal, g.ExactAt, want)
				} else if want != nil {
					worstT = max(worstT, math.Abs(g.ExactAt.JD-*want)*86400)
					perfections++
				}
			}
			for k := range gotBy {
				t.Errorf("aspect %s not in the reference", k)
			}
			t.Logf("%d aspects, %d perfections; worst orb %.2g°, worst instant %.2f s (tolerances 0.001°, 60 s); source %s", len(ref), perfections, worstOrb, worstT, got.Source)
			if measure.Over(worstOrb, 0.001) || measure.Over(worstT, 60) || len(ref) < 5 {
				t.Errorf("worst orb %.3g°, worst instant %.1f s, %d aspects", worstOrb, worstT, len(ref))
			}
			// Houses: every transiting body in the natal house holding it.
			for _, b := range got.Transits {
				if b.House < 1 || b.House > 12 {
					t.Errorf("%s: house %d", b.Name, b.House)
				}
			}
		})
	}
}

// TestSky: the mundane aspects are natal.Compute's kind of aspects among
// the transiting bodies, and the Moon's phase is the sky package's.
func TestSky(t *testing.T) {
	pos, _, e := sources(t)
	jd := engine.JDOf(time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC))
	s, err := At(pos, jd, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Planets) != 14 || s.Source != engine.FromTables || s.Moon.Phase == "" {
		t.Fatalf("%d planets, source %s, phase %q", len(s.Planets), s.Source, s.Moon.Phase)
	}
	for _, p := range s.Planets {
		b, ok := map[string]engine.Body{"North Node": engine.TrueNode, "South Node": engine.TrueNode}[p.Name]
		if !ok {
			b = p.body
		}
		ref := libswePos(t, e, float64(jd), b, "")
		lon := ref.Longitude
		if p.Name == natal.SouthNode {
			lon += 180
		}
		if d := math.Abs(math.Remainder(p.Longitude-lon, 360)) * 3600; measure.Over(d, 0.001) {
			t.Errorf("%s off by %.4f\"", p.Name, d)
		}
	}
	for _, a := range s.Aspects {
		if measure.Over(a.Orb, aspects.DefaultOrbs(false)[a.Aspect]) || a.Point1 == natal.SouthNode || a.Point2 == natal.SouthNode {
			t.Errorf("aspect %+v", a)
		}
	}
	if len(s.Aspects) < 10 {
		t.Errorf("%d aspects", len(s.Aspects))
	}
	sid, err := At(pos, jd, Options{Sidereal: engine.J2000, Node: natal.MeanNode, IncludeAsteroids: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(sid.Planets) != 18 || sid.Conventions.Node != "mean" || sid.Ayanamsa == nil {
		t.Errorf("sidereal: %d planets, node %s", len(sid.Planets), sid.Conventions.Node)
	}
	// Declinations do not depend on the zodiac.
	for i := range s.Planets {
		if d := math.Abs(s.Planets[i].Declination-sid.Planets[i].Declination) * 3600; measure.Over(d, 0.01) && s.Planets[i].Name != "North Node" && s.Planets[i].Name != "South Node" {
			t.Errorf("%s: declination differs by %.3f\" between zodiacs", s.Planets[i].Name, d)
		}
	}
}

func TestValidation(t *testing.T) {
	pos, _, _ := sources(t)
	chart, err := natal.Compute(pos, london, natal.Options{})
	if err != nil {
		t.Fatal(err)
	}
	jd := engine.JDOf(time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC))
	cases := []struct {
		name string
		run  func() error
		want []string
	}{
		{"ErrAyanamsa", func() error { _, err := At(pos, jd, Options{Sidereal: "x"}); return err }, []string{"ayanamsa"}},
		{"ErrNode", func() error { _, err := At(pos, jd, Options{Node: "osculating"}); return err }, []string{"node_type"}},
		{"ErrOrbs", func() error { _, err := At(pos, jd, Options{Orbs: aspects.Orbs{"trine": 30}}); return err }, []string{"orbs.trine"}},
		{"ErrOrbKind", func() error {
			_, err := ToNatalChart(pos, chart, jd, ToNatalOptions{Options: Options{Orbs: aspects.Orbs{"novile": 1}}})
			return err
		}, []string{"orbs.novile"}},
		{"ErrWindow", func() error { _, err := ToNatalChart(pos, chart, jd, ToNatalOptions{WindowDays: 365}); return err }, []string{"window_days"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var fs engine.Fields
			var got []string
			if err := c.run(); errors.As(err, &fs) {
				for _, f := range fs {
					got = append(got, f.Field)
				}
			}
			if diff := cmp.Diff(c.want, got); diff != "" {
				t.Errorf("fields (-want +got):\n%s", diff)
			}
		})
	}
}

// TestWheel: the bi-wheel of a natal chart and its transits is a valid SVG
// without script, in both themes and at the size asked, with a dashed
// line per transit-to-natal aspect; a PNG is written for a look when
// WHEEL_PNG names a directory.
func TestWheel(t *testing.T) {
	pos, _, _ := sources(t)
	chart, err := natal.Compute(pos, london, natal.Options{IncludeAsteroids: true})
	if err != nil {
		t.Fatal(err)
	}
	// A crowded sky: early 1962, when five planets gathered in Aquarius.
	r, err := ToNatalChart(pos, chart, engine.JDOf(time.Date(1962, 2, 5, 0, 0, 0, 0, time.UTC)), ToNatalOptions{Options: Options{IncludeAsteroids: true, Orbs: aspects.DefaultOrbs(false)}})
	if err != nil {
		t.Fatal(err)
	}
	w := r.Wheel(chart, `Transits <&> "1962"`)
	if len(w.Outer) != len(r.Transits) || len(w.OuterAspects) != len(r.Aspects) {
		t.Fatalf("%d outer bodies, %d outer aspects", len(w.Outer), len(w.OuterAspects))
	}
	for _, th := range wheel.Themes {
		svg := wheel.Render(w, wheel.Options{Size: 900, Theme: th})
		dec := xml.NewDecoder(bytes.NewReader(svg))
		dashed := 0
		for {
			tok, err := dec.Token()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("%s: invalid SVG: %v", th, err)
			}
			if se, ok := tok.(xml.StartElement); ok {
				if se.Name.Local == "script" {
					t.Fatalf("%s: script element", th)
				}
				for _, a := range se.Attr {
					if a.Name.Local == "stroke-dasharray" {
						dashed++
					}
				}
			}
		}
		if dashed < len(r.Aspects) {
			t.Errorf("%s: %d dashed lines for %d aspects", th, dashed, len(r.Aspects))
		}
		if !bytes.Contains(svg, []byte(`width="900"`)) || !bytes.Contains(svg, []byte("Transits &lt;&amp;&gt;")) {
			t.Errorf("%s: size or escaped title missing", th)
		}
	}
	b, err := wheel.RenderPNG(w, wheel.Options{Size: 900})
	if err != nil {
		t.Fatal(err)
	}
	if img, err := png.Decode(bytes.NewReader(b)); err != nil || img.Bounds().Dx() != 900 {
		t.Fatalf("PNG: %v", err)
	}
	if dir := os.Getenv("WHEEL_PNG"); dir != "" {
		if err := os.WriteFile(filepath.Join(dir, "transits-biwheel.png"), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	names := make([]string, 0, len(r.Transits))
	for _, b := range r.Transits {
		names = append(names, b.Name)
	}
	sort.Strings(names)
	if !strings.Contains(strings.Join(names, ","), "Vesta") {
		t.Errorf("transits %v", names)
	}
}
