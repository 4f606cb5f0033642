package shape

import (
	"bytes"
	"encoding"
	"encoding/base64"
	"fmt"
	"math"
	"reflect"
	"sort"
	"strconv"
	"sync"
	"unsafe"

	json "github.com/goccy/go-json"

	"github.com/astroapi/astroapi/engine/jsonw"
)

// plan is what the encoder knows of a type, worked out once: how it is
// written and, for containers, the plans of what it holds.
type plan struct {
	t        reflect.Type
	kind     reflect.Kind
	marshal  bool // json.Marshaler with a value receiver
	pmarshal bool // json.Marshaler with a pointer receiver only
	text     bool // encoding.TextMarshaler (value receiver)
	ptext    bool
	raw      bool // json.RawMessage
	bytes    bool // []byte: base64
	fixed    bool // a hand-written encoder writes its numbers with jsonw.Decimals
	spec     bool // special(), worked out once
	op       opcode
	elem     *plan
	fields   []fieldPlan
	byName   map[string]int
}

type fieldPlan struct {
	field
	key  []byte // "name":
	plan *plan
	// steps reach the field from its struct: an offset, then (for a field
	// promoted through an embedded pointer) a pointer to follow, and so on.
	steps []step
}

type step struct {
	off   uintptr
	deref bool // follow the pointer found at off (nil: the field is absent)
}

var plans sync.Map // reflect.Type -> *plan

// planOf returns the plan of t.
func planOf(t reflect.Type) *plan {
	if p, ok := plans.Load(t); ok {
		return p.(*plan)
	}
	p := buildPlan(t, map[reflect.Type]*plan{})
	v, _ := plans.LoadOrStore(t, p)
	return v.(*plan)
}

func buildPlan(t reflect.Type, building map[reflect.Type]*plan) *plan {
	if p, ok := building[t]; ok {
		return p
	}
	p := &plan{t: t, kind: t.Kind()}
	building[t] = p
	p.marshal = t.Implements(marshalerType)
	p.pmarshal = !p.marshal && t.Kind() != reflect.Pointer && reflect.PointerTo(t).Implements(marshalerType)
	p.text = t.Implements(textMarshalerType)
	p.ptext = !p.text && t.Kind() != reflect.Pointer && reflect.PointerTo(t).Implements(textMarshalerType)
	p.raw = t == rawMessageType
	p.fixed = appends(t)
	defer func() { p.spec = p.special(); p.op = opOf(p) }()
	switch t.Kind() {
	case reflect.Pointer, reflect.Array, reflect.Map:
		p.elem = buildPlan(t.Elem(), building)
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 && !p.raw {
			p.bytes = true
		}
		p.elem = buildPlan(t.Elem(), building)
	case reflect.Struct:
		si := info(t)
		p.byName = si.byName
		p.fields = make([]fieldPlan, len(si.fields))
		for i, f := range si.fields {
			key := jsonw.String(nil, f.name)
			p.fields[i] = fieldPlan{field: f, key: append(key, ':'), plan: buildPlan(f.typ, building), steps: steps(t, f.index)}
		}
	}
	return p
}

// steps works out how to reach the field at index (reflect's index path)
// from a pointer to a struct of type t.
func steps(t reflect.Type, index []int) []step {
	var out []step
	var off uintptr
	for i, x := range index {
		sf := t.Field(x)
		off += sf.Offset
		t = sf.Type
		if i < len(index)-1 && t.Kind() == reflect.Pointer {
			out = append(out, step{off: off, deref: true})
			off = 0
			t = t.Elem()
		}
	}
	return append(out, step{off: off})
}

// prog is a selection bound to a type's plan: for a struct, the members
// to write, each with its own prog (nil: all of it). Values whose shape is
// not known from their type (maps, interfaces, values that write
// themselves) keep the selection's node.
type prog struct {
	fields []progField
	node   *node
}

type progField struct {
	fp  *fieldPlan
	sub *prog
}

// compile binds the selection n to plan p (through pointers and lists).
func compile(p *plan, n *node, exclude bool) *prog {
	if n == nil || n.whole && !exclude {
		return nil
	}
	for !p.special() && (p.kind == reflect.Pointer || (p.kind == reflect.Slice && !p.bytes) || p.kind == reflect.Array) {
		p = p.elem
	}
	if p.special() || p.kind != reflect.Struct {
		return &prog{node: n}
	}
	pr := &prog{node: n, fields: make([]progField, 0, len(n.kids))}
	for i := range p.fields {
		fp := &p.fields[i]
		kid := n.kids[fp.name]
		switch {
		case exclude && kid != nil && kid.whole:
			continue
		case exclude:
			pr.fields = append(pr.fields, progField{fp: fp, sub: compile(fp.plan, kid, true)})
		case kid == nil:
			continue
		default:
			pr.fields = append(pr.fields, progField{fp: fp, sub: compile(fp.plan, kid, false)})
		}
	}
	return pr
}

