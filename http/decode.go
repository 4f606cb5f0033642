package http

import (
	"encoding"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"sync"

	json "github.com/goccy/go-json"

	"github.com/astroapi/astroapi/engine"
)

// maxJSONDepth bounds the nesting of request bodies; deeper bodies are a 400
// before any decoder sees them.
const maxJSONDepth = 32

// Decode reads the call's input into v, a pointer to the operation's input
// struct. POST/PUT/PATCH read the JSON body; other methods read query
// parameters by json tag. Unreadable input (bad JSON, a wrong type) is a 400
// naming the field; absent required fields are a 422; unknown keys become
// warnings.
func (c *Call) Decode(v any) error {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return fmt.Errorf("http: Decode needs a non-nil pointer, got %T", v)
	}
	node := schemaOf(rv.Type().Elem())
	c.present = map[string]bool{}
	var err error
	if methodHasBody(c.op.Method) {
		err = c.decodeJSON(v, node)
	} else {
		err = c.decodeQuery(rv.Elem(), node)
	}
	if err != nil {
		return err
	}
	c.decoded = v
	if node.kind == nodeObject {
		var missing engine.Fields
		for _, f := range node.order {
			if f.required && !c.present[f.name] {
				missing = append(missing, &engine.FieldError{Field: f.name, Reason: "is required"})
			}
		}
		if len(missing) > 0 {
			return missing
		}
	}
	return nil
}

func (c *Call) decodeJSON(v any, node *schemaNode) error {
	body := c.body
	if len(trimSpace(body)) == 0 {
		body = []byte("{}") // an empty body is an empty object: required fields are then listed
	}
	sc := scanner{b: body, node: node, present: c.present}
	if err := sc.run(); err != nil {
		return err
	}
	for _, w := range sc.unknown {
		c.Warn("unknown field " + strconv.Quote(w) + " ignored")
	}
	if err := json.Unmarshal(body, v); err != nil {
		return jsonProblem(err)
	}
	return nil
}

// jsonProblem turns a go-json decode error into a 400 naming the field.
func jsonProblem(err error) error {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		field := te.Field
		if field == "" {
			field = "(body)"
		}
		return BadRequest(field, "must be "+describeType(te.Type)+", got "+te.Value)
	}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return BadRequest("", fmt.Sprintf("the body is not valid JSON (offset %d)", se.Offset))
	}
	// Unmarshaler errors (a bad date string, ...) carry their own message.
	return BadRequest("", "the body could not be read: "+err.Error())
}

// describeType names a Go type the way a JSON client thinks of it.
func describeType(t reflect.Type) string {
	if t == nil {
		return "another type"
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Bool:
		return "a boolean"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "an integer"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.String:
		return "a string"
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.Struct, reflect.Map:
		return "an object"
	}
	return "a " + t.String()
}

// ---- schema nodes: what keys a Go type accepts ----

type nodeKind int

const (
	nodeAny nodeKind = iota
	nodeObject
	nodeArray
	nodeMap
)

type schemaNode struct {
	kind   nodeKind
	fields map[string]*fieldInfo // nodeObject, by wire name
	lower  map[string]*fieldInfo // nodeObject, by lower-cased wire name (JSON keys match case-insensitively)
	order  []*fieldInfo          // nodeObject, declaration order
	elem   *schemaNode           // nodeArray, nodeMap
}

type fieldInfo struct {
	name     string
	index    []int
	typ      reflect.Type
	node     *schemaNode
	required bool
	tag      reflect.StructTag
}

var schemaCache sync.Map // reflect.Type -> *schemaNode

var (
	textUnmarshaler = reflect.TypeFor[encoding.TextUnmarshaler]()
	jsonUnmarshaler = reflect.TypeFor[json.Unmarshaler]()
)

func schemaOf(t reflect.Type) *schemaNode {
	if n, ok := schemaCache.Load(t); ok {
		return n.(*schemaNode)
	}
	building := map[reflect.Type]*schemaNode{}
	n := buildSchema(t, building)
	schemaCache.Store(t, n)
	return n
}

