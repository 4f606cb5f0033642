// Package aspects is the glue of the aspects route: the aspects among the
// points of a chart cast from birth data, or among points the caller
// lists, with the aspect set, harmonics and orbs of the caller's choice,
// and the aspect configurations (engine/aspects, engine/patterns).
package aspects

import (
	"fmt"
	"math"
	"strconv"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/aspects"
	"github.com/astroapi/astroapi/engine/birth"
	"github.com/astroapi/astroapi/engine/natal"
	"github.com/astroapi/astroapi/engine/patterns"
	"github.com/astroapi/astroapi/http/op"
)

// Deps are what the aspects route calculates with.
type Deps struct {
	Positions engine.Positions // nil: birth data answers 503 (points still work)
	Births    *birth.Resolver
}

// MaxPoints bounds the points of a list.
const MaxPoints = 50

// Point is a point the caller lists.
type Point struct {
	Name      string   `json:"name" required:"true" doc:"point name, unique in the list" example:"Sun"`
	Longitude *float64 `json:"longitude" required:"true" doc:"ecliptic longitude in degrees, 0 to under 360" minimum:"0" maximum:"360" example:"111.85"`
	Speed     float64  `json:"speed,omitempty" doc:"speed in longitude in degrees per day, for applying/separating; omitted or 0: the point is held fixed" example:"0.95"`
}

// aspectsRequest is the aspects body: birth data or points, and the aspects
// looked for.
type aspectsRequest struct {
	Birth        *natal.Request     `json:"birth,omitempty" doc:"birth data with chart settings, as the body of POST /api/v1/natal: the chart's planets (not the South Node, which mirrors the North Node), Ascendant and Midheaven are aspected (the chart's own orbs and include_minor_aspects are not used: aspect_set, harmonics and orbs below decide). Send birth or points, not both"`
	Points       []Point            `json:"points,omitempty" doc:"points to aspect instead of a chart: 2 to 50, names unique" example:"[{\"name\":\"Sun\",\"longitude\":10,\"speed\":0.98},{\"name\":\"Moon\",\"longitude\":128,\"speed\":13.2},{\"name\":\"Mars\",\"longitude\":250,\"speed\":0.6},{\"name\":\"Venus\",\"longitude\":82,\"speed\":1.2}]"`
	AspectSet    aspects.Set        `json:"aspect_set,omitempty" doc:"named aspects looked for: major (conjunction, opposition, trine, square, sextile), minor (semi-sextile, semi-square, quintile, sesquiquadrate, biquintile, quincunx), all, or none; default major, or none when harmonics are sent" default:"major"`
	Harmonics    []int              `json:"harmonics,omitempty" doc:"harmonics (2-32, at most 8) whose aspects to add: harmonic n adds the angles 360k/n with k and n coprime (k <= n/2), those no lower harmonic holds: 5 the quintile and biquintile, 7 the septile, biseptile and triseptile, 9 the novile, binovile and quadnovile, ..." example:"[5,7]"`
	Orbs         map[string]float64 `json:"orbs,omitempty" doc:"orb in degrees per named aspect (0-15), replacing its default (conjunction, opposition, trine 8, square 7, sextile 6, quincunx 3, other minor aspects 2); an aspect named here outside aspect_set is added" example:"{\"conjunction\":10}"`
	HarmonicOrb  float64            `json:"harmonic_orb,omitempty" doc:"orb in degrees of every harmonic aspect (0-15); omitted: 12/n for harmonic n (2.4 for the quintiles, 1.7 for the septiles)" minimum:"0" maximum:"15"`
	StelliumSpan float64            `json:"stellium_span,omitempty" doc:"widest arc in degrees three or more points may span to make a stellium (among the ten planets Sun..Pluto for birth data, every point for a list)" minimum:"1" maximum:"30" default:"10"`
}

// PointOut is an aspected point.
type PointOut struct {
	Name      string  `json:"name" doc:"point name"`
	Sign      string  `json:"sign" doc:"zodiac sign"`
	Degree    float64 `json:"degree" doc:"degrees within the sign"`
	Longitude float64 `json:"longitude" doc:"ecliptic longitude in degrees"`
	Speed     float64 `json:"speed" doc:"speed in longitude, degrees per day (0: held fixed)"`
}

// RuleOut is an aspect looked for.
type RuleOut struct {
	Aspect aspects.Kind `json:"aspect" enum:"-" doc:"aspect name: one of the eleven aspects of the orbs table, or a harmonic aspect's (septile, novile, ...; without a traditional name harmonic_<n>_<k>)"`
	Angle  float64      `json:"angle" doc:"exact angle in degrees"`
	Orb    float64      `json:"orb" doc:"orb in degrees"`
	Major  bool         `json:"major" doc:"Ptolemaic aspect"`
}

