// Package bolt is the embedded store.Store: one bbolt file, one process.
//
// Every write is one bbolt transaction, fsynced on commit (bbolt's default,
// never turned off here), so what a method reported as written survives a
// crash or kill -9. The file is locked while open: a second process opening
// it waits up to one second and then fails.
//
// Layout (buckets of the root):
//
//	accounts        id -> JSON Account
//	account_email   email -> id
//	keys            id -> JSON key record (hash in hex)
//	key_hash        SHA-256 hash (32 bytes) -> id
//	key_account     account id + 0x00 + key id -> empty (lists keys of an account)
//	counters        account id + 0x00 + "2006-01-02" (day) or "2006-01" (month) -> uint64 big endian
//	usage           account id + 0x00 + hour (int64 big endian, Unix seconds) + key id + 0x00 + endpoint
//	                -> count, errors, total µs, max µs (4 x uint64 big endian), then (schema 2, may
//	                be absent) the latency histogram and the error kinds in uvarints: the number
//	                of bins and each bin's count; the number of kinds and, for each, status, type
//	                length, type, count
//	hits            window start (int64 big endian, Unix nanoseconds) + key -> uint64 big endian
//	reservations    account id + 0x00 + "2006-01-02" + 0x00 + writer -> n, expiry (Unix ns) (2 x uint64 big endian)
//	writers         writer -> last applied flush sequence (uint64 big endian)
package bolt

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"time"

	"github.com/astroapi/astroapi/store"
	json "github.com/goccy/go-json" // faster than encoding/json on the key lookup path
	bbolt "go.etcd.io/bbolt"
	bolterrors "go.etcd.io/bbolt/errors"
)

func init() {
	store.Register("bolt", func(path string) (store.Store, error) { return Open(path) })
}

var (
	bAccounts   = []byte("accounts")
	bEmail      = []byte("account_email")
	bKeys       = []byte("keys")
	bKeyHash    = []byte("key_hash")
	bKeyAccount = []byte("key_account")
	bCounters   = []byte("counters")
	bUsage      = []byte("usage")
	bHits       = []byte("hits")
	bMeta       = []byte("meta")
	bReserve    = []byte("reservations")
	bWriters    = []byte("writers")
)

// schemaVersion is written to meta/version; Open refuses a newer file.
// Version 2 appends the latency histogram and the error kinds to usage
// values (version 1 values, 32 bytes, still read).
const schemaVersion = 2

// ErrLocked is Open's error when another process (a running server, most
// often) holds the file: bbolt admits one process per file.
var ErrLocked = errors.New("in use by another process (a running astroapi serve?)")

// DB is a store.Store in a bbolt file.
type DB struct {
	db *bbolt.DB
}

var _ store.Store = (*DB)(nil)

// Open opens (creating if needed) the bbolt store at path, and its parent
// directory.
func Open(path string) (*DB, error) {
	if dir := filepath.Dir(path); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, fmt.Errorf("bolt store: %w", err)
		}
	}
	db, err := bbolt.Open(path, 0o600, &bbolt.Options{Timeout: time.Second})
	if errors.Is(err, bolterrors.ErrTimeout) {
		return nil, fmt.Errorf("bolt store %s: %w", path, ErrLocked)
	}
	if err != nil {
		return nil, fmt.Errorf("bolt store %s: %w", path, err)
	}
	err = db.Update(func(tx *bbolt.Tx) error {
		for _, name := range [][]byte{bAccounts, bEmail, bKeys, bKeyHash, bKeyAccount, bCounters, bUsage, bHits, bMeta, bReserve, bWriters} {
			if _, err := tx.CreateBucketIfNotExists(name); err != nil {
				return err
			}
		}
		meta := tx.Bucket(bMeta)
		if v := meta.Get([]byte("version")); v != nil {
			if got := binary.BigEndian.Uint64(v); got > schemaVersion {
				return fmt.Errorf("schema version %d is newer than this program's %d", got, schemaVersion)
			}
		}
		return meta.Put([]byte("version"), u64(schemaVersion))
	})
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("bolt store %s: %w", path, err)
	}
	return &DB{db: db}, nil
}

// Close closes the file.
func (d *DB) Close() error { return d.db.Close() }

func u64(v uint64) []byte {
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], v)
	return b[:]
}

