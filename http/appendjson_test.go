package http

import (
	"bytes"
	"testing"

	json "github.com/goccy/go-json"
)

// TestBatchAppendJSON: the hand-written batch encoding is byte for byte
// go-json's (HTML escaping off, as writeResult's encoder), for successes,
// failures, ids needing escapes, warnings and an empty or missing item list.
func TestBatchAppendJSON(t *testing.T) {
	p := newProblem(422, kindValidation, `bad <input> & "quotes"`)
	p.RequestID = "r.1"
	p.Errors = []FieldProblem{{Field: "requests[1].body.year", Reason: "must be >= 1583"}}
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

// TestBatchEnvelopeBytes: a batch answered through writeAppended is the
// envelope go-json writes for the same call.
func TestBatchEnvelopeBytes(t *testing.T) {
	ts := startTestServer(t, testOptions{Positions: testEphemeris(t), Limits: Limits{ResultCache: -1}})
	body := `{"requests":[{"id":"a<b>","operation":"post-natal","body":{"year":1990,"month":7,"day":14,"hour":14,"minute":30,"latitude":51.5074,"longitude":-0.1278,"timezone":"Europe/London"}},` +
		`{"operation":"post-natal","body":{"year":1000,"month":1,"day":1}}]}`
	r := ts.post(t, "/api/v1/batch", body)
	if r.Status != 200 {
		t.Fatalf("status %d: %s", r.Status, r.Body)
	}
	var env struct {
		CalculatedAt string          `json:"calculated_at"`
		Input        json.RawMessage `json:"input"`
		RequestID    string          `json:"request_id"`
		Result       json.RawMessage `json:"result"`
		Usage        json.RawMessage `json:"usage"`
		Warnings     []string        `json:"warnings,omitempty"`
	}
	if err := json.Unmarshal(r.Body, &env); err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	enc := json.NewEncoder(&want)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(env); err != nil {
		t.Fatal(err)
	}
	if got := r.Body; !bytes.Equal(got, want.Bytes()) {
		t.Errorf("batch envelope differs from go-json's:\n got %.300s\nwant %.300s", got, want.Bytes())
	}
	if !bytes.Contains(r.Body, []byte(`"succeeded":1,"failed":1`)) {
		t.Errorf("counts: %.200s", r.Body)
	}
}

// TestCachedBytesMatchEncoder: a Cacheable operation's result and input
// (encoded once, then served from the cache) are the bytes the streaming
// encoder writes for a plain operation: no HTML escaping in either.
func TestCachedBytesMatchEncoder(t *testing.T) {
	ts := startTestServer(t, testOptions{})
	body := `{"year":1990,"name":"a<b>&c \u2028","ratio":0.5,"tags":["<x>","y&z"]}`
	section := func(b []byte) []byte {
		// From "input" to "request_id" and from "result" to "usage".
		i, r := bytes.Index(b, []byte(`"input":`)), bytes.Index(b, []byte(`,"request_id"`))
		j, u := bytes.Index(b, []byte(`"result":`)), bytes.Index(b, []byte(`,"usage"`))
		if i < 0 || r < i || j < 0 || u < j {
			t.Fatalf("unexpected envelope %s", b)
		}
		return append(append([]byte{}, b[i:r]...), b[j:u]...)
	}
	plain := ts.post(t, "/api/v1/test/echo", body)
	miss := ts.post(t, "/api/v1/test/cached", body)
	hit := ts.post(t, "/api/v1/test/cached", body)
	for _, r := range []*testResponse{plain, miss, hit} {
		if r.Status != 200 {
			t.Fatalf("status %d: %s", r.Status, r.Body)
		}
	}
	want := section(plain.Body)
	if !bytes.Contains(want, []byte(`a<b>&c`)) {
		t.Fatalf("plain encoder escaped HTML: %s", want)
	}
	for name, r := range map[string]*testResponse{"miss": miss, "hit": hit} {
		if got := section(r.Body); !bytes.Equal(got, want) {
			t.Errorf("%s:\n got %s\nwant %s", name, got, want)
		}
	}
}
