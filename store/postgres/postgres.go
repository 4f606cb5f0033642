// Package postgres is the shared store.Store: PostgreSQL through pgx/v5,
// for several astroapi instances that share accounts, keys and counters.
//
// Every method is one statement or one transaction. Counter deltas are
// added with INSERT ... ON CONFLICT DO UPDATE SET n = n + delta, so the
// flushes of all instances add up; Flush returns the new totals with
// RETURNING. Deltas are applied in the order quota sorts them (account,
// then day), so concurrent flushes of several instances lock rows in the
// same order and cannot deadlock.
//
// The schema is created and upgraded on Open, in a transaction holding an
// advisory lock, so instances starting together migrate once. Tables:
// astroapi_schema (version), accounts, api_keys, usage_counters (account,
// period "2006-01-02" or "2006-01", n), usage_hourly (account, hour, key,
// endpoint, count, errors, total_us, max_us, latency: the histogram of
// store.LatencyBins bins), usage_errors (account, hour, key, endpoint,
// status, problem type, count), hits.
package postgres

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/astroapi/astroapi/store"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

func init() {
	store.Register("postgres", func(url string) (store.Store, error) {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		return Open(ctx, url)
	})
}

// DB is a store.Store in PostgreSQL.
type DB struct {
	pool *pgxpool.Pool
}

var _ store.Store = (*DB)(nil)

// migrations[i] upgrades the schema from version i to i+1. Append only.
var migrations = []string{
	`CREATE TABLE accounts (
		id      text PRIMARY KEY,
		email   text NOT NULL UNIQUE,
		plan    text NOT NULL,
		created timestamptz NOT NULL
	);
	CREATE TABLE api_keys (
		id         text PRIMARY KEY,
		account_id text NOT NULL REFERENCES accounts (id),
		hash       bytea NOT NULL UNIQUE,
		prefix     text NOT NULL,
		status     text NOT NULL,
		created    timestamptz NOT NULL,
		revoked    timestamptz
	);
	CREATE INDEX api_keys_account ON api_keys (account_id, created);
	CREATE TABLE usage_counters (
		account_id text NOT NULL,
		period     text NOT NULL,
		n          bigint NOT NULL,
		PRIMARY KEY (account_id, period)
	);
	CREATE TABLE usage_hourly (
		account_id text NOT NULL,
		hour       timestamptz NOT NULL,
		key_id     text NOT NULL,
		endpoint   text NOT NULL,
		count      bigint NOT NULL,
		errors     bigint NOT NULL,
		total_us   bigint NOT NULL,
		max_us     bigint NOT NULL,
		PRIMARY KEY (account_id, hour, key_id, endpoint)
	);`,
	`CREATE TABLE hits (
		key          text NOT NULL,
		window_start timestamptz NOT NULL,
		n            bigint NOT NULL,
		PRIMARY KEY (key, window_start)
	);
	CREATE INDEX hits_window ON hits (window_start);`,
	`CREATE TABLE quota_reservations (
		account_id text NOT NULL,
		day        text NOT NULL,
		writer     text NOT NULL,
		n          bigint NOT NULL,
		expires    timestamptz NOT NULL,
		PRIMARY KEY (account_id, day, writer)
	);
	CREATE TABLE quota_writers (
		writer text PRIMARY KEY,
		seq    bigint NOT NULL,
		seen   timestamptz NOT NULL
	);`,
	// The console's statistics: latency percentiles from a histogram per
	// bucket, and the refused calls by status and problem type.
	`ALTER TABLE usage_hourly ADD COLUMN latency int8[];
	CREATE TABLE usage_errors (
		account_id text NOT NULL,
		hour       timestamptz NOT NULL,
		key_id     text NOT NULL,
		endpoint   text NOT NULL,
		status     int NOT NULL,
		type       text NOT NULL,
		count      bigint NOT NULL,
		PRIMARY KEY (account_id, hour, key_id, endpoint, status, type)
	);`,
}

// migrationLock is the advisory lock key serialising migrations
// ("astroapi" in ASCII).
const migrationLock = 0x617374726f617069

// connectTimeout bounds a connection attempt when the URL does not
// (connect_timeout): a server that does not answer fails the call within
// it (503 to clients) instead of holding it.
const connectTimeout = 3 * time.Second

