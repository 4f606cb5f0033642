package http

import (
	"testing"

	"github.com/valyala/fasthttp"
)

// benchCall runs one request through the server's root handler without a
// network, reusing the RequestCtx as fasthttp does.
func benchCall(b *testing.B, ts *testServer, method, path, body string) {
	b.Helper()
	h := ts.Server.Handler()
	var rc fasthttp.RequestCtx
	b.ReportAllocs()
	for b.Loop() {
		rc.Request.Reset()
		rc.Response.Reset()
		rc.Request.Header.SetMethod(method)
		rc.Request.SetRequestURI(path)
		rc.Request.Header.Set("x-api-key", ts.Key)
		rc.Request.SetBodyString(body)
		h(&rc)
		if rc.Response.StatusCode() != 200 {
			b.Fatalf("status %d: %s", rc.Response.StatusCode(), rc.Response.Body())
		}
	}
}

// BenchmarkPlatformEcho is the platform's cost per billed call: request id,
// key lookup (cached), quota charge, decode with unknown-field scan,
// envelope encoding, metrics and access log (discarded).
func BenchmarkPlatformEcho(b *testing.B) {
	ts := startTestServer(b, testOptions{})
	benchCall(b, ts, "POST", "/api/v1/test/echo", `{"year":1990,"name":"a","ratio":0.5,"tags":["x","y"],"nested":{"a":1,"b":"c"}}`)
}

// BenchmarkPlatformPublic is a public route without key or decoding.
func BenchmarkPlatformPublic(b *testing.B) {
	ts := startTestServer(b, testOptions{})
	benchCall(b, ts, "GET", "/api/v1/test/public", "")
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
	benchCall(b, ts, "POST", "/api/v1/batch", body)
}
