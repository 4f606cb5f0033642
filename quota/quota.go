package quota

import (
	"cmp"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/maphash"
	"maps"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/astroapi/astroapi/store"
)

// Scope is the value of Usage.Scope: counters belong to the account and
// its plan, shared by all of the account's keys (spec 2.2).
const Scope = "account_plan"

// Usage is the usage block of the response envelope (spec 2.2).
type Usage struct {
	DailyLimit        int64  `json:"daily_limit"`
	MonthlyLimit      int64  `json:"monthly_limit"`
	RequestsThisDay   int64  `json:"requests_this_day"`
	RequestsThisMonth int64  `json:"requests_this_month"`
	Scope             string `json:"scope"`

	// The plan's per-second rate (0: none) and the requests the account
	// may still send at once, for the RateLimit headers; not in the body.
	RatePerSecond int64 `json:"-"`
	RateRemaining int64 `json:"-"`
}

// Errors of Charge, for errors.Is. A *LimitError is ErrQuotaExceeded or
// ErrRateLimited depending on its Limit.
var (
	ErrQuotaExceeded = errors.New("quota exceeded")
	ErrRateLimited   = errors.New("rate limit exceeded")
	ErrUnknownPlan   = errors.New("unknown plan")
	ErrClosed        = errors.New("quota: closed")
)

// The values of LimitError.Limit.
const (
	LimitDaily   = "daily"
	LimitMonthly = "monthly"
	LimitRate    = "rate"
)

// LimitError is Charge's refusal: a 429 with a Retry-After of RetryAfter
// (round up to whole seconds).
type LimitError struct {
	Limit      string        // LimitDaily, LimitMonthly or LimitRate
	Max        int64         // the limit: calls per day or month, requests per second
	RetryAfter time.Duration // until the day or month rolls over, or a rate token is back
	Reset      time.Time     // the instant RetryAfter points at (UTC)
	Usage      Usage         // counters at the refusal (nothing was charged)
	Want       int64         // the calls the refused charge asked for
}

func (e *LimitError) Error() string {
	if e.Limit == LimitRate {
		return fmt.Sprintf("rate limit of %d requests per second exceeded; retry in %v", e.Max, e.RetryAfter)
	}
	return fmt.Sprintf("%s quota of %d calls exceeded; it resets at %s", e.Limit, e.Max, e.Reset.Format(time.RFC3339))
}

// Is makes errors.Is(err, ErrQuotaExceeded / ErrRateLimited) work.
func (e *LimitError) Is(target error) bool {
	if e.Limit == LimitRate {
		return target == ErrRateLimited
	}
	return target == ErrQuotaExceeded
}

// RetryAfterSeconds is RetryAfter rounded up to whole seconds, at least 1,
// for the Retry-After header.
func (e *LimitError) RetryAfterSeconds() int64 {
	s := int64((e.RetryAfter + time.Second - 1) / time.Second)
	return max(s, 1)
}

// Config sets up a Quota. The zero value is usable.
type Config struct {
	// Plans are the plans accounts can have; nil means DefaultPlans().
	Plans Plans
	// FlushInterval is how often counters and attribution are written to
	// the store as deltas: the crash-loss bound. 0 means 1 s; negative
	// disables the background flusher (call Flush yourself).
	FlushInterval time.Duration
	// Now is the clock for days, months, rate buckets and attribution
	// hours; nil means time.Now.
	Now func() time.Time
	// IdleEvict drops an account's in-memory counters after this long
	// without calls (they are reloaded from the store on the next call);
	// 0 means 10 minutes.
	IdleEvict time.Duration
	// OnFlush, if set, is called after every background or final flush
	// with its outcome (err nil on success). Use it to log and count.
	OnFlush func(FlushStats, error)
	// Shared says several instances count on this store (PostgreSQL).
	// Calls are then charged from reservations the store grants within
	// the limits (store.Reserve): the daily and monthly limits hold
	// exactly across instances, with or without a per-second rate, at the
	// price of a store round trip per lease (up to MaxLease calls; smaller
	// near the limit), the lease's unused part given back at each flush.
	// Reserved calls are not counted: only calls settled (answered) are
	// flushed to the counters, so a crash can lose counts but never count
	// a call that was not served. Without Shared counts are local between
	// flushes and instances may overshoot by what they admit in one
	// interval.
	Shared bool
	// ReservationTTL is how long the store keeps an instance's reservation
	// after it last renewed it (every flush): the time a crashed
	// instance's reservations still hold part of a nearly spent quota
	// back. 0 means 10 flush intervals, at least 5 s.
	ReservationTTL time.Duration
}

