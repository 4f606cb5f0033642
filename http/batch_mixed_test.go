package http_test

import (
	"bytes"
	"strconv"
	"testing"

	json "github.com/goccy/go-json"

	apihttp "github.com/astroapi/astroapi/http"
	"github.com/astroapi/astroapi/http/apitest"
	"github.com/astroapi/astroapi/http/op"
)

// TestBatchEveryOperation sends a batch holding, for every batchable
// operation of every family served (routes.All: a family added later is
// in it without editing this test), its documented example and a bad
// item, interleaved: each item has its own status in order, a good item's
// result is the REST call's byte for byte, a bad one fails alone, and the
// batch bills exactly what the good items cost as single calls.
func TestBatchEveryOperation(t *testing.T) {
	ts := startTestServer(t, withEverything(t, testOptions{}))
	type item struct {
		id, operation string
		wrong         string // the field a bad item sends with the wrong type
		body          json.RawMessage
		query, params map[string]string
		good          bool
		perAccount    bool                               // the result reports on the caller's account
		rest          func(key string) *apitest.Response // the same call over REST
	}
	var items []item
	families := map[string]bool{} // the documents' families (tags)
	for _, o := range ts.Server.Operations() {
		if !o.Batchable() || o.Family == "Operations" { // the echo family of the tests
			continue
		}
		families[o.Family] = true
		params, query, body := apihttp.SampleRequest(o)
		// The bad item: a number field sent as a string, a 422 naming it.
		var wrong string
		for _, f := range op.WireFields(o.In) {
			if k := f.Type.Kind().String(); k == "int" || k == "float64" {
				wrong = op.WireName(f)
				break
			}
		}
		url := apihttp.SampleURL(o)
		good := item{id: o.ID, operation: o.ID, params: params, good: true, perAccount: o.Access == op.Free}
		bad := item{id: o.ID + "/bad", operation: o.ID, params: params, wrong: wrong}
		if o.HasBody() {
			good.body = body
			if wrong != "" {
				bad.body = json.RawMessage(`{"` + wrong + `":"not-a-number"}`)
			}
			good.rest = func(key string) *apitest.Response { return ts.Post(t, url, []byte(body), "x-api-key", key) }
		} else {
			good.query = map[string]string{}
			for k, v := range query {
				good.query[k] = v[0]
			}
			good.rest = func(key string) *apitest.Response { return ts.Get(t, url, "x-api-key", key) }
			if wrong != "" {
				bad.query = map[string]string{wrong: "not-a-number"}
			}
		}
		items = append(items, good)
		if len(bad.query) > 0 || bad.body != nil {
			items = append(items, bad)
		}
	}
	if !families["Charts"] || !families["Agents"] || len(items) < 12 {
		t.Fatalf("families %v, %d items", families, len(items))
	}

	// The batch on one fresh account, the same calls one by one on another.
	_, batchKey, _ := ts.NewAccount(t, apitest.TestPlan)
	_, restKey, _ := ts.NewAccount(t, apitest.TestPlan)
	var reqs []map[string]any
	for _, it := range items {
		r := map[string]any{"id": it.id, "operation": it.operation}
		if it.body != nil {
			r["body"] = it.body
		}
		if len(it.query) > 0 {
			r["query"] = it.query
		}
		if len(it.params) > 0 {
			r["params"] = it.params
		}
		reqs = append(reqs, r)
	}
	// In batches of at most 100 items (the route's limit; there are more
	// operations than that), the last envelope's usage the whole count.
	var env apitest.Envelope
	var res testBatchResult
	for len(reqs) > 0 {
		n := min(len(reqs), 100)
		env = ts.Post(t, "/api/v1/batch", map[string]any{"requests": reqs[:n]}, "x-api-key", batchKey).WantStatus(t, 200).Envelope(t)
		reqs = reqs[n:]
		var part testBatchResult
		if err := json.Unmarshal(env.Result, &part); err != nil {
			t.Fatal(err)
		}
		res.Items = append(res.Items, part.Items...)
		res.Succeeded += part.Succeeded
		res.Failed += part.Failed
	}
	if len(res.Items) != len(items) {
		t.Fatalf("%d outcomes for %d items", len(res.Items), len(items))
	}
	var billedAlone int64
	for i, it := range items {
		got := res.Items[i]
		if got.ID != it.id || got.Operation != it.operation {
			t.Errorf("item %d: %s %s, want %s %s (order)", i, got.ID, got.Operation, it.id, it.operation)
			continue
		}
		if !it.good {
			named := false
			if got.Problem != nil {
				for _, e := range got.Problem.Errors {
					named = named || e.Field == it.wrong
				}
			}
			if got.Status != 422 || !named {
				t.Errorf("%s: status %d problem %+v, want a 422 naming %s", it.id, got.Status, got.Problem, it.wrong)
			}
			continue
		}
		r := it.rest(restKey).WantStatus(t, 200)
		var want json.RawMessage = r.Body // a bare operation's answer is its result
		var e apitest.Envelope
		if err := json.Unmarshal(r.Body, &e); err == nil && e.Result != nil {
			want = e.Result
			if e.Usage != nil {
				billedAlone = e.Usage.RequestsThisDay
			}
		}
		if got.Status != 200 || !it.perAccount && !bytes.Equal(bytes.TrimSpace(got.Result), bytes.TrimSpace(want)) {
			t.Errorf("%s: status %d, result differs from the REST call's:\n%.300s\n%.300s", it.id, got.Status, got.Result, want)
		}
	}
	if res.Failed != len(items)-res.Succeeded || res.Succeeded == 0 {
		t.Errorf("succeeded %d failed %d", res.Succeeded, res.Failed)
	}
	if env.Usage == nil || env.Usage.RequestsThisDay != billedAlone {
		t.Errorf("the batch billed %v, the same good calls alone %d", env.Usage, billedAlone)
	}
	t.Logf("%d items over %d families (%v): %d succeeded, %d failed, %s calls billed", len(items), len(families), keys(families), res.Succeeded, res.Failed, strconv.FormatInt(billedAlone, 10))
}
