// Package skytest reads the sky fixtures (engine/sky/testdata and the
// routes' own), for the engine's tests and the routes' tests alike.
package skytest

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/astroapi/astroapi/engine/accuracy/measure"
	"github.com/astroapi/astroapi/tables/tablestest"
)

// ReadJSONL decodes the records of a fixture given by its path from the
// module root: one JSON object per line, the first naming the reference
// and its version (logged), gzipped when the name ends in .gz.
func ReadJSONL[T any](t testing.TB, rel string) []T {
	t.Helper()
	f, err := os.Open(tablestest.RepoFile(t, rel))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var r io.Reader = f
	if strings.HasSuffix(rel, ".gz") {
		zr, err := gzip.NewReader(f)
		if err != nil {
			t.Fatal(err)
		}
		r = zr
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	var out []T
	for first := true; sc.Scan(); first = false {
		if first {
			t.Logf("%s: %s", rel, sc.Text())
			continue
		}
		var v T
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			t.Fatalf("%s: %v", rel, err)
		}
		out = append(out, v)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return measure.NonEmpty(t, out, rel)
}
