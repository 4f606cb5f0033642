package tables

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/astroapi/astroapi/engine/accuracy/measure"
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
				if w := EvalValue(coef, x); measure.Over(math.Abs(w-v), 1e-14*(1+math.Abs(v))) {
					t.Fatalf("EvalValue(%g) = %g, Eval %g", x, w, v)
				}
				if e := math.Abs(v - c.f(x)); measure.Over(e, c.tol) {
					t.Fatalf("f(%g): error %g > %g", x, e, c.tol)
				}
				if e := math.Abs(dv - c.df(x)); measure.Over(e, 100*c.tol) {
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
			if e := math.Abs(v - math.Cos(float64(n)*th)); measure.Over(e, 1e-13) {
				t.Errorf("T_%d(%g): error %g", n, x, e)
			}
			want := float64(n) * math.Sin(float64(n)*th) / math.Sin(th)
			if e := math.Abs(dv - want); measure.Over(e, 1e-11*(1+math.Abs(want))) {
				t.Errorf("T_%d'(%g) = %g, want %g", n, x, dv, want)
			}
		}
	}
}

// TestEvalValues3: the interleaved evaluation equals three EvalValue calls
// bit for bit, for every mix of lengths (including empty series).
func TestEvalValues3(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	series := func() []float64 {
		c := make([]float64, rng.IntN(36))
		for i := range c {
			c[i] = rng.NormFloat64() * math.Pow(10, float64(-i/3))
		}
		return c
	}
	for range 20_000 {
		c1, c2, c3 := series(), series(), series()
		x := rng.Float64()*2 - 1
		v1, v2, v3 := EvalValues3(c1, c2, c3, x)
		if v1 != EvalValue(c1, x) || v2 != EvalValue(c2, x) || v3 != EvalValue(c3, x) {
			t.Fatalf("lengths %d %d %d at %g: %g %g %g, EvalValue %g %g %g", len(c1), len(c2), len(c3), x,
				v1, v2, v3, EvalValue(c1, x), EvalValue(c2, x), EvalValue(c3, x))
		}
	}
}

func benchSeries(n int) []float64 {
	c := make([]float64, n)
	for i := range c {
		c[i] = 1 / float64(i+1)
	}
	return c
}

func BenchmarkEvalValueThrice(b *testing.B) {
	c1, c2, c3 := benchSeries(24), benchSeries(22), benchSeries(20)
	var s float64
	for i := 0; b.Loop(); i++ {
		x := float64(i&1023)/1024 - 0.5
		s += EvalValue(c1, x) + EvalValue(c2, x) + EvalValue(c3, x)
	}
	_ = s
}

func BenchmarkEvalValues3(b *testing.B) {
	c1, c2, c3 := benchSeries(24), benchSeries(22), benchSeries(20)
	var s float64
	for i := 0; b.Loop(); i++ {
		x := float64(i&1023)/1024 - 0.5
		v1, v2, v3 := EvalValues3(c1, c2, c3, x)
		s += v1 + v2 + v3
	}
	_ = s
}
