package store

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base32"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"strings"
	"time"
)

// Errors every Store returns (possibly wrapped); test them with errors.Is.
var (
	// ErrNotFound: no account or key with that id, email or hash.
	ErrNotFound = errors.New("store: not found")
	// ErrExists: an account with that email, or a key with that id or hash,
	// already exists.
	ErrExists = errors.New("store: already exists")
	// ErrRevoked: the key to rotate or revoke is no longer active.
	ErrRevoked = errors.New("store: key revoked")
	// ErrClosed: the store was closed.
	ErrClosed = errors.New("store: closed")
	// ErrLimit: the account already has as many active keys as allowed.
	ErrLimit = errors.New("store: active key limit reached")
	// ErrLastKey: the key is its account's last active key.
	ErrLastKey = errors.New("store: last active key")
	// ErrUnavailable: the store could not be reached (a PostgreSQL server
	// down, restarting or refusing connections). Nothing was written; the
	// same call may succeed later. Servers answer 503 with Retry-After.
	ErrUnavailable = errors.New("store: unavailable")
)

// Pinger is implemented by stores that can be unreachable (PostgreSQL):
// Ping reports whether the store answers now, for readiness checks.
type Pinger interface {
	Ping(ctx context.Context) error
}

// Account owns keys and has a plan; its quota counters are shared by all its
// keys (scope "account_plan").
type Account struct {
	ID      string    `json:"id"`      // "acct_" + 20 hex digits, random
	Email   string    `json:"email"`   // unique, as given (compared exactly)
	Plan    string    `json:"plan"`    // plan name, see package quota
	Created time.Time `json:"created"` // UTC, microsecond precision
}

// KeyStatus is the life-cycle state of a key.
type KeyStatus string

// The key states. A revoked key never becomes active again.
const (
	KeyActive  KeyStatus = "active"
	KeyRevoked KeyStatus = "revoked"
)

// Key is the stored form of an API key: never the secret, only its SHA-256
// hash and a short display prefix.
type Key struct {
	ID        string    `json:"id"`         // "key_" + 20 hex digits, random
	AccountID string    `json:"account_id"` // owner
	Prefix    string    `json:"prefix"`     // first DisplayPrefixLen characters of the secret
	Hash      [32]byte  `json:"-"`          // SHA-256 of the whole secret
	Status    KeyStatus `json:"status"`
	Created   time.Time `json:"created"`
	Revoked   time.Time `json:"revoked,omitzero"` // zero while active
}

// Masked returns the key for display: its prefix followed by an ellipsis.
func (k Key) Masked() string { return k.Prefix + "…" }

// SecretPrefix starts every secret, so that leaked keys are recognisable
// by secret scanners and by people.
const SecretPrefix = "ak_live_"

// DisplayPrefixLen is how many leading characters of a secret are kept in
// clear as Key.Prefix: SecretPrefix plus 6 random characters (30 of the 256
// random bits), enough to tell keys apart in a list.
const DisplayPrefixLen = len(SecretPrefix) + 6

// secretEncoding writes 32 random bytes as 52 lowercase letters and digits,
// which survive double-click selection and shells unquoted.
var secretEncoding = base32.NewEncoding("abcdefghijklmnopqrstuvwxyz234567").WithPadding(base32.NoPadding)

// NewKey makes a fresh active key for account with 256 random bits. It
// returns the stored form and the secret, which is shown to the user once
// and never stored.
func NewKey(accountID string, now time.Time) (Key, string, error) {
	var raw [32]byte
	if _, err := rand.Read(raw[:]); err != nil {
		return Key{}, "", fmt.Errorf("store: random key: %w", err)
	}
	secret := SecretPrefix + secretEncoding.EncodeToString(raw[:])
	id, err := newID("key_")
	if err != nil {
		return Key{}, "", err
	}
	return Key{
		ID:        id,
		AccountID: accountID,
		Prefix:    secret[:DisplayPrefixLen],
		Hash:      HashSecret(secret),
		Status:    KeyActive,
		Created:   Time(now),
	}, secret, nil
}

