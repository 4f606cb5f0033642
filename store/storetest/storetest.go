// Package storetest is the one test suite every store.Store implementation
// passes. store/bolt runs it always; store/postgres runs it against the
// database named by ASTROAPI_TEST_POSTGRES (see PostgresURL).
//
// The suite never assumes an empty store: every case makes its own
// accounts with random ids and emails, so it can run against a database
// shared with other tests and earlier runs.
package storetest

import (
	"context"
	"errors"
	"os"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/astroapi/astroapi/store"
	"github.com/google/go-cmp/cmp"
)

// EnvPostgres names the environment variable holding the URL of the
// PostgreSQL test database (printed by .ci/postgres).
const EnvPostgres = "ASTROAPI_TEST_POSTGRES"

// PostgresURL returns the test database URL, or skips the test when it is
// unset, unless CI=true, where a missing database fails the test: CI must
// run the PostgreSQL half of the suite.
func PostgresURL(t testing.TB) string {
	t.Helper()
	url := os.Getenv(EnvPostgres)
	if url == "" {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is not set but CI=true: run `eval \"$(bash .ci/postgres)\"` first", EnvPostgres)
		}
		t.Skipf("%s not set; run `eval \"$(bash .ci/postgres)\"` to test against PostgreSQL", EnvPostgres)
	}
	return url
}

// Opener returns a store for one test; the suite closes it.
type Opener func(t *testing.T) store.Store

// Run runs the suite, each case on a store from open.
func Run(t *testing.T, open Opener) {
	cases := []struct {
		name string
		fn   func(*testing.T, store.Store)
	}{
		{"Accounts", testAccounts},
		{"Keys", testKeys},
		{"RevokeAndRotate", testRevokeRotate},
		{"RotateIsAtomic", testRotateAtomic},
		{"KeyLimitsAtomic", testKeyLimitsAtomic},
		{"Reservations", testReservations},
		{"FlushOnce", testFlushOnce},
		{"Counters", testCounters},
		{"ConcurrentFlushesAddUp", testConcurrentFlushes},
		{"Usage", testUsage},
		{"UsageHistogramAndErrorKinds", testUsageDetail},
		{"LastUsed", testLastUsed},
		{"Hits", testHits},
		{"PurgeRevokedKeys", testPurge},
		{"Closed", testClosed},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := open(t)
			closed := false
			t.Cleanup(func() {
				if !closed {
					s.Close()
				}
			})
			if c.name == "Closed" {
				closed = true
			}
			c.fn(t, s)
		})
	}
}

var t0 = time.Date(2026, 3, 14, 15, 9, 26, 535897932, time.UTC)

func newAccount(t *testing.T, s store.Store, plan string) store.Account {
	t.Helper()
	a, err := store.NewAccount("", plan, t0)
	if err != nil {
		t.Fatal(err)
	}
	a.Email = a.ID + "@example.test"
	if err := s.CreateAccount(context.Background(), a); err != nil {
		t.Fatalf("CreateAccount: %v", err)
	}
	return a
}

func newKey(t *testing.T, s store.Store, account string, at time.Time) (store.Key, string) {
	t.Helper()
	k, secret, err := store.NewKey(account, at)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.CreateKey(context.Background(), k); err != nil {
		t.Fatalf("CreateKey: %v", err)
	}
	return k, secret
}

func wantErr(t *testing.T, what string, err, target error) {
	t.Helper()
	if !errors.Is(err, target) {
		t.Errorf("%s: err = %v, want %v", what, err, target)
	}
}

