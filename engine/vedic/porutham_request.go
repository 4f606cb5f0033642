package vedic

import (
	"fmt"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/birth"
	"github.com/astroapi/astroapi/engine/resolve"
)

// PoruthamRequest is the input of the porutham route: two births (each a
// birth packet, as on the matching route), the groom/bride roles and the
// readings where the porutham manuals differ. Resolved, it is its own
// echo: the exception list omitted comes back as the list applied.
type PoruthamRequest struct {
	Person1      birth.Packet        `json:"person1" required:"true" doc:"Person1: a birth, as the body of POST /api/v1/vedic/natal" example:"{\"year\":1990,\"month\":7,\"day\":14,\"hour\":14,\"minute\":30,\"latitude\":13.0827,\"longitude\":80.2707,\"timezone\":\"Asia/Kolkata\"}"`
	Person2      birth.Packet        `json:"person2" required:"true" doc:"Person2: the other birth, as person1" example:"{\"year\":1992,\"month\":3,\"day\":2,\"hour\":8,\"minute\":15,\"latitude\":9.9252,\"longitude\":78.1198,\"timezone\":\"Asia/Kolkata\"}"`
	Person1Role  Role                `json:"person1_role,omitempty" doc:"Person1 role: groom or bride, person1's part in the counts (most poruthams count from the bride's star to the groom's); person2 takes the other" example:"groom" default:"groom"`
	Exceptions   []PoruthamException `json:"porutham_exceptions" doc:"the named exceptions that may rescue a porutham: gana_rakshasa_bride_beyond_14 (a Rakshasa bride agrees with a groom whose star is beyond the 14th from hers), rasi_friendly_lords (signs 2/12 or 6/8 apart agree when their lords are the same or friends both ways), rajju_aroha_avaroha (the same rajju agrees when one star ascends and the other descends); the first two when omitted, none for []"`
	StreeDeergha StreeDeerghaRule    `json:"stree_deergha,omitempty" doc:"Stree deergha: the count from the bride's star beyond which the groom's agrees: beyond_7 (the common Tamil reading: 8th to 13th madhyamam, beyond the 13th uttamam), beyond_9, beyond_13 or beyond_15 (the stricter readings)" example:"beyond_7" default:"beyond_7"`
	DinaPartial  DinaPartial         `json:"dina_12_14_16,omitempty" doc:"Dina 12 14 16: how Dina reads the 12th, 14th and 16th stars from the bride's: madhyamam_but_one_pada (the manuals: madhyamam but for the groom's pada 1, 4 and 3 respectively) or adhamam (they never agree, as Prokerala answers)" example:"madhyamam_but_one_pada" default:"madhyamam_but_one_pada"`
	// Zodiac is the sidereal zodiac of both Moons.
	Zodiac
}

// Hints answers the names callers send for the two births.
func (*PoruthamRequest) Hints() map[string]string {
	h := (*MatchingRequest)(nil).Hints()
	h["exceptions"] = "the exceptions are porutham_exceptions"
	return h
}

// Resolve resolves both births ("person1.", "person2.") and the zodiac,
// and writes the exception list applied when it was omitted; an exception
// named twice is refused.
func (r *PoruthamRequest) Resolve(c resolve.Context, prefix string) error {
	var errs engine.Fields
	if err := resolvePair(c, prefix, &r.Person1, &r.Person2, &r.Zodiac, &errs); err != nil {
		return err
	}
	if r.Exceptions == nil {
		r.Exceptions = DefaultPoruthamExceptions()
	}
	if x, dup := hasDup(r.Exceptions); dup {
		errs.Bad(prefix+"porutham_exceptions", fmt.Sprintf("%q is named twice", x))
	}
	// For Go callers; the door fills the defaults.
	if r.Person1Role == "" {
		r.Person1Role = Groom
	}
	if r.StreeDeergha == "" {
		r.StreeDeergha = StreeBeyond7
	}
	if r.DinaPartial == "" {
		r.DinaPartial = DinaPartialMadhyamam
	}
	return errs.Err()
}

// Options returns the porutham options of a resolved request.
func (r *PoruthamRequest) Options() PoruthamOptions {
	return PoruthamOptions{Exceptions: r.Exceptions, StreeDeergha: r.StreeDeergha, DinaPartial: r.DinaPartial}
}

// Porutham reads both Moons of a resolved request and scores the ten
// poruthams, leaving the notes on c.
func (r *PoruthamRequest) Porutham(pos engine.Positions, c notes) (*PoruthamMatching, error) {
	var moons [2]*NakshatraResult
	for i, p := range []*birth.Packet{&r.Person1, &r.Person2} {
		b := p.Resolved()
		n, err := BirthNakshatra(pos, Birth{JD: b.Instant.JD, Latitude: b.Latitude, Longitude: b.Longitude}, r.Zodiac.Options(""))
		if err != nil {
			return nil, err
		}
		moons[i] = n
	}
	m1, k1 := poruthamMoon(moons[0].MoonLongitudeSidereal)
	m2, k2 := poruthamMoon(moons[1].MoonLongitudeSidereal)
	m1.Ayanamsa, m2.Ayanamsa = moons[0].Ayanamsa.Degrees, moons[1].Ayanamsa.Degrees
	out := &PoruthamMatching{Person1: m1, Person2: m2, Groom: "person1", Ayanamsa: moons[0].Ayanamsa.Name,
		Source: moons[0].Source.Worse(moons[1].Source)}
	out.Warnings = append(append(out.Warnings, moons[0].Warnings...), moons[1].Warnings...)
	if r.Person1Role == Bride {
		out.Groom = "person2"
		out.Porutham = poruthams(k2, k1, r.Options())
	} else {
		out.Porutham = poruthams(k1, k2, r.Options())
	}
	warn(c, out.Warnings, out.Source)
	return out, nil
}
