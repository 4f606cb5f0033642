package http

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestComparisonErrorData reads the figures of rows written for people:
// the bound in a unit, the worst errors in the same unit.
func TestComparisonErrorData(t *testing.T) {
	for _, c := range []struct {
		tolerance, measured string
		want                errorData
	}{
		{`0.005"`, `planets 0.00036", cusps 0.0011" worst`, errorData{Unit: `"`, Bound: 0.005, Points: []errorPoint{{"planets", 0.00036}, {"cusps", 0.0011}}}},
		{"60 s", "50 s TT worst", errorData{Unit: "s", Bound: 60, Points: []errorPoint{{"", 50}}}},
		{`instant 1e-5 day; 1"`, `Moshier 0.021", files 0.0003" worst`, errorData{Unit: `"`, Bound: 1, Points: []errorPoint{{"Moshier", 0.021}, {"files", 0.0003}}}},
		{"fraction 1e-5 and 1e-4; angle 0.001 and 0.01 deg", "fraction 1.1e-6 and 5.1e-5; angle 0.00022 and 0.0065 deg worst", errorData{Unit: "deg", Bound: 0.01, Points: []errorPoint{{"", 0.0065}}}},
		{"same pillars", "all equal", errorData{Exact: true, Note: "no numeric bound: same pillars"}},
		{"1 s", "within bound", errorData{Note: "measured: within bound"}},
	} {
		got := comparison{Tolerance: c.tolerance, Measured: c.measured}.errorData()
		if diff := cmp.Diff(c.want, got); diff != "" {
			t.Errorf("%q / %q (-want +got):\n%s", c.tolerance, c.measured, diff)
		}
	}
	// Most published rows have a figure to draw.
	drawn := 0
	for _, c := range comparisons {
		if d := c.errorData(); len(d.Points) > 0 && d.Bound > 0 {
			drawn++
			for _, p := range d.Points {
				if p.Value > d.Bound {
					t.Errorf("%s: %v%s over its bound %v", c.Test, p.Value, d.Unit, d.Bound)
				}
			}
		}
	}
	if drawn < len(comparisons)/2 {
		t.Errorf("only %d of %d comparisons have a chart", drawn, len(comparisons))
	}
}

var circleX = regexp.MustCompile(`<circle cx="([0-9.]+)" cy="\d+" r="4" fill="(#[0-9a-f]+)"`)
var boundX = regexp.MustCompile(`<line x1="([0-9.]+)" y1="\d+" x2="[0-9.]+" y2="\d+" stroke="#1e6b3a"`)

// TestErrorChart: an SVG with its text alternative, a dot per error left
// of the bound's line (red when beyond it), and no style attribute (the
// page's policy allows none).
func TestErrorChart(t *testing.T) {
	svg := string(errorChart(errorData{Unit: `"`, Bound: 0.005, Points: []errorPoint{{"planets", 0.00036}, {"cusps", 0.0011}, {"bad", 0.02}}, Samples: 200}))
	if !strings.HasPrefix(svg, `<svg class="errchart"`) || !strings.Contains(svg, `role="img"`) ||
		!strings.Contains(svg, `aria-label="worst error 0.02&#34; against a bound of 0.005&#34; (4 times over it), over 200 values"`) {
		t.Errorf("chart %s", svg)
	}
	if strings.Contains(svg, "style=") {
		t.Error("a style attribute: the page's CSP refuses it")
	}
	b := boundX.FindStringSubmatch(svg)
	dots := circleX.FindAllStringSubmatch(svg, -1)
	if b == nil || len(dots) != 3 {
		t.Fatalf("bound %v, dots %v in %s", b, dots, svg)
	}
	xb, _ := strconv.ParseFloat(b[1], 64)
	for i, d := range dots {
		x, _ := strconv.ParseFloat(d[1], 64)
		over := i == 2
		if (x > xb) != over || (d[2] == "#a4262c") != over {
			t.Errorf("dot %d at %v (%s), bound at %v", i, x, d[2], xb)
		}
	}
	if got := string(errorChart(errorData{Exact: true})); !strings.Contains(got, "equality") {
		t.Errorf("exact: %s", got)
	}
	if got := string(errorChart(errorData{Note: "measured: within <bound>"})); got != `<span class="muted">measured: within &lt;bound&gt;</span>` {
		t.Errorf("note: %s", got)
	}
}
