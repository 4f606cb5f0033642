package eclipses

import (
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/houses"
)

// Orbs of activation, degrees.
const (
	// DefaultOrb is the orb of an activation when a request gives none:
	// 3 degrees, the orb most eclipse work uses for a natal point on the
	// eclipse degree or opposite it (some allow 5 for the lights).
	DefaultOrb = 3.0
	// MaxOrb bounds the orb a request may ask for.
	MaxOrb = 10.0
	// MaxPoints bounds the natal points of one request.
	MaxPoints = 100
)

// Point is a natal point: a name and an ecliptic longitude in degrees.
type Point struct {
	Name      string  `json:"name" required:"true" doc:"name of the natal point (1 to 64 characters), echoed in the results" example:"Sun"`
	Longitude float64 `json:"longitude" required:"true" doc:"ecliptic longitude, degrees, 0-360" minimum:"0" maximum:"360" example:"19.6"`
}

// Natal is the natal chart an eclipse is laid on: its points and its
// twelve house cusps (the natal route's planets[].name and .longitude, and
// its houses.cusps[].longitude in order).
type Natal struct {
	Planets []Point   `json:"planets,omitempty" doc:"natal points, at most 100 (required: 400 when missing or empty)" maxItems:"100"`
	Houses  []float64 `json:"houses,omitempty" doc:"the twelve house cusps, ecliptic longitudes in degrees (0-360), first house first (required: 400 when missing or empty)" maxItems:"12"`
}

// Hints advises on the natal route's result sent whole.
func (*Natal) Hints() map[string]string {
	return map[string]string{
		"cusps": `the cusps go in houses, as twelve longitudes: "houses": [95.2, 118.4, ...]`,
	}
}

// ActivationOptions is an activation query as a Go caller makes it; the
// route's request is ActivationsRequest. Errors name the route's fields.
type ActivationOptions struct {
	EclipseDate time.Time // a date within NearDays of the eclipse's (UTC)
	Natal       Natal
	Orb         *float64 // degrees, more than 0, at most MaxOrb; nil: DefaultOrb
}

// Validate checks the options, naming the JSON fields. Missing
// natal.planets or natal.houses are reported with reason "required" (the
// API answers them with 400, spec 7).
func (o ActivationOptions) Validate() engine.Fields {
	var f engine.Fields
	if o.EclipseDate.IsZero() {
		f = append(f, &engine.FieldError{Field: "eclipse_date", Reason: "required: a date near the eclipse (YYYY-MM-DD)"})
	}
	return append(f, o.checkChart()...)
}

// checkChart checks the chart and the orb (fields natal.planets,
// natal.houses, orb).
func (o ActivationOptions) checkChart() engine.Fields {
	var f engine.Fields
	switch {
	case len(o.Natal.Planets) == 0:
		f = append(f, &engine.FieldError{Field: "natal.planets", Reason: "required: a list of {name, longitude}"})
	case len(o.Natal.Planets) > MaxPoints:
		f = append(f, &engine.FieldError{Field: "natal.planets", Reason: fmt.Sprintf("at most %d points", MaxPoints)})
	}
	for i, p := range o.Natal.Planets {
		if i >= MaxPoints {
			break
		}
		if p.Name == "" || len(p.Name) > 64 {
			f = append(f, &engine.FieldError{Field: fmt.Sprintf("natal.planets[%d].name", i), Reason: "required, at most 64 characters"})
		}
		if !(p.Longitude >= 0 && p.Longitude <= 360) {
			f = append(f, &engine.FieldError{Field: fmt.Sprintf("natal.planets[%d].longitude", i), Reason: "must be a number from 0 to 360"})
		}
	}
	switch len(o.Natal.Houses) {
	case 0:
		f = append(f, &engine.FieldError{Field: "natal.houses", Reason: "required: the twelve house cusps"})
	case 12:
		for i, c := range o.Natal.Houses {
			if !(c >= 0 && c <= 360) {
				f = append(f, &engine.FieldError{Field: fmt.Sprintf("natal.houses[%d]", i), Reason: "must be a longitude from 0 to 360"})
			}
		}
	default:
		f = append(f, &engine.FieldError{Field: "natal.houses", Reason: fmt.Sprintf("must hold 12 cusps, not %d", len(o.Natal.Houses))})
	}
	if o.Orb != nil && !(*o.Orb > 0 && *o.Orb <= MaxOrb) {
		f = append(f, &engine.FieldError{Field: "orb", Reason: fmt.Sprintf("must be greater than 0 and at most %g degrees", MaxOrb)})
	}
	return f
}

