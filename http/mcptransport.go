package http

import (
	"bytes"
	"context"
	"log/slog"
	"mime"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	json "github.com/goccy/go-json"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/valyala/fasthttp"
	"github.com/valyala/fasthttp/fasthttpadaptor"

	"github.com/astroapi/astroapi/engine/jsonw"
	"github.com/astroapi/astroapi/http/op"
)

// The endpoint over fasthttp. The SDK serves net/http; a small bridge
// hands it the request and copies its answer back. A tools/call, the one
// method an agent sends over and over, is answered by the door itself
// (direct) when nothing about it needs the SDK: the SDK spent about 0.14 ms
// of CPU on the session, goroutines and decoding of any request, and 0.5
// ms re-encoding an 11 KB chart through encoding/json four times, where the
// REST call costs 5 us. Both paths run the call through execute and say
// the same thing (TestMCPDirectMatchesSDK decodes and compares them).

// The protocol generations a direct answer speaks. Up to 2025-11-25 a
// tools/call is plain JSON-RPC. From 2026-07-28 (SEP-2575) each request
// carries its protocol version, client capabilities and (optionally)
// client info in params._meta and repeats its method, tool and version in
// the Mcp-Method, Mcp-Name and Mcp-Protocol-Version headers; a result
// names the server in _meta and says "resultType": "complete"; an
// invalid-params error is an HTTP 400.
const (
	mcpNewProtocol      = "2026-07-28"
	metaProtocolVersion = "io.modelcontextprotocol/protocolVersion"
	metaCapabilities    = "io.modelcontextprotocol/clientCapabilities"
	metaClientInfo      = "io.modelcontextprotocol/clientInfo"
)

// mcpLegacyVersions are the versions before mcpNewProtocol the SDK speaks.
var mcpLegacyVersions = func() map[string]bool {
	m := map[string]bool{}
	for _, v := range mcp.SupportedProtocolVersions() {
		if v < mcpNewProtocol {
			m[v] = true
		}
	}
	return m
}()

// serve answers POST /api/v1/mcp and the family endpoints (family "" is
// the whole door; fixed names the family of an endpoint without a path
// parameter): the endpoint and tool filter are resolved, the key
// authenticated and the message checked by the operation's own path
// (invoke), then a tools/call is answered directly or the SDK answers
// through a net/http request whose context carries the caller and the
// endpoint.
func (d *mcpDoor) serve(o *op.Operation, fixed string) fasthttp.RequestHandler {
	s := d.s
	return func(rc *fasthttp.RequestCtx) {
		rid, _ := rc.UserValue(ridKey).(string)
		r := s.request(rc, rid)
		family := fixed
		if f, ok := rc.UserValue("family").(string); ok {
			family = f
			r.Params = map[string]string{"family": f}
		}
		if p := bodyMediaProblem(o, rc.Request.Header.ContentType(), r.Body); p != nil {
			rc.SetUserValue(opKey, op.NewCall(o, r))
			s.writeProblem(rc, p, rid)
			return
		}
		key, p := requestKey(&rc.Request.Header)
		lang := ""
		if p == nil {
			lang, p = s.requestLang(rc.QueryArgs(), rc.Request.Header.Peek("Accept-Language"))
		}
		var c *op.Call
		if p == nil {
			c, _, _, p = s.invoke(o, r, key, false) // the key, and the message's shape
		} else {
			c = op.NewCall(o, r)
		}
		// The endpoint, once the request is known to be a JSON-RPC message
		// from a caller: the family's tools, narrowed by the filter.
		ep := d.all
		if p == nil && family != "" {
			if ep = d.families[family]; ep == nil {
				p = op.NewProblem(404, op.KindNotFound, "no MCP family "+strconv.Quote(family)+"; the families are "+strings.Join(familyNames(), ", "))
			}
		}
		if p == nil {
			if list := rc.QueryArgs().Peek("tools"); len(list) > 0 {
				ep, p = d.filter(ep, family, string(list))
			}
		}
		rc.SetUserValue(opKey, c) // entry finishes the request: log, metrics, attribution
		if p != nil {
			s.tarpit(p)
			s.writeProblem(rc, p, rid)
			return
		}
		msg, _ := c.Input().(*rpcMessage)
		// Every message takes a token of the per-second rate: a tool call
		// takes it as the call of its operation (so that a refusal is a
		// tool error, like the quota's), any other message here.
		if msg == nil || msg.Method != "tools/call" || !rpcID(msg.ID) {
			if p := s.rateToken(c); p != nil {
				s.tarpit(p)
				s.setLimitHeaders(rc, c.Usage(), p)
				s.writeProblem(rc, p, rid)
				return
			}
		}
		who := &caller{key: c.Key(), account: c.Account(), rid: rid, remoteIP: r.RemoteIP, lang: lang}
		if msg != nil && d.direct.Load() && d.directCall(rc, who, ep, msg) {
			return
		}
		if msg != nil && d.cachedList(rc, ep, msg) {
			return
		}
		d.viaSDK(rc, who, ep, msg)
	}
}

