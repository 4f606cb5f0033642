package console

import (
	"math/rand/v2"
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
// can call) through the apitest harness. Its clock stands at a random hour
// of 2030-2079: sign-ups are counted per address and hour in the store,
// and a PostgreSQL test database outlives the test.
func startTestServer(t *testing.T, o testOptions) *apitest.Server {
	t.Helper()
	clock := apitest.NewClock(time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC).Add(time.Duration(rand.IntN(50*365*24)) * time.Hour))
	return apitest.Start(t, apitest.Options{StoreURL: o.StoreURL, Clock: clock, Ops: func(e apitest.Env) []*op.Operation {
		return append(Ops(Deps{Store: e.Store, Quota: e.Quota, KeyRevoked: e.KeyRevoked, SignupsPerHour: o.SignupsPerHour}), apitest.Echo()...)
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
