package vedic

import (
	"github.com/astroapi/astroapi/engine/vedic/draw"
	"github.com/astroapi/astroapi/http/op"
)

const svgDescription = "The Vedic chart as an SVG drawing in the North Indian (diamond: houses fixed, sign numbers in them) or " +
	"South Indian (grid: signs fixed, Pisces top left) style: the lagna (As) and the nine grahas as two-letter labels " +
	"(Su Mo Ma Me Ju Ve Sa Ra Ke) with their whole degree in the sign, R after a retrograde and C after a combust graha; " +
	"labels of a crowded house are set in columns, never overlapping. The rasi chart by default, or any of the sixteen vargas " +
	"(`varga`). Latin text only, so any font renders it; all text is escaped, and the document has no script, no external " +
	"reference and no event attribute. Options: style (north, south), varga, theme (light, dark), size (pixels), title. " +
	"Browsers cannot attach the x-api-key header to an <img> source: fetch the SVG from your server."

func (d Deps) svg(c *op.Call, in *draw.Request) (op.Raw, error) {
	b, err := in.Draw(d.Positions, c)
	if err != nil {
		return op.Raw{}, err
	}
	return op.Raw{ContentType: "image/svg+xml; charset=utf-8", Body: b}, nil
}
