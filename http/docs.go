package http

import (
	"bytes"
	"embed"
	"html/template"
	"maps"
	"net/url"
	"path"
	"reflect"
	"slices"
	"sort"
	"strings"

	json "github.com/goccy/go-json"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/astroapi/astroapi/http/op"
)

// Documentation routes (spec 4.11), all public and all generated from the
// registry: the OpenAPI document, the interactive UI, a static reference, a
// Postman collection, the human guide and the manifest.

//go:embed assets
var assets embed.FS

func mustAsset(name string) []byte {
	b, err := assets.ReadFile(name)
	if err != nil {
		panic(err)
	}
	return b
}

// docSet holds the documents generated once from the operation list, when
// the server is built.
type docSet struct {
	openapi   []byte
	spec      map[string]any
	postman   []byte
	reference []byte
	guidePage guidePage // rendered on first use: it runs every example
	accuracy  []byte
	manifest  manifest
	// the docs UIs' pages, with a preview shown while they load
	swaggerUI, scalarUI []byte
}

func (s *Server) buildDocuments() (*docSet, error) {
	d := &docSet{manifest: buildManifest(s.ops)}
	d.spec = buildOpenAPI(s.ops, s.serverURL(), s.labels.Languages())
	var err error
	// Compact: the document is read by tools and the docs UIs, and
	// indenting it made it 1.2 MB instead of 0.7.
	if d.openapi, err = json.Marshal(d.spec); err != nil {
		return nil, err
	}
	if d.postman, err = json.MarshalIndent(buildPostman(s.ops, s.serverURL()), "", "  "); err != nil {
		return nil, err
	}
	if d.reference, err = renderReference(s.ops, d.spec); err != nil {
		return nil, err
	}
	if d.accuracy, err = renderAccuracy(s.cfg.TableChecks); err != nil {
		return nil, err
	}
	if d.swaggerUI, err = s.renderUIPage("assets/docs.html", d.manifest); err != nil {
		return nil, err
	}
	if d.scalarUI, err = s.renderUIPage("assets/scalar.html", d.manifest); err != nil {
		return nil, err
	}
	return d, nil
}

// origin is the server's address in the documents' examples: the public
// URL, or the default listen address.
func (s *Server) origin() string {
	if s.cfg.PublicURL != "" {
		return strings.TrimRight(s.cfg.PublicURL, "/")
	}
	return "http://127.0.0.1:8080"
}

func (s *Server) serverURL() string {
	if s.cfg.PublicURL != "" {
		return strings.TrimRight(s.cfg.PublicURL, "/")
	}
	return "/"
}

// ManifestPath is where the manifest is served; the contract's
// /api/v1/ (with the slash) answers the same. The documents name it
// without the slash, as linters of OpenAPI documents want.
const ManifestPath = "/api/v1"

// manifest is the body of GET /api/v1.
type manifest struct {
	Name        string            `json:"name"`
	Version     string            `json:"version"`
	Description string            `json:"description"`
	BasePath    string            `json:"base_path"`
	Auth        string            `json:"auth"`
	Families    []manifestFamily  `json:"families"`
	Docs        map[string]string `json:"docs"`
}

type manifestFamily struct {
	Name        string          `json:"name"`
	Description string          `json:"description"`
	Routes      []manifestRoute `json:"routes"`
}

type manifestRoute struct {
	Method      string `json:"method"`
	Path        string `json:"path"`
	OperationID string `json:"operation_id"`
	Summary     string `json:"summary"`
	Billed      bool   `json:"billed"`
	Public      bool   `json:"public"`
}

var familyOrder = []string{"Charts", "Sky", "Timing", "Traditions", "Agents", "Access", "Docs", "Operations"}

func familyRank(f string) int {
	for i, x := range familyOrder {
		if x == f {
			return i
		}
	}
	return len(familyOrder)
}

