package sky

import (
	"math"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/calendar"
)

// MaxRangeDays bounds the span of one call that lists Moon events
// (quarters, ingresses, void-of-course periods): two years, 731 days.
const MaxRangeDays = 731

// auKM is the astronomical unit in kilometres (IAU 2012 Resolution B2).
const auKM = 149597870.7

// synodicMonth is the mean length of a lunation in days (Meeus 49.1), used
// only for first guesses.
const synodicMonth = 29.530588861

// Quarter is one of the four principal phases of the Moon.
type Quarter string

// The quarters, at elongations 0, 90, 180 and 270 degrees.
const (
	NewMoon      Quarter = "new_moon"
	FirstQuarter Quarter = "first_quarter"
	FullMoon     Quarter = "full_moon"
	LastQuarter  Quarter = "last_quarter"
)

var quarters = [4]Quarter{NewMoon, FirstQuarter, FullMoon, LastQuarter}

// EnumValues lists the quarters in order from the new moon.
func (Quarter) EnumValues() []string {
	return []string{string(NewMoon), string(FirstQuarter), string(FullMoon), string(LastQuarter)}
}

// PhaseName names the Moon's phase in the common eight-part scheme: each
// principal phase owns the 45° of elongation centred on it (new moon
// 337.5-22.5°, first quarter 67.5-112.5°, full moon 157.5-202.5°, last
// quarter 247.5-292.5°) and the crescents and gibbous phases lie between.
type PhaseName string

// The eight phases, in order of elongation.
const (
	PhaseNew            PhaseName = "new_moon"        // elongation 337.5-22.5°
	PhaseWaxingCrescent PhaseName = "waxing_crescent" // 22.5-67.5°
	PhaseFirstQuarter   PhaseName = "first_quarter"   // 67.5-112.5°
	PhaseWaxingGibbous  PhaseName = "waxing_gibbous"  // 112.5-157.5°
	PhaseFull           PhaseName = "full_moon"       // 157.5-202.5°
	PhaseWaningGibbous  PhaseName = "waning_gibbous"  // 202.5-247.5°
	PhaseLastQuarter    PhaseName = "last_quarter"    // 247.5-292.5°
	PhaseWaningCrescent PhaseName = "waning_crescent" // 292.5-337.5°
)

var phaseNames = [8]PhaseName{PhaseNew, PhaseWaxingCrescent, PhaseFirstQuarter, PhaseWaxingGibbous, PhaseFull, PhaseWaningGibbous, PhaseLastQuarter, PhaseWaningCrescent}

// EnumValues lists the phases in order of elongation.
func (PhaseName) EnumValues() []string {
	out := make([]string, len(phaseNames))
	for i, p := range phaseNames {
		out[i] = string(p)
	}
	return out
}

// PhaseOf returns the phase name of an elongation in degrees.
func PhaseOf(elongation float64) PhaseName {
	return phaseNames[int(engine.Normalize(elongation+22.5)/45)%8]
}

// LunationPhase names the eight 45° sectors of the lunation cycle counted
// from the new moon, as Dane Rudhyar did (The Lunation Cycle, 1967): new
// 0-45°, crescent 45-90°, first quarter 90-135°, gibbous 135-180°, full
// 180-225°, disseminating 225-270°, last quarter 270-315°, balsamic
// 315-360°.
type LunationPhase string

// The lunation phases, in order.
const (
	LunationNew           LunationPhase = "new"
	LunationCrescent      LunationPhase = "crescent"
	LunationFirstQuarter  LunationPhase = "first_quarter"
	LunationGibbous       LunationPhase = "gibbous"
	LunationFull          LunationPhase = "full"
	LunationDisseminating LunationPhase = "disseminating"
	LunationLastQuarter   LunationPhase = "last_quarter"
	LunationBalsamic      LunationPhase = "balsamic"
)

var lunationPhases = [8]LunationPhase{LunationNew, LunationCrescent, LunationFirstQuarter, LunationGibbous, LunationFull, LunationDisseminating, LunationLastQuarter, LunationBalsamic}

// EnumValues lists the lunation phases in order.
func (LunationPhase) EnumValues() []string {
	out := make([]string, len(lunationPhases))
	for i, p := range lunationPhases {
		out[i] = string(p)
	}
	return out
}

// LunationPhaseOf returns the lunation phase of an elongation in degrees.
func LunationPhaseOf(elongation float64) LunationPhase {
	return lunationPhases[int(engine.Normalize(elongation)/45)%8]
}

