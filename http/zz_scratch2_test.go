package http

import (
	"fmt"
	"os"
	"testing"

	json "github.com/goccy/go-json"
	"github.com/astroapi/astroapi/http/routes"
)

func TestZZDump(t *testing.T) {
	s, err := New(Config{Operations: routes.All(routes.Deps{})})
	if err != nil {
		t.Fatal(err)
	}
	for _, tl := range s.mcp.tools {
		if tl.Name != os.Getenv("TOOL") { continue }
		tool := tl.tool
		b, _ := json.MarshalIndent(map[string]any{"name": tool.Name, "description": tool.Description, "inputSchema": tool.InputSchema}, "", " ")
		fmt.Println(string(b))
	}
}