func buildManifest(ops []*op.Operation) manifest {
	m := manifest{
		Name: "astroapi", Version: Version, BasePath: "/api/v1",
		Description: "Astrological chart calculations over JSON with Swiss Ephemeris precision: natal and relationship charts, the sky, forecasting and time lords, Vedic, Chinese and Maya traditions, time zones and geocoding; every calculation also an MCP tool; billed per call against the account's plan.",
		Auth:        "x-api-key header or Authorization: Bearer (create keys at /api-keys); keys in the query string are refused",
		Docs: map[string]string{
			"openapi": "/api/openapi.json", "openapi_version": "3.0.3", "interactive": "/api/docs", "scalar": "/api/docs/scalar",
			"reference": "/api/docs/reference", "postman_collection": "/api/postman/collection", "guide": "/docs/api",
			"console": "/api-keys", "llms_txt": "/llms.txt", "llms_full_txt": "/llms-full.txt", "docs_search": "/api/docs/search",
			"mcp": MCPPath, "mcp_docs": MCPPath + "/docs",
		},
	}
	byFam := map[string]*manifestFamily{}
	for _, o := range ops {
		if o.Hidden {
			continue
		}
		f := byFam[o.Family]
		if f == nil {
			f = &manifestFamily{Name: o.Family, Description: familyDescriptions[o.Family]}
			byFam[o.Family] = f
		}
		f.Routes = append(f.Routes, manifestRoute{Method: o.Method, Path: openAPIPath(o.Path), OperationID: o.ID, Summary: o.Summary,
			Billed: o.Access == op.Billed, Public: o.Access == op.Public})
	}
	for _, f := range byFam {
		m.Families = append(m.Families, *f)
	}
	sort.Slice(m.Families, func(i, j int) bool {
		a, b := m.Families[i].Name, m.Families[j].Name
		if familyRank(a) != familyRank(b) {
			return familyRank(a) < familyRank(b)
		}
		return a < b
	})
	return m
}

// buildPostman builds a Postman v2.1 collection: one folder per family,
// the key as the collection's apikey auth from the {{apiKey}} variable.
func buildPostman(ops []*op.Operation, base string) map[string]any {
	folders := map[string][]any{}
	var names []string
	for _, o := range ops {
		if o.Hidden {
			continue
		}
		p := openAPIPath(o.Path)
		segs := strings.Split(strings.Trim(p, "/"), "/")
		for i, sg := range segs {
			if strings.HasPrefix(sg, "{") {
				segs[i] = ":" + strings.Trim(sg, "{}")
			}
		}
		url := map[string]any{
			"raw":  "{{baseUrl}}/" + strings.Join(segs, "/"),
			"host": []string{"{{baseUrl}}"},
			"path": segs,
		}
		ex := exampleRequest(o)
		var vars []any
		for _, name := range o.PathParams() {
			vars = append(vars, map[string]any{"key": name, "value": ex.Params[name]})
		}
		if vars != nil {
			url["variable"] = vars
		}
		if len(ex.Query) > 0 {
			var q []any
			for _, k := range slices.Sorted(maps.Keys(ex.Query)) {
				q = append(q, map[string]any{"key": k, "value": ex.Query.Get(k)})
			}
			url["query"] = q
			url["raw"] = url["raw"].(string) + "?" + ex.Query.Encode()
		}
		req := map[string]any{
			"method":      o.Method,
			"description": strings.TrimSpace(o.Summary + "\n\n" + o.Description),
			"url":         url,
			"header":      []any{map[string]any{"key": "Accept", "value": "application/json"}},
		}
		if o.Access == op.Public {
			req["auth"] = map[string]any{"type": "noauth"}
		}
		switch {
		case ex.Body != nil && o.ID == bulkOperationID:
			// NDJSON: the example item is the job's one line.
			req["body"] = map[string]any{"mode": "raw", "raw": string(ex.Body) + "\n"}
			req["header"] = []any{map[string]any{"key": "Accept", "value": bulkMedia}, map[string]any{"key": "Content-Type", "value": bulkMedia}}
		case ex.Body != nil:
			var body bytes.Buffer
			json.Indent(&body, ex.Body, "", "  ")
			req["body"] = map[string]any{"mode": "raw", "raw": body.String(), "options": map[string]any{"raw": map[string]any{"language": "json"}}}
			req["header"] = append(req["header"].([]any), map[string]any{"key": "Content-Type", "value": "application/json"})
		}
		if _, ok := folders[o.Family]; !ok {
			names = append(names, o.Family)
		}
		folders[o.Family] = append(folders[o.Family], map[string]any{"name": o.Method + " " + p, "request": req,
			"event": []any{map[string]any{"listen": "test", "script": map[string]any{"type": "text/javascript", "exec": postmanTests(o)}}}})
	}
	sort.Slice(names, func(i, j int) bool {
		if familyRank(names[i]) != familyRank(names[j]) {
			return familyRank(names[i]) < familyRank(names[j])
		}
		return names[i] < names[j]
	})
	var items []any
	for _, n := range names {
		items = append(items, map[string]any{"name": n, "description": familyDescriptions[n], "item": folders[n]})
	}
	if base == "/" {
		base = "http://127.0.0.1:8080"
	}
	return map[string]any{
		"info": map[string]any{
			"name":        "astroapi " + Version,
			"description": "Generated from the astroapi operation list. Set the apiKey variable to your key (from /api-keys) and baseUrl to the server; with newman: newman run collection.json --env-var apiKey=YOUR_KEY --env-var baseUrl=http://127.0.0.1:8080. Every request carries the example of its route and tests its status and media type.",
			"schema":      "https://schema.getpostman.com/json/collection/v2.1.0/collection.json",
		},
		"auth": map[string]any{"type": "apikey", "apikey": []any{
			map[string]any{"key": "key", "value": "x-api-key", "type": "string"},
			map[string]any{"key": "value", "value": "{{apiKey}}", "type": "string"},
			map[string]any{"key": "in", "value": "header", "type": "string"},
		}},
		"variable": []any{
			map[string]any{"key": "baseUrl", "value": strings.TrimRight(base, "/")},
			map[string]any{"key": "apiKey", "value": ""},
		},
		"item": items,
	}
}

