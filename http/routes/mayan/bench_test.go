package mayan_test

import (
	"testing"

	apihttp "github.com/astroapi/astroapi/http"
	"github.com/astroapi/astroapi/http/apitest"
	routes "github.com/astroapi/astroapi/http/routes/mayan"
)

const benchTzolkinBody = `{"year":2012,"month":12,"day":21}`

// BenchmarkTzolkinHandler is one POST /api/v1/mayan/tzolkin through the
// server's root handler without a network, result cache off (compare
// http's BenchmarkPlatformEcho).
func BenchmarkTzolkinHandler(b *testing.B) {
	ts := apitest.Start(b, apitest.Options{Ops: apitest.Serve(routes.Ops()...), Limits: apihttp.Limits{ResultCache: -1}})
	ts.Bench(b, "POST", "/api/v1/mayan/tzolkin", benchTzolkinBody)
}

// BenchmarkTzolkinHandlerCached is the same call answered by the result
// cache.
func BenchmarkTzolkinHandlerCached(b *testing.B) {
	ts := apitest.Start(b, apitest.Options{Ops: apitest.Serve(routes.Ops()...)})
	ts.Bench(b, "POST", "/api/v1/mayan/tzolkin", benchTzolkinBody)
}
