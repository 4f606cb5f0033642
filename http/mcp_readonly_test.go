package http_test

import (
	"testing"

	json "github.com/goccy/go-json"

	apihttp "github.com/astroapi/astroapi/http"
)

// TestToolsOmitEchoFacts: the tools' input schemas leave out what a caller
// never sends, the read-only facts of an input's echo (a birth packet's
// utc, julian_day, place...), and the definitions only they used; the
// fields a caller sends stay.
func TestToolsOmitEchoFacts(t *testing.T) {
	ts := startTestServer(t, testOptions{})
	cs, err := mcpSession(t, ts.URL+apihttp.MCPPath, headerTransport{"Authorization": "Bearer " + ts.Key})
	if err != nil {
		t.Fatal(err)
	}
	tools, _ := listTools(t, cs)
	checked := 0
	for name, tool := range tools {
		b, err := json.Marshal(tool.InputSchema)
		if err != nil {
			t.Fatal(err)
		}
		var s struct {
			Properties map[string]map[string]any `json:"properties"`
			Defs       map[string]any            `json:"$defs"`
		}
		if err := json.Unmarshal(b, &s); err != nil {
			t.Fatal(err)
		}
		for p, v := range s.Properties {
			if v["readOnly"] == true {
				t.Errorf("%s: read-only property %s", name, p)
			}
		}
		if _, ok := s.Properties["year"]; ok {
			checked++
			// (place is the echo's geocoded place on most routes, a
			// relocation the caller sends on the returns: the BirthPlace
			// definition below catches the echo's.)
			for _, p := range []string{"birth_date", "utc", "julian_day", "coordinates", "timezone_source"} {
				if _, ok := s.Properties[p]; ok {
					t.Errorf("%s: echo fact %s in the input schema", name, p)
				}
			}
			if _, ok := s.Defs["BirthPlace"]; ok {
				t.Errorf("%s: the definition of the echo's place is left", name)
			}
		}
	}
	if checked < 10 {
		t.Errorf("%d tools take a birth, want at least 10", checked)
	}
}