// example is the example request of an operation.
type example struct {
	Params map[string]string // path parameters
	Query  url.Values        // GET: query parameters
	Body   []byte            // POST: the JSON body (nil without input)
}

// exampleRequest builds the example request of o from the example and
// default tags of its input and its Spec.PathExamples.
func exampleRequest(o *op.Operation) example {
	ex := example{Params: map[string]string{}}
	fields := map[string]reflect.StructField{}
	for _, f := range op.WireFields(o.In) {
		fields[op.WireName(f)] = f
	}
	for _, p := range o.PathParams() {
		v := o.PathExamples[p]
		if v == "" {
			v = strings.Trim(fields[p].Tag.Get("example"), `"`)
		}
		ex.Params[p] = v
	}
	values, _ := exampleOf(o.In).(map[string]any)
	switch {
	case o.HasBody() && o.In != reflect.TypeFor[op.None]():
		ex.Body, _ = json.Marshal(values)
	case !o.HasBody():
		ex.Query = url.Values{}
		for k, v := range values {
			if _, isParam := ex.Params[k]; isParam {
				continue
			}
			if obj, ok := v.(map[string]any); ok && derefType(fields[k].Type).Kind() == reflect.Struct {
				// An object field goes as dotted parameters (person1.year);
				// its own objects and maps are left out.
				for sk, sv := range obj {
					if _, nested := sv.(map[string]any); !nested {
						ex.Query.Set(k+"."+sk, queryValue(sv))
					}
				}
				continue
			}
			if !op.Queryable(fields[k]) {
				continue
			}
			ex.Query.Set(k, queryValue(v))
		}
	}
	return ex
}

// queryValue writes an example value as a query parameter.
func queryValue(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case []any: // a list is comma-separated
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = queryValue(e)
		}
		return strings.Join(parts, ",")
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// URL is the example's path with its parameters and query.
func (ex example) URL(path string) string {
	for k, v := range ex.Params {
		path = strings.NewReplacer("{"+k+"}", v, "{"+k+":*}", v).Replace(path)
	}
	if len(ex.Query) > 0 {
		path += "?" + ex.Query.Encode()
	}
	return path
}

// postmanTests are the tests of a request in the collection: the status
// and the media type its route answers. Key-console routes act on keys
// and accounts the example cannot know, so their refusals pass too.
func postmanTests(o *op.Operation) []string {
	statuses, ctype := "[200]", "application/json"
	if o.Produces != "" {
		ctype, _, _ = strings.Cut(o.Produces, ";")
	}
	if o.ID == bulkOperationID {
		ctype = bulkMedia
	}
	if o.Family == "Access" && o.Produces == "" {
		statuses, ctype = "[200, 404, 409, 422, 429]", "json"
	}
	return []string{
		"pm.test('status', function () { pm.expect(pm.response.code).to.be.oneOf(" + statuses + "); });",
		"pm.test('content type', function () { pm.expect(pm.response.headers.get('Content-Type')).to.include('" + ctype + "'); });",
	}
}

// exampleOf builds an example body of an input type from its tags:
// required fields and fields with example or default tags.
func exampleOf(in reflect.Type) any {
	g := op.NewSchemas()
	s := g.Schema(in)
	return schemaExample(g, s, 0)
}

