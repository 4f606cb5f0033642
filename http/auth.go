package http

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"hash/maphash"
	"strings"
	"sync"
	"time"

	"github.com/valyala/fasthttp"

	"github.com/astroapi/astroapi/http/op"
	"github.com/astroapi/astroapi/store"
)

// keyEntry is a cached key lookup; ok false caches an unknown key briefly so
// that guessing does not hammer the store.
type keyEntry struct {
	key     store.Key
	account store.Account
	ok      bool
	at      time.Time // when the store answered
	// until is when the entry stops being trusted, by the server's clock
	// (Config.Clock): ristretto's TTL, which follows the wall clock, only
	// frees the memory, so the revocation delay is testable with a fake
	// clock.
	until time.Time
}

// maxKeyLen bounds what is hashed and looked up.
const maxKeyLen = 256

// staleFor is how long a key the store confirmed keeps working while the
// store is unreachable (stale-while-error): an outage of the shared store
// does not lock out every client whose key was seen recently, and a key
// revoked during the outage stops within this bound.
const staleFor = 5 * time.Minute

// Failed authentications per client address are throttled: beyond
// authFailBudget failures in authFailWindow, further requests from the
// address without a valid cached key are refused with 429 before any store
// lookup. Random keys cannot then drive the store.
const (
	authFailBudget = 20
	authFailWindow = 10 * time.Second
)

// requestKey is the API key a request sends: the x-api-key header, or the
// token of an Authorization: Bearer header, the same key for the clients
// and agent platforms that send only that header. Both present and
// different is a 400: which one was meant cannot be told. Another
// Authorization scheme (Basic) is no key. The key is never logged.
func requestKey(h *fasthttp.RequestHeader) ([]byte, *op.Problem) {
	key := h.Peek("x-api-key")
	auth := h.Peek("Authorization")
	if len(auth) < 7 || !strings.EqualFold(string(auth[:7]), "bearer ") {
		return key, nil
	}
	token := bytes.TrimSpace(auth[7:])
	switch {
	case len(key) == 0:
		return token, nil
	case !bytes.Equal(key, token):
		p := op.NewProblem(400, op.KindBadRequest, "the x-api-key header and the Authorization: Bearer token hold different keys; send one of them")
		p.Errors = []op.FieldProblem{{Field: "Authorization", Reason: "differs from x-api-key"}}
		return nil, p
	}
	return key, nil
}

// authenticate resolves the API key of a request from ip (requestKey).
// Lookups are cached for Limits.KeyCacheTTL (1 s by default), which bounds
// how long a key revoked elsewhere keeps working; revocations through this
// server (ForgetKeys) act at once.
func (s *Server) authenticate(ctx context.Context, key []byte, ip string) (*keyEntry, *op.Problem) {
	if len(key) == 0 {
		return nil, s.unauthorized("send your API key in the x-api-key header (or Authorization: Bearer); create one at /api-keys")
	}
	// The cache is keyed by the secret itself (ristretto hashes it), so a
	// hit costs no SHA-256; the store is asked by hash on a miss.
	ck := string(key)
	e, hit := s.keys.Get(ck)
	if hit && !s.cfg.Clock().Before(e.until) {
		hit = false // older than KeyCacheTTL: ask the store again
	}
	if hit && e.ok {
		return s.checkEntry(e)
	}
	if wait, over := s.authFails.over(ip, s.cfg.Clock()); over {
		// A key the store confirmed lately is still looked up: a client
		// behind the same address as a flood keeps working.
		if _, known := s.staleKeys.Get(ck); !known {
			return nil, op.NewProblem(429, op.KindRate, "too many requests with invalid API keys from this address; retry later").WithRetryAfter(wait)
		}
	}
	if len(key) > maxKeyLen || !store.LooksLikeSecret(ck) {
		// Not the shape of any key we issue: refused without a lookup.
		s.authFails.add(ip, s.cfg.Clock())
		return nil, s.unauthorized("the x-api-key header (or bearer token) does not hold a valid API key")
	}
	if s.cfg.Store == nil {
		return nil, op.NewProblem(503, op.KindUnavailable, "no key store is configured")
	}
	if !hit {
		e = &keyEntry{at: time.Now(), until: s.cfg.Clock().Add(s.cfg.Limits.KeyCacheTTL)}
		k, err := s.cfg.Store.KeyByHash(ctx, sha256.Sum256(key))
		if err == nil {
			e.key = k
			e.account, err = s.cfg.Store.Account(ctx, k.AccountID)
		}
		switch {
		case err == nil:
			e.ok = true
			s.staleKeys.SetWithTTL(ck, e, 1, staleFor)
		case errors.Is(err, store.ErrNotFound):
		default:
			s.errLog.error("key lookup failed", err)
			if old, ok := s.staleKeys.Get(ck); ok {
				// The store is unreachable: a key it confirmed lately
				// keeps working for a bounded time.
				return s.checkEntry(old)
			}
			return nil, op.NewProblem(503, op.KindUnavailable, "the key store is unavailable; retry shortly").WithRetryAfter(time.Second)
		}
		s.keys.SetWithTTL(ck, e, 1, s.cfg.Limits.KeyCacheTTL)
		if e.ok {
			return s.checkEntry(e)
		}
	}
	s.authFails.add(ip, s.cfg.Clock())
	return nil, s.unauthorized("the API key sent is not known; check for copy errors or create a key at /api-keys")
}

