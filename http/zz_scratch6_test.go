package http

import (
	"fmt"
	"sort"
	"testing"

	"github.com/astroapi/astroapi/http/routes"
)

func TestZZDesc(t *testing.T) {
	s, _ := New(Config{Operations: routes.All(routes.Deps{})})
	cost := map[string]int{}
	ex := map[string]string{}
	var walk func(m map[string]any)
	walk = func(m map[string]any) {
		if props, ok := m["properties"].(map[string]any); ok {
			for k, v := range props {
				p := v.(map[string]any)
				if d, ok := p["description"].(string); ok { cost[k] += len(d)+16; ex[k] = d }
				walk(p)
			}
		}
		if d, ok := m["$defs"].(map[string]any); ok { for _, v := range d { walk(v.(map[string]any)) } }
		if d, ok := m["items"].(map[string]any); ok { walk(d) }
	}
	for _, tl := range s.mcp.tools {
		walk(tl.tool.InputSchema.(map[string]any))
	}
	var ks []string
	for k := range cost { ks = append(ks, k) }
	sort.Slice(ks, func(i, j int) bool { return cost[ks[i]] > cost[ks[j]] })
	for _, k := range ks[:40] { fmt.Printf("%6d %-22s %s\n", cost[k], k, ex[k]) }
}