func schemaExample(g *op.Schemas, s map[string]any, depth int) any {
	if ref := refOf(s); ref != "" {
		if ex, ok := s["example"]; ok {
			return ex // an example beside the reference wins
		}
		s = g.Defs()[path.Base(ref)]
	}
	if depth > 5 || s == nil {
		return nil
	}
	if ex, ok := s["example"]; ok {
		return ex
	}
	if d, ok := s["default"]; ok {
		return d
	}
	if e, ok := s["enum"].([]any); ok && len(e) > 0 {
		return e[0]
	}
	switch s["type"] {
	case "object":
		out := map[string]any{}
		req := map[string]bool{}
		if r, ok := s["required"].([]string); ok {
			for _, n := range r {
				req[n] = true
			}
		}
		props, _ := s["properties"].(map[string]any)
		for name, v := range props {
			ps, _ := v.(map[string]any)
			if ps["readOnly"] == true {
				continue // the echo's facts are not sent
			}
			_, hasEx := ps["example"]
			_, hasDef := ps["default"]
			if req[name] || hasEx || hasDef {
				out[name] = schemaExample(g, ps, depth+1)
			}
		}
		return out
	case "array":
		return []any{}
	case "integer", "number":
		if m, ok := s["minimum"]; ok {
			return m
		}
		return 0
	case "boolean":
		return false
	case "string":
		return ""
	}
	return nil
}

// ---- static reference and guide ----

type refField struct {
	Name, Type, Notes string
	Required          bool
}

type refOp struct {
	*op.Operation
	Public, Billed bool
	OAPath         string
	Params         []refField
	Body           []refField
	Result         string
}

type refFamily struct {
	Name, Description string
	Ops               []refOp
}

type refSchema struct {
	Name   string
	Fields []refField
}

// fieldsOf lists the properties of an object schema for a table.
func fieldsOf(spec map[string]any, s map[string]any) []refField {
	s = deref(spec, s)
	props, _ := s["properties"].(map[string]any)
	req := map[string]bool{}
	if r, ok := s["required"].([]string); ok {
		for _, n := range r {
			req[n] = true
		}
	}
	names := make([]string, 0, len(props))
	for n := range props {
		names = append(names, n)
	}
	sort.Strings(names)
	var out []refField
	for _, n := range names {
		ps, _ := props[n].(map[string]any)
		out = append(out, refField{Name: n, Type: typeName(ps), Notes: notes(ps), Required: req[n]})
	}
	return out
}

// refOf is the definition s refers to, directly or as the one member of
// an allOf (how OpenAPI 3.0 keeps a description beside a reference).
func refOf(s map[string]any) string {
	if ref, ok := s["$ref"].(string); ok {
		return ref
	}
	if all, ok := s["allOf"].([]any); ok && len(all) == 1 {
		if m, ok := all[0].(map[string]any); ok {
			ref, _ := m["$ref"].(string)
			return ref
		}
	}
	return ""
}

func deref(spec map[string]any, s map[string]any) map[string]any {
	for i := 0; i < 10; i++ {
		ref := refOf(s)
		if ref == "" {
			return s
		}
		comps := spec["components"].(map[string]any)["schemas"].(map[string]any)
		next, _ := comps[path.Base(ref)].(map[string]any)
		if next == nil {
			return s
		}
		s = next
	}
	return s
}

func typeName(s map[string]any) string {
	if ref := refOf(s); ref != "" {
		return path.Base(ref)
	}
	t, _ := s["type"].(string)
	if t == "array" {
		if it, ok := s["items"].(map[string]any); ok {
			return "array of " + typeName(it)
		}
	}
	if t == "" {
		return "any"
	}
	return t
}

func notes(s map[string]any) string {
	var parts []string
	if d, ok := s["description"].(string); ok {
		parts = append(parts, d)
	}
	if e, ok := s["enum"].([]any); ok {
		vals := make([]string, len(e))
		for i, v := range e {
			b, _ := json.Marshal(v)
			vals[i] = strings.Trim(string(b), `"`)
		}
		parts = append(parts, "one of: "+strings.Join(vals, ", "))
	}
	if m, ok := s["minimum"]; ok {
		b, _ := json.Marshal(m)
		parts = append(parts, "minimum "+string(b))
	}
	if m, ok := s["maximum"]; ok {
		b, _ := json.Marshal(m)
		parts = append(parts, "maximum "+string(b))
	}
	if d, ok := s["default"]; ok {
		b, _ := json.Marshal(d)
		parts = append(parts, "default "+string(b))
	}
	return strings.Join(parts, "; ")
}

