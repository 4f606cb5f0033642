package gen

import (
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"sync"

	"github.com/astroapi/astroapi/tables"
)

// seed is the fixed seed of the verification instants, so a run is
// reproducible; each table and chunk derives its own stream from it.
const seed = 20261121

const chunk = 4096 // verification instants per unit of work

// verify compares tab with direct reference calls at n random instants
// spread uniformly over the table's span, and returns the worst error of
// every quantity. Instants in holes, which the table does not serve, are
// skipped (Check.Samples counts the others). Rates missing from the table are checked through the
// derivative of their value's fit, as package tables serves them.
func verify(sp *spec, tab *tables.Table, n, workers int) ([]tables.Check, error) {
	return verifySeeded(sp, tab, n, workers, seed)
}

// verifySeeded is verify with another seed (the file test uses its own).
func verifySeeded(sp *spec, tab *tables.Table, n, workers int, seed uint64) ([]tables.Check, error) {
	h := fnv.New64a()
	h.Write([]byte(string(sp.kind) + "/" + sp.name))
	tseed := h.Sum64()
	nq := len(sp.q)
	type src struct {
		comp  int
		deriv bool
	}
	srcs := make([]src, nq)
	for qi, q := range sp.q {
		if c := tab.Component(q.name); c >= 0 {
			srcs[qi] = src{comp: c}
		} else if q.speedOf >= 0 {
			srcs[qi] = src{comp: tab.Component(sp.q[q.speedOf].name), deriv: true}
		} else {
			return nil, fmt.Errorf("%s: no component %s", sp.name, q.name)
		}
	}
	checks := make([]tables.Check, nq)
	for qi, q := range sp.q {
		checks[qi] = tables.Check{Quantity: q.name, Unit: q.unit, Tolerance: q.tol}
		if srcs[qi].deriv {
			checks[qi].Method = "derivative of the " + sp.q[q.speedOf].name + " fit"
		}
	}
	var mu sync.Mutex
	from, to := tab.Meta.From, tab.Meta.To
	nchunks := (n + chunk - 1) / chunk
	err := parallel(nchunks, workers, func(ci int) error {
		rng := rand.New(rand.NewPCG(seed, tseed^uint64(ci)))
		local := make([]tables.Check, nq)
		want := make([]float64, nq)
		verified := 0
		for range min(chunk, n-ci*chunk) {
			jd := from + (to-from)*rng.Float64()
			if _, _, ok := tab.Eval(jd, 0); !ok {
				continue // a hole (tables.Hole): served by libswe
			}
			verified++
			if err := sp.sample(jd, want); err != nil {
				return fmt.Errorf("%s at JD %.5f: %w", sp.name, jd, err)
			}
			for qi := range sp.q {
				v, dv, ok := tab.Eval(jd, srcs[qi].comp)
				if !ok {
					return fmt.Errorf("%s: JD %.5f not covered", sp.name, jd)
				}
				if srcs[qi].deriv {
					v = dv
				}
				if e := sp.q[qi].errorOf(v, want[qi], want); e > local[qi].Worst || e != e {
					local[qi].Worst, local[qi].WorstAt = e, jd
				}
			}
		}
		mu.Lock()
		for qi := range checks {
			checks[qi].Samples += verified
			if local[qi].Worst > checks[qi].Worst || local[qi].Worst != local[qi].Worst {
				checks[qi].Worst, checks[qi].WorstAt = local[qi].Worst, local[qi].WorstAt
			}
		}
		mu.Unlock()
		return nil
	})
	if err != nil {
		return nil, err
	}
	var failed error
	for _, c := range checks {
		if !(c.Worst <= c.Tolerance) {
			failed = fmt.Errorf("%s/%s: %s worst error %.3g %s at JD %.5f exceeds %.3g: %w",
				sp.kind, sp.name, c.Quantity, c.Worst, c.Unit, c.WorstAt, c.Tolerance, errTolerance)
		}
	}
	return checks, failed
}
