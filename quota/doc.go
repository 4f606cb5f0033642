// Package quota enforces plans: daily and monthly call quotas and a
// per-second request rate per account, counted in memory and flushed to a
// store.Store as deltas. It also attributes every call to its key and
// endpoint and computes the usage statistics of spec 4.10.
//
// # Plans
//
// A Plan has DailyLimit, MonthlyLimit (billed calls per UTC day and UTC
// month) and RatePerSecond (requests per second, a token bucket of Burst
// tokens computed as GCRA, default Burst = RatePerSecond; 0 means no rate
// limit).
// DefaultPlans has free, starter, pro and business:
//
//	plan      daily    monthly    rate/s
//	free        100      1,000       2
//	starter   2,000     30,000      10
//	pro      20,000    300,000      50
//	business 200,000 3,000,000     200
//
// LoadPlans(path, os.Getenv("ASTROAPI_PLANS")) overlays the defaults with
// a plain text file and then the environment variable, both in the
// ParsePlans syntax: one plan per line (or per ';'), the name then any of
// daily=N monthly=N rate=N burst=N. Example: ASTROAPI_PLANS="free daily=50;
// team daily=10000 monthly=100000 rate=20".
//
// # Counting
//
//	q := quota.New(st, quota.Config{Plans: plans}) // flushes every second
//	defer q.Close()                                // before st.Close(): writes the last deltas
//
//	u, err := q.Charge(ctx, acct.ID, acct.Plan, 1) // per billed call (n = items of a batch)
//	var le *quota.LimitError
//	if errors.As(err, &le) { // 429, Retry-After: le.RetryAfterSeconds(); le.Limit says which
//	}
//	// u is the envelope's usage block (spec 2.2), counts including this call.
//	q.Record(quota.Call{AccountID: acct.ID, KeyID: k.ID, Endpoint: "post-natal", Status: 200, Duration: d})
//
// Counters belong to the account (Scope "account_plan"): all its keys
// share them. They live in 64 shards keyed by a hash of the account id,
// each with its own mutex; an account's totals are read from the store on
// its first call (and again after 10 idle minutes), then only memory is
// touched. Charge is all or nothing: with fewer than n calls left nothing is
// charged. The rate counts one request per Charge whatever n, so one batch
// request of 100 items takes one token and 100 calls of quota. A batch
// that bills its items one by one (each may fail alone) takes the token
// with Charge(ctx, id, plan, 0), which bills nothing, and bills each item
// with ChargeQuota, which takes no token. Within one
// process quotas are exact: the check and the increment happen under one
// mutex, so with N calls left and any number of concurrent callers exactly
// N succeed.
//
// The day and the month roll over at 00:00 UTC by the clock Config.Now.
// A daily refusal has RetryAfter until the next 00:00 UTC, a monthly one
// until 00:00 UTC on the 1st of the next month, a rate refusal until the
// next token.
//
// # Flushing, crash loss and overshoot
//
// Every FlushInterval (default 1 s) and in Close, Flush hands the deltas
// of all accounts and the attribution buckets to store.Flush in one
// transaction, then sets each flushed account's totals to what the store
// returned plus what was charged meanwhile. A failed flush keeps its
// deltas for the next one.
//
// Crash-loss bound: a kill -9 loses only the charges not yet flushed, at
// most one flush interval's worth (plus those made during the flush that
// was under way): in total, the instance's billed calls per second x
// (FlushInterval + flush time); per account at most (Burst + RatePerSecond
// x (FlushInterval + flush time)) requests, times the items of a batch
// request. Everything flushed is kept (bbolt fsyncs each commit). TestKill9
// checks this with a real SIGKILL.
//
// Several instances (PostgreSQL, Config.Shared): the daily and monthly
// limits hold exactly across instances, with or without a per-second rate.
// An instance charges calls from reservations: store.Reserve grants a
// quarter of what the account has left (1 to MaxLease calls) within the
// limits, after the counted calls and every instance's live reservations
// (the store serialises reservations on the account's counter rows), and
// the instance charges them in memory. Reservations are not counts: a call
// is held when it starts (Hold) and counted when it is answered (Settle),
// and each flush moves the settled calls from the reservation to the
// counters and gives the unused part back, in one transaction. A
// reservation is renewed at each flush and expires ReservationTTL after
// the last renewal, so an instance killed with calls reserved (unused, or
// held by requests in flight) never has them counted: a crash may
// under-count (the calls settled since the last flush), never over-count.
// Until a dead instance's reservation expires, other instances may refuse
// calls the account still has (near its limit only). The cost is a store
// round trip per lease: one per MaxLease calls far from the limit, one per
// call at its very end. If the store is unreachable, charges continue from
// the reservation in hand until it expires, then fail (503). Report shows
// the shared count: the store's counted calls plus what this instance
// counted and has not flushed. Without Shared (one instance, bbolt) counts
// live in memory between flushes and are exact. The per-second rate is
// enforced per instance: across k instances an account may get up to k x
// RatePerSecond.
//
// Every flush carries the instance's id and a sequence number: a flush
// whose commit went through but whose reply was lost is sent again as it
// was and applied once.
//
// Refund gives back the calls of a request that ended without an answer
// (refused for its input, or failed on our side); its rate token is kept.
//
// # Statistics
//
// Report builds GET /api/v1/usage; Chart builds /usage/chart and the data
// of /usage/export (Chart.Table gives CSV rows) for ChartUsage,
// ChartEndpoints, ChartResponseTime, ChartHourlyPattern and ChartErrors
// over 1 to 365 UTC days ending today (ParseChartType validates the query
// parameters and return *engine.FieldError naming the field). They read
// the stored hourly buckets plus those not flushed yet, so they are
// current to the call. Attribution counts every recorded call, billed or
// not; current_usage counts billed calls. Each bucket also holds a
// histogram of its response times in half-octave bins, from which the
// percentiles (Latency) are estimated within a factor of 2^(1/4), and the
// refused calls by status and problem type (ErrorKind, from Call.Problem).
// LastUsed gives the hour each key was last used, for the key console.
package quota
