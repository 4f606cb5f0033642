package http

import (
	"bytes"
	"container/list"
	"crypto/sha256"
	"strconv"
	"sync"
	"time"

	"github.com/valyala/fasthttp"

	"github.com/astroapi/astroapi/http/op"
)

// Idempotency keys (the IETF httpapi draft's Idempotency-Key header, as
// payment APIs use it): a client that retries a POST it is not sure went
// through sends the same key again, and gets the first answer again
// without being billed again.
//
//   - The key is scoped to the account (two accounts may use the same
//     value) and bound to its request: the operation, path, query and body
//     bytes. The same key with another request is a 422 naming the header.
//   - A retry that comes while the first call is still running waits for
//     it (up to the write timeout) and gets its answer: concurrent retries
//     bill once.
//   - Kept: answers below 500, but 429 (a refusal for rate or quota, which
//     a retry may pass) and 503; a 5xx, a refusal for rate or an answer
//     streamed beyond StreamBuffered is not kept, and a retry runs again.
//   - Retention: IdempotencyRetention (24 hours) from the answer, within
//     Limits.IdempotencyBytes of kept answers (64 MiB by default, the
//     oldest dropped first), in this server's memory: instances behind a
//     balancer do not share keys (route a key to one instance, or accept
//     that a retry reaching another instance runs again).
//   - A replay carries Idempotent-Replayed: true and the first answer's
//     status, media type and body byte for byte (its request_id is the
//     first call's).

// IdempotencyHeader is the request header of an idempotency key.
const IdempotencyHeader = "Idempotency-Key"

// IdempotencyRetention is how long an answer is kept for its key.
const IdempotencyRetention = 24 * time.Hour

// maxIdempotencyKey bounds the key's length.
const maxIdempotencyKey = 255

// idemStore holds the answers of idempotency keys, by account and key.
type idemStore struct {
	mu      sync.Mutex
	entries map[string]*idemEntry
	order   *list.List // completed entries, oldest first
	bytes   int64
	max     int64
}

// idemEntry is the state of one key: running (done open), answered (resp
// set), or abandoned (done closed, resp nil: the first call's answer was
// not kept; the next request with the key runs again).
type idemEntry struct {
	key  string
	fp   [32]byte
	done chan struct{}
	resp *idemAnswer
	at   time.Time
	elem *list.Element
}

// idemAnswer is a kept answer.
type idemAnswer struct {
	status  int
	ctype   []byte
	body    []byte
	headers [][2][]byte
}

func (a *idemAnswer) size() int64 { return int64(len(a.body) + len(a.ctype) + 256) }

func newIdemStore(max int64) *idemStore {
	return &idemStore{entries: map[string]*idemEntry{}, order: list.New(), max: max}
}

// keptHeaders are the response header fields a replay repeats.
var keptHeaders = []string{"Content-Disposition", "Content-Security-Policy", "Cache-Control", "X-Warnings", "Preference-Applied", "Vary"}

// idempotent serves a POST that carries an idempotency key: the first
// request with the key runs (serveCall) and its answer is kept; a retry
// gets that answer again.
func (s *Server) idempotent(rc *fasthttp.RequestCtx, o *op.Operation, r op.Request, key, ik []byte, lang string, token bool) *op.Call {
	refuse := func(p *op.Problem) *op.Call {
		s.writeProblem(rc, p, r.RequestID)
		return op.NewCall(o, r)
	}
	ikey, ok := readIdempotencyKey(ik)
	switch {
	case !ok:
		p := op.NewProblem(400, op.KindBadRequest, "the Idempotency-Key header must hold 1 to 255 visible ASCII characters, bare or as a quoted string (\"8e03978e-40d5-43e8-bc93-6894a57f9324\")")
		p.Errors = []op.FieldProblem{{Field: IdempotencyHeader, Reason: "malformed"}}
		return refuse(p)
	case o.Method != "POST":
		p := op.NewProblem(400, op.KindBadRequest, o.Method+" is idempotent by itself: send Idempotency-Key with POST operations only")
		p.Errors = []op.FieldProblem{{Field: IdempotencyHeader, Reason: "only with POST"}}
		return refuse(p)
	case o.Streams():
		p := op.NewProblem(400, op.KindBadRequest, "operation "+o.ID+" streams its answer, which is not kept: send it without Idempotency-Key")
		p.Errors = []op.FieldProblem{{Field: IdempotencyHeader, Reason: "not with streamed answers"}}
		return refuse(p)
	}
	ent, p := s.authenticate(r.Context, key, r.RemoteIP)
	if p != nil {
		return s.serveCall(rc, o, r, key, nil, lang, token) // answers the key's refusal as any call
	}
	scope := ent.account.ID + "\x00" + ikey
	fp := idemFingerprint(o, rc, r.Body)
	st := s.idem
	for range 3 {
		now := s.cfg.Clock()
		st.mu.Lock()
		e := st.entries[scope]
		if e != nil && e.resp != nil && now.Sub(e.at) >= IdempotencyRetention {
			st.drop(e)
			e = nil
		}
		if e == nil {
			e = &idemEntry{key: scope, fp: fp, done: make(chan struct{})}
			st.entries[scope] = e
			st.mu.Unlock()
			return s.firstCall(rc, o, r, key, lang, token, e)
		}
		st.mu.Unlock()
		if e.fp != fp {
			p := op.NewProblem(422, op.KindValidation, "this Idempotency-Key was used with another request (operation, path, query or body): use a new key for a new request")
			p.Errors = []op.FieldProblem{{Field: IdempotencyHeader, Reason: "already used with another request"}}
			return refuse(p)
		}
		select {
		case <-e.done:
		case <-time.After(s.cfg.Limits.WriteTimeout):
			p := op.NewProblem(409, op.KindConflict, "the first request with this Idempotency-Key is still running; retry later").WithRetryAfter(time.Second)
			p.Errors = []op.FieldProblem{{Field: IdempotencyHeader, Reason: "in use by a request still running"}}
			return refuse(p)
		}
		if a := e.resp; a != nil {
			a.write(rc)
			return op.NewCall(o, r)
		}
		// Abandoned: the first call's answer was not kept; run again.
	}
	return s.serveCall(rc, o, r, key, nil, lang, token)
}

