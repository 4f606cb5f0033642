package aspects

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParseOrbs(t *testing.T) {
	cases := []struct {
		name   string
		in     map[string]float64
		want   Orbs
		fields []string
	}{
		{"Nil", nil, nil, nil},
		{"OK", map[string]float64{"conjunction": 10, "quincunx": 0}, Orbs{Conjunction: 10, Quincunx: 0}, nil},
		{"ErrUnknown", map[string]float64{"trine": 5, "novile": 1}, Orbs{Trine: 5}, []string{"person1.orbs.novile"}},
		{"ErrRange", map[string]float64{"square": 16, "sextile": -1}, Orbs{}, []string{"person1.orbs.sextile", "person1.orbs.square"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, errs := ParseOrbs(c.in, "person1.orbs")
			if diff := cmp.Diff(c.want, got); diff != "" {
				t.Errorf("orbs (-want +got):\n%s", diff)
			}
			var fields []string
			for _, e := range errs {
				fields = append(fields, e.Field)
			}
			if diff := cmp.Diff(c.fields, fields); diff != "" {
				t.Errorf("fields (-want +got):\n%s", diff)
			}
		})
	}
}

func TestKindsEnum(t *testing.T) {
	if len(Kind("").EnumValues()) != len(Defs) || !Conjunction.Valid() || Kind("x").Valid() {
		t.Fatal("the enum list must be Defs")
	}
}
