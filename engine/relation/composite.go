package relation

import (
	"fmt"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/aspects"
	"github.com/astroapi/astroapi/engine/houses"
	"github.com/astroapi/astroapi/engine/natal"
	"github.com/astroapi/astroapi/engine/patterns"
)

// HouseMethod chooses how a composite's angles and houses are found.
type HouseMethod string

// The composite house methods (see the package documentation).
const (
	DerivedAscendant HouseMethod = "derived_ascendant"
	Midpoints        HouseMethod = "midpoints"
)

// EnumValues lists the house methods (engine.Enum).
func (HouseMethod) EnumValues() []string {
	return []string{string(DerivedAscendant), string(Midpoints)}
}

// Person is one of the two births of a composite: the natal chart and
// where and when it was cast.
type Person struct {
	Chart     *natal.Chart
	JD        engine.JDUT // birth instant
	Latitude  float64     // degrees, north positive
	Longitude float64     // degrees, east positive
}

// CompositeOptions choose the composite's houses and aspects.
type CompositeOptions struct {
	Method       HouseMethod        // "" means DerivedAscendant
	HouseSystem  engine.HouseSystem // the system both charts were cast in ("" means houses.Default)
	Sidereal     engine.Ayanamsa    // the charts' ayanamsa, "" for tropical
	MinorAspects bool               // minor aspects with their default orbs
	Orbs         aspects.Orbs       // replaces the default orbs when non-nil
}

// Body is a point of the composite chart.
type Body struct {
	Name       string  `json:"name" doc:"body name" example:"Venus"`
	Sign       string  `json:"sign" doc:"zodiac sign"`
	Degree     float64 `json:"degree" doc:"degrees within the sign, 0-30"`
	Longitude  float64 `json:"longitude" doc:"ecliptic longitude in degrees: the near midpoint of the two natal longitudes"`
	House      int     `json:"house" doc:"composite house holding the body, 1-12" minimum:"1" maximum:"12"`
	Retrograde bool    `json:"retrograde" doc:"the mean of the two natal speeds is negative"`
	Speed      float64 `json:"speed" doc:"mean of the two natal speeds in longitude, degrees per day (the rate of the midpoint)"`
}

// CompositeAngles are the composite's four angles.
type CompositeAngles struct {
	Ascendant  natal.Sign `json:"ascendant"`
	Descendant natal.Sign `json:"descendant"`
	Midheaven  natal.Sign `json:"midheaven"`
	ImumCoeli  natal.Sign `json:"imum_coeli"`
}

// CompositeFrame is where and when the derived houses were cast.
type CompositeFrame struct {
	Latitude   float64 `json:"latitude" doc:"composite latitude: the mean of the two birth latitudes, degrees"`
	JulianDay  float64 `json:"julian_day" doc:"midpoint in time of the two births (Julian day, UT): the obliquity (and, sidereal, the ayanamsa) of the derived houses are taken here"`
	ARMC       float64 `json:"armc" doc:"derived_ascendant: the ARMC that puts the composite Midheaven on the meridian, degrees; midpoints: 0"`
	Obliquity  float64 `json:"obliquity" doc:"true obliquity of the ecliptic at the midpoint in time, degrees"`
	AyanamsaAt float64 `json:"ayanamsa,omitempty" doc:"sidereal: the ayanamsa at the midpoint in time, degrees"`
}

// CompositeConventions state how the composite was computed.
type CompositeConventions struct {
	Midpoints string       `json:"midpoints" doc:"how bodies are combined"`
	Houses    string       `json:"houses" doc:"how the angles and houses were found"`
	Orbs      aspects.Orbs `json:"orbs" doc:"orb in degrees of each aspect looked for"`
	Points    string       `json:"aspect_points" doc:"which points are aspected"`
}

// Composite is a midpoint composite chart.
type Composite struct {
	ZodiacType     string                   `json:"zodiac_type" doc:"tropical or sidereal, as both charts" enum:"tropical,sidereal"`
	Ayanamsa       engine.Ayanamsa          `json:"ayanamsa,omitempty" doc:"the ayanamsa of both charts (sidereal only)"`
	HouseMethod    HouseMethod              `json:"house_method" doc:"method of the angles and houses"`
	Ascendant      natal.Sign               `json:"ascendant" doc:"the composite Ascendant"`
	Midheaven      natal.Sign               `json:"midheaven" doc:"the composite Midheaven"`
	Planets        []Body                   `json:"planets" doc:"the bodies both charts hold, in natal chart order"`
	Houses         natal.Houses             `json:"houses"`
	Angles         CompositeAngles          `json:"angles"`
	Aspects        []aspects.Aspect         `json:"aspects" doc:"aspects among the composite points, as natal charts find them"`
	Patterns       patterns.Result          `json:"patterns" doc:"chart shape and balances of the composite, as natal charts weigh them"`
	Configurations []patterns.Configuration `json:"configurations" doc:"aspect configurations (stellium, T-square, grand trine, grand cross, yod, kite, mystic rectangle) among the composite points"`
	Frame          CompositeFrame           `json:"frame"`
	Conventions    CompositeConventions     `json:"conventions"`
	Source         engine.Source            `json:"source" doc:"least precise ephemeris behind the two charts" enum:"tables,swiss_ephemeris,moshier"`
	Omitted        []string                 `json:"omitted,omitempty" doc:"bodies one of the charts lacks (asteroids asked by one person only, Chiron outside 1800-2400)"`
}

