package aspects

import (
	"fmt"
	"strconv"

	"github.com/astroapi/astroapi/engine"
)

// Set names a set of the named aspects.
type Set string

// The aspect sets.
const (
	Majors Set = "major" // the Ptolemaic aspects
	Minors Set = "minor" // the six minor aspects
	Both   Set = "all"   // majors and minors
	NoSet  Set = "none"  // none: only the harmonics asked for
)

// EnumValues lists the aspect sets (engine.Enum).
func (Set) EnumValues() []string {
	return []string{string(Majors), string(Minors), string(Both), string(NoSet)}
}

// MaxHarmonics bounds how many harmonics one request may ask for.
const MaxHarmonics = 8

// DefaultHarmonicOrb returns the default orb of the aspects of harmonic n:
// 12/n degrees (2.4° for the quintiles, 1.7° for the septiles, 1.3° for the
// noviles), the orb shrinking with the angle between neighbours.
func DefaultHarmonicOrb(n int) float64 { return 12 / float64(n) }

// Selection is what a caller asks of the aspects: a named set, harmonics
// and orbs.
type Selection struct {
	Set         Set                // "" means Majors, or NoSet when Harmonics are given
	Harmonics   []int              // each adds the aspects proper to it (Harmonic)
	Orbs        map[string]float64 // orb per named aspect, replacing the set's defaults for those listed
	HarmonicOrb float64            // orb of every harmonic aspect; 0 means DefaultHarmonicOrb
}

// Rules resolves the selection into rules: the named aspects of the set
// with their default orbs (DefaultOrbs; an aspect named in Orbs takes that
// orb, and one named there outside the set is added), then the aspects of
// each harmonic not already present at the same angle. Field names are
// those of the API (aspect_set, harmonics[i], orbs.<name>, harmonic_orb).
func (s Selection) Rules() ([]Rule, engine.Fields) {
	var errs engine.Fields
	set := s.Set
	if set == "" {
		set = Majors
		if len(s.Harmonics) > 0 {
			set = NoSet
		}
	}
	all := DefaultOrbs(true)
	chosen := Orbs{}
	for _, d := range Defs {
		switch {
		case set == Both, set == Majors && d.Major, set == Minors && !d.Major:
			chosen[d.Kind] = all[d.Kind]
		}
	}
	if set != Majors && set != Minors && set != Both && set != NoSet {
		errs = append(errs, &engine.FieldError{Field: "aspect_set", Reason: "must be major, minor, all or none"})
	}
	custom, orbErrs := ParseOrbs(s.Orbs, "orbs")
	errs = append(errs, orbErrs...)
	for k, v := range custom {
		chosen[k] = v
	}
	rules := Rules(chosen)
	if len(s.Harmonics) > MaxHarmonics {
		errs = append(errs, &engine.FieldError{Field: "harmonics", Reason: fmt.Sprintf("at most %d harmonics", MaxHarmonics)})
	}
	if !(s.HarmonicOrb >= 0 && s.HarmonicOrb <= MaxOrb) {
		errs = append(errs, &engine.FieldError{Field: "harmonic_orb", Reason: fmt.Sprintf("must be between 0 and %d degrees", MaxOrb)})
	}
	for i, n := range s.Harmonics {
		defs, err := Harmonic(n)
		if err != nil {
			errs = append(errs, &engine.FieldError{Field: "harmonics[" + strconv.Itoa(i) + "]", Reason: err.Error()})
			continue
		}
		orb := s.HarmonicOrb
		if orb == 0 {
			orb = DefaultHarmonicOrb(n)
		}
		for _, d := range defs {
			rules = append(rules, Rule{d, orb})
		}
	}
	if len(errs) > 0 {
		return nil, errs
	}
	if len(rules) == 0 {
		return nil, engine.Fields{{Field: "aspect_set", Reason: "no aspect is looked for: choose a set other than none, or send harmonics or orbs"}}
	}
	return rules, nil
}
