package http

import (
	"context"
	"crypto/sha256"
	"errors"

	"github.com/astroapi/astroapi/http/op"
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
func (s *Server) authenticate(ctx context.Context, key []byte) (*keyEntry, *op.Problem) {
	if len(key) == 0 {
		return nil, op.NewProblem(401, op.KindUnauthorized, "send your API key in the x-api-key header; create one at /api-keys")
	}
	if len(key) > maxKeyLen || !store.LooksLikeSecret(string(key)) {
		// Not the shape of any key we issue: refused without a lookup.
		return nil, op.NewProblem(401, op.KindUnauthorized, "the x-api-key header does not hold a valid API key")
	}
	if s.cfg.Store == nil {
		return nil, op.NewProblem(503, op.KindUnavailable, "no key store is configured")
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
			return nil, op.NewProblem(503, op.KindUnavailable, "the key store is unavailable; retry shortly")
		}
		s.keys.SetWithTTL(ck, e, 1, s.cfg.Limits.KeyCacheTTL)
	}
	if !e.ok {
		return nil, op.NewProblem(401, op.KindUnauthorized, "the API key in x-api-key is not known; check for copy errors or create a key at /api-keys")
	}
	if e.key.Status != store.KeyActive {
		return nil, op.NewProblem(401, op.KindUnauthorized, "the API key in x-api-key has been revoked; use its replacement or create a key at /api-keys")
	}
	return e, nil
}

// ForgetKeys drops every cached key lookup, so that a key revoked or
// rotated elsewhere (the console, the keys command) stops working here at
// once rather than when its cache entry expires.
func (s *Server) ForgetKeys() { s.keys.Clear() }