// HashSecret is the lookup hash of a secret as sent in x-api-key.
func HashSecret(secret string) [32]byte { return sha256.Sum256([]byte(secret)) }

// LooksLikeSecret reports whether s has the shape of a secret made by
// NewKey. The http layer can reject other strings without a lookup.
func LooksLikeSecret(s string) bool {
	if len(s) != len(SecretPrefix)+52 || !strings.HasPrefix(s, SecretPrefix) {
		return false
	}
	for _, c := range s[len(SecretPrefix):] {
		if !(c >= 'a' && c <= 'z' || c >= '2' && c <= '7') {
			return false
		}
	}
	return true
}

// NewAccount makes an Account with a fresh random id; store it with
// Store.CreateAccount.
func NewAccount(email, plan string, now time.Time) (Account, error) {
	id, err := newID("acct_")
	if err != nil {
		return Account{}, err
	}
	return Account{ID: id, Email: email, Plan: plan, Created: Time(now)}, nil
}

// ValidKeyID reports whether id has the form NewKey gives key ids:
// "key_" and 20 lower-case hexadecimal digits.
func ValidKeyID(id string) bool { return validID(id, "key_") }

func validID(id, prefix string) bool {
	rest, ok := strings.CutPrefix(id, prefix)
	if !ok || len(rest) != 20 {
		return false
	}
	for _, c := range rest {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}

func newID(prefix string) (string, error) {
	var b [10]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", fmt.Errorf("store: random id: %w", err)
	}
	return prefix + hex.EncodeToString(b[:]), nil
}

// Time is t in UTC truncated to microseconds, the precision both stores
// keep, so that a value reads back equal to what was written.
func Time(t time.Time) time.Time { return t.UTC().Truncate(time.Microsecond) }

