package http_test

import (
	"net/http"
	"strings"
	"testing"

	apihttp "github.com/astroapi/astroapi/http"
)

// TestTrustedProxies: behind a listed proxy, the abuse limits count the
// client the proxy names, not the proxy: one client's failed keys do not
// lock out another behind the same balancer. Forwarding headers from an
// address that is not listed are ignored (a client cannot name itself
// someone else), and IPv6 clients are counted by /64.
func TestTrustedProxies(t *testing.T) {
	trusted, err := apihttp.ParseTrustedProxies("127.0.0.1, 10.0.0.0/8")
	if err != nil {
		t.Fatal(err)
	}
	failUntilLocked := func(t *testing.T, url string, header ...string) int {
		t.Helper()
		for i := range 40 {
			req, _ := http.NewRequest("GET", url+"/api/v1/usage", nil)
			req.Header.Set("x-api-key", "ak_live_"+strings.Repeat("a", 52))
			for j := 0; j+1 < len(header); j += 2 {
				req.Header.Set(header[j], header[j+1])
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode == 429 {
				return i
			}
		}
		return -1
	}
	usage := func(t *testing.T, url string, header ...string) int {
		t.Helper()
		req, _ := http.NewRequest("GET", url+"/api/v1/usage", nil)
		req.Header.Set("x-api-key", "ak_live_"+strings.Repeat("b", 52)) // unknown too: 401 if the address is not locked
		for j := 0; j+1 < len(header); j += 2 {
			req.Header.Set(header[j], header[j+1])
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}

	t.Run("Trusted", func(t *testing.T) {
		ts := startTestServer(t, testOptions{Limits: apihttp.Limits{TrustedProxies: trusted}})
		// Client A behind the proxy fails until locked out...
		if n := failUntilLocked(t, ts.URL, "X-Forwarded-For", "203.0.113.7"); n < 0 {
			t.Fatal("client A never locked out")
		}
		// ...client B behind the same proxy is not.
		if st := usage(t, ts.URL, "X-Forwarded-For", "203.0.113.8"); st != 401 {
			t.Errorf("client B behind the proxy: %d, want 401", st)
		}
		// Forwarded (RFC 7239) says the same; a chain ends at the
		// rightmost address that is not a proxy of ours.
		if st := usage(t, ts.URL, "Forwarded", `for=203.0.113.7;proto=http`); st != 429 {
			t.Errorf("client A by Forwarded: %d, want 429", st)
		}
		if st := usage(t, ts.URL, "X-Forwarded-For", "203.0.113.7, 10.1.2.3"); st != 429 {
			t.Errorf("client A through a second proxy: %d, want 429", st)
		}
		// A forged address left of the real one does not help A.
		if st := usage(t, ts.URL, "X-Forwarded-For", "198.51.100.1, 203.0.113.7"); st != 429 {
			t.Errorf("client A with a forged hop: %d, want 429", st)
		}
		// IPv6: one /64 is one client; the next /64 another.
		if n := failUntilLocked(t, ts.URL, "X-Forwarded-For", "2001:db8:1:2::1"); n < 0 {
			t.Fatal("IPv6 client never locked out")
		}
		if st := usage(t, ts.URL, "X-Forwarded-For", "2001:db8:1:2:ffff::9"); st != 429 {
			t.Errorf("another address of the same /64: %d, want 429", st)
		}
		if st := usage(t, ts.URL, "X-Forwarded-For", "[2001:db8:1:3::1]:4711"); st != 401 {
			t.Errorf("the next /64: %d, want 401", st)
		}
	})
	t.Run("Untrusted", func(t *testing.T) {
		ts := startTestServer(t, testOptions{}) // no trusted proxies: headers ignored
		if n := failUntilLocked(t, ts.URL, "X-Forwarded-For", "203.0.113.7"); n < 0 {
			t.Fatal("never locked out")
		}
		if st := usage(t, ts.URL, "X-Forwarded-For", "203.0.113.8"); st != 429 {
			t.Errorf("a forged X-Forwarded-For escaped the lock: %d, want 429", st)
		}
	})
	if _, err := apihttp.ParseTrustedProxies("10.0.0.0/33"); err == nil {
		t.Error("a bad prefix was accepted")
	}
}
