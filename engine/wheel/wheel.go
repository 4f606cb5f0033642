// Package wheel draws a chart wheel as SVG: the zodiac ring with sign
// glyphs, house cusps and numbers, planet glyphs with their degrees, aspect
// lines coloured by aspect, and the Ascendant-Descendant and MC-IC axes.
//
// The Ascendant is on the left and the zodiac runs counter-clockwise, as in
// most Western charts. Every glyph is a path (see glyphs.go), so no font is
// needed for them; numbers and the title are text in a generic sans-serif
// family, and all text is XML-escaped. The drawing lives in a fixed
// 1000 x 1000 viewBox; Size sets only the width and height attributes.
//
// Crowded planets (a stellium) are spread apart along the circle so that no
// two glyphs, and no two degree labels, come closer than MinSeparation
// degrees; a thin leader joins each moved glyph to its true longitude.
// Tests read the boxes of glyphs and labels back from the SVG and check
// that none meets another, for single and bi-wheels.
//
// A Chart with Outer bodies is drawn as a bi-wheel (natal inside, transits
// or a partner outside, inter-chart aspects dashed). RenderPNG rasterises
// the same drawing in Go.
package wheel

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"math"
	"slices"
	"strconv"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/aspects"
)

// Theme names a colour scheme.
type Theme string

// The themes.
const (
	Light Theme = "light"
	Dark  Theme = "dark"
)

// Themes lists the themes, for validation and documentation.
var Themes = []Theme{Light, Dark}

// Size bounds and default, in pixels (the width and height of the SVG).
const (
	MinSize     = 200
	MaxSize     = 4000
	DefaultSize = 600
)

// MinSeparation is the smallest angle, in degrees, between two displayed
// planet glyphs.
const MinSeparation = 8

// Body is a point to draw.
type Body struct {
	Name       string
	Longitude  float64
	Retrograde bool
}

// Chart is what the wheel shows. Longitudes are in degrees, in the zodiac
// the chart was cast in.
//
// With Outer bodies the wheel is a bi-wheel (a natal chart with transits,
// say): Outer is drawn in a band outside the houses, Bodies inside, and
// OuterAspects (Point1 an Outer name, Point2 a Bodies name or "Ascendant"
// or "Midheaven") are drawn dashed across the aspect circle.
type Chart struct {
	Title        string // drawn at the top and in <title>; escaped
	Bodies       []Body
	Cusps        [12]float64
	Ascendant    float64
	Midheaven    float64
	Aspects      []aspects.Aspect
	Outer        []Body
	OuterAspects []aspects.Aspect
}

// Options select the look.
type Options struct {
	Size  int   // pixels; 0 means DefaultSize
	Theme Theme // "" means Light
}

// Validate checks the options, naming the API fields.
func (o Options) Validate() engine.Fields {
	var errs engine.Fields
	if o.Size != 0 && (o.Size < MinSize || o.Size > MaxSize) {
		errs = append(errs, &engine.FieldError{Field: "size", Reason: fmt.Sprintf("must be between %d and %d pixels", MinSize, MaxSize)})
	}
	if o.Theme != "" && o.Theme != Light && o.Theme != Dark {
		errs = append(errs, &engine.FieldError{Field: "theme", Reason: `must be "light" or "dark"`})
	}
	return errs
}

type palette struct {
	bg, fg, muted, ring, ringAlt, line                 string
	elements                                           [4]string // fire, earth, air, water
	conj, opp, square, trine, sextile, minor, axis, hc string
}

