package http_test

import (
	"bufio"
	"bytes"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// TestAmbiguousFramingRefused: a request with both Content-Length and
// Transfer-Encoding, or white space before a header field's colon, is
// answered 400 and the connection closed, so that a request hidden behind
// it on the same connection is never served (RFC 9112 5.1, 6.3).
func TestAmbiguousFramingRefused(t *testing.T) {
	ts := startTestServer(t, testOptions{})
	smuggled := "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"
	cases := map[string]string{
		"ContentLengthAndChunked": "POST /api/v1/test/echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n" + smuggled,
		"ChunkedAndContentLength": "POST /api/v1/test/echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 50\r\n\r\n0\r\n\r\n" + smuggled,
		"SpaceBeforeColon":        "POST /api/v1/test/echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding : chunked\r\n\r\n0\r\n\r\n" + smuggled,
		"SpaceBeforeColonGET":     "GET /healthz HTTP/1.1\r\nHost: x\r\nX-Thing : 1\r\n\r\n" + smuggled,
	}
	for name, raw := range cases {
		t.Run(name, func(t *testing.T) {
			c, err := net.Dial("tcp", strings.TrimPrefix(ts.URL, "http://"))
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			if _, err := io.WriteString(c, raw); err != nil {
				t.Fatal(err)
			}
			c.SetReadDeadline(time.Now().Add(5 * time.Second))
			br := bufio.NewReader(c)
			resp, err := http.ReadResponse(br, nil)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			if resp.StatusCode != 400 || !resp.Close {
				t.Fatalf("status %d, close %v: %s", resp.StatusCode, resp.Close, body)
			}
			// The connection is closed: the smuggled request gets no answer.
			if second, err := http.ReadResponse(br, nil); err == nil {
				t.Fatalf("a second answer on the connection: %d", second.StatusCode)
			}
		})
	}
	// A plain request on a new connection is served.
	ts.Get(t, "/healthz").WantStatus(t, 200)
}

// TestOversizedBodyReadable: a 2 MB body sent by clients that do not wait
// for 100-continue (Go's net/http, Python's http.client) gets the 413
// problem, not a broken pipe: the server answers, then drains what the
// client still sends before closing.
func TestOversizedBodyReadable(t *testing.T) {
	ts := startTestServer(t, testOptions{})
	body := bytes.Repeat([]byte("a"), 2<<20)
	for i := range 3 { // the race between the close and the client's write is what failed
		req, err := http.NewRequest("POST", ts.URL+"/api/v1/test/echo", bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("x-api-key", ts.Key)
		resp, err := (&http.Client{Timeout: 20 * time.Second}).Do(req)
		if err != nil {
			t.Fatalf("try %d: %v", i, err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 413 || !strings.Contains(string(b), "body-too-large") {
			t.Fatalf("try %d: status %d: %s", i, resp.StatusCode, b)
		}
	}
	if _, err := exec.LookPath("python3"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("python3 missing")
		}
		t.Skip("python3 missing")
	}
	script := `
import http.client, sys
host, port = sys.argv[1].split(":")
c = http.client.HTTPConnection(host, int(port), timeout=20)
c.request("POST", "/api/v1/test/echo", body=b"a" * (2 << 20), headers={"Content-Type": "application/json", "x-api-key": sys.argv[2]})
r = c.getresponse()
print(r.status, r.getheader("Content-Type"))
`
	out, err := exec.Command("python3", "-c", script, strings.TrimPrefix(ts.URL, "http://"), ts.Key).CombinedOutput()
	if err != nil || !strings.HasPrefix(string(out), "413 application/problem+json") {
		t.Fatalf("python http.client: %v: %s", err, out)
	}
}

// TestBodyMediaTypes: JSON bodies are read with or without a
// Content-Type, and from curl -d (a form type over JSON text); a body
// declared as anything else gets the 415 problem saying what to send.
func TestBodyMediaTypes(t *testing.T) {
	ts := startTestServer(t, testOptions{})
	send := func(ct, body string) *http.Response {
		t.Helper()
		req, _ := http.NewRequest("POST", ts.URL+"/api/v1/test/echo", strings.NewReader(body))
		if ct != "" {
			req.Header.Set("Content-Type", ct)
		} else {
			req.Header["Content-Type"] = nil
		}
		req.Header.Set("x-api-key", ts.Key)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		return resp
	}
	const js = `{"year":2000}`
	for _, ct := range []string{"application/json", "application/json; charset=utf-8", "APPLICATION/JSON", "application/merge-patch+json", "", "application/x-www-form-urlencoded"} {
		resp := send(ct, js)
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 {
			t.Errorf("Content-Type %q: status %d: %s", ct, resp.StatusCode, b)
		}
	}
	for _, c := range [][2]string{
		{"application/xml", `<year>2000</year>`},
		{"application/xml", js},
		{"text/plain", js},
		{"multipart/form-data; boundary=x", js},
		{"application/x-www-form-urlencoded", "year=2000"},
	} {
		resp := send(c[0], c[1])
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 415 || !strings.Contains(string(b), "application/json") || !strings.Contains(string(b), "unsupported-media-type") {
			t.Errorf("Content-Type %q, body %q: status %d: %s", c[0], c[1], resp.StatusCode, b)
		}
	}
	// Sign-up (JSONOnly) takes application/json only, curl -d included.
	req, _ := http.NewRequest("POST", ts.URL+"/api-keys/signup", strings.NewReader(`{"email":"a@example.com"}`))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	if resp, err := http.DefaultClient.Do(req); err != nil || resp.StatusCode != 415 {
		t.Fatalf("sign-up with a form type: %v %v", err, resp)
	}
}

// TestLongURL: a request line over the read buffer is 414 (URI too long);
// long header fields stay 431.
func TestLongURL(t *testing.T) {
	ts := startTestServer(t, testOptions{})
	resp := rawRequest(t, ts, "GET /api/v1/timezone/search?q="+strings.Repeat("a", 9000)+" HTTP/1.1\r\nHost: x", 3*time.Second)
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 414 || !strings.Contains(string(b), "uri-too-long") {
		t.Fatalf("status %d: %s", resp.StatusCode, b)
	}
}
