package gen

import (
	"errors"
	"fmt"
	"math"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/astroapi/astroapi/tables"
)

// quantity is one sampled quantity of a table: a value the table fits, or
// the rate of such a value, which the table gets from the derivative of the
// value's fit or fits as a component of its own.
type quantity struct {
	name    string
	unit    string  // unit of the reported error ("arcsec", "deg/day", "relative")
	wrap    bool    // an angle in [0, 360), fitted unwrapped
	tol     float64 // tolerance, in unit
	mul     float64 // native error x mul = error in unit (3600 for arcseconds)
	rel     int     // >= 0: errors are divided by quantity rel (the distance)
	speedOf int     // >= 0: this is the rate of quantity speedOf
}

// errorOf returns the error of got against want in the quantity's unit;
// ref is the full reference sample (for relative errors).
func (q *quantity) errorOf(got, want float64, ref []float64) float64 {
	d := got - want
	if q.wrap {
		d = math.Remainder(d, 360)
	}
	e := math.Abs(d) * q.mul
	if q.rel >= 0 {
		e /= math.Abs(ref[q.rel])
	}
	return e
}

// spec describes one table to build.
type spec struct {
	kind    tables.Kind
	name    string
	what    string // the fitted quantity, in words, for the metadata
	seg     float64
	degree  int // degree of the fit before truncation
	q       []quantity
	sample  func(jd float64, out []float64) error // all quantities at jd
	samples int                                   // verification instants
	// from, to: the table's span when it is not the generator's (From, To).
	from, to float64
	// timeScale is tables.TimeTT when sample's argument is JD TT.
	timeScale string
	// guard: days at each segment boundary the table leaves to libswe.
	guard float64
}

// span returns the instants the table covers.
func (sp *spec) span() (from, to float64) {
	if sp.to > sp.from {
		return sp.from, sp.to
	}
	return From, To
}

// parallel runs fn(i) for i in [0, n) on workers goroutines and returns the
// first error.
func parallel(n, workers int, fn func(i int) error) error {
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	var next atomic.Int64
	var mu sync.Mutex
	var first error
	var wg sync.WaitGroup
	for range min(workers, n) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				mu.Lock()
				failed := first != nil
				mu.Unlock()
				if failed {
					return
				}
				if err := fn(i); err != nil {
					mu.Lock()
					if first == nil {
						first = err
					}
					mu.Unlock()
					return
				}
			}
		}()
	}
	wg.Wait()
	return first
}

// maxSplit bounds the subdivision of a segment the generator tries; a
// segment whose parts still do not fit becomes a hole (tables.Hole).
const maxSplit = 5

// maxHoles bounds the fraction of a table's segments that may be holes.
const maxHoles = 0.05

// segFit is the full-degree fit of one segment, cut into 2^split parts.
type segFit struct {
	split uint8
	coef  []float64 // [part][quantity][degree+1]
	ref   []float64 // [part][node][quantity]: the samples, for the rate checks
	tail  bool      // false when even maxSplit parts left a tail over budget: a hole
}

// parts returns the number of fitted parts of the segment (0 for a hole).
func (sf *segFit) parts() int {
	if !sf.tail {
		return 0
	}
	return 1 << sf.split
}

