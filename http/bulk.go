package http

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/maphash"
	"io"
	"net"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	json "github.com/goccy/go-json"
	"github.com/valyala/fasthttp"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/jsonw"
	"github.com/astroapi/astroapi/http/op"
	"github.com/astroapi/astroapi/http/shape"
	"github.com/astroapi/astroapi/quota"
)

// The bulk route runs a job of any length: the request body is NDJSON, one
// operation body per line (the operation named once, in the query) or one
// batch item per line (each naming its own); the answer is NDJSON, one
// line per input line in input order, each carrying its line number and
// its result or its RFC 9457 problem, then an end line; or CSV for results
// of one list (a table per line).
//
// The answer begins with the first line computed, while the request is
// still being read: the connection is taken over from fasthttp (hijacked)
// once the job is accepted, a reader goroutine reads lines from the
// request body, the job's workers (one per core) run them through the
// same door as single calls (the input stage, the bill, the results
// cache, the handler), and the connection's goroutine writes the answers
// in order, in large chunks. Memory is bounded whatever the job's length:
// at most BulkLimits.Window lines, and about BulkLimits.WindowBytes of
// their input and answers, are held between the reader and the writer (a
// slow line holds back at most that many behind it: the reorder window).
//
// Billing is per line, as batch items are: a good line is charged its
// operation's cost, a line refused (400, 404, 422) is not, and a line
// computed but never written (the client gone) is given back. A client
// that lost the connection resumes with start_line, the first line it did
// not receive, and job, the cut job's id: lines the cut job billed and the
// client did not receive are answered again without being billed again
// (the same line, same operation, within the last BulkRing lines written).

// BulkPath is the bulk route's path.
const BulkPath = "/api/v1/bulk"

const bulkOperationID = "post-bulk"

// bulkMedia is the media type of the bulk route's body and answer.
const bulkMedia = "application/x-ndjson"

// BulkLimits bound the bulk route.
type BulkLimits struct {
	// Jobs running at once: overall (default 2 x GOMAXPROCS) and per
	// account (default 2).
	MaxJobs, MaxJobsPerAccount int
	// Window is how many lines may be read ahead of the line being
	// written (the reorder window; default 256); WindowBytes bounds their
	// input and answers held (default 8 MiB).
	Window      int
	WindowBytes int64
	// Workers run a job's lines (default GOMAXPROCS).
	Workers int
	// Resumable is how long the billing of a finished or cut job is kept
	// for a resume (default 1 hour), for at most MaxResumable jobs (64).
	Resumable    time.Duration
	MaxResumable int
}

func (l *BulkLimits) defaults() {
	if l.MaxJobs <= 0 {
		l.MaxJobs = 2 * runtime.GOMAXPROCS(0)
	}
	if l.MaxJobsPerAccount <= 0 {
		l.MaxJobsPerAccount = 2
	}
	if l.Window <= 0 {
		l.Window = 256
	}
	if l.WindowBytes <= 0 {
		l.WindowBytes = 8 << 20
	}
	if l.Workers <= 0 {
		l.Workers = runtime.GOMAXPROCS(0)
	}
	if l.Resumable <= 0 {
		l.Resumable = time.Hour
	}
	if l.MaxResumable <= 0 {
		l.MaxResumable = 64
	}
}

// bulkRingSize is how many written lines a job remembers the billing of,
// for a resume: more than can be in flight between the server's socket
// and the client when a connection breaks.
const bulkRingSize = 1 << 14

// bulkFormat is the format of a bulk answer.
type bulkFormat string

// EnumValues lists the formats.
func (bulkFormat) EnumValues() []string { return []string{"ndjson", "csv"} }

// bulkParams are the query parameters of the bulk route.
type bulkParams struct {
	Operation string     `json:"operation,omitempty" doc:"operation id of every line (a line is then that operation's JSON body; for a GET operation an object of its query parameters); omitted: each line is a batch item naming its own operation" example:"post-natal"`
	StartLine int64      `json:"start_line,omitempty" doc:"number of the first line to answer: the lines before it are read and skipped, neither run nor billed. A client resuming a cut job sends the first line it did not receive" minimum:"1" default:"1"`
	FirstLine int64      `json:"first_line,omitempty" doc:"number of the body's first line: a client resuming may send only the rest of its file, numbered from here" minimum:"1" default:"1"`
	Job       string     `json:"job,omitempty" doc:"the id of the cut job being resumed (its Bulk-Job header and end line): the lines it billed and the client did not receive are not billed again"`
	Format    bulkFormat `json:"format,omitempty" doc:"ndjson (a JSON object per line) or csv (a table: the result's one list, chosen with fields, a row per element); omitted: csv when the Accept header asks for text/csv, else ndjson"`
}

// Hints answers names callers send for the route's parameters.
func (*bulkParams) Hints() map[string]string {
	return map[string]string{
		"skip":   "send start_line, the number of the first line to answer (lines before it are skipped)",
		"offset": "send first_line, the number of the body's first line",
		"resume": "send job (the cut job's id) and start_line (the first line not received)",
		"op":     "send operation, an operation id such as post-natal",
	}
}

// bulkLine documents a line of a bulk answer (written by bulkJob, never
// encoded from this type).
type bulkLine struct {
	Line int64 `json:"line" doc:"number of the input line this answers (the body's first line is first_line)"`
	batchOutcome
}

// bulkEnd documents the last line of an NDJSON bulk answer.
type bulkEnd struct {
	End bulkSummary `json:"end" doc:"the job's summary, its last line: a stream without it was cut"`
}

