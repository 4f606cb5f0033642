package http

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/astroapi/astroapi/engine/accuracy"
)

// TestQuantityCharts: every measured quantity of the published results
// is drawn against its contract bound, within it; an exact one says so.
func TestQuantityCharts(t *testing.T) {
	cs, err := accuracy.Results()
	if err != nil {
		t.Fatal(err)
	}
	drawn := 0
	for _, c := range cs {
		for _, q := range c.Quantities {
			line := quantityLineOf(q)
			svg := string(line.Chart)
			if q.Exact() {
				if !strings.Contains(svg, "equality") {
					t.Errorf("%s %s: exact quantity drawn as %s", c.Test, q.Name, svg)
				}
				continue
			}
			if q.Contract <= 0 {
				continue
			}
			if !strings.HasPrefix(svg, `<svg class="errchart"`) {
				t.Errorf("%s %s: no chart: %s", c.Test, q.Name, svg)
				continue
			}
			drawn++
			if m := circleX.FindStringSubmatch(svg); m == nil || m[2] != "#2b59c3" {
				t.Errorf("%s %s: worst %v against %v not drawn inside the bound: %s", c.Test, q.Name, q.Worst, q.Contract, svg)
			}
		}
	}
	if drawn == 0 {
		t.Error("no quantity drawn")
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
