package http_test

import (
	"strings"
	"testing"

	"github.com/astroapi/astroapi/engine"
	apihttp "github.com/astroapi/astroapi/http"

	json "github.com/goccy/go-json"

	"github.com/astroapi/astroapi/http/apitest"
	"github.com/astroapi/astroapi/http/op"
)

// TestOpenAPICoversEveryRoute: the document lists every operation the
// server routes (hidden ones aside), with schemas that resolve.
func TestOpenAPICoversEveryRoute(t *testing.T) {
	ts := startTestServer(t, testOptions{})
	r := ts.Get(t, "/api/openapi.json", "x-api-key", "").WantStatus(t, 200)
	var doc struct {
		OpenAPI    string                               `json:"openapi"`
		Paths      map[string]map[string]map[string]any `json:"paths"`
		Components struct {
			Schemas   map[string]any `json:"schemas"`
			Responses map[string]any `json:"responses"`
		} `json:"components"`
	}
	r.Decode(t, &doc)
	// OpenAPI 3.0.3: the version client generators read (issue 19).
	if doc.OpenAPI != "3.0.3" {
		t.Errorf("openapi %q", doc.OpenAPI)
	}
	n := 0
	for _, oper := range ts.Server.Operations() {
		if oper.Hidden {
			continue
		}
		n++
		o := doc.Paths[strings.ReplaceAll(oper.Path, ":*}", "}")][strings.ToLower(oper.Method)]
		if o == nil || o["operationId"] != oper.ID {
			t.Errorf("%s %s (%s) missing from the document", oper.Method, oper.Path, oper.ID)
			continue
		}
		if oper.Access == op.Public {
			if sec, ok := o["security"].([]any); !ok || len(sec) != 0 {
				t.Errorf("%s: public but security %v", oper.ID, o["security"])
			}
		}
	}
	if n < 20 {
		t.Errorf("only %d operations", n)
	}
	// Every $ref points at a component.
	for _, ref := range findRefs(r.Body) {
		var ok bool
		if name, isResp := strings.CutPrefix(ref, "#/components/responses/"); isResp {
			_, ok = doc.Components.Responses[name]
		} else {
			_, ok = doc.Components.Schemas[strings.TrimPrefix(ref, "#/components/schemas/")]
		}
		if !ok {
			t.Errorf("dangling $ref %s", ref)
		}
	}
	// Tags reach the schema: apitest.EchoInput's year.
	var full map[string]any
	r.Decode(t, &full)
	s := full["components"].(map[string]any)["schemas"].(map[string]any)["ApitestEchoInput"].(map[string]any)
	year := s["properties"].(map[string]any)["year"].(map[string]any)
	if year["type"] != "integer" || year["minimum"] != 1.0 || year["maximum"] != 9999.0 || year["description"] != "a year" {
		t.Errorf("year schema %v", year)
	}
	if req, _ := s["required"].([]any); len(req) != 1 || req[0] != "year" {
		t.Errorf("required %v", s["required"])
	}
	kind := s["properties"].(map[string]any)["kind"].(map[string]any)
	if e, _ := kind["enum"].([]any); len(e) != 2 {
		t.Errorf("enum %v", kind["enum"])
	}
}

func findRefs(b []byte) []string {
	var out []string
	s := string(b)
	for {
		i := strings.Index(s, `"$ref": "`)
		if i < 0 {
			return out
		}
		s = s[i+len(`"$ref": "`):]
		j := strings.IndexByte(s, '"')
		out = append(out, s[:j])
	}
}

func TestManifestAndDocs(t *testing.T) {
	ts := startTestServer(t, testOptions{})
	var m struct {
		Name     string            `json:"name"`
		Version  string            `json:"version"`
		Docs     map[string]string `json:"docs"`
		Families []struct {
			Routes []struct{} `json:"routes"`
		} `json:"families"`
	}
	ts.Get(t, "/api/v1/", "x-api-key", "").WantStatus(t, 200).Decode(t, &m)
	if m.Name != "astroapi" || m.Version != apihttp.Version || m.Docs["openapi"] != "/api/openapi.json" || len(m.Families) == 0 {
		t.Errorf("manifest %+v", m)
	}
	if r := ts.Get(t, "/api/v1", "x-api-key", ""); r.Status != 200 || !strings.Contains(string(r.Body), `"base_path"`) {
		t.Errorf("/api/v1 (followed redirect): %d %s", r.Status, apitest.Truncate(r.Body, 200))
	}
	routes := 0
	for _, f := range m.Families {
		routes += len(f.Routes)
	}
	var coll struct {
		Info struct{ Schema string } `json:"info"`
		Item []struct {
			Name string
			Item []struct {
				Name    string
				Request map[string]any
			}
		} `json:"item"`
	}
	ts.Get(t, "/api/postman/collection", "x-api-key", "").WantStatus(t, 200).Decode(t, &coll)
	if !strings.Contains(coll.Info.Schema, "v2.1.0") {
		t.Errorf("schema %q", coll.Info.Schema)
	}
	items := 0
	for _, f := range coll.Item {
		items += len(f.Item)
	}
	if items != routes {
		t.Errorf("collection has %d requests, manifest %d routes", items, routes)
	}
	ref := string(ts.Get(t, "/api/docs/reference", "x-api-key", "").WantStatus(t, 200).Body)
	guide := string(ts.Get(t, "/docs/api", "x-api-key", "").WantStatus(t, 200).Body)
	for _, o := range ts.Server.Operations() {
		if o.Hidden {
			continue
		}
		if !strings.Contains(ref, `id="`+o.ID+`"`) {
			t.Errorf("reference lacks %s", o.ID)
		}
		if !strings.Contains(guide, "#"+o.ID) {
			t.Errorf("guide lacks %s", o.ID)
		}
	}
	for k := range op.Kinds {
		if !strings.Contains(guide, `id="problem-`+k+`"`) {
			t.Errorf("guide lacks problem type %s", k)
		}
	}
	ui := string(ts.Get(t, "/api/docs", "x-api-key", "").WantStatus(t, 200).Body)
	if strings.Contains(ui, "http://") || strings.Contains(ui, "https://") || !strings.Contains(ui, "/api/docs/vendor/swagger-ui-bundle.js") {
		t.Errorf("docs UI must load only embedded assets")
	}
	for _, a := range []string{"/api/docs/assets/swagger-init.js", "/api-keys/assets/console.js", "/api/docs/assets/style.css"} {
		ts.Get(t, a, "x-api-key", "").WantStatus(t, 200)
	}
	ts.Get(t, "/api/docs/assets/..%2fdocs.go", "x-api-key", "").WantStatus(t, 404)
	ts.Get(t, "/api/docs/assets/console.html", "x-api-key", "").WantStatus(t, 404)
	metrics := string(ts.Get(t, "/metrics", "x-api-key", "").WantStatus(t, 200).Body)
	if !strings.Contains(metrics, `astroapi_http_requests_total{route="/api/docs/reference",method="GET",code="2xx"} 1`) {
		t.Errorf("metrics: %s", apitest.Truncate([]byte(metrics), 800))
	}
	var probe map[string]any
	if err := json.Unmarshal(ts.Get(t, "/readyz").WantStatus(t, 200).Body, &probe); err != nil || probe["status"] != "ok" {
		t.Errorf("readyz %v %v", probe, err)
	}
}

