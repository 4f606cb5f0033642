package op

import (
	"encoding"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	json "github.com/goccy/go-json"

	"github.com/astroapi/astroapi/engine"
)

// MaxJSONDepth bounds the nesting of request bodies; deeper bodies are a 400
// before any decoder sees them.
const MaxJSONDepth = 32

// decode reads the call's input into v, a pointer to the operation's input
// struct. POST/PUT/PATCH read the JSON body; other methods read query
// parameters by json tag. Unreadable input (bad JSON, a wrong type) is a 400
// naming the field; required fields that are absent or null, at any depth,
// and values outside a typed enumeration (engine.Enum) are a 422 naming
// them; unknown keys become warnings. Ranges and cross-field rules stay with
// the domain, so that Go callers get them too.
func (c *Call) decode(v any) error {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return fmt.Errorf("op: decode needs a non-nil pointer, got %T", v)
	}
	node := schemaOf(rv.Type().Elem())
	c.present = map[string]bool{}
	var missing []string
	var err error
	if c.op.HasBody() {
		missing, err = c.decodeJSON(v, node)
	} else {
		err = c.decodeQuery(rv.Elem(), node)
		if node.kind == nodeObject {
			for _, f := range node.order {
				if f.required && !c.present[f.name] {
					missing = append(missing, f.name)
				}
			}
			missing = append(missing, missingNested(node, "", c.present)...)
		}
	}
	if err != nil {
		return err
	}
	c.decoded = v
	var errs engine.Fields
	for _, m := range missing {
		errs = append(errs, &engine.FieldError{Field: m, Reason: "is required"})
	}
	if node.hasEnum {
		checkEnums(rv.Elem(), node, "", &errs)
	}
	return errs.Err()
}

// decodeJSON scans the body (syntax, depth, unknown keys, missing required
// fields) and decodes it into v. It returns the paths of the required
// fields that were absent or null.
func (c *Call) decodeJSON(v any, node *schemaNode) ([]string, error) {
	body := c.body
	if len(trimSpace(body)) == 0 {
		body = []byte("{}") // an empty body is an empty object: required fields are then listed
	}
	sc := scanner{b: body, node: node, present: c.present}
	if err := sc.run(); err != nil {
		return nil, err
	}
	for _, w := range sc.unknown {
		c.Warn("unknown field " + strconv.Quote(w) + " ignored")
	}
	if err := json.Unmarshal(body, v); err != nil {
		return nil, jsonProblem(err)
	}
	return sc.missing, nil
}

// jsonProblem turns a go-json decode error into a 400 naming the field.
func jsonProblem(err error) error {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		field := jsonPath(te.Field)
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

// jsonPath writes go-json's field path ("planets.0.name") the way the
// problems name fields elsewhere ("planets[0].name").
func jsonPath(p string) string {
	parts := strings.Split(p, ".")
	var b strings.Builder
	for i, part := range parts {
		if _, err := strconv.Atoi(part); err == nil && i > 0 {
			b.WriteString("[" + part + "]")
			continue
		}
		if i > 0 {
			b.WriteByte('.')
		}
		b.WriteString(part)
	}
	return b.String()
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
	kind    nodeKind
	hasEnum bool // a typed enumeration lies at or below this node
	// required counts the required fields of an object node.
	required int
	fields   map[string]*fieldInfo // nodeObject, by wire name
	lower    map[string]*fieldInfo // nodeObject, by lower-cased wire name (JSON keys match case-insensitively)
	order    []*fieldInfo          // nodeObject, declaration order
	elem     *schemaNode           // nodeArray, nodeMap
}

type fieldInfo struct {
	name     string
	pos      int // index in the node's order
	index    []int
	typ      reflect.Type
	node     *schemaNode
	required bool
	enum     []string // the values of a typed enumeration (engine.Enum), nil otherwise
	tag      reflect.StructTag
}

var enumType = reflect.TypeFor[engine.Enum]()

// enumValues returns the values of t (or *t) when it is a typed
// enumeration.
func enumValues(t reflect.Type) []string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() == reflect.String && t.Implements(enumType) {
		return reflect.Zero(t).Interface().(engine.Enum).EnumValues()
	}
	return nil
}