var palettes = map[Theme]palette{
	Light: {
		bg: "#ffffff", fg: "#1d1f24", muted: "#6b6f78", ring: "#f4f1ea", ringAlt: "#ebe6da", line: "#9a9ea8",
		elements: [4]string{"#c0392b", "#2e7d32", "#b7950b", "#1f5fa8"},
		conj:     "#8e44ad", opp: "#c0392b", square: "#e74c3c", trine: "#1f7a3a", sextile: "#2471a3", minor: "#8a8f99", axis: "#1d1f24", hc: "#1d1f24",
	},
	Dark: {
		bg: "#14161c", fg: "#e9e7e2", muted: "#9aa0ab", ring: "#1e222b", ringAlt: "#262b35", line: "#5c6370",
		elements: [4]string{"#ff6b5a", "#6fcf7a", "#f4d35e", "#5aa9ff"},
		conj:     "#c39bff", opp: "#ff6b5a", square: "#ff8a7a", trine: "#6fcf7a", sextile: "#5aa9ff", minor: "#8a919e", axis: "#e9e7e2", hc: "#e9e7e2",
	},
}

// layout is the radii and sizes of one kind of wheel, in viewBox units.
type layout struct {
	house, glyph, degree, minute, aspect float64 // inner edge of the house ring, natal glyphs and labels, aspect circle
	glyphSize, degreeFont, minuteFont    float64
	sep                                  float64 // smallest display angle between natal glyphs
	outerGlyph, outerDegree, outerInner  float64 // bi-wheel: outer glyphs, their degrees, the band's inner edge
}

// single is the layout of a one-chart wheel; bi that of a bi-wheel, whose
// natal ring is smaller and spread wider so its labels still clear.
var (
	single = layout{house: rHouse, glyph: rGlyph, degree: rDegree, minute: rMinute, aspect: rAspect,
		glyphSize: 30, degreeFont: 17, minuteFont: 12, sep: MinSeparation}
	bi = layout{house: 278, glyph: 254, degree: 218, minute: 187, aspect: 169,
		glyphSize: 28, degreeFont: 15, minuteFont: 11, sep: 9.5,
		outerGlyph: 362, outerDegree: 325, outerInner: 304}
)

// Radii of the drawing, in viewBox units (the centre is 500, 500).
const (
	cx, cy   = 500.0, 500.0
	rOuter   = 448.0 // outside of the zodiac ring
	rZodiac  = 388.0 // inside of the zodiac ring
	rHouse   = 354.0 // inside of the house-number ring
	rGlyph   = 320.0 // planet glyphs
	rDegree  = 281.0 // degree of a planet
	rMinute  = 243.0 // minutes of a planet: far enough below the degree that the two clear each other when stacked sideways (near the horizon)
	rAspect  = 216.0 // the aspect circle
	rAxisLbl = 470.0 // AC/MC labels
)

// canvas is what the wheel is drawn on: the SVG writer or the raster of
// RenderPNG. Positions are polar (ecliptic longitude, radius in viewBox
// units); colours are "#rrggbb" or "none".
type canvas interface {
	circle(r float64, fill, stroke string, width float64)
	sector(a, z, r1, r2 float64, fill string)
	line(lon1, r1, lon2, r2 float64, stroke string, width float64, dashed bool, opacity float64)
	glyph(d string, lon, r, size float64, stroke string)
	text(s string, lon, r, size float64, fill string, bold bool)
}

type builder struct {
	bytes.Buffer
	asc float64
}

// f writes v with one decimal (a tenth of a viewBox unit is far below a
// pixel), as an integer in tenths: much cheaper than shortest-float
// formatting for the thousand numbers of a wheel.
func (b *builder) f(v float64) {
	t := int64(math.Round(v * 10))
	if t < 0 {
		b.WriteByte('-')
		t = -t
	}
	b.Write(strconv.AppendInt(b.AvailableBuffer(), t/10, 10))
	if d := t % 10; d != 0 {
		b.WriteByte('.')
		b.WriteByte(byte('0' + d))
	}
}

// xy returns the point at ecliptic longitude lon and radius r.
func (b *builder) xy(lon, r float64) (float64, float64) {
	// The Ascendant sits at 180° on the screen; longitudes grow
	// counter-clockwise (screen y grows downwards, hence the minus).
	th := (180 + lon - b.asc) * math.Pi / 180
	return cx + r*math.Cos(th), cy - r*math.Sin(th)
}