// MoonOptions choose the zodiac of the Moon's sign.
type MoonOptions struct {
	Sidereal engine.Ayanamsa // "" for the tropical zodiac
}

// Validate checks the options (field ayanamsa).
func (o MoonOptions) Validate() engine.Fields { return checkAyanamsa(o.Sidereal) }

// QuarterEvent is one principal phase of the Moon.
type QuarterEvent struct {
	Quarter   Quarter `json:"phase" doc:"the principal phase" enum:"new_moon,first_quarter,full_moon,last_quarter"`
	Instant   Instant `json:"instant" doc:"when the elongation of the Moon from the Sun is exactly 0, 90, 180 or 270 degrees"`
	Longitude float64 `json:"longitude" doc:"the Moon's ecliptic longitude then, degrees, in the result's zodiac"`
	Sign      string  `json:"sign" doc:"the Moon's sign then" example:"Cancer"`
	Degree    float64 `json:"degree" doc:"degrees within the sign"`
}

// Ingress is a body entering a sign.
type Ingress struct {
	Sign    string  `json:"sign" doc:"the sign entered" example:"Leo"`
	Instant Instant `json:"instant" doc:"when the body's longitude reaches the sign's first degree"`
}

// Moon is the Moon at an instant.
type Moon struct {
	Datetime          calendar.Time  `json:"datetime" doc:"the instant, UTC (to the second)"`
	JD                float64        `json:"jd" doc:"Julian day (UT) of the instant"`
	Phase             PhaseName      `json:"phase" doc:"phase name: each principal phase owns the 45° of elongation centred on it, crescents and gibbous phases lie between" enum:"new_moon,waxing_crescent,first_quarter,waxing_gibbous,full_moon,waning_gibbous,last_quarter,waning_crescent"`
	LunationPhase     LunationPhase  `json:"lunation_phase" doc:"Rudhyar's lunation phase: the 45° sector of elongation counted from the new moon" enum:"new,crescent,first_quarter,gibbous,full,disseminating,last_quarter,balsamic"`
	PhaseAngle        float64        `json:"phase_angle" doc:"elongation of the Moon from the Sun in ecliptic longitude, degrees, 0-360 (0 new, 90 first quarter, 180 full, 270 last quarter)" minimum:"0" maximum:"360"`
	Elongation        float64        `json:"elongation" doc:"true angular distance between the Moon and the Sun, degrees, 0-180 (latitudes included)" minimum:"0" maximum:"180"`
	SunMoonEarthAngle float64        `json:"sun_moon_earth_angle" doc:"the astronomical phase angle: the angle Sun-Moon-Earth at the Moon, degrees, 0-180 (0 full)" minimum:"0" maximum:"180"`
	Illumination      float64        `json:"illumination" doc:"illuminated fraction of the disc, 0-1: (1 + cos of sun_moon_earth_angle) / 2" minimum:"0" maximum:"1"`
	Waxing            bool           `json:"waxing" doc:"the illuminated part grows (phase angle below 180)"`
	AgeDays           float64        `json:"age_days" doc:"days since the last new moon"`
	Sign              string         `json:"sign" doc:"zodiac sign" example:"Taurus"`
	Degree            float64        `json:"degree" doc:"degrees within the sign"`
	Longitude         float64        `json:"longitude" doc:"ecliptic longitude, degrees, in the result's zodiac"`
	Latitude          float64        `json:"latitude" doc:"ecliptic latitude, degrees"`
	Speed             float64        `json:"speed" doc:"speed in longitude, degrees per day"`
	Declination       float64        `json:"declination" doc:"declination, degrees (true equator of date)"`
	DistanceKM        float64        `json:"distance_km" doc:"distance from the centre of the Earth, kilometres"`
	NextIngress       Ingress        `json:"next_ingress" doc:"when the Moon enters the next sign"`
	PreviousNewMoon   QuarterEvent   `json:"previous_new_moon" doc:"the last new moon before the instant"`
	NextNewMoon       QuarterEvent   `json:"next_new_moon" doc:"the next new moon"`
	NextFirstQuarter  QuarterEvent   `json:"next_first_quarter" doc:"the next first quarter"`
	NextFullMoon      QuarterEvent   `json:"next_full_moon" doc:"the next full moon"`
	NextLastQuarter   QuarterEvent   `json:"next_last_quarter" doc:"the next last quarter"`
	ZodiacType        string         `json:"zodiac_type" doc:"zodiac of the longitudes and signs" enum:"tropical,sidereal"`
	Ayanamsa          *AyanamsaValue `json:"ayanamsa,omitempty" doc:"present for the sidereal zodiac"`
	Source            engine.Source  `json:"source" doc:"least precise ephemeris used" enum:"tables,swiss_ephemeris,moshier"`
	Conventions       string         `json:"conventions" doc:"definitions used"`
}

