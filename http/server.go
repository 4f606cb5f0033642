package http

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/netip"
	"net/url"
	"regexp"
	"runtime"
	"runtime/debug"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/dgraph-io/ristretto/v2"
	"github.com/fasthttp/router"
	json "github.com/goccy/go-json"
	"github.com/valyala/fasthttp"

	"github.com/astroapi/astroapi/engine/resolve"
	"github.com/astroapi/astroapi/http/labels"
	"github.com/astroapi/astroapi/http/op"
	"github.com/astroapi/astroapi/http/shape"
	"github.com/astroapi/astroapi/quota"
	"github.com/astroapi/astroapi/store"
)

// Version is the API version reported by the manifest and OpenAPI document.
const Version = "1.0.0"

// Config holds every dependency and limit of a Server.
type Config struct {
	// Operations are the families' routes (routes.All). The server adds its
	// own: the batch route, the documents built from the list (OpenAPI,
	// docs, manifest, Postman collection) and health and metrics.
	Operations []*op.Operation
	// Ephemeris says whether a position source is wired (reported by the
	// health checks).
	Ephemeris bool
	Store     store.Store      // accounts and keys
	Quota     *quota.Quota     // plans, counters, attribution, usage statistics
	Clock     func() time.Time // defaults to time.Now; tests inject a fake
	Logger    *slog.Logger     // application log (errors, start-up); defaults to discarding
	AccessLog io.Writer        // one JSON line per request; nil for none
	Limits    Limits
	// PublicURL is the base address shown in documents ("" = relative).
	PublicURL string
	// MetricsElsewhere keeps /metrics off the API's listener: the metrics
	// are served only by ServeMetrics on a separate address.
	MetricsElsewhere bool
	// CannedBody, when set, is served as-is by the hidden public route
	// POST /bench/canned: the benchmark's baseline of a response of the same
	// size without calculation, key or quota.
	CannedBody []byte
	// TableChecks are the table file's recorded verification, published on
	// the accuracy page (empty without tables).
	TableChecks []TableCheck
	// Services are the offline indexes every call's input resolves with
	// (the geocoding of a birth's location, the zone of a place).
	Services resolve.Services
}

// Limits bound what one request may cost.
type Limits struct {
	MaxBodyBytes  int           // request body limit (413 beyond); default 1 MiB
	ReadTimeout   time.Duration // default 10 s
	WriteTimeout  time.Duration // default 30 s
	IdleTimeout   time.Duration // default 60 s
	MaxBatchItems int           // default 100
	// MaxBatchCost bounds the calls of quota one batch may bill, all its
	// items together (an item past it is refused, not billed); default 500.
	MaxBatchCost int64
	// MaxBatchBytes bounds the encoded answer of one batch (items past it
	// are refused, not billed); default 16 MiB.
	MaxBatchBytes int
	// MaxStreams bounds the streamed answers (op.Streamer bodies over
	// StreamBuffered) being sent at once, overall (default 16 x GOMAXPROCS)
	// and per account (default 4): each holds its buffered start until the
	// client has read it.
	MaxStreams, MaxStreamsPerAccount int
	BatchWorkers                     int           // parallel batch items; default GOMAXPROCS
	KeyCacheTTL                      time.Duration // how long a key lookup is trusted; default 1 s (revocation delay)
	Concurrency                      int           // fasthttp connection limit; default 16384
	MaxConnsPerIP                    int           // open connections per client address; default 256
	ResultCache                      int64         // bytes of encoded results of Cacheable operations; default 64 MiB, negative: off
	MCPPageSize                      int           // tools (and resources) per page of tools/list; default 100
	Bulk                             BulkLimits    // the bulk route's jobs (bulk.go)
	// IdempotencyBytes bounds the answers kept for idempotency keys
	// (idempotency.go); default 64 MiB.
	IdempotencyBytes int64
	// Heavy calls (op.Spec.Heavy) in flight: overall, default GOMAXPROCS;
	// per account, default 2.
	MaxHeavy, MaxHeavyPerAccount int
	// TrustedProxies are the load balancers and proxies whose forwarding
	// headers (Forwarded, X-Forwarded-For) name the client; requests from
	// any other address are counted by their socket address. None by
	// default. See clientip.go.
	TrustedProxies []netip.Prefix
	// IPv6Prefix is the prefix length an IPv6 client is counted by in the
	// abuse limits (failed keys, sign-ups, connections); default 64.
	IPv6Prefix int
}

func (l *Limits) defaults() {
	if l.MaxBodyBytes <= 0 {
		l.MaxBodyBytes = 1 << 20
	}
	if l.ReadTimeout <= 0 {
		l.ReadTimeout = 10 * time.Second
	}
	if l.WriteTimeout <= 0 {
		l.WriteTimeout = 30 * time.Second
	}
	if l.IdleTimeout <= 0 {
		l.IdleTimeout = 60 * time.Second
	}
	if l.MaxBatchItems <= 0 {
		l.MaxBatchItems = 100
	}
	if l.MaxBatchCost <= 0 {
		l.MaxBatchCost = 500
	}
	if l.MaxBatchBytes <= 0 {
		l.MaxBatchBytes = 16 << 20
	}
	if l.MaxStreams <= 0 {
		l.MaxStreams = 16 * runtime.GOMAXPROCS(0)
	}
	if l.MaxStreamsPerAccount <= 0 {
		l.MaxStreamsPerAccount = 4
	}
	if l.BatchWorkers <= 0 {
		l.BatchWorkers = runtime.GOMAXPROCS(0)
	}
	if l.KeyCacheTTL <= 0 {
		l.KeyCacheTTL = time.Second
	}
	if l.Concurrency <= 0 {
		l.Concurrency = 16384
	}
	if l.MaxConnsPerIP <= 0 {
		l.MaxConnsPerIP = 256
	}
	if l.ResultCache == 0 {
		l.ResultCache = 64 << 20
	}
	if l.MCPPageSize <= 0 {
		l.MCPPageSize = 100
	}
	if l.MaxHeavy <= 0 {
		l.MaxHeavy = runtime.GOMAXPROCS(0)
	}
	if l.MaxHeavyPerAccount <= 0 {
		l.MaxHeavyPerAccount = 2
	}
	l.Bulk.defaults()
	if l.IdempotencyBytes <= 0 {
		l.IdempotencyBytes = 64 << 20
	}
	if l.IPv6Prefix <= 0 || l.IPv6Prefix > 128 {
		l.IPv6Prefix = 64
	}
}

