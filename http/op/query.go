package op

import (
	"encoding"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"

	json "github.com/goccy/go-json"

	"github.com/astroapi/astroapi/engine"
)

// decodeQuery fills the struct rv from query parameters named by json tag,
// collecting every problem: a name the input does not have, a name sent
// twice (lists excepted: they take repeated parameters as well as commas),
// a value that does not read as its field's type, a required field
// missing. A dotted name reaches into an object field: person1.year sets
// the year of the person1 object, so a GET can carry what a POST nests
// (the synastry wheel's two births). Required fields of an object that
// was sent in part are reported missing by their dotted names.
func (c *Call) decodeQuery(rv reflect.Value, node *schemaNode, errs *engine.Fields) {
	if node.kind != nodeObject {
		errs.Bad("(query)", fmt.Sprintf("http: query input must be a struct, got %s", rv.Type()))
		return
	}
	var unknown []unknownName
	seenUnknown := map[string]bool{}
	for _, kv := range c.query {
		name := kv[0]
		fv, fnode, ok := queryField(rv, node, name)
		if ok && !fv.IsValid() {
			errs.Bad(name, "is an object: send its fields as "+name+".<field> parameters")
			continue
		}
		if !ok {
			if !seenUnknown[name] {
				seenUnknown[name] = true
				key := name
				if i := strings.LastIndexByte(name, '.'); i >= 0 {
					key = name[i+1:]
				}
				unknown = append(unknown, unknownName{path: name, key: key, node: fnode})
			}
			continue
		}
		top, _, nested := strings.Cut(name, ".")
		first := !c.present.has(name)
		if !first && !isList(fv) {
			errs.Bad(name, "is sent twice: send each parameter once")
			continue
		}
		c.present.set(name)
		if nested {
			c.present.set(top)
		}
		if err := setFromString(fv, kv[1]); err != nil {
			var ie itemError
			if errors.As(err, &ie) {
				errs.Bad(fmt.Sprintf("%s[%d]", name, ie.index), ie.err.Error())
			} else {
				errs.Bad(name, err.Error())
			}
		}
	}
	c.unknown(unknown, node, errs)
	for _, f := range node.order {
		if f.required && !c.present.has(f.name) {
			errs.Bad(f.name, "is required")
		}
	}
	for _, m := range missingNested(node, "", &c.present) {
		errs.Bad(m, "is required")
	}
}

// isList reports whether a query field takes several values.
func isList(v reflect.Value) bool {
	t := v.Type()
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if custom, _ := readsItself(t); custom {
		return false
	}
	return t.Kind() == reflect.Slice && t.Elem().Kind() != reflect.Uint8
}

// queryField finds the field a (possibly dotted) query parameter names,
// allocating the nil pointers on the way; ok is false when there is none
// (node is then the object the last name was looked up in), and the value
// is invalid when the name is that of an object.
func queryField(rv reflect.Value, node *schemaNode, name string) (reflect.Value, *schemaNode, bool) {
	for {
		head, rest, dotted := strings.Cut(name, ".")
		f := node.fields[name]
		if f == nil && dotted {
			f = node.fields[head]
		} else {
			dotted = false
		}
		if f == nil {
			return reflect.Value{}, node, false
		}
		fv, err := rv.FieldByIndexErr(f.index)
		if err != nil {
			return reflect.Value{}, node, false // behind a nil embedded pointer
		}
		if !dotted {
			if f.node.kind == nodeObject {
				return reflect.Value{}, node, true
			}
			return fv, node, true
		}
		if f.node.kind != nodeObject {
			return reflect.Value{}, node, false
		}
		for fv.Kind() == reflect.Pointer {
			if fv.IsNil() {
				fv.Set(reflect.New(fv.Type().Elem()))
			}
			fv = fv.Elem()
		}
		rv, node, name = fv, f.node, rest
	}
}

