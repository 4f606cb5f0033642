package http

import (
	"bytes"
	"strconv"
	"strings"

	json "github.com/goccy/go-json"
	"github.com/valyala/fasthttp"

	"github.com/astroapi/astroapi/http/labels"
	"github.com/astroapi/astroapi/http/op"
)

// Languages, at the door: a request may ask for the names in its answer
// (planets, signs, aspects, houses, nakshatras, tithis, yogas, stems and
// branches, Tzolk'in signs, ...) in another language with the lang query
// parameter of any route (or, without it, Accept-Language). The result is
// unchanged, its identifiers the stable English keys; the envelope gains
// "labels", the translations of the names it holds by category (package
// labels), and the answer says Content-Language. No family's encoder is
// involved: the encoded answer is scanned for names.

// langParam is the query parameter that asks for a language.
const langParam = "lang"

// requestLang is the language a request asks for: the lang query
// parameter (a 422 naming it when the language is not served; "en" gives
// the English display names), else the best served language of
// Accept-Language (English, the results' own, asks for nothing).
func (s *Server) requestLang(args *fasthttp.Args, acceptLanguage []byte) (string, *op.Problem) {
	if v := args.Peek(langParam); v != nil {
		lang := strings.ToLower(string(v))
		if !s.labels.Has(lang) {
			p := op.NewProblem(422, op.KindValidation, "lang "+strconv.Quote(string(v))+" is not served; the languages are "+strings.Join(s.labels.Languages(), ", "))
			p.Errors = []op.FieldProblem{{Field: langParam, Reason: "must be one of " + strings.Join(s.labels.Languages(), ", ")}}
			return "", p
		}
		return lang, nil
	}
	if len(acceptLanguage) == 0 {
		return "", nil
	}
	if lang := s.labels.Negotiate(string(acceptLanguage)); lang != "en" {
		return lang, nil
	}
	return "", nil
}

// labelled reports whether operation o's answers get labels: the JSON
// envelope (not a bare document, an image or a stream).
func labelled(o *op.Operation) bool { return !o.Bare && o.Produces == "" && !o.Streams() }

// addLabels adds to a 200 envelope the labels of the names it holds, in
// lang, before its closing brace.
func (s *Server) addLabels(rc *fasthttp.RequestCtx, lang string) {
	rc.Response.Header.Set("Content-Language", lang)
	body := rc.Response.Body()
	end := bytes.LastIndexByte(body, '}')
	if end < 0 {
		return
	}
	found := s.labels.Find(body, lang)
	if found == nil {
		found = labels.Labels{}
	}
	b, err := json.Marshal(found)
	if err != nil {
		return // maps of strings: cannot fail
	}
	out := make([]byte, 0, len(body)+len(b)+12)
	out = append(out, body[:end]...)
	out = append(out, `,"labels":`...)
	out = append(out, b...)
	out = append(out, body[end:]...)
	rc.Response.SetBodyRaw(out)
}
