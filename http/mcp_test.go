package http_test

import (
	"bytes"
	"context"
	"errors"
	"maps"
	"net/http"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	json "github.com/goccy/go-json"

	apihttp "github.com/astroapi/astroapi/http"
	"github.com/astroapi/astroapi/http/apitest"
	"github.com/astroapi/astroapi/http/op"
	"github.com/astroapi/astroapi/quota"
)

// keyTransport sends the API key with every request of an MCP client.
type keyTransport struct{ key string }

func (k keyTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	if k.key != "" {
		r.Header.Set("x-api-key", k.key)
	}
	return http.DefaultTransport.RoundTrip(r)
}

// mcpConnect connects the Go SDK's own client to the server's endpoint
// with key, speaking protocol version (the SDK's latest when "").
func mcpConnect(t testing.TB, ts *apitest.Server, key string, version ...string) (*mcp.ClientSession, error) {
	t.Helper()
	cl := mcp.NewClient(&mcp.Implementation{Name: "astroapi-test", Version: "1"}, nil)
	tr := &mcp.StreamableClientTransport{Endpoint: ts.URL + apihttp.MCPPath, HTTPClient: &http.Client{Transport: keyTransport{key}}, MaxRetries: -1}
	opts := &mcp.ClientSessionOptions{}
	if len(version) > 0 {
		opts.ProtocolVersion = version[0]
	}
	cs, err := cl.Connect(context.Background(), tr, opts)
	if err == nil {
		t.Cleanup(func() { cs.Close() })
	}
	return cs, err
}

// eligibleTools are the tool names the served operation list should give.
func eligibleTools(ts *apitest.Server) map[string]*op.Operation {
	want := map[string]*op.Operation{}
	for _, o := range apihttp.ToolOperations(ts.Server.Operations()) {
		want[apihttp.ToolName(o)] = o
	}
	return want
}

const mcpNatal = `{"year":1990,"month":7,"day":14,"hour":14,"minute":30,"latitude":51.5074,"longitude":-0.1278,"timezone":"Europe/London"}`

func rpcError(t *testing.T, err error) *jsonrpc.Error {
	t.Helper()
	var je *jsonrpc.Error
	if !errors.As(err, &je) {
		t.Fatalf("error %v (%T) is not a JSON-RPC error", err, err)
	}
	return je
}

// TestMCPClient drives the endpoint with the Go SDK's client over HTTP, in
// both protocol generations (2025-11-25: initialize, then calls;
// 2026-07-28, the SDK's latest: server/discover, then calls carrying their
// version): the handshake, the tool list against the served operation
// list, a natal call against the REST route, refused arguments, resources
// and usage.
func TestMCPClient(t *testing.T) {
	for _, version := range []string{"2025-11-25", "2026-07-28"} {
		t.Run(version, func(t *testing.T) {
			ts := startTestServer(t, withEverything(t, testOptions{}))
			testMCPClient(t, ts, version)
		})
	}
}

