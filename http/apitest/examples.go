package apitest

import (
	"fmt"
	"net/url"
	"sort"
	"strings"
	"testing"

	apihttp "github.com/astroapi/astroapi/http"
	"github.com/astroapi/astroapi/http/op"
)

// SendExamples calls each of ops with its documented example, the input
// apihttp.ExampleOf builds from the struct tags (the body the Postman
// collection shows; for GET, its fields as query parameters), path
// parameters taken from the input field of the same name, and fails
// unless each answers 2xx: the documents never show a call that fails.
func (ts *Server) SendExamples(t testing.TB, ops ...*op.Operation) {
	t.Helper()
	for _, o := range ops {
		ex, _ := apihttp.ExampleOf(o.In).(map[string]any)
		if ex == nil {
			ex = map[string]any{}
		}
		path := o.Path
		for _, p := range o.PathParams() {
			v, ok := ex[p]
			if !ok {
				t.Errorf("%s: no example for the path parameter %s (give the input field %q an example tag)", o.ID, p, p)
				continue
			}
			s := fmt.Sprint(v)
			path = strings.NewReplacer("{"+p+"}", url.PathEscape(s), "{"+p+":*}", s).Replace(path)
			if !o.HasBody() {
				delete(ex, p)
			}
		}
		var r *Response
		if o.HasBody() {
			r = ts.Request(t, o.Method, path, ex)
		} else {
			keys := make([]string, 0, len(ex))
			for k := range ex {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			q := url.Values{}
			for _, k := range keys {
				q.Set(k, fmt.Sprint(ex[k]))
			}
			if len(q) > 0 {
				path += "?" + q.Encode()
			}
			r = ts.Request(t, o.Method, path, nil)
		}
		if r.Status/100 != 2 {
			t.Errorf("%s: the documented example %s %s %v answers %d: %s", o.ID, o.Method, path, ex, r.Status, Truncate(r.Body, 400))
		}
	}
}
