package http

import (
	"html"

	json "github.com/goccy/go-json"
	"regexp"
	"sort"
	"strings"
	"sync"

	"github.com/astroapi/astroapi/http/op"
)

// The documentation tool (GET /api/docs/search, the MCP tool
// get_docs_search): a keyword search over the guide's sections and the
// OpenAPI reference's operations, and the full description and input
// schema of one tool. It is public, so an agent reaches it without a key
// (the keyless MCP endpoint /api/v1/mcp/docs), and it is where the details
// the compact tool list leaves out are kept.

// docsSearchRequest is the input of the documentation tool.
type docsSearchRequest struct {
	Q     string `json:"q,omitempty" doc:"words to look for in the guide and the reference (e.g. \"sidereal ayanamsa\", \"quota\", \"Bearer\")" example:"house system"`
	Tool  string `json:"tool,omitempty" doc:"a tool name or operation id (natal, post-vedic-dasha): its full description and complete input schema"`
	Limit int    `json:"limit,omitempty" doc:"how many hits at most" default:"5" minimum:"1" maximum:"20"`
}

// docsSearchResult is what the documentation tool answers.
type docsSearchResult struct {
	Hits []docHit    `json:"hits" doc:"the best matches, best first (empty without q)"`
	Tool *toolDetail `json:"tool,omitempty" doc:"the tool asked for by tool"`
}

// docHit is one section of the guide or one operation of the reference.
type docHit struct {
	Kind  string `json:"kind" doc:"guide (a section of /docs/api) or operation (an operation of the OpenAPI document)" enum:"guide,operation"`
	Title string `json:"title"`
	URL   string `json:"url" doc:"where to read it whole"`
	Tool  string `json:"tool,omitempty" doc:"the MCP tool of the operation, when it is one"`
	Text  string `json:"text" doc:"the section's or operation's text, cut at about 1500 characters"`
}

// toolDetail is a tool's whole documentation.
type toolDetail struct {
	Name        string `json:"name"`
	Operation   string `json:"operation"`
	Method      string `json:"method"`
	Path        string `json:"path"`
	Family      string `json:"family" doc:"the MCP family endpoint that lists it"`
	Summary     string `json:"summary"`
	Description string `json:"description" doc:"the operation's full description, as in the OpenAPI document"`
	InputSchema string `json:"input_schema" doc:"the complete JSON Schema of the arguments, every field documented, as JSON text"`
}

// docIndex is the searchable text, built on first use.
type docIndex struct {
	once sync.Once
	docs []docHit
	err  error
}

var (
	sectionStart = regexp.MustCompile(`<h3 id="([^"]+)">`)
	tags         = regexp.MustCompile(`<[^>]*>`)
	spaces       = regexp.MustCompile(`\s+`)
	wordRE       = regexp.MustCompile(`[\p{L}\p{N}_]+`)
)

// plainText is HTML as words.
func plainText(h string) string {
	return strings.TrimSpace(spaces.ReplaceAllString(html.UnescapeString(tags.ReplaceAllString(h, " ")), " "))
}

// build indexes the guide's sections (rendered without the examples) and
// the documented operations.
func (ix *docIndex) build(s *Server) {
	page, err := renderGuide(s, s.docs.manifest, nil)
	if err != nil {
		ix.err = err
		return
	}
	g := string(page)
	locs := sectionStart.FindAllStringSubmatchIndex(g, -1)
	for i, loc := range locs {
		end := len(g)
		if i+1 < len(locs) {
			end = locs[i+1][0]
		}
		id := g[loc[2]:loc[3]]
		if id == "routes" || id == "examples" { // tables of every route: the operations are indexed one by one
			continue
		}
		body := g[loc[1]:end]
		title, rest, _ := strings.Cut(body, "</h3>")
		ix.docs = append(ix.docs, docHit{Kind: "guide", Title: plainText(title), URL: "/docs/api#" + id, Text: plainText(rest)})
	}
	tools := map[string]string{}
	for _, t := range s.mcp.tools {
		tools[t.Op.ID] = t.Name
	}
	for _, o := range s.ops {
		if o.Hidden {
			continue
		}
		var fields []string
		for _, f := range op.WireFields(o.In) {
			fields = append(fields, op.WireName(f)+": "+f.Tag.Get("doc"))
		}
		text := o.Summary + ". " + o.Description
		if len(fields) > 0 {
			text += " Fields: " + strings.Join(fields, "; ")
		}
		ix.docs = append(ix.docs, docHit{Kind: "operation", Title: o.Method + " " + openAPIPath(o.Path) + " (" + o.ID + ")",
			URL: "/api/docs/reference#" + o.ID, Tool: tools[o.ID], Text: text})
	}
}

