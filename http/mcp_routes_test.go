package http_test

import (
	"context"
	"strings"
	"testing"

	json "github.com/goccy/go-json"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	apihttp "github.com/astroapi/astroapi/http"
	"github.com/astroapi/astroapi/http/apitest"
	"github.com/astroapi/astroapi/http/op"
	"github.com/astroapi/astroapi/http/routes"
)

// TestEveryOperationIsAToolAndABatchItem walks routes.All itself (the
// family list, built without dependencies, as a family added later will be
// in it) and asks a live server: every batchable operation is an MCP tool
// (tools/list through the Go SDK's client, found by the operation id in
// the tool's _meta, named by ToolName), and the batch route takes it as an
// operation. Nothing here names a family: a new family is covered the
// moment its line is in routes.All, and fails here if it is not a tool.
func TestEveryOperationIsAToolAndABatchItem(t *testing.T) {
	all := routes.All(routes.Deps{})
	ts := startTestServer(t, testOptions{}) // no ephemeris: the tools exist all the same, a call would answer 503
	cs, err := mcpConnect(t, ts, ts.Key)
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	byOp := map[string]*mcp.Tool{}
	names := map[string]bool{}
	for tool, err := range cs.Tools(context.Background(), nil) {
		if err != nil {
			t.Fatalf("tools/list: %v", err)
		}
		id, _ := tool.Meta["astroapi/operation"].(string)
		if byOp[id] != nil || names[tool.Name] {
			t.Errorf("tool %s (operation %q) listed twice", tool.Name, id)
		}
		byOp[id], names[tool.Name] = tool, true
	}

	var batchable []*op.Operation
	families := map[string]int{}
	isTool := map[string]bool{}
	for _, o := range apihttp.ToolOperations(all) {
		isTool[o.ID] = true
	}
	mcpFamilies := apihttp.MCPFamilies()
	for _, o := range all {
		tool := byOp[o.ID]
		if !o.Batchable() || !isTool[o.ID] {
			// Not batchable, or the GET twin of a POST calculation (the
			// POST's tool takes the same arguments).
			if tool != nil {
				t.Errorf("%s (%s) is not batchable (NoBatch %v, produces %q) or a GET twin but is the tool %s", o.ID, o.Family, o.NoBatch, o.Produces, tool.Name)
			}
			if o.Batchable() {
				batchable = append(batchable, o)
			}
			continue
		}
		batchable = append(batchable, o)
		families[o.Family]++
		// Every tool has its model-facing description, in a family
		// endpoint that exists.
		if fam, text, ok := apihttp.ToolDoc(o.ID); !ok || text == "" {
			t.Errorf("%s: no model-facing description in the MCP door's table (http/mcptools.go toolDocs)", o.ID)
		} else if _, ok := mcpFamilies[fam]; !ok {
			t.Errorf("%s: family %q is not an MCP family endpoint", o.ID, fam)
		}
		if tool == nil {
			t.Errorf("%s %s (%s) is batchable but no tool names it", o.Method, o.Path, o.Family)
			continue
		}
		if tool.Name != apihttp.ToolName(o) || len(tool.Name) > 64 || strings.Trim(tool.Name, "abcdefghijklmnopqrstuvwxyz0123456789_") != "" {
			t.Errorf("%s: tool name %q, want %q (at most 64 of [a-z0-9_])", o.ID, tool.Name, apihttp.ToolName(o))
		}
		if tool.Description != apihttp.ToolDescription(o) || tool.Meta["astroapi/path"] == nil || tool.Meta["astroapi/method"] != o.Method {
			t.Errorf("%s: tool %s description %.60q meta %v", o.ID, tool.Name, tool.Description, tool.Meta)
		}
		if s, _ := tool.InputSchema.(map[string]any); s == nil || s["type"] != "object" {
			t.Errorf("%s: input schema %v, want an object", o.ID, tool.InputSchema)
		}
	}
	// The served tools are routes.All's, the test echo family's and the
	// server's own documentation tool, nothing else.
	echo := len(apihttp.ToolOperations(apitest.Echo()))
	if len(byOp) != len(isTool)+echo+1 || byOp["get-docs-search"] == nil {
		t.Errorf("%d tools served, routes.All has %d tools (+%d of the test echo family, + the docs tool)", len(byOp), len(isTool), echo)
	}
	if len(families) < 3 || len(batchable) < 20 {
		t.Fatalf("routes.All: %d batchable operations over %v", len(batchable), families)
	}

	// The batch route takes every one of them as an operation: whatever
	// the item answers (503 here without an ephemeris, 2xx or 4xx), it is
	// never refused as unknown or as not batchable.
	for start := 0; start < len(batchable); start += 100 {
		chunk := batchable[start:min(start+100, len(batchable))]
		var reqs []map[string]any
		for _, o := range chunk {
			params, query, body := apihttp.SampleRequest(o)
			r := map[string]any{"id": o.ID, "operation": o.ID}
			if len(params) > 0 {
				r["params"] = params
			}
			if o.HasBody() && body != nil {
				r["body"] = json.RawMessage(body)
			}
			if len(query) > 0 {
				q := map[string]string{}
				for k, v := range query {
					q[k] = v[0]
				}
				r["query"] = q
			}
			reqs = append(reqs, r)
		}
		env := ts.Post(t, "/api/v1/batch", map[string]any{"requests": reqs}).WantStatus(t, 200).Envelope(t)
		var res testBatchResult
		if err := json.Unmarshal(env.Result, &res); err != nil {
			t.Fatal(err)
		}
		if len(res.Items) != len(chunk) {
			t.Fatalf("%d outcomes for %d items", len(res.Items), len(chunk))
		}
		for i, it := range res.Items {
			if it.ID != chunk[i].ID {
				t.Errorf("item %d is %s, want %s", i, it.ID, chunk[i].ID)
			}
			if p := it.Problem; p != nil {
				for _, f := range p.Errors {
					if strings.HasSuffix(f.Field, "].operation") {
						t.Errorf("%s: the batch refused the operation: %d %s", chunk[i].ID, p.Status, p.Detail)
					}
				}
			}
		}
	}
	t.Logf("%d batchable operations of routes.All over %d families %v: each a tool and a batch item", len(batchable), len(families), families)
}
