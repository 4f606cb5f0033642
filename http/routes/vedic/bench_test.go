package vedic_test

import (
	"fmt"
	"testing"

	"github.com/valyala/fasthttp"

	apihttp "github.com/astroapi/astroapi/http"
	"github.com/astroapi/astroapi/http/apitest"
)

// BenchmarkHandler is one call of each Vedic route through the server's
// root handler without a network, on the tables, result cache off: the
// whole server side of an uncached call (key, quota, decode, birth,
// calculation, encoding, access log). The birth is the same on every call.
func BenchmarkHandler(b *testing.B) {
	ts := startTestServer(b, testOptions{Positions: apitest.Tables(b), Limits: apihttp.Limits{ResultCache: -1}})
	birth := `{"year":1990,"month":7,"day":14,"hour":14,"minute":30,"latitude":28.6139,"longitude":77.209,"timezone":"Asia/Kolkata"}`
	for _, r := range []struct{ name, method, path, body string }{
		{"natal", "POST", "/api/v1/vedic/natal", birth},
		{"natal-svg", "POST", "/api/v1/vedic/natal/svg", birth},
		{"natal-svg-get", "GET", "/api/v1/vedic/natal/svg?year=1990&month=7&day=14&hour=14&minute=30&latitude=28.6139&longitude=77.209&timezone=Asia/Kolkata&style=south", ""},
		{"nakshatra", "POST", "/api/v1/vedic/nakshatra", birth},
		{"dasha", "POST", "/api/v1/vedic/dasha", birth},
		{"dasha-levels3", "POST", "/api/v1/vedic/dasha", birth[:len(birth)-1] + `,"levels":3}`},
		{"dasha-chara", "POST", "/api/v1/vedic/dasha", birth[:len(birth)-1] + `,"system":"chara","levels":2}`},
		{"vargas", "POST", "/api/v1/vedic/vargas", birth},
		{"varga-d9", "POST", "/api/v1/vedic/vargas/d9", birth},
		{"dosha", "POST", "/api/v1/vedic/dosha", birth},
		{"dosha-kaal-sarp", "POST", "/api/v1/vedic/dosha/kaal-sarp", birth},
		{"dosha-manglik", "POST", "/api/v1/vedic/dosha/manglik", birth},
		{"yoga", "POST", "/api/v1/vedic/yoga", birth},
		{"ashtakavarga", "POST", "/api/v1/vedic/ashtakavarga", birth},
		{"shadbala", "POST", "/api/v1/vedic/shadbala", birth},
		{"matching", "POST", "/api/v1/vedic/matching", `{"person1":` + birth + `,"person2":{"year":1992,"month":3,"day":2,"hour":8,"minute":15,"latitude":19.076,"longitude":72.8777,"timezone":"Asia/Kolkata"}}`},
		{"matching-porutham", "POST", "/api/v1/vedic/matching/porutham", `{"person1":` + birth + `,"person2":{"year":1992,"month":3,"day":2,"hour":8,"minute":15,"latitude":19.076,"longitude":72.8777,"timezone":"Asia/Kolkata"}}`},
		{"kp-chart", "POST", "/api/v1/vedic/kp/chart", birth},
		{"kp-ruling-planets", "POST", "/api/v1/vedic/kp/ruling-planets", `{"datetime":"2024-03-20T08:36:00","timezone":"Asia/Kolkata","latitude":13.0827,"longitude":80.2707}`},
		{"kp-horary", "POST", "/api/v1/vedic/kp/horary", `{"number":107,"datetime":"2024-03-20T08:36:00","timezone":"Asia/Kolkata","latitude":13.0827,"longitude":80.2707}`},
		{"panchang", "POST", "/api/v1/vedic/panchang", `{"year":2024,"month":1,"day":1,"latitude":12.9716,"longitude":77.5946,"timezone":"Asia/Kolkata"}`},
		{"muhurta", "POST", "/api/v1/vedic/muhurta", `{"date":"2024-01-01","latitude":12.9716,"longitude":77.5946,"timezone":"Asia/Kolkata"}`},
		{"muhurta-search-year", "POST", "/api/v1/vedic/muhurta/search", `{"year":2025,"latitude":28.6139,"longitude":77.209,"timezone":"Asia/Kolkata","tithis":[2,3,5,7,10,11,13],"nakshatras":[4,5,13,14,17,27]}`},
	} {
		b.Run(r.name, func(b *testing.B) { ts.Bench(b, r.method, r.path, r.body) })
	}
}

// BenchmarkNatalUnique is POST /api/v1/vedic/natal with a different birth
// on each call (as bench/run.sh's natal-unique mode), result cache off.
func BenchmarkNatalUnique(b *testing.B) {
	ts := startTestServer(b, testOptions{Positions: apitest.Tables(b), Limits: apihttp.Limits{ResultCache: -1}})
	h := ts.Server.Handler()
	var rc fasthttp.RequestCtx
	var body []byte
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		i++
		body = fmt.Appendf(body[:0], `{"year":%d,"month":%d,"day":%d,"hour":%d,"minute":%d,"latitude":28.6,"longitude":77.2}`,
			1950+i*13%70, 1+i*11%12, 1+i*3%28, i*5%24, i*7%60)
		rc.Request.Reset()
		rc.Response.Reset()
		rc.Request.Header.SetMethod("POST")
		rc.Request.SetRequestURI("/api/v1/vedic/natal")
		rc.Request.Header.Set("x-api-key", ts.Key)
		rc.Request.SetBody(body)
		h(&rc)
		if rc.Response.StatusCode() != 200 {
			b.Fatalf("status %d: %s", rc.Response.StatusCode(), rc.Response.Body())
		}
	}
}
