package op

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/resolve"
)

// stageColour is a typed enumeration.
type stageColour string

func (stageColour) EnumValues() []string { return []string{"red", "blue"} }

// stagePlace resolves itself: it checks that its two coordinates come
// together and writes a read-only echo field.
type stagePlace struct {
	Latitude  *float64 `json:"latitude,omitempty" minimum:"-90" maximum:"90"`
	Longitude *float64 `json:"longitude,omitempty" minimum:"-180" maximum:"180"`
	Label     string   `json:"label,omitempty" readonly:"true"`
}

func (p *stagePlace) Resolve(c resolve.Context, prefix string) error {
	var errs engine.Fields
	if (p.Latitude == nil) != (p.Longitude == nil) {
		errs.Bad(prefix+"latitude", "latitude and longitude go together")
	}
	if p.Latitude != nil && *p.Latitude > 90 {
		errs.Bad(prefix+"latitude", "a second complaint about the same field")
	}
	if p.Latitude != nil {
		p.Label = "resolved"
		c.Warn(prefix + "resolved")
	}
	return errs.Err()
}

type stageInput struct {
	stagePlace
	Name    string       `json:"name,omitempty" default:"anon"`
	Colour  stageColour  `json:"colour,omitempty" default:"red"`
	Count   int          `json:"count,omitempty" minimum:"1" maximum:"10" default:"3"`
	Ratio   *float64     `json:"ratio,omitempty" minimum:"0"`
	Partner *stagePlace  `json:"partner,omitempty"`
	Others  []stagePlace `json:"others,omitempty"`
	Flag    bool         `json:"flag,omitempty"`
	Mode    string       `json:"mode,omitempty" enum:"fast,slow"`
	Fold    int          `json:"fold,omitempty" enum:"0,1"`
}

func (stageInput) Hints() map[string]string {
	return map[string]string{"transit": "send the transit's fields at the top level"}
}

// stageCall decodes body into a stageInput through the stage.
func stageCall(t *testing.T, body string, lenient bool) (*stageInput, *Call, error) {
	t.Helper()
	var got *stageInput
	o := Post(Spec{ID: "post-stage", Path: "/stage"}, func(c *Call, in *stageInput) (int, error) { got = in; return 0, nil })
	c := NewCall(o, Request{Body: []byte(body), Lenient: lenient})
	_, err := c.Run()
	return got, c, err
}

// problemFields lists the fields an error names, in order.
func problemFields(err error) []string {
	var fs engine.Fields
	var p *Problem
	var out []string
	switch {
	case errors.As(err, &fs):
		for _, f := range fs {
			out = append(out, f.Field+": "+f.Reason)
		}
	case errors.As(err, &p):
		for _, f := range p.Errors {
			out = append(out, f.Field+": "+f.Reason)
		}
	}
	return out
}

// TestStage: the input stage's rules, one case each.
func TestStage(t *testing.T) {
	for _, tc := range []struct {
		name string
		body string
		want []string // "field: reason prefix" of each error, in order
	}{
		{"Unknown", `{"nmae":"x"}`, []string{`nmae: is not a field of this operation; did you mean "name"?`}},
		{"CaseSensitive", `{"NAME":"x"}`, []string{`NAME: is not a field of this operation; names are case-sensitive: did you mean "name"?`}},
		{"Alias", `{"lat":1,"longitude":2}`, []string{`lat: is not a field of this operation; did you mean "latitude"?`}},
		{"Hint", `{"transit":{"year":2029}}`, []string{`transit: is not a field of this operation; send the transit's fields at the top level`}},
		{"NestedUnknown", `{"partner":{"lattitude":1}}`, []string{`partner.lattitude: is not a field of this operation; did you mean "latitude"?`}},
		{"Duplicate", `{"name":"a","name":"b"}`, []string{`name: is sent twice`}},
		{"WrongTypes", `{"name":1,"count":"3","flag":"yes","ratio":[1]}`, []string{
			`name: must be a string, got 1`, `count: must be an integer, got a string "3"`, `flag: must be a boolean, got a string "yes"`, `ratio: must be a number, got an array`}},
		{"Fraction", `{"count":2.5}`, []string{`count: must be an integer, got 2.5`}},
		{"Overflow", `{"count":99999999999999999999}`, []string{`count: is out of range`}},
		{"InArray", `{"others":[{"latitude":1,"longitude":2},{"latitude":"x"}]}`, []string{`others[1].latitude: must be a number`}},
		{"Bounds", `{"count":11,"latitude":100,"longitude":0,"ratio":-1}`, []string{
			`latitude: must be between -90 and 90 (got 100)`, `count: must be between 1 and 10 (got 11)`, `ratio: must be at least 0 (got -1)`}},
		{"ExplicitZero", `{"count":0,"partner":{"latitude":0,"longitude":0}}`, []string{`count: must be between 1 and 10 (got 0)`}},
		{"Enum", `{"colour":"green"}`, []string{`colour: must be one of red, blue (got "green")`}},
		{"EnumTag", `{"mode":"medium","fold":2}`, []string{`mode: must be one of fast, slow (got "medium")`, `fold: must be one of 0, 1 (got "2")`}},
		{"ResolverPrefixes", `{"partner":{"latitude":1},"others":[{"longitude":2}]}`, []string{
			`partner.latitude: latitude and longitude go together`, `others[0].latitude: latitude and longitude go together`}},
		{"OncePerField", `{"latitude":100,"longitude":1}`, []string{`latitude: must be between -90 and 90 (got 100)`}},
		{"NotJSONStillNamesNothing", `{"name":}`, []string{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := stageCall(t, tc.body, false)
			got := problemFields(err)
			if tc.name == "NotJSONStillNamesNothing" {
				var p *Problem
				if !errors.As(err, &p) || p.Status != 400 {
					t.Fatalf("invalid JSON: %v, want a 400", err)
				}
				return
			}
			if ProblemFor(err).Status != 422 {
				t.Errorf("status %d, want 422: %v", ProblemFor(err).Status, err)
			}
			if len(got) != len(tc.want) {
				t.Fatalf("errors %q, want %q", got, tc.want)
			}
			for i := range got {
				if !strings.HasPrefix(got[i], tc.want[i]) {
					t.Errorf("error %d: %q, want %q...", i, got[i], tc.want[i])
				}
			}
		})
	}
}

