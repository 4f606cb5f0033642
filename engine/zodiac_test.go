package engine

import "testing"

func TestZodiacSidereal(t *testing.T) {
	for _, c := range []struct {
		z        Zodiac
		a, want  Ayanamsa
		withNote bool
	}{
		{Tropical, "", "", false},
		{"", "", "", false},
		{Tropical, KP, "", true},
		{Sidereal, "", Lahiri, false},
		{Sidereal, Raman, Raman, false},
	} {
		if got, note := c.z.Sidereal(c.a); got != c.want || (note != "") != c.withNote {
			t.Errorf("%q.Sidereal(%q) = %q, %q", c.z, c.a, got, note)
		}
	}
}
