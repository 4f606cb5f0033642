package draw

import (
	"encoding/xml"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/astroapi/astroapi/engine/accuracy/measure"
	"github.com/astroapi/astroapi/engine/vedic"
	"github.com/astroapi/astroapi/engine/wheel"
)

func themeOf(s string) wheel.Theme { return wheel.Theme(s) }

var abbrevs = []string{"Su", "Mo", "Ma", "Me", "Ju", "Ve", "Sa", "Ra", "Ke"}

// samples are charts that stress the layout: every graha and the lagna in
// one sign (in the narrowest house of the North chart too), and a spread
// chart with a hostile title.
func samples() map[string]*Chart {
	stellium := &Chart{Title: "Stellium in Leo", Lagna: 5, LagnaDegree: 29.9}
	for i, a := range abbrevs {
		stellium.Grahas = append(stellium.Grahas, Graha{Abbrev: a, Sign: 4, Degree: 10 + float64(i)*2.1, Retrograde: i%3 == 0, Combust: i%4 == 1})
	}
	spread := &Chart{Title: `<script>alert("x")</script> & "chart" 'quote'`, Lagna: 0, LagnaDegree: 3}
	for i, a := range abbrevs {
		spread.Grahas = append(spread.Grahas, Graha{Abbrev: a, Sign: (i * 5) % 12, Degree: float64(i*7%30) + 0.5})
	}
	return map[string]*Chart{"stellium": stellium, "spread": spread}
}

// labelBox is a text element read back from the SVG.
type labelBox struct {
	x0, y0, x1, y1 float64
	text           string
}

// readSVG parses the document with encoding/xml, failing on any syntax
// error, and returns the text boxes (estimated generously at 0.62 em a
// character) and every element name and attribute seen.
func readSVG(t *testing.T, svg []byte) (boxes []labelBox, elems map[string]int, attrs []xml.Attr, texts []string) {
	t.Helper()
	elems = map[string]int{}
	dec := xml.NewDecoder(strings.NewReader(string(svg)))
	var cur *labelBox
	var size float64
	anchor := ""
	for {
		tok, err := dec.Token()
		if err != nil {
			if err.Error() == "EOF" {
				break
			}
			t.Fatalf("invalid SVG: %v", err)
		}
		switch e := tok.(type) {
		case xml.StartElement:
			elems[e.Name.Local]++
			attrs = append(attrs, e.Attr...)
			if e.Name.Local == "text" {
				a := map[string]string{}
				for _, x := range e.Attr {
					a[x.Name.Local] = x.Value
				}
				x, _ := strconv.ParseFloat(a["x"], 64)
				y, _ := strconv.ParseFloat(a["y"], 64)
				size, _ = strconv.ParseFloat(a["font-size"], 64)
				anchor = a["text-anchor"]
				cur = &labelBox{x0: x, y0: y - size/2, x1: x, y1: y + size/2}
			}
		case xml.CharData:
			if cur != nil {
				w := float64(utf8.RuneCount(e)) * 0.62 * size
				if anchor == "middle" {
					cur.x0, cur.x1 = cur.x0-w/2, cur.x1+w/2
				} else {
					cur.x1 += w
				}
				cur.text = string(e)
				boxes = append(boxes, *cur)
				texts = append(texts, string(e))
				cur = nil
			}
		case xml.EndElement:
			cur = nil
		}
	}
	return boxes, elems, attrs, texts
}

// TestRenderValid checks both styles and themes: well-formed XML, no
// script, no event handler or external reference, every label present,
// the title escaped, size and colours applied.
func TestRenderValid(t *testing.T) {
	for name, c := range samples() {
		for _, st := range []Style{North, South} {
			for _, th := range []wheel.Theme{wheel.Light, wheel.Dark} {
				svg := Render(c, Options{Style: st, Theme: th, Size: 777})
				_, elems, attrs, texts := readSVG(t, svg)
				if elems["script"] > 0 || elems["foreignObject"] > 0 || elems["image"] > 0 {
					t.Errorf("%s %s: forbidden element %v", name, st, elems)
				}
				for _, a := range attrs {
					if strings.HasPrefix(strings.ToLower(a.Name.Local), "on") || strings.Contains(a.Value, "javascript:") || a.Name.Local == "href" {
						t.Errorf("%s %s: attribute %s=%q", name, st, a.Name.Local, a.Value)
					}
				}
				all := strings.Join(texts, "\n")
				for _, g := range c.Grahas {
					if !strings.Contains(all, g.Abbrev+" "+strconv.Itoa(int(g.Degree))+"°") {
						t.Errorf("%s %s: label of %s missing", name, st, g.Abbrev)
					}
				}
				if !strings.Contains(all, "As ") {
					t.Errorf("%s %s: lagna missing", name, st)
				}
				s := string(svg)
				if strings.Contains(s, "<script") || !strings.Contains(s, `width="777"`) || !strings.Contains(s, palettes[th].bg) {
					t.Errorf("%s %s %s: raw script, size or background wrong", name, st, th)
				}
			}
		}
	}
	if errs := (Options{Style: "east"}).Validate(); len(errs) != 1 || errs[0].Field != "style" {
		t.Errorf("style: %v", errs)
	}
	if errs := (Options{Size: 50, Theme: "sepia"}).Validate(); len(errs) != 2 {
		t.Errorf("size and theme: %v", errs)
	}
}

func (a labelBox) overlaps(b labelBox) bool {
	return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1
}

