package wheel

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math"
	"strconv"
	"strings"
)

// RenderPNG draws c as a PNG image of Size x Size pixels: the same drawing
// as Render, rasterised in Go with anti-aliased strokes (coverage from the
// distance to each segment), so no browser or font is involved. Numbers and
// axis labels use a small stroke font drawn for this package; the title is
// left out.
func RenderPNG(c *Chart, o Options) ([]byte, error) {
	size := o.Size
	if size == 0 {
		size = DefaultSize
	}
	theme := o.Theme
	if theme == "" {
		theme = Light
	}
	p := palettes[theme]
	r := newRaster(size, c.Ascendant)
	r.fillAll(parseColor(p.bg))
	draw(r, c, p)
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := enc.Encode(&buf, r.img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// raster is the pixel canvas. Drawing is in viewBox units scaled by k.
type raster struct {
	img  *image.RGBA
	n    int
	k    float64 // pixels per viewBox unit
	asc  float64
	mask []float32 // coverage scratch, one per pixel of the current shape's box
}

func newRaster(size int, asc float64) *raster {
	return &raster{img: image.NewRGBA(image.Rect(0, 0, size, size)), n: size, k: float64(size) / 1000, asc: asc}
}

func parseColor(s string) color.RGBA {
	if len(s) != 7 || s[0] != '#' {
		return color.RGBA{}
	}
	v, _ := strconv.ParseUint(s[1:], 16, 32)
	return color.RGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 255}
}

func (r *raster) fillAll(c color.RGBA) {
	for i := 0; i < len(r.img.Pix); i += 4 {
		r.img.Pix[i], r.img.Pix[i+1], r.img.Pix[i+2], r.img.Pix[i+3] = c.R, c.G, c.B, 255
	}
}

// px returns the pixel position of longitude lon at radius rad.
func (r *raster) px(lon, rad float64) (float64, float64) {
	th := (180 + lon - r.asc) * math.Pi / 180
	return (cx + rad*math.Cos(th)) * r.k, (cy - rad*math.Sin(th)) * r.k
}

// shape accumulates the coverage of one shape (a glyph, a line, a text)
// over its bounding box and blends it once, so overlapping segments of one
// stroke do not darken their joins.
type shape struct {
	r              *raster
	x0, y0, x1, y1 int
	w              int
	cov            []float32
}

func (r *raster) newShape(x0, y0, x1, y1 float64) *shape {
	s := &shape{r: r,
		x0: max(0, int(math.Floor(x0))), y0: max(0, int(math.Floor(y0))),
		x1: min(r.n, int(math.Ceil(x1))+1), y1: min(r.n, int(math.Ceil(y1))+1)}
	if s.x1 <= s.x0 || s.y1 <= s.y0 {
		s.x1, s.y1 = s.x0, s.y0
	}
	s.w = s.x1 - s.x0
	need := s.w * (s.y1 - s.y0)
	if cap(r.mask) < need {
		r.mask = make([]float32, need)
	}
	s.cov = r.mask[:need]
	clear(s.cov)
	return s
}

// segment adds a round-capped stroke of width w (pixels) from a to b.
func (s *shape) segment(ax, ay, bx, by, w float64) {
	hw := max(w, 0.9) / 2 // hairlines still show
	dx, dy := bx-ax, by-ay
	l2 := dx*dx + dy*dy
	lo, hi := math.Min(ax, bx)-hw-1, math.Max(ax, bx)+hw+1
	top, bot := math.Min(ay, by)-hw-1, math.Max(ay, by)+hw+1
	for y := max(s.y0, int(top)); y < min(s.y1, int(bot)+1); y++ {
		py := float64(y) + 0.5
		for x := max(s.x0, int(lo)); x < min(s.x1, int(hi)+1); x++ {
			pxx := float64(x) + 0.5
			t := 0.0
			if l2 > 0 {
				t = ((pxx-ax)*dx + (py-ay)*dy) / l2
				t = math.Max(0, math.Min(1, t))
			}
			ex, ey := pxx-(ax+t*dx), py-(ay+t*dy)
			c := float32(hw + 0.5 - math.Sqrt(ex*ex+ey*ey))
			if c <= 0 {
				continue
			}
			if c > 1 {
				c = 1
			}
			i := (y-s.y0)*s.w + (x - s.x0)
			if c > s.cov[i] {
				s.cov[i] = c
			}
		}
	}
}

// paint blends the shape's coverage in colour c at opacity op.
func (s *shape) paint(c color.RGBA, op float64) {
	pix := s.r.img.Pix
	stride := s.r.img.Stride
	for y := s.y0; y < s.y1; y++ {
		for x := s.x0; x < s.x1; x++ {
			a := float64(s.cov[(y-s.y0)*s.w+(x-s.x0)]) * op
			if a <= 0 {
				continue
			}
			i := y*stride + x*4
			pix[i] = uint8(float64(pix[i])*(1-a) + float64(c.R)*a + 0.5)
			pix[i+1] = uint8(float64(pix[i+1])*(1-a) + float64(c.G)*a + 0.5)
			pix[i+2] = uint8(float64(pix[i+2])*(1-a) + float64(c.B)*a + 0.5)
		}
	}
}

func (r *raster) circle(rad float64, fill, stroke string, width float64) {
	cxp, cyp, rp, hw := cx*r.k, cy*r.k, rad*r.k, max(width*r.k, 0.9)/2
	s := r.newShape(cxp-rp-hw-1, cyp-rp-hw-1, cxp+rp+hw+1, cyp+rp+hw+1)
	if fill != "none" {
		for y := s.y0; y < s.y1; y++ {
			for x := s.x0; x < s.x1; x++ {
				d := math.Hypot(float64(x)+0.5-cxp, float64(y)+0.5-cyp)
				if c := float32(rp + 0.5 - d); c > 0 {
					s.cov[(y-s.y0)*s.w+(x-s.x0)] = min(c, 1)
				}
			}
		}
		s.paint(parseColor(fill), 1)
		clear(s.cov)
	}
	if stroke != "none" {
		// Only pixels within a pixel of the ring need a square root.
		in, out := math.Max(0, rp-hw-1), rp+hw+1
		in2, out2 := in*in, out*out
		for y := s.y0; y < s.y1; y++ {
			for x := s.x0; x < s.x1; x++ {
				ddx, ddy := float64(x)+0.5-cxp, float64(y)+0.5-cyp
				d2 := ddx*ddx + ddy*ddy
				if d2 < in2 || d2 > out2 {
					continue
				}
				d := math.Sqrt(d2)
				if c := float32(hw + 0.5 - math.Abs(d-rp)); c > 0 {
					s.cov[(y-s.y0)*s.w+(x-s.x0)] = min(c, 1)
				}
			}
		}
		s.paint(parseColor(stroke), 1)
	}
}

func (r *raster) sector(a, z, r1, r2 float64, fill string) {
	cxp, cyp := cx*r.k, cy*r.k
	p1, p2 := r1*r.k, r2*r.k
	span := normDeg(z - a)
	// The sector's own bounding box: its corners and points along its
	// outer arc.
	bx0, by0, bx1, by1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for t := 0.0; t <= span+2.5; t += 2.5 {
		for _, rad := range [2]float64{r1, r2} {
			x, y := r.px(a+math.Min(t, span), rad)
			bx0, by0, bx1, by1 = math.Min(bx0, x), math.Min(by0, y), math.Max(bx1, x), math.Max(by1, y)
		}
	}
	s := r.newShape(bx0-2, by0-2, bx1+2, by1+2)
	for y := s.y0; y < s.y1; y++ {
		for x := s.x0; x < s.x1; x++ {
			dx, dy := float64(x)+0.5-cxp, float64(y)+0.5-cyp
			d := math.Hypot(dx, dy)
			c := min(p2+0.5-d, d-p1+0.5, 1)
			if c <= 0 {
				continue
			}
			lon := math.Atan2(-dy, dx)*180/math.Pi - 180 + r.asc
			if normDeg(lon-a) < span {
				s.cov[(y-s.y0)*s.w+(x-s.x0)] = float32(c)
			}
		}
	}
	s.paint(parseColor(fill), 1)
}

func normDeg(a float64) float64 {
	a = math.Mod(a, 360)
	if a < 0 {
		a += 360
	}
	return a
}

func (r *raster) line(lon1, r1, lon2, r2 float64, stroke string, width float64, dashed bool, opacity float64) {
	ax, ay := r.px(lon1, r1)
	bx, by := r.px(lon2, r2)
	w := width * r.k
	s := r.newShape(math.Min(ax, bx)-w-2, math.Min(ay, by)-w-2, math.Max(ax, bx)+w+2, math.Max(ay, by)+w+2)
	if !dashed {
		s.segment(ax, ay, bx, by, w)
	} else {
		// Dashes of 6 and gaps of 5 viewBox units, as in the SVG.
		l := math.Hypot(bx-ax, by-ay)
		on, off := 6*r.k, 5*r.k
		for t := 0.0; t < l; t += on + off {
			e := math.Min(t+on, l)
			s.segment(ax+(bx-ax)*t/l, ay+(by-ay)*t/l, ax+(bx-ax)*e/l, ay+(by-ay)*e/l, w)
		}
	}
	s.paint(parseColor(stroke), opacity)
}

func (r *raster) glyph(d string, lon, rad, size float64, stroke string) {
	x0, y0 := r.px(lon, rad)
	k := size / 20 * r.k // glyph units to pixels
	half := 11 * k
	s := r.newShape(x0-half-2, y0-half-2, x0+half+2, y0+half+2)
	for _, poly := range flatten(d) {
		for i := 1; i < len(poly); i++ {
			s.segment(x0+poly[i-1][0]*k, y0+poly[i-1][1]*k, x0+poly[i][0]*k, y0+poly[i][1]*k, 2.2*r.k)
		}
	}
	s.paint(parseColor(stroke), 1)
}

func (r *raster) text(str string, lon, rad, size float64, fill string, bold bool) {
	x, y := r.px(lon, rad)
	u := size * 0.072 * r.k // font units (cap height 10) to pixels
	width := 0.0
	for _, ch := range str {
		width += strokeFont[ch].advance
	}
	width -= 1 // no spacing after the last character
	s := r.newShape(x-width*u/2-4, y-5*u-4, x+width*u/2+4, y+5*u+4)
	pen := x - width*u/2
	w := size * 0.1 * r.k
	if bold {
		w *= 1.4
	}
	for _, ch := range str {
		g, ok := strokeFont[ch]
		if !ok {
			continue
		}
		for _, poly := range flatten(g.path) {
			for i := 1; i < len(poly); i++ {
				s.segment(pen+poly[i-1][0]*u, y+(poly[i-1][1]-5)*u, pen+poly[i][0]*u, y+(poly[i][1]-5)*u, w)
			}
		}
		pen += g.advance * u
	}
	s.paint(parseColor(fill), 1)
}

// flatten turns SVG path data (the commands M, L, C, A, their relative
// forms, and Z, as used by the glyphs of this package) into polylines.
func flatten(d string) [][][2]float64 {
	toks := tokenize(d)
	var out [][][2]float64
	var cur [][2]float64
	var x, y, sx, sy float64
	i := 0
	num := func() float64 {
		v, _ := strconv.ParseFloat(toks[i], 64)
		i++
		return v
	}
	var cmd byte
	for i < len(toks) {
		if t := toks[i]; len(t) == 1 && strings.ContainsAny(t, "MLCAZmlcaz") {
			cmd = t[0]
			i++
			if cmd == 'Z' || cmd == 'z' {
				if len(cur) > 0 {
					cur = append(cur, [2]float64{sx, sy})
				}
				x, y = sx, sy
				continue
			}
		}
		rel := cmd >= 'a'
		bx, by := 0.0, 0.0
		if rel {
			bx, by = x, y
		}
		switch cmd | 0x20 {
		case 'm':
			if len(cur) > 1 {
				out = append(out, cur)
			}
			x, y = bx+num(), by+num()
			sx, sy = x, y
			cur = [][2]float64{{x, y}}
			cmd = 'L' | (cmd & 0x20) // later pairs are line-tos
		case 'l':
			x, y = bx+num(), by+num()
			cur = append(cur, [2]float64{x, y})
		case 'c':
			x1, y1, x2, y2 := bx+num(), by+num(), bx+num(), by+num()
			ex, ey := bx+num(), by+num()
			for k := 1; k <= 12; k++ {
				t := float64(k) / 12
				mt := 1 - t
				cur = append(cur, [2]float64{
					mt*mt*mt*x + 3*mt*mt*t*x1 + 3*mt*t*t*x2 + t*t*t*ex,
					mt*mt*mt*y + 3*mt*mt*t*y1 + 3*mt*t*t*y2 + t*t*t*ey,
				})
			}
			x, y = ex, ey
		case 'a':
			rx, ry := num(), num()
			num() // x-axis rotation: the glyphs use circles only
			large, sweep := num() != 0, num() != 0
			ex, ey := bx+num(), by+num()
			cur = append(cur, arc(x, y, ex, ey, (rx+ry)/2, large, sweep)...)
			x, y = ex, ey
		default:
			i++ // unknown: skip a token
		}
	}
	if len(cur) > 1 {
		out = append(out, cur)
	}
	return out
}

// arc flattens a circular SVG arc of radius rad from (x1, y1) to (x2, y2)
// (SVG 1.1 appendix F.6, endpoint to centre parameterisation, for
// circles).
func arc(x1, y1, x2, y2, rad float64, large, sweep bool) [][2]float64 {
	dx, dy := (x1-x2)/2, (y1-y2)/2
	d2 := dx*dx + dy*dy
	if d2 == 0 {
		return nil
	}
	if rad*rad < d2 {
		rad = math.Sqrt(d2)
	}
	f := math.Sqrt(math.Max(0, rad*rad-d2) / d2)
	if large == sweep {
		f = -f
	}
	ccx, ccy := (x1+x2)/2+f*dy, (y1+y2)/2-f*dx
	a1 := math.Atan2(y1-ccy, x1-ccx)
	a2 := math.Atan2(y2-ccy, x2-ccx)
	da := a2 - a1
	if sweep && da < 0 {
		da += 2 * math.Pi
	} else if !sweep && da > 0 {
		da -= 2 * math.Pi
	}
	n := int(math.Ceil(math.Abs(da) / (math.Pi / 16)))
	out := make([][2]float64, 0, n)
	for k := 1; k <= n; k++ {
		a := a1 + da*float64(k)/float64(n)
		out = append(out, [2]float64{ccx + rad*math.Cos(a), ccy + rad*math.Sin(a)})
	}
	return out
}

func tokenize(d string) []string {
	var toks []string
	i := 0
	for i < len(d) {
		c := d[i]
		switch {
		case c == ' ' || c == ',':
			i++
		case strings.IndexByte("MLCAZmlcaz", c) >= 0:
			toks = append(toks, d[i:i+1])
			i++
		default:
			j := i + 1
			for j < len(d) && (d[j] >= '0' && d[j] <= '9' || d[j] == '.' || d[j] == 'e') {
				j++
			}
			toks = append(toks, d[i:j])
			i = j
		}
	}
	return toks
}

// strokeFont draws the characters of the wheel's labels: paths in a box 10
// units high (cap height, y down, baseline at 10), advance in the same
// units including spacing.
var strokeFont = map[rune]struct {
	path    string
	advance float64
}{
	'0': {"M3,0 C0.4,0 0.4,10 3,10 C5.6,10 5.6,0 3,0 Z", 7},
	'1': {"M1.4,2 L3.4,0 L3.4,10", 7},
	'2': {"M0.8,2.4 C1,-0.6 5.3,-0.4 5.3,2.7 C5.3,5 0.9,7 0.6,10 L5.5,10", 7},
	'3': {"M0.8,1.2 C2,-0.4 5.2,-0.2 5.2,2.5 C5.2,4.4 3.6,5 2.4,5 C4.1,5 5.4,5.9 5.4,7.5 C5.4,10.6 1.6,10.6 0.6,9", 7},
	'4': {"M4.3,10 L4.3,0 L0.5,7 L5.7,7", 7},
	'5': {"M5.1,0 L1.2,0 L0.8,4.6 C2.5,3.6 5.4,4 5.4,7 C5.4,10.6 1.5,10.6 0.6,9.2", 7},
	'6': {"M4.9,0.7 C2.5,-0.6 0.6,1.5 0.6,5.8 C0.6,9 2,10 3.1,10 C4.5,10 5.4,8.8 5.4,7.2 C5.4,5.5 4.3,4.5 3,4.5 C1.8,4.5 0.8,5.5 0.6,6.5", 7},
	'7': {"M0.6,0 L5.5,0 L2.2,10", 7},
	'8': {"M3,5 C0.6,5 0.8,0 3,0 C5.2,0 5.4,5 3,5 C0.3,5 0.4,10 3,10 C5.6,10 5.7,5 3,5 Z", 7},
	'9': {"M1.1,9.3 C3.5,10.6 5.4,8.5 5.4,4.2 C5.4,1 4,0 2.9,0 C1.5,0 0.6,1.2 0.6,2.8 C0.6,4.5 1.7,5.5 3,5.5 C4.2,5.5 5.2,4.5 5.4,3.5", 7},
	'°': {"M0.6,1.6 a1.4,1.4 0 1,0 2.8,0 a1.4,1.4 0 1,0 -2.8,0", 4.5},
	'′': {"M1.8,0 L0.9,3.2", 3},
	'R': {"M0.8,10 L0.8,0 L3.4,0 C5.6,0 5.6,5 3.4,5 L0.8,5 M3,5 L5.4,10", 7},
	'A': {"M0.3,10 L3,0 L5.7,10 M1.3,6.6 L4.7,6.6", 7},
	'C': {"M5.4,1.6 C4.6,0.3 3.9,0 3.2,0 C1.1,0 0.5,2.6 0.5,5 C0.5,7.4 1.1,10 3.2,10 C3.9,10 4.6,9.7 5.4,8.4", 7},
	'D': {"M0.8,0 L0.8,10 L2.7,10 C5.2,10 5.6,7.5 5.6,5 C5.6,2.5 5.2,0 2.7,0 Z", 7},
	'I': {"M1.6,0 L4.4,0 M3,0 L3,10 M1.6,10 L4.4,10", 6},
	'M': {"M0.5,10 L0.5,0 L3.2,6.5 L5.9,0 L5.9,10", 7.6},
}
