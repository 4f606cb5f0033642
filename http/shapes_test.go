package http_test

import (
	"context"
	"strings"
	"testing"

	json "github.com/goccy/go-json"

	"github.com/astroapi/astroapi/http/apitest"
)

const shapeBirth = `{"year":1990,"month":7,"day":14,"hour":14,"minute":30,"latitude":51.5074,"longitude":-0.1278,"timezone":"Europe/London"}`

// billed is how many calls the harness account has been charged today.
func billed(t *testing.T, ts *apitest.Server) int64 {
	t.Helper()
	u, err := ts.Quota.Peek(context.Background(), ts.Account.ID, ts.Account.Plan)
	if err != nil {
		t.Fatal(err)
	}
	return u.RequestsThisDay
}

// TestFieldsNatal: the example answers the three members asked
// for, without the input echo, in under a tenth of the full answer's
// bytes; the values are the full answer's; input named keeps the echo.
func TestFieldsNatal(t *testing.T) {
	ts := startTestServer(t, withEverything(t, testOptions{}))
	full := ts.Post(t, "/api/v1/natal", shapeBirth).WantStatus(t, 200)
	part := ts.Post(t, "/api/v1/natal?fields=planets.name,planets.longitude,ascendant", shapeBirth).WantStatus(t, 200)
	if len(part.Body)*10 >= len(full.Body) {
		t.Errorf("three fields: %d bytes, full answer %d: not under a tenth", len(part.Body), len(full.Body))
	}
	t.Logf("full answer %d bytes, three fields %d bytes (%.1f %%)", len(full.Body), len(part.Body), 100*float64(len(part.Body))/float64(len(full.Body)))
	var envFull, envPart map[string]json.RawMessage
	full.Decode(t, &envFull)
	part.Decode(t, &envPart)
	if _, ok := envPart["input"]; ok {
		t.Error("fields without input kept the echo")
	}
	for _, k := range []string{"calculated_at", "request_id", "result", "usage"} {
		if _, ok := envPart[k]; !ok {
			t.Errorf("envelope lacks %s", k)
		}
	}
	var rf, rp struct {
		Ascendant json.RawMessage `json:"ascendant"`
		Planets   []map[string]any
		Houses    json.RawMessage `json:"houses"`
	}
	json.Unmarshal(envFull["result"], &rf)
	json.Unmarshal(envPart["result"], &rp)
	if string(rp.Ascendant) != string(rf.Ascendant) || rp.Houses != nil || len(rp.Planets) != len(rf.Planets) {
		t.Fatalf("result %s", envPart["result"])
	}
	for i, p := range rp.Planets {
		if len(p) != 2 || p["name"] != rf.Planets[i]["name"] || p["longitude"] != rf.Planets[i]["longitude"] {
			t.Errorf("planet %d: %v", i, p)
		}
	}
	withInput := ts.Post(t, "/api/v1/natal?fields=input,ascendant", shapeBirth).WantStatus(t, 200).Envelope(t)
	if string(withInput.Input) != string(envFull["input"]) {
		t.Errorf("input named: echo %s, want %s", withInput.Input, envFull["input"])
	}
	// The same body with and without a shape: the results cache keeps
	// each answer apart (post-natal is cacheable; third call is a hit).
	for range 3 {
		again := ts.Post(t, "/api/v1/natal?fields=ascendant", shapeBirth).WantStatus(t, 200).Envelope(t)
		if string(again.Result) != `{"ascendant":`+string(rf.Ascendant)+`}` || again.Input != nil {
			t.Fatalf("cached shaped answer %s / %s", again.Result, again.Input)
		}
		if whole := ts.Post(t, "/api/v1/natal", shapeBirth).WantStatus(t, 200).Envelope(t); string(whole.Result) != string(envFull["result"]) {
			t.Fatal("the whole answer changed after a shaped one")
		}
	}
}

// TestDecimalsNatal: decimals rounds the result's numbers, not the echo.
func TestDecimalsNatal(t *testing.T) {
	ts := startTestServer(t, withEverything(t, testOptions{}))
	env := ts.Post(t, "/api/v1/natal?decimals=1&fields=input,planets.longitude,houses.cusps.number", shapeBirth).WantStatus(t, 200).Envelope(t)
	var res struct {
		Planets []struct{ Longitude json.Number }
		Houses  struct{ Cusps []map[string]any }
	}
	if err := json.Unmarshal(env.Result, &res); err != nil {
		t.Fatal(err)
	}
	for _, p := range res.Planets {
		if i := strings.IndexByte(string(p.Longitude), '.'); i >= 0 && len(p.Longitude)-i-1 > 1 {
			t.Errorf("longitude %s has more than one decimal", p.Longitude)
		}
	}
	if len(res.Houses.Cusps) != 12 || res.Houses.Cusps[0]["number"] != float64(1) {
		t.Errorf("cusps %v", res.Houses.Cusps)
	}
	if !strings.Contains(string(env.Input), `"latitude":51.5074`) {
		t.Errorf("echo rounded or missing: %s", env.Input)
	}
}