// TestStageSettles: defaults are filled, read-only fields sent are
// ignored, resolvers run with their paths and write the echo.
func TestStageSettles(t *testing.T) {
	in, c, err := stageCall(t, `{"latitude":1,"longitude":2,"label":"sent","partner":{"latitude":3,"longitude":4}}`, false)
	if err != nil {
		t.Fatal(err)
	}
	if in.Name != "anon" || in.Colour != "red" || in.Count != 3 || in.Ratio != nil || in.Flag {
		t.Errorf("defaults: %+v", in)
	}
	if in.Label != "resolved" || in.Partner.Label != "resolved" {
		t.Errorf("echo fields: %q %q", in.Label, in.Partner.Label)
	}
	if diff := cmp.Diff([]string{"resolved", "partner.resolved"}, c.Warnings()); diff != "" {
		t.Errorf("warnings (-want +got):\n%s", diff)
	}
	in, _, err = stageCall(t, `{"label":"sent"}`, false)
	if err != nil || in.Label != "" {
		t.Errorf("a read-only field sent is ignored: %v %q", err, in.Label)
	}
}

// TestStageLenient: with Prefer: handling=lenient unknown names are
// warnings, and never reach the (case-insensitive) decoder.
func TestStageLenient(t *testing.T) {
	in, c, err := stageCall(t, `{"NAME":"x","extra":1,"name":"kept"}`, true)
	if err != nil {
		t.Fatal(err)
	}
	if in.Name != "kept" {
		t.Errorf("name %q: an unknown name reached the decoder", in.Name)
	}
	if len(c.Warnings()) != 2 || !slices.ContainsFunc(c.Warnings(), func(w string) bool { return strings.Contains(w, `"NAME"`) }) {
		t.Errorf("warnings %q", c.Warnings())
	}
	// Other faults stay faults.
	if _, _, err := stageCall(t, `{"extra":1,"count":0.5}`, true); ProblemFor(err).Status != 422 {
		t.Errorf("lenient with a wrong type: %v", err)
	}
}

// TestEditDistance pins the suggestion metric.
func TestEditDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b  string
		limit int
		want  int
	}{{"lattitude", "latitude", 3, 1}, {"abc", "abc", 3, 0}, {"kitten", "sitting", 5, 3}, {"a", "abcdef", 3, 3}, {"", "ab", 3, 2}} {
		if got := editDistance(tc.a, tc.b, tc.limit); got != tc.want {
			t.Errorf("editDistance(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
}

// TestReuse: a call reused line after line (as a bulk job's worker does)
// decodes each body as a fresh call would: nothing of the body before
// (fields it sent, defaults, a resolver's echo, errors, warnings) leaks
// into the next, whether the operation is the same or another.
func TestReuse(t *testing.T) {
	var got any
	o := Post(Spec{ID: "post-stage", Path: "/stage"}, func(c *Call, in *stageInput) (int, error) { got = *in; return 0, nil })
	other := Post(Spec{ID: "post-other", Path: "/other"}, func(c *Call, in *stagePlace) (int, error) { got = *in; return 0, nil })
	bodies := []struct {
		o    *Operation
		body string
	}{
		{o, `{"name":"x","colour":"blue","count":7,"ratio":0.5,"latitude":1,"longitude":2,"partner":{"latitude":3,"longitude":4},"others":[{"latitude":5,"longitude":6}],"flag":true,"mode":"fast","fold":1}`},
		{o, `{}`},
		{o, `{"count":11,"nmae":"y","latitude":1}`},
		{o, `{"name":"z","NAME":"w"}`},
		{o, `{"partner":{"latitude":1,"longitude":2}}`},
		{other, `{"latitude":7,"longitude":8}`},
		{o, `{"ratio":2}`},
		{o, `{"others":[{"latitude":9,"longitude":9},{"latitude":"x"}]}`},
		{o, `{"mode":"slow"}`},
	}
	var reused Call
	for i, b := range bodies {
		got = nil
		fresh := NewCall(b.o, Request{Body: []byte(b.body)})
		_, ferr := fresh.Run()
		want := got
		got = nil
		c := reused.Reuse(b.o, Request{Body: []byte(b.body)})
		_, err := c.Run()
		if !cmp.Equal(got, want, cmp.AllowUnexported(stageInput{}, stagePlace{})) {
			t.Errorf("body %d %s: reused call decoded %+v, a fresh one %+v", i, b.body, got, want)
		}
		if !slices.Equal(problemFields(err), problemFields(ferr)) {
			t.Errorf("body %d %s: reused call's errors %q, a fresh one's %q", i, b.body, problemFields(err), problemFields(ferr))
		}
		if !slices.Equal(c.Warnings(), fresh.Warnings()) {
			t.Errorf("body %d %s: reused call's warnings %q, a fresh one's %q", i, b.body, c.Warnings(), fresh.Warnings())
		}
	}
}