// Open connects to the database at url (postgres://...) and migrates it.
func Open(ctx context.Context, url string) (*DB, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("postgres store %s: %w", store.Redact(url), err)
	}
	if cfg.ConnConfig.ConnectTimeout == 0 {
		cfg.ConnConfig.ConnectTimeout = connectTimeout
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("postgres store %s: %w", store.Redact(url), err)
	}
	d := &DB{pool: pool}
	if err := d.migrate(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("postgres store %s: %w", store.Redact(url), err)
	}
	return d, nil
}

func (d *DB) migrate(ctx context.Context) error {
	return pgx.BeginFunc(ctx, d.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, int64(migrationLock)); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS astroapi_schema (version int NOT NULL)`); err != nil {
			return err
		}
		var v int
		err := tx.QueryRow(ctx, `SELECT version FROM astroapi_schema`).Scan(&v)
		switch {
		case errors.Is(err, pgx.ErrNoRows):
			if _, err := tx.Exec(ctx, `INSERT INTO astroapi_schema (version) VALUES (0)`); err != nil {
				return err
			}
		case err != nil:
			return err
		}
		if v > len(migrations) {
			return fmt.Errorf("schema version %d is newer than this program's %d", v, len(migrations))
		}
		for i := v; i < len(migrations); i++ {
			if _, err := tx.Exec(ctx, migrations[i]); err != nil {
				return fmt.Errorf("migration %d: %w", i+1, err)
			}
		}
		_, err = tx.Exec(ctx, `UPDATE astroapi_schema SET version = $1`, len(migrations))
		return err
	})
}

// Close closes the connection pool.
func (d *DB) Close() error {
	d.pool.Close()
	return nil
}

// mapErr turns constraint violations into the store's errors.
func mapErr(err error, what string) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, pgx.ErrNoRows) {
		return fmt.Errorf("%s: %w", what, store.ErrNotFound)
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		switch pe.Code {
		case "23505": // unique_violation
			return fmt.Errorf("%s: %w", what, store.ErrExists)
		case "23503": // foreign_key_violation: the account does not exist
			return fmt.Errorf("%s: account: %w", what, store.ErrNotFound)
		}
	}
	if err.Error() == "closed pool" { // pgxpool's Acquire after Close
		return store.ErrClosed
	}
	if unreachable(err) {
		return fmt.Errorf("%s: %w: %w", what, store.ErrUnavailable, err)
	}
	return fmt.Errorf("%s: %w", what, err)
}

// unreachable reports whether err says the server could not be reached or
// went away (as opposed to a statement it refused): a connection that
// failed or broke, a server shutting down, starting up or out of
// connections.
func unreachable(err error) bool {
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		switch {
		case strings.HasPrefix(pe.Code, "08"): // connection exception
			return true
		case pe.Code == "57P01", pe.Code == "57P02", pe.Code == "57P03": // admin/crash shutdown, cannot connect now
			return true
		case pe.Code == "53300": // too many connections
			return true
		}
		return false
	}
	// Not an answer of the server: the connection failed, broke or timed
	// out on the way.
	var ce *pgconn.ConnectError
	var ne net.Error
	return errors.As(err, &ce) || errors.As(err, &ne) || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) ||
		errors.Is(err, context.DeadlineExceeded) || pgconn.Timeout(err) || pgconn.SafeToRetry(err) ||
		strings.Contains(err.Error(), "conn closed")
}

// Ping implements store.Pinger.
func (d *DB) Ping(ctx context.Context) error {
	return mapErr(d.pool.Ping(ctx), "ping")
}

// CreateAccount implements store.Store.
func (d *DB) CreateAccount(ctx context.Context, a store.Account) error {
	_, err := d.pool.Exec(ctx, `INSERT INTO accounts (id, email, plan, created) VALUES ($1, $2, $3, $4)`,
		a.ID, a.Email, a.Plan, store.Time(a.Created))
	return mapErr(err, "account "+a.ID)
}

const accountCols = `id, email, plan, created`

func scanAccount(row pgx.Row) (store.Account, error) {
	var a store.Account
	err := row.Scan(&a.ID, &a.Email, &a.Plan, &a.Created)
	a.Created = a.Created.UTC()
	return a, err
}

// Account implements store.Store.
func (d *DB) Account(ctx context.Context, id string) (store.Account, error) {
	a, err := scanAccount(d.pool.QueryRow(ctx, `SELECT `+accountCols+` FROM accounts WHERE id = $1`, id))
	return a, mapErr(err, "account "+id)
}

// AccountByEmail implements store.Store.
func (d *DB) AccountByEmail(ctx context.Context, email string) (store.Account, error) {
	a, err := scanAccount(d.pool.QueryRow(ctx, `SELECT `+accountCols+` FROM accounts WHERE email = $1`, email))
	return a, mapErr(err, fmt.Sprintf("account email %q", email))
}

// Accounts implements store.Store.
func (d *DB) Accounts(ctx context.Context) ([]store.Account, error) {
	rows, err := d.pool.Query(ctx, `SELECT `+accountCols+` FROM accounts ORDER BY created, id COLLATE "C"`)
	if err != nil {
		return nil, mapErr(err, "accounts")
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (store.Account, error) { return scanAccount(r) })
	return out, mapErr(err, "accounts")
}

// SetPlan implements store.Store.
func (d *DB) SetPlan(ctx context.Context, accountID, plan string) error {
	tag, err := d.pool.Exec(ctx, `UPDATE accounts SET plan = $2 WHERE id = $1`, accountID, plan)
	if err != nil {
		return mapErr(err, "account "+accountID)
	}
	if tag.RowsAffected() == 0 {
		return fmt.Errorf("account %s: %w", accountID, store.ErrNotFound)
	}
	return nil
}

const keyCols = `id, account_id, prefix, hash, status, created, revoked`

func scanKey(row pgx.Row) (store.Key, error) {
	var k store.Key
	var hash []byte
	var status string
	var revoked *time.Time
	if err := row.Scan(&k.ID, &k.AccountID, &k.Prefix, &hash, &status, &k.Created, &revoked); err != nil {
		return k, err
	}
	if len(hash) != len(k.Hash) {
		return k, fmt.Errorf("key %s: stored hash has %d bytes", k.ID, len(hash))
	}
	copy(k.Hash[:], hash)
	k.Status = store.KeyStatus(status)
	k.Created = k.Created.UTC()
	if revoked != nil {
		k.Revoked = revoked.UTC()
	}
	return k, nil
}

type execer interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
}

func insertKey(ctx context.Context, x execer, k store.Key) error {
	var revoked *time.Time
	if !k.Revoked.IsZero() {
		t := store.Time(k.Revoked)
		revoked = &t
	}
	_, err := x.Exec(ctx, `INSERT INTO api_keys (`+keyCols+`) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		k.ID, k.AccountID, k.Prefix, k.Hash[:], string(k.Status), store.Time(k.Created), revoked)
	return mapErr(err, "key "+k.ID)
}

