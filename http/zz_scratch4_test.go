package http

import (
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/astroapi/astroapi/http/op"
	"github.com/astroapi/astroapi/http/routes"
)

func TestZZOps(t *testing.T) {
	s, err := New(Config{Operations: routes.All(routes.Deps{})})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, tl := range s.mcp.tools {
		o := tl.Op
		var fields []string
		var walk func(ty any, prefix string)
		_ = walk
		for _, f := range op.WireFields(o.In) {
			d := f.Tag.Get("default")
			x := op.WireName(f)
			if d != "" { x += "=" + d }
			if f.Tag.Get("required") == "true" { x += "*" }
			fields = append(fields, x)
		}
		sort.Strings(fields)
		fmt.Fprintf(&b, "## %s %s %s [%s] %s\n   %s\n   %s\n   fields: %s\n", o.ID, o.Method, o.Path, o.Family, tl.Name, o.Summary, o.Description, strings.Join(fields, ", "))
	}
	os.WriteFile("/tmp/agents/ops.txt", []byte(b.String()), 0o644)
}
