package sky_test

import (
	"math"
	"sort"
	"testing"
	"time"

	json "github.com/goccy/go-json"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/accuracy/measure"
	"github.com/astroapi/astroapi/http/apitest"
)

// datetime writes the instant of Julian day jd (UT) for the datetime field.
func datetime(jd float64) string { return engine.JDUT(jd).Time().Format(time.RFC3339Nano) }

func sepArcsec(a, b float64) float64 { return math.Abs(math.Remainder(a-b, 360)) * 3600 }

// stats gathers the errors of a published comparison by quantity name,
// each with the contract's bound and unit its call states, and judges them
// when the test reports: the quantities are added to the comparison in the
// order of their names (tests walk maps), each with the regression bound
// its test pins near the achieved error.
type stats struct {
	t   *testing.T
	c   *measure.Comparison
	reg map[string]float64 // regression bound by quantity name
	m   map[string]*stat
}

type stat struct {
	tol  float64
	unit string
	errs []float64
	at   []string
}

// newStats starts the published comparison a of test t; reg holds the
// regression bound of every quantity the test measures.
func newStats(t *testing.T, a measure.About, reg map[string]float64) stats {
	return stats{t: t, c: measure.Compare(t, a), reg: reg, m: map[string]*stat{}}
}

// units spells the tests' short units as the page does.
var units = map[string]string{`"`: "arcsec", "°/day": "deg/day", "°": "deg", "": "1", "rel": "relative", "s": "s"}

func (s stats) add(what string, err, tol float64, unit, at string) {
	w := s.m[what]
	if w == nil {
		w = &stat{tol: tol, unit: unit}
		s.m[what] = w
	}
	if w.tol != tol || w.unit != unit {
		s.t.Fatalf("%s: bound %g %s, earlier %g %s", what, tol, unit, w.tol, w.unit)
	}
	w.errs = append(w.errs, err)
	w.at = append(w.at, at)
}

// len is the number of quantities measured.
func (s stats) len() int { return len(s.m) }

// report adds the quantities to the comparison (which judges them when the
// test ends) and logs each one's worst error.
func (s stats) report(t *testing.T) {
	t.Helper()
	names := make([]string, 0, len(s.m))
	for k := range s.m {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		w := s.m[k]
		reg, ok := s.reg[k]
		if !ok {
			t.Errorf("%s: no regression bound", k)
			reg = w.tol
		}
		u, ok := units[w.unit]
		if !ok {
			t.Fatalf("%s: unit %q", k, w.unit)
		}
		q := s.c.Quantity(k, u, w.tol, reg)
		for i, e := range w.errs {
			q.Add(e, w.at[i])
		}
		t.Logf("%-36s n=%4d worst %.3g %s (regression bound %g, contract %g) at %s", k, q.N(), q.Max(), w.unit, reg, w.tol, q.At())
		if measure.Over(q.Max(), w.tol) {
			t.Errorf("%s: worst %.3g %s > %g at %s", k, q.Max(), w.unit, w.tol, q.At())
		}
	}
	for k := range s.reg {
		if s.m[k] == nil {
			t.Errorf("%s: a regression bound for a quantity not measured", k)
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
