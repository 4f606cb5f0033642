package measure

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/astroapi/astroapi/engine/accuracy"
)

func TestOverNaN(t *testing.T) {
	nan := math.NaN()
	for _, c := range []struct {
		err, bound float64
		over       bool
	}{{0, 0, false}, {1, 1, false}, {1.0000001, 1, true}, {nan, 1, true}, {nan, math.Inf(1), true}, {math.Inf(1), 1, true}, {-1, 0, false}} {
		if got := Over(c.err, c.bound); got != c.over {
			t.Errorf("Over(%v, %v) = %v, want %v", c.err, c.bound, got, c.over)
		}
	}
}

func TestWorst(t *testing.T) {
	var empty Worst
	if empty.Within(1) {
		t.Error("an empty sample is within a bound")
	}
	var w Worst
	w.Add(0.5, "a")
	w.Add(2, "b", 3)
	w.Add(1, "c")
	if w.N() != 3 || w.Max() != 2 || w.At() != "b 3" || !w.Within(2) || w.Within(1.9) {
		t.Errorf("n %d, max %v at %q", w.N(), w.Max(), w.At())
	}
	// A NaN is the worst of all, whatever comes after it.
	w.Add(math.NaN(), "nan")
	w.Add(1e9, "big")
	if !math.IsNaN(w.Max()) || w.At() != "nan" || w.Within(math.Inf(1)) {
		t.Errorf("after a NaN: max %v at %q", w.Max(), w.At())
	}
	// Concurrent adds (parallel subtests) are counted once each.
	var c Worst
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			for range 100 {
				c.Add(float64(i))
			}
		})
	}
	wg.Wait()
	if c.N() != 800 || c.Max() != 7 {
		t.Errorf("concurrent: n %d, max %v", c.N(), c.Max())
	}
}

func TestQuantityResult(t *testing.T) {
	mk := func(contract, regression float64, errs ...float64) (accuracy.Quantity, error) {
		q := &Quantity{name: "x", unit: "arcsec", contract: contract, regression: regression}
		q.all = []float64{}
		for _, e := range errs {
			q.Add(e)
		}
		return q.result()
	}
	r, err := mk(1, 0.1, 0.01, 0.02, 0.05, 0.03)
	if err != nil || r.N != 4 || r.Worst != 0.05 || r.Median != 0.02 || r.P99 != 0.05 {
		t.Errorf("%+v %v", r, err)
	}
	for name, errs := range map[string][]float64{"regression": {0.2}, "contract": {2}, "NaN": {0.01, math.NaN()}, "empty": nil} {
		if _, err := mk(1, 0.1, errs...); err == nil || !strings.Contains(err.Error(), map[string]string{
			"regression": "regression bound", "contract": "contract", "NaN": "NaN", "empty": "no case"}[name]) {
			t.Errorf("%s: %v", name, err)
		}
	}
	// An exact quantity publishes how many cases differ; one fails it.
	q := &Quantity{name: "pillars"}
	q.all = []float64{}
	q.Match(true)
	q.Match(true)
	if r, err := q.result(); err != nil || r.Worst != 0 || r.N != 2 {
		t.Errorf("exact: %+v %v", r, err)
	}
	q.Match(false, "1900-01-31")
	if r, err := q.result(); err == nil || r.Worst != 1 || !strings.Contains(err.Error(), "1900-01-31") {
		t.Errorf("exact with a difference: %+v %v", r, err)
	}
}

func TestRecordAndCheck(t *testing.T) {
	file := filepath.Join(t.TempDir(), "results.json")
	row := func(test string, n int, worst float64) accuracy.Comparison {
		return accuracy.Comparison{Test: test, What: "w", Reference: "r", Sample: "s", Quantities: []accuracy.Quantity{
			{Name: "lon", Unit: "arcsec", N: n, Median: worst / 2, P99: worst, Worst: worst, Contract: 1, Regression: 0.01}}}
	}
	a, b := row("pkg/b.TestB", 10, 0.003), row("pkg/a.TestA", 5, 0.002)
	if err := check(file, a); err == nil {
		t.Error("a missing file passed")
	}
	for _, r := range []accuracy.Comparison{a, b, row("pkg/b.TestB", 10, 0.004)} {
		if err := record(file, r); err != nil {
			t.Fatal(err)
		}
	}
	bs, _ := os.ReadFile(file)
	rows, err := accuracy.Parse(bs)
	if err != nil || len(rows) != 2 || rows[0].Test != "pkg/a.TestA" || rows[1].Quantities[0].Worst != 0.004 {
		t.Fatalf("rows %+v %v", rows, err)
	}
	if err := check(file, row("pkg/b.TestB", 10, 0.00401)); err != nil {
		t.Errorf("within noise: %v", err)
	}
	for name, r := range map[string]accuracy.Comparison{
		"another sample": row("pkg/b.TestB", 11, 0.004),
		"another worst":  row("pkg/b.TestB", 10, 0.005),
		"no row":         row("pkg/c.TestC", 10, 0.004),
		"other words":    func() accuracy.Comparison { r := row("pkg/b.TestB", 10, 0.004); r.Sample = "more"; return r }(),
		"other bounds": func() accuracy.Comparison {
			r := row("pkg/b.TestB", 10, 0.004)
			r.Quantities[0].Regression = 0.02
			return r
		}(),
		"more quantities": func() accuracy.Comparison {
			r := row("pkg/b.TestB", 10, 0.004)
			r.Quantities = append(r.Quantities, r.Quantities[0])
			return r
		}(),
	} {
		if err := check(file, r); err == nil {
			t.Errorf("%s: passed", name)
		}
	}
}

func TestParseRefusesBadRows(t *testing.T) {
	good := `[{"test":"a.TestA","what":"w","reference":"r","sample":"s","quantities":[{"name":"q","unit":"s","n":1,"median":0,"p99":0,"worst":0.5,"contract":1,"regression":1}]}]`
	if _, err := accuracy.Parse([]byte(good)); err != nil {
		t.Fatal(err)
	}
	for name, bad := range map[string]string{
		"no cases":      strings.Replace(good, `"n":1`, `"n":0`, 1),
		"over bound":    strings.Replace(good, `"worst":0.5`, `"worst":2`, 1),
		"not a test":    strings.Replace(good, `a.TestA`, `a.Example`, 1),
		"no quantities": `[{"test":"a.TestA","what":"w","reference":"r","sample":"s","quantities":[]}]`,
		"repeated":      "[" + good[1:len(good)-1] + "," + good[1:len(good)-1] + "]",
	} {
		if _, err := accuracy.Parse([]byte(bad)); err == nil {
			t.Errorf("%s: parsed", name)
		}
	}
}
