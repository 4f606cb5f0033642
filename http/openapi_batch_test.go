package http_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/astroapi/astroapi/http/op"
)

// TestOpenAPITypedBatch: in the served document (every family), the batch
// item and its outcome are oneOfs discriminated by operation with exactly
// one member per batchable operation; an item's body is its operation's
// request body without defaults or echo-only facts, an outcome's result
// its operation's result; the batch's requests and results name them; and
// the shared parameters are where they apply (fields and decimals on every
// operation answering JSON, Idempotency-Key on every POST that does not
// stream).
func TestOpenAPITypedBatch(t *testing.T) {
	ts := startTestServer(t, withEverything(t, testOptions{}))
	var doc map[string]any
	ts.Get(t, "/api/openapi.json", "x-api-key", "").WantStatus(t, 200).Decode(t, &doc)
	schemas := dig(t, doc, "components", "schemas")
	deref := func(s map[string]any) map[string]any {
		if r, ok := s["$ref"].(string); ok {
			d, _ := schemas[strings.TrimPrefix(r, "#/components/schemas/")].(map[string]any)
			return d
		}
		return s
	}
	mapping := func(name string) map[string]any {
		u := dig(t, schemas, name)
		if n := len(u["oneOf"].([]any)); n != len(dig(t, u, "discriminator", "mapping")) {
			t.Errorf("%s: %d members, %d mapped", name, n, len(dig(t, u, "discriminator", "mapping")))
		}
		if dig(t, u, "discriminator")["propertyName"] != "operation" {
			t.Errorf("%s discriminated by %v", name, dig(t, u, "discriminator")["propertyName"])
		}
		return dig(t, u, "discriminator", "mapping")
	}
	items, outcomes := mapping("BatchItem"), mapping("BatchOutcome")
	batchable := 0
	for _, o := range ts.Server.Operations() {
		if o.Hidden {
			continue
		}
		entry := dig(t, doc, "paths", strings.ReplaceAll(o.Path, ":*}", "}"), strings.ToLower(o.Method))
		checkSharedParams(t, o, entry)
		if !o.Batchable() {
			if items[o.ID] != nil || outcomes[o.ID] != nil {
				t.Errorf("%s cannot run in a batch but is a member of BatchItem or BatchOutcome", o.ID)
			}
			continue
		}
		batchable++
		ref, _ := items[o.ID].(string)
		item := deref(map[string]any{"$ref": ref})
		if item == nil {
			t.Errorf("%s: no batch item (mapping %q)", o.ID, ref)
			continue
		}
		if e := dig(t, item, "properties", "operation")["enum"]; !reflect.DeepEqual(e, []any{o.ID}) {
			t.Errorf("%s: item's operation enum %v", o.ID, e)
		}
		if o.HasBody() && o.In != reflect.TypeFor[op.None]() {
			body := deref(dig(t, item, "properties", "body"))
			req := dig(t, entry, "requestBody", "content", "application/json", "schema")
			for name, p := range dig(t, req, "properties") {
				ip, ok := dig(t, body, "properties")[name].(map[string]any)
				readOnly := p.(map[string]any)["readOnly"] == true
				switch {
				case readOnly && ok:
					t.Errorf("%s: the item's body has the echo-only %s", o.ID, name)
				case !readOnly && !ok:
					t.Errorf("%s: the item's body lacks %s", o.ID, name)
				case ok && ip["default"] != nil:
					t.Errorf("%s: the item's body keeps the default of %s (generated clients would require it)", o.ID, name)
				}
			}
		}
		ref, _ = outcomes[o.ID].(string)
		outcome := deref(map[string]any{"$ref": ref})
		if outcome == nil {
			t.Errorf("%s: no batch outcome (mapping %q)", o.ID, ref)
			continue
		}
		env := deref(dig(t, entry, "responses", "200", "content", "application/json", "schema"))
		if o.Bare {
			env = map[string]any{"properties": map[string]any{"result": dig(t, entry, "responses", "200", "content", "application/json", "schema")}}
		}
		if got, want := dig(t, outcome, "properties", "result"), dig(t, env, "properties", "result"); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: outcome's result %v, the operation's %v", o.ID, got, want)
		}
	}
	if batchable < 60 || len(items) != batchable || len(outcomes) != batchable {
		t.Errorf("%d batchable operations, %d items, %d outcomes", batchable, len(items), len(outcomes))
	}
	batch := dig(t, doc, "paths", "/api/v1/batch", "post")
	if r := dig(t, batch, "requestBody", "content", "application/json", "schema", "properties", "requests", "items")["$ref"]; r != "#/components/schemas/BatchItem" {
		t.Errorf("batch requests' items %v", r)
	}
	if r := dig(t, schemas, "BatchResult", "properties", "items", "items")["$ref"]; r != "#/components/schemas/BatchOutcome" {
		t.Errorf("batch result's items %v", r)
	}
	bulk := dig(t, doc, "paths", "/api/v1/bulk", "post")
	if r := dig(t, bulk, "requestBody", "content", "application/x-ndjson", "schema")["$ref"]; r != "#/components/schemas/BatchItem" {
		t.Errorf("bulk body %v", r)
	}
	if dig(t, bulk, "responses", "200", "content", "application/x-ndjson") == nil || dig(t, bulk, "responses", "200", "content", "text/csv") == nil {
		t.Errorf("bulk answer %v", dig(t, bulk, "responses", "200"))
	}
}

// checkSharedParams checks the door's shared parameters of an operation's
// entry.
func checkSharedParams(t *testing.T, o *op.Operation, entry map[string]any) {
	t.Helper()
	refs := map[string]bool{}
	params, _ := entry["parameters"].([]any)
	for _, p := range params {
		if r, ok := p.(map[string]any)["$ref"].(string); ok {
			refs[strings.TrimPrefix(r, "#/components/parameters/")] = true
		}
	}
	json := o.Produces == "" && !o.Streams() && !strings.HasPrefix(o.ID, "post-mcp")
	if want := json; refs["Fields"] != want || refs["Decimals"] != want {
		t.Errorf("%s: fields %v, decimals %v, want %v", o.ID, refs["Fields"], refs["Decimals"], want)
	}
	want := o.Method == "POST" && !o.Streams() && o.ID != "post-bulk" && !strings.HasPrefix(o.ID, "post-mcp")
	if refs["IdempotencyKey"] != want {
		t.Errorf("%s: Idempotency-Key %v, want %v", o.ID, refs["IdempotencyKey"], want)
	}
}

// dig walks a decoded JSON document by keys, failing the test on a
// missing one.
func dig(t *testing.T, m map[string]any, keys ...string) map[string]any {
	t.Helper()
	for i, k := range keys {
		next, ok := m[k].(map[string]any)
		if !ok {
			t.Fatalf("no object at %s", strings.Join(keys[:i+1], "."))
		}
		m = next
	}
	return m
}