// Aspect is how an eclipse activates a point. The values are the API's
// wire values.
type Aspect string

// The aspects looked for.
const (
	Conjunction Aspect = "conjunction"
	Opposition  Aspect = "opposition"
)

// EnumValues lists the wire values (engine.Enum).
func (Aspect) EnumValues() []string { return []string{string(Conjunction), string(Opposition)} }

// Activation is a natal point on the eclipse degree or opposite it.
type Activation struct {
	Point          string  `json:"point" doc:"the natal point's name as given" example:"Moon"`
	PointLongitude float64 `json:"point_longitude" doc:"its longitude as given, degrees (360 read as 0)"`
	Aspect         Aspect  `json:"aspect" doc:"conjunction (on the eclipse degree) or opposition" enum:"conjunction,opposition"`
	Orb            float64 `json:"orb" doc:"distance from exact, degrees, 0 to orb_used"`
}

// Saros is an eclipse's place in its Saros family.
type Saros struct {
	Series   int      `json:"series" doc:"Saros series, NASA's numbering"`
	Member   int      `json:"member" doc:"the eclipse's number in the series"`
	Previous *Eclipse `json:"previous" doc:"the series' previous eclipse, one Saros (18 years 11 days) earlier; null before 1800"`
	Next     *Eclipse `json:"next" doc:"the series' next eclipse, one Saros later; null after 2400"`
}

// Activations is the answer of an activation request.
type Activations struct {
	Eclipse     Eclipse      `json:"eclipse" doc:"the eclipse nearest eclipse_date"`
	House       int          `json:"house" doc:"natal house holding the eclipse degree, 1-12" minimum:"1" maximum:"12"`
	Activations []Activation `json:"activations" doc:"natal points conjunct or opposite the eclipse degree within orb_used, closest first"`
	TotalCount  int          `json:"total_count" doc:"number of activations"`
	OrbUsed     float64      `json:"orb_used" doc:"the orb applied, degrees"`
	Saros       Saros        `json:"saros" doc:"the eclipse's Saros family"`
	Method      string       `json:"method" doc:"how activations and the house are judged"`
	Conventions Conventions  `json:"conventions"`
}

// Activations finds the eclipse near o.EclipseDate (ErrNoEclipse when
// none is within NearDays) and lays it on the natal chart: the points
// within the orb of its degree (conjunction) or of the opposite degree
// (opposition), by longitude, the house its degree falls in, and its Saros
// family.
func (c *Catalog) Activations(o ActivationOptions) (Activations, error) {
	if err := o.Validate().Err(); err != nil {
		return Activations{}, err
	}
	e, err := c.Near(o.EclipseDate)
	if err != nil {
		return Activations{}, err
	}
	orb := DefaultOrb
	if o.Orb != nil {
		orb = *o.Orb
	}
	var cusps [12]float64
	for i, v := range o.Natal.Houses {
		cusps[i] = engine.Normalize(v)
	}
	out := Activations{Eclipse: *e, House: houses.Of(e.Degree, &cusps), Activations: []Activation{}, OrbUsed: orb,
		Conventions: conventions,
		Method:      "separation in ecliptic longitude between the eclipse degree and each natal point, the shorter arc: within orb_used of 0 a conjunction, of 180 an opposition; the house from the twelve cusps as given, in their own direction"}
	for _, p := range o.Natal.Planets {
		lon := engine.Normalize(p.Longitude)
		d := math.Abs(math.Remainder(lon-e.Degree, 360))
		switch {
		case d <= orb:
			out.Activations = append(out.Activations, Activation{p.Name, lon, Conjunction, d})
		case 180-d <= orb:
			out.Activations = append(out.Activations, Activation{p.Name, lon, Opposition, 180 - d})
		}
	}
	slices.SortStableFunc(out.Activations, func(a, b Activation) int {
		switch {
		case a.Orb < b.Orb:
			return -1
		case a.Orb > b.Orb:
			return 1
		}
		return 0
	})
	out.TotalCount = len(out.Activations)
	prev, next := c.Family(e)
	out.Saros = Saros{Series: e.SarosSeries, Member: e.SarosMember, Previous: prev, Next: next}
	return out, nil
}
