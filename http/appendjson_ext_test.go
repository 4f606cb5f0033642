package http_test

import (
	"bytes"
	"testing"

	apihttp "github.com/astroapi/astroapi/http"
	"github.com/astroapi/astroapi/http/apitest"
	json "github.com/goccy/go-json"
)

// TestBatchEnvelopeBytes: a batch answered through writeAppended is the
// envelope go-json writes for the same call.
func TestBatchEnvelopeBytes(t *testing.T) {
	ts := startTestServer(t, testOptions{Positions: testEphemeris(t), Limits: apihttp.Limits{ResultCache: -1}})
	body := `{"requests":[{"id":"a<b>","operation":"post-natal","body":{"year":1990,"month":7,"day":14,"hour":14,"minute":30,"latitude":51.5074,"longitude":-0.1278,"timezone":"Europe/London"}},` +
		`{"operation":"post-natal","body":{"year":1000,"month":1,"day":1}}]}`
	r := ts.Post(t, "/api/v1/batch", body)
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
	plain := ts.Post(t, "/api/v1/test/echo", body)
	miss := ts.Post(t, "/api/v1/test/cached", body)
	hit := ts.Post(t, "/api/v1/test/cached", body)
	for _, r := range []*apitest.Response{plain, miss, hit} {
		if r.Status != 200 {
			t.Fatalf("status %d: %s", r.Status, r.Body)
		}
	}
	want := section(plain.Body)
	if !bytes.Contains(want, []byte(`a<b>&c`)) {
		t.Fatalf("plain encoder escaped HTML: %s", want)
	}
	for name, r := range map[string]*apitest.Response{"miss": miss, "hit": hit} {
		if got := section(r.Body); !bytes.Equal(got, want) {
			t.Errorf("%s:\n got %s\nwant %s", name, got, want)
		}
	}
}
