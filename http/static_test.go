package http_test

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	json "github.com/goccy/go-json"

	apihttp "github.com/astroapi/astroapi/http"
)

// TestStaticAnswersCompressedOnce: the documents are compressed once, not
// per request: a hundred requests for the OpenAPI document in brotli and
// gzip compress it once, answer the same bytes, and decompress to the
// document.
func TestStaticAnswersCompressedOnce(t *testing.T) {
	ts := startTestServer(t, testOptions{})
	get := func(enc string) (*http.Response, []byte) {
		req, _ := http.NewRequest("GET", ts.URL+"/api/openapi.json", nil)
		req.Header.Set("Accept-Encoding", enc)
		resp, err := (&http.Transport{DisableCompression: true}).RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp, b
	}
	_, plain := get("identity")
	get("gzip")
	get("br")
	before := apihttp.StaticCompressions()
	var first []byte
	for i := range 100 {
		resp, b := get("gzip")
		if resp.Header.Get("Content-Encoding") != "gzip" || resp.Header.Get("ETag") == "" {
			t.Fatalf("headers %v", resp.Header)
		}
		if i == 0 {
			first = b
			zr, err := gzip.NewReader(bytes.NewReader(b))
			if err != nil {
				t.Fatal(err)
			}
			if un, _ := io.ReadAll(zr); !bytes.Equal(un, plain) {
				t.Fatal("the gzip answer is not the document")
			}
		} else if !bytes.Equal(b, first) {
			t.Fatal("the gzip answer changed")
		}
		if resp, _ := get("br"); resp.Header.Get("Content-Encoding") != "br" {
			t.Fatalf("brotli: %v", resp.Header)
		}
	}
	if n := apihttp.StaticCompressions() - before; n > 0 {
		t.Errorf("%d compressions for 200 requests of a document served before", n)
	}
	// 304 for a client that has it.
	req, _ := http.NewRequest("GET", ts.URL+"/api/openapi.json", nil)
	resp, _ := http.DefaultTransport.RoundTrip(req)
	resp.Body.Close()
	req.Header.Set("If-None-Match", resp.Header.Get("ETag"))
	if resp, _ := http.DefaultTransport.RoundTrip(req); resp.StatusCode != 304 {
		t.Errorf("If-None-Match: %d", resp.StatusCode)
	}
}

// TestToolListRatedAndCached: tools/list takes a token of the per-second
// rate like any request (a 2/s plan gets 429 on the third within the
// second), and later answers are the first one's result with their own
// id, in gzip made once.
func TestToolListRatedAndCached(t *testing.T) {
	ts := startTestServer(t, testOptions{Plans: tinyPlans(), Plan: "rated"})
	list := func(id string, enc string) (*http.Response, []byte) {
		req, _ := http.NewRequest("POST", ts.URL+apihttp.MCPPath, strings.NewReader(`{"jsonrpc":"2.0","id":`+id+`,"method":"tools/list","params":{}}`))
		req.Header.Set("x-api-key", ts.Key)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept-Encoding", enc)
		resp, err := (&http.Transport{DisableCompression: true}).RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		if resp.Header.Get("Content-Encoding") == "gzip" {
			zr, err := gzip.NewReader(bytes.NewReader(b))
			if err != nil {
				t.Fatalf("gzip: %v", err)
			}
			if b, err = io.ReadAll(zr); err != nil {
				t.Fatalf("gzip: %v", err)
			}
		}
		return resp, b
	}
	decode := func(b []byte) (id any, result json.RawMessage) {
		var m struct {
			ID     any             `json:"id"`
			Result json.RawMessage `json:"result"`
		}
		if err := json.Unmarshal(b, &m); err != nil || len(m.Result) == 0 {
			t.Fatalf("answer %s: %v", apitestTruncate(b), err)
		}
		return m.ID, m.Result
	}
	_, b1 := list("1", "identity") // the SDK's answer, kept
	_, r1 := decode(b1)
	resp, b2 := list(`"second"`, "gzip") // from the cache, spliced into gzip
	id, r2 := decode(b2)
	if resp.Header.Get("Content-Encoding") != "gzip" || id != "second" || !bytes.Equal(r1, r2) {
		t.Fatalf("cached answer: %v id %v, same result %v", resp.Header, id, bytes.Equal(r1, r2))
	}
	resp, b3 := list("3", "gzip")
	if resp.StatusCode != 429 || !strings.Contains(string(b3), "rate-limited") || resp.Header.Get("Retry-After") == "" {
		t.Fatalf("third tools/list within the second: %d %s", resp.StatusCode, b3)
	}
	ts.Clock.Add(time.Second)
	_, b4 := list("4", "identity")
	if id, r4 := decode(b4); id != 4.0 || !bytes.Equal(r1, r4) {
		t.Fatalf("after a second: id %v", id)
	}
}

func apitestTruncate(b []byte) string {
	if len(b) > 300 {
		return string(b[:300]) + "..."
	}
	return string(b)
}
