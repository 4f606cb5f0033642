package http

import (
	"sync"
	"time"

	"github.com/astroapi/astroapi/http/op"
)

// heavyLimits bounds the heavy calls (op.Spec.Heavy: rasterised wheels,
// costly batches and the like, up to a second of CPU each) in flight:
// overall, so that they cannot take every core from cheap calls, and per
// account, so that one client cannot take all of them.
//
// The slots are shared fairly. A call that finds every slot taken waits
// (at most heavyWait) in a queue, and a slot given back goes to the
// waiting account that holds the fewest slots, oldest first: two accounts
// that keep the server busy cannot starve a third, which gets the next
// slot that frees up (before, with 4 slots and 2 per account, two clients
// kept them all and a third got 503 on 68 tries of 70). An account at its
// own cap, or a wait that times out, is refused with 503 and Retry-After.
//
// Batches are the exception to the refusal at an account's cap: a batch
// already spreads its items over every core, so two of them in flight keep
// the server busy, and a client that sends more at once (a bulk loader on
// 64 connections) is better served by a queue than by 503s it must retry.
// A batch over its account's cap waits like any other call (at most
// heavyWait, and at most maxHeavyWaitingPerAccount of an account's calls
// wait, so one account cannot fill the queue against the others); the slot
// it gets is handed over fairly as above.
type heavyLimits struct {
	mu         sync.Mutex
	total      int
	perAccount map[string]int
	max        int
	maxAccount int
	waiting    []*heavyWaiter // in arrival order
	wait       time.Duration  // 0: refuse at once when full
	what       string         // what the slots are for, in refusals
}

// heavyWait bounds how long a heavy call waits for a slot.
const heavyWait = 3 * time.Second

// maxHeavyWaiting bounds the queue: beyond it a call is refused at once.
const maxHeavyWaiting = 256

// maxHeavyWaitingPerAccount bounds one account's calls in the queue.
const maxHeavyWaitingPerAccount = 64

type heavyWaiter struct {
	account string
	granted chan struct{} // closed when a slot was handed over
	gone    bool          // gave up: skip it
}

func newHeavyLimits(max, maxAccount int) *heavyLimits {
	return &heavyLimits{perAccount: map[string]int{}, max: max, maxAccount: maxAccount, wait: heavyWait, what: "heavy calls (renders, large batches)"}
}

// acquire takes a slot for c, waiting for one if need be, or answers the
// 503 to send; release gives the slot back. queueAtCap: a call of an
// account at its cap waits for one of its own slots instead of being
// refused at once (batches).
func (h *heavyLimits) acquire(c *op.Call, queueAtCap bool) (release func(), p *op.Problem) {
	account := ""
	if a := c.Account(); a != nil {
		account = a.ID
	}
	release = func() { h.release(account) }
	h.mu.Lock()
	switch atCap := h.perAccount[account] >= h.maxAccount; {
	case atCap && (!queueAtCap || h.wait <= 0 || h.waitingOf(account) >= maxHeavyWaitingPerAccount):
		h.mu.Unlock()
		return nil, op.NewProblem(503, op.KindUnavailable, "your account already has as many "+h.what+" in flight as it may; wait for them, then retry").
			WithRetryAfter(time.Second)
	case !atCap && h.total < h.max:
		// A free slot with calls waiting means they all wait at their own
		// account's cap (release hands a freed slot to any other waiter),
		// so the slot is this call's.
		h.take(account)
		h.mu.Unlock()
		return release, nil
	case len(h.waiting) >= maxHeavyWaiting || h.wait <= 0:
		h.mu.Unlock()
		return nil, h.busy()
	}
	w := &heavyWaiter{account: account, granted: make(chan struct{})}
	h.waiting = append(h.waiting, w)
	h.mu.Unlock()
	t := time.NewTimer(h.wait)
	defer t.Stop()
	select {
	case <-w.granted:
		return release, nil
	case <-t.C:
	case <-c.Context().Done():
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	select {
	case <-w.granted: // handed over as the wait ended
		return release, nil
	default:
	}
	w.gone = true
	return nil, h.busy()
}

// waitingOf counts account's calls in the queue; h.mu is held.
func (h *heavyLimits) waitingOf(account string) (n int) {
	for _, w := range h.waiting {
		if !w.gone && w.account == account {
			n++
		}
	}
	return n
}

// busy is the refusal when every slot is taken.
func (h *heavyLimits) busy() *op.Problem {
	return op.NewProblem(503, op.KindUnavailable, "the server is running as many "+h.what+" as it can at once; retry in a second").
		WithRetryAfter(time.Second)
}

// take counts a slot for account; h.mu is held.
func (h *heavyLimits) take(account string) {
	h.total++
	h.perAccount[account]++
}

// release gives account's slot back and hands it to the fairest waiter:
// of the accounts waiting and under their cap, the one holding the fewest
// slots, and its oldest call.
func (h *heavyLimits) release(account string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.total--
	if h.perAccount[account]--; h.perAccount[account] <= 0 {
		delete(h.perAccount, account)
	}
	for h.total < h.max {
		best := -1
		kept := h.waiting[:0]
		for _, w := range h.waiting {
			if !w.gone {
				kept = append(kept, w)
			}
		}
		h.waiting = kept
		for i, w := range h.waiting {
			if h.perAccount[w.account] >= h.maxAccount {
				continue
			}
			if best < 0 || h.perAccount[w.account] < h.perAccount[h.waiting[best].account] {
				best = i
			}
		}
		if best < 0 {
			return
		}
		w := h.waiting[best]
		h.waiting = append(h.waiting[:best], h.waiting[best+1:]...)
		h.take(w.account)
		close(w.granted)
	}
}

// usage reports the slots taken and the calls waiting.
func (h *heavyLimits) usage() (taken, waiting int) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, w := range h.waiting {
		if !w.gone {
			waiting++
		}
	}
	return h.total, waiting
}
