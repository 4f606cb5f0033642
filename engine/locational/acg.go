package locational

import (
	"cmp"
	"math"
	"slices"

	"github.com/astroapi/astroapi/engine"
)

// DefaultMapBodies are the bodies of a map when none are named: Sun..Pluto.
var DefaultMapBodies = []engine.Body{
	engine.Sun, engine.Moon, engine.Mercury, engine.Venus, engine.Mars,
	engine.Jupiter, engine.Saturn, engine.Uranus, engine.Neptune, engine.Pluto,
}

// MapOptions choose a map's bodies, the sampling of its curves and its
// parans.
type MapOptions struct {
	Bodies []engine.Body // nil: DefaultMapBodies
	Step   float64       // latitude step of the ASC/DSC curves, degrees; 0 means 1
	Parans bool
}

// ParanEntry is a paran: two bodies on angles at the same moment, seen
// from every place of one latitude.
type ParanEntry struct {
	Body1     string  `json:"body1" doc:"first body (chart order)" example:"Venus"`
	Angle1    Angle   `json:"angle1" doc:"its angle" enum:"MC,IC,ASC,DSC"`
	Body2     string  `json:"body2" doc:"second body" example:"Jupiter"`
	Angle2    Angle   `json:"angle2" doc:"its angle" enum:"MC,IC,ASC,DSC"`
	Latitude  float64 `json:"latitude" doc:"latitude of the paran, degrees"`
	Longitude float64 `json:"longitude" doc:"longitude where the two lines cross at the birth instant, degrees"`
}

// Map is an astrocartography map.
type Map struct {
	SiderealTime float64           `json:"sidereal_time" doc:"Greenwich apparent sidereal time at the birth instant, degrees"`
	Bodies       []Equatorial      `json:"bodies" doc:"the bodies' apparent right ascension and declination"`
	Lines        FeatureCollection `json:"lines" doc:"GeoJSON: an MC, IC, ASC and DSC line per body, then one line per paran when asked"`
	Parans       []ParanEntry      `json:"parans,omitempty" doc:"the parans, by latitude from north to south, when include_parans is set"`
	Source       engine.Source     `json:"source" doc:"least precise ephemeris used" enum:"tables,swiss_ephemeris,moshier"`
	Conventions  string            `json:"conventions" doc:"how the lines are drawn"`
}

const mapConventions = "apparent right ascension and declination of date (bodies with their latitude, in mundo), Greenwich apparent sidereal time; " +
	"MC/IC: longitude = RA - GST (+180); ASC/DSC: the body's centre on the geometric horizon (no refraction), cos H0 = -tan(latitude) tan(declination); " +
	"parans: two bodies on angles at one moment; GeoJSON MultiLineStrings of [longitude, latitude], cut at the antimeridian, to 1e-5 degree"

// Astrocartography draws the lines of a chart at t (JD UT).
func Astrocartography(pos engine.Positions, t engine.JDUT, o MapOptions) (*Map, error) {
	bodies := o.Bodies
	if bodies == nil {
		bodies = DefaultMapBodies
	}
	step := o.Step
	if step <= 0 {
		step = 1
	}
	eq, theta, src, err := place(pos, t, bodies, nil)
	if err != nil {
		return nil, err
	}
	m := &Map{SiderealTime: theta, Bodies: eq, Source: src, Conventions: mapConventions,
		Lines: FeatureCollection{Type: "FeatureCollection", Features: make([]Feature, 0, 4*len(eq))}}
	for _, b := range eq {
		for _, a := range []Angle{MC, IC} {
			var l lineBuilder
			lon := MeridianLongitude(b.RightAscension, theta, a)
			l.add(lon, -90)
			l.add(lon, 90)
			m.Lines.Features = append(m.Lines.Features, feature(l.geometry(), Properties{Body: b.Name, Angle: a, Kind: "astrocartography"}))
		}
		for _, a := range []Angle{ASC, DSC} {
			m.Lines.Features = append(m.Lines.Features, feature(horizonLine(b, theta, a, step), Properties{Body: b.Name, Angle: a, Kind: "astrocartography"}))
		}
	}
	if o.Parans {
		m.Parans = parans(eq, theta)
		for _, p := range m.Parans {
			var l lineBuilder
			for lon := -180.0; lon <= 180; lon += 10 {
				l.add(lon, p.Latitude)
			}
			lat := p.Latitude
			m.Lines.Features = append(m.Lines.Features, feature(l.geometry(), Properties{Body: p.Body1, Angle: p.Angle1, Body2: p.Body2, Angle2: p.Angle2, Kind: "paran", Latitude: &lat}))
		}
	}
	return m, nil
}

func feature(g Geometry, p Properties) Feature {
	return Feature{Type: "Feature", Geometry: g, Properties: p}
}

