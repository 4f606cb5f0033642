package http_test

import (
	"strings"
	"testing"
	"time"

	"github.com/astroapi/astroapi/http/apitest"
	json "github.com/goccy/go-json"
)

func TestEnvelope(t *testing.T) {
	apitest.ForEachStore(t, func(t *testing.T, storeURL string) {
		ts := startTestServer(t, testOptions{StoreURL: storeURL})
		// Unknown names are a 422 (TestErrorsMapToProblems); asked for
		// leniency, the caller gets them as warnings.
		r := ts.Post(t, "/api/v1/test/echo", `{"year":1990,"name":"a","bogus":1,"nested":{"a":1,"zz":2}}`, "Prefer", "handling=lenient").WantStatus(t, 200)
		if ct := r.Header.Get("Content-Type"); ct != "application/json" {
			t.Errorf("Content-Type %q", ct)
		}
		env := r.Envelope(t)
		if _, err := time.Parse(time.RFC3339Nano, env.CalculatedAt); err != nil || !strings.HasSuffix(env.CalculatedAt, "Z") {
			t.Errorf("calculated_at %q is not UTC ISO 8601: %v", env.CalculatedAt, err)
		}
		if env.CalculatedAt != "2024-06-15T12:00:00Z" {
			t.Errorf("calculated_at %q does not come from the injected clock", env.CalculatedAt)
		}
		if env.RequestID == "" || env.RequestID != r.Header.Get("X-Request-ID") {
			t.Errorf("request_id %q, header %q", env.RequestID, r.Header.Get("X-Request-ID"))
		}
		var in apitest.EchoInput
		if err := json.Unmarshal(env.Input, &in); err != nil || in.Year != 1990 || in.Name != "a" {
			t.Errorf("input echo %s (%v)", env.Input, err)
		}
		if env.Usage == nil || env.Usage.Scope != "account_plan" || env.Usage.RequestsThisDay != 1 || env.Usage.RequestsThisMonth != 1 || env.Usage.DailyLimit != 1_000_000 {
			t.Errorf("usage %+v", env.Usage)
		}
		want := []string{`unknown field "bogus" ignored (the fields are year, `, `unknown field "nested.zz" ignored (the fields are a, b)`}
		if len(env.Warnings) != 2 || !strings.HasPrefix(env.Warnings[0], want[0]) || env.Warnings[1] != want[1] {
			t.Errorf("warnings %q, want %q", env.Warnings, want)
		}
		if r.Header.Get("RateLimit-Limit") != "1000000" || r.Header.Get("RateLimit-Remaining") != "999999" {
			t.Errorf("RateLimit headers %v", r.Header)
		}
	})
}

func TestRequestID(t *testing.T) {
	ts := startTestServer(t, testOptions{})
	r := ts.Post(t, "/api/v1/test/echo", `{"year":1}`, "X-Request-ID", "trace-abc.123").WantStatus(t, 200)
	if got := r.Envelope(t).RequestID; got != "trace-abc.123" {
		t.Errorf("sane incoming id not honoured: %q", got)
	}
	r = ts.Post(t, "/api/v1/test/echo", `{"year":1}`, "X-Request-ID", "bad id<script>").WantStatus(t, 200)
	if got := r.Envelope(t).RequestID; got == "bad id<script>" || got == "" {
		t.Errorf("insane incoming id used: %q", got)
	}
	a := ts.Get(t, "/healthz").Header.Get("X-Request-ID")
	b := ts.Get(t, "/healthz").Header.Get("X-Request-ID")
	if a == "" || a == b {
		t.Errorf("generated ids %q %q not unique", a, b)
	}
}

func TestErrorsMapToProblems(t *testing.T) {
	ts := startTestServer(t, testOptions{})
	cases := []struct {
		name, body string
		status     int
		field      string
	}{
		{"FieldError", `{"year":1,"fail":"field"}`, 422, "year"},
		{"Fields", `{"year":1,"fail":"fields"}`, 422, "year"},
		{"BadRequest", `{"year":1,"fail":"badrequest"}`, 400, "name"},
		{"NotFound", `{"year":1,"fail":"notfound"}`, 404, ""},
		{"OutOfRange", `{"year":1,"fail":"range"}`, 422, ""},
		{"Internal", `{"year":1,"fail":"internal"}`, 500, ""},
		{"Panic", `{"year":1,"fail":"panic"}`, 500, ""},
		{"Required", `{"name":"a"}`, 422, "year"},
		{"EmptyBody", ``, 422, "year"},
		{"WrongType", `{"year":"1990"}`, 422, "year"},
		{"WrongNestedType", `{"year":1,"nested":{"a":"x"}}`, 422, "nested.a"},
		{"UnknownName", `{"year":1,"bogus":1}`, 422, "bogus"},
		{"InvalidJSON", `{"year":1,`, 400, ""},
		{"NotAnObject", `[1,2]`, 400, ""},
		{"TrailingGarbage", `{"year":1} x`, 400, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := ts.Post(t, "/api/v1/test/echo", tc.body).WantStatus(t, tc.status)
			p := r.Problem(t)
			if p.Status != tc.status || p.Title == "" || p.Type == "" || p.Detail == "" || p.RequestID != r.Header.Get("X-Request-ID") {
				t.Errorf("problem %+v", p)
			}
			if tc.field != "" && (len(p.Errors) == 0 || p.Errors[0].Field != tc.field) {
				t.Errorf("errors %+v, want field %q", p.Errors, tc.field)
			}
			if tc.status == 500 && (strings.Contains(string(r.Body), "libswe") || strings.Contains(string(r.Body), "boom")) {
				t.Errorf("500 leaks internals: %s", r.Body)
			}
		})
	}
}

func TestQueryDecode(t *testing.T) {
	ts := startTestServer(t, testOptions{})
	ts.Get(t, "/api/v1/test/echo?year=2001&extra=1").WantStatus(t, 422)
	r := ts.Get(t, "/api/v1/test/echo?year=2001&ratio=0.5&flag=true&tags=a,b&extra=1", "Prefer", "handling=lenient").WantStatus(t, 200)
	env := r.Envelope(t)
	var in apitest.EchoInput
	if err := json.Unmarshal(env.Result, &in); err != nil {
		t.Fatal(err)
	}
	if in.Year != 2001 || in.Ratio != 0.5 || in.Flag == nil || !*in.Flag || strings.Join(in.Tags, ",") != "a,b" {
		t.Errorf("decoded %+v", in)
	}
	if len(env.Warnings) != 1 || !strings.Contains(env.Warnings[0], `"extra"`) {
		t.Errorf("warnings %q", env.Warnings)
	}
	p := ts.Get(t, "/api/v1/test/echo?year=abc").WantStatus(t, 422).Problem(t)
	if len(p.Errors) != 1 || p.Errors[0].Field != "year" {
		t.Errorf("problem %+v", p)
	}
	ts.Get(t, "/api/v1/test/echo").WantStatus(t, 422)
	r = ts.Get(t, "/api/v1/test/param/Europe%2FParis").WantStatus(t, 200)
	if !strings.Contains(string(r.Body), `"name":"Europe/Paris"`) {
		t.Errorf("path param: %s", r.Body)
	}
}

func TestRawBody(t *testing.T) {
	ts := startTestServer(t, testOptions{})
	r := ts.Get(t, "/api/v1/test/svg").WantStatus(t, 200)
	if r.Header.Get("Content-Type") != "image/svg+xml" || !strings.HasPrefix(string(r.Body), "<svg") {
		t.Errorf("raw: %v %s", r.Header, r.Body)
	}
}