var pageTmpl = template.Must(template.New("").Parse(mustAssetString("assets/reference.html.tmpl")))

func mustAssetString(name string) string { return string(mustAsset(name)) }

func renderReference(ops []*op.Operation, spec map[string]any) ([]byte, error) {
	fams := map[string]*refFamily{}
	var order []string
	paths := spec["paths"].(map[string]map[string]any)
	for _, oper := range ops {
		if oper.Hidden {
			continue
		}
		f := fams[oper.Family]
		if f == nil {
			f = &refFamily{Name: oper.Family, Description: familyDescriptions[oper.Family]}
			fams[oper.Family] = f
			order = append(order, oper.Family)
		}
		r := refOp{Operation: oper, OAPath: openAPIPath(oper.Path), Public: oper.Access == op.Public, Billed: oper.Access == op.Billed}
		o, _ := paths[r.OAPath][strings.ToLower(oper.Method)].(map[string]any)
		if ps, ok := o["parameters"].([]any); ok {
			for _, p := range ps {
				pm := p.(map[string]any)
				if ref, ok := pm["$ref"].(string); ok { // a shared parameter (lang)
					pm, _ = spec["components"].(map[string]any)["parameters"].(map[string]any)[path.Base(ref)].(map[string]any)
				}
				sch, _ := pm["schema"].(map[string]any)
				n := notes(sch)
				if d, ok := pm["description"].(string); ok {
					n = strings.TrimSuffix(d+"; "+n, "; ")
				}
				req, _ := pm["required"].(bool)
				r.Params = append(r.Params, refField{Name: pm["name"].(string) + " (" + pm["in"].(string) + ")", Type: typeName(sch), Notes: n, Required: req})
			}
		}
		if rb, ok := o["requestBody"].(map[string]any); ok {
			content, _ := rb["content"].(map[string]any)
			media, ok := content["application/json"].(map[string]any)
			if !ok {
				media, _ = content[bulkMedia].(map[string]any) // the bulk route's lines
			}
			if sch, ok := media["schema"].(map[string]any); ok {
				r.Body = fieldsOf(spec, sch)
			}
		}
		switch {
		case oper.Produces != "":
			r.Result = oper.Produces
		default:
			r.Result = typeName(op.NewSchemas().Schema(oper.Out))
		}
		f.Ops = append(f.Ops, r)
	}
	sort.Slice(order, func(i, j int) bool {
		if familyRank(order[i]) != familyRank(order[j]) {
			return familyRank(order[i]) < familyRank(order[j])
		}
		return order[i] < order[j]
	})
	var families []*refFamily
	for _, n := range order {
		families = append(families, fams[n])
	}
	comps := spec["components"].(map[string]any)["schemas"].(map[string]any)
	var schemas []refSchema
	for n, s := range comps {
		schemas = append(schemas, refSchema{Name: n, Fields: fieldsOf(spec, s.(map[string]any))})
	}
	sort.Slice(schemas, func(i, j int) bool { return schemas[i].Name < schemas[j].Name })
	var buf bytes.Buffer
	err := pageTmpl.ExecuteTemplate(&buf, "reference", map[string]any{"Families": families, "Schemas": schemas, "Version": Version})
	return buf.Bytes(), err
}

