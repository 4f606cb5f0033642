package sky

import (
	"errors"
	"fmt"
	"math"
	"sort"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/calendar"
	"github.com/astroapi/astroapi/engine/roots"
)

// MaxStationDays bounds the span of one Stations call: ten years (3,653
// days), some 300 stations of Mercury..Pluto.
const MaxStationDays = 3653

// StationKind says which way a planet turns.
type StationKind string

// The station kinds (wire values).
const (
	StationRetrograde StationKind = "station_retrograde" // the planet stops and turns backwards
	StationDirect     StationKind = "station_direct"     // the planet stops and resumes direct motion
)

// EnumValues lists the station kinds.
func (StationKind) EnumValues() []string {
	return []string{string(StationRetrograde), string(StationDirect)}
}

// stationBody is what the search needs to know about a body that stations:
// a sampling step shorter than its shortest retrograde and direct runs (so
// that no pair of stations falls between two samples), and its mean
// synodic period (how far around a range to look for the stations of
// periods that overlap it, and for their shadows).
type stationBody struct {
	step, synodic float64 // days
}

// stationBodies are the bodies Stations accepts. The shortest retrograde
// runs (days): Mercury 19, Venus 40, Mars 58, Jupiter 118, Saturn 133,
// Uranus 148, Neptune 155, Pluto 155, Chiron 130, the four asteroids
// about 60 and more.
var stationBodies = map[engine.Body]stationBody{
	engine.Mercury: {3, 115.9}, engine.Venus: {5, 583.9}, engine.Mars: {5, 779.9},
	engine.Jupiter: {10, 398.9}, engine.Saturn: {10, 378.1}, engine.Uranus: {10, 369.7},
	engine.Neptune: {10, 367.5}, engine.Pluto: {10, 366.7}, engine.Chiron: {10, 371.0},
	engine.Ceres: {5, 466.7}, engine.Pallas: {5, 466.4}, engine.Juno: {5, 473.8}, engine.Vesta: {5, 504.0},
}

// StationPlanets are the default bodies of Stations: Mercury..Pluto.
var StationPlanets = []engine.Body{engine.Mercury, engine.Venus, engine.Mars, engine.Jupiter, engine.Saturn, engine.Uranus, engine.Neptune, engine.Pluto}

// StationBodies lists every body Stations accepts, in chart order.
func StationBodies() []engine.Body {
	return append(append([]engine.Body(nil), StationPlanets...), engine.Chiron, engine.Ceres, engine.Pallas, engine.Juno, engine.Vesta)
}

// StationsOptions choose the span and bodies of Stations.
type StationsOptions struct {
	Start, End engine.JDUT     // the span searched; at most MaxStationDays
	Bodies     []engine.Body   // nil: StationPlanets
	Sidereal   engine.Ayanamsa // "" for the tropical zodiac (longitudes only: the instants do not change)
}

// Validate checks the options, naming the JSON fields start, end, bodies
// and ayanamsa.
func (o StationsOptions) Validate() engine.Fields {
	errs := checkSpan(o.Start, o.End, MaxStationDays, "ten years")
	errs = append(errs, checkBodies("bodies", o.Bodies, StationBodies(), stationBodiesText)...)
	return append(errs, checkAyanamsa(o.Sidereal)...)
}

// stationBodiesText names the bodies with stations, for their errors.
const stationBodiesText = "a body with stations (Mercury..Pluto, Chiron, Ceres, Pallas, Juno, Vesta; the Sun, Moon, nodes and Lilith never station)"

// checkSpan validates a search span of at most maxDays (said in words as
// limit in the message).
func checkSpan(start, end engine.JDUT, maxDays float64, limit string) engine.Fields {
	var errs engine.Fields
	for _, f := range []struct {
		name string
		t    engine.JDUT
	}{{"start", start}, {"end", end}} {
		if math.IsNaN(float64(f.t)) || math.IsInf(float64(f.t), 0) {
			errs = append(errs, &engine.FieldError{Field: f.name, Reason: "must be a valid instant"})
		}
	}
	if len(errs) > 0 {
		return errs
	}
	switch {
	case end <= start:
		errs = append(errs, &engine.FieldError{Field: "end", Reason: "must be after start"})
	case float64(end-start) > maxDays:
		errs = append(errs, &engine.FieldError{Field: "end", Reason: fmt.Sprintf(
			"the span is %.0f days; at most %s (%.0f days) per call: split it into consecutive ranges", float64(end-start), limit, maxDays)})
	}
	return errs
}

// Station is a planet standing still in longitude before it turns.
type Station struct {
	Name      string      `json:"name" doc:"body name" example:"Mercury"`
	Key       BodyKey     `json:"key" doc:"the body's key in requests" example:"mercury"`
	Kind      StationKind `json:"kind" doc:"station_retrograde: turns backwards; station_direct: resumes direct motion" enum:"station_retrograde,station_direct"`
	Instant   Instant     `json:"instant" doc:"when the speed in longitude is zero"`
	Longitude float64     `json:"longitude" doc:"ecliptic longitude at the station, degrees"`
	Sign      string      `json:"sign" doc:"zodiac sign at the station" example:"Aries"`
	Degree    float64     `json:"degree" doc:"degrees within the sign"`
}

