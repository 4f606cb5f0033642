package http

import (
	"fmt"
	"strings"
	"sync"

	"github.com/astroapi/astroapi/http/op"
)

// /llms.txt and /llms-full.txt (the llms.txt proposal, llmstxt.org): the
// API described for a language model in Markdown. llms.txt is the short
// index (what the API is, where the documents are, the MCP endpoints, the
// families and their routes); llms-full.txt adds the guide's text and
// every operation's description and input fields. Both are built from the
// operation list and the guide, like every other document.

// llmsDocs are the two documents, built on first use.
type llmsDocs struct {
	once        sync.Once
	short, full []byte
	err         error
}

func (s *Server) llms() (*llmsDocs, error) {
	l := &s.llmsDocs
	l.once.Do(func() {
		ix := &s.docIndex
		ix.once.Do(func() { ix.build(s) })
		if ix.err != nil {
			l.err = ix.err
			return
		}
		l.short, l.full = s.buildLLMs(ix)
	})
	return l, l.err
}

// buildLLMs writes both documents.
func (s *Server) buildLLMs(ix *docIndex) (short, full []byte) {
	base := s.origin()
	var b strings.Builder
	fmt.Fprintf(&b, "# astroapi\n\n> Astrological calculations over JSON with Swiss Ephemeris precision: natal charts, synastry, transits, "+
		"returns, progressions and time lords, Vedic (Jyotish), Chinese BaZi and Maya calendars, eclipses and fixed stars, time zones and "+
		"geocoding. Every calculation is a REST route (POST a JSON body, get an envelope {calculated_at, input, request_id, result, usage}) "+
		"and an MCP tool.\n\n")
	b.WriteString("- Authentication: an API key from " + base + "/api-keys, in the x-api-key header or as Authorization: Bearer; never in the URL.\n")
	b.WriteString("- Errors: RFC 9457 problems (application/problem+json) whose errors[] name the fields.\n")
	b.WriteString("- Names in results are stable English identifiers; ?lang=es (es, pt, fr, de, it, ru, tr, hi, zh, ja) adds their translations as labels.\n")
	b.WriteString("- Angles in degrees, instants in UTC (ISO 8601); birth times are local in the IANA `timezone` sent.\n\n")
	b.WriteString("## Docs\n\n")
	fmt.Fprintf(&b, "- [Guide](%s/docs/api): quickstart, keys, envelope, errors, quotas, batch, MCP, languages, SDKs, and every route with an example\n", base)
	fmt.Fprintf(&b, "- [OpenAPI 3.0.3 document](%s/api/openapi.json): every route, generated from the server's operation list\n", base)
	fmt.Fprintf(&b, "- [Reference](%s/api/docs/reference): every operation's fields in plain HTML\n", base)
	fmt.Fprintf(&b, "- [Full text for models](%s/llms-full.txt): this index, the guide and every operation's description and fields\n", base)
	fmt.Fprintf(&b, "- [Documentation search](%s/api/docs/search?q=house+systems): keyword search of the guide and the reference (JSON)\n\n", base)
	b.WriteString("## MCP\n\n")
	fmt.Fprintf(&b, "- [Every tool](%s%s): JSON-RPC 2.0 over Streamable HTTP, stateless; key required\n", base, MCPPath)
	for _, f := range mcpFamilies {
		key := "key required"
		if f.Keyless {
			key = "no key"
		}
		fmt.Fprintf(&b, "- [%s](%s%s/%s): %s (%s)\n", f.Name, base, MCPPath, f.Name, f.Description, key)
	}
	b.WriteString("\n")
	fams := map[string][]*op.Operation{}
	for _, o := range s.ops {
		if !o.Hidden {
			fams[o.Family] = append(fams[o.Family], o)
		}
	}
	for _, fam := range familyOrder {
		if len(fams[fam]) == 0 {
			continue
		}
		fmt.Fprintf(&b, "## %s\n\n", fam)
		for _, o := range fams[fam] {
			fmt.Fprintf(&b, "- [%s %s](%s/api/docs/reference#%s): %s\n", o.Method, openAPIPath(o.Path), base, o.ID, o.Summary)
		}
		b.WriteString("\n")
	}
	b.WriteString("## Optional\n\n")
	fmt.Fprintf(&b, "- [Accuracy](%s/docs/api/accuracy): the tables and the test suite's comparisons with swetest, PyEphem, astronomy-engine, NASA and others\n", base)
	fmt.Fprintf(&b, "- [Postman collection](%s/api/postman/collection)\n", base)
	short = []byte(b.String())

	b.WriteString("\n# The guide\n\n")
	for _, d := range ix.docs {
		if d.Kind == "guide" {
			fmt.Fprintf(&b, "## %s\n\n%s\n\n", d.Title, d.Text)
		}
	}
	b.WriteString("# Every operation\n\n")
	for _, fam := range familyOrder {
		for _, o := range fams[fam] {
			fmt.Fprintf(&b, "## %s %s (%s)\n\n%s.", o.Method, openAPIPath(o.Path), o.ID, o.Summary)
			if o.Description != "" {
				b.WriteString(" " + o.Description)
			}
			b.WriteString("\n\n")
			if t := s.mcp.byName[ToolName(o)]; t == o {
				fmt.Fprintf(&b, "MCP tool: %s (family %s).\n\n", ToolName(o), toolFamily(o))
			}
			fields := op.WireFields(o.In)
			if len(fields) > 0 {
				where := "Body"
				if !o.HasBody() {
					where = "Query"
				}
				b.WriteString(where + " fields:\n\n")
				for _, f := range fields {
					line := "- " + op.WireName(f)
					if f.Tag.Get("required") == "true" {
						line += " (required)"
					}
					if d := f.Tag.Get("doc"); d != "" {
						line += ": " + d
					}
					if d, ok := f.Tag.Lookup("default"); ok {
						line += "; default " + d
					}
					b.WriteString(line + "\n")
				}
				b.WriteString("\n")
			}
		}
	}
	return short, []byte(b.String())
}

// llmsOps serve the two documents.
func (s *Server) llmsOps() []*op.Operation {
	serve := func(full bool) func(*op.Call, *op.None) (op.Raw, error) {
		return func(*op.Call, *op.None) (op.Raw, error) {
			l, err := s.llms()
			if err != nil {
				return op.Raw{}, err
			}
			body := l.short
			if full {
				body = l.full
			}
			return op.Raw{ContentType: "text/plain; charset=utf-8", Body: body}, nil
		}
	}
	spec := func(id, path, summary string) op.Spec {
		return op.Spec{ID: id, Path: path, Family: "Docs", Access: op.Public, NoBatch: true, Produces: "text/plain", Summary: summary}
	}
	return []*op.Operation{
		op.Get(spec("get-llms-txt", "/llms.txt", "The API for language models: what it is, where the documents and MCP endpoints are, every route (llmstxt.org)"), serve(false)),
		op.Get(spec("get-llms-full-txt", "/llms-full.txt", "The API for language models in full: llms.txt, the guide's text and every operation's description and fields"), serve(true)),
	}
}
