package http

import (
	"errors"
	"fmt"
	"io"

	"github.com/valyala/fasthttp"

	"github.com/astroapi/astroapi/http/op"
)

// streamKey holds the streamBody of a response in the request context, so
// that finish records the request when the body has been sent.
const streamKey = "astroapi.stream"

// StreamBuffered is how much of a streamed body is built in the
// response's own buffer before anything is sent: a body that ends within
// it (a year of daily positions is 620 KB) goes out whole, in one write,
// its making is the call's time, and a failure is still answered with a
// problem. Beyond it the rest is streamed, so that no call holds more.
const StreamBuffered = 1 << 20

// writeStream answers a Streamer. The pieces are pulled from st.Next into
// the response's buffer; when the body ends within StreamBuffered it is
// sent as any other; else the status and headers go out now and the rest
// piece by piece while fasthttp sends it (chunked), pulled from st.Next on
// the connection's goroutine: no goroutine or pipe is involved, and
// nothing runs after the response is done. A JSON stream is wrapped in
// the envelope: its head (calculated_at, input, request_id, "result":)
// and tail (usage, warnings) are encoded now, while the call is still
// valid.
func (s *Server) writeStream(rc *fasthttp.RequestCtx, c *op.Call, st op.Stream) {
	// Streamed answers are bounded per account and overall, from the
	// buffered start on: each holds up to StreamBuffered until its client
	// has read it, and clients that never read (400 of them held 1.8 GB)
	// cannot pile them up. The call is given back its calls when refused.
	release, p := s.streams.acquire(c, false)
	if p != nil {
		s.unbill(c)
		s.writeProblem(rc, p, c.RequestID())
		return
	}
	held := false // the slot goes with the body when it is streamed
	defer func() {
		if !held {
			release()
		}
	}()
	var tail []byte
	buf := rc.Response.SwapBody(nil)[:0] // the response's pooled buffer
	ctype := st.ContentType
	if ctype == "" {
		ctype = "application/json"
		in, err := encodeInput(c)
		if err == nil {
			tail, err = appendEnvelopeTail(nil, c.Warnings(), c.Usage())
		}
		if err != nil {
			rc.Response.SwapBody(buf)
			s.writeProblem(rc, s.internal(c, fmt.Errorf("encoding the envelope: %w", err)), c.RequestID())
			return
		}
		buf = appendEnvelopeHead(buf, c.Now(), c.RequestID(), in)
	}
	ended := false
	for !ended && len(buf) < StreamBuffered {
		var err error
		switch buf, err = st.Next(buf); {
		case errors.Is(err, io.EOF):
			ended = true
		case err != nil:
			rc.Response.SwapBody(buf[:0])
			s.writeProblem(rc, s.internal(c, err), c.RequestID())
			return
		}
	}
	rc.SetStatusCode(200)
	rc.SetContentType(ctype)
	if st.Filename != "" {
		rc.Response.Header.Set("Content-Disposition", `attachment; filename="`+st.Filename+`"`)
	}
	if w := c.Warnings(); len(w) > 0 && st.ContentType != "" {
		rc.Response.Header.Set("X-Warnings", warningsHeader(w))
	}
	if ended {
		rc.Response.SwapBody(append(buf, tail...))
		return
	}
	// The streamed rest goes out uncompressed: fasthttp's compression of a
	// body stream pulls it on a goroutine of its own, flushes the
	// compressor every 4 KB and, when a piece fails, closes the compressed
	// stream normally, so that a cut body would reach the client as a
	// complete answer. The compression handler reads Accept-Encoding
	// after this handler: without it the body is left as it is.
	rc.Request.Header.Del(fasthttp.HeaderAcceptEncoding)
	held = true
	sb := &streamBody{next: st.Next, pending: buf, tail: tail, log: s, rid: c.RequestID(), opID: c.Operation().ID, release: release}
	rc.SetUserValue(streamKey, sb)
	rc.Response.SetBodyStream(sb, -1)
}

// streamBody is the io.Reader fasthttp copies a streamed body from.
type streamBody struct {
	next    func([]byte) ([]byte, error)
	pending []byte // bytes produced and not yet read
	off     int    // read offset in pending
	buf     []byte // storage the pieces are appended to
	tail    []byte // the envelope's end, sent after the last piece
	ended   bool   // next returned io.EOF
	log     *Server
	rid     string
	opID    string
	done    func() // records the request (set by finish); nil before
	release func() // gives the stream's slot back
	closed  bool
}

func (b *streamBody) Read(p []byte) (int, error) {
	for b.off == len(b.pending) {
		switch {
		case b.ended && b.tail == nil:
			return 0, io.EOF
		case b.ended:
			b.pending, b.off, b.tail = b.tail, 0, nil
			continue
		default:
			if b.buf == nil {
				b.buf = make([]byte, 0, 32<<10) // the buffered start stays with fasthttp's pending write
			}
			piece, err := b.next(b.buf[:0])
			if errors.Is(err, io.EOF) {
				b.ended = true
				continue
			}
			if err != nil {
				return 0, err
			}
			b.buf, b.pending, b.off = piece, piece, 0
		}
	}
	n := copy(p, b.pending[b.off:])
	b.off += n
	return n, nil
}

// CloseWithError is called by fasthttp once the body is sent, or given up
// (a client gone, a failed piece): the request is recorded then.
func (b *streamBody) CloseWithError(err error) error {
	if b.closed {
		return nil
	}
	b.closed = true
	b.release()
	if err != nil && !errors.Is(err, io.EOF) {
		b.log.log.Error("streamed body ended early", "request_id", b.rid, "operation", b.opID, "error", err.Error())
	}
	if b.done != nil {
		b.done()
	}
	return nil
}