var schemaCache sync.Map // reflect.Type -> *schemaNode

func schemaOf(t reflect.Type) *schemaNode {
	if n, ok := schemaCache.Load(t); ok {
		return n.(*schemaNode)
	}
	building := map[reflect.Type]*schemaNode{}
	n := buildSchema(t, building)
	markEnums(n, map[*schemaNode]bool{})
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
			name: name, pos: len(n.order), index: idx, typ: sf.Type, tag: sf.Tag,
			required: sf.Tag.Get("required") == "true",
			enum:     enumValues(sf.Type),
			node:     buildSchema(sf.Type, building),
		}
		if f.required {
			n.required++
		}
		n.fields[name] = f
		n.lower[strings.ToLower(name)] = f
		n.order = append(n.order, f)
	}
}

// markEnums sets hasEnum on the nodes at or above a typed enumeration.
func markEnums(n *schemaNode, seen map[*schemaNode]bool) bool {
	if n == nil || seen[n] {
		return n != nil && n.hasEnum
	}
	seen[n] = true
	switch n.kind {
	case nodeObject:
		for _, f := range n.order {
			if markEnums(f.node, seen) || f.enum != nil {
				n.hasEnum = true
			}
		}
	case nodeArray, nodeMap:
		n.hasEnum = markEnums(n.elem, seen)
	}
	return n.hasEnum
}