// special: the plan's values are written by reflection (they write
// themselves, or their shape is only known at run time).
func (p *plan) special() bool {
	return p.marshal || p.pmarshal || p.text || p.ptext || p.raw || p.kind == reflect.Interface || p.kind == reflect.Map
}

// bind compiles the selection for results of type t once (Check calls
// it); Append uses it for values of that type.
func (s *Spec) bind(t reflect.Type) {
	if s == nil || s.sel == nil {
		return
	}
	p := planOf(t)
	if b := s.bound.Load(); b != nil && b.plan == p {
		return
	}
	s.bound.Store(&binding{plan: p, prog: compile(p, s.sel, s.exclude)})
}

// Append appends the result v shaped by s (the whole of it when s selects
// no members; numbers rounded when s asks for decimals). Check s against
// v's type first: the selection is bound to it once.
func (s *Spec) Append(b []byte, v any) ([]byte, error) {
	rv := reflect.ValueOf(v)
	if !rv.IsValid() {
		return append(b, "null"...), nil
	}
	e := encoder{exclude: s != nil && s.exclude}
	p := planOf(rv.Type())
	var pr *prog
	if s != nil && s.sel != nil {
		if bd := s.bound.Load(); bd != nil && bd.plan == p {
			pr = bd.prog
		} else {
			pr = compile(p, s.sel, s.exclude)
		}
	}
	dec := s.Decimals()
	if p.kind == reflect.Pointer && !p.special() {
		if rv.IsNil() {
			return append(b, "null"...), nil
		}
		if dec < 0 && p.fixed {
			dec = jsonw.Decimals
		}
		return e.at(b, rv.UnsafePointer(), p.elem, pr, dec, false)
	}
	return e.value(b, rv, p, pr, dec, false)
}

type encoder struct {
	exclude bool
}

// value appends a value held by reflection: the values that write
// themselves, interfaces and maps, and values that cannot be addressed
// (copied first).
func (e *encoder) value(b []byte, v reflect.Value, p *plan, pr *prog, dec int, quoted bool) ([]byte, error) {
	if dec < 0 && p.fixed {
		dec = jsonw.Decimals
	}
	var sel *node
	if pr != nil {
		sel = pr.node
	}
	switch {
	case p.raw:
		raw := v.Bytes()
		if len(raw) == 0 {
			return append(b, "null"...), nil
		}
		return e.marshaled(b, raw, sel, dec)
	case p.marshal || p.pmarshal:
		var m json.Marshaler
		switch {
		case p.kind == reflect.Pointer && v.IsNil(), p.kind == reflect.Interface && v.IsNil():
			return append(b, "null"...), nil
		case p.marshal:
			m = v.Interface().(json.Marshaler)
		case v.CanAddr():
			m = v.Addr().Interface().(json.Marshaler)
		default:
			c := reflect.New(p.t)
			c.Elem().Set(v)
			m = c.Interface().(json.Marshaler)
		}
		raw, err := m.MarshalJSON()
		if err != nil {
			return nil, err
		}
		return e.marshaled(b, raw, sel, dec)
	case p.text || p.ptext:
		var m encoding.TextMarshaler
		switch {
		case p.kind == reflect.Pointer && v.IsNil():
			return append(b, "null"...), nil
		case p.text:
			m = v.Interface().(encoding.TextMarshaler)
		case v.CanAddr():
			m = v.Addr().Interface().(encoding.TextMarshaler)
		default:
			c := reflect.New(p.t)
			c.Elem().Set(v)
			m = c.Interface().(encoding.TextMarshaler)
		}
		txt, err := m.MarshalText()
		if err != nil {
			return nil, err
		}
		return jsonw.String(b, string(txt)), nil
	case p.kind == reflect.Interface:
		if v.IsNil() {
			return append(b, "null"...), nil
		}
		ev := v.Elem()
		ep := planOf(ev.Type())
		if sel != nil {
			pr = compile(ep, sel, e.exclude)
		}
		return e.value(b, ev, ep, pr, dec, quoted)
	case p.kind == reflect.Map:
		return e.mapping(b, v, p, sel, dec)
	}
	if v.CanAddr() {
		return e.at(b, v.Addr().UnsafePointer(), p, pr, dec, quoted)
	}
	c := reflect.New(p.t)
	c.Elem().Set(v)
	return e.at(b, c.UnsafePointer(), p, pr, dec, quoted)
}