func testAccounts(t *testing.T, s store.Store) {
	ctx := context.Background()
	a := newAccount(t, s, "free")
	if !a.Created.Equal(store.Time(t0)) || a.Created.Nanosecond()%1000 != 0 {
		t.Fatalf("NewAccount Created = %v, want %v at microsecond precision", a.Created, t0)
	}
	got, err := s.Account(ctx, a.ID)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(a, got); diff != "" {
		t.Errorf("Account (-want +got):\n%s", diff)
	}
	got, err = s.AccountByEmail(ctx, a.Email)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(a, got); diff != "" {
		t.Errorf("AccountByEmail (-want +got):\n%s", diff)
	}

	// The same email again, under a new id, and the same id again.
	dup, _ := store.NewAccount(a.Email, "pro", t0)
	wantErr(t, "duplicate email", s.CreateAccount(ctx, dup), store.ErrExists)
	dup = a
	dup.Email = "other-" + a.Email
	wantErr(t, "duplicate id", s.CreateAccount(ctx, dup), store.ErrExists)

	_, err = s.Account(ctx, "acct_missing")
	wantErr(t, "Account(missing)", err, store.ErrNotFound)
	_, err = s.AccountByEmail(ctx, "nobody-"+a.ID+"@example.test")
	wantErr(t, "AccountByEmail(missing)", err, store.ErrNotFound)

	if err := s.SetPlan(ctx, a.ID, "business"); err != nil {
		t.Fatal(err)
	}
	got, _ = s.Account(ctx, a.ID)
	if got.Plan != "business" {
		t.Errorf("after SetPlan, Plan = %q, want business", got.Plan)
	}
	wantErr(t, "SetPlan(missing)", s.SetPlan(ctx, "acct_missing", "pro"), store.ErrNotFound)

	// Accounts lists oldest first and includes ours.
	b := newAccount(t, s, "pro")
	all, err := s.Accounts(ctx)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for i, x := range all {
		seen[x.ID] = true
		if i > 0 && x.Created.Before(all[i-1].Created) {
			t.Errorf("Accounts not oldest first at %d: %v before %v", i, all[i-1].Created, x.Created)
		}
	}
	if !seen[a.ID] || !seen[b.ID] {
		t.Errorf("Accounts misses %s or %s", a.ID, b.ID)
	}
}

func testKeys(t *testing.T, s store.Store) {
	ctx := context.Background()
	a := newAccount(t, s, "free")
	k1, secret := newKey(t, s, a.ID, t0)
	k2, _ := newKey(t, s, a.ID, t0.Add(time.Second))

	if !store.LooksLikeSecret(secret) || k1.Prefix != secret[:store.DisplayPrefixLen] || k1.Hash != store.HashSecret(secret) {
		t.Fatalf("NewKey: secret %q, prefix %q: malformed", secret, k1.Prefix)
	}
	if store.LooksLikeSecret(secret[:len(secret)-1]) || store.LooksLikeSecret(secret+"a") || store.LooksLikeSecret("ak_test_"+secret[8:]) {
		t.Error("LooksLikeSecret accepts a mangled secret")
	}
	got, err := s.KeyByHash(ctx, store.HashSecret(secret))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(k1, got); diff != "" {
		t.Errorf("KeyByHash (-want +got):\n%s", diff)
	}
	got, err = s.KeyByID(ctx, k2.ID)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(k2, got); diff != "" {
		t.Errorf("KeyByID (-want +got):\n%s", diff)
	}
	_, err = s.KeyByHash(ctx, store.HashSecret(secret+"x"))
	wantErr(t, "KeyByHash(unknown)", err, store.ErrNotFound)
	_, err = s.KeyByID(ctx, "key_missing")
	wantErr(t, "KeyByID(unknown)", err, store.ErrNotFound)

	wantErr(t, "CreateKey(duplicate)", s.CreateKey(ctx, k1), store.ErrExists)
	orphan, _, _ := store.NewKey("acct_missing", t0)
	wantErr(t, "CreateKey(no account)", s.CreateKey(ctx, orphan), store.ErrNotFound)

	keys, err := s.Keys(ctx, a.ID)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]store.Key{k1, k2}, keys); diff != "" {
		t.Errorf("Keys(account) (-want +got):\n%s", diff)
	}
	other := newAccount(t, s, "free")
	k3, _ := newKey(t, s, other.ID, t0)
	all, err := s.Keys(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	found := 0
	for _, k := range all {
		if k.ID == k1.ID || k.ID == k2.ID || k.ID == k3.ID {
			found++
		}
	}
	if found != 3 {
		t.Errorf("Keys(\"\") has %d of our 3 keys", found)
	}
}

