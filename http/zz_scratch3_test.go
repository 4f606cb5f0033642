package http

import (
	"os"
	"testing"

	json "github.com/goccy/go-json"
	"github.com/astroapi/astroapi/http/routes"
)

func TestZZOpenAPI(t *testing.T) {
	s, err := New(Config{Operations: routes.All(routes.Deps{})})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.MarshalIndent(buildOpenAPI(s.ops, "http://127.0.0.1:8080"), "", " ")
	os.WriteFile("/tmp/agents/openapi.json", b, 0o644)
}
