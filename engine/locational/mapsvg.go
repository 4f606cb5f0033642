package locational

import (
	"bufio"
	"bytes"
	_ "embed" // the land outline
	"encoding/xml"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/astroapi/astroapi/engine/wheel"
)

// land110m is the land outline of the map: Natural Earth's 1:110m land
// polygons (public domain), one ring per line, written by gen/land.mjs
// from world-atlas 2.0.2 (ISC). NOTICE credits both.
//
//go:embed land110m.txt
var land110m string

// Map sizes in pixels (the width; the height is half of it).
const (
	MinMapWidth     = 400
	MaxMapWidth     = 4000
	DefaultMapWidth = 1200
)

// The drawing is in viewBox units: 4 per degree of longitude and latitude
// (equirectangular, plate carrée), 1440 x 720.
const (
	unitsPerDegree = 4
	mapW           = 360 * unitsPerDegree
	mapH           = 180 * unitsPerDegree
)

var (
	landOnce  sync.Once
	landPaths string // the outline as SVG path data, built once
)

// landPath turns the embedded outline into SVG path data.
func landPath() string {
	landOnce.Do(func() {
		var b strings.Builder
		sc := bufio.NewScanner(strings.NewReader(land110m))
		sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
		for sc.Scan() {
			line := sc.Text()
			if line == "" || line[0] == '#' {
				continue
			}
			for i, pt := range strings.Fields(line) {
				lon, lat, _ := strings.Cut(pt, ",")
				x, _ := strconv.ParseFloat(lon, 64)
				y, _ := strconv.ParseFloat(lat, 64)
				if i == 0 {
					b.WriteByte('M')
				} else {
					b.WriteByte('L')
				}
				px, py := project(x, y)
				b.WriteString(strconv.FormatFloat(px, 'f', 1, 64))
				b.WriteByte(',')
				b.WriteString(strconv.FormatFloat(py, 'f', 1, 64))
			}
			b.WriteByte('Z')
		}
		landPaths = b.String()
	})
	return landPaths
}

// project maps longitude and latitude to viewBox units.
func project(lon, lat float64) (x, y float64) {
	return (lon + 180) * unitsPerDegree, (90 - lat) * unitsPerDegree
}

type mapPalette struct {
	bg, sea, land, grid, fg, muted string
	bodies                         []string
}

var mapPalettes = map[wheel.Theme]mapPalette{
	wheel.Light: {bg: "#ffffff", sea: "#eef3f8", land: "#e4dfd3", grid: "#c9cfd8", fg: "#1d1f24", muted: "#6b6f78",
		bodies: []string{"#d4a017", "#7f8c8d", "#16a085", "#c2185b", "#c0392b", "#6a1b9a", "#4e342e", "#1565c0", "#00838f", "#37474f", "#2e7d32", "#ef6c00"}},
	wheel.Dark: {bg: "#14161c", sea: "#1a2230", land: "#2b3038", grid: "#3b4350", fg: "#e9e7e2", muted: "#9aa0ab",
		bodies: []string{"#f4d35e", "#c7ccd4", "#4dd0b1", "#f48fb1", "#ff6b5a", "#c39bff", "#bcaaa4", "#64b5f6", "#4dd0e1", "#b0bec5", "#81c784", "#ffb74d"}},
}

// MapSVGOptions choose the map's size and colours.
type MapSVGOptions struct {
	Width int         // pixels; 0 means DefaultMapWidth
	Theme wheel.Theme // "" means light
}