func testRevokeRotate(t *testing.T, s store.Store) {
	ctx := context.Background()
	a := newAccount(t, s, "pro")
	k, secret := newKey(t, s, a.ID, t0)

	next, nextSecret, err := store.NewKey(a.ID, t0.Add(time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.RotateKey(ctx, k.ID, next); err != nil {
		t.Fatalf("RotateKey: %v", err)
	}
	old, err := s.KeyByHash(ctx, store.HashSecret(secret))
	if err != nil {
		t.Fatal(err)
	}
	if old.Status != store.KeyRevoked || !old.Revoked.Equal(store.Time(next.Created)) {
		t.Errorf("old key after rotate: status %s revoked %v, want revoked at %v", old.Status, old.Revoked, next.Created)
	}
	now, err := s.KeyByHash(ctx, store.HashSecret(nextSecret))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(next, now); diff != "" {
		t.Errorf("new key after rotate (-want +got):\n%s", diff)
	}

	at := t0.Add(2 * time.Hour)
	if err := s.RevokeKey(ctx, next.ID, at); err != nil {
		t.Fatal(err)
	}
	now, _ = s.KeyByID(ctx, next.ID)
	if now.Status != store.KeyRevoked || !now.Revoked.Equal(store.Time(at)) {
		t.Errorf("after RevokeKey: status %s revoked %v", now.Status, now.Revoked)
	}
	wantErr(t, "RevokeKey(revoked)", s.RevokeKey(ctx, next.ID, at), store.ErrRevoked)
	wantErr(t, "RevokeKey(unknown)", s.RevokeKey(ctx, "key_missing", at), store.ErrNotFound)
}

func testRotateAtomic(t *testing.T, s store.Store) {
	ctx := context.Background()
	a := newAccount(t, s, "pro")
	k, _ := newKey(t, s, a.ID, t0)
	if err := s.RevokeKey(ctx, k.ID, t0); err != nil {
		t.Fatal(err)
	}
	// Rotating a revoked key fails and stores no new key.
	next, nextSecret, _ := store.NewKey(a.ID, t0)
	wantErr(t, "RotateKey(revoked)", s.RotateKey(ctx, k.ID, next), store.ErrRevoked)
	_, err := s.KeyByHash(ctx, store.HashSecret(nextSecret))
	wantErr(t, "new key of a failed rotation", err, store.ErrNotFound)

	// A new key that cannot be inserted (its hash is taken) leaves the old
	// key active.
	live, _ := newKey(t, s, a.ID, t0)
	clash, _, _ := store.NewKey(a.ID, t0)
	clash.Hash = live.Hash
	if err := s.RotateKey(ctx, live.ID, clash); !errors.Is(err, store.ErrExists) {
		t.Errorf("RotateKey(clashing hash) = %v, want ErrExists", err)
	}
	got, _ := s.KeyByID(ctx, live.ID)
	if got.Status != store.KeyActive {
		t.Errorf("old key after a failed rotation: %s, want active", got.Status)
	}
	// A new key for another account is refused and changes nothing.
	b := newAccount(t, s, "pro")
	foreign, _, _ := store.NewKey(b.ID, t0)
	if err := s.RotateKey(ctx, live.ID, foreign); err == nil {
		t.Error("RotateKey with another account's key succeeded")
	}
	got, _ = s.KeyByID(ctx, live.ID)
	if got.Status != store.KeyActive {
		t.Errorf("old key after a refused rotation: %s, want active", got.Status)
	}
}

func testCounters(t *testing.T, s store.Store) {
	ctx := context.Background()
	a := newAccount(t, s, "free")
	b := newAccount(t, s, "free")
	d1 := time.Date(2026, 1, 30, 0, 0, 0, 0, time.UTC)
	d2 := d1.AddDate(0, 0, 1)     // Jan 31, same month
	d3 := d1.AddDate(0, 0, 2)     // Feb 1, next month
	mid := d2.Add(13 * time.Hour) // any instant of the day names that day

	zero, err := s.Counters(ctx, a.ID, mid)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(store.CounterTotal{AccountID: a.ID, Day: d2}, zero); diff != "" {
		t.Errorf("Counters before any flush (-want +got):\n%s", diff)
	}

	totals, err := s.Flush(ctx, store.Batch{Counters: []store.CounterDelta{
		{AccountID: a.ID, Day: d1, N: 5},
		{AccountID: a.ID, Day: d2, N: 7},
		{AccountID: a.ID, Day: d3, N: 11},
		{AccountID: b.ID, Day: d2, N: 1},
		{AccountID: b.ID, Day: mid, N: 2}, // the same day twice: both count
	}})
	if err != nil {
		t.Fatal(err)
	}
	want := []store.CounterTotal{
		{AccountID: a.ID, Day: d1, DayN: 5, MonthN: 12}, // the month after the whole batch
		{AccountID: a.ID, Day: d2, DayN: 7, MonthN: 12},
		{AccountID: a.ID, Day: d3, DayN: 11, MonthN: 11},
		{AccountID: b.ID, Day: d2, DayN: 3, MonthN: 3},
		{AccountID: b.ID, Day: d2, DayN: 3, MonthN: 3},
	}
	if diff := cmp.Diff(want, totals); diff != "" {
		t.Errorf("Flush totals (-want +got):\n%s", diff)
	}
	// A second flush adds to what is there.
	totals, err = s.Flush(ctx, store.Batch{Counters: []store.CounterDelta{{AccountID: a.ID, Day: mid, N: 3}}})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]store.CounterTotal{{AccountID: a.ID, Day: d2, DayN: 10, MonthN: 15}}, totals); diff != "" {
		t.Errorf("second Flush totals (-want +got):\n%s", diff)
	}
	got, err := s.Counters(ctx, a.ID, mid)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(store.CounterTotal{AccountID: a.ID, Day: d2, DayN: 10, MonthN: 15}, got); diff != "" {
		t.Errorf("Counters after flushes (-want +got):\n%s", diff)
	}
	if _, err := s.Flush(ctx, store.Batch{}); err != nil {
		t.Errorf("empty Flush: %v", err)
	}
}

