package http_test

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	json "github.com/goccy/go-json"

	apihttp "github.com/astroapi/astroapi/http"
	"github.com/astroapi/astroapi/http/apitest"
	"github.com/astroapi/astroapi/quota"
)

// TestBatchBudgets: a batch bills at most MaxBatchCost calls and answers
// at most MaxBatchBytes: items past either are refused with 413
// batch-too-large and not billed, the others answered (before, a batch of
// 100 releasing timelines billed 1,200 calls and built a 303 MB answer).
func TestBatchBudgets(t *testing.T) {
	ts := startTestServer(t, testOptions{Limits: apihttp.Limits{MaxBatchCost: 10, MaxBatchBytes: 200_000, MaxHeavy: 8, MaxHeavyPerAccount: 8}})
	run := func(body string) (testBatchResult, int64) {
		t.Helper()
		env := ts.Post(t, "/api/v1/batch", body).WantStatus(t, 200).Envelope(t)
		var res testBatchResult
		if err := json.Unmarshal(env.Result, &res); err != nil {
			t.Fatal(err)
		}
		return res, env.Usage.RequestsThisDay
	}
	count := func(res testBatchResult) (ok, refused int) {
		for _, it := range res.Items {
			switch {
			case it.Status == 200:
				ok++
			case it.Status == 413 && it.Problem != nil && strings.Contains(it.Problem.Type, "batch-too-large"):
				refused++
			default:
				t.Errorf("item %+v", it)
			}
		}
		return ok, refused
	}
	// Cost: five heavy echoes of 3 calls each against a budget of 10.
	items := strings.TrimSuffix(strings.Repeat(`{"operation":"post-test-heavy","body":{"year":1}},`, 5), ",")
	res, day := run(`{"requests":[` + items + `]}`)
	ok, refused := count(res)
	if ok != 3 || refused != 2 || day != 9 {
		t.Fatalf("cost budget: %d answered, %d refused, %d calls billed; want 3, 2, 9", ok, refused, day)
	}
	// Bytes: eight answers of 60 KB (the echo holds the name twice) against 200 KB.
	name := strings.Repeat("n", 30_000)
	items = strings.TrimSuffix(strings.Repeat(`{"operation":"post-test-echo","body":{"year":1,"name":"`+name+`"}},`, 8), ",")
	res, day2 := run(`{"requests":[` + items + `]}`)
	ok, refused = count(res)
	if ok != 3 || refused != 5 || day2-day != 3 {
		t.Fatalf("bytes budget: %d answered, %d refused, %d calls billed; want 3, 5, 3", ok, refused, day2-day)
	}
	var rep quota.Report
	ts.Get(t, "/api/v1/usage").WantStatus(t, 200).Decode(t, &rep)
	if rep.CurrentUsage.RequestsThisDay != 12 {
		t.Errorf("usage %d after both batches, want 12", rep.CurrentUsage.RequestsThisDay)
	}
}

// TestStreamSlots: streamed answers being sent are bounded per account: a
// client that asks for more long streams than it reads gets 503 for the
// extra ones, unbilled, and the slots come back as streams end.
func TestStreamSlots(t *testing.T) {
	ts := startTestServer(t, testOptions{Limits: apihttp.Limits{MaxStreamsPerAccount: 2}})
	_, key, _ := ts.NewAccount(t, apitest.TestPlan)
	body := `{"rows":30000,"width":1000}` // 30 MB: more than the sockets hold
	var held []*rawStream
	for range 2 {
		held = append(held, openStream(t, ts, key, body))
	}
	r := ts.Post(t, "/api/v1/test/stream", body, "x-api-key", key).WantStatus(t, 503)
	if r.Header.Get("Retry-After") == "" || !strings.Contains(string(r.Body), "streamed answers") {
		t.Errorf("third stream: %s", r.Body)
	}
	var rep quota.Report
	ts.Get(t, "/api/v1/usage", "x-api-key", key).WantStatus(t, 200).Decode(t, &rep)
	if rep.CurrentUsage.RequestsThisDay != 2 {
		t.Errorf("billed %d calls for 2 streams sent and 1 refused", rep.CurrentUsage.RequestsThisDay)
	}
	held[0].drain(t) // read to the end: its slot comes back
	ts.Post(t, "/api/v1/test/stream", body, "x-api-key", key).WantStatus(t, 200)
}

// rawStream is a streamed answer whose body the test has not read.
type rawStream struct {
	c    net.Conn
	resp *http.Response
}

// openStream asks for a streamed answer and reads only its head.
func openStream(t *testing.T, ts *apitest.Server, key, body string) *rawStream {
	t.Helper()
	c, err := net.Dial("tcp", strings.TrimPrefix(ts.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	fmt.Fprintf(c, "POST /api/v1/test/stream HTTP/1.1\r\nHost: x\r\nx-api-key: %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", key, len(body), body)
	c.SetReadDeadline(time.Now().Add(10 * time.Second))
	resp, err := http.ReadResponse(bufio.NewReaderSize(c, 4096), nil)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != 200 {
		t.Fatalf("stream: %d", resp.StatusCode)
	}
	return &rawStream{c: c, resp: resp}
}

// drain reads the rest of the answer.
func (s *rawStream) drain(t *testing.T) {
	t.Helper()
	s.c.SetReadDeadline(time.Now().Add(30 * time.Second))
	if _, err := io.Copy(io.Discard, s.resp.Body); err != nil {
		t.Fatal(err)
	}
	s.c.Close()
	time.Sleep(100 * time.Millisecond) // the server sees the end
}