func get64(b []byte) int64 {
	if len(b) < 8 {
		return 0
	}
	return int64(binary.BigEndian.Uint64(b))
}

func (d *DB) view(ctx context.Context, fn func(*bbolt.Tx) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	err := d.db.View(fn)
	if errors.Is(err, bolterrors.ErrDatabaseNotOpen) {
		return store.ErrClosed
	}
	return err
}

func (d *DB) update(ctx context.Context, fn func(*bbolt.Tx) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	err := d.db.Update(fn)
	if errors.Is(err, bolterrors.ErrDatabaseNotOpen) {
		return store.ErrClosed
	}
	return err
}

// CreateAccount implements store.Store.
func (d *DB) CreateAccount(ctx context.Context, a store.Account) error {
	a.Created = store.Time(a.Created)
	return d.update(ctx, func(tx *bbolt.Tx) error {
		accts, email := tx.Bucket(bAccounts), tx.Bucket(bEmail)
		if accts.Get([]byte(a.ID)) != nil {
			return fmt.Errorf("account %s: %w", a.ID, store.ErrExists)
		}
		if email.Get([]byte(a.Email)) != nil {
			return fmt.Errorf("account email %q: %w", a.Email, store.ErrExists)
		}
		v, err := json.Marshal(a)
		if err != nil {
			return err
		}
		if err := accts.Put([]byte(a.ID), v); err != nil {
			return err
		}
		return email.Put([]byte(a.Email), []byte(a.ID))
	})
}

func getAccount(tx *bbolt.Tx, id []byte) (store.Account, error) {
	var a store.Account
	v := tx.Bucket(bAccounts).Get(id)
	if v == nil {
		return a, fmt.Errorf("account %s: %w", id, store.ErrNotFound)
	}
	return a, json.Unmarshal(v, &a)
}

// Account implements store.Store.
func (d *DB) Account(ctx context.Context, id string) (a store.Account, err error) {
	err = d.view(ctx, func(tx *bbolt.Tx) error {
		a, err = getAccount(tx, []byte(id))
		return err
	})
	return a, err
}

// AccountByEmail implements store.Store.
func (d *DB) AccountByEmail(ctx context.Context, email string) (a store.Account, err error) {
	err = d.view(ctx, func(tx *bbolt.Tx) error {
		id := tx.Bucket(bEmail).Get([]byte(email))
		if id == nil {
			return fmt.Errorf("account email %q: %w", email, store.ErrNotFound)
		}
		a, err = getAccount(tx, id)
		return err
	})
	return a, err
}

// Accounts implements store.Store.
func (d *DB) Accounts(ctx context.Context) ([]store.Account, error) {
	var out []store.Account
	err := d.view(ctx, func(tx *bbolt.Tx) error {
		return tx.Bucket(bAccounts).ForEach(func(_, v []byte) error {
			var a store.Account
			if err := json.Unmarshal(v, &a); err != nil {
				return err
			}
			out = append(out, a)
			return nil
		})
	})
	sort.SliceStable(out, func(i, j int) bool {
		if !out[i].Created.Equal(out[j].Created) {
			return out[i].Created.Before(out[j].Created)
		}
		return out[i].ID < out[j].ID
	})
	return out, err
}

// SetPlan implements store.Store.
func (d *DB) SetPlan(ctx context.Context, accountID, plan string) error {
	return d.update(ctx, func(tx *bbolt.Tx) error {
		a, err := getAccount(tx, []byte(accountID))
		if err != nil {
			return err
		}
		a.Plan = plan
		v, err := json.Marshal(a)
		if err != nil {
			return err
		}
		return tx.Bucket(bAccounts).Put([]byte(a.ID), v)
	})
}

// keyRecord is the JSON form of a store.Key (whose Hash is not marshalled).
type keyRecord struct {
	store.Key
	HashHex string `json:"hash"`
}

func putKey(tx *bbolt.Tx, k store.Key) error {
	v, err := json.Marshal(keyRecord{Key: k, HashHex: hex.EncodeToString(k.Hash[:])})
	if err != nil {
		return err
	}
	return tx.Bucket(bKeys).Put([]byte(k.ID), v)
}