// testConcurrentFlushes is what several instances do: flush deltas for the
// same account at the same time. Every delta must count.
func testConcurrentFlushes(t *testing.T, s store.Store) {
	ctx := context.Background()
	a := newAccount(t, s, "pro")
	b := newAccount(t, s, "pro")
	day := time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC)
	const writers, flushes = 6, 20
	var wg sync.WaitGroup
	errs := make(chan error, writers)
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range flushes {
				_, err := s.Flush(ctx, store.Batch{
					Counters: []store.CounterDelta{{AccountID: a.ID, Day: day, N: 1}, {AccountID: b.ID, Day: day, N: int64(w + 1)}},
					Usage: []store.UsageBucket{{AccountID: a.ID, KeyID: "key_x", Endpoint: "post-natal", Hour: day,
						Count: 2, Errors: 1, TotalMicros: 100, MaxMicros: int64(w*flushes + i)}},
				})
				if err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	ta, _ := s.Counters(ctx, a.ID, day)
	tb, _ := s.Counters(ctx, b.ID, day)
	if ta.DayN != writers*flushes || ta.MonthN != writers*flushes {
		t.Errorf("account a: %+v, want %d", ta, writers*flushes)
	}
	if want := int64(flushes * writers * (writers + 1) / 2); tb.DayN != want || tb.MonthN != want {
		t.Errorf("account b: %+v, want %d", tb, want)
	}
	us, err := s.Usage(ctx, a.ID, day, day.Add(time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	want := []store.UsageBucket{{AccountID: a.ID, KeyID: "key_x", Endpoint: "post-natal", Hour: day,
		Count: 2 * writers * flushes, Errors: writers * flushes, TotalMicros: 100 * writers * flushes, MaxMicros: writers*flushes - 1}}
	if diff := cmp.Diff(want, us); diff != "" {
		t.Errorf("Usage after concurrent flushes (-want +got):\n%s", diff)
	}
}

func testUsage(t *testing.T, s store.Store) {
	ctx := context.Background()
	a := newAccount(t, s, "pro")
	other := newAccount(t, s, "pro")
	h0 := time.Date(2026, 7, 4, 10, 0, 0, 0, time.UTC)
	bucket := func(acct, key, ep string, h time.Time, n, e, tot, mx int64) store.UsageBucket {
		return store.UsageBucket{AccountID: acct, KeyID: key, Endpoint: ep, Hour: h, Count: n, Errors: e, TotalMicros: tot, MaxMicros: mx}
	}
	_, err := s.Flush(ctx, store.Batch{Usage: []store.UsageBucket{
		bucket(a.ID, "key_b", "post-natal", h0, 3, 0, 3000, 1500),
		bucket(a.ID, "key_a", "post-natal", h0, 1, 1, 900, 900),
		bucket(a.ID, "key_a", "get-usage", h0, 1, 0, 50, 50),
		bucket(a.ID, "key_a", "post-natal", h0.Add(time.Hour), 2, 0, 400, 300),
		bucket(a.ID, "key_a", "post-natal", h0.Add(-time.Hour), 9, 0, 9, 1),
		bucket(other.ID, "key_o", "post-natal", h0, 100, 0, 1, 1),
	}})
	if err != nil {
		t.Fatal(err)
	}
	// Adding to an existing bucket sums counts and keeps the larger maximum.
	_, err = s.Flush(ctx, store.Batch{Usage: []store.UsageBucket{
		bucket(a.ID, "key_b", "post-natal", h0, 2, 2, 1000, 700),
		bucket(a.ID, "key_a", "post-natal", h0, 1, 0, 2000, 2000),
	}})
	if err != nil {
		t.Fatal(err)
	}
	got, err := s.Usage(ctx, a.ID, h0, h0.Add(2*time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	want := []store.UsageBucket{
		bucket(a.ID, "key_a", "get-usage", h0, 1, 0, 50, 50),
		bucket(a.ID, "key_a", "post-natal", h0, 2, 1, 2900, 2000),
		bucket(a.ID, "key_b", "post-natal", h0, 5, 2, 4000, 1500),
		bucket(a.ID, "key_a", "post-natal", h0.Add(time.Hour), 2, 0, 400, 300),
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Usage [h0, h0+2h) (-want +got):\n%s", diff)
	}
	// to is exclusive.
	got, err = s.Usage(ctx, a.ID, h0.Add(-time.Hour), h0)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]store.UsageBucket{bucket(a.ID, "key_a", "post-natal", h0.Add(-time.Hour), 9, 0, 9, 1)}, got); diff != "" {
		t.Errorf("Usage [h0-1h, h0) (-want +got):\n%s", diff)
	}
	got, err = s.Usage(ctx, a.ID, h0.Add(24*time.Hour), h0.Add(48*time.Hour))
	if err != nil || len(got) != 0 {
		t.Errorf("Usage of an empty range = %v, %v; want none", got, err)
	}
}

// testUsageDetail: the latency histogram adds bin by bin and the error
// kinds add per status and type, across flushes; a bucket flushed without
// them keeps what it had.
func testUsageDetail(t *testing.T, s store.Store) {
	ctx := context.Background()
	a := newAccount(t, s, "pro")
	h0 := time.Date(2026, 7, 5, 10, 0, 0, 0, time.UTC)
	hist := func(bins map[int]int64) []int64 {
		h := make([]int64, store.LatencyBins)
		for i, n := range bins {
			h[i] = n
		}
		return h
	}
	validation := store.ErrorKind{Status: 422, Type: "validation"}
	quotaKind := store.ErrorKind{Status: 429, Type: "quota-exceeded"}
	first := store.UsageBucket{AccountID: a.ID, KeyID: "key_a", Endpoint: "post-natal", Hour: h0, Count: 3, Errors: 2, TotalMicros: 900, MaxMicros: 500,
		Latency: hist(map[int]int64{10: 1, 17: 2}), ErrorKinds: map[store.ErrorKind]int64{validation: 2}}
	second := store.UsageBucket{AccountID: a.ID, KeyID: "key_a", Endpoint: "post-natal", Hour: h0, Count: 2, Errors: 2, TotalMicros: 200, MaxMicros: 150,
		Latency: hist(map[int]int64{10: 1, store.LatencyBins - 1: 1}), ErrorKinds: map[store.ErrorKind]int64{validation: 1, quotaKind: 1}}
	plain := store.UsageBucket{AccountID: a.ID, KeyID: "key_a", Endpoint: "post-natal", Hour: h0, Count: 1, TotalMicros: 10, MaxMicros: 10}
	for _, b := range []store.UsageBucket{first, second, plain} {
		if _, err := s.Flush(ctx, store.Batch{Usage: []store.UsageBucket{b}}); err != nil {
			t.Fatal(err)
		}
	}
	got, err := s.Usage(ctx, a.ID, h0, h0.Add(time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	want := []store.UsageBucket{{AccountID: a.ID, KeyID: "key_a", Endpoint: "post-natal", Hour: h0, Count: 6, Errors: 4, TotalMicros: 1110, MaxMicros: 500,
		Latency:    hist(map[int]int64{10: 2, 17: 2, store.LatencyBins - 1: 1}),
		ErrorKinds: map[store.ErrorKind]int64{validation: 3, quotaKind: 1}}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Usage (-want +got):\n%s", diff)
	}
}

// testLastUsed: the latest hour of each key's buckets, over all hours.
func testLastUsed(t *testing.T, s store.Store) {
	ctx := context.Background()
	a := newAccount(t, s, "pro")
	other := newAccount(t, s, "pro")
	h0 := time.Date(2025, 1, 2, 3, 0, 0, 0, time.UTC)
	b := func(acct, key string, h time.Time) store.UsageBucket {
		return store.UsageBucket{AccountID: acct, KeyID: key, Endpoint: "post-natal", Hour: h, Count: 1}
	}
	_, err := s.Flush(ctx, store.Batch{Usage: []store.UsageBucket{
		b(a.ID, "key_a", h0), b(a.ID, "key_a", h0.Add(400*24*time.Hour)), b(a.ID, "key_b", h0.Add(-time.Hour)),
		b(other.ID, "key_o", h0.Add(1000*24*time.Hour)),
	}})
	if err != nil {
		t.Fatal(err)
	}
	got, err := s.LastUsed(ctx, a.ID)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]time.Time{"key_a": h0.Add(400 * 24 * time.Hour), "key_b": h0.Add(-time.Hour)}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("LastUsed (-want +got):\n%s", diff)
	}
	if got, err := s.LastUsed(ctx, newAccount(t, s, "pro").ID); err != nil || len(got) != 0 {
		t.Errorf("LastUsed of an unused account = %v, %v; want none", got, err)
	}
}

func testClosed(t *testing.T, s store.Store) {
	ctx := context.Background()
	a := newAccount(t, s, "free")
	if err := s.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	_, err := s.Account(ctx, a.ID)
	wantErr(t, "Account after Close", err, store.ErrClosed)
	_, err = s.Flush(ctx, store.Batch{Counters: []store.CounterDelta{{AccountID: a.ID, Day: t0, N: 1}}})
	wantErr(t, "Flush after Close", err, store.ErrClosed)
}

func testHits(t *testing.T, s store.Store) {
	ctx := context.Background()
	key := "signup:192.0.2." + newAccount(t, s, "free").ID
	for want := int64(1); want <= 3; want++ {
		n, err := s.Hit(ctx, key, time.Hour, t0)
		if err != nil || n != want {
			t.Fatalf("hit %d: %d, %v", want, n, err)
		}
	}
	// Another key, and the next window, start from one.
	if n, err := s.Hit(ctx, key+"x", time.Hour, t0); err != nil || n != 1 {
		t.Errorf("other key: %d, %v", n, err)
	}
	if n, err := s.Hit(ctx, key, time.Hour, t0.Add(time.Hour)); err != nil || n != 1 {
		t.Errorf("next window: %d, %v", n, err)
	}
	// Concurrent hits all count (the limiter shared by instances).
	var wg sync.WaitGroup
	for range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := s.Hit(ctx, key+"c", time.Hour, t0); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if n, err := s.Hit(ctx, key+"c", time.Hour, t0); err != nil || n != 21 {
		t.Errorf("after 20 concurrent hits: %d, %v", n, err)
	}
}

func testPurge(t *testing.T, s store.Store) {
	ctx := context.Background()
	a := newAccount(t, s, "free")
	old, _ := newKey(t, s, a.ID, t0)
	keep, _ := newKey(t, s, a.ID, t0.Add(time.Second))
	active, _ := newKey(t, s, a.ID, t0.Add(2*time.Second))
	if err := s.RevokeKey(ctx, old.ID, t0); err != nil {
		t.Fatal(err)
	}
	if err := s.RevokeKey(ctx, keep.ID, t0.Add(48*time.Hour)); err != nil {
		t.Fatal(err)
	}
	n, err := s.PurgeRevokedKeys(ctx, t0.Add(24*time.Hour))
	if err != nil || n < 1 {
		t.Fatalf("purged %d, %v", n, err)
	}
	if _, err := s.KeyByID(ctx, old.ID); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("purged key still found: %v", err)
	}
	if _, err := s.KeyByHash(ctx, old.Hash); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("purged key found by hash: %v", err)
	}
	ks, err := s.Keys(ctx, a.ID)
	if err != nil || len(ks) != 2 || ks[0].ID != keep.ID || ks[1].ID != active.ID {
		t.Errorf("keys after purge: %+v, %v", ks, err)
	}
}

