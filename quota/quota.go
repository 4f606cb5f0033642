package quota

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"hash/maphash"
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
	// Calls are then charged from leases taken from the store's counters
	// with an atomic add, checked against the limits: the daily and
	// monthly limits hold exactly across instances, with or without a
	// per-second rate, at the price of a store round trip per lease (up to
	// MaxLease calls; smaller near the limit) and the lease's unused part
	// given back at each flush. Without it counts are local between
	// flushes and instances may overshoot by what they admit in one
	// interval.
	Shared bool
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
	seed     maphash.Seed
	shards   [nShards]shard

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
	dayN     int64     // best known total of the day: stored + unflushed
	monthN   int64     // same for day's month
	pending  []pend    // charges not yet handed to a flush, by day
	tat      time.Time // rate: theoretical arrival time (GCRA)
	lastUsed time.Time

	// Shared stores: calls taken from the store's counters for this
	// instance and not used yet (counted there, not here), for leaseDay;
	// leasing is non-nil while a lease is being taken.
	lease    int64
	leaseDay time.Time
	leasing  chan struct{}
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
		seed:     maphash.MakeSeed(),
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
	return q.charge(ctx, accountID, planName, n, true)
}

// ChargeQuota is Charge without the per-second rate: it bills n calls and
// takes no rate token. It is meant for the items of a batch request, whose
// request took its one rate token with Charge(ctx, account, plan, 0) (which
// bills nothing), so that a batch of 100 items is not refused by a rate of
// 50 per second.
func (q *Quota) ChargeQuota(ctx context.Context, accountID, planName string, n int64) (Usage, error) {
	return q.charge(ctx, accountID, planName, n, false)
}

// Refund gives back n calls charged to the account at instant at (the
// calls of a request that was then refused for its input: users pay for
// answers, not for their typos). The rate token the request took is not
// given back. A refund after the day has rolled over is dropped (the
// charge stays on the day it was made), and no counter goes below zero.
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
	if q.shared && e.leaseDay.Equal(day) {
		e.lease += n // still counted in the store: back into the lease
		return
	}
	// A negative delta: the charge may be flushed already, and flushes
	// add deltas.
	if k := len(e.pending); k > 0 && e.pending[k-1].day.Equal(day) {
		e.pending[k-1].n -= n
	} else {
		e.pending = append(e.pending, pend{day: day, n: -n})
	}
}

// unusedOf is what this instance counted in the store for the account
// today and has not used: its lease, and the parts of leases it is to give
// back at the next flush.
func (q *Quota) unusedOf(accountID string) int64 {
	today := store.Day(q.now())
	sh := q.shardOf(accountID)
	sh.mu.Lock()
	defer sh.mu.Unlock()
	e := sh.accts[accountID]
	if e == nil || !e.loaded {
		return 0
	}
	var n int64
	if e.leaseDay.Equal(today) {
		n = e.lease
	}
	for _, p := range e.pending {
		if p.day.Equal(today) {
			n -= p.n
		}
	}
	return n
}

// Peek returns the account's usage without charging anything.
func (q *Quota) Peek(ctx context.Context, accountID, planName string) (Usage, error) {
	return q.charge(ctx, accountID, planName, 0, false)
}

func (q *Quota) charge(ctx context.Context, accountID, planName string, n int64, rate bool) (Usage, error) {
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
		return q.chargeShared(ctx, sh, e, accountID, p, n, rate) // releases the lock
	}
	u, err := q.chargeLocked(e, p, n, rate)
	sh.mu.Unlock()
	return u, err
}

