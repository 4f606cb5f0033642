package op

import (
	"context"
	"fmt"
	"runtime/debug"
	"sort"
	"strings"
	"time"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/places"
	"github.com/astroapi/astroapi/engine/resolve"
	"github.com/astroapi/astroapi/engine/zones"
	"github.com/astroapi/astroapi/http/shape"
	"github.com/astroapi/astroapi/quota"
	"github.com/astroapi/astroapi/store"
)

// Call is one invocation of an operation, over HTTP, as a batch item or as
// a tool call. It is only valid during the handler; never keep it after the
// handler returns.
type Call struct {
	op        *Operation
	ctx       context.Context
	now       time.Time
	requestID string
	key       *store.Key
	account   *store.Account
	remoteIP  string
	body      []byte
	query     [][2]string
	params    map[string]string
	accept    string
	services  resolve.Services
	lenient   bool
	shape     *shape.Spec

	in       any // the decoded input (a pointer to the operation's In)
	spare    any // the input of the call before, to decode into again (Reuse)
	echo     any
	echoSet  bool
	decoded  any
	present  presence
	scan     scanner           // the body's scanner, kept with the call (no allocation of its own)
	pending  [4]pendingResolve // room for the parts of an input that resolve themselves
	warnings []string
	usage    *quota.Usage
	usesNow  bool
}

// Request is what a door knows of a call before running it.
type Request struct {
	Context   context.Context
	Now       time.Time // the instant the call started, from the server's clock
	RequestID string
	Key       *store.Key     // nil on public routes called without a key
	Account   *store.Account // the key's account
	RemoteIP  string         // the client's address ("" when not over HTTP)
	Body      []byte
	Query     [][2]string       // query parameters in order
	Params    map[string]string // path parameters, decoded
	Accept    string            // the Accept header ("" when not over HTTP)
	// Services are the offline indexes inputs resolve with (geocoding of
	// a birth's location, the zone of a place).
	Services resolve.Services
	// Lenient: the caller asked for Prefer: handling=lenient (RFC 7240):
	// names the input does not have are warnings instead of a 422.
	Lenient bool
	// Shape is what the caller asked of the answer's size through the
	// door's shared query parameters (fields, decimals; nil: the whole
	// answer). Decode checks it against the operation's result type with
	// the input, so that a bad path is in the same 422; the doors apply it
	// when they encode the result.
	Shape *shape.Spec
}

// NewCall prepares a call of o; Run runs it.
func NewCall(o *Operation, r Request) *Call {
	if r.Context == nil {
		r.Context = context.Background()
	}
	return &Call{ // Reuse copies it: keep it one literal
		op: o, ctx: r.Context, now: r.Now, requestID: r.RequestID, key: r.Key, account: r.Account,
		remoteIP: r.RemoteIP, body: r.Body, query: r.Query, params: r.Params, accept: r.Accept,
		services: r.Services, lenient: r.Lenient, shape: r.Shape,
	}
}

// Reuse prepares c for a call of o, keeping the storage of the call it
// held: its scanner's lists and, when o is the same operation, its input
// struct (zeroed before it is decoded again). It is for doors that run
// calls one after another on one goroutine (a bulk job's workers), once
// the last call's answer is encoded: nothing of the last call (its input,
// its echo, its result) may be used after Reuse. It saves the two
// allocations of a call that a job of 100,000 lines would otherwise leave
// to the collector (about 2 KB a line).
func (c *Call) Reuse(o *Operation, r Request) *Call {
	var spare any
	if c.op == o {
		spare = c.in
	}
	sc := c.scan
	*c = *NewCall(o, r)
	c.spare = spare
	c.scan = scanner{errs: sc.errs[:0], unknown: sc.unknown[:0], missing: sc.missing[:0]}
	return c
}

// Decode reads, checks and resolves the call's input (see decode): a 400
// problem when the body is not JSON, a 422 listing every bad field
// otherwise. Run decodes if Decode was not called.
func (c *Call) Decode() error {
	if c.in != nil {
		return nil
	}
	in, err := c.op.decode(c)
	if c.shape != nil {
		err = c.checkShape(err)
	}
	if err != nil {
		return err
	}
	c.in = in
	return nil
}

// checkShape adds what is wrong with the call's shape to the input's
// field errors (one 422 for both; an unreadable body stays a 400).
func (c *Call) checkShape(err error) error {
	var errs engine.Fields
	if other := errs.Add(err); other != nil {
		return other
	}
	if c.op.Produces != "" || c.op.Streams() {
		what := c.op.Produces
		if what == "" {
			what = "a streamed body"
		}
		for _, name := range []string{shape.FieldsParam, shape.DecimalsParam} {
			if c.shapeSent(name) {
				errs.Bad(name, "shapes JSON answers; this operation answers "+what)
			}
		}
		return errs.Err()
	}
	errs.Add(c.shape.Check(c.op.Out))
	return errs.Err()
}

// shapeSent reports whether the shape holds the parameter name.
func (c *Call) shapeSent(name string) bool {
	if name == shape.FieldsParam {
		return c.shape.Fields() != ""
	}
	return c.shape.Decimals() >= 0
}

