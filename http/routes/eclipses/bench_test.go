package eclipses

import (
	"testing"

	apihttp "github.com/astroapi/astroapi/http"
	"github.com/astroapi/astroapi/http/apitest"
)

// benchServer serves the eclipse routes with the result cache off, so
// that every call runs its handler.
func benchServer(b *testing.B) *apitest.Server {
	return apitest.Start(b, apitest.Options{Ops: apitest.Serve(Ops(testDeps(b))...),
		Limits: apihttp.Limits{ResultCache: -1}})
}

// BenchmarkListHandler is GET /api/v1/eclipses (10 eclipses) through the
// server's root handler: authentication, quota, lookup, envelope.
func BenchmarkListHandler(b *testing.B) {
	benchServer(b).Bench(b, "GET", "/api/v1/eclipses?from=2024-01-01&count=10", "")
}

// BenchmarkUpcomingHandler is GET /api/v1/eclipses/upcoming (10).
func BenchmarkUpcomingHandler(b *testing.B) {
	benchServer(b).Bench(b, "GET", "/api/v1/eclipses/upcoming", "")
}

// BenchmarkActivationsHandler lays an eclipse on a 12-point chart.
func BenchmarkActivationsHandler(b *testing.B) {
	benchServer(b).Bench(b, "POST", activationsPath, benchActivationsBody)
}

const benchActivationsBody = `{"eclipse_date":"2024-04-08","natal":{"planets":[{"name":"Sun","longitude":19.6},{"name":"Moon","longitude":201.2},` +
	`{"name":"Mercury","longitude":5.1},{"name":"Venus","longitude":48.7},{"name":"Mars","longitude":342.9},{"name":"Jupiter","longitude":95.3},` +
	`{"name":"Saturn","longitude":290.2},{"name":"Uranus","longitude":278.4},{"name":"Neptune","longitude":284.1},{"name":"Pluto","longitude":226.9},` +
	`{"name":"Ascendant","longitude":95.2},{"name":"Midheaven","longitude":346.9}],` +
	`"houses":[95.2,118.4,141.0,166.9,199.3,238.7,275.2,298.4,321.0,346.9,19.3,58.7]}}`
