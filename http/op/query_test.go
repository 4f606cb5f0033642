package op

import (
	"errors"
	"testing"

	"github.com/astroapi/astroapi/engine"
)

type queryPerson struct {
	Year     int      `json:"year" required:"true"`
	Latitude *float64 `json:"latitude,omitempty"`
	Tags     []string `json:"tags,omitempty"`
}

type queryInput struct {
	queryEmbedded
	Person1 queryPerson  `json:"person1" required:"true"`
	Person2 *queryPerson `json:"person2,omitempty"`
}

type queryEmbedded struct {
	Size int `json:"size,omitempty"`
}

// Dotted query names reach the fields of object fields (a GET carrying
// what a POST nests); required nested fields of an object sent in part
// are named; an object sent as one parameter is a 400 naming it.
func TestDecodeQueryNested(t *testing.T) {
	var got *queryInput
	o := Get(Spec{ID: "get-q", Path: "/q"}, func(c *Call, in *queryInput) (int, error) { got = in; return 0, nil })
	run := func(q ...[2]string) (*Call, error) {
		got = nil
		c := NewCall(o, Request{Query: q})
		_, err := c.Run()
		return c, err
	}
	c, err := run([2]string{"size", "3"}, [2]string{"person1.year", "1990"}, [2]string{"person1.latitude", "51.5"},
		[2]string{"person2.year", "1991"}, [2]string{"person2.tags", "a,b"})
	if err != nil {
		t.Fatal(err)
	}
	if got.Size != 3 || got.Person1.Year != 1990 || *got.Person1.Latitude != 51.5 || got.Person2 == nil || got.Person2.Year != 1991 || len(got.Person2.Tags) != 2 {
		t.Fatalf("decoded %+v %+v", got, got.Person2)
	}
	if !c.Has("person1") || !c.Has("person2.year") {
		t.Error("presence of nested parameters not recorded")
	}
	fields := func(err error) []string {
		var fs engine.Fields
		var p *Problem
		switch {
		case errors.As(err, &fs):
			var out []string
			for _, f := range fs {
				out = append(out, f.Field)
			}
			return out
		case errors.As(err, &p):
			var out []string
			for _, f := range p.Errors {
				out = append(out, f.Field)
			}
			return out
		}
		return nil
	}
	for _, tc := range []struct {
		name  string
		query [][2]string
		want  string
	}{
		{"MissingObject", [][2]string{{"person2.year", "1"}}, "person1"},
		{"MissingNested", [][2]string{{"person1.year", "1"}, {"person2.latitude", "1"}}, "person2.year"},
		{"WrongNestedType", [][2]string{{"person1.year", "x"}}, "person1.year"},
		{"ObjectAsOne", [][2]string{{"person1.year", "1"}, {"person2", "x"}}, "person2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := run(tc.query...)
			if fs := fields(err); len(fs) == 0 || fs[0] != tc.want {
				t.Errorf("%v: fields %v, want %s", err, fs, tc.want)
			}
		})
	}
	// An unknown dotted name is refused, as an unknown flat one, both named.
	_, err = run([2]string{"person1.year", "1"}, [2]string{"person1.nope", "1"}, [2]string{"nobody.year", "1"})
	if fs := fields(err); len(fs) != 2 || fs[0] != "person1.nope" || fs[1] != "nobody.year" {
		t.Errorf("unknown names: %v %v", err, fs)
	}
	// A parameter sent twice is refused; a list takes repeats.
	_, err = run([2]string{"person1.year", "1"}, [2]string{"size", "1"}, [2]string{"size", "2"})
	if fs := fields(err); len(fs) != 1 || fs[0] != "size" {
		t.Errorf("duplicate: %v %v", err, fs)
	}
	if _, err = run([2]string{"person1.year", "1"}, [2]string{"person1.tags", "a"}, [2]string{"person1.tags", "b,c"}); err != nil || len(got.Person1.Tags) != 3 {
		t.Errorf("repeated list: %v %+v", err, got)
	}
}
