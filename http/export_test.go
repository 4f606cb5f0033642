package http

// Redact is redact, for the external tests.
var Redact = redact

// SetMCPDirect turns the MCP endpoint's own answers to tools/call on or
// off (off: the SDK answers every request).
func SetMCPDirect(s *Server, on bool) { s.mcp.direct.Store(on) }

// ExampleOf is exampleOf, for the external tests.
var ExampleOf = exampleOf
