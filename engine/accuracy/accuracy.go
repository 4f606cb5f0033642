// Package accuracy is astroapi's published accuracy: every comparison the
// test suite makes against an independent reference (swetest, PyEphem,
// astronomy-engine, lunar-javascript, zoneinfo, published worked examples),
// as the tests themselves last measured it.
//
// The figures live in results.json beside this file. No one types them: a
// test that compares (see package measure) writes its row when run with
// ASTROAPI_RECORD_ACCURACY=1, and otherwise fails when its fresh run
// disagrees with the row beyond noise (another sample size, another worst
// error, other bounds or words). The accuracy page (/docs/api/accuracy)
// renders the rows as they are.
package accuracy

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"
)

// File is the path of the results file relative to the module root.
const File = "engine/accuracy/results.json"

// RecordEnv is the environment variable that makes comparison tests write
// their rows instead of checking them (any non-empty value but "0").
const RecordEnv = "ASTROAPI_RECORD_ACCURACY"

//go:embed results.json
var results []byte

// Comparison is one comparison of our answers with a reference, as one test
// (or subtest) makes it.
type Comparison struct {
	// Test is the package directory relative to the module root and the
	// test's full name: "http/routes/sky.TestPlanetsAgainstSwetest". It is
	// the row's key.
	Test string `json:"test"`
	// What is compared, through which door (HTTP or the engine).
	What string `json:"what"`
	// Reference is what it is compared with, and its version.
	Reference string `json:"reference"`
	// Sample describes the cases in words; how many there are is each
	// quantity's N.
	Sample string `json:"sample"`
	// Quantities are the numbers compared, each with its own bounds.
	Quantities []Quantity `json:"quantities"`
}

// Quantity is one number compared over the sample: its errors' size and
// the two bounds the test enforces.
type Quantity struct {
	Name string `json:"name"`
	// Unit of the errors and bounds ("arcsec", "s", "deg", "AU", ...);
	// empty for an exact comparison, whose error is 1 per differing case.
	Unit string `json:"unit,omitempty"`
	// N is the number of cases compared.
	N int `json:"n"`
	// Median, P99 and Worst summarise the errors (Worst is the largest).
	Median float64 `json:"median"`
	P99    float64 `json:"p99"`
	Worst  float64 `json:"worst"`
	// Contract is the bound users are promised (the API's contract or the
	// documented precision): a larger error is a defect.
	Contract float64 `json:"contract"`
	// Regression is a bound near the achieved error (about three times
	// the worst when it was set): a missing correction (aberration,
	// nutation, a frame) or a tenfold loss of precision exceeds it, though
	// the contract's bound may not notice.
	Regression float64 `json:"regression"`
}

// Exact reports whether q is an exact comparison (every case must agree).
func (q Quantity) Exact() bool { return q.Unit == "" }

// Results returns the comparisons recorded in the results file built into
// the binary, in the order of their Test names.
func Results() ([]Comparison, error) { return Parse(results) }

// Parse reads a results file and checks its rows: each names a test, has
// quantities with a name and a sample, and bounds that hold their worst.
func Parse(b []byte) ([]Comparison, error) {
	var cs []Comparison
	if err := json.Unmarshal(b, &cs); err != nil {
		return nil, fmt.Errorf("accuracy: %s: %w", File, err)
	}
	for i, c := range cs {
		if err := c.valid(); err != nil {
			return nil, fmt.Errorf("accuracy: %s: row %d: %w", File, i, err)
		}
		if i > 0 && cs[i-1].Test >= c.Test {
			return nil, fmt.Errorf("accuracy: %s: rows out of order or repeated at %s", File, c.Test)
		}
	}
	return cs, nil
}

func (c Comparison) valid() error {
	pkg, fn, ok := strings.Cut(c.Test, ".")
	if !ok || pkg == "" || !strings.HasPrefix(fn, "Test") {
		return fmt.Errorf("test %q is not package.TestName", c.Test)
	}
	if c.What == "" || c.Reference == "" || c.Sample == "" || len(c.Quantities) == 0 {
		return fmt.Errorf("%s: what, reference, sample or quantities missing", c.Test)
	}
	for _, q := range c.Quantities {
		switch {
		case q.Name == "":
			return fmt.Errorf("%s: a quantity without a name", c.Test)
		case q.N <= 0:
			return fmt.Errorf("%s: %s: no cases", c.Test, q.Name)
		case !(q.Worst <= q.Contract) || !(q.Worst <= q.Regression) || math.IsNaN(q.Median) || math.IsNaN(q.P99):
			return fmt.Errorf("%s: %s: worst %g outside its bounds (contract %g, regression %g)", c.Test, q.Name, q.Worst, q.Contract, q.Regression)
		}
	}
	return nil
}

// Encode writes rows in the results file's format, ordered by Test: one
// comparison a block, one quantity a line, so that a re-recorded figure is
// a one-line diff.
func Encode(cs []Comparison) ([]byte, error) {
	cs = slices.Clone(cs)
	slices.SortFunc(cs, func(a, b Comparison) int { return strings.Compare(a.Test, b.Test) })
	var buf bytes.Buffer
	buf.WriteString("[")
	for i, c := range cs {
		if i > 0 {
			buf.WriteString(",")
		}
		buf.WriteString("\n  {")
		for _, f := range []struct{ k, v string }{{"test", c.Test}, {"what", c.What}, {"reference", c.Reference}, {"sample", c.Sample}} {
			v, err := json.Marshal(f.v)
			if err != nil {
				return nil, err
			}
			fmt.Fprintf(&buf, "\n    %q: %s,", f.k, v)
		}
		buf.WriteString("\n    \"quantities\": [")
		for k, q := range c.Quantities {
			v, err := json.Marshal(q)
			if err != nil {
				return nil, err
			}
			if k > 0 {
				buf.WriteString(",")
			}
			buf.WriteString("\n      ")
			buf.Write(v)
		}
		buf.WriteString("\n    ]\n  }")
	}
	buf.WriteString("\n]\n")
	return buf.Bytes(), nil
}
