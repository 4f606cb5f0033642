package draw

import (
	"strings"
	"unicode/utf8"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/resolve"
	"github.com/astroapi/astroapi/engine/vedic"
	"github.com/astroapi/astroapi/engine/wheel"
)

// MaxTitle bounds the title option, in characters (the drawing shows the
// first 70).
const MaxTitle = 200

// Request is the input of the Vedic SVG routes: a chart request (the
// birth, the ayanamsa, the node) and the drawing options; GET sends the
// same fields as query parameters. Resolved, it is its own echo.
type Request struct {
	vedic.ChartRequest
	Style Style           `json:"style,omitempty" doc:"north: North Indian diamond (houses fixed, the 1st at the top, each showing its sign's number, 1 = Aries); south: South Indian grid (signs fixed, Pisces top left, running clockwise; the lagna's cell is marked)" example:"north" default:"north"`
	Varga vedic.VargaName `json:"varga,omitempty" doc:"chart to draw: d1 the rasi chart (default; with R for retrograde and C for combust grahas), or a divisional chart d2 ... d60 (grahas at their proportional degrees)" example:"d1" default:"d1"`
	Theme wheel.Theme     `json:"theme,omitempty" doc:"colour scheme, as the natal wheel's" example:"light" default:"light"`
	Size  int             `json:"size,omitempty" doc:"width and height of the SVG in pixels (the drawing scales; the viewBox is 1000 x 1000)" example:"600" minimum:"200" maximum:"4000" default:"600"`
	Title *string         `json:"title,omitempty" doc:"heading drawn above the chart (its first 70 characters; at most 200 accepted) and used as the SVG <title>; omitted: place, local date and time, zone and the chart's name; empty: no heading" example:"Rasi chart of A. N. Other"`
}

// Resolve resolves the birth and the zodiac and checks the title's length (a bound on
// characters, which no tag states).
func (r *Request) Resolve(c resolve.Context, prefix string) error {
	var errs engine.Fields
	if r.Title != nil && utf8.RuneCountInString(*r.Title) > MaxTitle {
		errs.Bad(prefix+"title", "must be at most 200 characters")
	}
	if err := errs.Add(r.Request.Resolve(c, prefix)); err != nil {
		return err
	}
	// The door fills these defaults; Go callers get them here.
	if r.Varga == "" {
		r.Varga = "d1"
	}
	if r.Style == "" {
		r.Style = DefaultStyle
	}
	if r.Theme == "" {
		r.Theme = wheel.Light
	}
	if r.Size == 0 {
		r.Size = wheel.DefaultSize
	}
	if r.NodeType == "" {
		r.NodeType = vedic.DefaultNode
	}
	return errs.Err()
}

// Draw casts the chart of a resolved request and draws it as SVG, leaving
// the chart's notes on c.
func (r *Request) Draw(pos engine.Positions, c interface{ Warn(...string) }) ([]byte, error) {
	ch, err := r.ChartRequest.Cast(pos, c)
	if err != nil {
		return nil, err
	}
	picture, name := FromNatal(ch, ""), "D1 Rasi"
	if r.Varga != "d1" {
		v, err := ch.Varga(string(r.Varga))
		if err != nil {
			return nil, err
		}
		picture, name = FromVarga(v.Vargas[0], ""), strings.ToUpper(v.Vargas[0].Name)+" "+v.Vargas[0].Title
	}
	if r.Title != nil {
		picture.Title = *r.Title
	} else {
		picture.Title = r.title(name)
	}
	return Render(picture, Options{Size: r.Size, Theme: r.Theme, Style: r.Style}), nil
}

// title is the default heading: the place when geocoded, the local date,
// time and zone, and the chart's name ("D9 Navamsa").
func (r *Request) title(chart string) string {
	var s strings.Builder
	if r.Place != nil {
		s.WriteString(r.Place.Name)
		s.WriteString(", ")
	}
	s.WriteString(r.BirthDate)
	s.WriteByte(' ')
	s.WriteString(r.BirthTime[:5])
	s.WriteByte(' ')
	s.WriteString(string(r.Timezone))
	s.WriteString(" · ")
	s.WriteString(chart)
	return s.String()
}