// RetrogradePeriod is one retrograde run of a planet, from its station
// retrograde to its station direct, with its shadow.
type RetrogradePeriod struct {
	Name    string  `json:"name" doc:"body name" example:"Mercury"`
	Key     BodyKey `json:"key" doc:"the body's key in requests" example:"mercury"`
	Start   Station `json:"start" doc:"the station retrograde"`
	End     Station `json:"end" doc:"the station direct"`
	Days    float64 `json:"days" doc:"length of the retrograde run in days"`
	ArcDeg  float64 `json:"arc" doc:"longitude travelled backwards, degrees"`
	Shadow  *Shadow `json:"shadow" doc:"pre- and post-retrograde shadow; null when it reaches beyond the ephemeris"`
	Ongoing bool    `json:"ongoing_at_start" doc:"the planet is already retrograde at the start of the range"`
}

// Shadow is the stretch of the zodiac a retrograde run covers three times:
// it begins when the planet first reaches the longitude of the coming
// station direct and ends when it passes the longitude of the station
// retrograde again.
type Shadow struct {
	Start Instant `json:"start" doc:"the planet reaches the longitude of the station direct (pre-shadow begins)"`
	End   Instant `json:"end" doc:"the planet passes the longitude of the station retrograde again (post-shadow ends)"`
}

// Stations is the result of a station search.
type Stations struct {
	Start       calendar.Time      `json:"start" doc:"start of the range, UTC"`
	End         calendar.Time      `json:"end" doc:"end of the range, UTC"`
	ZodiacType  string             `json:"zodiac_type" doc:"zodiac of the longitudes" enum:"tropical,sidereal"`
	Ayanamsa    *AyanamsaValue     `json:"ayanamsa,omitempty" doc:"present for the sidereal zodiac; degrees at the start of the range"`
	Stations    []Station          `json:"stations" doc:"every station inside the range, in time order"`
	Periods     []RetrogradePeriod `json:"retrograde_periods" doc:"every retrograde run that overlaps the range, in time order, with stations outside the range when it starts before or ends after it"`
	Omitted     []Omission         `json:"omitted,omitempty" doc:"bodies asked for but not searched, with the reason"`
	Source      engine.Source      `json:"source" doc:"least precise ephemeris used" enum:"tables,swiss_ephemeris,moshier"`
	Conventions string             `json:"conventions" doc:"how stations are found"`
}

const stationsConventions = "a station is a root of the apparent geocentric speed in longitude, found by false position (Illinois) on the ephemeris speeds after sampling every 3-10 days, to under a second; " +
	"the Sun, the Moon, the nodes and Lilith have no stations; the shadow runs from the planet's first arrival at the station-direct longitude to its return to the station-retrograde longitude"

// FindStations returns the stations of the bodies of o in its range, and
// their retrograde periods.
func FindStations(pos engine.Positions, o StationsOptions) (*Stations, error) {
	if errs := o.Validate(); len(errs) > 0 {
		return nil, errs
	}
	bodies := o.Bodies
	if bodies == nil {
		bodies = StationPlanets
	}
	r := &Stations{Start: secondOf(o.Start), End: secondOf(o.End), Source: engine.FromTables, Conventions: stationsConventions,
		Stations: []Station{}, Periods: []RetrogradePeriod{}}
	var err error
	if r.ZodiacType, r.Ayanamsa, err = zodiac(pos, o.Start, o.Sidereal); err != nil {
		return nil, err
	}
	frame := engine.Options{Sidereal: o.Sidereal, SkipDistance: true}
	for _, b := range bodies {
		sts, src, err := stationsOf(pos, b, frame, o.Start, o.End)
		if err != nil {
			if errors.Is(err, engine.ErrOutOfRange) && b >= engine.Chiron {
				r.Omitted = append(r.Omitted, Omission{Name: b.String(), Reason: asteroidRangeReason})
				continue
			}
			return nil, fmt.Errorf("%v: %w", b, err)
		}
		r.Source = r.Source.Worse(src)
		for _, s := range sts {
			if s.Instant.JD >= float64(o.Start) && s.Instant.JD <= float64(o.End) {
				r.Stations = append(r.Stations, s)
			}
		}
		periods, err := periodsOf(pos, b, frame, sts, o.Start, o.End, &r.Source)
		if err != nil {
			return nil, fmt.Errorf("%v: %w", b, err)
		}
		r.Periods = append(r.Periods, periods...)
	}
	sort.SliceStable(r.Stations, func(i, j int) bool { return r.Stations[i].Instant.JD < r.Stations[j].Instant.JD })
	sort.SliceStable(r.Periods, func(i, j int) bool { return r.Periods[i].Start.Instant.JD < r.Periods[j].Start.Instant.JD })
	return r, nil
}

