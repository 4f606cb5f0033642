// Package apitest is the harness of the integration tests of the server
// and of every family: a real server on 127.0.0.1:0 over a real store (a
// fresh bbolt file, or PostgreSQL with ForEachStore and
// ASTROAPI_TEST_POSTGRES), a fresh key, an injected clock and small
// request helpers. A family's test serves its own operations:
//
//	ts := apitest.Start(t, apitest.Options{Ops: apitest.Serve(natal.Ops(natal.Deps{Positions: eph})...), Places: pl, Zones: zx})
//	r := ts.Post(t, "/api/v1/natal", `{"year":1990,"month":1,"day":1,"latitude":51.5,"longitude":0}`)
//	r.WantStatus(t, 200)
//	env := r.Envelope(t)
package apitest

import (
	"bytes"
	"context"
	"errors"
	"github.com/astroapi/astroapi/tables"
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
	"github.com/valyala/fasthttp"

	"github.com/astroapi/astroapi/engine/places"
	"github.com/astroapi/astroapi/engine/resolve"
	"github.com/astroapi/astroapi/engine/zones"
	apihttp "github.com/astroapi/astroapi/http"
	"github.com/astroapi/astroapi/http/op"
	"github.com/astroapi/astroapi/quota"
	"github.com/astroapi/astroapi/store"
	_ "github.com/astroapi/astroapi/store/bolt"
	_ "github.com/astroapi/astroapi/store/postgres"
)

// TestPlan is the plan of the harness key: large limits, no per-second
// limit, so that tests hit quotas only when they choose a plan that has them.
const TestPlan = "test"

// Env is what the harness made that operations may need.
type Env struct {
	Store      store.Store
	Quota      *quota.Quota
	KeyRevoked func(id string) // makes the server refuse the key at once (Server.ForgetKey)
}

// Options configure Start; the zero value serves only the server's own
// operations (batch, documents, health).
type Options struct {
	// Ops returns the operations to serve, given the harness's store and
	// quota (Serve wraps a fixed list).
	Ops        func(Env) []*op.Operation
	Ephemeris  bool        // reported by the health checks
	Plan       string      // plan of the harness key; default TestPlan
	Plans      quota.Plans // default: quota.DefaultPlans() plus TestPlan
	Clock      *Clock      // default: frozen at 2024-06-15T12:00:00Z
	StoreURL   string      // default: a fresh bbolt file in t.TempDir()
	Limits     apihttp.Limits
	Log        io.Writer // access and error log; default discarded unless -v
	CannedBody []byte    // served at POST /bench/canned
	// MetricsElsewhere keeps /metrics off the API's listener.
	MetricsElsewhere bool
	// Tables, when set, publishes their verification on the accuracy page.
	Tables *tables.Set
	// Places and Zones are the offline indexes inputs resolve with (a
	// birth's location, timezone "auto"); nil without them.
	Places *places.Index
	Zones  *zones.Index
}

// Serve returns an Options.Ops serving ops.
func Serve(ops ...*op.Operation) func(Env) []*op.Operation {
	return func(Env) []*op.Operation { return ops }
}

// Server is a running server and what a test needs to call it.
type Server struct {
	URL     string
	Key     string // secret of a fresh active key on opts.Plan
	KeyID   string
	Account store.Account
	Server  *apihttp.Server
	Store   store.Store
	Quota   *quota.Quota
	Clock   *Clock
	client  *nethttp.Client
}

// Clock is an injectable clock that moves only when told to.
type Clock struct {
	mu sync.Mutex
	t  time.Time
}

// NewClock returns a clock frozen at t.
func NewClock(t time.Time) *Clock { return &Clock{t: t} }

// Now returns the clock's instant.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

// Set moves the clock to t.
func (c *Clock) Set(t time.Time) {
	c.mu.Lock()
	c.t = t
	c.mu.Unlock()
}

// Add moves the clock by d.
func (c *Clock) Add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// Stores lists the store URLs integration tests run on: a bbolt file
// always, PostgreSQL when ASTROAPI_TEST_POSTGRES holds a URL (CI=true
// makes its absence a failure).
func Stores(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{"bolt": ""}
	if u := os.Getenv("ASTROAPI_TEST_POSTGRES"); u != "" {
		out["postgres"] = u
	} else if os.Getenv("CI") == "true" {
		t.Fatal("ASTROAPI_TEST_POSTGRES is not set; CI must test the PostgreSQL store")
	}
	return out
}

// ForEachStore runs f as a subtest per store of Stores.
func ForEachStore(t *testing.T, f func(t *testing.T, storeURL string)) {
	t.Helper()
	for name, u := range Stores(t) {
		t.Run(name, func(t *testing.T) { f(t, u) })
	}
}

