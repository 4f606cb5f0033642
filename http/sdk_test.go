package http_test

import (
	"bytes"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	json "github.com/goccy/go-json"

	"github.com/astroapi/astroapi/http/apitest"
	"github.com/astroapi/astroapi/http/op"
	"github.com/astroapi/astroapi/http/routes"
)

// update rewrites the SDKs' generated files from the served document.
var update = flag.Bool("update", false, "rewrite the SDKs' generated files (sdk/typescript/src/schema.d.ts, sdk/go/astroapi.gen.go)")

// startProductServer serves routes.All with every dependency and nothing
// of the tests' own (the echo family): the document the SDKs are
// generated from.
func startProductServer(t *testing.T) *apitest.Server {
	t.Helper()
	o := withEverything(t, testOptions{})
	return apitest.Start(t, apitest.Options{
		Ephemeris: true, Tables: o.Tables,
		Ops: func(e apitest.Env) []*op.Operation {
			return routes.All(routes.Deps{
				Positions: o.Positions, Tables: o.Tables, Swiss: o.Swiss, Places: o.Places, Zones: o.Zones,
				Store: e.Store, Quota: e.Quota, KeyRevoked: e.KeyRevoked,
			})
		},
	})
}

// checkGenerated compares a freshly generated file with the committed
// one (or rewrites it with -update).
func checkGenerated(t *testing.T, committed string, fresh []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(committed, fresh, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	old, err := os.ReadFile(committed)
	if err != nil {
		t.Fatalf("%s: %v (go test ./http -run TestSDKs -update writes it)", committed, err)
	}
	if !bytes.Equal(old, fresh) {
		t.Errorf("%s is not what the generator makes of the served document: run go test ./http -run TestSDKs -update", committed)
	}
}

// run runs a command in dir, failing the test with its output.
func run(t *testing.T, dir string, env []string, name string, args ...string) []byte {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s\n%s", name, strings.Join(args, " "), err, tail(out, 2000), tail(stderr.Bytes(), 2000))
	}
	return out
}

// TestSDKs generates both SDKs from a live server's document with each
// generator's default settings, checks them against the committed files,
// builds them (tsc --strict; go build and vet) and runs each one's example
// against the server: a natal body with only the fields it needs, the
// names in Spanish, a GET with a query parameter, the key as a bearer
// token, and a typed batch (an item built as its operation's, the outcome
// read as its operation's result). The example's one JSON line is checked.
func TestSDKs(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the generators")
	}
	node, tsDir := nodeTools(t, "../sdk/typescript", "openapi-typescript")
	ts := startProductServer(t)
	root, _ := filepath.Abs("..")
	doc := filepath.Join(t.TempDir(), "openapi.json")
	if err := os.WriteFile(doc, ts.Get(t, "/api/openapi.json", "x-api-key", "").WantStatus(t, 200).Body, 0o644); err != nil {
		t.Fatal(err)
	}
	env := []string{"ASTROAPI_URL=" + ts.URL, "ASTROAPI_KEY=" + ts.Key}
	want := map[string]any{"sun_sign": "Cancer", "sun_es": "Sol", "planets": 14.0, "eclipses": 200.0, "usage": 200.0, "batch_sun": "Cancer"}
	checkExample := func(t *testing.T, out []byte) {
		t.Helper()
		var got map[string]any
		if err := json.Unmarshal(bytes.TrimSpace(out), &got); err != nil {
			t.Fatalf("example printed %q: %v", out, err)
		}
		for k, v := range want {
			if got[k] != v {
				t.Errorf("example: %s = %v, want %v (all: %v)", k, got[k], v, got)
			}
		}
	}

	t.Run("TypeScript", func(t *testing.T) {
		gen := filepath.Join(t.TempDir(), "schema.d.ts")
		run(t, tsDir, nil, filepath.Join(tsDir, "node_modules", ".bin", "openapi-typescript"), doc, "-o", gen)
		fresh, err := os.ReadFile(gen)
		if err != nil {
			t.Fatal(err)
		}
		checkGenerated(t, filepath.Join(tsDir, "src", "schema.d.ts"), fresh)
		run(t, tsDir, nil, "npm", "run", "build")
		checkExample(t, run(t, tsDir, env, node, "dist/examples/natal.js"))
	})

	t.Run("Go", func(t *testing.T) {
		goDir := filepath.Join(root, "sdk", "go")
		// The configuration names its output from the repository's root;
		// it is generated into a copy so that the committed file stays
		// as it is until compared.
		cfg, err := os.ReadFile(filepath.Join(goDir, "oapi-codegen.yaml"))
		if err != nil {
			t.Fatal(err)
		}
		tmp := t.TempDir()
		gen := filepath.Join(tmp, "astroapi.gen.go")
		cfgCopy := filepath.Join(tmp, "oapi-codegen.yaml")
		if err := os.WriteFile(cfgCopy, bytes.Replace(cfg, []byte("output: sdk/go/astroapi.gen.go"), []byte("output: "+gen), 1), 0o644); err != nil {
			t.Fatal(err)
		}
		run(t, root, nil, "go", "tool", "oapi-codegen", "-config", cfgCopy, doc)
		fresh, err := os.ReadFile(gen)
		if err != nil {
			t.Fatal(err)
		}
		checkGenerated(t, filepath.Join(goDir, "astroapi.gen.go"), fresh)
		run(t, goDir, nil, "go", "build", "./...")
		run(t, goDir, nil, "go", "vet", "./...")
		checkExample(t, run(t, goDir, env, "go", "run", "./examples/natal"))
	})
}
