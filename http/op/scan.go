package op

import (
	"bytes"
	stdjson "encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"

	json "github.com/goccy/go-json"

	"github.com/astroapi/astroapi/engine"
)

// scanner is the input stage's JSON decoder, one pass over a body: it
// checks JSON syntax and nesting depth (a 400 at the first fault), and,
// against the input's schema, collects every name the input does not
// have, every name sent twice, every value of the wrong JSON type and
// every required field absent or null (one 422 for all), while it stores
// the values into the input struct (dst). Names the input does not have
// are never stored (encoding/json would match them regardless of case).
type scanner struct {
	b       []byte
	i       int
	depth   int
	node    *schemaNode
	path    []pathPart // current path, joined only to name a problem
	pathBuf [8]pathPart
	errs    engine.Fields
	unknown []unknownName
	dst     reflect.Value // the input struct the values are stored into as they are read
	missing []string      // paths of required fields absent or null
	present *presence     // names sent with a value other than null: top-level, and the paths of fields with defaults
}

// pathPart is a key or an array index of the path being scanned.
type pathPart struct {
	key   []byte
	index int
}

// unknownName is a name an object of the input does not have.
type unknownName struct {
	path string      // its full path, "person1.lattitude"
	key  string      // the name alone
	node *schemaNode // the object it was sent in
}