func (b *builder) line(lon1, r1, lon2, r2 float64, stroke string, width float64, dashed bool, opacity float64) {
	x1, y1 := b.xy(lon1, r1)
	x2, y2 := b.xy(lon2, r2)
	b.WriteString(`<line x1="`)
	b.f(x1)
	b.WriteString(`" y1="`)
	b.f(y1)
	b.WriteString(`" x2="`)
	b.f(x2)
	b.WriteString(`" y2="`)
	b.f(y2)
	b.WriteString(`" stroke="`)
	b.WriteString(stroke)
	b.WriteString(`" stroke-width="`)
	b.f(width)
	b.WriteString(`"`)
	if dashed {
		b.WriteString(` stroke-dasharray="6 5"`)
	}
	if opacity < 1 {
		b.WriteString(` stroke-opacity="`)
		b.WriteString(strconv.FormatFloat(opacity, 'f', 2, 64))
		b.WriteString(`"`)
	}
	b.WriteString("/>\n")
}

func (b *builder) circle(r float64, fill, stroke string, width float64) {
	fmt.Fprintf(&b.Buffer, `<circle cx="500" cy="500" r="%g" fill="%s" stroke="%s" stroke-width="%g"/>`+"\n", r, fill, stroke, width)
}

// glyph draws path data d centred at lon, r, scaled so the 20-unit box
// becomes size units.
func (b *builder) glyph(d string, lon, r, size float64, stroke string) {
	x, y := b.xy(lon, r)
	b.WriteString(`<path transform="translate(`)
	b.f(x)
	b.WriteByte(',')
	b.f(y)
	b.WriteString(`) scale(`)
	b.WriteString(strconv.FormatFloat(size/20, 'f', 3, 64))
	b.WriteString(`)" d="`)
	b.WriteString(d)
	b.WriteString(`" fill="none" stroke="`)
	b.WriteString(stroke)
	b.WriteString(`" stroke-width="`)
	b.f(2.2 * 20 / size) // about 2.2 viewBox units whatever the glyph size
	b.WriteString(`" stroke-linecap="round" stroke-linejoin="round"/>` + "\n")
}

func (b *builder) text(s string, lon, r, size float64, fill string, bold bool) {
	x, y := b.xy(lon, r)
	b.WriteString(`<text x="`)
	b.f(x)
	b.WriteString(`" y="`)
	b.f(y)
	b.WriteString(`" font-size="`)
	b.f(size)
	b.WriteString(`" fill="`)
	b.WriteString(fill)
	if bold {
		b.WriteString(`" font-weight="bold`)
	}
	b.WriteString(`" text-anchor="middle" dominant-baseline="central">`)
	xml.EscapeText(&b.Buffer, []byte(s))
	b.WriteString("</text>\n")
}