func testMCPClient(t *testing.T, ts *apitest.Server, version string) {
	ctx := context.Background()
	cs, err := mcpConnect(t, ts, ts.Key, version)
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	info := cs.InitializeResult()
	if info == nil || info.ServerInfo == nil || info.ServerInfo.Name != "astroapi" || info.Capabilities.Tools == nil || info.ProtocolVersion != version {
		t.Fatalf("initialize result %+v", info)
	}
	// The SDK's client (v1.8.0) sends ping without the _meta the
	// 2026-07-28 protocol requires of every request, and the SDK's server
	// refuses it: ping is checked in the earlier protocol only.
	if version < "2026-07-28" {
		if err := cs.Ping(ctx, nil); err != nil {
			t.Fatalf("ping: %v", err)
		}
	}

	// Every batchable operation of the served list is a tool, whatever
	// family it is from: the echo family exists only in tests, and its
	// tools appear without the MCP code naming it.
	want := eligibleTools(ts)
	got := map[string]*mcp.Tool{}
	for tool, err := range cs.Tools(ctx, nil) {
		if err != nil {
			t.Fatalf("tools/list: %v", err)
		}
		got[tool.Name] = tool
	}
	if len(got) != len(want) || len(want) < 10 {
		t.Errorf("%d tools, want %d (the batchable operations)", len(got), len(want))
	}
	for name, o := range want {
		tool := got[name]
		if tool == nil {
			t.Errorf("no tool %s for %s", name, o.ID)
			continue
		}
		if tool.Meta["astroapi/operation"] != o.ID || tool.Description != apihttp.ToolDescription(o) || tool.Annotations == nil || !tool.Annotations.ReadOnlyHint {
			t.Errorf("tool %s: meta %v, description %.80q, annotations %+v", name, tool.Meta, tool.Description, tool.Annotations)
		}
	}
	if got["natal"] == nil || got["get_timezone_list"] == nil || got["timezone_lookup"] == nil {
		t.Fatalf("tool names: %v", keys(got))
	}
	checkSchemasMatchOpenAPI(t, ts, got, want)

	// natal: structured content and JSON text are the REST result.
	env := ts.Post(t, "/api/v1/natal", mcpNatal).WantStatus(t, 200).Envelope(t)
	var args map[string]any
	if err := json.Unmarshal([]byte(mcpNatal), &args); err != nil {
		t.Fatal(err)
	}
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "natal", Arguments: args})
	if err != nil || res.IsError {
		t.Fatalf("natal: %v %+v", err, res)
	}
	// Before 2026-07-28 the JSON is repeated as text for clients that
	// read only text; from 2026-07-28 the structured content alone.
	if newProtocol := version >= "2026-07-28"; newProtocol && len(res.Content) != 1 {
		t.Fatalf("natal: %d content blocks, want the summary alone", len(res.Content))
	} else if !newProtocol && len(res.Content) != 2 {
		t.Fatalf("natal: %d content blocks, want a summary and the JSON", len(res.Content))
	}
	if text := res.Content[len(res.Content)-1].(*mcp.TextContent).Text; len(res.Content) == 2 && text != string(env.Result) {
		t.Errorf("natal text block differs from the REST result:\n%.300s\n%.300s", text, env.Result)
	}
	var rest any
	if err := json.Unmarshal(env.Result, &rest); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(rest, res.StructuredContent); d != "" {
		t.Errorf("natal structured content (-rest +mcp):\n%.2000s", d)
	}
	if summary := res.Content[0].(*mcp.TextContent).Text; !strings.Contains(summary, "Natal chart") || !strings.Contains(summary, "Billed") {
		t.Errorf("summary %q", summary)
	}
	if u, _ := res.Meta["astroapi/usage"].(map[string]any); u == nil || u["requests_this_day"] != 2.0 {
		t.Errorf("_meta usage %v, want the second billed call of the day", res.Meta["astroapi/usage"])
	}

	// Refused arguments are JSON-RPC invalid-params errors naming the field.
	for _, c := range []struct {
		args  map[string]any
		field string
	}{
		{map[string]any{"year": "x"}, "year"}, // 400: wrong type
		{map[string]any{}, "year"},            // 422: required
		{map[string]any{"year": 1990, "month": 7, "day": 14, "latitude": 95.0, "longitude": 0}, "latitude"}, // 422: range
		{map[string]any{"year": 1990, "month": 2, "day": 30, "latitude": 10, "longitude": 0}, "day"},        // 422: impossible date
	} {
		_, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "natal", Arguments: c.args})
		je := rpcError(t, err)
		if je.Code != jsonrpc.CodeInvalidParams || !strings.Contains(je.Message, c.field) {
			t.Errorf("natal %v: code %d message %q, want -32602 naming %s", c.args, je.Code, je.Message, c.field)
		}
		var p op.Problem
		if err := json.Unmarshal(je.Data, &p); err != nil || p.Status < 400 || p.Status >= 500 || len(p.Errors) == 0 || p.Errors[0].Field != c.field {
			t.Errorf("natal %v: data %s", c.args, je.Data)
		}
	}
	if _, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "no_such_tool"}); rpcError(t, err).Code != jsonrpc.CodeInvalidParams {
		t.Errorf("unknown tool: %v", err)
	}

	// A GET operation's tool takes its query parameters as arguments.
	res, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "get_timezone", Arguments: map[string]any{"name": "Europe/Paris", "datetime": "2024-01-15T12:00:00Z"}})
	if err != nil || res.IsError {
		t.Fatalf("get_timezone: %v %+v", err, res)
	}
	zone := ts.Get(t, "/api/v1/timezone/Europe/Paris?datetime=2024-01-15T12:00:00Z").WantStatus(t, 200).Envelope(t)
	if got, _ := json.Marshal(res.StructuredContent); !jsonEqual(t, got, zone.Result) {
		t.Errorf("get_timezone: %s, REST %s", got, zone.Result)
	}

	// The zone list is a resource: the REST result.
	var uris []string
	for r, err := range cs.Resources(ctx, nil) {
		if err != nil {
			t.Fatal(err)
		}
		uris = append(uris, r.URI)
	}
	if len(uris) != 1 || uris[0] != "astroapi:///api/v1/timezone" {
		t.Fatalf("resources %v", uris)
	}
	rr, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: uris[0]})
	if err != nil {
		t.Fatalf("read %s: %v", uris[0], err)
	}
	list := ts.Get(t, "/api/v1/timezone").WantStatus(t, 200).Envelope(t)
	if len(rr.Contents) != 1 || rr.Contents[0].Text != string(list.Result) || rr.Contents[0].MIMEType != "application/json" {
		t.Errorf("resource contents differ from GET /api/v1/timezone (%d bytes vs %d)", len(rr.Contents[0].Text), len(list.Result))
	}

	// Usage: the tool calls are attributed to their operations; the
	// refused ones were refunded.
	var rep quota.Report
	ts.Get(t, "/api/v1/usage").WantStatus(t, 200).Decode(t, &rep)
	counts := map[string]int64{}
	for _, e := range rep.Statistics30Days.Endpoints {
		counts[e.Endpoint] = e.Requests
	}
	// natal: 1 REST + 1 tool call + 4 refused; timezone: 1 tool call + 1
	// REST; the zone list: 1 resource read + 1 REST.
	if counts["post-natal"] != 6 || counts["get-timezone"] != 2 || counts["get-timezone-list"] != 2 || counts["post-mcp"] == 0 {
		t.Errorf("usage endpoints %v", counts)
	}
	if rep.CurrentUsage.RequestsThisDay != 6 {
		t.Errorf("requests_this_day %d, want 6 billed (2 natal, 2 zones, 2 zone lists)", rep.CurrentUsage.RequestsThisDay)
	}
}

