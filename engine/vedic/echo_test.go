package vedic_test

import (
	"testing"

	"github.com/astroapi/astroapi/engine/vedic"
	"github.com/astroapi/astroapi/engine/vedic/draw"
)

// TestNoInheritedEncoder: no Vedic input has an AppendJSON, its own or one
// promoted from an embedded part: the envelope would write the echo with
// it, and an inherited one would leave the input's own fields out. The
// echoes go through go-json.
func TestNoInheritedEncoder(t *testing.T) {
	for _, v := range []any{&vedic.Request{}, &vedic.ChartRequest{}, &vedic.DashaRequest{}, &vedic.AshtakavargaRequest{},
		&vedic.ShadbalaRequest{}, &vedic.PanchangRequest{}, &draw.Request{}} {
		if _, ok := v.(interface{ AppendJSON([]byte) []byte }); ok {
			t.Errorf("%T has an AppendJSON", v)
		}
	}
}
