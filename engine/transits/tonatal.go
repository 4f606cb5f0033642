package transits

import (
	"fmt"
	"math"
	"time"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/aspects"
	"github.com/astroapi/astroapi/engine/calendar"
	"github.com/astroapi/astroapi/engine/houses"
	"github.com/astroapi/astroapi/engine/natal"
	"github.com/astroapi/astroapi/engine/sky"
)

// Window bounds, in days either side of the transit instant.
const (
	DefaultWindowDays = 30
	MaxWindowDays     = 90
)

// DefaultOrbs returns the default transit-to-natal orbs: 3° for the
// conjunction, opposition, square and trine, 2° for the sextile, and 1°
// for each minor aspect when minor is true.
func DefaultOrbs(minor bool) aspects.Orbs {
	o := aspects.Orbs{aspects.Conjunction: 3, aspects.Opposition: 3, aspects.Square: 3, aspects.Trine: 3, aspects.Sextile: 2}
	if minor {
		for _, d := range aspects.Defs {
			if !d.Major {
				o[d.Kind] = 1
			}
		}
	}
	return o
}

// NatalPoint is a natal point to aspect: a name and its longitude.
type NatalPoint struct {
	Name      string
	Longitude float64
}

// Natal is what transits are set against: the natal points, the natal
// cusps (nil: no houses) and the natal zodiac.
type Natal struct {
	Points   []NatalPoint
	Cusps    *[12]float64
	Sidereal engine.Ayanamsa
}

// NatalOf takes the points of a natal chart: its planets (the South Node
// left out, as natal aspects leave it), the Ascendant and the Midheaven,
// its cusps and its zodiac.
func NatalOf(c *natal.Chart) Natal {
	n := Natal{Points: make([]NatalPoint, 0, len(c.Planets)+2)}
	for _, p := range c.Planets {
		if p.Name != natal.SouthNode {
			n.Points = append(n.Points, NatalPoint{Name: p.Name, Longitude: p.Longitude})
		}
	}
	n.Points = append(n.Points, NatalPoint{"Ascendant", c.Ascendant.Longitude}, NatalPoint{"Midheaven", c.Midheaven.Longitude})
	if len(c.Houses.Cusps) == 12 {
		var cusps [12]float64
		for i, cu := range c.Houses.Cusps {
			cusps[i] = cu.Longitude
		}
		n.Cusps = &cusps
	}
	if c.Ayanamsa != nil {
		n.Sidereal = c.Ayanamsa.Name
	}
	return n
}

// ToNatalOptions choose the transiting bodies, the orbs and the window.
// Options.Sidereal is ignored: transits are cast in the natal zodiac.
type ToNatalOptions struct {
	Options
	WindowDays     float64 // 0 means DefaultWindowDays; at most MaxWindowDays
	AllPerfections bool    // list every perfection in the window, not only exact_at
}

// Validate checks the options (fields node_type, orbs, window_days).
func (o ToNatalOptions) Validate() engine.Fields {
	errs := o.Options.Validate()
	if !(o.WindowDays >= 0 && o.WindowDays <= MaxWindowDays) {
		errs = append(errs, &engine.FieldError{Field: "window_days", Reason: fmt.Sprintf("must be between 1 and %d days (0 or omitted: %d)", MaxWindowDays, DefaultWindowDays)})
	}
	return errs
}

// Aspect is one aspect from a transiting body to a natal point.
type Aspect struct {
	Transit     string        `json:"transit" doc:"the transiting body" example:"Saturn"`
	Natal       string        `json:"natal" doc:"the natal point" example:"Sun"`
	Aspect      aspects.Kind  `json:"aspect" doc:"aspect name"`
	Angle       float64       `json:"angle" doc:"exact angle of the aspect in degrees"`
	Separation  float64       `json:"separation" doc:"angular distance between the transiting body and the natal point, degrees, 0-180"`
	Orb         float64       `json:"orb" doc:"distance from exact, degrees"`
	Applying    bool          `json:"applying" doc:"the transiting body moves toward exactness (natal points are fixed)"`
	Major       bool          `json:"major" doc:"Ptolemaic aspect"`
	ExactAt     *sky.Instant  `json:"exact_at" doc:"the next perfection if applying, the last one if separating, within the window; null when none"`
	Perfections []sky.Instant `json:"perfections,omitempty" doc:"when all_perfections is asked for: every instant the aspect is exact within the window, in time order (a retrograde loop gives up to three)"`
}

// ToNatal is a transit chart set against a natal chart.
type ToNatal struct {
	Datetime    calendar.Time      `json:"datetime" doc:"the transit instant, UTC (to the second)"`
	JD          float64            `json:"jd" doc:"Julian day (UT) of the transit instant"`
	ZodiacType  string             `json:"zodiac_type" doc:"zodiac of both charts" enum:"tropical,sidereal"`
	Ayanamsa    *sky.AyanamsaValue `json:"ayanamsa,omitempty" doc:"present for the sidereal zodiac; degrees at the transit instant"`
	Transits    []Body             `json:"transits" doc:"the transiting bodies with the natal house each falls in"`
	Aspects     []Aspect           `json:"aspects" doc:"every transit-to-natal aspect within orb, by transiting body then natal point"`
	WindowDays  float64            `json:"window_days" doc:"perfections are searched this many days either side of the instant"`
	Omitted     []string           `json:"omitted,omitempty" doc:"transiting bodies the ephemeris does not cover at the instant"`
	Conventions Conventions        `json:"conventions"`
	Source      engine.Source      `json:"source" doc:"least precise ephemeris used" enum:"tables,swiss_ephemeris,moshier"`
}