// sliceHeader is the layout of a slice.
type sliceHeader struct {
	data     unsafe.Pointer
	len, cap int
}

// opcode is what at does with a plan's values, worked out once.
type opcode uint8

const (
	opSpecial opcode = iota
	opPointer
	opStruct
	opSlice
	opBytes
	opArray
	opBool
	opInt
	opInt8
	opInt16
	opInt32
	opInt64
	opUint
	opUint8
	opUint16
	opUint32
	opUint64
	opUintptr
	opFloat32
	opFloat64
	opString
)

func opOf(p *plan) opcode {
	if p.spec {
		return opSpecial
	}
	switch p.kind {
	case reflect.Pointer:
		return opPointer
	case reflect.Struct:
		return opStruct
	case reflect.Slice:
		if p.bytes {
			return opBytes
		}
		return opSlice
	case reflect.Array:
		return opArray
	case reflect.Bool:
		return opBool
	case reflect.Int:
		return opInt
	case reflect.Int8:
		return opInt8
	case reflect.Int16:
		return opInt16
	case reflect.Int32:
		return opInt32
	case reflect.Int64:
		return opInt64
	case reflect.Uint:
		return opUint
	case reflect.Uint8:
		return opUint8
	case reflect.Uint16:
		return opUint16
	case reflect.Uint32:
		return opUint32
	case reflect.Uint64:
		return opUint64
	case reflect.Uintptr:
		return opUintptr
	case reflect.Float32:
		return opFloat32
	case reflect.Float64:
		return opFloat64
	case reflect.String:
		return opString
	}
	return opSpecial // chan, func, complex: refused by value
}

// at appends the value of plan p stored at ptr: the fast path, reading
// fields and elements at their offsets as go-json does, without a
// reflect.Value per member.
func (e *encoder) at(b []byte, ptr unsafe.Pointer, p *plan, pr *prog, dec int, quoted bool) ([]byte, error) {
	if dec < 0 && p.fixed {
		dec = jsonw.Decimals
	}
	if quoted {
		return e.quotedAt(b, ptr, p, dec)
	}
	switch p.op {
	case opFloat64:
		v := *(*float64)(ptr)
		switch {
		case dec == jsonw.Decimals:
			return jsonw.Angle(b, v), nil
		case dec >= 0:
			return jsonw.Float(b, v, dec), nil
		}
		return jsonw.Number(b, v), nil
	case opString:
		return jsonw.String(b, *(*string)(ptr)), nil
	case opInt:
		return strconv.AppendInt(b, int64(*(*int)(ptr)), 10), nil
	case opBool:
		return jsonw.Bool(b, *(*bool)(ptr)), nil
	case opStruct:
		return e.object(b, ptr, p, pr, dec)
	case opPointer:
		q := *(*unsafe.Pointer)(ptr)
		if q == nil {
			return append(b, "null"...), nil
		}
		return e.at(b, q, p.elem, pr, dec, false)
	case opSlice:
		h := (*sliceHeader)(ptr)
		if h.data == nil {
			return append(b, "null"...), nil
		}
		return e.list(b, h.data, h.len, p.elem, pr, dec)
	case opBytes:
		h := (*sliceHeader)(ptr)
		if h.data == nil {
			return append(b, "null"...), nil
		}
		b = append(b, '"')
		b = base64.StdEncoding.AppendEncode(b, unsafe.Slice((*byte)(h.data), h.len))
		return append(b, '"'), nil
	case opArray:
		return e.list(b, ptr, p.t.Len(), p.elem, pr, dec)
	case opInt8:
		return strconv.AppendInt(b, int64(*(*int8)(ptr)), 10), nil
	case opInt16:
		return strconv.AppendInt(b, int64(*(*int16)(ptr)), 10), nil
	case opInt32:
		return strconv.AppendInt(b, int64(*(*int32)(ptr)), 10), nil
	case opInt64:
		return strconv.AppendInt(b, *(*int64)(ptr), 10), nil
	case opUint:
		return strconv.AppendUint(b, uint64(*(*uint)(ptr)), 10), nil
	case opUint8:
		return strconv.AppendUint(b, uint64(*(*uint8)(ptr)), 10), nil
	case opUint16:
		return strconv.AppendUint(b, uint64(*(*uint16)(ptr)), 10), nil
	case opUint32:
		return strconv.AppendUint(b, uint64(*(*uint32)(ptr)), 10), nil
	case opUint64:
		return strconv.AppendUint(b, *(*uint64)(ptr), 10), nil
	case opUintptr:
		return strconv.AppendUint(b, uint64(*(*uintptr)(ptr)), 10), nil
	case opFloat32:
		return number(b, float64(*(*float32)(ptr)), dec, true), nil
	}
	return e.value(b, reflect.NewAt(p.t, ptr).Elem(), p, pr, dec, false)
}

