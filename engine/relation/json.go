package relation

import (
	"slices"

	"github.com/astroapi/astroapi/engine/jsonw"
	"github.com/astroapi/astroapi/engine/natal"
	"github.com/astroapi/astroapi/engine/patterns"
)

// AppendJSON appends the synastry as JSON: the fields and order of the
// struct tags, the two charts exactly as the natal route writes them
// (natal.Chart.AppendJSON), degrees to jsonw.Decimals. A synastry holds two
// charts and some hundred aspects: the reflective encoder cost more than
// casting them.
func (s *Synastry) AppendJSON(b []byte) []byte {
	b = slices.Grow(b, 16000+200*len(s.Aspects))
	b = s.Person1.AppendJSON(jsonw.Key(append(b, '{'), "person1"))
	b = s.Person2.AppendJSON(jsonw.Key(append(b, ','), "person2"))
	b = append(jsonw.Key(append(b, ','), "aspects"), '[')
	for i := range s.Aspects {
		if i > 0 {
			b = append(b, ',')
		}
		b = s.Aspects[i].appendJSON(b)
	}
	b = append(b, ']', ',')
	b = jsonw.Key(b, "house_overlays")
	b = appendOverlays(jsonw.Key(append(b, '{'), "person1_in_person2"), s.HouseOverlays.Person1InPerson2)
	b = appendOverlays(jsonw.Key(append(b, ','), "person2_in_person1"), s.HouseOverlays.Person2InPerson1)
	e := &s.Elements
	b = jsonw.Key(append(b, '}', ','), "elements")
	b = appendElements(jsonw.Key(append(b, '{'), "person1"), &e.Person1)
	b = appendElements(jsonw.Key(append(b, ','), "person2"), &e.Person2)
	b = appendElements(jsonw.Key(append(b, ','), "combined"), &e.Combined)
	b = jsonw.Name(jsonw.Key(append(b, ','), "person1_dominant"), e.Person1Dominant)
	b = jsonw.Name(jsonw.Key(append(b, ','), "person2_dominant"), e.Person2Dominant)
	b = jsonw.Name(jsonw.Key(append(b, ','), "relation"), e.Relation)
	m := &s.Modalities
	b = jsonw.Key(append(b, '}', ','), "modalities")
	b = appendModalities(jsonw.Key(append(b, '{'), "person1"), &m.Person1)
	b = appendModalities(jsonw.Key(append(b, ','), "person2"), &m.Person2)
	b = appendModalities(jsonw.Key(append(b, ','), "combined"), &m.Combined)
	b = jsonw.Name(jsonw.Key(append(b, ','), "person1_dominant"), m.Person1Dominant)
	b = jsonw.Name(jsonw.Key(append(b, ','), "person2_dominant"), m.Person2Dominant)
	b = jsonw.Name(jsonw.Key(append(b, ','), "relation"), m.Relation)
	c := &s.Compatibility
	b = jsonw.Key(append(b, '}', ','), "compatibility")
	b = jsonw.Angle(jsonw.Key(append(b, '{'), "score"), c.Score)
	b = jsonw.Angle(jsonw.Key(append(b, ','), "aspect_score"), c.AspectScore)
	b = jsonw.Angle(jsonw.Key(append(b, ','), "element_score"), c.ElementScore)
	b = jsonw.Angle(jsonw.Key(append(b, ','), "harmony"), c.Harmony)
	b = jsonw.Angle(jsonw.Key(append(b, ','), "tension"), c.Tension)
	b = jsonw.Int(jsonw.Key(append(b, ','), "harmonious"), c.Harmonious)
	b = jsonw.Int(jsonw.Key(append(b, ','), "challenging"), c.Challenging)
	b = jsonw.String(jsonw.Key(append(b, ','), "method"), c.Method)
	cv := &s.Conventions
	b = jsonw.Key(append(b, '}', ','), "conventions")
	b = cv.Orbs.AppendJSON(jsonw.Key(append(b, '{'), "orbs"))
	b = jsonw.String(jsonw.Key(append(b, ','), "aspect_points"), cv.Points)
	b = jsonw.String(jsonw.Key(append(b, ','), "applying"), cv.Applying)
	b = jsonw.String(jsonw.Key(append(b, ','), "zodiac"), cv.Zodiac)
	return append(b, '}', '}')
}

