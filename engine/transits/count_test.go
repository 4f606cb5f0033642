package transits

import (
	"slices"
	"sync/atomic"
	"testing"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/natal"
)

// counting counts the positions read through it.
type counting struct {
	engine.Positions
	n atomic.Int64
}

func (c *counting) Position(t engine.JDUT, b engine.Body, o engine.Options) (engine.Position, error) {
	c.n.Add(1)
	return c.Positions.Position(t, b, o)
}

// TestCost counts how many positions a transit chart reads: the measure
// of its cost that a loaded machine does not blur. The counts are pinned:
// a change of the algorithm that reads more must say so here.
func TestCost(t *testing.T) {
	pos, _, _ := sources(t)
	c := &counting{Positions: pos}
	const n = 200
	var natalN, nowN, toNatalN [n]int64
	for i := range n {
		chart, err := natal.Compute(c, london, natal.Options{})
		if err != nil {
			t.Fatal(err)
		}
		natalN[i] = c.n.Swap(0)
		if _, err := ToNatalChart(c, chart, benchInstant(i*7), ToNatalOptions{}); err != nil {
			t.Fatal(err)
		}
		toNatalN[i] = c.n.Swap(0)
		if _, err := At(c, benchInstant(i*7), Options{}); err != nil {
			t.Fatal(err)
		}
		nowN[i] = c.n.Swap(0)
	}
	for _, k := range []struct {
		name     string
		counts   []int64
		min, max int64 // positions per call
		total    int64 // over the n calls
	}{
		{"natal", natalN[:], 13, 13, 13 * n},
		{"transits now", nowN[:], 28, 34, 6420},
		{"to-natal", toNatalN[:], 46, 157, 17025}, // 17,267 before the searches began at the secant (engine/roots)
	} {
		lo, hi, sum := slices.Min(k.counts), slices.Max(k.counts), int64(0)
		for _, v := range k.counts {
			sum += v
		}
		t.Logf("%s: %d to %d positions a call, %d over %d calls", k.name, lo, hi, sum, n)
		if lo != k.min || hi != k.max || sum != k.total {
			t.Errorf("%s: %d to %d positions a call, %d in all; pinned %d to %d, %d", k.name, lo, hi, sum, k.min, k.max, k.total)
		}
	}
}
