package directions

import (
	"strings"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/birth"
	"github.com/astroapi/astroapi/engine/resolve"
)

// Request is the input of the primary directions: a birth packet, the
// method, mode, motion and key, and the range of ages. It resolves itself;
// resolved, it is its own echo (every default written back by the door).
type Request struct {
	birth.Packet
	Method  Method `json:"method,omitempty" doc:"what counts as the same place: placidus (the proportion of the semi-arc) or regiomontanus (the circle of position)" default:"placidus"`
	Mode    Mode   `json:"mode,omitempty" doc:"how the promissors' aspects are taken: zodiacal (in zodiaco: the aspect points on the ecliptic, without latitude) or mundane (in mundo: the bodies with their latitude, aspects as fractions of the mundane circle)" default:"zodiacal"`
	Motion  Motion `json:"motion,omitempty" doc:"which point the sky carries; direct: the promissor to the significator, converse: the significator to the promissor (the traditional converse), or both" default:"both"`
	Key     Key    `json:"key,omitempty" doc:"the rate of arc to years: naibod (0°59'08\" a year, the Sun's mean daily motion) or ptolemy (1° a year)" default:"naibod"`
	FromAge int    `json:"from_age,omitempty" doc:"the first age listed, in years" minimum:"0" maximum:"119" default:"0"`
	ToAge   *int   `json:"to_age,omitempty" doc:"the last age listed, in years (more than from_age); default from_age + 90, at most 120" minimum:"1" maximum:"120"`
}

// Resolve resolves the birth, writes the default last age back and checks
// the range of ages.
func (r *Request) Resolve(c resolve.Context, prefix string) error {
	var errs engine.Fields
	if err := errs.Add(r.Packet.Resolve(c, prefix)); err != nil {
		return err
	}
	if r.ToAge == nil {
		to := min(r.FromAge+90, 120)
		r.ToAge = &to
	}
	for _, e := range r.Options().Validate() {
		errs.Bad(prefix+e.Field, e.Reason)
	}
	return errs.Err()
}

// Options returns the options of a resolved request.
func (r *Request) Options() Options {
	o := Options{Method: r.Method, Mode: r.Mode, Direct: r.Motion != Converse, Converse: r.Motion != Direct,
		Key: r.Key, FromAge: float64(r.FromAge)}
	if r.ToAge != nil {
		o.ToAge = float64(*r.ToAge)
	}
	return o
}

// Compute lists the directions of a resolved request, leaving the notices
// on w.
func (r *Request) Compute(pos engine.Positions, w interface{ Warn(...string) }) (*Result, error) {
	b := r.Packet.Resolved()
	res, err := Compute(pos, b.Instant.JD, b.Instant.UTC, b.Latitude, b.Longitude, r.Options())
	if err != nil {
		return nil, err
	}
	switch {
	case len(res.LeftOut) == len(res.Points):
		w.Warn("at a pole the horizon is the equator: nothing rises or sets, so no point has a place and no direction is listed")
	case len(res.LeftOut) > 0:
		w.Warn("circumpolar at this latitude, without a semi-arc, so left out of the Placidus directions: " + strings.Join(res.LeftOut, ", "))
	}
	if res.Source == engine.FromMoshier {
		w.Warn(engine.MoshierNote)
	}
	return res, nil
}

// Hints maps the names callers send by mistake to the fields.
func (*Request) Hints() map[string]string {
	const ages = "the range of ages is from_age and to_age, in years"
	return map[string]string{
		"system": "the method is method: placidus or regiomontanus", "house_system": "the method is method: placidus or regiomontanus",
		"years": ages, "max_age": ages, "age": ages, "direction": "direct, converse or both is motion", "converse": "direct, converse or both is motion",
		"rate": "the key is key: naibod or ptolemy",
	}
}