// Conventions state how the aspects were found.
type Conventions struct {
	Points         string `json:"points" doc:"which points were aspected"`
	Matching       string `json:"matching" doc:"how a pair's aspect is chosen"`
	Applying       string `json:"applying" doc:"how applying and separating are judged"`
	Configurations string `json:"configurations" doc:"how configurations are found"`
}

// Analysis is the aspects route's answer.
type Analysis struct {
	Points         []PointOut               `json:"points" doc:"the points aspected, in the order given (charts: Sun..Pluto, North Node, Lilith, Chiron, asteroids, Ascendant, Midheaven)"`
	Aspects        []aspects.Aspect         `json:"aspects" doc:"every aspect within orb, in pair order (point1 before point2 in the points list)"`
	Configurations []patterns.Configuration `json:"configurations" doc:"stelliums, T-squares, grand trines, grand crosses, yods, kites and mystic rectangles, each with its members and tightness"`
	LookedFor      []RuleOut                `json:"aspects_looked_for" doc:"the aspects looked for, with their orbs"`
	StelliumSpan   float64                  `json:"stellium_span" doc:"stellium span used, degrees"`
	Conventions    Conventions              `json:"conventions"`
	Source         engine.Source            `json:"source,omitempty" doc:"ephemeris behind the chart (birth data only)" enum:"tables,swiss_ephemeris,moshier"`
}

// aspectsEcho is the interpreted input.
type aspectsEcho struct {
	Birth     *natal.Echo `json:"birth,omitempty" doc:"the birth as interpreted (birth data only)"`
	Points    int         `json:"points" doc:"number of points aspected"`
	AspectSet aspects.Set `json:"aspect_set" doc:"aspect set used"`
	Harmonics []int       `json:"harmonics,omitempty" doc:"harmonics added"`
}

// Ops returns the aspects route.
func Ops(d Deps) []*op.Operation {
	return []*op.Operation{
		op.Post(op.Spec{
			ID: "post-aspects", Path: "/api/v1/aspects", Family: "Charts", Cacheable: true,
			Summary: "Aspects and aspect patterns, from birth data or a list of points",
			Description: "Either birth (the natal body: the chart's planets but the South Node, Ascendant and Midheaven are aspected) " +
				"or points (a list of {name, longitude, speed}). The aspects looked for: aspect_set (major by default; minor, all, none), " +
				"harmonics (harmonic n adds the angles 360k/n proper to it: quintiles, septiles, noviles, ...) and orbs per aspect. " +
				"Each pair gets at most one aspect, the one with the smallest orb; applying when the separation moves toward exact " +
				"at the points' speeds. The configurations (stellium, T-square, grand trine, grand cross, yod, kite, mystic " +
				"rectangle) come with their members, apex where they have one, their aspects and their tightness (the largest orb). " +
				"Angles and orbs in degrees.",
		}, d.aspects),
	}
}

