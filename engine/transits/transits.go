// Package transits casts the sky at an instant as a chart (the transiting
// bodies, their mundane aspects and the Moon's phase) and sets it against a
// natal chart: the natal house each transiting body falls in, and every
// transit-to-natal aspect with its orb, whether it applies or separates,
// and when it perfects within a window around the instant. It also gives
// the bi-wheel of the two (package wheel draws it).
//
// Conventions (also stated in every result):
//   - Positions: apparent geocentric ecliptic longitudes of date, tropical or
//     sidereal, from engine.Positions (the tables inside 1800-2400).
//   - Bodies: Sun..Pluto, the North Node (true unless the mean is asked
//     for) and the South Node opposite it, Lilith (the mean lunar apogee),
//     Chiron, and Ceres, Pallas, Juno and Vesta on request, as natal charts
//     list them. The South Node is not aspected (it mirrors the North Node).
//   - Mundane aspects (among the transiting bodies) use the natal defaults
//     of package aspects. Transit-to-natal aspects default to narrower
//     orbs, DefaultOrbs: 3° for the conjunction, opposition, square and
//     trine, 2° for the sextile, 1° for each minor aspect. Natal points are
//     held fixed, so an aspect applies when the transiting body moves toward
//     exactness.
//   - A transit-to-natal aspect perfects when the transiting longitude is
//     exactly the natal one plus or minus the aspect's angle, on the side it
//     is on. exact_at is the next perfection of an applying aspect and the
//     last one of a separating aspect within ±WindowDays (default 30) of the
//     instant, or null; it is found by walking from the instant (Newton's
//     method where the body cannot turn on the way, steps split at its
//     stations otherwise). On request (AllPerfections) every perfection in
//     the window is listed, through retrograde loops (up to three passes).
//   - Transits are cast in the natal chart's zodiac.
package transits

import (
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/aspects"
	"github.com/astroapi/astroapi/engine/calendar"
	"github.com/astroapi/astroapi/engine/natal"
	"github.com/astroapi/astroapi/engine/sky"
)

// Options choose the transiting bodies, the zodiac and the mundane aspects.
type Options struct {
	Sidereal         engine.Ayanamsa // "" for the tropical zodiac
	Node             natal.Node      // "" means natal.TrueNode
	IncludeAsteroids bool            // Ceres, Pallas, Juno, Vesta
	MinorAspects     bool            // add the minor aspects with default orbs
	Orbs             aspects.Orbs    // overrides the default orbs when non-nil
}

// Validate checks the options, naming the JSON fields ayanamsa, node_type
// and orbs.
func (o Options) Validate() engine.Fields {
	errs := natal.Options{Sidereal: o.Sidereal, Node: o.Node}.Validate()
	return append(errs, checkOrbs(o.Orbs)...)
}

// checkOrbs validates custom orbs: known aspects, 0-15 degrees.
func checkOrbs(orbs aspects.Orbs) engine.Fields {
	var errs engine.Fields
	for k, v := range orbs {
		known := false
		for _, d := range aspects.Defs {
			known = known || d.Kind == k
		}
		switch {
		case !known:
			errs = append(errs, &engine.FieldError{Field: "orbs." + string(k), Reason: "unknown aspect"})
		case !(v >= 0 && v <= 15):
			errs = append(errs, &engine.FieldError{Field: "orbs." + string(k), Reason: "must be between 0 and 15 degrees"})
		}
	}
	return errs
}

// Body is a transiting body.
type Body struct {
	Name        string  `json:"name" doc:"body name" example:"Saturn"`
	Sign        string  `json:"sign" doc:"zodiac sign" example:"Pisces"`
	Degree      float64 `json:"degree" doc:"degrees within the sign, 0-30"`
	Longitude   float64 `json:"longitude" doc:"ecliptic longitude in degrees, 0-360"`
	Latitude    float64 `json:"latitude" doc:"ecliptic latitude in degrees"`
	Speed       float64 `json:"speed" doc:"speed in longitude, degrees per day"`
	Declination float64 `json:"declination" doc:"declination in degrees (true equator of date)"`
	Retrograde  bool    `json:"retrograde" doc:"apparent motion in longitude is backwards"`
	House       int     `json:"house,omitempty" doc:"the natal house the body transits, 1-12 (transits to a natal chart only)" minimum:"1" maximum:"12"`
	body        engine.Body
}

