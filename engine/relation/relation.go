package relation

import (
	"math"
	"time"

	"github.com/astroapi/astroapi/engine"
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
