package http

import (
	"net/url"

	"github.com/astroapi/astroapi/http/op"
)

// Redact is redact, for the external tests.
var Redact = redact

// SetMCPDirect turns the MCP endpoint's own answers to tools/call on or
// off (off: the SDK answers every request).
func SetMCPDirect(s *Server, on bool) { s.mcp.direct.Store(on) }

// SampleURL and SampleBody are the example request of an operation, as
// the documents show it.
func SampleURL(o *op.Operation) string { return exampleRequest(o).URL(o.Path) }

func SampleBody(o *op.Operation) []byte { return exampleRequest(o).Body }

// SampleRequest is the example request of an operation in parts: its path
// parameters, query and body.
func SampleRequest(o *op.Operation) (params map[string]string, query url.Values, body []byte) {
	ex := exampleRequest(o)
	return ex.Params, ex.Query, ex.Body
}

// AccuracyTests are the tests the accuracy page cites.
func AccuracyTests() []string {
	var out []string
	for _, c := range comparisons {
		out = append(out, c.Test)
	}
	return out
}

// StaticCompressions counts the static answers compressed so far.
func StaticCompressions() int64 { return staticCompressions.Load() }

// WarningsHeader is warningsHeader, for the external tests.
var WarningsHeader = warningsHeader
