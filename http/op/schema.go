package op

import (
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"time"

	json "github.com/goccy/go-json"

	"github.com/astroapi/astroapi/engine/calendar"
)

// Schemas reflects Go types into JSON Schema (draft 2020-12, as OpenAPI
// 3.1 and MCP use it), collecting named struct types as definitions. The
// tags read are those Call's decoder reads:
//
//	json:"name,omitempty"   wire name; "-" hides the field
//	doc:"text"              description
//	example:"value"         example (as the field's type reads it; JSON for objects and arrays)
//	enum:"a,b,c"            allowed values, comma separated (typed enumerations, engine.Enum, need none)
//	minimum:"-90"           inclusive numeric minimum
//	maximum:"90"            inclusive numeric maximum
//	exclusiveMinimum:"0"    the value must be greater (exclusiveMaximum: less)
//	maxItems:"500"          most elements of a list (or keys of a map)
//	default:"placidus"      default, filled by the door into a zero non-pointer scalar
//	required:"true"         the decoder answers 422 "is required" when the field is absent or null
//	readonly:"true"         an echo-only fact (readOnly): accepted and ignored on input
type Schemas struct {
	defs  map[string]map[string]any
	names map[reflect.Type]string
	used  map[string]reflect.Type
	// RefPrefix is prepended to definition names in $ref (OpenAPI:
	// "#/components/schemas/", the default; JSON Schema: "#/$defs/").
	RefPrefix string
	// OpenAPI30 writes the OpenAPI 3.0 dialect (what code generators read):
	// a $ref with a description is wrapped in allOf, an example is a
	// value, not a list, and bytes are format byte. Off: JSON Schema
	// 2020-12 (OpenAPI 3.1, MCP).
	OpenAPI30 bool
	// Output marks the fields a result always carries (no omitempty) as
	// required; inputs are required only where tagged required:"true".
	Output bool
	// Inline writes named structs in place instead of as definitions
	// (recursion is cut at a definition): a request body's schema whole,
	// so that client generators read each of its defaults as a request's
	// (openapi-typescript makes a property with a default required
	// everywhere but under a request body or a parameter).
	Inline   bool
	inlining map[reflect.Type]bool
}

// NewSchemas returns an empty generator of OpenAPI 3.0 schemas.
func NewSchemas() *Schemas {
	return &Schemas{defs: map[string]map[string]any{}, names: map[reflect.Type]string{}, used: map[string]reflect.Type{},
		RefPrefix: "#/components/schemas/", OpenAPI30: true}
}

// Defs returns the named definitions collected so far.
func (g *Schemas) Defs() map[string]map[string]any { return g.defs }

// Schemer is implemented by a type that reads several JSON forms (a zone
// is a string or a number of hours): its schema is its own, written in
// the subset OpenAPI 3.0 and JSON Schema 2020-12 share.
type Schemer interface {
	JSONSchema() map[string]any
}

// OneOf is implemented by a result that is one of several shapes (it
// writes itself with MarshalJSON): the documents show each alternative.
type OneOf interface {
	OneOf() []any
}

var (
	oneOfType       = reflect.TypeFor[OneOf]()
	schemerType     = reflect.TypeFor[Schemer]()
	timeType        = reflect.TypeFor[time.Time]()
	calendarTime    = reflect.TypeFor[calendar.Time]()
	durType         = reflect.TypeFor[time.Duration]()
	rawJSONType     = reflect.TypeFor[json.RawMessage]()
	rawType         = reflect.TypeFor[Raw]()
	nonIdent        = regexp.MustCompile(`[^A-Za-z0-9_]+`)
	textUnmarshaler = reflect.TypeFor[interface{ UnmarshalText([]byte) error }]()
	jsonUnmarshaler = reflect.TypeFor[json.Unmarshaler]()
)

