package engine_test

import (
	"encoding/json"
	"io"
	"os/exec"
	"strings"
	"testing"
)

// TestBoundaries pins the layering of ARCHITECTURE.md: only engine/swe may
// use cgo; no calculation package may depend on the HTTP server, the quota
// counters or the store; topic packages reach the Swiss Ephemeris only
// through engine.Positions; the operation core (http/op) knows no
// transport; a family's glue (http/routes/<family>) imports neither the
// server nor another family.
func TestBoundaries(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list over the whole module")
	}
	cmd := exec.Command("go", "list", "-json", "-deps=false", "github.com/astroapi/astroapi/...")
	cmd.Env = append(cmd.Environ(), "CGO_ENABLED=1")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	const module = "github.com/astroapi/astroapi/"
	forbidden := []string{module + "http", module + "quota", module + "store"}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for {
		var p struct {
			ImportPath string
			CgoFiles   []string
			Imports    []string
			Deps       []string
		}
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		if len(p.CgoFiles) > 0 && p.ImportPath != module+"engine/swe" {
			t.Errorf("%s uses cgo (%v); only engine/swe may", p.ImportPath, p.CgoFiles)
		}
		// The operation core is transport-neutral; a family's glue reaches
		// neither the server nor another family (shared rules belong in
		// the engine).
		if p.ImportPath == module+"http/op" {
			for _, d := range p.Deps {
				if strings.HasPrefix(d, "github.com/valyala/fasthttp") || d == module+"http" {
					t.Errorf("http/op depends on %s; it must stay transport-neutral", d)
				}
			}
		}
		if fam, ok := strings.CutPrefix(p.ImportPath, module+"http/routes/"); ok {
			for _, imp := range p.Imports {
				other, isFamily := strings.CutPrefix(imp, module+"http/routes/")
				if isFamily && other != fam {
					t.Errorf("family %s imports family %s; move the shared rule into the engine", fam, other)
				}
				if imp == module+"http" || strings.HasPrefix(imp, "github.com/valyala/fasthttp") {
					t.Errorf("family %s imports %s; glue sees only http/op", fam, imp)
				}
			}
		}
		if !strings.HasPrefix(p.ImportPath, module+"engine") {
			continue
		}
		// Topic packages get an engine.Positions; only the position source
		// (engine/ephem) and the generator talk to the Swiss Ephemeris.
		if p.ImportPath != module+"engine/ephem" {
			for _, imp := range p.Imports {
				if imp == module+"engine/swe" {
					t.Errorf("%s imports engine/swe; use an engine.Positions instead", p.ImportPath)
				}
			}
		}
		for _, d := range p.Deps {
			for _, f := range forbidden {
				if d == f || strings.HasPrefix(d, f+"/") {
					t.Errorf("%s depends on %s; engine packages must not", p.ImportPath, d)
				}
			}
		}
	}
}
