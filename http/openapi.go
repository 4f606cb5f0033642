package http

import (
	"fmt"
	"reflect"
	"sort"
	"strings"

	"github.com/astroapi/astroapi/http/op"
)

// The OpenAPI document is reflected from the operation list: every
// operation's input and output Go types become schemas (op.Schemas), so a
// route cannot exist without its description. It is OpenAPI 3.0.3, the
// version every client generator reads (oapi-codegen and others do not
// read 3.1): named component schemas, one envelope schema per result type,
// the problem responses shared, an example request per operation.

// openAPIPath turns a router path into an OpenAPI path ({name:*} -> {name}).
func openAPIPath(path string) string {
	for _, p := range op.PathParams(path) {
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

// buildOpenAPI builds the OpenAPI 3.0.3 document of ops; langs are the
// languages the lang parameter takes.
func buildOpenAPI(ops []*op.Operation, serverURL string, langs []string) map[string]any {
	g := op.NewSchemas()
	g.Output = true
	g.Schema(reflect.TypeFor[op.Problem]())
	usageRef := g.Schema(reflect.TypeFor[usageBlock]())
	paths := map[string]map[string]any{}
	var tags []map[string]any
	seenTag := map[string]bool{}
	responses := map[string]any{}
	for _, e := range errorStatuses {
		responses["Problem"+e.code] = map[string]any{"description": e.desc,
			"content": map[string]any{"application/problem+json": map[string]any{"schema": map[string]any{"$ref": "#/components/schemas/Problem"}}}}
	}
	for _, oper := range ops {
		if oper.Hidden {
			continue
		}
		if !seenTag[oper.Family] {
			seenTag[oper.Family] = true
			tags = append(tags, map[string]any{"name": oper.Family, "description": familyDescriptions[oper.Family]})
		}
		o := map[string]any{
			"operationId": oper.ID,
			"summary":     oper.Summary,
			"tags":        []string{oper.Family},
		}
		desc := oper.Description
		switch oper.Access {
		case op.Billed:
			cost := max(1, oper.Cost)
			switch {
			case reflect.PointerTo(oper.In).Implements(reflect.TypeFor[op.Coster]()):
				// The cost depends on the request (rows, span, returns):
				// no single number is true, so none is given.
				o["x-cost-varies"] = true
				desc = strings.TrimSpace(desc + "\n\nBilled by what it asks for: the calls this request counts for against the account's daily and monthly quota are stated in its description (at least one; a large request counts for tens of calls, and the usage block of the answer shows them). Refused requests (4xx) take a token of the per-second rate but no quota.")
			case cost == 1:
				o["x-cost"] = cost
				desc = strings.TrimSpace(desc + "\n\nBilled: one call against the account's daily and monthly quota. Refused requests (4xx) take a token of the per-second rate but no quota.")
			default:
				o["x-cost"] = cost
				desc = strings.TrimSpace(desc + fmt.Sprintf("\n\nBilled: %d calls against the account's daily and monthly quota (its work is far above a chart's). Refused requests (4xx) take a token of the per-second rate but no quota.", cost))
			}
		case op.Public:
			o["security"] = []any{}
		}
		if desc != "" {
			o["description"] = desc
		}
		g.Output = false
		var params []any
		inputFields := map[string]reflect.StructField{}
		for _, f := range op.WireFields(oper.In) {
			inputFields[op.WireName(f)] = f
		}
		inPath := map[string]bool{}
		for _, p := range oper.PathParams() {
			inPath[p] = true
			ps := map[string]any{"type": "string"}
			pdesc := ""
			if f, ok := inputFields[p]; ok {
				ps = g.Field(f)
				pdesc, _ = ps["description"].(string)
				delete(ps, "description")
			}
			param := map[string]any{"name": p, "in": "path", "required": true, "schema": ps}
			if pdesc != "" {
				param["description"] = pdesc
			}
			params = append(params, param)
		}
		if !oper.HasBody() {
			params = append(params, queryParams(g, oper.In, "", true, inPath)...)
		}
		if labelled(oper) && len(langs) > 0 {
			params = append(params, map[string]any{"$ref": "#/components/parameters/Lang"})
		}
		params = append(params, sharedParams(oper)...)
		if len(params) > 0 {
			o["parameters"] = params
		}
		if oper.HasBody() && oper.In != reflect.TypeFor[op.None]() {
			// The body's schema is written in place, its nested input
			// structs too: client generators then read every default as a
			// request's, optional to send (openapi-typescript types a
			// property with a default as required unless it sits under a
			// request body), and name the body after the operation
			// (oapi-codegen: PostNatalJSONRequestBody).
			g.Inline = true
			media := map[string]any{"schema": g.Schema(oper.In)}
			g.Inline = false
			if ex := exampleOf(oper.In); ex != nil {
				media["example"] = ex
			}
			o["requestBody"] = map[string]any{"required": true, "content": map[string]any{"application/json": media}}
		}
		g.Output = true
		result := g.Schema(oper.Out)
		if _, named := result["$ref"]; !named && oper.Produces == "" {
			// A map or a list as the result: named after the operation.
			name := camel(oper.ID) + "Result"
			g.Defs()[name] = result
			result = map[string]any{"$ref": "#/components/schemas/" + name}
		}
		var content map[string]any
		switch {
		case oper.Produces != "":
			content = map[string]any{oper.Produces: map[string]any{"schema": map[string]any{"type": "string", "format": "binary"}}}
		case oper.Bare:
			content = map[string]any{"application/json": map[string]any{"schema": result}}
		default:
			name := strings.TrimPrefix(result["$ref"].(string), "#/components/schemas/") + "Envelope"
			if _, done := g.Defs()[name]; !done {
				g.Defs()[name] = map[string]any{
					"type":        "object",
					"title":       name,
					"description": "The envelope of every calculation answer (spec 2.1) around its result.",
					"required":    []string{"calculated_at", "request_id", "result", "usage"},
					"properties": map[string]any{
						"calculated_at": map[string]any{"type": "string", "format": "date-time", "description": "time of calculation, UTC ISO 8601"},
						"input":         map[string]any{"type": "object", "additionalProperties": true, "description": "echo of the interpreted input; left out when fields keeps members of the result and does not name input"},
						"request_id":    map[string]any{"type": "string", "description": "trace identifier, also in the X-Request-ID header"},
						"result":        result,
						"usage":         map[string]any{"type": "object", "allOf": []any{usageRef}, "nullable": true, "description": "account-plan counters after this call (null on public routes called without a key)"},
						"warnings":      map[string]any{"type": "array", "items": map[string]any{"type": "string"}, "description": "input the API ignored, and other notices"},
						"labels": map[string]any{"type": "object", "description": "with lang (or Accept-Language): the translation of every name the answer holds, by category (planets, signs, aspects, houses, nakshatras, tithis, yogas, stems, branches, tzolkin, ...), then by the value as the result writes it; the result keeps its English identifiers",
							"additionalProperties": map[string]any{"type": "object", "additionalProperties": map[string]any{"type": "string"}}},
					},
				}
			}
			content = map[string]any{"application/json": map[string]any{"schema": map[string]any{"$ref": "#/components/schemas/" + name}}}
			if oper.Alternate != "" {
				content[oper.Alternate] = map[string]any{"schema": map[string]any{"type": "string"}}
			}
		}
		resp := map[string]any{"200": map[string]any{"description": "OK", "content": content}}
		for _, e := range errorStatuses {
			if e.auth && oper.Access == op.Public {
				continue
			}
			resp[e.code] = map[string]any{"$ref": "#/components/responses/Problem" + e.code}
		}
		o["responses"] = resp
		p := openAPIPath(oper.Path)
		if paths[p] == nil {
			paths[p] = map[string]any{}
		}
		paths[p][strings.ToLower(oper.Method)] = o
	}
	typeBatches(g, paths, ops)
	sort.SliceStable(tags, func(i, j int) bool {
		a, b := tags[i]["name"].(string), tags[j]["name"].(string)
		return familyRank(a) < familyRank(b)
	})
	schemas := map[string]any{}
	for n, d := range g.Defs() {
		schemas[n] = d
	}
	return map[string]any{
		"openapi": "3.0.3",
		"info": map[string]any{
			"title":       "astroapi",
			"version":     Version,
			"description": "Astrological chart calculations over JSON. Every calculation route answers an envelope {calculated_at, input, request_id, result, usage}; every error is an RFC 9457 problem (application/problem+json). Keys go in the x-api-key header (or Authorization: Bearer), never in the URL. Names in results (planets, signs, aspects, nakshatras, ...) are stable English identifiers; the lang query parameter or Accept-Language adds their translations in a labels dictionary beside the result (see the guide). This document is generated from the server's operation list and covers every route it serves.",
			"license":     map[string]any{"name": "AGPL-3.0-or-later", "url": "https://www.gnu.org/licenses/agpl-3.0.html"},
		},
		"servers": []any{map[string]any{"url": serverURL}},
		"tags":    tags,
		"paths":   paths,
		"components": map[string]any{
			"schemas":    schemas,
			"responses":  responses,
			"parameters": withSharedParameters(map[string]any{"Lang": langParameter(langs)}),
			"securitySchemes": map[string]any{
				"apiKey": map[string]any{"type": "apiKey", "in": "header", "name": "x-api-key",
					"description": "API key from /api-keys. Never put it in the URL: a key in the query string is refused with 400."},
				"bearer": map[string]any{"type": "http", "scheme": "bearer",
					"description": "The same API key as a bearer token (Authorization: Bearer KEY), for clients and agent platforms that send only that header."},
			},
		},
		"security": []any{map[string]any{"apiKey": []any{}}, map[string]any{"bearer": []any{}}},
	}
}

// langParameter is the lang query parameter every JSON operation takes.
func langParameter(langs []string) map[string]any {
	enum := make([]any, len(langs))
	for i, l := range langs {
		enum[i] = l
	}
	return map[string]any{"name": langParam, "in": "query", "required": false,
		"description": "the language of the names' labels: the envelope gains labels, the translation of every name in the result (the result keeps its stable English identifiers). Without it, Accept-Language is read; see the guide's Languages.",
		"schema":      map[string]any{"type": "string", "enum": enum}}
}

// camel writes an operation id as a type name: post-natal-svg is
// PostNatalSvg.
func camel(id string) string {
	var b strings.Builder
	for _, part := range strings.FieldsFunc(id, func(r rune) bool { return r == '-' || r == '_' }) {
		b.WriteString(strings.ToUpper(part[:1]) + part[1:])
	}
	return b.String()
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

// queryParams lists the query parameters of a GET input type: its
// scalar and list fields by wire name, and the fields of an object field
// by dotted name (person1.year), as the decoder reads them; maps travel in
// bodies only, and the echo's read-only facts are not parameters. required says whether the enclosing object is itself
// required.
func queryParams(g *op.Schemas, t reflect.Type, prefix string, required bool, inPath map[string]bool) []any {
	var params []any
	for _, f := range op.WireFields(t) {
		name := prefix + op.WireName(f)
		if inPath[name] || f.Tag.Get("readonly") == "true" {
			continue // an echo fact is not a parameter: the answer states it
		}
		req := required && f.Tag.Get("required") == "true"
		if ft := derefType(f.Type); ft.Kind() == reflect.Struct && !op.Queryable(f) {
			params = append(params, queryParams(g, ft, name+".", req, inPath)...)
			continue
		}
		if !op.Queryable(f) {
			continue // maps travel in bodies only
		}
		ps := g.Field(f)
		param := map[string]any{"name": name, "in": "query", "required": req, "schema": ps}
		if d, ok := ps["description"].(string); ok {
			param["description"] = d
			delete(ps, "description")
		}
		if ex, ok := ps["example"]; ok {
			param["example"] = ex
		}
		params = append(params, param)
	}
	return params
}

func derefType(t reflect.Type) reflect.Type {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t
}
