package aspects

import (
	"fmt"
	"strconv"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/resolve"
)

// MaxPoints bounds the points of a Request.
const MaxPoints = 50

// InputPoint is a point a caller lists.
type InputPoint struct {
	Name      string  `json:"name" required:"true" doc:"point name, unique in the list" example:"Sun"`
	Longitude float64 `json:"longitude" required:"true" doc:"ecliptic longitude in degrees, 0 to under 360" minimum:"0" exclusiveMaximum:"360" example:"111.85"`
	Speed     float64 `json:"speed,omitempty" doc:"speed in longitude in degrees per day, for applying/separating; omitted or 0: the point is held fixed" minimum:"-100" maximum:"100" example:"0.95"`
}

// Request is what a caller asks of the aspects: the points to aspect
// (unless they come from a chart sent beside, see ResolveFor) and the
// aspects looked for (a Selection). Resolved, it is its own echo:
// aspect_set states the set used.
type Request struct {
	Points      []InputPoint       `json:"points,omitempty" doc:"points to aspect instead of a chart: 2 to 50, names unique" maxItems:"50" example:"[{\"name\":\"Sun\",\"longitude\":10,\"speed\":0.98},{\"name\":\"Moon\",\"longitude\":128,\"speed\":13.2},{\"name\":\"Mars\",\"longitude\":250,\"speed\":0.6},{\"name\":\"Venus\",\"longitude\":82,\"speed\":1.2}]"`
	AspectSet   Set                `json:"aspect_set,omitempty" doc:"named aspects looked for: major (conjunction, opposition, trine, square, sextile), minor (semi-sextile, semi-square, quintile, sesquiquadrate, biquintile, quincunx), all, or none; default major, or none when harmonics are sent"`
	Harmonics   []int              `json:"harmonics,omitempty" doc:"harmonics (2-32, at most 8) whose aspects to add: harmonic n adds the angles 360k/n with k and n coprime (k <= n/2), those no lower harmonic holds: 5 the quintile and biquintile, 7 the septile, biseptile and triseptile, 9 the novile, binovile and quadnovile, ..." example:"[5,7]" maxItems:"8"`
	Orbs        map[string]float64 `json:"orbs,omitempty" doc:"orb in degrees per named aspect (0-15), replacing its default (conjunction, opposition, trine 8, square 7, sextile 6, quincunx 3, other minor aspects 2); an aspect named here outside aspect_set is added" example:"{\"conjunction\":10}"`
	HarmonicOrb float64            `json:"harmonic_orb,omitempty" doc:"orb in degrees of every harmonic aspect (0-15); omitted: 12/n for harmonic n (2.4 for the quintiles, 1.7 for the septiles)" minimum:"0" maximum:"15"`

	matcher *Matcher
}

// ResolveFor checks the request and builds its matcher. chart says that
// the points come from a chart the caller sent beside (field birth): then
// points must not be sent; otherwise 2 to MaxPoints points with distinct
// names are. Field names are prefixed with prefix.
func (r *Request) ResolveFor(_ resolve.Context, prefix string, chart bool) error {
	var errs engine.Fields
	switch {
	case chart && len(r.Points) > 0:
		errs.Bad(prefix+"points", "send birth or points, not both")
	case !chart && r.Points == nil:
		errs.Bad(prefix+"birth", "send birth (birth data) or points (a list of {name, longitude})")
	case !chart && len(r.Points) < 2: // at most MaxPoints: the door's (maxItems)
		errs.Bad(prefix+"points", fmt.Sprintf("must hold 2 to %d points", MaxPoints))
	}
	seen := make(map[string]bool, len(r.Points))
	for i := range r.Points {
		p := &r.Points[i]
		f := prefix + "points[" + strconv.Itoa(i) + "].name"
		switch {
		case p.Name == "":
			errs.Bad(f, "is empty")
		case seen[p.Name]:
			errs.Bad(f, fmt.Sprintf("%q is named twice; names must be unique", p.Name))
		}
		seen[p.Name] = true
	}
	if r.AspectSet == "" {
		r.AspectSet = Majors
		if len(r.Harmonics) > 0 {
			r.AspectSet = NoSet
		}
	}
	rules, bad := Selection{Set: r.AspectSet, Harmonics: r.Harmonics, Orbs: r.Orbs, HarmonicOrb: r.HarmonicOrb}.Rules()
	errs = append(errs, bad.Prefixed(prefix)...)
	if len(errs) > 0 {
		return errs
	}
	m, err := NewRuleMatcher(rules)
	if err != nil {
		return &engine.FieldError{Field: prefix + "harmonics", Reason: err.Error()}
	}
	r.matcher = m
	return nil
}

// Listed returns the points of a resolved request.
func (r *Request) Listed() []Point {
	out := make([]Point, len(r.Points))
	for i, p := range r.Points {
		out[i] = Point(p)
	}
	return out
}

// Matcher returns the matcher of a resolved request.
func (r *Request) Matcher() *Matcher { return r.matcher }