// MaxLease bounds the calls one lease takes from a shared store.
const MaxLease = 1000

// FlushStats describes one flush.
type FlushStats struct {
	Counters int           // (account, day) deltas written
	Calls    int64         // billed calls in those deltas
	Buckets  int           // attribution buckets written
	Took     time.Duration // time in Store.Flush, by the real clock
}

// nShards spreads accounts over independent mutexes so that calls of
// different accounts rarely contend.
const nShards = 64

// Quota counts billed calls per account in memory and flushes them to a
// store. All methods are safe for concurrent use.
type Quota struct {
	st       store.Store
	plans    Plans
	now      func() time.Time
	interval time.Duration
	idle     time.Duration
	onFlush  func(FlushStats, error)
	shared   bool
	ttl      time.Duration // of the store's reservations
	seed     maphash.Seed
	shards   [nShards]shard

	// writer names this instance's flushes and reservations in the store;
	// seq numbers its flushes, so that a retried flush counts once.
	writer  string
	seq     int64
	inDoubt *store.Batch // a flush that failed: maybe applied, retried as it is

	flushMu sync.Mutex   // one flush at a time; also held by statistics queries
	flushed atomic.Int64 // billed calls written by flushes since New (net of returned leases)
	closeMu sync.RWMutex
	closed  bool
	stop    chan struct{}
	done    chan struct{}
}

type shard struct {
	mu    sync.Mutex
	accts map[string]*entry
	usage map[bucketKey]*bucketAgg
	_     [40]byte // keep neighbouring shards' mutexes off one cache line
}

// entry is one account's counters. All fields but ready/loadErr are guarded
// by the shard mutex.
type entry struct {
	ready   chan struct{} // closed when the counters are loaded
	loaded  bool          // ready is closed and loadErr is nil (fast path, no channel op)
	loadErr error

	day      time.Time // UTC day the counters are for
	dayN     int64     // best known total of the day: stored + unflushed + held
	monthN   int64     // same for day's month
	pending  []pend    // settled calls not yet handed to a flush, by day
	held     int64     // calls of day charged and not settled yet (in flight)
	tat      time.Time // rate: theoretical arrival time (GCRA)
	lastUsed time.Time

	// Shared stores: calls the store reserved for this instance and not
	// charged yet (lease), for leaseDay, usable until leaseUntil (by the
	// real clock: the store expires them ReservationTTL after they were
	// asked for); settled counts the calls of the reservation settled
	// since the last flush (they leave the reservation for the counters);
	// resPending are reservation changes of past days for the next flush;
	// leasing is non-nil while a lease is being taken.
	lease      int64
	leaseDay   time.Time
	leaseUntil time.Time
	settled    int64
	resPending []pend
	leasing    chan struct{}
}

type pend struct {
	day time.Time
	n   int64
}

type bucketKey struct {
	account, key, endpoint string
	hour                   int64 // Unix seconds of the UTC hour
}

type bucketAgg struct {
	count, errors, totalUS, maxUS int64
	lat                           [store.LatencyBins]int64  // response times by store.LatencyBin
	kinds                         map[store.ErrorKind]int64 // refused calls; nil until there is one
}

// bucket is the agg as a store.UsageBucket of key k. With share, the
// bucket holds the agg's histogram and error kinds themselves: for an agg
// that is dropped (a flush's), not one that goes on counting.
func (a *bucketAgg) bucket(k bucketKey, share bool) store.UsageBucket {
	b := store.UsageBucket{AccountID: k.account, KeyID: k.key, Endpoint: k.endpoint, Hour: time.Unix(k.hour, 0).UTC(),
		Count: a.count, Errors: a.errors, TotalMicros: a.totalUS, MaxMicros: a.maxUS, Latency: a.lat[:], ErrorKinds: a.kinds}
	if !share {
		b.Latency, b.ErrorKinds = slices.Clone(b.Latency), maps.Clone(b.ErrorKinds)
	}
	return b
}

