package op

import (
	"bytes"
	stdjson "encoding/json"
	"errors"
	"reflect"
	"strings"
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
		// Syntax only: magnitude (1E700) is the decoder's business, a 400
		// after the scanner.
		var se *stdjson.SyntaxError
		jerr := jsonUnmarshalStd(b, &v)
		if !errors.As(jerr, &se) {
			jerr = nil
		}
		if (err == nil) != (jerr == nil) && len(b) < 1000 && !bytes.Contains(b, []byte{'\\'}) {
			t.Errorf("scanner err %v, encoding/json err %v, input %q", err, jerr, b)
		}
		sc = scanner{b: b, node: node, present: &presence{root: node}}
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

// FuzzDecode runs whole bodies and query strings through an operation's
// door (the scanner, go-json, required fields, enumerations): the answer
// is a value or a 400/422 problem naming fields, never a panic or another
// error.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{`{"year":1,"kind":"b"}`, `{"year":null}`, `{"list":[{"b":1}]}`, `{"kind":"x","map":{"a":"b"}}`, `{}`, ``, `[`} {
		f.Add([]byte(s), "year=1&kind=a")
	}
	post := Post(Spec{ID: "fuzz", Path: "/api/v1/fuzz"}, func(c *Call, in *fuzzEnumInput) (None, error) { return None{}, nil })
	get := Get(Spec{ID: "fuzz-get", Path: "/api/v1/fuzz"}, func(c *Call, in *fuzzEnumInput) (None, error) { return None{}, nil })
	f.Fuzz(func(t *testing.T, body []byte, query string) {
		for _, o := range []*Operation{post, get} {
			r := Request{Body: body}
			for _, kv := range strings.Split(query, "&") {
				k, v, _ := strings.Cut(kv, "=")
				r.Query = append(r.Query, [2]string{k, v})
			}
			_, err := NewCall(o, r).Run()
			if err == nil {
				continue
			}
			p := ProblemFor(err)
			if p.Status != 400 && p.Status != 422 {
				t.Fatalf("%s %q %q: %d %v", o.Method, body, query, p.Status, err)
			}
		}
	})
}

// fuzzKind is a typed enumeration for FuzzDecode.
type fuzzKind string

func (fuzzKind) EnumValues() []string { return []string{"a", "b"} }

type fuzzEnumInput struct {
	fuzzInput
	Kind  fuzzKind           `json:"kind,omitempty"`
	Kinds []fuzzKind         `json:"kinds,omitempty"`
	Map   map[string]float64 `json:"map,omitempty"`
}