// bulkSummary is the summary of a bulk job.
type bulkSummary struct {
	Job       string      `json:"job" doc:"the job's id, to send as job when resuming it"`
	FirstLine int64       `json:"first_line" doc:"number of the body's first line"`
	StartLine int64       `json:"start_line" doc:"number of the first line answered"`
	NextLine  int64       `json:"next_line" doc:"number of the line after the last one answered: where a job cut short resumes"`
	Lines     int64       `json:"lines" doc:"lines answered"`
	Succeeded int64       `json:"succeeded" doc:"lines answered with a result"`
	Failed    int64       `json:"failed" doc:"lines answered with a problem"`
	Billed    int64       `json:"billed" doc:"calls billed to the account by this request (lines answered again after a cut are not billed again)"`
	Complete  bool        `json:"complete" doc:"the whole body was read and every line answered"`
	Problem   *op.Problem `json:"problem,omitempty" doc:"why the job ended before the end of the body (it did not read to its end, the server is closing); resume from next_line"`
}

// bulkOp is POST /api/v1/bulk. Its handler is serveBulk: the operation is
// declared for the documents (the body is a batch item per line, the
// answer a line per input line) and the router.
func (s *Server) bulkOp() *op.Operation {
	return op.Post(op.Spec{
		ID: bulkOperationID, Path: BulkPath, Family: "Agents", Access: op.Free, NoBatch: true,
		Summary: "Run a job of any length: NDJSON in, NDJSON (or CSV) out, in order, streamed",
		Description: "The body is NDJSON: one line per call, either the JSON body of the operation named in the operation parameter, " +
			"or (without it) a batch item naming its own operation. The answer starts before the body has been read to its end and holds one line per input line, " +
			"in input order: {line, id, operation, status, input, result, warnings} or {line, id, operation, status, problem}, then an end line {end: {job, next_line, lines, succeeded, failed, billed, complete}}. " +
			"A line is billed as a single call of its operation (a batch item: no token of the per-second rate, which the job takes once); a refused line (400, 404, 422) is a problem in its place and is not billed. " +
			"Offline geocoding of a location and the zone of a place work per line as in single calls. fields and decimals shape every line's result. " +
			"format=csv (or Accept: text/csv) writes a table instead: a row per element of the result's one list (chosen with fields, e.g. fields=planets or fields=houses.cusps; scalars outside it repeat on each row), headed by the columns line and status and ending with problem. " +
			"Resuming: each line carries its number; a client that lost the connection sends the body again with start_line, the first line it did not receive (or only the rest, numbered with first_line), " +
			"and job, the cut job's id (the Bulk-Job header): lines the cut job billed and the client did not receive are not billed again (the same line within the last 16,384 lines written; jobs are kept for resuming an hour). " +
			"Memory stays bounded whatever the length: at most 256 lines (8 MiB) are held between reading and writing. A line is at most the body limit of a single call (1 MiB); an account runs at most 2 jobs at once. " +
			"The connection closes after the answer. 'Now' is the job's start for every line.",
	}, s.bulkDoc)
}

// bulkDoc is never called: serveBulk serves the route.
func (s *Server) bulkDoc(*op.Call, *batchItem) (bulkLine, error) {
	return bulkLine{}, errors.New("http: the bulk route is served by serveBulk")
}

// bulkState is the server's bookkeeping of bulk jobs: those running (per
// account, and by id for a resume to stop the one it replaces) and the
// billing rings of jobs that ended, kept for resuming them.
type bulkState struct {
	mu        sync.Mutex
	running   map[string]*bulkJob // by job id
	perAcct   map[string]int
	ended     map[string]*bulkRing // by job id
	endedList []string             // ids in the order they ended, oldest first
	wg        sync.WaitGroup       // running jobs, for Shutdown
}

// bulkRing remembers the billing of the last bulkRingSize lines a job
// wrote: the resume of a cut job answers those lines again unbilled.
type bulkRing struct {
	account string
	ended   time.Time
	entries []ringEntry
}

type ringEntry struct {
	line int64
	hash uint64
	cost int64
}

func newBulkRing(account string) *bulkRing {
	return &bulkRing{account: account, entries: make([]ringEntry, bulkRingSize)}
}

func (r *bulkRing) put(line int64, hash uint64, cost int64) {
	r.entries[uint64(line)%bulkRingSize] = ringEntry{line: line, hash: hash, cost: cost}
}

// paid is what line (with this hash) was billed before, 0 if it was not.
func (r *bulkRing) paid(line int64, hash uint64) int64 {
	if r == nil {
		return 0
	}
	if e := r.entries[uint64(line)%bulkRingSize]; e.line == line && e.hash == hash {
		return e.cost
	}
	return 0
}

var lineSeed = maphash.MakeSeed()

// lineHash identifies a line of a job: its operation and its bytes.
func lineHash(opID string, line []byte) uint64 {
	var h maphash.Hash
	h.SetSeed(lineSeed)
	h.WriteString(opID)
	h.WriteByte(0)
	h.Write(line)
	return h.Sum64()
}

