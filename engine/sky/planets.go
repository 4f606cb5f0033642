package sky

import (
	"errors"
	"fmt"
	"math"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/calendar"
)

// Center is the place positions are seen from. The values are the wire
// values.
type Center string

// The centres offered.
const (
	Geocentric   Center = "geocentric"   // the centre of the Earth (default)
	Topocentric  Center = "topocentric"  // an observer on the Earth's surface
	Heliocentric Center = "heliocentric" // the centre of the Sun
)

// EnumValues lists the centres.
func (Center) EnumValues() []string {
	return []string{string(Geocentric), string(Topocentric), string(Heliocentric)}
}

// PlanetsOptions choose the bodies and the frame of Planets. The zero value
// is every body, geocentric, tropical.
type PlanetsOptions struct {
	Bodies   []engine.Body    // nil: engine.AllBodies()
	Sidereal engine.Ayanamsa  // "" for the tropical zodiac
	Center   Center           // "" means Geocentric
	Observer *engine.Observer // required for Topocentric, ignored otherwise
}

// Validate checks the options, naming the JSON fields: bodies, ayanamsa,
// center, latitude, longitude, altitude.
func (o PlanetsOptions) Validate() engine.Fields {
	errs := checkBodies("bodies", o.Bodies, nil, "a known body")
	errs = append(errs, checkAyanamsa(o.Sidereal)...)
	switch o.Center {
	case "", Geocentric, Heliocentric:
	case Topocentric:
		errs = append(errs, checkObserver(o.Observer)...)
	default:
		errs = append(errs, &engine.FieldError{Field: "center", Reason: fmt.Sprintf("unknown centre %q; one of geocentric, topocentric, heliocentric", o.Center)})
	}
	return errs
}

// checkObserver validates a topocentric observer.
func checkObserver(obs *engine.Observer) engine.Fields {
	if obs == nil {
		return engine.Fields{{Field: "latitude", Reason: "a topocentric position needs the observer's latitude and longitude"}}
	}
	var errs engine.Fields
	if !(obs.Latitude >= -90 && obs.Latitude <= 90) {
		errs = append(errs, &engine.FieldError{Field: "latitude", Reason: "must be between -90 and 90"})
	}
	if !(obs.Longitude >= -180 && obs.Longitude <= 180) {
		errs = append(errs, &engine.FieldError{Field: "longitude", Reason: "must be between -180 and 180"})
	}
	// From the Dead Sea shore to above the highest summit, as libswe takes
	// it (its refraction and topocentric models assume the troposphere).
	if !(obs.Altitude >= -500 && obs.Altitude <= 10000) {
		errs = append(errs, &engine.FieldError{Field: "altitude", Reason: "must be between -500 and 10000 metres"})
	}
	return errs
}

// Planet is a body's place at an instant.
type Planet struct {
	Name        string        `json:"name" doc:"body name" example:"Mercury"`
	Key         BodyKey       `json:"key" doc:"the body's key in requests" example:"mercury"`
	Sign        string        `json:"sign" doc:"zodiac sign" example:"Capricorn"`
	Degree      float64       `json:"degree" doc:"degrees within the sign, 0-30" minimum:"0" maximum:"30"`
	Longitude   float64       `json:"longitude" doc:"ecliptic longitude in degrees, 0-360, in the result's zodiac" minimum:"0" maximum:"360"`
	Latitude    float64       `json:"latitude" doc:"ecliptic latitude in degrees" minimum:"-90" maximum:"90"`
	Speed       float64       `json:"speed" doc:"speed in longitude, degrees per day (negative when retrograde)"`
	Declination float64       `json:"declination" doc:"declination in degrees (true equator of date)" minimum:"-90" maximum:"90"`
	Retrograde  bool          `json:"retrograde" doc:"apparent motion in longitude is backwards"`
	DistanceAU  float64       `json:"distance_au" doc:"distance from the centre in astronomical units"`
	Source      engine.Source `json:"source" doc:"ephemeris that produced the position" enum:"tables,swiss_ephemeris,moshier"`
}

// Omission is a body a result leaves out, with the reason.
type Omission struct {
	Name   string `json:"name" doc:"body name" example:"Chiron"`
	Reason string `json:"reason" doc:"why it is left out"`
}

// Frame states where and how positions are seen.
type Frame struct {
	Center   Center    `json:"center" doc:"where the positions are seen from" enum:"geocentric,topocentric,heliocentric"`
	Observer *Observer `json:"observer,omitempty" doc:"the observer of topocentric positions"`
}

// Observer is a topocentric observer as results echo it.
type Observer struct {
	Latitude  float64 `json:"latitude" doc:"geographic latitude, degrees, north positive" minimum:"-90" maximum:"90"`
	Longitude float64 `json:"longitude" doc:"geographic longitude, degrees, east positive" minimum:"-180" maximum:"180"`
	Altitude  float64 `json:"altitude" doc:"height above sea level, metres"`
}

