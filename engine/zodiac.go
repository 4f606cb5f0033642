package engine

import "fmt"

// Sidereal returns the ayanamsa a request's zodiac z and ayanamsa a come
// to, the rule every chart follows: "" for the tropical zodiac (an
// ayanamsa sent with it is dropped, and note says so), a for the sidereal
// zodiac, lahiri when a is empty.
func (z Zodiac) Sidereal(a Ayanamsa) (sid Ayanamsa, note string) {
	if z != Sidereal {
		if a != "" {
			note = fmt.Sprintf("ayanamsa %q ignored: it applies only with zodiac_type sidereal", a)
		}
		return "", note
	}
	if a == "" {
		return Lahiri, ""
	}
	return a, ""
}
