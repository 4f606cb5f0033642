package http

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	nethttp "net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	json "github.com/goccy/go-json"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/places"
	"github.com/astroapi/astroapi/engine/zones"
	"github.com/astroapi/astroapi/quota"
	"github.com/astroapi/astroapi/store"
	_ "github.com/astroapi/astroapi/store/bolt"
	_ "github.com/astroapi/astroapi/store/postgres"
)

// This file is the shared harness of the package's integration tests: a
// real server on 127.0.0.1:0 over a real store, a fresh key, an injected
// clock and small request helpers. Family tests use it like this:
//
//	ts := startTestServer(t, testOptions{Positions: eph})
//	r := ts.post(t, "/api/v1/natal", `{"year":1990,"month":1,"day":1,"latitude":51.5,"longitude":0}`)
//	r.wantStatus(t, 200)
//	var env testEnvelope
//	r.decode(t, &env)

// testPlan is the plan of the harness key: large limits, no per-second
// limit, so that tests hit quotas only when they choose a plan that has them.
const testPlan = "test"

// testOptions configure startTestServer; the zero value is usable.
type testOptions struct {
	Positions engine.Positions
	Places    *places.Index
	Zones     *zones.Index
	Plan      string      // plan of the harness key; default testPlan
	Plans     quota.Plans // default: quota.DefaultPlans() plus testPlan
	Clock     *fakeClock  // default: frozen at 2024-06-15T12:00:00Z
	StoreURL  string      // default: a fresh bbolt file in t.TempDir()
	Limits    Limits
	Log       io.Writer // access and error log; default discarded unless -v
}

// testServer is a running server and what a test needs to call it.
type testServer struct {
	URL     string
	Key     string // secret of a fresh active key on opts.Plan
	KeyID   string
	Account store.Account
	Server  *Server
	Store   store.Store
	Quota   *quota.Quota
	Clock   *fakeClock
	client  *nethttp.Client
}

// fakeClock is an injectable clock that moves only when told to.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func newFakeClock(t time.Time) *fakeClock { return &fakeClock{t: t} }

// Now returns the clock's instant.
func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

// Set moves the clock to t.
func (c *fakeClock) Set(t time.Time) {
	c.mu.Lock()
	c.t = t
	c.mu.Unlock()
}

// Add moves the clock by d.
func (c *fakeClock) Add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// testStores lists the store URLs integration tests run on: a bbolt file
// always, PostgreSQL when ASTROAPI_TEST_POSTGRES holds a URL.
func testStores(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{"bolt": ""}
	if u := os.Getenv("ASTROAPI_TEST_POSTGRES"); u != "" {
		out["postgres"] = u
	} else if os.Getenv("CI") == "true" {
		t.Fatal("ASTROAPI_TEST_POSTGRES is not set; CI must test the PostgreSQL store")
	}
	return out
}

// forEachStore runs f as a subtest per store of testStores.
func forEachStore(t *testing.T, f func(t *testing.T, storeURL string)) {
	t.Helper()
	for name, u := range testStores(t) {
		t.Run(name, func(t *testing.T) {
			if name == "postgres" {
				if _, err := store.Open(u); err != nil && strings.Contains(err.Error(), "not linked in") {
					t.Skip("store/postgres is not linked into this build yet")
				}
			}
			f(t, u)
		})
	}
}

// startTestServer starts a server on 127.0.0.1:0 and creates an account
// with one key. Everything is stopped and closed at the end of the test.
func startTestServer(t testing.TB, opts testOptions) *testServer {
	t.Helper()
	if opts.Clock == nil {
		opts.Clock = newFakeClock(time.Date(2024, 6, 15, 12, 0, 0, 0, time.UTC))
	}
	if opts.Plans == nil {
		opts.Plans = quota.DefaultPlans()
	}
	if _, ok := opts.Plans[testPlan]; !ok {
		opts.Plans = opts.Plans.Clone()
		opts.Plans[testPlan] = quota.Plan{Name: testPlan, DailyLimit: 1_000_000, MonthlyLimit: 10_000_000}
	}
	if opts.Plan == "" {
		opts.Plan = testPlan
	}
	if opts.StoreURL == "" {
		opts.StoreURL = filepath.Join(t.TempDir(), "astroapi.db")
	}
	st, err := store.Open(opts.StoreURL)
	if err != nil {
		t.Fatalf("open store: %v", err)
	}
	q := quota.New(st, quota.Config{Plans: opts.Plans, FlushInterval: -1, Now: opts.Clock.Now})
	logw := opts.Log
	if logw == nil {
		logw = io.Discard
		if testing.Verbose() {
			logw = os.Stderr
		}
	}
	srv, err := New(Config{
		Positions: opts.Positions, Places: opts.Places, Zones: opts.Zones,
		Store: st, Quota: q, Clock: opts.Clock.Now, Limits: opts.Limits,
		Logger: NewLogger(logw), AccessLog: logw,
	})
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("listen: %v", err)
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	ts := &testServer{
		URL: "http://" + ln.Addr().String(), Server: srv, Store: st, Quota: q, Clock: opts.Clock,
		client: &nethttp.Client{Timeout: 30 * time.Second, Transport: &nethttp.Transport{MaxIdleConnsPerHost: 64}},
	}
	ts.Account, ts.Key, ts.KeyID = ts.newAccount(t, opts.Plan)
	t.Cleanup(func() {
		// Unused connections the client dialled count as idle for fasthttp
		// only after 5 s: close them from our side first.
		ts.client.CloseIdleConnections()
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := srv.Shutdown(ctx); err != nil {
			t.Errorf("shutdown: %v", err)
		}
		if err := <-done; err != nil {
			t.Errorf("serve: %v", err)
		}
		if err := q.Close(); err != nil && !errors.Is(err, quota.ErrClosed) {
			t.Errorf("quota close: %v", err)
		}
		st.Close()
	})
	return ts
}