// Start starts a server on 127.0.0.1:0 and creates an account with one
// key. Everything is stopped and closed at the end of the test.
func Start(t testing.TB, opts Options) *Server {
	t.Helper()
	if opts.Clock == nil {
		opts.Clock = NewClock(time.Date(2024, 6, 15, 12, 0, 0, 0, time.UTC))
	}
	if opts.Plans == nil {
		opts.Plans = quota.DefaultPlans()
	}
	if _, ok := opts.Plans[TestPlan]; !ok {
		opts.Plans = opts.Plans.Clone()
		opts.Plans[TestPlan] = quota.Plan{Name: TestPlan, DailyLimit: 1_000_000, MonthlyLimit: 10_000_000}
	}
	if opts.Plan == "" {
		opts.Plan = TestPlan
	}
	if opts.StoreURL == "" {
		opts.StoreURL = filepath.Join(t.TempDir(), "astroapi.db")
	}
	st, err := store.Open(opts.StoreURL)
	if err != nil {
		t.Fatalf("open store: %v", err)
	}
	q := quota.New(st, quota.Config{Plans: opts.Plans, FlushInterval: -1, Now: opts.Clock.Now, Shared: store.Kind(opts.StoreURL) == "postgres"})
	logw := opts.Log
	if logw == nil {
		logw = io.Discard
		if testing.Verbose() {
			logw = os.Stderr
		}
	}
	var srv *apihttp.Server
	var ops []*op.Operation
	if opts.Ops != nil {
		ops = opts.Ops(Env{Store: st, Quota: q, KeyRevoked: func(id string) { srv.ForgetKey(id) }})
	}
	srv, err = apihttp.New(apihttp.Config{
		Operations: ops, Ephemeris: opts.Ephemeris,
		Store: st, Quota: q, Clock: opts.Clock.Now, Limits: opts.Limits,
		Logger: apihttp.NewLogger(logw), AccessLog: logw, CannedBody: opts.CannedBody,
		MetricsElsewhere: opts.MetricsElsewhere, TableChecks: apihttp.TableChecks(opts.Tables),
		Services: resolve.Services{Places: opts.Places, Zones: opts.Zones},
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
	ts := &Server{
		URL: "http://" + ln.Addr().String(), Server: srv, Store: st, Quota: q, Clock: opts.Clock,
		client: &nethttp.Client{Timeout: 30 * time.Second, Transport: &nethttp.Transport{MaxIdleConnsPerHost: 64}},
	}
	ts.Account, ts.Key, ts.KeyID = ts.NewAccount(t, opts.Plan)
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

// NewAccount creates an account on plan with one key, returning the
// account, the key's secret and its id.
func (ts *Server) NewAccount(t testing.TB, plan string) (store.Account, string, string) {
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

// Response is a response read whole.
type Response struct {
	Status int
	Header nethttp.Header
	Body   []byte
}

// Request sends method path with body (string, []byte, or a value encoded
// as JSON; nil for none) and the harness key unless a header list
// overrides it: pairs of name, value; an "x-api-key" of "" sends no key.
func (ts *Server) Request(t testing.TB, method, path string, body any, header ...string) *Response {
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
	return &Response{Status: resp.StatusCode, Header: resp.Header, Body: data}
}

// Get is a GET Request.
func (ts *Server) Get(t testing.TB, path string, header ...string) *Response {
	t.Helper()
	return ts.Request(t, "GET", path, nil, header...)
}

// Post is a POST Request.
func (ts *Server) Post(t testing.TB, path string, body any, header ...string) *Response {
	t.Helper()
	return ts.Request(t, "POST", path, body, header...)
}

// WantStatus fails the test unless the status is want, showing the body.
func (r *Response) WantStatus(t testing.TB, want int) *Response {
	t.Helper()
	if r.Status != want {
		t.Fatalf("status %d, want %d; body: %s", r.Status, want, Truncate(r.Body, 2000))
	}
	return r
}

// Decode reads the body as JSON into v.
func (r *Response) Decode(t testing.TB, v any) {
	t.Helper()
	if err := json.Unmarshal(r.Body, v); err != nil {
		t.Fatalf("decode %s: %v", Truncate(r.Body, 500), err)
	}
}

// Problem decodes an RFC 9457 body, checking the media type.
func (r *Response) Problem(t testing.TB) op.Problem {
	t.Helper()
	if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/problem+json") {
		t.Fatalf("Content-Type %q, want application/problem+json; body %s", ct, Truncate(r.Body, 500))
	}
	var p op.Problem
	r.Decode(t, &p)
	return p
}

// Envelope is the envelope as a client reads it; Result and Input stay
// raw for the test to decode into its own types.
type Envelope struct {
	CalculatedAt string          `json:"calculated_at"`
	Input        json.RawMessage `json:"input"`
	RequestID    string          `json:"request_id"`
	Result       json.RawMessage `json:"result"`
	Usage        *quota.Usage    `json:"usage"`
	Warnings     []string        `json:"warnings"`
}

// Envelope decodes an envelope body.
func (r *Response) Envelope(t testing.TB) Envelope {
	t.Helper()
	var e Envelope
	r.Decode(t, &e)
	return e
}

// Truncate shortens b to n bytes for a failure message.
func Truncate(b []byte, n int) string {
	if len(b) > n {
		return string(b[:n]) + "..."
	}
	return string(b)
}

// Bench runs one request per iteration through the server's root handler
// without a network, reusing the RequestCtx as fasthttp does, and fails on
// any status but 200. A streamed body is read whole, so its making counts.
func (ts *Server) Bench(b *testing.B, method, path, body string) {
	b.Helper()
	h := ts.Server.Handler()
	var rc fasthttp.RequestCtx
	b.ReportAllocs()
	for b.Loop() {
		rc.Request.Reset()
		rc.Response.Reset()
		rc.Request.Header.SetMethod(method)
		rc.Request.SetRequestURI(path)
		rc.Request.Header.Set("x-api-key", ts.Key)
		rc.Request.SetBodyString(body)
		h(&rc)
		if rc.Response.StatusCode() != 200 {
			b.Fatalf("status %d: %s", rc.Response.StatusCode(), rc.Response.Body())
		}
		if rc.Response.IsBodyStream() {
			rc.Response.Body() // drains the stream
		}
	}
}
