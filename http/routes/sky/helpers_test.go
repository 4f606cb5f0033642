package sky_test

import (
	"math"
	"sort"
	"testing"
	"time"

	json "github.com/goccy/go-json"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/http/apitest"
)

// datetime writes the instant of Julian day jd (UT) for the datetime field.
func datetime(jd float64) string { return engine.JDUT(jd).Time().Format(time.RFC3339Nano) }

func sepArcsec(a, b float64) float64 { return math.Abs(math.Remainder(a-b, 360)) * 3600 }

// worst keeps the largest error of a quantity and where it happened.
type worst struct {
	err, tol float64
	n        int
	unit, at string
}

// stats are the worst errors by quantity.
type stats map[string]*worst

func (s stats) add(what string, err, tol float64, unit, at string) {
	w := s[what]
	if w == nil {
		w = &worst{}
		s[what] = w
	}
	w.n++
	w.tol, w.unit = tol, unit
	if err > w.err || math.IsNaN(err) {
		w.err, w.at = err, at
	}
}

// report logs every quantity's worst error and fails those over their
// tolerance.
func (s stats) report(t *testing.T) {
	t.Helper()
	names := make([]string, 0, len(s))
	for k := range s {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		w := s[k]
		t.Logf("%-36s n=%4d worst %.3g %s (tolerance %g) at %s", k, w.n, w.err, w.unit, w.tol, w.at)
		if !(w.err <= w.tol) {
			t.Errorf("%s: worst %.3g %s > %g at %s", k, w.err, w.unit, w.tol, w.at)
		}
	}
}

// envelope posts body to path (or GETs path when body is nil), demands
// 200, and decodes the result into res, returning the envelope.
func call(t *testing.T, ts *apitest.Server, path string, body any, res any) apitest.Envelope {
	t.Helper()
	var r *apitest.Response
	if body == nil {
		r = ts.Get(t, path)
	} else {
		r = ts.Post(t, path, body)
	}
	env := r.WantStatus(t, 200).Envelope(t)
	if err := json.Unmarshal(env.Result, res); err != nil {
		t.Fatalf("%s: %v: %s", path, err, apitest.Truncate(env.Result, 300))
	}
	return env
}
