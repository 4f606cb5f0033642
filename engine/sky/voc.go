package sky

import (
	"fmt"
	"math"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/aspects"
	"github.com/astroapi/astroapi/engine/calendar"
)

// PlanetSet chooses the planets whose aspects end a void of course.
type PlanetSet string

// The planet sets (wire values).
const (
	Traditional PlanetSet = "traditional" // Sun, Mercury, Venus, Mars, Jupiter, Saturn (default)
	Modern      PlanetSet = "modern"      // the traditional ones plus Uranus, Neptune, Pluto
)

// EnumValues lists the planet sets.
func (PlanetSet) EnumValues() []string { return []string{string(Traditional), string(Modern)} }

var (
	traditionalPlanets = []engine.Body{engine.Sun, engine.Mercury, engine.Venus, engine.Mars, engine.Jupiter, engine.Saturn}
	modernPlanets      = []engine.Body{engine.Sun, engine.Mercury, engine.Venus, engine.Mars, engine.Jupiter, engine.Saturn, engine.Uranus, engine.Neptune, engine.Pluto}
)

// Bodies returns the planets of the set ("" is Traditional).
func (s PlanetSet) Bodies() []engine.Body {
	if s == Modern {
		return modernPlanets
	}
	return traditionalPlanets
}

// ptolemaic lists the Moon-minus-planet elongations (degrees) of the five
// Ptolemaic aspects, each side of the planet, with the aspect they make.
var ptolemaic = [...]struct {
	elong float64
	kind  aspects.Kind
}{
	{0, aspects.Conjunction}, {60, aspects.Sextile}, {90, aspects.Square}, {120, aspects.Trine},
	{180, aspects.Opposition}, {240, aspects.Trine}, {270, aspects.Square}, {300, aspects.Sextile},
}

// VoidOptions choose the planets and the zodiac of the void-of-course
// search.
type VoidOptions struct {
	Planets  PlanetSet       // "" means Traditional
	Sidereal engine.Ayanamsa // "" for the tropical zodiac (it moves the sign boundaries)
}

// Validate checks the options (fields planets, ayanamsa).
func (o VoidOptions) Validate() engine.Fields {
	var errs engine.Fields
	if o.Planets != "" && o.Planets != Traditional && o.Planets != Modern {
		errs = append(errs, &engine.FieldError{Field: "planets", Reason: `must be "traditional" (Sun..Saturn) or "modern" (Sun..Pluto)`})
	}
	return append(errs, checkAyanamsa(o.Sidereal)...)
}

// VoidRangeOptions are VoidOptions over a span of at most MaxRangeDays.
type VoidRangeOptions struct {
	Start, End engine.JDUT
	VoidOptions
}

// Validate checks the options (fields start, end, planets, ayanamsa).
func (o VoidRangeOptions) Validate() engine.Fields {
	return append(checkSpan(o.Start, o.End, MaxRangeDays, "two years"), o.VoidOptions.Validate()...)
}

// LastAspect is the aspect that begins a void-of-course period.
type LastAspect struct {
	Planet          string       `json:"planet" doc:"the planet aspected" example:"Venus"`
	Aspect          aspects.Kind `json:"aspect" doc:"the Ptolemaic aspect" enum:"conjunction,sextile,square,trine,opposition"`
	Angle           float64      `json:"angle" doc:"exact angle of the aspect, degrees"`
	Instant         Instant      `json:"instant" doc:"when the aspect is exact"`
	MoonLongitude   float64      `json:"moon_longitude" doc:"the Moon's ecliptic longitude then, degrees, in the result's zodiac"`
	PlanetLongitude float64      `json:"planet_longitude" doc:"the planet's ecliptic longitude then, degrees"`
}

// VoidPeriod is one void-of-course Moon.
type VoidPeriod struct {
	Start      Instant     `json:"start" doc:"the last exact aspect in the sign, or the ingress into it when the Moon makes none there"`
	End        Instant     `json:"end" doc:"the Moon's ingress into the next sign"`
	Hours      float64     `json:"hours" doc:"length of the period in hours"`
	Sign       string      `json:"sign" doc:"the sign the Moon is void in" example:"Gemini"`
	NextSign   string      `json:"next_sign" doc:"the sign it enters at the end" example:"Cancer"`
	LastAspect *LastAspect `json:"last_aspect" doc:"the aspect that starts the period; null when the Moon makes no aspect in the sign (void from the ingress)"`
}

