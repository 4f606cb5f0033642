package http

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"maps"
	"net/http"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	json "github.com/goccy/go-json"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/astroapi/astroapi/http/labels"
	"github.com/astroapi/astroapi/http/op"
	"github.com/astroapi/astroapi/quota"
	"github.com/astroapi/astroapi/store"
)

// The MCP tool endpoint (spec section 1, "JSON-RPC tool endpoints"): the
// Model Context Protocol's JSON-RPC 2.0 over its Streamable HTTP transport
// at POST /api/v1/mcp, served by the official Go SDK in its stateless mode.
// Stateless fits an API behind a load balancer: no session is kept, so any
// instance answers any request, and every answer is a single JSON body
// (no event stream).
//
// It is a door over the operation list, like the REST router and the
// batch route: every batchable operation (op.Operation.Batchable: JSON
// result, not NoBatch) is a tool, with the input schema the OpenAPI
// document shows for it; every operation marked Resource is a resource.
// A tool call runs the operation through the server's own path (run: the
// same billing, results cache and problems as the REST call), and is
// attributed to the operation's id. Nothing here names a family.

// MCPPath is where the MCP endpoint is served.
const MCPPath = "/api/v1/mcp"

// mcpOperationID is the operation of the endpoint itself.
const mcpOperationID = "post-mcp"

// toolNamePattern is what a tool name may hold: the characters every
// client accepts (Claude and OpenAI take [a-zA-Z0-9_-]{1,64}).
var toolNamePattern = regexp.MustCompile(`^[a-z0-9_]{1,64}$`)

// ToolName is the MCP tool name of an operation, derived from its id alone
// so that it never changes while the id does not: the id less a leading
// "post-" (calculations are POST operations and keep their bare topic
// name), hyphens as underscores. post-natal is natal, post-timezone-lookup
// timezone_lookup, get-timezone-list get_timezone_list.
func ToolName(o *op.Operation) string {
	return strings.ReplaceAll(strings.TrimPrefix(o.ID, "post-"), "-", "_")
}

// mcpTool is one tool of the door.
type mcpTool struct {
	Name   string
	Op     *op.Operation
	Family string // its family endpoint (toolFamily)
	tool   *mcp.Tool
	bare   *mcp.Tool // as the whole endpoint lists it (bareTool)
}

// mcpEndpoint is one endpoint of the door: the SDK's server over a set of
// the tools (and the resources of their families).
type mcpEndpoint struct {
	srv     *mcp.Server
	names   map[string]bool // the tools it lists
	keyless bool            // answered without an API key
}

// mcpDoor is the MCP endpoint: the SDK's handler and servers, built once
// from the operation list (the server of a tool filter when first asked).
type mcpDoor struct {
	s         *Server
	sdk       http.Handler
	tools     []mcpTool
	byName    map[string]*op.Operation
	resources []*op.Operation
	all       *mcpEndpoint
	families  map[string]*mcpEndpoint
	// filtered are the endpoints of the tool filters asked so far (at
	// most maxFiltered are kept).
	filteredMu sync.Mutex
	filtered   map[string]*mcpEndpoint
	// direct: serve answers plain tools/call requests itself (false in a
	// test that compares the two paths).
	direct     atomic.Bool
	serverInfo []byte // the server's Implementation as JSON
	// lists are the tools/list results kept by cursor and protocol
	// version (static.go).
	listMu sync.Mutex
	lists  map[string]*listEntry
}

// maxFiltered bounds the cached endpoints of tool filters.
const maxFiltered = 64

// mcpInstructions are the server's instructions to the client (initialize).
const mcpInstructions = "astroapi calculates astrological charts with Swiss Ephemeris precision. " +
	"Each tool is one operation of the REST API: its arguments are the operation's JSON body (query and path parameters for GET operations), " +
	"its structured content the REST result, billed like the REST call. Names in results are stable English identifiers. " +
	"Refused arguments come back as invalid-params errors naming the fields. " +
	"get_docs_search searches the guide and gives any tool's full description and input schema. " +
	"This endpoint lists the tools without their fields' descriptions; the family endpoints describe every field. " +
	"Smaller tool lists: /api/v1/mcp/{family} (charts, frames, relationships, sky, forecast, timelords, vedic, panchang, kp, chinese, mayan, locational, places, account, docs) or ?tools=a,b."

// toolFamily is the family endpoint that lists operation o.
func toolFamily(o *op.Operation) string {
	if d, ok := toolDocs[o.ID]; ok {
		return d.Family
	}
	return strings.ToLower(o.Family)
}

