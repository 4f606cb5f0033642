package shape_test

import (
	"bytes"
	"math"
	"math/rand/v2"
	"reflect"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	json "github.com/goccy/go-json"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/natal"
	"github.com/astroapi/astroapi/http/shape"
	"github.com/astroapi/astroapi/tables/tablestest"
)

// chart casts a natal chart from the tables for a test.
func chart(t testing.TB, jd float64, asteroids bool) *natal.Chart {
	t.Helper()
	c, err := natal.Compute(tablestest.Positions(t), natal.Birth{JD: engine.JDUT(jd), Latitude: 48.8566, Longitude: 2.3522},
		natal.Options{IncludeAsteroids: asteroids, MinorAspects: asteroids})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func mustParse(t testing.TB, fields, decimals string) *shape.Spec {
	t.Helper()
	s := shape.Parse(fields, decimals)
	if err := s.Err(); err != nil {
		t.Fatalf("Parse(%q, %q): %v", fields, decimals, err)
	}
	return s
}

// TestWholeEqualsHandWritten: the shaping encoder with nothing to select
// and no decimals writes a natal chart byte for byte as its hand-written
// encoder does (same members, same order, numbers to 7 decimals): a
// shaped answer is a part of the full one, never another rendering.
func TestWholeEqualsHandWritten(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 200 {
		c := chart(t, 2415020+rng.Float64()*73000, i%2 == 0)
		want := c.AppendJSON(nil)
		got, err := (&shape.Spec{}).Append(nil, c)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("chart %d differs:\n got %s\nwant %s", i, got, want)
		}
	}
}

// TestSelect: a sparse fieldset keeps the members named, in the result's
// order, through lists; the values are the full answer's.
func TestSelect(t *testing.T) {
	c := chart(t, 2448000.25, false)
	s := mustParse(t, "planets.name,planets.longitude,ascendant", "")
	if err := s.Check(reflect.TypeFor[*natal.Chart]()); err != nil {
		t.Fatal(err)
	}
	got, err := s.Append(nil, c)
	if err != nil {
		t.Fatal(err)
	}
	var full, part map[string]any
	if err := json.Unmarshal(c.AppendJSON(nil), &full); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(got, &part); err != nil {
		t.Fatalf("%v: %s", err, got)
	}
	if len(part) != 2 || !reflect.DeepEqual(part["ascendant"], full["ascendant"]) {
		t.Fatalf("members %v: %s", keys(part), got)
	}
	fp, pp := full["planets"].([]any), part["planets"].([]any)
	if len(pp) != len(fp) {
		t.Fatalf("%d planets, want %d", len(pp), len(fp))
	}
	for i := range fp {
		want := fp[i].(map[string]any)
		gotP := pp[i].(map[string]any)
		if len(gotP) != 2 || gotP["name"] != want["name"] || gotP["longitude"] != want["longitude"] {
			t.Errorf("planet %d: %v, want name and longitude of %v", i, gotP, want)
		}
	}
	if !strings.HasPrefix(string(got), `{"ascendant":{`) {
		t.Errorf("members not in the result's order: %s", got)
	}
	if !s.KeepsInput() {
		// fields keeps members: the echo only when named
	} else {
		t.Error("a list of members to keep kept the input echo")
	}
	if !mustParse(t, "input,ascendant", "").KeepsInput() {
		t.Error("input named, echo left out")
	}
}

// TestExclude: members named with a minus are left out, everything else
// kept (the two-person routes' full charts).
func TestExclude(t *testing.T) {
	c := chart(t, 2448000.25, false)
	s := mustParse(t, "-planets,-houses.cusps,-aspects", "")
	if err := s.Check(reflect.TypeFor[*natal.Chart]()); err != nil {
		t.Fatal(err)
	}
	got, err := s.Append(nil, c)
	if err != nil {
		t.Fatal(err)
	}
	var full, part map[string]any
	json.Unmarshal(c.AppendJSON(nil), &full)
	if err := json.Unmarshal(got, &part); err != nil {
		t.Fatal(err)
	}
	for k := range full {
		_, kept := part[k]
		if kept == (k == "planets" || k == "aspects") {
			t.Errorf("member %s kept %v", k, kept)
		}
	}
	if h := part["houses"].(map[string]any); h["cusps"] != nil || h["system"] != "placidus" {
		t.Errorf("houses %v", h)
	}
	if !s.KeepsInput() {
		t.Error("leaving members out dropped the echo")
	}
}

