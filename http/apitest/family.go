package apitest

import (
	"errors"
	"io"
	"strconv"
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
	Name   string       `json:"name,omitempty" doc:"a name"`
	Kind   string       `json:"kind,omitempty" doc:"a kind" enum:"a,b"`
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

// StreamInput is the input of the streaming echo: Rows numbers, as JSON
// in the envelope or as CSV lines, failing after FailAfter pieces when set.
type StreamInput struct {
	Rows      int    `json:"rows" doc:"how many numbers" example:"3"`
	Format    string `json:"format,omitempty" doc:"json or csv" enum:"json,csv"`
	FailAfter int    `json:"fail_after,omitempty" doc:"fail after this many pieces"`
	Now       bool   `json:"now,omitempty" doc:"say the answer depends on the time of the call"`
	Width     int    `json:"width,omitempty" doc:"write each number with this many digits (leading zeros: a long body in few pieces)" maximum:"100000"`
}

// StreamRows is the streaming echo's result: what its JSON shape
// documents, written piece by piece.
type StreamRows struct {
	Rows   []int `json:"rows"`
	in     StreamInput
	accept string
}

// Stream writes the numbers 0..Rows-1, one piece each.
func (r StreamRows) Stream() op.Stream {
	i := -1
	csv := r.in.Format == "csv" || r.accept == "text/csv"
	st := op.Stream{Next: func(b []byte) ([]byte, error) {
		i++
		if r.in.FailAfter > 0 && i == r.in.FailAfter {
			return b, errors.New("stream failed on purpose")
		}
		switch {
		case csv && i < r.in.Rows:
			return strconv.AppendInt(b, int64(i), 10), nil
		case csv:
			return b, io.EOF
		case i == 0 && r.in.Rows == 0:
			return append(b, `{"rows":[]}`...), nil
		case i == 0:
			return r.number(append(b, `{"rows":[`...), 0), nil
		case i < r.in.Rows:
			return r.number(append(b, ','), i), nil
		case i == r.in.Rows && r.in.Rows > 0:
			return append(b, "]}"...), nil
		}
		return b, io.EOF
	}}
	if csv {
		st.ContentType, st.Filename = "text/csv; charset=utf-8", "rows.csv"
		next := st.Next
		st.Next = func(b []byte) ([]byte, error) { // one number a line
			b, err := next(b)
			if err == nil {
				b = append(b, '\n')
			}
			return b, err
		}
	}
	return st
}

// number appends i with the input's width (JSON reads leading zeros as
// an error, so a wide number is written as 1 followed by digits).
func (r StreamRows) number(b []byte, i int) []byte {
	if r.in.Width > 0 {
		b = append(b, '1')
		for range r.in.Width {
			b = append(b, '0')
		}
		return b
	}
	return strconv.AppendInt(b, int64(i), 10)
}

// NowCalls counts runs of the cacheable operation that may use "now".
var NowCalls atomic.Int64

// Echo returns the echo family: billed echo routes (POST and GET), a path
// parameter, a cacheable echo, a public route, a raw SVG body, a heavy
// echo costing 3 calls, a streamed body and a cacheable route whose answer
// may depend on "now".
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
	now := spec("post-test-now", "/api/v1/test/now")
	now.Cacheable = true
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
		op.Post(spec("post-test-stream", "/api/v1/test/stream"), func(c *op.Call, in *StreamInput) (StreamRows, error) {
			return StreamRows{in: *in, accept: c.Accept()}, nil
		}),
		op.Post(now, func(c *op.Call, in *StreamInput) (map[string]int64, error) {
			if in.Now {
				c.UsesNow()
			}
			return map[string]int64{"calls": NowCalls.Add(1)}, nil
		}),
	}
}
