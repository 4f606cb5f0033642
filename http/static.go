package http

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"reflect"
	"strconv"
	"sync"
	"sync/atomic"

	json "github.com/goccy/go-json"
	"github.com/valyala/fasthttp"

	"github.com/astroapi/astroapi/http/op"
)

// Static answers are encoded and compressed once. The documents, the
// documentation UIs' scripts (Scalar's is 3 MB) and the MCP tool list
// (600 KB) are the same for every request; compressing them per request
// (brotli spent 0.12 to 0.23 s of CPU on scalar.js, for anyone, without a
// key) let a handful of clients take every core.

// staticEntry is one static answer, made by its first request (once), and
// its compressed forms, each made by the first request that asks for it.
type staticEntry struct {
	once   sync.Once
	ready  atomic.Bool
	ctype  string
	csp    string // Content-Security-Policy, "" for none
	body   []byte
	etag   string
	zip    bool // worth compressing
	brOnce sync.Once
	gzOnce sync.Once
	br, gz []byte
}

// brotli returns the body in brotli, made once.
func (e *staticEntry) brotli() []byte {
	e.brOnce.Do(func() {
		staticCompressions.Add(1)
		e.br = fasthttp.AppendBrotliBytesLevel(nil, e.body, 4) // the level the server compressed per request with
	})
	return e.br
}

// gzip returns the body in gzip, made once.
func (e *staticEntry) gzip() []byte {
	e.gzOnce.Do(func() {
		staticCompressions.Add(1)
		e.gz = fasthttp.AppendGzipBytesLevel(nil, e.body, fasthttp.CompressDefaultCompression)
	})
	return e.gz
}

// staticAnswers caches the Raw answers of public GET operations that take
// no input (their body depends on the path alone), by operation and path
// parameters. Bounded: a path parameter that names no file answers 404
// and is never kept.
type staticAnswers struct {
	mu sync.Mutex
	m  map[string]*staticEntry
}

const maxStaticAnswers = 256

// staticCompressions counts the static answers compressed (tests).
var staticCompressions atomic.Int64

// staticKey is the cache key of a call of o, "" when its answer is not
// static: a public GET whose input is op.None and that answers Raw.
func staticKey(o *op.Operation, param func(string) string) string {
	if !staticOp(o) {
		return ""
	}
	k := o.ID
	for _, n := range o.PathParams() {
		k += "\x00" + param(n)
	}
	return k
}

// staticOp reports whether o answers static bodies: a public GET whose
// input is op.None and that answers Raw.
func staticOp(o *op.Operation) bool {
	return cacheable(o) && o.In == reflect.TypeFor[op.None]()
}

// get returns the entry of key once it is made, nil before.
func (a *staticAnswers) get(key string) *staticEntry {
	a.mu.Lock()
	e := a.m[key]
	a.mu.Unlock()
	if e == nil || !e.ready.Load() {
		return nil
	}
	return e
}

// put returns the entry of key, made from body (compressed once) by the
// first caller; nil when the cache is full (the caller answers as usual).
func (a *staticAnswers) put(key, ctype, csp string, body []byte) *staticEntry {
	a.mu.Lock()
	if a.m == nil {
		a.m = map[string]*staticEntry{}
	}
	e := a.m[key]
	if e == nil {
		if len(a.m) >= maxStaticAnswers {
			a.mu.Unlock()
			return nil
		}
		e = &staticEntry{}
		a.m[key] = e
	}
	a.mu.Unlock()
	e.once.Do(func() {
		e.ctype, e.csp, e.body, e.etag = ctype, csp, body, etagOf(body)
		e.zip = compressible(ctype) && len(body) > 256
		e.ready.Store(true)
	})
	return e
}

// compressible reports whether a media type is worth compressing.
func compressible(ctype string) bool {
	for _, p := range []string{"text/", "application/json", "application/javascript", "image/svg+xml"} {
		if len(ctype) >= len(p) && ctype[:len(p)] == p {
			return true
		}
	}
	return false
}

// write sends the entry: 304 when the client has it, else its body in the
// best encoding the client accepts, marked so that the compression
// handler leaves it as it is.
func (e *staticEntry) write(rc *fasthttp.RequestCtx) {
	rc.Response.Header.Set("ETag", e.etag)
	rc.Response.Header.Set("Cache-Control", "public, max-age=300")
	rc.Response.Header.Set("Vary", "Accept-Encoding")
	if e.csp != "" {
		rc.Response.Header.Set("Content-Security-Policy", e.csp)
	}
	if matchesETag(rc, e.etag) {
		rc.SetStatusCode(fasthttp.StatusNotModified)
		return
	}
	rc.SetStatusCode(200)
	rc.SetContentType(e.ctype)
	switch {
	case e.zip && rc.Request.Header.HasAcceptEncoding("br"):
		rc.Response.Header.Set("Content-Encoding", "br")
		rc.Response.SetBodyRaw(e.brotli())
	case e.zip && rc.Request.Header.HasAcceptEncoding("gzip"):
		rc.Response.Header.Set("Content-Encoding", "gzip")
		rc.Response.SetBodyRaw(e.gzip())
	default:
		rc.Request.Header.Del(fasthttp.HeaderAcceptEncoding) // not compressed per request either
		rc.Response.SetBodyRaw(e.body)
	}
}

