package http

import (
	"bytes"
	"errors"
	"io"
	"sync"
	"time"

	"github.com/valyala/fasthttp"

	"github.com/astroapi/astroapi/http/op"
)

// Request bodies are streamed (fasthttp's StreamRequestBody): the bulk
// route reads its body line by line while it answers, so the server cannot
// read every body whole before the handler as it used to. Every other
// route still gets its body whole and bounded: readBody reads it, within
// Limits.MaxBodyBytes, before anything else looks at the request, and a
// body declared larger is refused on its Content-Length without waiting
// for a byte of it (headerReceived, readError).

// isBulkURI reports whether a request URI is the bulk route's.
func isBulkURI(uri []byte) bool {
	rest, ok := bytes.CutPrefix(uri, []byte(BulkPath))
	return ok && (len(rest) == 0 || rest[0] == '?')
}

// headerReceived is fasthttp's hook between the header and the body: a
// body declared larger than the limit (not the bulk route's) is read with
// a deadline already past, so that the server answers 413 on the
// Content-Length at once (readError, or entry when the start of the body
// had already come) instead of waiting for the first 8 KB fasthttp reads
// of a streamed body before calling the handler.
func (s *Server) headerReceived(h *fasthttp.RequestHeader) fasthttp.RequestConfig {
	if h.ContentLength() > s.cfg.Limits.MaxBodyBytes && !isBulkURI(h.RequestURI()) {
		// fasthttp resets the request when the read fails: readError
		// learns why from this mark on the connection's header.
		s.oversized.Store(h, true)
		return fasthttp.RequestConfig{ReadTimeout: time.Nanosecond}
	}
	return fasthttp.RequestConfig{}
}

// declaredTooLarge reports (once) whether the request of rc declared a
// body over the limit, outside the bulk route (headerReceived's mark).
func (s *Server) declaredTooLarge(rc *fasthttp.RequestCtx) bool {
	_, marked := s.oversized.LoadAndDelete(&rc.Request.Header)
	return marked
}

var bodyBufs = sync.Pool{New: func() any { b := make([]byte, 0, 16<<10); return &b }}

// readBody reads a streamed request body whole, within the body limit, and
// hands it to the request (Body, PostBody), so that the handlers see it
// as before. It answers the problem to send instead (413 over the limit,
// 408 or 400 when it could not be read), after which the connection must
// close: the rest of the body was not read.
func (s *Server) readBody(rc *fasthttp.RequestCtx) *op.Problem {
	limit := s.cfg.Limits.MaxBodyBytes
	if rc.Request.Header.ContentLength() > limit {
		s.declaredTooLarge(rc) // forget the mark
		return s.tooLarge()
	}
	st := rc.RequestBodyStream()
	bp := bodyBufs.Get().(*[]byte)
	defer bodyBufs.Put(bp)
	b := (*bp)[:0]
	for {
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)] // grow
		}
		n, err := st.Read(b[len(b):min(cap(b), limit+1)])
		b = b[:len(b)+n]
		if len(b) > limit {
			*bp = b[:0]
			return s.tooLarge()
		}
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			*bp = b[:0]
			var te interface{ Timeout() bool }
			if errors.As(err, &te) && te.Timeout() {
				return op.NewProblem(408, op.KindTimeout, "the request body was not received within the read timeout")
			}
			return op.NewProblem(400, op.KindBadRequest, "the request body could not be read (a malformed chunked encoding, or the connection closed early)")
		}
	}
	rc.Request.SetBody(b) // copies into the request's own buffer; closes the stream
	if cap(b) <= 1<<20 {
		*bp = b[:0]
	} else {
		*bp = make([]byte, 0, 16<<10) // an outsized buffer is left to the collector
	}
	return nil
}
