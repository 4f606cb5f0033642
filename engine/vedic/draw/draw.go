// Package draw renders Vedic charts as SVG in the two Indian styles:
//
//   - North Indian (diamond): the houses are fixed, the 1st at the top
//     centre and the rest counter-clockwise; each house shows the number of
//     the sign in it (1 = Aries ... 12 = Pisces), so the lagna's sign number
//     sits in the top diamond.
//   - South Indian (grid): the signs are fixed, Pisces in the top-left
//     corner and the zodiac running clockwise around the edge of a 4 x 4
//     grid; the lagna's cell is marked with a diagonal stroke and "As".
//
// Grahas and the lagna are written as two-letter Latin abbreviations (Su
// Mo Ma Me Ju Ve Sa Ra Ke, As for the lagna) with their whole degree in the
// sign, "R" after a retrograde graha and "C" after a combust one, so any
// font renders them; a legend at the foot says so. All text is
// XML-escaped; the document has no script, no external reference and no
// event attribute. The drawing lives in a 1000 x 1000 viewBox; Size sets
// the width and height attributes only. Theme and size options are those
// of the natal wheel (engine/wheel), validated the same way. When many
// grahas share a house their labels are set in columns and, if need be, in
// a smaller font, so that every label stays inside its house (tests read
// the label boxes back from the SVG and check it).
package draw

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"math"
	"strconv"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/vedic"
	"github.com/astroapi/astroapi/engine/wheel"
)

// Style names the chart layout.
type Style string

// The styles.
const (
	North Style = "north"
	South Style = "south"
)

// EnumValues lists the styles.
func (Style) EnumValues() []string { return []string{string(North), string(South)} }

// DefaultStyle is the style used when a request names none.
const DefaultStyle = North

// Options select the look: the natal wheel's size and theme plus the style.
type Options struct {
	Size  int         // pixels; 0 means wheel.DefaultSize
	Theme wheel.Theme // "" means wheel.Light
	Style Style       // "" means DefaultStyle
}

// Validate checks the options, naming the API fields (size, theme, style).
func (o Options) Validate() engine.Fields {
	errs := wheel.Options{Size: o.Size, Theme: o.Theme}.Validate()
	if o.Style != "" && o.Style != North && o.Style != South {
		errs = append(errs, &engine.FieldError{Field: "style", Reason: `must be "north" or "south"`})
	}
	return errs
}

// Graha is one label of the chart.
type Graha struct {
	Abbrev     string  // two letters, e.g. "Su"
	Sign       int     // 0 = Aries
	Degree     float64 // degrees within the sign
	Retrograde bool
	Combust    bool
}

// Chart is what a Vedic chart drawing shows.
type Chart struct {
	Title       string  // drawn and used as <title>; escaped
	Name        string  // the chart's name, drawn in the South Indian centre: "Rasi" when empty
	Lagna       int     // sign of the lagna, 0 = Aries
	LagnaDegree float64 // degrees of the lagna within its sign
	Grahas      []Graha
}

// FromNatal returns the rasi chart of c.
func FromNatal(c *vedic.Chart, title string) *Chart {
	out := &Chart{Title: title, Lagna: c.Lagna.SignNumber - 1, LagnaDegree: c.Lagna.Degree}
	for _, p := range c.Grahas {
		out.Grahas = append(out.Grahas, Graha{Abbrev: p.Abbreviation, Sign: p.SignNumber - 1, Degree: p.Degree, Retrograde: p.Retrograde, Combust: p.Combust})
	}
	return out
}

// FromVarga returns a divisional chart of v, with each graha's
// proportional degree in the divisional sign.
func FromVarga(v vedic.VargaChart, title string) *Chart {
	abbrev := map[string]string{"Sun": "Su", "Moon": "Mo", "Mars": "Ma", "Mercury": "Me", "Jupiter": "Ju", "Venus": "Ve", "Saturn": "Sa", "Rahu": "Ra", "Ketu": "Ke"}
	out := &Chart{Title: title, Name: v.Title, Lagna: v.Lagna.SignNumber - 1, LagnaDegree: v.Lagna.Degree}
	for _, g := range v.Grahas {
		out.Grahas = append(out.Grahas, Graha{Abbrev: abbrev[g.Name], Sign: g.SignNumber - 1, Degree: g.Degree})
	}
	return out
}

type palette struct{ bg, fg, muted, line, accent string }