const moonConventions = "phase angle = apparent geocentric longitude of the Moon minus that of the Sun (the zodiac does not change it); " +
	"quarters at 0/90/180/270°; phase names: 45° sectors centred on the principal phases; lunation phase: Rudhyar's 45° sectors from the new moon; " +
	"illumination k = (1 + cos i)/2 with tan i = R sin ψ / (Δ - R cos ψ), ψ the true elongation, R and Δ the Sun's and Moon's distances (Meeus 48.1-48.3); " +
	"age = days since the last new moon; instants found on the ephemeris to under a second, shown to the minute"

// Phase is the Moon's phase at an instant, without its place: what a
// chart of the sky shows beside the planets.
type Phase struct {
	Phase         PhaseName     `json:"phase" doc:"phase name: each principal phase owns the 45° of elongation centred on it" enum:"new_moon,waxing_crescent,first_quarter,waxing_gibbous,full_moon,waning_gibbous,last_quarter,waning_crescent"`
	LunationPhase LunationPhase `json:"lunation_phase" doc:"Rudhyar's lunation phase: the 45° sector of elongation counted from the new moon" enum:"new,crescent,first_quarter,gibbous,full,disseminating,last_quarter,balsamic"`
	PhaseAngle    float64       `json:"phase_angle" doc:"elongation of the Moon from the Sun in ecliptic longitude, degrees, 0-360" minimum:"0" maximum:"360"`
	Illumination  float64       `json:"illumination" doc:"illuminated fraction of the disc, 0-1" minimum:"0" maximum:"1"`
	Waxing        bool          `json:"waxing" doc:"the illuminated part grows (phase angle below 180)"`
	AgeDays       float64       `json:"age_days" doc:"days since the last new moon"`
	NextQuarter   QuarterEvent  `json:"next_quarter" doc:"the next new moon, first quarter, full moon or last quarter"`
}

// PhaseAt returns the Moon's phase at t; the Moon's place in the next
// quarter is in the zodiac sidereal ("" tropical).
func PhaseAt(pos engine.Positions, t engine.JDUT, sidereal engine.Ayanamsa) (Phase, engine.Source, error) {
	src := engine.FromTables
	m, err := position(pos, t, engine.Moon, engine.Options{}, &src)
	if err != nil {
		return Phase{}, src, err
	}
	s, err := position(pos, t, engine.Sun, engine.Options{}, &src)
	if err != nil {
		return Phase{}, src, err
	}
	e := engine.Normalize(m.Longitude - s.Longitude)
	ph := Phase{Phase: PhaseOf(e), LunationPhase: LunationPhaseOf(e), PhaseAngle: e, Waxing: e < 180}
	_, _, ph.Illumination = illumination(m, s)
	prev, err := prevQuarter(pos, t, 0, &src)
	if err != nil {
		return Phase{}, src, err
	}
	ph.AgeDays = float64(t) - prev
	k := (int(e/90) + 1) % 4
	tq, err := nextQuarter(pos, t, k, &src)
	if err != nil {
		return Phase{}, src, err
	}
	ph.NextQuarter, err = quarterEvent(pos, tq, k, engine.Options{Sidereal: sidereal, SkipDistance: true}, &src)
	return ph, src, err
}

// tropicalFrame is the frame of elongations: tropical, no distance.
var tropicalFrame = engine.Options{SkipDistance: true}

