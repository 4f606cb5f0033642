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
	if d := c.Draconic; d != nil {
		b = jsonw.Key(append(b, ','), "draconic")
		b = jsonw.Name(jsonw.Key(append(b, '{'), "node"), string(d.Node))
		b = append(jsonw.Angle(jsonw.Key(append(b, ','), "node_longitude"), d.NodeLongitude), '}')
	}
	// The angles, houses, Vertex and lots are zero, and left out
	// (omitzero), for a birth of unknown time.
	if c.Ascendant != (Sign{}) {
		b = c.Ascendant.appendJSON(jsonw.Key(append(b, ','), "ascendant"))
	}
	if c.Midheaven != (Sign{}) {
		b = c.Midheaven.appendJSON(jsonw.Key(append(b, ','), "midheaven"))
	}
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
	if c.Houses.System != "" || c.Houses.RequestedSystem != "" || c.Houses.Fallback || c.Houses.Cusps != nil {
		b = c.Houses.appendJSON(jsonw.Key(append(b, ','), "houses"))
	}
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
	if len(c.Parallels) > 0 {
		b = jsonw.Key(append(b, ','), "parallels")
		b = append(b, '[')
		for i := range c.Parallels {
			if i > 0 {
				b = append(b, ',')
			}
			b = c.Parallels[i].AppendJSON(b)
		}
		b = append(b, ']')
	}
	b = c.Patterns.AppendJSON(jsonw.Key(append(b, ','), "patterns"))
	if c.Angles != (Angles{}) {
		b = jsonw.Key(append(b, ','), "angles")
		b = c.Angles.Ascendant.appendJSON(jsonw.Key(append(b, '{'), "ascendant"))
		b = c.Angles.Descendant.appendJSON(jsonw.Key(append(b, ','), "descendant"))
		b = c.Angles.Midheaven.appendJSON(jsonw.Key(append(b, ','), "midheaven"))
		b = c.Angles.ImumCoeli.appendJSON(jsonw.Key(append(b, ','), "imum_coeli"))
		b = c.Angles.Vertex.appendJSON(jsonw.Key(append(b, ','), "vertex"))
		b = c.Angles.AntiVertex.appendJSON(jsonw.Key(append(b, ','), "anti_vertex"))
		b = append(b, '}')
	}
	if c.Vertex != (Sign{}) {
		b = c.Vertex.appendJSON(jsonw.Key(append(b, ','), "vertex"))
	}
	if c.PartOfFortune != (Lot{}) {
		b = jsonw.Key(append(b, ','), "part_of_fortune")
		b = c.PartOfFortune.Sign.appendFields(append(b, '{'))
		b = jsonw.Int(jsonw.Key(append(b, ','), "house"), c.PartOfFortune.House)
		b = jsonw.Name(jsonw.Key(append(b, ','), "formula"), c.PartOfFortune.Formula)
		b = append(b, '}')
	}
	if c.UnknownTime != nil {
		b = c.UnknownTime.appendJSON(jsonw.Key(append(b, ','), "unknown_time"))
	}
	b = jsonw.Key(append(b, ','), "conventions")
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
	b = jsonw.Angle(append(b, `,"obliquity":`...), cv.Obliquity)
	b = jsonw.Name(append(b, `,"part_of_fortune":`...), string(cv.Fortune))
	b = jsonw.Name(append(b, `,"polar_fallback":`...), string(cv.PolarFallback))
	if cv.ParallelOrb != 0 {
		b = jsonw.Angle(append(b, `,"parallel_orb":`...), cv.ParallelOrb)
	}
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
	if p.House != 0 {
		b = jsonw.Int(append(b, `,"house":`...), p.House)
	}
	if p.Retrograde {
		b = append(b, `,"retrograde":true,"latitude":`...)
	} else {
		b = append(b, `,"retrograde":false,"latitude":`...)
	}
	b = jsonw.Angle(b, p.Latitude)
	b = jsonw.Angle(append(b, `,"speed":`...), p.Speed)
	b = jsonw.Angle(append(b, `,"declination":`...), p.Declination)
	if p.OutOfBounds {
		b = append(b, `,"out_of_bounds":true`...)
	} else {
		b = append(b, `,"out_of_bounds":false`...)
	}
	if p.TimeDependent {
		b = append(b, `,"time_dependent":true`...)
	}
	return append(b, '}')
}

// appendJSON writes a chart's UnknownTime (rare: charts of unknown birth
// time only).
func (u *UnknownTime) appendJSON(b []byte) []byte {
	b = jsonw.String(append(b, `{"charted_at":`...), u.ChartedAt)
	b = jsonw.String(append(b, `,"day_start":`...), u.DayStart)
	b = jsonw.String(append(b, `,"day_end":`...), u.DayEnd)
	b = append(b, `,"left_out":`...)
	b = appendStrings(b, u.LeftOut)
	b = append(b, `,"ranges":`...)
	if u.Ranges == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, r := range u.Ranges {
			if i > 0 {
				b = append(b, ',')
			}
			b = jsonw.String(append(b, `{"name":`...), r.Name)
			b = jsonw.Angle(append(b, `,"start":`...), r.Start)
			b = jsonw.Angle(append(b, `,"end":`...), r.End)
			b = appendStrings(append(b, `,"signs":`...), r.Signs)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	b = append(b, `,"possible_aspects":`...)
	if u.Possible == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, p := range u.Possible {
			if i > 0 {
				b = append(b, ',')
			}
			b = jsonw.String(append(b, `{"point1":`...), p.Point1)
			b = jsonw.String(append(b, `,"point2":`...), p.Point2)
			b = jsonw.String(append(b, `,"aspect":`...), string(p.Aspect))
			b = jsonw.Angle(append(b, `,"angle":`...), p.Angle)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	return append(b, '}')
}

// appendStrings writes a list of strings (null for nil, as go-json).
func appendStrings(b []byte, ss []string) []byte {
	if ss == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, s := range ss {
		if i > 0 {
			b = append(b, ',')
		}
		b = jsonw.String(b, s)
	}
	return append(b, ']')
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
