package http

import (
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	json "github.com/goccy/go-json"
)

// The OpenAPI 3.1 document is reflected from the registry: every
// operation's Input and Output Go types become JSON Schemas (struct tags
// json, doc, example, enum, minimum, maximum, default, required), so a route
// cannot exist without its description.

// schemaGen reflects Go types into JSON Schema, collecting named struct
// types under components/schemas.
type schemaGen struct {
	defs  map[string]map[string]any
	names map[reflect.Type]string
	used  map[string]reflect.Type
}

func newSchemaGen() *schemaGen {
	return &schemaGen{defs: map[string]map[string]any{}, names: map[reflect.Type]string{}, used: map[string]reflect.Type{}}
}

var (
	timeType    = reflect.TypeFor[time.Time]()
	durType     = reflect.TypeFor[time.Duration]()
	rawJSONType = reflect.TypeFor[json.RawMessage]()
	nonIdent    = regexp.MustCompile(`[^A-Za-z0-9_]+`)
)

// name picks a components name for a named struct type: TypeName, or
// pkgTypeName when two packages share a type name.
func (g *schemaGen) name(t reflect.Type) string {
	if n, ok := g.names[t]; ok {
		return n
	}
	base := nonIdent.ReplaceAllString(t.Name(), "_")
	if base == "" {
		base = "Anonymous"
	}
	base = strings.ToUpper(base[:1]) + base[1:]
	n := base
	if other, taken := g.used[n]; taken && other != t {
		pkg := t.PkgPath()
		if i := strings.LastIndexByte(pkg, '/'); i >= 0 {
			pkg = pkg[i+1:]
		}
		n = strings.ToUpper(pkg[:1]) + pkg[1:] + base
		for i := 2; ; i++ {
			if other, taken := g.used[n]; !taken || other == t {
				break
			}
			n = base + strconv.Itoa(i)
		}
	}
	g.names[t] = n
	g.used[n] = t
	return n
}

