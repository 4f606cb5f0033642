package http

import (
	"fmt"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	json "github.com/goccy/go-json"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/http/op"
	"github.com/astroapi/astroapi/http/shape"
	"github.com/astroapi/astroapi/quota"
)

// batchRequest is the body of POST /api/v1/batch.
type batchRequest struct {
	Requests []batchItem `json:"requests" required:"true" doc:"the operations to run, at most 100; answered in the same order" example:"[{\"id\":\"alice\",\"operation\":\"post-natal\",\"body\":{\"year\":1990,\"month\":7,\"day\":14,\"hour\":15,\"minute\":30,\"latitude\":48.8566,\"longitude\":2.3522,\"timezone\":\"Europe/Paris\"}},{\"id\":\"paris\",\"operation\":\"post-timezone-lookup\",\"body\":{\"latitude\":48.8566,\"longitude\":2.3522}}]"`
	itemShape
}

// itemShape is the shape of the results of batch items and bulk lines:
// the shared query parameters of a single call, as members. A batch's own
// are the default of its items; an item's win.
type itemShape struct {
	Fields   string `json:"fields,omitempty" doc:"sparse fieldset of the result: comma-separated dotted paths to keep (planets.name,ascendant), or with a leading minus to leave out (-person1,-person2), as the fields query parameter of a single call; input keeps the input echo" example:"\"planets.name,planets.longitude,ascendant\""`
	Decimals *int   `json:"decimals,omitempty" doc:"round every non-integer number of the result to this many decimal places, as the decimals query parameter of a single call" minimum:"0" maximum:"9"`
}

// spec reads the shape (nil when none was sent).
func (s itemShape) spec() *shape.Spec {
	d := ""
	if s.Decimals != nil {
		d = strconv.Itoa(*s.Decimals)
	}
	return shape.Parse(s.Fields, d)
}

// batchItem is one operation of a batch.
type batchItem struct {
	ID        string            `json:"id,omitempty" doc:"your label for the item, echoed in its outcome" example:"\"alice\""`
	Operation string            `json:"operation" required:"true" doc:"operation id, as in the reference (e.g. post-natal)" example:"\"post-natal\""`
	Body      json.RawMessage   `json:"body,omitempty" doc:"JSON body of a POST operation"`
	Query     map[string]string `json:"query,omitempty" doc:"query parameters of a GET operation"`
	Params    map[string]string `json:"params,omitempty" doc:"path parameters, e.g. {\"name\": \"Europe/Paris\"}"`
	itemShape
}

// batchOutcome is the outcome of one item.
type batchOutcome struct {
	ID        string      `json:"id,omitempty" doc:"the item's id"`
	Operation string      `json:"operation" doc:"the item's operation id"`
	Status    int         `json:"status" doc:"HTTP status the call would have had alone"`
	Input     any         `json:"input,omitempty" doc:"the interpreted input (success only)"`
	Result    any         `json:"result,omitempty" doc:"the result (success only)"`
	Warnings  []string    `json:"warnings,omitempty"`
	Problem   *op.Problem `json:"problem,omitempty" doc:"RFC 9457 problem (failure only)"`

	buf *[]byte // from itemBufs, holding Result, until the batch is written
}

// itemBufs recycles the buffers batch items encode their results into:
// a fresh 10-15 KB buffer per natal chart, allocated and zeroed, was a
// fifth of a batch's time. Release gives them back once the batch's
// response is written.
var itemBufs = sync.Pool{New: func() any { b := make([]byte, 0, 16<<10); return &b }}

// Release returns the items' buffers to itemBufs; the server calls it after
// the response is written, when nothing refers to the results any more.
func (r batchResult) Release() {
	for i := range r.Items {
		if bp := r.Items[i].buf; bp != nil {
			r.Items[i].buf, r.Items[i].Result = nil, nil
			if cap(*bp) <= 1<<20 { // an outsized result is left to the collector
				itemBufs.Put(bp)
			}
		}
	}
}

// batchResult is the envelope result of the batch route.
type batchResult struct {
	Items     []batchOutcome `json:"items" doc:"one outcome per request item, in order"`
	Succeeded int            `json:"succeeded"`
	Failed    int            `json:"failed"`
}

