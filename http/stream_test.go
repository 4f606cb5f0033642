package http_test

import (
	"bytes"
	"io"
	nethttp "net/http"
	"strings"
	"sync"
	"testing"
	"time"

	json "github.com/goccy/go-json"

	apihttp "github.com/astroapi/astroapi/http"
	"github.com/astroapi/astroapi/http/apitest"
)

// syncBuffer is a log the server writes from its goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestStream: a Streamer's JSON body is the envelope go-json writes for the
// same values (its result written piece by piece); a CSV stream is sent as
// an attachment when asked by a field or by Accept; the access log records
// the request once, after the body.
func TestStream(t *testing.T) {
	log := &syncBuffer{}
	ts := startTestServer(t, testOptions{Log: log})
	r := ts.Post(t, "/api/v1/test/stream", `{"rows":5}`).WantStatus(t, 200)
	if ct := r.Header.Get("Content-Type"); ct != "application/json" {
		t.Errorf("Content-Type %q", ct)
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
		t.Fatalf("%v: %s", err, r.Body)
	}
	var want bytes.Buffer
	enc := json.NewEncoder(&want)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(env); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(r.Body, want.Bytes()) {
		t.Errorf("streamed envelope differs from go-json's:\n got %s\nwant %s", r.Body, want.Bytes())
	}
	if string(env.Result) != `{"rows":[0,1,2,3,4]}` || env.RequestID != r.Header.Get("X-Request-ID") || !strings.Contains(string(env.Usage), "requests_this_day") {
		t.Errorf("envelope %s", r.Body)
	}

	// Go's client asks for gzip and hides the compressed length: ask for
	// none to see whether the body was sent whole.
	if r := ts.Post(t, "/api/v1/test/stream", `{"rows":5}`, "Accept-Encoding", "identity").WantStatus(t, 200); r.Header.Get("Content-Length") == "" {
		t.Error("a small stream was not sent whole")
	}
	// A small stream is compressed like any answer when asked (and large
	// enough to be worth it).
	if r := ts.Post(t, "/api/v1/test/stream", `{"rows":2000}`, "Accept-Encoding", "gzip").WantStatus(t, 200); r.Header.Get("Content-Encoding") != "gzip" {
		t.Errorf("a small stream was not compressed: %v", r.Header)
	}
	// Many pieces, beyond StreamBuffered: chunked, and not compressed even
	// when asked (a cut compressed stream would look complete).
	r = ts.Post(t, "/api/v1/test/stream", `{"rows":200000}`, "Accept-Encoding", "gzip, br").WantStatus(t, 200)
	if r.Header.Get("Content-Length") != "" || r.Header.Get("Content-Encoding") != "" {
		t.Errorf("a large stream was sent whole or compressed: %v", r.Header)
	}
	var big struct {
		Result struct {
			Rows []int `json:"rows"`
		} `json:"result"`
	}
	r.Decode(t, &big)
	if n := len(big.Result.Rows); n != 200000 || big.Result.Rows[n-1] != 199999 {
		t.Errorf("%d rows", n)
	}

	for _, c := range []struct {
		name, body string
		header     []string
	}{
		{"FormatField", `{"rows":3,"format":"csv"}`, nil},
		{"AcceptHeader", `{"rows":3}`, []string{"Accept", "text/csv"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := ts.Post(t, "/api/v1/test/stream", c.body, c.header...).WantStatus(t, 200)
			if string(r.Body) != "0\n1\n2\n" || r.Header.Get("Content-Type") != "text/csv; charset=utf-8" ||
				r.Header.Get("Content-Disposition") != `attachment; filename="rows.csv"` {
				t.Errorf("%v %q", r.Header, r.Body)
			}
		})
	}

	// One access line for the streamed call, written once it is sent.
	deadline := time.Now().Add(5 * time.Second)
	for !strings.Contains(log.String(), `"request_id":"`+env.RequestID+`"`) && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	lines := 0
	for _, l := range strings.Split(log.String(), "\n") {
		if strings.Contains(l, `"msg":"access"`) && strings.Contains(l, `"request_id":"`+env.RequestID+`"`) {
			lines++
			if !strings.Contains(l, `"route":"/api/v1/test/stream","status":200`) {
				t.Errorf("access line %s", l)
			}
		}
	}
	if lines != 1 {
		t.Errorf("%d access lines for %s:\n%s", lines, env.RequestID, log.String())
	}
}

