// Package patterns describes the overall shape and balance of a chart.
//
// Chart shapes follow Marc Edmund Jones, The Guide to Horoscope
// Interpretation (1941): bundle, bowl, bucket, locomotive, seesaw, splash and
// splay. Jones described them by eye; this package states his figures as
// thresholds on the empty arcs (gaps) between the ten planets Sun..Pluto,
// tested in this order:
//
//   - bundle: all planets within a trine (occupied span <= 120 degrees);
//   - bowl: all within an opposition (span <= 180);
//   - bucket: all but a handle (one planet, or two within 10 degrees) within
//     180 degrees, the handle at least 60 degrees from both rims;
//   - locomotive: all within 240 degrees (an empty trine);
//   - seesaw: exactly two empty arcs of at least 60 degrees, each side
//     holding two or more planets;
//   - splash: no empty arc of 60 degrees or more (even spread);
//   - splay: anything else (irregular clusters).
//
// Elements and modalities are scored by sign: each of the ten planets counts
// 1, the Sun, the Moon and the Ascendant count 2 (weights come with the
// points; natal sets them). The dominant one is the highest score; ties
// are joined with "/" in the fixed order fire, earth, air, water (cardinal,
// fixed, mutable).
//
// Hemispheres count the ten planets by house: houses 7-12 lie above the
// horizon ("southern", the Midheaven side), 1-6 below ("northern"); houses
// 10-12 and 1-3 are "eastern" (the Ascendant side), 4-9 "western". The
// emphasis is the hemisphere holding the most planets; ties join with "/";
// a 5-5 split both ways is "balanced".
//
// Configurations finds the aspect figures among a chart's points: the
// stellium (three or more points within a span, 10° by default), the
// T-square, grand trine, grand cross, yod, kite and mystic rectangle, each
// from the oppositions, trines, squares, sextiles and quincunxes within
// their orbs, with its members, its apex where it has one, its aspects and
// its tightness (the largest orb among them). The definitions are the
// common modern ones (e.g. Tierney, Dynamics of Aspect Analysis, 1983);
// they are stated in full on Configurations.
package patterns

import (
	"slices"
	"strings"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/jsonw"
)

// Shape is a Jones chart shape, with its API wire value.
type Shape string

// The chart shapes.
const (
	Bundle     Shape = "bundle"
	Bowl       Shape = "bowl"
	Bucket     Shape = "bucket"
	Locomotive Shape = "locomotive"
	Seesaw     Shape = "seesaw"
	Splash     Shape = "splash"
	Splay      Shape = "splay"
)

// Shapes lists every shape, in the order they are tested.
var Shapes = []Shape{Bundle, Bowl, Bucket, Locomotive, Seesaw, Splash, Splay}

// Point is a chart point for the balance counts.
type Point struct {
	Longitude float64
	House     int     // 1-12; 0 leaves the point out of the hemisphere count
	Weight    float64 // element/modality score; 0 leaves it out
	Shape     bool    // counts for the chart shape and hemispheres (the ten planets)
}

// Elements are the element scores.
type Elements struct {
	Fire  float64 `json:"fire"`
	Earth float64 `json:"earth"`
	Air   float64 `json:"air"`
	Water float64 `json:"water"`
}

// Modalities are the modality scores.
type Modalities struct {
	Cardinal float64 `json:"cardinal"`
	Fixed    float64 `json:"fixed"`
	Mutable  float64 `json:"mutable"`
}

// Hemispheres count planets per hemisphere.
type Hemispheres struct {
	Northern int `json:"northern" doc:"below the horizon, houses 1-6"`
	Southern int `json:"southern" doc:"above the horizon, houses 7-12"`
	Eastern  int `json:"eastern" doc:"Ascendant side, houses 10-12 and 1-3"`
	Western  int `json:"western" doc:"Descendant side, houses 4-9"`
}

