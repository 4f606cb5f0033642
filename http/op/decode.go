package op

import (
	"encoding"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"sync"

	json "github.com/goccy/go-json"

	"github.com/astroapi/astroapi/engine"
)

// MaxJSONDepth bounds the nesting of request bodies; deeper bodies are a 400
// before any value is stored.
const MaxJSONDepth = 32

// decode is the input stage of every door: it reads the call's input into
// v, a pointer to the operation's input struct, and resolves it, so that
// the handler receives a valid, defaulted, resolved input and nothing is
// billed, cached or computed for a bad one.
//
//  1. Read: POST/PUT/PATCH read the JSON body, other methods the query
//     parameters by json tag. A body that is not JSON is a 400; everything
//     else wrong is gathered into one 422 listing every bad field: names
//     the input does not have (strict: case-sensitive, with the nearest
//     known name; warnings instead when the caller asked for
//     Prefer: handling=lenient), a name sent twice, a value of the wrong
//     JSON type, a required field absent or null.
//  2. Check the tags: typed enumerations, minimum and maximum.
//  3. Fill the documented defaults (default tags), clear read-only fields.
//  4. Resolve: every part of the input that implements
//     resolve.Resolver (a birth packet, an instant, a span, a date, chart
//     settings) resolves itself with its path; its field errors join the
//     others, once per field.
//
// After decode the input is the echo the envelope carries.
func (c *Call) decode(v any) error {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return fmt.Errorf("op: decode needs a non-nil pointer, got %T", v)
	}
	node := schemaOf(rv.Type().Elem())
	c.present = presence{root: node}
	var errs engine.Fields
	if c.op.HasBody() {
		if err := c.decodeJSON(v, node, &errs); err != nil {
			return err
		}
	} else {
		c.decodeQuery(rv.Elem(), node, &errs)
	}
	if len(errs) > 0 {
		// Values that could not be read leave nothing sound to resolve.
		return errs
	}
	c.decoded = v
	if err := c.settle(rv.Elem(), &errs); err != nil {
		return err
	}
	return errs.Err()
}

// decodeJSON scans the body (syntax, depth, names, types, required fields)
// into v: the scanner stores each value as it checks it. When anything is
// wrong, v is left half-filled and the errors end the call.
func (c *Call) decodeJSON(v any, node *schemaNode, errs *engine.Fields) error {
	body := c.body
	if len(trimSpace(body)) == 0 {
		body = []byte("{}") // an empty body is an empty object: required fields are then listed
	}
	sc := &c.scan
	*sc = scanner{b: body, node: node, present: &c.present, dst: reflect.ValueOf(v).Elem(), // the lists' storage kept (Reuse)
		errs: sc.errs[:0], unknown: sc.unknown[:0], missing: sc.missing[:0]}
	err := sc.run()
	sc.dst = reflect.Value{} // the call keeps its scanner, not the input
	if err != nil {
		return err
	}
	*errs = append(*errs, sc.errs...)
	c.unknown(sc.unknown, node, errs)
	for _, m := range sc.missing {
		errs.Bad(m, "is required")
	}
	return nil
}

// unknown reports the names the input does not have: each a field error
// with the nearest known name, or, when the caller asked for lenient
// handling, a warning.
func (c *Call) unknown(names []unknownName, root *schemaNode, errs *engine.Fields) {
	for _, u := range names {
		hint := suggest(u.key, u.node, c.op)
		if c.lenient || root.none {
			msg := "unknown field " + strconv.Quote(u.path) + " ignored"
			if !c.op.HasBody() {
				msg = "unknown query parameter " + strconv.Quote(u.path) + " ignored"
			}
			if hint != "" {
				msg += " (" + hint + ")"
			}
			c.Warn(msg)
			continue
		}
		reason := "is not a field of this operation"
		if !c.op.HasBody() {
			reason = "is not a parameter of this operation"
		}
		if hint != "" {
			reason += "; " + hint
		}
		errs.Bad(u.path, reason)
	}
}

