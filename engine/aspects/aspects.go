// Package aspects finds the aspects (angular relationships along the
// ecliptic) between chart points. It needs no ephemeris: longitudes and
// daily speeds come in, aspects go out.
//
// The aspect set is the Ptolemaic one (conjunction, sextile, square, trine,
// opposition) plus, on request, the minor aspects of Kepler and later
// practice (semi-sextile, semi-square, quintile, sesqui-quadrate,
// bi-quintile, quincunx).
//
// Default orbs (degrees either side of exact), a common modern choice:
// conjunction and opposition 8, trine 8, square 7, sextile 6; quincunx 3;
// the other minor aspects 2. Orbs are per aspect, not per body.
//
// An aspect is applying when the separation is moving toward the exact
// angle, judged from the two bodies' instantaneous longitude speeds, and
// separating otherwise; points given without motion (the angles, for
// instance) are held fixed, the usual convention for natal charts.
//
// Beyond the named aspects, Harmonic gives the aspects proper to a
// harmonic n (the angles 360k/n with k and n coprime: quintiles, septiles,
// noviles, ...), Selection resolves a caller's choice of set, harmonics and
// orbs into Rules, and a Matcher finds the aspects within one chart
// (AppendFind) or from one chart's points to another's (AppendCross, the
// inter-aspects of synastry).
package aspects

import (
	"math"
	"math/bits"
	"slices"

	"github.com/astroapi/astroapi/engine/jsonw"
)

// Kind names an aspect with its API wire value.
type Kind string

// The aspects.
const (
	Conjunction    Kind = "conjunction"
	Opposition     Kind = "opposition"
	Trine          Kind = "trine"
	Square         Kind = "square"
	Sextile        Kind = "sextile"
	SemiSextile    Kind = "semi_sextile"
	SemiSquare     Kind = "semi_square"
	Quintile       Kind = "quintile"
	Sesquiquadrate Kind = "sesquiquadrate"
	Biquintile     Kind = "biquintile"
	Quincunx       Kind = "quincunx"
)

// Def is an aspect's exact angle and class.
type Def struct {
	Kind  Kind
	Angle float64 // exact separation in degrees, 0-180
	Major bool    // Ptolemaic
}

// Defs lists every aspect, the Ptolemaic ones first.
var Defs = [...]Def{
	{Conjunction, 0, true}, {Opposition, 180, true}, {Trine, 120, true},
	{Square, 90, true}, {Sextile, 60, true},
	{SemiSextile, 30, false}, {SemiSquare, 45, false}, {Quintile, 72, false},
	{Sesquiquadrate, 135, false}, {Biquintile, 144, false}, {Quincunx, 150, false},
}

// Orbs maps an aspect to its orb in degrees. Aspects absent from the map
// (or with orb <= 0) are not looked for.
type Orbs map[Kind]float64

// DefaultOrbs returns the documented default orbs: the Ptolemaic aspects,
// and the minor ones too when minor is true.
func DefaultOrbs(minor bool) Orbs {
	o := Orbs{Conjunction: 8, Opposition: 8, Trine: 8, Square: 7, Sextile: 6}
	if minor {
		o[SemiSextile] = 2
		o[SemiSquare] = 2
		o[Quintile] = 2
		o[Sesquiquadrate] = 2
		o[Biquintile] = 2
		o[Quincunx] = 3
	}
	return o
}

// Point is a chart point to aspect: a name, its ecliptic longitude in
// degrees and its speed in longitude in degrees per day (0 for a point held
// fixed).
type Point struct {
	Name      string
	Longitude float64
	Speed     float64
}