// Day is the UTC calendar day containing t, as its midnight.
func Day(t time.Time) time.Time {
	y, m, d := t.UTC().Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// Month is the UTC calendar month containing t, as midnight of its first day.
func Month(t time.Time) time.Time {
	y, m, _ := t.UTC().Date()
	return time.Date(y, m, 1, 0, 0, 0, 0, time.UTC)
}

// CounterDelta adds N billed calls to an account's counters for the UTC day
// Day (a midnight) and for the month containing it.
type CounterDelta struct {
	AccountID string
	Day       time.Time
	N         int64
}

// CounterTotal is the stored total of an account for a day and its month,
// after a Flush applied the deltas of every instance so far.
type CounterTotal struct {
	AccountID string
	Day       time.Time
	DayN      int64
	MonthN    int64
}

// UsageBucket is the attribution of calls of one key to one endpoint in one
// UTC hour. As a Flush argument it is a delta: Count, Errors, TotalMicros,
// the Latency bins and the ErrorKinds counts are added to the stored
// bucket and MaxMicros raises its maximum.
type UsageBucket struct {
	AccountID   string
	KeyID       string
	Endpoint    string    // operation id, e.g. "post-natal"
	Hour        time.Time // UTC, on the hour
	Count       int64     // calls
	Errors      int64     // calls answered with status >= 400
	TotalMicros int64     // sum of response times, microseconds
	MaxMicros   int64     // longest response time, microseconds
	// Latency is the histogram of the response times: Latency[i] calls
	// took a time in LatencyBin i. nil when none was recorded (buckets
	// written before the histogram existed); otherwise LatencyBins long.
	Latency []int64
	// ErrorKinds counts the calls answered with status >= 400 by status
	// and problem type; nil when there were none (or none recorded).
	ErrorKinds map[ErrorKind]int64
}

// ErrorKind is the status and the problem type of a refused call.
type ErrorKind struct {
	Status int    // HTTP status, >= 400
	Type   string // problem type slug ("validation", "quota-exceeded"); "" if the answer was no problem document
}

// LatencyBins is the number of bins of UsageBucket.Latency.
const LatencyBins = 48

// LatencyBin is the bin of a response time of us microseconds: bin i holds
// the times in [2^(i/2), 2^((i+1)/2)) µs, bins half an octave wide (a
// ratio of √2), bin 0 everything under √2 µs and the last bin everything
// from 2^23.5 µs (11.9 s) on.
func LatencyBin(us int64) int {
	switch {
	case us < 2:
		return 0 // 0 and 1 µs are under √2 µs
	case us >= 1<<24:
		return LatencyBins - 1 // 2^24 µs is past 2^23.5 µs, where the last bin starts
	}
	// In integers (this runs on every call): k = floor(log2 us), and the
	// upper half of the octave starts at 2^(k+1/2), where us² reaches
	// 2^(2k+1) (us < 2^24: no overflow).
	k := bits.Len64(uint64(us)) - 1
	i := 2 * k
	if uint64(us)*uint64(us) >= 1<<(2*k+1) {
		i++
	}
	return min(i, LatencyBins-1)
}

// LatencyBinBounds returns the bounds of bin i in microseconds: lo <= t <
// hi (0 for the first bin's lo, +Inf for the last bin's hi).
func LatencyBinBounds(i int) (lo, hi float64) {
	lo, hi = math.Exp2(float64(i)/2), math.Exp2(float64(i+1)/2)
	if i == 0 {
		lo = 0
	}
	if i == LatencyBins-1 {
		hi = math.Inf(1)
	}
	return lo, hi
}

// Add adds the statistics of o (a delta of the same account, key,
// endpoint and hour) to b: the counts, the histogram and the error kinds
// summed, the larger maximum kept. Maps and slices of b are replaced, not
// written through, when they are shared with o.
func (b *UsageBucket) Add(o UsageBucket) {
	b.Count += o.Count
	b.Errors += o.Errors
	b.TotalMicros += o.TotalMicros
	b.MaxMicros = max(b.MaxMicros, o.MaxMicros)
	if len(o.Latency) > 0 {
		lat := make([]int64, LatencyBins)
		copy(lat, b.Latency)
		for i, n := range o.Latency[:min(len(o.Latency), LatencyBins)] {
			lat[i] += n
		}
		b.Latency = lat
	}
	if len(o.ErrorKinds) > 0 {
		kinds := make(map[ErrorKind]int64, len(b.ErrorKinds)+len(o.ErrorKinds))
		for k, n := range b.ErrorKinds {
			kinds[k] = n
		}
		for k, n := range o.ErrorKinds {
			kinds[k] += n
		}
		b.ErrorKinds = kinds
	}
}

// Batch is what one Flush writes in one transaction.
type Batch struct {
	Counters []CounterDelta
	Usage    []UsageBucket
	// Writer and Seq make a retried batch count once: a batch whose Seq is
	// not above the last one the store applied for Writer is skipped (its
	// commit went through, the reply was lost). "" and 0: always applied.
	Writer string
	Seq    int64
	// Reservations change Writer's reservations by their N (a settled call
	// leaves its reservation for the counters, an unused one is given
	// back) and renew them for ReservationTTL; a reservation never goes
	// below zero.
	Reservations   []ReservationDelta
	ReservationTTL time.Duration
}

// Reservation asks the store for N calls of an account's day for one
// writer (an instance on a shared store), within the plan's limits.
// Reserved calls count against the limits of every writer until they are
// settled (flushed as counter deltas), given back, or expire (TTL after
// the writer last renewed them): a writer killed with calls reserved can
// never make the account pay for them.
type Reservation struct {
	AccountID                string
	Day                      time.Time
	Writer                   string
	N                        int64
	DailyLimit, MonthlyLimit int64
	TTL                      time.Duration
}

// Grant is a Reserve's answer.
type Grant struct {
	N        int64        // calls granted, 0 to Reservation.N
	Used     CounterTotal // the counted calls of the day and month (every writer's flushes)
	Reserved int64        // live reservations of the day, of every writer, this grant included
}

// ReservationDelta changes a writer's reservation of an account's day.
type ReservationDelta struct {
	AccountID string
	Day       time.Time
	N         int64
}

// Store keeps accounts, keys, quota counters and usage history. Every
// method is safe for concurrent use. Implementations: store/bolt (one
// process, a file) and store/postgres (shared by many instances); Open picks
// one from a path or URL.
type Store interface {
	// CreateAccount stores a new account (see NewAccount); ErrExists if the
	// id or email is taken.
	CreateAccount(ctx context.Context, a Account) error
	// Account returns the account with that id, or ErrNotFound.
	Account(ctx context.Context, id string) (Account, error)
	// AccountByEmail returns the account with that email, or ErrNotFound.
	AccountByEmail(ctx context.Context, email string) (Account, error)
	// Accounts lists all accounts, oldest first.
	Accounts(ctx context.Context) ([]Account, error)
	// SetPlan changes an account's plan; ErrNotFound if there is none.
	SetPlan(ctx context.Context, accountID, plan string) error

	// CreateKey stores a new key (see NewKey) for an existing account;
	// ErrNotFound if the account does not exist, ErrExists on a duplicate.
	CreateKey(ctx context.Context, k Key) error
	// KeyByHash returns the key whose secret hashes to h, active or revoked
	// (the caller checks Status), or ErrNotFound. It is a point lookup.
	KeyByHash(ctx context.Context, h [32]byte) (Key, error)
	// KeyByID returns the key with that id, or ErrNotFound.
	KeyByID(ctx context.Context, id string) (Key, error)
	// Keys lists an account's keys, oldest first; all keys of all accounts
	// when accountID is "".
	Keys(ctx context.Context, accountID string) ([]Key, error)
	// RevokeKey marks a key revoked at time at. ErrNotFound if there is no
	// such key, ErrRevoked if it already was.
	RevokeKey(ctx context.Context, keyID string, at time.Time) error
	// CreateKeyWithin stores a new key like CreateKey unless its account
	// already has max active keys (ErrLimit): the count and the insert are
	// one atomic step, so concurrent creations never pass max.
	CreateKeyWithin(ctx context.Context, k Key, max int) error
	// RevokeKeyKeepingOne revokes a key like RevokeKey unless it is its
	// account's last active key (ErrLastKey), atomically: two keys of an
	// account revoked at the same moment cannot both go.
	RevokeKeyKeepingOne(ctx context.Context, keyID string, at time.Time) error
	// RotateKey atomically stores next (made by NewKey for the same account)
	// and revokes oldKeyID at next.Created: either both happen or neither.
	// ErrNotFound / ErrRevoked as for RevokeKey.
	RotateKey(ctx context.Context, oldKeyID string, next Key) error

	// Counters returns the stored totals of an account for day's UTC day
	// and month (zeros if nothing was counted).
	Counters(ctx context.Context, accountID string, day time.Time) (CounterTotal, error)
	// Flush adds a batch of deltas in one durable transaction and returns,
	// for each element of b.Counters in order, the totals of its account,
	// day and month after the whole batch, which include what other
	// instances flushed before.
	Flush(ctx context.Context, b Batch) ([]CounterTotal, error)
	// Reserve grants up to r.N calls to r.Writer's reservation of the
	// day: as many as the limits leave after the counted calls and every
	// writer's live reservations, atomically with respect to every other
	// Reserve and Flush of the account.
	Reserve(ctx context.Context, r Reservation) (Grant, error)
	// Usage returns the stored hourly buckets of an account with
	// from <= Hour < to, ordered by Hour, then KeyID, then Endpoint.
	Usage(ctx context.Context, accountID string, from, to time.Time) ([]UsageBucket, error)
	// LastUsed returns, for each key of the account that has usage
	// buckets, the hour of its latest bucket (UTC): when the key was last
	// used, to the hour.
	LastUsed(ctx context.Context, accountID string) (map[string]time.Time, error)

	// Hit counts one event under key (e.g. "signup:" + client address) in
	// the fixed window of length window containing now, and returns the
	// events of that window so far, this one included: a limiter shared by
	// every instance of the store.
	Hit(ctx context.Context, key string, window time.Duration, now time.Time) (int64, error)
	// PurgeRevokedKeys deletes the keys revoked before before and returns
	// how many (their lookups can only ever answer "revoked").
	PurgeRevokedKeys(ctx context.Context, before time.Time) (int, error)

	// Close releases the store. It does not flush anything: package quota
	// flushes its own counters in its Close, which must run first.
	Close() error
}
