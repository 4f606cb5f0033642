package stars

import (
	"testing"

	json "github.com/goccy/go-json"

	"github.com/astroapi/astroapi/engine/stars"
	"github.com/astroapi/astroapi/http/apitest"
)

// startTestServer serves the fixed star routes as the server runs them:
// the generated star tables with the Swiss Ephemeris behind them.
func startTestServer(t testing.TB) *apitest.Server {
	t.Helper()
	return apitest.Start(t, apitest.Options{Ops: apitest.Serve(Ops(testDeps(t))...)})
}

// testDeps are the routes' dependencies as routes.All builds them: the
// star service over the generated tables, the Swiss Ephemeris behind.
func testDeps(t testing.TB) Deps {
	return Deps{Stars: stars.New(apitest.TableSet(t), apitest.Ephemeris(t))}
}

// result decodes the envelope's result of a 200 answer into v and returns
// the envelope.
func result(t testing.TB, r *apitest.Response, v any) apitest.Envelope {
	t.Helper()
	r.WantStatus(t, 200)
	env := r.Envelope(t)
	if err := json.Unmarshal(env.Result, v); err != nil {
		t.Fatalf("result: %v: %s", err, apitest.Truncate(env.Result, 300))
	}
	return env
}

// wantProblem fails unless r is a problem of status naming field ("" for
// any field or none).
func wantProblem(t testing.TB, what string, r *apitest.Response, status int, field string) {
	t.Helper()
	if r.Status != status {
		t.Errorf("%s: %d, want %d: %s", what, r.Status, status, apitest.Truncate(r.Body, 300))
		return
	}
	p := r.Problem(t)
	if field == "" {
		return
	}
	for _, e := range p.Errors {
		if e.Field == field {
			return
		}
	}
	t.Errorf("%s: %d problem does not name %q: %s", what, status, field, apitest.Truncate(r.Body, 300))
}