// quotedAt writes a scalar of a field tagged ",string": inside a string
// (a string: its JSON, as a string).
func (e *encoder) quotedAt(b []byte, ptr unsafe.Pointer, p *plan, dec int) ([]byte, error) {
	if p.op == opString {
		return jsonw.String(b, string(jsonw.String(nil, *(*string)(ptr)))), nil
	}
	if p.op < opBool || p.op > opString {
		return e.at(b, ptr, p, nil, dec, false) // ",string" applies to scalars only
	}
	inner, err := e.at(nil, ptr, p, nil, dec, false)
	if err != nil {
		return nil, err
	}
	b = append(b, '"')
	b = append(b, inner...)
	return append(b, '"'), nil
}

func (e *encoder) object(b []byte, ptr unsafe.Pointer, p *plan, pr *prog, dec int) ([]byte, error) {
	b = append(b, '{')
	first := true
	n := len(p.fields)
	if pr != nil {
		n = len(pr.fields)
	}
	var err error
	for i := range n {
		var fp *fieldPlan
		var sub *prog
		if pr == nil {
			fp = &p.fields[i]
		} else {
			fp, sub = pr.fields[i].fp, pr.fields[i].sub
		}
		fptr := ptr
		if len(fp.steps) == 1 {
			fptr = unsafe.Add(ptr, fp.steps[0].off)
		} else if fptr = reach(ptr, fp.steps); fptr == nil {
			continue // behind a nil embedded pointer: encoding/json leaves it out
		}
		if fp.omitEmpty && emptyAt(fptr, fp.plan) {
			continue
		}
		if first {
			first = false
		} else {
			b = append(b, ',')
		}
		b = append(b, fp.key...)
		if b, err = e.at(b, fptr, fp.plan, sub, dec, fp.quoted); err != nil {
			return nil, err
		}
	}
	return append(b, '}'), nil
}

// reach follows steps from ptr, nil when a pointer on the way is nil.
func reach(ptr unsafe.Pointer, steps []step) unsafe.Pointer {
	for _, st := range steps {
		ptr = unsafe.Add(ptr, st.off)
		if st.deref {
			if ptr = *(*unsafe.Pointer)(ptr); ptr == nil {
				return nil
			}
		}
	}
	return ptr
}

func (e *encoder) list(b []byte, data unsafe.Pointer, n int, p *plan, pr *prog, dec int) ([]byte, error) {
	b = append(b, '[')
	size := p.t.Size()
	var err error
	for i := range n {
		if i > 0 {
			b = append(b, ',')
		}
		if b, err = e.at(b, unsafe.Add(data, uintptr(i)*size), p, pr, dec, false); err != nil {
			return nil, err
		}
	}
	return append(b, ']'), nil
}

// emptyAt is encoding/json's omitempty test for the value at ptr.
func emptyAt(ptr unsafe.Pointer, p *plan) bool {
	switch p.kind {
	case reflect.Bool:
		return !*(*bool)(ptr)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Interface, reflect.Map, reflect.Array:
		return empty(reflect.NewAt(p.t, ptr).Elem())
	case reflect.String:
		return len(*(*string)(ptr)) == 0
	case reflect.Pointer:
		return *(*unsafe.Pointer)(ptr) == nil
	case reflect.Slice:
		return (*sliceHeader)(ptr).len == 0
	}
	return false
}

// member says whether the member named k of an object selected by sel
// (nil: all of it) is written, and the selection of its own members (nil:
// all of them): keeping, only the members named (a dotted name selects
// inside one); excluding, every member but those excluded whole.
func (e *encoder) member(sel *node, k string) (sub *node, keep bool) {
	if sel == nil {
		return nil, true
	}
	kid := sel.kids[k]
	switch {
	case e.exclude && kid != nil && kid.whole:
		return nil, false
	case e.exclude:
		return kid, true
	case kid == nil:
		return nil, false
	case !kid.whole:
		return kid, true
	}
	return nil, true
}

