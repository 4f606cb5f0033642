package http

import (
	"bytes"
	"testing"

	"github.com/astroapi/astroapi/http/op"
	json "github.com/goccy/go-json"
)

// TestBatchAppendJSON: the hand-written batch encoding is byte for byte
// go-json's (HTML escaping off, as writeResult's encoder), for successes,
// failures, ids needing escapes, warnings and an empty or missing item list.
func TestBatchAppendJSON(t *testing.T) {
	p := op.NewProblem(422, op.KindValidation, `bad <input> & "quotes"`)
	p.RequestID = "r.1"
	p.Errors = []op.FieldProblem{{Field: "requests[1].body.year", Reason: "must be >= 1583"}}
	cases := []batchResult{
		{},
		{Items: []batchOutcome{}},
		{Items: []batchOutcome{
			{ID: "alice <&> \"x\" \u00e9\u2028 \x01", Operation: "post-natal", Status: 200,
				Input:    json.RawMessage(`{"birth_date":"1990-07-14","latitude":51.5}`),
				Result:   json.RawMessage(`{"planets":[{"name":"Sun","longitude":112.3456789}],"x":"<&>"}`),
				Warnings: []string{"local time <1:30> happened twice & more"}},
			{Operation: "post-natal", Status: 422, Problem: p},
			{ID: "plain", Operation: "get-time", Status: 200, Input: map[string]int{"items": 2}, Result: []float64{1.5, 1e21, 1e-7, 0}},
		}, Succeeded: 2, Failed: 1},
	}
	for i, r := range cases {
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(r); err != nil {
			t.Fatal(err)
		}
		got, err := r.appendJSON(nil)
		if err != nil {
			t.Fatal(err)
		}
		if w := bytes.TrimSuffix(want.Bytes(), []byte("\n")); !bytes.Equal(got, w) {
			t.Errorf("case %d:\n got %s\nwant %s", i, got, w)
		}
	}
}