func buildSchema(t reflect.Type, building map[reflect.Type]*schemaNode) *schemaNode {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if n, ok := building[t]; ok {
		return n
	}
	// Types that read themselves accept anything we cannot predict.
	if reflect.PointerTo(t).Implements(jsonUnmarshaler) || reflect.PointerTo(t).Implements(textUnmarshaler) {
		return &schemaNode{kind: nodeAny}
	}
	switch t.Kind() {
	case reflect.Struct:
		n := &schemaNode{kind: nodeObject, fields: map[string]*fieldInfo{}, lower: map[string]*fieldInfo{}}
		building[t] = n
		addFields(n, t, nil, building)
		return n
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 && t.Kind() == reflect.Slice {
			return &schemaNode{kind: nodeAny} // []byte is a base64 string
		}
		return &schemaNode{kind: nodeArray, elem: buildSchema(t.Elem(), building)}
	case reflect.Map:
		return &schemaNode{kind: nodeMap, elem: buildSchema(t.Elem(), building)}
	}
	return &schemaNode{kind: nodeAny}
}

func addFields(n *schemaNode, t reflect.Type, index []int, building map[reflect.Type]*schemaNode) {
	for i := 0; i < t.NumField(); i++ {
		sf := t.Field(i)
		name, _, _ := strings.Cut(sf.Tag.Get("json"), ",")
		if name == "-" {
			continue
		}
		idx := append(append([]int(nil), index...), i)
		if sf.Anonymous && name == "" {
			ft := sf.Type
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				addFields(n, ft, idx, building) // embedded fields are promoted, as encoding/json does
				continue
			}
		}
		if !sf.IsExported() {
			continue
		}
		if name == "" {
			name = sf.Name
		}
		if _, dup := n.fields[name]; dup {
			continue // the shallower field wins
		}
		f := &fieldInfo{
			name: name, index: idx, typ: sf.Type, tag: sf.Tag,
			required: sf.Tag.Get("required") == "true",
			node:     buildSchema(sf.Type, building),
		}
		n.fields[name] = f
		n.lower[strings.ToLower(name)] = f
		n.order = append(n.order, f)
	}
}

func (n *schemaNode) field(key []byte) *fieldInfo {
	if f, ok := n.fields[string(key)]; ok {
		return f
	}
	return n.lower[strings.ToLower(string(key))]
}

// ---- scanner: one pass over the body checking syntax, depth and keys ----

// scanner validates JSON syntax and nesting depth and collects the keys the
// target type does not know, before the real decoder runs. It does not
// build values.
type scanner struct {
	b       []byte
	i       int
	depth   int
	node    *schemaNode
	path    [][]byte // current path, for naming unknown keys (joined only then)
	unknown []string
	present map[string]bool // top-level keys seen
}

func (s *scanner) run() error {
	s.ws()
	if s.i >= len(s.b) {
		return BadRequest("", "the body is empty")
	}
	if s.node.kind == nodeObject && s.b[s.i] != '{' {
		return BadRequest("", "the body must be a JSON object")
	}
	if err := s.value(s.node); err != nil {
		return err
	}
	s.ws()
	if s.i != len(s.b) {
		return s.syntax("unexpected data after the JSON value")
	}
	return nil
}

func (s *scanner) syntax(what string) error {
	return BadRequest("", fmt.Sprintf("the body is not valid JSON: %s at offset %d", what, s.i))
}

func (s *scanner) ws() {
	for s.i < len(s.b) {
		switch s.b[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return
		}
	}
}

func (s *scanner) value(n *schemaNode) error {
	s.ws()
	if s.i >= len(s.b) {
		return s.syntax("unexpected end")
	}
	switch c := s.b[s.i]; {
	case c == '{':
		return s.object(n)
	case c == '[':
		return s.array(n)
	case c == '"':
		_, _, err := s.str()
		return err
	case c == 't':
		return s.lit("true")
	case c == 'f':
		return s.lit("false")
	case c == 'n':
		return s.lit("null")
	case c == '-' || (c >= '0' && c <= '9'):
		return s.number()
	}
	return s.syntax(fmt.Sprintf("unexpected character %q", s.b[s.i]))
}