// bulkJob is one running job.
type bulkJob struct {
	s       *Server
	parent  *op.Call
	id      string
	op      *op.Operation // every line's, nil when each line names its own
	shape   *shape.Spec
	csv     *csvTable // nil: NDJSON
	first   int64
	start   int64
	head    []byte    // the HTTP response head
	body    io.Reader // the request body
	prev    *bulkRing // billing of the cut job this one resumes (nil)
	ring    *bulkRing
	free    sync.Map // *op.Operation -> its unbilled twin (lines paid before)
	nocache sync.Map // *op.Operation -> its twin that leaves the results cache alone

	inflight chan *bulkSlot // in line order, to the writer
	work     chan *bulkSlot // to the workers
	mu       sync.Mutex     // guards held, stopping
	room     *sync.Cond
	held     int64
	stopping bool
	stopWhy  *op.Problem
	readErr  error
	conn     net.Conn

	release func()                           // the job's slot
	done    atomic.Pointer[func(status int)] // records the request (set by finish)
}

// bulkSlot is a line on its way through the job.
type bulkSlot struct {
	line    int64
	in      []byte
	out     []byte
	tooLong bool
	done    chan struct{}
	hash    uint64
	charged int64 // calls this job billed for it (given back if it is never written)
	cost    int64 // calls the line stands for (billed now or by the cut job)
	ok      bool
	held    int64
}

var slotPool = sync.Pool{New: func() any { return &bulkSlot{} }}

// serveBulk is the bulk route's handler: it checks the request, and on
// success takes the connection over (run) to stream the answer.
func (s *Server) serveBulk(o *op.Operation) fasthttp.RequestHandler {
	paramsOp := op.Get(op.Spec{ID: bulkOperationID, Path: BulkPath}, func(*op.Call, *bulkParams) (struct{}, error) { return struct{}{}, nil })
	return func(rc *fasthttp.RequestCtx) {
		rid, _ := rc.UserValue(ridKey).(string)
		r := op.Request{Context: s.baseCtx, Now: s.cfg.Clock().UTC(), RequestID: rid, RemoteIP: s.clientIP(rc), Services: s.cfg.Services}
		if pref := rc.Request.Header.Peek("Prefer"); len(pref) > 0 && prefersLenient(string(pref)) {
			r.Lenient = true
			rc.Response.Header.Set("Preference-Applied", "handling=lenient")
		}
		for k, v := range rc.QueryArgs().All() {
			if string(k) != langParam {
				r.Query = append(r.Query, [2]string{string(k), string(v)})
			}
		}
		var sh *shape.Spec // every line's shape, checked against the lines' operation
		r.Query, sh = shape.FromQuery(r.Query)
		var c *op.Call
		refuse := func(p *op.Problem) {
			if c == nil {
				c = op.NewCall(o, r)
			}
			rc.SetConnectionClose() // the body is not read
			s.setLimitHeaders(rc, c.Usage(), p)
			s.writeProblem(rc, p, rid)
			rc.SetUserValue(opKey, c)
		}
		key, p := requestKey(&rc.Request.Header)
		if p != nil {
			refuse(p)
			return
		}
		ent, p := s.authenticate(r.Context, key, r.RemoteIP)
		if p != nil {
			refuse(p)
			return
		}
		r.Key, r.Account = &ent.key, &ent.account
		c = op.NewCall(paramsOp, r)
		if p := s.rateToken(c); p != nil { // the job's token of the per-second rate
			s.tarpit(p)
			refuse(p)
			return
		}
		if err := c.Decode(); err != nil {
			refuse(s.internal(c, err))
			return
		}
		in := c.Input().(*bulkParams)
		j, p := s.newBulkJob(c, in, sh, rc.Request.Header.Peek("Accept"))
		if p != nil {
			refuse(p)
			return
		}
		j.body = rc.RequestBodyStream()
		if j.body == nil {
			j.body = bytesReader(rc.PostBody()) // a body fasthttp read whole (tests calling the handler directly)
		}
		rc.SetStatusCode(200)
		if j.csv != nil {
			rc.SetContentType("text/csv; charset=utf-8")
		} else {
			rc.SetContentType(bulkMedia)
		}
		rc.Response.Header.Set("Bulk-Job", j.id)
		rc.Response.Header.SetContentLength(-1) // chunked
		rc.Response.Header.SetConnectionClose()
		if u := c.Usage(); u != nil {
			s.setLimitHeaders(rc, u, nil)
		}
		j.head = append([]byte(nil), rc.Response.Header.Header()...)
		rc.Request.Header.Del(fasthttp.HeaderAcceptEncoding) // the compression handler leaves the response alone
		rc.SetUserValue(opKey, c)
		rc.SetUserValue(bulkKey, j)
		rc.HijackSetNoResponse(true)
		rc.Hijack(j.run)
	}
}

// bulkKey holds the running job in the request context, so that finish
// records the request when the job ends.
const bulkKey = "astroapi.bulk"

func bytesReader(b []byte) io.Reader { return &sliceReader{b: b} }

type sliceReader struct{ b []byte }

func (r *sliceReader) Read(p []byte) (int, error) {
	if len(r.b) == 0 {
		return 0, io.EOF
	}
	n := copy(p, r.b)
	r.b = r.b[n:]
	return n, nil
}

