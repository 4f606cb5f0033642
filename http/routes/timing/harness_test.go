package timing_test

import (
	"testing"

	"github.com/astroapi/astroapi/engine"
	apihttp "github.com/astroapi/astroapi/http"
	"github.com/astroapi/astroapi/http/apitest"
	"github.com/astroapi/astroapi/http/routes/natal"
	"github.com/astroapi/astroapi/http/routes/timing"
)

// start serves the timing routes, and the natal route to compare return
// charts with, on pos (the tables with the Swiss Ephemeris behind them, as
// the server runs, unless a test says otherwise), with the places and zone
// indexes for location strings.
func start(t testing.TB, pos engine.Positions, limits apihttp.Limits) *apitest.Server {
	t.Helper()
	pl, zx := apitest.Geo(t)
	ops := timing.Ops(timing.Deps{Positions: pos})
	ops = append(ops, natal.Ops(natal.Deps{Positions: pos})...)
	return apitest.Start(t, apitest.Options{Ops: apitest.Serve(ops...), Ephemeris: pos != nil, Limits: limits, Places: pl, Zones: zx})
}
