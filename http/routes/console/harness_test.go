package console

import (
	"strings"
	"testing"
	"time"

	"github.com/astroapi/astroapi/http/apitest"
	"github.com/astroapi/astroapi/http/op"
	"github.com/astroapi/astroapi/store"
)

type testOptions struct {
	StoreURL       string
	SignupsPerHour int
}

// startTestServer serves the console and the echo family (routes a key
// can call) through the apitest harness.
func startTestServer(t *testing.T, o testOptions) *apitest.Server {
	t.Helper()
	return apitest.Start(t, apitest.Options{StoreURL: o.StoreURL, Ops: func(e apitest.Env) []*op.Operation {
		return append(Ops(Deps{Store: e.Store, KeyRevoked: e.KeyRevoked, SignupsPerHour: o.SignupsPerHour}), apitest.Echo()...)
	}})
}

// randomHex is a fresh random word for unique e-mail addresses.
func randomHex(t *testing.T) string {
	a, err := store.NewAccount("x", "x", time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimPrefix(a.ID, "acct_")
}