// newBulkJob checks a job's parameters and takes its slot: the 4xx or 503
// to answer instead when it cannot run.
func (s *Server) newBulkJob(c *op.Call, in *bulkParams, sh *shape.Spec, accept []byte) (*bulkJob, *op.Problem) {
	j := &bulkJob{s: s, parent: c, shape: sh, first: in.FirstLine, start: max(in.StartLine, in.FirstLine)}
	j.room = sync.NewCond(&j.mu)
	var errs engine.Fields
	if in.Operation != "" {
		o := s.byID[in.Operation]
		switch {
		case o == nil:
			errs.Bad("operation", "is not an operation id; GET /api/v1/ lists them (e.g. post-natal)")
		case !o.Batchable():
			errs.Bad("operation", o.ID+" cannot run in bulk (it answers a non-JSON or streamed body, or is not a calculation)")
		case len(o.PathParams()) > 0:
			errs.Bad("operation", o.ID+" takes path parameters ("+o.Path+"): omit operation and send each line as a batch item with its params")
		default:
			j.op = o
			errs.Add(j.shape.Check(o.Out))
		}
	} else {
		errs.Add(j.shape.Err()) // checked against each line's operation
	}
	format := in.Format
	if format == "" && acceptsCSV(string(accept)) {
		format = "csv"
	}
	if format == "csv" {
		switch {
		case in.Operation == "":
			errs.Bad("format", "csv needs the operation of every line (operation): the columns are its result's")
		case j.op != nil:
			t, err := planCSV(j.op.Out, j.shape)
			if err != nil {
				errs.Bad("format", err.Error())
			}
			j.csv = t
		}
	}
	if err := errs.Err(); err != nil {
		return nil, op.ValidationProblem(errs)
	}
	acct := c.Account().ID
	bs := s.bulk
	if in.Job != "" {
		ring, p := bs.resume(in.Job, acct)
		if p != nil {
			return nil, p
		}
		j.prev = ring
	}
	lim := s.cfg.Limits.Bulk
	bs.mu.Lock()
	defer bs.mu.Unlock()
	switch {
	case s.shuttingDown.Load():
		return nil, op.NewProblem(503, op.KindUnavailable, "the server is shutting down; send the job to another instance").WithRetryAfter(time.Second)
	case len(bs.running) >= lim.MaxJobs:
		return nil, op.NewProblem(503, op.KindUnavailable, fmt.Sprintf("the server runs as many bulk jobs as it allows (%d); retry in a few seconds", lim.MaxJobs)).WithRetryAfter(5 * time.Second)
	case bs.perAcct[acct] >= lim.MaxJobsPerAccount:
		return nil, op.NewProblem(429, op.KindRate, fmt.Sprintf("your account already runs %d bulk jobs, as many as it may at once; wait for one to end", lim.MaxJobsPerAccount)).WithRetryAfter(5 * time.Second)
	}
	var id [8]byte
	rand.Read(id[:])
	j.id = hex.EncodeToString(id[:])
	j.ring = newBulkRing(acct)
	bs.running[j.id] = j
	bs.perAcct[acct]++
	bs.wg.Add(1)
	j.release = func() {
		bs.mu.Lock()
		delete(bs.running, j.id)
		if bs.perAcct[acct]--; bs.perAcct[acct] <= 0 {
			delete(bs.perAcct, acct)
		}
		j.ring.ended = time.Now()
		bs.keep(j.id, j.ring, lim)
		bs.mu.Unlock()
		bs.wg.Done()
	}
	return j, nil
}

// acceptsCSV reports whether an Accept header asks for text/csv before
// the JSON forms.
func acceptsCSV(accept string) bool {
	for _, part := range strings.Split(accept, ",") {
		mt, _, _ := strings.Cut(part, ";")
		switch strings.TrimSpace(mt) {
		case "text/csv":
			return true
		case bulkMedia, "application/json", "*/*":
			return false
		}
	}
	return false
}

func newBulkState() *bulkState {
	return &bulkState{running: map[string]*bulkJob{}, perAcct: map[string]int{}, ended: map[string]*bulkRing{}}
}

// keep files the ring of a job that ended, dropping the oldest beyond the
// limits (bs.mu held).
func (bs *bulkState) keep(id string, r *bulkRing, lim BulkLimits) {
	bs.ended[id] = r
	bs.endedList = append(bs.endedList, id)
	for len(bs.endedList) > 0 {
		oldest := bs.ended[bs.endedList[0]]
		if oldest != nil && len(bs.ended) <= lim.MaxResumable && time.Since(oldest.ended) < lim.Resumable {
			break
		}
		delete(bs.ended, bs.endedList[0])
		bs.endedList = bs.endedList[1:]
	}
}

// resume finds the billing of the job a resume names: a running job (its
// connection not yet seen broken) is stopped first and waited for.
func (bs *bulkState) resume(id, account string) (*bulkRing, *op.Problem) {
	unknown := func() *op.Problem {
		p := op.NewProblem(422, op.KindValidation, "job "+strconv.Quote(id)+" is not a bulk job of this account kept for resuming (jobs are kept an hour after they end): send the lines without job, they will be billed")
		p.Errors = []op.FieldProblem{{Field: "job", Reason: "unknown or expired job"}}
		return p
	}
	for range 50 {
		bs.mu.Lock()
		if j := bs.running[id]; j != nil {
			bs.mu.Unlock()
			if j.ring.account != account {
				return nil, unknown()
			}
			j.stop(op.NewProblem(409, op.KindConflict, "a resume of this job started; this connection is closed"))
			time.Sleep(20 * time.Millisecond)
			continue
		}
		r := bs.ended[id]
		bs.mu.Unlock()
		if r == nil || r.account != account {
			return nil, unknown()
		}
		return r, nil
	}
	return nil, op.NewProblem(409, op.KindConflict, "job "+id+" is still running and did not stop within a second; retry").WithRetryAfter(time.Second)
}