// name picks a definition name for a named struct type: the package's
// name and the type's (natal.Chart is NatalChart, zones.History
// ZonesHistory), so that generated clients get names that say what they
// are rather than Result or State; a type named after its package keeps
// its name (aspects.Aspect is Aspect), and the server's own types (op,
// http) go unprefixed.
func (g *Schemas) name(t reflect.Type) string {
	if n, ok := g.names[t]; ok {
		return n
	}
	base := nonIdent.ReplaceAllString(t.Name(), "_")
	if i := strings.IndexByte(base, '['); i >= 0 { // generic instances
		base = base[:i]
	}
	if base == "" {
		base = "Anonymous"
	}
	base = strings.ToUpper(base[:1]) + base[1:]
	pkg := t.PkgPath()
	if i := strings.LastIndexByte(pkg, '/'); i >= 0 {
		pkg = pkg[i+1:]
	}
	n := base
	if pkg != "" && pkg != "op" && pkg != "http" {
		lower := strings.ToLower(base)
		if !strings.HasPrefix(lower, pkg) && !strings.HasPrefix(lower, strings.TrimSuffix(pkg, "s")) {
			n = strings.ToUpper(pkg[:1]) + pkg[1:] + base
		}
	}
	for i := 2; ; i++ {
		if other, taken := g.used[n]; !taken || other == t {
			break
		}
		n = base + strconv.Itoa(i)
	}
	g.names[t] = n
	g.used[n] = t
	return n
}

