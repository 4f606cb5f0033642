package http

import (
	"context"
	"io"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/astroapi/astroapi/store"
)

// TestGracefulShutdown: a request in flight when Shutdown starts finishes
// with 200, new connections are refused, and the counters are flushed.
func TestGracefulShutdown(t *testing.T) {
	ts := startTestServer(t, testOptions{})
	addr := ts.URL[len("http://"):]
	done := make(chan int, 1)
	go func() {
		done <- ts.post(t, "/api/v1/test/echo", `{"year":1,"sleep_ms":400}`).Status
	}()
	time.Sleep(100 * time.Millisecond) // the request is in the handler
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := ts.Server.Shutdown(ctx); err != nil {
		t.Fatalf("shutdown: %v", err)
	}
	if st := <-done; st != 200 {
		t.Errorf("in-flight request got %d", st)
	}
	if c, err := net.DialTimeout("tcp", addr, time.Second); err == nil {
		c.Close()
		t.Error("new connections still accepted after Shutdown")
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
	ts.get(t, "/healthz").wantStatus(t, 200)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go ts.Server.ServeMetrics(ln)
	resp, err := ts.client.Get("http://" + ln.Addr().String() + "/anything")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 || !strings.Contains(string(b), `astroapi_http_requests_total{route="/healthz",method="GET",code="2xx"} 1`) {
		t.Errorf("metrics listener: %d %s", resp.StatusCode, truncate(b, 500))
	}
}
