package wheel

import (
	"bytes"
	"encoding/xml"
	"image/png"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/accuracy/measure"
	"github.com/astroapi/astroapi/engine/aspects"
	"github.com/astroapi/astroapi/engine/natal"
	"github.com/astroapi/astroapi/engine/swe"
)

// stellium is a hand-made chart: six bodies within 10 degrees of Aries
// 20-29 plus the rest spread out, with aspects of several kinds.
func stellium() *Chart {
	c := &Chart{
		Title:     `Stellium <test> & "quotes"`,
		Ascendant: 95, Midheaven: 5,
		Bodies: []Body{
			{"Sun", 20, false}, {"Moon", 22, false}, {"Mercury", 23.5, true}, {"Venus", 25, false},
			{"Mars", 27, false}, {"Jupiter", 29.5, false}, {"Saturn", 200, true}, {"Uranus", 140, false},
			{"Neptune", 260, false}, {"Pluto", 210, true}, {"North Node", 100, true}, {"South Node", 280, true},
			{"Lilith", 330, false}, {"Chiron", 18, false},
		},
	}
	for i := range c.Cusps {
		c.Cusps[i] = engine.Normalize(95 + 30*float64(i) + 4*math.Sin(float64(i)))
	}
	return c
}

func TestRenderValidSVG(t *testing.T) {
	c := stellium()
	c.Aspects = nil
	for _, th := range Themes {
		svg := Render(c, Options{Size: 800, Theme: th})
		dec := xml.NewDecoder(strings.NewReader(string(svg)))
		var root string
		texts := 0
		for {
			tok, err := dec.Token()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("%s: invalid XML: %v", th, err)
			}
			if se, ok := tok.(xml.StartElement); ok {
				if root == "" {
					root = se.Name.Local
					vb := ""
					for _, a := range se.Attr {
						if a.Name.Local == "viewBox" {
							vb = a.Value
						}
					}
					if vb != "0 0 1000 1000" {
						t.Errorf("viewBox %q", vb)
					}
				}
				if se.Name.Local == "text" {
					texts++
				}
			}
			if cd, ok := tok.(xml.CharData); ok && strings.Contains(string(cd), "Stellium <test>") {
				texts += 1000 // the title survived escaping and decoding intact
			}
		}
		if root != "svg" || texts < 1000 {
			t.Errorf("%s: root %q, texts %d", th, root, texts)
		}
		if strings.Contains(string(svg), "<test>") {
			t.Error("unescaped title")
		}
	}
}

// Spread keeps every pair of displayed glyphs at least the separation
// apart, and moves nothing that was not crowded.
func TestSpread(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for trial := range 3000 {
		n := 2 + r.IntN(17)
		lons := make([]float64, n)
		centre := r.Float64() * 360
		width := 5 + r.Float64()*355
		for i := range lons {
			lons[i] = engine.Normalize(centre + r.Float64()*width)
		}
		out := Spread(lons, MinSeparation)
		for i := range out {
			for j := i + 1; j < n; j++ {
				if d := math.Abs(math.Remainder(out[i]-out[j], 360)); d < MinSeparation-1e-9 {
					t.Fatalf("trial %d: %d and %d shown %.3f apart (%v -> %v)", trial, i, j, d, lons, out)
				}
			}
		}
		for i := range out {
			alone := true
			for j := range lons {
				if j != i && math.Abs(math.Remainder(lons[i]-lons[j], 360)) < 3*MinSeparation*float64(n) {
					alone = false
				}
			}
			if alone && measure.Over(math.Abs(math.Remainder(out[i]-lons[i], 360)), 1e-9) {
				t.Fatalf("isolated point moved: %v -> %v", lons[i], out[i])
			}
		}
	}
}

