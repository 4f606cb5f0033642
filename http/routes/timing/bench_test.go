package timing_test

import (
	"syscall"
	"testing"
	"time"

	apihttp "github.com/astroapi/astroapi/http"
	"github.com/astroapi/astroapi/http/apitest"
)

// BenchmarkRoutes posts one body per route through the server's root
// handler without a network (apitest.Server.Bench), on the tables as the
// server runs, with the result cache off: the server side of an uncached
// call. Natal is the same for POST /api/v1/natal, the yardstick. Beside
// the wall time it reports the process's CPU time per call (cpu-ns/op,
// garbage collection included), which other work on a shared machine
// does not inflate as it does the wall time.

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
	// The zone boundaries load in the background (a second and 30 MB):
	// wait for them, so that they are not counted in the first rows.
	if _, zx := apitest.Geo(b); zx != nil {
		zx.ZoneAt(0, 0)
	}
	for _, r := range benchRoutes {
		b.Run(r.name, func(b *testing.B) {
			// A server per route: each has its own key and daily quota.
			ts := start(b, pos, apihttp.Limits{ResultCache: -1})
			c0 := cpuTime()
			ts.Bench(b, "POST", r.path, `{`+benchBirth+r.extra+`}`)
			b.ReportMetric(float64(cpuTime()-c0)/float64(b.N), "cpu-ns/op")
		})
	}
}

// cpuTime is the CPU time the process has used, user and system.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