func (a *InterAspect) appendJSON(b []byte) []byte {
	b = append(b, `{"person1":"`...)
	b = append(b, a.Person1...)
	b = append(b, `","person2":"`...)
	b = append(b, a.Person2...)
	b = append(b, `","aspect":"`...)
	b = append(b, a.Aspect...)
	b = jsonw.Angle(append(b, `","angle":`...), a.Angle)
	b = jsonw.Angle(append(b, `,"separation":`...), a.Separation)
	b = jsonw.Angle(append(b, `,"orb":`...), a.Orb)
	b = jsonw.Bool(append(b, `,"applying":`...), a.Applying)
	b = jsonw.Bool(append(b, `,"major":`...), a.Major)
	b = jsonw.Angle(append(b, `,"weight":`...), a.Weight)
	return append(b, '}')
}

func appendOverlays(b []byte, os []Overlay) []byte {
	b = append(b, '[')
	for i := range os {
		o := &os[i]
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"point":"`...)
		b = append(b, o.Point...)
		b = jsonw.Angle(append(b, `","longitude":`...), o.Longitude)
		b = jsonw.Int(append(b, `,"house":`...), o.House)
		b = append(b, '}')
	}
	return append(b, ']')
}

func appendElements(b []byte, e *patterns.Elements) []byte {
	b = jsonw.Angle(append(b, `{"fire":`...), e.Fire)
	b = jsonw.Angle(append(b, `,"earth":`...), e.Earth)
	b = jsonw.Angle(append(b, `,"air":`...), e.Air)
	b = jsonw.Angle(append(b, `,"water":`...), e.Water)
	return append(b, '}')
}

func appendModalities(b []byte, m *patterns.Modalities) []byte {
	b = jsonw.Angle(append(b, `{"cardinal":`...), m.Cardinal)
	b = jsonw.Angle(append(b, `,"fixed":`...), m.Fixed)
	b = jsonw.Angle(append(b, `,"mutable":`...), m.Mutable)
	return append(b, '}')
}