// stationsOf returns every station of b from a synodic period before start
// to one after end (so that the periods overlapping the range and their
// shadows are complete), in time order. The padding stops quietly where the
// ephemeris ends (the asteroids' files end in 1800 and 2400); the range
// itself must be covered.
func stationsOf(pos engine.Positions, b engine.Body, frame engine.Options, start, end engine.JDUT) ([]Station, engine.Source, error) {
	sb := stationBodies[b]
	pad := 1.3 * sb.synodic
	from := float64(start) - pad
	src := engine.FromTables
	speed := func(t float64) (float64, error) {
		p, err := pos.Position(engine.JDUT(t), b, frame)
		src = src.Worse(p.Source)
		return p.SpeedLongitude, err
	}
	var out []Station
	var t0, v0 float64
	have := false // t0, v0 hold the previous sample
	n := int(math.Ceil((float64(end) + pad - from) / sb.step))
	for i := 0; i <= n; i++ {
		t1 := from + float64(i)*sb.step
		v1, err := speed(t1)
		if err != nil {
			inRange := t1 >= float64(start)-sb.step && t1 <= float64(end)+sb.step
			if errors.Is(err, engine.ErrOutOfRange) && !inRange {
				have = false
				continue
			}
			return nil, src, err
		}
		if have && (v0 < 0) != (v1 < 0) {
			ts, err := roots.Regula(speed, t0, t1, v0, v1, tolDays)
			if err != nil {
				return nil, src, err
			}
			p, err := position(pos, engine.JDUT(ts), b, frame, &src)
			if err != nil {
				return nil, src, err
			}
			kind := StationRetrograde
			if v1 > 0 {
				kind = StationDirect
			}
			out = append(out, stationOf(b, kind, engine.JDUT(ts), p.Longitude))
		}
		t0, v0, have = t1, v1, true
	}
	return out, src, nil
}

func stationOf(b engine.Body, kind StationKind, t engine.JDUT, lon float64) Station {
	lon = engine.Normalize(lon)
	s, d := engine.SignOf(lon)
	return Station{Name: b.String(), Key: KeyOf(b), Kind: kind, Instant: InstantOf(t), Longitude: lon, Sign: s, Degree: d}
}

// periodsOf pairs each station retrograde with the next station direct and
// keeps the runs that overlap [start, end], with their shadows.
func periodsOf(pos engine.Positions, b engine.Body, frame engine.Options, sts []Station, start, end engine.JDUT, src *engine.Source) ([]RetrogradePeriod, error) {
	var out []RetrogradePeriod
	for i := 0; i+1 < len(sts); i++ {
		sr, sd := sts[i], sts[i+1]
		if sr.Kind != StationRetrograde || sd.Kind != StationDirect {
			continue
		}
		if sd.Instant.JD < float64(start) || sr.Instant.JD > float64(end) {
			continue
		}
		p := RetrogradePeriod{
			Name: b.String(), Key: KeyOf(b), Start: sr, End: sd,
			Days:    sd.Instant.JD - sr.Instant.JD,
			ArcDeg:  engine.Normalize(sr.Longitude - sd.Longitude),
			Ongoing: sr.Instant.JD < float64(start),
		}
		// The pre-shadow begins on the direct run before the station
		// retrograde, the post-shadow ends on the direct run after the
		// station direct: each is a monotonic stretch between two
		// stations, where the longitude passes the target once.
		if i > 0 && i+2 < len(sts) {
			step := stationBodies[b].step
			ts, err := crossing(pos, b, frame, sr.Instant.JD, sts[i-1].Instant.JD, -step, sd.Longitude, src)
			if err != nil {
				return nil, err
			}
			te, err := crossing(pos, b, frame, sd.Instant.JD, sts[i+2].Instant.JD, step, sr.Longitude, src)
			if err != nil {
				return nil, err
			}
			p.Shadow = &Shadow{Start: InstantOf(engine.JDUT(ts)), End: InstantOf(engine.JDUT(te))}
		}
		out = append(out, p)
	}
	return out, nil
}

// crossing returns when b passes longitude target, walking from station
// t0 by step (negative: back in time) no farther than the next station
// limit: on that direct run the body moves one way only, and the first
// change of sign of its distance to target is the crossing (the walk never
// reaches the far side of the circle, where the distance jumps).
func crossing(pos engine.Positions, b engine.Body, frame engine.Options, t0, limit, step, target float64, src *engine.Source) (float64, error) {
	f := lonResidual(pos, b, frame, target, src)
	r0, _, err := f(t0)
	if err != nil {
		return 0, err
	}
	for a := t0; ; {
		next := a + step
		if (next-limit)*step > 0 {
			next = limit
		}
		r1, _, err := f(next)
		if err != nil {
			return 0, err
		}
		if (r1 < 0) != (r0 < 0) && math.Abs(r1-r0) < 180 {
			return bracketed(f, a, next, r0, r1)
		}
		if next == limit {
			return 0, errNoConverge
		}
		a, r0 = next, r1
	}
}