func (s *scanner) run() error {
	s.path = s.pathBuf[:0]
	s.ws()
	if s.i >= len(s.b) {
		return BadRequest("", "the body is empty")
	}
	if s.node.kind == nodeObject && s.b[s.i] != '{' {
		return BadRequest("", "the body must be a JSON object")
	}
	if err := s.value(s.node, s.dst); err != nil {
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

// value scans one value expected to fit n (nil: anything, unchecked) and
// stores it into dst, the Go value it decodes to, when dst is valid: the
// scanner is the decoder, so a body is read once. A value of the wrong
// type is not stored (its error ends the call); null stores nothing (the
// input starts zero, and null is absent whatever the type).
func (s *scanner) value(n *schemaNode, dst reflect.Value) error {
	s.ws()
	if s.i >= len(s.b) {
		return s.syntax("unexpected end")
	}
	if n == nil {
		dst = reflect.Value{}
	}
	start := s.i
	c := s.b[s.i]
	var err error
	switch {
	case c == '{':
		var sub reflect.Value
		switch {
		case n != nil && n.kind != nodeObject && n.kind != nodeMap && n.kind != nodeAny && n.kind != nodeCustom:
			s.wrong(n, "an object")
			n = nil
		case n != nil && dst.IsValid() && (n.kind == nodeObject || n.kind == nodeMap):
			sub = settable(dst)
			switch {
			case n.kind != nodeMap:
			case sub.Kind() != reflect.Map || sub.Type().Key().Kind() != reflect.String:
				sub = reflect.Value{} // keys of another kind: read whole below
			case sub.IsNil():
				sub.Set(reflect.MakeMap(sub.Type())) // {} is an empty map, not an absent one
			}
		}
		err = s.object(n, sub)
		if sub.IsValid() {
			dst = reflect.Value{} // stored
		}
	case c == '[':
		var sub reflect.Value
		switch {
		case n != nil && n.kind != nodeArray && n.kind != nodeAny && n.kind != nodeCustom:
			s.wrong(n, "an array")
			n = nil
		case n != nil && dst.IsValid() && n.kind == nodeArray:
			if sub = settable(dst); sub.Kind() != reflect.Slice {
				sub = reflect.Value{} // an array of fixed length: read whole below
			}
		}
		err = s.array(n, sub)
		if sub.IsValid() {
			dst = reflect.Value{} // stored
		}
	case c == '"':
		var raw []byte
		var escaped bool
		raw, escaped, err = s.str()
		if err == nil && n != nil && n.kind != nodeAny && n.kind != nodeCustom && (n.kind != nodeScalar || n.scalar != scalarStringKind) {
			s.wrong(n, "a string "+quoteClip(s.b[start:s.i]))
			n = nil
		}
		if err == nil && n != nil && n.kind == nodeScalar && dst.IsValid() {
			if v := settable(dst); v.Kind() == reflect.String {
				v.SetString(unquote(raw, escaped))
				dst = reflect.Value{} // stored; a []byte (base64) is read whole below
			}
		}
	case c == 't' || c == 'f':
		word := "true"
		if c == 'f' {
			word = "false"
		}
		err = s.lit(word)
		if err == nil && n != nil && n.kind != nodeAny && n.kind != nodeCustom && (n.kind != nodeScalar || n.scalar != scalarBoolKind) {
			s.wrong(n, word)
			n = nil
		}
		if err == nil && n != nil && n.kind == nodeScalar && dst.IsValid() {
			settable(dst).SetBool(c == 't')
			dst = reflect.Value{}
		}
	case c == 'n':
		return s.lit("null") // null is absent, whatever the type
	case c == '-' || (c >= '0' && c <= '9'):
		var integral bool
		integral, err = s.number()
		if err == nil && n != nil && n.kind != nodeAny && n.kind != nodeCustom {
			errs := len(s.errs)
			s.checkNumber(n, s.b[start:s.i], integral)
			if len(s.errs) > errs {
				n = nil
			}
		}
		if err == nil && n != nil && n.kind == nodeScalar && dst.IsValid() {
			setNumber(settable(dst), s.b[start:s.i])
			dst = reflect.Value{}
		}
	default:
		return s.syntax(fmt.Sprintf("unexpected character %q", c))
	}
	if err != nil {
		return err
	}
	switch {
	case n == nil:
	case n.kind == nodeCustom:
		if reason := readCustom(n, s.b[start:s.i], dst); reason != "" {
			s.bad(reason)
		}
	case dst.IsValid():
		// What the scanner does not store itself (raw JSON, an interface,
		// an array of fixed length, base64 bytes, a map of other keys):
		// the value read whole by the JSON package.
		if err := json.Unmarshal(s.b[start:s.i], dst.Addr().Interface()); err != nil {
			s.bad(unmarshalReason(err))
		}
	}
	return nil
}

// settable returns the value a pointer field leads to, allocating the
// pointers on the way (a value sent gives its field a value).
func settable(v reflect.Value) reflect.Value {
	for v.Kind() == reflect.Pointer {
		if v.IsNil() {
			v.Set(reflect.New(v.Type().Elem()))
		}
		v = v.Elem()
	}
	return v
}

// field returns the field of struct v at index (a promoted field's path
// through embedded structs), allocating embedded pointers.
func field(v reflect.Value, index []int) reflect.Value {
	for k, i := range index {
		if k > 0 {
			v = settable(v)
		}
		v = v.Field(i)
	}
	if !v.CanSet() && v.CanAddr() {
		// A field promoted from an unexported embedded struct (as
		// encoding/json reads it): reached in place.
		v = reflect.NewAt(v.Type(), unsafe.Pointer(v.UnsafeAddr())).Elem()
	}
	return v
}

// unquote returns the string a JSON string's raw bytes (quotes included)
// hold. Escapes and bytes that are not UTF-8 take encoding/json's reading
// (each bad byte, a lone surrogate, becomes U+FFFD).
func unquote(raw []byte, escaped bool) string {
	if !escaped && utf8.Valid(raw) {
		return string(raw[1 : len(raw)-1])
	}
	var str string
	stdjson.Unmarshal(raw, &str) // the scanner checked the string
	return str
}

// setNumber stores a JSON number the scanner checked against v's kind.
func setNumber(v reflect.Value, raw []byte) {
	text := unsafe.String(unsafe.SliceData(raw), len(raw)) // read in place, not kept
	switch v.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n, _ := strconv.ParseInt(text, 10, 64)
		v.SetInt(n)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		n, _ := strconv.ParseUint(text, 10, 64)
		v.SetUint(n)
	case reflect.Float32, reflect.Float64:
		x, _ := strconv.ParseFloat(text, v.Type().Bits())
		v.SetFloat(x)
	}
}

// checkNumber checks a JSON number against a scalar node.
func (s *scanner) checkNumber(n *schemaNode, raw []byte, integral bool) {
	switch {
	case n.kind == nodeAny || n.kind == nodeCustom:
	case n.kind != nodeScalar || n.scalar == scalarStringKind || n.scalar == scalarBoolKind:
		s.wrong(n, clipBytes(raw))
	case n.scalar == scalarIntKind || n.scalar == scalarUintKind:
		if !integral {
			s.wrong(n, clipBytes(raw))
			return
		}
		// Up to 9 digits fits every integer type but the 8- and 16-bit
		// ones (none in inputs); longer numbers are parsed to be sure.
		if len(raw) > 9 || n.bits < 32 {
			var err error
			if n.scalar == scalarIntKind {
				_, err = strconv.ParseInt(string(raw), 10, n.bits)
			} else {
				_, err = strconv.ParseUint(string(raw), 10, n.bits)
			}
			if err != nil {
				s.bad("is out of range: " + clipBytes(raw))
			}
		}
	case n.scalar == scalarFloatKind:
		// Only an exponent or hundreds of digits can overflow a float64.
		if len(raw) > 300 || bytes.ContainsAny(raw, "eE") {
			if _, err := strconv.ParseFloat(string(raw), n.bits); err != nil {
				s.bad("is out of range: " + clipBytes(raw))
			}
		}
	}
}

// wrong records a value of the wrong JSON type at the current path.
func (s *scanner) wrong(n *schemaNode, got string) {
	s.bad("must be " + n.expects() + ", got " + got)
}

// bad records a problem with the value at the current path.
func (s *scanner) bad(reason string) {
	s.errs = append(s.errs, &engine.FieldError{Field: s.join(nil), Reason: reason})
}

func (s *scanner) enter() error {
	s.depth++
	if s.depth > MaxJSONDepth {
		return BadRequest("", fmt.Sprintf("the body is nested deeper than %d levels", MaxJSONDepth))
	}
	return nil
}

// object scans an object, storing its fields into dst (a struct, or a map
// of string keys) when it is valid.
func (s *scanner) object(n *schemaNode, dst reflect.Value) error {
	if err := s.enter(); err != nil {
		return err
	}
	s.i++ // {
	// seen marks the fields of n sent, given a value other than null.
	var seen, given uint64
	var seenMore map[string]bool // fields past the 64th, map keys
	object := n != nil && n.kind == nodeObject
	done := func() {
		s.depth--
		if !object || n.required == 0 {
			return
		}
		for _, f := range n.order {
			if f.required && (f.pos >= 64 || given&(1<<f.pos) == 0) {
				if f.pos >= 64 && seenMore[f.name] {
					continue
				}
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
		if escaped || !utf8.Valid(key) {
			key = []byte(unquote(key, true))
		} else {
			key = key[1 : len(key)-1]
		}
		s.ws()
		if s.i >= len(s.b) || s.b[s.i] != ':' {
			return s.syntax("expected ':'")
		}
		s.i++
		s.ws()
		null := s.i < len(s.b) && s.b[s.i] == 'n'
		var child *schemaNode
		var into, elem reflect.Value // where the value goes; elem: a map's, set once read
		if n != nil {
			switch n.kind {
			case nodeObject:
				if f := n.fields[string(key)]; f != nil {
					child = f.node
					switch {
					case !dst.IsValid():
					case !null:
						into = field(dst, f.index)
					case len(f.index) > 1:
						field(dst, f.index) // as encoding/json: a promoted field, even null, makes its embedded pointers
					}
					dup := false
					if f.pos < 64 {
						dup = seen&(1<<f.pos) != 0
						seen |= 1 << f.pos
						if !null {
							given |= 1 << f.pos
						}
					} else {
						if seenMore == nil {
							seenMore = map[string]bool{}
						}
						_, dup = seenMore[f.name]
						seenMore[f.name] = !null
					}
					if dup {
						s.errs = append(s.errs, &engine.FieldError{Field: s.join(key), Reason: "is sent twice: send each field once"})
					}
					if !null && s.present != nil {
						switch {
						case s.depth == 1 && f.pos < 64:
							s.present.top |= 1 << f.pos
						case s.depth == 1 || f.defaults:
							s.present.set(s.join(key)) // an explicit zero is not a default to fill
						}
					}
				} else {
					s.unknown = append(s.unknown, unknownName{path: s.join(key), key: string(key), node: n})
				}
			case nodeMap:
				child = n.elem
				if seenMore == nil {
					seenMore = map[string]bool{}
				}
				if _, dup := seenMore[string(key)]; dup {
					s.errs = append(s.errs, &engine.FieldError{Field: s.join(key), Reason: "is sent twice: send each key once"})
				}
				seenMore[string(key)] = true
				if dst.IsValid() { // null too: the key holds a zero value, as encoding/json has it
					elem = reflect.New(dst.Type().Elem()).Elem()
					into = elem
				}
			}
		}
		s.path = append(s.path, pathPart{key: key})
		if err := s.value(child, into); err != nil {
			return err
		}
		if elem.IsValid() {
			dst.SetMapIndex(reflect.ValueOf(string(key)).Convert(dst.Type().Key()), elem)
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

// join writes the current path, with last appended when not nil, as the
// problems name fields: "person1.latitude", "planets[2].name".
func (s *scanner) join(last []byte) string {
	var b strings.Builder
	for _, p := range s.path {
		if p.key == nil {
			b.WriteByte('[')
			b.WriteString(strconv.Itoa(p.index))
			b.WriteByte(']')
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.Write(p.key)
	}
	if last != nil {
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.Write(last)
	}
	if b.Len() == 0 {
		return "(body)"
	}
	return b.String()
}

// array scans an array, appending its elements to dst (a slice) when it
// is valid.
func (s *scanner) array(n *schemaNode, dst reflect.Value) error {
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
		if dst.IsValid() && dst.IsNil() {
			dst.Set(reflect.MakeSlice(dst.Type(), 0, 0)) // [] is an empty list, not an absent one
		}
		return nil
	}
	for k := 0; ; k++ {
		s.path = append(s.path, pathPart{index: k})
		var into reflect.Value
		if dst.IsValid() {
			dst.Set(reflect.Append(dst, reflect.Zero(dst.Type().Elem())))
			into = dst.Index(k)
		}
		if err := s.value(elem, into); err != nil {
			return err
		}
		s.path = s.path[:len(s.path)-1]
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

// number checks the JSON number grammar
// -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)? and reports whether it is
// written as an integer (no fraction, no exponent).
func (s *scanner) number() (integral bool, err error) {
	start := s.i
	digits := func() int {
		n := 0
		for s.i < len(s.b) && s.b[s.i] >= '0' && s.b[s.i] <= '9' {
			s.i++
			n++
		}
		return n
	}
	bad := func() (bool, error) {
		s.i = start
		return false, s.syntax("invalid number")
	}
	if s.b[s.i] == '-' {
		s.i++
	}
	if s.i < len(s.b) && s.b[s.i] == '0' {
		s.i++
	} else if digits() == 0 {
		return bad()
	}
	integral = true
	if s.i < len(s.b) && s.b[s.i] == '.' {
		s.i++
		integral = false
		if digits() == 0 {
			return bad()
		}
	}
	if s.i < len(s.b) && (s.b[s.i] == 'e' || s.b[s.i] == 'E') {
		s.i++
		integral = false
		if s.i < len(s.b) && (s.b[s.i] == '+' || s.b[s.i] == '-') {
			s.i++
		}
		if digits() == 0 {
			return bad()
		}
	}
	return integral, nil
}

// clipBytes shortens a value quoted in a problem.
func clipBytes(b []byte) string { return clip(string(b), 40) }

// quoteClip writes a scanned JSON string (with its quotes) for a problem.
func quoteClip(raw []byte) string { return clipBytes(raw) }