// New makes a Quota over st and, unless cfg.FlushInterval < 0, starts its
// background flusher. Call Close to stop it and write the last deltas.
func New(st store.Store, cfg Config) *Quota {
	q := &Quota{
		st:       st,
		plans:    cfg.Plans,
		now:      cfg.Now,
		interval: cfg.FlushInterval,
		idle:     cfg.IdleEvict,
		onFlush:  cfg.OnFlush,
		shared:   cfg.Shared,
		ttl:      cfg.ReservationTTL,
		seed:     maphash.MakeSeed(),
		writer:   newWriterID(),
		stop:     make(chan struct{}),
		done:     make(chan struct{}),
	}
	if q.plans == nil {
		q.plans = DefaultPlans()
	}
	if q.now == nil {
		q.now = time.Now
	}
	if q.interval == 0 {
		q.interval = time.Second
	}
	if q.idle <= 0 {
		q.idle = 10 * time.Minute
	}
	if q.ttl <= 0 {
		q.ttl = max(10*q.interval, 5*time.Second)
	}
	for i := range q.shards {
		q.shards[i].accts = map[string]*entry{}
		q.shards[i].usage = map[bucketKey]*bucketAgg{}
	}
	if q.interval > 0 {
		go q.loop()
	} else {
		close(q.done)
	}
	return q
}

// newWriterID names an instance for the store: random, so that a
// restarted instance never continues a dead one's flush sequence.
func newWriterID() string {
	var b [8]byte
	rand.Read(b[:])
	return "w" + hex.EncodeToString(b[:])
}

// Plans returns the configured plans (do not modify).
func (q *Quota) Plans() Plans { return q.plans }

// Plan returns the named plan, or an error wrapping ErrUnknownPlan.
func (q *Quota) Plan(name string) (Plan, error) {
	p, ok := q.plans[name]
	if !ok {
		return Plan{}, fmt.Errorf("plan %q: %w", name, ErrUnknownPlan)
	}
	return p, nil
}

func (q *Quota) shardOf(account string) *shard {
	return &q.shards[maphash.String(q.seed, account)%nShards]
}

// Charge bills n calls to the account on plan planName and counts one
// request against the plan's per-second rate. It is all or nothing: if
// the day's or month's quota has fewer than n calls left, or no rate token
// is available, nothing is charged and the error is a *LimitError. The
// returned Usage includes the n calls.
//
// The first call for an account reads its totals from the store (ctx
// bounds that read); later calls touch only memory.
func (q *Quota) Charge(ctx context.Context, accountID, planName string, n int64) (Usage, error) {
	return q.charge(ctx, accountID, planName, n, true, true)
}

// Hold is Charge for a call that is still to be served: the n calls count
// against the limits at once (and in the usage returned) but are counted
// in the store only when Settle says the call was answered; Refund gives
// them back. A crash in between loses them: a call is never counted that
// was not served. With rate false no token of the per-second rate is
// taken (a batch item, a tool call: their request took one).
func (q *Quota) Hold(ctx context.Context, accountID, planName string, n int64, rate bool) (Usage, error) {
	return q.charge(ctx, accountID, planName, n, rate, false)
}

// Settle counts n calls held at instant at (the call's start) as served:
// the next flush writes them. Calls held on a day that has rolled over
// were counted then; Settle ignores them.
func (q *Quota) Settle(accountID string, at time.Time, n int64) {
	if n <= 0 {
		return
	}
	day := store.Day(at)
	sh := q.shardOf(accountID)
	sh.mu.Lock()
	defer sh.mu.Unlock()
	e := sh.accts[accountID]
	if e == nil || !e.loaded || !e.day.Equal(day) {
		return
	}
	n = min(n, e.held)
	e.held -= n
	e.addPending(day, n)
	if q.shared {
		e.settled += n
	}
}

// addPending adds n settled calls of day to the deltas of the next flush.
func (e *entry) addPending(day time.Time, n int64) {
	if k := len(e.pending); k > 0 && e.pending[k-1].day.Equal(day) {
		e.pending[k-1].n += n
	} else {
		e.pending = append(e.pending, pend{day: day, n: n})
	}
}

// ChargeQuota is Charge without the per-second rate: it bills n calls and
// takes no rate token. It is meant for the items of a batch request, whose
// request took its one rate token with Charge(ctx, account, plan, 0) (which
// bills nothing), so that a batch of 100 items is not refused by a rate of
// 50 per second.
func (q *Quota) ChargeQuota(ctx context.Context, accountID, planName string, n int64) (Usage, error) {
	return q.charge(ctx, accountID, planName, n, false, true)
}