// batchOp is POST /api/v1/batch: a door over every batchable operation.
func (s *Server) batchOp() *op.Operation {
	return op.Post(op.Spec{
		ID: "post-batch", Path: "/api/v1/batch", Family: "Agents", Access: op.Free, NoBatch: true, Recycle: true,
		Summary: "Run up to 100 operations in one request",
		Description: "Items run in parallel across cores and are answered in order, each with its own status and result or problem. " +
			"The batch takes one token of the per-second rate; each item is billed one call of the daily and monthly quota, like a single call. " +
			"An item over quota gets its own 429 and one bad item never fails the others. " +
			"A batch of more than 10 items takes one of the server's heavy-work slots while it runs (2 per account by default): " +
			"an account's further batches queue for a slot, up to 3 seconds and 64 at a time, then are answered 503 with Retry-After. " +
			"Operations that answer non-JSON bodies (SVG, CSV) and the documentation and key routes are not available in a batch.",
	}, s.batch)
}

func (s *Server) batch(c *op.Call, in *batchRequest) (batchResult, error) {
	if len(in.Requests) == 0 {
		return batchResult{}, op.Unprocessable("requests", "must hold at least one item")
	}
	if max := s.cfg.Limits.MaxBatchItems; len(in.Requests) > max {
		return batchResult{}, op.Unprocessable("requests", fmt.Sprintf("holds %d items; at most %d are allowed", len(in.Requests), max))
	}
	// A batch of more than a few items is heavy work: it takes one of the
	// server's heavy slots (shared fairly between accounts, a few per
	// account) for its run, so that batches cannot pile up in memory; one
	// beyond its account's slots waits for one of them (see heavyLimits).
	if len(in.Requests) > batchHeavyItems {
		release, p := s.heavy.acquire(c, true)
		if p != nil {
			return batchResult{}, p
		}
		defer release()
	}
	// The batch took one token of the per-second rate (the door's, as
	// every request); its items are charged their calls of quota, without
	// a token, as they run, within the batch's budgets of calls and bytes.
	out := s.runBatch(c, in.Requests, in.spec())
	c.Echo(map[string]int{"items": len(in.Requests)})
	if c.Key() != nil && s.cfg.Quota != nil {
		if u, err := s.cfg.Quota.Peek(c.Context(), c.Account().ID, c.Account().Plan); err == nil {
			c.SetUsage(&u)
		}
	}
	return out, nil
}

// batchHeavyItems is the size beyond which a batch takes a heavy slot.
const batchHeavyItems = 10

// batchBudget is what a batch may still spend: calls of quota and bytes
// of answer, shared by its items as they run.
type batchBudget struct {
	calls, bytes atomic.Int64
}

// tooLarge is the refusal of an item past a budget.
func (s *Server) batchTooLarge(what string) *op.Problem {
	return op.NewProblem(413, op.KindBatchTooLarge, "the batch is too large: "+what+"; this item was not run or billed: send it, and the items after it, in another batch")
}

// runBatch runs items on up to Limits.BatchWorkers goroutines.
func (s *Server) runBatch(parent *op.Call, items []batchItem, def *shape.Spec) batchResult {
	res := batchResult{Items: make([]batchOutcome, len(items))}
	budget := &batchBudget{}
	budget.calls.Store(s.cfg.Limits.MaxBatchCost)
	budget.bytes.Store(int64(s.cfg.Limits.MaxBatchBytes))
	workers := min(s.cfg.Limits.BatchWorkers, len(items))
	var next atomic.Int64
	var wg sync.WaitGroup
	wg.Add(workers)
	for range workers {
		go func() {
			defer wg.Done()
			var call op.Call // reused item after item (op.Call.Reuse)
			for {
				i := int(next.Add(1) - 1)
				if i >= len(items) {
					return
				}
				res.Items[i] = s.batchItem(parent, i, items[i], def, budget, &call)
			}
		}()
	}
	wg.Wait()
	for _, it := range res.Items {
		if it.Problem == nil {
			res.Succeeded++
		} else {
			res.Failed++
		}
	}
	return res
}

