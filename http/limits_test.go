package http_test

import (
	"bufio"
	"bytes"
	"fmt"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	apihttp "github.com/astroapi/astroapi/http"

	"github.com/astroapi/astroapi/http/apitest"
)

// rawRequest sends head (a request line and header fields, without the
// blank line) on a fresh connection and reads the response, with at most
// wait for it.
func rawRequest(t *testing.T, ts *apitest.Server, head string, wait time.Duration) *http.Response {
	t.Helper()
	c, err := net.Dial("tcp", strings.TrimPrefix(ts.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	if _, err := fmt.Fprintf(c, "%s\r\n\r\n", head); err != nil {
		t.Fatal(err)
	}
	c.SetReadDeadline(time.Now().Add(wait))
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatalf("no response within %s: %v", wait, err)
	}
	return resp
}

// TestBodyRefusedOnContentLength: a body declared larger than the 1 MiB
// limit is answered 413 on its Content-Length alone, before any of it is
// sent (the client here never sends it).
func TestBodyRefusedOnContentLength(t *testing.T) {
	ts := startTestServer(t, testOptions{})
	resp := rawRequest(t, ts, "POST /api/v1/test/echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 15000000", 3*time.Second)
	if resp.StatusCode != 413 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/problem+json") {
		t.Fatalf("status %d %q", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	// Just under the limit is read and answered as usual.
	body := `{"year":1,"name":"` + strings.Repeat("a", 1<<20-40) + `"}`
	ts.Post(t, "/api/v1/test/echo", body).WantStatus(t, 200)
}

// TestHeaderTooLarge: header fields over the read buffer get 431.
func TestHeaderTooLarge(t *testing.T) {
	ts := startTestServer(t, testOptions{})
	resp := rawRequest(t, ts, "GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: "+strings.Repeat("b", 20_000), 3*time.Second)
	if resp.StatusCode != 431 {
		t.Fatalf("status %d, want 431", resp.StatusCode)
	}
}

// TestKeyNeverInParserErrors: a key sent with a stray \r is an unreadable
// header; the answer is a generic 400 and no log line holds the key.
func TestKeyNeverInParserErrors(t *testing.T) {
	var logs syncWriter
	logs.w = new(bytes.Buffer)
	ts := startTestServer(t, testOptions{Log: &logs})
	resp := rawRequest(t, ts, "GET /api/v1/usage HTTP/1.1\r\nHost: x\r\nx-api-key: "+ts.Key+"\r", 3*time.Second)
	if resp.StatusCode != 400 {
		t.Errorf("status %d, want 400", resp.StatusCode)
	}
	resp = rawRequest(t, ts, "GET /api/v1/usage HTTP/1.1\r\nHost: x\r\nx-api-key: "+ts.Key+"\x00", 3*time.Second)
	if resp.StatusCode != 400 {
		t.Errorf("status %d, want 400", resp.StatusCode)
	}
	if strings.Contains(logs.String(), ts.Key[len("ak_live_"):]) {
		t.Fatalf("the key reached the log:\n%s", logs.String())
	}
	if !strings.Contains(logs.String(), "[redacted]") {
		t.Errorf("no redacted parser error logged (did the request fail to parse?):\n%s", logs.String())
	}
}

func TestRedact(t *testing.T) {
	in := `error when serving connection "127.0.0.1:8080"<->"127.0.0.1:51234": error when reading request headers: invalid header value "ak_live_abc\r". Buffer size=37, contents: "GET / HTTP/1.1\r\nx-api-key: ak_live_abc"`
	got := apihttp.Redact(in)
	if strings.Contains(got, "ak_live") || !strings.Contains(got, `"127.0.0.1:8080"<->"127.0.0.1:51234"`) {
		t.Errorf("redact: %s", got)
	}
}

// TestProblemsClipEchoedInput: a megabyte of invalid input is not echoed
// back (twice) in the problem.
func TestProblemsClipEchoedInput(t *testing.T) {
	pl, zx := apitest.Geo(t)
	ts := startTestServer(t, testOptions{Positions: testEphemeris(t), Places: pl, Zones: zx})
	zone := strings.Repeat("Z", 1000_000)
	r := ts.Post(t, "/api/v1/natal", `{"year":1990,"month":1,"day":1,"latitude":1,"longitude":1,"timezone":"`+zone+`"}`).WantStatus(t, 422)
	if len(r.Body) > 4000 {
		t.Fatalf("problem of %d bytes", len(r.Body))
	}
	if p := r.Problem(t); len(p.Errors) != 1 || p.Errors[0].Field != "timezone" {
		t.Errorf("problem %+v", p)
	}
}

// TestSecurityHeaders: pages and SVGs carry a Content-Security-Policy that
// forbids framing; every answer says nosniff and no-referrer; redirects
// never point at the Host header's site; /metrics can live off the API's
// listener.
func TestSecurityHeaders(t *testing.T) {
	ts := startTestServer(t, testOptions{})
	for _, path := range []string{"/api/docs", "/api-keys", "/docs/api", "/api/docs/reference"} {
		r := ts.Get(t, path, "x-api-key", "").WantStatus(t, 200)
		if csp := r.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "frame-ancestors 'none'") || !strings.Contains(csp, "default-src 'self'") {
			t.Errorf("%s: CSP %q", path, csp)
		}
		if r.Header.Get("X-Content-Type-Options") != "nosniff" || r.Header.Get("Referrer-Policy") != "no-referrer" {
			t.Errorf("%s: headers %v", path, r.Header)
		}
	}
	r := ts.Get(t, "/api/v1/test/svg").WantStatus(t, 200)
	if csp := r.Header.Get("Content-Security-Policy"); !strings.HasPrefix(csp, "default-src 'none'") {
		t.Errorf("svg CSP %q", csp)
	}
	resp := rawRequest(t, ts, "GET /API-KEYS HTTP/1.1\r\nHost: evil.example", 3*time.Second)
	if loc := resp.Header.Get("Location"); strings.Contains(loc, "evil.example") {
		t.Errorf("redirect to %q", loc)
	}
	ts.Get(t, "/metrics").WantStatus(t, 200)
	other := apitest.Start(t, apitest.Options{Ops: apitest.Serve(apitest.Echo()...), MetricsElsewhere: true})
	other.Get(t, "/metrics").WantStatus(t, 404)
}

// TestConnectionsPerAddress: beyond MaxConnsPerIP open connections from
// one address, a new one is closed at once; closing one makes room.
func TestConnectionsPerAddress(t *testing.T) {
	ts := startTestServer(t, testOptions{Limits: apihttp.Limits{MaxConnsPerIP: 3}})
	addr := strings.TrimPrefix(ts.URL, "http://")
	var open []net.Conn
	for range 3 {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		open = append(open, c)
		defer c.Close()
	}
	// The harness's client may hold a connection too; give the server the
	// first three, then check the next is refused.
	extra, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer extra.Close()
	fmt.Fprintf(extra, "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
	extra.SetReadDeadline(time.Now().Add(3 * time.Second))
	if _, err := http.ReadResponse(bufio.NewReader(extra), nil); err == nil {
		t.Fatal("a fourth connection from one address was served")
	}
	open[0].Close()
	for start := time.Now(); ; {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(c, "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
		c.SetReadDeadline(time.Now().Add(3 * time.Second))
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		c.Close()
		if err == nil && resp.StatusCode == 200 {
			break
		}
		if time.Since(start) > 3*time.Second {
			t.Fatal("no room after a connection closed")
		}
	}
}
