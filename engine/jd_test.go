package engine

import (
	"math"
	"testing"
	"time"

	"github.com/astroapi/astroapi/engine/accuracy/measure"
)

func TestJDRoundTrip(t *testing.T) {
	cases := []struct {
		name string
		t    time.Time
		jd   float64
	}{
		// J2000.0 is JD 2451545.0 at 2000-01-01T12:00 (Meeus, Astronomical Algorithms, ch. 7).
		{"J2000", time.Date(2000, 1, 1, 12, 0, 0, 0, time.UTC), 2451545.0},
		// Meeus example 7.a: 1957-10-04.81 = JD 2436116.31.
		{"Sputnik", time.Date(1957, 10, 4, 19, 26, 24, 0, time.UTC), 2436116.31},
		{"1800", time.Date(1800, 1, 1, 0, 0, 0, 0, time.UTC), 2378496.5},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := float64(JDOf(c.t)); measure.Over(math.Abs(got-c.jd), 1e-9) {
				t.Fatalf("JDOf(%s) = %.9f, want %.9f", c.t, got, c.jd)
			}
			if back := JDUT(c.jd).Time(); back.Sub(c.t).Abs() > 50*time.Microsecond {
				t.Fatalf("Time() = %s, want %s", back, c.t)
			}
		})
	}
}

// TestJDOf: Julian days of known instants (JDOf is the one conversion
// from a time.Time every package uses).
func TestJDOf(t *testing.T) {
	// J2000.0 is JD 2451545.0 = 2000-01-01T12:00 (TT; here the same clock
	// reading on the UT scale); Meeus, Astronomical Algorithms, ch. 7.
	for _, c := range []struct {
		t  time.Time
		jd float64
	}{
		{time.Date(2000, 1, 1, 12, 0, 0, 0, time.UTC), 2451545.0},
		{time.Date(1957, 10, 4, 19, 26, 24, 0, time.UTC), 2436116.31}, // Meeus example 7.a
		{time.Date(1987, 6, 19, 12, 0, 0, 0, time.UTC), 2446966.0},    // Meeus table 7.A
		{time.Date(1600, 1, 1, 0, 0, 0, 0, time.UTC), 2305447.5},      // Meeus table 7.A
		{time.Date(1988, 1, 27, 0, 0, 0, 0, time.UTC), 2447187.5},     // Meeus table 7.A
	} {
		if got := float64(JDOf(c.t)); !(math.Abs(got-c.jd) <= 1e-6) {
			t.Errorf("%s: JD %.6f, want %.6f", c.t, got, c.jd)
		}
	}
}