// Render draws c as an SVG document.
func Render(c *Chart, o Options) []byte {
	size := o.Size
	if size == 0 {
		size = DefaultSize
	}
	theme := o.Theme
	if theme == "" {
		theme = Light
	}
	p := palettes[theme]
	b := &builder{asc: c.Ascendant}
	b.Grow(64 << 10) // a full wheel is 45-60 KB
	fmt.Fprintf(&b.Buffer, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 1000 1000" role="img" font-family="DejaVu Sans, Helvetica, Arial, sans-serif">`+"\n", size, size)
	b.WriteString("<title>")
	title := c.Title
	if title == "" {
		title = "Chart wheel"
	}
	xml.EscapeText(&b.Buffer, []byte(title))
	b.WriteString("</title>\n")
	fmt.Fprintf(&b.Buffer, `<rect width="1000" height="1000" fill="%s"/>`+"\n", p.bg)

	draw(b, c, p)
	if c.Title != "" {
		// Top-left corner, clear of the ring; long titles are cut so they
		// cannot reach an MC label at the top.
		fmt.Fprintf(&b.Buffer, `<text x="14" y="26" font-size="17" fill="%s">`, p.muted)
		xml.EscapeText(&b.Buffer, []byte(shorten(c.Title, maxTitle)))
		b.WriteString("</text>\n")
	}
	b.WriteString("</svg>\n")
	return b.Bytes()
}

// draw paints the wheel of c on cv with palette p, back to front.
func draw(cv canvas, c *Chart, p palette) {
	l := single
	if len(c.Outer) > 0 {
		l = bi
	}
	// Zodiac ring: alternating sign sectors, sign glyphs in element colours.
	cv.circle(rOuter, p.ring, p.line, 1.5)
	for s := range 12 {
		if s%2 == 1 {
			cv.sector(float64(s)*30, float64(s+1)*30, rZodiac, rOuter, p.ringAlt)
		}
	}
	cv.circle(rZodiac, p.bg, p.line, 1.5)
	for s := range 12 {
		cv.line(float64(s)*30, rZodiac, float64(s)*30, rOuter, p.line, 1.2, false, 1)
		cv.glyph(signGlyphs[s], float64(s)*30+15, (rOuter+rZodiac)/2, 32, p.elements[s%4])
	}
	// Degree ticks on the inside of the zodiac ring.
	for d := range 360 {
		l := 5.0
		if d%10 == 0 {
			l = 12
		} else if d%5 == 0 {
			l = 8
		}
		cv.line(float64(d), rZodiac, float64(d), rZodiac-l, p.line, 0.8, false, 1)
	}
	// House ring and cusps.
	houseOuter := rZodiac // the house-number ring lies between houseOuter and l.house
	if l.outerInner > 0 {
		houseOuter = l.outerInner
		cv.circle(houseOuter, "none", p.line, 1)
	}
	cv.circle(l.house, "none", p.line, 1)
	cv.circle(l.aspect, "none", p.line, 1.2)
	angles := [4]float64{c.Ascendant, c.Midheaven + 180, c.Ascendant + 180, c.Midheaven}
	for i, cusp := range c.Cusps {
		if i%3 == 0 && math.Abs(math.Remainder(cusp-angles[i/3], 360)) < 0.01 {
			continue // this cusp is an angle, drawn as an axis below
		}
		cv.line(cusp, rZodiac-12, cusp, l.aspect, p.line, 1, false, 1)
	}
	for i := range 12 {
		a, z := c.Cusps[i], c.Cusps[(i+1)%12]
		mid := a + engine.Normalize(z-a)/2
		if engine.Normalize(z-a) > 180 {
			// Clockwise houses (polar Regiomontanus/Campanus): the
			// house is the short way round.
			mid = a - engine.Normalize(a-z)/2
		}
		cv.text(strconv.Itoa(i+1), mid, (houseOuter+l.house)/2-1, 19*(houseOuter-l.house)/(rZodiac-rHouse), p.muted, false)
	}
	// Axes: Asc-Desc and MC-IC across the wheel, labelled outside.
	for _, ax := range [...]struct {
		lon      float64
		from, to string
	}{{c.Ascendant, "AC", "DC"}, {c.Midheaven, "MC", "IC"}} {
		cv.line(ax.lon, rOuter+6, ax.lon+180, rOuter+6, p.axis, 2.4, false, 1)
		cv.text(ax.from, ax.lon, rAxisLbl, 22, p.axis, true)
		cv.text(ax.to, ax.lon+180, rAxisLbl, 18, p.muted, true)
	}
	// Aspects inside the aspect circle (drawn before the planets so glyphs
	// stay on top). Conjunctions have no line; their points touch.
	for _, a := range c.Aspects {
		l1, ok1 := find(c, a.Point1)
		l2, ok2 := find(c, a.Point2)
		if !ok1 || !ok2 || a.Aspect == aspects.Conjunction {
			continue
		}
		col, dash := p.minor, true
		switch a.Aspect {
		case aspects.Opposition:
			col, dash = p.opp, false
		case aspects.Square:
			col, dash = p.square, false
		case aspects.Trine:
			col, dash = p.trine, false
		case aspects.Sextile:
			col, dash = p.sextile, false
		}
		w := 2.2 - a.Orb*0.15 // tighter aspects draw bolder
		if w < 0.8 {
			w = 0.8
		}
		cv.line(l1, l.aspect, l2, l.aspect, col, w, dash, 0.85)
	}
	// Bi-wheel: aspects from the outer bodies, all dashed, in the aspect's
	// colour.
	for _, a := range c.OuterAspects {
		l1, ok1 := findIn(c.Outer, a.Point1)
		l2, ok2 := find(c, a.Point2)
		if !ok1 || !ok2 {
			continue
		}
		col := p.minor
		switch a.Aspect {
		case aspects.Conjunction:
			col = p.conj
		case aspects.Opposition:
			col = p.opp
		case aspects.Square:
			col = p.square
		case aspects.Trine:
			col = p.trine
		case aspects.Sextile:
			col = p.sextile
		}
		cv.line(l1, l.aspect, l2, l.aspect, col, 1.4, true, 0.9)
	}
	// Bi-wheel: the outer bodies in their band, with degrees only.
	if len(c.Outer) > 0 {
		olons := make([]float64, len(c.Outer))
		for i, body := range c.Outer {
			olons[i] = body.Longitude
		}
		oshown := Spread(olons, MinSeparation)
		for i, body := range c.Outer {
			lon, at := engine.Normalize(body.Longitude), oshown[i]
			cv.line(lon, rZodiac, lon, rZodiac-9, p.fg, 1.6, false, 1)
			cv.line(lon, rZodiac-9, at, l.outerGlyph+15, p.muted, 0.8, false, 1)
			cv.line(lon, l.aspect, lon, l.aspect+7, p.muted, 1.6, false, 1)
			d, ok := bodyGlyphs[body.Name]
			if !ok {
				d = fallbackGlyph
			}
			cv.glyph(d, at, l.outerGlyph, 26, p.muted)
			_, deg := engine.SignOf(lon)
			label := strconv.Itoa(int(deg)) + "°"
			if body.Retrograde {
				label += "R"
			}
			cv.text(label, at, l.outerDegree, 14, p.muted, false)
		}
	}
	// Planets: spread, then glyph, leader, degree and minute labels.
	lons := make([]float64, len(c.Bodies))
	for i, body := range c.Bodies {
		lons[i] = body.Longitude
	}
	shown := Spread(lons, l.sep)
	for i, body := range c.Bodies {
		lon, at := engine.Normalize(body.Longitude), shown[i]
		cv.line(lon, l.house, lon, l.house-9, p.fg, 1.6, false, 1)
		cv.line(lon, l.house-9, at, l.glyph+l.glyphSize/2+2, p.muted, 0.8, false, 1)
		cv.line(lon, l.aspect, lon, l.aspect+7, p.fg, 1.6, false, 1)
		d, ok := bodyGlyphs[body.Name]
		if !ok {
			d = fallbackGlyph
		}
		cv.glyph(d, at, l.glyph, l.glyphSize, p.fg)
		_, deg := engine.SignOf(lon)
		whole := math.Floor(deg)
		mins := math.Floor((deg - whole) * 60)
		cv.text(strconv.Itoa(int(whole))+"°", at, l.degree, l.degreeFont, p.fg, false)
		m := fmt.Sprintf("%02d′", int(mins))
		if body.Retrograde {
			m += "R"
		}
		cv.text(m, at, l.minute, l.minuteFont, p.muted, false)
	}
}

// sector fills the ring between radii r1 and r2 from longitude a to z.
func (b *builder) sector(a, z, r1, r2 float64, fill string) {
	x1, y1 := b.xy(a, r2)
	x2, y2 := b.xy(z, r2)
	x3, y3 := b.xy(z, r1)
	x4, y4 := b.xy(a, r1)
	// Longitude grows counter-clockwise on screen: sweep flag 0 outside,
	// 1 back along the inside.
	fmt.Fprintf(&b.Buffer, `<path d="M%.1f,%.1f A%g,%g 0 0,0 %.1f,%.1f L%.1f,%.1f A%g,%g 0 0,1 %.1f,%.1f Z" fill="%s"/>`+"\n",
		x1, y1, r2, r2, x2, y2, x3, y3, r1, r1, x4, y4, fill)
}

// maxTitle is the longest title drawn, in characters.
const maxTitle = 40

// shorten cuts s to at most n runes, marking the cut with an ellipsis.
func shorten(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

func find(c *Chart, name string) (float64, bool) {
	switch name {
	case "Ascendant":
		return c.Ascendant, true
	case "Midheaven":
		return c.Midheaven, true
	}
	return findIn(c.Bodies, name)
}

func findIn(bodies []Body, name string) (float64, bool) {
	for _, b := range bodies {
		if b.Name == name {
			return b.Longitude, true
		}
	}
	return 0, false
}

// Spread returns display longitudes for lons such that any two are at
// least sep degrees apart (when len(lons)*sep <= 360), each as close to its
// true longitude as that allows. Groups of crowded points are centred on
// the mean of their true longitudes and fanned out evenly.
func Spread(lons []float64, sep float64) []float64 {
	n := len(lons)
	out := make([]float64, n)
	if n == 0 {
		return out
	}
	if float64(n)*sep > 360 {
		sep = 360 / float64(n)
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	norm := make([]float64, n)
	for i, l := range lons {
		norm[i] = engine.Normalize(l)
	}
	slices.SortFunc(order, func(a, b int) int {
		switch {
		case norm[a] < norm[b]:
			return -1
		case norm[a] > norm[b]:
			return 1
		}
		return a - b
	})
	// Cut the circle open in its widest empty arc, so groups never need to
	// wrap around the cut.
	start, widest := 0, -1.0
	for k := range n {
		gap := norm[order[k]] - norm[order[(k-1+n)%n]]
		if k == 0 {
			gap += 360
		}
		if gap > widest {
			start, widest = k, gap
		}
	}
	pos := make([]float64, n) // unrolled true longitudes, increasing
	idx := make([]int, n)
	base := norm[order[start]]
	for k := range n {
		i := order[(start+k)%n]
		idx[k] = i
		pos[k] = base + engine.Normalize(norm[i]-base)
	}
	// Merge neighbouring groups until none overlaps.
	type group struct {
		first, count int
		sum          float64
	}
	groups := make([]group, 0, n)
	for k := range n {
		groups = append(groups, group{k, 1, pos[k]})
		for len(groups) > 1 {
			g, h := groups[len(groups)-2], groups[len(groups)-1]
			gEnd := g.sum/float64(g.count) + float64(g.count-1)*sep/2
			hStart := h.sum/float64(h.count) - float64(h.count-1)*sep/2
			if hStart-gEnd >= sep {
				break
			}
			groups = groups[:len(groups)-1]
			groups[len(groups)-1] = group{g.first, g.count + h.count, g.sum + h.sum}
		}
	}
	for _, g := range groups {
		lo := g.sum/float64(g.count) - float64(g.count-1)*sep/2
		for k := range g.count {
			out[idx[g.first+k]] = engine.Normalize(lo + float64(k)*sep)
		}
	}
	return out
}

// EnumValues lists the themes (engine.Enum).
func (Theme) EnumValues() []string { return []string{string(Light), string(Dark)} }