// Conventions state how a transit chart was cast.
type Conventions struct {
	Node        string       `json:"node" doc:"lunar node used" enum:"true,mean"`
	Lilith      string       `json:"lilith" doc:"Lilith is the mean lunar apogee" enum:"mean_apogee"`
	Positions   string       `json:"positions" doc:"frame of the longitudes"`
	Orbs        aspects.Orbs `json:"orbs" doc:"orb in degrees of each aspect looked for"`
	AspectNotes string       `json:"aspect_points" doc:"which points are aspected"`
}

// Sky is the sky at an instant as a chart.
type Sky struct {
	Datetime    calendar.Time      `json:"datetime" doc:"the instant, UTC (to the second)"`
	JD          float64            `json:"jd" doc:"Julian day (UT) of the instant"`
	ZodiacType  string             `json:"zodiac_type" doc:"tropical or sidereal" enum:"tropical,sidereal"`
	Ayanamsa    *sky.AyanamsaValue `json:"ayanamsa,omitempty" doc:"present for the sidereal zodiac"`
	Planets     []Body             `json:"planets" doc:"Sun..Pluto, North and South Node, Lilith, Chiron, then the asteroids when asked"`
	Aspects     []aspects.Aspect   `json:"aspects" doc:"mundane aspects among the transiting bodies, in planet order"`
	Moon        sky.Phase          `json:"moon_phase" doc:"the Moon's phase"`
	Omitted     []string           `json:"omitted,omitempty" doc:"bodies left out because the ephemeris does not cover the instant (Chiron and the asteroids outside 1800-2400)"`
	Conventions Conventions        `json:"conventions"`
	Source      engine.Source      `json:"source" doc:"least precise ephemeris used" enum:"tables,swiss_ephemeris,moshier"`
}

var (
	chartBodies    = []engine.Body{engine.Sun, engine.Moon, engine.Mercury, engine.Venus, engine.Mars, engine.Jupiter, engine.Saturn, engine.Uranus, engine.Neptune, engine.Pluto, engine.TrueNode, engine.MeanLilith, engine.Chiron}
	asteroidBodies = []engine.Body{engine.Ceres, engine.Pallas, engine.Juno, engine.Vesta}
	mundaneOrbs    = [2]aspects.Orbs{aspects.DefaultOrbs(false), aspects.DefaultOrbs(true)}
	mundane        = [2]*aspects.Matcher{aspects.NewMatcher(mundaneOrbs[0]), aspects.NewMatcher(mundaneOrbs[1])}
)

// bodies casts the transiting bodies at t.
func bodies(pos engine.Positions, t engine.JDUT, o Options) (list []Body, omitted []string, src engine.Source, err error) {
	src = engine.FromTables
	eps, _, err := pos.Obliquity(t)
	if err != nil {
		return nil, nil, src, err
	}
	sinEps, cosEps := math.Sincos(eps * math.Pi / 180)
	var aya float64
	if o.Sidereal != "" && o.Sidereal != engine.J2000 {
		if aya, err = pos.Ayanamsa(t, o.Sidereal); err != nil {
			return nil, nil, src, err
		}
	}
	frame := engine.Options{Sidereal: o.Sidereal, SkipDistance: true}
	bs := chartBodies
	if o.IncludeAsteroids {
		bs = append(bs[:len(bs):len(bs)], asteroidBodies...)
	}
	list = make([]Body, 0, len(bs)+1)
	for _, b := range bs {
		if b == engine.TrueNode && o.Node == natal.MeanNode {
			b = engine.MeanNode
		}
		p, err := pos.Position(t, b, frame)
		if err != nil {
			if errors.Is(err, engine.ErrOutOfRange) && b >= engine.Chiron {
				omitted = append(omitted, b.String())
				continue
			}
			return nil, nil, src, fmt.Errorf("%v: %w", b, err)
		}
		src = src.Worse(p.Source)
		// Declination from the tropical position: sidereal longitude plus
		// the ayanamsa, or for j2000 (a projection onto the ecliptic of
		// J2000) the tropical position itself.
		lon, lat := p.Longitude+aya, p.Latitude
		if o.Sidereal == engine.J2000 {
			q, err := pos.Position(t, b, engine.Options{SkipDistance: true})
			if err != nil {
				return nil, nil, src, err
			}
			lon, lat = q.Longitude, q.Latitude
		}
		name := b.String()
		if b == engine.TrueNode || b == engine.MeanNode {
			name = natal.NorthNode
		}
		list = append(list, bodyOf(b, name, p.Longitude, p.Latitude, p.SpeedLongitude, declination(lon, lat, sinEps, cosEps)))
		if name == natal.NorthNode {
			list = append(list, bodyOf(b, natal.SouthNode, p.Longitude+180, -p.Latitude, p.SpeedLongitude, declination(lon+180, -lat, sinEps, cosEps)))
		}
	}
	return list, omitted, src, nil
}

