package http_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/astroapi/astroapi/http/apitest"
)

// The API as its users' tools see it: the served OpenAPI document linted
// by Redocly's recommended rules (no error, no warning), and the Postman
// collection run by newman against a live server with every family: every
// request passes its tests. The SDKs generated from the document are
// TestSDKs'.
// Each step fails on a change that would break generated clients.

// servedDocs starts a server with every family and writes its OpenAPI
// document and Postman collection to files.
func servedDocs(t *testing.T) (ts *apitest.Server, openapi, collection string) {
	t.Helper()
	ts = startTestServer(t, withEverything(t, testOptions{}))
	dir := t.TempDir()
	openapi, collection = filepath.Join(dir, "openapi.json"), filepath.Join(dir, "collection.json")
	for file, path := range map[string]string{openapi: "/api/openapi.json", collection: "/api/postman/collection"} {
		if err := os.WriteFile(file, ts.Get(t, path, "x-api-key", "").WantStatus(t, 200).Body, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return ts, openapi, collection
}

// npx runs a tool of http/browsertest's node_modules.
func npx(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command(filepath.Join(dir, "node_modules", ".bin", args[0]), args[1:]...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", strings.Join(args, " "), err, out)
	} else {
		t.Logf("%s: ok\n%s", args[0], tail(out, 600))
	}
}

func tail(b []byte, n int) string {
	if len(b) > n {
		return "..." + string(b[len(b)-n:])
	}
	return string(b)
}

func TestClientTools(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the client tools")
	}
	_, dir := nodeTools(t, "browsertest", "@redocly/cli")
	ts, openapi, collection := servedDocs(t)
	t.Run("RedoclyLint", func(t *testing.T) {
		// Redocly's recommended rules, as they are: no error, no warning.
		cmd := exec.Command(filepath.Join(dir, "node_modules", ".bin", "redocly"), "lint", "--config", "redocly.yaml", "--format", "json", openapi)
		cmd.Dir = dir
		out, _ := cmd.Output() // exit status 1 on errors: the totals say more
		var report struct {
			Totals   struct{ Errors, Warnings int } `json:"totals"`
			Problems []struct {
				RuleID  string `json:"ruleId"`
				Message string `json:"message"`
			} `json:"problems"`
		}
		if err := json.Unmarshal(out, &report); err != nil {
			t.Fatalf("redocly lint: %v\n%s", err, tail(out, 2000))
		}
		if report.Totals.Errors != 0 || report.Totals.Warnings != 0 {
			for _, p := range report.Problems[:min(20, len(report.Problems))] {
				t.Logf("%s: %s", p.RuleID, p.Message)
			}
			t.Errorf("redocly lint: %d errors, %d warnings, want none", report.Totals.Errors, report.Totals.Warnings)
		}
	})
	// The generated clients (openapi-typescript, oapi-codegen) are built
	// and run by TestSDKs.
	t.Run("Newman", func(t *testing.T) {
		npx(t, dir, "newman", "run", collection, "--env-var", "apiKey="+ts.Key, "--env-var", "baseUrl="+ts.URL,
			"--bail", "--reporters", "cli")
	})
}
