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