// checkEntry refuses a key that is revoked, in the store or through this
// server since it was cached.
func (s *Server) checkEntry(e *keyEntry) (*keyEntry, *op.Problem) {
	if e.key.Status != store.KeyActive {
		return nil, s.unauthorized("the API key sent has been revoked; use its replacement or create a key at /api-keys")
	}
	if at, revoked := s.revoked.Load(e.key.ID); revoked && !e.at.After(at.(time.Time)) {
		return nil, s.unauthorized("the API key sent has been revoked; use its replacement or create a key at /api-keys")
	}
	return e, nil
}

// unauthorized is the 401 of a missing or bad key.
func (s *Server) unauthorized(detail string) *op.Problem {
	return op.NewProblem(401, op.KindUnauthorized, detail)
}

// ForgetKey makes the server refuse key id at once, though lookups of it
// are cached (after a revocation or rotation here or by the keys command):
// entries cached before now are refused. Only that key is affected; the
// mark lapses once every such entry, stale copies included, has expired.
func (s *Server) ForgetKey(id string) {
	now := time.Now()
	s.revoked.Store(id, now)
	time.AfterFunc(staleFor+time.Second, func() { s.revoked.CompareAndDelete(id, now) })
}

// failCounter counts failed authentications per client address in fixed
// windows, in shards so that a flood from many addresses does not contend
// on one mutex. Memory is bounded: a shard is emptied of expired windows
// when it grows past 10,000 addresses.
type failCounter struct {
	seed   maphash.Seed
	shards [32]failShard
}

type failShard struct {
	mu   sync.Mutex
	seen map[string]*window
}

type window struct {
	start time.Time
	n     int
}

func newFailCounter() *failCounter {
	f := &failCounter{seed: maphash.MakeSeed()}
	for i := range f.shards {
		f.shards[i].seen = map[string]*window{}
	}
	return f
}

func (f *failCounter) shard(ip string) *failShard {
	return &f.shards[maphash.String(f.seed, ip)%uint64(len(f.shards))]
}

// add counts one failure of ip at now.
func (f *failCounter) add(ip string, now time.Time) {
	sh := f.shard(ip)
	sh.mu.Lock()
	defer sh.mu.Unlock()
	if len(sh.seen) > 10_000 {
		for k, w := range sh.seen {
			if now.Sub(w.start) >= authFailWindow {
				delete(sh.seen, k)
			}
		}
	}
	w := sh.seen[ip]
	if w == nil || now.Sub(w.start) >= authFailWindow {
		w = &window{start: now}
		sh.seen[ip] = w
	}
	w.n++
}

// over reports whether ip used up its failures, and how long until its
// window ends.
func (f *failCounter) over(ip string, now time.Time) (time.Duration, bool) {
	sh := f.shard(ip)
	sh.mu.Lock()
	defer sh.mu.Unlock()
	w := sh.seen[ip]
	if w == nil || now.Sub(w.start) >= authFailWindow || w.n < authFailBudget {
		return 0, false
	}
	return w.start.Add(authFailWindow).Sub(now), true
}