// testKeyLimitsAtomic: CreateKeyWithin never passes its limit and
// RevokeKeyKeepingOne never revokes an account's last active key, under
// 30 concurrent calls (the console's races: 30 creates left 20 active
// keys against a limit of 10; two keys revoking each other both went).
func testKeyLimitsAtomic(t *testing.T, s store.Store) {
	ctx := context.Background()
	a := newAccount(t, s, "free")
	newKey(t, s, a.ID, t0)
	var wg sync.WaitGroup
	var created, limited atomic.Int64
	for i := range 30 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			k, _, err := store.NewKey(a.ID, t0.Add(time.Duration(i+1)*time.Second))
			if err != nil {
				t.Error(err)
				return
			}
			switch err := s.CreateKeyWithin(ctx, k, 10); {
			case err == nil:
				created.Add(1)
			case errors.Is(err, store.ErrLimit):
				limited.Add(1)
			default:
				t.Errorf("CreateKeyWithin: %v", err)
			}
		}()
	}
	wg.Wait()
	keys, err := s.Keys(ctx, a.ID)
	if err != nil {
		t.Fatal(err)
	}
	if created.Load() != 9 || limited.Load() != 21 || len(keys) != 10 {
		t.Fatalf("30 concurrent creates with 1 key and a limit of 10: %d created, %d refused, %d keys; want 9, 21, 10", created.Load(), limited.Load(), len(keys))
	}
	// Every key revoked at once, concurrently: exactly one stays.
	var revoked, last atomic.Int64
	for _, k := range keys {
		for range 3 { // and each one three times over
			wg.Add(1)
			go func() {
				defer wg.Done()
				switch err := s.RevokeKeyKeepingOne(ctx, k.ID, t0.Add(time.Hour)); {
				case err == nil:
					revoked.Add(1)
				case errors.Is(err, store.ErrLastKey):
					last.Add(1)
				case errors.Is(err, store.ErrRevoked):
				default:
					t.Errorf("RevokeKeyKeepingOne: %v", err)
				}
			}()
		}
	}
	wg.Wait()
	keys, _ = s.Keys(ctx, a.ID)
	active := 0
	for _, k := range keys {
		if k.Status == store.KeyActive {
			active++
		}
	}
	if active != 1 || revoked.Load() != 9 || last.Load() == 0 {
		t.Fatalf("after concurrent revocations: %d active, %d revoked, %d refused as last; want 1, 9, some", active, revoked.Load(), last.Load())
	}
	wantErr(t, "RevokeKeyKeepingOne of an unknown key", s.RevokeKeyKeepingOne(ctx, "key_00000000000000000000", t0), store.ErrNotFound)
}