func (d Deps) aspects(c *op.Call, in *aspectsRequest) (*Analysis, error) {
	rules, errs := aspects.Selection{Set: in.AspectSet, Harmonics: in.Harmonics, Orbs: in.Orbs, HarmonicOrb: in.HarmonicOrb}.Rules()
	if in.StelliumSpan != 0 && !(in.StelliumSpan >= 1 && in.StelliumSpan <= 30) {
		errs = append(errs, &engine.FieldError{Field: "stellium_span", Reason: "must be between 1 and 30 degrees"})
	}
	switch {
	case in.Birth != nil && len(in.Points) > 0:
		errs = append(errs, &engine.FieldError{Field: "points", Reason: "send birth or points, not both"})
	case in.Birth == nil && in.Points == nil:
		errs = append(errs, &engine.FieldError{Field: "birth", Reason: "send birth (birth data) or points (a list of {name, longitude})"})
	case in.Birth == nil && (len(in.Points) < 2 || len(in.Points) > MaxPoints):
		errs = append(errs, &engine.FieldError{Field: "points", Reason: fmt.Sprintf("must hold 2 to %d points", MaxPoints)})
	}
	var pts []aspects.Point
	seen := map[string]bool{}
	for i, p := range in.Points {
		f := "points[" + strconv.Itoa(i) + "]."
		switch {
		case p.Name == "":
			errs = append(errs, &engine.FieldError{Field: f + "name", Reason: "is empty"})
		case seen[p.Name]:
			errs = append(errs, &engine.FieldError{Field: f + "name", Reason: fmt.Sprintf("%q is named twice; names must be unique", p.Name)})
		}
		seen[p.Name] = true
		if p.Longitude == nil || !(*p.Longitude >= 0 && *p.Longitude < 360) {
			errs = append(errs, &engine.FieldError{Field: f + "longitude", Reason: "must be at least 0 and under 360 degrees"})
			continue
		}
		if math.IsNaN(p.Speed) || math.Abs(p.Speed) > 100 {
			errs = append(errs, &engine.FieldError{Field: f + "speed", Reason: "must be between -100 and 100 degrees per day"})
		}
		pts = append(pts, aspects.Point{Name: p.Name, Longitude: *p.Longitude, Speed: p.Speed})
	}
	if in.Birth != nil && d.Positions == nil {
		return nil, op.Unavailable("no ephemeris is configured on this server: send points instead of birth")
	}
	if len(errs) > 0 {
		return nil, errs
	}
	res := &Analysis{StelliumSpan: in.StelliumSpan}
	if res.StelliumSpan == 0 {
		res.StelliumSpan = patterns.DefaultStelliumSpan
	}
	e := &aspectsEcho{AspectSet: in.AspectSet, Harmonics: in.Harmonics}
	inStellium := func(string) bool { return true }
	pointsText := "the points listed"
	if in.Birth != nil {
		chart, ne, warnings, err := in.Birth.Cast(d.Positions, d.Births, "birth.")
		if err != nil {
			return nil, err
		}
		defer chart.Release()
		c.Warn(warnings...)
		e.Birth = ne
		res.Source = chart.Source
		for _, p := range chart.Planets {
			if p.Name != natal.SouthNode {
				pts = append(pts, aspects.Point{Name: p.Name, Longitude: p.Longitude, Speed: p.Speed})
			}
		}
		pts = append(pts, aspects.Point{Name: "Ascendant", Longitude: chart.Ascendant.Longitude},
			aspects.Point{Name: "Midheaven", Longitude: chart.Midheaven.Longitude})
		inStellium = func(n string) bool { return tenPlanets[n] }
		pointsText = "the chart's planets, North Node, Lilith, Chiron, asteroids (when asked), Ascendant and Midheaven (angles held fixed); South Node omitted"
	}
	if e.AspectSet == "" {
		e.AspectSet = aspects.Majors
		if len(in.Harmonics) > 0 {
			e.AspectSet = aspects.NoSet
		}
	}
	e.Points = len(pts)
	c.Echo(e)
	m, err := aspects.NewRuleMatcher(rules)
	if err != nil {
		return nil, &engine.FieldError{Field: "harmonics", Reason: err.Error()}
	}
	figureOrbs := aspects.Orbs{}
	for _, r := range m.Rules() {
		res.LookedFor = append(res.LookedFor, RuleOut{Aspect: r.Kind, Angle: r.Angle, Orb: r.Orb, Major: r.Major})
		if r.Kind.Valid() {
			figureOrbs[r.Kind] = r.Orb
		}
	}
	res.Aspects = m.AppendFind([]aspects.Aspect{}, pts)
	res.Configurations = patterns.Configurations(pts, patterns.ConfigOptions{Orbs: figureOrbs, StelliumSpan: res.StelliumSpan, InStellium: inStellium})
	if res.Configurations == nil {
		res.Configurations = []patterns.Configuration{}
	}
	res.Points = make([]PointOut, len(pts))
	for i, p := range pts {
		lon := engine.Normalize(p.Longitude)
		s, deg := engine.SignOf(lon)
		res.Points[i] = PointOut{Name: p.Name, Sign: s, Degree: deg, Longitude: lon, Speed: p.Speed}
	}
	res.Conventions = Conventions{
		Points:   pointsText,
		Matching: "a pair gets at most one aspect: of those within orb, the one closest to exact",
		Applying: "applying when the separation moves toward the exact angle at the points' speeds (a point without speed is fixed)",
		Configurations: "made of the oppositions, trines, squares, sextiles and quincunxes within the orbs looked for (an aspect not looked for " +
			"takes its default orb: opposition, trine 8, square 7, sextile 6, quincunx 3); a larger figure does not hide the smaller ones it holds",
	}
	return res, nil
}

// tenPlanets may make a stellium in a chart.
var tenPlanets = map[string]bool{
	"Sun": true, "Moon": true, "Mercury": true, "Venus": true, "Mars": true,
	"Jupiter": true, "Saturn": true, "Uranus": true, "Neptune": true, "Pluto": true,
}
