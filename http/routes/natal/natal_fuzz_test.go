package natal_test

import "testing"

// FuzzNatalBody posts arbitrary bodies to the natal routes: whatever comes
// in, the answer is a 200 or a 4xx problem, never a 5xx.
func FuzzNatalBody(f *testing.F) {
	for _, s := range []string{
		`{"year":1990,"month":7,"day":14,"hour":14,"minute":30,"latitude":51.5,"longitude":-0.13,"timezone":"Europe/London"}`,
		`{"year":2021,"month":3,"day":28,"hour":2,"minute":30,"latitude":48.85,"longitude":2.35,"timezone":"Europe/Paris"}`,
		`{"year":1990,"month":1,"day":1,"latitude":89.9,"longitude":0,"house_system":"koch","zodiac_type":"sidereal","ayanamsa":"j2000"}`,
		`{"year":2999,"month":12,"day":31,"hour":23,"minute":59,"second":59,"latitude":-90,"longitude":180,"include_asteroids":true}`,
		`{"year":1583,"month":1,"day":1,"latitude":0,"longitude":0,"orbs":{"trine":0,"square":15}}`,
		`{"year":1990,"month":2,"day":30,"latitude":0,"longitude":0,"theme":"dark","size":4000}`,
		`{"year":[1],"month":{},"day":null}`,
	} {
		f.Add(s)
	}
	ts := startTestServer(f, testOptions{Positions: testEphemeris(f)})
	f.Fuzz(func(t *testing.T, body string) {
		for _, path := range []string{"/api/v1/natal", "/api/v1/natal/svg"} {
			if r := ts.Post(t, path, body); r.Status >= 500 {
				t.Fatalf("%s %q: %d %s", path, body, r.Status, r.Body)
			}
		}
	})
}
