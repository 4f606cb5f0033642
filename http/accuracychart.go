package http

import (
	"bytes"
	"fmt"
	"html/template"
	"math"
	"strings"
)

// The accuracy page draws each comparison as a small chart: its measured
// errors on a logarithmic axis against the bound its test enforces, with
// the margin between them. The chart is inline SVG made here (no script:
// the page keeps its strict policy and works offline). Every row reaches
// it through one function, errorChart, from an errorData made from the
// row's figures (a comparison's quantity, a table check), so that a new
// source of rows needs no other drawing code.

// errorData is what a chart shows: the measured errors of one comparison
// and the bound they are held to, in one unit.
type errorData struct {
	Unit    string       // as written after the numbers: `"`, "s", "arcsec"
	Bound   float64      // the tolerance the test enforces; <= 0: none to draw
	Points  []errorPoint // the worst errors measured, one per quantity
	Samples int          // how many values were compared (0: not recorded)
	Exact   bool         // the comparison is of equality (same pillars, same sign): nothing to scale
	Note    string       // why there is no chart, when there is none
}

// errorPoint is one measured worst error.
type errorPoint struct {
	Label string // the quantity ("planets", "Moon"); "" when the row has one
	Value float64
}

// The chart's geometry, in SVG user units.
const (
	chartW, chartH = 280, 46
	axisX0, axisX1 = 8, 272
	axisY          = 26
)

// errorChart draws d. Its text alternative (aria-label) says the same.
func errorChart(d errorData) template.HTML {
	var b bytes.Buffer
	if d.Exact || d.Bound <= 0 || len(d.Points) == 0 {
		note := d.Note
		if d.Exact {
			note = "compared for equality: no error to scale"
		}
		fmt.Fprintf(&b, `<span class="muted">%s</span>`, template.HTMLEscapeString(note))
		return template.HTML(b.String())
	}
	worst := 0.0
	for _, p := range d.Points {
		worst = max(worst, p.Value)
	}
	// Whole decades around the bound and the errors: a tenth of the
	// smallest value to ten times the largest, at least three decades.
	lo, hi := d.Bound, d.Bound
	for _, p := range d.Points {
		if p.Value > 0 {
			lo = min(lo, p.Value)
		}
		hi = max(hi, p.Value)
	}
	dlo, dhi := math.Floor(math.Log10(lo))-1, math.Ceil(math.Log10(hi))+1
	for dhi-dlo < 3 {
		dlo--
	}
	x := func(v float64) float64 {
		if v <= 0 {
			return axisX0
		}
		f := (math.Log10(v) - dlo) / (dhi - dlo)
		return axisX0 + math.Max(0, math.Min(1, f))*(axisX1-axisX0)
	}
	unit := d.Unit
	label := fmt.Sprintf("worst error %s%s against a bound of %s%s", num(worst), unit, num(d.Bound), unit)
	switch {
	case worst > d.Bound:
		label += fmt.Sprintf(" (%s times over it)", num(worst/d.Bound))
	case worst > 0:
		label += fmt.Sprintf(" (%s times under it)", margin(d.Bound/worst))
	}
	if d.Samples > 0 {
		label += fmt.Sprintf(", over %d values", d.Samples)
	}
	fmt.Fprintf(&b, `<svg class="errchart" viewBox="0 0 %d %d" width="%d" height="%d" role="img" aria-label="%s">`,
		chartW, chartH, chartW, chartH, template.HTMLEscapeString(label))
	fmt.Fprintf(&b, `<title>%s</title>`, template.HTMLEscapeString(label))
	xb := x(d.Bound)
	// Within the bound, and beyond it.
	fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%.1f" height="12" fill="#e3f1e6"/>`, axisX0, axisY-6, xb-axisX0)
	fmt.Fprintf(&b, `<rect x="%.1f" y="%d" width="%.1f" height="12" fill="#f8e1e1"/>`, xb, axisY-6, axisX1-xb)
	fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#5b6270" stroke-width="1"/>`, axisX0, axisY+6, axisX1, axisY+6)
	for dec := dlo; dec <= dhi; dec++ {
		xd := axisX0 + (dec-dlo)/(dhi-dlo)*(axisX1-axisX0)
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#5b6270" stroke-width="1"/>`, xd, axisY+6, xd, axisY+9)
		if int(dec-dlo)%2 == 0 || dec == dhi {
			fmt.Fprintf(&b, `<text x="%.1f" y="%d" font-size="8" text-anchor="middle" fill="#5b6270">1e%d</text>`, xd, axisY+18, int(dec))
		}
	}
	fmt.Fprintf(&b, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#1e6b3a" stroke-width="2"/>`, xb, axisY-10, xb, axisY+8)
	anchor := "middle"
	if xb > axisX1-30 {
		anchor = "end"
	}
	fmt.Fprintf(&b, `<text x="%.1f" y="%d" font-size="9" text-anchor="%s" fill="#1e6b3a">bound %s%s</text>`, xb, axisY-12, anchor, num(d.Bound), template.HTMLEscapeString(unit))
	for _, p := range d.Points {
		color := "#2b59c3"
		if p.Value > d.Bound {
			color = "#a4262c"
		}
		name := strings.TrimSpace(p.Label + " " + num(p.Value) + unit)
		fmt.Fprintf(&b, `<circle cx="%.1f" cy="%d" r="4" fill="%s"><title>%s</title></circle>`, x(p.Value), axisY, color, template.HTMLEscapeString(name))
	}
	b.WriteString(`</svg>`)
	return template.HTML(b.String())
}

// margin writes bound/worst with two significant digits, or "over 1e6".
func margin(r float64) string {
	if r >= 1e6 {
		return "over a million"
	}
	return num(r)
}
