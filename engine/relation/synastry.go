package relation

import (
	"math"
	"slices"
	"strings"
	"sync"

	"github.com/astroapi/astroapi/engine/aspects"
	"github.com/astroapi/astroapi/engine/houses"
	"github.com/astroapi/astroapi/engine/natal"
	"github.com/astroapi/astroapi/engine/patterns"
)

// Options choose the inter-aspects of a synastry.
type Options struct {
	MinorAspects bool         // add the minor aspects with their default orbs
	Orbs         aspects.Orbs // replaces the default orbs when non-nil
}

// InterAspect is an aspect from a point of person1 to a point of person2.
type InterAspect struct {
	Person1    string       `json:"person1" doc:"person1's point" example:"Venus"`
	Person2    string       `json:"person2" doc:"person2's point" example:"Mars"`
	Aspect     aspects.Kind `json:"aspect" doc:"aspect name"`
	Angle      float64      `json:"angle" doc:"exact angle of the aspect in degrees"`
	Separation float64      `json:"separation" doc:"angular distance between the two points in degrees, 0-180"`
	Orb        float64      `json:"orb" doc:"distance from exact in degrees"`
	Applying   bool         `json:"applying" doc:"the separation moves toward exact, each point moving at its natal speed (angles fixed)"`
	Major      bool         `json:"major" doc:"Ptolemaic aspect"`
	Weight     float64      `json:"weight" doc:"signed contribution of the aspect to the compatibility score (see compatibility.method)"`
}

// Overlay is a point of one chart placed in the other's houses (its sign
// and degree are in its own chart).
type Overlay struct {
	Point     string  `json:"point" doc:"the point" example:"Sun"`
	Longitude float64 `json:"longitude" doc:"ecliptic longitude in degrees"`
	House     int     `json:"house" doc:"house of the other person's chart holding the point, 1-12" minimum:"1" maximum:"12"`
}

// Overlays are both people's points in each other's houses.
type Overlays struct {
	Person1InPerson2 []Overlay `json:"person1_in_person2" doc:"person1's planets, Ascendant and Midheaven in person2's houses"`
	Person2InPerson1 []Overlay `json:"person2_in_person1" doc:"person2's planets, Ascendant and Midheaven in person1's houses"`
}

// ElementComparison sets the two charts' element balances side by side.
type ElementComparison struct {
	Person1         patterns.Elements `json:"person1" doc:"person1's element scores (Sun, Moon, Ascendant 2, other planets 1)"`
	Person2         patterns.Elements `json:"person2" doc:"person2's element scores"`
	Combined        patterns.Elements `json:"combined" doc:"the sum of both"`
	Person1Dominant string            `json:"person1_dominant" doc:"person1's highest element (ties joined with /)" example:"fire"`
	Person2Dominant string            `json:"person2_dominant" doc:"person2's highest element" example:"air"`
	Relation        string            `json:"relation" doc:"how the dominant elements relate: same (they share one), complementary (fire with air, earth with water), neutral (fire with earth, air with water) or incompatible (fire with water, earth with air); with ties the first that holds in this order" enum:"same,complementary,neutral,incompatible"`
}

// ModalityComparison sets the two charts' modality balances side by side.
type ModalityComparison struct {
	Person1         patterns.Modalities `json:"person1" doc:"person1's modality scores"`
	Person2         patterns.Modalities `json:"person2" doc:"person2's modality scores"`
	Combined        patterns.Modalities `json:"combined" doc:"the sum of both"`
	Person1Dominant string              `json:"person1_dominant" doc:"person1's highest modality (ties joined with /)" example:"cardinal"`
	Person2Dominant string              `json:"person2_dominant" doc:"person2's highest modality" example:"fixed"`
	Relation        string              `json:"relation" doc:"same when the dominant modalities share one, otherwise different" enum:"same,different"`
}

// Compatibility is the scored summary of a synastry (see Score).
type Compatibility struct {
	Score        float64 `json:"score" doc:"overall compatibility, 0-100: 0.75 aspect_score + 0.25 element_score, to 0.1" minimum:"0" maximum:"100"`
	AspectScore  float64 `json:"aspect_score" doc:"100 harmony / (harmony + tension), 50 without aspects, to 0.1" minimum:"0" maximum:"100"`
	ElementScore float64 `json:"element_score" doc:"element affinity of the two balances, 0-100, to 0.1" minimum:"0" maximum:"100"`
	Harmony      float64 `json:"harmony" doc:"sum of the positive aspect weights"`
	Tension      float64 `json:"tension" doc:"sum of the negative aspect weights, as a positive number"`
	Harmonious   int     `json:"harmonious" doc:"number of inter-aspects with a positive weight"`
	Challenging  int     `json:"challenging" doc:"number of inter-aspects with a negative weight"`
	Method       string  `json:"method" doc:"how the score is computed, in words"`
}

