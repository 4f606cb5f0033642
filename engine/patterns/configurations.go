package patterns

import (
	"math"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/aspects"
	"github.com/astroapi/astroapi/engine/jsonw"
)

// Figure names an aspect configuration with its API wire value.
type Figure string

// The aspect configurations.
const (
	Stellium        Figure = "stellium"
	TSquare         Figure = "t_square"
	GrandTrine      Figure = "grand_trine"
	GrandCross      Figure = "grand_cross"
	Yod             Figure = "yod"
	Kite            Figure = "kite"
	MysticRectangle Figure = "mystic_rectangle"
)

// Figures lists the configurations in the order results list them.
var Figures = []Figure{Stellium, TSquare, GrandTrine, GrandCross, Yod, Kite, MysticRectangle}

// EnumValues lists the wire values of the figures (engine.Enum).
func (Figure) EnumValues() []string {
	out := make([]string, len(Figures))
	for i, f := range Figures {
		out[i] = string(f)
	}
	return out
}

// DefaultStelliumSpan is the widest arc, in degrees, that three or more
// points may span to make a stellium when the caller names none: the
// default conjunction orb (8°) plus a little, so that three planets each
// within a conjunction of the middle one qualify.
const DefaultStelliumSpan = 10

// ConfigOptions choose how configurations are found.
type ConfigOptions struct {
	// Orbs of the aspects the figures are made of (opposition, trine,
	// square, sextile, quincunx). An aspect absent from the map takes its
	// default orb (aspects.DefaultOrbs(true): the yod's quincunx 3°).
	Orbs aspects.Orbs
	// StelliumSpan is the widest arc of a stellium in degrees (0 means
	// DefaultStelliumSpan).
	StelliumSpan float64
	// InStellium reports whether a point may belong to a stellium (nil:
	// every point). Charts count the ten planets only.
	InStellium func(name string) bool
}

// Link is one aspect inside a configuration.
type Link struct {
	Point1 string       `json:"point1" doc:"first point"`
	Point2 string       `json:"point2" doc:"second point"`
	Aspect aspects.Kind `json:"aspect" doc:"aspect name"`
	Orb    float64      `json:"orb" doc:"distance from exact in degrees"`
}

// Configuration is an aspect pattern found among a chart's points.
type Configuration struct {
	Type   Figure   `json:"type" doc:"the figure" enum:"stellium,t_square,grand_trine,grand_cross,yod,kite,mystic_rectangle"`
	Points []string `json:"points" doc:"the members, in the figure's order: stellium by longitude; t_square the opposition pair then the apex; grand_trine by longitude; grand_cross round the circle; yod the sextile pair then the apex; kite the grand trine (the corner the tail opposes first) then the tail; mystic_rectangle round the circle"`
	Apex   string   `json:"apex,omitempty" doc:"t_square: the point square both ends of the opposition; yod: the point quincunx both ends of the sextile; kite: the tail (opposite one corner of the grand trine, sextile the other two)"`
	// Orb is the figure's tightness: the largest orb among its aspects
	// (a stellium: the arc it spans).
	Orb     float64 `json:"orb" doc:"tightness in degrees, smaller is tighter: the largest orb among the figure's aspects; for a stellium the arc from its first to its last member"`
	MeanOrb float64 `json:"mean_orb" doc:"mean orb of the figure's aspects in degrees (a stellium: the mean distance of its members from their circular mean)"`
	Sign    string  `json:"sign,omitempty" doc:"stellium only: the sign holding every member, when one does"`
	Links   []Link  `json:"aspects,omitempty" doc:"the aspects that make the figure (none for a stellium)"`
}

// figureKinds are the aspects figures are made of.
var figureKinds = []aspects.Kind{aspects.Opposition, aspects.Trine, aspects.Square, aspects.Sextile, aspects.Quincunx}

// figureKind is 1 + an index in figureKinds.
type figureKind uint8

const (
	opposition figureKind = iota + 1
	trine
	square
	sextile
	quincunx
)

// figureMatchers caches the matcher of each set of figure orbs (keyed by
// the orbs of figureKinds): the default sets are used by nearly every
// call; callers' own orbs are cached up to maxFigureMatchers sets (a
// bound, since orbs come from requests), then built per call.
var (
	figureMatchers  sync.Map // [5]float64 -> *aspects.Matcher
	figureMatchersN atomic.Int32
)

