package stars

import (
	"fmt"
	"testing"

	apihttp "github.com/astroapi/astroapi/http"
	"github.com/astroapi/astroapi/http/apitest"
)

// benchServer serves the star routes with the result cache off, so that
// every call places the stars.
func benchServer(b *testing.B) *apitest.Server {
	return apitest.Start(b, apitest.Options{Ops: apitest.Serve(Ops(testDeps(b))...),
		Limits: apihttp.Limits{ResultCache: -1}})
}

// BenchmarkIndexHandler is POST /api/v1/fixed-stars (43 stars from the
// tables) through the server's root handler.
func BenchmarkIndexHandler(b *testing.B) {
	benchServer(b).Bench(b, "POST", "/api/v1/fixed-stars", `{"year":1990,"month":4,"day":12}`)
}

// BenchmarkConjunctionsHandler searches ten points against the 43 stars.
func BenchmarkConjunctionsHandler(b *testing.B) {
	benchServer(b).Bench(b, "POST", "/api/v1/fixed-stars/conjunctions", benchConjunctionsBody)
}

// BenchmarkShowHandler is one star by name.
func BenchmarkShowHandler(b *testing.B) {
	benchServer(b).Bench(b, "POST", "/api/v1/fixed-stars/Regulus", `{"year":1990,"month":4,"day":12}`)
}

var benchConjunctionsBody = func() string {
	s := `{"year":1990,"month":4,"day":12,"planets":[`
	for i := range 10 {
		if i > 0 {
			s += ","
		}
		s += fmt.Sprintf(`{"name":"P%d","longitude":%.1f}`, i, float64(i)*36.3)
	}
	return s + `]}`
}()