func getKey(tx *bbolt.Tx, id []byte) (store.Key, error) {
	v := tx.Bucket(bKeys).Get(id)
	if v == nil {
		return store.Key{}, fmt.Errorf("key %s: %w", id, store.ErrNotFound)
	}
	var r keyRecord
	if err := json.Unmarshal(v, &r); err != nil {
		return store.Key{}, err
	}
	h, err := hex.DecodeString(r.HashHex)
	if err != nil || len(h) != 32 {
		return store.Key{}, fmt.Errorf("key %s: bad stored hash", id)
	}
	copy(r.Key.Hash[:], h)
	return r.Key, nil
}

func insertKey(tx *bbolt.Tx, k store.Key) error {
	if tx.Bucket(bAccounts).Get([]byte(k.AccountID)) == nil {
		return fmt.Errorf("account %s: %w", k.AccountID, store.ErrNotFound)
	}
	if tx.Bucket(bKeys).Get([]byte(k.ID)) != nil || tx.Bucket(bKeyHash).Get(k.Hash[:]) != nil {
		return fmt.Errorf("key %s: %w", k.ID, store.ErrExists)
	}
	if err := putKey(tx, k); err != nil {
		return err
	}
	if err := tx.Bucket(bKeyHash).Put(k.Hash[:], []byte(k.ID)); err != nil {
		return err
	}
	return tx.Bucket(bKeyAccount).Put(join(k.AccountID, k.ID), nil)
}

func join(a, b string) []byte {
	out := make([]byte, 0, len(a)+1+len(b))
	out = append(out, a...)
	out = append(out, 0)
	return append(out, b...)
}

// CreateKey implements store.Store.
func (d *DB) CreateKey(ctx context.Context, k store.Key) error {
	k.Created = store.Time(k.Created)
	k.Revoked = revokedTime(k.Revoked)
	return d.update(ctx, func(tx *bbolt.Tx) error { return insertKey(tx, k) })
}

func revokedTime(t time.Time) time.Time {
	if t.IsZero() {
		return t
	}
	return store.Time(t)
}

// KeyByHash implements store.Store.
func (d *DB) KeyByHash(ctx context.Context, h [32]byte) (k store.Key, err error) {
	err = d.view(ctx, func(tx *bbolt.Tx) error {
		id := tx.Bucket(bKeyHash).Get(h[:])
		if id == nil {
			return fmt.Errorf("key hash: %w", store.ErrNotFound)
		}
		k, err = getKey(tx, id)
		return err
	})
	return k, err
}

// KeyByID implements store.Store.
func (d *DB) KeyByID(ctx context.Context, id string) (k store.Key, err error) {
	err = d.view(ctx, func(tx *bbolt.Tx) error {
		k, err = getKey(tx, []byte(id))
		return err
	})
	return k, err
}

// Keys implements store.Store.
func (d *DB) Keys(ctx context.Context, accountID string) ([]store.Key, error) {
	var out []store.Key
	err := d.view(ctx, func(tx *bbolt.Tx) error {
		if accountID == "" {
			return tx.Bucket(bKeys).ForEach(func(id, _ []byte) error {
				k, err := getKey(tx, id)
				out = append(out, k)
				return err
			})
		}
		prefix := join(accountID, "")
		c := tx.Bucket(bKeyAccount).Cursor()
		for kk, _ := c.Seek(prefix); kk != nil && bytes.HasPrefix(kk, prefix); kk, _ = c.Next() {
			k, err := getKey(tx, kk[len(prefix):])
			if err != nil {
				return err
			}
			out = append(out, k)
		}
		return nil
	})
	sort.SliceStable(out, func(i, j int) bool {
		if !out[i].Created.Equal(out[j].Created) {
			return out[i].Created.Before(out[j].Created)
		}
		return out[i].ID < out[j].ID
	})
	return out, err
}

func revoke(tx *bbolt.Tx, keyID string, at time.Time) (store.Key, error) {
	k, err := getKey(tx, []byte(keyID))
	if err != nil {
		return k, err
	}
	if k.Status != store.KeyActive {
		return k, fmt.Errorf("key %s: %w", keyID, store.ErrRevoked)
	}
	k.Status, k.Revoked = store.KeyRevoked, store.Time(at)
	return k, putKey(tx, k)
}

// RevokeKey implements store.Store.
func (d *DB) RevokeKey(ctx context.Context, keyID string, at time.Time) error {
	return d.update(ctx, func(tx *bbolt.Tx) error {
		_, err := revoke(tx, keyID, at)
		return err
	})
}