func bodyOf(b engine.Body, name string, lon, lat, speed, dec float64) Body {
	lon = engine.Normalize(lon)
	s, d := engine.SignOf(lon)
	return Body{Name: name, Sign: s, Degree: d, Longitude: lon, Latitude: lat, Speed: speed, Declination: dec, Retrograde: speed < 0, body: b}
}

// declination returns the declination of the tropical ecliptic point
// (lon, lat) (Meeus 13.4).
func declination(lon, lat, sinEps, cosEps float64) float64 {
	sl := math.Sin(lon * math.Pi / 180)
	sb, cb := math.Sincos(lat * math.Pi / 180)
	return math.Asin(sb*cosEps+cb*sinEps*sl) * 180 / math.Pi
}

// At casts the sky at t with its mundane aspects and the Moon's phase.
func At(pos engine.Positions, t engine.JDUT, o Options) (*Sky, error) {
	if errs := o.Validate(); len(errs) > 0 {
		return nil, errs
	}
	r := &Sky{Datetime: calendar.TimeOf(t.Time().Round(time.Second)), JD: float64(t), ZodiacType: "tropical"}
	if o.Sidereal != "" {
		aya, err := pos.Ayanamsa(t, o.Sidereal)
		if err != nil {
			return nil, err
		}
		r.ZodiacType, r.Ayanamsa = "sidereal", &sky.AyanamsaValue{Name: o.Sidereal, Degrees: aya}
	}
	var err error
	if r.Planets, r.Omitted, r.Source, err = bodies(pos, t, o); err != nil {
		return nil, err
	}
	orbs, m := o.Orbs, (*aspects.Matcher)(nil)
	if orbs == nil {
		i := 0
		if o.MinorAspects {
			i = 1
		}
		orbs, m = mundaneOrbs[i], mundane[i]
	} else {
		m = aspects.NewMatcher(orbs)
	}
	pts := make([]aspects.Point, 0, len(r.Planets))
	for _, b := range r.Planets {
		if b.Name != natal.SouthNode {
			pts = append(pts, aspects.Point{Name: b.Name, Longitude: b.Longitude, Speed: b.Speed})
		}
	}
	r.Aspects = m.AppendFind(make([]aspects.Aspect, 0, 2*len(pts)), pts)
	ph, src, err := sky.PhaseAt(pos, t, o.Sidereal)
	if err != nil {
		return nil, err
	}
	r.Moon, r.Source = ph, r.Source.Worse(src)
	r.Conventions = conventions(o, orbs, "mundane aspects among the planets, North Node, Lilith, Chiron and the asteroids; South Node omitted")
	return r, nil
}

func conventions(o Options, orbs aspects.Orbs, notes string) Conventions {
	node := natal.TrueNode
	if o.Node == natal.MeanNode {
		node = natal.MeanNode
	}
	return Conventions{Node: string(node), Lilith: "mean_apogee", Positions: "apparent geocentric ecliptic of date", Orbs: orbs, AspectNotes: notes}
}
