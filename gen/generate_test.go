package gen

import (
	"os"
	"testing"
)

// TestGenerate runs the generator when GEN_OUT names the output file, until
// the astroapi command calls Tables itself:
//
//	GEN_OUT=$PWD/data/ephemeris.bolt go test -run '^TestGenerate$' -timeout 60m -v ./gen
func TestGenerate(t *testing.T) {
	out := os.Getenv("GEN_OUT")
	if out == "" {
		t.Skip("set GEN_OUT to generate the tables")
	}
	if err := Tables(Config{Out: out}, testWriter{t}); err != nil {
		t.Fatal(err)
	}
}

// testWriter sends the generator's log to t.Log.
type testWriter struct{ t *testing.T }

func (w testWriter) Write(p []byte) (int, error) {
	w.t.Log(string(p))
	return len(p), nil
}