// stopAll stops the running jobs (Shutdown): each answers the lines it has
// read and ends with p in its end line.
func (bs *bulkState) stopAll(p *op.Problem) {
	bs.mu.Lock()
	jobs := make([]*bulkJob, 0, len(bs.running))
	for _, j := range bs.running {
		jobs = append(jobs, j)
	}
	bs.mu.Unlock()
	for _, j := range jobs {
		j.stop(p)
	}
}

// shutdown stops the running jobs and waits for them, until ctx ends.
func (bs *bulkState) shutdown(ctx context.Context) error {
	bs.stopAll(op.NewProblem(503, op.KindUnavailable, "the server is shutting down; resume from next_line (on another instance, with job)").WithRetryAfter(time.Second))
	done := make(chan struct{})
	go func() { bs.wg.Wait(); close(done) }()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return fmt.Errorf("http: bulk jobs still running at shutdown: %w", ctx.Err())
	}
}

// stop ends the job early: the reader stops reading (its deadline is
// moved to now), the lines read are answered, then the end line says why.
func (j *bulkJob) stop(p *op.Problem) {
	j.mu.Lock()
	if !j.stopping {
		j.stopping, j.stopWhy = true, p
	}
	conn := j.conn
	j.room.Broadcast()
	j.mu.Unlock()
	if conn != nil {
		conn.SetReadDeadline(time.Now())
	}
}

func (j *bulkJob) stopped() bool {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.stopping
}

// run streams the job's answer on the connection taken over from fasthttp.
func (j *bulkJob) run(conn net.Conn) {
	s := j.s
	status := 200
	defer func() {
		if r := recover(); r != nil {
			s.log.Error("panic in a bulk job", "request_id", j.parent.RequestID(), "panic", fmt.Sprint(r), "stack", string(debug.Stack()))
			status = 500
		}
		j.release()
		if d := j.done.Load(); d != nil {
			(*d)(status)
		}
	}()
	lim := s.cfg.Limits
	j.mu.Lock()
	j.conn = conn
	stopping := j.stopping
	j.mu.Unlock()
	if stopping {
		conn.SetReadDeadline(time.Now())
	}
	w := &chunkWriter{conn: conn, timeout: lim.WriteTimeout, buf: make([]byte, chunkHead, bulkChunk+chunkHead+2)}
	conn.SetWriteDeadline(time.Now().Add(lim.WriteTimeout))
	if _, err := conn.Write(j.head); err != nil {
		j.stop(nil)
	}
	j.inflight = make(chan *bulkSlot, lim.Bulk.Window)
	j.work = make(chan *bulkSlot, lim.Bulk.Window)
	var wg sync.WaitGroup
	wg.Add(1 + lim.Bulk.Workers)
	go func() {
		defer wg.Done()
		j.read(lim.Bulk, lim.IdleTimeout)
	}()
	for range lim.Bulk.Workers {
		go func() {
			defer wg.Done()
			var call op.Call // reused line after line (op.Call.Reuse)
			for sl := range j.work {
				j.answer(sl, &call)
				close(sl.done)
			}
		}()
	}
	sum := j.write(w, lim.Bulk)
	wg.Wait()
	if err := w.err; err == nil {
		if j.csv == nil {
			w.add(appendEnd(nil, sum))
		}
		w.end()
	}
}

// write writes the answers in line order as they are done, in chunks of
// up to bulkChunk bytes; a chunk goes out early when the next line is not
// done within a moment, so that the first lines and a slow job's lines are
// not held back. It returns the summary of what it wrote.
func (j *bulkJob) write(w *chunkWriter, lim BulkLimits) bulkSummary {
	sum := bulkSummary{Job: j.id, FirstLine: j.first, StartLine: j.start, NextLine: j.start}
	s := j.s
	timer := time.NewTimer(time.Hour)
	timer.Stop()
	if j.csv != nil {
		w.add(j.csv.header())
	}
	// wait waits for a channel to be ready; what is pending goes out
	// first when it is not ready within a moment.
	wait := func(ready <-chan struct{}) {
		select {
		case <-ready:
			return
		default:
		}
		if w.err != nil || w.pending() == 0 {
			<-ready
			return
		}
		if w.pending() >= bulkChunk/4 {
			w.flush()
			<-ready
			return
		}
		timer.Reset(2 * time.Millisecond)
		select {
		case <-ready:
		case <-timer.C:
			w.flush()
			<-ready
		}
		timer.Stop()
	}
	for {
		var sl *bulkSlot
		var ok bool
		select {
		case sl, ok = <-j.inflight:
		default:
			next := make(chan struct{})
			go func() { sl, ok = <-j.inflight; close(next) }()
			wait(next)
		}
		if !ok {
			break
		}
		wait(sl.done)
		if w.err != nil {
			// The client is gone: what it was not sent is given back.
			if sl.charged > 0 {
				s.cfg.Quota.Refund(j.parent.Account().ID, j.parent.Now(), sl.charged)
			}
		} else {
			w.add(sl.out)
			if w.pending() >= bulkChunk {
				w.flush()
			}
			sum.Lines++
			sum.NextLine = sl.line + 1
			sum.Billed += sl.charged
			if sl.ok {
				sum.Succeeded++
			} else {
				sum.Failed++
			}
			if sl.cost > 0 {
				j.ring.put(sl.line, sl.hash, sl.cost)
			}
		}
		if w.err != nil && !j.stopped() {
			j.stop(nil)
		}
		j.unhold(sl.held)
		sl.in, sl.out = sl.in[:0], sl.out[:0]
		if cap(sl.in) > 64<<10 {
			sl.in = nil
		}
		if cap(sl.out) > 64<<10 {
			sl.out = nil
		}
		slotPool.Put(sl)
	}
	w.flush()
	j.mu.Lock()
	why, readErr := j.stopWhy, j.readErr
	j.mu.Unlock()
	switch {
	case why != nil:
		cp := *why // shared by the jobs a shutdown stopped: each writes its own request id
		sum.Problem = &cp
	case readErr != nil:
		sum.Problem = readProblem(readErr)
	default:
		sum.Complete = true
	}
	if sum.Problem != nil {
		sum.Problem.RequestID = j.parent.RequestID()
	}
	return sum
}