// Schema returns the schema of t (a $ref for named structs).
func (g *Schemas) Schema(t reflect.Type) map[string]any {
	if t == nil {
		return map[string]any{}
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t {
	case timeType:
		return map[string]any{"type": "string", "format": "date-time"}
	case calendarTime:
		return map[string]any{"type": "string", "format": "date-time", "description": "RFC 3339 in UTC; years before 0000 are written with a sign (-0043-03-13T12:00:00Z)"}
	case durType:
		return map[string]any{"type": "integer", "description": "nanoseconds"}
	case rawJSONType:
		return map[string]any{}
	case rawType:
		return map[string]any{"type": "string"}
	}
	if reflect.PointerTo(t).Implements(schemerType) {
		return copyMap(reflect.New(t).Interface().(Schemer).JSONSchema())
	}
	if t.Implements(oneOfType) {
		var alts []any
		for _, v := range reflect.Zero(t).Interface().(OneOf).OneOf() {
			alts = append(alts, g.Schema(reflect.TypeOf(v)))
		}
		return map[string]any{"oneOf": alts}
	}
	if vals := enumValues(t); vals != nil {
		e := make([]any, len(vals))
		for i, v := range vals {
			e[i] = v
		}
		return map[string]any{"type": "string", "enum": e}
	}
	if reflect.PointerTo(t).Implements(jsonUnmarshaler) || reflect.PointerTo(t).Implements(textUnmarshaler) {
		if t.Kind() == reflect.String {
			return map[string]any{"type": "string"}
		}
		return map[string]any{}
	}
	switch t.Kind() {
	case reflect.Bool:
		return map[string]any{"type": "boolean"}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return map[string]any{"type": "integer", "format": "int64"}
	case reflect.Float32, reflect.Float64:
		return map[string]any{"type": "number", "format": "double"}
	case reflect.String:
		return map[string]any{"type": "string"}
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 {
			if g.OpenAPI30 {
				return map[string]any{"type": "string", "format": "byte"}
			}
			return map[string]any{"type": "string", "contentEncoding": "base64"}
		}
		s := map[string]any{"type": "array", "items": g.Schema(t.Elem())}
		if t.Kind() == reflect.Array {
			s["minItems"], s["maxItems"] = t.Len(), t.Len()
		}
		return s
	case reflect.Map:
		return map[string]any{"type": "object", "additionalProperties": g.Schema(t.Elem())}
	case reflect.Struct:
		if t.Name() == "" {
			return g.object(t)
		}
		if g.Inline && !g.inlining[t] {
			if g.inlining == nil {
				g.inlining = map[reflect.Type]bool{}
			}
			g.inlining[t] = true
			defer delete(g.inlining, t)
			return g.object(t)
		}
		n := g.name(t)
		if _, ok := g.defs[n]; !ok {
			g.defs[n] = map[string]any{} // placeholder first: recursive types
			g.defs[n] = g.object(t)
		}
		return map[string]any{"$ref": g.RefPrefix + n}
	}
	return map[string]any{}
}

// object reflects a struct's fields (embedded structs promoted).
func (g *Schemas) object(t reflect.Type) map[string]any {
	props := map[string]any{}
	var required []string
	for _, sf := range wireFields(t) {
		name := wireName(sf)
		props[name] = g.Field(sf)
		_, opts, _ := strings.Cut(sf.Tag.Get("json"), ",")
		if sf.Tag.Get("required") == "true" || g.Output && !strings.Contains(opts, "omitempty") {
			required = append(required, name)
		}
	}
	s := map[string]any{"type": "object", "properties": props}
	if len(required) > 0 {
		s["required"] = required
	}
	if t.Name() != "" {
		s["title"] = t.Name()
	}
	return s
}

// wireFields lists the JSON fields of struct t as encoding/json names
// them: breadth first, embedded structs' fields promoted after the
// struct's own, the shallower winning a name.
func wireFields(t reflect.Type) []reflect.StructField {
	type level struct {
		t     reflect.Type
		index []int
	}
	var out []reflect.StructField
	seen := map[string]bool{}
	queue := []level{{t, nil}}
	for len(queue) > 0 {
		var next []level
		for _, lv := range queue {
			for i := 0; i < lv.t.NumField(); i++ {
				sf := lv.t.Field(i)
				sf.Index = append(append([]int(nil), lv.index...), i)
				name, opts, _ := strings.Cut(sf.Tag.Get("json"), ",")
				if name == "-" && opts == "" {
					continue
				}
				if sf.Anonymous && name == "" {
					ft := sf.Type
					if ft.Kind() == reflect.Pointer {
						ft = ft.Elem()
					}
					if ft.Kind() == reflect.Struct {
						next = append(next, level{ft, sf.Index})
						continue
					}
				}
				if !sf.IsExported() || seen[wireName(sf)] {
					continue
				}
				seen[wireName(sf)] = true
				out = append(out, sf)
			}
		}
		queue = next
	}
	return out
}

// WireFields lists the JSON fields of a struct type (embedded structs
// promoted), for doors that describe query parameters one by one.
func WireFields(t reflect.Type) []reflect.StructField {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct {
		return nil
	}
	return wireFields(t)
}

// wireName is a struct field's JSON name.
func wireName(sf reflect.StructField) string {
	name, _, _ := strings.Cut(sf.Tag.Get("json"), ",")
	if name == "" {
		name = sf.Name
	}
	return name
}

// Queryable reports whether a field can be sent as a query parameter: a
// scalar or a list of scalars (comma-separated), not an object or a map.
func Queryable(sf reflect.StructField) bool {
	k := scalarOf(sf.Type)
	return k != scalarOther && k != scalarOther+100
}

// WireName is a struct field's JSON name.
func WireName(sf reflect.StructField) string { return wireName(sf) }

// scalar classifies a type for reading tag values.
type scalar int

const (
	scalarOther scalar = iota // objects, arrays, maps: tag values are JSON
	scalarString
	scalarInteger
	scalarNumber
	scalarBool
)

func scalarOf(t reflect.Type) scalar {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == timeType || t == calendarTime { // written as RFC 3339 strings: their tags read as strings
		return scalarString
	}
	switch t.Kind() {
	case reflect.String:
		return scalarString
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return scalarInteger
	case reflect.Float32, reflect.Float64:
		return scalarNumber
	case reflect.Bool:
		return scalarBool
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() != reflect.Uint8 {
			return scalarOf(t.Elem()) + 100 // an array of scalars: each enum value is an element
		}
	}
	return scalarOther
}

// tagValue reads a tag value as a value of kind k. Strings are strings
// whatever they look like ("true", "0"); a string may be written quoted.
func tagValue(v string, k scalar) (any, error) {
	if k >= 100 {
		k -= 100
	}
	switch k {
	case scalarString:
		if strings.HasPrefix(v, `"`) {
			var s string
			if err := json.Unmarshal([]byte(v), &s); err != nil {
				return nil, fmt.Errorf("%q is not a JSON string", v)
			}
			return s, nil
		}
		return v, nil
	case scalarInteger:
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("%q is not an integer", v)
		}
		return n, nil
	case scalarNumber:
		f, err := strconv.ParseFloat(v, 64)
		if err != nil {
			return nil, fmt.Errorf("%q is not a number", v)
		}
		return f, nil
	case scalarBool:
		b, err := strconv.ParseBool(v)
		if err != nil {
			return nil, fmt.Errorf("%q is not a boolean", v)
		}
		return b, nil
	}
	var x any
	if err := json.Unmarshal([]byte(v), &x); err != nil {
		return nil, fmt.Errorf("%q is not JSON", v)
	}
	return x, nil
}

