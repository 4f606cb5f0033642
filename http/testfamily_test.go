package http

import (
	"errors"
	"sync/atomic"
	"time"

	"github.com/astroapi/astroapi/engine"
)

// The "Test" family exists only in this package's tests: cheap billed
// routes that exercise decoding, errors and billing without an ephemeris.

func init() { registerFamily(testOps) }

type echoNested struct {
	A int    `json:"a"`
	B string `json:"b"`
}

type echoInput struct {
	Year   int          `json:"year" required:"true" doc:"a year" example:"1990" minimum:"1" maximum:"9999"`
	Name   string       `json:"name,omitempty" doc:"a name" enum:"a,b"`
	Ratio  float64      `json:"ratio,omitempty"`
	Flag   *bool        `json:"flag,omitempty"`
	Tags   []string     `json:"tags,omitempty"`
	Nested *echoNested  `json:"nested,omitempty"`
	List   []echoNested `json:"list,omitempty"`
	Fail   string       `json:"fail,omitempty" doc:"make the handler fail: field, fields, badrequest, notfound, range, internal, panic"`
	Sleep  int          `json:"sleep_ms,omitempty" doc:"wait this long before answering"`
}

// cachedCalls counts runs of the cacheable test operation.
var cachedCalls atomic.Int64

func testOps(s *Server) []Operation {
	handle := func(c *Call) (any, error) {
		var in echoInput
		if err := c.Decode(&in); err != nil {
			return nil, err
		}
		time.Sleep(time.Duration(in.Sleep) * time.Millisecond)
		switch in.Fail {
		case "field":
			return nil, &engine.FieldError{Field: "year", Reason: "must be after 1800"}
		case "fields":
			return nil, engine.Fields{{Field: "year", Reason: "bad"}, {Field: "name", Reason: "worse"}}
		case "badrequest":
			return nil, BadRequest("name", "unreadable")
		case "notfound":
			return nil, NotFound("no such thing")
		case "range":
			return nil, engine.ErrOutOfRange
		case "internal":
			return nil, errors.New("secret internal detail /usr/lib/libswe.so")
		case "panic":
			panic("boom")
		}
		return in, nil
	}
	return []Operation{
		{ID: "post-test-echo", Method: "POST", Path: "/api/v1/test/echo", Family: "Test", Billed: true,
			Summary: "echo (tests only)", Input: echoInput{}, Output: echoInput{}, Handle: handle},
		{ID: "get-test-echo", Method: "GET", Path: "/api/v1/test/echo", Family: "Test", Billed: true,
			Summary: "echo (tests only)", Input: echoInput{}, Output: echoInput{}, Handle: handle},
		{ID: "get-test-param", Method: "GET", Path: "/api/v1/test/param/{name}", Family: "Test", Billed: true,
			Summary: "path parameter (tests only)",
			Handle: func(c *Call) (any, error) {
				c.Echo(map[string]string{"name": c.Param("name")})
				return map[string]string{"name": c.Param("name")}, nil
			}},
		{ID: "post-test-cached", Method: "POST", Path: "/api/v1/test/cached", Family: "Test", Billed: true, Cacheable: true,
			Summary: "cacheable echo (tests only)", Input: echoInput{}, Output: echoInput{},
			Handle: func(c *Call) (any, error) {
				cachedCalls.Add(1)
				return handle(c)
			}},
		{ID: "get-test-public", Method: "GET", Path: "/api/v1/test/public", Family: "Test", Public: true,
			Summary: "public (tests only)",
			Handle:  func(c *Call) (any, error) { return map[string]bool{"public": true}, nil }},
		{ID: "get-test-svg", Method: "GET", Path: "/api/v1/test/svg", Family: "Test", Billed: true, Produces: "image/svg+xml",
			Summary: "raw body (tests only)",
			Handle: func(c *Call) (any, error) {
				return Raw{ContentType: "image/svg+xml", Body: []byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`)}, nil
			}},
	}
}
