package transits

import (
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

// TestCost reports how many positions a transit chart reads: the measure
// of its cost that a loaded machine does not blur.
func TestCost(t *testing.T) {
	pos, _, _ := sources(t)
	c := &counting{Positions: pos}
	var total, natalN, nowN int64
	const n = 200
	for i := range n {
		chart, err := natal.Compute(c, london, natal.Options{})
		if err != nil {
			t.Fatal(err)
		}
		natalN += c.n.Swap(0)
		if _, err := ToNatalChart(c, chart, benchInstant(i*7), ToNatalOptions{}); err != nil {
			t.Fatal(err)
		}
		total += c.n.Swap(0)
		if _, err := At(c, benchInstant(i*7), Options{}); err != nil {
			t.Fatal(err)
		}
		nowN += c.n.Swap(0)
	}
	t.Logf("positions per call: natal %d, transits now %d, to-natal %d (mean of %d)", natalN/n, nowN/n, total/n, n)
}
