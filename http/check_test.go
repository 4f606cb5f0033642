package http_test

import (
	"strings"
	"testing"

	apihttp "github.com/astroapi/astroapi/http"
	"github.com/astroapi/astroapi/http/apitest"
	"github.com/astroapi/astroapi/http/op"
	"github.com/astroapi/astroapi/http/routes"
)

// TestCheckAllRoutes: the served list passes the invariants with every
// dependency missing too (operations then answer 503, still documented).
func TestCheckAllRoutes(t *testing.T) {
	if err := apihttp.Check(routes.All(routes.Deps{})); err != nil {
		t.Fatal(err)
	}
}

type badTags struct {
	Lat  float64 `json:"lat" minimum:"-ninety"`
	Kind string  `json:"kind" required:"yes"`
	N    int     `json:"n" default:"many" example:"3.5"`
}

// TestCheckRefuses: each invariant the server is built with, broken once.
func TestCheckRefuses(t *testing.T) {
	echo := func(c *op.Call, in *op.None) (op.None, error) { return op.None{}, nil }
	cases := []struct {
		name string
		ops  []*op.Operation
		want []string
	}{
		{"ErrMalformedTags", []*op.Operation{op.Post(op.Spec{ID: "x", Path: "/api/v1/x", Family: "Charts"},
			func(*op.Call, *badTags) (op.None, error) { return op.None{}, nil })},
			[]string{`minimum "-ninety" is not a number`, `required "yes"`, `default "many" is not an integer`, `example "3.5" is not an integer`}},
		{"ErrDuplicateRoute", []*op.Operation{
			op.Post(op.Spec{ID: "a", Path: "/api/v1/x", Family: "Charts"}, echo),
			op.Post(op.Spec{ID: "b", Path: "/api/v1/x", Family: "Charts"}, echo)},
			[]string{"POST /api/v1/x is already served by a"}},
		{"ErrDuplicateID", []*op.Operation{
			op.Post(op.Spec{ID: "a", Path: "/api/v1/x", Family: "Charts"}, echo),
			op.Get(op.Spec{ID: "a", Path: "/api/v1/x", Family: "Charts"}, echo)},
			[]string{"a: duplicate operation id"}},
		{"ErrBilledOutsideAPI", []*op.Operation{op.Post(op.Spec{ID: "a", Path: "/x", Family: "Charts"}, echo)},
			[]string{"billed, but /x is outside /api/v1/"}},
		{"ErrUnknownFamily", []*op.Operation{op.Post(op.Spec{ID: "a", Path: "/api/v1/x", Family: "Misc"}, echo)},
			[]string{`family "Misc"`}},
		{"ErrToolNameClash", []*op.Operation{
			op.Post(op.Spec{ID: "post-x", Path: "/api/v1/x", Family: "Charts"}, echo),
			op.Post(op.Spec{ID: "x", Path: "/api/v1/y", Family: "Charts"}, echo)},
			[]string{`x: MCP tool name "x" is already post-x's`}},
		{"ErrToolName", []*op.Operation{op.Post(op.Spec{ID: "post-X.y", Path: "/api/v1/x", Family: "Charts"}, echo)},
			[]string{`MCP tool name "X.y" does not match`}},
		{"ErrResourcePost", []*op.Operation{op.Post(op.Spec{ID: "a", Path: "/api/v1/x", Family: "Charts", Resource: true}, echo)},
			[]string{"Resource needs a batchable GET operation"}},
		{"ErrResourceInput", []*op.Operation{op.Get(op.Spec{ID: "a", Path: "/api/v1/x/{id}", Family: "Charts", Resource: true},
			func(*op.Call, *apitest.EchoInput) (op.None, error) { return op.None{}, nil })},
			[]string{"Resource cannot have path parameters", "Resource cannot require input (year)"}},
		{"ErrRawWithoutMediaType", []*op.Operation{op.Get(op.Spec{ID: "a", Path: "/api/v1/x", Family: "Charts"},
			func(*op.Call, *op.None) (op.Raw, error) { return op.Raw{}, nil })},
			[]string{"does not say its media type"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := apihttp.Check(c.ops)
			if err == nil {
				t.Fatal("accepted")
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error lacks %q:\n%v", w, err)
				}
			}
			if _, err := apihttp.New(apihttp.Config{Operations: c.ops}); err == nil {
				t.Error("New built a server from the list")
			}
		})
	}
}
