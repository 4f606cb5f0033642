// Package uranian computes the working material of Uranian astrology (the
// Hamburg school of Alfred Witte, Friedrich Sieggrün and Ludwig Rudolph):
// the chart's points with the eight transneptunian points, every midpoint,
// the order of points and midpoints on the dial, and the planetary
// pictures within an orb.
//
// Conventions (also stated in every result):
//   - Points: the six personal points of the school (the Aries point, the
//     Midheaven, the Ascendant, the Sun, the Moon and the lunar node), the
//     planets Mercury to Pluto, then Cupido, Hades, Zeus, Kronos, Apollon,
//     Admetos, Vulkanus and Poseidon (the Swiss Ephemeris' fictitious
//     bodies, from the elements in its seorbel.txt). The Aries point is the
//     vernal point: 0° in the tropical zodiac, 360° less the ayanamsa in a
//     sidereal one. The node is the mean node unless the true node is asked
//     for (the school's ephemerides gave the mean node).
//   - Positions are apparent geocentric ecliptic longitudes of date.
//   - The dial folds the circle: a point's dial position is its longitude
//     modulo the dial (90° by default, where conjunction, square and
//     opposition fall together; 45° adds the semi-square and
//     sesquiquadrate, 22.5° their halves; 360° is the plain circle).
//   - A midpoint is the near midpoint of two points (on the shorter arc);
//     the far one is opposite it and the same point on every dial but 360°.
//   - A midpoint picture A = B/C holds when A lies within orb of the
//     midpoint axis of B and C on the dial: |A - (B+C)/2| modulo the dial
//     (modulo 180° on the 360° dial, where both ends of the axis count).
//   - A sum picture A + B - C = D holds when the sensitive point A + B - C
//     falls within orb of D on the dial: |A + B - C - D| modulo the dial
//     (360° on the 360° dial). The relation is symmetric in its two pairs
//     (A + B = C + D), and is listed once, the pair holding the earlier
//     point of the chart order first.
//
// Sources: Alfred Witte and Hermann Lefeldt, Regelwerk für Planetenbilder
// (Hamburg, 1928; 6th ed. 1959), the introduction's rules of the dial and
// of planetary pictures; the elements of the transneptunian points are the
// Swiss Ephemeris' (Astrodienst, seorbel.txt).
package uranian

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/natal"
)

// The names of the points that are not engine bodies.
const (
	AriesPoint = "Aries Point"
	Midheaven  = "Midheaven"
	Ascendant  = "Ascendant"
	Node       = "Node"
)

// Dials are the dial sizes offered, in degrees.
var Dials = []float64{360, 90, 45, 22.5}

// Options choose the points, the dial and the orb of a Uranian chart.
type Options struct {
	Sidereal engine.Ayanamsa // "" for the tropical zodiac
	Node     natal.Node      // "" means natal.MeanNode
	// Classic leaves the transneptunian points out: the chart's own points
	// and planets only.
	Classic bool
	Dial    float64 // one of Dials; 0 means 90
	Orb     float64 // degrees, more than 0; 0 means 1
	Sums    bool    // also look for the sum pictures A + B - C = D
}

// Point is one of the chart's points.
type Point struct {
	Name      string  `json:"name" doc:"point name" example:"Sun"`
	Longitude float64 `json:"longitude" doc:"ecliptic longitude in degrees, 0-360"`
	Sign      string  `json:"sign" doc:"zodiac sign" example:"Leo"`
	Degree    float64 `json:"degree" doc:"degrees within the sign, 0-30"`
	Dial      float64 `json:"dial" doc:"position on the dial: the longitude modulo the dial, degrees"`
	Speed     float64 `json:"speed" doc:"speed in longitude, degrees per day (0 for the angles and the Aries point)"`
	Uranian   bool    `json:"transneptunian" doc:"one of the eight transneptunian points (Cupido..Poseidon)"`
}

// DialEntry is a point or a midpoint at its place on the dial.
type DialEntry struct {
	Name string  `json:"name" doc:"the point (Sun) or the midpoint (Sun/Moon)" example:"Sun/Moon"`
	Dial float64 `json:"dial" doc:"position on the dial, degrees"`
}