// unmarshalReason says why the JSON package refused a value the scanner
// hands it whole (a raw value, an interface, an array of fixed length).
func unmarshalReason(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return "must be " + describeType(te.Type) + ", got " + te.Value
	}
	return "could not be read: " + err.Error()
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

// presence records the names a request sent with a value other than null:
// the top-level fields by position, a bit each, and by path the nested
// names that matter (dotted query parameters, nested fields with
// defaults), in a map made only when one is sent.
type presence struct {
	root *schemaNode
	top  uint64
	more map[string]bool
}

func (p *presence) set(name string) {
	if p.root != nil && p.root.kind == nodeObject {
		if f := p.root.fields[name]; f != nil && f.pos < 64 {
			p.top |= 1 << f.pos
			return
		}
	}
	if p.more == nil {
		p.more = map[string]bool{}
	}
	p.more[name] = true
}

func (p *presence) has(name string) bool {
	if p.root != nil && p.root.kind == nodeObject {
		if f := p.root.fields[name]; f != nil && f.pos < 64 {
			return p.top&(1<<f.pos) != 0
		}
	}
	return p.more[name]
}

// ---- schema nodes: what names and values a Go type accepts ----

type nodeKind int

const (
	nodeAny nodeKind = iota // anything (an interface, raw JSON)
	nodeObject
	nodeArray
	nodeMap
	nodeScalar // a string, number, integer or boolean
	nodeCustom // a type that reads itself (json.Unmarshaler, encoding.TextUnmarshaler)
)

// scalarKind is what JSON a scalar node takes.
type scalarKind uint8

const (
	scalarStringKind scalarKind = iota
	scalarIntKind
	scalarUintKind
	scalarFloatKind
	scalarBoolKind
)

type schemaNode struct {
	kind    nodeKind
	scalar  scalarKind   // nodeScalar
	bits    int          // nodeScalar integers: the Go type's size
	typ     reflect.Type // nodeCustom: the type to read a value into, to check it
	text    bool         // nodeCustom: a TextUnmarshaler (reads strings only)
	hasEnum bool         // a typed enumeration lies at or below this node
	// none marks the input of an operation that takes nothing (op.None):
	// names sent to it are warnings, never errors.
	none bool
	// required counts the required fields of an object node.
	required int
	fields   map[string]*fieldInfo // nodeObject, by wire name
	order    []*fieldInfo          // nodeObject, declaration order
	hints    map[string]string     // nodeObject: advice for names it does not have (Hinter)
	elem     *schemaNode           // nodeArray, nodeMap
}

type fieldInfo struct {
	name     string
	pos      int // index in the node's order
	index    []int
	typ      reflect.Type
	node     *schemaNode
	required bool
	readonly bool     // an echo-only fact: accepted and ignored on input
	defaults bool     // has a default tag: its presence is recorded (an explicit zero is not filled)
	enum     []string // the values of a typed enumeration (engine.Enum), nil otherwise
	tag      reflect.StructTag
}

// Hinter is implemented by an input struct that knows what callers send
// by mistake in its place: Hints maps a name it does not have to the
// advice given with the 422 (the transit instant of transits to natal is
// not an object but fields at the top level).
type Hinter interface {
	Hints() map[string]string
}

var (
	enumType   = reflect.TypeFor[engine.Enum]()
	hinterType = reflect.TypeFor[Hinter]()
	noneType   = reflect.TypeFor[None]()
)

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
	if t == noneType {
		n.none = true
	}
	schemaCache.Store(t, n)
	return n
}

// readsItself reports whether t decodes itself from JSON or text.
func readsItself(t reflect.Type) (custom, text bool) {
	p := reflect.PointerTo(t)
	switch {
	case p.Implements(jsonUnmarshaler):
		return true, false
	case p.Implements(textUnmarshaler):
		return true, true
	}
	return false, false
}