// toolOperations are the operations the door offers as tools: every
// batchable one but a GET operation whose path also has a batchable POST
// (the REST API's GET twin of a calculation, GET /api/v1/moon beside POST
// /api/v1/moon): the POST's tool takes the same arguments, so the twin
// would only lengthen the list.
func toolOperations(ops []*op.Operation) []*op.Operation {
	posted := map[string]bool{}
	for _, o := range ops {
		if o.Batchable() && o.Method == "POST" {
			posted[o.Path] = true
		}
	}
	var out []*op.Operation
	for _, o := range ops {
		if o.Batchable() && !(o.Method == "GET" && posted[o.Path]) {
			out = append(out, o)
		}
	}
	return out
}

// newMCP builds the endpoint over the server's operations.
func (s *Server) newMCP() (*mcpDoor, error) {
	d := &mcpDoor{s: s, byName: map[string]*op.Operation{}, families: map[string]*mcpEndpoint{}, filtered: map[string]*mcpEndpoint{}}
	d.direct.Store(true)
	for _, o := range s.ops {
		if o.Resource {
			d.resources = append(d.resources, o)
		}
	}
	impl := &mcp.Implementation{Name: "astroapi", Title: "astroapi", Version: Version}
	var err error
	if d.serverInfo, err = json.Marshal(impl); err != nil {
		return nil, err
	}
	for _, o := range toolOperations(s.ops) {
		name := ToolName(o) // Check made sure the names are unique and valid
		t := toolOf(o, name)
		bare, err := bareTool(t)
		if err != nil {
			return nil, err
		}
		d.tools = append(d.tools, mcpTool{Name: name, Op: o, Family: toolFamily(o), tool: t, bare: bare})
		d.byName[name] = o
	}
	sort.Slice(d.tools, func(i, j int) bool { return d.tools[i].Name < d.tools[j].Name })
	all := map[string]bool{}
	for _, t := range d.tools {
		all[t.Name] = true
	}
	d.all = d.endpoint(all, false, true)
	for _, f := range mcpFamilies {
		names := map[string]bool{}
		for _, t := range d.tools {
			// Every family endpoint also has the documentation tool.
			if t.Family == f.Name || t.Family == "docs" {
				names[t.Name] = true
			}
		}
		d.families[f.Name] = d.endpoint(names, f.Keyless, false)
	}
	d.sdk = mcp.NewStreamableHTTPHandler(func(r *http.Request) *mcp.Server {
		ep, _ := r.Context().Value(endpointKey{}).(*mcpEndpoint)
		if ep == nil {
			ep = d.all
		}
		return ep.srv
	}, &mcp.StreamableHTTPOptions{
		Stateless:    true,
		JSONResponse: true,
		// The key authenticates, not the address: the check meant for MCP
		// servers on a developer's machine would refuse a proxied request.
		DisableLocalhostProtection: true,
		MaxRequestBodyBytes:        int64(s.cfg.Limits.MaxBodyBytes),
	})
	return d, nil
}

type endpointKey struct{}

// endpoint builds the SDK server of a set of tools, with the resources of
// the families they come from (all of them for the whole door); bare lists
// the tools without their fields' descriptions (bareTool).
func (d *mcpDoor) endpoint(names map[string]bool, keyless, bare bool) *mcpEndpoint {
	s := d.s
	families := map[string]bool{}
	for _, t := range d.tools {
		if names[t.Name] {
			families[t.Family] = true
		}
	}
	var resources []*op.Operation
	for _, o := range d.resources {
		if families[toolFamily(o)] && (!keyless || o.Access == op.Public) {
			resources = append(resources, o)
		}
	}
	caps := &mcp.ServerCapabilities{Tools: &mcp.ToolCapabilities{}}
	if len(resources) > 0 {
		caps.Resources = &mcp.ResourceCapabilities{}
	}
	srv := mcp.NewServer(&mcp.Implementation{Name: "astroapi", Title: "astroapi", Version: Version}, &mcp.ServerOptions{
		Instructions: mcpInstructions,
		PageSize:     s.cfg.Limits.MCPPageSize,
		Capabilities: caps,
		// The SDK logs every connection at Info: with a session per
		// request, that is a line per request. Its warnings are kept.
		Logger: slog.New(minLevel{s.log.Handler(), slog.LevelWarn}),
	})
	for _, t := range d.tools {
		if names[t.Name] {
			tool := t.tool
			if bare {
				tool = t.bare
			}
			srv.AddTool(tool, d.call(t.Op))
		}
	}
	for _, o := range resources {
		srv.AddResource(&mcp.Resource{
			URI: ResourceURI(o), Name: ToolName(o), Title: o.Summary, MIMEType: "application/json",
			Description: strings.TrimSpace(o.Description + " " + accessNote(o) + " The contents are the result of GET " + openAPIPath(o.Path) + " without parameters."),
		}, d.read(o))
	}
	return &mcpEndpoint{srv: srv, names: names, keyless: keyless}
}

