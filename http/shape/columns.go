package shape

import (
	"fmt"
	"reflect"
	"sort"
	"strings"
)

// Table is the flat form of a result type under a shape, for CSV: the
// columns of the values outside its one list (repeated on every row), the
// list's path, and the columns of the list's elements (a row each). A
// column is a dotted path from the result (planets.name); a list of
// scalars is one column, a value whose shape is not known from its type
// (a map, an interface) one column of JSON.
type Table struct {
	Outer []string // paths of the columns outside the list
	List  string   // path of the list ("" when the result has none)
	Inner []string // paths of the elements' columns, from the element
}

// Table works out the table of results of type t under s: an error (for
// the caller's 422) when the shape keeps more than one list of objects.
func (s *Spec) Table(t reflect.Type) (*Table, error) {
	var sel *node
	excl := false
	if s != nil {
		sel, excl = s.sel, s.exclude
	}
	tb := &Table{}
	var lists []string
	var walk func(t reflect.Type, n *node, path string, inList bool)
	walk = func(t reflect.Type, n *node, path string, inList bool) {
		for t.Kind() == reflect.Pointer && !marshals(t) && !textual(t) {
			t = t.Elem()
		}
		col := func() {
			if inList {
				tb.Inner = append(tb.Inner, strings.TrimPrefix(strings.TrimPrefix(path, tb.List), "."))
			} else {
				tb.Outer = append(tb.Outer, path)
			}
		}
		switch {
		case t == rawMessageType || marshals(t) || textual(t) || t.Kind() == reflect.Interface || t.Kind() == reflect.Map:
			col()
		case t.Kind() == reflect.Struct:
			for _, f := range info(t).fields {
				var sub *node
				if n != nil && !n.whole {
					kid := n.kids[f.name]
					switch {
					case excl && kid != nil && kid.whole:
						continue
					case excl:
						sub = kid
					case kid == nil:
						continue
					default:
						sub = kid
					}
				}
				walk(f.typ, sub, join(path, f.name), inList)
			}
		case (t.Kind() == reflect.Slice || t.Kind() == reflect.Array) && t.Elem().Kind() != reflect.Uint8:
			et := t.Elem()
			for et.Kind() == reflect.Pointer && !marshals(et) && !textual(et) {
				et = et.Elem()
			}
			if inList || et.Kind() != reflect.Struct || marshals(et) || textual(et) {
				col() // scalars joined, or a list inside the list: one cell
				return
			}
			lists = append(lists, path)
			if len(lists) > 1 {
				return
			}
			tb.List = path
			walk(et, n, path, true)
		default:
			col()
		}
	}
	walk(t, sel, "", false)
	if len(lists) > 1 {
		sort.Strings(lists)
		return nil, fmt.Errorf("a CSV row holds the elements of one list, and the result keeps %d (%s): choose one with fields (e.g. fields=%s)",
			len(lists), strings.Join(lists, ", "), lists[0])
	}
	return tb, nil
}