// Compose casts the composite of p1 and p2, whose charts were cast with
// the same settings (SameSettings); pos gives the obliquity (and the
// ayanamsa) at the midpoint in time for the derived houses.
func Compose(pos engine.Positions, p1, p2 Person, o CompositeOptions) (*Composite, error) {
	if o.Method == "" {
		o.Method = DerivedAscendant
	}
	if o.Method != DerivedAscendant && o.Method != Midpoints {
		return nil, &engine.FieldError{Field: "house_method", Reason: fmt.Sprintf("must be %q or %q", DerivedAscendant, Midpoints)}
	}
	sys := o.HouseSystem
	if sys == "" {
		sys = houses.Default
	}
	c1, c2 := p1.Chart, p2.Chart
	c := &Composite{ZodiacType: c1.ZodiacType, Ayanamsa: o.Sidereal, HouseMethod: o.Method, Source: c1.Source.Worse(c2.Source)}
	tmid := (p1.JD + p2.JD) / 2
	eps, _, err := pos.Obliquity(tmid)
	if err != nil {
		return nil, err
	}
	c.Frame = CompositeFrame{Latitude: (p1.Latitude + p2.Latitude) / 2, JulianDay: float64(tmid), Obliquity: eps}
	if o.Sidereal != "" {
		if c.Frame.AyanamsaAt, err = pos.Ayanamsa(tmid, o.Sidereal); err != nil {
			return nil, err
		}
	}
	var cusps [12]float64
	var asc, mc float64
	used := sys
	mcMid := Midpoint(c1.Midheaven.Longitude, c2.Midheaven.Longitude)
	switch o.Method {
	case DerivedAscendant:
		armc := houses.ARMCOf(mcMid+c.Frame.AyanamsaAt, eps)
		h := houses.CuspsSidereal(sys, armc, eps, c.Frame.Latitude, c.Frame.AyanamsaAt)
		cusps, asc, mc, used = h.Cusps, h.Ascendant, h.Midheaven, h.System
		c.Frame.ARMC = armc
	case Midpoints:
		asc, mc = Midpoint(c1.Ascendant.Longitude, c2.Ascendant.Longitude), mcMid
		n1, n2 := cuspsOf(c1), cuspsOf(c2)
		switch sys {
		case engine.Equal, engine.WholeSign:
			start := asc
			if sys == engine.WholeSign {
				start = float64(int(asc/30)) * 30
			}
			for i := range cusps {
				cusps[i] = engine.Normalize(start + 30*float64(i))
			}
		default:
			for _, i := range [...]int{9, 10, 11, 0, 1, 2} {
				cusps[i] = Midpoint(n1[i], n2[i])
				cusps[(i+6)%12] = engine.Normalize(cusps[i] + 180)
			}
		}
		if sys != engine.Equal && sys != engine.WholeSign && (c1.Houses.Fallback || c2.Houses.Fallback) {
			used = houses.Fallback // the midpoints of a polar fallback's cusps
		}
	}
	c.Ascendant, c.Midheaven = natal.SignOf(asc), natal.SignOf(mc)
	c.Angles = CompositeAngles{Ascendant: c.Ascendant, Descendant: natal.SignOf(asc + 180), Midheaven: c.Midheaven, ImumCoeli: natal.SignOf(mc + 180)}
	c.Houses = natal.Houses{System: used, RequestedSystem: sys, Fallback: used != sys, Cusps: make([]natal.Cusp, 12)}
	for i, lon := range cusps {
		s := natal.SignOf(lon)
		c.Houses.Cusps[i] = natal.Cusp{Number: i + 1, Sign: s.Sign, Degree: s.Degree, Longitude: s.Longitude}
	}
	cw := houses.Clockwise(&cusps)

	// The bodies both charts hold, in person1's order; the South Node
	// opposite the composite North Node.
	other := func(c *natal.Chart, name string) *natal.Planet {
		for i := range c.Planets {
			if c.Planets[i].Name == name {
				return &c.Planets[i]
			}
		}
		return nil
	}
	c.Planets = make([]Body, 0, len(c1.Planets))
	add := func(name string, lon, speed float64) {
		s := natal.SignOf(lon)
		c.Planets = append(c.Planets, Body{Name: name, Sign: s.Sign, Degree: s.Degree, Longitude: s.Longitude,
			House: houses.OfDir(s.Longitude, &cusps, cw), Retrograde: speed < 0, Speed: speed})
	}
	for i := range c1.Planets {
		p := &c1.Planets[i]
		q := other(c2, p.Name)
		switch {
		case p.Name == natal.SouthNode:
			continue // placed after the North Node
		case q == nil:
			c.Omitted = append(c.Omitted, p.Name)
			continue
		}
		speed := (p.Speed + q.Speed) / 2
		mid := Midpoint(p.Longitude, q.Longitude)
		add(p.Name, mid, speed)
		if p.Name == natal.NorthNode {
			add(natal.SouthNode, mid+180, speed)
		}
	}
	for _, q := range c2.Planets {
		if other(c1, q.Name) == nil {
			c.Omitted = append(c.Omitted, q.Name)
		}
	}
	c.Omitted = append(c.Omitted, omittedBoth(c1.Omitted, c2.Omitted, c.Omitted)...)

	// Aspects, shape and balances, configurations: as natal charts.
	orbs := o.Orbs
	if orbs == nil {
		orbs = defaultOrbSets[btoi(o.MinorAspects)]
	}
	pts := make([]aspects.Point, 0, len(c.Planets)+2)
	var shape []patterns.Point
	for _, b := range c.Planets {
		if b.Name == natal.SouthNode {
			continue
		}
		pts = append(pts, aspects.Point{Name: b.Name, Longitude: b.Longitude, Speed: b.Speed})
		if tenPlanets[b.Name] {
			w := 1.0
			if b.Name == "Sun" || b.Name == "Moon" {
				w = 2
			}
			shape = append(shape, patterns.Point{Longitude: b.Longitude, House: b.House, Weight: w, Shape: true})
		}
	}
	pts = append(pts, aspects.Point{Name: "Ascendant", Longitude: asc}, aspects.Point{Name: "Midheaven", Longitude: mc})
	shape = append(shape, patterns.Point{Longitude: asc, Weight: 2})
	m := defaultMatchers[btoi(o.MinorAspects)]
	if o.Orbs != nil {
		m = aspects.NewMatcher(orbs)
	}
	c.Aspects = m.AppendFind(make([]aspects.Aspect, 0, 64), pts)
	c.Patterns = patterns.Analyze(shape)
	c.Configurations = patterns.Configurations(pts, patterns.ConfigOptions{Orbs: orbs, InStellium: func(n string) bool { return tenPlanets[n] }})
	if c.Configurations == nil {
		c.Configurations = []patterns.Configuration{}
	}
	houseText := "derived_ascendant (Robert Hand): Midheaven = near midpoint of the two Midheavens; Ascendant and cusps cast from the ARMC of that Midheaven at the mean of the two birth latitudes, with the obliquity at the midpoint in time of the births"
	if o.Method == Midpoints {
		houseText = "midpoints: Ascendant, Midheaven and the cusps of houses 10, 11, 12, 1, 2 and 3 are the near midpoints of the two charts'; the other cusps opposite them"
	}
	if sys == engine.Equal || sys == engine.WholeSign {
		houseText += "; " + string(sys) + " houses counted from the composite Ascendant"
	}
	c.Conventions = CompositeConventions{
		Midpoints: "near midpoint of each body's two longitudes (the shorter arc); exactly opposite longitudes take the midpoint in [0°, 180°); the South Node opposite the composite North Node; speed the mean of the two",
		Houses:    houseText,
		Orbs:      orbs,
		Points:    "planets, North Node, Lilith, Chiron, asteroids, Ascendant and Midheaven; South Node omitted; stelliums among the ten planets",
	}
	return c, nil
}

// tenPlanets are the bodies the chart shape and stelliums weigh.
var tenPlanets = map[string]bool{
	"Sun": true, "Moon": true, "Mercury": true, "Venus": true, "Mars": true,
	"Jupiter": true, "Saturn": true, "Uranus": true, "Neptune": true, "Pluto": true,
}

// omittedBoth lists the bodies either natal chart left out that are not
// already named.
func omittedBoth(a, b, already []string) []string {
	var out []string
	for _, n := range append(append([]string{}, a...), b...) {
		dup := false
		for _, m := range append(already, out...) {
			dup = dup || m == n
		}
		if !dup {
			out = append(out, n)
		}
	}
	return out
}