// SynastryConventions state how a synastry was computed.
type SynastryConventions struct {
	Orbs     aspects.Orbs `json:"orbs" doc:"orb in degrees of each inter-aspect looked for"`
	Points   string       `json:"aspect_points" doc:"which points are aspected"`
	Applying string       `json:"applying" doc:"how applying and separating are judged"`
	Zodiac   string       `json:"zodiac" doc:"zodiac both charts are cast in"`
}

// Synastry is two natal charts set against each other.
type Synastry struct {
	Person1       *natal.Chart        `json:"person1" doc:"person1's natal chart, as POST /api/v1/natal returns it"`
	Person2       *natal.Chart        `json:"person2" doc:"person2's natal chart"`
	Aspects       []InterAspect       `json:"aspects" doc:"every aspect within orb from a point of person1 to a point of person2, in person1's chart order, then person2's"`
	HouseOverlays Overlays            `json:"house_overlays"`
	Elements      ElementComparison   `json:"elements"`
	Modalities    ModalityComparison  `json:"modalities"`
	Compatibility Compatibility       `json:"compatibility"`
	Conventions   SynastryConventions `json:"conventions"`
}

// Release hands both natal charts back for reuse (natal.Chart.Release),
// and the synastry's own storage (its inter-aspects and overlays): none of
// them, nor anything taken from them, may be used afterwards.
func (s *Synastry) Release() {
	s.Person1.Release()
	s.Person2.Release()
	a, o1, o2 := s.Aspects[:0], s.HouseOverlays.Person1InPerson2[:0], s.HouseOverlays.Person2InPerson1[:0]
	*s = Synastry{Aspects: a, HouseOverlays: Overlays{Person1InPerson2: o1, Person2InPerson1: o2}}
	synastries.Put(s)
}

// synastries recycles the storage of released synastries: the
// inter-aspects are the largest allocation of a synastry call (a few
// hundred of them with the minor aspects).
var synastries = sync.Pool{New: func() any { return new(Synastry) }}

// DefaultOrbs are the inter-aspect orbs without the caller's: the natal
// defaults (aspects.DefaultOrbs).
func DefaultOrbs(minor bool) aspects.Orbs { return aspects.DefaultOrbs(minor) }

// The default orbs and their matchers, resolved once and shared
// read-only.
var (
	defaultOrbSets  = [2]aspects.Orbs{DefaultOrbs(false), DefaultOrbs(true)}
	defaultMatchers = [2]*aspects.Matcher{aspects.NewMatcher(defaultOrbSets[0]), aspects.NewMatcher(defaultOrbSets[1])}
)

// AspectPoints are the points of a chart that are aspected: its planets
// but the South Node, then the Ascendant and the Midheaven (speed 0).
func AspectPoints(c *natal.Chart) []aspects.Point {
	return appendAspectPoints(make([]aspects.Point, 0, len(c.Planets)+2), c)
}

func appendAspectPoints(out []aspects.Point, c *natal.Chart) []aspects.Point {
	for _, p := range c.Planets {
		if p.Name != natal.SouthNode {
			out = append(out, aspects.Point{Name: p.Name, Longitude: p.Longitude, Speed: p.Speed})
		}
	}
	return append(out,
		aspects.Point{Name: "Ascendant", Longitude: c.Ascendant.Longitude},
		aspects.Point{Name: "Midheaven", Longitude: c.Midheaven.Longitude})
}

// cuspsOf returns a chart's cusps as an array.
func cuspsOf(c *natal.Chart) *[12]float64 {
	var out [12]float64
	for i, cu := range c.Houses.Cusps {
		if i < 12 {
			out[i] = cu.Longitude
		}
	}
	return &out
}

// overlay places the planets (South Node included), Ascendant and
// Midheaven of c in the houses of other.
func overlay(out []Overlay, c, other *natal.Chart) []Overlay {
	cusps := cuspsOf(other)
	cw := houses.Clockwise(cusps)
	out = slices.Grow(out[:0], len(c.Planets)+2)
	add := func(name string, lon float64) {
		out = append(out, Overlay{Point: name, Longitude: lon, House: houses.OfDir(lon, cusps, cw)})
	}
	for _, p := range c.Planets {
		add(p.Name, p.Longitude)
	}
	add("Ascendant", c.Ascendant.Longitude)
	add("Midheaven", c.Midheaven.Longitude)
	return out
}

