package vedic_test

import (
	"testing"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/places"
	"github.com/astroapi/astroapi/engine/zones"
	apihttp "github.com/astroapi/astroapi/http"
	"github.com/astroapi/astroapi/http/apitest"
	"github.com/astroapi/astroapi/http/routes/vedic"
)

// testOptions configure startTestServer: the Vedic routes over a position
// source and, for location strings and "auto" zones, the indexes.
type testOptions struct {
	Positions engine.Positions
	Places    *places.Index
	Zones     *zones.Index
	Limits    apihttp.Limits
}

// startTestServer serves the Vedic routes through the apitest harness.
func startTestServer(t testing.TB, o testOptions) *apitest.Server {
	t.Helper()
	ops := vedic.Ops(vedic.Deps{Positions: o.Positions})
	return apitest.Start(t, apitest.Options{Ops: apitest.Serve(ops...), Ephemeris: o.Positions != nil, Limits: o.Limits, Places: o.Places, Zones: o.Zones})
}