// Result is the pattern summary of a chart.
type Result struct {
	ChartShape         Shape       `json:"chart_shape" doc:"Jones chart shape of the ten planets" enum:"bundle,bowl,bucket,locomotive,seesaw,splash,splay"`
	DominantElement    string      `json:"dominant_element" doc:"highest element score; ties joined with /" example:"fire"`
	DominantModality   string      `json:"dominant_modality" doc:"highest modality score; ties joined with /" example:"fixed"`
	HemisphereEmphasis string      `json:"hemisphere_emphasis" doc:"hemisphere with most planets (northern, southern, eastern, western), ties joined with /, or balanced; unknown when the birth time is (the houses are)" example:"southern"`
	Elements           Elements    `json:"elements" doc:"element scores (Sun, Moon, Ascendant 2, other planets 1)"`
	Modalities         Modalities  `json:"modalities" doc:"modality scores, weighted as elements"`
	Hemispheres        Hemispheres `json:"hemispheres" doc:"planets per hemisphere"`
}

// Analyze computes the shape and balances of points.
func Analyze(points []Point) Result {
	var r Result
	var lons [16]float64
	shapeLons := lons[:0]
	var el [4]float64
	var mo [3]float64
	for _, p := range points {
		sign := int(engine.Normalize(p.Longitude) / 30)
		if sign > 11 {
			sign = 11
		}
		el[sign%4] += p.Weight // Aries fire, Taurus earth, Gemini air, Cancer water, ...
		mo[sign%3] += p.Weight // Aries cardinal, Taurus fixed, Gemini mutable, ...
		if !p.Shape {
			continue
		}
		shapeLons = append(shapeLons, engine.Normalize(p.Longitude))
		if p.House >= 1 && p.House <= 12 {
			if p.House >= 7 {
				r.Hemispheres.Southern++
			} else {
				r.Hemispheres.Northern++
			}
			if p.House >= 10 || p.House <= 3 {
				r.Hemispheres.Eastern++
			} else {
				r.Hemispheres.Western++
			}
		}
	}
	r.Elements = Elements{el[0], el[1], el[2], el[3]}
	r.Modalities = Modalities{mo[0], mo[1], mo[2]}
	r.DominantElement = top(elementNames, el[:])
	r.DominantModality = top(modalityNames, mo[:])
	h := r.Hemispheres
	r.HemisphereEmphasis = "balanced"
	if h.Northern != h.Southern || h.Eastern != h.Western {
		r.HemisphereEmphasis = top(hemisphereNames,
			[]float64{float64(h.Northern), float64(h.Southern), float64(h.Eastern), float64(h.Western)})
	}
	r.ChartShape = ShapeOf(shapeLons)
	return r
}

// Tie strings of the element, modality and hemisphere names.
var (
	elementNames    = joins([]string{"fire", "earth", "air", "water"})
	modalityNames   = joins([]string{"cardinal", "fixed", "mutable"})
	hemisphereNames = joins([]string{"northern", "southern", "eastern", "western"})
)

// joins returns, for every subset of names (bit i for names[i]), the names
// of the subset joined with "/", so top picks a string instead of building
// one per chart.
func joins(names []string) []string {
	out := make([]string, 1<<len(names))
	for m := range out {
		var parts []string
		for i, n := range names {
			if m&(1<<i) != 0 {
				parts = append(parts, n)
			}
		}
		out[m] = strings.Join(parts, "/")
	}
	return out
}

// top returns the names with the highest score, joined with "/"; joined is
// the joins of the names in score order.
func top(joined []string, scores []float64) string {
	best := slices.Max(scores)
	m := 0
	for i, s := range scores {
		if s == best {
			m |= 1 << i
		}
	}
	return joined[m]
}