// Server is the HTTP API. Build it with New, serve with Serve, stop with
// Shutdown.
type Server struct {
	cfg    Config
	log    *slog.Logger
	ops    []*op.Operation
	byID   map[string]*op.Operation
	router *router.Router
	http   *fasthttp.Server
	keys   *ristretto.Cache[string, *keyEntry]
	// staleKeys holds the keys the store confirmed lately, served while the
	// store is unreachable (see staleFor).
	staleKeys  *ristretto.Cache[string, *keyEntry]
	revoked    sync.Map // key id -> time.Time of ForgetKey
	authFails  *failCounter
	errLog     *errLogger
	results    *ristretto.Cache[string, *cachedResult] // nil when off
	seen       *seenKeys                               // requests seen once, which the results cache admits when they come again
	metrics    *metrics
	heavy      *heavyLimits
	streams    *heavyLimits  // streamed bodies being sent
	static     staticAnswers // the documents and assets, compressed once
	bulk       *bulkState    // the bulk route's running and resumable jobs
	bulkItemOp *op.Operation // reads a bulk line that is a batch item
	oversized  sync.Map      // request headers declaring a body over the limit (body.go)
	idem       *idemStore    // answers kept for idempotency keys

	ridPrefix string
	ridSeq    atomic.Uint64

	labels       *labels.Set // the translations of names (lang)
	docs         *docSet
	docIndex     docIndex // the documentation tool's, built on first use
	llmsDocs     llmsDocs // /llms.txt and /llms-full.txt, built on first use
	mcp          *mcpDoor
	shuttingDown atomic.Bool
	draining     atomic.Bool // Drain: not ready, still serving
	pingMu       sync.Mutex  // storeUp's last answer, and when
	pingAt       time.Time
	pingOK       bool
	lnMu         sync.Mutex
	lns          []net.Listener
	metricsSrv   *fasthttp.Server // the separate metrics listener, when served

	// baseCtx is the context of every call. fasthttp's RequestCtx is not
	// used as a context: libraries (pgx) watch contexts from goroutines that
	// may outlive the handler, and RequestCtx is recycled.
	baseCtx    context.Context
	cancelBase context.CancelFunc
}