// filter is the endpoint of a tool filter (the tools query parameter: a
// comma-separated list of tool names) over endpoint base.
func (d *mcpDoor) filter(base *mcpEndpoint, family, list string) (*mcpEndpoint, *op.Problem) {
	names := map[string]bool{}
	for _, n := range strings.Split(list, ",") {
		n = strings.TrimSpace(n)
		if n == "" {
			continue
		}
		if !base.names[n] {
			p := op.NewProblem(422, op.KindValidation, "the tools parameter names a tool this endpoint does not have: "+strconv.Quote(n)+" (tools/list of the endpoint without the parameter lists them)")
			p.Errors = []op.FieldProblem{{Field: "tools", Reason: "unknown tool " + strconv.Quote(n)}}
			return nil, p
		}
		names[n] = true
	}
	if len(names) == 0 {
		return base, nil
	}
	sorted := slices.Sorted(maps.Keys(names))
	key := family + "?" + strings.Join(sorted, ",")
	d.filteredMu.Lock()
	ep := d.filtered[key]
	d.filteredMu.Unlock()
	if ep != nil {
		return ep, nil
	}
	ep = d.endpoint(names, base.keyless, false)
	d.filteredMu.Lock()
	if len(d.filtered) < maxFiltered {
		d.filtered[key] = ep
	}
	d.filteredMu.Unlock()
	return ep, nil
}

// ResourceURI is the MCP resource URI of an operation marked Resource:
// astroapi:// followed by its REST path (astroapi:///api/v1/timezone).
func ResourceURI(o *op.Operation) string { return "astroapi://" + o.Path }

// accessNote says how a call of o is billed.
func accessNote(o *op.Operation) string {
	if o.Access == op.Billed {
		return "Billed: one call against the account's daily and monthly quota, like the REST call."
	}
	return "Not billed."
}

// toolOf describes operation o as a tool: the model-facing description
// of toolDocs (the summary for an operation without one), how it is
// billed, and the compact input schema.
func toolOf(o *op.Operation, name string) *mcp.Tool {
	desc := o.Summary + "."
	if d, ok := toolDocs[o.ID]; ok {
		desc = d.Text
	}
	switch {
	case o.Access != op.Billed:
		desc += " Not billed."
	case o.Cost > 1:
		desc += fmt.Sprintf(" Billed %d calls.", o.Cost)
	}
	in := inputSchema(o)
	dropReadOnly(in)
	compactSchema(in)
	t := &mcp.Tool{
		Name: name, Title: o.Summary, Description: desc,
		InputSchema: in,
		Annotations: &mcp.ToolAnnotations{
			Title: o.Summary,
			// The batchable operations compute or read; none changes state.
			ReadOnlyHint:   true,
			IdempotentHint: o.Cacheable,
			OpenWorldHint:  new(bool),
		},
		Meta: mcp.Meta{"astroapi/operation": o.ID, "astroapi/method": o.Method, "astroapi/path": openAPIPath(o.Path)},
	}
	// MCP clients check structured content against an output schema typed
	// "object"; a result of several shapes (oneOf) goes without. It is
	// compact too: clients that show it to a model pay for every byte.
	if out := outputSchema(o.Out); out["type"] == "object" {
		compactSchema(out)
		t.OutputSchema = out
	}
	return t
}

// bareTool is tool t as the whole endpoint lists it: the same name,
// description, structure, types, enumerations, defaults and required
// lists, without the descriptions of the fields, which the family
// endpoints and get_docs_search give. Some ninety tools with their fields
// explained are about 40k tokens, past what an agent's context should
// spend on a tool list (issue 28: 25k); a family's list is under 6k.
func bareTool(t *mcp.Tool) (*mcp.Tool, error) {
	bare := *t
	var err error
	if bare.InputSchema, err = withoutDescriptions(t.InputSchema); err != nil {
		return nil, err
	}
	if t.OutputSchema != nil {
		if bare.OutputSchema, err = withoutDescriptions(t.OutputSchema); err != nil {
			return nil, err
		}
	}
	return &bare, nil
}

