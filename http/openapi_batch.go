package http

import (
	"reflect"
	"sort"
	"strconv"
	"strings"

	"github.com/astroapi/astroapi/http/op"
	"github.com/astroapi/astroapi/http/shape"
)

// The door's shared parameters and the typed batch, in the OpenAPI
// document: fields and decimals are documented once (components
// parameters) and referenced by every operation answering JSON;
// Idempotency-Key by every POST; the batch item is a oneOf of one schema
// per batchable operation, discriminated by operation (its body the
// operation's body, its path and query parameters the operation's), and so
// is an item's outcome (its result the operation's result), so that
// generated clients type both; the bulk route's body and answer lines are
// described as NDJSON of those.

// sharedParams are the references to the shared parameters an operation
// takes.
func sharedParams(o *op.Operation) []any {
	var out []any
	if o.Produces == "" && !o.Streams() && o.ID != bulkOperationID && o.ID != mcpOperationID && !strings.HasPrefix(o.ID, "post-mcp") {
		out = append(out, map[string]any{"$ref": "#/components/parameters/Fields"}, map[string]any{"$ref": "#/components/parameters/Decimals"})
	}
	if o.Method == "POST" && !o.Streams() && o.ID != bulkOperationID && !strings.HasPrefix(o.ID, "post-mcp") {
		out = append(out, map[string]any{"$ref": "#/components/parameters/IdempotencyKey"})
	}
	return out
}

// withSharedParameters adds the shared parameters' definitions to the
// components' parameters. They have no example: the documentation pages'
// "try it" fills every parameter's example in, which would cut the
// example's answer down and replay one idempotency key.
func withSharedParameters(params map[string]any) map[string]any {
	params["Fields"] = map[string]any{"name": shape.FieldsParam, "in": "query", "required": false,
		"description": "sparse fieldset of the result: comma-separated dotted paths of the members to keep (planets.name,planets.longitude,ascendant: a path goes through lists and into maps), or, each with a leading minus, the members to leave out (-person1,-person2: a two-person answer without both full charts). Keeping members leaves the envelope's input echo out unless input is named. An unknown member is a 422 naming fields with the nearest known one. A door parameter: the same on every operation answering JSON.",
		"schema":      map[string]any{"type": "string", "maxLength": 2048}}
	params["Decimals"] = map[string]any{"name": shape.DecimalsParam, "in": "query", "required": false,
		"description": "compact numbers: every non-integer number of the result rounded to this many decimal places, trailing zeros dropped (integers and the input echo are left as they are). Omitted: numbers as the operation writes them (angles to 7 decimals).",
		"schema":      map[string]any{"type": "integer", "minimum": 0, "maximum": shape.MaxDecimals}}
	params["IdempotencyKey"] = map[string]any{"name": IdempotencyHeader, "in": "header", "required": false,
		"description": "a key of the client's (1-255 visible ASCII characters, bare or as a quoted string) making a retry safe: the first answer with this key is kept " +
			"for 24 hours, per account, and a request with the same key and the same operation, path, query and body gets it again byte for byte " +
			"(header Idempotent-Replayed: true) without being billed again, also when it comes while the first is still running; " +
			"the same key with another request is a 422 naming the header. Answers of 500 and above, 429 and streamed answers are not kept. " +
			"Keys live in the memory of the instance that answered (instances behind a balancer do not share them).",
		"schema": map[string]any{"type": "string", "maxLength": maxIdempotencyKey}}
	return params
}

