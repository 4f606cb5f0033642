package usage

import (
	"testing"

	"github.com/astroapi/astroapi/http/apitest"
	"github.com/astroapi/astroapi/http/op"
)

type testOptions struct {
	StoreURL string
}

// startTestServer serves the usage routes and the echo family (billed
// calls to count) through the apitest harness.
func startTestServer(t *testing.T, o testOptions) *apitest.Server {
	t.Helper()
	return apitest.Start(t, apitest.Options{StoreURL: o.StoreURL, Ops: func(e apitest.Env) []*op.Operation {
		return append(Ops(Deps{Quota: e.Quota}), apitest.Echo()...)
	}})
}