// testReservations: Reserve grants within the limits after the counted
// calls and every writer's live reservations; a flush moves settled calls
// from a reservation to the counters and gives back the rest; an expired
// reservation (a writer that died) holds nothing back.
func testReservations(t *testing.T, s store.Store) {
	ctx := context.Background()
	a := newAccount(t, s, "free")
	day := store.Day(time.Now())
	// Writer names are the store's for good (their flush sequences): new
	// ones for every run on a shared database.
	w := func(name string) string { return name + "-" + a.ID }
	res := func(writer string, n int64, ttl time.Duration) store.Grant {
		t.Helper()
		g, err := s.Reserve(ctx, store.Reservation{AccountID: a.ID, Day: day, Writer: w(writer), N: n, DailyLimit: 100, MonthlyLimit: 150, TTL: ttl})
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	if g := res("w1", 60, time.Minute); g.N != 60 || g.Reserved != 60 || g.Used.DayN != 0 {
		t.Fatalf("first grant %+v", g)
	}
	if g := res("w2", 60, time.Minute); g.N != 40 || g.Reserved != 100 {
		t.Fatalf("second grant %+v, want 40 (the day's limit)", g)
	}
	// w1 served 10 of its 60 and gives the rest back.
	if _, err := s.Flush(ctx, store.Batch{Writer: w("w1"), Seq: 1, ReservationTTL: time.Minute,
		Counters:     []store.CounterDelta{{AccountID: a.ID, Day: day, N: 10}},
		Reservations: []store.ReservationDelta{{AccountID: a.ID, Day: day, N: -60}}}); err != nil {
		t.Fatal(err)
	}
	if g := res("w3", 100, time.Minute); g.N != 50 || g.Used.DayN != 10 || g.Reserved != 90 {
		t.Fatalf("after w1's flush: %+v, want 50 granted (100 - 10 counted - 40 of w2)", g)
	}
	// w2 dies with its 40: they expire. (A reservation that expires at
	// once stands for a writer killed long ago.)
	if g := res("w4", 5, time.Nanosecond); g.N != 0 {
		t.Fatalf("w4 got %+v with the day used up", g)
	}
	if _, err := s.Flush(ctx, store.Batch{Writer: w("w2"), Seq: 1, ReservationTTL: time.Nanosecond,
		Reservations: []store.ReservationDelta{{AccountID: a.ID, Day: day, N: 0}}}); err != nil {
		t.Fatal(err)
	}
	time.Sleep(10 * time.Millisecond)
	if g := res("w4", 100, time.Minute); g.N != 40 || g.Used.DayN != 10 {
		t.Fatalf("after w2's reservation expired: %+v, want its 40", g)
	}
	// The month's limit counts every day's reservations.
	c, err := s.Counters(ctx, a.ID, day)
	if err != nil || c.DayN != 10 || c.MonthN != 10 {
		t.Fatalf("counters %+v %v: reservations are not counted", c, err)
	}
}

// testFlushOnce: a batch sent again with the same writer and sequence
// (its first commit went through, the reply was lost) is applied once.
func testFlushOnce(t *testing.T, s store.Store) {
	ctx := context.Background()
	a := newAccount(t, s, "free")
	b := store.Batch{Writer: "w-" + a.ID, Seq: 7, Counters: []store.CounterDelta{{AccountID: a.ID, Day: t0, N: 5}}}
	for i := range 3 {
		got, err := s.Flush(ctx, b)
		if err != nil {
			t.Fatal(err)
		}
		if got[0].DayN != 5 {
			t.Fatalf("send %d: totals %+v, want 5", i+1, got[0])
		}
	}
	b.Seq = 8
	if got, err := s.Flush(ctx, b); err != nil || got[0].DayN != 10 {
		t.Fatalf("next sequence: %+v %v, want 10", got, err)
	}
}
