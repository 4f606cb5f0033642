package http_test

import (
	"testing"
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