// chargeShared charges n calls from the entry's lease, taking a lease
// from the store when it runs short (at most once per call; waiting for
// another call's lease first). Called with sh.mu held; releases it.
func (q *Quota) chargeShared(ctx context.Context, sh *shard, e *entry, accountID string, p Plan, n int64, rate bool) (Usage, error) {
	defer sh.mu.Unlock()
	now := q.now()
	leased := false
	for {
		q.rollLocked(e, now)
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
	e.lastUsed = now
	u.RequestsThisDay, u.RequestsThisMonth = e.dayN, e.monthN
	u.RatePerSecond, u.RateRemaining = p.RatePerSecond, rateRemaining(e, p, now)
	return u, nil
}

// takeLease adds a lease of at least n calls to the store's counters of
// the day and reads the totals back: what the totals show over a limit is
// given back (through the next flush) and the rest is the entry's to use.
// The store serialises the additions, so the leases of all instances never
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
	sh.mu.Unlock()
	totals, err := q.st.Flush(ctx, store.Batch{Counters: []store.CounterDelta{{AccountID: accountID, Day: day, N: size}}})
	sh.mu.Lock()
	if err != nil {
		return fmt.Errorf("quota: lease for %s: %w", accountID, err)
	}
	t := totals[0]
	give := min(size, max(0, t.DayN-p.DailyLimit, t.MonthN-p.MonthlyLimit))
	if give > 0 {
		// Over a limit: give the excess back at once (near the limit only),
		// or with the next flush if the store fails now.
		sh.mu.Unlock()
		_, err := q.st.Flush(ctx, store.Batch{Counters: []store.CounterDelta{{AccountID: accountID, Day: day, N: -give}}})
		sh.mu.Lock()
		if err != nil {
			e.pending = append(e.pending, pend{day: day, n: -give})
		}
	}
	if !e.leaseDay.Equal(day) {
		e.lease = 0 // rollLocked gave the old day's back
	}
	e.lease += size - give
	e.leaseDay = day
	// The local view: the shared totals less what is leased here unused.
	if e.day.Equal(day) {
		e.dayN = t.DayN - give - e.lease
		e.monthN = t.MonthN - give - e.lease
	}
	return nil
}