// firstCall runs the first request of a key and keeps its answer.
func (s *Server) firstCall(rc *fasthttp.RequestCtx, o *op.Operation, r op.Request, key []byte, lang string, token bool, e *idemEntry) *op.Call {
	st := s.idem
	keep := false
	var kept *idemAnswer // set on e under st.mu: retries read e.resp under it
	defer func() {
		st.mu.Lock()
		if keep {
			e.resp = kept
			e.at = s.cfg.Clock()
			e.elem = st.order.PushBack(e)
			st.bytes += e.resp.size()
			for st.bytes > st.max && st.order.Len() > 0 {
				st.drop(st.order.Front().Value.(*idemEntry))
			}
		} else {
			e.resp = nil
			if st.entries[e.key] == e {
				delete(st.entries, e.key)
			}
		}
		close(e.done)
		st.mu.Unlock()
	}()
	c := s.serveCall(rc, o, r, key, nil, lang, token)
	status := rc.Response.StatusCode()
	if status >= 500 || status == 429 || rc.Response.IsBodyStream() {
		return c
	}
	a := &idemAnswer{status: status, ctype: append([]byte(nil), rc.Response.Header.ContentType()...), body: append([]byte(nil), rc.Response.Body()...)}
	for _, h := range keptHeaders {
		if v := rc.Response.Header.Peek(h); len(v) > 0 {
			a.headers = append(a.headers, [2][]byte{[]byte(h), append([]byte(nil), v...)})
		}
	}
	if a.size() > st.max/4 {
		return c // an answer too large to keep
	}
	kept, keep = a, true
	return c
}

// drop removes an answered entry (st.mu held).
func (st *idemStore) drop(e *idemEntry) {
	if st.entries[e.key] == e {
		delete(st.entries, e.key)
	}
	if e.elem != nil {
		st.order.Remove(e.elem)
		e.elem = nil
		st.bytes -= e.resp.size()
	}
}

// write answers a replay.
func (a *idemAnswer) write(rc *fasthttp.RequestCtx) {
	rc.SetStatusCode(a.status)
	rc.Response.Header.SetContentTypeBytes(a.ctype)
	for _, h := range a.headers {
		rc.Response.Header.SetBytesKV(h[0], h[1])
	}
	rc.Response.Header.Set("Idempotent-Replayed", "true")
	rc.SetBody(a.body)
}

// readIdempotencyKey reads the header's value: a structured-field string
// ("...", RFC 8941) or, as many clients send it, the bare value.
func readIdempotencyKey(v []byte) (string, bool) {
	v = bytes.TrimSpace(v)
	if len(v) > 0 && v[0] == '"' {
		u, err := strconv.Unquote(string(v))
		if err != nil {
			return "", false
		}
		v = []byte(u)
	}
	if len(v) == 0 || len(v) > maxIdempotencyKey {
		return "", false
	}
	for _, c := range v {
		if c < 0x21 || c > 0x7e {
			return "", false
		}
	}
	return string(v), true
}

// idemFingerprint identifies a request exactly: operation, path (with
// its parameters), query and body.
func idemFingerprint(o *op.Operation, rc *fasthttp.RequestCtx, body []byte) [32]byte {
	h := sha256.New()
	h.Write([]byte(o.ID))
	h.Write([]byte{0})
	h.Write(rc.Path())
	h.Write([]byte{0})
	h.Write(rc.QueryArgs().QueryString())
	h.Write([]byte{0})
	h.Write(body)
	var out [32]byte
	h.Sum(out[:0])
	return out
}
