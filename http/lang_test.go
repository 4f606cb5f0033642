package http_test

import (
	"context"
	"strings"
	"testing"

	json "github.com/goccy/go-json"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	apihttp "github.com/astroapi/astroapi/http"
)

var languages = []string{"es", "pt", "fr", "de", "it", "ru", "tr", "hi", "zh", "ja"}

// labelledAnswer is an envelope with its labels.
type labelledAnswer struct {
	Result json.RawMessage              `json:"result"`
	Labels map[string]map[string]string `json:"labels"`
}

// namesAt collects the string values of the result's fields named key,
// at any depth.
func namesAt(t *testing.T, doc json.RawMessage, key string) []string {
	t.Helper()
	var v any
	if err := json.Unmarshal(doc, &v); err != nil {
		t.Fatal(err)
	}
	var out []string
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				if s, ok := e.(string); ok && k == key {
					out = append(out, s)
				}
				walk(e)
			}
		case []any:
			for _, e := range x {
				walk(e)
			}
		}
	}
	walk(v)
	return out
}

// TestLanguages asks each family's chart in every language (lang, and
// Accept-Language) and finds every planet, sign, aspect, nakshatra, tithi,
// yoga, stem, branch and Tzolk'in sign of the answer among its labels,
// while the result itself stays as in English.
func TestLanguages(t *testing.T) {
	ts := startTestServer(t, withEverything(t, testOptions{}))
	birth := `{"year":1990,"month":7,"day":14,"hour":15,"minute":30,"latitude":28.61,"longitude":77.2,"timezone":"Asia/Kolkata"}`
	cases := []struct {
		path   string
		fields map[string]string // result field -> label category
	}{
		{"/api/v1/natal", map[string]string{"sign": "signs", "point1": "planets", "aspect": "aspects", "system": "houses"}},
		{"/api/v1/vedic/natal", map[string]string{"sign": "signs", "lord": "planets"}},
		{"/api/v1/vedic/nakshatra", map[string]string{"lord": "planets"}},
		{"/api/v1/vedic/panchang", map[string]string{"lord": "planets"}},
		{"/api/v1/chinese/bazi", map[string]string{"stem": "stems", "branch": "branches", "animal": "animals"}},
		{"/api/v1/mayan/chart", map[string]string{"combined": ""}},
	}
	// The categories each answer must hold names of.
	wantCats := map[string][]string{
		"/api/v1/vedic/nakshatra": {"nakshatras", "planets"},
		"/api/v1/vedic/panchang":  {"tithis", "yogas", "nakshatras"},
		"/api/v1/mayan/chart":     {"tzolkin"},
	}
	for _, c := range cases {
		body := birth
		if strings.HasPrefix(c.path, "/api/v1/mayan/") {
			body = `{"year":1990,"month":7,"day":14}` // a date: the routes take no clock or place
		}
		plain := ts.Post(t, c.path, body).WantStatus(t, 200)
		var en labelledAnswer
		plain.Decode(t, &en)
		if en.Labels != nil {
			t.Errorf("%s without lang: labels %v", c.path, en.Labels)
		}
		// English display names: the names found, whatever the language.
		var display labelledAnswer
		ts.Post(t, c.path+"?lang=en", body).WantStatus(t, 200).Decode(t, &display)
		for _, cat := range wantCats[c.path] {
			if len(display.Labels[cat]) == 0 {
				t.Errorf("%s: no %s among the names found: %v", c.path, cat, display.Labels)
			}
		}
		for _, lang := range languages {
			// lang for half the languages, Accept-Language for the others.
			var r = ts.Post(t, c.path+"?lang="+lang, body)
			if lang >= "m" {
				r = ts.Post(t, c.path, body, "Accept-Language", lang+"-XX;q=0.9, en;q=0.5")
			}
			r.WantStatus(t, 200)
			if got := r.Header.Get("Content-Language"); got != lang {
				t.Errorf("%s %s: Content-Language %q", c.path, lang, got)
			}
			var a labelledAnswer
			r.Decode(t, &a)
			if !jsonEqual(t, a.Result, en.Result) {
				t.Errorf("%s %s: the result differs from the English one", c.path, lang)
			}
			// Every name found in English is labelled in this language.
			for cat, names := range display.Labels {
				for n := range names {
					if a.Labels[cat][n] == "" {
						t.Errorf("%s %s: %s %q has no label", c.path, lang, cat, n)
					}
				}
			}
			for field, cat := range c.fields {
				if cat == "" {
					continue
				}
				names := namesAt(t, a.Result, field)
				if len(names) == 0 {
					t.Errorf("%s: no %s in the result", c.path, field)
				}
				for _, n := range names {
					if a.Labels[cat][n] == "" {
						t.Errorf("%s %s: %s %q (field %s) has no label; labels %v", c.path, lang, cat, n, field, a.Labels[cat])
					}
				}
			}
		}
	}
	// The panchang's tithi in Hindi: Devanagari.
	var p labelledAnswer
	ts.Post(t, "/api/v1/vedic/panchang?lang=hi", birth).WantStatus(t, 200).Decode(t, &p)
	for _, l := range p.Labels["tithis"] {
		if r := []rune(l)[0]; r < 0x900 || r > 0x97f {
			t.Errorf("tithi label %q is not Devanagari", l)
		}
	}
	// A GET operation: lang is the door's, not an unknown field.
	var moon struct {
		labelledAnswer
		Warnings []string `json:"warnings"`
	}
	ts.Get(t, "/api/v1/moon?year=2024&month=3&day=20&lang=fr").WantStatus(t, 200).Decode(t, &moon)
	if len(moon.Warnings) > 0 || moon.Labels["signs"] == nil {
		t.Errorf("GET moon in French: warnings %v labels %v", moon.Warnings, moon.Labels)
	}
	// An unknown language is refused, naming lang; English gives display names.
	if p := ts.Post(t, "/api/v1/natal?lang=xx", birth).WantStatus(t, 422).Problem(t); len(p.Errors) != 1 || p.Errors[0].Field != "lang" {
		t.Errorf("lang=xx: %+v", p)
	}
	var enl labelledAnswer
	ts.Post(t, "/api/v1/natal?lang=en", birth).WantStatus(t, 200).Decode(t, &enl)
	if enl.Labels["houses"]["placidus"] != "Placidus" || enl.Labels["aspects"]["trine"] != "Trine" {
		t.Errorf("lang=en: %v", enl.Labels)
	}

	// MCP: the endpoint's lang (or Accept-Language) labels every call, in
	// _meta and in the summary.
	cs, err := mcpSession(t, ts.URL+apihttp.MCPPath+"/charts?lang=de", headerTransport{"x-api-key": ts.Key})
	if err != nil {
		t.Fatal(err)
	}
	var args map[string]any
	if err := json.Unmarshal([]byte(birth), &args); err != nil {
		t.Fatal(err)
	}
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "natal", Arguments: args})
	if err != nil || res.IsError {
		t.Fatalf("natal over MCP: %v %+v", err, res)
	}
	labels, _ := res.Meta["astroapi/labels"].(map[string]any)
	planets, _ := labels["planets"].(map[string]any)
	if planets["Sun"] != "Sonne" || !strings.Contains(res.Content[0].(*mcp.TextContent).Text, "Sonne") {
		t.Errorf("natal over MCP in German: _meta labels %v, summary %.300q", labels, res.Content[0].(*mcp.TextContent).Text)
	}
}