// Shape returns the answer's shape (nil: the whole answer).
func (c *Call) Shape() *shape.Spec { return c.shape }

// Cost is how many calls of quota this call counts for: the input's Cost
// when it is a Coster (decode first), else the operation's Cost, at least 1.
func (c *Call) Cost() int64 {
	if k, ok := c.in.(Coster); ok {
		return max(1, k.Cost())
	}
	return max(1, c.op.Cost)
}

// Run decodes the input (unless Decode did) and runs the handler. A panic
// in the handler is returned as an error (a 500 whose cause names the
// operation).
func (c *Call) Run() (res any, err error) {
	if err := c.Decode(); err != nil {
		return nil, err
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic in %s: %v\n%s", c.op.ID, r, debug.Stack())
		}
	}()
	return c.op.handle(c, c.in)
}

// Operation returns the operation being called.
func (c *Call) Operation() *Operation { return c.op }

// Now returns the instant the call started, from the server's injected
// clock. Handlers use it for "now" defaults so tests can fix the time.
func (c *Call) Now() time.Time { return c.now }

// UsesNow says that the answer depends on the time of the call (an instant
// left out meaning "now"): the results cache neither keeps nor serves it,
// even for a Cacheable operation.
func (c *Call) UsesNow() { c.usesNow = true }

// DependsOnNow reports whether the handler called UsesNow.
func (c *Call) DependsOnNow() bool { return c.usesNow }

// Places returns the geocoding index inputs resolve with (nil without one).
func (c *Call) Places() *places.Index { return c.services.Places }

// Zones returns the zone index inputs resolve with (nil without one).
func (c *Call) Zones() *zones.Index { return c.services.Zones }

// Lenient reports whether the caller asked for lenient handling of names
// the input does not have (the door then sends Preference-Applied).
func (c *Call) Lenient() bool { return c.lenient }

// Accept returns the request's Accept header, "" when there is none or the
// call did not come over HTTP (a batch item).
func (c *Call) Accept() string { return c.accept }

// Context returns the call's context, cancelled when the server gives up.
func (c *Call) Context() context.Context { return c.ctx }

// RequestID returns the call's trace identifier.
func (c *Call) RequestID() string { return c.requestID }

// Key returns the authenticated key, nil on public routes called without one.
func (c *Call) Key() *store.Key { return c.key }

// Account returns the account of the authenticated key, nil without one.
func (c *Call) Account() *store.Account { return c.account }

// RemoteIP returns the client's address, "" when the call did not come
// over HTTP (a batch item, a tool call: they carry their request's).
func (c *Call) RemoteIP() string { return c.remoteIP }

// Body returns the raw request body.
func (c *Call) Body() []byte { return c.body }

// Param returns the path parameter name ("" when absent).
func (c *Call) Param(name string) string { return c.params[name] }

// Has reports whether the input held the top-level field name (JSON key or
// query parameter) with a value other than null. It tells "absent" from
// "zero".
func (c *Call) Has(name string) bool { return c.present.has(name) }

// Echo sets the envelope's input: the interpreted input. Without a call to
// Echo the envelope echoes the decoded input.
func (c *Call) Echo(v any) { c.echo, c.echoSet = v, true }

// Warn adds a message to the envelope's warnings list.
func (c *Call) Warn(msg ...string) { c.warnings = append(c.warnings, msg...) }

// Warnings returns the warnings collected so far.
func (c *Call) Warnings() []string { return c.warnings }

// Input returns what the envelope echoes: the value given to Echo, else
// the decoded input, else an empty object.
func (c *Call) Input() any {
	if c.echoSet {
		return c.echo
	}
	if c.decoded != nil {
		return c.decoded
	}
	return struct{}{}
}

// Usage returns the account's usage block for the envelope (nil: none).
func (c *Call) Usage() *quota.Usage { return c.usage }

// SetUsage sets the usage block the envelope carries (doors set it when
// they charge or peek at the quota).
func (c *Call) SetUsage(u *quota.Usage) { c.usage = u }

// Fingerprint identifies the call's input exactly (operation, path
// parameters, query, body), as the key of the results cache.
func (c *Call) Fingerprint() string {
	var b strings.Builder
	b.Grow(len(c.op.ID) + len(c.body) + 16)
	b.WriteString(c.op.ID)
	b.WriteByte(0)
	if len(c.params) > 0 {
		names := make([]string, 0, len(c.params))
		for k := range c.params {
			names = append(names, k)
		}
		sort.Strings(names)
		for _, k := range names {
			b.WriteString(k)
			b.WriteByte('=')
			b.WriteString(c.params[k])
			b.WriteByte(0)
		}
	}
	b.WriteByte(1)
	for _, kv := range c.query {
		b.WriteString(kv[0])
		b.WriteByte('=')
		b.WriteString(kv[1])
		b.WriteByte(0)
	}
	b.WriteByte(1)
	if c.lenient { // the same body may be refused without the preference
		b.WriteByte('L')
	}
	if k := c.shape.Key(); k != "" { // the cache keeps the shaped answer
		b.WriteString(k)
		b.WriteByte(1)
	}
	b.Write(c.body)
	return b.String()
}
