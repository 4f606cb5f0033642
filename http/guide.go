package http

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/astroapi/astroapi/http/op"
)

// The human guide (/docs/api) shows every route with its example request
// as a curl command and the answer this server gave to it: the examples
// are run in-process, unbilled, on the first request of the page (a few
// hundred milliseconds once), so the page shows what the code answers
// today, never a hand-written sample that drifted.

// routeExample is one route of the guide.
type routeExample struct {
	ID, Method, Path, Summary, Description string
	Public, Billed                         bool
	Curl                                   string
	// Response is the answer to the example (pretty JSON, long arrays and
	// strings shortened); Note says what is shown instead when there is
	// none (a non-JSON body, a route acting on the caller's account).
	Response, Note string
	Status         int
}

// guidePage renders the guide once, on first use.
type guidePage struct {
	once sync.Once
	page []byte
	err  error
}

func (s *Server) guide() ([]byte, error) {
	g := &s.docs.guidePage
	g.once.Do(func() {
		g.page, g.err = renderGuide(s, s.docs.manifest, s.runExamples())
	})
	return g.page, g.err
}

// exampleBase is the address the curl commands name: the public URL, or
// a shell variable the guide asks the reader to set.
func (s *Server) exampleBase() string {
	if s.cfg.PublicURL != "" {
		return strings.TrimRight(s.cfg.PublicURL, "/")
	}
	return "$ASTROAPI_URL"
}

// exampleTimeout bounds each example's run.
const exampleTimeout = 5 * time.Second

// runExamples runs the example request of every documented route.
func (s *Server) runExamples() []routeExample {
	var out []routeExample
	for _, o := range s.ops {
		if o.Hidden {
			continue
		}
		ex := exampleRequest(o)
		r := routeExample{ID: o.ID, Method: o.Method, Path: o.Path, Summary: o.Summary, Description: o.Description,
			Public: o.Access == op.Public, Billed: o.Access == op.Billed, Curl: curlOf(o, ex, s.exampleBase())}
		switch {
		case o.Produces != "":
			r.Note = "answers " + o.Produces + " (try it in the interactive docs)"
		case o.Family == "Access" || o.Access == op.Free:
			r.Note = "acts on the calling key's account (not run here); the reference lists its answer's fields"
		case o.NoBatch && !o.Bare:
			r.Note = "answered directly, not in a batch; try it in the interactive docs"
		default:
			r.Status, r.Response = s.runExample(o, ex)
		}
		out = append(out, r)
	}
	sort.SliceStable(out, func(i, j int) bool {
		return familyRank(s.byID[out[i].ID].Family) < familyRank(s.byID[out[j].ID].Family)
	})
	return out
}

// runExample runs one example without a key (nothing is billed) and
// returns its status and its answer, shortened for reading.
func (s *Server) runExample(o *op.Operation, ex example) (int, string) {
	ctx, cancel := context.WithTimeout(s.baseCtx, exampleTimeout)
	defer cancel()
	r := op.Request{Context: ctx, Now: s.cfg.Clock().UTC(), RequestID: "example", Body: ex.Body, Params: ex.Params, Services: s.cfg.Services}
	for k, vs := range ex.Query {
		for _, v := range vs {
			r.Query = append(r.Query, [2]string{k, v})
		}
	}
	c := op.NewCall(o, r)
	res, _, p := s.run(c, nil)
	if p != nil {
		b, _ := json.MarshalIndent(p, "", "  ")
		return p.Status, string(b)
	}
	if _, raw := res.(op.Raw); raw {
		return 200, ""
	}
	cr, err := encodeResult(c, res, nil)
	release(c, res)
	if err != nil {
		return 500, ""
	}
	env := map[string]any{"result": json.RawMessage(cr.result)}
	if !o.Bare {
		env["input"] = json.RawMessage(cr.input)
	}
	if len(cr.warnings) > 0 {
		env["warnings"] = cr.warnings
	}
	b, err := json.Marshal(env)
	if err != nil {
		return 500, ""
	}
	var v any
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	if err := d.Decode(&v); err != nil {
		return 500, ""
	}
	pretty, _ := json.MarshalIndent(shorten(v), "", "  ")
	return 200, string(pretty)
}

// shorten keeps an example readable: arrays beyond three items keep two
// and say how many more there are; long strings (an SVG) are cut.
func shorten(v any) any {
	switch x := v.(type) {
	case []any:
		if len(x) > 3 {
			return append(shortenAll(x[:2]), fmt.Sprintf("... %d more", len(x)-2))
		}
		return shortenAll(x)
	case map[string]any:
		for k, e := range x {
			x[k] = shorten(e)
		}
		return x
	case string:
		if len(x) > 160 {
			return x[:150] + "... (" + fmt.Sprint(len(x)) + " bytes)"
		}
	}
	return v
}

func shortenAll(xs []any) []any {
	out := make([]any, len(xs))
	for i, x := range xs {
		out[i] = shorten(x)
	}
	return out
}

// curlOf is the example request as a curl command.
func curlOf(o *op.Operation, ex example, base string) string {
	var b strings.Builder
	b.WriteString("curl")
	if o.Method != "GET" {
		b.WriteString(" -X " + o.Method)
	}
	if o.Access != op.Public {
		b.WriteString(` -H "x-api-key: $ASTROAPI_KEY"`)
	}
	if ex.Body != nil {
		b.WriteString(` -H "content-type: application/json" -d '` + strings.ReplaceAll(string(ex.Body), "'", `'\''`) + "'")
	}
	b.WriteString(` "` + base + ex.URL(o.Path) + `"`)
	return b.String()
}
