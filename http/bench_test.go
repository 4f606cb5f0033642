package http_test

import (
	"bytes"
	"fmt"
	"io"
	nethttp "net/http"
	"testing"
	"time"

	"github.com/astroapi/astroapi/quota"
)

// BenchmarkPlatformEcho is the platform's cost per billed call: request id,
// key lookup (cached), quota charge, decode with unknown-field scan,
// envelope encoding, metrics and access log (discarded).
func BenchmarkPlatformEcho(b *testing.B) {
	ts := startTestServer(b, testOptions{})
	ts.Bench(b, "POST", "/api/v1/test/echo", `{"year":1990,"name":"a","ratio":0.5,"tags":["x","y"],"nested":{"a":1,"b":"c"}}`)
}

// BenchmarkPlatformPublic is a public route without key or decoding.
func BenchmarkPlatformPublic(b *testing.B) {
	ts := startTestServer(b, testOptions{})
	ts.Bench(b, "GET", "/api/v1/test/public", "")
}

// BenchmarkBatchEcho100 runs a batch of 100 echo items.
func BenchmarkBatchEcho100(b *testing.B) {
	ts := startTestServer(b, testOptions{})
	body := `{"requests":[`
	for i := 0; i < 100; i++ {
		if i > 0 {
			body += ","
		}
		body += `{"operation":"post-test-echo","body":{"year":1990,"name":"a"}}`
	}
	body += `]}`
	ts.Bench(b, "POST", "/api/v1/batch", body)
}

// BenchmarkBulkEcho100k is a bulk job of 100,000 echo lines (an op): the
// route's own machinery (reading, handing lines to the workers and back in
// order, the door, the billing, the chunked write) with next to no work a
// line, the ceiling of any operation's lines/s.
func BenchmarkBulkEcho100k(b *testing.B) {
	ts := startTestServer(b, testOptions{Plans: quota.Plans{"bulk": {Name: "bulk", DailyLimit: 1 << 40, MonthlyLimit: 1 << 40}}, Plan: "bulk"})
	const lines = 100_000
	var body bytes.Buffer
	for i := range lines {
		fmt.Fprintf(&body, `{"year":%d,"name":"a","ratio":0.5}`+"\n", 1900+i%200)
	}
	client := &nethttp.Client{}
	start := time.Now()
	for b.Loop() {
		req, _ := nethttp.NewRequest("POST", ts.URL+"/api/v1/bulk?operation=post-test-echo", bytes.NewReader(body.Bytes()))
		req.Header.Set("x-api-key", ts.Key)
		resp, err := client.Do(req)
		if err != nil {
			b.Fatal(err)
		}
		n, err := io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if err != nil || resp.StatusCode != 200 || n < lines*50 {
			b.Fatalf("status %d, %d bytes, %v", resp.StatusCode, n, err)
		}
	}
	b.ReportMetric(float64(b.N*lines)/time.Since(start).Seconds(), "lines/s")
}