// missingNested lists, under the object fields of node that were sent in
// part (present holds their dotted names), the required fields that were
// not sent, by dotted name.
func missingNested(node *schemaNode, prefix string, present *presence) []string {
	var out []string
	for _, f := range node.order {
		name := prefix + f.name
		if f.node.kind != nodeObject || !present.has(name) {
			continue
		}
		for _, g := range f.node.order {
			if g.required && !present.has(name+"."+g.name) && g.node.kind != nodeObject {
				out = append(out, name+"."+g.name)
			}
		}
		out = append(out, missingNested(f.node, name+".", present)...)
	}
	return out
}

// setFromString parses s into v. Lists take comma-separated values (and
// repeated parameters, appended); a type that reads itself reads s (a
// json.Unmarshaler gets s as a JSON number when it is one, else as a JSON
// string).
func setFromString(v reflect.Value, s string) error {
	if v.Kind() == reflect.Pointer {
		if v.IsNil() {
			v.Set(reflect.New(v.Type().Elem()))
		}
		return setFromString(v.Elem(), s)
	}
	if v.CanAddr() {
		switch u := v.Addr().Interface().(type) {
		case encoding.TextUnmarshaler:
			return u.UnmarshalText([]byte(s))
		case json.Unmarshaler:
			raw := []byte(strconv.Quote(s))
			if _, err := strconv.ParseFloat(s, 64); err == nil {
				raw = []byte(s)
			}
			if err := u.UnmarshalJSON(raw); err != nil {
				return err
			}
			return nil
		}
	}
	if v.Kind() == reflect.Slice && v.Type().Elem().Kind() != reflect.Uint8 {
		if s == "" {
			return nil
		}
		for i, part := range strings.Split(s, ",") {
			if strings.TrimSpace(part) == "" {
				return itemError{i, fmt.Errorf("is empty (%q): separate the values with single commas", s)}
			}
			e := reflect.New(v.Type().Elem()).Elem()
			if err := setFromString(e, strings.TrimSpace(part)); err != nil {
				return itemError{i, err}
			}
			v.Set(reflect.Append(v, e))
		}
		return nil
	}
	switch v.Kind() {
	case reflect.String:
		v.SetString(s)
	case reflect.Bool:
		b, err := strconv.ParseBool(s)
		if err != nil {
			return fmt.Errorf("must be true or false, got %q", s)
		}
		v.SetBool(b)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n, err := strconv.ParseInt(s, 10, v.Type().Bits())
		if err != nil {
			return fmt.Errorf("must be an integer, got %q", s)
		}
		v.SetInt(n)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		n, err := strconv.ParseUint(s, 10, v.Type().Bits())
		if err != nil {
			return fmt.Errorf("must be a non-negative integer, got %q", s)
		}
		v.SetUint(n)
	case reflect.Float32, reflect.Float64:
		f, err := strconv.ParseFloat(s, v.Type().Bits())
		if err != nil {
			return fmt.Errorf("must be a number, got %q", s)
		}
		v.SetFloat(f)
	default:
		return fmt.Errorf("cannot be sent as a query parameter (type %s)", v.Type())
	}
	return nil
}

// SearchText picks the search text of a route that takes q or its alias
// query (q wins when both are sent) and enforces the 2-character minimum of
// spec 4.3. field names the parameter the text came from, for later errors.
func SearchText(q, query string) (text, field string, err error) {
	text, field = strings.TrimSpace(q), "q"
	if text == "" {
		text, field = strings.TrimSpace(query), "query"
	}
	if text == "" {
		return "", "q", Unprocessable("q", "is required: send q (or query) with at least 2 characters")
	}
	if utf8.RuneCountInString(text) < 2 {
		return "", field, Unprocessable(field, "needs at least 2 characters")
	}
	return text, field, nil
}

// itemError is a list parameter's item that could not be read: the problem
// names the item (dates[1]), as a body's list item is named.
type itemError struct {
	index int
	err   error
}

func (e itemError) Error() string { return e.err.Error() }