// Field is a property schema with the documentation tags applied. Tags
// that do not parse are left out here; CheckTags reports them.
func (g *Schemas) Field(sf reflect.StructField) map[string]any {
	base := g.Schema(sf.Type)
	s := map[string]any{}
	// A result's pointer field written without omitempty is null when it
	// has no value (a perfection that does not happen): say so.
	_, opts, _ := strings.Cut(sf.Tag.Get("json"), ",")
	nullable := g.Output && sf.Type.Kind() == reflect.Pointer && !strings.Contains(opts, "omitempty")
	if ref, ok := base["$ref"]; ok {
		switch {
		case g.OpenAPI30:
			// OpenAPI 3.0 ignores siblings of $ref: wrap it to keep the docs.
			s["allOf"] = []any{map[string]any{"$ref": ref}}
			if nullable { // 3.0 wants a type beside nullable (as the envelope's usage)
				s["type"], s["nullable"] = "object", true
			}
		case nullable:
			s["anyOf"] = []any{map[string]any{"$ref": ref}, map[string]any{"type": "null"}}
		default:
			s["$ref"] = ref // siblings of $ref are allowed in 2020-12
		}
	} else {
		for k, v := range base {
			s[k] = v
		}
		if _, ok := s["type"].(string); ok && nullable {
			if g.OpenAPI30 {
				s["nullable"] = true
			} else {
				// anyOf of single types, not a type list: tool clients
				// that read one type per schema take it.
				s = map[string]any{"anyOf": []any{copyMap(base), map[string]any{"type": "null"}}}
			}
		}
	}
	k := scalarOf(sf.Type)
	if d := sf.Tag.Get("doc"); d != "" {
		s["description"] = d
	}
	if sf.Tag.Get("readonly") == "true" {
		// The echo's facts: sent back, they are ignored.
		s["readOnly"] = true
	}
	if e := sf.Tag.Get("enum"); e == "-" {
		delete(s, "enum") // an open set: the type's values and more (harmonic aspect names)
	} else if e != "" {
		var vals []any
		for _, v := range strings.Split(e, ",") {
			if x, err := tagValue(strings.TrimSpace(v), k); err == nil {
				vals = append(vals, x)
			}
		}
		if s["type"] == "array" {
			if items, ok := s["items"].(map[string]any); ok {
				items = copyMap(items)
				items["enum"] = vals
				s["items"] = items
			}
		} else {
			s["enum"] = vals
		}
	}
	for _, bound := range []string{"minimum", "maximum"} {
		if v := sf.Tag.Get(bound); v != "" {
			if f, err := strconv.ParseFloat(v, 64); err == nil {
				s[bound] = f
			}
		}
	}
	for _, bound := range []string{"exclusiveMinimum", "exclusiveMaximum"} {
		if v := sf.Tag.Get(bound); v != "" {
			if f, err := strconv.ParseFloat(v, 64); err == nil {
				if g.OpenAPI30 { // 3.0: a boolean beside minimum/maximum
					s[strings.ToLower(strings.TrimPrefix(bound, "exclusive"))] = f // minimum or maximum
					s[bound] = true
				} else {
					s[bound] = f
				}
			}
		}
	}
	if v := sf.Tag.Get("maxItems"); v != "" {
		if n, err := strconv.Atoi(v); err == nil {
			key := "maxItems"
			if s["type"] == "object" {
				key = "maxProperties"
			}
			s[key] = n
		}
	}
	if v, ok := sf.Tag.Lookup("default"); ok && k < 100 {
		if x, err := tagValue(v, k); err == nil {
			s["default"] = x
		}
	}
	if v, ok := sf.Tag.Lookup("example"); ok {
		ek := k
		if ek >= 100 {
			ek = scalarOther // an array's example is a JSON array
		}
		if x, err := tagValue(v, ek); err == nil {
			if g.OpenAPI30 {
				s["example"] = x
			} else {
				s["examples"] = []any{x}
			}
		}
	}
	// An allOf wrapper with nothing beside it says no more than the
	// reference (and linters flag it): the plain reference.
	if all, ok := s["allOf"].([]any); ok && len(s) == 1 && len(all) == 1 {
		return all[0].(map[string]any)
	}
	return s
}