// Refund gives back n calls charged to the account at instant at (the
// calls of a request that was then refused for its input: users pay for
// answers, not for their typos): held calls first, then settled ones.
// The rate token the request took is not given back. A refund after the
// day has rolled over is dropped (the charge stays on the day it was
// made), and no counter goes below zero.
func (q *Quota) Refund(accountID string, at time.Time, n int64) {
	if n <= 0 {
		return
	}
	day := store.Day(at)
	sh := q.shardOf(accountID)
	sh.mu.Lock()
	defer sh.mu.Unlock()
	e := sh.accts[accountID]
	if e == nil || !e.loaded || !e.day.Equal(day) {
		return
	}
	n = min(n, e.dayN, e.monthN)
	if n <= 0 {
		return
	}
	e.dayN -= n
	e.monthN -= n
	h := min(n, e.held)
	e.held -= h
	if q.shared && e.leaseDay.Equal(day) {
		e.lease += h // still reserved in the store: back into the lease
	}
	if n -= h; n <= 0 {
		return
	}
	// Settled calls: a negative delta (the charge may be flushed already,
	// and flushes add deltas).
	e.addPending(day, -n)
	if q.shared && e.leaseDay.Equal(day) {
		back := min(n, e.settled) // not flushed yet: still in the reservation
		e.settled -= back
		e.lease += back
	}
}

// localOf is what this instance counts for the account today and the
// store does not yet: the calls settled and not flushed, and those held.
func (q *Quota) localOf(accountID string) int64 {
	today := store.Day(q.now())
	sh := q.shardOf(accountID)
	sh.mu.Lock()
	defer sh.mu.Unlock()
	e := sh.accts[accountID]
	if e == nil || !e.loaded || !e.day.Equal(today) {
		return 0
	}
	n := e.held
	for _, p := range e.pending {
		if p.day.Equal(today) {
			n += p.n
		}
	}
	return n
}

// Peek returns the account's usage without charging anything.
func (q *Quota) Peek(ctx context.Context, accountID, planName string) (Usage, error) {
	return q.charge(ctx, accountID, planName, 0, false, true)
}

// charge charges n calls, settled at once or held (settle false).
func (q *Quota) charge(ctx context.Context, accountID, planName string, n int64, rate, settle bool) (Usage, error) {
	if n < 0 {
		return Usage{}, fmt.Errorf("quota: negative charge %d", n)
	}
	p, err := q.Plan(planName)
	if err != nil {
		return Usage{}, err
	}
	q.closeMu.RLock()
	defer q.closeMu.RUnlock()
	if q.closed {
		return Usage{}, ErrClosed
	}
	sh := q.shardOf(accountID)
	sh.mu.Lock()
	e, err := q.entryLocked(ctx, sh, accountID)
	if err != nil {
		return Usage{}, err // entryLocked released the lock
	}
	if q.shared && n > 0 {
		return q.chargeShared(ctx, sh, e, accountID, p, n, rate, settle) // releases the lock
	}
	u, err := q.chargeLocked(e, p, n, rate, settle)
	sh.mu.Unlock()
	return u, err
}

// chargeShared charges n calls from the entry's lease, taking a lease
// from the store when it runs short (at most once per call; waiting for
// another call's lease first). Called with sh.mu held; releases it.
func (q *Quota) chargeShared(ctx context.Context, sh *shard, e *entry, accountID string, p Plan, n int64, rate, settle bool) (Usage, error) {
	defer sh.mu.Unlock()
	now := q.now()
	leased := false
	for {
		q.rollLocked(e, now)
		if e.lease > 0 && time.Now().After(e.leaseUntil) {
			// The store has expired it (a flush would have renewed or
			// returned it: the store is out of reach): not ours any more.
			e.lease = 0
		}
		if e.lease >= n {
			break
		}
		if leased {
			return q.exhaustedLocked(e, p, now, n)
		}
		if e.leasing != nil { // another call is taking a lease: wait for it
			ch := e.leasing
			sh.mu.Unlock()
			select {
			case <-ch:
				sh.mu.Lock()
			case <-ctx.Done():
				sh.mu.Lock()
				return Usage{}, ctx.Err()
			}
			continue
		}
		if err := q.takeLease(ctx, sh, e, accountID, p, n, now); err != nil {
			return Usage{}, err
		}
		leased = true
	}
	// The lease covers the calls: the per-second rate is the only check left.
	u := Usage{DailyLimit: p.DailyLimit, MonthlyLimit: p.MonthlyLimit, RequestsThisDay: e.dayN, RequestsThisMonth: e.monthN, Scope: Scope}
	if rate {
		if err := q.rateLocked(e, p, now, u); err != nil {
			return u, err
		}
	}
	e.lease -= n
	e.dayN += n
	e.monthN += n
	if settle {
		e.addPending(e.day, n)
		e.settled += n
	} else {
		e.held += n
	}
	e.lastUsed = now
	u.RequestsThisDay, u.RequestsThisMonth = e.dayN, e.monthN
	u.RatePerSecond, u.RateRemaining = p.RatePerSecond, rateRemaining(e, p, now)
	return u, nil
}

