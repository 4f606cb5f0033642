package op

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
)

// Access says who may call an operation and whether it is billed. The zero
// value is Billed: a route is free only when it says so.
type Access int

// The access levels.
const (
	Billed Access = iota // a key is required and each call is charged against the account's quota
	Free                 // a key is required; calls are not charged (usage, key console)
	Public               // no key needed, nothing charged (docs, geocoding, health)
)

// Spec describes an operation: everything but its types and handler.
type Spec struct {
	ID          string // stable operation id, e.g. "post-natal"
	Path        string // with {name} path parameters, e.g. "/api/v1/timezone/{name}"; {name:*} catches the rest
	Family      string // manifest/OpenAPI tag: Charts, Sky, Timing, Traditions, Agents, Access, Docs, Operations
	Summary     string
	Description string
	Access      Access
	// Produces is the media type of a non-JSON answer (the handler returns
	// Raw); "" for the JSON envelope.
	Produces string
	// Alternate is a media type the operation answers instead of the JSON
	// envelope when the request asks for it (an Accept header or a format
	// field), e.g. "text/csv": the documents list it beside JSON.
	Alternate string
	Bare      bool // JSON written as-is, without the envelope (usage, manifest, health)
	NoBatch   bool // not callable from the batch route or as a tool (docs, console, the batch route itself)
	// Resource publishes a GET operation without required input as an MCP
	// resource too: reference data an agent may read whole (the zone list, a
	// catalog), at the URI astroapi:// + Path. Reading it is a call of the
	// operation, billed as its Access says.
	Resource bool
	Hidden   bool // left out of the OpenAPI document and the manifest (metrics, benchmarks)
	// Cacheable: the answer depends only on the request (never on "now"),
	// so identical requests may be answered from the results cache. They
	// are still authenticated and billed.
	Cacheable bool
	// Recycle: the result has a Release method that hands its storage back
	// for reuse, and the doors call it once the result is encoded. Only
	// results nobody keeps may opt in.
	Recycle bool
	// Unavailable, when set, is the detail of the 503 the operation answers
	// instead of running: a dependency it needs (ephemeris, zone index,
	// store) is missing on this server. The operation stays documented.
	Unavailable string
	// Cost is how many calls of the daily and monthly quota one call of a
	// billed operation counts for (0 means 1): work far above a chart's,
	// such as a rasterised wheel, is billed as more than one call. An input
	// type with a Cost method (Coster) sets it per call instead.
	Cost int64
	// Heavy calls (seconds of CPU at the top of their range, a PNG) run
	// under the server's limits of heavy calls in flight, overall and per
	// account; beyond them the door answers 503 with Retry-After at once.
	Heavy bool
	// PathExamples are values of the path parameters for the example
	// request of the documents (the OpenAPI document, the API-client
	// collection); a parameter without one takes the example tag of the
	// input field of its name.
	PathExamples map[string]string
	// Private answers (a new key's secret, an account's keys) are sent with
	// Cache-Control: no-store.
	Private bool
	// JSONOnly refuses a body that is not declared application/json (415):
	// a cross-site form cannot send one without a CORS preflight, so a
	// public state-changing route such as sign-up cannot be driven by
	// other sites.
	JSONOnly bool
}

// Coster is implemented by an input whose cost in calls depends on what
// it asks for (the rows of an ephemeris, the span of a timeline): the door
// bills Cost() calls once the input is decoded and valid enough to count.
type Coster interface {
	Cost() int64
}

// Operation is one route of the API, declared once with its input and
// output types: the REST router, the OpenAPI document, the batch route and
// the tool endpoint are all built from the list of operations.
type Operation struct {
	Spec
	Method string
	In     reflect.Type // the input struct (JSON body for POST, query parameters for GET)
	Out    reflect.Type // the result type (Raw for non-JSON bodies)
	decode func(c *Call) (any, error)
	handle func(c *Call, in any) (any, error)
}

// None is the input of an operation that takes nothing: a body or query
// still gets its unknown keys reported as warnings.
type None struct{}

// Raw is a non-JSON response body a handler returns instead of a result.
type Raw struct {
	ContentType string
	Body        []byte
	Filename    string // when set, sent as an attachment (Content-Disposition)
	// Policy replaces the door's Content-Security-Policy of pages and
	// images (a page whose scripts set inline styles needs its own).
	Policy string
}

// Streamer is a result written piece by piece while it is sent, rather
// than built whole: for answers too large to hold in memory (an ephemeris
// of 20,000 rows is 30 MB of JSON). The HTTP door asks for the Stream after
// the handler returns and sends each piece as it comes (chunked transfer
// encoding). The result's type still documents the JSON shape (the
// OpenAPI schema of the envelope's result). Only the HTTP door serves it:
// the batch route refuses an operation that answers one, as it refuses
// Raw, and the results cache never keeps it.
type Streamer interface {
	Stream() Stream
}