// horizonLine samples the ASC or DSC curve of body b every step degrees
// of latitude between its limits ±(90° − |δ|), ends included.
func horizonLine(b Equatorial, theta float64, a Angle, step float64) Geometry {
	var l lineBuilder
	limit := 90 - math.Abs(b.Declination)
	// A declination of exactly 0 rises everywhere but at the poles.
	limit = math.Min(limit, 89.99999)
	add := func(lat float64) {
		if lon, ok := HorizonLongitude(b.RightAscension, b.Declination, theta, lat, a); ok {
			l.add(lon, lat)
		}
	}
	add(-limit)
	for lat := math.Ceil(-limit/step)*step + 0; lat < limit; lat += step {
		if lat > -limit {
			add(lat)
		}
	}
	add(limit)
	return l.geometry()
}

// parans returns every paran of the bodies: for each pair, each body on
// the meridian (MC, IC) with the other on the horizon (ASC, DSC), in
// closed form, and both on the horizon, by bisection in latitude.
func parans(eq []Equatorial, theta float64) []ParanEntry {
	var out []ParanEntry
	add := func(i int, ai Angle, j int, aj Angle, lat float64) {
		lon := MeridianLongitude(eq[i].RightAscension, theta, ai)
		switch ai {
		case ASC, DSC:
			lon, _ = HorizonLongitude(eq[i].RightAscension, eq[i].Declination, theta, lat, ai)
		}
		out = append(out, ParanEntry{Body1: eq[i].Name, Angle1: ai, Body2: eq[j].Name, Angle2: aj, Latitude: lat, Longitude: lon})
	}
	for i := range eq {
		for j := range eq {
			if i == j {
				continue
			}
			// i on the meridian, j on the horizon.
			for _, ai := range []Angle{MC, IC} {
				lst := eq[i].RightAscension
				if ai == IC {
					lst += 180
				}
				for _, aj := range []Angle{ASC, DSC} {
					if lat, ok := meridianHorizonParan(lst, eq[j], aj); ok {
						if i < j {
							add(i, ai, j, aj, lat)
						} else {
							// Keep the pair in chart order: j first, on the horizon.
							add(j, aj, i, ai, lat)
						}
					}
				}
			}
			// Both on the horizon, once per unordered pair.
			if i < j {
				for _, ai := range []Angle{ASC, DSC} {
					for _, aj := range []Angle{ASC, DSC} {
						for _, lat := range horizonParans(eq[i], ai, eq[j], aj) {
							add(i, ai, j, aj, lat)
						}
					}
				}
			}
		}
	}
	slices.SortStableFunc(out, func(a, b ParanEntry) int { return cmp.Compare(b.Latitude, a.Latitude) })
	return out
}

// meridianHorizonParan returns the latitude where body b is on the horizon
// (rising for ASC, setting for DSC) when the local sidereal time is lst,
// and false when there is none.
func meridianHorizonParan(lst float64, b Equatorial, a Angle) (float64, bool) {
	// Rising: hour angle −H0, so H0 = α − LST; setting: H0 = LST − α.
	h0 := engine.Normalize(b.RightAscension - lst)
	if a == DSC {
		h0 = engine.Normalize(lst - b.RightAscension)
	}
	if h0 <= 0 || h0 >= 180 {
		return 0, false
	}
	td := math.Tan(b.Declination * deg)
	if math.Abs(td) < 1e-12 {
		return 0, false // on the equator: rises 6 hours from culmination at every latitude
	}
	// cos H0 = −tan φ tan δ.
	return math.Atan(-math.Cos(h0*deg)/td) / deg, true
}

// horizonParans returns the latitudes where body a is at angle aa and body
// b at angle ab on the horizon at the same moment: roots in latitude of
// the difference of their horizon longitudes, bracketed on a 0.5° grid and
// bisected to 1e-9 degree.
func horizonParans(a Equatorial, aa Angle, b Equatorial, ab Angle) []float64 {
	limit := math.Min(90-math.Abs(a.Declination), 90-math.Abs(b.Declination)) - 1e-9
	f := func(lat float64) float64 {
		la, _ := HorizonLongitude(a.RightAscension, a.Declination, 0, lat, aa)
		lb, _ := HorizonLongitude(b.RightAscension, b.Declination, 0, lat, ab)
		return math.Remainder(la-lb, 360)
	}
	var out []float64
	const grid = 0.5
	lo := -limit
	flo := f(lo)
	for lo < limit {
		hi := math.Min(lo+grid, limit)
		fhi := f(hi)
		// A change of sign, not the jump of the remainder at ±180°.
		if (flo < 0) != (fhi < 0) && math.Abs(flo-fhi) < 180 {
			a, b, fa := lo, hi, flo
			for range 80 {
				m := (a + b) / 2
				fm := f(m)
				if (fm < 0) == (fa < 0) {
					a, fa = m, fm
				} else {
					b = m
				}
				if b-a < 1e-9 {
					break
				}
			}
			out = append(out, (a+b)/2)
		}
		lo, flo = hi, fhi
	}
	return out
}