// newAccount creates an account on plan with one key, returning the secret.
func (ts *testServer) newAccount(t testing.TB, plan string) (store.Account, string, string) {
	t.Helper()
	ctx := context.Background()
	now := ts.Clock.Now()
	a, err := store.NewAccount("test-"+randomHex(t)+"@example.com", plan, now)
	if err != nil {
		t.Fatal(err)
	}
	if err := ts.Store.CreateAccount(ctx, a); err != nil {
		t.Fatalf("create account: %v", err)
	}
	k, secret, err := store.NewKey(a.ID, now)
	if err != nil {
		t.Fatal(err)
	}
	if err := ts.Store.CreateKey(ctx, k); err != nil {
		t.Fatalf("create key: %v", err)
	}
	return a, secret, k.ID
}

func randomHex(t testing.TB) string {
	id, err := store.NewAccount("x", "x", time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimPrefix(id.ID, "acct_")
}

// testResponse is a response read whole.
type testResponse struct {
	Status int
	Header nethttp.Header
	Body   []byte
}

// request sends method path with body (string, []byte, or a value encoded
// as JSON; nil for none) and the harness key unless a header list
// overrides it: pairs of name, value; an "x-api-key" of "" sends no key.
func (ts *testServer) request(t testing.TB, method, path string, body any, header ...string) *testResponse {
	t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	case []byte:
		rd = bytes.NewReader(b)
	default:
		enc, err := json.Marshal(b)
		if err != nil {
			t.Fatalf("encode body: %v", err)
		}
		rd = bytes.NewReader(enc)
	}
	req, err := nethttp.NewRequest(method, ts.URL+path, rd)
	if err != nil {
		t.Fatalf("request: %v", err)
	}
	if rd != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("x-api-key", ts.Key)
	for i := 0; i+1 < len(header); i += 2 {
		if strings.EqualFold(header[i], "x-api-key") && header[i+1] == "" {
			req.Header.Del("x-api-key")
			continue
		}
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := ts.client.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("read body: %v", err)
	}
	return &testResponse{Status: resp.StatusCode, Header: resp.Header, Body: data}
}

// get and post are request shorthands.
func (ts *testServer) get(t testing.TB, path string, header ...string) *testResponse {
	t.Helper()
	return ts.request(t, "GET", path, nil, header...)
}

func (ts *testServer) post(t testing.TB, path string, body any, header ...string) *testResponse {
	t.Helper()
	return ts.request(t, "POST", path, body, header...)
}

// wantStatus fails the test unless the status is want, showing the body.
func (r *testResponse) wantStatus(t testing.TB, want int) *testResponse {
	t.Helper()
	if r.Status != want {
		t.Fatalf("status %d, want %d; body: %s", r.Status, want, truncate(r.Body, 2000))
	}
	return r
}

// decode reads the body as JSON into v.
func (r *testResponse) decode(t testing.TB, v any) {
	t.Helper()
	if err := json.Unmarshal(r.Body, v); err != nil {
		t.Fatalf("decode %s: %v", truncate(r.Body, 500), err)
	}
}

// problem decodes an RFC 9457 body, checking the media type.
func (r *testResponse) problem(t testing.TB) Problem {
	t.Helper()
	if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/problem+json") {
		t.Fatalf("Content-Type %q, want application/problem+json; body %s", ct, truncate(r.Body, 500))
	}
	var p Problem
	r.decode(t, &p)
	return p
}

// testEnvelope is the envelope as a client reads it; Result and Input stay
// raw for the test to decode into its own types.
type testEnvelope struct {
	CalculatedAt string          `json:"calculated_at"`
	Input        json.RawMessage `json:"input"`
	RequestID    string          `json:"request_id"`
	Result       json.RawMessage `json:"result"`
	Usage        *quota.Usage    `json:"usage"`
	Warnings     []string        `json:"warnings"`
}

// envelope decodes an envelope body.
func (r *testResponse) envelope(t testing.TB) testEnvelope {
	t.Helper()
	var e testEnvelope
	r.decode(t, &e)
	return e
}

func truncate(b []byte, n int) string {
	if len(b) > n {
		return string(b[:n]) + "..."
	}
	return string(b)
}
