package op

import (
	"bytes"
	stdjson "encoding/json"
	"reflect"
	"testing"
)

// FuzzScanner checks the pre-decoder scanner never panics and agrees with
// go-json on which documents are valid JSON.
func FuzzScanner(f *testing.F) {
	for _, s := range []string{`{"year":1}`, `[1,2,{"a":null}]`, `{"a":"\u00e9\""}`, `1e5`, `{"a":[`, `"x`} {
		f.Add([]byte(s))
	}
	node := schemaOf(reflect.TypeFor[fuzzInput]())
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

// fuzzInput has the shapes the scanner walks: required scalars, nested
// objects, arrays of objects, maps.
type fuzzInput struct {
	Year   int              `json:"year" required:"true"`
	Name   string           `json:"name,omitempty"`
	Nested *struct{ A int } `json:"nested,omitempty"`
	List   []struct {
		B string `json:"b" required:"true"`
	} `json:"list,omitempty"`
	Map map[string]float64 `json:"map,omitempty"`
}