// Planets is the sky at an instant.
type Planets struct {
	Datetime    calendar.Time  `json:"datetime" doc:"the instant of the positions, UTC (to the second)" example:"2024-01-01T00:00:00Z"`
	JD          float64        `json:"jd" doc:"Julian day (UT) of the instant" example:"2460310.5"`
	ZodiacType  string         `json:"zodiac_type" doc:"tropical or sidereal" enum:"tropical,sidereal"`
	Ayanamsa    *AyanamsaValue `json:"ayanamsa,omitempty" doc:"present for the sidereal zodiac"`
	Frame       Frame          `json:"frame" doc:"centre of the positions"`
	Planets     []Planet       `json:"planets" doc:"the bodies in chart order"`
	Omitted     []Omission     `json:"omitted,omitempty" doc:"bodies asked for but not given, with the reason"`
	Source      engine.Source  `json:"source" doc:"least precise ephemeris used: tables, then the Swiss Ephemeris files, then Moshier" enum:"tables,swiss_ephemeris,moshier"`
	Conventions string         `json:"conventions" doc:"how the positions are computed"`
}

// planetsConventions is stated in every Planets result.
const planetsConventions = "apparent ecliptic positions of date (Swiss Ephemeris defaults: light-time, aberration, deflection, nutation); " +
	"sidereal longitudes are tropical minus the ayanamsa with nutation (j2000: projection onto the ecliptic of J2000); " +
	"declination from the tropical ecliptic position and the true obliquity of date; lilith is the mean lunar apogee; " +
	"heliocentric lists omit the Sun and the lunar points"

// PlanetsAt returns the bodies of o at t.
func PlanetsAt(pos engine.Positions, t engine.JDUT, o PlanetsOptions) (*Planets, error) {
	if errs := o.Validate(); len(errs) > 0 {
		return nil, errs
	}
	bodies := o.Bodies
	if bodies == nil {
		bodies = engine.AllBodies()
	}
	frame := engine.Options{Sidereal: o.Sidereal}
	r := &Planets{Datetime: secondOf(t), JD: float64(t), Source: engine.FromTables, Conventions: planetsConventions}
	r.Frame.Center = Geocentric
	switch o.Center {
	case Topocentric:
		obs := *o.Observer
		frame.Topocentric = &obs
		r.Frame = Frame{Center: Topocentric, Observer: &Observer{Latitude: obs.Latitude, Longitude: obs.Longitude, Altitude: obs.Altitude}}
	case Heliocentric:
		frame.Heliocentric = true
		r.Frame.Center = Heliocentric
	}
	var err error
	if r.ZodiacType, r.Ayanamsa, err = zodiac(pos, t, o.Sidereal); err != nil {
		return nil, err
	}
	eps, _, err := pos.Obliquity(t)
	if err != nil {
		return nil, err
	}
	sinEps, cosEps := math.Sincos(eps * math.Pi / 180)
	var aya float64
	if r.Ayanamsa != nil {
		aya = r.Ayanamsa.Degrees
	}
	r.Planets = make([]Planet, 0, len(bodies))
	for _, b := range bodies {
		if frame.Heliocentric && (b == engine.Sun || b == engine.MeanNode || b == engine.TrueNode || b == engine.MeanLilith) {
			r.Omitted = append(r.Omitted, Omission{Name: b.String(), Reason: "no heliocentric position: the Sun is the centre, and the nodes and Lilith are points of the Moon's geocentric orbit"})
			continue
		}
		p, err := pos.Position(t, b, frame)
		if err != nil {
			if errors.Is(err, engine.ErrOutOfRange) && b >= engine.Chiron {
				r.Omitted = append(r.Omitted, Omission{Name: b.String(), Reason: asteroidRangeReason})
				continue
			}
			return nil, fmt.Errorf("%v: %w", b, err)
		}
		lon, lat, err := tropical(pos, t, b, frame, p, aya)
		if err != nil {
			return nil, fmt.Errorf("%v: %w", b, err)
		}
		r.Source = r.Source.Worse(p.Source)
		r.Planets = append(r.Planets, planetOf(b, p, declination(lon, lat, sinEps, cosEps)))
	}
	return r, nil
}

// planetOf builds a Planet from a position in the result's frame.
func planetOf(b engine.Body, p engine.Position, dec float64) Planet {
	lon := engine.Normalize(p.Longitude)
	s, d := engine.SignOf(lon)
	return Planet{
		Name: b.String(), Key: KeyOf(b), Sign: s, Degree: d, Longitude: lon, Latitude: p.Latitude,
		Speed: p.SpeedLongitude, Declination: dec, Retrograde: p.SpeedLongitude < 0,
		DistanceAU: p.Distance, Source: p.Source,
	}
}