// Midpoint is the midpoint of two points.
type Midpoint struct {
	A         string  `json:"a" doc:"first point, in chart order" example:"Sun"`
	B         string  `json:"b" doc:"second point" example:"Moon"`
	Longitude float64 `json:"longitude" doc:"the near midpoint (on the shorter arc), degrees 0-360"`
	Sign      string  `json:"sign" doc:"zodiac sign of the near midpoint"`
	Degree    float64 `json:"degree" doc:"degrees within the sign"`
	Dial      float64 `json:"dial" doc:"position on the dial, degrees"`
}

// PictureKind says which kind of planetary picture a Picture is.
type PictureKind string

// The picture kinds (wire values).
const (
	MidpointPicture PictureKind = "midpoint" // A = B/C
	SumPicture      PictureKind = "sum"      // A + B - C = D
)

// Picture is a planetary picture: a point on a midpoint axis (A = B/C) or
// a sensitive point on a point (A + B - C = D).
type Picture struct {
	Kind    PictureKind `json:"kind" doc:"midpoint: A = B/C; sum: A + B - C = D" enum:"midpoint,sum"`
	Formula string      `json:"formula" doc:"the picture as the school writes it" example:"Sun = Moon/Mars"`
	A       string      `json:"a" doc:"A: the point on the axis (midpoint pictures), the first of the added pair (sums)"`
	B       string      `json:"b" doc:"B"`
	C       string      `json:"c" doc:"C"`
	D       string      `json:"d,omitempty" doc:"D: the point the sensitive point A + B - C falls on (sum pictures)"`
	Orb     float64     `json:"orb" doc:"distance from exact on the dial, degrees"`
}

// AyanamsaValue is the sidereal offset used.
type AyanamsaValue struct {
	Name    engine.Ayanamsa `json:"name" doc:"ayanamsa"`
	Degrees float64         `json:"degrees" doc:"value subtracted from tropical longitudes, degrees"`
}

// Chart is a Uranian chart.
type Chart struct {
	ZodiacType  string         `json:"zodiac_type" doc:"tropical or sidereal as used" enum:"tropical,sidereal"`
	Ayanamsa    *AyanamsaValue `json:"ayanamsa,omitempty" doc:"present for sidereal charts"`
	Dial        float64        `json:"dial" doc:"the dial, degrees"`
	Orb         float64        `json:"orb" doc:"orb of the pictures, degrees on the dial"`
	Node        natal.Node     `json:"node" doc:"lunar node used" enum:"true,mean"`
	Points      []Point        `json:"points" doc:"the points in the school's order: Aries point, Midheaven, Ascendant, Sun, Moon, node, Mercury..Pluto, then Cupido..Poseidon unless left out"`
	DialOrder   []DialEntry    `json:"dial_order" doc:"the points sorted by their place on the dial"`
	Midpoints   []Midpoint     `json:"midpoints" doc:"every midpoint of two points, sorted by its place on the dial (the midpoint sort)"`
	Pictures    []Picture      `json:"pictures" doc:"planetary pictures within orb: midpoint pictures A = B/C by A in chart order then orb, then sum pictures when asked, by orb"`
	Source      engine.Source  `json:"source" doc:"ephemeris that produced the positions" enum:"tables,swiss_ephemeris,moshier"`
	Conventions string         `json:"conventions" doc:"how the points, dial and pictures are defined"`
}

const conventions = "points: Aries point (vernal point), Midheaven, Ascendant, Sun, Moon, node, Mercury..Pluto, transneptunian points Cupido..Poseidon (Swiss Ephemeris fictitious bodies); " +
	"dial position = longitude modulo the dial; midpoints are near midpoints; A = B/C when A is within orb of the B/C axis modulo the dial (180° on the 360° dial); " +
	"A + B - C = D when A + B - C is within orb of D modulo the dial (360° on the 360° dial)"

// personal are the bodies of the chart between the angles and the
// transneptunian points, in the school's order (the node's place is
// taken by the node of the options).
var personal = [...]engine.Body{
	engine.Sun, engine.Moon, engine.MeanNode, engine.Mercury, engine.Venus, engine.Mars,
	engine.Jupiter, engine.Saturn, engine.Uranus, engine.Neptune, engine.Pluto,
}