// withoutDescriptions copies a JSON Schema without the descriptions of
// its properties and definitions (the schema's own is kept).
func withoutDescriptions(schema any) (map[string]any, error) {
	b, err := json.Marshal(schema)
	if err != nil {
		return nil, err
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, err
	}
	// named: v is a map of schemas by name (properties, $defs), whose
	// keys are names, not keywords.
	var strip func(v any, top, named bool)
	strip = func(v any, top, named bool) {
		switch x := v.(type) {
		case map[string]any:
			if !top && !named {
				delete(x, "description")
			}
			for k, e := range x {
				switch {
				case named:
					strip(e, false, false)
				case k == "properties" || k == "$defs" || k == "definitions":
					strip(e, false, true)
				case k != "enum" && k != "default" && k != "examples" && k != "const":
					strip(e, false, false)
				}
			}
		case []any:
			for _, e := range x {
				strip(e, false, false)
			}
		}
	}
	strip(m, true, false)
	return m, nil
}

// toolSchemas is a generator of the schemas of a tool: op.Schemas, the
// generator of the OpenAPI document, in the JSON Schema 2020-12 dialect
// MCP uses (the document is OpenAPI 3.0: the same schemas, with a $ref's
// siblings wrapped in allOf and a single example), definitions under
// $defs.
func toolSchemas() *op.Schemas {
	g := op.NewSchemas()
	g.RefPrefix, g.OpenAPI30 = "#/$defs/", false
	return g
}

// outputSchema is the JSON Schema of result type t as a self-contained
// document: the root inlined and the named definitions it uses under
// $defs; the fields a result always carries are required.
func outputSchema(t reflect.Type) map[string]any {
	g := toolSchemas()
	g.Output = true
	return selfContained(g, g.Schema(t))
}

func selfContained(g *op.Schemas, root map[string]any) map[string]any {
	if ref, ok := root["$ref"].(string); ok {
		root = maps.Clone(g.Defs()[strings.TrimPrefix(ref, g.RefPrefix)])
	}
	defs := map[string]any{}
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			if ref, ok := x["$ref"].(string); ok {
				name := strings.TrimPrefix(ref, g.RefPrefix)
				if _, seen := defs[name]; !seen {
					defs[name] = g.Defs()[name]
					walk(g.Defs()[name])
				}
			}
			for _, e := range x {
				walk(e)
			}
		case []any:
			for _, e := range x {
				walk(e)
			}
		}
	}
	walk(root)
	if len(defs) > 0 {
		root["$defs"] = defs
	}
	return root
}

// inputSchema is the schema of a tool's arguments: the operation's body
// schema for POST operations, an object of its query parameters for GET
// ones (as the OpenAPI document lists them: a nested object's fields by
// dotted names, passed on as such), path parameters added as required
// strings.
func inputSchema(o *op.Operation) map[string]any {
	g := toolSchemas()
	var root map[string]any
	if o.HasBody() {
		root = selfContained(g, g.Schema(o.In))
	} else {
		// The query parameters the OpenAPI document lists, dotted names
		// of nested objects included (person1.year).
		props := map[string]any{}
		var required []string
		for _, p := range queryParams(g, o.In, "", true, nil) {
			pm := p.(map[string]any)
			name, _ := pm["name"].(string)
			sch := maps.Clone(pm["schema"].(map[string]any))
			if d, ok := pm["description"].(string); ok {
				sch["description"] = d
			}
			props[name] = sch
			if req, _ := pm["required"].(bool); req {
				required = append(required, name)
			}
		}
		root = map[string]any{"type": "object", "properties": props}
		if len(required) > 0 {
			root["required"] = required
		}
		root = selfContained(g, root)
	}
	if pp := o.PathParams(); len(pp) > 0 {
		props, _ := root["properties"].(map[string]any)
		props = maps.Clone(props)
		required, _ := root["required"].([]string)
		required = append([]string(nil), required...)
		for _, p := range pp {
			where := "the {" + p + "} of " + o.Method + " " + openAPIPath(o.Path)
			if prop, ok := props[p].(map[string]any); ok {
				// The body type documents it too (the REST route reads
				// it from the path and ignores it in the body): as an
				// argument it is the path's, and required.
				prop = maps.Clone(prop)
				desc, _ := prop["description"].(string)
				prop["description"] = strings.TrimSpace("Required: " + where + " (a tool argument, not a body field). " + desc)
				props[p] = prop
			} else {
				props[p] = map[string]any{"type": "string", "description": "Required: " + where + "."}
			}
			if !contains(required, p) {
				required = append(required, p)
			}
		}
		root["properties"], root["required"] = props, required
	}
	return root
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// caller is who sent the HTTP request the SDK is answering: the door puts
// it in the request's context, the tool handlers read it there.
type caller struct {
	key      *store.Key
	account  *store.Account
	rid      string
	remoteIP string
	lang     string // the language of the names' labels ("" for none)
}

type callerKey struct{}

// call is the SDK's tools/call handler of operation o (serve answers most
// calls itself, with the same outcome: see direct).
func (d *mcpDoor) call(o *op.Operation) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		who, _ := ctx.Value(callerKey{}).(*caller)
		if who == nil {
			return nil, &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: "the call did not come through the astroapi endpoint"}
		}
		// From 2026-07-28 a request carries its version in _meta.
		v, _ := req.Params.GetMeta()[metaProtocolVersion].(string)
		return d.execute(ctx, who, o, req.Params.Arguments, false).sdk(v >= mcpNewProtocol)
	}
}