const maxFigureMatchers = 64

// figureDefaults are the orbs of the figure aspects the caller's orbs do
// not name.
var figureDefaults = aspects.DefaultOrbs(true)

// figureMatcher returns the matcher of the figure aspects with orbs (an
// aspect absent from orbs takes its default, aspects.DefaultOrbs(true)).
func figureMatcher(orbs aspects.Orbs) *aspects.Matcher {
	var key [5]float64
	for i, k := range figureKinds {
		orb, ok := orbs[k]
		if !ok {
			orb = figureDefaults[k]
		}
		key[i] = orb
	}
	if m, ok := figureMatchers.Load(key); ok {
		return m.(*aspects.Matcher)
	}
	rules := make([]aspects.Rule, len(figureKinds))
	for i, k := range figureKinds {
		def, _ := k.Def()
		rules[i] = aspects.Rule{Def: def, Orb: key[i]}
	}
	m, _ := aspects.NewRuleMatcher(rules) // five rules: never too many
	if figureMatchersN.Add(1) <= maxFigureMatchers {
		figureMatchers.Store(key, m)
	}
	return m
}

// Configurations finds the stelliums, T-squares, grand trines, grand
// crosses, yods, kites and mystic rectangles among points (names unique).
// Each is listed once, figures in the order of Figures and then tightest
// first. A figure is listed even when a larger one holds it: a grand cross
// holds four T-squares and a kite a grand trine, and all are listed.
//
// The definitions (each aspect within its orb):
//   - stellium: three or more points (InStellium) within StelliumSpan
//     degrees, maximal (no point can be added);
//   - T-square: A opposite B, C square both;
//   - grand trine: A, B, C trine one another;
//   - grand cross: A opposite C, B opposite D, and the four squares A-B,
//     B-C, C-D, D-A;
//   - yod ("finger of God"): A sextile B, C quincunx both;
//   - kite: a grand trine A, B, C and D opposite A, sextile B and C;
//   - mystic rectangle: A opposite C, B opposite D, A-B and C-D sextile,
//     B-C and D-A trine.
func Configurations(points []aspects.Point, o ConfigOptions) []Configuration {
	n := len(points)
	m := figureMatcher(o.Orbs)
	// kind[i*n+j] is 1 + the index in figureKinds of the figure aspect
	// between points i and j (0: none), orb[i*n+j] its orb; on the stack
	// for charts of up to 24 points.
	var kindBuf [24 * 24]uint8
	var orbBuf [24 * 24]float64
	kind, orb := kindBuf[:0], orbBuf[:0]
	if n > 24 {
		kind, orb = make([]uint8, n*n), make([]float64, n*n)
	}
	kind, orb = kind[:n*n], orb[:n*n]
	for i := range n {
		for j := i + 1; j < n; j++ {
			if def, o, ok := m.Match(points[i].Longitude, points[j].Longitude); ok {
				k := uint8(1 + slices.Index(figureKinds, def.Kind))
				kind[i*n+j], kind[j*n+i] = k, k
				orb[i*n+j], orb[j*n+i] = o, o
			}
		}
	}
	is := func(i, j int, k figureKind) bool { return kind[i*n+j] == uint8(k) }
	var out []Configuration
	out = append(out, stelliums(points, o)...)
	link := func(i, j int) Link {
		return Link{Point1: points[i].Name, Point2: points[j].Name, Aspect: figureKinds[kind[i*n+j]-1], Orb: orb[i*n+j]}
	}
	figure := func(f Figure, members []int, apex int, pairs ...[2]int) Configuration {
		c := Configuration{Type: f}
		for _, i := range members {
			c.Points = append(c.Points, points[i].Name)
		}
		if apex >= 0 {
			c.Apex = points[apex].Name
		}
		for _, p := range pairs {
			l := link(p[0], p[1])
			c.Links = append(c.Links, l)
			c.Orb = max(c.Orb, l.Orb)
			c.MeanOrb += l.Orb / float64(len(pairs))
		}
		return c
	}
	// byLon orders indices by longitude, for a stated member order.
	byLon := func(idx ...int) []int {
		slices.SortFunc(idx, func(a, b int) int {
			return cmpFloat(engine.Normalize(points[a].Longitude), engine.Normalize(points[b].Longitude))
		})
		return idx
	}
	for a := range n {
		for b := a + 1; b < n; b++ {
			switch {
			case is(a, b, opposition):
				for c := range n {
					if c != a && c != b && is(a, c, square) && is(b, c, square) {
						out = append(out, figure(TSquare, []int{a, b, c}, c, [2]int{a, b}, [2]int{a, c}, [2]int{b, c}))
					}
				}
			case is(a, b, sextile):
				for c := range n {
					if c != a && c != b && is(a, c, quincunx) && is(b, c, quincunx) {
						out = append(out, figure(Yod, []int{a, b, c}, c, [2]int{a, b}, [2]int{a, c}, [2]int{b, c}))
					}
				}
			case is(a, b, trine):
				for c := b + 1; c < n; c++ {
					if !is(a, c, trine) || !is(b, c, trine) {
						continue
					}
					tri := byLon(a, b, c)
					out = append(out, figure(GrandTrine, tri, -1, [2]int{tri[0], tri[1]}, [2]int{tri[1], tri[2]}, [2]int{tri[0], tri[2]}))
					// Kites on this grand trine: a tail opposite one corner,
					// sextile the other two.
					for d := range n {
						for k, head := range tri {
							x, y := tri[(k+1)%3], tri[(k+2)%3]
							if d != head && d != x && d != y && is(d, head, opposition) && is(d, x, sextile) && is(d, y, sextile) {
								out = append(out, figure(Kite, []int{head, x, y, d}, d,
									[2]int{tri[0], tri[1]}, [2]int{tri[1], tri[2]}, [2]int{tri[0], tri[2]},
									[2]int{head, d}, [2]int{x, d}, [2]int{y, d}))
							}
						}
					}
				}
			}
		}
	}
	// Four-point figures made of two oppositions: each pair of opposition
	// pairs once.
	var opps [][2]int
	for a := range n {
		for b := a + 1; b < n; b++ {
			if is(a, b, opposition) {
				opps = append(opps, [2]int{a, b})
			}
		}
	}
	for i, p := range opps {
		for _, q := range opps[i+1:] {
			a, c, b, d := p[0], p[1], q[0], q[1]
			if a == b || a == d || c == b || c == d {
				continue
			}
			// Round the circle: A, B, C, D with A-C and B-D the oppositions.
			ring := byLon(a, b, c, d)
			if is(ring[0], ring[2], opposition) && is(ring[1], ring[3], opposition) {
				A, B, C, D := ring[0], ring[1], ring[2], ring[3]
				sides := [4][2]int{{A, B}, {B, C}, {C, D}, {D, A}}
				if is(A, B, square) && is(B, C, square) && is(C, D, square) && is(D, A, square) {
					out = append(out, figure(GrandCross, ring, -1, [2]int{A, C}, [2]int{B, D}, sides[0], sides[1], sides[2], sides[3]))
				}
				// A mystic rectangle has its short (sextile) sides opposite
				// each other: A-B and C-D, or B-C and D-A.
				for _, s := range [2][4][2]int{{sides[0], sides[2], sides[1], sides[3]}, {sides[1], sides[3], sides[0], sides[2]}} {
					if is(s[0][0], s[0][1], sextile) && is(s[1][0], s[1][1], sextile) &&
						is(s[2][0], s[2][1], trine) && is(s[3][0], s[3][1], trine) {
						out = append(out, figure(MysticRectangle, ring, -1, [2]int{A, C}, [2]int{B, D}, s[0], s[1], s[2], s[3]))
					}
				}
			}
		}
	}
	rank := func(f Figure) int { return slices.Index(Figures, f) }
	slices.SortStableFunc(out, func(x, y Configuration) int {
		if rx, ry := rank(x.Type), rank(y.Type); rx != ry {
			return rx - ry
		}
		return cmpFloat(x.Orb, y.Orb)
	})
	return out
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// stelliums finds the maximal sets of three or more points (InStellium)
// within the span, members in longitude order from the start of the arc.
func stelliums(points []aspects.Point, o ConfigOptions) []Configuration {
	span := o.StelliumSpan
	if span <= 0 {
		span = DefaultStelliumSpan
	}
	type pt struct {
		name string
		lon  float64
	}
	var ps []pt
	for _, p := range points {
		if o.InStellium == nil || o.InStellium(p.Name) {
			ps = append(ps, pt{p.Name, engine.Normalize(p.Longitude)})
		}
	}
	n := len(ps)
	if n < 3 {
		return nil
	}
	slices.SortFunc(ps, func(a, b pt) int { return cmpFloat(a.lon, b.lon) })
	// lon(i) for i in [0, 2n): the points once round and again 360° on.
	lon := func(i int) float64 { return ps[i%n].lon + 360*float64(i/n) }
	stellium := func(i, j int) Configuration {
		c := Configuration{Type: Stellium, Orb: lon(j) - lon(i)}
		var sx, sy float64
		for k := i; k <= j; k++ {
			c.Points = append(c.Points, ps[k%n].name)
			s, co := math.Sincos(ps[k%n].lon * math.Pi / 180)
			sx, sy = sx+co, sy+s
		}
		mean := math.Atan2(sy, sx) * 180 / math.Pi
		for k := i; k <= j; k++ {
			c.MeanOrb += aspects.Separation(mean, ps[k%n].lon) / float64(j-i+1)
		}
		if first := signOf(lon(i)); first == signOf(lon(j)) {
			c.Sign = first
		}
		return c
	}
	// All the points within the span: one stellium, from the point after
	// the widest gap.
	widest, after := 0.0, 0
	for i := range n {
		if g := lon(i+1) - lon(i); g > widest {
			widest, after = g, (i+1)%n
		}
	}
	if 360-widest <= span {
		return []Configuration{stellium(after, after+n-1)}
	}
	// Otherwise no window holds every point, and the window ends grow with
	// their starts round the circle. end[i] is the last index j (i <= j <
	// i+n) with lon(j) - lon(i) <= span; the window from i is maximal when
	// the window from i-1 does not reach as far.
	end := make([]int, n)
	for i := range n {
		j := i
		for j+1 < i+n && lon(j+1)-lon(i) <= span {
			j++
		}
		end[i] = j
	}
	var out []Configuration
	for i := range n {
		prevEnd := end[(i+n-1)%n]
		if i == 0 {
			prevEnd -= n // the window from the last point, a turn back
		}
		if end[i]-i+1 >= 3 && prevEnd < end[i] {
			out = append(out, stellium(i, end[i]))
		}
	}
	slices.SortStableFunc(out, func(x, y Configuration) int { return cmpFloat(x.Orb, y.Orb) })
	return out
}

func signOf(lon float64) string {
	s, _ := engine.SignOf(lon)
	return s
}

// AppendJSON appends the configuration as JSON, the fields as tagged
// above, degrees to jsonw.Decimals. Names come from the caller (a list of
// points): they are escaped.
func (c *Configuration) AppendJSON(b []byte) []byte {
	b = jsonw.Name(jsonw.Key(append(b, '{'), "type"), string(c.Type))
	b = append(jsonw.Key(append(b, ','), "points"), '[')
	for i, p := range c.Points {
		if i > 0 {
			b = append(b, ',')
		}
		b = jsonw.String(b, p)
	}
	b = append(b, ']')
	if c.Apex != "" {
		b = jsonw.String(jsonw.Key(append(b, ','), "apex"), c.Apex)
	}
	b = jsonw.Angle(jsonw.Key(append(b, ','), "orb"), c.Orb)
	b = jsonw.Angle(jsonw.Key(append(b, ','), "mean_orb"), c.MeanOrb)
	if c.Sign != "" {
		b = jsonw.Name(jsonw.Key(append(b, ','), "sign"), c.Sign)
	}
	if len(c.Links) > 0 {
		b = append(jsonw.Key(append(b, ','), "aspects"), '[')
		for i := range c.Links {
			l := &c.Links[i]
			if i > 0 {
				b = append(b, ',')
			}
			b = jsonw.String(jsonw.Key(append(b, '{'), "point1"), l.Point1)
			b = jsonw.String(jsonw.Key(append(b, ','), "point2"), l.Point2)
			b = jsonw.Name(jsonw.Key(append(b, ','), "aspect"), string(l.Aspect))
			b = append(jsonw.Angle(jsonw.Key(append(b, ','), "orb"), l.Orb), '}')
		}
		b = append(b, ']')
	}
	return append(b, '}')
}