// takeLease asks the store to reserve at least n calls for this instance
// (store.Reserve: granted within the limits, after the counted calls and
// every instance's reservations) and adds the grant to the entry's lease.
// The store serialises reservations, so all instances together never
// pass the limits. Called with sh.mu held, which it releases during the
// store's round trip.
func (q *Quota) takeLease(ctx context.Context, sh *shard, e *entry, accountID string, p Plan, n int64, now time.Time) error {
	day := store.Day(now)
	remaining := min(p.DailyLimit-e.dayN, p.MonthlyLimit-e.monthN) - e.lease
	size := min(max(remaining/4, n), max(MaxLease, n))
	ch := make(chan struct{})
	e.leasing = ch
	defer func() { // with sh.mu held again: the lease is in place
		e.leasing = nil
		close(ch)
	}()
	sent := time.Now() // the store's expiry runs from later than this
	sh.mu.Unlock()
	g, err := q.st.Reserve(ctx, store.Reservation{AccountID: accountID, Day: day, Writer: q.writer, N: size,
		DailyLimit: p.DailyLimit, MonthlyLimit: p.MonthlyLimit, TTL: q.ttl})
	sh.mu.Lock()
	if err != nil {
		return fmt.Errorf("quota: reservation for %s: %w", accountID, err)
	}
	if !e.leaseDay.Equal(day) {
		e.lease, e.settled = 0, 0 // rollLocked handed the old day's back
	}
	e.lease += g.N
	e.leaseDay = day
	e.leaseUntil = sent.Add(q.ttl)
	// The local view: the counted calls, and what this instance settled
	// (not flushed yet) and holds.
	if e.day.Equal(day) {
		var mine, mineMonth int64
		for _, pd := range e.pending {
			if pd.day.Equal(day) {
				mine += pd.n
			}
			if store.Month(pd.day).Equal(store.Month(day)) {
				mineMonth += pd.n
			}
		}
		e.dayN = g.Used.DayN + mine + e.held
		e.monthN = g.Used.MonthN + mineMonth + e.held
	}
	return nil
}

// exhaustedLocked is the refusal of n calls the leases cannot cover.
func (q *Quota) exhaustedLocked(e *entry, p Plan, now time.Time, n int64) (Usage, error) {
	today := store.Day(now)
	u := Usage{DailyLimit: p.DailyLimit, MonthlyLimit: p.MonthlyLimit, RequestsThisDay: e.dayN, RequestsThisMonth: e.monthN, Scope: Scope}
	if monthLeft := p.MonthlyLimit - e.monthN; monthLeft >= n || p.DailyLimit-e.dayN < monthLeft {
		reset := today.AddDate(0, 0, 1)
		return u, &LimitError{Limit: LimitDaily, Max: p.DailyLimit, Reset: reset, RetryAfter: reset.Sub(now), Usage: u, Want: n}
	}
	reset := store.Month(today).AddDate(0, 1, 0)
	return u, &LimitError{Limit: LimitMonthly, Max: p.MonthlyLimit, Reset: reset, RetryAfter: reset.Sub(now), Usage: u, Want: n}
}

