package http

import (
	"context"
	"crypto/sha256"
	"errors"
	"sync"
	"time"

	"github.com/astroapi/astroapi/store"
)

// keyEntry is a cached key lookup; ok false caches an unknown key briefly so
// that guessing does not hammer the store.
type keyEntry struct {
	key     store.Key
	account store.Account
	ok      bool
}

// maxKeyLen bounds what is hashed and looked up.
const maxKeyLen = 256

// authenticate resolves the x-api-key header. Lookups are cached for
// Limits.KeyCacheTTL (1 s by default), which bounds how long a revoked key
// keeps working on other instances; revocations through this server drop the
// cache entry at once.
func (s *Server) authenticate(ctx context.Context, key []byte) (*keyEntry, *Problem) {
	if len(key) == 0 {
		return nil, newProblem(401, kindUnauthorized, "send your API key in the x-api-key header; create one at /api-keys")
	}
	if len(key) > maxKeyLen {
		return nil, newProblem(401, kindUnauthorized, "the x-api-key header does not hold a valid API key")
	}
	if s.cfg.Store == nil {
		return nil, newProblem(503, kindUnavailable, "no key store is configured")
	}
	// The cache is keyed by the secret itself (ristretto hashes it), so a
	// hit costs no SHA-256; the store is asked by hash on a miss.
	ck := string(key)
	e, hit := s.keys.Get(ck)
	if !hit {
		e = &keyEntry{}
		k, err := s.cfg.Store.KeyByHash(ctx, sha256.Sum256(key))
		if err == nil {
			e.key = k
			e.account, err = s.cfg.Store.Account(ctx, k.AccountID)
		}
		switch {
		case err == nil:
			e.ok = true
		case errors.Is(err, store.ErrNotFound):
		default:
			s.log.Error("key lookup failed", "error", err.Error())
			return nil, newProblem(503, kindUnavailable, "the key store is unavailable; retry shortly")
		}
		s.keys.SetWithTTL(ck, e, 1, s.cfg.Limits.KeyCacheTTL)
	}
	if !e.ok {
		return nil, newProblem(401, kindUnauthorized, "the API key in x-api-key is not known; check for copy errors or create a key at /api-keys")
	}
	if e.key.Status != store.KeyActive {
		return nil, newProblem(401, kindUnauthorized, "the API key in x-api-key has been revoked; use its replacement or create a key at /api-keys")
	}
	return e, nil
}

// forgetKeys drops every cached lookup, after a revoke or rotate here.
func (s *Server) forgetKeys() { s.keys.Clear() }

// windowLimiter allows n events per key per window (fixed windows); it
// guards account creation.
type windowLimiter struct {
	mu     sync.Mutex
	n      int
	window time.Duration
	seen   map[string]*windowCount
}

type windowCount struct {
	start time.Time
	n     int
}

func newWindowLimiter(n int, window time.Duration) *windowLimiter {
	return &windowLimiter{n: n, window: window, seen: map[string]*windowCount{}}
}

// allow records an event for key at now and reports whether it is within
// the limit, and if not how long until the window resets.
func (w *windowLimiter) allow(key string, now time.Time) (bool, time.Duration) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(w.seen) > 100_000 { // bound memory under address churn
		for k, c := range w.seen {
			if now.Sub(c.start) >= w.window {
				delete(w.seen, k)
			}
		}
	}
	c := w.seen[key]
	if c == nil || now.Sub(c.start) >= w.window {
		c = &windowCount{start: now}
		w.seen[key] = c
	}
	if c.n >= w.n {
		return false, c.start.Add(w.window).Sub(now)
	}
	c.n++
	return true, 0
}