// Void is the void-of-course state of the Moon at an instant.
type Void struct {
	Datetime    calendar.Time  `json:"datetime" doc:"the instant asked about, UTC (to the second)"`
	JD          float64        `json:"jd" doc:"Julian day (UT) of the instant"`
	IsVoid      bool           `json:"is_void" doc:"the Moon is void of course at the instant"`
	Period      VoidPeriod     `json:"period" doc:"the current period when is_void, else the next one"`
	Planets     []string       `json:"planets" doc:"the planets whose aspects count"`
	ZodiacType  string         `json:"zodiac_type" doc:"zodiac of the signs" enum:"tropical,sidereal"`
	Ayanamsa    *AyanamsaValue `json:"ayanamsa,omitempty" doc:"present for the sidereal zodiac"`
	Source      engine.Source  `json:"source" doc:"least precise ephemeris used" enum:"tables,swiss_ephemeris,moshier"`
	Conventions string         `json:"conventions" doc:"the definition used"`
}

// VoidList is every void-of-course period in a range.
type VoidList struct {
	Start       calendar.Time  `json:"start" doc:"start of the range, UTC"`
	End         calendar.Time  `json:"end" doc:"end of the range, UTC"`
	Periods     []VoidPeriod   `json:"periods" doc:"every period that overlaps the range, in time order (the first may begin before the range, the last end after it)"`
	Planets     []string       `json:"planets" doc:"the planets whose aspects count"`
	ZodiacType  string         `json:"zodiac_type" doc:"zodiac of the signs" enum:"tropical,sidereal"`
	Ayanamsa    *AyanamsaValue `json:"ayanamsa,omitempty" doc:"present for the sidereal zodiac; degrees at the start of the range"`
	Source      engine.Source  `json:"source" doc:"least precise ephemeris used" enum:"tables,swiss_ephemeris,moshier"`
	Conventions string         `json:"conventions" doc:"the definition used"`
}

const voidConventions = "the Moon is void of course from its last exact Ptolemaic aspect (conjunction, sextile, square, trine, opposition; no orb) " +
	"to one of the listed planets while in a sign, until it enters the next sign; aspects perfected in the previous sign do not count, " +
	"and a Moon that makes no aspect in a sign is void from its ingress; apparent geocentric longitudes"

// VoidAt returns the void-of-course period the Moon is in at t, or the
// next one.
func VoidAt(pos engine.Positions, t engine.JDUT, o VoidOptions) (*Void, error) {
	if errs := o.Validate(); len(errs) > 0 {
		return nil, errs
	}
	r := &Void{Datetime: secondOf(t), JD: float64(t), Planets: names(o.Planets.Bodies()), Source: engine.FromTables, Conventions: voidConventions}
	var err error
	if r.ZodiacType, r.Ayanamsa, err = zodiac(pos, t, o.Sidereal); err != nil {
		return nil, err
	}
	v := voidSearch{pos: pos, frame: engine.Options{Sidereal: o.Sidereal, SkipDistance: true}, planets: o.Planets.Bodies(), src: &r.Source}
	// The period of the sign the Moon is in either holds t or is the next
	// one: each stay in a sign ends with exactly one.
	err = walkSigns(pos, float64(t), float64(t), v.frame, &r.Source, func(sign int, enter, leave float64) error {
		p, err := v.period(sign, enter, leave)
		r.Period, r.IsVoid = p, p.Start.JD <= float64(t)
		return err
	})
	if err != nil {
		return nil, err
	}
	return r, nil
}

