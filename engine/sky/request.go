package sky

import (
	"fmt"

	"github.com/astroapi/astroapi/engine"
)

// Zodiac is the zodiac a request asks for, read as the natal route reads
// it: zodiac_type tropical (the default) or sidereal, and the ayanamsa,
// used only with sidereal (lahiri when omitted). Routes embed it; the
// decoder checks both enumerations.
type Zodiac struct {
	ZodiacType engine.Zodiac   `json:"zodiac_type,omitempty" doc:"tropical or sidereal zodiac" default:"tropical"`
	Ayanamsa   engine.Ayanamsa `json:"ayanamsa,omitempty" doc:"sidereal offset, used only with zodiac_type sidereal (ignored with a warning otherwise); sidereal without it uses lahiri"`
}

// Sidereal returns the ayanamsa of the request ("" for the tropical
// zodiac) and the notices for the caller (an ayanamsa sent without
// zodiac_type sidereal is ignored).
func (z Zodiac) Sidereal() (engine.Ayanamsa, []string) {
	if z.ZodiacType != engine.Sidereal {
		if z.Ayanamsa != "" {
			return "", []string{fmt.Sprintf("ayanamsa %q ignored: it applies only with zodiac_type sidereal", z.Ayanamsa)}
		}
		return "", nil
	}
	if z.Ayanamsa == "" {
		return engine.Lahiri, nil
	}
	return z.Ayanamsa, nil
}
