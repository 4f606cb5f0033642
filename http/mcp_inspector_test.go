package http_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	json "github.com/goccy/go-json"
	"github.com/google/go-cmp/cmp"

	apihttp "github.com/astroapi/astroapi/http"
	"github.com/astroapi/astroapi/http/apitest"
)

// TestMCPInspector runs the MCP Inspector's CLI (@modelcontextprotocol/
// inspector, http/mcptest; `npm ci` there first) against a live server:
// an independent client, on the TypeScript SDK, that checks the tool
// schemas for portability (--strict) and the structured content against
// the output schemas. Without node or the package it skips, unless CI=true.
func TestMCPInspector(t *testing.T) {
	node, dir := nodeTools(t, "mcptest", "@modelcontextprotocol/inspector")
	ts := startTestServer(t, withEverything(t, testOptions{Plans: tinyPlans()}))
	home := t.TempDir() // the CLI keeps a catalog of servers under the home directory
	inspectAt := func(path, header string, args ...string) (map[string]any, int, string) {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		defer cancel()
		cli := filepath.Join(dir, "node_modules", "@modelcontextprotocol", "inspector", "clients", "launcher", "build", "index.js")
		// The transport is named: the CLI guesses it from a URL ending in
		// /mcp only, and the family endpoints end in their name.
		argv := append([]string{cli, "--cli", ts.URL + path, "--transport", "http", "--format", "json", "--stored-auth-only"}, args...)
		if header != "" {
			argv = append(argv, "--header", header)
		}
		cmd := exec.CommandContext(ctx, node, argv...)
		cmd.Env = append(os.Environ(), "HOME="+home, "MCP_CATALOG_PATH="+filepath.Join(home, "mcp.json"), "NO_COLOR=1")
		var stderr strings.Builder
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		code := 0
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatalf("inspector %v: %v", args, err)
		}
		if len(out) == 0 {
			out = []byte(stderr.String()) // errors come as JSON on stderr
		}
		var v map[string]any
		if err := json.Unmarshal(out, &v); err != nil {
			t.Fatalf("inspector %v: exit %d, output %q, stderr %s", args, code, apitest.Truncate(out, 500), stderr.String())
		}
		return v, code, stderr.String()
	}
	inspect := func(key string, args ...string) (map[string]any, int, string) {
		t.Helper()
		header := ""
		if key != "" {
			header = "x-api-key: " + key
		}
		return inspectAt(apihttp.MCPPath, header, args...)
	}

	// tools/list: every eligible operation, no portability finding.
	v, code, stderr := inspect(ts.Key, "--method", "tools/list", "--strict")
	if code != 0 || v["schemaFindings"] != nil {
		t.Fatalf("tools/list --strict: exit %d, findings %v, stderr %s", code, v["schemaFindings"], stderr)
	}
	tools, _ := v["result"].(map[string]any)["tools"].([]any)
	if want := len(eligibleTools(ts)); len(tools) != want {
		t.Errorf("inspector lists %d tools, want %d", len(tools), want)
	}

	// natal: the structured content is the REST result.
	v, code, stderr = inspect(ts.Key, "--method", "tools/call", "--tool-name", "natal", "--tool-arg",
		"year=1990", "month=7", "day=14", "hour=14", "minute=30", "latitude=51.5074", "longitude=-0.1278", "timezone=Europe/London")
	if code != 0 {
		t.Fatalf("natal: exit %d %v %s", code, v, stderr)
	}
	env := ts.Post(t, "/api/v1/natal", mcpNatal).WantStatus(t, 200).Envelope(t)
	var rest any
	if err := json.Unmarshal(env.Result, &rest); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(rest, v["result"].(map[string]any)["structuredContent"]); d != "" {
		t.Errorf("natal through the inspector (-rest +mcp):\n%.2000s", d)
	}

	// Refused arguments: an error naming the field.
	v, code, _ = inspect(ts.Key, "--method", "tools/call", "--tool-name", "natal", "--tool-arg", "year=1990", "month=2", "day=30", "latitude=10", "longitude=0")
	if msg, _ := v["error"].(map[string]any)["message"].(string); code == 0 || !strings.Contains(msg, "day") {
		t.Errorf("impossible date: exit %d, %v", code, v)
	}
	// Without a key: refused (the CLI reads the 401 as a call for OAuth).
	if v, code, _ = inspect("", "--method", "tools/list"); code == 0 {
		t.Errorf("without a key: exit 0, %v", v)
	}
	// The zone list as a resource.
	v, code, _ = inspect(ts.Key, "--method", "resources/read", "--uri", "astroapi:///api/v1/timezone")
	contents, _ := v["result"].(map[string]any)["contents"].([]any)
	if code != 0 || len(contents) != 1 || !strings.Contains(contents[0].(map[string]any)["text"].(string), `"Europe/Paris"`) {
		t.Errorf("resources/read: exit %d, %.300v", code, v)
	}
	// Every family endpoint, the key as a bearer token (none for the docs
	// family): its tools pass --strict, and are its own and the docs tool.
	all := eligibleTools(ts)
	for fam, keyless := range apihttp.MCPFamilies() {
		header := "Authorization: Bearer " + ts.Key
		if keyless {
			header = ""
		}
		v, code, stderr := inspectAt(apihttp.MCPPath+"/"+fam, header, "--method", "tools/list", "--strict")
		if code != 0 || v["schemaFindings"] != nil {
			t.Errorf("%s: tools/list --strict: exit %d, findings %v, stderr %.500s", fam, code, v["schemaFindings"], stderr)
			continue
		}
		tools, _ := v["result"].(map[string]any)["tools"].([]any)
		want := 1 // the docs tool
		for _, o := range all {
			if f, _, ok := apihttp.ToolDoc(o.ID); ok && f == fam && fam != "docs" {
				want++
			}
		}
		if len(tools) != want {
			t.Errorf("%s: the inspector lists %d tools, want %d", fam, len(tools), want)
		}
	}
	// The docs tool through the keyless endpoint.
	v, code, _ = inspectAt(apihttp.MCPPath+"/docs", "", "--method", "tools/call", "--tool-name", "get_docs_search", "--tool-arg", "q=house systems")
	result, _ := v["result"].(map[string]any)
	content, _ := result["structuredContent"].(map[string]any)
	if hits, _ := content["hits"].([]any); code != 0 || len(hits) == 0 {
		t.Errorf("get_docs_search on /docs without a key: exit %d, %.300v", code, v)
	}

	// Over quota: a tool error (the CLI's exit code 5).
	acct, key, _ := ts.NewAccount(t, "tiny")
	if _, err := ts.Quota.Charge(context.Background(), acct.ID, "tiny", 3); err != nil {
		t.Fatal(err)
	}
	v, code, _ = inspect(key, "--method", "tools/call", "--tool-name", "test_echo", "--tool-arg", "year=1")
	if text, _ := v["result"].(map[string]any)["content"].([]any); code != 5 || len(text) != 1 || !strings.Contains(fmt.Sprint(text[0]), "quota") {
		t.Errorf("a call over a 3-a-day plan: exit %d, want 5 (tool error): %.300v", code, v)
	}
}
