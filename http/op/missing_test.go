package op

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/resolve"
)

// missingInput is an input with a part whose absence the contract answers
// with 400 (spec 7's fixed-star planets, eclipse natal chart).
type missingInput struct {
	Points []float64 `json:"points,omitempty"`
	Other  *float64  `json:"other,omitempty" minimum:"0"`
}

func (in *missingInput) Resolve(c resolve.Context, prefix string) error {
	if len(in.Points) == 0 {
		return engine.Missing{{Field: prefix + "points", Reason: "is required"}}
	}
	return nil
}

// TestStageMissing: a resolver's engine.Missing is a 400 naming the
// fields, and stops the call whatever else the input holds; a body the
// scanner refuses is still its 422.
func TestStageMissing(t *testing.T) {
	run := func(body string) error {
		o := Post(Spec{ID: "post-missing", Path: "/missing"}, func(c *Call, in *missingInput) (int, error) { return 0, nil })
		_, err := NewCall(o, Request{Body: []byte(body)}).Run()
		return err
	}
	for _, tc := range []struct {
		name   string
		body   string
		status int
		fields []FieldProblem
	}{
		{"Absent", `{}`, 400, []FieldProblem{{Field: "points", Reason: "is required"}}},
		{"Empty", `{"points":[]}`, 400, []FieldProblem{{Field: "points", Reason: "is required"}}},
		{"BeforeBounds", `{"other":-1}`, 400, []FieldProblem{{Field: "points", Reason: "is required"}}},
		{"ScannerFirst", `{"other":"x"}`, 422, []FieldProblem{{Field: "other", Reason: `must be a number, got a string "x"`}}},
		{"Present", `{"points":[1]}`, 0, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := run(tc.body)
			if tc.status == 0 {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			p := ProblemFor(err)
			if p.Status != tc.status {
				t.Fatalf("status %d, want %d: %v", p.Status, tc.status, err)
			}
			if diff := cmp.Diff(tc.fields, p.Errors); diff != "" {
				t.Errorf("errors (-want +got):\n%s", diff)
			}
			if tc.status == 400 && (p.Type != "/docs/api#problem-bad-request" || p.Detail != "points: is required") {
				t.Errorf("problem %+v", p)
			}
		})
	}
}