// batchItem runs item i with call, the worker's call, reused.
func (s *Server) batchItem(parent *op.Call, i int, it batchItem, def *shape.Spec, budget *batchBudget, call *op.Call) batchOutcome {
	start := time.Now() // wall clock for the item's response time only
	out := batchOutcome{ID: it.ID, Operation: it.Operation}
	rid := parent.RequestID() + "." + strconv.Itoa(i)
	fail := func(p *op.Problem) batchOutcome {
		p.RequestID = rid
		out.Status, out.Problem = p.Status, p
		return out
	}
	o := s.byID[it.Operation]
	if o == nil {
		p := op.NewProblem(404, op.KindNotFound, "no operation "+strconv.Quote(it.Operation)+"; the reference lists operation ids")
		p.Errors = []op.FieldProblem{{Field: fmt.Sprintf("requests[%d].operation", i), Reason: "unknown operation"}}
		return fail(p)
	}
	if !o.Batchable() {
		p := op.NewProblem(400, op.KindBadRequest, "operation "+o.ID+" cannot run in a batch (it answers a non-JSON or streamed body, or is not a calculation); call it directly")
		p.Errors = []op.FieldProblem{{Field: fmt.Sprintf("requests[%d].operation", i), Reason: "not available in a batch"}}
		return fail(p)
	}
	for _, name := range o.PathParams() {
		if it.Params[name] == "" {
			return fail(op.ValidationProblem(engine.Fields{{Field: fmt.Sprintf("requests[%d].params.%s", i, name), Reason: "is required by " + o.Path}}))
		}
	}
	r := op.Request{Context: parent.Context(), Now: parent.Now(), RequestID: rid, Key: parent.Key(), Account: parent.Account(),
		RemoteIP: parent.RemoteIP(), Body: it.Body, Params: it.Params, Services: s.cfg.Services, Lenient: parent.Lenient()}
	for k, v := range it.Query {
		r.Query = append(r.Query, [2]string{k, v})
	}
	var qs *shape.Spec
	r.Query, qs = shape.FromQuery(r.Query)
	r.Shape = it.spec().WithDefaults(qs).WithDefaults(def)
	c := call.Reuse(o, r)
	var res any
	var ck string
	var p *op.Problem
	if budget.bytes.Load() <= 0 {
		// The answer is full: the item is not run at all.
		return fail(s.batchTooLarge(fmt.Sprintf("the answers of its items together pass the %d bytes a batch answer may have", s.cfg.Limits.MaxBatchBytes)))
	}
	// The item's calls come out of the batch's budget before its quota.
	charge := func(c *op.Call, n int64) (quota.Usage, error) {
		if n > 0 && budget.calls.Add(-n) < 0 {
			budget.calls.Add(n)
			return quota.Usage{}, s.batchTooLarge(fmt.Sprintf("its items together cost more than the %d calls a batch may bill", s.cfg.Limits.MaxBatchCost))
		}
		return s.chargeItem(c, n)
	}
	// An answer past the batch's bytes is dropped and its calls given back.
	overBytes := func(n int) *op.Problem {
		if budget.bytes.Add(-int64(n)) >= 0 {
			return nil
		}
		// Dropped. The budget stays spent: the answer is as full as the
		// batch may make it, and the items after this one are not run.
		s.unbill(c)
		return s.batchTooLarge(fmt.Sprintf("the answers of its items together pass the %d bytes a batch answer may have", s.cfg.Limits.MaxBatchBytes))
	}
	if o.Access == op.Public || parent.Key() != nil {
		res, ck, p = s.run(c, charge)
	} else {
		p = op.NewProblem(401, op.KindUnauthorized, "send your API key in the x-api-key header (or Authorization: Bearer)")
	}
	if s.cfg.Quota != nil && parent.Key() != nil {
		st := 200
		if p != nil {
			st = p.Status
		}
		s.cfg.Quota.Record(quota.Call{AccountID: parent.Account().ID, KeyID: parent.Key().ID, Endpoint: o.ID, Status: st, Problem: problemType(p),
			Duration: time.Since(start), At: parent.Now()})
	}
	if p != nil {
		return fail(p)
	}
	switch res.(type) {
	case op.Raw, op.Streamer:
		return fail(op.NewProblem(400, op.KindBadRequest, "operation "+o.ID+" answered a non-JSON or streamed body; call it directly"))
	}
	out.Status = 200
	if cr, ok, err := s.encoded(c, res, ck); err != nil {
		return fail(s.internal(c, err))
	} else if ok {
		if p := overBytes(len(cr.input) + len(cr.result)); p != nil {
			return fail(p)
		}
		out.Result, out.Warnings = json.RawMessage(cr.result), cr.warnings
		if cr.input != nil {
			out.Input = json.RawMessage(cr.input)
		}
		return out
	}
	// Encode here, on the worker, so that the items' JSON is produced in
	// parallel rather than serially when the batch envelope is written.
	bp := itemBufs.Get().(*[]byte)
	cr, err := encodeResult(c, res, (*bp)[:0])
	if err != nil {
		itemBufs.Put(bp)
		return fail(s.internal(c, err))
	}
	release(c, res)
	if p := overBytes(len(cr.input) + len(cr.result)); p != nil {
		if cap(cr.result) <= 1<<20 {
			itemBufs.Put(bp)
		}
		return fail(p)
	}
	*bp = cr.result
	out.buf = bp
	out.Result, out.Warnings = json.RawMessage(cr.result), c.Warnings()
	if !o.Bare && cr.input != nil {
		out.Input = json.RawMessage(cr.input)
	}
	return out
}
