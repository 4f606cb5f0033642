package http_test

import (
	"io"
	"math/rand/v2"
	"net"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/astroapi/astroapi/http/apitest"
)

// cutProxy forwards TCP connections to a server until cut: then every
// connection is closed and new ones are refused (reset at once), as a
// stopped PostgreSQL server's port does, until restored.
type cutProxy struct {
	ln     net.Listener
	target string
	mu     sync.Mutex
	cut    bool
	conns  map[net.Conn]bool
}

func newCutProxy(t *testing.T, target string) *cutProxy {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &cutProxy{ln: ln, target: target, conns: map[net.Conn]bool{}}
	t.Cleanup(func() { ln.Close(); p.setCut(true) })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			p.mu.Lock()
			if p.cut {
				p.mu.Unlock()
				c.Close()
				continue
			}
			up, err := net.Dial("tcp", target)
			if err != nil {
				p.mu.Unlock()
				c.Close()
				continue
			}
			p.conns[c], p.conns[up] = true, true
			p.mu.Unlock()
			go func() { io.Copy(up, c); up.Close() }()
			go func() { io.Copy(c, up); c.Close() }()
		}
	}()
	return p
}

// setCut cuts (closing every open connection) or restores the proxy.
func (p *cutProxy) setCut(cut bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.cut = cut
	if cut {
		for c := range p.conns {
			c.Close()
		}
		clear(p.conns)
	}
}

// TestStoreOutage: with the shared PostgreSQL store unreachable, nothing
// answers 500: calls that need the store get 503 with Retry-After (a new
// account's counters, sign-up, usage), /readyz says 503, calls an instance
// can still serve from its confirmed keys and its lease go on; when the
// store is back everything answers again by itself.
func TestStoreOutage(t *testing.T) {
	pg := os.Getenv("ASTROAPI_TEST_POSTGRES")
	if pg == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("ASTROAPI_TEST_POSTGRES is not set")
		}
		t.Skip("ASTROAPI_TEST_POSTGRES is not set")
	}
	u, err := url.Parse(pg)
	if err != nil {
		t.Fatal(err)
	}
	proxy := newCutProxy(t, u.Host)
	u.Host = proxy.ln.Addr().String()
	ts := startTestServer(t, testOptions{StoreURL: u.String()})
	_, otherKey, _ := ts.NewAccount(t, apitest.TestPlan)
	ts.Post(t, "/api/v1/test/echo", `{"year":1}`).WantStatus(t, 200) // this key's counters are loaded, a lease taken
	ts.Get(t, "/readyz").WantStatus(t, 200)

	proxy.setCut(true)
	time.Sleep(1100 * time.Millisecond) // past the readiness cache and the key cache
	statuses := map[int]int{}
	check := func(what string, r *apitest.Response, want int) {
		t.Helper()
		statuses[r.Status]++
		if r.Status != want {
			t.Errorf("%s: status %d, want %d: %s", what, r.Status, want, apitest.Truncate(r.Body, 300))
		}
		if r.Status == 503 && r.Header.Get("Retry-After") == "" {
			t.Errorf("%s: 503 without Retry-After", what)
		}
	}
	unknown := "ak_live_" + strings.Repeat("c", 52)
	check("readyz", ts.Get(t, "/readyz"), 503)
	check("known key with a lease", ts.Post(t, "/api/v1/test/echo", `{"year":1}`), 200)
	check("counters never loaded", ts.Post(t, "/api/v1/test/echo", `{"year":1}`, "x-api-key", otherKey), 503)
	check("usage", ts.Get(t, "/api/v1/usage"), 503)
	check("sign-up", ts.Post(t, "/api-keys/signup", `{"email":"outage-`+strconv.Itoa(rand.IntN(1e9))+`@example.com"}`, "x-api-key", ""), 503)
	check("unknown key", ts.Post(t, "/api/v1/test/echo", `{"year":1}`, "x-api-key", unknown), 503)
	t.Logf("statuses during the outage: %v", statuses)

	proxy.setCut(false)
	deadline := time.Now().Add(10 * time.Second)
	for ts.Get(t, "/readyz").Status != 200 {
		if time.Now().After(deadline) {
			t.Fatal("not ready 10 s after the store came back")
		}
		time.Sleep(200 * time.Millisecond)
	}
	ts.Post(t, "/api/v1/test/echo", `{"year":1}`, "x-api-key", otherKey).WantStatus(t, 200)
	ts.Get(t, "/api/v1/usage").WantStatus(t, 200)
}
