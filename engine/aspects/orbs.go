package aspects

import (
	"fmt"
	"slices"
	"strings"

	"github.com/astroapi/astroapi/engine"
)

// MaxOrb bounds a requested orb in degrees: beyond 15 degrees an "aspect"
// says nothing about the angle it names.
const MaxOrb = 15

// Kinds lists every aspect name, the Ptolemaic ones first.
func Kinds() []Kind {
	out := make([]Kind, len(Defs))
	for i, d := range Defs {
		out[i] = d.Kind
	}
	return out
}

// EnumValues lists the wire values of the aspects (engine.Enum).
func (Kind) EnumValues() []string {
	out := make([]string, len(Defs))
	for i, d := range Defs {
		out[i] = string(d.Kind)
	}
	return out
}

// Valid reports whether k is a known aspect.
func (k Kind) Valid() bool { return slices.Contains(Kinds(), k) }

// Def returns the definition of k (ok false for an unknown aspect).
func (k Kind) Def() (Def, bool) {
	for _, d := range Defs {
		if d.Kind == k {
			return d, true
		}
	}
	return Def{}, false
}

// ParseOrbs reads orbs a caller sent as a map of aspect name to degrees
// (the "orbs" field of every chart route): only the aspects listed are
// looked for, each within [0, MaxOrb]. field names the map in errors
// ("orbs", "person1.orbs"); a nil map gives nil Orbs (use the defaults).
func ParseOrbs(m map[string]float64, field string) (Orbs, engine.Fields) {
	if m == nil {
		return nil, nil
	}
	var errs engine.Fields
	out := Orbs{}
	names := make([]string, 0, len(m))
	for k := range m {
		names = append(names, k)
	}
	slices.Sort(names) // stable error order
	for _, k := range names {
		v := m[k]
		switch {
		case !Kind(k).Valid():
			errs = append(errs, &engine.FieldError{Field: field + "." + k, Reason: "unknown aspect; use one of " + strings.Join(Kind("").EnumValues(), ", ")})
		case !(v >= 0 && v <= MaxOrb):
			errs = append(errs, &engine.FieldError{Field: field + "." + k, Reason: fmt.Sprintf("must be between 0 and %d degrees", MaxOrb)})
		default:
			out[Kind(k)] = v
		}
	}
	return out, errs
}