// TestShapeRefusals: a bad path or decimals is a 422 naming the
// parameter with the nearest member, in the same answer as the input's
// own errors, billed nothing; an operation that does not answer JSON
// refuses both; a GET operation's strict stage does not see them.
func TestShapeRefusals(t *testing.T) {
	ts := startTestServer(t, withEverything(t, testOptions{}))
	before := billed(t, ts)
	p := ts.Post(t, "/api/v1/natal?fields=plnets.name&decimals=12", `{"year":1990,"month":7,"day":14,"lattitude":5}`).WantStatus(t, 422).Problem(t)
	want := map[string]string{"fields": `did you mean "planets"`, "decimals": "from 0 to 9", "lattitude": "latitude"}
	for _, e := range p.Errors {
		if w, ok := want[e.Field]; ok && strings.Contains(e.Reason, w) {
			delete(want, e.Field)
		}
	}
	if len(want) > 0 {
		t.Errorf("missing %v in %+v", want, p.Errors)
	}
	ts.Post(t, "/api/v1/natal?fields=a&fields=b", shapeBirth).WantStatus(t, 422)
	p = ts.Post(t, "/api/v1/natal/svg?fields=planets", shapeBirth).WantStatus(t, 422).Problem(t)
	if len(p.Errors) != 1 || p.Errors[0].Field != "fields" || !strings.Contains(p.Errors[0].Reason, "image/svg+xml") {
		t.Errorf("svg: %+v", p.Errors)
	}
	if got := billed(t, ts); got != before {
		t.Errorf("refused shapes billed %d calls", got-before)
	}
	env := ts.Get(t, "/api/v1/timezone/Europe/Paris?fields=name&decimals=0").WantStatus(t, 200).Envelope(t)
	var zone map[string]any
	json.Unmarshal(env.Result, &zone)
	if len(zone) != 1 || zone["name"] != "Europe/Paris" {
		t.Errorf("GET with fields: %s", env.Result)
	}
}

// TestFieldsTwoPerson: synastry without both full charts keeps the
// inter-aspects and scores in a fraction of the bytes.
func TestFieldsTwoPerson(t *testing.T) {
	ts := startTestServer(t, withEverything(t, testOptions{}))
	body := `{"person1":` + shapeBirth + `,"person2":{"year":1992,"month":3,"day":2,"hour":8,"minute":15,"latitude":48.8566,"longitude":2.3522,"timezone":"Europe/Paris"}}`
	full := ts.Post(t, "/api/v1/synastry", body).WantStatus(t, 200)
	part := ts.Post(t, "/api/v1/synastry?fields=-person1,-person2", body).WantStatus(t, 200)
	t.Logf("synastry %d bytes, without the charts %d", len(full.Body), len(part.Body))
	var rf, rp map[string]json.RawMessage
	json.Unmarshal(full.Envelope(t).Result, &rf)
	envPart := part.Envelope(t)
	json.Unmarshal(envPart.Result, &rp)
	if rp["person1"] != nil || rp["person2"] != nil || string(rp["aspects"]) != string(rf["aspects"]) || string(rp["compatibility"]) != string(rf["compatibility"]) {
		t.Errorf("members %v", keysOf(rp))
	}
	if envPart.Input == nil {
		t.Error("leaving members out dropped the echo")
	}
	if len(part.Body)*2 > len(full.Body) {
		t.Errorf("without the charts %d bytes of %d", len(part.Body), len(full.Body))
	}
}

// TestFieldsBatch: items take their own fields and decimals, or the
// batch's; an item's bad path is its own 422.
func TestFieldsBatch(t *testing.T) {
	ts := startTestServer(t, withEverything(t, testOptions{}))
	body := `{"fields":"ascendant","requests":[
		{"operation":"post-natal","body":` + shapeBirth + `},
		{"operation":"post-natal","body":` + shapeBirth + `,"fields":"midheaven.sign","decimals":0},
		{"operation":"post-natal","body":` + shapeBirth + `,"fields":"nope"},
		{"operation":"get-timezone","params":{"name":"Europe/Paris"},"query":{"fields":"name"}}]}`
	var res testBatchResult
	if err := json.Unmarshal(ts.Post(t, "/api/v1/batch", body).WantStatus(t, 200).Envelope(t).Result, &res); err != nil {
		t.Fatal(err)
	}
	if len(res.Items) != 4 {
		t.Fatalf("%d items", len(res.Items))
	}
	it := res.Items
	if !strings.HasPrefix(string(it[0].Result), `{"ascendant":{`) || it[0].Input != nil {
		t.Errorf("item 0 (batch default): %s input %s", it[0].Result, it[0].Input)
	}
	if !strings.HasPrefix(string(it[1].Result), `{"midheaven":{"sign":"`) {
		t.Errorf("item 1 (own fields): %s", it[1].Result)
	}
	if it[2].Status != 422 || it[2].Problem == nil || it[2].Problem.Errors[0].Field != "fields" {
		t.Errorf("item 2: %d %+v", it[2].Status, it[2].Problem)
	}
	if it[3].Status != 200 || string(it[3].Result) != `{"name":"Europe/Paris"}` {
		t.Errorf("item 3 (GET, query fields): %d %s", it[3].Status, it[3].Result)
	}
}

func keysOf(m map[string]json.RawMessage) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
