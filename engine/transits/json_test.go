package transits

import (
	"bytes"
	"encoding/json"
	"io"
	"math"
	"strconv"
	"testing"
	"time"

	"github.com/astroapi/astroapi/engine"
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
			sameJSON(t, got, want)
		})
	}
}

// sameJSON compares two documents token by token, numbers within 5e-8.
func sameJSON(t *testing.T, got, want []byte) {
	t.Helper()
	dg, dw := json.NewDecoder(bytes.NewReader(got)), json.NewDecoder(bytes.NewReader(want))
	dg.UseNumber()
	dw.UseNumber()
	for i := 0; ; i++ {
		tg, eg := dg.Token()
		tw, ew := dw.Token()
		if eg != nil || ew != nil {
			if eg != io.EOF || ew != io.EOF {
				t.Fatalf("token %d: %v / %v\ngot  %s\nwant %s", i, eg, ew, got, want)
			}
			return
		}
		ng, okg := tg.(json.Number)
		nw, okw := tw.(json.Number)
		if okg && okw {
			fg, _ := strconv.ParseFloat(string(ng), 64)
			fw, _ := strconv.ParseFloat(string(nw), 64)
			if math.Abs(fg-fw) > 5e-8 {
				t.Fatalf("token %d: %s, encoder %s", i, ng, nw)
			}
			continue
		}
		if tg != tw {
			t.Fatalf("token %d: %v, encoder %v\ngot  %.400s\nwant %.400s", i, tg, tw, got, want)
		}
	}
}
