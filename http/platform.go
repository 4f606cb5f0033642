package http

import (
	"bytes"
	"net"
	"time"

	"github.com/valyala/fasthttp"
)

func init() { registerFamily(platformOps) }

// healthResult is the body of the health checks.
type healthResult struct {
	Status    string `json:"status" doc:"ok when the check passes" enum:"ok,unavailable"`
	Ephemeris bool   `json:"ephemeris" doc:"a position source is configured"`
	Store     bool   `json:"store" doc:"a key store is configured"`
}

func platformOps(s *Server) []Operation {
	var ops []Operation
	if len(s.cfg.CannedBody) > 0 {
		ops = append(ops, Operation{
			ID: "post-bench-canned", Method: "POST", Path: "/bench/canned", Family: "Operations", Public: true, NoBatch: true, Hidden: true,
			Produces: "application/json", Summary: "Canned response for benchmarks",
			Handle: func(c *Call) (any, error) {
				return Raw{ContentType: "application/json", Body: s.cfg.CannedBody}, nil
			},
		})
	}
	return append(ops, []Operation{
		{
			ID: "get-healthz", Method: "GET", Path: "/healthz", Family: "Operations", Public: true, Bare: true, NoBatch: true,
			Summary:     "Liveness check",
			Description: "Answers 200 while the process serves HTTP.",
			Output:      healthResult{},
			Handle: func(c *Call) (any, error) {
				return healthResult{Status: "ok", Ephemeris: s.cfg.Positions != nil, Store: s.cfg.Store != nil}, nil
			},
		},
		{
			ID: "get-readyz", Method: "GET", Path: "/readyz", Family: "Operations", Public: true, Bare: true, NoBatch: true,
			Summary:     "Readiness check",
			Description: "Answers 200 when the store is configured and the server is not shutting down, 503 otherwise.",
			Output:      healthResult{},
			Handle: func(c *Call) (any, error) {
				if s.cfg.Store == nil || s.shuttingDown.Load() {
					return nil, newProblem(503, kindUnavailable, "not ready: store missing or shutting down")
				}
				return healthResult{Status: "ok", Ephemeris: s.cfg.Positions != nil, Store: true}, nil
			},
		},
		{
			ID: "get-metrics", Method: "GET", Path: "/metrics", Family: "Operations", Public: true, NoBatch: true, Hidden: true,
			Produces: "text/plain; version=0.0.4",
			Summary:  "Prometheus metrics",
			Handle: func(c *Call) (any, error) {
				var buf bytes.Buffer
				s.metrics.write(&buf)
				return Raw{ContentType: "text/plain; version=0.0.4; charset=utf-8", Body: buf.Bytes()}, nil
			},
		},
	}...)
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
	return srv.Serve(ln)
}