func renderGuide(s *Server, m manifest, examples []routeExample) ([]byte, error) {
	var buf bytes.Buffer
	var rows []manifestRoute
	for _, f := range m.Families {
		rows = append(rows, f.Routes...)
	}
	kinds := make([]map[string]string, 0, len(op.Kinds))
	for k, t := range op.Kinds {
		kinds = append(kinds, map[string]string{"Slug": k, "Title": t, "Text": problemHelp[k]})
	}
	sort.Slice(kinds, func(i, j int) bool { return kinds[i]["Slug"] < kinds[j]["Slug"] })
	type toolRow struct {
		Name, ID, Summary string
		Billed            bool
	}
	var tools []toolRow
	for _, t := range s.mcp.tools {
		tools = append(tools, toolRow{Name: t.Name, ID: t.Op.ID, Summary: t.Op.Summary, Billed: t.Op.Access == op.Billed})
	}
	type resourceRow struct{ URI, Path, Summary string }
	var resources []resourceRow
	for _, o := range s.mcp.resources {
		resources = append(resources, resourceRow{URI: ResourceURI(o), Path: openAPIPath(o.Path), Summary: o.Summary})
	}
	type familyRow struct {
		Name, Description string
		Keyless           bool
		Tools             []string
	}
	var families []familyRow
	for _, f := range mcpFamilies {
		row := familyRow{Name: f.Name, Description: f.Description, Keyless: f.Keyless}
		for _, t := range s.mcp.tools {
			if t.Family == f.Name {
				row.Tools = append(row.Tools, t.Name)
			}
		}
		families = append(families, row)
	}
	type langRow struct{ Code, Name string }
	var langs []langRow
	for _, l := range s.labels.Languages() {
		langs = append(langs, langRow{l, s.labels.Files[l].Name})
	}
	err := pageTmpl.ExecuteTemplate(&buf, "guide", map[string]any{
		"MCPFamilies": families, "Languages": langs, "Origin": s.origin(),
		"Routes": rows, "Examples": examples, "Base": s.exampleBase(), "Kinds": kinds, "Version": Version,
		"MaxBatch": s.cfg.Limits.MaxBatchItems, "MaxBody": s.cfg.Limits.MaxBodyBytes, "MaxDepth": op.MaxJSONDepth,
		"MaxBatchCost": s.cfg.Limits.MaxBatchCost, "MaxBatchBytes": s.cfg.Limits.MaxBatchBytes,
		"BulkWindow": s.cfg.Limits.Bulk.Window, "BulkJobs": s.cfg.Limits.Bulk.MaxJobsPerAccount,
		"Plans":   s.planRows(),
		"MCPPath": MCPPath, "MCPVersions": mcp.SupportedProtocolVersions(), "MCPPageSize": s.cfg.Limits.MCPPageSize,
		"MCPTools": tools, "MCPResources": resources,
	})
	return buf.Bytes(), err
}

// problemHelp explains each problem type in the guide.
var problemHelp = map[string]string{
	op.KindBadRequest:      "The request could not be read: the body is not JSON, or JSON nested deeper than the limit. Fix the request; retrying as is will fail again.",
	op.KindValidation:      "The input is not acceptable: a name the route does not have (with the nearest known one), a name sent twice, a value of the wrong type, out of range or outside its set, a required field missing, an impossible date. errors[] lists every offending field with the reason.",
	op.KindNotFound:        "No such route or resource (unknown zone, star, eclipse, key).",
	op.KindMethod:          "The route exists but not with this method.",
	op.KindUnauthorized:    "The x-api-key header is missing, or the key is unknown or revoked. Create or rotate keys at /api-keys.",
	op.KindKeyInQuery:      "An API key was sent in the URL (a query parameter such as api_key, apikey, key or x-api-key). URLs end up in logs and browser history, so such requests are refused before anything else; send the key in the x-api-key header and rotate a key that was exposed.",
	op.KindConflict:        "The request clashes with the current state (an e-mail already registered, the last active key of an account, an already revoked key).",
	op.KindQuota:           "The account's daily or monthly quota is used up. Retry-After says when it resets (00:00 UTC for the day, the first of the month for the month).",
	op.KindRate:            "Too many requests per second for the plan (or too many sign-ups from one address). Wait for Retry-After seconds.",
	op.KindTooLarge:        "The request body is larger than the server accepts (refused on its Content-Length, before it is read). Split it.",
	op.KindHeadersTooLarge: "The request's header fields are larger than the server reads (431). Send fewer or shorter headers.",
	op.KindBatchTooLarge:   "A batch item was refused because the batch as a whole is too large: its items together cost more calls than a batch may (Limits.MaxBatchCost), or their answers together pass the size a batch answer may have. The item is not billed; send it (and the items after it) in another batch.",
	op.KindURITooLong:      "The request line (method, path and query string) is longer than the server reads (8 KiB, 414). Send long input as a JSON body of the POST route.",
	op.KindUnsupported:     "The body was declared in a media type other than JSON (415): request bodies are JSON. Send Content-Type: application/json; a body without a Content-Type is read as JSON, and so is a JSON body declared application/x-www-form-urlencoded (curl -d without -H), but a real form, XML or text/plain is refused. Sign-up takes application/json only.",
	op.KindTimeout:         "The request took too long to arrive or to compute.",
	op.KindUnavailable:     "A dependency (store, ephemeris) is not available; retry later.",
	op.KindInternal:        "A bug on our side. Quote the request_id when reporting it; the detail never shows internals.",
}

