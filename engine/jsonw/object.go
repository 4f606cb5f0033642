package jsonw

import "slices"

// Object writes the members of a JSON object one by one, with the commas
// between them, as go-json writes a struct: a field tagged omitempty is
// left out when empty (the *Omit and *Ptr methods), the others always
// written. B holds the bytes (the opening brace already written by the
// caller, the closing one appended by it); More is true once a member is
// written, or from the start when the object continues members written
// elsewhere.
type Object struct {
	B    []byte
	More bool
}

// Key appends the comma (after the first member) and the quoted key.
func (o *Object) Key(k string) {
	if o.More {
		o.B = append(o.B, ',')
	}
	o.More = true
	o.B = Key(o.B, k)
}

// String appends a string member.
func (o *Object) String(k, v string) {
	o.Key(k)
	o.B = String(o.B, v)
}

// StringOmit appends a string member unless it is empty.
func (o *Object) StringOmit(k, v string) {
	if v != "" {
		o.String(k, v)
	}
}

// Number appends a number member.
func (o *Object) Number(k string, v float64) {
	o.Key(k)
	o.B = Number(o.B, v)
}

// NumberPtr appends a number member unless v is nil.
func (o *Object) NumberPtr(k string, v *float64) {
	if v != nil {
		o.Number(k, *v)
	}
}

// Int appends an integer member.
func (o *Object) Int(k string, v int) {
	o.Key(k)
	o.B = Int(o.B, v)
}

// IntPtr appends an integer member unless v is nil.
func (o *Object) IntPtr(k string, v *int) {
	if v != nil {
		o.Int(k, *v)
	}
}

// Bool appends a boolean member.
func (o *Object) Bool(k string, v bool) {
	o.Key(k)
	o.B = Bool(o.B, v)
}

// BoolOmit appends a boolean member unless it is false.
func (o *Object) BoolOmit(k string, v bool) {
	if v {
		o.Bool(k, v)
	}
}

// NumberMap appends a map of numbers (orbs by aspect name) as go-json
// writes it, keys sorted, unless it is empty (omitempty).
func (o *Object) NumberMap(k string, m map[string]float64) {
	if len(m) == 0 {
		return
	}
	o.Key(k)
	keys := make([]string, 0, len(m))
	for name := range m {
		keys = append(keys, name)
	}
	slices.Sort(keys)
	o.B = append(o.B, '{')
	for i, name := range keys {
		if i > 0 {
			o.B = append(o.B, ',')
		}
		o.B = Number(append(String(o.B, name), ':'), m[name])
	}
	o.B = append(o.B, '}')
}
