package relationship_test

import (
	"fmt"
	"testing"

	"github.com/valyala/fasthttp"

	apihttp "github.com/astroapi/astroapi/http"
	"github.com/astroapi/astroapi/http/apitest"
	natalroutes "github.com/astroapi/astroapi/http/routes/natal"
	"github.com/astroapi/astroapi/http/routes/relationship"
)

// benchUnique posts to path through the server's root handler, result
// cache off, tables behind, with new births on every call (as bench/run.sh's
// natal-unique and pair-unique rows): pair sends two.
func benchUnique(b *testing.B, path string, pair bool) {
	pos := apitest.Tables(b)
	ops := append(relationship.Ops(relationship.Deps{Positions: pos}), natalroutes.Ops(natalroutes.Deps{Positions: pos})...)
	ts := apitest.Start(b, apitest.Options{Ops: apitest.Serve(ops...), Ephemeris: true, Limits: apihttp.Limits{ResultCache: -1}})
	h := ts.Server.Handler()
	var rc fasthttp.RequestCtx
	var body []byte
	birthOf := func(k int) string {
		return fmt.Sprintf(`{"year":%d,"month":%d,"day":%d,"hour":%d,"minute":%d,"latitude":%.4f,"longitude":%.4f}`,
			1950+k*13%70, 1+k*11%12, 1+k*3%28, k*5%24, k*7%60, -50+float64(k*13%110)+0.25, -170+float64(k*37%340)+0.5)
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		i++
		if pair {
			body = fmt.Appendf(body[:0], `{"person1":%s,"person2":%s}`, birthOf(2*i), birthOf(2*i+1))
		} else {
			body = append(body[:0], birthOf(i)...)
		}
		rc.Request.Reset()
		rc.Response.Reset()
		rc.Request.Header.SetMethod("POST")
		rc.Request.SetRequestURI(path)
		rc.Request.Header.Set("x-api-key", ts.Key)
		rc.Request.SetBody(body)
		h(&rc)
		if rc.Response.StatusCode() != 200 {
			b.Fatalf("status %d: %s", rc.Response.StatusCode(), rc.Response.Body())
		}
	}
}

func BenchmarkNatalUnique(b *testing.B)     { benchUnique(b, "/api/v1/natal", false) }
func BenchmarkSynastryUnique(b *testing.B)  { benchUnique(b, "/api/v1/synastry", true) }
func BenchmarkCompositeUnique(b *testing.B) { benchUnique(b, "/api/v1/composite", true) }
func BenchmarkDavisonUnique(b *testing.B)   { benchUnique(b, "/api/v1/davison", true) }