// exampleArgs is the example request of an operation, as the documents
// show it, as tool arguments: the body's fields, or the query parameters,
// and the path parameters.
func exampleArgs(t testing.TB, o *op.Operation) map[string]any {
	t.Helper()
	params, query, body := apihttp.SampleRequest(o)
	args := map[string]any{}
	if body != nil {
		if err := json.Unmarshal(body, &args); err != nil {
			t.Fatalf("%s: example body %s: %v", o.ID, body, err)
		}
	}
	for k, v := range query {
		args[k] = v[0]
	}
	for k, v := range params {
		args[k] = v
	}
	return args
}

func keys[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// checkSchemasMatchOpenAPI: a POST tool's input schema is the OpenAPI
// document's request body schema, its definitions under $defs; a GET
// tool's properties are the operation's parameters.
func checkSchemasMatchOpenAPI(t *testing.T, ts *apitest.Server, tools map[string]*mcp.Tool, ops map[string]*op.Operation) {
	t.Helper()
	var doc struct {
		Paths      map[string]map[string]json.RawMessage `json:"paths"`
		Components struct {
			Schemas map[string]any `json:"schemas"`
		} `json:"components"`
	}
	ts.Get(t, "/api/openapi.json").WantStatus(t, 200).Decode(t, &doc)
	checked := 0
	for name, o := range ops {
		tool := tools[name]
		if tool == nil {
			continue
		}
		raw, _ := json.Marshal(tool.InputSchema)
		var in map[string]any
		if err := json.Unmarshal(raw, &in); err != nil {
			t.Fatal(err)
		}
		defs, _ := in["$defs"].(map[string]any)
		toolShape := schemaShape(in, func(ref string) any { return defs[strings.TrimPrefix(ref, "#/$defs/")] })
		path := strings.ReplaceAll(o.Path, ":*}", "}")
		var oper struct {
			Parameters []struct {
				Name     string         `json:"name"`
				Required bool           `json:"required"`
				Schema   map[string]any `json:"schema"`
			} `json:"parameters"`
			RequestBody struct {
				Content map[string]struct {
					Schema map[string]any `json:"schema"`
				} `json:"content"`
			} `json:"requestBody"`
		}
		if err := json.Unmarshal(doc.Paths[path][strings.ToLower(o.Method)], &oper); err != nil {
			t.Fatalf("%s: %v", o.ID, err)
		}
		// The OpenAPI side as one object: the body's schema, or the
		// parameters (path parameters are required arguments).
		want := map[string]any{"type": "object"}
		props := map[string]any{}
		var required []any
		if o.HasBody() {
			want = oper.RequestBody.Content["application/json"].Schema
			props, _ = want["properties"].(map[string]any)
			props = maps.Clone(props)
			required, _ = want["required"].([]any)
		}
		for _, p := range oper.Parameters {
			if p.Name == "" {
				continue // the door's lang parameter, a reference
			}
			if _, inBody := props[p.Name]; !inBody || p.Required {
				props[p.Name] = p.Schema
			}
			if p.Required && !slices.Contains(required, any(p.Name)) {
				required = append(required, p.Name)
			}
		}
		want = maps.Clone(want)
		want["properties"] = props
		if len(required) > 0 {
			want["required"] = required
		}
		openShape := schemaShape(want, func(ref string) any {
			return doc.Components.Schemas[strings.TrimPrefix(ref, "#/components/schemas/")]
		})
		if d := cmp.Diff(openShape, toolShape); d != "" {
			t.Errorf("%s: input schema's shape differs from the OpenAPI request (-openapi +tool):\n%s", name, d)
		}
		checked++
	}
	if checked != len(ops) {
		t.Errorf("checked %d schemas of %d tools", checked, len(ops))
	}
}

// schemaShape is what a tool's compact schema keeps of a schema: the
// properties (by name, references resolved), types, enumerations, the
// required lists and the defaults that are not zero values, without the
// read-only echo facts. The
// descriptions, bounds and examples it shortens or drops are left out.
func schemaShape(v any, resolve func(string) any) any {
	m, ok := v.(map[string]any)
	if !ok {
		return v
	}
	if ref, ok := m["$ref"].(string); ok {
		return schemaShape(resolve(ref), resolve)
	}
	if all, ok := m["allOf"].([]any); ok && len(all) == 1 {
		return schemaShape(all[0], resolve)
	}
	out := map[string]any{}
	for _, k := range []string{"type", "enum"} {
		if x, ok := m[k]; ok {
			out[k] = x
		}
	}
	if r, ok := m["required"].([]any); ok {
		names := make([]string, len(r))
		for i, n := range r {
			names[i] = n.(string)
		}
		sort.Strings(names)
		out["required"] = names
	}
	switch d := m["default"]; d {
	case nil, false, 0.0, "":
	default:
		out["default"] = d
	}
	if props, ok := m["properties"].(map[string]any); ok {
		p := map[string]any{}
		for k, e := range props {
			if em, ok := e.(map[string]any); ok && em["readOnly"] == true {
				continue // an echo fact: the tools leave it out (TestToolsOmitEchoFacts)
			}
			p[k] = schemaShape(e, resolve)
		}
		out["properties"] = p
	}
	for _, k := range []string{"items", "additionalProperties"} {
		if x, ok := m[k].(map[string]any); ok {
			out[k] = schemaShape(x, resolve)
		}
	}
	for _, k := range []string{"anyOf", "oneOf"} {
		if list, ok := m[k].([]any); ok {
			var alts []any
			for _, e := range list {
				alts = append(alts, schemaShape(e, resolve))
			}
			out[k] = alts
		}
	}
	return out
}

// TestMCPEveryTool calls every tool with its operation's documented
// example and checks the structured content against the tool's output
// schema (the validator the SDK uses), so a result that strays from its
// declared type fails here before a client's validator refuses it.
func TestMCPEveryTool(t *testing.T) {
	ts := startTestServer(t, withEverything(t, testOptions{}))
	ctx := context.Background()
	cs, err := mcpConnect(t, ts, ts.Key)
	if err != nil {
		t.Fatal(err)
	}
	tools := map[string]*mcp.Tool{}
	for tool, err := range cs.Tools(ctx, nil) {
		if err != nil {
			t.Fatal(err)
		}
		tools[tool.Name] = tool
	}
	eligible := eligibleTools(ts)
	if len(tools) != len(eligible) {
		t.Errorf("%d tools listed, %d batchable operations", len(tools), len(eligible))
	}
	called, withSchema := 0, 0
	for name, o := range eligible {
		args := exampleArgs(t, o)
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
		if err != nil || res.IsError {
			t.Errorf("%s %v: %v %+v", name, args, err, res)
			continue
		}
		called++
		// A result of several shapes (oneOf) has no output schema in its
		// tool (clients want "object"); it is still checked, against
		// the schema of the operation's result.
		schema := map[string]any(nil)
		if tool := tools[name]; tool == nil {
			t.Errorf("%s: not listed", name)
			continue
		} else if tool.OutputSchema != nil {
			raw, _ := json.Marshal(tool.OutputSchema)
			if err := json.Unmarshal(raw, &schema); err != nil {
				t.Fatalf("%s: output schema: %v", name, err)
			}
			withSchema++
		} else {
			schema = apihttp.ToolResultSchema(o)
		}
		raw, _ := json.Marshal(schema)
		var s jsonschema.Schema
		if err := json.Unmarshal(raw, &s); err != nil {
			t.Fatalf("%s: result schema: %v", name, err)
		}
		rs, err := s.Resolve(nil)
		if err != nil {
			t.Fatalf("%s: resolving the result schema: %v", name, err)
		}
		if err := rs.Validate(res.StructuredContent); err != nil {
			t.Errorf("%s: structured content does not match the result schema: %v", name, err)
		}
	}
	if called != len(eligible) || called == 0 {
		t.Errorf("%d of %d tools answered their example", called, len(eligible))
	}
	t.Logf("%d tools called, every result validated: %d against their tool's output schema, %d (several shapes) against their operation's", called, withSchema, called-withSchema)
}

// TestMCPAuth: the endpoint wants a key; its messages are checked like
// any route's input.
func TestMCPAuth(t *testing.T) {
	ts := startTestServer(t, testOptions{})
	if _, err := mcpConnect(t, ts, ""); err == nil {
		t.Error("a client without a key connected")
	}
	ping := `{"jsonrpc":"2.0","id":1,"method":"ping"}`
	p := ts.Post(t, apihttp.MCPPath, ping, "x-api-key", "").WantStatus(t, 401).Problem(t)
	if !strings.Contains(p.Detail, "x-api-key") {
		t.Errorf("401 detail %q", p.Detail)
	}
	ts.Post(t, apihttp.MCPPath, ping, "x-api-key", "ak_live_"+strings.Repeat("a", 52)).WantStatus(t, 401)
	ts.Post(t, apihttp.MCPPath, ping).WantStatus(t, 200)
	ts.Get(t, apihttp.MCPPath).WantStatus(t, 405)
	ts.Post(t, apihttp.MCPPath, `{"jsonrpc":"2.0","method":"notifications/initialized"}`).WantStatus(t, 202)
	for _, c := range []struct {
		body   string
		status int
		fields []string
	}{
		{`{"jsonrpc":"1.0","id":1,"method":"ping"}`, 422, []string{"jsonrpc"}},
		{`{}`, 422, []string{"jsonrpc", "method"}},
		{`{"jsonrpc":2,"id":1,"method":"ping"}`, 422, []string{"jsonrpc"}},
		{`[{"jsonrpc":"2.0","id":1,"method":"ping"}]`, 400, nil},
		{`{"jsonrpc":"2.0",`, 400, nil},
	} {
		r := ts.Post(t, apihttp.MCPPath, c.body).WantStatus(t, c.status)
		p := r.Problem(t)
		var named []string
		for _, e := range p.Errors {
			named = append(named, e.Field)
		}
		if len(c.fields) > 0 && !cmp.Equal(named, c.fields) {
			t.Errorf("%s: fields %v, want %v", c.body, named, c.fields)
		}
	}
	// A method the SDK does not know is a JSON-RPC -32601 (method not
	// found), as JSON: 200 before 2026-07-28, 404 from then on (as the SDK
	// answers there). No answer of the endpoint is text.
	r := ts.Post(t, apihttp.MCPPath, `{"jsonrpc":"2.0","id":7,"method":"no/such"}`).WantStatus(t, 200)
	var rpc struct {
		ID    int `json:"id"`
		Error struct {
			Code    int    `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}
	r.Decode(t, &rpc)
	if rpc.ID != 7 || rpc.Error.Code != -32601 || !strings.Contains(rpc.Error.Message, "no/such") || r.Header.Get("Content-Type") != "application/json" {
		t.Errorf("unknown method: %s %s", r.Header.Get("Content-Type"), r.Body)
	}
	for _, c := range []struct{ body, ctype string }{
		{`{"jsonrpc":"2.0","id":8,"method":"notifications/initialized"}`, "application/json"},      // an id where none belongs
		{`{"jsonrpc":"2.0","method":"tools/list"}`, "application/problem+json"},                    // no id where one must be
		{`{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":3}}`, "application/json"}, // params of the wrong shape
	} {
		r := ts.Post(t, apihttp.MCPPath, c.body)
		if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, c.ctype) || r.Status >= 500 || !json.Valid(r.Body) {
			t.Errorf("%s: %d %s %s", c.body, r.Status, ct, r.Body)
		}
	}
}

// TestMCPQuota: quota and rate refusals are tool errors whose text is the
// problem the REST route answers.
func TestMCPQuota(t *testing.T) {
	ts := startTestServer(t, testOptions{Plans: tinyPlans(), Plan: "tiny"})
	ctx := context.Background()
	cs, err := mcpConnect(t, ts, ts.Key)
	if err != nil {
		t.Fatal(err)
	}
	call := func() *mcp.CallToolResult {
		t.Helper()
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "test_echo", Arguments: map[string]any{"year": 1}})
		if err != nil {
			t.Fatalf("call: %v", err)
		}
		return res
	}
	for i := 0; i < 3; i++ {
		if res := call(); res.IsError {
			t.Fatalf("call %d: %+v", i+1, res)
		}
	}
	res := call()
	if !res.IsError || len(res.Content) != 1 {
		t.Fatalf("fourth call of a 3-a-day plan: %+v", res)
	}
	var p, want map[string]any
	if err := json.Unmarshal([]byte(res.Content[0].(*mcp.TextContent).Text), &p); err != nil {
		t.Fatal(err)
	}
	ts.Post(t, "/api/v1/test/echo", `{"year":1}`).WantStatus(t, 429).Decode(t, &want)
	if p["request_id"] == "" || p["request_id"] == want["request_id"] {
		t.Errorf("request ids %q and %q", p["request_id"], want["request_id"])
	}
	delete(p, "request_id")
	delete(want, "request_id")
	if d := cmp.Diff(want, p); d != "" {
		t.Errorf("tool error differs from the REST problem (-rest +tool):\n%s", d)
	}
	if ra, _ := res.Meta["astroapi/retry_after_seconds"].(float64); ra <= 0 || res.Meta["astroapi/status"] != 429.0 {
		t.Errorf("_meta %v", res.Meta)
	}

	// The per-second rate: a plan of 2/s refuses the third call within
	// the second (the clock is frozen). Connecting took the two tokens of
	// the first second (initialize, and the initialized notification):
	// every message to the endpoint takes one.
	_, key, _ := ts.NewAccount(t, "rated")
	cs, err = mcpConnect(t, ts, key)
	if err != nil {
		t.Fatal(err)
	}
	ts.Clock.Add(time.Second)
	var texts []string
	for range 3 {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "test_echo", Arguments: map[string]any{"year": 1}})
		if err != nil {
			t.Fatal(err)
		}
		if res.IsError {
			texts = append(texts, res.Content[0].(*mcp.TextContent).Text)
		}
	}
	if len(texts) != 1 || !strings.Contains(texts[0], op.NewProblem(0, op.KindRate, "").Type) {
		t.Errorf("rate refusals %q", texts)
	}
}

