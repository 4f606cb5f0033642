package wheel

import (
	"encoding/xml"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/astroapi/astroapi/engine"
)

type box struct {
	x0, y0, x1, y1 float64
	what           string
}

func (a box) overlaps(b box) bool {
	return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1
}

// planetBoxes reads back from the SVG the boxes of the planet glyphs
// (30-unit paths) and of their degree and minute labels, estimating text
// width generously at 0.62 em per character.
func planetBoxes(t *testing.T, svg []byte) []box {
	return labelBoxes(t, svg, []string{"scale(1.500)"}, map[string]bool{"17": true, "12": true})
}

// labelBoxes reads back glyphs drawn at scale and texts of the given font
// sizes (anchored in the middle, so titles are left out).
func labelBoxes(t *testing.T, svg []byte, scales []string, fonts map[string]bool) []box {
	t.Helper()
	var out []box
	dec := xml.NewDecoder(strings.NewReader(string(svg)))
	var cur *box
	var size float64
	for {
		tok, err := dec.Token()
		if err != nil {
			break
		}
		switch e := tok.(type) {
		case xml.StartElement:
			attr := map[string]string{}
			for _, a := range e.Attr {
				attr[a.Name.Local] = a.Value
			}
			switch {
			case e.Name.Local == "path" && slices.ContainsFunc(scales, func(sc string) bool { return strings.HasSuffix(attr["transform"], sc) }):
				var x, y float64
				fmt.Sscanf(attr["transform"], "translate(%g,%g)", &x, &y)
				out = append(out, box{x - 12, y - 12, x + 12, y + 12, "glyph"})
			case e.Name.Local == "text" && fonts[attr["font-size"]] && attr["text-anchor"] == "middle":
				x, _ := strconv.ParseFloat(attr["x"], 64)
				y, _ := strconv.ParseFloat(attr["y"], 64)
				size, _ = strconv.ParseFloat(attr["font-size"], 64)
				cur = &box{x0: x, y0: y - size/2, x1: x, y1: y + size/2}
			}
		case xml.CharData:
			if cur != nil {
				w := float64(utf8.RuneCount(e)) * 0.62 * size
				cur.x0, cur.x1, cur.what = cur.x0-w/2, cur.x1+w/2, string(e)
				out = append(out, *cur)
				cur = nil
			}
		}
	}
	return out
}

// TestNoOverlap draws random crowded charts, stelliums of up to 18 bodies
// anywhere around the wheel (so labels stack both vertically and
// sideways), and checks that no glyph or label box meets another.
func TestNoOverlap(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	names := []string{"Sun", "Moon", "Mercury", "Venus", "Mars", "Jupiter", "Saturn", "Uranus", "Neptune", "Pluto",
		"North Node", "South Node", "Lilith", "Chiron", "Ceres", "Pallas", "Juno", "Vesta"}
	for trial := range 300 {
		c := &Chart{Ascendant: r.Float64() * 360}
		c.Midheaven = engine.Normalize(c.Ascendant - 90 + r.Float64()*40 - 20)
		for i := range c.Cusps {
			c.Cusps[i] = engine.Normalize(c.Ascendant + 30*float64(i))
		}
		n := 6 + r.IntN(13)
		centre, width := r.Float64()*360, 5+r.Float64()*40
		for i := range n {
			lon := centre + r.Float64()*width
			if i >= 6 && r.IntN(2) == 0 {
				lon = r.Float64() * 360
			}
			c.Bodies = append(c.Bodies, Body{Name: names[i], Longitude: engine.Normalize(lon), Retrograde: r.IntN(3) == 0})
		}
		boxes := planetBoxes(t, Render(c, Options{}))
		if len(boxes) != 3*n {
			t.Fatalf("trial %d: read %d boxes for %d bodies", trial, len(boxes), n)
		}
		for i := range boxes {
			for j := i + 1; j < len(boxes); j++ {
				if boxes[i].overlaps(boxes[j]) {
					t.Fatalf("trial %d (asc %.1f, %d bodies at %.1f+%.1f): %+v overlaps %+v", trial, c.Ascendant, n, centre, width, boxes[i], boxes[j])
				}
			}
		}
	}
}

// TestNoOverlapBiwheel does the same for bi-wheels: crowded natal bodies
// inside, crowded outer bodies outside, no box meeting another.
func TestNoOverlapBiwheel(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 32))
	names := []string{"Sun", "Moon", "Mercury", "Venus", "Mars", "Jupiter", "Saturn", "Uranus", "Neptune", "Pluto",
		"North Node", "South Node", "Lilith", "Chiron"}
	for trial := range 200 {
		c := &Chart{Ascendant: r.Float64() * 360}
		c.Midheaven = engine.Normalize(c.Ascendant - 90)
		for i := range c.Cusps {
			c.Cusps[i] = engine.Normalize(c.Ascendant + 30*float64(i))
		}
		for _, set := range []*[]Body{&c.Bodies, &c.Outer} {
			centre, width := r.Float64()*360, 5+r.Float64()*40
			for i := range 6 + r.IntN(9) {
				lon := centre + r.Float64()*width
				if i >= 6 && r.IntN(2) == 0 {
					lon = r.Float64() * 360
				}
				*set = append(*set, Body{Name: names[i], Longitude: engine.Normalize(lon), Retrograde: r.IntN(3) == 0})
			}
		}
		boxes := labelBoxes(t, Render(c, Options{}), []string{"scale(1.400)", "scale(1.300)"}, map[string]bool{"15": true, "11": true, "14": true})
		if want := 3*len(c.Bodies) + 2*len(c.Outer); len(boxes) != want {
			t.Fatalf("trial %d: read %d boxes, want %d", trial, len(boxes), want)
		}
		for i := range boxes {
			for j := i + 1; j < len(boxes); j++ {
				if boxes[i].overlaps(boxes[j]) {
					t.Fatalf("trial %d: %+v overlaps %+v", trial, boxes[i], boxes[j])
				}
			}
		}
	}
}
