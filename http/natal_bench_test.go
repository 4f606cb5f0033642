package http

import (
	"fmt"
	"testing"

	"github.com/valyala/fasthttp"
)

// BenchmarkNatalHandler is one POST /api/v1/natal through the server's root
// handler without a network (as BenchmarkPlatformEcho): the whole server
// side of a natal call on the Swiss Ephemeris, with the result cache off.
func BenchmarkNatalHandler(b *testing.B) {
	ts := startTestServer(b, testOptions{Positions: testEphemeris(b)})
	benchCall(b, ts, "POST", "/api/v1/natal",
		`{"year":1990,"month":7,"day":14,"hour":14,"minute":30,"latitude":51.5074,"longitude":-0.1278,"timezone":"Europe/London"}`)
}

// BenchmarkNatalHandlerUnique is BenchmarkNatalHandler with a different
// birth minute on every call, so no cache can answer it.
func BenchmarkNatalHandlerUnique(b *testing.B) {
	ts := startTestServer(b, testOptions{Positions: testEphemeris(b)})
	h := ts.Server.Handler()
	var rc fasthttp.RequestCtx
	bodies := make([]string, 1440)
	for i := range bodies {
		bodies[i] = fmt.Sprintf(`{"year":1990,"month":7,"day":14,"hour":%d,"minute":%d,"latitude":51.5074,"longitude":-0.1278,"timezone":"UTC"}`, i/60, i%60)
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		rc.Request.Reset()
		rc.Response.Reset()
		rc.Request.Header.SetMethod("POST")
		rc.Request.SetRequestURI("/api/v1/natal")
		rc.Request.Header.Set("x-api-key", ts.Key)
		rc.Request.SetBodyString(bodies[i%len(bodies)])
		i++
		h(&rc)
		if rc.Response.StatusCode() != 200 {
			b.Fatalf("status %d: %s", rc.Response.StatusCode(), rc.Response.Body())
		}
	}
}
