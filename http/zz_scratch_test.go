package http

import (
	"fmt"
	"sort"
	"testing"

	json "github.com/goccy/go-json"
	"github.com/astroapi/astroapi/http/routes"
)

func TestZZScratch(t *testing.T) {
	s, err := New(Config{Operations: routes.All(routes.Deps{})})
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	fam := map[string]int{}
	type row struct{ name, fam, path string; n int }
	var rows []row
	for _, tl := range s.mcp.tools {
		tool := tl.tool
		b, _ := json.Marshal(map[string]any{"name": tool.Name, "description": tool.Description, "inputSchema": tool.InputSchema})
		total += len(b)
		fam[tl.Family] += len(b)
		rows = append(rows, row{tl.Name, tl.Family, tl.Op.Method + " " + tl.Op.Path, len(b)})
	}
	sort.Slice(rows, func(i, j int) bool { return rows[i].n > rows[j].n })
	for _, r := range rows {
		fmt.Printf("%6d %-12s %-30s %s\n", r.n, r.fam, r.name, r.path)
	}
	fmt.Println("total bytes", total, "tokens", total/4, "tools", len(rows))
	for f, n := range fam {
		fmt.Println(f, n/4)
	}
}
