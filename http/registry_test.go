package http_test

import (
	"fmt"
	"net/url"
	"reflect"
	"strings"
	"testing"

	json "github.com/goccy/go-json"

	apihttp "github.com/astroapi/astroapi/http"
	"github.com/astroapi/astroapi/http/apitest"
	"github.com/astroapi/astroapi/http/op"
)

// TestEveryFieldRefusesGarbage sends, for every field of every operation
// (nested fields included), a null, a value of the wrong JSON type, and an
// empty body, and demands: never a 5xx; a wrong type is a 422 naming the
// field; a null in a required field and an empty body missing required
// fields are a 422 naming them. Generated from the served operation list,
// so a family added later is covered without editing this test.
func TestEveryFieldRefusesGarbage(t *testing.T) {
	pl, zx := apitest.Geo(t)
	ts := startTestServer(t, testOptions{Positions: testEphemeris(t), Tables: apitest.TableSet(t), Swiss: testEphemeris(t), Places: pl, Zones: zx})
	checked := 0
	for _, o := range ts.Server.Operations() {
		if o.Hidden || o.In == nil || o.Path == apihttp.BulkPath { // bulk lines: bulk_test.go
			continue
		}
		path := o.Path
		for _, p := range o.PathParams() {
			v := "x"
			if strings.Contains(o.Path, "{"+p+":*}") {
				v = "Europe/Paris" // a catch-all (the zone route's name) holds slashes
			}
			path = strings.NewReplacer("{"+p+"}", v, "{"+p+":*}", v).Replace(path)
		}
		send := func(body string, query url.Values) *apitest.Response {
			if o.HasBody() {
				return ts.Request(t, o.Method, path, body)
			}
			return ts.Request(t, o.Method, path+"?"+query.Encode(), nil)
		}
		notServerError := func(what string, r *apitest.Response) {
			t.Helper()
			if r.Status >= 500 {
				t.Errorf("%s %s: %d %s", o.ID, what, r.Status, apitest.Truncate(r.Body, 300))
			}
		}
		// Empty body / no parameters: every top-level required field named.
		r := send("", nil)
		notServerError("empty", r)
		for _, f := range op.WireFields(o.In) {
			if f.Tag.Get("required") == "true" {
				wantNamed(t, o.ID+" empty", r, 422, op.WireName(f))
			}
		}
		for _, f := range fieldsOf(o.In, "", 0) {
			checked++
			if o.HasBody() {
				r := send(nest(f.path, "null"), nil)
				notServerError(f.path+"=null", r)
				if f.required {
					wantNamed(t, o.ID+" "+f.path+"=null", r, 422, f.path)
				}
				r = send(nest(f.path, f.wrong), nil)
				notServerError(f.path+" wrong type", r)
				wantNamed(t, o.ID+" "+f.path+"="+f.wrong, r, 422, f.path)
				continue
			}
			if strings.Contains(f.path, ".") || f.query == "" {
				continue // query parameters are flat scalars
			}
			r := send("", url.Values{f.path: {f.query}})
			notServerError(f.path+" wrong type", r)
			wantNamed(t, o.ID+" ?"+f.path+"="+f.query, r, 422, f.path)
		}
	}
	t.Logf("%d fields checked", checked)
	if checked < 50 {
		t.Fatalf("only %d fields checked", checked)
	}
}

// wantNamed fails unless r has status and a problem naming field.
func wantNamed(t *testing.T, what string, r *apitest.Response, status int, field string) {
	t.Helper()
	var p op.Problem
	if r.Status != status || json.Unmarshal(r.Body, &p) != nil {
		t.Errorf("%s: %d, want %d naming %q: %s", what, r.Status, status, field, apitest.Truncate(r.Body, 300))
		return
	}
	for _, e := range p.Errors {
		if e.Field == field {
			return
		}
	}
	t.Errorf("%s: %d problem does not name %q: %s", what, r.Status, field, apitest.Truncate(r.Body, 300))
}

// field is an input field with a value of the wrong JSON type for it.
type field struct {
	path     string // JSON path, "person1.latitude", "planets[0].name"
	required bool   // required at its level
	wrong    string // JSON of the wrong type
	query    string // the wrong value as a query parameter ("" when any string reads)
}

// fieldsOf lists the fields under struct type t (objects and arrays of
// objects descended into), with wrong values for their types.
func fieldsOf(t reflect.Type, prefix string, depth int) []field {
	var out []field
	for _, sf := range op.WireFields(t) {
		ft := sf.Type
		for ft.Kind() == reflect.Pointer {
			ft = ft.Elem()
		}
		if sf.Tag.Get("readonly") == "true" {
			continue // the echo's facts: accepted and ignored
		}
		f := field{path: prefix + op.WireName(sf), required: sf.Tag.Get("required") == "true"}
		switch ft.Kind() {
		case reflect.String:
			f.wrong = "12345"
		case reflect.Bool:
			f.wrong, f.query = `"yes"`, "yes"
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
			f.wrong, f.query = `"x"`, "x"
		case reflect.Float32, reflect.Float64:
			f.wrong, f.query = `"x"`, "x"
		case reflect.Map:
			f.wrong = "[]"
		case reflect.Slice, reflect.Array:
			if ft.Elem().Kind() == reflect.Uint8 {
				continue // raw JSON (a batch item's body): any value reads
			}
			f.wrong = "{}"
			if et := ft.Elem(); et.Kind() == reflect.Struct && depth < 3 {
				out = append(out, fieldsOf(et, f.path+"[0].", depth+1)...)
			}
		case reflect.Struct:
			f.wrong = `"x"`
			if depth < 3 {
				out = append(out, fieldsOf(ft, f.path+".", depth+1)...)
			}
		default:
			continue
		}
		out = append(out, f)
	}
	return out
}

// nest writes {"a":{"b":[{"c":value}]}} for the path a.b[0].c.
func nest(path, value string) string {
	parts := strings.Split(path, ".")
	s := value
	for i := len(parts) - 1; i >= 0; i-- {
		name, arr, _ := strings.Cut(parts[i], "[")
		if arr != "" {
			s = "[" + s + "]"
		}
		s = fmt.Sprintf(`{%q:%s}`, name, s)
	}
	return s
}
