package transits

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/jsonw"
	"github.com/astroapi/astroapi/engine/natal"
)

// TestAppendFieldsMatchesEncoder: the hand-written to-natal JSON has the
// reflective encoder's keys, order, strings, booleans and nulls, and its
// numbers within half of the last decimal written (5e-8), for tropical and
// sidereal charts, with and without every perfection.
func TestAppendFieldsMatchesEncoder(t *testing.T) {
	pos, _, _ := sources(t)
	for _, c := range []struct {
		name string
		o    natal.Options
		opts ToNatalOptions
	}{
		{"tropical", natal.Options{}, ToNatalOptions{}},
		{"all_perfections_minor", natal.Options{}, ToNatalOptions{AllPerfections: true, Options: Options{MinorAspects: true}}},
		{"sidereal", natal.Options{Sidereal: engine.Lahiri}, ToNatalOptions{WindowDays: 45}},
	} {
		t.Run(c.name, func(t *testing.T) {
			chart, err := natal.Compute(pos, london, c.o)
			if err != nil {
				t.Fatal(err)
			}
			r, err := ToNatalChart(pos, chart, engine.JDOf(time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)), c.opts)
			if err != nil {
				t.Fatal(err)
			}
			if len(r.Aspects) == 0 || r.Aspects[0].ExactAt == nil {
				t.Fatalf("a fixture without aspects or perfections tests little: %+v", r.Aspects)
			}
			want, err := json.Marshal(r)
			if err != nil {
				t.Fatal(err)
			}
			got := append(r.AppendFields([]byte{'{'}), '}')
			if err := jsonw.Same(got, want, 5e-8); err != nil {
				t.Errorf("%v\ngot  %.600s\nwant %.600s", err, got, want)
			}
		})
	}
}