// activeKeys counts the account's active keys inside tx.
func activeKeys(tx *bbolt.Tx, accountID string) (int, error) {
	prefix := join(accountID, "")
	c := tx.Bucket(bKeyAccount).Cursor()
	n := 0
	for kk, _ := c.Seek(prefix); kk != nil && bytes.HasPrefix(kk, prefix); kk, _ = c.Next() {
		k, err := getKey(tx, kk[len(prefix):])
		if err != nil {
			return 0, err
		}
		if k.Status == store.KeyActive {
			n++
		}
	}
	return n, nil
}

// CreateKeyWithin implements store.Store: bbolt's one writer makes the
// count and the insert atomic.
func (d *DB) CreateKeyWithin(ctx context.Context, k store.Key, max int) error {
	k.Created = store.Time(k.Created)
	k.Revoked = revokedTime(k.Revoked)
	return d.update(ctx, func(tx *bbolt.Tx) error {
		n, err := activeKeys(tx, k.AccountID)
		if err != nil {
			return err
		}
		if n >= max {
			return fmt.Errorf("account %s has %d active keys: %w", k.AccountID, n, store.ErrLimit)
		}
		return insertKey(tx, k)
	})
}

// RevokeKeyKeepingOne implements store.Store.
func (d *DB) RevokeKeyKeepingOne(ctx context.Context, keyID string, at time.Time) error {
	return d.update(ctx, func(tx *bbolt.Tx) error {
		k, err := getKey(tx, []byte(keyID))
		if err != nil {
			return err
		}
		if k.Status == store.KeyActive {
			n, err := activeKeys(tx, k.AccountID)
			if err != nil {
				return err
			}
			if n <= 1 {
				return fmt.Errorf("key %s: %w", keyID, store.ErrLastKey)
			}
		}
		_, err = revoke(tx, keyID, at)
		return err
	})
}

// RotateKey implements store.Store.
func (d *DB) RotateKey(ctx context.Context, oldKeyID string, next store.Key) error {
	next.Created = store.Time(next.Created)
	next.Revoked = revokedTime(next.Revoked)
	return d.update(ctx, func(tx *bbolt.Tx) error {
		old, err := revoke(tx, oldKeyID, next.Created)
		if err != nil {
			return err
		}
		if old.AccountID != next.AccountID {
			return fmt.Errorf("rotate key %s: new key belongs to account %s, not %s", oldKeyID, next.AccountID, old.AccountID)
		}
		return insertKey(tx, next)
	})
}

func dayKey(account string, day time.Time) []byte {
	return join(account, day.UTC().Format("2006-01-02"))
}

func monthKey(account string, day time.Time) []byte {
	return join(account, day.UTC().Format("2006-01"))
}

// Counters implements store.Store.
func (d *DB) Counters(ctx context.Context, accountID string, day time.Time) (t store.CounterTotal, err error) {
	day = store.Day(day)
	t = store.CounterTotal{AccountID: accountID, Day: day}
	err = d.view(ctx, func(tx *bbolt.Tx) error {
		b := tx.Bucket(bCounters)
		t.DayN = get64(b.Get(dayKey(accountID, day)))
		t.MonthN = get64(b.Get(monthKey(accountID, day)))
		return nil
	})
	return t, err
}

func add(b *bbolt.Bucket, key []byte, n int64) (int64, error) {
	v := get64(b.Get(key)) + n
	return v, b.Put(key, u64(uint64(v)))
}

func usageKey(u store.UsageBucket) []byte {
	k := make([]byte, 0, len(u.AccountID)+1+8+len(u.KeyID)+1+len(u.Endpoint))
	k = append(k, u.AccountID...)
	k = append(k, 0)
	k = binary.BigEndian.AppendUint64(k, uint64(u.Hour.Unix()))
	k = append(k, u.KeyID...)
	k = append(k, 0)
	return append(k, u.Endpoint...)
}

// reserveKey is the key of a writer's reservation of an account's day.
func reserveKey(account string, day time.Time, writer string) []byte {
	return join(string(dayKey(account, day)), writer)
}