// AppendJSON appends the composite as JSON: the fields and order of the
// struct tags, degrees to jsonw.Decimals.
func (c *Composite) AppendJSON(b []byte) []byte {
	b = slices.Grow(b, 9000+160*len(c.Aspects))
	b = jsonw.Name(jsonw.Key(append(b, '{'), "zodiac_type"), c.ZodiacType)
	if c.Ayanamsa != "" {
		b = jsonw.Name(jsonw.Key(append(b, ','), "ayanamsa"), string(c.Ayanamsa))
	}
	b = jsonw.Name(jsonw.Key(append(b, ','), "house_method"), string(c.HouseMethod))
	b = appendSign(jsonw.Key(append(b, ','), "ascendant"), &c.Ascendant)
	b = appendSign(jsonw.Key(append(b, ','), "midheaven"), &c.Midheaven)
	b = append(jsonw.Key(append(b, ','), "planets"), '[')
	for i := range c.Planets {
		p := &c.Planets[i]
		if i > 0 {
			b = append(b, ',')
		}
		b = jsonw.Name(jsonw.Key(append(b, '{'), "name"), p.Name)
		b = jsonw.Name(jsonw.Key(append(b, ','), "sign"), p.Sign)
		b = jsonw.Angle(jsonw.Key(append(b, ','), "degree"), p.Degree)
		b = jsonw.Angle(jsonw.Key(append(b, ','), "longitude"), p.Longitude)
		b = jsonw.Int(jsonw.Key(append(b, ','), "house"), p.House)
		b = jsonw.Bool(jsonw.Key(append(b, ','), "retrograde"), p.Retrograde)
		b = append(jsonw.Angle(jsonw.Key(append(b, ','), "speed"), p.Speed), '}')
	}
	h := &c.Houses
	b = jsonw.Key(append(b, ']', ','), "houses")
	b = jsonw.Name(jsonw.Key(append(b, '{'), "system"), string(h.System))
	b = jsonw.Name(jsonw.Key(append(b, ','), "requested_system"), string(h.RequestedSystem))
	b = jsonw.Bool(jsonw.Key(append(b, ','), "fallback"), h.Fallback)
	b = append(jsonw.Key(append(b, ','), "cusps"), '[')
	for i := range h.Cusps {
		cu := &h.Cusps[i]
		if i > 0 {
			b = append(b, ',')
		}
		b = jsonw.Int(jsonw.Key(append(b, '{'), "number"), cu.Number)
		b = jsonw.Name(jsonw.Key(append(b, ','), "sign"), cu.Sign)
		b = jsonw.Angle(jsonw.Key(append(b, ','), "degree"), cu.Degree)
		b = append(jsonw.Angle(jsonw.Key(append(b, ','), "longitude"), cu.Longitude), '}')
	}
	a := &c.Angles
	b = jsonw.Key(append(b, ']', '}', ','), "angles")
	b = appendSign(jsonw.Key(append(b, '{'), "ascendant"), &a.Ascendant)
	b = appendSign(jsonw.Key(append(b, ','), "descendant"), &a.Descendant)
	b = appendSign(jsonw.Key(append(b, ','), "midheaven"), &a.Midheaven)
	b = appendSign(jsonw.Key(append(b, ','), "imum_coeli"), &a.ImumCoeli)
	b = append(jsonw.Key(append(b, '}', ','), "aspects"), '[')
	for i := range c.Aspects {
		if i > 0 {
			b = append(b, ',')
		}
		b = c.Aspects[i].AppendJSON(b)
	}
	b = c.Patterns.AppendJSON(jsonw.Key(append(b, ']', ','), "patterns"))
	b = append(jsonw.Key(append(b, ','), "configurations"), '[')
	for i := range c.Configurations {
		if i > 0 {
			b = append(b, ',')
		}
		b = c.Configurations[i].AppendJSON(b)
	}
	f := &c.Frame
	b = jsonw.Key(append(b, ']', ','), "frame")
	b = jsonw.Angle(jsonw.Key(append(b, '{'), "latitude"), f.Latitude)
	b = jsonw.Number(jsonw.Key(append(b, ','), "julian_day"), f.JulianDay)
	b = jsonw.Angle(jsonw.Key(append(b, ','), "armc"), f.ARMC)
	b = jsonw.Angle(jsonw.Key(append(b, ','), "obliquity"), f.Obliquity)
	if f.AyanamsaAt != 0 {
		b = jsonw.Angle(jsonw.Key(append(b, ','), "ayanamsa"), f.AyanamsaAt)
	}
	cv := &c.Conventions
	b = jsonw.Key(append(b, '}', ','), "conventions")
	b = jsonw.String(jsonw.Key(append(b, '{'), "midpoints"), cv.Midpoints)
	b = jsonw.String(jsonw.Key(append(b, ','), "houses"), cv.Houses)
	b = cv.Orbs.AppendJSON(jsonw.Key(append(b, ','), "orbs"))
	b = jsonw.String(jsonw.Key(append(b, ','), "aspect_points"), cv.Points)
	b = jsonw.Name(jsonw.Key(append(b, '}', ','), "source"), string(c.Source))
	if len(c.Omitted) > 0 {
		b = append(jsonw.Key(append(b, ','), "omitted"), '[')
		for i, n := range c.Omitted {
			if i > 0 {
				b = append(b, ',')
			}
			b = jsonw.Name(b, n)
		}
		b = append(b, ']')
	}
	return append(b, '}')
}

func appendSign(b []byte, s *natal.Sign) []byte {
	b = jsonw.Angle(jsonw.Key(append(b, '{'), "degree"), s.Degree)
	b = jsonw.Name(jsonw.Key(append(b, ','), "sign"), s.Sign)
	return append(jsonw.Angle(jsonw.Key(append(b, ','), "longitude"), s.Longitude), '}')
}