// fitTable samples sp at the Chebyshev nodes of every segment of [from,
// to] and fits each quantity. A segment whose fit misses half a tolerance
// at the points between its nodes (a stretch the degree cannot follow, such
// as a planet passing behind the Sun, where light deflection changes fast)
// is cut into 2, 4, ... equal parts until they fit, or becomes a hole. Then each component is
// truncated to the lowest degree whose tail stays under a quarter of its
// tolerance everywhere, and each rate is taken from the derivative of its
// value's fit if that is within 0.7 of the rate's tolerance at all nodes,
// else fitted itself.
func fitTable(sp *spec, from, to float64, workers int) (*tables.Table, error) {
	nseg := int(math.Ceil((to - from) / sp.seg))
	m := tables.Meta{Format: tables.FormatVersion, Kind: sp.kind, Name: sp.name, Quantity: sp.what,
		From: from, To: to, SegmentDays: sp.seg, Segments: nseg, Generator: Version,
		TimeScale: sp.timeScale, GuardDays: sp.guard}
	// Sample at twice as many nodes as the kept degree needs: libswe's
	// apparent positions carry a few 1e-4" of step noise (from its
	// light-time and aberration corrections; geometric positions are
	// clean), and the truncated series of a denser interpolation averages it
	// instead of passing through it.
	fitDeg := sp.degree * 2
	n := fitDeg + 1
	nq := len(sp.q)
	f := tables.NewFitter(fitDeg)
	// limit is the native budget of quantity qi for the coefficients of one
	// part (c: that part's coefficients of all quantities).
	limit := func(qi int, c []float64, frac float64) float64 {
		q := &sp.q[qi]
		lim := q.tol * frac / q.mul
		if q.rel >= 0 {
			lim *= math.Abs(c[q.rel*n]) * 0.5 // c_0 is near the mean distance; halve for the swing
		}
		return lim
	}
	fits := make([]segFit, nseg)
	nodes := f.Nodes()
	missed := make([]atomic.Int64, nq) // checks failed per quantity, for the log
	err := parallel(nseg, workers, func(i int) error {
		a0, b0 := m.Bounds(i)
		col := make([]float64, n)
		check := make([]float64, nq)
		times := make([]float64, 0, n)
		for s := 0; s <= maxSplit; s++ {
			parts := 1 << s
			sf := segFit{split: uint8(s), coef: make([]float64, parts*nq*n), ref: make([]float64, parts*n*nq), tail: true}
			for p := range parts {
				a := a0 + (b0-a0)*float64(p)/float64(parts)
				b := a0 + (b0-a0)*float64(p+1)/float64(parts)
				vals := sf.ref[p*n*nq : (p+1)*n*nq]
				for k, jd := range f.Times(a, b, times) {
					if err := sp.sample(jd, vals[k*nq:(k+1)*nq]); err != nil {
						return fmt.Errorf("%s at JD %.5f: %w", sp.name, jd, err)
					}
				}
				c := sf.coef[p*nq*n : (p+1)*nq*n]
				for qi := range sp.q {
					for k := range n {
						col[k] = vals[k*nq+qi]
						if sp.q[qi].wrap && k > 0 {
							// Unwrap against the previous node: nodes are far
							// less than half a turn apart for every body.
							col[k] = col[k-1] + math.Remainder(col[k]-col[k-1], 360)
						}
					}
					f.Fit(col, c[qi*n:(qi+1)*n])
				}
				// A series whose last coefficients are still large does not
				// converge: a kink, such as light deflection near the Sun.
				for qi := range sp.q {
					cq := c[qi*n : (qi+1)*n]
					lim := 0.5
					if sp.q[qi].speedOf >= 0 {
						lim = 1
					}
					if math.Abs(cq[n-1])+math.Abs(cq[n-2]) > limit(qi, c, lim) {
						sf.tail = false
						missed[qi].Add(1)
					}
				}
				// Check the fit between its nodes and at the ends against
				// the reference: the series' tail misses steps, such as the
				// ~0.002" jumps where libswe's own file segments meet.
				// The ends stay sp.guard inside the segment's boundaries.
				edge := 1 - 2*sp.guard/(b-a)
				for k := 0; k <= n && sf.tail; k++ {
					x := edge
					if k == n {
						x = -edge
					} else if k > 0 {
						x = (nodes[k-1] + nodes[k]) / 2
					}
					if err := sp.sample(a+(x+1)*(b-a)/2, check); err != nil {
						return fmt.Errorf("%s at JD %.5f: %w", sp.name, a+(x+1)*(b-a)/2, err)
					}
					for qi := range sp.q {
						// The series as it will be kept, at most sp.degree.
						v, _ := tables.Eval(c[qi*n:qi*n+sp.degree+1], x)
						// Values get 0.7 of their tolerance (the rest is
						// libswe's noise at the checked instant); rates,
						// whose reference is noisier, all of it.
						lim := sp.q[qi].tol * 0.7
						if sp.q[qi].speedOf >= 0 {
							lim = sp.q[qi].tol
						}
						if e := sp.q[qi].errorOf(v, check[qi], check); e > lim {
							sf.tail = false
							missed[qi].Add(1)
							break
						}
					}
				}
			}
			fits[i] = sf
			if sf.tail {
				break
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	holes := 0
	for i := range fits {
		if !fits[i].tail {
			holes++
		}
	}
	if float64(holes) > maxHoles*float64(nseg) {
		why := ""
		for qi := range sp.q {
			why += fmt.Sprintf(" %s:%d", sp.q[qi].name, missed[qi].Load())
		}
		return nil, fmt.Errorf("%s: %d of %d segments do not fit even in %d parts (checks missed:%s): %w", sp.name, holes, nseg, 1<<maxSplit, why, errTolerance)
	}
	// tailDegree: lowest degree whose tail bound sum_{j>d}|c_j| (the most
	// truncation can change the series on [-1, 1]) is within tol/4 everywhere.
	tailDegree := func(qi int) int {
		d := 0
		for i := range fits {
			sf := &fits[i]
			for p := range sf.parts() {
				c := sf.coef[p*nq*n : (p+1)*nq*n]
				cq := c[qi*n : (qi+1)*n]
				lim := limit(qi, c, 1.0/4)
				tail := 0.0
				j := n - 1
				for ; j > d; j-- {
					tail += math.Abs(cq[j])
					if tail > lim {
						break
					}
				}
				d = max(d, j)
			}
		}
		return d
	}
	deg := make([]int, nq)
	fitted := make([]bool, nq)
	for qi := range sp.q {
		if sp.q[qi].speedOf < 0 {
			deg[qi] = min(tailDegree(qi), sp.degree)
			fitted[qi] = true
		}
	}
	// rateError: the worst error at the nodes of the rate qi taken from the
	// derivative of its value's fit truncated to degree d.
	rateError := func(qi, d int) float64 {
		q := &sp.q[qi]
		worst := 0.0
		for i := range fits {
			sf := &fits[i]
			scale := float64(int(2)<<sf.split) / sp.seg
			for p := range sf.parts() {
				c := sf.coef[(p*nq+q.speedOf)*n : (p*nq+q.speedOf)*n+d+1]
				for k, x := range nodes {
					_, dv := tables.Eval(c, x)
					r := sf.ref[(p*n+k)*nq : (p*n+k+1)*nq]
					worst = max(worst, q.errorOf(dv*scale, r[qi], r))
				}
			}
		}
		return worst
	}
	for qi := range sp.q {
		q := &sp.q[qi]
		if q.speedOf < 0 {
			continue
		}
		// Raising the value's degree may bring its derivative within reach.
		d := deg[q.speedOf]
		for ; d <= fitDeg; d++ {
			if rateError(qi, d) <= q.tol*0.7 {
				break
			}
		}
		if d <= fitDeg {
			deg[q.speedOf] = d
		} else {
			deg[qi] = min(tailDegree(qi), sp.degree)
			fitted[qi] = true
		}
	}
	for qi := range sp.q {
		if fitted[qi] {
			m.Components = append(m.Components, tables.Component{Name: sp.q[qi].name, Unit: nativeUnit(&sp.q[qi]), Degree: deg[qi], Wrap: sp.q[qi].wrap})
		}
	}
	var out []float64
	var split []uint8
	anySplit := false
	for i := range fits {
		sf := &fits[i]
		if !sf.tail {
			split = append(split, tables.Hole)
			anySplit = true
			continue
		}
		split = append(split, sf.split)
		anySplit = anySplit || sf.split > 0
		for p := range sf.parts() {
			for qi := range sp.q {
				if fitted[qi] {
					o := (p*nq + qi) * n
					out = append(out, sf.coef[o:o+deg[qi]+1]...)
				}
			}
		}
	}
	if !anySplit {
		split = nil
	}
	return tables.NewTable(m, out, split)
}

// nativeUnit is the unit of the stored quantity.
func nativeUnit(q *quantity) string {
	switch {
	case q.rel >= 0 && q.speedOf >= 0:
		return "AU/day"
	case q.rel >= 0:
		return "AU"
	case q.speedOf >= 0:
		return "deg/day"
	case q.unit == "s":
		return "days"
	}
	return "deg"
}

// errTolerance marks a table that failed verification.
var errTolerance = errors.New("tolerance missed")
