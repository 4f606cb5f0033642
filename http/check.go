package http

import (
	"errors"
	"fmt"

	"github.com/astroapi/astroapi/http/op"
)

// Check reports what is wrong with a list of operations, so that a server
// with a broken list does not start (New calls it; a test calls it on
// routes.All): each operation's own faults (op.Operation.Check: handler,
// billing, struct tags), two operations sharing an id or a method and
// path, a family the documents cannot describe, two batchable operations
// whose MCP tool names clash or a tool name clients refuse.
func Check(ops []*op.Operation) error {
	var errs []error
	ids := map[string]bool{}
	routes := map[string]string{}
	tools := map[string]string{}
	for _, o := range ops {
		if err := o.Check(); err != nil {
			errs = append(errs, err)
		}
		if ids[o.ID] {
			errs = append(errs, fmt.Errorf("%s: duplicate operation id", o.ID))
		}
		ids[o.ID] = true
		route := o.Method + " " + openAPIPath(o.Path)
		if other, dup := routes[route]; dup {
			errs = append(errs, fmt.Errorf("%s: %s is already served by %s", o.ID, route, other))
		}
		routes[route] = o.ID
		if o.Batchable() {
			name := ToolName(o)
			if !toolNamePattern.MatchString(name) {
				errs = append(errs, fmt.Errorf("%s: MCP tool name %q does not match %s", o.ID, name, toolNamePattern))
			}
			if other, dup := tools[name]; dup {
				errs = append(errs, fmt.Errorf("%s: MCP tool name %q is already %s's", o.ID, name, other))
			}
			tools[name] = o.ID
		}
		if _, known := familyDescriptions[o.Family]; !known {
			errs = append(errs, fmt.Errorf("%s: family %q is not one of the documented families %v", o.ID, o.Family, familyOrder))
		}
	}
	return errors.Join(errs...)
}
