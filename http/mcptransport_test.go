package http

import (
	"strings"
	"testing"

	json "github.com/goccy/go-json"
)

// TestAppendQuoted: appendQuoted writes what a JSON encoder writes for the
// text as a string (raw newlines and tabs aside, which compact JSON never
// holds: they come out as \u000a, not \n), and the string reads back as
// the text.
func TestAppendQuoted(t *testing.T) {
	for _, js := range []string{
		``, `{}`, `{"a":"b"}`, `{"path":"C:\\dir","q":"say \"hi\""}`, `"\n\t"`, "\x00\x1f raw controls", `{"name":"Zürich","x":"\u2028"}`,
		"raw\nnewline\ttab",
	} {
		got := appendQuoted([]byte("prefix:"), []byte(js))
		want, err := json.MarshalWithOption(js, json.DisableHTMLEscape())
		if err != nil {
			t.Fatal(err)
		}
		if !strings.ContainsAny(js, "\n\t") && string(got) != "prefix:"+string(want) {
			t.Errorf("%q: got %s, want %s", js, got[7:], want)
		}
		var back string
		if err := json.Unmarshal(got[7:], &back); err != nil || back != js {
			t.Errorf("%q: reads back as %q (%v)", js, back, err)
		}
	}
}
