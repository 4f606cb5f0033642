package eclipses

import (
	"testing"

	json "github.com/goccy/go-json"

	"github.com/astroapi/astroapi/engine/eclipses"
	"github.com/astroapi/astroapi/http/apitest"
)

// startTestServer serves the eclipse routes over the generated table file,
// clock frozen at 2024-06-15T12:00:00Z (apitest's default).
func startTestServer(t testing.TB) *apitest.Server {
	t.Helper()
	return apitest.Start(t, apitest.Options{Ops: apitest.Serve(Ops(testDeps(t))...)})
}

// testDeps are the routes' dependencies as routes.All builds them: the
// catalog loaded from the generated table file.
func testDeps(t testing.TB) Deps {
	t.Helper()
	cat, err := eclipses.Load(apitest.TableSet(t))
	if err != nil {
		t.Fatal(err)
	}
	return Deps{Catalog: cat}
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