func (s *scanner) enter() error {
	s.depth++
	if s.depth > maxJSONDepth {
		return BadRequest("", fmt.Sprintf("the body is nested deeper than %d levels", maxJSONDepth))
	}
	return nil
}

func (s *scanner) object(n *schemaNode) error {
	if err := s.enter(); err != nil {
		return err
	}
	s.i++ // {
	s.ws()
	if s.i < len(s.b) && s.b[s.i] == '}' {
		s.i++
		s.depth--
		return nil
	}
	for {
		s.ws()
		if s.i >= len(s.b) || s.b[s.i] != '"' {
			return s.syntax("expected a key")
		}
		key, escaped, err := s.str()
		if err != nil {
			return err
		}
		if escaped {
			var k string
			if json.Unmarshal(key, &k) == nil {
				key = []byte(k)
			}
		} else {
			key = key[1 : len(key)-1]
		}
		s.ws()
		if s.i >= len(s.b) || s.b[s.i] != ':' {
			return s.syntax("expected ':'")
		}
		s.i++
		var child *schemaNode
		switch {
		case n == nil || n.kind == nodeAny:
		case n.kind == nodeObject:
			if f := n.field(key); f != nil {
				child = f.node
				if s.depth == 1 && s.present != nil {
					s.present[f.name] = true
				}
			} else {
				s.unknown = append(s.unknown, s.join(key))
			}
		case n.kind == nodeMap:
			child = n.elem
		}
		s.path = append(s.path, key)
		if err := s.value(child); err != nil {
			return err
		}
		s.path = s.path[:len(s.path)-1]
		s.ws()
		if s.i >= len(s.b) {
			return s.syntax("unexpected end in an object")
		}
		if s.b[s.i] == ',' {
			s.i++
			continue
		}
		if s.b[s.i] == '}' {
			s.i++
			s.depth--
			return nil
		}
		return s.syntax("expected ',' or '}'")
	}
}

func (s *scanner) join(last []byte) string {
	var b strings.Builder
	for _, p := range s.path {
		if p[0] != '[' && b.Len() > 0 {
			b.WriteByte('.')
		}
		b.Write(p)
	}
	if b.Len() > 0 {
		b.WriteByte('.')
	}
	b.Write(last)
	return b.String()
}

func (s *scanner) array(n *schemaNode) error {
	if err := s.enter(); err != nil {
		return err
	}
	var elem *schemaNode
	if n != nil && n.kind == nodeArray {
		elem = n.elem
	}
	s.i++ // [
	s.ws()
	if s.i < len(s.b) && s.b[s.i] == ']' {
		s.i++
		s.depth--
		return nil
	}
	for k := 0; ; k++ {
		if elem != nil && elem.kind == nodeObject {
			s.path = append(s.path, []byte("["+strconv.Itoa(k)+"]"))
		}
		if err := s.value(elem); err != nil {
			return err
		}
		if elem != nil && elem.kind == nodeObject {
			s.path = s.path[:len(s.path)-1]
		}
		s.ws()
		if s.i >= len(s.b) {
			return s.syntax("unexpected end in an array")
		}
		if s.b[s.i] == ',' {
			s.i++
			continue
		}
		if s.b[s.i] == ']' {
			s.i++
			s.depth--
			return nil
		}
		return s.syntax("expected ',' or ']'")
	}
}

// str scans a string starting at the quote; it returns the raw bytes with
// quotes and whether they hold escapes.
func (s *scanner) str() ([]byte, bool, error) {
	start := s.i
	s.i++
	escaped := false
	for s.i < len(s.b) {
		c := s.b[s.i]
		switch {
		case c == '"':
			s.i++
			return s.b[start:s.i], escaped, nil
		case c == '\\':
			escaped = true
			s.i += 2
			continue
		case c < 0x20:
			return nil, false, s.syntax("control character in a string")
		}
		s.i++
	}
	return nil, false, s.syntax("unterminated string")
}

