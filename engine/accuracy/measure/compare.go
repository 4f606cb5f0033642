package measure

import (
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/astroapi/astroapi/engine/accuracy"
)

// About describes a published comparison in words (the figures come from
// the run): what is compared and through which door, the reference and its
// version, and the sample without its size (each quantity counts its
// cases).
type About struct {
	What, Reference, Sample string
}

// Comparison is a published comparison being measured by a test. Make it
// with Compare, add quantities, feed them errors; when the test ends it is
// judged and recorded (see Compare).
type Comparison struct {
	t     *testing.T
	row   accuracy.Comparison
	mu    sync.Mutex
	quant []*Quantity
}

// Quantity is one compared number of a Comparison: a Worst that also keeps
// every error for the published quantiles.
type Quantity struct {
	Worst
	name, unit           string
	contract, regression float64
}

// Match adds the outcome of one case of an exact quantity: error 0 when
// the answer equals the reference, 1 when it differs.
func (q *Quantity) Match(equal bool, at ...any) {
	if equal {
		q.Add(0, at...)
	} else {
		q.Add(1, at...)
	}
}

// Compare starts the published comparison that test t makes (the row of
// engine/accuracy/results.json keyed by t's package and full name). When t
// ends, unless it was skipped, every quantity must hold at least one case,
// no NaN, and a worst error within both its bounds. Then, with
// ASTROAPI_RECORD_ACCURACY=1, the row is written (when t passed);
// otherwise t fails unless the row exists and agrees with the run: the
// same words, bounds and sample sizes, and errors within noise. A run of
// part of t (go test -run 'Test/sub', -skip) checks only the bounds.
func Compare(t *testing.T, a About) *Comparison {
	t.Helper()
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := filepath.Rel(root, wd)
	if err != nil {
		t.Fatal(err)
	}
	c := &Comparison{t: t, row: accuracy.Comparison{
		Test: filepath.ToSlash(pkg) + "." + t.Name(), What: a.What, Reference: a.Reference, Sample: a.Sample,
	}}
	t.Cleanup(func() { c.finish(filepath.Join(root, accuracy.File)) })
	return c
}

// Quantity adds a quantity measured in unit, held to the contract's bound
// (what users are promised) and to a regression bound near the achieved
// error. Quantities appear on the page in the order they are added.
func (c *Comparison) Quantity(name, unit string, contract, regression float64) *Quantity {
	c.t.Helper()
	if unit == "" || !(regression > 0) || !(regression <= contract) {
		c.t.Fatalf("%s: a unit and 0 < regression bound (%g) <= contract (%g) are required", name, regression, contract)
	}
	return c.add(&Quantity{name: name, unit: unit, contract: contract, regression: regression})
}

// Exact adds a quantity that must agree case by case (a name, a pillar, a
// nakshatra): both bounds are zero differing cases.
func (c *Comparison) Exact(name string) *Quantity {
	return c.add(&Quantity{name: name})
}

func (c *Comparison) add(q *Quantity) *Quantity {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, o := range c.quant {
		if o.name == q.name {
			c.t.Fatalf("quantity %q added twice", q.name)
		}
	}
	q.all = []float64{}
	c.quant = append(c.quant, q)
	return q
}

// finish judges the comparison when its test ends, then records or checks
// its row in the results file.
func (c *Comparison) finish(file string) {
	t := c.t
	if t.Skipped() {
		return
	}
	row := c.row
	ok := true
	for _, q := range c.quant {
		got, err := q.result()
		if err != nil {
			t.Errorf("%s: %v", row.Test, err)
			ok = false
		}
		row.Quantities = append(row.Quantities, got)
	}
	if len(c.quant) == 0 {
		t.Errorf("%s: a comparison without a quantity", row.Test)
		ok = false
	}
	switch {
	case recording() && partialRun():
		t.Errorf("%s: not recorded: part of the test ran (-run with a subtest, or -skip)", row.Test)
	case recording():
		if !ok || t.Failed() {
			t.Logf("%s: not recorded: the test failed", row.Test)
			return
		}
		if err := record(file, row); err != nil {
			t.Errorf("recording %s: %v", row.Test, err)
			return
		}
		t.Logf("recorded %s in %s", row.Test, accuracy.File)
	case partialRun():
		t.Logf("%s: part of the test ran; the results file is not compared", row.Test)
	default:
		if err := check(file, row); err != nil {
			t.Errorf("%s: %v\n\tif the change is intended, rerun the test with %s=1 and commit %s",
				row.Test, err, accuracy.RecordEnv, accuracy.File)
		}
	}
}

// result is the quantity's published figures, with an error when it has no
// case, a NaN, or a worst beyond one of its bounds.
func (q *Quantity) result() (accuracy.Quantity, error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	r := accuracy.Quantity{Name: q.name, Unit: q.unit, N: q.n, Worst: q.max, Contract: q.contract, Regression: q.regression}
	if q.n == 0 {
		return r, fmt.Errorf("%s: no case was compared", q.name)
	}
	all := slices.Clone(q.all)
	slices.Sort(all) // NaN first; a NaN is reported below
	r.Median, r.P99, r.Worst = round(quantile(all, 0.5)), round(quantile(all, 0.99)), round(q.max)
	unit := q.unit
	if unit == "" {
		unit = "differing cases"
		r.Worst = 0
		for _, e := range all {
			r.Worst += e // an exact quantity publishes how many cases differ
		}
	}
	switch {
	case math.IsNaN(q.max):
		return r, fmt.Errorf("%s: NaN error (%s)", q.name, q.at)
	case Over(r.Worst, q.contract):
		return r, fmt.Errorf("%s: worst %.4g %s (%s) exceeds the contract's bound %g over %d cases", q.name, r.Worst, unit, q.at, q.contract, q.n)
	case Over(r.Worst, q.regression):
		return r, fmt.Errorf("%s: worst %.4g %s (%s) exceeds the regression bound %g over %d cases (within the contract's %g): precision was lost",
			q.name, r.Worst, unit, q.at, q.regression, q.n, q.contract)
	}
	return r, nil
}