// Validate checks the options, naming the JSON fields dial, orb, ayanamsa
// and node_type.
func (o Options) Validate() engine.Fields {
	errs := natal.Options{Sidereal: o.Sidereal, Node: o.Node}.Validate()
	if o.Dial != 0 && !slices.Contains(Dials, o.Dial) {
		errs.Bad("dial", "must be one of 360, 90, 45, 22.5")
	}
	if !(o.Orb >= 0 && o.Orb <= MaxOrb) {
		errs.Bad("orb", fmt.Sprintf("must be more than 0 and at most %g degrees", MaxOrb))
	}
	return errs
}

// MaxOrb is the widest orb of the pictures, degrees on the dial.
const MaxOrb float64 = 3

// Cast computes the Uranian chart of the instant t (JD UT) at the place
// (geographic degrees).
func Cast(pos engine.Positions, t engine.JDUT, latitude, longitude float64, o Options) (*Chart, error) {
	if errs := o.Validate(); len(errs) > 0 {
		return nil, errs
	}
	if errs := engine.CheckPlace(latitude, longitude, ""); len(errs) > 0 {
		return nil, errs
	}
	if o.Dial == 0 {
		o.Dial = 90
	}
	if o.Orb == 0 {
		o.Orb = 1
	}
	if o.Node == "" {
		o.Node = natal.MeanNode
	}
	c := &Chart{ZodiacType: "tropical", Dial: o.Dial, Orb: o.Orb, Node: o.Node, Source: engine.FromTables, Conventions: conventions}
	var aya float64
	if o.Sidereal != "" {
		v, err := pos.Ayanamsa(t, o.Sidereal)
		if err != nil {
			return nil, err
		}
		aya = v
		c.ZodiacType, c.Ayanamsa = "sidereal", &AyanamsaValue{Name: o.Sidereal, Degrees: v}
	}
	// The angles do not depend on the house system; Porphyry is defined at
	// every latitude.
	h, err := pos.Houses(t, latitude, longitude, engine.Porphyry, o.Sidereal)
	if err != nil {
		return nil, err
	}
	c.Source = c.Source.Worse(h.Source)
	bodies := personal[:]
	if !o.Classic {
		bodies = append(bodies[:len(bodies):len(bodies)], engine.UranianBodies()...)
	}
	c.Points = make([]Point, 0, 3+len(bodies))
	add := func(name string, b engine.Body, lon, speed float64) {
		lon = engine.Normalize(lon)
		sign, deg := engine.SignOf(lon)
		c.Points = append(c.Points, Point{Name: name, Longitude: lon, Sign: sign, Degree: deg, Dial: DialOf(lon, o.Dial), Speed: speed, Uranian: b.Uranian()})
	}
	add(AriesPoint, -1, -aya, 0)
	add(Midheaven, -1, h.Midheaven, 0)
	add(Ascendant, -1, h.Ascendant, 0)
	frame := engine.Options{Sidereal: o.Sidereal, SkipDistance: true}
	for _, b := range bodies {
		name := b.String()
		if b == engine.MeanNode {
			name = Node
			if o.Node == natal.TrueNode {
				b = engine.TrueNode
			}
		}
		p, err := pos.Position(t, b, frame)
		if err != nil {
			if errors.Is(err, engine.ErrOutOfRange) {
				return nil, fmt.Errorf("%v: %w", b, err)
			}
			return nil, err
		}
		c.Source = c.Source.Worse(p.Source)
		add(name, b, p.Longitude, p.SpeedLongitude)
	}
	c.DialOrder = DialOrder(c.Points)
	c.Midpoints = Midpoints(c.Points, o.Dial)
	c.Pictures = MidpointPictures(c.Points, o.Dial, o.Orb)
	if o.Sums {
		c.Pictures = append(c.Pictures, SumPictures(c.Points, o.Dial, o.Orb)...)
	}
	return c, nil
}

// DialOf returns longitude lon's position on a dial of dial degrees.
func DialOf(lon, dial float64) float64 {
	d := math.Mod(engine.Normalize(lon), dial)
	if d < 0 {
		d += dial
	}
	if d >= dial { // rounding at the top of the dial
		d = 0
	}
	return d
}