// RenderMap draws m as an SVG world map: sea, Natural Earth's land outline
// and a 30° graticule, then each body's lines in its colour (MC solid, IC
// dashed, ASC long dashes, DSC dotted, parans as faint dotted parallels),
// with the body's glyph at the top of its MC line and the bottom of its IC
// line, and a legend. Glyphs are SVG paths (engine/wheel), so no
// astrological font is needed.
func RenderMap(m *Map, title string, o MapSVGOptions) []byte {
	w := o.Width
	if w == 0 {
		w = DefaultMapWidth
	}
	theme := o.Theme
	if theme == "" {
		theme = wheel.Light
	}
	p := mapPalettes[theme]
	var b bytes.Buffer
	b.Grow(256 << 10)
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" role="img" font-family="DejaVu Sans, Helvetica, Arial, sans-serif">`+"\n", w, w/2, mapW, mapH+40)
	b.WriteString("<title>")
	if title == "" {
		title = "Astrocartography map"
	}
	xml.EscapeText(&b, []byte(title))
	b.WriteString("</title>\n")
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="%s"/>`+"\n", mapW, mapH+40, p.bg)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="%s"/>`+"\n", mapW, mapH, p.sea)
	fmt.Fprintf(&b, `<path d="%s" fill="%s" stroke="%s" stroke-width="0.6"/>`+"\n", landPath(), p.land, p.grid)
	// Graticule: every 30°, the equator and prime meridian a little bolder.
	b.WriteString(`<g fill="none" stroke="` + p.grid + `">` + "\n")
	for lon := -150; lon <= 150; lon += 30 {
		x, _ := project(float64(lon), 0)
		fmt.Fprintf(&b, `<line x1="%.0f" y1="0" x2="%.0f" y2="%d" stroke-width="%s"/>`+"\n", x, x, mapH, widthOf(lon == 0))
	}
	for lat := -60; lat <= 60; lat += 30 {
		_, y := project(0, float64(lat))
		fmt.Fprintf(&b, `<line x1="0" y1="%.0f" x2="%d" y2="%.0f" stroke-width="%s"/>`+"\n", y, mapW, y, widthOf(lat == 0))
	}
	b.WriteString("</g>\n")
	colour := map[string]string{}
	for i, body := range m.Bodies {
		colour[body.Name] = p.bodies[i%len(p.bodies)]
	}
	dash := map[Angle]string{MC: "", IC: ` stroke-dasharray="10 6"`, ASC: ` stroke-dasharray="22 6"`, DSC: ` stroke-dasharray="3 5"`, Paran: ` stroke-dasharray="2 8"`}
	for _, f := range m.Lines.Features {
		pr := f.Properties
		c := colour[pr.Body]
		width, opacity, angle := "2.2", "0.95", pr.Angle
		if pr.Kind == "paran" {
			width, opacity, angle = "1", "0.6", Paran
		}
		fmt.Fprintf(&b, `<path fill="none" stroke="%s" stroke-width="%s" stroke-opacity="%s"%s d="`, c, width, opacity, dash[angle])
		for _, part := range f.Geometry.Coordinates {
			for i, pt := range part {
				x, y := project(pt[0], pt[1])
				if i == 0 {
					b.WriteByte('M')
				} else {
					b.WriteByte('L')
				}
				b.WriteString(strconv.FormatFloat(x, 'f', 1, 64))
				b.WriteByte(',')
				b.WriteString(strconv.FormatFloat(y, 'f', 1, 64))
			}
		}
		b.WriteString(`"/>` + "\n")
	}
	// The bodies' glyphs at the ends of their meridian lines.
	for _, body := range m.Bodies {
		for _, a := range []Angle{MC, IC} {
			x, _ := project(MeridianLongitude(body.RightAscension, m.SiderealTime, a), 0)
			y := 16.0
			if a == IC {
				y = mapH - 16
			}
			glyph(&b, wheel.BodyGlyph(body.Name), x, y, 22, colour[body.Name], p.bg)
		}
	}
	// Legend: the line styles, then the title.
	y := float64(mapH + 26)
	x := 12.0
	for _, a := range []Angle{MC, IC, ASC, DSC} {
		fmt.Fprintf(&b, `<path d="M%.0f,%.0f L%.0f,%.0f" stroke="%s" stroke-width="2.2"%s/>`, x, y-5, x+40, y-5, p.fg, dash[a])
		fmt.Fprintf(&b, `<text x="%.0f" y="%.0f" font-size="16" fill="%s">%s</text>`+"\n", x+48, y, p.fg, a)
		x += 110
	}
	fmt.Fprintf(&b, `<text x="%d" y="%.0f" font-size="16" fill="%s" text-anchor="end">`, mapW-12, y, p.muted)
	xml.EscapeText(&b, []byte(title))
	b.WriteString("</text>\n</svg>\n")
	return b.Bytes()
}

func widthOf(bold bool) string {
	if bold {
		return "1.4"
	}
	return "0.7"
}

// glyph draws a glyph's path data centred at (x, y) size units wide, on a
// disc of the background colour so that it reads over the lines.
func glyph(b *bytes.Buffer, d string, x, y, size float64, stroke, bg string) {
	fmt.Fprintf(b, `<circle cx="%.1f" cy="%.1f" r="%.1f" fill="%s" fill-opacity="0.85"/>`, x, y, size*0.62, bg)
	fmt.Fprintf(b, `<path transform="translate(%.1f,%.1f) scale(%.3f)" d="%s" fill="none" stroke="%s" stroke-width="%.2f" stroke-linecap="round" stroke-linejoin="round"/>`+"\n",
		x, y, size/20, d, stroke, 2.2*20/size)
}

// MapTitle is the default title of a birth's map: the local date and
// time, the zone and the place.
func MapTitle(date, clock, zone string, latitude, longitude float64) string {
	return fmt.Sprintf("%s %s %s · %.2f°%s %.2f°%s", date, clock, zone, abs(latitude), ns(latitude), abs(longitude), ew(longitude))
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

func ns(lat float64) string {
	if lat < 0 {
		return "S"
	}
	return "N"
}

func ew(lon float64) string {
	if lon < 0 {
		return "W"
	}
	return "E"
}