// checkEnums reports the values of typed enumerations under v (of node
// n) that are not in their list; path is v's JSON path.
func checkEnums(v reflect.Value, n *schemaNode, path string, errs *engine.Fields) {
	for v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface {
		if v.IsNil() {
			return
		}
		v = v.Elem()
	}
	switch n.kind {
	case nodeObject:
		if v.Kind() != reflect.Struct {
			return
		}
		for _, f := range n.order {
			fv, err := v.FieldByIndexErr(f.index)
			if err != nil {
				continue // behind a nil embedded pointer
			}
			name := f.name
			if path != "" {
				name = path + "." + f.name
			}
			if f.enum != nil {
				for fv.Kind() == reflect.Pointer && !fv.IsNil() {
					fv = fv.Elem()
				}
				if fv.Kind() == reflect.String && fv.String() != "" && !slices.Contains(f.enum, fv.String()) {
					*errs = append(*errs, &engine.FieldError{Field: name, Reason: fmt.Sprintf("must be one of %s (got %q)", strings.Join(f.enum, ", "), fv.String())})
				}
				continue
			}
			if f.node.hasEnum {
				checkEnums(fv, f.node, name, errs)
			}
		}
	case nodeArray:
		if v.Kind() == reflect.Slice || v.Kind() == reflect.Array {
			for i := range v.Len() {
				checkEnums(v.Index(i), n.elem, fmt.Sprintf("%s[%d]", path, i), errs)
			}
		}
	case nodeMap:
		if v.Kind() == reflect.Map {
			for _, k := range v.MapKeys() {
				checkEnums(v.MapIndex(k), n.elem, path+"."+fmt.Sprint(k.Interface()), errs)
			}
		}
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
	missing []string        // paths of required fields absent or null
	present map[string]bool // top-level keys seen with a value other than null
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
	if s.depth > MaxJSONDepth {
		return BadRequest("", fmt.Sprintf("the body is nested deeper than %d levels", MaxJSONDepth))
	}
	return nil
}

func (s *scanner) object(n *schemaNode) error {
	if err := s.enter(); err != nil {
		return err
	}
	s.i++ // {
	// seen marks the required fields of n given a value other than null.
	var seen uint64
	track := n != nil && n.kind == nodeObject && n.required > 0
	done := func() {
		s.depth--
		if !track {
			return
		}
		for _, f := range n.order {
			if f.required && (f.pos >= 64 || seen&(1<<f.pos) == 0) {
				s.missing = append(s.missing, s.join([]byte(f.name)))
			}
		}
	}
	s.ws()
	if s.i < len(s.b) && s.b[s.i] == '}' {
		s.i++
		done()
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
		s.ws()
		// null is absent: a required field sent as null is missing.
		null := s.i < len(s.b) && s.b[s.i] == 'n'
		var child *schemaNode
		switch {
		case n == nil || n.kind == nodeAny:
		case n.kind == nodeObject:
			if f := n.field(key); f != nil {
				child = f.node
				if !null {
					if s.depth == 1 && s.present != nil {
						s.present[f.name] = true
					}
					if f.pos < 64 {
						seen |= 1 << f.pos
					}
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
			done()
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
// A dotted name reaches into an object field: person1.year sets the year
// of the person1 object, so a GET can carry what a POST nests (the
// synastry wheel's two births). Required fields of an object that was
// sent in part are reported missing by their dotted names.
func (c *Call) decodeQuery(rv reflect.Value, node *schemaNode) error {
	if node.kind != nodeObject {
		return fmt.Errorf("http: query input must be a struct, got %s", rv.Type())
	}
	seen := map[string]bool{}
	for _, kv := range c.query {
		name := kv[0]
		fv, ok := queryField(rv, node, name)
		if ok && !fv.IsValid() {
			return BadRequest(name, "is an object: send its fields as "+name+".<field> parameters")
		}
		if !ok {
			if !seen[name] {
				c.Warn("unknown query parameter " + strconv.Quote(name) + " ignored")
			}
			seen[name] = true
			continue
		}
		top, _, nested := strings.Cut(name, ".")
		first := !c.present[name]
		c.present[name] = true
		if nested {
			c.present[top] = true
		}
		if err := setFromString(fv, kv[1], first); err != nil {
			return BadRequest(name, err.Error())
		}
	}
	return nil
}

// queryField finds the field a (possibly dotted) query parameter names,
// allocating the nil pointers on the way; ok is false when there is none,
// and the value is invalid when the name is that of an object.
func queryField(rv reflect.Value, node *schemaNode, name string) (reflect.Value, bool) {
	for {
		head, rest, dotted := strings.Cut(name, ".")
		f := node.fields[name]
		if f == nil && dotted {
			f = node.fields[head]
		} else {
			dotted = false
		}
		if f == nil {
			return reflect.Value{}, false
		}
		fv, err := rv.FieldByIndexErr(f.index)
		if err != nil {
			return reflect.Value{}, false // behind a nil embedded pointer
		}
		if !dotted {
			if f.node.kind == nodeObject {
				return reflect.Value{}, true
			}
			return fv, true
		}
		if f.node.kind != nodeObject {
			return reflect.Value{}, false
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
func missingNested(node *schemaNode, prefix string, present map[string]bool) []string {
	var out []string
	for _, f := range node.order {
		name := prefix + f.name
		if f.node.kind != nodeObject || !present[name] {
			continue
		}
		for _, g := range f.node.order {
			if g.required && !present[name+"."+g.name] && g.node.kind != nodeObject {
				out = append(out, name+"."+g.name)
			}
		}
		out = append(out, missingNested(f.node, name+".", present)...)
	}
	return out
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

// SearchText picks the search text of a route that takes q or its alias
// query (q wins when both are sent) and enforces the 2-character minimum of
// spec 4.3. field names the parameter the text came from, for later errors.
func SearchText(q, query string) (text, field string, err error) {
	text, field = strings.TrimSpace(q), "q"
	if text == "" {
		text, field = strings.TrimSpace(query), "query"
	}
	if text == "" {
		return "", "q", BadRequest("q", "is required: send q (or query) with at least 2 characters")
	}
	if utf8.RuneCountInString(text) < 2 {
		return "", field, BadRequest(field, "needs at least 2 characters")
	}
	return text, field, nil
}