func buildSchema(t reflect.Type, building map[reflect.Type]*schemaNode) *schemaNode {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if n, ok := building[t]; ok {
		return n
	}
	if t == rawJSONType {
		return &schemaNode{kind: nodeAny}
	}
	if custom, text := readsItself(t); custom {
		return &schemaNode{kind: nodeCustom, typ: t, text: text}
	}
	switch t.Kind() {
	case reflect.Struct:
		n := &schemaNode{kind: nodeObject, fields: map[string]*fieldInfo{}}
		building[t] = n
		addFields(n, t, building)
		if reflect.PointerTo(t).Implements(hinterType) {
			n.hints = reflect.New(t).Interface().(Hinter).Hints()
		}
		return n
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 && t.Kind() == reflect.Slice {
			return &schemaNode{kind: nodeScalar, scalar: scalarStringKind} // []byte is a base64 string
		}
		return &schemaNode{kind: nodeArray, elem: buildSchema(t.Elem(), building)}
	case reflect.Map:
		return &schemaNode{kind: nodeMap, elem: buildSchema(t.Elem(), building)}
	case reflect.String:
		return &schemaNode{kind: nodeScalar, scalar: scalarStringKind}
	case reflect.Bool:
		return &schemaNode{kind: nodeScalar, scalar: scalarBoolKind}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return &schemaNode{kind: nodeScalar, scalar: scalarIntKind, bits: t.Bits()}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return &schemaNode{kind: nodeScalar, scalar: scalarUintKind, bits: t.Bits()}
	case reflect.Float32, reflect.Float64:
		return &schemaNode{kind: nodeScalar, scalar: scalarFloatKind, bits: t.Bits()}
	}
	return &schemaNode{kind: nodeAny}
}

// addFields adds the fields of struct t to n as encoding/json names them
// (wireFields: a struct's own fields before those of its embedded structs,
// so the shallower of two fields of one name wins: a route's own date over
// the birth packet's).
func addFields(n *schemaNode, t reflect.Type, building map[reflect.Type]*schemaNode) {
	for _, sf := range wireFields(t) {
		f := &fieldInfo{
			name: wireName(sf), pos: len(n.order), index: sf.Index, typ: sf.Type, tag: sf.Tag,
			required: sf.Tag.Get("required") == "true",
			readonly: sf.Tag.Get("readonly") == "true",
			defaults: sf.Tag.Get("default") != "",
			enum:     enumValues(sf.Type),
			node:     buildSchema(sf.Type, building),
		}
		if f.required {
			n.required++
		}
		n.fields[f.name] = f
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

// expects says what JSON a node takes, for the errors of a wrong type.
func (n *schemaNode) expects() string {
	switch n.kind {
	case nodeObject, nodeMap:
		return "an object"
	case nodeArray:
		return "an array"
	case nodeScalar:
		switch n.scalar {
		case scalarIntKind, scalarUintKind:
			return "an integer"
		case scalarFloatKind:
			return "a number"
		case scalarBoolKind:
			return "a boolean"
		}
		return "a string"
	}
	return "a value of another type"
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

// readCustom reads raw (one JSON value) with the methods of a type that
// reads itself, into dst when it is valid (else into a new value, to check
// it), returning its complaint ("" when it reads).
func readCustom(n *schemaNode, raw []byte, dst reflect.Value) string {
	var p any
	if dst.IsValid() {
		p = settable(dst).Addr().Interface()
	} else {
		p = reflect.New(n.typ).Interface()
	}
	var err error
	if n.text {
		var s string
		if err = json.Unmarshal(raw, &s); err != nil {
			return "must be a string"
		}
		err = p.(encoding.TextUnmarshaler).UnmarshalText([]byte(s))
	} else {
		err = p.(json.Unmarshaler).UnmarshalJSON(raw)
	}
	if err == nil {
		return ""
	}
	var fe *engine.FieldError
	if errors.As(err, &fe) {
		return fe.Reason
	}
	return err.Error()
}