// toolOutcome is how a tool call ended: an encoded result, or a problem.
type toolOutcome struct {
	o  *op.Operation
	c  *op.Call      // nil when the arguments could not be mapped onto the operation's input
	cr *cachedResult // the encoded input echo, result and warnings; nil on a problem
	p  *op.Problem
	// shared: cr is the results cache's, and keeps its quoted text.
	shared bool
	// buf holds cr.result when it was encoded into a pooled buffer; free
	// gives it back.
	buf *[]byte
	// labels are the translations of the result's names (the caller's
	// lang), nil without.
	labels labels.Labels
	lang   string
}

// free gives back the pooled buffer of the result, once it is written.
func (out *toolOutcome) free() {
	if out.buf != nil && cap(*out.buf) <= 1<<20 { // an outsized result is left to the collector
		itemBufs.Put(out.buf)
	}
	out.buf, out.cr = nil, nil
}

// execute calls operation o with the arguments of a tool call for who:
// through the server's own path (run: billing, results cache, problems),
// attributed to o like a REST call. With pooled, a result that is not the
// cache's is encoded into a buffer of itemBufs: call free once written.
func (d *mcpDoor) execute(ctx context.Context, who *caller, o *op.Operation, args json.RawMessage, pooled bool) toolOutcome {
	s := d.s
	start := time.Now() // wall clock for the attribution's response time only
	now := s.cfg.Clock().UTC()
	out := toolOutcome{o: o}
	r, p := toolRequest(o, args)
	var res any
	var ck string
	if p == nil {
		r.Context, r.Now, r.RequestID, r.Key, r.Account, r.RemoteIP, r.Services = ctx, now, who.rid, who.key, who.account, who.remoteIP, s.cfg.Services
		out.c = op.NewCall(o, r)
		res, ck, p = s.run(out.c, s.chargeCall)
	}
	if p == nil {
		cr, ok, err := s.encoded(out.c, res, ck)
		out.shared = ok
		if err == nil && !ok {
			var buf []byte
			if pooled {
				out.buf = itemBufs.Get().(*[]byte)
				buf = (*out.buf)[:0]
			}
			if cr, err = encodeResult(out.c, res, buf); err == nil {
				release(out.c, res)
				if out.buf != nil {
					*out.buf = cr.result
				}
			}
		}
		if err != nil {
			out.free()
			p = s.internal(out.c, fmt.Errorf("encoding the result: %w", err))
		}
		out.cr = cr
	}
	if out.cr != nil && who.lang != "" {
		out.lang = who.lang
		if out.labels = s.labels.Find(out.cr.result, who.lang); out.labels == nil {
			out.labels = labels.Labels{}
		}
	}
	if s.cfg.Quota != nil && who.account != nil { // the keyless docs endpoint has no account
		st := 200
		if p != nil {
			st = p.Status
		}
		s.cfg.Quota.Record(quota.Call{AccountID: who.account.ID, KeyID: who.key.ID, Endpoint: o.ID, Status: st, Problem: problemType(p), Duration: time.Since(start), At: now})
	}
	if p != nil {
		p.RequestID = who.rid
		out.cr, out.p = nil, p
	}
	return out
}

// invalidParams reports whether the outcome is a refusal of the arguments
// (400, 404, 422): a JSON-RPC invalid-params error naming the fields.
// Any other problem (429 quota or rate, 503, 500) is a tool error whose
// text is the problem exactly as the REST route writes it.
func (out *toolOutcome) invalidParams() bool {
	switch out.p.Status {
	case 400, 404, 422:
		return true
	}
	return false
}