// familyNames are the names of the family endpoints.
func familyNames() []string {
	out := make([]string, len(mcpFamilies))
	for i, f := range mcpFamilies {
		out[i] = f.Name
	}
	return out
}

// directCall answers a tools/call without the SDK when it is one the SDK
// would answer plainly: a request (it has an id) in JSON whose params hold
// only name, arguments and _meta and name a tool, of a legacy protocol
// version (no version in _meta, the header absent or legacy), or of
// mcpNewProtocol with the headers and _meta that version requires. It
// reports false, having written nothing, for anything else: the SDK then
// answers, errors included.
func (d *mcpDoor) directCall(rc *fasthttp.RequestCtx, who *caller, ep *mcpEndpoint, msg *rpcMessage) bool {
	if msg.Method != "tools/call" || !rpcID(msg.ID) {
		return false
	}
	if mt, _, err := mime.ParseMediaType(string(rc.Request.Header.ContentType())); err != nil || mt != "application/json" {
		return false
	}
	var params struct {
		Name      *string                    `json:"name"`
		Arguments json.RawMessage            `json:"arguments"`
		Meta      map[string]json.RawMessage `json:"_meta"`
	}
	var keys map[string]json.RawMessage
	if json.Unmarshal(msg.Params, &keys) != nil || json.Unmarshal(msg.Params, &params) != nil || params.Name == nil {
		return false
	}
	for k := range keys {
		if k != "name" && k != "arguments" && k != "_meta" {
			return false
		}
	}
	o := d.byName[*params.Name]
	if o == nil || !ep.names[*params.Name] {
		return false // the SDK's "unknown tool"
	}
	header := string(rc.Request.Header.Peek("Mcp-Protocol-Version"))
	newProtocol := false
	if v, ok := params.Meta[metaProtocolVersion]; !ok {
		if header != "" && !mcpLegacyVersions[header] {
			return false
		}
	} else {
		var version string
		if json.Unmarshal(v, &version) != nil || version != mcpNewProtocol || header != version ||
			string(rc.Request.Header.Peek("Mcp-Method")) != msg.Method || string(rc.Request.Header.Peek("Mcp-Name")) != *params.Name ||
			!jsonObject(params.Meta[metaCapabilities]) {
			return false
		}
		if info, ok := params.Meta[metaClientInfo]; ok && !jsonObject(info) {
			return false
		}
		newProtocol = true
	}
	out := d.execute(d.s.baseCtx, who, o, params.Arguments, true)
	// Written straight into the response's pooled buffer (as writeAppended).
	rc.Response.SwapBody(d.appendRPC(rc.Response.SwapBody(nil)[:0], msg.ID, &out, newProtocol))
	out.free()
	rc.SetStatusCode(200)
	if newProtocol && out.p != nil && out.invalidParams() {
		rc.SetStatusCode(400)
	}
	rc.SetContentType("application/json")
	return true
}

// jsonObject reports whether v is a JSON object.
func jsonObject(v json.RawMessage) bool {
	v = bytes.TrimSpace(v)
	return len(v) > 0 && v[0] == '{'
}

// quotedLen[c] is the length of byte c inside a JSON string: 2 for a
// quote or a backslash, 6 for a control character (\u00XX), else 1.
var quotedLen = func() (t [256]uint8) {
	for c := range t {
		switch {
		case c == '"' || c == '\\':
			t[c] = 2
		case c < 0x20:
			t[c] = 6
		default:
			t[c] = 1
		}
	}
	return t
}()

// appendQuoted appends JSON text js (the encoders' output: valid UTF-8,
// control characters inside strings already escaped) as a JSON string.
// A chart's JSON has a quote every seven bytes, in no pattern a branch
// predictor learns: every byte is written through the table instead, a
// backslash first and the byte over it or after it.
func appendQuoted(b, js []byte) []byte {
	n := 0
	for _, c := range js {
		n += int(quotedLen[c])
	}
	b = slices.Grow(b, n+2)
	start := len(b)
	b = b[:start+n+2]
	b[start] = '"'
	out := b[start+1 : start+1+n]
	const hex = "0123456789abcdef"
	i := 0
	for _, c := range js {
		k := int(quotedLen[c])
		if k == 6 {
			copy(out[i:], []byte{'\\', 'u', '0', '0', hex[c>>4], hex[c&0xf]})
			i += 6
			continue
		}
		out[i] = '\\'
		out[i+k-1] = c
		i += k
	}
	b[len(b)-1] = '"'
	return b
}

