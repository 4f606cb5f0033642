package http_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"sort"
	"strings"
	"testing"

	json "github.com/goccy/go-json"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	apihttp "github.com/astroapi/astroapi/http"
)

// headerTransport sends fixed header fields with every request of an MCP
// client (the key as x-api-key or as a bearer token, or nothing).
type headerTransport map[string]string

func (h headerTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	for k, v := range h {
		r.Header.Set(k, v)
	}
	return http.DefaultTransport.RoundTrip(r)
}

// mcpSession connects the Go SDK's client to url with the given header
// fields.
func mcpSession(t testing.TB, url string, header headerTransport) (*mcp.ClientSession, error) {
	t.Helper()
	cl := mcp.NewClient(&mcp.Implementation{Name: "astroapi-test", Version: "1"}, nil)
	tr := &mcp.StreamableClientTransport{Endpoint: url, HTTPClient: &http.Client{Transport: header}, MaxRetries: -1}
	cs, err := cl.Connect(context.Background(), tr, nil)
	if err == nil {
		t.Cleanup(func() { cs.Close() })
	}
	return cs, err
}

// listTools lists an endpoint's tools and measures them as a model's
// context holds them: the bytes of each tool's name, description and
// input schema as JSON (the test-only echo family's tools, which have no
// entry in the door's table, left out).
func listTools(t *testing.T, cs *mcp.ClientSession) (map[string]*mcp.Tool, int) {
	t.Helper()
	tools, size := map[string]*mcp.Tool{}, 0
	for tool, err := range cs.Tools(context.Background(), nil) {
		if err != nil {
			t.Fatalf("tools/list: %v", err)
		}
		tools[tool.Name] = tool
		if _, _, ok := apihttp.ToolDoc(tool.Meta["astroapi/operation"].(string)); !ok {
			continue
		}
		b, err := json.Marshal(map[string]any{"name": tool.Name, "description": tool.Description, "inputSchema": tool.InputSchema})
		if err != nil {
			t.Fatal(err)
		}
		size += len(b)
	}
	return tools, size
}

// The token budgets of issue 28, as bytes / 4: what an agent's context
// holds of a tools/list.
const (
	wholeBudgetTokens  = 25000
	familyBudgetTokens = 6000
)

// TestMCPToolBudgets lists the tools of the whole endpoint and of every
// family endpoint through the Go SDK's client, the key sent as a bearer
// token, and holds each list to its budget: a family's tools are exactly
// those its table entries name, plus the documentation tool.
func TestMCPToolBudgets(t *testing.T) {
	ts := startTestServer(t, testOptions{}) // the tools exist without an ephemeris
	bearer := headerTransport{"Authorization": "Bearer " + ts.Key}
	cs, err := mcpSession(t, ts.URL+apihttp.MCPPath, bearer)
	if err != nil {
		t.Fatalf("connect with a bearer token: %v", err)
	}
	all, size := listTools(t, cs)
	t.Logf("whole endpoint: %d tools, %d bytes, %d tokens (budget %d)", len(all), size, size/4, wholeBudgetTokens)
	if size/4 >= wholeBudgetTokens {
		t.Errorf("the whole tools/list is %d tokens, budget %d", size/4, wholeBudgetTokens)
	}
	byFamily := map[string][]string{}
	documented := 0
	for name, tool := range all {
		id, _ := tool.Meta["astroapi/operation"].(string)
		if fam, _, ok := apihttp.ToolDoc(id); ok {
			byFamily[fam] = append(byFamily[fam], name)
			documented++
		}
	}
	seen := 1 // the docs tool, in every family
	for fam, keyless := range apihttp.MCPFamilies() {
		header := bearer
		if keyless {
			header = headerTransport{}
		}
		fcs, err := mcpSession(t, ts.URL+apihttp.MCPPath+"/"+fam, header)
		if err != nil {
			t.Errorf("%s: connect: %v", fam, err)
			continue
		}
		tools, size := listTools(t, fcs)
		t.Logf("%-14s %2d tools, %6d bytes, %5d tokens (budget %d)", fam, len(tools), size, size/4, familyBudgetTokens)
		if size/4 >= familyBudgetTokens {
			t.Errorf("%s: tools/list is %d tokens, budget %d", fam, size/4, familyBudgetTokens)
		}
		want := append([]string{"get_docs_search"}, byFamily[fam]...)
		if fam == "docs" {
			want = byFamily[fam]
		}
		if got := keys(tools); strings.Join(got, ",") != strings.Join(sorted(want), ",") {
			t.Errorf("%s: tools %v, want %v", fam, got, sorted(want))
		}
		if fam != "docs" {
			seen += len(tools) - 1
		}
	}
	if seen != documented { // every tool of the table is in one family
		t.Errorf("the families hold %d tools, the whole endpoint %d", seen, documented)
	}
}