// ShapeOf returns the Jones shape of a set of longitudes (degrees). It
// sorts lons in place. Fewer than three points have no meaningful shape and
// are called a bundle.
func ShapeOf(lons []float64) Shape {
	n := len(lons)
	if n < 3 {
		return Bundle
	}
	for i := range lons {
		lons[i] = engine.Normalize(lons[i])
	}
	slices.Sort(lons)
	// gap[i] is the empty arc after lons[i], up to the next point.
	var buf [16]float64
	gap := buf[:0]
	for i := range n {
		g := lons[(i+1)%n] - lons[i]
		if i == n-1 {
			g += 360
		}
		gap = append(gap, g)
	}
	largest := slices.Max(gap)
	switch span := 360 - largest; {
	case span <= 120:
		return Bundle
	case span <= 180:
		return Bowl
	case bucket(gap):
		return Bucket
	case span <= 240:
		return Locomotive
	}
	wide, sides := 0, []int{}
	for i, g := range gap {
		if g >= 60 {
			wide++
			sides = append(sides, i)
		}
	}
	switch {
	case wide == 0:
		return Splash
	case wide == 2:
		// Points strictly between the two wide gaps on each side.
		a := sides[1] - sides[0]
		if a >= 2 && n-a >= 2 {
			return Seesaw
		}
	}
	return Splay
}

// bucket reports whether one point, or two within 10 degrees, can be taken
// out as a handle leaving the rest within 180 degrees, with the handle at
// least 60 degrees from the rim on both sides.
func bucket(gap []float64) bool {
	n := len(gap)
	for h := range n {
		before := gap[(h-1+n)%n] // arc from the previous point to the handle
		for size := 1; size <= 2 && size < n-1; size++ {
			// The handle is points h..h+size-1; inner is their own spread.
			inner := 0.0
			for k := 0; k < size-1; k++ {
				inner += gap[(h+k)%n]
			}
			if inner > 10 {
				continue
			}
			after := gap[(h+size-1)%n]
			if before >= 60 && after >= 60 && before+after+inner >= 180 {
				return true
			}
		}
	}
	return false
}

// AppendJSON appends the result as JSON, the fields as tagged above.
func (r *Result) AppendJSON(b []byte) []byte {
	num := func(b []byte, k string, v float64) []byte {
		return jsonw.Angle(jsonw.Key(b, k), v)
	}
	b = jsonw.Key(append(b, '{'), "chart_shape")
	b = jsonw.Name(b, string(r.ChartShape))
	b = jsonw.Key(append(b, ','), "dominant_element")
	b = jsonw.Name(b, r.DominantElement)
	b = jsonw.Key(append(b, ','), "dominant_modality")
	b = jsonw.Name(b, r.DominantModality)
	b = jsonw.Key(append(b, ','), "hemisphere_emphasis")
	b = jsonw.Name(b, r.HemisphereEmphasis)
	b = jsonw.Key(append(b, ','), "elements")
	b = num(append(b, '{'), "fire", r.Elements.Fire)
	b = num(append(b, ','), "earth", r.Elements.Earth)
	b = num(append(b, ','), "air", r.Elements.Air)
	b = num(append(b, ','), "water", r.Elements.Water)
	b = jsonw.Key(append(b, '}', ','), "modalities")
	b = num(append(b, '{'), "cardinal", r.Modalities.Cardinal)
	b = num(append(b, ','), "fixed", r.Modalities.Fixed)
	b = num(append(b, ','), "mutable", r.Modalities.Mutable)
	b = jsonw.Key(append(b, '}', ','), "hemispheres")
	b = jsonw.Int(jsonw.Key(append(b, '{'), "northern"), r.Hemispheres.Northern)
	b = jsonw.Int(jsonw.Key(append(b, ','), "southern"), r.Hemispheres.Southern)
	b = jsonw.Int(jsonw.Key(append(b, ','), "eastern"), r.Hemispheres.Eastern)
	b = jsonw.Int(jsonw.Key(append(b, ','), "western"), r.Hemispheres.Western)
	return append(b, '}', '}')
}