// readProblem is the end line's problem of a body that could not be read
// to its end.
func readProblem(err error) *op.Problem {
	var te interface{ Timeout() bool }
	if errors.As(err, &te) && te.Timeout() {
		return op.NewProblem(408, op.KindTimeout, "the request body stalled (nothing came within the idle timeout); resume from next_line")
	}
	return op.NewProblem(400, op.KindBadRequest, "the request body could not be read to its end ("+err.Error()+"); resume from next_line")
}

// hold counts n bytes against the window, waiting while it is full (and
// something is held: a line larger than the window still passes alone).
func (j *bulkJob) hold(n int64, limit int64) bool {
	j.mu.Lock()
	defer j.mu.Unlock()
	for j.held > 0 && j.held+n > limit && !j.stopping {
		j.room.Wait()
	}
	j.held += n
	return !j.stopping
}

func (j *bulkJob) unhold(n int64) {
	j.mu.Lock()
	j.held -= n
	j.room.Broadcast()
	j.mu.Unlock()
}

// read reads the body's lines and hands them to the writer (in order) and
// the workers, within the window.
func (j *bulkJob) read(lim BulkLimits, idle time.Duration) {
	defer close(j.work)
	defer close(j.inflight)
	maxLine := j.s.cfg.Limits.MaxBodyBytes
	br := bufio.NewReaderSize(&deadlineReader{r: j.body, conn: j.connection, idle: idle}, 64<<10)

	line := j.first - 1
	for !j.stopped() {
		line++
		skip := line < j.start
		sl := slotPool.Get().(*bulkSlot)
		sl.line, sl.tooLong, sl.charged, sl.cost, sl.ok = line, false, 0, 0, false
		in, got, tooLong, err := readLine(br, sl.in[:0], maxLine, skip)
		sl.in = in
		if !got {
			slotPool.Put(sl)
			if !errors.Is(err, io.EOF) {
				j.mu.Lock()
				if !j.stopping {
					j.readErr = err
				}
				j.mu.Unlock()
			}
			return
		}
		if skip {
			slotPool.Put(sl)
			if err != nil {
				return
			}
			continue
		}
		sl.tooLong = tooLong
		sl.held = int64(len(in)) + 1024
		sl.done = make(chan struct{})
		if !j.hold(sl.held, lim.WindowBytes) {
			j.unhold(sl.held)
			slotPool.Put(sl)
			return
		}
		j.inflight <- sl
		j.work <- sl
		if err != nil { // the last line had no newline
			if !errors.Is(err, io.EOF) {
				j.mu.Lock()
				j.readErr = err
				j.mu.Unlock()
			}
			return
		}
	}
}

// connection is the job's connection (nil before run set it).
func (j *bulkJob) connection() net.Conn {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.conn
}

// deadlineReader moves the connection's read deadline before each read:
// a body may pause (the client waits for answers, or produces its lines
// slowly) up to the idle timeout.
type deadlineReader struct {
	r    io.Reader
	conn func() net.Conn
	idle time.Duration
}

func (d *deadlineReader) Read(p []byte) (int, error) {
	if c := d.conn(); c != nil {
		c.SetReadDeadline(time.Now().Add(d.idle))
	}
	return d.r.Read(p)
}

