package tables

import (
	"math"
	"testing"
)

// TestFitAnalytic fits functions whose values and derivatives are known in
// closed form and checks the series and its derivative at points between the
// nodes. Tolerances follow from the functions' Chebyshev coefficients, which
// for these entire functions fall off faster than geometrically.
func TestFitAnalytic(t *testing.T) {
	cases := []struct {
		name   string
		degree int
		f, df  func(x float64) float64
		tol    float64 // on the value; the derivative gets 100x
	}{
		{"cubic", 3, func(x float64) float64 { return 2*x*x*x - x + 0.5 }, func(x float64) float64 { return 6*x*x - 1 }, 1e-14},
		{"sin3x", 20, func(x float64) float64 { return math.Sin(3 * x) }, func(x float64) float64 { return 3 * math.Cos(3*x) }, 1e-14},
		{"exp", 16, math.Exp, math.Exp, 1e-14},
		{"constant", 0, func(float64) float64 { return 7 }, func(float64) float64 { return 0 }, 1e-15},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := NewFitter(c.degree)
			vals := make([]float64, c.degree+1)
			for k, x := range f.Nodes() {
				vals[k] = c.f(x)
			}
			coef := make([]float64, c.degree+1)
			f.Fit(vals, coef)
			for i := 0; i <= 1000; i++ {
				x := -1 + 2*float64(i)/1000
				v, dv := Eval(coef, x)
				if w := EvalValue(coef, x); math.Abs(w-v) > 1e-14*(1+math.Abs(v)) {
					t.Fatalf("EvalValue(%g) = %g, Eval %g", x, w, v)
				}
				if e := math.Abs(v - c.f(x)); e > c.tol {
					t.Fatalf("f(%g): error %g > %g", x, e, c.tol)
				}
				if e := math.Abs(dv - c.df(x)); e > 100*c.tol {
					t.Fatalf("f'(%g): error %g > %g", x, e, 100*c.tol)
				}
			}
		})
	}
}

// TestEvalBasis checks Eval against the closed form T_n(x) = cos(n acos x)
// and T_n'(x) = n sin(n θ)/sin θ.
func TestEvalBasis(t *testing.T) {
	for n := 0; n < 25; n++ {
		c := make([]float64, n+1)
		c[n] = 1
		for _, x := range []float64{-0.97, -0.5, 0.1, 0.33, 0.99} {
			th := math.Acos(x)
			v, dv := Eval(c, x)
			if e := math.Abs(v - math.Cos(float64(n)*th)); e > 1e-13 {
				t.Errorf("T_%d(%g): error %g", n, x, e)
			}
			want := float64(n) * math.Sin(float64(n)*th) / math.Sin(th)
			if e := math.Abs(dv - want); e > 1e-11*(1+math.Abs(want)) {
				t.Errorf("T_%d'(%g) = %g, want %g", n, x, dv, want)
			}
		}
	}
}
