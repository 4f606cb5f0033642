package http

import (
	"fmt"
	"strings"
	"testing"

	"github.com/valyala/fasthttp"

	"github.com/astroapi/astroapi/http/op"
)

// fuzzBodyOp is an operation with a body, for the media type check.
var fuzzBodyOp = op.Post(op.Spec{ID: "post-fuzz"}, func(*op.Call, *op.None) (struct{}, error) { return struct{}{}, nil })

// FuzzHeaders runs what the server reads from request headers and the
// query string before routing: the request id it honours, the media type
// check, the key-in-query rule, the redaction of parser errors.
func FuzzHeaders(f *testing.F) {
	for _, s := range []string{"abc-123", "application/json; charset=utf-8", "api_key=ak_live_x&q=1", `invalid header value "ak_live_abc\r"`, "\x00\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if saneRequestID([]byte(s)) && (len(s) == 0 || len(s) > 128 || strings.ContainsAny(s, " \r\n\"")) {
			t.Fatalf("request id %q accepted", s)
		}
		if p := bodyMediaProblem(fuzzBodyOp, []byte(s), []byte(`{}`)); p != nil && (p.Status != 415 || strings.ContainsAny(p.Detail, "\r\n\x00")) {
			t.Fatalf("media type %q: problem %+v", s, p)
		}
		_ = framingProblem([]byte(s))
		var args fasthttp.Args
		args.Parse(s)
		if name, ok := keyInQuery(&args); ok && !args.Has(name) {
			t.Fatalf("keyInQuery named %q, not a parameter of %q", name, s)
		}
		// fasthttp quotes what it could not parse with %q.
		if out := redact(fmt.Sprintf("invalid header value %q", s)); strings.Contains(s, "ak_live_") && strings.Contains(out, "ak_live_") {
			t.Fatalf("redact(%q) kept the key: %s", s, out)
		}
	})
}