// SetAgainst casts the transits at t against n.
func SetAgainst(pos engine.Positions, n Natal, t engine.JDUT, o ToNatalOptions) (*ToNatal, error) {
	o.Sidereal = n.Sidereal
	if errs := o.Validate(); len(errs) > 0 {
		return nil, errs
	}
	w := o.WindowDays
	if w == 0 {
		w = DefaultWindowDays
	}
	r := &ToNatal{Datetime: calendar.TimeOf(t.Time().Round(time.Second)), JD: float64(t), ZodiacType: "tropical", WindowDays: w}
	if o.Sidereal != "" {
		aya, err := pos.Ayanamsa(t, o.Sidereal)
		if err != nil {
			return nil, err
		}
		r.ZodiacType, r.Ayanamsa = "sidereal", &sky.AyanamsaValue{Name: o.Sidereal, Degrees: aya}
	}
	var err error
	if r.Transits, r.Omitted, r.Source, err = bodies(pos, t, o.Options); err != nil {
		return nil, err
	}
	if n.Cusps != nil {
		cw := houses.Clockwise(n.Cusps)
		for i := range r.Transits {
			r.Transits[i].House = houses.OfDir(r.Transits[i].Longitude, n.Cusps, cw)
		}
	}
	orbs := o.Orbs
	if orbs == nil {
		orbs = DefaultOrbs(o.MinorAspects)
	}
	m := aspects.NewMatcher(orbs)
	frame := engine.Options{Sidereal: o.Sidereal, SkipDistance: true}
	// About one aspect per transiting body with the default orbs (20 in a
	// typical chart, 100 with wide minor orbs): room for 32 spares most of
	// the regrowing.
	r.Aspects = make([]Aspect, 0, 32)
	var pair [2]aspects.Point
	found := make([]aspects.Aspect, 0, 4)
	for i := range r.Transits {
		tb := &r.Transits[i]
		if tb.Name == natal.SouthNode {
			continue
		}
		var tr *sky.Track // sampled once per body when every perfection is asked for
		for _, np := range n.Points {
			pair[0] = aspects.Point{Name: tb.Name, Longitude: tb.Longitude, Speed: tb.Speed}
			pair[1] = aspects.Point{Name: np.Name, Longitude: np.Longitude}
			found = m.AppendFind(found[:0], pair[:])
			if len(found) == 0 {
				continue
			}
			a := found[0]
			// The exact configuration on the side the body is on: the
			// natal point at +angle or -angle from the transiting body.
			side := math.Remainder(np.Longitude-tb.Longitude, 360)
			target := engine.Normalize(np.Longitude - math.Copysign(a.Angle, side))
			ta := Aspect{Transit: a.Point1, Natal: a.Point2, Aspect: a.Aspect, Angle: a.Angle, Separation: a.Separation,
				Orb: a.Orb, Applying: a.Applying, Major: a.Major}
			if o.AllPerfections {
				if tr == nil {
					if tr, err = sky.NewTrack(pos, tb.body, frame, float64(t)-w, float64(t)+w); err != nil {
						return nil, err
					}
				}
				roots, err := tr.Crossings(target)
				if err != nil {
					return nil, err
				}
				ta.Perfections = make([]sky.Instant, 0, len(roots))
				for _, rt := range roots {
					ta.Perfections = append(ta.Perfections, sky.InstantOf(engine.JDUT(rt)))
				}
				ta.ExactAt = exactAt(roots, float64(t), a.Applying)
			} else {
				// Walk from the instant toward the perfection: forward when
				// applying, backward when separating.
				limit := float64(t) + w
				if !a.Applying {
					limit = float64(t) - w
				}
				rt, ok, src, err := sky.NextCrossingFrom(pos, tb.body, frame, float64(t), limit, target, tb.Longitude, tb.Speed)
				if err != nil {
					return nil, err
				}
				r.Source = r.Source.Worse(src)
				if ok {
					in := sky.InstantOf(engine.JDUT(rt))
					ta.ExactAt = &in
				}
			}
			r.Aspects = append(r.Aspects, ta)
		}
		if tr != nil {
			r.Source = r.Source.Worse(tr.Source())
		}
	}
	r.Conventions = conventions(o.Options, orbs, "transiting planets, North Node, Lilith, Chiron and the asteroids to the natal planets, North Node, Lilith, Chiron, asteroids, Ascendant and Midheaven (natal points fixed); South Nodes omitted")
	return r, nil
}

// exactAt picks the perfection an aspect is heading for (applying) or
// coming from (separating).
func exactAt(roots []float64, t float64, applying bool) *sky.Instant {
	if applying {
		for _, rt := range roots {
			if rt >= t {
				in := sky.InstantOf(engine.JDUT(rt))
				return &in
			}
		}
		return nil
	}
	for i := len(roots) - 1; i >= 0; i-- {
		if roots[i] <= t {
			in := sky.InstantOf(engine.JDUT(roots[i]))
			return &in
		}
	}
	return nil
}

// ToNatalChart casts the transits at t against natal chart c.
func ToNatalChart(pos engine.Positions, c *natal.Chart, t engine.JDUT, o ToNatalOptions) (*ToNatal, error) {
	return SetAgainst(pos, NatalOf(c), t, o)
}