// CreateKey implements store.Store.
func (d *DB) CreateKey(ctx context.Context, k store.Key) error {
	return insertKey(ctx, d.pool, k)
}

// KeyByHash implements store.Store.
func (d *DB) KeyByHash(ctx context.Context, h [32]byte) (store.Key, error) {
	k, err := scanKey(d.pool.QueryRow(ctx, `SELECT `+keyCols+` FROM api_keys WHERE hash = $1`, h[:]))
	return k, mapErr(err, "key hash")
}

// KeyByID implements store.Store.
func (d *DB) KeyByID(ctx context.Context, id string) (store.Key, error) {
	k, err := scanKey(d.pool.QueryRow(ctx, `SELECT `+keyCols+` FROM api_keys WHERE id = $1`, id))
	return k, mapErr(err, "key "+id)
}

// Keys implements store.Store.
func (d *DB) Keys(ctx context.Context, accountID string) ([]store.Key, error) {
	var rows pgx.Rows
	var err error
	if accountID == "" {
		rows, err = d.pool.Query(ctx, `SELECT `+keyCols+` FROM api_keys ORDER BY created, id COLLATE "C"`)
	} else {
		rows, err = d.pool.Query(ctx, `SELECT `+keyCols+` FROM api_keys WHERE account_id = $1 ORDER BY created, id COLLATE "C"`, accountID)
	}
	if err != nil {
		return nil, mapErr(err, "keys")
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (store.Key, error) { return scanKey(r) })
	return out, mapErr(err, "keys")
}

// revoke revokes an active key inside tx and returns it as it was.
func revoke(ctx context.Context, tx pgx.Tx, keyID string, at time.Time) (store.Key, error) {
	k, err := scanKey(tx.QueryRow(ctx, `SELECT `+keyCols+` FROM api_keys WHERE id = $1 FOR UPDATE`, keyID))
	if err != nil {
		return k, mapErr(err, "key "+keyID)
	}
	if k.Status != store.KeyActive {
		return k, fmt.Errorf("key %s: %w", keyID, store.ErrRevoked)
	}
	_, err = tx.Exec(ctx, `UPDATE api_keys SET status = $2, revoked = $3 WHERE id = $1`, keyID, string(store.KeyRevoked), store.Time(at))
	return k, mapErr(err, "key "+keyID)
}

