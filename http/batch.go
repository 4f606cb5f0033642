package http

import (
	"fmt"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	json "github.com/goccy/go-json"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/quota"
)

func init() { registerFamily(batchOps) }

// batchRequest is the body of POST /api/v1/batch.
type batchRequest struct {
	Requests []batchItem `json:"requests" required:"true" doc:"the operations to run, at most 100; answered in the same order"`
}

// batchItem is one operation of a batch.
type batchItem struct {
	ID        string            `json:"id,omitempty" doc:"your label for the item, echoed in its outcome" example:"\"alice\""`
	Operation string            `json:"operation" required:"true" doc:"operation id, as in the reference (e.g. post-natal)" example:"\"post-natal\""`
	Body      json.RawMessage   `json:"body,omitempty" doc:"JSON body of a POST operation"`
	Query     map[string]string `json:"query,omitempty" doc:"query parameters of a GET operation"`
	Params    map[string]string `json:"params,omitempty" doc:"path parameters, e.g. {\"name\": \"Europe/Paris\"}"`
}

// batchOutcome is the outcome of one item.
type batchOutcome struct {
	ID        string   `json:"id,omitempty" doc:"the item's id"`
	Operation string   `json:"operation" doc:"the item's operation id"`
	Status    int      `json:"status" doc:"HTTP status the call would have had alone"`
	Input     any      `json:"input,omitempty" doc:"the interpreted input (success only)"`
	Result    any      `json:"result,omitempty" doc:"the result (success only)"`
	Warnings  []string `json:"warnings,omitempty"`
	Problem   *Problem `json:"problem,omitempty" doc:"RFC 9457 problem (failure only)"`

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

func batchOps(s *Server) []Operation {
	return []Operation{{
		ID: "post-batch", Method: "POST", Path: "/api/v1/batch", Family: "Agents", NoBatch: true,
		Summary: "Run up to 100 operations in one request",
		Description: "Items run in parallel across cores and are answered in order, each with its own status and result or problem. " +
			"Each item is billed like a single call (the batch itself is not); an item over quota gets its own 429 and one bad item never fails the others. " +
			"Operations that answer non-JSON bodies (SVG, CSV) and the documentation and key routes are not available in a batch.",
		Input: batchRequest{}, Output: batchResult{},
		Handle: func(c *Call) (any, error) {
			var in batchRequest
			if err := c.Decode(&in); err != nil {
				return nil, err
			}
			if len(in.Requests) == 0 {
				return nil, Unprocessable("requests", "must hold at least one item")
			}
			if max := s.cfg.Limits.MaxBatchItems; len(in.Requests) > max {
				return nil, Unprocessable("requests", fmt.Sprintf("holds %d items; at most %d are allowed", len(in.Requests), max))
			}
			out := s.runBatch(c, in.Requests)
			c.Echo(map[string]int{"items": len(in.Requests)})
			if c.key != nil && s.cfg.Quota != nil {
				if u, err := s.cfg.Quota.Peek(c.Context(), c.account.ID, c.account.Plan); err == nil {
					c.usage = &u
				}
			}
			return out, nil
		},
	}}
}

// runBatch runs items on up to Limits.BatchWorkers goroutines.
func (s *Server) runBatch(parent *Call, items []batchItem) batchResult {
	res := batchResult{Items: make([]batchOutcome, len(items))}
	workers := min(s.cfg.Limits.BatchWorkers, len(items))
	var next atomic.Int64
	var wg sync.WaitGroup
	wg.Add(workers)
	for range workers {
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= len(items) {
					return
				}
				res.Items[i] = s.batchItem(parent, i, items[i])
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

func (s *Server) batchItem(parent *Call, i int, it batchItem) batchOutcome {
	start := time.Now() // wall clock for the item's response time only
	out := batchOutcome{ID: it.ID, Operation: it.Operation}
	rid := parent.requestID + "." + strconv.Itoa(i)
	fail := func(p *Problem) batchOutcome {
		p.RequestID = rid
		out.Status, out.Problem = p.Status, p
		return out
	}
	op := s.byID[it.Operation]
	if op == nil {
		p := newProblem(404, kindNotFound, "no operation "+strconv.Quote(it.Operation)+"; the reference lists operation ids")
		p.Errors = []FieldProblem{{Field: fmt.Sprintf("requests[%d].operation", i), Reason: "unknown operation"}}
		return fail(p)
	}
	if op.NoBatch || op.Produces != "" {
		p := newProblem(400, kindBadRequest, "operation "+op.ID+" cannot run in a batch (it answers a non-JSON body or is not a calculation); call it directly")
		p.Errors = []FieldProblem{{Field: fmt.Sprintf("requests[%d].operation", i), Reason: "not available in a batch"}}
		return fail(p)
	}
	for _, name := range pathParams(op.Path) {
		if it.Params[name] == "" {
			return fail(validationProblem(engine.Fields{{Field: fmt.Sprintf("requests[%d].params.%s", i, name), Reason: "is required by " + op.Path}}))
		}
	}
	c := &Call{s: s, op: op, ctx: parent.ctx, body: it.Body, params: it.Params, now: parent.now,
		requestID: rid, key: parent.key, account: parent.account}
	for k, v := range it.Query {
		c.query = append(c.query, [2]string{k, v})
	}
	var res any
	var p *Problem
	if op.Public || parent.key != nil {
		res, p = s.run(c)
	} else {
		p = newProblem(401, kindUnauthorized, "send your API key in the x-api-key header")
	}
	if s.cfg.Quota != nil && parent.key != nil {
		st := 200
		if p != nil {
			st = p.Status
		}
		s.cfg.Quota.Record(quota.Call{AccountID: parent.account.ID, KeyID: parent.key.ID, Endpoint: op.ID, Status: st, Duration: time.Since(start), At: parent.now})
	}
	if p != nil {
		return fail(p)
	}
	if _, raw := res.(Raw); raw {
		return fail(newProblem(400, kindBadRequest, "operation "+op.ID+" answered a non-JSON body; call it directly"))
	}
	out.Status = 200
	if cr, ok, err := s.encoded(c, res); err != nil {
		return fail(s.internal(c, err))
	} else if ok {
		out.Input, out.Result, out.Warnings = json.RawMessage(cr.input), json.RawMessage(cr.result), cr.warnings
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
	release(res)
	*bp = cr.result
	out.buf = bp
	out.Result, out.Warnings = json.RawMessage(cr.result), c.warnings
	if !op.Bare {
		out.Input = json.RawMessage(cr.input)
	}
	return out
}