// DialOrder returns the points sorted by dial position (chart order among
// equals).
func DialOrder(points []Point) []DialEntry {
	out := make([]DialEntry, len(points))
	for i, p := range points {
		out[i] = DialEntry{Name: p.Name, Dial: p.Dial}
	}
	slices.SortStableFunc(out, func(a, b DialEntry) int { return cmp.Compare(a.Dial, b.Dial) })
	return out
}

// NearMidpoint returns the midpoint of longitudes a and b on the shorter
// arc between them, in [0, 360). Opposite points (the two arcs equal) take
// the midpoint reached from a going forward.
func NearMidpoint(a, b float64) float64 {
	d := engine.Normalize(b - a)
	if d > 180 {
		d -= 360
	}
	return engine.Normalize(a + d/2)
}

// Midpoints returns the near midpoint of every pair of points (the earlier
// of the pair in chart order first), sorted by dial position.
func Midpoints(points []Point, dial float64) []Midpoint {
	out := make([]Midpoint, 0, len(points)*(len(points)-1)/2)
	for i := range points {
		for j := i + 1; j < len(points); j++ {
			m := NearMidpoint(points[i].Longitude, points[j].Longitude)
			sign, deg := engine.SignOf(m)
			out = append(out, Midpoint{A: points[i].Name, B: points[j].Name, Longitude: m, Sign: sign, Degree: deg, Dial: DialOf(m, dial)})
		}
	}
	slices.SortStableFunc(out, func(a, b Midpoint) int { return cmp.Compare(a.Dial, b.Dial) })
	return out
}

// axisModulus is the period of a midpoint axis on a dial: the dial, or 180°
// on the 360° dial (both ends of the axis).
func axisModulus(dial float64) float64 { return min(dial, 180) }

// MidpointPictures returns every picture A = B/C within orb on the dial:
// for each pair B, C and every other point A whose distance from the B/C
// axis, modulo the dial (180° on the 360° dial), is at most orb. They are
// ordered by A in chart order, then by orb.
func MidpointPictures(points []Point, dial, orb float64) []Picture {
	m := axisModulus(dial)
	var out []Picture
	for a := range points {
		start := len(out)
		for b := range points {
			for c := b + 1; c < len(points); c++ {
				if a == b || a == c {
					continue
				}
				mid := NearMidpoint(points[b].Longitude, points[c].Longitude)
				d := math.Abs(math.Remainder(points[a].Longitude-mid, m))
				if d <= orb {
					out = append(out, Picture{Kind: MidpointPicture, A: points[a].Name, B: points[b].Name, C: points[c].Name, Orb: d,
						Formula: points[a].Name + " = " + points[b].Name + "/" + points[c].Name})
				}
			}
		}
		slices.SortStableFunc(out[start:], func(x, y Picture) int { return cmp.Compare(x.Orb, y.Orb) })
	}
	return out
}

// SumPictures returns every picture A + B - C = D within orb on the dial:
// four distinct points split into two pairs whose sums agree modulo the
// dial (360° on the 360° dial) within orb. Each split is listed once, as
// A + B - C = D with A before B and C before D in chart order and the pair
// holding the earliest of the four first; they are ordered by orb.
func SumPictures(points []Point, dial, orb float64) []Picture {
	m := dial
	var out []Picture
	n := len(points)
	lon := func(i int) float64 { return points[i].Longitude }
	for a := 0; a < n; a++ {
		for b := a + 1; b < n; b++ {
			for c := a + 1; c < n; c++ {
				if c == b {
					continue
				}
				for d := c + 1; d < n; d++ {
					if d == b {
						continue
					}
					// {a, b} | {c, d} with a the earliest of the four: each
					// split of a four-set is met exactly once.
					x := math.Abs(math.Remainder(lon(a)+lon(b)-lon(c)-lon(d), m))
					if x <= orb {
						out = append(out, Picture{Kind: SumPicture, A: points[a].Name, B: points[b].Name, C: points[c].Name, D: points[d].Name, Orb: x,
							Formula: points[a].Name + " + " + points[b].Name + " - " + points[c].Name + " = " + points[d].Name})
					}
				}
			}
		}
	}
	slices.SortStableFunc(out, func(x, y Picture) int { return cmp.Compare(x.Orb, y.Orb) })
	return out
}
