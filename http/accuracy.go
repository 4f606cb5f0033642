package http

import (
	"bytes"
	"html/template"
	"math"
	"strconv"

	"github.com/astroapi/astroapi/engine/accuracy"
	"github.com/astroapi/astroapi/tables"
)

// The accuracy page (/docs/api/accuracy) publishes how close our answers
// are to independent references, in two parts: the comparisons our tests
// make (engine/accuracy/results.json, written by the tests themselves and
// checked against every CI run), each quantity with its sample size, its
// errors, the regression bound and the contract's bound its test enforces;
// and the table file's own verification (what the generator measured
// against the Swiss Ephemeris when it fitted the tables this server reads).

// TableCheck is one recorded verification of a precomputed table.
type TableCheck struct {
	Kind, Table, Quantity, Unit string
	Tolerance, Worst            float64
	Samples                     int
}

// TableChecks is the recorded verification of the tables t (nil for none).
func TableChecks(t *tables.Set) []TableCheck {
	if t == nil {
		return nil
	}
	var out []TableCheck
	for _, v := range t.Verifications() {
		out = append(out, TableCheck{Kind: string(v.Kind), Table: v.Table, Quantity: v.Quantity, Unit: v.Unit,
			Tolerance: v.Tolerance, Worst: v.Worst, Samples: v.Samples})
	}
	return out
}

// AccuracyPage is what /docs/api/accuracy publishes, as data: the
// comparisons of the test suite with independent references, as the tests
// recorded them (engine/accuracy's results file: nothing here is typed by
// hand), and the table file's verification. The page is rendered from it
// alone.
type AccuracyPage struct {
	Version     string
	Comparisons []accuracy.Comparison
	Tables      []TableCheck
}

// Accuracy is the accuracy page's data for a server whose table file
// recorded checks (nil without tables).
func Accuracy(checks []TableCheck) (AccuracyPage, error) {
	cs, err := accuracy.Results()
	if err != nil {
		return AccuracyPage{}, err
	}
	return AccuracyPage{Version: Version, Comparisons: cs, Tables: checks}, nil
}

// accuracyRow is a table check as the page shows it.
type accuracyRow struct {
	Kind, Table, Quantity, Unit, Tolerance, Worst string
	Samples                                       int
	Chart                                         template.HTML
}

// comparisonRow is a comparison as the page shows it: its words, and one
// line per quantity with the figures written out.
type comparisonRow struct {
	accuracy.Comparison
	Lines []quantityLine
}

type quantityLine struct {
	Name, Unit, Median, P99, Worst, Regression, Contract string
	N                                                    int
	Chart                                                template.HTML
}

// quantityLineOf writes a quantity's figures; an exact quantity shows how
// many cases differ (none, or its test fails).
func quantityLineOf(q accuracy.Quantity) quantityLine {
	if q.Exact() {
		return quantityLine{Name: q.Name, Unit: "cases", N: q.N, Median: "-", P99: "-",
			Worst: num(q.Worst) + " differ", Regression: "exact", Contract: "exact", Chart: errorChart(errorData{Exact: true})}
	}
	return quantityLine{Name: q.Name, Unit: q.Unit, N: q.N, Median: num(q.Median), P99: num(q.P99),
		Worst: num(q.Worst), Regression: num(q.Regression), Contract: num(q.Contract),
		Chart: errorChart(errorData{Unit: " " + q.Unit, Bound: q.Contract, Points: []errorPoint{{Value: q.Worst}}, Samples: q.N})}
}

func renderAccuracy(checks []TableCheck) ([]byte, error) {
	page, err := Accuracy(checks)
	if err != nil {
		return nil, err
	}
	rows := make([]accuracyRow, len(page.Tables))
	for i, c := range page.Tables {
		rows[i] = accuracyRow{Kind: c.Kind, Table: c.Table, Quantity: c.Quantity, Unit: c.Unit,
			Tolerance: num(c.Tolerance), Worst: num(c.Worst), Samples: c.Samples,
			Chart: errorChart(errorData{Unit: " " + c.Unit, Bound: c.Tolerance, Points: []errorPoint{{Value: c.Worst}}, Samples: c.Samples})}
	}
	comps := make([]comparisonRow, len(page.Comparisons))
	for i, c := range page.Comparisons {
		comps[i] = comparisonRow{Comparison: c}
		for _, q := range c.Quantities {
			comps[i].Lines = append(comps[i].Lines, quantityLineOf(q))
		}
	}
	var buf bytes.Buffer
	err = pageTmpl.ExecuteTemplate(&buf, "accuracy", map[string]any{"Tables": rows, "Comparisons": comps, "Version": page.Version})
	return buf.Bytes(), err
}

// num writes a figure with two significant digits.
func num(f float64) string {
	if f == 0 || math.IsNaN(f) {
		return strconv.FormatFloat(f, 'g', -1, 64)
	}
	return strconv.FormatFloat(f, 'g', 2, 64)
}
