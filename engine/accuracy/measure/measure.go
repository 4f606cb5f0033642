// Package measure is what every test that compares numbers with a
// reference shares, so that no test can pass on nothing:
//
//   - Over and Worst: comparisons with a bound that NaN fails (err > tol is
//     false for NaN, so a NaN error would pass it);
//   - NonEmpty: a fixture that decodes to no case fails, instead of
//     looping zero times;
//   - Missing and NeedTool: a reference the machine lacks skips the test,
//     and fails it under CI=true, where .ci/run installs everything;
//   - Compare: a published comparison (engine/accuracy), which holds each
//     quantity to the contract's bound and to a regression bound near the
//     achieved error, and records its row in results.json
//     (ASTROAPI_RECORD_ACCURACY=1) or fails when a fresh run disagrees with
//     it beyond noise.
package measure

import (
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// Over reports whether err exceeds bound. NaN exceeds every bound: this is
// the comparison to write instead of err > bound, which NaN passes.
func Over(err, bound float64) bool { return !(err <= bound) }

// Worst is the largest of a sample of errors and where it occurred. A NaN
// error is the worst of all and stays so. Its methods are safe for
// concurrent use (parallel subtests may share one).
type Worst struct {
	mu  sync.Mutex
	n   int
	max float64
	at  string
	all []float64 // kept only for a Quantity (quantiles)
}

// Add adds one error; at says where it was made (its parts joined by spaces)
// and is kept when err is the new worst.
func (w *Worst) Add(err float64, at ...any) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.n++
	if w.n == 1 || err > w.max || (math.IsNaN(err) && !math.IsNaN(w.max)) {
		w.max, w.at = err, where(at)
	}
	if w.all != nil {
		w.all = append(w.all, err)
	}
}

// where writes the place of an error: its parts separated by spaces, the
// numbers in full (a Julian day, not 2.4e+06).
func where(at []any) string {
	parts := make([]string, len(at))
	for i, a := range at {
		switch v := a.(type) {
		case float64:
			parts[i] = strconv.FormatFloat(v, 'f', -1, 64)
		case string:
			parts[i] = v
		default:
			parts[i] = fmt.Sprint(v)
		}
	}
	return strings.Join(parts, " ")
}

// N is the number of errors added.
func (w *Worst) N() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.n
}

// Max is the largest error (0 for an empty sample, NaN after a NaN).
func (w *Worst) Max() float64 {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.max
}

// At is where the largest error was made.
func (w *Worst) At() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.at
}

// Within reports whether the sample holds at least one error, no NaN, and
// none above bound.
func (w *Worst) Within(bound float64) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.n > 0 && !Over(w.max, bound)
}

// Check fails t unless the sample is within bound, naming what was
// measured, its unit and where the worst error was made.
func (w *Worst) Check(t testing.TB, what, unit string, bound float64) {
	t.Helper()
	w.mu.Lock()
	n, max, at := w.n, w.max, w.at
	w.mu.Unlock()
	switch {
	case n == 0:
		t.Errorf("%s: no case was compared", what)
	case Over(max, bound):
		t.Errorf("%s: worst error %.3g %s (%s) exceeds %g %s over %d cases", what, max, unit, at, bound, unit, n)
	}
}

// NonEmpty fails t when a fixture or a generated sample holds no case (a
// test looping over nothing asserts nothing), and returns cases.
func NonEmpty[T any](t testing.TB, cases []T, what string) []T {
	t.Helper()
	if len(cases) == 0 {
		t.Fatalf("%s: no case", what)
	}
	return cases
}

// CI reports whether the tests run in CI (CI=true), where every reference
// is installed and a missing one is a failure.
func CI() bool { return os.Getenv("CI") == "true" }

// Missing skips t for a reference or resource the machine lacks (err says
// which), or fails it under CI=true.
func Missing(t testing.TB, err any) {
	t.Helper()
	if CI() {
		t.Fatalf("%v (CI=true: .ci/run installs every reference)", err)
	}
	t.Skip(err)
}

// NeedTool skips t, or fails it under CI=true, when the reference program
// name is not on PATH.
func NeedTool(t testing.TB, name string) {
	t.Helper()
	if _, err := exec.LookPath(name); err != nil {
		Missing(t, fmt.Errorf("%s not installed: %w", name, err))
	}
}

// RepoFile is the path of rel, a path relative to the module root (the
// directory holding go.mod, found upwards from the test's directory).
func RepoFile(t testing.TB, rel string) string {
	t.Helper()
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	return filepath.Join(root, rel)
}

func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("no go.mod above the test's directory")
		}
		dir = parent
	}
}