// planRow is one line of the guide's plan table.
type planRow struct {
	Name                        string
	Daily, Monthly, RatePerSecs int64
}

func (s *Server) planRows() []planRow {
	if s.cfg.Quota == nil {
		return nil
	}
	ps := s.cfg.Quota.Plans()
	var out []planRow
	for _, n := range ps.Names() {
		p := ps[n]
		out = append(out, planRow{Name: p.Name, Daily: p.DailyLimit, Monthly: p.MonthlyLimit, RatePerSecs: p.RatePerSecond})
	}
	return out
}

// uiPolicy is the Content-Security-Policy of the documentation UIs: their
// scripts (from this server only) set inline styles; they talk to this
// server only.
const uiPolicy = "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// uiPage serves a documentation UI's page.
func (s *Server) uiPage(get func(d *docSet) []byte) func(*op.Call, *op.None) (op.Raw, error) {
	return func(*op.Call, *op.None) (op.Raw, error) {
		return op.Raw{ContentType: "text/html; charset=utf-8", Body: get(s.docs), Policy: uiPolicy}, nil
	}
}

// previewTmpl is what a docs UI's page shows while its script loads the
// OpenAPI document (0.7 MB): the quickstart call and every route, from the
// manifest. The page's script removes it once the UI has rendered the
// document (Swagger UI's onComplete, Scalar's onLoaded).
var previewTmpl = template.Must(template.New("preview").Parse(`<div class="preview" id="preview">
<h1>astroapi API reference <span class="loading">v{{.Version}}</span></h1>
<p class="loading">Loading the interactive reference (the OpenAPI document, about 0.7 MB)... Meanwhile: the
<a href="/docs/api#quickstart">quickstart</a>, the <a href="/docs/api">guide</a>, the
<a href="/api/docs/reference">plain reference</a>, <a href="/llms.txt">llms.txt</a>.</p>
<pre>curl -s -H "x-api-key: $ASTROAPI_KEY" -H "content-type: application/json" \
  -d '{"year":1990,"month":7,"day":14,"hour":15,"minute":30,"latitude":48.8566,"longitude":2.3522,"timezone":"Europe/Paris"}' \
  "$ASTROAPI_URL/api/v1/natal"</pre>
{{range .Families}}<h2>{{.Name}}</h2><p>{{.Description}}</p>
<table>{{range .Routes}}<tr><td class="m">{{.Method}}</td><td><a href="/api/docs/reference#{{.OperationID}}"><code>{{.Path}}</code></a></td><td>{{.Summary}}</td></tr>
{{end}}</table>
{{end}}</div>`))

// renderUIPage writes a docs UI's page (an html/template asset) with the
// preview.
func (s *Server) renderUIPage(name string, m manifest) ([]byte, error) {
	var preview bytes.Buffer
	if err := previewTmpl.Execute(&preview, map[string]any{"Version": Version, "Families": m.Families}); err != nil {
		return nil, err
	}
	page, err := template.New(name).Parse(mustAssetString(name))
	if err != nil {
		return nil, err
	}
	var out bytes.Buffer
	err = page.Execute(&out, template.HTML(preview.String()))
	return out.Bytes(), err
}

// withPath gives a spec the example value of a path parameter.
func withPath(s op.Spec, param, example string) op.Spec {
	s.PathExamples = map[string]string{param: example}
	return s
}

