package http

import (
	"fmt"
	"testing"

	json "github.com/goccy/go-json"
	"github.com/astroapi/astroapi/http/routes"
)

func TestZZCost(t *testing.T) {
	s, _ := New(Config{Operations: routes.All(routes.Deps{})})
	cost := map[string]int{}
	var walk func(m map[string]any)
	walk = func(m map[string]any) {
		for k, v := range m {
			b, _ := json.Marshal(v)
			switch k {
			case "description", "minimum", "maximum", "default", "enum", "type", "required":
				cost[k] += len(b) + len(k) + 4
			}
			switch x := v.(type) {
			case map[string]any:
				walk(x)
			}
		}
	}
	desc := 0
	for _, tl := range s.mcp.tools {
		walk(tl.tool.InputSchema.(map[string]any))
		desc += len(tl.tool.Description)
	}
	fmt.Println(cost, "tooldesc", desc)
}