// New builds a server from cfg: its operations and the server's own, with
// the invariants of the list checked (Check) and the documents built.
func New(cfg Config) (*Server, error) {
	cfg.Limits.defaults()
	if cfg.Clock == nil {
		cfg.Clock = time.Now
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	s := &Server{cfg: cfg, log: cfg.Logger, byID: map[string]*op.Operation{}}
	s.baseCtx, s.cancelBase = context.WithCancel(context.Background())
	var b [6]byte
	if _, err := rand.Read(b[:]); err != nil {
		return nil, err
	}
	s.ridPrefix = hex.EncodeToString(b[:])
	keys, err := ristretto.NewCache(&ristretto.Config[string, *keyEntry]{
		NumCounters: 100_000, MaxCost: 10_000, BufferItems: 64,
	})
	if err != nil {
		return nil, err
	}
	s.keys = keys
	if s.staleKeys, err = ristretto.NewCache(&ristretto.Config[string, *keyEntry]{
		NumCounters: 100_000, MaxCost: 10_000, BufferItems: 64,
	}); err != nil {
		return nil, err
	}
	s.authFails = newFailCounter()
	s.errLog = newErrLogger(s.log)
	if cfg.Limits.ResultCache > 0 {
		if s.results, err = newResultCache(cfg.Limits.ResultCache); err != nil {
			return nil, err
		}
		s.seen = newSeenKeys(1 << 16)
	}

	if s.labels, err = labels.Load(); err != nil {
		return nil, err
	}
	s.heavy = newHeavyLimits(cfg.Limits.MaxHeavy, cfg.Limits.MaxHeavyPerAccount)
	s.streams = newHeavyLimits(cfg.Limits.MaxStreams, cfg.Limits.MaxStreamsPerAccount)
	s.streams.wait, s.streams.what = 0, "streamed answers" // refused at once: the answer is made already
	s.bulk = newBulkState()
	s.idem = newIdemStore(cfg.Limits.IdempotencyBytes)
	s.bulkItemOp = op.Post(op.Spec{ID: bulkOperationID, Path: BulkPath}, func(*op.Call, *batchItem) (struct{}, error) { return struct{}{}, nil })
	s.ops = append(append([]*op.Operation(nil), cfg.Operations...), s.ownOps()...)
	sort.SliceStable(s.ops, func(i, j int) bool {
		if s.ops[i].Path != s.ops[j].Path {
			return s.ops[i].Path < s.ops[j].Path
		}
		return s.ops[i].Method < s.ops[j].Method
	})
	if err := Check(s.ops); err != nil {
		return nil, err
	}
	s.router = router.New()
	s.router.RedirectTrailingSlash = false
	// The router's case-fixing redirects build absolute URLs from the Host
	// header (Host: evil.example on /API-KEYS sent clients there): off.
	s.router.RedirectFixedPath = false
	s.router.HandleMethodNotAllowed = true
	s.router.NotFound = s.notFound
	s.router.MethodNotAllowed = s.methodNotAllowed
	s.metrics = newMetrics(s.ops)
	s.metrics.extra = s.writeGauges
	if s.mcp, err = s.newMCP(); err != nil {
		return nil, fmt.Errorf("http: building the MCP endpoint: %w", err)
	}
	s.router.GlobalOPTIONS = s.preflight
	for _, o := range s.ops {
		s.byID[o.ID] = o
		h := s.handler(o)
		switch o.ID { // JSON-RPC over MCP's transport, not the envelope
		case mcpOperationID, "post-mcp-family":
			h = s.mcp.serve(o, "")
		case "post-mcp-docs":
			h = s.mcp.serve(o, "docs")
		case bulkOperationID: // NDJSON streamed both ways, on a connection of its own
			h = s.serveBulk(o)
		}
		s.router.Handle(o.Method, o.Path, h)
		if o.Method == "GET" {
			// HEAD is GET without the body (fasthttp drops it), billed alike.
			s.router.Handle("HEAD", o.Path, h)
		}
	}
	// The documents are built once, now: a broken one stops the start.
	if s.docs, err = s.buildDocuments(); err != nil {
		return nil, fmt.Errorf("http: building the documents: %w", err)
	}
	s.http = &fasthttp.Server{
		// Compressed (brotli or gzip, as Accept-Encoding asks) when the
		// media type compresses and the body is worth it.
		Handler:      fasthttp.CompressHandlerBrotliLevel(s.entry, 4, fasthttp.CompressDefaultCompression),
		ErrorHandler: s.readError,
		// Bodies are streamed to the handlers: the bulk route reads its
		// own line by line while it answers; entry reads the others
		// whole, bounded (body.go).
		StreamRequestBody: true,
		HeaderReceived:    s.headerReceived,
		Name:              "astroapi",
		ReadTimeout:       cfg.Limits.ReadTimeout,
		WriteTimeout:      cfg.Limits.WriteTimeout,
		IdleTimeout:       cfg.Limits.IdleTimeout,
		// A body declared larger than the limit is refused on its
		// Content-Length, before a byte of it is read (413); a chunked one
		// as soon as it passes the limit.
		MaxRequestBodySize:            cfg.Limits.MaxBodyBytes,
		Concurrency:                   cfg.Limits.Concurrency,
		WriteBufferSize:               32 << 10, // a natal response (11 KB) and its header leave in one write
		ReadBufferSize:                8 << 10,  // the request line and header fields: 431 beyond
		NoDefaultServerHeader:         false,
		NoDefaultContentType:          true,
		DisablePreParseMultipartForm:  true,
		CloseOnShutdown:               true,
		SecureErrorLogMessage:         true, // never echo request data (keys) into fasthttp's own log
		Logger:                        fasthttpLogger{s.log},
		DisableHeaderNamesNormalizing: false,
	}
	return s, nil
}

// Operations returns the served operations, sorted by path and method.
func (s *Server) Operations() []*op.Operation { return s.ops }

// Handler returns the root request handler (for tests and embedding).
func (s *Server) Handler() fasthttp.RequestHandler { return s.entry }

// Serve accepts connections on ln until Shutdown.
func (s *Server) Serve(ln net.Listener) error {
	s.lnMu.Lock()
	if s.shuttingDown.Load() {
		s.lnMu.Unlock()
		ln.Close()
		return nil
	}
	s.lns = append(s.lns, ln)
	s.lnMu.Unlock()
	err := s.http.Serve(newPerIPListener(ln, s.cfg.Limits.MaxConnsPerIP, s.connKey))
	if s.shuttingDown.Load() && errors.Is(err, net.ErrClosed) {
		return nil
	}
	return err
}

// Shutdown stops accepting connections, waits for in-flight requests to
// finish (until ctx ends) and flushes the quota counters.
func (s *Server) Shutdown(ctx context.Context) error {
	s.shuttingDown.Store(true)
	err := s.http.ShutdownWithContext(ctx)
	// Bulk jobs run on connections taken from fasthttp: they are stopped
	// (each answers the lines it read, then its end line says where to
	// resume) and waited for, before the counters are flushed.
	if werr := s.bulk.shutdown(ctx); werr != nil && err == nil {
		err = werr
	}
	// A Serve that had not yet registered its listener with fasthttp when
	// Shutdown ran would serve on: close every listener ourselves.
	s.lnMu.Lock()
	for _, ln := range s.lns {
		ln.Close()
	}
	metricsSrv := s.metricsSrv
	s.lnMu.Unlock()
	if metricsSrv != nil {
		metricsSrv.Shutdown()
	}
	if s.cfg.Quota != nil {
		if _, ferr := s.cfg.Quota.Flush(context.WithoutCancel(ctx)); ferr != nil && err == nil {
			err = ferr
		}
	}
	s.cancelBase()
	s.keys.Close()
	s.staleKeys.Close()
	if s.results != nil {
		s.results.Close()
	}
	return err
}

// entry is the root handler: request id, recovery, the query-key rule, then
// the router.
func (s *Server) entry(rc *fasthttp.RequestCtx) {
	start := time.Now() // wall clock for durations only; calculations use the injected clock
	rid := s.requestID(rc)
	rc.SetUserValue(ridKey, rid)
	rc.Response.Header.Set("X-Request-ID", rid)
	rc.Response.Header.Set("X-Content-Type-Options", "nosniff")
	rc.Response.Header.Set("Referrer-Policy", "no-referrer")
	setCORS(rc)
	s.metrics.inflight.Add(1)
	defer s.metrics.inflight.Add(-1)
	defer func() {
		if r := recover(); r != nil {
			s.log.Error("panic", "request_id", rid, "panic", fmt.Sprint(r), "stack", string(debug.Stack()))
			rc.Response.Reset()
			rc.Response.Header.Set("X-Request-ID", rid)
			s.writeProblem(rc, op.ProblemFor(fmt.Errorf("panic: %v", r)), rid)
			s.finish(rc, start, rid, nil)
		}
	}()
	if s.refuseFraming(rc, rid) {
		s.finish(rc, start, rid, nil)
		return
	}
	if rc.Request.IsBodyStream() && !isBulkURI(rc.Request.Header.RequestURI()) {
		// Every route but the bulk one gets its body whole (body.go).
		if p := s.readBody(rc); p != nil {
			rc.SetConnectionClose() // the rest of the body is never read
			lingerOnClose(rc)       // but drained, so that the client reads the answer
			s.writeProblem(rc, p, rid)
			s.finish(rc, start, rid, nil)
			return
		}
	}
	if name, ok := keyInQuery(rc.QueryArgs()); ok {
		p := op.NewProblem(400, op.KindKeyInQuery, "API keys are accepted only in the x-api-key header (or as Authorization: Bearer), never in the URL: URLs end up in access logs, proxies and browser history. Remove the query parameter "+strconv.Quote(name)+", send the header instead, and rotate the key if this URL was shared or logged.")
		p.Errors = []op.FieldProblem{{Field: name, Reason: "API keys are not accepted in the query string"}}
		s.writeProblem(rc, p, rid)
		s.finish(rc, start, rid, nil)
		return
	}
	s.router.Handler(rc)
	c, _ := rc.UserValue(opKey).(*op.Call) // nil: not found, method not allowed
	s.finish(rc, start, rid, c)
}

const (
	ridKey     = "astroapi.rid"
	opKey      = "astroapi.op"
	problemKey = "astroapi.problem"
)

// problemType is the slug of a problem's type ("validation"), as the
// usage statistics count refused calls.
func problemType(p *op.Problem) string {
	if p == nil {
		return ""
	}
	return strings.TrimPrefix(p.Type, "/docs/api#problem-")
}

// requestID honours a sane incoming X-Request-ID or makes one. An id that
// holds an API key (sent there by mistake, or to plant it in our logs) is
// replaced: request ids are logged and echoed, keys never are.
func (s *Server) requestID(rc *fasthttp.RequestCtx) string {
	if in := rc.Request.Header.Peek("X-Request-ID"); saneRequestID(in) && !bytes.Contains(bytes.ToLower(in), []byte(store.SecretPrefix)) {
		return string(in)
	}
	return s.ridPrefix + "-" + strconv.FormatUint(s.ridSeq.Add(1), 36)
}

// saneRequestID accepts 1-128 characters of letters, digits and -_.:
func saneRequestID(b []byte) bool {
	if len(b) == 0 || len(b) > 128 {
		return false
	}
	for _, c := range b {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '-', c == '_', c == '.', c == ':':
		default:
			return false
		}
	}
	return true
}

