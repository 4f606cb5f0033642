package http_test

import (
	"testing"

	"github.com/valyala/fasthttp"

	apihttp "github.com/astroapi/astroapi/http"
	"github.com/astroapi/astroapi/http/apitest"
)

// BenchmarkMCPNatal is a natal tool call through the root handler without
// a network (as BenchmarkNatalHandlerCached is the REST call: answered by
// the results cache after the first), in each protocol generation; SDK is
// the same call answered by the SDK instead of the endpoint's direct path.
func BenchmarkMCPNatal(b *testing.B) {
	legacy := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"natal","arguments":` + mcpNatal + `}}`
	newer := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28",` +
		`"io.modelcontextprotocol/clientCapabilities":{}},"name":"natal","arguments":` + mcpNatal + `}}`
	newHeaders := []string{"Mcp-Protocol-Version", "2026-07-28", "Mcp-Method", "tools/call", "Mcp-Name", "natal"}
	for _, c := range []struct {
		name, body string
		headers    []string
		direct     bool
	}{
		{"REST", "", nil, true},
		{"2025-11-25", legacy, nil, true},
		{"2026-07-28", newer, newHeaders, true},
		{"SDK", legacy, nil, false},
	} {
		b.Run(c.name, func(b *testing.B) {
			ts := startTestServer(b, testOptions{Positions: apitest.Tables(b), Limits: apihttp.Limits{ResultCache: -1}})
			if c.body == "" {
				ts.Bench(b, "POST", "/api/v1/natal", mcpNatal)
				return
			}
			apihttp.SetMCPDirect(ts.Server, c.direct)
			h := ts.Server.Handler()
			var rc fasthttp.RequestCtx
			b.ReportAllocs()
			for b.Loop() {
				rc.Request.Reset()
				rc.Response.Reset()
				rc.Request.Header.SetMethod("POST")
				rc.Request.SetRequestURI(apihttp.MCPPath)
				rc.Request.Header.Set("x-api-key", ts.Key)
				rc.Request.Header.Set("Content-Type", "application/json")
				for i := 0; i+1 < len(c.headers); i += 2 {
					rc.Request.Header.Set(c.headers[i], c.headers[i+1])
				}
				rc.Request.SetBodyString(c.body)
				h(&rc)
				if rc.Response.StatusCode() != 200 {
					b.Fatalf("status %d: %s", rc.Response.StatusCode(), rc.Response.Body())
				}
			}
		})
	}
}