// inside reports whether p is inside the convex polygon ps (viewBox units).
func inside(p point, ps []point) bool {
	sign := 0.0
	for i := range ps {
		a, b := ps[i], ps[(i+1)%len(ps)]
		cross := (b.x-a.x)*(p.y-a.y) - (b.y-a.y)*(p.x-a.x)
		if cross != 0 {
			if sign == 0 {
				sign = cross
			} else if (cross > 0) != (sign > 0) {
				return false
			}
		}
	}
	return true
}

// TestNoOverlap places random crowds (up to all nine grahas and the lagna
// in one sign) in every house of both styles and checks that no two label
// boxes meet and that the four corners of every graha label lie inside its
// house (North) or cell (South).
func TestNoOverlap(t *testing.T) {
	r := rand.New(rand.NewPCG(16, 9))
	for trial := range 400 {
		c := &Chart{Lagna: r.IntN(12), LagnaDegree: r.Float64() * 30}
		target := r.IntN(12)
		n := 1 + r.IntN(9)
		for i := range n {
			s := target
			if r.IntN(4) == 0 {
				s = r.IntN(12)
			}
			c.Grahas = append(c.Grahas, Graha{Abbrev: abbrevs[i], Sign: s, Degree: r.Float64() * 30, Retrograde: r.IntN(2) == 0, Combust: r.IntN(3) == 0})
		}
		for _, st := range []Style{North, South} {
			boxes, _, _, _ := readSVG(t, Render(c, Options{Style: st}))
			var labels []labelBox
			for _, b := range boxes {
				if len(b.text) > 3 && b.text[2] == ' ' && strings.HasSuffix(strings.TrimRight(b.text, "RC"), "°") {
					labels = append(labels, b)
				}
			}
			if len(labels) != n+1 {
				t.Fatalf("trial %d %s: %d labels for %d grahas and the lagna", trial, st, len(labels), n)
			}
			for i := range labels {
				for j := i + 1; j < len(labels); j++ {
					if labels[i].overlaps(labels[j]) {
						t.Fatalf("trial %d %s: %+v overlaps %+v", trial, st, labels[i], labels[j])
					}
				}
			}
			for _, l := range labels {
				if !labelInside(c, st, l) {
					t.Fatalf("trial %d %s: %+v leaves its house", trial, st, l)
				}
			}
		}
	}
}

// labelInside finds the house whose region holds the label's centre and
// checks its corners are in it too.
func labelInside(c *Chart, st Style, l labelBox) bool {
	corners := []point{{l.x0, l.y0}, {l.x1, l.y0}, {l.x1, l.y1}, {l.x0, l.y1}}
	mid := point{(l.x0 + l.x1) / 2, (l.y0 + l.y1) / 2}
	var regions [][]point
	if st == North {
		for _, ps := range northHouses {
			var q []point
			for _, p := range ps {
				q = append(q, scale(p))
			}
			regions = append(regions, q)
		}
	} else {
		cell := side / 4
		for _, rc := range southCells {
			x, y := x0+float64(rc[0])*cell, y0+float64(rc[1])*cell
			regions = append(regions, []point{{x, y}, {x + cell, y}, {x + cell, y + cell}, {x, y + cell}})
		}
	}
	for _, reg := range regions {
		if !inside(mid, reg) {
			continue
		}
		for _, p := range corners {
			if !inside(p, reg) {
				return false
			}
		}
		return true
	}
	return false
}

// TestNorthHouses checks the house geometry: the twelve regions tile the
// square (areas add up to it) and run counter-clockwise from the top.
func TestNorthHouses(t *testing.T) {
	area := 0.0
	prev := math.Inf(-1)
	for h, ps := range northHouses {
		a := 0.0
		for i := range ps {
			p, q := ps[i], ps[(i+1)%len(ps)]
			a += p.x*q.y - q.x*p.y
		}
		area += math.Abs(a) / 2
		c := centroid(ps)
		// angle of the centroid seen from the centre, measured
		// counter-clockwise on the screen from the top
		ang := math.Mod(math.Atan2(-(c.x-0.5), -(c.y-0.5))*180/math.Pi+360, 360)
		if h > 0 && ang <= prev {
			t.Errorf("house %d at %.1f° after %.1f°", h+1, ang, prev)
		}
		prev = ang
	}
	if measure.Over(math.Abs(area-1), 1e-12) {
		t.Errorf("houses cover %g of the square", area)
	}
}

func TestFromNatal(t *testing.T) {
	var p vedic.Placements
	p.Ascendant = 100
	for i := range p.Grahas {
		p.Grahas[i].Longitude = float64(i) * 37
		p.Grahas[i].Speed = -1
	}
	c := vedic.NewChart(p)
	d := FromNatal(c, "x")
	if d.Lagna != 3 || len(d.Grahas) != 9 || d.Grahas[1].Abbrev != "Mo" || d.Grahas[1].Sign != 1 || !d.Grahas[1].Retrograde {
		t.Errorf("%+v", d)
	}
	v, err := c.Varga("d9")
	if err != nil {
		t.Fatal(err)
	}
	dv := FromVarga(v.Vargas[0], "D9")
	if len(dv.Grahas) != 9 || dv.Grahas[0].Sign != v.Vargas[0].Grahas[0].SignNumber-1 || dv.Name != "Navamsa" {
		t.Errorf("%+v", dv)
	}
	// The South Indian centre names the chart drawn.
	for _, x := range []struct {
		c    *Chart
		want string
	}{{d, ">Rasi<"}, {dv, ">Navamsa<"}} {
		if svg := Render(x.c, Options{Style: South}); !strings.Contains(string(svg), x.want) {
			t.Errorf("South Indian centre lacks %s", x.want)
		}
	}
}

func BenchmarkRender(b *testing.B) {
	c := samples()["spread"]
	b.ReportAllocs()
	for b.Loop() {
		Render(c, Options{Style: North})
	}
}