// schema returns the schema of t (a $ref for named structs).
func (g *schemaGen) schema(t reflect.Type) map[string]any {
	if t == nil {
		return map[string]any{}
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t {
	case timeType:
		return map[string]any{"type": "string", "format": "date-time"}
	case durType:
		return map[string]any{"type": "integer", "description": "nanoseconds"}
	case rawJSONType:
		return map[string]any{}
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
		return map[string]any{"type": "integer"}
	case reflect.Float32, reflect.Float64:
		return map[string]any{"type": "number"}
	case reflect.String:
		return map[string]any{"type": "string"}
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 {
			return map[string]any{"type": "string", "contentEncoding": "base64"}
		}
		s := map[string]any{"type": "array", "items": g.schema(t.Elem())}
		if t.Kind() == reflect.Array {
			s["minItems"], s["maxItems"] = t.Len(), t.Len()
		}
		return s
	case reflect.Map:
		return map[string]any{"type": "object", "additionalProperties": g.schema(t.Elem())}
	case reflect.Struct:
		if t.Name() == "" {
			return g.object(t)
		}
		n := g.name(t)
		if _, ok := g.defs[n]; !ok {
			g.defs[n] = map[string]any{} // placeholder first: recursive types
			g.defs[n] = g.object(t)
		}
		return map[string]any{"$ref": "#/components/schemas/" + n}
	case reflect.Interface:
		return map[string]any{}
	}
	return map[string]any{}
}

// object reflects a struct's fields (embedded structs promoted).
func (g *schemaGen) object(t reflect.Type) map[string]any {
	props := map[string]any{}
	var order []string
	var required []string
	var walk func(t reflect.Type)
	walk = func(t reflect.Type) {
		for i := 0; i < t.NumField(); i++ {
			sf := t.Field(i)
			tag := sf.Tag.Get("json")
			name, opts, _ := strings.Cut(tag, ",")
			if name == "-" && opts == "" {
				continue
			}
			if sf.Anonymous && name == "" {
				ft := sf.Type
				if ft.Kind() == reflect.Pointer {
					ft = ft.Elem()
				}
				if ft.Kind() == reflect.Struct {
					walk(ft)
					continue
				}
			}
			if !sf.IsExported() {
				continue
			}
			if name == "" {
				name = sf.Name
			}
			if _, dup := props[name]; dup {
				continue
			}
			props[name] = g.field(sf)
			order = append(order, name)
			if sf.Tag.Get("required") == "true" {
				required = append(required, name)
			}
		}
	}
	walk(t)
	s := map[string]any{"type": "object", "properties": props}
	if len(required) > 0 {
		s["required"] = required
	}
	if t.Name() != "" {
		s["title"] = t.Name()
	}
	return s
}

// field is a property schema with the documentation tags applied.
func (g *schemaGen) field(sf reflect.StructField) map[string]any {
	base := g.schema(sf.Type)
	s := map[string]any{}
	if ref, ok := base["$ref"]; ok {
		// Siblings of $ref are allowed in 3.1; keep the ref and add docs beside it.
		s["$ref"] = ref
	} else {
		for k, v := range base {
			s[k] = v
		}
	}
	isNum := s["type"] == "integer" || s["type"] == "number"
	if d := sf.Tag.Get("doc"); d != "" {
		s["description"] = d
	}
	if e := sf.Tag.Get("enum"); e != "" {
		var vals []any
		for _, v := range strings.Split(e, ",") {
			vals = append(vals, tagValue(strings.TrimSpace(v), isNum))
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
	if v := sf.Tag.Get("minimum"); v != "" {
		if f, err := strconv.ParseFloat(v, 64); err == nil {
			s["minimum"] = f
		}
	}
	if v := sf.Tag.Get("maximum"); v != "" {
		if f, err := strconv.ParseFloat(v, 64); err == nil {
			s["maximum"] = f
		}
	}
	if v, ok := sf.Tag.Lookup("default"); ok {
		s["default"] = tagValue(v, isNum)
	}
	if v, ok := sf.Tag.Lookup("example"); ok {
		s["examples"] = []any{tagValue(v, isNum)}
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

// tagValue reads a tag value as JSON when it is valid JSON (numbers,
// booleans, quoted strings, objects), otherwise as a plain string.
func tagValue(v string, number bool) any {
	var x any
	if err := json.Unmarshal([]byte(v), &x); err == nil {
		if _, isStr := x.(string); !isStr || strings.HasPrefix(v, `"`) {
			return x
		}
	}
	if number {
		if f, err := strconv.ParseFloat(v, 64); err == nil {
			return f
		}
	}
	return v
}

// pathParams lists the {name} parameters of a path in order.
func pathParams(path string) []string {
	var out []string
	for {
		i := strings.IndexByte(path, '{')
		if i < 0 {
			return out
		}
		j := strings.IndexByte(path[i:], '}')
		if j < 0 {
			return out
		}
		name := path[i+1 : i+j]
		name, _, _ = strings.Cut(name, ":") // {name:*} catch-all syntax of the router
		out = append(out, name)
		path = path[i+j+1:]
	}
}

// openAPIPath turns a router path into an OpenAPI path ({name:*} -> {name}).
func openAPIPath(path string) string {
	for _, p := range pathParams(path) {
		path = strings.Replace(path, "{"+p+":*}", "{"+p+"}", 1)
	}
	return path
}

// errorStatuses are the problem responses every operation documents.
var errorStatuses = []struct {
	code, desc string
	auth       bool
}{
	{"400", "Unreadable input (bad JSON, wrong types, deep nesting, a key in the query string)", false},
	{"401", "Missing, unknown or revoked API key", true},
	{"404", "Unknown resource", false},
	{"413", "Request body too large", false},
	{"422", "Input read but not valid (errors[] names the fields)", false},
	{"429", "Quota or rate limit exceeded (Retry-After, RateLimit-* headers)", true},
	{"500", "Internal error (quote request_id)", false},
	{"503", "Unavailable: the server is shutting down, lacks a data file the operation needs, or the account's plan is not configured (quote request_id)", false},
}

// buildOpenAPI builds the OpenAPI 3.1 document of ops.
func buildOpenAPI(ops []*Operation, serverURL string) map[string]any {
	g := newSchemaGen()
	problemRef := g.schema(reflect.TypeFor[Problem]())
	usageRef := g.schema(reflect.TypeFor[usageBlock]())
	paths := map[string]map[string]any{}
	var tags []map[string]any
	seenTag := map[string]bool{}
	for _, op := range ops {
		if op.Hidden {
			continue
		}
		if !seenTag[op.Family] {
			seenTag[op.Family] = true
			tags = append(tags, map[string]any{"name": op.Family, "description": familyDescriptions[op.Family]})
		}
		o := map[string]any{
			"operationId": op.ID,
			"summary":     op.Summary,
			"tags":        []string{op.Family},
		}
		desc := op.Description
		if op.Billed {
			desc = strings.TrimSpace(desc + "\n\nBilled: one call against the account's daily and monthly quota.")
		}
		if desc != "" {
			o["description"] = desc
		}
		if op.Public {
			o["security"] = []any{}
		}
		var params []any
		inputFields := map[string]reflect.StructField{}
		var inType reflect.Type
		if op.Input != nil {
			inType = reflect.TypeOf(op.Input)
			for inType.Kind() == reflect.Pointer {
				inType = inType.Elem()
			}
			if inType.Kind() == reflect.Struct {
				for _, f := range reflect.VisibleFields(inType) {
					name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
					if name == "" {
						name = f.Name
					}
					if f.IsExported() && name != "-" && !f.Anonymous {
						inputFields[name] = f
					}
				}
			}
		}
		inPath := map[string]bool{}
		for _, p := range pathParams(op.Path) {
			inPath[p] = true
			ps := map[string]any{"type": "string"}
			pdesc := ""
			if f, ok := inputFields[p]; ok {
				ps = g.field(f)
				pdesc, _ = ps["description"].(string)
				delete(ps, "description")
			}
			param := map[string]any{"name": p, "in": "path", "required": true, "schema": ps}
			if pdesc != "" {
				param["description"] = pdesc
			}
			params = append(params, param)
		}
		if inType != nil && !methodHasBody(op.Method) && inType.Kind() == reflect.Struct {
			for _, f := range reflect.VisibleFields(inType) {
				name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
				if name == "" {
					name = f.Name
				}
				if !f.IsExported() || name == "-" || f.Anonymous || inPath[name] {
					continue
				}
				ps := g.field(f)
				param := map[string]any{"name": name, "in": "query", "required": f.Tag.Get("required") == "true", "schema": ps}
				if d, ok := ps["description"].(string); ok {
					param["description"] = d
					delete(ps, "description")
				}
				params = append(params, param)
			}
		}
		if len(params) > 0 {
			o["parameters"] = params
		}
		if inType != nil && methodHasBody(op.Method) {
			o["requestBody"] = map[string]any{
				"required": true,
				"content":  map[string]any{"application/json": map[string]any{"schema": g.schema(inType)}},
			}
		}
		var result map[string]any
		if op.Output != nil {
			result = g.schema(reflect.TypeOf(op.Output))
		} else {
			result = map[string]any{"type": "object"}
		}
		var content map[string]any
		switch {
		case op.Produces != "":
			content = map[string]any{op.Produces: map[string]any{"schema": map[string]any{"type": "string"}}}
			if op.Output != nil && strings.Contains(op.Produces, "csv") {
				content["application/json"] = map[string]any{"schema": result}
			}
		case op.Bare:
			content = map[string]any{"application/json": map[string]any{"schema": result}}
		default:
			env := map[string]any{
				"type":     "object",
				"required": []string{"calculated_at", "input", "request_id", "result", "usage"},
				"properties": map[string]any{
					"calculated_at": map[string]any{"type": "string", "format": "date-time", "description": "time of calculation, UTC ISO 8601"},
					"input":         map[string]any{"type": "object", "description": "echo of the interpreted input"},
					"request_id":    map[string]any{"type": "string", "description": "trace identifier, also in the X-Request-ID header"},
					"result":        result,
					"usage":         map[string]any{"oneOf": []any{usageRef, map[string]any{"type": "null"}}, "description": "account-plan counters after this call (null on public routes called without a key)"},
					"warnings":      map[string]any{"type": "array", "items": map[string]any{"type": "string"}, "description": "input the API ignored, and other notices"},
				},
			}
			content = map[string]any{"application/json": map[string]any{"schema": env}}
		}
		responses := map[string]any{"200": map[string]any{"description": "OK", "content": content}}
		for _, e := range errorStatuses {
			if e.auth && op.Public {
				continue
			}
			responses[e.code] = map[string]any{"description": e.desc,
				"content": map[string]any{"application/problem+json": map[string]any{"schema": problemRef}}}
		}
		o["responses"] = responses
		p := openAPIPath(op.Path)
		if paths[p] == nil {
			paths[p] = map[string]any{}
		}
		paths[p][strings.ToLower(op.Method)] = o
	}
	sort.SliceStable(tags, func(i, j int) bool {
		a, b := tags[i]["name"].(string), tags[j]["name"].(string)
		return familyRank(a) < familyRank(b)
	})
	schemas := map[string]any{}
	for n, d := range g.defs {
		schemas[n] = d
	}
	doc := map[string]any{
		"openapi": "3.1.0",
		"info": map[string]any{
			"title":       "astroapi",
			"version":     Version,
			"description": "Astrological chart calculations over JSON. Every calculation route answers an envelope {calculated_at, input, request_id, result, usage}; every error is an RFC 9457 problem (application/problem+json). Keys go in the x-api-key header only. This document is generated from the server's operation registry and covers every route it serves.",
			"license":     map[string]any{"name": "GNU Affero General Public License v3.0 or later", "identifier": "AGPL-3.0-or-later"},
		},
		"servers": []any{map[string]any{"url": serverURL}},
		"tags":    tags,
		"paths":   paths,
		"components": map[string]any{
			"schemas": schemas,
			"securitySchemes": map[string]any{
				"apiKey": map[string]any{"type": "apiKey", "in": "header", "name": "x-api-key",
					"description": "API key from /api-keys. Never put it in the URL: a key in the query string is refused with 400."},
			},
		},
		"security": []any{map[string]any{"apiKey": []any{}}},
	}
	return doc
}

// usageBlock documents the envelope's usage block (quota.Usage with docs).
type usageBlock struct {
	DailyLimit        int64  `json:"daily_limit" doc:"calls allowed per UTC day"`
	MonthlyLimit      int64  `json:"monthly_limit" doc:"calls allowed per UTC month"`
	RequestsThisDay   int64  `json:"requests_this_day" doc:"billed calls of the account today (UTC), this one included"`
	RequestsThisMonth int64  `json:"requests_this_month" doc:"billed calls of the account this month (UTC)"`
	Scope             string `json:"scope" doc:"the counters are shared by all keys of the account" enum:"account_plan"`
}

// familyDescriptions describe the manifest and OpenAPI tags.
var familyDescriptions = map[string]string{
	"Charts":     "Natal, transits, synastry, composite, Davison, houses, aspects.",
	"Sky":        "Moon, planets, ephemeris, eclipses, void of course, asteroids, fixed stars.",
	"Timing":     "Returns, progressions, solar arc, profections, zodiacal releasing, firdaria.",
	"Traditions": "Vedic, BaZi (Chinese), Tzolkin (Mayan), Arabic parts.",
	"Agents":     "Batch, usage, timezone and geocoding routes, and the JSON-RPC tool endpoint.",
	"Access":     "The key console: accounts and keys.",
	"Docs":       "Public documentation: this document, the docs UIs, the API-client collection, the manifest.",
	"Operations": "Health checks and metrics.",
}

// typeOf is reflect.TypeOf with pointers removed.
func typeOf(v any) reflect.Type {
	t := reflect.TypeOf(v)
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t
}