// keyInQuery reports a query parameter that looks like an API key.
func keyInQuery(args *fasthttp.Args) (string, bool) {
	if args.Len() == 0 {
		return "", false
	}
	for k := range args.All() {
		var norm [32]byte
		n := 0
		for _, c := range k {
			if c == '-' || c == '_' || c == '.' {
				continue
			}
			if c >= 'A' && c <= 'Z' {
				c += 'a' - 'A'
			}
			if n == len(norm) {
				break
			}
			norm[n] = c
			n++
		}
		switch string(norm[:n]) {
		case "apikey", "key", "xapikey", "apitoken", "accesskey", "accesstoken", "authorization", "bearer":
			return string(k), true
		}
	}
	return "", false
}

// handler runs one operation over HTTP.
func (s *Server) handler(o *op.Operation) fasthttp.RequestHandler {
	hasParams := len(o.PathParams()) > 0
	label := labelled(o)
	static := staticOp(o)
	// The API's free routes (usage, batch) take a token of the rate like
	// every API request; the key console's pages and their few requests
	// per click are not API traffic (sign-up has its own limit).
	tokenForFree := o.Access == op.Free && strings.HasPrefix(o.Path, "/api/v1/")
	return func(rc *fasthttp.RequestCtx) {
		rid, _ := rc.UserValue(ridKey).(string)
		r := s.request(rc, rid)
		if acc := rc.Request.Header.Peek("Accept"); len(acc) > 0 {
			r.Accept = string(acc)
		}
		if n := rc.QueryArgs().Len(); n > 0 {
			r.Query = make([][2]string, 0, n)
			for k, v := range rc.QueryArgs().All() {
				if string(k) == langParam {
					continue // the door's, not the operation's
				}
				r.Query = append(r.Query, [2]string{string(k), string(v)})
			}
			r.Query, r.Shape = shape.FromQuery(r.Query) // the door's own parameters (fields, decimals)
		}
		lang, langProblem := "", (*op.Problem)(nil)
		if label {
			lang, langProblem = s.requestLang(rc.QueryArgs(), rc.Request.Header.Peek("Accept-Language"))
		}
		if hasParams {
			r.Params = map[string]string{}
			rc.VisitUserValues(func(k []byte, v any) {
				if str, ok := v.(string); ok {
					if strings.IndexByte(str, '%') >= 0 { // the router leaves %2F and friends encoded
						if u, err := url.PathUnescape(str); err == nil {
							str = u
						}
					}
					r.Params[string(k)] = str
				}
			})
		}
		if static {
			key := staticKey(o, func(n string) string { return r.Params[n] })
			if e := s.static.get(key); e != nil {
				// Answered before: the same bytes, compressed once.
				rc.SetUserValue(opKey, op.NewCall(o, r))
				e.write(rc)
				return
			}
		}
		if p := bodyMediaProblem(o, rc.Request.Header.ContentType(), r.Body); p != nil {
			s.writeProblem(rc, p, rid)
			rc.SetUserValue(opKey, op.NewCall(o, r))
			return
		}
		key, p := requestKey(&rc.Request.Header)
		if p == nil {
			p = langProblem
		}
		var c *op.Call
		if ik := rc.Request.Header.Peek(IdempotencyHeader); len(ik) > 0 && p == nil {
			c = s.idempotent(rc, o, r, key, ik, lang, tokenForFree) // a retry is answered as the first call was
		} else {
			c = s.serveCall(rc, o, r, key, p, lang, tokenForFree)
		}
		if label {
			rc.Response.Header.Add("Vary", "Accept-Language")
		}
		rc.SetUserValue(opKey, c) // entry finishes the request: log, metrics, attribution
	}
}

// serveCall authenticates, bills and runs a call of o and writes its
// answer (p, when set, is the problem to answer instead); token as
// invoke's.
func (s *Server) serveCall(rc *fasthttp.RequestCtx, o *op.Operation, r op.Request, key []byte, p *op.Problem, lang string, token bool) *op.Call {
	var c *op.Call
	var res any
	var ck string
	if p != nil {
		c = op.NewCall(o, r)
	} else {
		c, res, ck, p = s.invoke(o, r, key, token)
	}
	if p != nil {
		s.tarpit(p)
		s.setLimitHeaders(rc, c.Usage(), p)
		s.writeProblem(rc, p, r.RequestID)
	} else {
		s.setLimitHeaders(rc, c.Usage(), nil)
		s.writeResult(rc, c, res, ck)
		if lang != "" && rc.Response.StatusCode() == 200 {
			s.addLabels(rc, lang)
		}
	}
	return c
}

// request starts the op.Request of an HTTP call: clock, request id, body,
// client address, the offline indexes and the caller's preference for
// lenient handling of unknown names.
func (s *Server) request(rc *fasthttp.RequestCtx, rid string) op.Request {
	r := op.Request{Context: s.baseCtx, Now: s.cfg.Clock().UTC(), RequestID: rid, Body: rc.PostBody(),
		RemoteIP: s.clientIP(rc), Services: s.cfg.Services}
	if pref := rc.Request.Header.Peek("Prefer"); len(pref) > 0 && prefersLenient(string(pref)) {
		r.Lenient = true
		rc.Response.Header.Set("Preference-Applied", "handling=lenient")
	}
	return r
}

// prefersLenient reads a Prefer header (RFC 7240): handling=lenient asks
// that names the input does not have be warnings rather than a 422.
// Several preferences may be sent, comma-separated or in several headers
// (fasthttp joins them), each possibly with parameters.
func prefersLenient(h string) bool {
	for _, p := range strings.Split(h, ",") {
		p, _, _ = strings.Cut(p, ";")
		name, value, _ := strings.Cut(strings.TrimSpace(p), "=")
		if strings.EqualFold(strings.TrimSpace(name), "handling") && strings.EqualFold(strings.Trim(strings.TrimSpace(value), `"`), "lenient") {
			return true
		}
	}
	return false
}

