package op

import (
	"bytes"
	stdjson "encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
)

// FuzzScanner checks the scanner (the input stage's decoder) never panics and agrees with
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

// agreeInput has every kind of field the scanner stores itself or hands
// whole to the JSON package.
type agreeInput struct {
	agreeEmbedded
	*AgreePointed
	Int     int                         `json:"int,omitempty"`
	Small   int8                        `json:"small,omitempty"`
	Uint    uint32                      `json:"uint,omitempty"`
	Float   float64                     `json:"float,omitempty"`
	Float32 float32                     `json:"float32,omitempty"`
	PInt    *int                        `json:"p_int,omitempty"`
	PFloat  *float64                    `json:"p_float,omitempty"`
	Str     string                      `json:"str,omitempty"`
	PStr    *string                     `json:"p_str,omitempty"`
	Bool    bool                        `json:"bool,omitempty"`
	PBool   *bool                       `json:"p_bool,omitempty"`
	Named   fuzzKind                    `json:"named,omitempty"`
	Nested  *struct{ A, B int }         `json:"nested,omitempty"`
	List    []agreeItem                 `json:"list,omitempty"`
	PList   []*agreeItem                `json:"p_list,omitempty"`
	Strs    []string                    `json:"strs,omitempty"`
	Fixed   [2]int                      `json:"fixed,omitempty"`
	Map     map[string]float64          `json:"map,omitempty"`
	MapObj  map[string]agreeItem        `json:"map_obj,omitempty"`
	Raw     stdjson.RawMessage          `json:"raw,omitempty"`
	Any     any                         `json:"any,omitempty"`
	Bytes   []byte                      `json:"bytes,omitempty"`
	Custom  agreeCustom                 `json:"custom,omitempty"`
	PCustom *agreeCustom                `json:"p_custom,omitempty"`
	Text    agreeText                   `json:"text,omitempty"`
	Deep    map[string][]map[string]int `json:"deep,omitempty"`
}

type agreeEmbedded struct {
	Promoted string `json:"promoted,omitempty"`
}

// AgreePointed is embedded through a pointer.
type AgreePointed struct {
	Through int `json:"through,omitempty"`
}

type agreeItem struct {
	B string  `json:"b,omitempty"`
	C *int    `json:"c,omitempty"`
	D []int   `json:"d,omitempty"`
	E float64 `json:"e,omitempty"`
}

// agreeCustom reads a string or a number and keeps its text.
type agreeCustom struct{ got string }

func (a *agreeCustom) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		return nil
	}
	if len(b) > 0 && b[0] == '[' {
		return errors.New("not a list")
	}
	a.got = "read " + string(b)
	return nil
}

// agreeText reads a string through its text.
type agreeText string

func (a *agreeText) UnmarshalText(b []byte) error {
	if string(b) == "bad" {
		return errors.New("bad text")
	}
	*a = agreeText("text " + string(b))
	return nil
}

// FuzzDecodeAgrees: a body the scanner accepts (no error of any kind) is
// decoded to what encoding/json decodes it to, field for field.
func FuzzDecodeAgrees(f *testing.F) {
	for _, s := range []string{
		`{"int":1,"small":-3,"uint":7,"float":1.5e3,"float32":0.1,"p_int":0,"p_float":-0.0,"str":"a\u00e9\"b","p_str":"","bool":true,"p_bool":false,"named":"b"}`,
		`{"nested":{"A":1,"B":2},"list":[{"b":"x","c":3,"d":[1,2]},{}],"p_list":[null,{"e":2}],"strs":[],"fixed":[4,5]}`,
		`{"map":{"a":1,"b":2.5},"map_obj":{"k":{"b":"v"}},"raw":{"x":[1,{"y":null}]},"any":[1,"2",{"3":true}],"bytes":"aGVsbG8="}`,
		`{"custom":"x","p_custom":12,"text":"t","deep":{"a":[{"b":1},{}]},"promoted":"p","through":9}`,
		`{"int":null,"nested":null,"list":null,"custom":null,"through":null}`,
		`{"fixed":[1,2,3],"list":[null]}`,
	} {
		f.Add([]byte(s))
	}
	node := schemaOf(reflect.TypeFor[agreeInput]())
	f.Fuzz(func(t *testing.T, b []byte) {
		var got agreeInput
		sc := scanner{b: b, node: node, present: &presence{root: node}, dst: reflect.ValueOf(&got).Elem()}
		if err := sc.run(); err != nil || len(sc.errs) > 0 || len(sc.unknown) > 0 || len(sc.missing) > 0 {
			return
		}
		var want agreeInput
		if err := stdjson.Unmarshal(b, &want); err != nil {
			// The scanner leaves magnitudes to the types it stores
			// into; encoding/json refuses 1e400 or 300 into an int8.
			return
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("body %s:\nscanner       %+v\nencoding/json %+v", b, got, want)
		}
	})
}
