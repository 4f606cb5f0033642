package http_test

import (
	"io"
	"testing"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/places"
	"github.com/astroapi/astroapi/engine/swe"
	"github.com/astroapi/astroapi/engine/zones"
	apihttp "github.com/astroapi/astroapi/http"
	"github.com/astroapi/astroapi/http/apitest"
	"github.com/astroapi/astroapi/http/op"
	"github.com/astroapi/astroapi/http/routes"
	"github.com/astroapi/astroapi/quota"
	"github.com/astroapi/astroapi/tables"
)

// testOptions configure startTestServer: the platform's tests serve every
// family (routes.All) and the echo family of apitest.
type testOptions struct {
	Positions  engine.Positions
	Tables     *tables.Set    // the catalogs of the table file (eclipses, star tables)
	Swiss      *swe.Ephemeris // behind the star tables
	Places     *places.Index
	Zones      *zones.Index
	Plan       string
	Plans      quota.Plans
	Clock      *apitest.Clock
	StoreURL   string
	Limits     apihttp.Limits
	Log        io.Writer
	CannedBody []byte
}

// withEverything gives the options every dependency the routes take (the
// tables, their catalogs, libswe, places and zones), as a full server runs.
func withEverything(t testing.TB, o testOptions) testOptions {
	t.Helper()
	o.Positions, o.Tables, o.Swiss = apitest.Tables(t), apitest.TableSet(t), apitest.Ephemeris(t)
	o.Places, o.Zones = apitest.Geo(t)
	return o
}

func startTestServer(t testing.TB, o testOptions) *apitest.Server {
	t.Helper()
	return apitest.Start(t, apitest.Options{
		Ephemeris: o.Positions != nil, Plan: o.Plan, Plans: o.Plans, Clock: o.Clock, StoreURL: o.StoreURL,
		Limits: o.Limits, Log: o.Log, CannedBody: o.CannedBody, Tables: o.Tables,
		Places: o.Places, Zones: o.Zones, // the door's offline indexes (location, timezone "auto")
		Ops: func(e apitest.Env) []*op.Operation {
			return append(routes.All(routes.Deps{
				Positions: o.Positions, Tables: o.Tables, Swiss: o.Swiss, Places: o.Places, Zones: o.Zones,
				Store: e.Store, Quota: e.Quota, KeyRevoked: e.KeyRevoked,
			}), apitest.Echo()...)
		},
	})
}

// testEphemeris opens the Swiss Ephemeris.
func testEphemeris(t testing.TB) *swe.Ephemeris { return apitest.Ephemeris(t) }
