package http_test

import (
	"bytes"
	"fmt"
	"math"
	"net/url"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"

	json "github.com/goccy/go-json"

	apihttp "github.com/astroapi/astroapi/http"
	"github.com/astroapi/astroapi/http/apitest"
	"github.com/astroapi/astroapi/http/op"
)

// The registry-wide tests of the input stage (issue "One door for every
// input"): generated from the served operation list, so every family,
// and every family added later, is held to them.

// stageServer serves every family with every dependency.
func stageServer(t *testing.T) *apitest.Server {
	t.Helper()
	pl, zx := apitest.Geo(t)
	return startTestServer(t, testOptions{Positions: testEphemeris(t), Tables: apitest.TableSet(t), Swiss: testEphemeris(t), Places: pl, Zones: zx})
}

// sample is an operation's example request, editable.
type sample struct {
	o      *op.Operation
	path   string
	body   map[string]any // POST
	query  url.Values     // GET
	header []string
}

func sampleOf(t *testing.T, o *op.Operation) *sample {
	t.Helper()
	params, query, body := apihttp.SampleRequest(o)
	path := o.Path
	for k, v := range params {
		path = strings.NewReplacer("{"+k+"}", v, "{"+k+":*}", v).Replace(path)
	}
	s := &sample{o: o, path: path, query: url.Values{}}
	for k, v := range query {
		s.query[k] = append([]string(nil), v...)
	}
	if o.HasBody() {
		s.body = map[string]any{}
		if len(body) > 0 {
			if err := json.Unmarshal(body, &s.body); err != nil {
				t.Fatalf("%s: example body %s: %v", o.ID, body, err)
			}
		}
	}
	return s
}

// set sets a top-level field (or a dotted query parameter) to a JSON
// value.
func (s *sample) set(name, jsonValue string) {
	if s.body != nil {
		var v any
		if err := json.Unmarshal([]byte(jsonValue), &v); err != nil {
			panic(err)
		}
		s.body[name] = v
		return
	}
	var v any
	_ = json.Unmarshal([]byte(jsonValue), &v)
	if str, ok := v.(string); ok {
		s.query.Set(name, str)
	} else {
		s.query.Set(name, jsonValue)
	}
}

func (s *sample) send(t *testing.T, ts *apitest.Server) *apitest.Response {
	t.Helper()
	if s.o.HasBody() {
		b, err := json.Marshal(s.body)
		if err != nil {
			t.Fatal(err)
		}
		return ts.Request(t, s.o.Method, s.path, string(b), s.header...)
	}
	p := s.path
	if len(s.query) > 0 {
		p += "?" + s.query.Encode()
	}
	return ts.Request(t, s.o.Method, p, nil, s.header...)
}

// inputOps are the operations that read input: not hidden, not None.
func inputOps(ts *apitest.Server) []*op.Operation {
	var out []*op.Operation
	for _, o := range ts.Server.Operations() {
		// The bulk route's body is lines, each through the stage: its
		// own tests (bulk_test.go) check them.
		if o.Hidden || o.In == nil || o.In == reflect.TypeFor[op.None]() || o.Path == "/api/v1/mcp" || o.Path == apihttp.BulkPath || strings.HasPrefix(o.Path, "/api/v1/test/") {
			continue
		}
		out = append(out, o)
	}
	return out
}

// sendable lists the top-level names an operation's input takes (not the
// read-only ones, not path parameters).
func sendable(o *op.Operation) []string {
	params := map[string]bool{}
	for _, p := range o.PathParams() {
		params[p] = true
	}
	var out []string
	for _, f := range op.WireFields(o.In) {
		if f.Tag.Get("readonly") != "true" && !params[op.WireName(f)] {
			out = append(out, op.WireName(f))
		}
	}
	return out
}

// problemNames returns the problem's errors by field.
func problemNames(r *apitest.Response) map[string]string {
	var p op.Problem
	if json.Unmarshal(r.Body, &p) != nil {
		return nil
	}
	out := map[string]string{}
	for _, e := range p.Errors {
		out[e.Field] = e.Reason
	}
	return out
}