// rollLocked starts a new UTC day (and month) on the entry when now is
// past its day; a lease of the past day is given back.
func (q *Quota) rollLocked(e *entry, now time.Time) {
	if sec := now.Unix() - e.day.Unix(); sec >= 0 && sec < 86400 {
		return
	}
	today := store.Day(now)
	if e.day.Equal(today) {
		return
	}
	// A new UTC day (and maybe month) starts from zero here; the next
	// flush brings in what other instances counted since.
	if !store.Month(e.day).Equal(store.Month(today)) {
		e.monthN = 0
	}
	// Calls still held from the past day are counted on it now (a call
	// that spans midnight is billed to the day it started); their Settle
	// or Refund will find the day gone.
	if e.held > 0 {
		e.addPending(e.day, e.held)
		if q.shared {
			e.settled += e.held
		}
	}
	if q.shared && !e.leaseDay.IsZero() && !e.leaseDay.Equal(today) {
		// The past day's reservation: its unused part goes back, its
		// settled part to the counters, at the next flush.
		if d := e.settled + e.lease; d > 0 {
			e.resPending = append(e.resPending, pend{day: e.leaseDay, n: -d})
		}
		e.lease, e.settled = 0, 0
	}
	e.day, e.dayN, e.held = today, 0, 0
}

// rateLocked takes a token of the per-second rate (GCRA, the token bucket
// in integer time: each request pushes the theoretical arrival time tat one
// emission interval further; a request is allowed while tat stays within
// burst intervals of now).
func (q *Quota) rateLocked(e *entry, p Plan, now time.Time, u Usage) error {
	if p.RatePerSecond <= 0 {
		return nil
	}
	burst := p.Burst
	if burst <= 0 {
		burst = p.RatePerSecond
	}
	step := time.Second / time.Duration(p.RatePerSecond)
	tat := e.tat
	if tat.Before(now) {
		tat = now
	}
	tat = tat.Add(step)
	u.RatePerSecond = p.RatePerSecond
	if over := tat.Sub(now) - time.Duration(burst)*step; over > 0 {
		return &LimitError{Limit: LimitRate, Max: p.RatePerSecond, Reset: now.Add(over).UTC(), RetryAfter: over, Usage: u}
	}
	e.tat = tat
	return nil
}

// rateRemaining is how many requests the account may still send at once.
func rateRemaining(e *entry, p Plan, now time.Time) int64 {
	if p.RatePerSecond <= 0 {
		return 0
	}
	burst := p.Burst
	if burst <= 0 {
		burst = p.RatePerSecond
	}
	step := time.Second / time.Duration(p.RatePerSecond)
	used := int64((e.tat.Sub(now) + step - 1) / step)
	return max(0, burst-max(0, used))
}

// chargeLocked is the check and the increment, under the shard mutex.
func (q *Quota) chargeLocked(e *entry, p Plan, n int64, rate, settle bool) (Usage, error) {
	now := q.now()
	e.lastUsed = now
	// Integer seconds first: building the day with time.Date on every call
	// is a measurable part of Charge.
	q.rollLocked(e, now)
	today := e.day
	u := Usage{DailyLimit: p.DailyLimit, MonthlyLimit: p.MonthlyLimit, RequestsThisDay: e.dayN, RequestsThisMonth: e.monthN, Scope: Scope}
	if !rate && n == 0 {
		return u, nil
	}
	if e.dayN+n > p.DailyLimit {
		reset := today.AddDate(0, 0, 1)
		return u, &LimitError{Limit: LimitDaily, Max: p.DailyLimit, Reset: reset, RetryAfter: reset.Sub(now), Usage: u, Want: n}
	}
	if e.monthN+n > p.MonthlyLimit {
		reset := store.Month(today).AddDate(0, 1, 0)
		return u, &LimitError{Limit: LimitMonthly, Max: p.MonthlyLimit, Reset: reset, RetryAfter: reset.Sub(now), Usage: u, Want: n}
	}
	if rate {
		if err := q.rateLocked(e, p, now, u); err != nil {
			return u, err
		}
	}
	if n > 0 {
		e.dayN += n
		e.monthN += n
		if settle {
			e.addPending(today, n)
		} else {
			e.held += n
		}
	}
	u.RequestsThisDay, u.RequestsThisMonth = e.dayN, e.monthN
	u.RatePerSecond, u.RateRemaining = p.RatePerSecond, rateRemaining(e, p, now)
	return u, nil
}