// readLine appends the next line of br (without its newline, or CR LF)
// to dst. got is false when no line is left (err says why: io.EOF at the
// end of the body); a last line without a newline comes with io.EOF. A
// line longer than maxLine is read to its end and not kept (tooLong); a
// skipped line is not kept either.
func readLine(br *bufio.Reader, dst []byte, maxLine int, skip bool) (line []byte, got, tooLong bool, err error) {
	n := 0
	for {
		frag, err := br.ReadSlice('\n')
		n += len(frag)
		if !skip && !tooLong {
			if len(dst)+len(frag) > maxLine+2 {
				tooLong, dst = true, dst[:0]
			} else {
				dst = append(dst, frag...)
			}
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if err != nil && n == 0 {
			return dst, false, false, err
		}
		if len(dst) > 0 && dst[len(dst)-1] == '\n' {
			dst = dst[:len(dst)-1]
		}
		if len(dst) > 0 && dst[len(dst)-1] == '\r' {
			dst = dst[:len(dst)-1]
		}
		return dst, true, tooLong, err
	}
}

// answer runs one line and writes its answer into sl.out, with call, the
// worker's call, reused.
func (j *bulkJob) answer(sl *bulkSlot, call *op.Call) {
	s := j.s
	parent := j.parent
	b := sl.out[:0]
	rid := parent.RequestID() + "." + strconv.FormatInt(sl.line, 10)
	opID := ""
	if j.op != nil {
		opID = j.op.ID
	}
	id := ""
	problem := func(p *op.Problem) {
		p.RequestID = rid
		sl.ok = false
		if j.csv != nil {
			b = j.csv.problemRow(b[:0], sl.line, p)
			return
		}
		b = appendLineHead(b[:0], sl.line, id, opID)
		b = strconv.AppendInt(append(b, `,"status":`...), int64(p.Status), 10)
		pb, err := marshalNoHTML(p)
		if err != nil {
			pb = []byte(`{"status":500,"title":"Internal error"}`)
		}
		b = append(append(append(b, `,"problem":`...), pb...), "}\n"...)
	}
	defer func() { sl.out = b }()
	body := bytes.TrimSpace(sl.in)
	switch {
	case sl.tooLong:
		problem(op.NewProblem(413, op.KindTooLarge, fmt.Sprintf("the line is longer than the %d bytes a call may send", s.cfg.Limits.MaxBodyBytes)))
		return
	case len(body) == 0:
		problem(op.NewProblem(400, op.KindBadRequest, "the line is empty: each line holds one JSON object"))
		return
	}
	r := op.Request{Context: s.baseCtx, Now: parent.Now(), RequestID: rid, Key: parent.Key(), Account: parent.Account(),
		RemoteIP: parent.RemoteIP(), Services: s.cfg.Services, Lenient: parent.Lenient(), Shape: j.shape}
	o := j.op
	if o != nil {
		if o.HasBody() {
			r.Body = body
		} else {
			q, p := lineQuery(body)
			if p != nil {
				problem(p)
				return
			}
			r.Query = q
		}
	} else {
		it, p := s.readItem(body, parent.Lenient())
		if p != nil {
			problem(p)
			return
		}
		id, opID = it.ID, it.Operation
		if o = s.byID[it.Operation]; o == nil {
			p := op.NewProblem(404, op.KindNotFound, "no operation "+strconv.Quote(it.Operation)+"; the reference lists operation ids")
			p.Errors = []op.FieldProblem{{Field: "operation", Reason: "unknown operation"}}
			problem(p)
			return
		}
		if !o.Batchable() {
			p := op.NewProblem(400, op.KindBadRequest, "operation "+o.ID+" cannot run in bulk (it answers a non-JSON or streamed body, or is not a calculation); call it directly")
			p.Errors = []op.FieldProblem{{Field: "operation", Reason: "not available in bulk"}}
			problem(p)
			return
		}
		for _, name := range o.PathParams() {
			if it.Params[name] == "" {
				problem(op.ValidationProblem(engine.Fields{{Field: "params." + name, Reason: "is required by " + o.Path}}))
				return
			}
		}
		r.Body, r.Params = it.Body, it.Params
		for k, v := range it.Query {
			r.Query = append(r.Query, [2]string{k, v})
		}
		var qs *shape.Spec
		r.Query, qs = shape.FromQuery(r.Query)
		r.Shape = it.spec().WithDefaults(qs).WithDefaults(j.shape)
	}
	sl.hash = lineHash(o.ID, body)
	run := o
	if paid := j.prev.paid(sl.line, sl.hash); paid > 0 {
		run, sl.cost = j.unbilled(o), paid // billed by the cut job, not received
	}
	start := time.Now()
	c := call.Reuse(j.uncached(run), r)
	var charged int64
	res, _, p := s.run(c, func(c *op.Call, n int64) (quota.Usage, error) {
		u, err := s.chargeItem(c, n)
		if err == nil {
			charged = n
		}
		return u, err
	})
	if s.cfg.Quota != nil {
		st := 200
		if p != nil {
			st = p.Status
		}
		s.cfg.Quota.Record(quota.Call{AccountID: parent.Account().ID, KeyID: parent.Key().ID, Endpoint: o.ID, Status: st, Problem: problemType(p),
			Duration: time.Since(start), At: parent.Now()})
	}
	if p != nil {
		problem(p)
		return
	}
	sl.charged = charged
	if charged > 0 {
		sl.cost = charged
	}
	var err error
	if j.csv != nil {
		b, err = j.csv.rows(b[:0], sl.line, c, res)
	} else {
		b, err = appendLineAnswer(b[:0], sl.line, id, o.ID, c, res)
	}
	release(c, res)
	if err != nil {
		if sl.charged > 0 {
			s.cfg.Quota.Refund(parent.Account().ID, parent.Now(), sl.charged)
			sl.charged = 0
		}
		problem(s.internal(c, fmt.Errorf("encoding the result: %w", err)))
		return
	}
	sl.ok = true
	j.mu.Lock()
	j.held += int64(len(b))
	sl.held += int64(len(b))
	j.mu.Unlock()
}

// unbilled is o's twin that is not billed: a line the cut job billed.
func (j *bulkJob) unbilled(o *op.Operation) *op.Operation {
	if f, ok := j.free.Load(o); ok {
		return f.(*op.Operation)
	}
	twin := *o
	twin.Access = op.Free
	f, _ := j.free.LoadOrStore(o, &twin)
	return f.(*op.Operation)
}

// uncached is o's twin that leaves the results cache alone. A job's lines
// are one-off calls, read once: they neither look into the cache nor fill
// it, so that a job of 100,000 charts does not push out the answers the
// interactive callers repeat (nor pay for a fingerprint a line).
func (j *bulkJob) uncached(o *op.Operation) *op.Operation {
	if !o.Cacheable {
		return o
	}
	if f, ok := j.nocache.Load(o); ok {
		return f.(*op.Operation)
	}
	twin := *o
	twin.Cacheable = false
	f, _ := j.nocache.LoadOrStore(o, &twin)
	return f.(*op.Operation)
}

// readItem reads a line of a job without an operation: a batch item,
// through the input stage (names it does not have, wrong types).
func (s *Server) readItem(body []byte, lenient bool) (*batchItem, *op.Problem) {
	c := op.NewCall(s.bulkItemOp, op.Request{Body: body, Lenient: lenient})
	if err := c.Decode(); err != nil {
		return nil, op.ProblemFor(err)
	}
	return c.Input().(*batchItem), nil
}

// lineQuery reads a line of a GET operation's job: an object of its query
// parameters (strings, numbers, booleans; lists as arrays of them).
func lineQuery(body []byte) ([][2]string, *op.Problem) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(body, &m); err != nil {
		return nil, op.NewProblem(400, op.KindBadRequest, "the line is not a JSON object of query parameters")
	}
	q := make([][2]string, 0, len(m))
	var errs engine.Fields
	for k, raw := range m {
		var s string
		switch {
		case len(raw) > 0 && raw[0] == '"':
			json.Unmarshal(raw, &s)
			q = append(q, [2]string{k, s})
		case len(raw) > 0 && raw[0] == '[':
			var list []json.RawMessage
			json.Unmarshal(raw, &list)
			for _, el := range list {
				if len(el) > 0 && el[0] == '"' {
					json.Unmarshal(el, &s)
				} else {
					s = string(el)
				}
				q = append(q, [2]string{k, s})
			}
		case len(raw) > 0 && (raw[0] == '{'):
			errs.Bad(k, "must be a string, a number, a boolean or a list of them (a query parameter)")
		default:
			q = append(q, [2]string{k, string(raw)})
		}
	}
	if len(errs) > 0 {
		return nil, op.ValidationProblem(errs)
	}
	return q, nil
}

