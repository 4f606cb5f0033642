package vedic_test

import (
	"bytes"
	"encoding/xml"
	"io"
	"net/url"
	"strings"
	"testing"

	"github.com/astroapi/astroapi/http/apitest"
)

// svgOf checks an SVG answer (media type, well-formed XML, an <svg> root
// with the 1000 x 1000 viewBox and the requested size; no script, no event
// attribute, no external reference) and returns its text content.
func svgOf(t *testing.T, r *apitest.Response, size string) string {
	t.Helper()
	r.WantStatus(t, 200)
	if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "image/svg+xml") {
		t.Fatalf("Content-Type %q", ct)
	}
	dec := xml.NewDecoder(bytes.NewReader(r.Body))
	var text strings.Builder
	root := true
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("invalid XML: %v", err)
		}
		switch x := tok.(type) {
		case xml.StartElement:
			if x.Name.Local == "script" || x.Name.Local == "foreignObject" {
				t.Errorf("<%s> in the drawing", x.Name.Local)
			}
			attrs := map[string]string{}
			for _, a := range x.Attr {
				attrs[a.Name.Local] = a.Value
				if strings.HasPrefix(strings.ToLower(a.Name.Local), "on") || a.Name.Local == "href" {
					t.Errorf("attribute %s=%q", a.Name.Local, a.Value)
				}
			}
			if root {
				root = false
				if x.Name.Local != "svg" || attrs["viewBox"] != "0 0 1000 1000" || attrs["width"] != size || attrs["height"] != size {
					t.Fatalf("root <%s %v>", x.Name.Local, attrs)
				}
			}
		case xml.CharData:
			text.Write(x)
			text.WriteByte('\n')
		}
	}
	return text.String()
}

// TestSVG: POST and GET draw the same chart from the same options; the
// styles, themes, vargas and titles; text escaped.
func TestSVG(t *testing.T) {
	ts := startTestServer(t, testOptions{Positions: apitest.Tables(t)})
	const path = "/api/v1/vedic/natal/svg"
	post := ts.Post(t, path, withFields(`,"style":"south","theme":"dark","size":480,"varga":"d9","node_type":"true"`))
	text := svgOf(t, post, "480")
	q := url.Values{"year": {"1990"}, "month": {"7"}, "day": {"14"}, "hour": {"14"}, "minute": {"30"}, "latitude": {"51.5074"},
		"longitude": {"-0.1278"}, "timezone": {"Europe/London"}, "style": {"south"}, "theme": {"dark"}, "size": {"480"}, "varga": {"d9"}, "node_type": {"true"}}
	get := ts.Get(t, path+"?"+q.Encode())
	svgOf(t, get, "480")
	if !bytes.Equal(get.Body, post.Body) {
		t.Error("GET and POST with the same options draw different charts")
	}
	// The South Indian grid names the signs; the centre names the varga;
	// the default heading names the birth and the chart.
	for _, want := range []string{"Pi", "Ar", "Navamsa", "1990-07-14 14:30 Europe/London · D9 Navamsa", "As "} {
		if !strings.Contains(text, want) {
			t.Errorf("south d9 drawing lacks %q", want)
		}
	}
	if !bytes.Contains(post.Body, []byte("#14161c")) {
		t.Error("dark theme background missing")
	}
	// Defaults: North Indian rasi chart, light, 600 pixels; the heading
	// names the rasi chart.
	def := ts.Post(t, path, withFields(""))
	text = svgOf(t, def, "600")
	if !strings.Contains(text, "D1 Rasi") || !bytes.Contains(def.Body, []byte("#ffffff")) || strings.Contains(text, "Pi\n") {
		t.Errorf("default drawing: %s", apitest.Truncate([]byte(text), 400))
	}
	// A title is escaped; an empty one draws no heading.
	titled := ts.Post(t, path, withFields(`,"title":"<script>alert(1)</script> & Co"`))
	if text := svgOf(t, titled, "600"); !strings.Contains(text, "<script>alert(1)</script> & Co") ||
		!bytes.Contains(titled.Body, []byte("&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co")) || bytes.Contains(titled.Body, []byte("<script")) {
		t.Errorf("title not escaped: %s", apitest.Truncate(titled.Body, 600))
	}
	if text := svgOf(t, ts.Post(t, path, withFields(`,"title":""`)), "600"); strings.Contains(text, "Europe/London") {
		t.Errorf("empty title still drew a heading: %s", apitest.Truncate([]byte(text), 300))
	}
	// Every varga draws.
	for _, v := range strings.Fields("d1 d2 d3 d4 d7 d9 d10 d12 d16 d20 d24 d27 d30 d40 d45 d60") {
		for _, style := range []string{"north", "south"} {
			svgOf(t, ts.Post(t, path, withFields(`,"varga":"`+v+`","style":"`+style+`"`)), "600")
		}
	}
	// Behind the same authentication as every route.
	if r := ts.Get(t, path+"?year=1990&month=7&day=14&latitude=1&longitude=1", "x-api-key", ""); r.Status != 401 {
		t.Errorf("SVG without a key: %d", r.Status)
	}
}
