package http

import (
	"context"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/valyala/fasthttp"

	"github.com/astroapi/astroapi/quota"
	"github.com/astroapi/astroapi/store"
)

// Operation is one route of the API, declared once. The router, the OpenAPI
// document, the batch route, the manifest and the API-client collection are
// all built from the list of operations.
type Operation struct {
	ID          string // stable operation id, e.g. "post-natal"
	Method      string // GET, POST, ...
	Path        string // with {name} path parameters, e.g. "/api/v1/timezone/{name}"
	Family      string // manifest/OpenAPI tag: Charts, Sky, Timing, Traditions, Agents, Access, Docs
	Summary     string
	Description string
	Input       any // zero value of the request type (JSON body for POST, query parameters for GET), nil if none
	Output      any // zero value of the result type, for schemas; nil if unknown
	Billed      bool
	Public      bool   // no key needed
	Produces    string // "" = JSON envelope; otherwise the media type of a Raw body, e.g. "image/svg+xml"
	Bare        bool   // JSON result written as-is, without the envelope (usage, manifest, health)
	NoBatch     bool   // not callable from the batch route (docs, console, the batch route itself)
	Hidden      bool   // left out of the OpenAPI document and the manifest (e.g. /metrics)
	Cacheable   bool   // deterministic: the answer depends only on the request (never on "now"), so results are cached
	Handle      func(c *Call) (any, error)
}

// Raw is a non-JSON response body a handler returns instead of a result.
type Raw struct {
	ContentType string
	Body        []byte
	Filename    string // when set, sent as an attachment (Content-Disposition)
}

var (
	familiesMu sync.Mutex
	families   []func(s *Server) []Operation
)

// registerFamily adds a family of operations. Family files call it from
// init so that no central list has to be edited.
func registerFamily(f func(s *Server) []Operation) {
	familiesMu.Lock()
	families = append(families, f)
	familiesMu.Unlock()
}

// collectOperations builds every registered operation for s, sorted by path
// then method so that documents are stable.
func collectOperations(s *Server) []*Operation {
	familiesMu.Lock()
	fs := append([]func(*Server) []Operation(nil), families...)
	familiesMu.Unlock()
	var ops []*Operation
	for _, f := range fs {
		for _, op := range f(s) {
			op := op
			ops = append(ops, &op)
		}
	}
	sort.SliceStable(ops, func(i, j int) bool {
		if ops[i].Path != ops[j].Path {
			return ops[i].Path < ops[j].Path
		}
		return ops[i].Method < ops[j].Method
	})
	return ops
}

// Call is one invocation of an operation, over HTTP or as a batch item. It
// is only valid during the handler; never keep it after Handle returns.
type Call struct {
	s         *Server
	op        *Operation
	ctx       context.Context
	rc        *fasthttp.RequestCtx // nil for batch items
	body      []byte
	query     [][2]string
	params    map[string]string
	now       time.Time
	requestID string
	key       *store.Key
	account   *store.Account
	usage     *quota.Usage

	cacheKey string // set when the operation is cacheable and the cache is on

	echo     any
	echoSet  bool
	decoded  any
	present  map[string]bool
	warnings []string
}

// Server returns the server the call runs on (its engines and stores).
func (c *Call) Server() *Server { return c.s }

// Operation returns the operation being called.
func (c *Call) Operation() *Operation { return c.op }

// Now returns the instant the call started, from the server's injected
// clock. Handlers use it for "now" defaults so tests can fix the time.
func (c *Call) Now() time.Time { return c.now }

// Context returns the call's context, cancelled when the server gives up on
// the request.
func (c *Call) Context() context.Context { return c.ctx }

// RequestID returns the call's trace identifier.
func (c *Call) RequestID() string { return c.requestID }

// Key returns the authenticated key, nil on public routes called without one.
func (c *Call) Key() *store.Key { return c.key }

// Account returns the account of the authenticated key, nil without one.
func (c *Call) Account() *store.Account { return c.account }

// Body returns the raw request body.
func (c *Call) Body() []byte { return c.body }

// Param returns the path parameter name ("" when absent).
func (c *Call) Param(name string) string { return c.params[name] }

// Query returns the first query parameter name ("" when absent).
func (c *Call) Query(name string) string {
	for _, kv := range c.query {
		if kv[0] == name {
			return kv[1]
		}
	}
	return ""
}

// HasQuery reports whether the query parameter name was sent.
func (c *Call) HasQuery(name string) bool {
	for _, kv := range c.query {
		if kv[0] == name {
			return true
		}
	}
	return false
}

// Has reports whether the last Decode saw the top-level field name (JSON
// key or query parameter), null included. It tells "absent" from "zero".
func (c *Call) Has(name string) bool { return c.present[name] }

// Echo sets the envelope's input: the interpreted input. Without a call to
// Echo the envelope echoes the value last passed to Decode.
func (c *Call) Echo(v any) { c.echo, c.echoSet = v, true }

// Warn adds a message to the envelope's warnings list.
func (c *Call) Warn(msg string) { c.warnings = append(c.warnings, msg) }

// Warnings returns the warnings collected so far.
func (c *Call) Warnings() []string { return c.warnings }

// input returns what the envelope echoes.
func (c *Call) input() any {
	if c.echoSet {
		return c.echo
	}
	if c.decoded != nil {
		return c.decoded
	}
	return struct{}{}
}

// methodHasBody reports whether m carries its input in a JSON body.
func methodHasBody(m string) bool {
	switch strings.ToUpper(m) {
	case "POST", "PUT", "PATCH":
		return true
	}
	return false
}