// message is the JSON-RPC error message of an invalid-params outcome: the
// problem's detail and every field's reason it does not already give.
func (out *toolOutcome) message() string {
	msg := out.p.Detail
	for _, f := range out.p.Errors {
		if fr := f.Field + ": " + f.Reason; !strings.Contains(msg, fr) {
			msg += "; " + fr
		}
	}
	return msg
}

// summary is the short text before the result's JSON.
func (out *toolOutcome) summary() string {
	s := out.o.Summary + ": done (request " + out.c.RequestID() + ")."
	if u := out.c.Usage(); u != nil && out.o.Access == op.Billed {
		s += fmt.Sprintf(" Billed: %d of %d calls used today.", u.RequestsThisDay, u.DailyLimit)
	}
	if len(out.cr.warnings) > 0 {
		s += " Warnings: " + strings.Join(out.cr.warnings, "; ") + "."
	}
	if out.labels != nil {
		b, _ := marshalNoHTML(out.labels) // maps of strings: cannot fail
		s += " Names in " + out.lang + " (by category, then the result's value): " + strings.TrimSpace(string(b))
	}
	return s
}

// problemJSON is the problem as the REST route writes it.
func (out *toolOutcome) problemJSON() []byte {
	body, err := json.Marshal(out.p)
	if err != nil {
		body = []byte(`{"type":"/docs/api#problem-internal","title":"Internal error","status":500}`)
	}
	return body
}

// retryAfter is the problem's Retry-After in whole seconds (0: none).
func (out *toolOutcome) retryAfter() int64 {
	return int64((out.p.RetryAfter() + time.Second - 1) / time.Second)
}

// sdk is the outcome as the SDK's tool handlers return it. A success is
// the result as structured content, then a short summary and, before
// protocol 2026-07-28 (newProtocol), the result as JSON text (those
// versions ask servers to repeat structured content as text for clients
// that read only text; from 2026-07-28 the structured content is not
// repeated), and the rest of the REST envelope in _meta. appendRPC writes
// the same outcome without the SDK.
func (out toolOutcome) sdk(newProtocol bool) (*mcp.CallToolResult, error) {
	if out.p != nil {
		body := out.problemJSON()
		if out.invalidParams() {
			return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: out.message(), Data: body}
		}
		meta := mcp.Meta{"astroapi/request_id": out.p.RequestID, "astroapi/status": out.p.Status}
		if ra := out.retryAfter(); ra > 0 {
			meta["astroapi/retry_after_seconds"] = ra
		}
		return &mcp.CallToolResult{IsError: true, Meta: meta, Content: []mcp.Content{&mcp.TextContent{Text: string(body)}}}, nil
	}
	meta := mcp.Meta{"astroapi/request_id": out.c.RequestID()}
	if !out.o.Bare {
		meta["astroapi/calculated_at"] = out.c.Now().Format(time.RFC3339Nano)
		meta["astroapi/input"] = json.RawMessage(out.cr.input)
		meta["astroapi/usage"] = out.c.Usage()
	}
	if len(out.cr.warnings) > 0 {
		meta["astroapi/warnings"] = out.cr.warnings
	}
	if out.labels != nil {
		meta["astroapi/labels"] = out.labels
	}
	content := []mcp.Content{&mcp.TextContent{Text: out.summary()}}
	if !newProtocol {
		content = append(content, &mcp.TextContent{Text: string(out.cr.result)})
	}
	return &mcp.CallToolResult{
		Meta:              meta,
		StructuredContent: json.RawMessage(out.cr.result),
		Content:           content,
	}, nil
}

