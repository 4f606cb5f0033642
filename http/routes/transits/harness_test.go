package transits_test

import (
	"testing"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/birth"
	"github.com/astroapi/astroapi/http/apitest"
	"github.com/astroapi/astroapi/http/routes/transits"
)

// startTestServer serves the transit routes over pos through the apitest
// harness (clock frozen at 2024-06-15T12:00:00Z; no geocoding).
func startTestServer(t testing.TB, pos engine.Positions) *apitest.Server {
	t.Helper()
	ops := transits.Ops(transits.Deps{Positions: pos, Births: &birth.Resolver{}})
	return apitest.Start(t, apitest.Options{Ops: apitest.Serve(ops...), Ephemeris: pos != nil})
}
