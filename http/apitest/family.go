package apitest

import (
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/http/op"
)

// The echo family exists only for tests: cheap billed routes that exercise
// decoding, errors and billing without an ephemeris. A test serves it
// explicitly (Options.Ops: Serve(Echo()...)); nothing registers it.

// EchoNested is a nested object of EchoInput.
type EchoNested struct {
	A int    `json:"a"`
	B string `json:"b"`
}

// EchoInput is the input and result of the echo routes.
type EchoInput struct {
	Year   int          `json:"year" required:"true" doc:"a year" example:"1990" minimum:"1" maximum:"9999"`
	Name   string       `json:"name,omitempty" doc:"a name" enum:"a,b"`
	Ratio  float64      `json:"ratio,omitempty"`
	Flag   *bool        `json:"flag,omitempty"`
	Tags   []string     `json:"tags,omitempty"`
	Nested *EchoNested  `json:"nested,omitempty"`
	List   []EchoNested `json:"list,omitempty"`
	Fail   string       `json:"fail,omitempty" doc:"make the handler fail: field, fields, badrequest, notfound, range, internal, panic"`
	Sleep  int          `json:"sleep_ms,omitempty" doc:"wait this long before answering"`
	Gate   string       `json:"gate,omitempty" doc:"name of a Gate to pass before answering"`
}

// Gate holds echo calls that name it until the test opens it: a signal
// that a request is inside its handler, instead of a sleep.
type Gate struct {
	entered chan struct{}
	open    chan struct{}
	once    sync.Once
}

var gates sync.Map // name -> *Gate

// NewGate registers a gate for echo calls sent with "gate": name.
func NewGate(t testing.TB, name string) *Gate {
	g := &Gate{entered: make(chan struct{}, 16), open: make(chan struct{})}
	gates.Store(name, g)
	t.Cleanup(func() { g.Open(); gates.Delete(name) })
	return g
}

// Entered is signalled once per call that reaches the gate.
func (g *Gate) Entered() <-chan struct{} { return g.entered }

// Open lets every call at the gate, and every later one, through.
func (g *Gate) Open() { g.once.Do(func() { close(g.open) }) }

// CachedCalls counts runs of the cacheable echo operation.
var CachedCalls atomic.Int64

func echo(c *op.Call, in *EchoInput) (EchoInput, error) {
	time.Sleep(time.Duration(in.Sleep) * time.Millisecond)
	if v, ok := gates.Load(in.Gate); ok && in.Gate != "" {
		g := v.(*Gate)
		g.entered <- struct{}{}
		<-g.open
	}
	switch in.Fail {
	case "field":
		return EchoInput{}, &engine.FieldError{Field: "year", Reason: "must be after 1800"}
	case "fields":
		return EchoInput{}, engine.Fields{{Field: "year", Reason: "bad"}, {Field: "name", Reason: "worse"}}
	case "badrequest":
		return EchoInput{}, op.BadRequest("name", "unreadable")
	case "notfound":
		return EchoInput{}, op.NotFound("no such thing")
	case "range":
		return EchoInput{}, engine.ErrOutOfRange
	case "internal":
		return EchoInput{}, errors.New("secret internal detail /usr/lib/libswe.so")
	case "panic":
		panic("boom")
	}
	return *in, nil
}

// Echo returns the echo family: billed echo routes (POST and GET), a path
// parameter, a cacheable echo, a public route, a raw SVG body and a heavy
// echo costing 3 calls.
func Echo() []*op.Operation {
	spec := func(id, path string) op.Spec {
		return op.Spec{ID: id, Path: path, Family: "Operations", Summary: "echo (tests only)"}
	}
	cached := spec("post-test-cached", "/api/v1/test/cached")
	cached.Cacheable = true
	public := spec("get-test-public", "/api/v1/test/public")
	public.Access = op.Public
	svg := spec("get-test-svg", "/api/v1/test/svg")
	svg.Produces = "image/svg+xml"
	heavy := spec("post-test-heavy", "/api/v1/test/heavy")
	heavy.Heavy, heavy.Cost = true, 3
	return []*op.Operation{
		op.Post(spec("post-test-echo", "/api/v1/test/echo"), echo),
		op.Get(spec("get-test-echo", "/api/v1/test/echo"), echo),
		op.Get(spec("get-test-param", "/api/v1/test/param/{name}"), func(c *op.Call, _ *op.None) (map[string]string, error) {
			c.Echo(map[string]string{"name": c.Param("name")})
			return map[string]string{"name": c.Param("name")}, nil
		}),
		op.Post(cached, func(c *op.Call, in *EchoInput) (EchoInput, error) {
			CachedCalls.Add(1)
			return echo(c, in)
		}),
		op.Get(public, func(*op.Call, *op.None) (map[string]bool, error) { return map[string]bool{"public": true}, nil }),
		op.Post(heavy, echo),
		op.Get(svg, func(*op.Call, *op.None) (op.Raw, error) {
			return op.Raw{ContentType: "image/svg+xml", Body: []byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`)}, nil
		}),
	}
}
