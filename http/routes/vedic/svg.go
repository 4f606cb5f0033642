package vedic

import (
	"strings"
	"unicode/utf8"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/birth"
	"github.com/astroapi/astroapi/engine/vedic"
	"github.com/astroapi/astroapi/engine/vedic/draw"
	"github.com/astroapi/astroapi/engine/wheel"
	"github.com/astroapi/astroapi/http/op"
)

// maxTitle bounds the title option, in characters (the drawing shows the
// first 70).
const maxTitle = 200

// vargaName is a varga name as the SVG routes take it (the vargas route
// takes it in the path).
type vargaName string

// EnumValues lists the varga names, d1 to d60.
func (vargaName) EnumValues() []string { return vedic.VargaNames() }

// svgRequest is the natal input plus the drawing options; GET sends the
// same fields as query parameters.
type svgRequest struct {
	chartRequest
	Style draw.Style  `json:"style,omitempty" doc:"north: North Indian diamond (houses fixed, the 1st at the top, each showing its sign's number, 1 = Aries); south: South Indian grid (signs fixed, Pisces top left, running clockwise; the lagna's cell is marked)" example:"north" default:"north"`
	Varga vargaName   `json:"varga,omitempty" doc:"chart to draw: d1 the rasi chart (default; with R for retrograde and C for combust grahas), or a divisional chart d2 ... d60 (grahas at their proportional degrees)" example:"d1" default:"d1"`
	Theme wheel.Theme `json:"theme,omitempty" doc:"colour scheme, as the natal wheel's" example:"light" default:"light"`
	Size  int         `json:"size,omitempty" doc:"width and height of the SVG in pixels (the drawing scales; the viewBox is 1000 x 1000)" example:"600" minimum:"200" maximum:"4000" default:"600"`
	Title *string     `json:"title,omitempty" doc:"heading drawn above the chart (its first 70 characters; at most 200 accepted) and used as the SVG <title>; omitted: place, local date and time, zone and the chart's name; empty: no heading" example:"Rasi chart of A. N. Other"`
}

const svgDescription = "The Vedic chart as an SVG drawing in the North Indian (diamond: houses fixed, sign numbers in them) or " +
	"South Indian (grid: signs fixed, Pisces top left) style: the lagna (As) and the nine grahas as two-letter labels " +
	"(Su Mo Ma Me Ju Ve Sa Ra Ke) with their whole degree in the sign, R after a retrograde and C after a combust graha; " +
	"labels of a crowded house are set in columns, never overlapping. The rasi chart by default, or any of the sixteen vargas " +
	"(`varga`). Latin text only, so any font renders it; all text is escaped, and the document has no script, no external " +
	"reference and no event attribute. Options: style (north, south), varga, theme (light, dark), size (pixels), title. " +
	"Browsers cannot attach the x-api-key header to an <img> source: fetch the SVG from your server."

func (d Deps) svg(c *op.Call, in *svgRequest) (op.Raw, error) {
	o := draw.Options{Size: in.Size, Theme: in.Theme, Style: in.Style}
	errs := o.Validate()
	if c.Has("size") && in.Size == 0 {
		errs = append(errs, &engine.FieldError{Field: "size", Reason: "must be between 200 and 4000 pixels"})
	}
	if in.Title != nil && utf8.RuneCountInString(*in.Title) > maxTitle {
		errs = append(errs, &engine.FieldError{Field: "title", Reason: "must be at most 200 characters"})
	}
	e := &echo{Varga: string(in.Varga), Style: string(in.Style), Theme: string(in.Theme), Size: in.Size}
	if e.Varga == "" {
		e.Varga = "d1"
	}
	if e.Style == "" {
		e.Style = string(draw.DefaultStyle)
	}
	if e.Theme == "" {
		e.Theme = string(wheel.Light)
	}
	if e.Size == 0 {
		e.Size = wheel.DefaultSize
	}
	ch, err := d.castChart(c, &in.chartRequest, errs, e)
	if err != nil {
		return op.Raw{}, err
	}
	picture, name := draw.FromNatal(ch, ""), "D1 Rasi"
	if e.Varga != "d1" {
		v, err := ch.Varga(e.Varga)
		if err != nil {
			return op.Raw{}, err
		}
		picture, name = draw.FromVarga(v.Vargas[0], ""), strings.ToUpper(v.Vargas[0].Name)+" "+v.Vargas[0].Title
	}
	if in.Title != nil {
		picture.Title = *in.Title
	} else {
		picture.Title = title(&e.Echo, name)
	}
	return op.Raw{ContentType: "image/svg+xml; charset=utf-8", Body: draw.Render(picture, o)}, nil
}

// title is the default heading: the place when geocoded, the local date,
// time and zone, and the chart's name ("D9 Navamsa").
func title(b *birth.Echo, chart string) string {
	var s strings.Builder
	if b.Location != nil {
		s.WriteString(b.Location.Name)
		s.WriteString(", ")
	}
	s.WriteString(b.BirthDate)
	s.WriteByte(' ')
	s.WriteString(b.BirthTime[:5])
	s.WriteByte(' ')
	s.WriteString(b.Timezone)
	s.WriteString(" · ")
	s.WriteString(chart)
	return s.String()
}