// Aspect is one aspect between two points.
type Aspect struct {
	Point1     string  `json:"point1" doc:"first point (earlier in chart order)"`
	Point2     string  `json:"point2" doc:"second point"`
	Aspect     Kind    `json:"aspect" enum:"-" doc:"aspect name: one of the eleven aspects of the orbs table, or, where harmonics were asked for, a harmonic aspect's (septile, novile, ...; without a traditional name harmonic_<n>_<k>)"`
	Angle      float64 `json:"angle" doc:"exact angle of the aspect in degrees"`
	Separation float64 `json:"separation" doc:"actual angular distance between the points in degrees, 0-180"`
	Orb        float64 `json:"orb" doc:"distance from exact in degrees (absolute)"`
	Applying   bool    `json:"applying" doc:"true when the orb is shrinking, false when separating"`
	Major      bool    `json:"major" doc:"Ptolemaic aspect"`
	// TimeDependent is set in a chart of unknown birth time for an aspect
	// that holds at some times of the birth day but not all.
	TimeDependent bool `json:"time_dependent,omitempty" doc:"birth time unknown: the aspect holds only at some times of the birth day (within orb at the charted time as given, or, when absent from the chart at that time, possible at another)"`
}

// Separation returns the shortest angular distance between two longitudes,
// in [0, 180] degrees.
func Separation(a, b float64) float64 {
	return math.Abs(math.Remainder(b-a, 360))
}

// Find returns the aspects among points, in pair order (point i before
// point j for i < j). A pair gets at most one aspect: the one with the
// smallest orb when custom orbs overlap.
func Find(points []Point, orbs Orbs) []Aspect {
	// A natal chart of n points has 2n-3n aspects with the default orbs.
	return AppendFind(make([]Aspect, 0, 3*len(points)), points, orbs)
}

// AppendFind is Find appending to out, for callers that supply the
// storage.
func AppendFind(out []Aspect, points []Point, orbs Orbs) []Aspect {
	var m Matcher
	m.init(orbs)
	return m.AppendFind(out, points)
}

// Matcher finds aspects with one set of orbs, resolved once: callers that
// use the same orbs for many charts keep one.
type Matcher struct {
	act []activeDef
	buf [len(Defs)]activeDef
	// near[d] is the set (bit k for act[k]) of aspects whose orb reaches
	// into the degree of separation [d, d+1): most pairs of points have
	// none, and for them the match is one lookup.
	near [181]uint64
}

// NewMatcher resolves orbs.
func NewMatcher(orbs Orbs) *Matcher {
	m := new(Matcher)
	m.init(orbs)
	return m
}

func (m *Matcher) init(orbs Orbs) {
	m.act = appendActive(m.buf[:0], orbs)
	m.index()
}

// index fills near from act.
func (m *Matcher) index() {
	for k, a := range m.act {
		lo := max(0, int(math.Floor(a.def.Angle-a.orb)))
		hi := min(180, int(math.Floor(a.def.Angle+a.orb)))
		for d := lo; d <= hi; d++ {
			m.near[d] |= 1 << k
		}
	}
}

// AppendFind appends the aspects among points to out, as Find.
func (m *Matcher) AppendFind(out []Aspect, points []Point) []Aspect {
	for i := range points {
		p := &points[i]
		for j := i + 1; j < len(points); j++ {
			// Most pairs have no aspect: only the match, which touches
			// no strings, runs for them.
			if k, d, sep, orb := m.match(p.Longitude, points[j].Longitude); k >= 0 {
				out = append(out, build(p, &points[j], m.act[k].def, d, sep, orb))
			}
		}
	}
	return out
}

// match is the package's match with the candidates narrowed by near.
func (m *Matcher) match(lp, lq float64) (best int, d, sep, bestOrb float64) {
	d = signedArc(lq - lp)
	sep = math.Abs(d)
	best, bestOrb = -1, math.Inf(1)
	i := int(sep)
	if i > 180 { // NaN or a rounding past 180
		i = 180
	}
	for set := m.near[i]; set != 0; set &= set - 1 {
		k := bits.TrailingZeros64(set)
		if o := math.Abs(sep - m.act[k].def.Angle); o <= m.act[k].orb && o < bestOrb {
			best, bestOrb = k, o
		}
	}
	return best, d, sep, bestOrb
}