// misspell swaps two inner letters of a name ("latitude" -> "latitdue").
func misspell(name string) string {
	b := []byte(name)
	i := len(b) / 2
	b[i-1], b[i] = b[i], b[i-1]
	return string(b)
}

// TestEveryOperationIsStrict: for every operation, a name it does not have
// and a misspelt name of one of its fields are each a 422 naming the name
// sent, the misspelt one with the field it meant; with
// Prefer: handling=lenient they are warnings, and the answer says the
// preference was applied.
func TestEveryOperationIsStrict(t *testing.T) {
	ts := stageServer(t)
	checked := 0
	for _, o := range inputOps(ts) {
		s := sampleOf(t, o)
		s.set("zz_not_a_field", "1")
		r := s.send(t, ts)
		if r.Status != 422 || problemNames(r)["zz_not_a_field"] == "" {
			t.Errorf("%s: an unknown name: %d %s", o.ID, r.Status, apitest.Truncate(r.Body, 300))
		}
		s.header = []string{"Prefer", "handling=lenient"}
		r = s.send(t, ts)
		if problemNames(r)["zz_not_a_field"] != "" || r.Header.Get("Preference-Applied") != "handling=lenient" {
			t.Errorf("%s: lenient: %d %q %s", o.ID, r.Status, r.Header.Get("Preference-Applied"), apitest.Truncate(r.Body, 300))
		}
		var name string
		for _, n := range sendable(o) {
			if len(n) >= 5 && !strings.ContainsAny(n, "_") && n != misspell(n) {
				name = n
				break
			}
		}
		if name == "" {
			continue
		}
		s = sampleOf(t, o)
		if s.body != nil {
			if v, ok := s.body[name]; ok {
				delete(s.body, name)
				b, _ := json.Marshal(v)
				s.set(misspell(name), string(b))
			} else {
				s.set(misspell(name), "1")
			}
		} else {
			v := s.query.Get(name)
			s.query.Del(name)
			if v == "" {
				v = "1"
			}
			s.query.Set(misspell(name), v)
		}
		r = s.send(t, ts)
		reason := problemNames(r)[misspell(name)]
		if r.Status != 422 || !strings.Contains(reason, strconv.Quote(name)) {
			t.Errorf("%s: %s for %s: %d %s", o.ID, misspell(name), name, r.Status, apitest.Truncate(r.Body, 300))
		}
		checked++
	}
	if checked < 40 {
		t.Errorf("only %d operations checked for misspelt names", checked)
	}
}

// bounded is a field with a documented minimum or maximum (exclusive
// bounds are "outside" at the bound itself).
type bounded struct {
	name       string
	min, max   *float64
	xmin, xmax *float64
	integer    bool
}

func boundsOf(o *op.Operation) []bounded {
	var out []bounded
	for _, f := range op.WireFields(o.In) {
		if f.Tag.Get("readonly") == "true" {
			continue
		}
		b := bounded{name: op.WireName(f)}
		for tag, dst := range map[string]**float64{"minimum": &b.min, "maximum": &b.max, "exclusiveMinimum": &b.xmin, "exclusiveMaximum": &b.xmax} {
			if v := f.Tag.Get(tag); v != "" {
				x, err := strconv.ParseFloat(v, 64)
				if err == nil {
					*dst = &x
				}
			}
		}
		if b.min == nil && b.max == nil && b.xmin == nil && b.xmax == nil {
			continue
		}
		ft := f.Type
		for ft.Kind() == reflect.Pointer {
			ft = ft.Elem()
		}
		b.integer = ft.Kind() != reflect.Float32 && ft.Kind() != reflect.Float64
		out = append(out, b)
	}
	return out
}

// narrowed says whether a route's own rule, stated in its description,
// takes less than a shared field's documented range, so that the shared
// bound itself is refused: the timing techniques take births from year 0
// (their instants are RFC 3339 dates, years 0000-9999), and a birth in
// 3000 leaves no return, progressed date or period within the example's
// dates (or the ephemeris, for a planetary return).
func narrowed(id, field string) bool {
	if field != "year" {
		return false
	}
	for _, p := range []string{"post-firdaria", "post-profections", "post-progressions", "post-returns-", "post-solar-arc", "post-zodiacal-releasing"} {
		if strings.HasPrefix(id, p) {
			return true
		}
	}
	return false
}