// rpcID reports whether id is a JSON-RPC request id: a string or a number.
func rpcID(id json.RawMessage) bool {
	id = bytes.TrimSpace(id)
	if len(id) == 0 {
		return false
	}
	switch c := id[0]; {
	case c == '"', c == '-', c >= '0' && c <= '9':
		return true
	}
	return false
}

// appendRPC appends the JSON-RPC answer to a tools/call with id: what the
// SDK writes for toolOutcome.sdk, field for field, in the new protocol's
// shape when newProtocol.
func (d *mcpDoor) appendRPC(b []byte, id json.RawMessage, out *toolOutcome, newProtocol bool) []byte {
	b = append(b, `{"jsonrpc":"2.0","id":`...)
	b = append(b, bytes.TrimSpace(id)...)
	if out.p != nil && out.invalidParams() {
		b = append(b, `,"error":{"code":-32602,"message":`...)
		b = jsonw.String(b, out.message())
		b = append(b, `,"data":`...)
		b = append(b, out.problemJSON()...)
		return append(b, "}}"...)
	}
	// _meta's keys in the order encoding/json writes a map's.
	b = append(b, `,"result":{"_meta":{`...)
	if out.p != nil {
		b = append(b, `"astroapi/request_id":`...)
		b = jsonw.String(b, out.p.RequestID)
		if ra := out.retryAfter(); ra > 0 {
			b = append(b, `,"astroapi/retry_after_seconds":`...)
			b = strconv.AppendInt(b, ra, 10)
		}
		b = append(b, `,"astroapi/status":`...)
		b = strconv.AppendInt(b, int64(out.p.Status), 10)
		b = d.appendServerInfo(b, newProtocol)
		b = append(b, `},"content":[{"type":"text","text":`...)
		b = jsonw.String(b, string(out.problemJSON()))
		b = append(b, `}],"isError":true`...)
		return appendResultType(b, newProtocol)
	}
	if !out.o.Bare {
		b = append(b, `"astroapi/calculated_at":`...)
		b = jsonw.String(b, out.c.Now().Format(time.RFC3339Nano))
		b = append(b, `,"astroapi/input":`...)
		b = append(b, out.cr.input...)
		b = append(b, ',')
	}
	if out.labels != nil {
		b = append(b, `"astroapi/labels":`...)
		lb, _ := marshalNoHTML(out.labels) // maps of strings: cannot fail
		b = append(b, bytes.TrimSpace(lb)...)
		b = append(b, ',')
	}
	b = append(b, `"astroapi/request_id":`...)
	b = jsonw.String(b, out.c.RequestID())
	if !out.o.Bare {
		b = append(b, `,"astroapi/usage":`...)
		b = appendUsage(b, out.c.Usage())
	}
	if len(out.cr.warnings) > 0 {
		b = append(b, `,"astroapi/warnings":`...)
		wb, _ := marshalNoHTML(out.cr.warnings) // strings: cannot fail
		b = append(b, wb...)
	}
	b = d.appendServerInfo(b, newProtocol)
	b = append(b, `},"content":[{"type":"text","text":`...)
	b = jsonw.String(b, out.summary())
	if !newProtocol { // the JSON again as text (see toolOutcome.sdk)
		b = append(b, `},{"type":"text","text":`...)
		if out.shared {
			b = append(b, out.cr.quoted()...) // made once per cached result
		} else {
			b = appendQuoted(b, out.cr.result)
		}
	}
	b = append(b, `}],"structuredContent":`...)
	b = append(b, out.cr.result...)
	return appendResultType(b, newProtocol)
}

// appendServerInfo names the server in a new-protocol result's _meta.
func (d *mcpDoor) appendServerInfo(b []byte, newProtocol bool) []byte {
	if !newProtocol {
		return b
	}
	b = append(b, `,"io.modelcontextprotocol/serverInfo":`...)
	return append(b, d.serverInfo...)
}

// appendResultType ends a result, saying it is complete in the new protocol.
func appendResultType(b []byte, newProtocol bool) []byte {
	if newProtocol {
		b = append(b, `,"resultType":"complete"`...)
	}
	return append(b, "}}"...)
}

