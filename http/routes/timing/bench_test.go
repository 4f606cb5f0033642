package timing_test

import (
	"testing"

	apihttp "github.com/astroapi/astroapi/http"
	"github.com/astroapi/astroapi/http/apitest"
)

// The benchmarks post one body per route through the server's root handler
// without a network (apitest.Server.Bench), on the tables as the server
// runs, with the result cache off: the server side of an uncached call.
// BenchmarkNatal is the same for POST /api/v1/natal, the yardstick.

const benchBirth = `"year":1990,"month":7,"day":14,"hour":14,"minute":30,"latitude":51.5074,"longitude":-0.1278,"timezone":"Europe/London"`

var benchRoutes = []struct{ name, path, extra string }{
	{"Natal", "/api/v1/natal", ``},
	{"SolarReturn", "/api/v1/returns/solar", `,"return_year":2024`},
	{"LunarReturnsYear", "/api/v1/returns/lunar", `,"start":"2024-01-01"`},
	{"PlanetaryReturnsJupiter", "/api/v1/returns/planetary", `,"planet":"jupiter"`},
	{"PlanetaryReturnsMercury100y", "/api/v1/returns/planetary", `,"planet":"mercury"`},
	{"Progressions", "/api/v1/progressions", `,"date":"2024-07-14"`},
	{"SolarArc", "/api/v1/solar-arc", `,"date":"2024-07-14"`},
	{"Profections", "/api/v1/profections", `,"date":"2024-07-14"`},
	{"Releasing", "/api/v1/zodiacal-releasing", ``},
	{"ReleasingTimeline", "/api/v1/zodiacal-releasing/timeline", `,"start":"2024-01-01","end":"2034-01-01"`},
	{"ReleasingTimeline4Levels80y", "/api/v1/zodiacal-releasing/timeline", `,"start":"1990-07-14T13:30:00Z","end":"2070-07-14","levels":4`},
	{"ReleasingAtDate", "/api/v1/zodiacal-releasing/at-date", `,"date":"2024-07-14"`},
	{"Firdaria", "/api/v1/firdaria", ``},
	{"FirdariaAtAge", "/api/v1/firdaria/at-age", `,"age":33.5`},
	{"FirdariaTimeline", "/api/v1/firdaria/timeline", `,"start":"2020-01-01","end":"2040-01-01"`},
}

func BenchmarkRoutes(b *testing.B) {
	pos := apitest.Tables(b)
	for _, r := range benchRoutes {
		b.Run(r.name, func(b *testing.B) {
			// A server per route: each has its own key and daily quota.
			ts := start(b, pos, apihttp.Limits{ResultCache: -1})
			ts.Bench(b, "POST", r.path, `{`+benchBirth+r.extra+`}`)
		})
	}
}
