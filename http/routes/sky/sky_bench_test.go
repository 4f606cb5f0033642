package sky_test

import "testing"

// The benchmarks of the targets, through the server's handler
// (decoding, envelope, encoding; no network): go test -bench . -run '^$'.

func BenchmarkEphemerisYear(b *testing.B) {
	ts := benchServer(b)
	ts.Bench(b, "POST", "/api/v1/ephemeris", `{"year":2024,"bodies":["sun","moon","mercury","venus","mars","jupiter","saturn","uranus","neptune","pluto"]}`)
}

func BenchmarkVoidPeriodsYear(b *testing.B) {
	ts := benchServer(b)
	ts.Bench(b, "POST", "/api/v1/void-of-course/periods", `{"year":2024}`)
}

func BenchmarkPhasesYear(b *testing.B) {
	ts := benchServer(b)
	ts.Bench(b, "POST", "/api/v1/moon/phases", `{"year":2024}`)
}

func BenchmarkStationsYear(b *testing.B) {
	ts := benchServer(b)
	ts.Bench(b, "POST", "/api/v1/planets/stations", `{"year":2024}`)
}

func BenchmarkMoonNow(b *testing.B) {
	ts := benchServer(b)
	ts.Bench(b, "GET", "/api/v1/moon", "")
}

func BenchmarkPlanetsNow(b *testing.B) {
	ts := benchServer(b)
	ts.Bench(b, "GET", "/api/v1/planets", "")
}