// The MCP tool list. tools/list is answered by the SDK once per distinct
// request (the cursor and the protocol version); its result is kept, with
// its raw DEFLATE form, and later requests get it with their own id:
// gzip can put the id in a stored block before the compressed result and
// its end in one after it (RFC 1951 3.2.4), so the answer is compressed
// once, whatever the id.

// listEntry is a kept tools/list result.
type listEntry struct {
	result  []byte // the JSON-RPC result, as the SDK wrote it
	deflate []byte // result as raw DEFLATE blocks, not final, ending byte-aligned
}

// listKey is the cache key of a tools/list message, "" for another.
func listKey(ep *mcpEndpoint, msg *rpcMessage, version string) string {
	if msg.Method != "tools/list" || !rpcID(msg.ID) {
		return ""
	}
	// The endpoint (the whole list, a family's, a filter's) by identity:
	// its server lives as long as the door, or as its filter's cache entry.
	return fmt.Sprintf("%p", ep) + "\x00" + version + "\x00" + string(bytes.TrimSpace(msg.Params))
}

// cachedList answers a tools/list from the cache; it reports whether it
// did.
func (d *mcpDoor) cachedList(rc *fasthttp.RequestCtx, ep *mcpEndpoint, msg *rpcMessage) bool {
	key := listKey(ep, msg, string(rc.Request.Header.Peek("Mcp-Protocol-Version")))
	if key == "" {
		return false
	}
	d.listMu.Lock()
	e := d.lists[key]
	d.listMu.Unlock()
	if e == nil {
		return false
	}
	head := append(append([]byte(`{"jsonrpc":"2.0","id":`), bytes.TrimSpace(msg.ID)...), `,"result":`...)
	rc.SetStatusCode(200)
	rc.SetContentType("application/json")
	if rc.Request.Header.HasAcceptEncoding("gzip") {
		rc.Response.Header.Set("Content-Encoding", "gzip")
		rc.Response.Header.Set("Vary", "Accept-Encoding")
		rc.Response.SwapBody(appendGzipSpliced(rc.Response.SwapBody(nil)[:0], head, e, []byte("}")))
		return true
	}
	rc.Request.Header.Del(fasthttp.HeaderAcceptEncoding)
	b := append(rc.Response.SwapBody(nil)[:0], head...)
	b = append(b, e.result...)
	rc.Response.SwapBody(append(b, '}'))
	return true
}

// keepList keeps the SDK's answer body to a tools/list message.
func (d *mcpDoor) keepList(ep *mcpEndpoint, msg *rpcMessage, version string, body []byte) {
	key := listKey(ep, msg, version)
	if key == "" {
		return
	}
	var ans struct {
		Result json.RawMessage `json:"result"`
		Error  json.RawMessage `json:"error"`
	}
	if json.Unmarshal(body, &ans) != nil || len(ans.Result) == 0 || len(ans.Error) > 0 {
		return
	}
	e := &listEntry{result: append([]byte(nil), ans.Result...)}
	var buf bytes.Buffer
	w, _ := flate.NewWriter(&buf, flate.DefaultCompression) // a valid level: cannot fail
	w.Write(e.result)
	w.Flush() // a sync flush: non-final blocks, byte-aligned
	e.deflate = buf.Bytes()
	d.listMu.Lock()
	defer d.listMu.Unlock()
	if d.lists == nil {
		d.lists = map[string]*listEntry{}
	}
	if len(d.lists) < 64 { // a handful of pages and versions; other params are not kept
		d.lists[key] = e
	}
}

// appendGzipSpliced appends a gzip member (RFC 1952) whose content is
// head + e.result + tail: head and tail in stored blocks, the result's
// DEFLATE blocks as made once. Only the checksum is computed per answer.
func appendGzipSpliced(b, head []byte, e *listEntry, tail []byte) []byte {
	b = append(b, 0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff) // deflate, no flags, no time, unknown OS
	b = appendStored(b, head, false)
	b = append(b, e.deflate...)
	b = appendStored(b, tail, true)
	crc := crc32.Update(crc32.Update(crc32.ChecksumIEEE(head), crc32.IEEETable, e.result), crc32.IEEETable, tail)
	b = binary.LittleEndian.AppendUint32(b, crc)
	return binary.LittleEndian.AppendUint32(b, uint32(len(head)+len(e.result)+len(tail)))
}

// appendStored appends p (under 64 KiB) as a stored DEFLATE block at a
// byte boundary: BFINAL and BTYPE 00 in the first byte, then LEN and NLEN.
func appendStored(b, p []byte, final bool) []byte {
	var h byte
	if final {
		h = 1
	}
	b = append(b, h)
	b = binary.LittleEndian.AppendUint16(b, uint16(len(p)))
	b = binary.LittleEndian.AppendUint16(b, ^uint16(len(p)))
	return append(b, p...)
}

// etagOf is the entity tag of a body.
func etagOf(body []byte) string {
	return `"` + strconv.FormatUint(crc64Of(body), 36) + `"`
}