// TestStreamFailure: a piece that fails while the body is still within
// StreamBuffered is answered with a problem; one that fails after the
// status was sent cuts the body short (the client sees an incomplete
// chunked body, never a well-formed answer) and is logged.
func TestStreamFailure(t *testing.T) {
	log := &syncBuffer{}
	ts := startTestServer(t, testOptions{Log: log})
	p := ts.Post(t, "/api/v1/test/stream", `{"rows":100000,"fail_after":3}`).WantStatus(t, 500).Problem(t)
	if strings.Contains(p.Detail, "on purpose") {
		t.Errorf("the cause reached the client: %+v", p)
	}
	// About 6.7 MB of numbers, failing after 5.9 MB.
	req, err := nethttp.NewRequest("POST", ts.URL+"/api/v1/test/stream", strings.NewReader(`{"rows":1000000,"fail_after":900000}`))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("x-api-key", ts.Key)
	resp, err := nethttp.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err == nil {
		t.Errorf("read a complete body: %.200s", body)
	}
	if resp.StatusCode != 200 || json.Valid(body) || len(body) < apihttp.StreamBuffered {
		t.Errorf("status %d, %d bytes: %.200s", resp.StatusCode, len(body), body)
	}
	deadline := time.Now().Add(5 * time.Second)
	for !strings.Contains(log.String(), "streamed body ended early") && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if !strings.Contains(log.String(), "stream failed on purpose") {
		t.Errorf("not logged:\n%.2000s", log.String())
	}
}

// TestStreamNotInBatch: the batch route refuses an operation that streams,
// as it refuses raw bodies.
func TestStreamNotInBatch(t *testing.T) {
	ts := startTestServer(t, testOptions{})
	r := ts.Post(t, "/api/v1/batch", `{"requests":[{"operation":"post-test-stream","body":{"rows":2}},{"operation":"get-test-svg"}]}`).WantStatus(t, 200).Envelope(t)
	var res struct {
		Items []struct {
			Status  int `json:"status"`
			Problem struct {
				Detail string `json:"detail"`
			} `json:"problem"`
		} `json:"items"`
	}
	if err := json.Unmarshal(r.Result, &res); err != nil {
		t.Fatal(err)
	}
	for i, it := range res.Items {
		if it.Status != 400 || !strings.Contains(it.Problem.Detail, "cannot run in a batch") {
			t.Errorf("item %d: %d %q", i, it.Status, it.Problem.Detail)
		}
	}
}

// TestUsesNowNotCached: a Cacheable operation whose handler says the answer
// depends on "now" is never served from the results cache; the same
// operation with an explicit input is.
func TestUsesNowNotCached(t *testing.T) {
	ts := startTestServer(t, testOptions{})
	calls := func(body string) int64 {
		var m map[string]int64
		if err := json.Unmarshal(ts.Post(t, "/api/v1/test/now", body).WantStatus(t, 200).Envelope(t).Result, &m); err != nil {
			t.Fatal(err)
		}
		return m["calls"]
	}
	for i := range 5 {
		before := apitest.NowCalls.Load()
		if got := calls(`{"rows":1,"now":true}`); got != before+1 {
			t.Fatalf("call %d of a now-dependent answer served from the cache (%d, %d)", i, got, before)
		}
	}
	hit := false
	for i := 0; i < 50 && !hit; i++ {
		before := apitest.NowCalls.Load()
		calls(`{"rows":1}`)
		hit = apitest.NowCalls.Load() == before
	}
	if !hit {
		t.Error("an explicit input was never served from the cache")
	}
}
