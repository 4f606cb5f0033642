package http

import (
	"bytes"
	"fmt"
	"sort"
	"sync/atomic"
	"time"

	"github.com/astroapi/astroapi/http/op"
)

// latencyBuckets are the upper bounds (seconds) of the duration histogram.
var latencyBuckets = []float64{0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5}

// opStats are lock-free counters of one route.
type opStats struct {
	op      *op.Operation
	classes [6]atomic.Uint64 // by status/100: 1xx..5xx (index 0 unused)
	buckets []atomic.Uint64  // len(latencyBuckets)+1
	sumNs   atomic.Uint64
	count   atomic.Uint64
}

// metrics are the Prometheus counters of the server.
type metrics struct {
	// extra writes the server's gauges (slots, readiness) after the
	// request metrics.
	extra     func(*bytes.Buffer)
	byOp      map[*op.Operation]*opStats
	unmatched *opStats
	inflight  atomic.Int64
	started   time.Time
}

func newMetrics(ops []*op.Operation) *metrics {
	m := &metrics{byOp: map[*op.Operation]*opStats{}, started: time.Now()}
	for _, o := range ops {
		m.byOp[o] = &opStats{op: o, buckets: make([]atomic.Uint64, len(latencyBuckets)+1)}
	}
	m.unmatched = &opStats{buckets: make([]atomic.Uint64, len(latencyBuckets)+1)}
	return m
}

func (m *metrics) observe(o *op.Operation, status int, d time.Duration) {
	st := m.unmatched
	if o != nil {
		if x := m.byOp[o]; x != nil {
			st = x
		}
	}
	if c := status / 100; c >= 1 && c <= 5 {
		st.classes[c].Add(1)
	}
	sec := d.Seconds()
	i := sort.SearchFloat64s(latencyBuckets, sec)
	st.buckets[i].Add(1)
	st.sumNs.Add(uint64(d))
	st.count.Add(1)
}

// write renders the Prometheus text exposition format (version 0.0.4).
func (m *metrics) write(buf *bytes.Buffer) {
	stats := make([]*opStats, 0, len(m.byOp)+1)
	for _, st := range m.byOp {
		stats = append(stats, st)
	}
	sort.Slice(stats, func(i, j int) bool { return stats[i].op.ID < stats[j].op.ID })
	stats = append(stats, m.unmatched)
	label := func(st *opStats) string {
		if st.op == nil {
			return `route="(unmatched)",method=""`
		}
		return fmt.Sprintf("route=%q,method=%q", st.op.Path, st.op.Method)
	}
	buf.WriteString("# HELP astroapi_http_requests_total HTTP requests by route and status class.\n# TYPE astroapi_http_requests_total counter\n")
	for _, st := range stats {
		for c := 1; c <= 5; c++ {
			if n := st.classes[c].Load(); n > 0 {
				fmt.Fprintf(buf, "astroapi_http_requests_total{%s,code=\"%dxx\"} %d\n", label(st), c, n)
			}
		}
	}
	buf.WriteString("# HELP astroapi_http_request_duration_seconds Time from routing to response written, by route.\n# TYPE astroapi_http_request_duration_seconds histogram\n")
	for _, st := range stats {
		n := st.count.Load()
		if n == 0 {
			continue
		}
		var cum uint64
		for i, ub := range latencyBuckets {
			cum += st.buckets[i].Load()
			fmt.Fprintf(buf, "astroapi_http_request_duration_seconds_bucket{%s,le=\"%g\"} %d\n", label(st), ub, cum)
		}
		cum += st.buckets[len(latencyBuckets)].Load()
		fmt.Fprintf(buf, "astroapi_http_request_duration_seconds_bucket{%s,le=\"+Inf\"} %d\n", label(st), cum)
		fmt.Fprintf(buf, "astroapi_http_request_duration_seconds_sum{%s} %g\n", label(st), float64(st.sumNs.Load())/1e9)
		fmt.Fprintf(buf, "astroapi_http_request_duration_seconds_count{%s} %d\n", label(st), cum)
	}
	fmt.Fprintf(buf, "# HELP astroapi_http_in_flight Requests being served.\n# TYPE astroapi_http_in_flight gauge\nastroapi_http_in_flight %d\n", m.inflight.Load())
	fmt.Fprintf(buf, "# HELP astroapi_uptime_seconds Seconds since the server started.\n# TYPE astroapi_uptime_seconds gauge\nastroapi_uptime_seconds %g\n", time.Since(m.started).Seconds())
	if m.extra != nil {
		m.extra(buf)
	}
}

// writeMetrics renders the server's metrics and the quota's: the billed
// calls its flushes have stored, which a crash can no longer lose.
func (s *Server) writeMetrics(buf *bytes.Buffer) {
	s.metrics.write(buf)
	if s.cfg.Quota != nil {
		fmt.Fprintf(buf, "# HELP astroapi_quota_flushed_calls_total Billed calls written to the store by the quota flushes.\n# TYPE astroapi_quota_flushed_calls_total counter\nastroapi_quota_flushed_calls_total %d\n", s.cfg.Quota.FlushedCalls())
	}
}