// TestMCPPaging: tools/list pages by the configured size, and the SDK's
// iterator walks every page.
func TestMCPPaging(t *testing.T) {
	ts := startTestServer(t, testOptions{Limits: apihttp.Limits{MCPPageSize: 3}})
	ctx := context.Background()
	cs, err := mcpConnect(t, ts, ts.Key)
	if err != nil {
		t.Fatal(err)
	}
	page, err := cs.ListTools(ctx, nil)
	if err != nil || len(page.Tools) != 3 || page.NextCursor == "" {
		t.Fatalf("first page: %v %+v", err, page)
	}
	n := 0
	for _, err := range cs.Tools(ctx, nil) {
		if err != nil {
			t.Fatal(err)
		}
		n++
	}
	if want := len(eligibleTools(ts)); n != want {
		t.Errorf("%d tools over the pages, want %d", n, want)
	}
}

// TestMCPDirectMatchesSDK: the endpoint answers a plain tools/call itself;
// the SDK answers everything else. The two answers to the same calls, in
// both protocol generations, must decode to the same JSON.
func TestMCPDirectMatchesSDK(t *testing.T) {
	ts := startTestServer(t, testOptions{Positions: apitest.Tables(t), Plans: tinyPlans()})
	legacy := func(id, name, args string) string {
		return `{"jsonrpc":"2.0","id":` + id + `,"method":"tools/call","params":{"name":"` + name + `","arguments":` + args + `}}`
	}
	newer := func(id, name, args string) string {
		return `{"jsonrpc":"2.0","id":` + id + `,"method":"tools/call","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28",` +
			`"io.modelcontextprotocol/clientCapabilities":{},"io.modelcontextprotocol/clientInfo":{"name":"t","version":"1"}},"name":"` + name + `","arguments":` + args + `}}`
	}
	cases := []struct {
		name, tool, args string
		plan             string
		used             int64
	}{
		{"natal", "natal", mcpNatal, "", 0},
		{"warning", "test_echo", `{"year":1990,"x":1}`, "", 0},
		{"get", "get_test_echo", `{"year":7,"tags":["a","b"],"ratio":0.5,"flag":true}`, "", 0},
		{"param", "get_test_param", `{"name":"Europe/Paris"}`, "", 0},
		{"wrong type", "test_echo", `{"year":"x"}`, "", 0},
		{"missing", "test_echo", `{}`, "", 0},
		{"not found", "test_echo", `{"year":1,"fail":"notfound"}`, "", 0},
		{"internal", "test_echo", `{"year":1,"fail":"internal"}`, "", 0},
		{"no arguments", "get_test_public", `null`, "", 0},
		{"not an object", "test_echo", `[1]`, "", 0},
		{"missing path parameter", "get_test_param", `{}`, "", 0},
		{"quota", "test_echo", `{"year":1}`, "tiny", 3},
	}
	for _, c := range cases {
		for _, gen := range []string{"legacy", "2026-07-28"} {
			t.Run(c.name+"/"+gen, func(t *testing.T) {
				answer := func(direct bool) (int, any) {
					plan := c.plan
					if plan == "" {
						plan = apitest.TestPlan
					}
					acct, key, _ := ts.NewAccount(t, plan)
					if c.used > 0 {
						if _, err := ts.Quota.Charge(context.Background(), acct.ID, plan, c.used); err != nil {
							t.Fatal(err)
						}
					}
					body, hdr := legacy(`"id-7"`, c.tool, c.args), []string{"x-api-key", key, "X-Request-ID", "mcp-compare"}
					if gen != "legacy" {
						body = newer(`7`, c.tool, c.args)
						hdr = append(hdr, "Mcp-Protocol-Version", gen, "Mcp-Method", "tools/call", "Mcp-Name", c.tool)
					}
					apihttp.SetMCPDirect(ts.Server, direct)
					defer apihttp.SetMCPDirect(ts.Server, true)
					r := ts.Post(t, apihttp.MCPPath, body, hdr...)
					var v any
					r.Decode(t, &v)
					return r.Status, v
				}
				st1, direct := answer(true)
				st2, sdk := answer(false)
				if st1 != st2 || st1 >= 500 {
					t.Errorf("status %d direct, %d SDK", st1, st2)
				}
				if d := cmp.Diff(sdk, direct); d != "" {
					t.Errorf("(-sdk +direct):\n%.3000s", d)
				}
			})
		}
	}
}

// TestMCPStructuredBytes: over the wire, a tool's structured content is
// the REST envelope's result byte for byte, on both paths.
func TestMCPStructuredBytes(t *testing.T) {
	ts := startTestServer(t, testOptions{Positions: apitest.Tables(t)})
	env := ts.Post(t, "/api/v1/natal", mcpNatal).WantStatus(t, 200).Envelope(t)
	body := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"natal","arguments":` + mcpNatal + `}}`
	for _, direct := range []bool{true, false} {
		apihttp.SetMCPDirect(ts.Server, direct)
		var answer struct {
			Result struct {
				StructuredContent json.RawMessage `json:"structuredContent"`
			} `json:"result"`
		}
		ts.Post(t, apihttp.MCPPath, body).WantStatus(t, 200).Decode(t, &answer)
		if !bytes.Equal(answer.Result.StructuredContent, env.Result) {
			t.Errorf("direct %v: structured content is not the REST result's bytes:\n%.200s\n%.200s", direct, answer.Result.StructuredContent, env.Result)
		}
	}
	apihttp.SetMCPDirect(ts.Server, true)
}
