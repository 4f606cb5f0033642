package http_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/astroapi/astroapi/http/apitest"
	"github.com/astroapi/astroapi/http/op"
	json "github.com/goccy/go-json"
)

type testBatchResult struct {
	Items []struct {
		ID        string          `json:"id"`
		Operation string          `json:"operation"`
		Status    int             `json:"status"`
		Result    json.RawMessage `json:"result"`
		Input     json.RawMessage `json:"input"`
		Warnings  []string        `json:"warnings"`
		Problem   *op.Problem     `json:"problem"`
	} `json:"items"`
	Succeeded int `json:"succeeded"`
	Failed    int `json:"failed"`
}

func TestBatch(t *testing.T) {
	apitest.ForEachStore(t, func(t *testing.T, storeURL string) {
		ts := startTestServer(t, testOptions{StoreURL: storeURL})
		body := `{"requests":[
			{"id":"ok","operation":"post-test-echo","body":{"year":1990}},
			{"id":"invalid","operation":"post-test-echo","body":{"year":1,"fail":"field"}},
			{"id":"unknown","operation":"post-nothing","body":{}},
			{"id":"wrongtype","operation":"post-test-echo","body":{"year":"x"}},
			{"id":"misspelt","operation":"post-test-echo","body":{"year":1990,"extra":1}},
			{"id":"get","operation":"get-test-echo","query":{"year":"7"}},
			{"id":"param","operation":"get-test-param","params":{"name":"Europe/Paris"}},
			{"id":"noparam","operation":"get-test-param"},
			{"id":"raw","operation":"get-test-svg"},
			{"id":"panic","operation":"post-test-echo","body":{"year":1,"fail":"panic"}},
			{"id":"nobatch","operation":"post-batch","body":{"requests":[]}}
		]}`
		env := ts.Post(t, "/api/v1/batch", body).WantStatus(t, 200).Envelope(t)
		var res testBatchResult
		if err := json.Unmarshal(env.Result, &res); err != nil {
			t.Fatal(err)
		}
		want := []struct {
			id     string
			status int
		}{{"ok", 200}, {"invalid", 422}, {"unknown", 404}, {"wrongtype", 422}, {"misspelt", 422}, {"get", 200}, {"param", 200}, {"noparam", 422}, {"raw", 400}, {"panic", 500}, {"nobatch", 400}}
		if len(res.Items) != len(want) {
			t.Fatalf("%d items, want %d", len(res.Items), len(want))
		}
		for i, w := range want {
			it := res.Items[i]
			if it.ID != w.id || it.Status != w.status {
				t.Errorf("item %d: id %q status %d, want %q %d (%s)", i, it.ID, it.Status, w.id, w.status, it.Result)
			}
			if (w.status == 200) != (it.Problem == nil) {
				t.Errorf("item %s: problem %+v", it.ID, it.Problem)
			}
			if it.Problem != nil && (it.Problem.Status != w.status || !strings.HasPrefix(it.Problem.RequestID, env.RequestID+".")) {
				t.Errorf("item %s: problem %+v", it.ID, it.Problem)
			}
		}
		if res.Succeeded != 3 || res.Failed != 8 {
			t.Errorf("succeeded %d failed %d", res.Succeeded, res.Failed)
		}
		if len(res.Items[0].Warnings) != 0 || !strings.Contains(string(res.Items[0].Input), `"year":1990`) {
			t.Errorf("item 0 warnings %q input %s", res.Items[0].Warnings, res.Items[0].Input)
		}
		if !strings.Contains(string(res.Items[6].Result), "Europe/Paris") {
			t.Errorf("param item: %s", res.Items[6].Result)
		}
		// Billed per item answered by a billed operation: ok, get, param;
		// invalid, wrongtype and misspelt (422) are refused for their input,
		// panic (500) is our fault: none of them is billed.
		if env.Usage == nil || env.Usage.RequestsThisDay != 3 {
			t.Errorf("usage after batch %+v, want 3 billed items", env.Usage)
		}
	})
}

func TestBatchLimits(t *testing.T) {
	ts := startTestServer(t, testOptions{Plans: tinyPlans(), Plan: "tiny"})
	var items []string
	for i := 0; i < 101; i++ {
		items = append(items, fmt.Sprintf(`{"operation":"post-test-echo","body":{"year":%d}}`, i+1))
	}
	p := ts.Post(t, "/api/v1/batch", `{"requests":[`+strings.Join(items, ",")+`]}`).WantStatus(t, 422).Problem(t)
	if len(p.Errors) != 1 || p.Errors[0].Field != "requests" {
		t.Errorf("problem %+v", p)
	}
	ts.Post(t, "/api/v1/batch", `{"requests":[]}`).WantStatus(t, 422)
	ts.Post(t, "/api/v1/batch", `{}`).WantStatus(t, 422)
	ts.Post(t, "/api/v1/batch", `{"requests":[{"operation":"post-test-echo","body":{"year":1}}]}`, "x-api-key", "").WantStatus(t, 401)
	// Plan "tiny" allows 3 calls a day: a batch of 5 gets 3 results and 2 refusals.
	env := ts.Post(t, "/api/v1/batch", `{"requests":[`+strings.Join(items[:5], ",")+`]}`).WantStatus(t, 200).Envelope(t)
	var res testBatchResult
	if err := json.Unmarshal(env.Result, &res); err != nil {
		t.Fatal(err)
	}
	n429 := 0
	for _, it := range res.Items {
		if it.Status == 429 {
			n429++
		}
	}
	if res.Succeeded != 3 || n429 != 2 || env.Usage.RequestsThisDay != 3 {
		t.Errorf("succeeded %d, 429s %d, usage %+v", res.Succeeded, n429, env.Usage)
	}
}