// typeBatches writes the batch's typed items and outcomes and the bulk
// route's NDJSON into the document.
func typeBatches(g *op.Schemas, paths map[string]map[string]any, ops []*op.Operation) {
	defs := g.Defs()
	ref := func(name string) map[string]any { return map[string]any{"$ref": "#/components/schemas/" + name} }
	var items, outcomes []any
	itemMap, outcomeMap := map[string]any{}, map[string]any{}
	var ids []string
	byID := map[string]*op.Operation{}
	for _, o := range ops {
		if o.Hidden || !o.Batchable() {
			continue
		}
		ids = append(ids, o.ID)
		byID[o.ID] = o
	}
	sort.Strings(ids)
	shared := map[string]any{
		"fields":   map[string]any{"type": "string", "description": "sparse fieldset of the result, as the fields query parameter of a single call (the batch's own fields is the default)"},
		"decimals": map[string]any{"type": "integer", "minimum": 0, "maximum": shape.MaxDecimals, "description": "decimal places of the result's numbers, as the decimals query parameter of a single call (the batch's own decimals is the default)"},
		"id":       map[string]any{"type": "string", "description": "your label for the item, echoed in its outcome"},
	}
	for _, id := range ids {
		o := byID[id]
		name := "BatchItem" + camel(id)
		props := map[string]any{
			"operation": map[string]any{"type": "string", "enum": []any{id}, "description": "the operation: " + o.Summary},
			"id":        shared["id"], "fields": shared["fields"], "decimals": shared["decimals"],
		}
		required := []any{"operation"}
		if o.HasBody() && o.In != reflect.TypeFor[op.None]() {
			g.Output, g.Inline = false, true
			body := g.Schema(o.In)
			g.Inline, g.Output = false, true
			// Named, so that generated clients have a type to build it
			// with (oapi-codegen makes an inline object an anonymous
			// struct).
			bname := name + "Body"
			bs := withoutDefaults(body).(map[string]any)
			bs["title"] = bname
			defs[bname] = bs
			props["body"] = ref(bname)
		}
		if !o.HasBody() {
			if q := queryProperties(o); len(q) > 0 {
				props["query"] = map[string]any{"type": "object", "description": "the operation's query parameters, as strings (as in a URL)", "properties": q}
			}
		}
		if pp := o.PathParams(); len(pp) > 0 {
			pprops := map[string]any{}
			var preq []any
			for _, p := range pp {
				pprops[p] = map[string]any{"type": "string"}
				preq = append(preq, p)
			}
			props["params"] = map[string]any{"type": "object", "description": "the path parameters of " + o.Path, "properties": pprops, "required": preq}
			required = append(required, "params")
		}
		defs[name] = map[string]any{"type": "object", "title": name, "description": "A batch item (or bulk line) calling " + id + " (" + o.Method + " " + o.Path + ").",
			"required": required, "properties": props, "additionalProperties": false}
		items = append(items, ref(name))
		itemMap[id] = "#/components/schemas/" + name

		oname := "BatchOutcome" + camel(id)
		result := g.Schema(o.Out)
		if _, named := result["$ref"]; !named {
			if _, ok := defs[camel(id)+"Result"]; ok {
				result = ref(camel(id) + "Result") // as the operation's answer names it
			}
		}
		defs[oname] = map[string]any{"type": "object", "title": oname,
			"description": "The outcome of a batch item calling " + id + ": its result, or its problem.",
			"required":    []any{"operation", "status"},
			"properties": map[string]any{
				"id":        map[string]any{"type": "string", "description": "the item's id"},
				"operation": map[string]any{"type": "string", "enum": []any{id}},
				"status":    map[string]any{"type": "integer", "description": "the HTTP status the call would have had alone"},
				"input":     map[string]any{"type": "object", "additionalProperties": true, "description": "the interpreted input (success only; left out when fields does not name input)"},
				"result":    result,
				"warnings":  map[string]any{"type": "array", "items": map[string]any{"type": "string"}},
				"problem":   ref("Problem"),
			}}
		outcomes = append(outcomes, ref(oname))
		outcomeMap[id] = "#/components/schemas/" + oname
	}
	defs["BatchItem"] = map[string]any{"title": "BatchItem", "description": "One operation of a batch (or a line of a bulk job without operation): the item schema of its operation, chosen by operation.",
		"oneOf": items, "discriminator": map[string]any{"propertyName": "operation", "mapping": itemMap}}
	defs["BatchOutcome"] = map[string]any{"title": "BatchOutcome", "description": "The outcome of one batch item, typed by its operation. (An item naming an unknown operation, which typed clients cannot send, comes back as a 404 problem with that name.)",
		"oneOf": outcomes, "discriminator": map[string]any{"propertyName": "operation", "mapping": outcomeMap}}
	if bp, _ := paths[openAPIPath("/api/v1/batch")]["post"].(map[string]any); bp != nil {
		if media := dig(bp, "requestBody", "content", "application/json"); media != nil {
			if body, ok := media["schema"].(map[string]any); ok {
				if props, ok := body["properties"].(map[string]any); ok {
					if req, ok := props["requests"].(map[string]any); ok {
						req["items"] = ref("BatchItem")
					}
				}
			}
		}
	}
	if br, ok := defs["BatchResult"]; ok {
		if props, ok := br["properties"].(map[string]any); ok {
			if it, ok := props["items"].(map[string]any); ok {
				it["items"] = ref("BatchOutcome")
			}
		}
	}
	documentBulk(g, paths, ref)
}