// words are the lower-case words of s.
func words(s string) []string { return wordRE.FindAllString(strings.ToLower(s), -1) }

// search scores every indexed text by the query's words (a word in the
// title counts five times; every word present doubles the score) and
// returns the best limit, each text cut to about 1500 characters.
func (ix *docIndex) search(q string, limit int) []docHit {
	terms := words(q)
	if len(terms) == 0 {
		return []docHit{}
	}
	type scored struct {
		i     int
		score int
	}
	var hits []scored
	for i, d := range ix.docs {
		title, text := words(d.Title), words(d.Text+" "+d.Tool)
		score, present := 0, 0
		for _, t := range terms {
			n := 0
			for _, w := range title {
				if w == t {
					n += 5
				}
			}
			for _, w := range text {
				if w == t || len(t) > 3 && strings.HasPrefix(w, t) {
					n++
				}
			}
			if n > 0 {
				present++
			}
			score += min(n, 10)
		}
		if score > 0 {
			if present == len(terms) {
				score *= 2
			}
			hits = append(hits, scored{i, score})
		}
	}
	sort.SliceStable(hits, func(a, b int) bool { return hits[a].score > hits[b].score })
	out := []docHit{}
	for _, h := range hits[:min(limit, len(hits))] {
		d := ix.docs[h.i]
		if len(d.Text) > 1500 {
			cut := strings.LastIndexByte(d.Text[:1500], ' ')
			d.Text = d.Text[:max(cut, 1000)] + " ..."
		}
		out = append(out, d)
	}
	return out
}

// docsSearchOp is the documentation tool's operation.
func (s *Server) docsSearchOp() *op.Operation {
	return op.Get(op.Spec{
		ID: "get-docs-search", Path: "/api/docs/search", Family: "Docs", Access: op.Public, Bare: true,
		Summary: "Search the guide and the reference; one tool's full documentation",
		Description: "A keyword search (q) over the sections of the guide and the operations of the OpenAPI document, best first, " +
			"and (tool) the full description and complete input schema of one MCP tool, which the tool list gives in a compact form. " +
			"Public: also the MCP tool get_docs_search, on every MCP endpoint and on the keyless /api/v1/mcp/docs.",
	}, func(c *op.Call, in *docsSearchRequest) (docsSearchResult, error) {
		if in.Q == "" && in.Tool == "" {
			return docsSearchResult{}, op.Unprocessable("q", "send q (words to look for) or tool (a tool name)")
		}
		limit := in.Limit
		if limit == 0 {
			limit = 5
		}
		ix := &s.docIndex
		ix.once.Do(func() { ix.build(s) })
		if ix.err != nil {
			return docsSearchResult{}, ix.err
		}
		res := docsSearchResult{Hits: ix.search(in.Q, limit)}
		if in.Tool != "" {
			o := s.mcp.byName[in.Tool]
			if o == nil {
				o = s.byID[in.Tool]
			}
			if o == nil || !o.Batchable() {
				return docsSearchResult{}, op.NotFound("no tool " + in.Tool + "; tools/list names them (or q finds them)")
			}
			schema, err := json.Marshal(inputSchema(o))
			if err != nil {
				return docsSearchResult{}, err
			}
			res.Tool = &toolDetail{Name: ToolName(o), Operation: o.ID, Method: o.Method, Path: openAPIPath(o.Path), Family: toolFamily(o),
				Summary: o.Summary, Description: o.Description, InputSchema: string(schema)}
		}
		return res, nil
	})
}