func (s *Server) docsOps() []*op.Operation {
	doc := func(ctype string, get func(d *docSet) []byte) func(c *op.Call, _ *op.None) (op.Raw, error) {
		return func(c *op.Call, _ *op.None) (op.Raw, error) {
			return op.Raw{ContentType: ctype, Body: get(s.docs)}, nil
		}
	}
	public := func(id, path, produces, summary, description string) op.Spec {
		return op.Spec{ID: id, Path: path, Family: "Docs", Access: op.Public, NoBatch: true,
			Produces: produces, Summary: summary, Description: description}
	}
	return []*op.Operation{
		op.Get(op.Spec{ID: "get-manifest", Path: ManifestPath, Family: "Docs", Access: op.Public, Bare: true, NoBatch: true,
			Summary:     "Manifest of the API",
			Description: "Name, version, the families with their routes, and links to the documentation. Also answered at /api/v1/ (with the slash, as the contract names it).",
		}, func(c *op.Call, _ *op.None) (manifest, error) { return s.docs.manifest, nil }),
		op.Get(public("get-openapi", "/api/openapi.json", "application/json", "OpenAPI 3.0.3 description of every route",
			"Generated from the server's operation list, so it covers every route the server serves."),
			doc("application/json", func(d *docSet) []byte { return d.openapi })),
		op.Get(public("get-docs", "/api/docs", "text/html", "Interactive documentation (Swagger UI)",
			"Swagger UI over /api/openapi.json: every operation with its schemas and example; Authorize takes your key and Try it out sends it in the x-api-key header. Served from the binary (no CDN)."),
			s.uiPage(func(d *docSet) []byte { return d.swaggerUI })),
		op.Get(public("get-docs-scalar", "/api/docs/scalar", "text/html", "Interactive documentation (Scalar)",
			"Scalar's API reference over /api/openapi.json, with a request client that sends your key in the x-api-key header. Served from the binary (no CDN)."),
			s.uiPage(func(d *docSet) []byte { return d.scalarUI })),
		op.Get(withPath(public("get-docs-vendor", "/api/docs/vendor/{file}", "text/javascript", "Swagger UI, Scalar and uPlot (the console's charts), as the pages load them", ""), "file", "swagger-ui-bundle.js"),
			func(c *op.Call, _ *op.None) (op.Raw, error) {
				name := c.Param("file")
				types := map[string]string{".css": "text/css; charset=utf-8", ".js": "text/javascript; charset=utf-8"}
				ct, ok := types[path.Ext(name)]
				if !ok || strings.ContainsAny(name, "/\\") {
					return op.Raw{}, op.NotFound("no file " + name)
				}
				b, err := assets.ReadFile("assets/vendor/" + name)
				if err != nil {
					return op.Raw{}, op.Unavailable("the documentation UIs were not built into this binary (make docs-ui, then build)")
				}
				return op.Raw{ContentType: ct, Body: b}, nil
			}),
		op.Get(withPath(public("get-docs-asset", "/api/docs/assets/{file}", "text/css", "Embedded script and style of the documentation pages", ""), "file", "style.css"),
			func(c *op.Call, _ *op.None) (op.Raw, error) {
				name := c.Param("file")
				types := map[string]string{".css": "text/css; charset=utf-8", ".js": "text/javascript; charset=utf-8"}
				ct, ok := types[path.Ext(name)]
				if !ok || strings.ContainsAny(name, "/\\") {
					return op.Raw{}, op.NotFound("no asset " + name)
				}
				b, err := assets.ReadFile("assets/" + name)
				if err != nil {
					return op.Raw{}, op.NotFound("no asset " + name)
				}
				return op.Raw{ContentType: ct, Body: b}, nil
			}),
		op.Get(public("get-docs-reference", "/api/docs/reference", "text/html", "Static API reference (alternate docs UI)",
			"Every operation with its parameters, body fields and result type, and every schema; plain HTML without scripts."),
			doc("text/html; charset=utf-8", func(d *docSet) []byte { return d.reference })),
		op.Get(public("get-postman-collection", "/api/postman/collection", "application/json", "Postman v2.1 collection of every route",
			"Import into Postman (or any tool reading v2.1 collections); set the apiKey and baseUrl variables."),
			doc("application/json", func(d *docSet) []byte { return d.postman })),
		op.Get(public("get-docs-guide", "/docs/api", "text/html", "Human reference: keys, envelope, errors, quotas, batch, usage, and every route with an example",
			"Every route with its example request as a curl command and the answer this server gives to it (run on the first request of the page)."),
			func(c *op.Call, _ *op.None) (op.Raw, error) {
				b, err := s.guide()
				return op.Raw{ContentType: "text/html; charset=utf-8", Body: b}, err
			}),
		op.Get(public("get-docs-accuracy", "/docs/api/accuracy", "text/html", "Published accuracy: the tables against the Swiss Ephemeris, and every reference comparison of the tests",
			"The table file's own verification (worst error of each fitted quantity against libswe, as the generator recorded it) and the comparisons the test suite makes through HTTP against swetest, PyEphem, astronomy-engine, NASA, lunar-javascript, zoneinfo and published examples, each with the bound its test enforces."),
			doc("text/html; charset=utf-8", func(d *docSet) []byte { return d.accuracy })),
	}
}