// invoke authenticates, bills and runs a call of o; it is shared by HTTP
// and the tool endpoint. It returns the call, and either its result (and
// the results-cache key to store it under, "" for none) or a problem.
// With token, an authenticated call takes a token of the per-second rate
// first (a free operation's: a billed one takes it with its bill).
func (s *Server) invoke(o *op.Operation, r op.Request, key []byte, token bool) (*op.Call, any, string, *op.Problem) {
	if o.Access != op.Public || len(key) > 0 {
		ent, p := s.authenticate(r.Context, key, r.RemoteIP)
		if p != nil && o.Access != op.Public {
			return op.NewCall(o, r), nil, "", p
		}
		if p == nil {
			r.Key, r.Account = &ent.key, &ent.account
		}
	}
	c := op.NewCall(o, r)
	if token {
		if p := s.rateToken(c); p != nil {
			return c, nil, "", p
		}
	}
	res, ck, p := s.run(c, s.chargeCall)
	return c, res, ck, p
}

// maxTarpit bounds how long a refusal for rate is held before it is sent.
const maxTarpit = 100 * time.Millisecond

// tarpit holds a refusal for rate (the plan's per-second rate, or bad keys
// from one address) up to its Retry-After, at most maxTarpit, before it is
// sent: a client that ignores Retry-After and asks again at once (16
// connections asking for the MCP tool list on a 2-a-second plan) waits on
// its connection instead of taking the cores from everyone else. It costs
// a sleeping goroutine.
func (s *Server) tarpit(p *op.Problem) {
	if p.Type == rateProblemType {
		time.Sleep(min(p.RetryAfter(), maxTarpit))
	}
}

var rateProblemType = op.NewProblem(429, op.KindRate, "").Type

// rateToken takes a token of the per-second rate for an authenticated
// API request that is not billed (the usage routes, a batch, a message to
// the MCP endpoint): every API request counts against the rate, whatever
// it costs in calls.
func (s *Server) rateToken(c *op.Call) *op.Problem {
	if c.Key() == nil || s.cfg.Quota == nil {
		return nil
	}
	_, p := s.bill(c, s.chargeCall, 0)
	return p
}

// charger bills n calls of quota before a call runs: a single call also
// takes a token of the per-second rate, a batch item not (its batch took
// one). n = 0 takes only what the charger takes besides the quota.
type charger func(c *op.Call, n int64) (quota.Usage, error)

// The calls are held, not counted, until the call is answered (settle):
// a crash between the two can lose the count, never count a call that
// was not served.
func (s *Server) chargeCall(c *op.Call, n int64) (quota.Usage, error) {
	return s.cfg.Quota.Hold(c.Context(), c.Account().ID, c.Account().Plan, n, true)
}

func (s *Server) chargeItem(c *op.Call, n int64) (quota.Usage, error) {
	return s.cfg.Quota.Hold(c.Context(), c.Account().ID, c.Account().Plan, n, false)
}

// unbill gives back the calls of a billed call that was run but could not
// be answered after all (a stream refused for want of a slot).
func (s *Server) unbill(c *op.Call) {
	if c.Operation().Access == op.Billed && c.Key() != nil && s.cfg.Quota != nil {
		s.cfg.Quota.Refund(c.Account().ID, c.Now(), c.Cost())
	}
}

// settle counts the held calls of a call that was answered.
func (s *Server) settle(c *op.Call, n int64) {
	s.cfg.Quota.Settle(c.Account().ID, c.Now(), n)
}

// run handles an authenticated call: the operation's dependencies, the
// input, the bill, the heavy-call limits, the results cache, the handler.
//
// Billing: a billed call is charged its cost before it runs, so that with
// N calls left exactly N concurrent calls pass. A call that ends without
// an answer (the decoder's 400 or 422, a 4xx of the handler such as an
// unknown star or a range too long, or a fault of ours) takes its token
// of the per-second rate and is refunded its calls: users pay for answers,
// not for their typos.
func (s *Server) run(c *op.Call, charge charger) (any, string, *op.Problem) {
	o := c.Operation()
	if o.Unavailable != "" {
		return nil, "", op.NewProblem(503, op.KindUnavailable, o.Unavailable)
	}
	metered := c.Key() != nil && s.cfg.Quota != nil
	billed := metered && o.Access == op.Billed
	if err := c.Decode(); err != nil {
		if billed {
			if _, p := s.bill(c, charge, 0); p != nil {
				return nil, "", p
			}
		}
		return nil, "", s.internal(c, err)
	}
	if o.Heavy {
		release, p := s.heavy.acquire(c, false)
		if p != nil {
			return nil, "", p
		}
		defer release()
	}
	cost := c.Cost()
	switch {
	case billed:
		if _, p := s.bill(c, charge, cost); p != nil {
			return nil, "", p
		}
	case metered && !o.Bare:
		if _, p := s.bill(c, func(c *op.Call, _ int64) (quota.Usage, error) {
			return s.cfg.Quota.Peek(c.Context(), c.Account().ID, c.Account().Plan)
		}, 0); p != nil {
			return nil, "", p
		}
	}
	var ck string
	if o.Cacheable && s.results != nil {
		key := c.Fingerprint()
		if cr, ok := s.results.Get(key); ok {
			if billed {
				s.settle(c, cost)
			}
			return cr, "", nil
		}
		// Only a request seen before is worth keeping: caching every
		// one-off chart cost a quarter of an uncached call.
		if s.seen.again(key) {
			ck = key
		}
	}
	res, err := c.Run()
	if err != nil {
		p := s.internal(c, err)
		if billed {
			s.cfg.Quota.Refund(c.Account().ID, c.Now(), cost)
			if u := c.Usage(); u != nil {
				r := *u
				r.RequestsThisDay -= min(cost, r.RequestsThisDay)
				r.RequestsThisMonth -= min(cost, r.RequestsThisMonth)
				c.SetUsage(&r)
			}
		}
		return nil, "", p
	}
	if billed {
		s.settle(c, cost)
	}
	if c.DependsOnNow() {
		ck = "" // the same request asked later has another answer
	}
	return res, ck, nil
}

// bill runs a charger and turns its refusal into the problem to answer;
// the usage it reports goes to the envelope.
func (s *Server) bill(c *op.Call, charge charger, n int64) (quota.Usage, *op.Problem) {
	u, err := charge(c, n)
	if err != nil {
		var le *quota.LimitError
		if errors.As(err, &le) {
			c.SetUsage(&le.Usage)
			return u, limitProblem(le)
		}
		if errors.Is(err, quota.ErrUnknownPlan) {
			// The operator removed or renamed a plan that accounts are
			// still on: the server's fault, told as such, and logged.
			s.log.Error("account on a plan missing from the configuration", "request_id", c.RequestID(), "plan", c.Account().Plan)
			return u, op.NewProblem(503, op.KindUnavailable, "your account's plan "+strconv.Quote(c.Account().Plan)+
				" is not configured on this server (logged for the operator; quote the request_id)")
		}
		return u, s.internal(c, err)
	}
	c.SetUsage(&u)
	return u, nil
}

