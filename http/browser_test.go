package http_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// nodeTools returns node and the node tools directory sub of http
// (browsertest, mcptest), skipping (or failing under CI=true) when node or
// the npm package pkg is missing there.
func nodeTools(t *testing.T, sub, pkg string) (node, dir string) {
	t.Helper()
	missing := func(what string) {
		t.Helper()
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s missing (CI=true)", what)
		}
		t.Skipf("%s missing; install it to run this test", what)
	}
	node, err := exec.LookPath("node")
	if err != nil {
		missing("node")
	}
	dir, _ = filepath.Abs(sub)
	if _, err := os.Stat(filepath.Join(dir, "node_modules", pkg)); err != nil {
		missing("http/" + sub + "/node_modules/" + pkg + " (run `npm ci` in http/" + sub + ")")
	}
	return node, dir
}

// TestOpenAPIValidates checks the served document against the OpenAPI 3.1
// schema with an independent validator (@apidevtools/swagger-parser).
func TestOpenAPIValidates(t *testing.T) {
	node, dir := nodeTools(t, "browsertest", "@apidevtools/swagger-parser")
	ts := startTestServer(t, testOptions{})
	doc := ts.Get(t, "/api/openapi.json").WantStatus(t, 200).Body
	file := filepath.Join(t.TempDir(), "openapi.json")
	if err := os.WriteFile(file, doc, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(node, filepath.Join(dir, "openapi.mjs"), file).CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	t.Logf("%s", out)
}

// TestBrowserConsole drives the key console and the docs UI in headless
// Chromium with playwright-core (http/browsertest; `npm ci` there first).
// Without node, chromium or the npm package it skips, unless CI=true.
func TestBrowserConsole(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a browser")
	}
	missing := func(what string) {
		t.Helper()
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s missing (CI=true)", what)
		}
		t.Skipf("%s missing; install it to run the browser test", what)
	}
	node, err := exec.LookPath("node")
	if err != nil {
		missing("node")
	}
	chromium := os.Getenv("CHROMIUM")
	if chromium == "" {
		chromium = "/usr/bin/chromium"
	}
	if _, err := os.Stat(chromium); err != nil {
		missing(chromium)
	}
	dir, _ := filepath.Abs("browsertest")
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "playwright-core")); err != nil {
		missing("http/browsertest/node_modules (run `npm ci` in http/browsertest)")
	}
	ts := startTestServer(t, testOptions{})
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, filepath.Join(dir, "console.mjs"), ts.URL, chromium)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("browser test: %v\n%s", err, out)
	}
	t.Logf("%s", out)
}
