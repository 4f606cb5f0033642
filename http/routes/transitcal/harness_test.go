package transitcal_test

import (
	"testing"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/http/apitest"
	"github.com/astroapi/astroapi/http/routes/transitcal"
)

// startTestServer serves the calendar routes over pos through the apitest
// harness (the clock frozen; the zone index for the birth's zones).
func startTestServer(t testing.TB, pos engine.Positions) *apitest.Server {
	t.Helper()
	ops := transitcal.Ops(transitcal.Deps{Positions: pos})
	return apitest.Start(t, apitest.Options{Ops: apitest.Serve(ops...), Ephemeris: pos != nil})
}
