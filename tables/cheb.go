package tables

import "math"

// Fitter fits Chebyshev series of one degree by interpolation at the
// Chebyshev nodes of the first kind. It holds the precomputed cosines, so
// one Fitter serves many segments; it is safe for concurrent use.
type Fitter struct {
	n   int       // number of nodes = degree + 1
	x   []float64 // nodes x_k = cos(pi (k+1/2) / n), k = 0..n-1, from near +1 to near -1
	cos []float64 // cos(pi j (k+1/2) / n) at [j*n+k]
}

// NewFitter returns a Fitter for series of the given degree (degree+1
// coefficients, degree+1 nodes).
func NewFitter(degree int) *Fitter {
	n := degree + 1
	f := &Fitter{n: n, x: make([]float64, n), cos: make([]float64, n*n)}
	for k := range n {
		f.x[k] = math.Cos(math.Pi * (float64(k) + 0.5) / float64(n))
		for j := range n {
			f.cos[j*n+k] = math.Cos(math.Pi * float64(j) * (float64(k) + 0.5) / float64(n))
		}
	}
	return f
}

// Nodes returns the interpolation nodes in [-1, 1], in the order the values
// passed to Fit must follow. The caller must not modify the slice.
func (f *Fitter) Nodes() []float64 { return f.x }

// Times returns the instants of the nodes on the segment [a, b], in node order.
func (f *Fitter) Times(a, b float64, dst []float64) []float64 {
	dst = dst[:0]
	for _, x := range f.x {
		dst = append(dst, a+(x+1)*(b-a)/2)
	}
	return dst
}

// Fit writes into c (len degree+1) the coefficients of the series that
// interpolates values (len degree+1, one per node in Nodes order):
// c_j = (2/n) sum_k f_k cos(pi j (k+1/2)/n), with c_0 halved so that the
// series reads sum_j c_j T_j(x).
func (f *Fitter) Fit(values, c []float64) {
	n := f.n
	for j := range n {
		s := 0.0
		row := f.cos[j*n : j*n+n]
		for k, v := range values[:n] {
			s += v * row[k]
		}
		c[j] = 2 * s / float64(n)
	}
	c[0] /= 2
}

// Eval returns sum_j c_j T_j(x) and its derivative with respect to x, for
// x in [-1, 1]. It runs the forward recurrences
// T_{j+1} = 2x T_j - T_{j-1} and T'_{j+1} = 2 T_j + 2x T'_j - T'_{j-1},
// which are stable on [-1, 1] and give both values in one pass.
func Eval(c []float64, x float64) (v, dv float64) {
	if len(c) == 0 {
		return 0, 0
	}
	v = c[0]
	if len(c) == 1 {
		return v, 0
	}
	t0, t1 := 1.0, x
	d0, d1 := 0.0, 1.0
	v += c[1] * x
	dv = c[1]
	x2 := 2 * x
	for _, cj := range c[2:] {
		t0, t1 = t1, x2*t1-t0
		d0, d1 = d1, 2*t0+x2*d1-d0 // t0 is T_{j-1} after the line above
		v += cj * t1
		dv += cj * d1
	}
	return v, dv
}

// EvalValue returns sum_j c_j T_j(x) alone, by Clenshaw's recurrence
// b_k = c_k + 2x b_{k+1} - b_{k+2}, about half the work of Eval.
func EvalValue(c []float64, x float64) float64 {
	var b1, b2 float64
	x2 := 2 * x
	for j := len(c) - 1; j >= 1; j-- {
		b1, b2 = c[j]+x2*b1-b2, b1
	}
	if len(c) == 0 {
		return 0
	}
	return c[0] + x*b1 - b2
}

// EvalValues3 is EvalValue of three series at the same x, bit for bit: the
// three recurrences run interleaved, so the processor overlaps what would
// otherwise be three chains of dependent multiply-adds (a body's longitude,
// its speed and its latitude are evaluated together).
func EvalValues3(c1, c2, c3 []float64, x float64) (v1, v2, v3 float64) {
	if len(c1) == 0 || len(c2) == 0 || len(c3) == 0 {
		return EvalValue(c1, x), EvalValue(c2, x), EvalValue(c3, x)
	}
	x2 := 2 * x
	n := min(len(c1), len(c2), len(c3))
	// Each series' terms above the shortest one's degree, alone first.
	var a1, a2, b1, b2, d1, d2 float64
	for j := len(c1) - 1; j >= n; j-- {
		a1, a2 = c1[j]+x2*a1-a2, a1
	}
	for j := len(c2) - 1; j >= n; j-- {
		b1, b2 = c2[j]+x2*b1-b2, b1
	}
	for j := len(c3) - 1; j >= n; j-- {
		d1, d2 = c3[j]+x2*d1-d2, d1
	}
	c1, c2, c3 = c1[:n], c2[:n], c3[:n]
	for j := n - 1; j >= 1; j-- {
		a1, a2 = c1[j]+x2*a1-a2, a1
		b1, b2 = c2[j]+x2*b1-b2, b1
		d1, d2 = c3[j]+x2*d1-d2, d1
	}
	return c1[0] + x*a1 - a2, c2[0] + x*b1 - b2, c3[0] + x*d1 - d2
}
