package http_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/astroapi/astroapi/http/apitest"
)

// The API as its users' tools see it: the served OpenAPI document linted
// by Redocly (zero errors), TypeScript types generated from it
// (openapi-typescript) and compiled strictly, a Go client generated from
// it (oapi-codegen) and built, and the Postman collection run by newman
// against a live server with every family: every request passes its tests.
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
	_, dir := nodeTools(t, "@redocly/cli")
	ts, openapi, collection := servedDocs(t)
	t.Run("RedoclyLint", func(t *testing.T) {
		npx(t, dir, "redocly", "lint", "--config", "redocly.yaml", "--format", "summary", openapi)
	})
	t.Run("TypeScript", func(t *testing.T) {
		types := filepath.Join(t.TempDir(), "api.d.ts")
		npx(t, dir, "openapi-typescript", openapi, "-o", types)
		npx(t, dir, "tsc", "--noEmit", "--strict", types)
	})
	t.Run("GoClient", func(t *testing.T) {
		mod := t.TempDir()
		gen := exec.Command("go", "tool", "oapi-codegen", "-generate", "types,client", "-package", "apiclient", "-o", filepath.Join(mod, "client.go"), openapi)
		if out, err := gen.CombinedOutput(); err != nil {
			t.Fatalf("oapi-codegen: %v\n%s", err, out)
		}
		if err := os.WriteFile(filepath.Join(mod, "go.mod"), []byte("module apiclient\n\ngo 1.26\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, args := range [][]string{{"mod", "tidy"}, {"build", "./..."}, {"vet", "./..."}} {
			cmd := exec.Command("go", args...)
			cmd.Dir = mod
			cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod")
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
			}
		}
	})
	t.Run("Newman", func(t *testing.T) {
		npx(t, dir, "newman", "run", collection, "--env-var", "apiKey="+ts.Key, "--env-var", "baseUrl="+ts.URL,
			"--bail", "--reporters", "cli")
	})
}
