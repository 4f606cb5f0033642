package locational_test

import (
	"testing"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/http/apitest"
	"github.com/astroapi/astroapi/http/routes/locational"
	"github.com/astroapi/astroapi/http/routes/natal"
)

// startTestServer serves the locational routes over pos through the
// apitest harness, with the natal route beside them (the relocated chart
// is compared with a natal chart cast at the new place), and the geocoding
// and zone indexes.
func startTestServer(t testing.TB, pos engine.Positions) *apitest.Server {
	t.Helper()
	ops := append(locational.Ops(locational.Deps{Positions: pos}), natal.Ops(natal.Deps{Positions: pos})...)
	places, zones := apitest.Geo(t)
	return apitest.Start(t, apitest.Options{Ops: apitest.Serve(ops...), Ephemeris: pos != nil, Places: places, Zones: zones})
}