// TestWritePNG renders the hard cases (a stellium, a bi-wheel, a polar
// chart, clockwise polar Campanus houses, a sidereal dark chart) to SVG and
// PNG in $WHEEL_OUT (skipped unless set) for a person to look at, after
// checking that each SVG is well-formed XML and each PNG decodes at the
// requested size. View the SVGs as the browser does with
// chromium --headless --screenshot.
func TestWritePNG(t *testing.T) {
	dir := os.Getenv("WHEEL_OUT")
	if dir == "" {
		t.Skip("set WHEEL_OUT to a directory to write sample wheels")
	}
	e, err := swe.Open("")
	if err != nil {
		t.Skip(err)
	}
	write := func(name string, c *Chart, o Options) {
		svg := Render(c, o)
		dec := xml.NewDecoder(bytes.NewReader(svg))
		for {
			_, err := dec.Token()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("%s: invalid SVG: %v", name, err)
			}
		}
		if err := os.WriteFile(filepath.Join(dir, name+".svg"), svg, 0o644); err != nil {
			t.Fatal(err)
		}
		b, err := RenderPNG(c, o)
		if err != nil {
			t.Fatal(err)
		}
		if img, err := png.Decode(bytes.NewReader(b)); err != nil || img.Bounds().Dx() != o.Size {
			t.Fatalf("%s: PNG %v", name, err)
		}
		if err := os.WriteFile(filepath.Join(dir, name+"-go.png"), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("stellium", stellium(), Options{Size: 800})
	// A bi-wheel: the stellium chart inside, a second set outside with
	// its aspects to the inner bodies.
	bw := stellium()
	bw.Aspects = nil
	for i, b := range bw.Bodies[:10] {
		bw.Outer = append(bw.Outer, Body{Name: b.Name, Longitude: engine.Normalize(b.Longitude + 47*float64(i) + 3), Retrograde: i%4 == 3})
	}
	for _, o := range bw.Outer {
		for _, in := range bw.Bodies {
			if a, ok := aspects.Between(aspects.Point{Name: o.Name, Longitude: o.Longitude}, aspects.Point{Name: in.Name, Longitude: in.Longitude}, aspects.DefaultOrbs(false)); ok && a.Orb < 2 {
				bw.OuterAspects = append(bw.OuterAspects, a)
			}
		}
	}
	write("biwheel", bw, Options{Size: 800})
	cases := []struct {
		name string
		b    natal.Birth
		o    natal.Options
		th   Theme
	}{
		{"london", natal.Birth{JD: 2448087.1, Latitude: 51.5, Longitude: -0.13}, natal.Options{}, Light},
		{"polar", natal.Birth{JD: 2448087.1, Latitude: 78.2, Longitude: 15.6}, natal.Options{}, Light},
		{"polar-campanus-clockwise", natal.Birth{JD: 2541297.4734, Latitude: -71.363, Longitude: 100.302}, natal.Options{HouseSystem: engine.Campanus}, Light},
		{"sidereal-dark", natal.Birth{JD: 2451545.0, Latitude: 28.6, Longitude: 77.2}, natal.Options{Sidereal: engine.Lahiri, HouseSystem: engine.WholeSign, MinorAspects: true, IncludeAsteroids: true}, Dark},
	}
	for _, c := range cases {
		ch, err := natal.Compute(e, c.b, c.o)
		if err != nil {
			t.Fatal(err)
		}
		write(c.name, FromNatal(ch, c.name), Options{Size: 800, Theme: c.th})
	}
}

func BenchmarkRender(b *testing.B) {
	c := stellium()
	b.ReportAllocs()
	for b.Loop() {
		Render(c, Options{})
	}
}

func TestRenderPNG(t *testing.T) {
	c := stellium()
	for _, th := range Themes {
		b, err := RenderPNG(c, Options{Size: 400, Theme: th})
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		if img.Bounds().Dx() != 400 || img.Bounds().Dy() != 400 {
			t.Fatalf("size %v", img.Bounds())
		}
		// The corner is background; the centre line of the wheel has ink.
		bg := parseColor(palettes[th].bg)
		if r, g, bl, _ := img.At(2, 398).RGBA(); uint8(r>>8) != bg.R || uint8(g>>8) != bg.G || uint8(bl>>8) != bg.B {
			t.Errorf("%s: corner is not background", th)
		}
		inked := 0
		for x := range 400 {
			if r, g, bl, _ := img.At(x, 200).RGBA(); uint8(r>>8) != bg.R || uint8(g>>8) != bg.G || uint8(bl>>8) != bg.B {
				inked++
			}
		}
		if inked < 40 {
			t.Errorf("%s: only %d inked pixels across the middle row", th, inked)
		}
	}
}

func BenchmarkRenderPNG(b *testing.B) {
	c := stellium()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := RenderPNG(c, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
