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

// ToolOperations are the operations the MCP door offers as tools.
var ToolOperations = toolOperations

// ToolDescription is the description of operation o's tool.
func ToolDescription(o *op.Operation) string { return toolOf(o, ToolName(o)).Description }

// ToolDoc is the model-facing entry of an operation id: its family and
// text (ok false without one).
func ToolDoc(id string) (family, text string, ok bool) {
	d, ok := toolDocs[id]
	return d.Family, d.Text, ok
}

// MCPFamilies are the names of the family endpoints and whether each is
// answered without a key.
func MCPFamilies() map[string]bool {
	out := map[string]bool{}
	for _, f := range mcpFamilies {
		out[f.Name] = f.Keyless
	}
	return out
}

// CompactDescription is the first clause the compact schemas keep.
var CompactDescription = compactDescription

// StaticCompressions counts the static answers compressed so far.
func StaticCompressions() int64 { return staticCompressions.Load() }

// WarningsHeader is warningsHeader, for the external tests.
var WarningsHeader = warningsHeader

// ToolResultSchema is the JSON Schema of an operation's result as the MCP
// tools describe it, also for results of several shapes (which their tools
// publish without an output schema).
func ToolResultSchema(o *op.Operation) map[string]any { return outputSchema(o.Out) }