// RevokeKey implements store.Store.
func (d *DB) RevokeKey(ctx context.Context, keyID string, at time.Time) error {
	return txErr(pgx.BeginFunc(ctx, d.pool, func(tx pgx.Tx) error {
		_, err := revoke(ctx, tx, keyID, at)
		return err
	}), "revoke key "+keyID)
}

// txErr maps the error of a transaction whose statements mapped their own
// (they wrap a store error) and whose begin or commit may have failed.
func txErr(err error, what string) error {
	if err == nil || errors.Is(err, store.ErrNotFound) || errors.Is(err, store.ErrExists) ||
		errors.Is(err, store.ErrRevoked) || errors.Is(err, store.ErrLimit) || errors.Is(err, store.ErrLastKey) || errors.Is(err, store.ErrUnavailable) || errors.Is(err, store.ErrClosed) {
		return err
	}
	return mapErr(err, what)
}

// lockAccount takes the account's row lock inside tx and counts its
// active keys: the key changes that depend on that count are serialised
// on it. FOR NO KEY UPDATE does not conflict with the key-share lock a
// key insert takes on its account (RotateKey), so no lock cycle forms.
func lockAccount(ctx context.Context, tx pgx.Tx, accountID string) (int, error) {
	var id string
	if err := tx.QueryRow(ctx, `SELECT id FROM accounts WHERE id = $1 FOR NO KEY UPDATE`, accountID).Scan(&id); err != nil {
		return 0, mapErr(err, "account "+accountID)
	}
	var n int
	err := tx.QueryRow(ctx, `SELECT count(*) FROM api_keys WHERE account_id = $1 AND status = $2`, accountID, string(store.KeyActive)).Scan(&n)
	return n, mapErr(err, "keys of "+accountID)
}

// CreateKeyWithin implements store.Store: the account's row lock makes
// the count and the insert atomic across instances.
func (d *DB) CreateKeyWithin(ctx context.Context, k store.Key, max int) error {
	return txErr(pgx.BeginFunc(ctx, d.pool, func(tx pgx.Tx) error {
		n, err := lockAccount(ctx, tx, k.AccountID)
		if err != nil {
			return err
		}
		if n >= max {
			return fmt.Errorf("account %s has %d active keys: %w", k.AccountID, n, store.ErrLimit)
		}
		return insertKey(ctx, tx, k)
	}), "key "+k.ID)
}

// RevokeKeyKeepingOne implements store.Store.
func (d *DB) RevokeKeyKeepingOne(ctx context.Context, keyID string, at time.Time) error {
	return txErr(pgx.BeginFunc(ctx, d.pool, func(tx pgx.Tx) error {
		var account string
		if err := tx.QueryRow(ctx, `SELECT account_id FROM api_keys WHERE id = $1`, keyID).Scan(&account); err != nil {
			return mapErr(err, "key "+keyID)
		}
		n, err := lockAccount(ctx, tx, account)
		if err != nil {
			return err
		}
		k, err := scanKey(tx.QueryRow(ctx, `SELECT `+keyCols+` FROM api_keys WHERE id = $1 FOR UPDATE`, keyID))
		if err != nil {
			return mapErr(err, "key "+keyID)
		}
		if k.Status == store.KeyActive && n <= 1 {
			return fmt.Errorf("key %s: %w", keyID, store.ErrLastKey)
		}
		_, err = revoke(ctx, tx, keyID, at)
		return err
	}), "revoke key "+keyID)
}

// RotateKey implements store.Store.
func (d *DB) RotateKey(ctx context.Context, oldKeyID string, next store.Key) error {
	return txErr(pgx.BeginFunc(ctx, d.pool, func(tx pgx.Tx) error {
		old, err := revoke(ctx, tx, oldKeyID, next.Created)
		if err != nil {
			return err
		}
		if old.AccountID != next.AccountID {
			return fmt.Errorf("rotate key %s: new key belongs to account %s, not %s", oldKeyID, next.AccountID, old.AccountID)
		}
		return insertKey(ctx, tx, next)
	}), "rotate key "+oldKeyID)
}

func dayPeriod(day time.Time) string   { return day.UTC().Format("2006-01-02") }
func monthPeriod(day time.Time) string { return day.UTC().Format("2006-01") }

// Counters implements store.Store.
func (d *DB) Counters(ctx context.Context, accountID string, day time.Time) (store.CounterTotal, error) {
	return d.counters(ctx, d.pool, accountID, day)
}

