package uranian_test

import (
	"bytes"
	"testing"

	"github.com/astroapi/astroapi/http/apitest"
)

// TestCachedEcho: the answer from the results cache carries the same echo
// as the first (the request embeds a birth packet, whose own AppendJSON
// must not stand for the whole request's).
func TestCachedEcho(t *testing.T) {
	ts := startTestServer(t, apitest.Tables(t))
	var first []byte
	for i := range 3 {
		env := ts.Post(t, "/api/v1/uranian", `{"year":1990,"month":7,"day":14,"latitude":51.5,"longitude":0}`).WantStatus(t, 200).Envelope(t)
		if i == 0 {
			first = env.Input
			if !bytes.Contains(first, []byte(`"dial":90`)) {
				t.Fatalf("echo %s", first)
			}
		} else if !bytes.Equal(env.Input, first) {
			t.Errorf("call %d echo %s, first %s", i, env.Input, first)
		}
	}
}
