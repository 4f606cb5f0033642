package http

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"time"

	"github.com/valyala/fasthttp"

	"github.com/astroapi/astroapi/http/op"
	"github.com/astroapi/astroapi/store"
)

// healthResult is the body of the health checks.
type healthResult struct {
	Status    string `json:"status" doc:"ok when the check passes" enum:"ok,unavailable"`
	Ephemeris bool   `json:"ephemeris" doc:"a position source is configured"`
	Store     bool   `json:"store" doc:"a key store is configured"`
}

// ownOps are the operations the server adds to the families': the batch
// route, the documents, health checks, metrics and the benchmark baseline.
func (s *Server) ownOps() []*op.Operation {
	ops := append(append(append(s.docsOps(), s.batchOp(), s.bulkOp(), s.docsSearchOp()), s.mcpOps()...), s.llmsOps()...)
	if len(s.cfg.CannedBody) > 0 {
		ops = append(ops, op.Post(op.Spec{
			ID: "post-bench-canned", Path: "/bench/canned", Family: "Operations", Access: op.Public, NoBatch: true, Hidden: true,
			Produces: "application/json", Summary: "Canned response for benchmarks",
		}, func(c *op.Call, _ *op.None) (op.Raw, error) {
			return op.Raw{ContentType: "application/json", Body: s.cfg.CannedBody}, nil
		}))
	}
	health := func() healthResult {
		return healthResult{Status: "ok", Ephemeris: s.cfg.Ephemeris, Store: s.cfg.Store != nil}
	}
	ops = append(ops,
		op.Get(op.Spec{
			ID: "get-healthz", Path: "/healthz", Family: "Operations", Access: op.Public, Bare: true, NoBatch: true,
			Summary:     "Liveness check",
			Description: "Answers 200 while the process serves HTTP.",
		}, func(c *op.Call, _ *op.None) (healthResult, error) { return health(), nil }),
		op.Get(op.Spec{
			ID: "get-readyz", Path: "/readyz", Family: "Operations", Access: op.Public, Bare: true, NoBatch: true,
			Summary: "Readiness check",
			Description: "Answers 200 when the store is configured and answers (a shared PostgreSQL store is pinged, at most once a second) " +
				"and the server is not draining or shutting down; 503 otherwise, so that a load balancer sends the requests elsewhere. " +
				"On SIGTERM the server answers 503 here for its drain delay while still serving, then stops.",
		}, func(c *op.Call, _ *op.None) (healthResult, error) {
			notReady := func(why string) error {
				return op.NewProblem(503, op.KindUnavailable, "not ready: "+why).WithRetryAfter(storeRetry)
			}
			switch {
			case s.cfg.Store == nil:
				return healthResult{}, notReady("no store is configured")
			case s.draining.Load() || s.shuttingDown.Load():
				return healthResult{}, notReady("draining before shutdown")
			case !s.storeUp(c.Context()):
				return healthResult{}, notReady("the store does not answer")
			}
			return health(), nil
		}),
	)
	if s.cfg.MetricsElsewhere {
		return ops
	}
	return append(ops, op.Get(op.Spec{
		ID: "get-metrics", Path: "/metrics", Family: "Operations", Access: op.Public, NoBatch: true, Hidden: true,
		Produces: "text/plain; version=0.0.4", Summary: "Prometheus metrics",
	}, func(c *op.Call, _ *op.None) (op.Raw, error) {
		var buf bytes.Buffer
		s.writeMetrics(&buf)
		return op.Raw{ContentType: "text/plain; version=0.0.4; charset=utf-8", Body: buf.Bytes()}, nil
	}))
}

// storeUp reports whether the store answers: a Pinger (PostgreSQL) is
// asked at most once a second, whatever the rate of readiness checks;
// other stores are always up.
func (s *Server) storeUp(ctx context.Context) bool {
	pg, ok := s.cfg.Store.(store.Pinger)
	if !ok {
		return true
	}
	now := time.Now()
	s.pingMu.Lock()
	defer s.pingMu.Unlock()
	if now.Sub(s.pingAt) < time.Second {
		return s.pingOK
	}
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	s.pingOK = pg.Ping(ctx) == nil
	s.pingAt = time.Now()
	return s.pingOK
}

// writeGauges writes the gauges an operator watches besides the request
// counts: heavy slots and streams in use and waiting, readiness.
func (s *Server) writeGauges(buf *bytes.Buffer) {
	gauge := func(name, help string, v int) {
		fmt.Fprintf(buf, "# HELP %s %s\n# TYPE %s gauge\n%s %d\n", name, help, name, name, v)
	}
	h, hw := s.heavy.usage()
	st, _ := s.streams.usage()
	gauge("astroapi_heavy_in_flight", "Heavy calls (renders, large batches) running.", h)
	gauge("astroapi_heavy_waiting", "Heavy calls waiting for a slot.", hw)
	gauge("astroapi_heavy_slots", "Heavy calls that may run at once.", s.cfg.Limits.MaxHeavy)
	gauge("astroapi_streams_in_flight", "Streamed answers being sent.", st)
	s.pingMu.Lock()
	up := s.pingOK || s.pingAt.IsZero()
	s.pingMu.Unlock()
	if _, pinger := s.cfg.Store.(store.Pinger); !pinger {
		up = s.cfg.Store != nil
	}
	gauge("astroapi_store_up", "1 when the store answered the last readiness check (PostgreSQL is pinged at most once a second).", b2i(up))
	gauge("astroapi_draining", "1 while the server drains before shutdown (readiness answers 503).", b2i(s.draining.Load() || s.shuttingDown.Load()))
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Drain makes the readiness check answer 503 while the server goes on
// serving: a load balancer stops sending it requests before Shutdown
// closes its connections (a rolling restart fails no request).
func (s *Server) Drain() { s.draining.Store(true) }

// ServeMetrics serves the Prometheus metrics alone on ln (any path), for
// deployments that keep /metrics off the public listener. It returns when
// ln is closed.
func (s *Server) ServeMetrics(ln net.Listener) error {
	srv := &fasthttp.Server{
		Handler: func(rc *fasthttp.RequestCtx) {
			var buf bytes.Buffer
			s.writeMetrics(&buf)
			rc.SetContentType("text/plain; version=0.0.4; charset=utf-8")
			rc.SetBody(buf.Bytes())
		},
		ReadTimeout: 5 * time.Second, WriteTimeout: 5 * time.Second,
	}
	s.lnMu.Lock()
	if s.shuttingDown.Load() {
		s.lnMu.Unlock()
		return ln.Close()
	}
	s.metricsSrv = srv // Shutdown stops it
	s.lnMu.Unlock()
	return srv.Serve(ln)
}