// querier is a pool or a transaction.
type querier interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
}

func (d *DB) counters(ctx context.Context, q querier, accountID string, day time.Time) (store.CounterTotal, error) {
	day = store.Day(day)
	t := store.CounterTotal{AccountID: accountID, Day: day}
	dp, mp := dayPeriod(day), monthPeriod(day)
	rows, err := q.Query(ctx, `SELECT period, n FROM usage_counters WHERE account_id = $1 AND period IN ($2, $3)`, accountID, dp, mp)
	if err != nil {
		return t, mapErr(err, "counters of "+accountID)
	}
	var period string
	var n int64
	_, err = pgx.ForEachRow(rows, []any{&period, &n}, func() error {
		if period == dp {
			t.DayN = n
		} else {
			t.MonthN = n
		}
		return nil
	})
	return t, mapErr(err, "counters of "+accountID)
}

// Reserve implements store.Store: one transaction holding the account's
// day and month counter rows (the lock Flush takes on them too), so that
// the counted calls and every writer's reservations are read and the
// grant written as one step. Expiries are by the database's clock.
func (d *DB) Reserve(ctx context.Context, r store.Reservation) (store.Grant, error) {
	day := store.Day(r.Day)
	dp, mp := dayPeriod(day), monthPeriod(day)
	g := store.Grant{Used: store.CounterTotal{AccountID: r.AccountID, Day: day}}
	err := pgx.BeginFunc(ctx, d.pool, func(tx pgx.Tx) error {
		// The rows exist (zero) so that they can be locked, in the order
		// Flush locks them (period in C collation: the month first).
		if _, err := tx.Exec(ctx, `INSERT INTO usage_counters (account_id, period, n) VALUES ($1, $2, 0), ($1, $3, 0)
			ON CONFLICT (account_id, period) DO NOTHING`, r.AccountID, mp, dp); err != nil {
			return err
		}
		rows, err := tx.Query(ctx, `SELECT period, n FROM usage_counters WHERE account_id = $1 AND period IN ($2, $3)
			ORDER BY period COLLATE "C" FOR UPDATE`, r.AccountID, mp, dp)
		if err != nil {
			return err
		}
		var period string
		var n int64
		if _, err := pgx.ForEachRow(rows, []any{&period, &n}, func() error {
			if period == dp {
				g.Used.DayN = n
			} else {
				g.Used.MonthN = n
			}
			return nil
		}); err != nil {
			return err
		}
		var resDay, resMonth int64
		if err := tx.QueryRow(ctx, `SELECT coalesce(sum(n) FILTER (WHERE day = $2), 0)::int8, coalesce(sum(n), 0)::int8
			FROM quota_reservations WHERE account_id = $1 AND day LIKE $3 AND expires > now()`,
			r.AccountID, dp, mp+"-%").Scan(&resDay, &resMonth); err != nil {
			return err
		}
		g.N = max(0, min(r.N, r.DailyLimit-g.Used.DayN-resDay, r.MonthlyLimit-g.Used.MonthN-resMonth))
		g.Reserved = resDay + g.N
		// An expired reservation of this writer counts for nothing: the
		// grant replaces it.
		_, err = tx.Exec(ctx, `INSERT INTO quota_reservations (account_id, day, writer, n, expires)
			VALUES ($1, $2, $3, $4, now() + $5::float8 * interval '1 second')
			ON CONFLICT (account_id, day, writer) DO UPDATE SET
				n = CASE WHEN quota_reservations.expires > now() THEN quota_reservations.n ELSE 0 END + EXCLUDED.n,
				expires = EXCLUDED.expires`,
			r.AccountID, dp, r.Writer, g.N, r.TTL.Seconds())
		if err != nil {
			return err
		}
		if rand.IntN(100) == 0 {
			// Expired reservations, and the flush sequences of instances
			// gone for a day (a restarted instance is a new writer).
			if _, err = tx.Exec(ctx, `DELETE FROM quota_reservations WHERE expires < now() - interval '1 hour'`); err == nil {
				_, err = tx.Exec(ctx, `DELETE FROM quota_writers WHERE seen < now() - interval '1 day'`)
			}
		}
		return err
	})
	if err != nil {
		return store.Grant{}, mapErr(err, "reserve for "+r.AccountID)
	}
	return g, nil
}

