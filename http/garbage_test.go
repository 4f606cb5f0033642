package http

import (
	"bytes"
	stdjson "encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestGarbageInput: hostile bodies are answered 4xx with a problem, never 5xx.
func TestGarbageInput(t *testing.T) {
	ts := startTestServer(t, testOptions{})
	deep := strings.Repeat("[", 100_000) + strings.Repeat("]", 100_000)
	deepObj := strings.Repeat(`{"a":`, 5000) + "1" + strings.Repeat("}", 5000)
	cases := []struct {
		name, path, body string
		status           int
	}{
		{"InvalidJSON", "/api/v1/test/echo", `{"year":`, 400},
		{"NotJSON", "/api/v1/test/echo", `year=1990`, 400},
		{"WrongTypes", "/api/v1/test/echo", `{"year":true,"tags":"x","nested":[]}`, 400},
		{"NumberOverflow", "/api/v1/test/echo", `{"year":1e400}`, 400},
		{"IntOverflow", "/api/v1/test/echo", `{"year":99999999999999999999999}`, 400},
		{"DeepArray", "/api/v1/test/echo", `{"year":1,"list":` + deep + `}`, 400},
		{"DeepObject", "/api/v1/test/echo", `{"year":1,"nested":` + deepObj + `}`, 400},
		{"DeepTop", "/api/v1/test/echo", deep, 400},
		{"BadUTF8Key", "/api/v1/test/echo", "{\"\xff\xfe\":1,\"year\":1}", 200},
		{"ControlChar", "/api/v1/test/echo", "{\"name\":\"a\x01\",\"year\":1}", 400},
		{"NullBody", "/api/v1/test/echo", `null`, 400},
		{"BatchDeep", "/api/v1/batch", `{"requests":[{"operation":"post-test-echo","body":` + deepObj + `}]}`, 400},
		{"BatchGarbage", "/api/v1/batch", `{"requests":"x"}`, 400},
		{"BatchNotJSON", "/api/v1/batch", "\x00\x01\x02", 400},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := ts.post(t, tc.path, tc.body).wantStatus(t, tc.status)
			if tc.status >= 400 {
				r.problem(t)
			}
		})
	}
	t.Run("TenMegabytes", func(t *testing.T) {
		big := bytes.Repeat([]byte(" "), 10<<20)
		copy(big, `{"year":1,"name":"`)
		r := ts.post(t, "/api/v1/test/echo", big).wantStatus(t, 413)
		if p := r.problem(t); p.Type != problemType(kindTooLarge) {
			t.Errorf("problem %+v", p)
		}
	})
	t.Run("RandomBytes", func(t *testing.T) {
		rng := rand.New(rand.NewPCG(1, 2))
		alphabet := []byte(`{}[]":,0123456789.eE+-truefalsnul \\"abc` + "\x00\xff")
		for i := 0; i < 300; i++ {
			n := rng.IntN(200)
			b := make([]byte, n)
			for j := range b {
				b[j] = alphabet[rng.IntN(len(alphabet))]
			}
			path := "/api/v1/test/echo"
			if i%3 == 0 {
				path = "/api/v1/batch"
			}
			if r := ts.post(t, path, b); r.Status >= 500 {
				t.Fatalf("body %q: status %d %s", b, r.Status, r.Body)
			}
		}
	})
}

// FuzzScanner checks the pre-decoder scanner never panics and agrees with
// go-json on which documents are valid JSON.
func FuzzScanner(f *testing.F) {
	for _, s := range []string{`{"year":1}`, `[1,2,{"a":null}]`, `{"a":"\u00e9\""}`, `1e5`, `{"a":[`, `"x`} {
		f.Add([]byte(s))
	}
	node := schemaOf(typeOf(echoInput{}))
	f.Fuzz(func(t *testing.T, b []byte) {
		sc := scanner{b: b, node: &schemaNode{kind: nodeAny}}
		err := sc.run()
		var v any
		jerr := jsonUnmarshalStd(b, &v)
		if (err == nil) != (jerr == nil) && len(b) < 1000 && !bytes.Contains(b, []byte{'\\'}) {
			t.Errorf("scanner err %v, encoding/json err %v, input %q", err, jerr, b)
		}
		sc = scanner{b: b, node: node, present: map[string]bool{}}
		_ = sc.run()
	})
}

func jsonUnmarshalStd(b []byte, v any) error { return stdjson.Unmarshal(b, v) }
