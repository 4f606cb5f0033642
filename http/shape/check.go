package shape

import (
	"fmt"
	"reflect"
	"sort"
	"strings"

	"github.com/astroapi/astroapi/engine"
)

// Check reports the paths of s that the result type t does not have, as
// one field error naming the fields parameter (422), each with the nearest
// known name. A path through a value whose shape is not known from its
// type (an interface, a type that writes itself) is accepted: it selects
// what it finds.
func (s *Spec) Check(t reflect.Type) error {
	if s == nil {
		return nil
	}
	errs := append(engine.Fields(nil), s.errs...)
	if s.sel != nil {
		s.bind(t)
		var bad []string
		checkNode(t, s.sel, "", &bad)
		if len(bad) > 0 {
			sort.Strings(bad)
			errs.Bad(FieldsParam, strings.Join(bad, "; "))
		}
	}
	return errs.Err()
}

func checkNode(t reflect.Type, n *node, prefix string, bad *[]string) {
	if n.whole || len(n.kids) == 0 {
		return
	}
	t = container(t)
	if t == nil {
		return // its shape is its own: anything may be asked of it
	}
	switch t.Kind() {
	case reflect.Struct:
		si := info(t)
		for name, kid := range n.kids {
			path := join(prefix, name)
			i, ok := si.byName[name]
			if !ok {
				msg := fmt.Sprintf("%s is not a member of the result", quotePath(path))
				if prefix != "" {
					msg = fmt.Sprintf("%s is not a member of %s", quotePath(path), prefix)
				}
				if near := nearest(name, names(t)); near != "" {
					msg += "; did you mean " + quotePath(join(prefix, near)) + "?"
				} else {
					msg += " (its members: " + strings.Join(names(t), ", ") + ")"
				}
				*bad = append(*bad, msg)
				continue
			}
			checkNode(si.fields[i].typ, kid, path, bad)
		}
	case reflect.Map:
		for key, kid := range n.kids {
			checkNode(t.Elem(), kid, join(prefix, key), bad)
		}
	default:
		for name := range n.kids {
			*bad = append(*bad, fmt.Sprintf("%s: %s is a %s and has no members", quotePath(join(prefix, name)), prefix, kindName(t)))
		}
	}
}

// container returns the type whose members a path names below a value of
// type t: through pointers and lists, nil when the value's shape is not
// known from its type.
func container(t reflect.Type) reflect.Type {
	for {
		switch {
		case t == rawMessageType || t.Kind() == reflect.Interface || marshals(t):
			return nil
		case textual(t):
			return t // written as a string: no members
		case t.Kind() == reflect.Pointer:
			t = t.Elem()
		case (t.Kind() == reflect.Slice || t.Kind() == reflect.Array) && t.Elem().Kind() != reflect.Uint8:
			t = t.Elem()
		default:
			return t
		}
	}
}

func kindName(t reflect.Type) string {
	switch {
	case textual(t):
		return "string"
	case t.Kind() == reflect.Bool:
		return "boolean"
	case t.Kind() == reflect.String:
		return "string"
	case t.Kind() == reflect.Float32 || t.Kind() == reflect.Float64:
		return "number"
	}
	return "integer"
}

func join(prefix, name string) string {
	if prefix == "" {
		return name
	}
	return prefix + "." + name
}

func quotePath(p string) string { return `"` + p + `"` }

// nearest is the known name closest to name (edit distance at most a third
// of its length, at least 1; or one containing the other), "" for none.
func nearest(name string, known []string) string {
	best, bestD := "", max(1, len(name)/3)+1
	for _, k := range known {
		if d := distance(strings.ToLower(name), strings.ToLower(k)); d < bestD {
			best, bestD = k, d
		}
	}
	if best == "" && len(name) >= 3 {
		for _, k := range known {
			if strings.Contains(k, name) || strings.Contains(name, k) {
				return k
			}
		}
	}
	return best
}

// distance is the Levenshtein distance of a and b (bytes).
func distance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			c := prev[j-1]
			if a[i-1] != b[j-1] {
				c++
			}
			cur[j] = min(c, prev[j]+1, cur[j-1]+1)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
