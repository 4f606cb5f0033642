// Package store keeps accounts, API keys, quota counters and hourly usage
// attribution, behind one interface (Store) with two implementations:
//
//   - store/bolt: a bbolt file, the default; one process at a time.
//   - store/postgres: PostgreSQL (pgx/v5), shared by any number of instances.
//
// Open(pathOrURL) picks one: a postgres:// or postgresql:// URL opens
// PostgreSQL, anything else is a bbolt file path (created if missing). Both
// create or upgrade their schema on open. Both implementations register
// themselves with Open when imported, so a program that calls Open imports
// them for effect:
//
//	import (
//		"github.com/astroapi/astroapi/store"
//		_ "github.com/astroapi/astroapi/store/bolt"
//		_ "github.com/astroapi/astroapi/store/postgres"
//	)
//
//	st, err := store.Open(os.Getenv("ASTROAPI_STORE")) // "data/astroapi.db" or "postgres://..."
//
// # Accounts and keys
//
// An Account (id, email, plan, created) owns Keys. A key's secret is
// SecretPrefix ("ak_live_") followed by 52 base32 characters carrying 256
// random bits; it is returned once by NewKey and never stored. The store
// keeps its SHA-256 hash (HashSecret) and a display prefix of
// DisplayPrefixLen characters (Key.Prefix, Key.Masked). Authentication is
//
//	k, err := st.KeyByHash(ctx, store.HashSecret(header)) // point lookup; cache it
//	if errors.Is(err, store.ErrNotFound) || k.Status != store.KeyActive { 401 }
//	acct, err := st.Account(ctx, k.AccountID)              // plan for package quota
//
// Creating an account with a first key, and rotating:
//
//	a, _ := store.NewAccount(email, "free", now)
//	err = st.CreateAccount(ctx, a)             // ErrExists if the email is taken
//	k, secret, _ := store.NewKey(a.ID, now)
//	err = st.CreateKey(ctx, k)                 // print secret once
//	next, secret2, _ := store.NewKey(a.ID, now)
//	err = st.RotateKey(ctx, k.ID, next)        // new key + old revoked, atomically
//	err = st.RevokeKey(ctx, k.ID, now)         // ErrRevoked if it already was
//
// # Counters and attribution
//
// The store does not count calls itself: package quota counts them in
// memory and hands deltas to Flush, which adds them in one transaction
// (bbolt: a read-modify-write inside one fsynced write transaction;
// PostgreSQL: INSERT ... ON CONFLICT DO UPDATE SET n = n + delta ...
// RETURNING n), so the deltas of several instances add up and none is
// overwritten. Flush returns the resulting totals, which quota uses to see
// the other instances' counts. Counters are kept per account per UTC day
// ("2006-01-02") and per UTC month ("2006-01").
//
// Attribution is kept as UsageBucket rows: per account, key, endpoint
// (operation id) and UTC hour, the number of calls, of errors (status >=
// 400), the total and the maximum response time in microseconds. Usage
// reads them back for the statistics of package quota.
//
// # Durability
//
// Nothing a method reported as written is lost: bbolt fsyncs every commit
// (NoSync is never set), PostgreSQL commits each call in a transaction.
// What can be lost in a crash are the counts quota has not flushed yet: at
// most one flush interval (see package quota).
//
// A Flush whose commit succeeded in the database but whose reply was lost
// (network failure at exactly that moment) is retried by quota and counted
// twice: counters may over-count, never under-count, in that case.
package store