// encoded returns the call's result encoded, from the cache or encoded now
// and stored under ck; ok is false when the result is not to be cached.
func (s *Server) encoded(c *op.Call, res any, ck string) (*cachedResult, bool, error) {
	if cr, hit := res.(*cachedResult); hit {
		return cr, true, nil
	}
	if ck == "" {
		return nil, false, nil
	}
	switch res.(type) {
	case op.Raw, op.Streamer:
		return nil, false, nil
	}
	cr, err := encodeResult(c, res, nil)
	if err != nil {
		return nil, false, err
	}
	release(c, res)
	s.results.Set(ck, cr, 0)
	return cr, true, nil
}

// internal maps a handler's error to its problem, logging server faults.
// A store that cannot be reached is a 503 with Retry-After, not a 500.
func (s *Server) internal(c *op.Call, err error) *op.Problem {
	if p := unavailable(err); p != nil {
		s.errLog.error("request failed: "+c.Operation().ID+" 503 (store unavailable)", err, "request_id", c.RequestID())
		return p
	}
	p := op.ProblemFor(err)
	if p.Status >= 500 {
		cause := errors.New("(none)")
		if p.Cause() != nil {
			cause = p.Cause()
		}
		// One line per second per operation and status: an outage fails
		// every request alike.
		s.errLog.error("request failed: "+c.Operation().ID+" "+strconv.Itoa(p.Status), cause, "request_id", c.RequestID())
	}
	return p
}

// storeRetry is the Retry-After of an answer refused because the store is
// unreachable: PostgreSQL restarts in seconds, and the pool reconnects by
// itself.
const storeRetry = 2 * time.Second

// unavailable is the 503 of an error saying the store cannot be reached
// (or the server is closing it), nil for any other error.
func unavailable(err error) *op.Problem {
	if errors.Is(err, store.ErrUnavailable) || errors.Is(err, store.ErrClosed) || errors.Is(err, quota.ErrClosed) {
		return op.NewProblem(503, op.KindUnavailable, "the account store is unavailable for a moment; retry after the Retry-After delay (nothing was billed)").WithRetryAfter(storeRetry)
	}
	return nil
}

func limitProblem(le *quota.LimitError) *op.Problem {
	kind, detail := op.KindQuota, ""
	switch le.Limit {
	case quota.LimitRate:
		kind = op.KindRate
		detail = fmt.Sprintf("too many requests per second for the plan (%d/s); retry after the Retry-After delay", le.Max)
	case quota.LimitMonthly:
		detail = fmt.Sprintf("the monthly quota of %d calls is used up; it resets at 00:00 UTC on the first day of next month, or upgrade the plan", le.Usage.MonthlyLimit)
		if left := le.Usage.MonthlyLimit - le.Usage.RequestsThisMonth; le.Want > 1 && left > 0 {
			detail = fmt.Sprintf("this call costs %d calls and %d of the monthly quota of %d are left; cheaper calls still pass, the quota resets at 00:00 UTC on the first day of next month", le.Want, left, le.Usage.MonthlyLimit)
		}
	default:
		detail = fmt.Sprintf("the daily quota of %d calls is used up; it resets at 00:00 UTC, or upgrade the plan", le.Usage.DailyLimit)
		if left := le.Usage.DailyLimit - le.Usage.RequestsThisDay; le.Want > 1 && left > 0 {
			detail = fmt.Sprintf("this call costs %d calls and %d of the daily quota of %d are left; cheaper calls still pass, the quota resets at 00:00 UTC", le.Want, left, le.Usage.DailyLimit)
		}
	}
	return op.NewProblem(429, kind, detail).WithRetryAfter(time.Duration(le.RetryAfterSeconds()) * time.Second)
}

// envelope is the body of every JSON calculation response (spec 2.1).
type envelope struct {
	CalculatedAt string       `json:"calculated_at"`
	Input        any          `json:"input"`
	RequestID    string       `json:"request_id"`
	Result       any          `json:"result"`
	Usage        *quota.Usage `json:"usage"`
	Warnings     []string     `json:"warnings,omitempty"`
}

func (s *Server) writeResult(rc *fasthttp.RequestCtx, c *op.Call, res any, ck string) {
	if c.Operation().Private {
		rc.Response.Header.Set("Cache-Control", "no-store")
	}
	if st, ok := res.(op.Streamer); ok {
		s.writeStream(rc, c, st.Stream())
		return
	}
	if raw, ok := res.(op.Raw); ok {
		csp := raw.Policy
		if csp == "" {
			csp = contentPolicy(raw.ContentType)
		}
		if key := staticKey(c.Operation(), c.Param); key != "" && raw.Filename == "" {
			if e := s.static.put(key, raw.ContentType, csp, raw.Body); e != nil {
				e.write(rc)
				return
			}
		}
		rc.SetStatusCode(200)
		rc.SetContentType(raw.ContentType)
		if csp != "" {
			rc.Response.Header.Set("Content-Security-Policy", csp)
		}
		if raw.Filename != "" {
			rc.Response.Header.Set("Content-Disposition", `attachment; filename="`+raw.Filename+`"`)
		}
		if w := c.Warnings(); len(w) > 0 {
			rc.Response.Header.Set("X-Warnings", warningsHeader(w))
		}
		rc.SetBody(raw.Body)
		return
	}
	o := c.Operation()
	if sh := c.Shape(); sh != nil && (sh.Active() || !sh.KeepsInput()) && ck == "" {
		if _, cached := res.(*cachedResult); !cached {
			s.writeShaped(rc, c, res)
			return
		}
	}
	if !o.Bare {
		cr, ok, err := s.encoded(c, res, ck)
		if err != nil {
			s.writeProblem(rc, s.internal(c, fmt.Errorf("encoding the result: %w", err)), c.RequestID())
			return
		}
		if ok {
			bp := accessBufs.Get().(*[]byte)
			b, err := appendEnvelope((*bp)[:0], c.Now(), c.RequestID(), cr, cr.warnings, c.Usage())
			if err != nil {
				accessBufs.Put(bp)
				s.writeProblem(rc, s.internal(c, fmt.Errorf("encoding the result: %w", err)), c.RequestID())
				return
			}
			rc.SetStatusCode(200)
			rc.SetContentType("application/json")
			rc.SetBody(b) // copies
			*bp = b
			accessBufs.Put(bp)
			return
		}
		if a, isApp := res.(jsonAppender); isApp {
			s.writeAppended(rc, c, a)
			release(c, res)
			return
		}
		if ra, isApp := res.(resultAppender); isApp {
			s.writeAppended(rc, c, appendResult{ra})
			release(c, res)
			return
		}
	}
	var v any = res
	if !o.Bare {
		v = &envelope{
			CalculatedAt: c.Now().Format(time.RFC3339Nano),
			Input:        c.Input(),
			RequestID:    c.RequestID(),
			Result:       res,
			Usage:        c.Usage(),
			Warnings:     c.Warnings(),
		}
	}
	rc.SetStatusCode(200)
	rc.SetContentType("application/json")
	enc := json.NewEncoder(rc) // writes straight into the response body buffer
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		rc.Response.ResetBody()
		s.writeProblem(rc, s.internal(c, fmt.Errorf("encoding the result: %w", err)), c.RequestID())
	}
}