func (e *encoder) mapping(b []byte, v reflect.Value, p *plan, sel *node, dec int) ([]byte, error) {
	if v.IsNil() {
		return append(b, "null"...), nil
	}
	type kv struct {
		k string
		v reflect.Value
	}
	items := make([]kv, 0, v.Len())
	it := v.MapRange()
	for it.Next() {
		k, err := mapKey(it.Key())
		if err != nil {
			return nil, err
		}
		items = append(items, kv{k, it.Value()})
	}
	sort.Slice(items, func(i, j int) bool { return items[i].k < items[j].k })
	b = append(b, '{')
	first := true
	var err error
	for _, item := range items {
		sub, keep := e.member(sel, item.k)
		if !keep {
			continue
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		b = append(jsonw.String(b, item.k), ':')
		if b, err = e.value(b, item.v, p.elem, compile(p.elem, sub, e.exclude), dec, false); err != nil {
			return nil, err
		}
	}
	return append(b, '}'), nil
}

// mapKey is a map key as encoding/json writes it.
func mapKey(k reflect.Value) (string, error) {
	if k.Kind() == reflect.String {
		return k.String(), nil
	}
	if tm, ok := k.Interface().(encoding.TextMarshaler); ok {
		t, err := tm.MarshalText()
		return string(t), err
	}
	switch k.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return strconv.FormatInt(k.Int(), 10), nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return strconv.FormatUint(k.Uint(), 10), nil
	}
	return "", fmt.Errorf("shape: unsupported map key %s", k.Type())
}

// empty is encoding/json's omitempty test.
func empty(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Array, reflect.Map, reflect.Slice, reflect.String:
		return v.Len() == 0
	case reflect.Bool:
		return !v.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return v.Int() == 0
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return v.Uint() == 0
	case reflect.Float32, reflect.Float64:
		return v.Float() == 0
	case reflect.Interface, reflect.Pointer:
		return v.IsNil()
	}
	return false
}

// marshaled appends JSON a value wrote itself, shaped: as it is when
// nothing is to change, else read back and written again.
func (e *encoder) marshaled(b, raw []byte, sel *node, dec int) ([]byte, error) {
	if sel == nil && dec < 0 {
		return append(b, bytes.TrimSpace(raw)...), nil
	}
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	var x any
	if err := d.Decode(&x); err != nil {
		return nil, err
	}
	return e.generic(b, x, sel, dec)
}

// generic appends a value read from JSON (maps, lists, json.Number,
// strings, booleans, nil), shaped.
func (e *encoder) generic(b []byte, x any, sel *node, dec int) ([]byte, error) {
	var err error
	switch x := x.(type) {
	case nil:
		return append(b, "null"...), nil
	case bool:
		return jsonw.Bool(b, x), nil
	case string:
		return jsonw.String(b, x), nil
	case json.Number:
		if dec >= 0 {
			if _, ierr := strconv.ParseInt(string(x), 10, 64); ierr != nil {
				if f, ferr := x.Float64(); ferr == nil {
					return jsonw.Float(b, f, dec), nil
				}
			}
		}
		return append(b, x...), nil
	case []any:
		b = append(b, '[')
		for i, el := range x {
			if i > 0 {
				b = append(b, ',')
			}
			if b, err = e.generic(b, el, sel, dec); err != nil {
				return nil, err
			}
		}
		return append(b, ']'), nil
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		b = append(b, '{')
		first := true
		for _, k := range keys {
			sub, keep := e.member(sel, k)
			if !keep {
				continue
			}
			if !first {
				b = append(b, ',')
			}
			first = false
			b = append(jsonw.String(b, k), ':')
			if b, err = e.generic(b, x[k], sub, dec); err != nil {
				return nil, err
			}
		}
		return append(b, '}'), nil
	}
	return nil, fmt.Errorf("shape: unexpected %T", x)
}

// number writes a float with dec decimals, or as go-json does (dec < 0).
func number(b []byte, f float64, dec int, bits32 bool) []byte {
	if dec >= 0 {
		return jsonw.Float(b, f, dec)
	}
	if bits32 {
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return append(b, "null"...)
		}
		if a := math.Abs(f); a != 0 && (a < 1e-6 || a >= 1e21) {
			return strconv.AppendFloat(b, f, 'e', -1, 32)
		}
		return strconv.AppendFloat(b, f, 'f', -1, 32)
	}
	return jsonw.Number(b, f)
}