// TestOpenAPIEnumsFromEngine: the enumerations of the natal input in the
// document are the engine's own lists, strings all ("true" stays a string).
func TestOpenAPIEnumsFromEngine(t *testing.T) {
	ts := startTestServer(t, testOptions{})
	var doc map[string]any
	ts.Get(t, "/api/openapi.json", "x-api-key", "").WantStatus(t, 200).Decode(t, &doc)
	// The request body is written in place (the generators read its
	// defaults as a request's).
	body := doc["paths"].(map[string]any)["/api/v1/natal"].(map[string]any)["post"].(map[string]any)["requestBody"].(map[string]any)
	props := body["content"].(map[string]any)["application/json"].(map[string]any)["schema"].(map[string]any)["properties"].(map[string]any)
	for field, want := range map[string][]string{
		"house_system": engine.HouseSystem("").EnumValues(),
		"zodiac_type":  engine.Zodiac("").EnumValues(),
		"ayanamsa":     engine.Ayanamsa("").EnumValues(),
		"node_type":    {"true", "mean"},
	} {
		var got []string
		for _, v := range props[field].(map[string]any)["enum"].([]any) {
			s, ok := v.(string)
			if !ok {
				t.Errorf("%s: enum value %v (%T) is not a string", field, v, v)
			}
			got = append(got, s)
		}
		if strings.Join(got, ",") != strings.Join(want, ",") {
			t.Errorf("%s enum %v, want %v", field, got, want)
		}
	}
	if d := props["node_type"].(map[string]any)["default"]; d != "true" {
		t.Errorf("node_type default %v (%T), want the string \"true\"", d, d)
	}
}

// TestGuideExamples: /docs/api shows every documented route with a curl
// command, and for the calculation routes the answer the server gave to
// the example (a 2xx result, never a problem).
func TestGuideExamples(t *testing.T) {
	ts := startTestServer(t, withEverything(t, testOptions{}))
	page := string(ts.Get(t, "/docs/api").WantStatus(t, 200).Body)
	n := 0
	for _, o := range ts.Server.Operations() {
		if o.Hidden {
			continue
		}
		start := strings.Index(page, `<section class="route" id="route-`+o.ID+`">`)
		if start < 0 {
			t.Errorf("%s: no section", o.ID)
			continue
		}
		sec := page[start:]
		sec = sec[:strings.Index(sec, "</section>")]
		if !strings.Contains(sec, "curl") {
			t.Errorf("%s: no curl command", o.ID)
		}
		if o.Access == op.Free || o.Produces != "" || o.NoBatch || o.Family == "Access" || strings.HasPrefix(o.Path, "/api/v1/test/") {
			continue
		}
		n++
		if !strings.Contains(sec, "&#34;result&#34;") || strings.Contains(sec, "answer (") {
			t.Errorf("%s: no example answer:\n%.600s", o.ID, sec)
		}
	}
	if n < 10 {
		t.Fatalf("only %d calculation routes with examples", n)
	}
}

// TestLLMsTxt: /llms.txt indexes the documents, the MCP endpoints and every
// route; /llms-full.txt adds the guide and every operation's fields.
func TestLLMsTxt(t *testing.T) {
	ts := startTestServer(t, testOptions{})
	short := string(ts.Get(t, "/llms.txt", "x-api-key", "").WantStatus(t, 200).Body)
	for _, want := range []string{"# astroapi\n\n> ", "## Docs", "/api/openapi.json", "/api/v1/mcp/vedic", "/api/v1/mcp/docs", "[POST /api/v1/natal]", "## Optional"} {
		if !strings.Contains(short, want) {
			t.Errorf("llms.txt lacks %q", want)
		}
	}
	full := string(ts.Get(t, "/llms-full.txt", "x-api-key", "").WantStatus(t, 200).Body)
	for _, want := range []string{short[:200], "## Quickstart", "## POST /api/v1/natal (post-natal)", "MCP tool: natal (family charts)", "- house_system: "} {
		if !strings.Contains(full, want) {
			t.Errorf("llms-full.txt lacks %q", want)
		}
	}
}
