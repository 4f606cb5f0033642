package sky_test

import (
	"testing"

	"github.com/astroapi/astroapi/engine"
	apihttp "github.com/astroapi/astroapi/http"
	"github.com/astroapi/astroapi/http/apitest"
	"github.com/astroapi/astroapi/http/routes/sky"
)

// startTestServer serves the sky routes over pos through the apitest
// harness (clock frozen at 2024-06-15T12:00:00Z).
func startTestServer(t testing.TB, pos engine.Positions) *apitest.Server {
	t.Helper()
	return apitest.Start(t, apitest.Options{Ops: apitest.Serve(sky.Ops(sky.Deps{Positions: pos})...), Ephemeris: pos != nil})
}

// benchServer serves the sky routes over the tables with the results cache
// off, so that a benchmark repeating one request measures the work.
func benchServer(b *testing.B) *apitest.Server {
	return apitest.Start(b, apitest.Options{Ops: apitest.Serve(sky.Ops(sky.Deps{Positions: apitest.Tables(b)})...), Ephemeris: true,
		Limits: apihttp.Limits{ResultCache: -1}})
}