func (s *scanner) lit(word string) error {
	if len(s.b)-s.i < len(word) || string(s.b[s.i:s.i+len(word)]) != word {
		return s.syntax("invalid literal")
	}
	s.i += len(word)
	return nil
}

// number checks the JSON number grammar: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
// (magnitude is left to the decoder, which answers 400 on overflow).
func (s *scanner) number() error {
	start := s.i
	digits := func() int {
		n := 0
		for s.i < len(s.b) && s.b[s.i] >= '0' && s.b[s.i] <= '9' {
			s.i++
			n++
		}
		return n
	}
	bad := func() error {
		s.i = start
		return s.syntax("invalid number")
	}
	if s.b[s.i] == '-' {
		s.i++
	}
	if s.i < len(s.b) && s.b[s.i] == '0' {
		s.i++
	} else if digits() == 0 {
		return bad()
	}
	if s.i < len(s.b) && s.b[s.i] == '.' {
		s.i++
		if digits() == 0 {
			return bad()
		}
	}
	if s.i < len(s.b) && (s.b[s.i] == 'e' || s.b[s.i] == 'E') {
		s.i++
		if s.i < len(s.b) && (s.b[s.i] == '+' || s.b[s.i] == '-') {
			s.i++
		}
		if digits() == 0 {
			return bad()
		}
	}
	return nil
}

func trimSpace(b []byte) []byte {
	for len(b) > 0 && (b[0] == ' ' || b[0] == '\n' || b[0] == '\r' || b[0] == '\t') {
		b = b[1:]
	}
	for len(b) > 0 && (b[len(b)-1] == ' ' || b[len(b)-1] == '\n' || b[len(b)-1] == '\r' || b[len(b)-1] == '\t') {
		b = b[:len(b)-1]
	}
	return b
}

// ---- query parameters ----

// decodeQuery fills the struct rv from query parameters named by json tag.
func (c *Call) decodeQuery(rv reflect.Value, node *schemaNode) error {
	if node.kind != nodeObject {
		return fmt.Errorf("http: query input must be a struct, got %s", rv.Type())
	}
	seen := map[string]bool{}
	for _, kv := range c.query {
		name := kv[0]
		f := node.fields[name]
		if f == nil {
			if !seen[name] {
				c.Warn("unknown query parameter " + strconv.Quote(name) + " ignored")
			}
			seen[name] = true
			continue
		}
		fv := rv.FieldByIndex(f.index)
		first := !c.present[f.name]
		c.present[f.name] = true
		if err := setFromString(fv, kv[1], first); err != nil {
			return BadRequest(name, err.Error())
		}
	}
	return nil
}

// setFromString parses s into v. Slices take comma-separated values and
// repeated parameters; other kinds take the first occurrence.
func setFromString(v reflect.Value, s string, first bool) error {
	if v.Kind() == reflect.Pointer {
		if v.IsNil() {
			v.Set(reflect.New(v.Type().Elem()))
		}
		return setFromString(v.Elem(), s, first)
	}
	if v.CanAddr() {
		if u, ok := v.Addr().Interface().(encoding.TextUnmarshaler); ok {
			if !first {
				return nil
			}
			if err := u.UnmarshalText([]byte(s)); err != nil {
				return fmt.Errorf("invalid value %q: %v", s, err)
			}
			return nil
		}
	}
	if v.Kind() == reflect.Slice && v.Type().Elem().Kind() != reflect.Uint8 {
		if s == "" {
			return nil
		}
		for _, part := range strings.Split(s, ",") {
			e := reflect.New(v.Type().Elem()).Elem()
			if err := setFromString(e, strings.TrimSpace(part), true); err != nil {
				return err
			}
			v.Set(reflect.Append(v, e))
		}
		return nil
	}
	if !first {
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