// Flush implements store.Store: one transaction.
func (d *DB) Flush(ctx context.Context, b store.Batch) ([]store.CounterTotal, error) {
	var totals []store.CounterTotal
	err := pgx.BeginFunc(ctx, d.pool, func(tx pgx.Tx) error {
		totals = make([]store.CounterTotal, 0, len(b.Counters))
		if b.Writer != "" && b.Seq > 0 {
			var seq int64
			err := tx.QueryRow(ctx, `INSERT INTO quota_writers (writer, seq, seen) VALUES ($1, $2, now())
				ON CONFLICT (writer) DO UPDATE SET seq = EXCLUDED.seq, seen = now() WHERE quota_writers.seq < EXCLUDED.seq
				RETURNING seq`, b.Writer, b.Seq).Scan(&seq)
			if errors.Is(err, pgx.ErrNoRows) {
				// Applied before (the reply of its commit was lost): only
				// the totals are read.
				for _, c := range b.Counters {
					t, err := d.counters(ctx, tx, c.AccountID, c.Day)
					if err != nil {
						return err
					}
					totals = append(totals, t)
				}
				return nil
			}
			if err != nil {
				return err
			}
		}
		if len(b.Counters) > 0 {
			n := len(b.Counters)
			acct, day, month, delta := make([]string, n), make([]string, n), make([]string, n), make([]int64, n)
			for i, c := range b.Counters {
				d := store.Day(c.Day)
				acct[i], day[i], month[i], delta[i] = c.AccountID, dayPeriod(d), monthPeriod(d), c.N
			}
			// One statement: a row per (account, day) and one per (account,
			// month) with the month's deltas summed (ON CONFLICT may touch a
			// row only once per statement), inserted in key order so that
			// concurrent flushes of several instances lock rows in the same
			// order.
			rows, err := tx.Query(ctx, `WITH d AS (
					SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::int8[]) AS d (account_id, day, month, n)
				), r AS (
					SELECT account_id, day AS period, sum(n)::int8 AS n FROM d GROUP BY account_id, day
					UNION ALL
					SELECT account_id, month, sum(n)::int8 FROM d GROUP BY account_id, month
				)
				INSERT INTO usage_counters (account_id, period, n)
				SELECT account_id, period, n FROM r ORDER BY account_id COLLATE "C", period COLLATE "C"
				ON CONFLICT (account_id, period) DO UPDATE SET n = usage_counters.n + EXCLUDED.n
				RETURNING account_id, period, n`, acct, day, month, delta)
			if err != nil {
				return err
			}
			got := make(map[[2]string]int64, 2*n)
			var a, period string
			var total int64
			if _, err := pgx.ForEachRow(rows, []any{&a, &period, &total}, func() error {
				got[[2]string{a, period}] = total
				return nil
			}); err != nil {
				return err
			}
			for i, c := range b.Counters {
				totals = append(totals, store.CounterTotal{AccountID: c.AccountID, Day: store.Day(c.Day),
					DayN: got[[2]string{acct[i], day[i]}], MonthN: got[[2]string{acct[i], month[i]}]})
			}
		}
		if len(b.Usage) > 0 {
			n := len(b.Usage)
			acct, key, ep, lat := make([]string, n), make([]string, n), make([]string, n), make([]string, n)
			hour := make([]time.Time, n)
			count, errs, total, mx := make([]int64, n), make([]int64, n), make([]int64, n), make([]int64, n)
			var kinds []errorRow
			for i, u := range b.Usage {
				acct[i], key[i], ep[i] = u.AccountID, u.KeyID, u.Endpoint
				hour[i] = u.Hour.UTC().Truncate(time.Hour)
				count[i], errs[i], total[i], mx[i] = u.Count, u.Errors, u.TotalMicros, u.MaxMicros
				lat[i] = arrayLiteral(u.Latency)
				for k, c := range u.ErrorKinds {
					kinds = append(kinds, errorRow{acct[i], hour[i], key[i], ep[i], k, c})
				}
			}
			// One statement for all buckets; quota never sends one bucket
			// twice in a batch, which ON CONFLICT would refuse. The
			// histograms travel as array literals ('' for none) because
			// unnest flattens a two-dimensional array; they add bin by bin.
			_, err := tx.Exec(ctx, `INSERT INTO usage_hourly (account_id, hour, key_id, endpoint, count, errors, total_us, max_us, latency)
				SELECT a, h, k, e, c, er, t, m, NULLIF(l, '')::int8[]
				FROM unnest($1::text[], $2::timestamptz[], $3::text[], $4::text[], $5::int8[], $6::int8[], $7::int8[], $8::int8[], $9::text[])
					AS u (a, h, k, e, c, er, t, m, l)
				ON CONFLICT (account_id, hour, key_id, endpoint) DO UPDATE SET
					count = usage_hourly.count + EXCLUDED.count,
					errors = usage_hourly.errors + EXCLUDED.errors,
					total_us = usage_hourly.total_us + EXCLUDED.total_us,
					max_us = GREATEST(usage_hourly.max_us, EXCLUDED.max_us),
					latency = CASE
						WHEN EXCLUDED.latency IS NULL THEN usage_hourly.latency
						WHEN usage_hourly.latency IS NULL THEN EXCLUDED.latency
						ELSE ARRAY(SELECT COALESCE(x, 0) + COALESCE(y, 0)
							FROM unnest(usage_hourly.latency, EXCLUDED.latency) WITH ORDINALITY AS z (x, y, i) ORDER BY i)
					END`,
				acct, hour, key, ep, count, errs, total, mx, lat)
			if err != nil {
				return err
			}
			if err := flushErrors(ctx, tx, kinds); err != nil {
				return err
			}
		}
		// The reservations last, after the counter rows (the order
		// Reserve locks in).
		if len(b.Reservations) > 0 {
			n := len(b.Reservations)
			acct, day, delta := make([]string, n), make([]string, n), make([]int64, n)
			for i, r := range b.Reservations {
				acct[i], day[i], delta[i] = r.AccountID, dayPeriod(store.Day(r.Day)), r.N
			}
			if _, err := tx.Exec(ctx, `UPDATE quota_reservations q SET
					n = GREATEST(0, CASE WHEN q.expires > now() THEN q.n ELSE 0 END + d.n),
					expires = now() + $5::float8 * interval '1 second'
				FROM (SELECT account_id, day, sum(n)::int8 AS n FROM unnest($1::text[], $2::text[], $3::int8[]) AS x (account_id, day, n)
					GROUP BY account_id, day) d
				WHERE q.account_id = d.account_id AND q.day = d.day AND q.writer = $4`,
				acct, day, delta, b.Writer, b.ReservationTTL.Seconds()); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `DELETE FROM quota_reservations WHERE writer = $1 AND n = 0`, b.Writer); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, mapErr(err, "flush")
	}
	return totals, nil
}

// errorRow is one row of usage_errors.
type errorRow struct {
	account string
	hour    time.Time
	key, ep string
	kind    store.ErrorKind
	n       int64
}

// flushErrors adds the error kinds of a flush to usage_errors, in key
// order (the lock order of every instance's flush).
func flushErrors(ctx context.Context, tx pgx.Tx, rows []errorRow) error {
	if len(rows) == 0 {
		return nil
	}
	slices.SortFunc(rows, func(x, y errorRow) int {
		return cmp.Or(cmp.Compare(x.account, y.account), x.hour.Compare(y.hour), cmp.Compare(x.key, y.key),
			cmp.Compare(x.ep, y.ep), cmp.Compare(x.kind.Status, y.kind.Status), cmp.Compare(x.kind.Type, y.kind.Type))
	})
	n := len(rows)
	acct, key, ep, typ := make([]string, n), make([]string, n), make([]string, n), make([]string, n)
	hour := make([]time.Time, n)
	status, count := make([]int32, n), make([]int64, n)
	for i, r := range rows {
		acct[i], hour[i], key[i], ep[i], status[i], typ[i], count[i] = r.account, r.hour, r.key, r.ep, int32(r.kind.Status), r.kind.Type, r.n
	}
	_, err := tx.Exec(ctx, `INSERT INTO usage_errors (account_id, hour, key_id, endpoint, status, type, count)
		SELECT * FROM unnest($1::text[], $2::timestamptz[], $3::text[], $4::text[], $5::int4[], $6::text[], $7::int8[])
		ON CONFLICT (account_id, hour, key_id, endpoint, status, type) DO UPDATE SET count = usage_errors.count + EXCLUDED.count`,
		acct, hour, key, ep, status, typ, count)
	return err
}

// arrayLiteral writes a histogram as a PostgreSQL array literal, "" for
// none.
func arrayLiteral(xs []int64) string {
	if len(xs) == 0 {
		return ""
	}
	b := make([]byte, 0, 2+3*len(xs))
	b = append(b, '{')
	for i, x := range xs {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, x, 10)
	}
	return string(append(b, '}'))
}

