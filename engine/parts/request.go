package parts

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/resolve"
)

// MaxNameLen bounds the name of a custom lot (their number, 20, is the
// door's: the maxItems tag of Selection.Custom).
const MaxNameLen = 64

// CustomLot is a lot the caller defines.
type CustomLot struct {
	Name           string `json:"name" required:"true" doc:"a name for the lot (1-64 characters), echoed as its key" example:"Lot of Commerce"`
	Formula        string `json:"formula" required:"true" doc:"A + B - C over named points: the lot lies as far past A as B lies past C. Points: Ascendant (Asc), Descendant, Midheaven (MC), Imum Coeli (IC), Vertex, Sun..Pluto, North Node, South Node, Lilith, Chiron, the asteroids when asked, Cusp 1..Cusp 12, the catalog lots by name or key (Fortune, Spirit, Lot of Eros, ...), a degree of a sign (19 Aries) or a longitude (123.5)" example:"Ascendant + Mercury - Lot of Fortune"`
	ReverseByNight bool   `json:"reverse_by_night,omitempty" doc:"swap B and C in night charts" default:"false"`
}

// Selection is the lots a request asks for: catalog keys and lots of the
// caller's own. It resolves itself (unknown keys, names out of bounds and
// formulas that do not parse are field errors) and, resolved, is its own
// echo: lots lists the catalog keys cast (every lot when omitted), custom
// the names trimmed and the formulas with the canonical point names.
type Selection struct {
	Lots   []string    `json:"lots" doc:"catalog keys of the lots to cast (omitted or null: every lot of the catalog; [] none, with custom lots); see GET /api/v1/arabic-parts/catalog" example:"[\"fortune\",\"spirit\",\"eros\"]"`
	Custom []CustomLot `json:"custom,omitempty" doc:"lots of your own (at most 20), cast after the catalog's" maxItems:"20" example:"[{\"name\":\"Lot of Commerce\",\"formula\":\"Ascendant + Mercury - Lot of Fortune\"}]"`

	want   []*Lot
	custom []Lot
}

// Resolve reads the keys and the custom lots, with field names prefixed
// by prefix.
func (s *Selection) Resolve(_ resolve.Context, prefix string) error {
	var errs engine.Fields
	s.want = s.want[:0]
	if s.Lots == nil {
		s.Lots = Keys()
	}
	for i, k := range s.Lots {
		l := Find(strings.ToLower(strings.TrimSpace(k)))
		if l == nil {
			errs.Bad(prefix+"lots["+strconv.Itoa(i)+"]", fmt.Sprintf("unknown lot %q; use one of %s", k, strings.Join(Keys(), ", ")))
			continue
		}
		s.Lots[i] = l.Key
		s.want = append(s.want, l)
	}
	s.custom = make([]Lot, 0, len(s.Custom))
	for i := range s.Custom {
		cl := &s.Custom[i]
		f := prefix + "custom[" + strconv.Itoa(i) + "]."
		cl.Name = strings.TrimSpace(cl.Name)
		if cl.Name == "" || len(cl.Name) > MaxNameLen {
			errs.Bad(f+"name", fmt.Sprintf("must be 1 to %d characters", MaxNameLen))
		}
		formula, err := ParseFormula(cl.Formula)
		if err != nil {
			errs.Bad(f+"formula", err.Error())
			continue
		}
		formula.ReverseByNight = cl.ReverseByNight
		cl.Formula = formula.Text(true) // the canonical names
		s.custom = append(s.custom, Lot{Key: cl.Name, Name: cl.Name, Formula: formula})
	}
	return errs.Err()
}

// Chosen returns the catalog lots of a resolved selection, in the order
// asked.
func (s *Selection) Chosen() []*Lot { return s.want }

// Own returns the custom lots of a resolved selection, in the order sent.
func (s *Selection) Own() []Lot { return s.custom }