// viaSDK hands the request (message msg, nil when unread) to the SDK's
// server of endpoint ep.
func (d *mcpDoor) viaSDK(rc *fasthttp.RequestCtx, who *caller, ep *mcpEndpoint, msg *rpcMessage) {
	s := d.s
	var req http.Request
	if err := fasthttpadaptor.ConvertRequest(rc, &req, true); err != nil {
		s.writeProblem(rc, op.NewProblem(400, op.KindBadRequest, "the HTTP request could not be read"), who.rid)
		return
	}
	// Every answer is one JSON body, so a client that accepts JSON is
	// served whatever else its Accept lists (the SDK insists on both).
	req.Header.Set("Accept", "application/json, text/event-stream")
	// The body passed the door's media type rule (JSON, declared or not);
	// the SDK wants it declared.
	req.Header.Set("Content-Type", "application/json")
	ctx, cancel := context.WithTimeout(s.baseCtx, s.cfg.Limits.WriteTimeout)
	defer cancel()
	w := responseBuffer{header: http.Header{}}
	ctx = context.WithValue(context.WithValue(ctx, callerKey{}, who), endpointKey{}, ep)
	d.sdk.ServeHTTP(&w, req.WithContext(ctx))
	for k, vs := range w.header {
		for _, v := range vs {
			rc.Response.Header.Add(k, v)
		}
	}
	if w.status == 0 {
		w.status = 200
	}
	if mt, _, _ := mime.ParseMediaType(w.header.Get("Content-Type")); mt == "text/plain" {
		// The SDK refuses some messages in plain text: answer JSON.
		rc.Response.Header.Del("Content-Type")
		d.plainToJSON(rc, w.status, strings.TrimSpace(string(w.body)), msg, who.rid)
		return
	}
	rc.SetStatusCode(w.status)
	rc.SetBody(w.body)
	if msg != nil && w.status == 200 {
		d.keepList(ep, msg, string(rc.Request.Header.Peek("Mcp-Protocol-Version")), w.body)
	}
}

// plainToJSON answers, in JSON, a refusal the SDK wrote as text: a
// JSON-RPC error to a request (a message with an id), an RFC 9457 problem
// otherwise. A method the SDK does not handle is -32601 (method not
// found); a malformed message -32700 or -32600; anything else the SDK's
// status with its text. The HTTP status of a -32601 is 200 (404 in the
// protocol of 2026-07-28, as the SDK answers there), so that clients read
// it as the JSON-RPC error it is.
func (d *mcpDoor) plainToJSON(rc *fasthttp.RequestCtx, status int, text string, msg *rpcMessage, rid string) {
	if msg == nil || !rpcID(msg.ID) {
		kind := op.KindBadRequest
		switch status {
		case 404:
			kind = op.KindNotFound
		case 405:
			kind = op.KindMethod
		case 413:
			kind = op.KindTooLarge
		case 415:
			kind = op.KindUnsupported
		}
		if status < 400 || status >= 500 {
			status, kind = 500, op.KindInternal
		}
		d.s.writeProblem(rc, op.NewProblem(status, kind, "MCP: "+text), rid)
		return
	}
	var code int64 = jsonrpc.CodeInvalidRequest
	switch {
	case strings.Contains(text, "JSON RPC not handled"):
		code, status = jsonrpc.CodeMethodNotFound, 200
		if string(rc.Request.Header.Peek("Mcp-Protocol-Version")) >= mcpNewProtocol {
			status = 404
		}
		text = "method " + strconv.Quote(msg.Method) + " not found; this server answers initialize, ping, tools/list, tools/call, resources/list and resources/read"
	case strings.HasPrefix(text, "malformed payload"):
		code = jsonrpc.CodeParseError
	case status >= 500:
		code = jsonrpc.CodeInternalError
	}
	b := append([]byte(`{"jsonrpc":"2.0","id":`), bytes.TrimSpace(msg.ID)...)
	b = append(b, `,"error":{"code":`...)
	b = strconv.AppendInt(b, code, 10)
	b = append(b, `,"message":`...)
	b = jsonw.String(b, text)
	b = append(b, `,"data":{"request_id":`...)
	b = jsonw.String(b, rid)
	b = append(b, "}}}"...)
	rc.SetStatusCode(status)
	rc.SetContentType("application/json")
	rc.SetBody(b)
}

// responseBuffer is the http.ResponseWriter the SDK writes into: the whole
// answer, then copied to the fasthttp response.
type responseBuffer struct {
	header http.Header
	status int
	body   []byte
}

func (w *responseBuffer) Header() http.Header { return w.header }

func (w *responseBuffer) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
}

func (w *responseBuffer) Write(b []byte) (int, error) {
	w.WriteHeader(200)
	w.body = append(w.body, b...)
	return len(b), nil
}

// Flush is a no-op: the answer is sent whole when the SDK returns.
func (w *responseBuffer) Flush() {}

// minLevel drops records below min.
type minLevel struct {
	slog.Handler
	min slog.Level
}

func (h minLevel) Enabled(ctx context.Context, l slog.Level) bool {
	return l >= h.min && h.Handler.Enabled(ctx, l)
}

func (h minLevel) WithAttrs(as []slog.Attr) slog.Handler {
	return minLevel{h.Handler.WithAttrs(as), h.min}
}

func (h minLevel) WithGroup(name string) slog.Handler {
	return minLevel{h.Handler.WithGroup(name), h.min}
}
