package sky

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/calendar"
)

// Instant is a moment in a result: the instant in UTC rounded to the
// minute, and the Julian day (UT) of the root found, unrounded.
type Instant struct {
	Datetime calendar.Time `json:"datetime" doc:"UTC, rounded to the nearest minute (RFC 3339)" example:"2024-01-11T11:57:00Z"`
	JD       float64       `json:"jd" doc:"Julian day (UT) of the instant found, before rounding; within a second of the true root" example:"2460320.998206"`
}

// InstantOf returns the Instant of t.
func InstantOf(t engine.JDUT) Instant {
	return Instant{Datetime: calendar.TimeOf(t.Time().Round(time.Minute)), JD: float64(t)}
}

// JDUT returns the Julian day of the instant as an engine.JDUT.
func (i Instant) JDUT() engine.JDUT { return engine.JDUT(i.JD) }

// AyanamsaValue is the sidereal offset used by a result.
type AyanamsaValue struct {
	Name    engine.Ayanamsa `json:"name" doc:"ayanamsa" enum:"lahiri,raman,kp,fagan_bradley,deluce,j2000"`
	Degrees float64         `json:"degrees" doc:"value subtracted from tropical longitudes at the instant, degrees (with nutation)"`
}

// BodyKey is a body's name in requests: its display name in lower case with
// underscores ("sun", "true_node", "lilith").
type BodyKey string

// EnumValues lists the body keys in chart order.
func (BodyKey) EnumValues() []string {
	out := make([]string, 0, len(engine.AllBodies()))
	for _, b := range engine.AllBodies() {
		out = append(out, string(KeyOf(b)))
	}
	return out
}

// KeyOf returns the request key of b.
func KeyOf(b engine.Body) BodyKey {
	return BodyKey(strings.ReplaceAll(strings.ToLower(b.String()), " ", "_"))
}

// ParseBody returns the body named s: a key ("true_node") or a display name
// ("True Node"), in any case; spaces, hyphens and underscores are the same.
func ParseBody(s string) (engine.Body, bool) {
	k := strings.ToLower(strings.TrimSpace(s))
	k = strings.NewReplacer(" ", "_", "-", "_").Replace(k)
	for _, b := range engine.AllBodies() {
		if string(KeyOf(b)) == k {
			return b, true
		}
	}
	return 0, false
}

// ParseBodies resolves a list of body names sent in the JSON field field
// ("bodies"); every unknown or repeated name is reported by its index.
func ParseBodies(field string, names []string) ([]engine.Body, engine.Fields) {
	var errs engine.Fields
	out := make([]engine.Body, 0, len(names))
	seen := map[engine.Body]bool{}
	for i, n := range names {
		b, ok := ParseBody(n)
		f := fmt.Sprintf("%s[%d]", field, i)
		switch {
		case !ok:
			errs = append(errs, &engine.FieldError{Field: f, Reason: fmt.Sprintf("unknown body %q; one of %s", n, strings.Join(BodyKey("").EnumValues(), ", "))})
		case seen[b]:
			errs = append(errs, &engine.FieldError{Field: f, Reason: fmt.Sprintf("%q is listed twice", n)})
		default:
			seen[b] = true
			out = append(out, b)
		}
	}
	return out, errs
}

// checkBodies reports bodies outside allowed (nil: any valid body) under
// the JSON field field.
func checkBodies(field string, bodies []engine.Body, allowed []engine.Body, what string) engine.Fields {
	var errs engine.Fields
	for i, b := range bodies {
		ok := b.Valid()
		if ok && allowed != nil {
			ok = false
			for _, a := range allowed {
				ok = ok || a == b
			}
		}
		if !ok {
			errs = append(errs, &engine.FieldError{Field: fmt.Sprintf("%s[%d]", field, i), Reason: fmt.Sprintf("%v is not %s", b, what)})
		}
	}
	return errs
}

// checkAyanamsa validates a sidereal choice ("" is tropical).
func checkAyanamsa(a engine.Ayanamsa) engine.Fields {
	if a == "" {
		return nil
	}
	for _, x := range engine.Ayanamsas {
		if x == a {
			return nil
		}
	}
	names := make([]string, len(engine.Ayanamsas))
	for i, x := range engine.Ayanamsas {
		names[i] = string(x)
	}
	return engine.Fields{{Field: "ayanamsa", Reason: fmt.Sprintf("unknown ayanamsa %q; one of %s", a, strings.Join(names, ", "))}}
}

// zodiac describes the zodiac of a result and returns the ayanamsa used
// (nil for the tropical zodiac).
func zodiac(pos engine.Positions, t engine.JDUT, a engine.Ayanamsa) (string, *AyanamsaValue, error) {
	if a == "" {
		return "tropical", nil, nil
	}
	v, err := pos.Ayanamsa(t, a)
	if err != nil {
		return "", nil, err
	}
	return "sidereal", &AyanamsaValue{Name: a, Degrees: v}, nil
}

// tropical returns the tropical ecliptic longitude and latitude behind p, a
// position of b at t in frame o. For every ayanamsa but J2000 a sidereal
// longitude is the tropical one minus the ayanamsa (how the tables and
// libswe both derive it), so aya (the ayanamsa at t) is added back; J2000
// positions are a projection onto the ecliptic of J2000 and are asked for
// again in the tropical frame.
func tropical(pos engine.Positions, t engine.JDUT, b engine.Body, o engine.Options, p engine.Position, aya float64) (lon, lat float64, err error) {
	switch o.Sidereal {
	case "":
		return p.Longitude, p.Latitude, nil
	case engine.J2000:
		o.Sidereal = ""
		q, err := pos.Position(t, b, o)
		if err != nil {
			return 0, 0, err
		}
		return q.Longitude, q.Latitude, nil
	}
	return engine.Normalize(p.Longitude + aya), p.Latitude, nil
}

// declination returns the declination in degrees of the tropical ecliptic
// point (lon, lat) for the true obliquity eps, all in degrees (Meeus 13.4).
func declination(lon, lat, sinEps, cosEps float64) float64 {
	sl := math.Sin(lon * math.Pi / 180)
	sb, cb := math.Sincos(lat * math.Pi / 180)
	return math.Asin(sb*cosEps+cb*sinEps*sl) * 180 / math.Pi
}

// errNoConverge is an internal failure of a root search (never expected:
// the functions searched are smooth and bracketed).
var errNoConverge = errors.New("sky: root search did not converge")

// secondOf returns t in UTC rounded to the second: the instant a request
// named, echoed.
func secondOf(t engine.JDUT) calendar.Time { return calendar.TimeOf(t.Time().Round(time.Second)) }