// VoidPeriods returns every void-of-course period overlapping
// [o.Start, o.End].
func VoidPeriods(pos engine.Positions, o VoidRangeOptions) (*VoidList, error) {
	if errs := o.Validate(); len(errs) > 0 {
		return nil, errs
	}
	r := &VoidList{Start: secondOf(o.Start), End: secondOf(o.End), Planets: names(o.Planets.Bodies()), Source: engine.FromTables, Conventions: voidConventions,
		Periods: make([]VoidPeriod, 0, int(float64(o.End-o.Start)/2.2)+2)}
	var err error
	if r.ZodiacType, r.Ayanamsa, err = zodiac(pos, o.Start, o.Sidereal); err != nil {
		return nil, err
	}
	v := voidSearch{pos: pos, frame: engine.Options{Sidereal: o.Sidereal, SkipDistance: true}, planets: o.Planets.Bodies(), src: &r.Source}
	err = walkSigns(pos, float64(o.Start), float64(o.End), v.frame, &r.Source, func(sign int, enter, leave float64) error {
		p, err := v.period(sign, enter, leave)
		if err == nil && p.Start.JD < float64(o.End) {
			r.Periods = append(r.Periods, p)
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	return r, nil
}

func names(bodies []engine.Body) []string {
	out := make([]string, len(bodies))
	for i, b := range bodies {
		out[i] = b.String()
	}
	return out
}

// voidSearch finds the last aspect of each stay of the Moon in a sign.
type voidSearch struct {
	pos     engine.Positions
	frame   engine.Options
	planets []engine.Body
	src     *engine.Source
	// The Moon and the planets at the last stay's end, which is the next
	// stay's start.
	at       float64
	moon     float64
	planetsL [16]float64
}

// elongations returns the Moon's elongation from each planet at t, reusing
// the values at the previous stay's end.
func (v *voidSearch) elongations(t float64, out []float64) error {
	if t == v.at && v.at != 0 {
		for i := range v.planets {
			out[i] = engine.Normalize(v.moon - v.planetsL[i])
		}
		return nil
	}
	m, err := position(v.pos, engine.JDUT(t), engine.Moon, v.frame, v.src)
	if err != nil {
		return err
	}
	for i, b := range v.planets {
		p, err := position(v.pos, engine.JDUT(t), b, v.frame, v.src)
		if err != nil {
			return err
		}
		v.planetsL[i] = p.Longitude
		out[i] = engine.Normalize(m.Longitude - p.Longitude)
	}
	v.at, v.moon = t, m.Longitude
	return nil
}

// period returns the void-of-course period of the Moon's stay in sign
// from enter to leave.
func (v *voidSearch) period(sign int, enter, leave float64) (VoidPeriod, error) {
	var bufA, bufB [16]float64
	ea, eb := bufA[:len(v.planets)], bufB[:len(v.planets)]
	if err := v.elongations(enter, ea); err != nil {
		return VoidPeriod{}, err
	}
	if err := v.elongations(leave, eb); err != nil {
		return VoidPeriod{}, err
	}
	best, bestT := -1, enter
	bestK := 0
	for i, b := range v.planets {
		// The elongation grows all the time (the Moon is at least 9.6°/day
		// faster than any planet) by less than a revolution per stay, so
		// the aspects made are the targets between ea and ea + gain; the
		// last of them is the one farthest ahead.
		gain := engine.Normalize(eb[i] - ea[i])
		k, far := -1, -1.0
		for j, a := range ptolemaic {
			if x := engine.Normalize(a.elong - ea[i]); x > 0 && x <= gain && x > far {
				k, far = j, x
			}
		}
		if k < 0 {
			continue
		}
		guess := enter + (leave-enter)*far/gain
		t, err := newton(elongResidual(v.pos, engine.Moon, b, v.frame, ptolemaic[k].elong, v.src), guess)
		if err != nil {
			return VoidPeriod{}, fmt.Errorf("void of course: %v: %w", b, err)
		}
		if t > bestT && t <= leave {
			best, bestT, bestK = i, t, k
		}
	}
	p := VoidPeriod{
		Start: InstantOf(engine.JDUT(bestT)), End: InstantOf(engine.JDUT(leave)),
		Hours: (leave - bestT) * 24, Sign: engine.Signs[sign], NextSign: engine.Signs[(sign+1)%12],
	}
	if best >= 0 {
		b := v.planets[best]
		m, err := position(v.pos, engine.JDUT(bestT), engine.Moon, v.frame, v.src)
		if err != nil {
			return VoidPeriod{}, err
		}
		q, err := position(v.pos, engine.JDUT(bestT), b, v.frame, v.src)
		if err != nil {
			return VoidPeriod{}, err
		}
		a := ptolemaic[bestK]
		p.LastAspect = &LastAspect{
			Planet: b.String(), Aspect: a.kind, Angle: math.Min(a.elong, 360-a.elong), Instant: InstantOf(engine.JDUT(bestT)),
			MoonLongitude: engine.Normalize(m.Longitude), PlanetLongitude: engine.Normalize(q.Longitude),
		}
	}
	return p, nil
}
