// Package aspects is the glue of the aspects route: the aspects among the
// points of a chart cast from birth data, or among points the caller
// lists, with the aspect set, harmonics and orbs of the caller's choice,
// and the aspect configurations (engine/aspects, engine/patterns).
package aspects

import (
	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/aspects"
	"github.com/astroapi/astroapi/engine/natal"
	"github.com/astroapi/astroapi/engine/patterns"
	"github.com/astroapi/astroapi/engine/resolve"
	"github.com/astroapi/astroapi/http/op"
)

// Deps are what the aspects route calculates with.
type Deps struct {
	Positions engine.Positions // nil: birth data answers 503 (points still work)
}

// aspectsRequest is the aspects body: birth data or points, and the aspects
// looked for.
type aspectsRequest struct {
	Birth *natal.Request `json:"birth,omitempty" doc:"birth data with chart settings, as the body of POST /api/v1/natal: the chart's planets (not the South Node, which mirrors the North Node), Ascendant and Midheaven are aspected (the chart's own orbs and include_minor_aspects are not used: aspect_set, harmonics and orbs below decide). Send birth or points, not both"`
	aspects.Request
	StelliumSpan float64 `json:"stellium_span,omitempty" doc:"widest arc in degrees three or more points may span to make a stellium (among the ten planets Sun..Pluto for birth data, every point for a list)" minimum:"1" maximum:"30" default:"10"`
}

// Resolve resolves the birth (when sent) and the aspects asked for, whose
// rules (birth or points) engine/aspects states. The request declares it
// because the birth is a natal request, which engine/aspects, below
// engine/natal, cannot hold.
func (in *aspectsRequest) Resolve(c resolve.Context, prefix string) error {
	var errs engine.Fields
	if in.Birth != nil {
		if err := errs.Add(in.Birth.Packet.Resolve(c, prefix+"birth.")); err != nil {
			return err
		}
		if err := errs.Add(in.Birth.Settings.Resolve(c, prefix+"birth.")); err != nil {
			return err
		}
	}
	if err := errs.Add(in.Request.ResolveFor(c, prefix, in.Birth != nil)); err != nil {
		return err
	}
	return errs.Err()
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
	if in.Birth != nil && d.Positions == nil {
		return nil, op.Unavailable("no ephemeris is configured on this server: send points instead of birth")
	}
	res := &Analysis{StelliumSpan: in.StelliumSpan}
	pts := in.Listed()
	inStellium := func(string) bool { return true }
	pointsText := "the points listed"
	if in.Birth != nil {
		chart, err := in.Birth.Cast(d.Positions, c, "birth: ")
		if err != nil {
			return nil, err
		}
		defer chart.Release()
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
	m := in.Matcher()
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