// reservedOf sums the live reservations of account (at now) for day and
// for day's month.
func reservedOf(b *bbolt.Bucket, account string, day time.Time, now time.Time) (dayN, monthN int64) {
	prefix := join(account, "")
	dp, mp := day.UTC().Format("2006-01-02"), day.UTC().Format("2006-01")
	c := b.Cursor()
	for k, v := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
		rest := string(k[len(prefix):]) // day 0x00 writer
		if len(v) != 16 || int64(binary.BigEndian.Uint64(v[8:])) <= now.UnixNano() {
			continue
		}
		n := int64(binary.BigEndian.Uint64(v))
		if len(rest) >= 10 && rest[:7] == mp {
			monthN += n
			if rest[:10] == dp {
				dayN += n
			}
		}
	}
	return dayN, monthN
}

// putReservation writes a reservation, dropping it at zero.
func putReservation(b *bbolt.Bucket, key []byte, n int64, expires time.Time) error {
	if n <= 0 {
		return b.Delete(key)
	}
	var v [16]byte
	binary.BigEndian.PutUint64(v[:], uint64(n))
	binary.BigEndian.PutUint64(v[8:], uint64(expires.UnixNano()))
	return b.Put(key, v[:])
}

// liveReservation reads a reservation, zero once expired.
func liveReservation(b *bbolt.Bucket, key []byte, now time.Time) int64 {
	v := b.Get(key)
	if len(v) != 16 || int64(binary.BigEndian.Uint64(v[8:])) <= now.UnixNano() {
		return 0
	}
	return int64(binary.BigEndian.Uint64(v))
}

// Reserve implements store.Store: bbolt's one writer makes it atomic;
// expiries are by this process's clock.
func (d *DB) Reserve(ctx context.Context, r store.Reservation) (store.Grant, error) {
	var g store.Grant
	err := d.update(ctx, func(tx *bbolt.Tx) error {
		now := time.Now()
		day := store.Day(r.Day)
		cb, rb := tx.Bucket(bCounters), tx.Bucket(bReserve)
		g.Used = store.CounterTotal{AccountID: r.AccountID, Day: day,
			DayN: get64(cb.Get(dayKey(r.AccountID, day))), MonthN: get64(cb.Get(monthKey(r.AccountID, day)))}
		resDay, resMonth := reservedOf(rb, r.AccountID, day, now)
		g.N = max(0, min(r.N, r.DailyLimit-g.Used.DayN-resDay, r.MonthlyLimit-g.Used.MonthN-resMonth))
		g.Reserved = resDay + g.N
		key := reserveKey(r.AccountID, day, r.Writer)
		return putReservation(rb, key, liveReservation(rb, key, now)+g.N, now.Add(r.TTL))
	})
	return g, err
}