func copyMap(m map[string]any) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// CheckTags reports every documentation tag under t that does not parse:
// a minimum that is not a number, a default or example of the wrong type,
// an enum value the field cannot hold, a required other than "true". The
// server refuses to start with one, so a malformed tag cannot be silently
// dropped from the documents.
func CheckTags(t reflect.Type) error {
	var errs []error
	seen := map[reflect.Type]bool{}
	var walk func(t reflect.Type)
	walk = func(t reflect.Type) {
		for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Array || t.Kind() == reflect.Map {
			t = t.Elem()
		}
		if t.Kind() != reflect.Struct || seen[t] || t == timeType || t == calendarTime {
			return
		}
		seen[t] = true
		for _, sf := range wireFields(t) {
			where := t.String() + "." + sf.Name
			k := scalarOf(sf.Type)
			for _, bound := range []string{"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "maxItems"} {
				if v, ok := sf.Tag.Lookup(bound); ok {
					if _, err := strconv.ParseFloat(v, 64); err != nil {
						errs = append(errs, fmt.Errorf("%s: tag %s %q is not a number", where, bound, v))
					}
				}
			}
			if v, ok := sf.Tag.Lookup("required"); ok && v != "true" && v != "false" {
				errs = append(errs, fmt.Errorf("%s: tag required %q must be true or false", where, v))
			}
			if v, ok := sf.Tag.Lookup("enum"); ok {
				for _, e := range strings.Split(v, ",") {
					if _, err := tagValue(strings.TrimSpace(e), k); err != nil {
						errs = append(errs, fmt.Errorf("%s: enum value %v", where, err))
					}
				}
			}
			if v, ok := sf.Tag.Lookup("default"); ok {
				if _, err := tagValue(v, k); err != nil && k < 100 {
					errs = append(errs, fmt.Errorf("%s: default %v", where, err))
				}
			}
			if v, ok := sf.Tag.Lookup("example"); ok {
				ek := k
				if ek >= 100 {
					ek = scalarOther
				}
				if _, err := tagValue(v, ek); err != nil {
					errs = append(errs, fmt.Errorf("%s: example %v", where, err))
				}
			}
			walk(sf.Type)
		}
	}
	walk(t)
	return errors.Join(errs...)
}
