package transits_test

import (
	"testing"

	"github.com/astroapi/astroapi/engine"
	apihttp "github.com/astroapi/astroapi/http"
	"github.com/astroapi/astroapi/http/apitest"
	"github.com/astroapi/astroapi/http/routes/transits"
)

// startTestServer serves the transit routes over pos through the apitest
// harness (clock frozen at 2024-06-15T12:00:00Z; no geocoding).
func startTestServer(t testing.TB, pos engine.Positions) *apitest.Server {
	t.Helper()
	ops := transits.Ops(transits.Deps{Positions: pos})
	return apitest.Start(t, apitest.Options{Ops: apitest.Serve(ops...), Ephemeris: pos != nil})
}

// benchServer serves the transit routes over the tables with the results
// cache off, so that a benchmark repeating one request measures the work.
func benchServer(b *testing.B) *apitest.Server {
	ops := transits.Ops(transits.Deps{Positions: apitest.Tables(b)})
	return apitest.Start(b, apitest.Options{Ops: apitest.Serve(ops...), Ephemeris: true, Limits: apihttp.Limits{ResultCache: -1}})
}