// entryLocked returns the loaded entry of account with sh.mu held. On
// error it returns with sh.mu released.
func (q *Quota) entryLocked(ctx context.Context, sh *shard, account string) (*entry, error) {
	for {
		e := sh.accts[account]
		if e != nil && e.loaded {
			return e, nil
		}
		if e != nil {
			select {
			case <-e.ready:
				if e.loadErr == nil {
					return e, nil
				}
				// A failed load was removed from the map; look again.
			default:
				sh.mu.Unlock()
				select {
				case <-e.ready:
				case <-ctx.Done():
					return nil, ctx.Err()
				}
				sh.mu.Lock()
			}
			continue
		}
		// First use: read the totals without holding the shard.
		e = &entry{ready: make(chan struct{})}
		sh.accts[account] = e
		sh.mu.Unlock()
		now := q.now()
		t, err := q.st.Counters(ctx, account, now)
		sh.mu.Lock()
		if err != nil {
			e.loadErr = fmt.Errorf("quota: load counters of %s: %w", account, err)
			delete(sh.accts, account)
			close(e.ready)
			sh.mu.Unlock()
			return nil, e.loadErr
		}
		e.day, e.dayN, e.monthN, e.lastUsed = t.Day, t.DayN, t.MonthN, now
		e.loaded = true
		close(e.ready)
		return e, nil
	}
}

// Call is one request to attribute: who made it, to which operation, how
// it ended and how long it took.
type Call struct {
	AccountID string
	KeyID     string
	Endpoint  string        // operation id, e.g. "post-natal"
	Status    int           // HTTP status; >= 400 counts as an error
	Problem   string        // problem type slug of an error answer ("validation"), "" if none
	Duration  time.Duration // response time
	At        time.Time     // when it happened; zero means now
}

// Record adds c to the in-memory hourly attribution of its key and
// endpoint; the next flush writes it. It never touches the store.
func (q *Quota) Record(c Call) {
	at := c.At
	if at.IsZero() {
		at = q.now()
	}
	k := bucketKey{account: c.AccountID, key: c.KeyID, endpoint: c.Endpoint, hour: at.Unix() - mod(at.Unix(), 3600)}
	us := c.Duration.Microseconds()
	sh := q.shardOf(c.AccountID)
	sh.mu.Lock()
	b := sh.usage[k]
	if b == nil {
		b = &bucketAgg{}
		sh.usage[k] = b
	}
	b.count++
	if c.Status >= 400 {
		b.errors++
		if b.kinds == nil {
			b.kinds = map[store.ErrorKind]int64{}
		}
		b.kinds[store.ErrorKind{Status: c.Status, Type: c.Problem}]++
	}
	b.totalUS += us
	b.maxUS = max(b.maxUS, us)
	b.lat[store.LatencyBin(us)]++
	sh.mu.Unlock()
}

func mod(a, b int64) int64 { return ((a % b) + b) % b }

func (q *Quota) loop() {
	defer close(q.done)
	t := time.NewTicker(q.interval)
	defer t.Stop()
	for {
		select {
		case <-q.stop:
			return
		case <-t.C:
			ctx, cancel := context.WithTimeout(context.Background(), max(10*q.interval, 5*time.Second))
			st, err := q.Flush(ctx)
			cancel()
			if q.onFlush != nil {
				q.onFlush(st, err)
			}
		}
	}
}

// Flush writes every unflushed counter delta and attribution bucket to the
// store in one transaction, then refreshes the flushed accounts' totals
// with what the store reports (so counts of other instances show up). On
// failure the deltas are kept for the next flush.
func (q *Quota) Flush(ctx context.Context) (FlushStats, error) {
	q.flushMu.Lock()
	defer q.flushMu.Unlock()
	return q.flushLocked(ctx)
}

