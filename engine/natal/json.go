package natal

import (
	"slices"

	"github.com/astroapi/astroapi/engine/jsonw"
)

// AppendJSON appends the chart as JSON: the fields and order of the struct
// tags (what encoding/json would write), with angles and speeds in degrees
// to jsonw.Decimals (1e-7 degree). Every string of a chart is made by the
// program (names of signs, bodies, aspects, systems; the conventions'
// wording), so it is written as a jsonw.Name. The API writes charts this way because
// the reflective encoder cost as much as casting the chart.
func (c *Chart) AppendJSON(b []byte) []byte {
	// A chart is ~6.5 KB plus ~150 bytes per aspect: grow once.
	b = slices.Grow(b, 7000+160*len(c.Aspects)+160*len(c.Planets))
	b = jsonw.Key(append(b, '{'), "zodiac_type")
	b = jsonw.Name(b, c.ZodiacType)
	if c.Ayanamsa != nil {
		b = jsonw.Key(append(b, ','), "ayanamsa")
		b = jsonw.Key(append(b, '{'), "name")
		b = jsonw.Name(b, string(c.Ayanamsa.Name))
		b = jsonw.Key(append(b, ','), "degrees")
		b = append(jsonw.Angle(b, c.Ayanamsa.Degrees), '}')
	}
	b = c.Ascendant.appendJSON(jsonw.Key(append(b, ','), "ascendant"))
	b = c.Midheaven.appendJSON(jsonw.Key(append(b, ','), "midheaven"))
	b = jsonw.Key(append(b, ','), "planets")
	if c.Planets == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i := range c.Planets {
			if i > 0 {
				b = append(b, ',')
			}
			b = c.Planets[i].appendJSON(b)
		}
		b = append(b, ']')
	}
	b = c.Houses.appendJSON(jsonw.Key(append(b, ','), "houses"))
	b = jsonw.Key(append(b, ','), "aspects")
	if c.Aspects == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i := range c.Aspects {
			if i > 0 {
				b = append(b, ',')
			}
			b = c.Aspects[i].AppendJSON(b)
		}
		b = append(b, ']')
	}
	b = c.Patterns.AppendJSON(jsonw.Key(append(b, ','), "patterns"))
	b = jsonw.Key(append(b, ','), "angles")
	b = c.Angles.Ascendant.appendJSON(jsonw.Key(append(b, '{'), "ascendant"))
	b = c.Angles.Descendant.appendJSON(jsonw.Key(append(b, ','), "descendant"))
	b = c.Angles.Midheaven.appendJSON(jsonw.Key(append(b, ','), "midheaven"))
	b = c.Angles.ImumCoeli.appendJSON(jsonw.Key(append(b, ','), "imum_coeli"))
	b = c.Angles.Vertex.appendJSON(jsonw.Key(append(b, ','), "vertex"))
	b = c.Angles.AntiVertex.appendJSON(jsonw.Key(append(b, ','), "anti_vertex"))
	b = c.Vertex.appendJSON(jsonw.Key(append(b, '}', ','), "vertex"))
	b = jsonw.Key(append(b, ','), "part_of_fortune")
	b = c.PartOfFortune.Sign.appendFields(append(b, '{'))
	b = jsonw.Int(jsonw.Key(append(b, ','), "house"), c.PartOfFortune.House)
	b = jsonw.Name(jsonw.Key(append(b, ','), "formula"), c.PartOfFortune.Formula)
	b = jsonw.Key(append(b, '}', ','), "conventions")
	cv := &c.Conventions
	b = jsonw.Name(jsonw.Key(append(b, '{'), "node"), cv.Node)
	b = jsonw.Name(jsonw.Key(append(b, ','), "lilith"), cv.Lilith)
	b = jsonw.Name(jsonw.Key(append(b, ','), "positions"), cv.Positions)
	if b = jsonw.Key(append(b, ','), "orbs"); c.orbsJSON != nil {
		b = append(b, c.orbsJSON...)
	} else {
		b = cv.Orbs.AppendJSON(b)
	}
	b = jsonw.Name(jsonw.Key(append(b, ','), "aspect_points"), cv.AspectNotes)
	b = jsonw.Bool(jsonw.Key(append(b, ','), "day_chart"), cv.DayChart)
	b = jsonw.Name(jsonw.Key(append(b, '}', ','), "source"), string(c.Source))
	if len(c.Omitted) > 0 {
		b = jsonw.Key(append(b, ','), "omitted")
		b = append(b, '[')
		for i, s := range c.Omitted {
			if i > 0 {
				b = append(b, ',')
			}
			b = jsonw.Name(b, s)
		}
		b = append(b, ']')
	}
	return append(b, '}')
}

func (s *Sign) appendJSON(b []byte) []byte { return append(s.appendFields(append(b, '{')), '}') }

// appendFields appends the sign's fields without braces (Lot embeds them).
func (s *Sign) appendFields(b []byte) []byte {
	b = jsonw.Angle(append(b, `"degree":`...), s.Degree)
	b = append(b, `,"sign":"`...)
	b = append(b, s.Sign...)
	return jsonw.Angle(append(b, `","longitude":`...), s.Longitude)
}

// appendJSON writes keys and punctuation as one constant each (a chart has
// a dozen or more bodies).
func (p *Planet) appendJSON(b []byte) []byte {
	b = append(b, `{"name":"`...)
	b = append(b, p.Name...)
	b = append(b, `","sign":"`...)
	b = append(b, p.Sign...)
	b = jsonw.Angle(append(b, `","degree":`...), p.Degree)
	b = jsonw.Angle(append(b, `,"longitude":`...), p.Longitude)
	b = jsonw.Int(append(b, `,"house":`...), p.House)
	if p.Retrograde {
		b = append(b, `,"retrograde":true,"latitude":`...)
	} else {
		b = append(b, `,"retrograde":false,"latitude":`...)
	}
	b = jsonw.Angle(b, p.Latitude)
	b = jsonw.Angle(append(b, `,"speed":`...), p.Speed)
	b = jsonw.Angle(append(b, `,"declination":`...), p.Declination)
	return append(b, '}')
}

func (h *Houses) appendJSON(b []byte) []byte {
	b = jsonw.Name(jsonw.Key(append(b, '{'), "system"), string(h.System))
	b = jsonw.Name(jsonw.Key(append(b, ','), "requested_system"), string(h.RequestedSystem))
	b = jsonw.Bool(jsonw.Key(append(b, ','), "fallback"), h.Fallback)
	b = jsonw.Key(append(b, ','), "cusps")
	if h.Cusps == nil {
		return append(b, "null}"...)
	}
	b = append(b, '[')
	for i := range h.Cusps {
		cp := &h.Cusps[i]
		if i > 0 {
			b = append(b, ',')
		}
		b = jsonw.Int(append(b, `{"number":`...), cp.Number)
		b = append(b, `,"sign":"`...)
		b = append(b, cp.Sign...)
		b = jsonw.Angle(append(b, `","degree":`...), cp.Degree)
		b = append(jsonw.Angle(append(b, `,"longitude":`...), cp.Longitude), '}')
	}
	return append(b, ']', '}')
}