// round keeps 4 significant digits of a published figure, rounding up so
// that a rounded worst still bounds every error.
func round(f float64) float64 {
	if f == 0 || math.IsNaN(f) || math.IsInf(f, 0) {
		return f
	}
	p := math.Pow(10, 3-math.Floor(math.Log10(math.Abs(f))))
	return math.Ceil(f*p) / p
}

// quantile is the p-quantile of sorted values (nearest rank).
func quantile(sorted []float64, p float64) float64 {
	if len(sorted) == 0 {
		return 0
	}
	i := int(math.Ceil(p*float64(len(sorted)))) - 1
	return sorted[min(max(i, 0), len(sorted)-1)]
}

// recording reports whether rows are written instead of checked.
func recording() bool {
	v := os.Getenv(accuracy.RecordEnv)
	return v != "" && v != "0"
}

// partialRun reports whether go test was asked to run part of a test
// (a subtest pattern or -skip), which measures a smaller sample.
func partialRun() bool {
	run, skip := flag.Lookup("test.run"), flag.Lookup("test.skip")
	return (run != nil && strings.Contains(run.Value.String(), "/")) || (skip != nil && skip.Value.String() != "")
}

// noise is how far a fresh run's figure may stray from the recorded one:
// the runs are deterministic (fixed samples, the same libswe, tables
// fitted by the same code), so this covers only floating-point rounding
// across machines.
func noise(recorded, fresh, scale float64) bool {
	return math.Abs(recorded-fresh) <= 0.05*max(math.Abs(recorded), math.Abs(fresh))+1e-6*scale
}

// check compares a fresh row with the recorded one.
func check(file string, fresh accuracy.Comparison) error {
	b, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	rows, err := accuracy.Parse(b)
	if err != nil {
		return err
	}
	i, found := slices.BinarySearchFunc(rows, fresh.Test, func(c accuracy.Comparison, test string) int { return strings.Compare(c.Test, test) })
	if !found {
		return fmt.Errorf("no row in %s", accuracy.File)
	}
	old := rows[i]
	var errs []error
	if old.What != fresh.What || old.Reference != fresh.Reference || old.Sample != fresh.Sample {
		errs = append(errs, fmt.Errorf("the row's words differ from the test's"))
	}
	if len(old.Quantities) != len(fresh.Quantities) {
		errs = append(errs, fmt.Errorf("%d quantities recorded, %d measured", len(old.Quantities), len(fresh.Quantities)))
	}
	for k := range min(len(old.Quantities), len(fresh.Quantities)) {
		o, f := old.Quantities[k], fresh.Quantities[k]
		scale := max(f.Contract, f.Regression)
		switch {
		case o.Name != f.Name || o.Unit != f.Unit:
			errs = append(errs, fmt.Errorf("quantity %d is %q (%s), recorded %q (%s)", k, f.Name, f.Unit, o.Name, o.Unit))
		case o.N != f.N:
			errs = append(errs, fmt.Errorf("%s: %d cases compared, the row says %d", f.Name, f.N, o.N))
		case o.Contract != f.Contract || o.Regression != f.Regression:
			errs = append(errs, fmt.Errorf("%s: bounds %g and %g, recorded %g and %g", f.Name, f.Contract, f.Regression, o.Contract, o.Regression))
		case !noise(o.Worst, f.Worst, scale) || !noise(o.Median, f.Median, scale) || !noise(o.P99, f.P99, scale):
			errs = append(errs, fmt.Errorf("%s: measured median %.3g, p99 %.3g, worst %.3g; the row says %.3g, %.3g, %.3g",
				f.Name, f.Median, f.P99, f.Worst, o.Median, o.P99, o.Worst))
		}
	}
	return errors.Join(errs...)
}

var recordMu sync.Mutex

// record writes row into the results file, replacing the row of the same
// test. Test binaries of several packages may record at once: the file is
// locked while it is read and rewritten.
func record(file string, row accuracy.Comparison) error {
	recordMu.Lock()
	defer recordMu.Unlock()
	f, err := os.OpenFile(file, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	defer f.Close()
	unlock, err := lock(f)
	if err != nil {
		return err
	}
	defer unlock()
	b, err := os.ReadFile(file)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	var rows []accuracy.Comparison
	if len(strings.TrimSpace(string(b))) > 0 {
		if rows, err = accuracy.Parse(b); err != nil {
			return err
		}
	}
	rows = slices.DeleteFunc(rows, func(c accuracy.Comparison) bool { return c.Test == row.Test })
	out, err := accuracy.Encode(append(rows, row))
	if err != nil {
		return err
	}
	if err := f.Truncate(0); err != nil {
		return err
	}
	_, err = f.WriteAt(out, 0)
	return err
}