// MoonAt returns the Moon at t.
func MoonAt(pos engine.Positions, t engine.JDUT, o MoonOptions) (*Moon, error) {
	if errs := o.Validate(); len(errs) > 0 {
		return nil, errs
	}
	r := &Moon{Datetime: secondOf(t), JD: float64(t), Source: engine.FromTables, Conventions: moonConventions}
	var err error
	if r.ZodiacType, r.Ayanamsa, err = zodiac(pos, t, o.Sidereal); err != nil {
		return nil, err
	}
	src := &r.Source
	m, err := position(pos, t, engine.Moon, engine.Options{}, src)
	if err != nil {
		return nil, err
	}
	s, err := position(pos, t, engine.Sun, engine.Options{}, src)
	if err != nil {
		return nil, err
	}
	e := engine.Normalize(m.Longitude - s.Longitude)
	r.PhaseAngle, r.Phase, r.LunationPhase, r.Waxing = e, PhaseOf(e), LunationPhaseOf(e), e < 180
	r.Elongation, r.SunMoonEarthAngle, r.Illumination = illumination(m, s)
	r.DistanceKM = m.Distance * auKM
	eps, _, err := pos.Obliquity(t)
	if err != nil {
		return nil, err
	}
	sinEps, cosEps := math.Sincos(eps * math.Pi / 180)
	r.Declination = declination(m.Longitude, m.Latitude, sinEps, cosEps)
	zm := m // the Moon in the requested zodiac
	frame := engine.Options{Sidereal: o.Sidereal}
	if o.Sidereal != "" {
		if zm, err = position(pos, t, engine.Moon, frame, src); err != nil {
			return nil, err
		}
	}
	r.Longitude = engine.Normalize(zm.Longitude)
	r.Sign, r.Degree = engine.SignOf(r.Longitude)
	r.Latitude, r.Speed = zm.Latitude, zm.SpeedLongitude

	frame.SkipDistance = true
	if r.NextIngress, err = nextMoonIngress(pos, t, frame, src); err != nil {
		return nil, err
	}
	prev, err := prevQuarter(pos, t, 0, src)
	if err != nil {
		return nil, err
	}
	r.AgeDays = float64(t) - prev
	if r.PreviousNewMoon, err = quarterEvent(pos, prev, 0, frame, src); err != nil {
		return nil, err
	}
	for k, dst := range []*QuarterEvent{&r.NextNewMoon, &r.NextFirstQuarter, &r.NextFullMoon, &r.NextLastQuarter} {
		tq, err := nextQuarter(pos, t, k, src)
		if err != nil {
			return nil, err
		}
		if *dst, err = quarterEvent(pos, tq, k, frame, src); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// position is pos.Position that folds the source into *src.
func position(pos engine.Positions, t engine.JDUT, b engine.Body, o engine.Options, src *engine.Source) (engine.Position, error) {
	p, err := pos.Position(t, b, o)
	if err == nil {
		*src = src.Worse(p.Source)
	}
	return p, err
}

// illumination returns the true elongation ψ, the phase angle i (degrees)
// and the illuminated fraction k of the Moon m for the Sun s (Meeus 48.2,
// 48.3 and 48.1, with the Sun's latitude kept in ψ).
func illumination(m, s engine.Position) (psi, i, k float64) {
	const rad = math.Pi / 180
	sb, cb := math.Sincos(m.Latitude * rad)
	sb0, cb0 := math.Sincos(s.Latitude * rad)
	cpsi := sb*sb0 + cb*cb0*math.Cos((m.Longitude-s.Longitude)*rad)
	cpsi = max(-1, min(1, cpsi))
	p := math.Acos(cpsi)
	ir := math.Atan2(s.Distance*math.Sin(p), m.Distance-s.Distance*cpsi)
	return p / rad, ir / rad, (1 + math.Cos(ir)) / 2
}

// elongation returns the Moon's elongation from the Sun at t, 0-360, and
// its rate.
func elongation(pos engine.Positions, t float64, src *engine.Source) (e, rate float64, err error) {
	m, err := position(pos, engine.JDUT(t), engine.Moon, tropicalFrame, src)
	if err != nil {
		return 0, 0, err
	}
	s, err := position(pos, engine.JDUT(t), engine.Sun, tropicalFrame, src)
	if err != nil {
		return 0, 0, err
	}
	return engine.Normalize(m.Longitude - s.Longitude), m.SpeedLongitude - s.SpeedLongitude, nil
}

// quarterResidual is the elongation's distance from k*90°.
func quarterResidual(pos engine.Positions, k int, src *engine.Source) residual {
	target := 90 * float64(k)
	return func(t float64) (float64, float64, error) {
		e, rate, err := elongation(pos, t, src)
		return math.Remainder(e-target, 360), rate, err
	}
}

// nextQuarter returns the first instant after t (JD) when the elongation is
// k*90° (k = 0..3).
func nextQuarter(pos engine.Positions, t engine.JDUT, k int, src *engine.Source) (float64, error) {
	e, rate, err := elongation(pos, float64(t), src)
	if err != nil {
		return 0, err
	}
	ahead := engine.Normalize(90*float64(k) - e)
	f := quarterResidual(pos, k, src)
	root, err := newton(f, float64(t)+ahead/rate)
	if err != nil {
		return 0, err
	}
	if root < float64(t) { // landed on the one just before t
		return newton(f, root+synodicMonth)
	}
	return root, nil
}

// prevQuarter returns the last instant at or before t when the elongation
// is k*90°.
func prevQuarter(pos engine.Positions, t engine.JDUT, k int, src *engine.Source) (float64, error) {
	e, rate, err := elongation(pos, float64(t), src)
	if err != nil {
		return 0, err
	}
	behind := engine.Normalize(e - 90*float64(k))
	f := quarterResidual(pos, k, src)
	root, err := newton(f, float64(t)-behind/rate)
	if err != nil {
		return 0, err
	}
	if root > float64(t) {
		return newton(f, root-synodicMonth)
	}
	return root, nil
}

// quarterEvent describes quarter k found at t, with the Moon's place in
// frame.
func quarterEvent(pos engine.Positions, t float64, k int, frame engine.Options, src *engine.Source) (QuarterEvent, error) {
	m, err := position(pos, engine.JDUT(t), engine.Moon, frame, src)
	if err != nil {
		return QuarterEvent{}, err
	}
	lon := engine.Normalize(m.Longitude)
	s, d := engine.SignOf(lon)
	return QuarterEvent{Quarter: quarters[k], Instant: InstantOf(engine.JDUT(t)), Longitude: lon, Sign: s, Degree: d}, nil
}

// RangeOptions are a span of time and a zodiac, for the lists of Moon
// events.
type RangeOptions struct {
	Start, End engine.JDUT     // at most MaxRangeDays apart
	Sidereal   engine.Ayanamsa // "" for the tropical zodiac
}

// Validate checks the options (fields start, end, ayanamsa).
func (o RangeOptions) Validate() engine.Fields {
	return append(checkSpan(o.Start, o.End, MaxRangeDays, "two years"), checkAyanamsa(o.Sidereal)...)
}

// Phases is the list of the Moon's quarters in a range.
type Phases struct {
	Start       calendar.Time  `json:"start" doc:"start of the range, UTC"`
	End         calendar.Time  `json:"end" doc:"end of the range, UTC"`
	ZodiacType  string         `json:"zodiac_type" doc:"zodiac of the Moon's longitudes" enum:"tropical,sidereal"`
	Ayanamsa    *AyanamsaValue `json:"ayanamsa,omitempty" doc:"present for the sidereal zodiac; degrees at the start of the range"`
	Phases      []QuarterEvent `json:"phases" doc:"every new moon, first quarter, full moon and last quarter in the range, in time order"`
	Source      engine.Source  `json:"source" doc:"least precise ephemeris used" enum:"tables,swiss_ephemeris,moshier"`
	Conventions string         `json:"conventions" doc:"definitions used"`
}

// MoonPhases returns the quarters of the Moon in [o.Start, o.End].
func MoonPhases(pos engine.Positions, o RangeOptions) (*Phases, error) {
	if errs := o.Validate(); len(errs) > 0 {
		return nil, errs
	}
	r := &Phases{Start: secondOf(o.Start), End: secondOf(o.End), Source: engine.FromTables, Conventions: moonConventions,
		Phases: make([]QuarterEvent, 0, int(float64(o.End-o.Start)/7.3)+2)}
	var err error
	if r.ZodiacType, r.Ayanamsa, err = zodiac(pos, o.Start, o.Sidereal); err != nil {
		return nil, err
	}
	src := &r.Source
	frame := engine.Options{Sidereal: o.Sidereal, SkipDistance: true}
	e, _, err := elongation(pos, float64(o.Start), src)
	if err != nil {
		return nil, err
	}
	k := (int(e/90) + 1) % 4
	t, err := nextQuarter(pos, o.Start, k, src)
	if err != nil {
		return nil, err
	}
	for t <= float64(o.End) {
		ev, err := quarterEvent(pos, t, k, frame, src)
		if err != nil {
			return nil, err
		}
		r.Phases = append(r.Phases, ev)
		// The next quarter comes 6.5-8.3 days later; a quarter of the mean
		// month ahead is the guess.
		k = (k + 1) % 4
		if t, err = newton(quarterResidual(pos, k, src), t+synodicMonth/4); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// nextMoonIngress returns the Moon's first sign ingress after t.
func nextMoonIngress(pos engine.Positions, t engine.JDUT, frame engine.Options, src *engine.Source) (Ingress, error) {
	m, err := position(pos, t, engine.Moon, frame, src)
	if err != nil {
		return Ingress{}, err
	}
	sign := int(engine.Normalize(m.Longitude)/30) % 12
	ti, err := moonIngress(pos, float64(t), frame, sign, m, src)
	if err != nil {
		return Ingress{}, err
	}
	return Ingress{Sign: engine.Signs[(sign+1)%12], Instant: InstantOf(engine.JDUT(ti))}, nil
}

// moonIngress returns when the Moon, at m at time t in sign (0-11), enters
// the next sign.
func moonIngress(pos engine.Positions, t float64, frame engine.Options, sign int, m engine.Position, src *engine.Source) (float64, error) {
	target := float64((sign+1)%12) * 30
	ahead := engine.Normalize(target - m.Longitude)
	f := func(t float64) (float64, float64, error) {
		p, err := position(pos, engine.JDUT(t), engine.Moon, frame, src)
		return math.Remainder(p.Longitude-target, 360), p.SpeedLongitude, err
	}
	return newton(f, t+ahead/m.SpeedLongitude)
}

// Ingresses is the list of a body's sign ingresses in a range.
type Ingresses struct {
	Start      calendar.Time  `json:"start" doc:"start of the range, UTC"`
	End        calendar.Time  `json:"end" doc:"end of the range, UTC"`
	ZodiacType string         `json:"zodiac_type" doc:"zodiac of the signs" enum:"tropical,sidereal"`
	Ayanamsa   *AyanamsaValue `json:"ayanamsa,omitempty" doc:"present for the sidereal zodiac; degrees at the start of the range"`
	Ingresses  []Ingress      `json:"ingresses" doc:"every sign ingress of the Moon in the range, in time order"`
	Source     engine.Source  `json:"source" doc:"least precise ephemeris used" enum:"tables,swiss_ephemeris,moshier"`
}

// MoonIngresses returns the Moon's sign ingresses in [o.Start, o.End].
func MoonIngresses(pos engine.Positions, o RangeOptions) (*Ingresses, error) {
	if errs := o.Validate(); len(errs) > 0 {
		return nil, errs
	}
	r := &Ingresses{Start: secondOf(o.Start), End: secondOf(o.End), Source: engine.FromTables,
		Ingresses: make([]Ingress, 0, int(float64(o.End-o.Start)/2.2)+2)}
	var err error
	if r.ZodiacType, r.Ayanamsa, err = zodiac(pos, o.Start, o.Sidereal); err != nil {
		return nil, err
	}
	frame := engine.Options{Sidereal: o.Sidereal, SkipDistance: true}
	err = walkSigns(pos, float64(o.Start), float64(o.End), frame, &r.Source, func(sign int, enter, leave float64) error {
		if leave <= float64(o.End) {
			r.Ingresses = append(r.Ingresses, Ingress{Sign: engine.Signs[(sign+1)%12], Instant: InstantOf(engine.JDUT(leave))})
		}
		return nil
	})
	return r, err
}

// walkSigns calls fn for each stay of the Moon in a sign that overlaps
// [from, to], in order: the sign (0-11) and the instants it entered and
// leaves it. The first stay's entry is searched backwards from from.
func walkSigns(pos engine.Positions, from, to float64, frame engine.Options, src *engine.Source, fn func(sign int, enter, leave float64) error) error {
	m, err := position(pos, engine.JDUT(from), engine.Moon, frame, src)
	if err != nil {
		return err
	}
	sign := int(engine.Normalize(m.Longitude)/30) % 12
	// The entry into the current sign: the Moon was at its first degree
	// at most 30/11.7 days before.
	target := float64(sign) * 30
	back := engine.Normalize(m.Longitude - target)
	enter, err := newton(func(t float64) (float64, float64, error) {
		p, err := position(pos, engine.JDUT(t), engine.Moon, frame, src)
		return math.Remainder(p.Longitude-target, 360), p.SpeedLongitude, err
	}, from-back/m.SpeedLongitude)
	if err != nil {
		return err
	}
	t := from
	for {
		leave, err := moonIngress(pos, t, frame, sign, m, src)
		if err != nil {
			return err
		}
		if err := fn(sign, enter, leave); err != nil {
			return err
		}
		if leave > to {
			return nil
		}
		sign, enter, t = (sign+1)%12, leave, leave
		// The Moon's place just after the ingress, for the next guess.
		if m, err = position(pos, engine.JDUT(t), engine.Moon, frame, src); err != nil {
			return err
		}
		m.Longitude = float64(sign) * 30
	}
}