// Usage implements store.Store: the buckets, then their error kinds, in
// one snapshot (a flush between the two reads would add kinds to buckets
// read before it).
func (d *DB) Usage(ctx context.Context, accountID string, from, to time.Time) (out []store.UsageBucket, err error) {
	err = pgx.BeginTxFunc(ctx, d.pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT hour, key_id, endpoint, count, errors, total_us, max_us, latency FROM usage_hourly
			WHERE account_id = $1 AND hour >= $2 AND hour < $3 ORDER BY hour, key_id COLLATE "C", endpoint COLLATE "C"`, accountID, from, to)
		if err != nil {
			return err
		}
		out, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (store.UsageBucket, error) {
			u := store.UsageBucket{AccountID: accountID}
			err := r.Scan(&u.Hour, &u.KeyID, &u.Endpoint, &u.Count, &u.Errors, &u.TotalMicros, &u.MaxMicros, &u.Latency)
			u.Hour = u.Hour.UTC()
			if len(u.Latency) != 0 && len(u.Latency) != store.LatencyBins {
				lat := make([]int64, store.LatencyBins)
				copy(lat, u.Latency)
				u.Latency = lat
			}
			return u, err
		})
		if err != nil || len(out) == 0 {
			return err
		}
		type id struct {
			hour    int64
			key, ep string
		}
		at := make(map[id]int, len(out))
		for i, u := range out {
			at[id{u.Hour.Unix(), u.KeyID, u.Endpoint}] = i
		}
		erows, err := tx.Query(ctx, `SELECT hour, key_id, endpoint, status, type, count FROM usage_errors
			WHERE account_id = $1 AND hour >= $2 AND hour < $3`, accountID, from, to)
		if err != nil {
			return err
		}
		var hour time.Time
		var key, ep, typ string
		var status int32
		var n int64
		_, err = pgx.ForEachRow(erows, []any{&hour, &key, &ep, &status, &typ, &n}, func() error {
			i, ok := at[id{hour.Unix(), key, ep}]
			if !ok {
				return fmt.Errorf("error kinds of %s %s %s without their bucket", key, ep, hour)
			}
			u := &out[i]
			if u.ErrorKinds == nil {
				u.ErrorKinds = map[store.ErrorKind]int64{}
			}
			u.ErrorKinds[store.ErrorKind{Status: int(status), Type: typ}] += n
			return nil
		})
		return err
	})
	if err != nil {
		return nil, mapErr(err, "usage of "+accountID)
	}
	return out, nil
}

// LastUsed implements store.Store.
func (d *DB) LastUsed(ctx context.Context, accountID string) (map[string]time.Time, error) {
	rows, err := d.pool.Query(ctx, `SELECT key_id, max(hour) FROM usage_hourly WHERE account_id = $1 GROUP BY key_id`, accountID)
	if err != nil {
		return nil, mapErr(err, "last use of the keys of "+accountID)
	}
	out := map[string]time.Time{}
	var key string
	var hour time.Time
	_, err = pgx.ForEachRow(rows, []any{&key, &hour}, func() error {
		out[key] = hour.UTC()
		return nil
	})
	return out, mapErr(err, "last use of the keys of "+accountID)
}

// Hit implements store.Store: one upsert; windows ended before the current
// one are deleted now and then (one call in a hundred).
func (d *DB) Hit(ctx context.Context, key string, window time.Duration, now time.Time) (int64, error) {
	if window <= 0 {
		return 0, fmt.Errorf("hit %s: window %s", key, window)
	}
	start := now.UTC().Truncate(window)
	var n int64
	err := d.pool.QueryRow(ctx, `INSERT INTO hits (key, window_start, n) VALUES ($1, $2, 1)
		ON CONFLICT (key, window_start) DO UPDATE SET n = hits.n + 1 RETURNING n`, key, start).Scan(&n)
	if err != nil {
		return 0, mapErr(err, "hit "+key)
	}
	if rand.IntN(100) == 0 {
		if _, err := d.pool.Exec(ctx, `DELETE FROM hits WHERE window_start < $1`, start.Add(-window)); err != nil {
			return n, mapErr(err, "pruning hits")
		}
	}
	return n, nil
}

// PurgeRevokedKeys implements store.Store.
func (d *DB) PurgeRevokedKeys(ctx context.Context, before time.Time) (int, error) {
	tag, err := d.pool.Exec(ctx, `DELETE FROM api_keys WHERE status = $1 AND revoked < $2`, string(store.KeyRevoked), store.Time(before))
	if err != nil {
		return 0, mapErr(err, "purging revoked keys")
	}
	return int(tag.RowsAffected()), nil
}