func (q *Quota) flushLocked(ctx context.Context) (FlushStats, error) {
	var st FlushStats
	// A flush that failed may have been applied all the same (the commit
	// went through, its answer was lost): it is sent again as it was, with
	// its sequence number, which the store applies once.
	if q.inDoubt != nil {
		start := time.Now()
		if _, err := q.st.Flush(ctx, *q.inDoubt); err != nil {
			st.Took = time.Since(start)
			return st, fmt.Errorf("quota: flush (retry): %w", err)
		}
		for _, c := range q.inDoubt.Counters {
			q.flushed.Add(c.N)
		}
		q.inDoubt = nil
	}
	b := store.Batch{Writer: q.writer, ReservationTTL: q.ttl}
	now := q.now()
	for i := range q.shards {
		sh := &q.shards[i]
		sh.mu.Lock()
		for id, e := range sh.accts {
			if !e.loaded {
				continue // still loading (or failed): nothing charged yet
			}
			if q.shared {
				// The reservation loses its settled calls (they go to
				// the counters in the same transaction) and the unused
				// lease (back to every instance); what stays is held,
				// renewed for another TTL.
				for _, r := range e.resPending {
					b.Reservations = append(b.Reservations, store.ReservationDelta{AccountID: id, Day: r.day, N: r.n})
				}
				e.resPending = e.resPending[:0]
				if !e.leaseDay.IsZero() && (e.settled+e.lease > 0 || e.held > 0) {
					b.Reservations = append(b.Reservations, store.ReservationDelta{AccountID: id, Day: e.leaseDay, N: -(e.settled + e.lease)})
				}
				e.settled, e.lease = 0, 0
			}
			if len(e.pending) == 0 {
				if now.Sub(e.lastUsed) > q.idle && e.held == 0 && e.leasing == nil {
					delete(sh.accts, id)
				}
				continue
			}
			for _, p := range e.pending {
				b.Counters = append(b.Counters, store.CounterDelta{AccountID: id, Day: p.day, N: p.n})
				st.Calls += p.n
			}
			e.pending = e.pending[:0]
		}
		for k, a := range sh.usage {
			b.Usage = append(b.Usage, a.bucket(k, true)) // the map is replaced below
		}
		if len(sh.usage) > 0 {
			sh.usage = map[bucketKey]*bucketAgg{}
		}
		sh.mu.Unlock()
	}
	st.Counters, st.Buckets = len(b.Counters), len(b.Usage)
	if len(b.Counters) == 0 && len(b.Usage) == 0 && len(b.Reservations) == 0 {
		return st, nil
	}
	// A fixed order makes concurrent flushes of several instances take
	// row locks in the same order (no deadlocks) and puts each account's
	// days in order, so that the last total of a month is the largest.
	slices.SortFunc(b.Counters, func(x, y store.CounterDelta) int {
		return cmp.Or(cmp.Compare(x.AccountID, y.AccountID), x.Day.Compare(y.Day))
	})
	slices.SortFunc(b.Usage, func(x, y store.UsageBucket) int {
		return cmp.Or(cmp.Compare(x.AccountID, y.AccountID), x.Hour.Compare(y.Hour),
			cmp.Compare(x.KeyID, y.KeyID), cmp.Compare(x.Endpoint, y.Endpoint))
	})
	slices.SortFunc(b.Reservations, func(x, y store.ReservationDelta) int {
		return cmp.Or(cmp.Compare(x.AccountID, y.AccountID), x.Day.Compare(y.Day))
	})
	q.seq++
	b.Seq = q.seq
	start := time.Now()
	totals, err := q.st.Flush(ctx, b)
	st.Took = time.Since(start)
	if err != nil {
		q.inDoubt = &b
		return st, fmt.Errorf("quota: flush: %w", err)
	}
	q.flushed.Add(st.Calls)
	for _, t := range totals {
		sh := q.shardOf(t.AccountID)
		sh.mu.Lock()
		if e := sh.accts[t.AccountID]; e != nil {
			var sinceDay, sinceMonth int64 // settled after the snapshot
			for _, p := range e.pending {
				if p.day.Equal(t.Day) {
					sinceDay += p.n
				}
				if store.Month(p.day).Equal(store.Month(t.Day)) {
					sinceMonth += p.n
				}
			}
			if e.day.Equal(t.Day) {
				e.dayN = t.DayN + sinceDay + e.held
			}
			if store.Month(e.day).Equal(store.Month(t.Day)) {
				e.monthN = t.MonthN + sinceMonth + e.held
			}
		}
		sh.mu.Unlock()
	}
	return st, nil
}

// FlushedCalls is the number of billed calls the flushes have written to
// the store since New (net of leases given back to a shared store): what a
// crash can no longer lose.
func (q *Quota) FlushedCalls() int64 { return q.flushed.Load() }

// Close stops the background flusher, refuses further charges (ErrClosed)
// and writes the last deltas. Call it before closing the store.
func (q *Quota) Close() error {
	q.closeMu.Lock()
	if q.closed {
		q.closeMu.Unlock()
		return nil
	}
	q.closed = true
	q.closeMu.Unlock()
	if q.interval > 0 {
		close(q.stop)
	}
	<-q.done
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	st, err := q.Flush(ctx)
	if q.onFlush != nil {
		q.onFlush(st, err)
	}
	return err
}
