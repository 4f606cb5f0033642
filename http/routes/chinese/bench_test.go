package chinese_test

import (
	"fmt"
	"testing"

	"github.com/valyala/fasthttp"

	apihttp "github.com/astroapi/astroapi/http"
	"github.com/astroapi/astroapi/http/apitest"
	"github.com/astroapi/astroapi/http/routes/chinese"
)

const benchBaziBody = `{"year":1990,"month":6,"day":15,"hour":14,"minute":30,"timezone":"Asia/Shanghai"}`

func benchServer(b *testing.B, limits apihttp.Limits) *apitest.Server {
	return apitest.Start(b, apitest.Options{Ops: apitest.Serve(chinese.Ops(tableDeps(b))...), Ephemeris: true, Limits: limits})
}

// BenchmarkBaziHandler is one POST /api/v1/chinese/bazi through the
// server's root handler without a network, result cache off: the whole
// server side of an uncached call (compare http's BenchmarkPlatformEcho).
func BenchmarkBaziHandler(b *testing.B) {
	benchServer(b, apihttp.Limits{ResultCache: -1}).Bench(b, "POST", "/api/v1/chinese/bazi", benchBaziBody)
}

// BenchmarkBaziHandlerCached is the same call answered by the result cache.
func BenchmarkBaziHandlerCached(b *testing.B) {
	benchServer(b, apihttp.Limits{}).Bench(b, "POST", "/api/v1/chinese/bazi", benchBaziBody)
}

// BenchmarkBaziHandlerUnique sends a birth never sent before on every call
// (a new day each time, 1800-2399 in Shanghai), as bench/run.sh's
// chinese-bazi-unique does, with the result cache on as the server runs.
func BenchmarkBaziHandlerUnique(b *testing.B) {
	ts := benchServer(b, apihttp.Limits{})
	h := ts.Server.Handler()
	var rc fasthttp.RequestCtx
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		rc.Request.Reset()
		rc.Response.Reset()
		rc.Request.Header.SetMethod("POST")
		rc.Request.SetRequestURI("/api/v1/chinese/bazi")
		rc.Request.Header.Set("x-api-key", ts.Key)
		rc.Request.SetBodyString(fmt.Sprintf(`{"year":%d,"month":%d,"day":%d,"hour":%d,"minute":%d,"timezone":"Asia/Shanghai"}`,
			1800+i/336%600, 1+i/28%12, 1+i%28, 6+i/201600%12, i/2419200%60))
		h(&rc)
		if rc.Response.StatusCode() != 200 {
			b.Fatalf("status %d: %s", rc.Response.StatusCode(), rc.Response.Body())
		}
	}
}