// toolRequest maps a call's arguments onto the operation's input: a POST
// operation's JSON body as sent, a GET operation's query parameters, and
// path parameters named as arguments.
func toolRequest(o *op.Operation, args json.RawMessage) (op.Request, *op.Problem) {
	var r op.Request
	args = bytes.TrimSpace(args)
	if len(args) == 0 || string(args) == "null" {
		args = json.RawMessage("{}")
	}
	if args[0] != '{' {
		return r, op.ProblemFor(op.BadRequest("arguments", "must be a JSON object"))
	}
	pp := o.PathParams()
	if o.HasBody() && len(pp) == 0 {
		r.Body = args
		return r, nil
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(args, &fields); err != nil {
		return r, op.ProblemFor(op.BadRequest("arguments", "is not valid JSON"))
	}
	if len(pp) > 0 {
		r.Params = make(map[string]string, len(pp))
	}
	for _, name := range pp {
		v, ok := fields[name]
		if !ok || string(v) == "null" {
			return r, op.ProblemFor(op.Unprocessable(name, "is required (path parameter of "+openAPIPath(o.Path)+")"))
		}
		s, err := scalarText(v)
		if err != nil {
			return r, op.ProblemFor(op.BadRequest(name, err.Error()))
		}
		r.Params[name] = s
		delete(fields, name)
	}
	if o.HasBody() {
		r.Body, _ = json.Marshal(fields) // values are raw JSON: cannot fail
		return r, nil
	}
	names := make([]string, 0, len(fields))
	for k := range fields {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		v := bytes.TrimSpace(fields[k])
		switch {
		case string(v) == "null":
		case len(v) > 0 && v[0] == '[':
			var items []json.RawMessage
			if err := json.Unmarshal(v, &items); err != nil {
				return r, op.ProblemFor(op.BadRequest(k, "is not a valid JSON array"))
			}
			for _, it := range items {
				s, err := scalarText(it)
				if err != nil {
					return r, op.ProblemFor(op.BadRequest(k, "items: "+err.Error()))
				}
				r.Query = append(r.Query, [2]string{k, s})
			}
		default:
			s, err := scalarText(v)
			if err != nil {
				return r, op.ProblemFor(op.BadRequest(k, err.Error()))
			}
			r.Query = append(r.Query, [2]string{k, s})
		}
	}
	return r, nil
}

// scalarText is a JSON string, number or boolean as a query parameter
// reads it.
func scalarText(v json.RawMessage) (string, error) {
	v = bytes.TrimSpace(v)
	if len(v) == 0 {
		return "", fmt.Errorf("is empty")
	}
	switch v[0] {
	case '"':
		var s string
		if err := json.Unmarshal(v, &s); err != nil {
			return "", fmt.Errorf("is not a valid JSON string")
		}
		return s, nil
	case '{', '[':
		return "", fmt.Errorf("must be a string, number or boolean, not an object or array")
	}
	return string(v), nil
}

// read reads resource o: the operation called without parameters.
func (d *mcpDoor) read(o *op.Operation) mcp.ResourceHandler {
	return func(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
		who, _ := ctx.Value(callerKey{}).(*caller)
		if who == nil {
			return nil, &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: "the call did not come through the astroapi endpoint"}
		}
		out := d.execute(ctx, who, o, nil, false)
		if out.p != nil {
			// Resources have no error results: a refusal is a JSON-RPC
			// error, invalid params or a server error (-32000), with the
			// problem as data.
			code := int64(-32000)
			if out.invalidParams() {
				code = jsonrpc.CodeInvalidParams
			}
			return nil, &jsonrpc.Error{Code: code, Message: out.message(), Data: out.problemJSON()}
		}
		return &mcp.ReadResourceResult{
			Meta: mcp.Meta{"astroapi/request_id": out.c.RequestID()},
			Contents: []*mcp.ResourceContents{{
				URI: req.Params.URI, MIMEType: "application/json", Text: string(out.cr.result),
			}},
		}, nil
	}
}

// ---- the endpoint over fasthttp ----