// TestDecimals: every non-integer number rounded, integers and strings
// unchanged, trailing zeros dropped.
func TestDecimals(t *testing.T) {
	c := chart(t, 2448000.25, false)
	got, err := mustParse(t, "", "2").Append(nil, c)
	if err != nil {
		t.Fatal(err)
	}
	var full, part map[string]any
	json.Unmarshal(c.AppendJSON(nil), &full)
	if err := json.Unmarshal(got, &part); err != nil {
		t.Fatal(err)
	}
	var walk func(path string, a, b any)
	walk = func(path string, a, b any) {
		switch a := a.(type) {
		case map[string]any:
			bm := b.(map[string]any)
			if len(bm) != len(a) {
				t.Errorf("%s: %d members, want %d", path, len(bm), len(a))
			}
			for k := range a {
				walk(path+"."+k, a[k], bm[k])
			}
		case []any:
			bl := b.([]any)
			for i := range a {
				walk(path, a[i], bl[i])
			}
		case float64:
			f := b.(float64)
			if d := f - a; !(math.Abs(d) <= 0.005+1e-12) {
				t.Errorf("%s: %v rounded to %v", path, a, f)
			}
		default:
			if !reflect.DeepEqual(a, b) {
				t.Errorf("%s: %v became %v", path, a, b)
			}
		}
	}
	walk("", full, part)
	if bytes.Contains(got, []byte(".000")) {
		t.Error("trailing zeros kept")
	}
	if len(got) >= len(c.AppendJSON(nil))*95/100 { // most of a chart is names: 2 decimals save ~10 %
		t.Errorf("2 decimals: %d bytes of %d", len(got), len(c.AppendJSON(nil)))
	}
}

// TestCheck: unknown members are one 422 naming fields, each with its
// nearest known name; paths through lists, maps and values that write
// themselves are accepted.
func TestCheck(t *testing.T) {
	typ := reflect.TypeFor[*natal.Chart]()
	for _, c := range []struct {
		fields string
		want   []string // substrings of the reason; none: valid
	}{
		{"planets.name,ascendant.sign", nil},
		{"conventions.orbs.conjunction", nil},
		{"planets.nme", []string{`"planets.nme" is not a member of planets; did you mean "planets.name"?`}},
		{"plnets,ascendant.sgn", []string{`"plnets" is not a member of the result; did you mean "planets"?`, `did you mean "ascendant.sign"?`}},
		{"planets.name.first", []string{`"planets.name.first": planets.name is a string and has no members`}},
		{"zzzzzz", []string{"its members: zodiac_type"}},
	} {
		err := mustParse(t, c.fields, "").Check(typ)
		if len(c.want) == 0 {
			if err != nil {
				t.Errorf("%s: %v", c.fields, err)
			}
			continue
		}
		var fe engine.Fields
		if !asFields(err, &fe) || len(fe) != 1 || fe[0].Field != "fields" {
			t.Errorf("%s: %v, want one error on fields", c.fields, err)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(fe[0].Reason, w) {
				t.Errorf("%s: %q lacks %q", c.fields, fe[0].Reason, w)
			}
		}
	}
}

// TestParseErrors: malformed values are field errors naming the parameter.
func TestParseErrors(t *testing.T) {
	for _, c := range []struct{ fields, decimals, field string }{
		{"a,,b", "", "fields"},
		{"a.", "", "fields"},
		{"a,-b", "", "fields"},
		{"input.year", "", "fields"},
		{strings.Repeat("a,", 101) + "a", "", "fields"},
		{"", "10", "decimals"},
		{"", "-1", "decimals"},
		{"", "two", "decimals"},
	} {
		err := shape.Parse(c.fields, c.decimals).Check(reflect.TypeFor[*natal.Chart]())
		var fe engine.Fields
		if !asFields(err, &fe) || fe[0].Field != c.field {
			t.Errorf("Parse(%q, %q) = %v, want an error on %s", c.fields, c.decimals, err, c.field)
		}
	}
	if s := shape.Parse("", ""); s != nil || s.Check(reflect.TypeFor[int]()) != nil || s.Active() || !s.KeepsInput() {
		t.Errorf("empty: %v", s)
	}
}