// documentBulk rewrites the bulk route's entry: NDJSON in and out, its
// query parameters, the CSV alternative and the Bulk-Job header.
func documentBulk(g *op.Schemas, paths map[string]map[string]any, ref func(string) map[string]any) {
	bo, _ := paths[BulkPath]["post"].(map[string]any)
	if bo == nil {
		return
	}
	g.Output = false
	params := queryParams(g, reflect.TypeFor[bulkParams](), "", true, nil)
	g.Output = true
	params = append(params, map[string]any{"$ref": "#/components/parameters/Fields"}, map[string]any{"$ref": "#/components/parameters/Decimals"})
	bo["parameters"] = params
	bo["requestBody"] = map[string]any{"required": true, "content": map[string]any{
		bulkMedia: map[string]any{
			"schema":  ref("BatchItem"),
			"example": `{"year":1990,"month":7,"day":14,"hour":14,"minute":30,"latitude":51.5074,"longitude":-0.1278,"timezone":"Europe/London"}` + "\n" + `{"year":1990,"month":7,"day":15,"location":"Paris, France","timezone":"auto"}` + "\n",
		}},
		"description": "NDJSON, one JSON object per line: with operation, that operation's body (a GET operation's query parameters as an object); without it, a BatchItem. The schema is a line's without operation."}
	g.Output = true
	defs := g.Defs()
	summary := g.Schema(reflect.TypeFor[bulkSummary]())
	defs["BulkLine"] = map[string]any{"type": "object", "title": "BulkLine",
		"description": "A line of a bulk answer: the answer to an input line (line, with the fields of that operation's BatchOutcome: id, operation, status, input, result or problem), or the last line, end, the job's summary.",
		"properties": map[string]any{
			"line":      map[string]any{"type": "integer", "format": "int64", "description": "number of the input line answered"},
			"id":        map[string]any{"type": "string"},
			"operation": map[string]any{"type": "string"},
			"status":    map[string]any{"type": "integer"},
			"input":     map[string]any{"type": "object", "additionalProperties": true},
			"result":    map[string]any{"description": "the operation's result, as its BatchOutcome's"},
			"warnings":  map[string]any{"type": "array", "items": map[string]any{"type": "string"}},
			"problem":   ref("Problem"),
			"end":       summary,
		}}
	ok := bo["responses"].(map[string]any)
	if media := dig(ok, "200", "content", "application/json"); media != nil {
		// The envelope made for the operation's result type, which the
		// lines replace: not a part of the document any more.
		if r, _ := media["schema"].(map[string]any)["$ref"].(string); r != "" {
			delete(defs, strings.TrimPrefix(r, "#/components/schemas/"))
		}
	}
	ok["200"] = map[string]any{
		"description": "the answers, a line per input line in input order, then the end line (NDJSON); or the CSV table",
		"headers":     map[string]any{"Bulk-Job": map[string]any{"description": "the job's id, to send as job when resuming it", "schema": map[string]any{"type": "string"}}},
		"content": map[string]any{
			bulkMedia:  map[string]any{"schema": ref("BulkLine")},
			"text/csv": map[string]any{"schema": map[string]any{"type": "string"}},
		}}
}

// queryProperties are a GET operation's query parameters as the string
// properties of a batch item's query.
func queryProperties(o *op.Operation) map[string]any {
	out := map[string]any{}
	inPath := map[string]bool{}
	for _, p := range o.PathParams() {
		inPath[p] = true
	}
	var walk func(t reflect.Type, prefix string)
	walk = func(t reflect.Type, prefix string) {
		for _, f := range op.WireFields(t) {
			name := prefix + op.WireName(f)
			if inPath[name] || f.Tag.Get("readonly") == "true" {
				continue
			}
			if ft := derefType(f.Type); ft.Kind() == reflect.Struct && !op.Queryable(f) {
				walk(ft, name+".")
				continue
			}
			if !op.Queryable(f) {
				continue
			}
			p := map[string]any{"type": "string"}
			if d := f.Tag.Get("doc"); d != "" {
				p["description"] = d
			}
			out[name] = p
		}
	}
	walk(o.In, "")
	return out
}

// withoutDefaults copies a schema without its default keywords and its
// read-only properties: a batch item's body sits among the components,
// where openapi-typescript would make every property with a default
// required (it exempts request bodies only); the door fills them all the
// same, and the default is said in the description instead. The read-only
// properties are the echo's facts, ignored on input (as in the MCP tools'
// input schemas).
func withoutDefaults(s any) any {
	switch v := s.(type) {
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, x := range v {
			switch k {
			case "default":
				continue
			case "properties":
				props := map[string]any{}
				for name, ps := range x.(map[string]any) {
					if m, ok := ps.(map[string]any); ok && m["readOnly"] == true {
						continue // an echo-only fact: ignored on input
					}
					props[name] = withoutDefaults(ps)
				}
				out[k] = props
				continue
			}
			out[k] = withoutDefaults(x)
		}
		if d, ok := v["default"]; ok {
			desc, _ := out["description"].(string)
			out["description"] = strings.TrimSpace(desc + " (default: " + defaultText(d) + ")")
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = withoutDefaults(x)
		}
		return out
	}
	return s
}

func defaultText(d any) string {
	switch d := d.(type) {
	case string:
		return d
	case bool:
		return strconv.FormatBool(d)
	}
	b, err := marshalNoHTML(d)
	if err != nil {
		return "?"
	}
	return string(b)
}

// dig walks nested maps by keys.
func dig(m map[string]any, keys ...string) map[string]any {
	for _, k := range keys {
		next, ok := m[k].(map[string]any)
		if !ok {
			return nil
		}
		m = next
	}
	return m
}
