package engine_test

import (
	"encoding/json"
	"io"
	"os/exec"
	"strings"
	"testing"
)

// TestBoundaries pins the layering of ARCHITECTURE.md: only engine/swe may
// use cgo, and no calculation package may depend on the HTTP server, the
// quota counters or the store, and topic packages reach the Swiss
// Ephemeris only through engine.Positions.
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
