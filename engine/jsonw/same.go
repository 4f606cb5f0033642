package jsonw

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"
)

// Same reports how got differs from want, two JSON documents compared
// token by token: keys, their order, strings, booleans and nulls equal,
// numbers within tol. Tests use it to hold hand-written encoders to the
// reflective encoder's output.
func Same(got, want []byte, tol float64) error {
	dg, dw := json.NewDecoder(bytes.NewReader(got)), json.NewDecoder(bytes.NewReader(want))
	dg.UseNumber()
	dw.UseNumber()
	for i := 0; ; i++ {
		tg, eg := dg.Token()
		tw, ew := dw.Token()
		if eg != nil || ew != nil {
			if eg != io.EOF || ew != io.EOF {
				return fmt.Errorf("token %d: %v, want %v", i, eg, ew)
			}
			return nil
		}
		ng, okg := tg.(json.Number)
		nw, okw := tw.(json.Number)
		if okg && okw {
			fg, _ := strconv.ParseFloat(string(ng), 64)
			fw, _ := strconv.ParseFloat(string(nw), 64)
			if !(math.Abs(fg-fw) <= tol) {
				return fmt.Errorf("token %d: %s, want %s", i, ng, nw)
			}
			continue
		}
		if tg != tw {
			return fmt.Errorf("token %d: %v, want %v", i, tg, tw)
		}
	}
}
