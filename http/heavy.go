package http

import (
	"sync"
	"time"

	"github.com/astroapi/astroapi/http/op"
)

// heavyLimits bounds the heavy calls (op.Spec.Heavy: rasterised wheels and
// the like, up to a second of CPU each) in flight: overall, so that they
// cannot take every core from cheap calls, and per account, so that one
// client cannot take all of them. Beyond either, the call is refused at
// once with 503 and Retry-After rather than queued.
type heavyLimits struct {
	mu         sync.Mutex
	total      int
	perAccount map[string]int
	max        int
	maxAccount int
}

func newHeavyLimits(max, maxAccount int) *heavyLimits {
	return &heavyLimits{perAccount: map[string]int{}, max: max, maxAccount: maxAccount}
}

// acquire takes a slot for c, or answers the 503 to send; release gives
// the slot back.
func (h *heavyLimits) acquire(c *op.Call) (release func(), p *op.Problem) {
	account := ""
	if a := c.Account(); a != nil {
		account = a.ID
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	switch {
	case h.total >= h.max:
		return nil, op.NewProblem(503, op.KindUnavailable, "the server is drawing as many wheels as it has cores for; retry in a second").
			WithRetryAfter(time.Second)
	case h.perAccount[account] >= h.maxAccount:
		return nil, op.NewProblem(503, op.KindUnavailable, "your account already has as many renders in flight as it may; wait for them, then retry").
			WithRetryAfter(time.Second)
	}
	h.total++
	h.perAccount[account]++
	return func() {
		h.mu.Lock()
		h.total--
		if h.perAccount[account]--; h.perAccount[account] <= 0 {
			delete(h.perAccount, account)
		}
		h.mu.Unlock()
	}, nil
}