// sample exercises the reflective paths go-json covers: embedding,
// omitempty, pointers, maps, marshalers, ",string", interfaces.
type sample struct {
	Embedded
	Name    string            `json:"name"`
	Skip    string            `json:"-"`
	Empty   string            `json:"empty,omitempty"`
	Ptr     *float64          `json:"ptr"`
	Nil     *float64          `json:"nil"`
	Map     map[string]int    `json:"map"`
	When    time.Time         `json:"when"`
	Quoted  int               `json:"quoted,string"`
	Any     any               `json:"any"`
	List    []Embedded        `json:"list"`
	Raw     json.RawMessage   `json:"raw"`
	Small   float64           `json:"small"`
	Shadow  string            `json:"shared"`
	Bytes   []byte            `json:"bytes"`
	Strs    map[string]string `json:"strs,omitempty"`
	private int
}

// Embedded is promoted into sample.
type Embedded struct {
	Inner  float64 `json:"inner"`
	Shared string  `json:"shared"`
}

// TestLikeGoJSON: over values of every kind the whole answer is what
// go-json writes, and selections pick from it.
func TestLikeGoJSON(t *testing.T) {
	f := 12.5
	v := sample{Embedded: Embedded{Inner: 1.25, Shared: "hidden"}, Name: `a"b<`, Skip: "x", Ptr: &f,
		Map: map[string]int{"b": 2, "a": 1}, When: time.Date(2024, 1, 2, 3, 4, 5, 6, time.UTC), Quoted: 7,
		Any: map[string]any{"z": 1.5, "y": []any{"q"}}, List: []Embedded{{Inner: 2}, {Inner: 3, Shared: "s"}},
		Raw: json.RawMessage(`{"k":1.23456}`), Small: 1.5e-9, Shadow: "top", Bytes: []byte("hi"), private: 3}
	want, err := json.MarshalWithOption(v, json.DisableHTMLEscape())
	if err != nil {
		t.Fatal(err)
	}
	got, err := (&shape.Spec{}).Append(nil, v)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("\n got %s\nwant %s", got, want)
	}
	s := mustParse(t, "map.b,list.inner,any.z,raw.k,name", "1")
	if err := s.Check(reflect.TypeFor[sample]()); err != nil {
		t.Fatal(err)
	}
	got, err = s.Append(nil, &v)
	if err != nil {
		t.Fatal(err)
	}
	if w := `{"name":"a\"b<","map":{"b":2},"any":{"z":1.5},"list":[{"inner":2},{"inner":3}],"raw":{"k":1.2}}`; string(got) != w {
		t.Errorf("\n got %s\nwant %s", got, w)
	}
}

// threadCPU is the calling thread's CPU time in nanoseconds.
func threadCPU() int64 {
	var ru syscall.Rusage
	syscall.Getrusage(1, &ru) // RUSAGE_THREAD
	return ru.Utime.Nano() + ru.Stime.Nano()
}

func keys(m map[string]any) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

func asFields(err error, fe *engine.Fields) bool {
	if err == nil {
		return false
	}
	f, ok := err.(engine.Fields)
	*fe = f
	return ok && len(f) > 0
}

// BenchmarkNatal compares the hand-written encoder of a whole chart with
// the shaped encodings: three members (the example), the whole
// chart to 2 decimals, and the chart without its aspects.
func BenchmarkNatal(b *testing.B) {
	c := chart(b, 2448000.25, false)
	run := func(name string, s *shape.Spec) {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			if s != nil {
				s.Check(reflect.TypeOf(c)) // binds the selection, as the door does
			}
			buf := make([]byte, 0, 16<<10)
			n := 0
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			cpu0 := threadCPU()
			for b.Loop() {
				var err error
				if s == nil {
					buf = c.AppendJSON(buf[:0])
				} else if buf, err = s.Append(buf[:0], c); err != nil {
					b.Fatal(err)
				}
				n = len(buf)
			}
			b.ReportMetric(float64(n), "bytes")
			// The thread's own CPU time: on a shared machine the wall
			// clock also counts the time waited for a core.
			b.ReportMetric(float64(threadCPU()-cpu0)/float64(b.N), "cpu-ns/op")
		})
	}
	run("whole-handwritten", nil)
	run("three-fields", mustParse(b, "planets.name,planets.longitude,ascendant", ""))
	run("decimals-2", mustParse(b, "", "2"))
	run("without-aspects", mustParse(b, "-aspects", ""))
}