// maxWarningsHeader bounds the X-Warnings field of non-JSON answers: a
// request can provoke thousands of warnings (362 KB of them made curl
// give up on an answer it was billed for).
const maxWarningsHeader = 2048

// warningsHeader joins warnings for X-Warnings, within maxWarningsHeader
// bytes, control characters replaced, saying how many were left out.
func warningsHeader(w []string) string {
	var b strings.Builder
	for i, m := range w {
		m = strings.Map(func(r rune) rune {
			if r < 0x20 || r == 0x7f {
				return ' '
			}
			return r
		}, m)
		if b.Len()+len(m)+2 > maxWarningsHeader-64 {
			fmt.Fprintf(&b, "; and %d more warnings (the JSON route lists them all)", len(w)-i)
			break
		}
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(m)
	}
	return b.String()
}

// contentPolicy is the Content-Security-Policy of a page or an image the
// server sends: pages load only their own scripts and styles and may not
// be framed; an SVG, opened on its own, runs nothing and loads nothing.
func contentPolicy(contentType string) string {
	switch {
	case strings.HasPrefix(contentType, "text/html"):
		return "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
	case strings.HasPrefix(contentType, "image/svg+xml"):
		return "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'"
	}
	return ""
}

// writeAppended writes the envelope around a result that encodes itself,
// straight into the response body buffer.
func (s *Server) writeAppended(rc *fasthttp.RequestCtx, c *op.Call, a jsonAppender) {
	in, err := encodeInput(c)
	if err == nil {
		// SwapBody hands over the response's pooled buffer and takes the
		// grown one back: no copy of a batch's megabyte.
		var b []byte
		if b, err = appendEnvelopeWith(rc.Response.SwapBody(nil)[:0], c.Now(), c.RequestID(), in, a.appendJSON, c.Warnings(), c.Usage()); err == nil {
			rc.Response.SwapBody(b)
			rc.SetStatusCode(200)
			rc.SetContentType("application/json")
			return
		}
	}
	rc.Response.ResetBody()
	s.writeProblem(rc, s.internal(c, fmt.Errorf("encoding the result: %w", err)), c.RequestID())
}

func (s *Server) writeProblem(rc *fasthttp.RequestCtx, p *op.Problem, rid string) {
	p.RequestID = rid
	rc.SetUserValue(problemKey, p) // for the key's statistics (finish)
	if p.Status == 401 {
		rc.Response.Header.Set("WWW-Authenticate", wwwAuthenticate)
	}
	rc.SetStatusCode(p.Status)
	rc.SetContentType("application/problem+json")
	if ra := p.RetryAfter(); ra > 0 && len(rc.Response.Header.Peek("Retry-After")) == 0 {
		rc.Response.Header.Set("Retry-After", strconv.FormatInt(int64((ra+time.Second-1)/time.Second), 10))
	}
	b, err := json.Marshal(p)
	if err != nil {
		b = []byte(`{"type":"/docs/api#problem-internal","title":"Internal error","status":500}`)
	}
	rc.SetBody(b)
}

func (s *Server) notFound(rc *fasthttp.RequestCtx) {
	rid, _ := rc.UserValue(ridKey).(string)
	if string(rc.Path()) == ManifestPath+"/" && (rc.IsGet() || rc.IsHead()) {
		// The router cannot hold both /api/v1 and /api/v1/: the
		// contract's spelling is answered by the manifest's handler.
		rc.URI().SetPath(ManifestPath)
		s.router.Handler(rc)
		return
	}
	s.writeProblem(rc, op.NewProblem(404, op.KindNotFound, "no route "+string(rc.Method())+" "+string(rc.Path())+"; GET /api/v1/ lists the routes"), rid)
}

func (s *Server) methodNotAllowed(rc *fasthttp.RequestCtx) {
	rid, _ := rc.UserValue(ridKey).(string)
	s.writeProblem(rc, op.NewProblem(405, op.KindMethod, "method "+string(rc.Method())+" is not served on "+string(rc.Path())+"; the Allow header lists the methods"), rid)
}

// readError answers requests fasthttp could not read (too large, malformed).
func (s *Server) readError(rc *fasthttp.RequestCtx, err error) {
	rid := s.ridPrefix + "-" + strconv.FormatUint(s.ridSeq.Add(1), 36)
	rc.Response.Header.Set("X-Request-ID", rid)
	var p *op.Problem
	var small *fasthttp.ErrSmallBuffer
	switch {
	case errors.Is(err, fasthttp.ErrBodyTooLarge) || strings.Contains(err.Error(), "body size exceeds") || s.declaredTooLarge(rc):
		p = s.tooLarge()
		rc.SetConnectionClose() // the rest of the body is never read
		lingerOnClose(rc)       // but drained, so that the client reads the 413
	case errors.As(err, &small) && longFirstLine(rc, s.http.ReadBufferSize/2):
		// The request line itself hardly fits, or not at all: the URL is
		// too long. (fasthttp forgets what it read; the connection
		// measured its first line. A later request of a kept-alive
		// connection is told 431 either way.)
		p = op.NewProblem(414, op.KindURITooLong, fmt.Sprintf("the request line is longer than the %d bytes this server reads; send long input in a POST body", s.http.ReadBufferSize))
	case errors.As(err, &small):
		p = op.NewProblem(431, op.KindHeadersTooLarge, fmt.Sprintf("the request's header fields are larger than the %d bytes this server reads; send fewer or shorter headers", s.http.ReadBufferSize))
	default:
		var te interface{ Timeout() bool }
		if errors.As(err, &te) && te.Timeout() {
			p = op.NewProblem(408, op.KindTimeout, "the request was not received within the read timeout")
		} else {
			p = op.NewProblem(400, op.KindBadRequest, "the HTTP request could not be parsed")
		}
	}
	s.writeProblem(rc, p, rid)
	s.metrics.observe(nil, p.Status, 0)
	if s.cfg.AccessLog != nil {
		s.writeAccess(&accessRecord{status: p.Status, route: "(unread)", rid: rid, method: rc.Method(), remote: s.clientAddr(rc).String()}, time.Now(), 0)
	}
}