// exhaustedLocked is the refusal of n calls the leases cannot cover.
func (q *Quota) exhaustedLocked(e *entry, p Plan, now time.Time, n int64) (Usage, error) {
	today := store.Day(now)
	u := Usage{DailyLimit: p.DailyLimit, MonthlyLimit: p.MonthlyLimit, RequestsThisDay: e.dayN, RequestsThisMonth: e.monthN, Scope: Scope}
	if monthLeft := p.MonthlyLimit - e.monthN; monthLeft >= n || p.DailyLimit-e.dayN < monthLeft {
		reset := today.AddDate(0, 0, 1)
		return u, &LimitError{Limit: LimitDaily, Max: p.DailyLimit, Reset: reset, RetryAfter: reset.Sub(now), Usage: u}
	}
	reset := store.Month(today).AddDate(0, 1, 0)
	return u, &LimitError{Limit: LimitMonthly, Max: p.MonthlyLimit, Reset: reset, RetryAfter: reset.Sub(now), Usage: u}
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
	e.day, e.dayN = today, 0
	if e.lease > 0 && !e.leaseDay.Equal(today) {
		e.pending = append(e.pending, pend{day: e.leaseDay, n: -e.lease})
		e.lease = 0
	}
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
func (q *Quota) chargeLocked(e *entry, p Plan, n int64, rate bool) (Usage, error) {
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
		return u, &LimitError{Limit: LimitDaily, Max: p.DailyLimit, Reset: reset, RetryAfter: reset.Sub(now), Usage: u}
	}
	if e.monthN+n > p.MonthlyLimit {
		reset := store.Month(today).AddDate(0, 1, 0)
		return u, &LimitError{Limit: LimitMonthly, Max: p.MonthlyLimit, Reset: reset, RetryAfter: reset.Sub(now), Usage: u}
	}
	if rate {
		if err := q.rateLocked(e, p, now, u); err != nil {
			return u, err
		}
	}
	if n > 0 {
		e.dayN += n
		e.monthN += n
		if k := len(e.pending); k > 0 && e.pending[k-1].day.Equal(today) {
			e.pending[k-1].n += n
		} else {
			e.pending = append(e.pending, pend{day: today, n: n})
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
	}
	b.totalUS += us
	b.maxUS = max(b.maxUS, us)
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
	var b store.Batch
	var st FlushStats
	now := q.now()
	for i := range q.shards {
		sh := &q.shards[i]
		sh.mu.Lock()
		for id, e := range sh.accts {
			if !e.loaded {
				continue // still loading (or failed): nothing charged yet
			}
			if e.lease > 0 && e.leasing == nil {
				// A shared store: the unused lease goes back, so that
				// other instances can have it; the next call leases anew.
				e.pending = append(e.pending, pend{day: e.leaseDay, n: -e.lease})
				e.lease = 0
			}
			if len(e.pending) == 0 {
				if now.Sub(e.lastUsed) > q.idle {
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
			b.Usage = append(b.Usage, store.UsageBucket{
				AccountID: k.account, KeyID: k.key, Endpoint: k.endpoint, Hour: time.Unix(k.hour, 0).UTC(),
				Count: a.count, Errors: a.errors, TotalMicros: a.totalUS, MaxMicros: a.maxUS,
			})
		}
		if len(sh.usage) > 0 {
			sh.usage = map[bucketKey]*bucketAgg{}
		}
		sh.mu.Unlock()
	}
	st.Counters, st.Buckets = len(b.Counters), len(b.Usage)
	if len(b.Counters) == 0 && len(b.Usage) == 0 {
		return st, nil
	}
	// A fixed order makes concurrent flushes of several instances take
	// row locks in the same order (no deadlocks) and puts each account's
	// days in order, so the last total of a month is the largest.
	slices.SortFunc(b.Counters, func(x, y store.CounterDelta) int {
		return cmp.Or(cmp.Compare(x.AccountID, y.AccountID), x.Day.Compare(y.Day))
	})
	slices.SortFunc(b.Usage, func(x, y store.UsageBucket) int {
		return cmp.Or(cmp.Compare(x.AccountID, y.AccountID), x.Hour.Compare(y.Hour),
			cmp.Compare(x.KeyID, y.KeyID), cmp.Compare(x.Endpoint, y.Endpoint))
	})
	start := time.Now()
	totals, err := q.st.Flush(ctx, b)
	st.Took = time.Since(start)
	if err != nil {
		q.restore(b)
		return st, fmt.Errorf("quota: flush: %w", err)
	}
	q.flushed.Add(st.Calls)
	for _, t := range totals {
		sh := q.shardOf(t.AccountID)
		sh.mu.Lock()
		if e := sh.accts[t.AccountID]; e != nil {
			var sinceDay, sinceMonth int64 // charged after the snapshot
			for _, p := range e.pending {
				if p.day.Equal(t.Day) {
					sinceDay += p.n
				}
				if store.Month(p.day).Equal(store.Month(t.Day)) {
					sinceMonth += p.n
				}
			}
			if e.day.Equal(t.Day) {
				e.dayN = t.DayN + sinceDay
			}
			if store.Month(e.day).Equal(store.Month(t.Day)) {
				e.monthN = t.MonthN + sinceMonth
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

// restore puts the deltas of a failed flush back so the next one retries.
func (q *Quota) restore(b store.Batch) {
	for _, c := range b.Counters {
		sh := q.shardOf(c.AccountID)
		sh.mu.Lock()
		e := sh.accts[c.AccountID]
		if e == nil {
			// Never evicted while holding deltas, but be safe: keep the count.
			e = &entry{ready: make(chan struct{}), loaded: true, day: c.Day, lastUsed: q.now()}
			close(e.ready)
			sh.accts[c.AccountID] = e
		}
		e.pending = append([]pend{{day: c.Day, n: c.N}}, e.pending...)
		slices.SortStableFunc(e.pending, func(x, y pend) int { return x.day.Compare(y.day) })
		sh.mu.Unlock()
	}
	for _, u := range b.Usage {
		sh := q.shardOf(u.AccountID)
		sh.mu.Lock()
		k := bucketKey{account: u.AccountID, key: u.KeyID, endpoint: u.Endpoint, hour: u.Hour.Unix()}
		a := sh.usage[k]
		if a == nil {
			a = &bucketAgg{}
			sh.usage[k] = a
		}
		a.count += u.Count
		a.errors += u.Errors
		a.totalUS += u.TotalMicros
		a.maxUS = max(a.maxUS, u.MaxMicros)
		sh.mu.Unlock()
	}
}

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
