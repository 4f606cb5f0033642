package sky_test

import (
	"testing"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/http/apitest"
	"github.com/astroapi/astroapi/http/routes/sky"
)

// startTestServer serves the sky routes over pos through the apitest
// harness (clock frozen at 2024-06-15T12:00:00Z).
func startTestServer(t testing.TB, pos engine.Positions) *apitest.Server {
	t.Helper()
	return apitest.Start(t, apitest.Options{Ops: apitest.Serve(sky.Ops(sky.Deps{Positions: pos})...), Ephemeris: pos != nil})
}