var palettes = map[wheel.Theme]palette{
	wheel.Light: {bg: "#ffffff", fg: "#1d1f24", muted: "#6b6f78", line: "#9a9ea8", accent: "#c0392b"},
	wheel.Dark:  {bg: "#14161c", fg: "#e9e7e2", muted: "#9aa0ab", line: "#5c6370", accent: "#ff6b5a"},
}

// Geometry of the drawing, in viewBox units.
const (
	x0, y0 = 60.0, 70.0 // top-left corner of the chart square
	side   = 880.0      // side of the chart square
	// charWidth is a generous average advance of the sans-serif digits and
	// letters, in ems, used to size label columns.
	charWidth = 0.62
	maxFont   = 30.0
	minFont   = 11.0
	maxTitle  = 70
)

type point struct{ x, y float64 }

// box is the rectangle a house's labels must fit in.
type box struct{ cx, cy, w, h float64 }

type builder struct {
	bytes.Buffer
}

func (b *builder) f(v float64) {
	b.Write(strconv.AppendFloat(b.AvailableBuffer(), math.Round(v*10)/10, 'f', -1, 64))
}

func (b *builder) line(p, q point, stroke string, width float64) {
	b.WriteString(`<line x1="`)
	b.f(p.x)
	b.WriteString(`" y1="`)
	b.f(p.y)
	b.WriteString(`" x2="`)
	b.f(q.x)
	b.WriteString(`" y2="`)
	b.f(q.y)
	fmt.Fprintf(b, `" stroke="%s" stroke-width="%g" stroke-linecap="round"/>`+"\n", stroke, width)
}

func (b *builder) text(s string, x, y, size float64, fill string, bold bool, anchor string) {
	b.WriteString(`<text x="`)
	b.f(x)
	b.WriteString(`" y="`)
	b.f(y)
	b.WriteString(`" font-size="`)
	b.f(size)
	fmt.Fprintf(b, `" fill="%s" text-anchor="%s" dominant-baseline="central"`, fill, anchor)
	if bold {
		b.WriteString(` font-weight="bold"`)
	}
	b.WriteByte('>')
	xml.EscapeText(b, []byte(s))
	b.WriteString("</text>\n")
}

// label is one line of a house: text and whether it is the lagna.
type label struct {
	text  string
	lagna bool
}

func labelOf(g Graha) label {
	s := g.Abbrev + " " + strconv.Itoa(int(g.Degree)) + "°"
	if g.Retrograde {
		s += "R"
	}
	if g.Combust {
		s += "C"
	}
	return label{text: s}
}

// labelsBySign groups the labels by sign, the lagna first in its sign.
func labelsBySign(c *Chart) [12][]label {
	var out [12][]label
	l := ((c.Lagna % 12) + 12) % 12
	out[l] = append(out[l], label{text: "As " + strconv.Itoa(int(c.LagnaDegree)) + "°", lagna: true})
	for _, g := range c.Grahas {
		s := ((g.Sign % 12) + 12) % 12
		out[s] = append(out[s], labelOf(g))
	}
	return out
}

// layout places n labels of at most chars characters in bx: the largest
// font (up to maxFont) whose rows and columns fit, and the labels' centres
// in reading order (down the first column, then the next).
func layout(bx box, n, chars int) (font float64, at []point) {
	if n == 0 {
		return maxFont, nil
	}
	for font = maxFont; font > minFont; font *= 0.92 {
		lh, cw := font*1.18, float64(chars)*charWidth*font+font*0.5
		rows := int(bx.h / lh)
		if rows < 1 {
			continue
		}
		cols := (n + rows - 1) / rows
		if float64(cols)*cw <= bx.w {
			rows = (n + cols - 1) / cols // balance the columns
			at = make([]point, n)
			for i := range n {
				c, r := i/rows, i%rows
				at[i] = point{
					x: bx.cx + (float64(c)-float64(cols-1)/2)*cw,
					y: bx.cy + (float64(r)-float64(rows-1)/2)*lh,
				}
			}
			return font, at
		}
	}
	// Pathological input (dozens of labels): smallest font, one column
	// per row-full, which may leave the box but stays legible.
	font = minFont
	lh, cw := font*1.18, float64(chars)*charWidth*font+font*0.5
	rows := max(1, int(bx.h/lh))
	cols := (n + rows - 1) / rows
	at = make([]point, n)
	for i := range n {
		c, r := i/rows, i%rows
		at[i] = point{x: bx.cx + (float64(c)-float64(cols-1)/2)*cw, y: bx.cy + (float64(r)-float64(rows-1)/2)*lh}
	}
	return font, at
}