// Synastrize sets c2 against c1: inter-aspects, house overlays, element
// and modality comparison and the compatibility score. The charts must be
// in one zodiac (SameZodiac); the result holds them.
func Synastrize(c1, c2 *natal.Chart, o Options) *Synastry {
	orbs, m := o.Orbs, (*aspects.Matcher)(nil)
	if orbs == nil {
		orbs, m = defaultOrbSets[btoi(o.MinorAspects)], defaultMatchers[btoi(o.MinorAspects)]
	} else {
		m = aspects.NewMatcher(orbs)
	}
	// A released synastry's storage when there is one (Release).
	s := synastries.Get().(*Synastry)
	s.Person1, s.Person2 = c1, c2
	// About 40% of the pairs of two charts' points are in aspect with the
	// default orbs: room for 256 spares most calls a growing slice.
	var buf [256]aspects.Aspect
	var pbuf [2][32]aspects.Point
	found := m.AppendCross(buf[:0], appendAspectPoints(pbuf[0][:0], c1), appendAspectPoints(pbuf[1][:0], c2))
	// The orb limit of each aspect, by its index in aspects.Defs.
	var limit [len(aspects.Defs)]float64
	for i, d := range aspects.Defs {
		limit[i] = orbs[d.Kind]
	}
	s.Aspects = slices.Grow(s.Aspects[:0], max(len(found), 1))[:len(found)] // never nil: [] in JSON
	for i, a := range found {
		s.Aspects[i] = InterAspect{
			Person1: a.Point1, Person2: a.Point2, Aspect: a.Aspect, Angle: a.Angle, Separation: a.Separation,
			Orb: a.Orb, Applying: a.Applying, Major: a.Major, Weight: Weight(a, limit[defIndex(a.Angle)]),
		}
	}
	s.HouseOverlays = Overlays{
		Person1InPerson2: overlay(s.HouseOverlays.Person1InPerson2, c1, c2),
		Person2InPerson1: overlay(s.HouseOverlays.Person2InPerson1, c2, c1),
	}
	p1, p2 := &c1.Patterns, &c2.Patterns
	s.Elements = ElementComparison{
		Person1: p1.Elements, Person2: p2.Elements,
		Combined: patterns.Elements{
			Fire: p1.Elements.Fire + p2.Elements.Fire, Earth: p1.Elements.Earth + p2.Elements.Earth,
			Air: p1.Elements.Air + p2.Elements.Air, Water: p1.Elements.Water + p2.Elements.Water,
		},
		Person1Dominant: p1.DominantElement, Person2Dominant: p2.DominantElement,
		Relation: elementRelation(p1.DominantElement, p2.DominantElement),
	}
	s.Modalities = ModalityComparison{
		Person1: p1.Modalities, Person2: p2.Modalities,
		Combined: patterns.Modalities{
			Cardinal: p1.Modalities.Cardinal + p2.Modalities.Cardinal,
			Fixed:    p1.Modalities.Fixed + p2.Modalities.Fixed, Mutable: p1.Modalities.Mutable + p2.Modalities.Mutable,
		},
		Person1Dominant: p1.DominantModality, Person2Dominant: p2.DominantModality,
		Relation: "different",
	}
	for _, a := range strings.Split(p1.DominantModality, "/") {
		if slices.Contains(strings.Split(p2.DominantModality, "/"), a) {
			s.Modalities.Relation = "same"
		}
	}
	s.Compatibility = Score(s.Aspects, p1.Elements, p2.Elements)
	zodiac := c1.ZodiacType
	if c1.Ayanamsa != nil {
		zodiac += " (" + string(c1.Ayanamsa.Name) + ")"
	}
	s.Conventions = SynastryConventions{
		Orbs:     orbs,
		Points:   "person1's planets, North Node, Lilith, Chiron, asteroids, Ascendant and Midheaven to person2's; South Nodes omitted (they mirror the North Nodes)",
		Applying: "applying when the separation moves toward the exact angle with each point moving at its natal speed; the Ascendant and Midheaven are held fixed",
		Zodiac:   zodiac,
	}
	return s
}

// kindWeight is an aspect's base weight in the compatibility score: the
// trine and sextile (and the conjunction, a blending) count for the pair,
// the square and the opposition against it; the minor aspects a third as
// much or less.
func kindWeight(k aspects.Kind) float64 {
	switch k {
	case aspects.Trine:
		return 3
	case aspects.Sextile, aspects.Conjunction:
		return 2
	case aspects.Square:
		return -3
	case aspects.Opposition:
		return -2
	case aspects.Quintile, aspects.Biquintile:
		return 1
	case aspects.SemiSextile:
		return 0.5
	case aspects.Quincunx, aspects.SemiSquare, aspects.Sesquiquadrate:
		return -1
	}
	return 0
}

