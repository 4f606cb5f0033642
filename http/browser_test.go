package http_test

import (
	"bytes"
	"context"
	"go/format"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/astroapi/astroapi/engine/accuracy/measure"
	"github.com/astroapi/astroapi/http/apitest"
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

// TestBrowserConsole drives the console (/api-keys) end to end in
// headless Chromium with playwright-core (http/browsertest/console.mjs;
// `npm ci` there first): a new account signs up, sees its dashboard at
// zero usage, calls routes in the playground, sees them counted (the
// page's figures equal /api/v1/usage), rotates and revokes keys, at
// desktop and phone widths. No key may appear in a URL, a cookie or the
// access log; the page's weight and the dashboard's render time are held
// to bounds and printed. Screenshots go to $ASTROAPI_SCREENSHOTS (or the
// test's temporary directory). Without node, chromium or the npm package
// it skips, unless CI=true.
func TestBrowserConsole(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a browser")
	}
	node, chromium, dir := browserTools(t)
	if _, err := os.Stat("assets/vendor/uPlot.iife.min.js"); err != nil {
		skipOrFail(t, "http/assets/vendor/uPlot.iife.min.js (run `make docs-ui`, which the build does)")
	}
	shots := os.Getenv("ASTROAPI_SCREENSHOTS")
	if shots == "" {
		shots = t.TempDir()
	}
	logPath := filepath.Join(t.TempDir(), "access.log")
	logFile, err := os.Create(logPath)
	if err != nil {
		t.Fatal(err)
	}
	defer logFile.Close()
	// The clock runs: the free plan's per-second rate refills, and the
	// statistics fall on the real day and hour.
	clock := apitest.NewClock(time.Now().UTC())
	stop := make(chan struct{})
	ticked := make(chan struct{})
	go func() {
		defer close(ticked)
		tick := time.NewTicker(10 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-stop:
				return
			case now := <-tick.C:
				clock.Set(now.UTC())
			}
		}
	}()
	defer func() { close(stop); <-ticked }()
	ts := startTestServer(t, withEverything(t, testOptions{Clock: clock, Log: logFile}))
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, filepath.Join(dir, "console.mjs"), ts.URL, logPath, shots, chromium)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("browser test: %v\n%s", err, out)
	}
	t.Logf("%s", out)
	// The playground's Go snippet is a program as gofmt writes it.
	snippet, err := os.ReadFile(filepath.Join(filepath.Dir(logPath), "snippet.go"))
	if err != nil {
		t.Fatal(err)
	}
	formatted, err := format.Source(snippet)
	if err != nil {
		t.Fatalf("the Go snippet does not parse: %v\n%s", err, snippet)
	}
	if !bytes.Equal(formatted, snippet) {
		t.Errorf("the Go snippet is not gofmt-clean:\n%s", snippet)
	}
}

// TestBrowserDocs sends the natal example from Swagger UI (/api/docs) and
// from Scalar (/api/docs/scalar) in headless Chromium with the test key,
// and sees a 200 in each; screenshots go to $ASTROAPI_SCREENSHOTS (or the
// test's temporary directory).
func TestBrowserDocs(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a browser")
	}
	node, chromium, dir := browserTools(t)
	if _, err := os.Stat("assets/vendor/swagger-ui-bundle.js"); err != nil {
		skipOrFail(t, "http/assets/vendor (run `make docs-ui`, which the build does)")
	}
	shots := os.Getenv("ASTROAPI_SCREENSHOTS")
	if shots == "" {
		shots = t.TempDir()
	}
	ts := startTestServer(t, testOptions{Positions: apitest.Tables(t)})
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, filepath.Join(dir, "docs.mjs"), ts.URL, ts.Key, shots, chromium)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("browser test: %v\n%s", err, out)
	}
	t.Logf("%s", out)
}

// skipOrFail skips a test whose tool is missing, or fails it when CI=true.
func skipOrFail(t *testing.T, what string) {
	t.Helper()
	measure.Missing(t, what+" missing; install it to run the browser test")
}

// browserTools finds node, Chromium and http/browsertest's packages.
func browserTools(t *testing.T) (node, chromium, dir string) {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		skipOrFail(t, "node")
	}
	chromium = os.Getenv("CHROMIUM")
	if chromium == "" {
		chromium = "/usr/bin/chromium"
	}
	if _, err := os.Stat(chromium); err != nil {
		skipOrFail(t, chromium)
	}
	dir, _ = filepath.Abs("browsertest")
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "playwright-core")); err != nil {
		skipOrFail(t, "http/browsertest/node_modules (run `npm ci` in http/browsertest)")
	}
	return node, chromium, dir
}
