package natal

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/accuracy/measure"
	"github.com/astroapi/astroapi/engine/aspects"
)

// TestAppendJSON: for charts of every kind of option, AppendJSON writes
// valid JSON with the tokens, in the order, of encoding/json's output for
// the same chart, numbers within half a unit of the 7th decimal.
func TestAppendJSON(t *testing.T) {
	eph := ephemeris(t)
	rng := rand.New(rand.NewPCG(7, 11))
	systems := []engine.HouseSystem{"placidus", "koch", "equal", "whole_sign", "regiomontanus", "campanus", "morinus", "porphyry"}
	for i := range 300 {
		b := Birth{JD: engine.JDUT(2378500 + rng.Float64()*219000), Latitude: rng.Float64()*180 - 90, Longitude: rng.Float64()*360 - 180}
		if i%50 == 0 {
			b.JD = engine.JDUT(2300000 + rng.Float64()*1000) // before the files: Chiron omitted
		}
		o := Options{HouseSystem: systems[i%len(systems)], IncludeAsteroids: i%2 == 0, MinorAspects: i%3 == 0}
		if i%4 == 1 {
			o.Sidereal = engine.Ayanamsas[i%len(engine.Ayanamsas)]
		}
		if i%5 == 2 {
			o.Node = MeanNode
		}
		if i%7 == 3 {
			o.Orbs = aspects.Orbs{"conjunction": 10.25, "square": 0, "quincunx": 3}
		}
		c, err := Compute(eph, b, o)
		if err != nil {
			t.Fatalf("chart %d: %v", i, err)
		}
		got := c.AppendJSON([]byte("prefix"))
		if !bytes.HasPrefix(got, []byte("prefix")) {
			t.Fatal("AppendJSON lost what it appended to")
		}
		got = got[len("prefix"):]
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(c); err != nil {
			t.Fatal(err)
		}
		if err := sameJSON(got, want.Bytes()); err != nil {
			t.Fatalf("chart %d (%+v): %v\ngot  %s\nwant %s", i, o, err, got, want.Bytes())
		}
	}
}

// sameJSON walks two documents token by token.
func sameJSON(got, want []byte) error {
	if !json.Valid(got) {
		return errorf("invalid JSON")
	}
	dg, dw := json.NewDecoder(bytes.NewReader(got)), json.NewDecoder(bytes.NewReader(want))
	dg.UseNumber()
	dw.UseNumber()
	for n := 0; ; n++ {
		tg, eg := dg.Token()
		tw, ew := dw.Token()
		if eg == io.EOF && ew == io.EOF {
			return nil
		}
		if eg != nil || ew != nil {
			return errorf("token %d: %v / %v", n, eg, ew)
		}
		ng, okg := tg.(json.Number)
		nw, okw := tw.(json.Number)
		if okg && okw {
			fg, _ := ng.Float64()
			fw, _ := nw.Float64()
			if measure.Over(math.Abs(fg-fw), 0.5e-7+math.Abs(fw)*1e-15) {
				return errorf("token %d: %s, want %s", n, ng, nw)
			}
			continue
		}
		if tg != tw {
			return errorf("token %d: %v, want %v", n, tg, tw)
		}
	}
}

func errorf(format string, args ...any) error { return fmt.Errorf(format, args...) }

func BenchmarkAppendJSON(b *testing.B) {
	c, err := Compute(ephemeris(b), london, Options{})
	if err != nil {
		b.Fatal(err)
	}
	buf := c.AppendJSON(nil)
	b.SetBytes(int64(len(buf)))
	b.ReportAllocs()
	for b.Loop() {
		buf = c.AppendJSON(buf[:0])
	}
}

// BenchmarkEncodingJSON is the same chart through encoding/json, for
// comparison.
func BenchmarkEncodingJSON(b *testing.B) {
	c, err := Compute(ephemeris(b), london, Options{})
	if err != nil {
		b.Fatal(err)
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	b.ReportAllocs()
	for b.Loop() {
		buf.Reset()
		if err := enc.Encode(c); err != nil {
			b.Fatal(err)
		}
	}
}
