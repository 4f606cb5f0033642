package transits_test

import "testing"

// go test -bench . -run '^$': through the server's handler, no network.

func BenchmarkTransitsNow(b *testing.B) {
	ts := benchServer(b)
	ts.Bench(b, "GET", "/api/v1/transits", "")
}

func BenchmarkToNatal(b *testing.B) {
	ts := benchServer(b)
	ts.Bench(b, "POST", "/api/v1/transits/to-natal", `{"natal":{"year":1990,"month":4,"day":12,"hour":14,"minute":30,"latitude":48.8566,"longitude":2.3522}}`)
}