// personal reports the points that weigh most in a relationship: the Sun,
// the Moon, Mercury, Venus, Mars and the Ascendant.
func personal(name string) bool {
	switch name {
	case "Sun", "Moon", "Mercury", "Venus", "Mars", "Ascendant":
		return true
	}
	return false
}

// ScoreMethod is the compatibility method in words, as results state it.
const ScoreMethod = "Each inter-aspect weighs base × pair × (1 - orb/orb limit). Base: trine +3, sextile +2, conjunction +2, " +
	"square -3, opposition -2, quintile and biquintile +1, semi-sextile +0.5, quincunx, semi-square and sesquiquadrate -1. " +
	"Pair: 2 when both points are personal (Sun, Moon, Mercury, Venus, Mars, Ascendant), 1 when one is, 0.5 when neither. " +
	"harmony = sum of positive weights, tension = sum of negative weights as a positive number; " +
	"aspect_score = 100 harmony / (harmony + tension), 50 without aspects. " +
	"element_score = 100 × sum over elements a, b of e1[a] e2[b] affinity(a, b) / (sum e1 × sum e2), with the natal element scores e " +
	"and affinity 1 for the same element and for fire-air and earth-water, 0.5 for fire-earth and air-water, 0 for fire-water and earth-air. " +
	"score = 0.75 aspect_score + 0.25 element_score. Scores are rounded to 0.1."

// Weight returns the signed weight of an inter-aspect found with orb
// limit limit (degrees): base × pair × (1 - orb/limit), as ScoreMethod
// states.
func Weight(a aspects.Aspect, limit float64) float64 {
	base := kindWeight(a.Aspect)
	pair := 0.5
	switch n := btoi(personal(a.Point1)) + btoi(personal(a.Point2)); n {
	case 2:
		pair = 2
	case 1:
		pair = 1
	}
	closeness := 0.0
	if limit > 0 {
		closeness = max(0, 1-a.Orb/limit)
	}
	return base * pair * closeness
}

// defIndex is the index in aspects.Defs of the named aspect of angle a.
func defIndex(a float64) int {
	for i, d := range aspects.Defs {
		if d.Angle == a {
			return i
		}
	}
	return 0
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// elementAffinity[a][b] for the elements in the order fire, earth, air,
// water.
var elementAffinity = [4][4]float64{
	{1, 0.5, 1, 0},
	{0.5, 1, 0, 1},
	{1, 0, 1, 0.5},
	{0, 1, 0.5, 1},
}

// Score computes the compatibility summary from weighed inter-aspects and
// the two element balances, as ScoreMethod states.
func Score(as []InterAspect, e1, e2 patterns.Elements) Compatibility {
	c := Compatibility{Method: ScoreMethod}
	for _, a := range as {
		switch {
		case a.Weight > 0:
			c.Harmony += a.Weight
			c.Harmonious++
		case a.Weight < 0:
			c.Tension -= a.Weight
			c.Challenging++
		}
	}
	c.AspectScore = 50
	if c.Harmony+c.Tension > 0 {
		c.AspectScore = 100 * c.Harmony / (c.Harmony + c.Tension)
	}
	v1 := [4]float64{e1.Fire, e1.Earth, e1.Air, e1.Water}
	v2 := [4]float64{e2.Fire, e2.Earth, e2.Air, e2.Water}
	var num, s1, s2 float64
	for a := range 4 {
		s1 += v1[a]
		s2 += v2[a]
		for b := range 4 {
			num += v1[a] * v2[b] * elementAffinity[a][b]
		}
	}
	c.ElementScore = 50
	if s1 > 0 && s2 > 0 {
		c.ElementScore = 100 * num / (s1 * s2)
	}
	c.Score = round1(0.75*c.AspectScore + 0.25*c.ElementScore)
	c.AspectScore, c.ElementScore = round1(c.AspectScore), round1(c.ElementScore)
	return c
}

func round1(v float64) float64 { return math.Round(v*10) / 10 }

// elementRelation relates two dominant elements (ties joined with "/"):
// same, complementary, neutral or incompatible, the first that any pair
// of them meets in this order.
func elementRelation(d1, d2 string) string {
	idx := map[string]int{"fire": 0, "earth": 1, "air": 2, "water": 3}
	best := 4
	names := [...]string{"same", "complementary", "neutral", "incompatible"}
	for _, a := range strings.Split(d1, "/") {
		for _, b := range strings.Split(d2, "/") {
			i, j := idx[a], idx[b]
			r := 3
			switch {
			case i == j:
				r = 0
			case elementAffinity[i][j] == 1:
				r = 1
			case elementAffinity[i][j] == 0.5:
				r = 2
			}
			best = min(best, r)
		}
	}
	if best > 3 {
		best = 3
	}
	return names[best]
}