// TestEveryBound: every documented minimum and maximum of a top-level field
// is enforced by the door: from the example request, the bound itself is
// accepted (2xx) and one step beyond it is a 422 naming the field, so that
// the OpenAPI cannot drift from the code. Operations whose example is not
// answered 2xx as it is (the key console's) are left out; the count of
// bounds checked is asserted.
func TestEveryBound(t *testing.T) {
	ts := stageServer(t)
	checked := 0
	for _, o := range inputOps(ts) {
		if r := sampleOf(t, o).send(t, ts); r.Status/100 != 2 {
			continue
		}
		for _, b := range boundsOf(o) {
			step := 1.0
			if !b.integer {
				step = 0.001
			}
			num := func(x float64) string {
				if b.integer {
					return strconv.FormatInt(int64(math.Round(x)), 10)
				}
				return strconv.FormatFloat(x, 'f', -1, 64)
			}
			// A day's bound depends on its month: the bound days are sent
			// with January.
			withMonth := func(s *sample) {
				if b.name == "day" {
					s.set("month", "1")
				}
			}
			for _, edge := range []struct {
				inside, outside *float64
			}{{b.min, nil}, {b.max, nil}, {nil, b.xmin}, {nil, b.xmax}} {
				if edge.inside != nil && narrowed(o.ID, b.name) {
					// the route's own rule, in its description, refuses
					// the shared bound; one step beyond is still checked
				} else if edge.inside != nil {
					s := sampleOf(t, o)
					withMonth(s)
					s.set(b.name, num(*edge.inside))
					if r := s.send(t, ts); r.Status/100 != 2 {
						t.Errorf("%s: %s = %s (the bound) answered %d: %s", o.ID, b.name, num(*edge.inside), r.Status, apitest.Truncate(r.Body, 300))
					}
					checked++
				}
				var out float64
				switch {
				case edge.inside == b.min && b.min != nil:
					out = *b.min - step
				case edge.inside == b.max && b.max != nil:
					out = *b.max + step
				case edge.outside != nil:
					out = *edge.outside
				default:
					continue
				}
				s := sampleOf(t, o)
				withMonth(s)
				s.set(b.name, num(out))
				r := s.send(t, ts)
				if r.Status != 422 || problemNames(r)[b.name] == "" {
					t.Errorf("%s: %s = %s (outside) answered %d: %s", o.ID, b.name, num(out), r.Status, apitest.Truncate(r.Body, 300))
				}
				checked++
			}
		}
	}
	t.Logf("%d bounds checked", checked)
	if checked < 100 {
		t.Errorf("only %d bounds checked", checked)
	}
}

// TestEchoRoundTrip: for every billed JSON operation, the answer's input
// sent back as the request gives the same answer (result, echo and
// warnings alike): the echo is the resolved input, written from the types
// that decode it.
func TestEchoRoundTrip(t *testing.T) {
	ts := stageServer(t)
	checked := 0
	for _, o := range inputOps(ts) {
		if o.Access != op.Billed || o.Produces != "" || o.Bare || o.Streams() {
			continue
		}
		s := sampleOf(t, o)
		first := s.send(t, ts)
		if first.Status != 200 {
			t.Errorf("%s: example answered %d: %s", o.ID, first.Status, apitest.Truncate(first.Body, 300))
			continue
		}
		env := first.Envelope(t)
		var echo map[string]any
		if err := json.Unmarshal(env.Input, &echo); err != nil {
			t.Errorf("%s: echo %s is not an object: %v", o.ID, apitest.Truncate(env.Input, 200), err)
			continue
		}
		back := &sample{o: o, path: s.path, body: echo, query: url.Values{}}
		if !o.HasBody() {
			back.body = nil
			flatten("", echo, back.query)
			for _, p := range o.PathParams() {
				back.query.Del(p)
			}
		}
		second := back.send(t, ts)
		if second.Status != 200 {
			t.Errorf("%s: the echo sent back answered %d: %s\necho %s", o.ID, second.Status, apitest.Truncate(second.Body, 400), apitest.Truncate(env.Input, 400))
			continue
		}
		env2 := second.Envelope(t)
		if !bytes.Equal(env.Result, env2.Result) {
			t.Errorf("%s: the echo sent back gave another result:\n first %s\nsecond %s", o.ID, apitest.Truncate(env.Result, 300), apitest.Truncate(env2.Result, 300))
		}
		if !bytes.Equal(env.Input, env2.Input) {
			t.Errorf("%s: the echo of the echo differs:\n first %s\nsecond %s", o.ID, apitest.Truncate(env.Input, 400), apitest.Truncate(env2.Input, 400))
		}
		checked++
	}
	if checked < 40 {
		t.Errorf("only %d operations round-tripped", checked)
	}
}

