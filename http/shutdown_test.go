package http_test

import (
	"context"
	"io"
	"net"
	nethttp "net/http"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/astroapi/astroapi/http/apitest"
	"github.com/astroapi/astroapi/store"
)

// TestGracefulShutdown: a request in flight when Shutdown starts finishes
// with 200, new connections are refused, and the counters are flushed.
func TestGracefulShutdown(t *testing.T) {
	ts := startTestServer(t, testOptions{})
	addr := ts.URL[len("http://"):]
	gate := apitest.NewGate(t, "shutdown")
	done := make(chan int, 1)
	go func() {
		done <- ts.Post(t, "/api/v1/test/echo", `{"year":1,"gate":"shutdown"}`).Status
	}()
	<-gate.Entered() // the request is in the handler
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	shut := make(chan error, 1)
	go func() { shut <- ts.Server.Shutdown(ctx) }()
	// Shutdown has begun once the listener refuses connections; only then
	// may the request in the handler finish.
	for {
		c, err := net.DialTimeout("tcp", addr, time.Second)
		if err != nil {
			break
		}
		c.Close()
		if ctx.Err() != nil {
			t.Fatal("new connections still accepted after Shutdown")
		}
		runtime.Gosched()
	}
	gate.Open()
	if err := <-shut; err != nil {
		t.Fatalf("shutdown: %v", err)
	}
	if st := <-done; st != 200 {
		t.Errorf("in-flight request got %d", st)
	}
	// Shutdown flushed: the store has the call without another Flush.
	tot, err := ts.Store.Counters(context.Background(), ts.Account.ID, store.Day(ts.Clock.Now()))
	if err != nil || tot.DayN != 1 {
		t.Errorf("stored day counter %d (%v), want 1", tot.DayN, err)
	}
}

// TestSeparateMetricsListener: ServeMetrics answers the Prometheus text on
// its own listener.
func TestSeparateMetricsListener(t *testing.T) {
	ts := startTestServer(t, testOptions{})
	ts.Get(t, "/healthz").WantStatus(t, 200)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	served := make(chan error, 1)
	go func() { served <- ts.Server.ServeMetrics(ln) }()
	resp, err := nethttp.Get("http://" + ln.Addr().String() + "/anything")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 || !strings.Contains(string(b), `astroapi_http_requests_total{route="/healthz",method="GET",code="2xx"} 1`) {
		t.Errorf("metrics listener: %d %s", resp.StatusCode, apitest.Truncate(b, 500))
	}
	// Shutdown stops the metrics listener too.
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := ts.Server.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}
	select {
	case <-served:
	case <-ctx.Done():
		t.Fatal("ServeMetrics still serving after Shutdown")
	}
	if c, err := net.DialTimeout("tcp", ln.Addr().String(), time.Second); err == nil {
		c.Close()
		t.Error("metrics listener still accepts connections after Shutdown")
	}
}
