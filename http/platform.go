package http

import (
	"bytes"
	"net"
	"time"

	"github.com/valyala/fasthttp"

	"github.com/astroapi/astroapi/http/op"
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
			Summary:     "Readiness check",
			Description: "Answers 200 when the store is configured and the server is not shutting down, 503 otherwise.",
		}, func(c *op.Call, _ *op.None) (healthResult, error) {
			if s.cfg.Store == nil || s.shuttingDown.Load() {
				return healthResult{}, op.Unavailable("not ready: store missing or shutting down")
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
		s.metrics.write(&buf)
		return op.Raw{ContentType: "text/plain; version=0.0.4; charset=utf-8", Body: buf.Bytes()}, nil
	}))
}

// ServeMetrics serves the Prometheus metrics alone on ln (any path), for
// deployments that keep /metrics off the public listener. It returns when
// ln is closed.
func (s *Server) ServeMetrics(ln net.Listener) error {
	srv := &fasthttp.Server{
		Handler: func(rc *fasthttp.RequestCtx) {
			var buf bytes.Buffer
			s.metrics.write(&buf)
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