// flatten writes a decoded echo as query parameters: objects as dotted
// names, lists comma-separated.
func flatten(prefix string, v map[string]any, q url.Values) {
	keys := make([]string, 0, len(v))
	for k := range v {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		switch x := v[k].(type) {
		case map[string]any:
			flatten(prefix+k+".", x, q)
		case []any:
			parts := make([]string, len(x))
			for i, e := range x {
				parts[i] = fmt.Sprint(e)
			}
			q.Set(prefix+k, strings.Join(parts, ","))
		case nil:
		case float64:
			q.Set(prefix+k, strconv.FormatFloat(x, 'f', -1, 64))
		default:
			q.Set(prefix+k, fmt.Sprint(x))
		}
	}
}

// TestSeveralWrongFields: a request with several bad fields (two values of
// the wrong type and an unknown name) is one 422 naming all of them.
func TestSeveralWrongFields(t *testing.T) {
	ts := stageServer(t)
	checked := 0
	for _, o := range inputOps(ts) {
		var scalars []string
		for _, f := range op.WireFields(o.In) {
			ft := f.Type
			for ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if f.Tag.Get("readonly") == "true" || !o.HasBody() {
				continue
			}
			switch ft.Kind() {
			case reflect.Int, reflect.Int64, reflect.Float64, reflect.Bool:
				scalars = append(scalars, op.WireName(f))
			}
		}
		if len(scalars) < 2 {
			continue
		}
		s := sampleOf(t, o)
		s.set(scalars[0], `"x"`)
		s.set(scalars[1], `{"a":1}`)
		s.set("zz_unknown", "1")
		r := s.send(t, ts)
		got := problemNames(r)
		if r.Status != 422 || got[scalars[0]] == "" || got[scalars[1]] == "" || got["zz_unknown"] == "" {
			t.Errorf("%s: %s, %s and zz_unknown wrong: %d %s", o.ID, scalars[0], scalars[1], r.Status, apitest.Truncate(r.Body, 400))
		}
		checked++
	}
	if checked < 30 {
		t.Errorf("only %d operations checked", checked)
	}
}

// TestNothingBilledForBadInput: a 4xx for bad input bills nothing.
func TestNothingBilledForBadInput(t *testing.T) {
	ts := stageServer(t)
	usage := func() int64 {
		var u struct {
			CurrentUsage struct {
				RequestsThisDay int64 `json:"requests_this_day"`
			} `json:"current_usage"`
		}
		ts.Get(t, "/api/v1/usage").WantStatus(t, 200).Decode(t, &u)
		return u.CurrentUsage.RequestsThisDay
	}
	before := usage()
	n := 0
	for _, o := range inputOps(ts) {
		if o.Access != op.Billed {
			continue
		}
		s := sampleOf(t, o)
		s.set("zz_unknown", "1")
		if r := s.send(t, ts); r.Status/100 != 4 {
			t.Errorf("%s: %d", o.ID, r.Status)
		}
		n++
	}
	if after := usage(); after != before {
		t.Errorf("%d bad requests billed %d calls", n, after-before)
	}
}