func sorted(s []string) []string {
	s = append([]string(nil), s...)
	sort.Strings(s)
	return s
}

// TestMCPFamiliesAndFilter: the family endpoints' keys, the keyless docs
// endpoint and its tool, the tools filter, unknown families and tools.
func TestMCPFamiliesAndFilter(t *testing.T) {
	ts := startTestServer(t, withEverything(t, testOptions{}))
	ctx := context.Background()
	key := headerTransport{"x-api-key": ts.Key}

	// A keyed family without a key: 401; with a key as a bearer token: the
	// natal tool answers as the REST route does.
	init := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`
	ts.Post(t, apihttp.MCPPath+"/charts", init, "x-api-key", "").WantStatus(t, 401)
	ts.Post(t, apihttp.MCPPath+"/nosuch", init).WantStatus(t, 404)
	ts.Post(t, apihttp.MCPPath+"?tools=natal,nosuch", init).WantStatus(t, 422)
	ts.Post(t, apihttp.MCPPath+"/vedic?tools=natal", init).WantStatus(t, 422) // not a vedic tool
	cs, err := mcpSession(t, ts.URL+apihttp.MCPPath+"/charts", headerTransport{"Authorization": "Bearer " + ts.Key})
	if err != nil {
		t.Fatal(err)
	}
	var args map[string]any
	if err := json.Unmarshal([]byte(mcpNatal), &args); err != nil {
		t.Fatal(err)
	}
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "natal", Arguments: args})
	if err != nil || res.IsError {
		t.Fatalf("natal on /charts: %v %+v", err, res)
	}
	env := ts.Post(t, "/api/v1/natal", mcpNatal).WantStatus(t, 200).Envelope(t)
	if got, _ := json.Marshal(res.StructuredContent); !jsonEqual(t, got, env.Result) {
		t.Errorf("natal on /charts differs from the REST result")
	}
	// A tool of another family is unknown here.
	if _, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "vedic_natal", Arguments: args}); err == nil {
		t.Errorf("vedic_natal answered on the charts endpoint")
	}

	// The filter: only the tools named, on the whole endpoint or a family's.
	fcs, err := mcpSession(t, ts.URL+apihttp.MCPPath+"?tools=natal,moon", key)
	if err != nil {
		t.Fatal(err)
	}
	if tools, _ := listTools(t, fcs); strings.Join(keys(tools), ",") != "moon,natal" {
		t.Errorf("?tools=natal,moon lists %v", keys(tools))
	}
	if _, err := fcs.CallTool(ctx, &mcp.CallToolParams{Name: "houses", Arguments: args}); rpcErrorCode(err) != jsonrpc.CodeInvalidParams {
		t.Errorf("houses through a filter without it: %v", err)
	}
	if res, err := fcs.CallTool(ctx, &mcp.CallToolParams{Name: "natal", Arguments: args}); err != nil || res.IsError {
		t.Errorf("natal through the filter: %v %+v", err, res)
	}

	// The docs endpoint needs no key; its tool searches the guide and the
	// reference and gives a tool's whole schema.
	dcs, err := mcpSession(t, ts.URL+apihttp.MCPPath+"/docs", headerTransport{})
	if err != nil {
		t.Fatalf("keyless docs endpoint: %v", err)
	}
	res, err = dcs.CallTool(ctx, &mcp.CallToolParams{Name: "get_docs_search", Arguments: map[string]any{"q": "bearer token", "tool": "natal"}})
	if err != nil || res.IsError {
		t.Fatalf("get_docs_search: %v %+v", err, res)
	}
	var found struct {
		Hits []struct{ Kind, Title, URL, Text string }
		Tool struct {
			Name        string
			Description string
			InputSchema string `json:"input_schema"`
		}
	}
	b, _ := json.Marshal(res.StructuredContent)
	if err := json.Unmarshal(b, &found); err != nil {
		t.Fatal(err)
	}
	keys := false
	for _, h := range found.Hits[:min(3, len(found.Hits))] {
		keys = keys || h.URL == "/docs/api#keys" && strings.Contains(h.Text, "Bearer")
	}
	if !keys {
		t.Errorf("search for \"bearer token\": the guide's Keys section is not among the first three hits: %.500v", found.Hits)
	}
	var schema map[string]any
	if err := json.Unmarshal([]byte(found.Tool.InputSchema), &schema); err != nil {
		t.Fatalf("input_schema: %v", err)
	}
	props, _ := schema["properties"].(map[string]any)
	lat, _ := props["latitude"].(map[string]any)
	if found.Tool.Name != "natal" || lat["maximum"] != 90.0 || !strings.Contains(found.Tool.Description, "daylight-saving") {
		t.Errorf("the natal tool's full documentation: %s %.80q latitude %v", found.Tool.Name, found.Tool.Description, lat)
	}
	if _, err := dcs.CallTool(ctx, &mcp.CallToolParams{Name: "natal", Arguments: args}); err == nil {
		t.Errorf("natal answered on the keyless docs endpoint")
	}
	// The same search over REST, public.
	var rest struct{ Hits []struct{ URL string } }
	ts.Get(t, "/api/docs/search?q=quota", "x-api-key", "").WantStatus(t, 200).Decode(t, &rest)
	if len(rest.Hits) == 0 {
		t.Errorf("GET /api/docs/search?q=quota: no hits")
	}
	ts.Get(t, "/api/docs/search", "x-api-key", "").WantStatus(t, 422)
	ts.Get(t, "/api/docs/search?tool=nosuch", "x-api-key", "").WantStatus(t, 404)
}

func rpcErrorCode(err error) int64 {
	var je *jsonrpc.Error
	if errors.As(err, &je) {
		return je.Code
	}
	return 0
}

func jsonEqual(t *testing.T, a, b []byte) bool {
	t.Helper()
	var x, y any
	if err := json.Unmarshal(a, &x); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &y); err != nil {
		t.Fatal(err)
	}
	xb, _ := json.Marshal(x)
	yb, _ := json.Marshal(y)
	return string(xb) == string(yb)
}

// TestCompactDescription: the first clause, without a restated name or a
// trailing default.
func TestCompactDescription(t *testing.T) {
	for _, c := range []struct{ name, doc, dflt, want string }{
		{"latitude", "geographic latitude in degrees, north positive; with longitude, or send location instead", "", "geographic latitude in degrees, north positive"},
		{"node_type", "lunar node: true (osculating) or mean", "true", "lunar node"},
		{"start", "start of the range: YYYY-MM-DD", "", "start of the range: YYYY-MM-DD"},
		{"minute", "minute, 0-59", "0", ""},
		{"month", "birth month", "", ""},
		{"timezone", "IANA zone the local time is written in (historical offsets honoured)", "UTC", "IANA zone the local time is written in"},
	} {
		if got := apihttp.CompactDescription(c.name, c.doc, c.dflt); got != c.want {
			t.Errorf("%s %q: %q, want %q", c.name, c.doc, got, c.want)
		}
	}
}

// TestWholeEndpointIsBare: the whole endpoint lists each tool with the
// structure, types, enumerations and defaults of its family endpoint's,
// without the fields' descriptions (which the family endpoint gives).
func TestWholeEndpointIsBare(t *testing.T) {
	ts := startTestServer(t, testOptions{})
	bearer := headerTransport{"Authorization": "Bearer " + ts.Key}
	props := func(path string) map[string]map[string]any {
		t.Helper()
		cs, err := mcpSession(t, ts.URL+path, bearer)
		if err != nil {
			t.Fatal(err)
		}
		tools, _ := listTools(t, cs)
		if tools["natal"] == nil {
			t.Fatalf("%s: no natal tool", path)
		}
		b, err := json.Marshal(tools["natal"].InputSchema)
		if err != nil {
			t.Fatal(err)
		}
		var s struct {
			Properties map[string]map[string]any `json:"properties"`
		}
		if err := json.Unmarshal(b, &s); err != nil {
			t.Fatal(err)
		}
		return s.Properties
	}
	whole, family := props(apihttp.MCPPath), props(apihttp.MCPPath+"/charts")
	if len(whole) != len(family) || len(whole) < 10 {
		t.Fatalf("natal: %d properties on the whole endpoint, %d on its family's", len(whole), len(family))
	}
	described := 0
	for name, p := range family {
		if _, ok := p["description"]; ok {
			described++
		}
		w := whole[name]
		if _, ok := w["description"]; ok {
			t.Errorf("natal.%s: described on the whole endpoint", name)
		}
		delete(p, "description")
		if fmt.Sprint(w) != fmt.Sprint(p) {
			t.Errorf("natal.%s: %v on the whole endpoint, %v on its family's", name, w, p)
		}
	}
	if described < 5 {
		t.Errorf("only %d of natal's fields described on the family endpoint", described)
	}
}
