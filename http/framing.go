package http

import (
	"bytes"
	"io"
	"net"
	"strings"
	"time"

	"github.com/valyala/fasthttp"

	"github.com/astroapi/astroapi/http/op"
)

// Message framing (RFC 9112). fasthttp reads a request that declares both
// Content-Length and Transfer-Encoding by the latter and keeps the
// connection, and takes "Transfer-Encoding : chunked" (white space before
// the colon) as the field: a proxy in front that reads the same bytes the
// other way forwards a second request hidden in the first one's body. RFC
// 9112 6.3 says such a message must be refused and the connection closed,
// and 5.1 that white space between a field name and its colon is an error.

// framingProblem returns what is wrong with the framing of a request whose
// raw header block (the field lines, without the request line) is raw, or
// "" when nothing is.
func framingProblem(raw []byte) string {
	var length, chunked bool
	for len(raw) > 0 {
		line := raw
		if i := bytes.IndexByte(raw, '\n'); i >= 0 {
			line, raw = raw[:i], raw[i+1:]
		} else {
			raw = nil
		}
		line = bytes.TrimSuffix(line, []byte{'\r'})
		colon := bytes.IndexByte(line, ':')
		if colon <= 0 {
			continue // the blank line at the end; fasthttp refused any other
		}
		name := line[:colon]
		if c := name[len(name)-1]; c == ' ' || c == '\t' {
			return "white space between a header field name and its colon (RFC 9112 5.1)"
		}
		switch {
		case bytes.EqualFold(name, []byte("Content-Length")):
			length = true
		case bytes.EqualFold(name, []byte("Transfer-Encoding")):
			chunked = true
		}
	}
	if length && chunked {
		return "both Content-Length and Transfer-Encoding (RFC 9112 6.3)"
	}
	return ""
}

// refuseFraming answers a request whose framing is ambiguous with 400 and
// closes the connection, so that nothing read after it on that connection
// is served. It reports whether it answered.
func (s *Server) refuseFraming(rc *fasthttp.RequestCtx, rid string) bool {
	what := framingProblem(rc.Request.Header.RawHeaders())
	if what == "" {
		return false
	}
	rc.SetConnectionClose()
	s.writeProblem(rc, op.NewProblem(400, op.KindBadRequest, "the request's framing is ambiguous: "+what+"; the connection is closed"), rid)
	return true
}

// Media types of request bodies. Every body is JSON. A body declared as
// another media type (XML, text/plain, multipart forms) is refused with
// 415 rather than read as JSON: the client meant something else, and a
// text/plain or form body is what another site's page can make a browser
// send without asking first. Two cases are read as JSON all the same:
//
//   - no Content-Type at all: nothing else was claimed;
//   - application/x-www-form-urlencoded whose body is a JSON object or
//     array: that is curl -d, which declares a form whatever it sends, and
//     what every curl example on the web sends. A real form body
//     (name=value&...) is refused. Operations marked JSONOnly (sign-up)
//     take application/json only.

// bodyMediaProblem returns the 415 problem of a body of media type ct, or
// nil when it is read as JSON.
func bodyMediaProblem(o *op.Operation, ct, body []byte) *op.Problem {
	if len(body) == 0 || !o.HasBody() {
		return nil
	}
	mt, _, _ := bytes.Cut(ct, []byte{';'})
	mt = bytes.TrimSpace(mt)
	switch {
	case isJSONType(mt):
		return nil
	case o.JSONOnly:
	case len(mt) == 0:
		return nil
	case bytes.EqualFold(mt, []byte("application/x-www-form-urlencoded")) && jsonText(body):
		return nil
	}
	got := "no Content-Type"
	if len(mt) > 0 {
		got = "Content-Type " + clipHeader(mt)
	}
	return op.NewProblem(415, op.KindUnsupported, "request bodies are JSON: send the body as JSON with Content-Type: application/json (this request declared "+got+")")
}

// isJSONType reports whether media type mt (without parameters) is JSON:
// application/json or a type with the +json suffix.
func isJSONType(mt []byte) bool {
	if bytes.EqualFold(mt, []byte("application/json")) {
		return true
	}
	slash := bytes.IndexByte(mt, '/')
	return slash > 0 && len(mt) > 5 && bytes.EqualFold(mt[len(mt)-5:], []byte("+json"))
}

// jsonText reports whether body starts, after white space, as a JSON
// object or array.
func jsonText(body []byte) bool {
	body = bytes.TrimLeft(body, " \t\r\n")
	return len(body) > 0 && (body[0] == '{' || body[0] == '[')
}

// clipHeader quotes at most 60 bytes of a header value for a detail.
func clipHeader(v []byte) string {
	if len(v) > 60 {
		v = v[:60]
	}
	return `"` + strings.ToValidUTF8(strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || r == '"' {
			return '?'
		}
		return r
	}, string(v)), "?") + `"`
}

// Lingering close. A request whose body is refused on its Content-Length
// (413) is answered before the body is read. If the connection were then
// closed while the client is still sending, the unread bytes make the
// kernel reset it, and a client that sends the whole body before reading
// (Go's net/http, Python's http.client: anything without Expect:
// 100-continue) sees a broken pipe instead of the 413. So the answer goes
// out, our side of the connection is shut for writing, and what the client
// still sends is read and dropped, up to lingerBytes or lingerFor, before
// the connection is closed.
const (
	lingerBytes = 16 << 20
	lingerFor   = 5 * time.Second
)

// lingerOnClose marks the connection of rc to be drained when closed.
func lingerOnClose(rc *fasthttp.RequestCtx) {
	if c, ok := rc.Conn().(*countedConn); ok {
		c.linger.Store(true)
	}
}

// drain half-closes c and reads what the client still sends, bounded.
func drain(c net.Conn) {
	if hc, ok := c.(interface{ CloseWrite() error }); ok {
		hc.CloseWrite()
	}
	c.SetReadDeadline(time.Now().Add(lingerFor))
	io.CopyN(io.Discard, c, lingerBytes)
}