// appendLineHead appends the start of an answer line.
func appendLineHead(b []byte, line int64, id, opID string) []byte {
	b = strconv.AppendInt(append(b, `{"line":`...), line, 10)
	if id != "" {
		b = jsonw.String(append(b, `,"id":`...), id)
	}
	if opID != "" {
		b = jsonw.String(append(b, `,"operation":`...), opID)
	}
	return b
}

// appendLineAnswer appends the answer line of a call that succeeded: its
// echo (unless fields left it out), its result as its shape asks, and its
// warnings.
func appendLineAnswer(b []byte, line int64, id, opID string, c *op.Call, res any) ([]byte, error) {
	b = appendLineHead(b, line, id, opID)
	b = append(b, `,"status":200`...)
	warnings := c.Warnings()
	if cr, hit := res.(*cachedResult); hit {
		if cr.input != nil {
			b = append(append(b, `,"input":`...), cr.input...)
		}
		b = append(append(b, `,"result":`...), cr.result...)
		warnings = cr.warnings
	} else {
		if c.Shape().KeepsInput() && !c.Operation().Bare {
			b = append(b, `,"input":`...)
			if a, ok := c.Input().(inputAppender); ok {
				b = a.AppendJSON(b)
			} else {
				var err error
				if b, err = appendMarshal(b, c.Input()); err != nil {
					return nil, err
				}
			}
		}
		var err error
		if b, err = appendShaped(append(b, `,"result":`...), c.Shape(), res); err != nil {
			return nil, err
		}
	}
	if len(warnings) > 0 {
		wb, err := marshalNoHTML(warnings)
		if err != nil {
			return nil, err
		}
		b = append(append(b, `,"warnings":`...), wb...)
	}
	return append(b, "}\n"...), nil
}

// appendEnd appends the end line.
func appendEnd(b []byte, sum bulkSummary) []byte {
	out, err := marshalNoHTML(bulkEnd{End: sum})
	if err != nil {
		return append(b, `{"end":{"complete":false}}`+"\n"...)
	}
	return append(append(b, out...), '\n')
}

// chunkWriter writes HTTP/1.1 chunks, each in one write: the chunk's size
// goes into room kept before its data.
type chunkWriter struct {
	conn    net.Conn
	timeout time.Duration
	buf     []byte // chunkHead bytes of room, then the data
	err     error
}

const (
	chunkHead = 10
	bulkChunk = 256 << 10 // bytes of answer a chunk holds before it goes out
)

func (w *chunkWriter) add(b []byte) { w.buf = append(w.buf, b...) }

func (w *chunkWriter) pending() int { return len(w.buf) - chunkHead }

func (w *chunkWriter) flush() {
	n := w.pending()
	if n == 0 || w.err != nil {
		w.buf = w.buf[:chunkHead]
		return
	}
	var hb [chunkHead]byte
	head := append(strconv.AppendInt(hb[:0], int64(n), 16), '\r', '\n')
	start := chunkHead - len(head)
	copy(w.buf[start:], head)
	w.buf = append(w.buf, '\r', '\n')
	w.conn.SetWriteDeadline(time.Now().Add(w.timeout))
	_, w.err = w.conn.Write(w.buf[start:])
	w.buf = w.buf[:chunkHead]
}

// end writes the last chunk.
func (w *chunkWriter) end() {
	w.flush()
	if w.err == nil {
		w.conn.SetWriteDeadline(time.Now().Add(w.timeout))
		_, w.err = w.conn.Write([]byte("0\r\n\r\n"))
	}
}