// Flush implements store.Store: one fsynced transaction.
func (d *DB) Flush(ctx context.Context, b store.Batch) ([]store.CounterTotal, error) {
	totals := make([]store.CounterTotal, 0, len(b.Counters))
	err := d.update(ctx, func(tx *bbolt.Tx) error {
		totals = totals[:0] // bbolt may not retry, but keep fn idempotent
		cb := tx.Bucket(bCounters)
		applied := false
		if b.Writer != "" && b.Seq > 0 {
			wb := tx.Bucket(bWriters)
			if get64(wb.Get([]byte(b.Writer))) >= b.Seq {
				applied = true // a retry of a batch that went through
			} else if err := wb.Put([]byte(b.Writer), u64(uint64(b.Seq))); err != nil {
				return err
			}
		}
		if applied {
			for _, c := range b.Counters {
				day := store.Day(c.Day)
				totals = append(totals, store.CounterTotal{AccountID: c.AccountID, Day: day,
					DayN: get64(cb.Get(dayKey(c.AccountID, day))), MonthN: get64(cb.Get(monthKey(c.AccountID, day)))})
			}
			return nil
		}
		now := time.Now()
		rb := tx.Bucket(bReserve)
		for _, r := range b.Reservations {
			key := reserveKey(r.AccountID, store.Day(r.Day), b.Writer)
			if err := putReservation(rb, key, liveReservation(rb, key, now)+r.N, now.Add(b.ReservationTTL)); err != nil {
				return err
			}
		}
		for _, c := range b.Counters {
			day := store.Day(c.Day)
			if _, err := add(cb, dayKey(c.AccountID, day), c.N); err != nil {
				return err
			}
			if _, err := add(cb, monthKey(c.AccountID, day), c.N); err != nil {
				return err
			}
		}
		// Totals after the whole batch, as store.Store documents.
		for _, c := range b.Counters {
			day := store.Day(c.Day)
			totals = append(totals, store.CounterTotal{AccountID: c.AccountID, Day: day,
				DayN: get64(cb.Get(dayKey(c.AccountID, day))), MonthN: get64(cb.Get(monthKey(c.AccountID, day)))})
		}
		ub := tx.Bucket(bUsage)
		for _, u := range b.Usage {
			u.Hour = u.Hour.UTC().Truncate(time.Hour)
			k := usageKey(u)
			sum := u
			if old := ub.Get(k); old != nil {
				var err error
				if sum, err = decodeUsage(old); err != nil {
					return err
				}
				sum.Add(u)
			}
			if err := ub.Put(k, encodeUsage(sum)); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return totals, nil
}

// Usage implements store.Store.
func (d *DB) Usage(ctx context.Context, accountID string, from, to time.Time) ([]store.UsageBucket, error) {
	var out []store.UsageBucket
	err := d.view(ctx, func(tx *bbolt.Tx) error {
		prefix := join(accountID, "")
		start := binary.BigEndian.AppendUint64(bytes.Clone(prefix), uint64(from.Unix()))
		c := tx.Bucket(bUsage).Cursor()
		for k, v := c.Seek(start); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
			rest := k[len(prefix):]
			if len(rest) < 8 {
				return fmt.Errorf("bolt store: malformed usage record")
			}
			hour := time.Unix(int64(binary.BigEndian.Uint64(rest)), 0).UTC()
			if !hour.Before(to) {
				break
			}
			if hour.Before(from) {
				continue // from not on the hour: Seek landed before it
			}
			u, err := decodeUsage(v)
			if err != nil {
				return err
			}
			keyID, endpoint, _ := bytes.Cut(rest[8:], []byte{0})
			u.AccountID, u.KeyID, u.Endpoint, u.Hour = accountID, string(keyID), string(endpoint), hour
			out = append(out, u)
		}
		return nil
	})
	return out, err
}

// LastUsed implements store.Store: one pass over the account's usage keys
// (they hold the hour and the key id; no value is decoded).
func (d *DB) LastUsed(ctx context.Context, accountID string) (map[string]time.Time, error) {
	out := map[string]time.Time{}
	err := d.view(ctx, func(tx *bbolt.Tx) error {
		prefix := join(accountID, "")
		c := tx.Bucket(bUsage).Cursor()
		for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
			rest := k[len(prefix):]
			if len(rest) < 8 {
				return fmt.Errorf("bolt store: malformed usage record")
			}
			keyID, _, _ := bytes.Cut(rest[8:], []byte{0})
			// Keys sort by hour: a later record of a key is a later hour.
			out[string(keyID)] = time.Unix(int64(binary.BigEndian.Uint64(rest)), 0).UTC()
		}
		return nil
	})
	return out, err
}

// encodeUsage writes the value of a usage record: the four totals, then
// the histogram (when there is one) and the error kinds, sorted so that
// equal buckets are equal bytes.
func encodeUsage(u store.UsageBucket) []byte {
	v := make([]byte, 32, 32+len(u.Latency)+8)
	binary.BigEndian.PutUint64(v[0:], uint64(u.Count))
	binary.BigEndian.PutUint64(v[8:], uint64(u.Errors))
	binary.BigEndian.PutUint64(v[16:], uint64(u.TotalMicros))
	binary.BigEndian.PutUint64(v[24:], uint64(u.MaxMicros))
	if len(u.Latency) == 0 && len(u.ErrorKinds) == 0 {
		return v
	}
	v = binary.AppendUvarint(v, uint64(len(u.Latency)))
	for _, n := range u.Latency {
		v = binary.AppendUvarint(v, uint64(n))
	}
	kinds := make([]store.ErrorKind, 0, len(u.ErrorKinds))
	for k := range u.ErrorKinds {
		kinds = append(kinds, k)
	}
	sort.Slice(kinds, func(i, j int) bool {
		if kinds[i].Status != kinds[j].Status {
			return kinds[i].Status < kinds[j].Status
		}
		return kinds[i].Type < kinds[j].Type
	})
	v = binary.AppendUvarint(v, uint64(len(kinds)))
	for _, k := range kinds {
		v = binary.AppendUvarint(v, uint64(k.Status))
		v = binary.AppendUvarint(v, uint64(len(k.Type)))
		v = append(v, k.Type...)
		v = binary.AppendUvarint(v, uint64(u.ErrorKinds[k]))
	}
	return v
}

// decodeUsage reads a value written by encodeUsage, or the 32 bytes of a
// schema 1 record.
func decodeUsage(v []byte) (store.UsageBucket, error) {
	bad := fmt.Errorf("bolt store: malformed usage record")
	if len(v) < 32 {
		return store.UsageBucket{}, bad
	}
	u := store.UsageBucket{Count: get64(v[0:]), Errors: get64(v[8:]), TotalMicros: get64(v[16:]), MaxMicros: get64(v[24:])}
	rest := v[32:]
	if len(rest) == 0 {
		return u, nil
	}
	next := func() (uint64, bool) {
		x, n := binary.Uvarint(rest)
		if n <= 0 {
			return 0, false
		}
		rest = rest[n:]
		return x, true
	}
	bins, ok := next()
	if !ok || bins > store.LatencyBins {
		return store.UsageBucket{}, bad
	}
	if bins > 0 {
		u.Latency = make([]int64, store.LatencyBins)
		for i := range int(bins) {
			x, ok := next()
			if !ok {
				return store.UsageBucket{}, bad
			}
			u.Latency[i] = int64(x)
		}
	}
	kinds, ok := next()
	if !ok || kinds > uint64(len(rest)) {
		return store.UsageBucket{}, bad
	}
	if kinds > 0 {
		u.ErrorKinds = make(map[store.ErrorKind]int64, kinds)
	}
	for range kinds {
		status, ok1 := next()
		n, ok2 := next()
		if !ok1 || !ok2 || n > uint64(len(rest)) {
			return store.UsageBucket{}, bad
		}
		typ := string(rest[:n])
		rest = rest[n:]
		count, ok := next()
		if !ok {
			return store.UsageBucket{}, bad
		}
		u.ErrorKinds[store.ErrorKind{Status: int(status), Type: typ}] = int64(count)
	}
	return u, nil
}

// Hit implements store.Store. Windows ended before the current one are
// deleted as it goes (keys sort by window start).
func (d *DB) Hit(ctx context.Context, key string, window time.Duration, now time.Time) (int64, error) {
	if window <= 0 {
		return 0, fmt.Errorf("hit %s: window %s", key, window)
	}
	start := now.UTC().Truncate(window).UnixNano()
	var n int64
	err := d.update(ctx, func(tx *bbolt.Tx) error {
		b := tx.Bucket(bHits)
		c := b.Cursor()
		for k, _ := c.First(); len(k) >= 8 && int64(binary.BigEndian.Uint64(k)) < start-int64(window); k, _ = c.Next() {
			if err := c.Delete(); err != nil {
				return err
			}
		}
		k := append(binary.BigEndian.AppendUint64(nil, uint64(start)), key...)
		n = get64(b.Get(k)) + 1
		return b.Put(k, u64(uint64(n)))
	})
	return n, err
}

// PurgeRevokedKeys implements store.Store.
func (d *DB) PurgeRevokedKeys(ctx context.Context, before time.Time) (int, error) {
	n := 0
	err := d.update(ctx, func(tx *bbolt.Tx) error {
		var gone []store.Key
		err := tx.Bucket(bKeys).ForEach(func(id, _ []byte) error {
			k, err := getKey(tx, id)
			if err != nil {
				return err
			}
			if k.Status == store.KeyRevoked && k.Revoked.Before(before) {
				gone = append(gone, k)
			}
			return nil
		})
		if err != nil {
			return err
		}
		for _, k := range gone {
			if err := tx.Bucket(bKeys).Delete([]byte(k.ID)); err != nil {
				return err
			}
			if err := tx.Bucket(bKeyHash).Delete(k.Hash[:]); err != nil {
				return err
			}
			if err := tx.Bucket(bKeyAccount).Delete(join(k.AccountID, k.ID)); err != nil {
				return err
			}
		}
		n = len(gone)
		return nil
	})
	return n, err
}
