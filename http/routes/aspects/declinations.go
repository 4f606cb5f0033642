package aspects

import (
	"math"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/aspects"
	"github.com/astroapi/astroapi/engine/natal"
	"github.com/astroapi/astroapi/engine/resolve"
	"github.com/astroapi/astroapi/http/op"
)

// declinationsRequest is the declinations body: birth data or points with
// their declinations, and the orb.
type declinationsRequest struct {
	Birth *natal.Request `json:"birth,omitempty" doc:"birth data with chart settings, as the body of POST /api/v1/natal: the chart's planets (not the South Node, which mirrors the North Node), Ascendant and Midheaven, their declinations from the true obliquity of the date. Send birth or points, not both"`
	aspects.DeclinationRequest
}

// Resolve resolves the birth (when sent) and the request's own rules,
// which engine/aspects states; the request declares it because the birth
// is a natal request, which engine/aspects, below engine/natal, cannot hold.
func (in *declinationsRequest) Resolve(c resolve.Context, prefix string) error {
	var errs engine.Fields
	if in.Birth != nil {
		if err := errs.Add(in.Birth.Packet.Resolve(c, prefix+"birth.")); err != nil {
			return err
		}
		if err := errs.Add(in.Birth.Settings.Resolve(c, prefix+"birth.")); err != nil {
			return err
		}
	}
	if err := errs.Add(in.DeclinationRequest.ResolveFor(prefix, in.Birth != nil)); err != nil {
		return err
	}
	return errs.Err()
}

// DeclinationPoint is a point of the answer.
type DeclinationPoint struct {
	Name          string  `json:"name" doc:"point name"`
	Declination   float64 `json:"declination" doc:"declination, degrees, north positive"`
	OutOfBounds   *bool   `json:"out_of_bounds,omitempty" doc:"the declination exceeds the obliquity (north or south); absent for listed points sent without an obliquity"`
	TimeDependent bool    `json:"time_dependent,omitempty" doc:"birth time unknown: the point's declination changes enough over the birth day to matter (the Moon)"`
}

// DeclinationConventions state how the declinations were compared.
type DeclinationConventions struct {
	Points      string `json:"points" doc:"which points were compared"`
	Aspects     string `json:"aspects" doc:"how parallels and contra-parallels are found"`
	OutOfBounds string `json:"out_of_bounds" doc:"how out-of-bounds is judged"`
}

// Declinations is the declinations route's answer.
type Declinations struct {
	Points      []DeclinationPoint          `json:"points" doc:"the points compared, in the order given (charts: Sun..Pluto, North Node, Lilith, Chiron, asteroids, Ascendant, Midheaven)"`
	Parallels   []aspects.DeclinationAspect `json:"parallels" doc:"every parallel and contra-parallel within orb, in pair order"`
	Obliquity   float64                     `json:"obliquity,omitempty" doc:"the obliquity out-of-bounds is judged against, degrees (the true obliquity of the birth date for a chart)"`
	Orb         float64                     `json:"orb" doc:"orb used, degrees of declination"`
	Conventions DeclinationConventions      `json:"conventions"`
	Source      engine.Source               `json:"source,omitempty" doc:"ephemeris behind the chart (birth data only)" enum:"tables,swiss_ephemeris,moshier"`
}

// declinationsOp is the declinations route.
func declinationsOp(d Deps) *op.Operation {
	return op.Post(op.Spec{
		ID: "post-aspects-declinations", Path: "/api/v1/aspects/declinations", Family: "Charts", Cacheable: true,
		Summary: "Declinations: out-of-bounds points, parallels and contra-parallels",
		Description: "Either birth (the natal body: the chart's planets but the South Node, the Ascendant and the Midheaven) or points (a list of {name, declination}). " +
			"Each point's declination and whether it is out of bounds (beyond the obliquity of the ecliptic of the date, north or south: the Sun never goes there); " +
			"the parallels (equal declinations on the same side of the equator) and contra-parallels (equal declinations on opposite sides) within orb (default 1°), " +
			"a pair near the equator getting the one closer to exact. A birth of unknown time leaves the angles out and marks the parallels that do not hold all day. Degrees.",
	}, d.declinations)
}

func (d Deps) declinations(c *op.Call, in *declinationsRequest) (*Declinations, error) {
	if in.Birth != nil && d.Positions == nil {
		return nil, op.Unavailable("no ephemeris is configured on this server: send points instead of birth")
	}
	res := &Declinations{Orb: in.Orb, Points: []DeclinationPoint{}}
	res.Conventions = DeclinationConventions{
		Points:      "the points listed",
		Aspects:     "parallel when |d1 - d2| <= orb, contra-parallel when |d1 + d2| <= orb; a pair within orb of both gets the one closer to exact (the parallel on a tie)",
		OutOfBounds: "|declination| > obliquity",
	}
	if in.Birth == nil {
		var pts []aspects.DeclinationPoint
		for _, p := range in.Points {
			pts = append(pts, aspects.DeclinationPoint(p))
			out := DeclinationPoint{Name: p.Name, Declination: p.Declination}
			if in.Obliquity != nil {
				oob := math.Abs(p.Declination) > *in.Obliquity
				out.OutOfBounds = &oob
			} else {
				res.Conventions.OutOfBounds = "not judged: no obliquity was sent"
			}
			res.Points = append(res.Points, out)
		}
		if in.Obliquity != nil {
			res.Obliquity = *in.Obliquity
		}
		res.Parallels = aspects.AppendParallels([]aspects.DeclinationAspect{}, pts, in.Orb)
		return res, nil
	}
	o := in.Birth.DayOptions()
	o.Parallels, o.ParallelOrb = true, in.Orb
	chart, err := in.Birth.CastOptions(d.Positions, o, c, "birth: ")
	if err != nil {
		return nil, err
	}
	defer chart.Release()
	res.Source, res.Obliquity = chart.Source, chart.Conventions.Obliquity
	eps := chart.Conventions.Obliquity
	for _, p := range chart.Planets {
		if p.Name == natal.SouthNode {
			continue
		}
		oob := p.OutOfBounds
		res.Points = append(res.Points, DeclinationPoint{Name: p.Name, Declination: p.Declination, OutOfBounds: &oob, TimeDependent: p.Name == "Moon" && chart.UnknownTime != nil})
	}
	res.Conventions.Points = "the chart's planets, North Node, Lilith, Chiron, asteroids (when asked), Ascendant and Midheaven; South Node omitted (it mirrors the North Node)"
	if chart.UnknownTime == nil {
		// The angles' declinations, as the chart's parallels took them.
		for _, a := range []struct {
			name string
			lon  float64
		}{{"Ascendant", chart.Ascendant.Longitude}, {"Midheaven", chart.Midheaven.Longitude}} {
			dec := natal.EclipticDeclination(a.lon, chart, eps)
			oob := math.Abs(dec) > eps
			res.Points = append(res.Points, DeclinationPoint{Name: a.name, Declination: dec, OutOfBounds: &oob})
		}
	} else {
		res.Conventions.Points = "the chart's planets, North Node, Lilith, Chiron and asteroids (when asked); birth time unknown: no angles; South Node omitted"
	}
	res.Parallels = chart.Parallels
	if res.Parallels == nil {
		res.Parallels = []aspects.DeclinationAspect{}
	}
	res.Conventions.OutOfBounds = "|declination| > the true obliquity of the ecliptic at the birth (obliquity)"
	return res, nil
}