func (b *builder) labels(bx box, ls []label, p palette) {
	chars := 0
	for _, l := range ls {
		chars = max(chars, len([]rune(l.text)))
	}
	font, at := layout(bx, len(ls), chars)
	for i, l := range ls {
		fill := p.fg
		if l.lagna {
			fill = p.accent
		}
		b.text(l.text, at[i].x, at[i].y, font, fill, l.lagna, "middle")
	}
}

// Render draws c as an SVG document.
func Render(c *Chart, o Options) []byte {
	size := o.Size
	if size == 0 {
		size = wheel.DefaultSize
	}
	theme := o.Theme
	if theme == "" {
		theme = wheel.Light
	}
	style := o.Style
	if style == "" {
		style = DefaultStyle
	}
	p := palettes[theme]
	b := &builder{}
	b.Grow(8 << 10)
	fmt.Fprintf(b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 1000 1000" role="img" font-family="DejaVu Sans, Helvetica, Arial, sans-serif">`+"\n", size, size)
	title := c.Title
	if title == "" {
		title = map[Style]string{North: "North Indian chart", South: "South Indian chart"}[style]
	}
	b.WriteString("<title>")
	xml.EscapeText(b, []byte(title))
	b.WriteString("</title>\n")
	fmt.Fprintf(b, `<rect width="1000" height="1000" fill="%s"/>`+"\n", p.bg)
	if c.Title != "" {
		b.text(shorten(c.Title, maxTitle), x0, 36, 24, p.fg, true, "start")
	}
	if style == South {
		b.south(c, p)
	} else {
		b.north(c, p)
	}
	b.text("As lagna · R retrograde · C combust · degrees within the sign", 500, 972, 17, p.muted, false, "middle")
	b.WriteString("</svg>\n")
	return b.Bytes()
}

func shorten(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// northHouses are the twelve regions of the North Indian chart, houses 1
// to 12 counter-clockwise from the top diamond, as polygons in units of the
// chart side, with the vertex that faces the centre (where the sign number
// goes) first.
var northHouses = func() [12][]point {
	T, R, B, L := point{0.5, 0}, point{1, 0.5}, point{0.5, 1}, point{0, 0.5}
	TL, TR, BR, BL := point{0, 0}, point{1, 0}, point{1, 1}, point{0, 1}
	C := point{0.5, 0.5}
	P1, P2, P3, P4 := point{0.25, 0.25}, point{0.75, 0.25}, point{0.75, 0.75}, point{0.25, 0.75}
	return [12][]point{
		{C, P1, T, P2}, // 1
		{P1, TL, T},    // 2
		{P1, L, TL},    // 3
		{C, P4, L, P1}, // 4
		{P4, BL, L},    // 5
		{P4, B, BL},    // 6
		{C, P3, B, P4}, // 7
		{P3, BR, B},    // 8
		{P3, R, BR},    // 9
		{C, P2, R, P3}, // 10
		{P2, TR, R},    // 11
		{P2, T, TR},    // 12
	}
}()

func scale(p point) point { return point{x0 + p.x*side, y0 + p.y*side} }

func centroid(ps []point) point {
	var c point
	for _, p := range ps {
		c.x += p.x
		c.y += p.y
	}
	return point{c.x / float64(len(ps)), c.y / float64(len(ps))}
}

// northBox is the label box of house h (1-12), in viewBox units. A
// diamond (a square turned 45°, diagonals side/2) holds an upright square
// of side/4 around its centre, nudged away from the sign number. A
// triangle (base side/2 on the square's edge, height side/4) holds at most
// a rectangle of half its base by half its height standing on the base:
// width(y) = base x (1 - y/height) makes y(1-y) largest at y = height/2.
func northBox(h int) box {
	ps := northHouses[h-1]
	if len(ps) == 4 {
		c := scale(centroid(ps))
		inner := scale(ps[0])
		d := math.Hypot(c.x-inner.x, c.y-inner.y)
		nudge := side * 0.02 / d
		return box{c.x + (c.x-inner.x)*nudge, c.y + (c.y-inner.y)*nudge, side * 0.235, side * 0.235}
	}
	a, b := scale(ps[1]), scale(ps[2]) // the base, on the square's edge
	inner := scale(ps[0])
	long, short := side*0.245, side*0.118
	mid := point{(a.x + b.x) / 2, (a.y + b.y) / 2}
	if a.y == b.y { // top or bottom edge: the rectangle lies along it
		dir := math.Copysign(1, inner.y-a.y)
		return box{mid.x, mid.y + dir*side*0.0625, long, short}
	}
	dir := math.Copysign(1, inner.x-a.x)
	return box{mid.x + dir*side*0.0625, mid.y, short, long}
}

func (b *builder) north(c *Chart, p palette) {
	sq := []point{{0, 0}, {1, 0}, {1, 1}, {0, 1}}
	for i := range sq {
		b.line(scale(sq[i]), scale(sq[(i+1)%4]), p.line, 3)
	}
	b.line(scale(point{0, 0}), scale(point{1, 1}), p.line, 2)
	b.line(scale(point{1, 0}), scale(point{0, 1}), p.line, 2)
	mid := []point{{0.5, 0}, {1, 0.5}, {0.5, 1}, {0, 0.5}}
	for i := range mid {
		b.line(scale(mid[i]), scale(mid[(i+1)%4]), p.line, 2)
	}
	bySign := labelsBySign(c)
	for h := 1; h <= 12; h++ {
		sign := ((c.Lagna+h-1)%12 + 12) % 12
		ps := northHouses[h-1]
		cen, inner := scale(centroid(ps)), scale(ps[0])
		// the sign number sits between the centroid and the inner vertex
		t := 0.78
		if len(ps) == 3 {
			t = 0.72
		}
		num := point{cen.x + (inner.x-cen.x)*t, cen.y + (inner.y-cen.y)*t}
		b.text(strconv.Itoa(sign+1), num.x, num.y, 22, p.muted, false, "middle")
		b.labels(northBox(h), bySign[sign], p)
	}
}

// southCells gives the grid cell (column, row) of each sign from Aries:
// Pisces top-left, the zodiac clockwise around the edge.
var southCells = [12][2]int{
	{1, 0}, {2, 0}, {3, 0}, // Aries, Taurus, Gemini
	{3, 1}, {3, 2}, {3, 3}, // Cancer, Leo, Virgo
	{2, 3}, {1, 3}, {0, 3}, // Libra, Scorpio, Sagittarius
	{0, 2}, {0, 1}, {0, 0}, // Capricorn, Aquarius, Pisces
}

func (b *builder) south(c *Chart, p palette) {
	cell := side / 4
	for i := 0; i <= 4; i++ {
		v := float64(i) * cell
		w := 2.0
		if i == 0 || i == 4 {
			w = 3
		}
		// outer edges in full; inner lines stop at the central square
		if i == 0 || i == 4 {
			b.line(point{x0 + v, y0}, point{x0 + v, y0 + side}, p.line, w)
			b.line(point{x0, y0 + v}, point{x0 + side, y0 + v}, p.line, w)
			continue
		}
		if i == 2 {
			b.line(point{x0 + v, y0}, point{x0 + v, y0 + cell}, p.line, w)
			b.line(point{x0 + v, y0 + 3*cell}, point{x0 + v, y0 + side}, p.line, w)
			b.line(point{x0, y0 + v}, point{x0 + cell, y0 + v}, p.line, w)
			b.line(point{x0 + 3*cell, y0 + v}, point{x0 + side, y0 + v}, p.line, w)
			continue
		}
		b.line(point{x0 + v, y0}, point{x0 + v, y0 + side}, p.line, w)
		b.line(point{x0, y0 + v}, point{x0 + side, y0 + v}, p.line, w)
	}
	bySign := labelsBySign(c)
	lagna := ((c.Lagna % 12) + 12) % 12
	for s := range 12 {
		col, row := southCells[s][0], southCells[s][1]
		left, top := x0+float64(col)*cell, y0+float64(row)*cell
		b.text(vedic.SignAbbrev(s), left+12, top+18, 18, p.muted, false, "start")
		if s == lagna { // the customary stroke across a corner of the lagna's cell
			b.line(point{left + cell*0.78, top}, point{left + cell, top + cell*0.22}, p.accent, 3)
		}
		b.labels(box{left + cell/2, top + cell/2 + 10, cell * 0.9, cell - 44}, bySign[s], p)
	}
	if c.Title != "" {
		b.text(shorten(c.Title, 28), 500, 500-16, 24, p.fg, true, "middle")
	}
	name := c.Name
	if name == "" {
		name = "Rasi"
	}
	b.text(shorten(name, 28), 500, 500+20, 22, p.muted, false, "middle")
}