// Stream is the body of a Streamer.
type Stream struct {
	// ContentType is the media type of the body; "" means JSON inside the
	// envelope: the pieces are the envelope's result, and the door writes
	// the rest of the envelope around them.
	ContentType string
	Filename    string // when set, sent as an attachment (Content-Disposition)
	// Next appends the next piece of the body to b and returns it, or
	// io.EOF (with nothing appended) after the last one. Any other error
	// ends the body early: the status is already sent, so the client sees
	// a truncated body; the door logs the error. Next runs after the
	// handler returned and must not use the Call; validate before.
	Next func(b []byte) ([]byte, error)
}

// Post declares a POST operation: the door decodes the JSON body into a
// new In (answering 400/422 itself when it cannot) and calls h.
func Post[In, Out any](s Spec, h func(*Call, *In) (Out, error)) *Operation {
	return declare("POST", s, h)
}

// Get declares a GET operation: In is read from the query parameters (by
// json tag name).
func Get[In, Out any](s Spec, h func(*Call, *In) (Out, error)) *Operation {
	return declare("GET", s, h)
}

func declare[In, Out any](method string, s Spec, h func(*Call, *In) (Out, error)) *Operation {
	return &Operation{
		Spec: s, Method: method,
		In:  reflect.TypeFor[In](),
		Out: reflect.TypeFor[Out](),
		decode: func(c *Call) (any, error) {
			in, reused := c.spare.(*In)
			c.spare = nil
			if reused {
				var zero In
				*in = zero
			} else {
				in = new(In)
			}
			return in, c.decode(in)
		},
		handle: func(c *Call, in any) (any, error) { return h(c, in.(*In)) },
	}
}

// Missing returns detail when missing is true, else "": the Unavailable of
// an operation whose dependency may be absent.
//
//	Unavailable: op.Missing(d.Positions == nil, "no ephemeris is configured on this server"),
func Missing(missing bool, detail string) string {
	if missing {
		return detail
	}
	return ""
}

var streamerType = reflect.TypeFor[Streamer]()

// Streams reports whether the operation answers a Streamer (which only the
// HTTP door can send).
func (o *Operation) Streams() bool { return o.Out != nil && o.Out.Implements(streamerType) }

// Batchable reports whether the operation can run as a batch item and as
// an MCP tool: it answers JSON in the envelope (not a Produces body, not a
// stream) and is not NoBatch. The batch route and the tool endpoint share
// this one rule.
func (o *Operation) Batchable() bool { return !o.NoBatch && o.Produces == "" && !o.Streams() }

// HasBody reports whether the operation reads its input from a JSON body.
func (o *Operation) HasBody() bool {
	switch o.Method {
	case "POST", "PUT", "PATCH":
		return true
	}
	return false
}

// PathParams lists the {name} parameters of the operation's path in order.
func (o *Operation) PathParams() []string { return PathParams(o.Path) }

// PathParams lists the {name} parameters of a path in order ({name:*}
// catch-alls by name).
func PathParams(path string) []string {
	var out []string
	for {
		i := strings.IndexByte(path, '{')
		if i < 0 {
			return out
		}
		j := strings.IndexByte(path[i:], '}')
		if j < 0 {
			return out
		}
		name, _, _ := strings.Cut(path[i+1:i+j], ":")
		out = append(out, name)
		path = path[i+j+1:]
	}
}

// Check reports what is wrong with o on its own: a missing id, method,
// path or handler, a billed route outside /api/v1, a struct tag of its
// input or output that does not parse.
func (o *Operation) Check() error {
	var errs []error
	bad := func(format string, a ...any) { errs = append(errs, fmt.Errorf(o.ID+": "+format, a...)) }
	switch {
	case o.ID == "":
		bad("no operation id (path %s)", o.Path)
	case o.handle == nil:
		bad("no handler: declare operations with op.Post or op.Get")
	case !strings.HasPrefix(o.Path, "/"):
		bad("path %q does not start with /", o.Path)
	}
	if o.Access < Billed || o.Access > Public {
		bad("unknown access %d", o.Access)
	}
	if o.Access == Billed && !strings.HasPrefix(o.Path, "/api/v1/") {
		bad("billed, but %s is outside /api/v1/: say Access: op.Free or op.Public", o.Path)
	}
	if o.Produces != "" && o.Bare {
		bad("Produces and Bare both set")
	}
	if o.Cost < 0 {
		bad("negative cost %d", o.Cost)
	}
	if o.Cost > 1 && o.Access != Billed {
		bad("a cost of %d calls on an operation that is not billed", o.Cost)
	}
	if o.Produces == "" && o.Out == reflect.TypeFor[Raw]() {
		bad("answers op.Raw but does not say its media type (Produces)")
	}
	if o.Resource {
		switch {
		case o.Method != "GET" || !o.Batchable():
			bad("Resource needs a batchable GET operation answering JSON")
		case len(o.PathParams()) > 0:
			bad("Resource cannot have path parameters (%s)", o.Path)
		}
		for _, f := range WireFields(o.In) {
			if f.Tag.Get("required") == "true" {
				bad("Resource cannot require input (%s)", WireName(f))
			}
		}
	}
	for _, t := range []reflect.Type{o.In, o.Out} {
		if err := CheckTags(t); err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", o.ID, err))
		}
	}
	return errors.Join(errs...)
}
