package transits

import (
	"github.com/astroapi/astroapi/engine/jsonw"
	"github.com/astroapi/astroapi/engine/sky"
)

// The to-natal answer is written by hand, as the natal chart is: the
// reflective encoder's shortest-float formatting was a quarter of the
// route's time. Degrees go to jsonw.Decimals (1e-7 degree, 0.00036"), Julian
// days in full; the fields, their order and omissions are the struct tags'
// (a test compares with the reflective encoder).

// AppendFields appends the fields of r, without the enclosing braces, so
// that a route can add its own.
func (r *ToNatal) AppendFields(b []byte) []byte {
	b = append(b, `"datetime":"`...)
	b = r.Datetime.AppendText(b)
	b = append(b, `","jd":`...)
	b = jsonw.Number(b, r.JD)
	b = append(b, `,"zodiac_type":`...)
	b = jsonw.Name(b, r.ZodiacType)
	if r.Ayanamsa != nil {
		b = append(b, `,"ayanamsa":{"name":`...)
		b = jsonw.Name(b, string(r.Ayanamsa.Name))
		b = append(b, `,"degrees":`...)
		b = append(jsonw.Angle(b, r.Ayanamsa.Degrees), '}')
	}
	b = append(b, `,"transits":[`...)
	for i := range r.Transits {
		if i > 0 {
			b = append(b, ',')
		}
		b = r.Transits[i].appendJSON(b)
	}
	b = append(b, `],"aspects":[`...)
	for i := range r.Aspects {
		if i > 0 {
			b = append(b, ',')
		}
		b = r.Aspects[i].appendJSON(b)
	}
	b = append(b, `],"window_days":`...)
	b = jsonw.Number(b, r.WindowDays)
	if len(r.Omitted) > 0 {
		b = append(b, `,"omitted":[`...)
		for i, o := range r.Omitted {
			if i > 0 {
				b = append(b, ',')
			}
			b = jsonw.String(b, o)
		}
		b = append(b, ']')
	}
	b = append(b, `,"conventions":`...)
	b = r.Conventions.appendJSON(b)
	b = append(b, `,"source":`...)
	return jsonw.Name(b, string(r.Source))
}

func (c *Conventions) appendJSON(b []byte) []byte {
	b = append(b, `{"node":`...)
	b = jsonw.String(b, c.Node)
	b = append(b, `,"lilith":`...)
	b = jsonw.String(b, c.Lilith)
	b = append(b, `,"positions":`...)
	b = jsonw.String(b, c.Positions)
	b = append(b, `,"orbs":`...)
	b = c.Orbs.AppendJSON(b)
	b = append(b, `,"aspect_points":`...)
	b = jsonw.String(b, c.AspectNotes)
	return append(b, '}')
}

func (p *Body) appendJSON(b []byte) []byte {
	b = append(b, `{"name":`...)
	b = jsonw.Name(b, p.Name)
	b = append(b, `,"sign":`...)
	b = jsonw.Name(b, p.Sign)
	b = append(b, `,"degree":`...)
	b = jsonw.Angle(b, p.Degree)
	b = append(b, `,"longitude":`...)
	b = jsonw.Angle(b, p.Longitude)
	b = append(b, `,"latitude":`...)
	b = jsonw.Angle(b, p.Latitude)
	b = append(b, `,"speed":`...)
	b = jsonw.Angle(b, p.Speed)
	b = append(b, `,"declination":`...)
	b = jsonw.Angle(b, p.Declination)
	b = append(b, `,"retrograde":`...)
	b = jsonw.Bool(b, p.Retrograde)
	if p.House != 0 {
		b = append(b, `,"house":`...)
		b = jsonw.Int(b, p.House)
	}
	return append(b, '}')
}

func (a *Aspect) appendJSON(b []byte) []byte {
	b = append(b, `{"transit":`...)
	b = jsonw.Name(b, a.Transit)
	b = append(b, `,"natal":`...)
	b = jsonw.Name(b, a.Natal)
	b = append(b, `,"aspect":`...)
	b = jsonw.Name(b, string(a.Aspect))
	b = append(b, `,"angle":`...)
	b = jsonw.Angle(b, a.Angle)
	b = append(b, `,"separation":`...)
	b = jsonw.Angle(b, a.Separation)
	b = append(b, `,"orb":`...)
	b = jsonw.Angle(b, a.Orb)
	b = append(b, `,"applying":`...)
	b = jsonw.Bool(b, a.Applying)
	b = append(b, `,"major":`...)
	b = jsonw.Bool(b, a.Major)
	b = append(b, `,"exact_at":`...)
	if a.ExactAt == nil {
		b = append(b, "null"...)
	} else {
		b = appendInstant(b, a.ExactAt)
	}
	if len(a.Perfections) > 0 {
		b = append(b, `,"perfections":[`...)
		for i := range a.Perfections {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendInstant(b, &a.Perfections[i])
		}
		b = append(b, ']')
	}
	return append(b, '}')
}

func appendInstant(b []byte, in *sky.Instant) []byte {
	b = append(b, `{"datetime":"`...)
	b = in.Datetime.AppendText(b)
	b = append(b, `","jd":`...)
	b = jsonw.Number(b, in.JD)
	return append(b, '}')
}