func (s *Server) tooLarge() *op.Problem {
	return op.NewProblem(413, op.KindTooLarge, fmt.Sprintf("the request body is larger than the %d bytes this server accepts; split the request (a batch holds at most %d items)", s.cfg.Limits.MaxBodyBytes, s.cfg.Limits.MaxBatchItems))
}

// finish records metrics and the access-log line of one request. The log
// names the route template, never the query string (which may hold a key)
// and never the key, only its display prefix. A streamed body is still to
// be sent when the handler returns: its request is recorded when the
// stream ends, so that its duration covers the body.
func (s *Server) finish(rc *fasthttp.RequestCtx, start time.Time, rid string, c *op.Call) {
	d := time.Since(start)
	a := accessRecord{status: rc.Response.StatusCode(), route: "(unmatched)", rid: rid, method: rc.Method()}
	if c != nil {
		a.op = c.Operation()
		a.route = a.op.Path
		if k := c.Key(); k != nil {
			a.keyPrefix = k.Prefix
			a.quota = &quota.Call{AccountID: k.AccountID, KeyID: k.ID, Endpoint: a.op.ID, At: c.Now()}
			if p, ok := rc.UserValue(problemKey).(*op.Problem); ok {
				a.quota.Problem = problemType(p)
			}
		}
	}
	if s.cfg.AccessLog != nil {
		a.remote = s.clientAddr(rc).String()
	}
	if j, ok := rc.UserValue(bulkKey).(*bulkJob); ok {
		a.method = append([]byte(nil), a.method...) // rc is not ours once the handler returns
		done := func(status int) { a.status = status; s.record(&a, start, time.Since(start)) }
		j.done.Store(&done) // the job records the request when it ends
		return
	}
	if sb, ok := rc.UserValue(streamKey).(*streamBody); ok && rc.Response.IsBodyStream() {
		a.method = append([]byte(nil), a.method...) // rc is not ours once the handler returns
		sb.done = func() { s.record(&a, start, time.Since(start)) }
		return
	}
	s.record(&a, start, d)
}

// accessRecord is what finish keeps of a request for its records.
type accessRecord struct {
	op                            *op.Operation
	status                        int
	route, rid, keyPrefix, remote string
	method                        []byte
	quota                         *quota.Call // nil without a key
}

// record counts the request against its key's statistics, in the metrics
// and in the access log.
func (s *Server) record(a *accessRecord, start time.Time, d time.Duration) {
	if a.quota != nil && s.cfg.Quota != nil {
		q := *a.quota
		q.Status, q.Duration = a.status, d
		s.cfg.Quota.Record(q)
	}
	s.metrics.observe(a.op, a.status, d)
	if s.cfg.AccessLog != nil {
		s.writeAccess(a, start.Add(d), d)
	}
}

var accessBufs = sync.Pool{New: func() any { b := make([]byte, 0, 320); return &b }}

// writeAccess appends one access-log line in the shape of the slog JSON
// lines of the application log. It is written by hand because slog's
// per-record work (caller lookup, attribute boxing) cost a third of a
// cheap request.
func (s *Server) writeAccess(a *accessRecord, at time.Time, d time.Duration) {
	bp := accessBufs.Get().(*[]byte)
	b := (*bp)[:0]
	b = append(b, `{"time":"`...)
	b = at.UTC().AppendFormat(b, time.RFC3339Nano)
	b = append(b, `","level":"INFO","msg":"access","method":`...)
	b = appendJSONString(b, logMethod(a.method))
	b = append(b, `,"route":`...)
	b = appendJSONString(b, []byte(a.route))
	b = append(b, `,"status":`...)
	b = strconv.AppendInt(b, int64(a.status), 10)
	b = append(b, `,"duration_ms":`...)
	b = strconv.AppendFloat(b, float64(d.Microseconds())/1000, 'f', -1, 64)
	b = append(b, `,"request_id":`...)
	b = appendJSONString(b, []byte(a.rid))
	b = append(b, `,"key_prefix":`...)
	b = appendJSONString(b, []byte(a.keyPrefix))
	b = append(b, `,"remote":"`...)
	b = append(b, a.remote...)
	b = append(b, "\"}\n"...)
	s.cfg.AccessLog.Write(b)
	*bp = b
	accessBufs.Put(bp)
}

// logMethod is the method as the access log writes it: a method of HTTP,
// or OTHER (a request line may carry anything there, a key included).
func logMethod(m []byte) []byte {
	switch string(m) {
	case "GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "CONNECT", "TRACE":
		return m
	}
	return []byte("OTHER")
}

// appendJSONString appends v as a JSON string; bytes outside printable
// ASCII are escaped, so client-supplied values cannot break the line.
func appendJSONString(b, v []byte) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for _, c := range v {
		switch {
		case c == '"' || c == '\\':
			b = append(b, '\\', c)
		case c < 0x20 || c >= 0x7f:
			b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
		default:
			b = append(b, c)
		}
	}
	return append(b, '"')
}

// NewLogger returns the JSON-lines logger the server expects (access log
// and errors) writing to w.
func NewLogger(w io.Writer) *slog.Logger {
	return slog.New(slog.NewJSONHandler(w, &slog.HandlerOptions{Level: slog.LevelInfo}))
}

// fasthttpLogger routes fasthttp's own messages to slog.
type fasthttpLogger struct{ l *slog.Logger }

func (f fasthttpLogger) Printf(format string, args ...any) {
	f.l.Warn("fasthttp", "message", redact(fmt.Sprintf(format, args...)))
}

// quoted matches the Go-quoted strings fasthttp puts in its messages: the
// header values, request lines and bodies it could not parse.
var quoted = regexp.MustCompile(`"(?:[^"\\]|\\.)*"`)

// redact blanks the quoted request data of a fasthttp message, which may
// hold an API key (an x-api-key value with a stray \r is "an invalid
// header value", quoted whole), keeping the addresses of the connection.
func redact(msg string) string {
	return quoted.ReplaceAllStringFunc(msg, func(q string) string {
		if u, err := strconv.Unquote(q); err == nil && net.ParseIP(hostOf(u)) != nil {
			return q // "127.0.0.1:8080"<->"127.0.0.1:51234"
		}
		return `"[redacted]"`
	})
}

// hostOf is the host of host:port (s itself without a port).
func hostOf(s string) string {
	if h, _, err := net.SplitHostPort(s); err == nil {
		return h
	}
	return s
}