// mcpOps are POST /api/v1/mcp, the family endpoints and the keyless
// docs endpoint. Their handler checks the JSON-RPC message against the
// documented shape (400/422 problems naming the field, as on every
// route); serve then hands the request to the SDK.
func (s *Server) mcpOps() []*op.Operation {
	check := func(c *op.Call, in *rpcMessage) (rpcAnswer, error) {
		if in.JSONRPC != "2.0" {
			return rpcAnswer{}, op.Unprocessable("jsonrpc", `must be "2.0"`)
		}
		return rpcAnswer{}, nil
	}
	var fams []string
	for _, f := range mcpFamilies {
		fams = append(fams, f.Name+" ("+strings.TrimSuffix(f.Description, ".")+")")
	}
	whole := op.Post(op.Spec{
		ID: mcpOperationID, Path: MCPPath, Family: "Agents", Access: op.Free, Bare: true, NoBatch: true,
		Summary: "MCP tool endpoint: every calculation as a tool (JSON-RPC 2.0, Streamable HTTP)",
		Description: "The Model Context Protocol over its Streamable HTTP transport, stateless: POST one JSON-RPC 2.0 message, " +
			"get one JSON answer (application/json; a notification gets 202 and no body); a JSON-RPC batch (an array, dropped from MCP in 2025-06-18) is a 400. " +
			"No session is kept, so no Mcp-Session-Id, " +
			"and GET (a server event stream) is answered 405. Methods: initialize, ping, tools/list (paged by nextCursor), tools/call, " +
			"resources/list, resources/read. The API key authenticates every request, in the x-api-key header or as Authorization: Bearer (401 problem without it). " +
			"Every batchable operation of this reference is a tool named after its operation id: the id without a leading post-, " +
			"hyphens as underscores (post-natal is natal, get-timezone-list is get_timezone_list), but for the GET twins of POST calculations (GET /api/v1/moon beside POST /api/v1/moon: the POST's tool takes the same arguments). " +
			"Its input schema is the operation's body schema (query and path parameters for GET operations) in a compact form for a model's context " +
			"(first clause of each description, no examples; get_docs_search gives the full one), its structured content the envelope's result, " +
			"byte for byte, with a summary and (before protocol 2026-07-28) the JSON as text, and the rest of the envelope in _meta. " +
			"A tool call is billed and attributed like the REST call (/api/v1/usage lists it under the operation id); this endpoint itself is not billed. " +
			"Every message takes a token of the per-second rate (429 problem beyond; a tool call takes it as its operation's call). " +
			"An unknown method is a JSON-RPC error -32601; every answer is JSON (a JSON-RPC answer, or an RFC 9457 problem to a message that is not a request). " +
			"Arguments the operation refuses (400, 404, 422) give a JSON-RPC error -32602 naming the fields, with the problem as data; " +
			"quota and rate refusals (429) and other failures give a tool error (isError) whose text is the RFC 9457 problem. " +
			"Reference data operations are resources too, at astroapi:// followed by their path. " +
			"Fewer tools: POST /api/v1/mcp/{family} serves one family's tools, and the query parameter tools=a,b (any endpoint) only the tools named. The guide (/docs/api#mcp) lists the tools.",
	}, check)
	family := op.Post(op.Spec{
		ID: "post-mcp-family", Path: MCPPath + "/{family}", Family: "Agents", Access: op.Free, Bare: true, NoBatch: true,
		PathExamples: map[string]string{"family": "charts"},
		Summary:      "MCP endpoint of one family of tools",
		Description: "The MCP endpoint (as POST /api/v1/mcp) serving one family's tools and the documentation tool (get_docs_search), " +
			"so that an agent holds only the tools it needs. Families: " + strings.Join(fams, "; ") + ". " +
			"The docs family needs no key. The query parameter tools=a,b narrows the list further.",
	}, check)
	docs := op.Post(op.Spec{
		ID: "post-mcp-docs", Path: MCPPath + "/docs", Family: "Agents", Access: op.Public, Bare: true, NoBatch: true,
		Summary: "Keyless MCP endpoint of the documentation tool",
		Description: "The MCP endpoint of the docs family, answered without an API key: get_docs_search searches the guide and the OpenAPI reference " +
			"and gives any tool's full description and input schema. Configure it beside the keyed endpoints, or alone to read the documentation.",
	}, check)
	return []*op.Operation{whole, family, docs}
}

// rpcMessage documents (and checks) a JSON-RPC 2.0 message to the endpoint.
type rpcMessage struct {
	JSONRPC string          `json:"jsonrpc" required:"true" doc:"the JSON-RPC version" enum:"2.0" example:"2.0"`
	ID      json.RawMessage `json:"id,omitempty" doc:"request id, a string or an integer, echoed in the answer; absent in a notification" example:"1"`
	Method  string          `json:"method" required:"true" doc:"initialize, notifications/initialized, ping, tools/list, tools/call, resources/list or resources/read" example:"\"tools/list\""`
	Params  json.RawMessage `json:"params,omitempty" doc:"the method's parameters; for tools/call {\"name\": \"natal\", \"arguments\": {...the operation's body...}}" example:"{}"`
}

// rpcAnswer documents the JSON-RPC answer (the SDK writes it).
type rpcAnswer struct {
	JSONRPC string          `json:"jsonrpc" doc:"2.0"`
	ID      json.RawMessage `json:"id" doc:"the request's id"`
	Result  json.RawMessage `json:"result,omitempty" doc:"the method's result; for tools/call {content, structuredContent, isError, _meta}"`
	Error   *rpcError       `json:"error,omitempty" doc:"a JSON-RPC error: -32602 invalid params (data: the RFC 9457 problem), -32601 unknown method"`
}

type rpcError struct {
	Code    int             `json:"code"`
	Message string          `json:"message"`
	Data    json.RawMessage `json:"data,omitempty"`
}
