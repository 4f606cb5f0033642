package relation

import (
	"maps"
	"math"
	"time"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/houses"
	"github.com/astroapi/astroapi/engine/natal"
)

// Midpoint returns the near midpoint of longitudes a and b (degrees): the
// point halfway along the shorter arc between them, in [0, 360). Exactly
// opposite longitudes have two midpoints at the same distance; the one in
// [0, 180) is returned. Midpoint(a, b) == Midpoint(b, a) exactly.
func Midpoint(a, b float64) float64 {
	a, b = engine.Normalize(a), engine.Normalize(b)
	if a > b { // the same arithmetic whatever the order
		a, b = b, a
	}
	d := b - a // in [0, 360)
	switch {
	case d == 180:
		m := a + 90 // a < 180 here, so m < 270
		if m >= 180 {
			m -= 180
		}
		return m
	case d > 180: // the shorter arc runs from b forward over 0°
		return engine.Normalize(b + (360-d)/2)
	}
	return a + d/2
}

// MidPlace returns the midpoint of the great-circle arc between two
// places (geographic degrees, north and east positive): the normalised sum
// of their unit vectors. ok is false for antipodal places (no unique
// arc). The longitude of a pole is 0.
func MidPlace(lat1, lon1, lat2, lon2 float64) (lat, lon float64, ok bool) {
	const d = math.Pi / 180
	s1, c1 := math.Sincos(lat1 * d)
	s2, c2 := math.Sincos(lat2 * d)
	so1, co1 := math.Sincos(lon1 * d)
	so2, co2 := math.Sincos(lon2 * d)
	x, y, z := c1*co1+c2*co2, c1*so1+c2*so2, s1+s2
	h := math.Hypot(x, y)
	if math.Hypot(h, z) < 1e-12 {
		return 0, 0, false
	}
	lat = math.Atan2(z, h) / d
	if h > 1e-15 {
		lon = math.Atan2(y, x) / d
	}
	return lat, lon, true
}

// MidInstant returns the instant halfway between t1 and t2, to the whole
// second: the mean of their Unix seconds, rounded down (toward the
// earlier second) when it falls on a half second. Sub-second parts are
// ignored (birth instants are whole seconds).
func MidInstant(t1, t2 time.Time) time.Time {
	s := t1.Unix() + t2.Unix()
	m := s / 2
	if s < 0 && s%2 != 0 { // Go divides toward zero: floor for negatives
		m--
	}
	return time.Unix(m, 0).UTC()
}

// settings are a natal request's settings with the defaults applied, for
// comparing two people's.
type settings struct {
	house    engine.HouseSystem
	zodiac   engine.Zodiac
	ayanamsa engine.Ayanamsa
	node     natal.Node
}

func resolved(s natal.Settings) settings {
	r := settings{house: s.HouseSystem, zodiac: s.ZodiacType, ayanamsa: s.Ayanamsa, node: s.NodeType}
	if r.house == "" {
		r.house = houses.Default
	}
	if r.zodiac == "" {
		r.zodiac = engine.Tropical
	}
	switch {
	case r.zodiac != engine.Sidereal:
		r.ayanamsa = ""
	case r.ayanamsa == "":
		r.ayanamsa = engine.Lahiri
	}
	if r.node == "" {
		r.node = natal.TrueNode
	}
	return r
}

// Align fills the chart settings person2 (field prefix p2, "person2.")
// omits from person1's, and reports the ones person2 sends that differ.
// The zodiac and ayanamsa are always shared: a comparison across zodiacs
// would set longitudes measured from different origins against each
// other. With all, so are the house system, the node, the asteroids, the
// minor aspects and the orbs: the charts cast from both people at once
// (composite, Davison) take person1's.
func Align(s1 natal.Settings, s2 *natal.Settings, p2 string, all bool) engine.Fields {
	a := resolved(s1)
	var errs engine.Fields
	bad := func(field, what string) {
		errs = append(errs, &engine.FieldError{Field: p2 + field, Reason: "must be person1's " + what + "; omit it to take person1's"})
	}
	switch {
	case s2.ZodiacType == "":
		s2.ZodiacType, s2.Ayanamsa = s1.ZodiacType, s1.Ayanamsa
	case resolved(natal.Settings{Frame: natal.Frame{ZodiacType: s2.ZodiacType}}).zodiac != a.zodiac:
		bad("zodiac_type", "zodiac ("+string(a.zodiac)+"): both charts are compared in one zodiac")
	}
	if a.zodiac == engine.Sidereal && len(errs) == 0 {
		switch {
		case s2.Ayanamsa == "":
			s2.Ayanamsa = s1.Ayanamsa
		case s2.Ayanamsa != a.ayanamsa:
			bad("ayanamsa", "ayanamsa ("+string(a.ayanamsa)+"): both charts are compared in one zodiac")
		}
	}
	if !all {
		return errs
	}
	switch {
	case s2.HouseSystem == "":
		s2.HouseSystem = s1.HouseSystem
	case s2.HouseSystem != a.house:
		bad("house_system", "house system ("+string(a.house)+")")
	}
	switch {
	case s2.NodeType == "":
		s2.NodeType = s1.NodeType
	case s2.NodeType != a.node:
		bad("node_type", "node type ("+string(a.node)+")")
	}
	switch {
	case s2.IncludeAsteroids && !s1.IncludeAsteroids:
		bad("include_asteroids", "include_asteroids (false)")
	case s2.IncludeMinorAspects && !s1.IncludeMinorAspects:
		bad("include_minor_aspects", "include_minor_aspects (false)")
	}
	s2.IncludeAsteroids, s2.IncludeMinorAspects = s1.IncludeAsteroids, s1.IncludeMinorAspects
	switch {
	case s2.Orbs == nil:
		s2.Orbs = s1.Orbs
	case !maps.Equal(s1.Orbs, s2.Orbs):
		bad("orbs", "orbs")
	}
	return errs
}