// activeDef is an aspect looked for, with its orb.
type activeDef struct {
	def Def
	orb float64
}

// appendActive resolves the orb map once, so the pair loop does no map
// lookups.
func appendActive(act []activeDef, orbs Orbs) []activeDef {
	for _, def := range Defs {
		if orb, ok := orbs[def.Kind]; ok && orb > 0 {
			act = append(act, activeDef{def, orb})
		}
	}
	return act
}

// Between returns the aspect between p and q within orbs, if any.
func Between(p, q Point, orbs Orbs) (Aspect, bool) {
	var m Matcher
	m.init(orbs)
	k, d, sep, orb := m.match(p.Longitude, q.Longitude)
	if k < 0 {
		return Aspect{}, false
	}
	return build(&p, &q, m.act[k].def, d, sep, orb), true
}

// signedArc reduces a longitude difference to [-180, 180].
func signedArc(d float64) float64 {
	switch {
	// For |d| < 360 (longitudes in [0, 360)) these are exactly what
	// d -= 360*math.Round(d/360) gives, without the rounding call.
	case d >= 180 && d < 360:
		d -= 360
	case d <= -180 && d > -360:
		d += 360
	case d < 180 && d > -180:
	default:
		d -= 360 * math.Round(d/360)
	}
	return d
}

// build is the aspect def between p and q found by match.
func build(p, q *Point, def Def, d, sep, orb float64) Aspect {
	// The separation changes at rate sign(d)*(vq - vp); the aspect applies
	// when that moves sep toward the exact angle.
	rate := q.Speed - p.Speed
	if d < 0 {
		rate = -rate
	}
	applying := (sep-def.Angle)*rate < 0
	switch def.Angle {
	// At the ends of [0, 180] the separation turns around instead of
	// overshooting: approaching 0 or 180 is applying, from either side.
	case 0:
		applying = rate < 0
	case 180:
		applying = rate > 0
	}
	return Aspect{
		Point1: p.Name, Point2: q.Name, Aspect: def.Kind, Angle: def.Angle,
		Separation: sep, Orb: orb, Applying: applying, Major: def.Major,
	}
}

// AppendJSON appends the aspect as JSON, the fields as tagged above,
// degrees to jsonw.Decimals.
func (a *Aspect) AppendJSON(b []byte) []byte {
	// Keys and punctuation go in as one constant each: a chart has dozens
	// of aspects, and per-piece appends were most of their cost.
	b = append(b, `{"point1":"`...)
	b = append(b, a.Point1...)
	b = append(b, `","point2":"`...)
	b = append(b, a.Point2...)
	b = append(b, `","aspect":"`...)
	b = append(b, a.Aspect...)
	b = append(b, `","angle":`...)
	b = jsonw.Angle(b, a.Angle)
	b = append(b, `,"separation":`...)
	b = jsonw.Angle(b, a.Separation)
	b = append(b, `,"orb":`...)
	b = jsonw.Angle(b, a.Orb)
	switch {
	case a.Applying && a.Major:
		b = append(b, `,"applying":true,"major":true`...)
	case a.Applying:
		b = append(b, `,"applying":true,"major":false`...)
	case a.Major:
		b = append(b, `,"applying":false,"major":true`...)
	default:
		b = append(b, `,"applying":false,"major":false`...)
	}
	if a.TimeDependent {
		b = append(b, `,"time_dependent":true`...)
	}
	return append(b, '}')
}

// AppendJSON appends the orbs as a JSON object with the aspect names in
// sorted order (as encoders write maps).
func (o Orbs) AppendJSON(b []byte) []byte {
	if o == nil {
		return append(b, "null"...)
	}
	var buf [16]Kind
	keys := buf[:0]
	for k := range o {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	b = append(b, '{')
	for i, k := range keys {
		if i > 0 {
			b = append(b, ',')
		}
		b = jsonw.Name(b, string(k))
		b = append(b, ':')
		b = jsonw.Angle(b, o[k])
	}
	return append(b, '}')
}
