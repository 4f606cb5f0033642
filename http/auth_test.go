package http

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"github.com/astroapi/astroapi/store"
)

// flakyStore answers key lookups from one key, or fails while down, and
// counts the lookups that reached it.
type flakyStore struct {
	store.Store // nil: only the methods below are used
	key         store.Key
	secret      string
	down        atomic.Bool
	lookups     atomic.Int64
}

func (f *flakyStore) KeyByHash(_ context.Context, h [32]byte) (store.Key, error) {
	f.lookups.Add(1)
	if f.down.Load() {
		return store.Key{}, errors.New("connection refused")
	}
	if h != store.HashSecret(f.secret) {
		return store.Key{}, store.ErrNotFound
	}
	return f.key, nil
}

func (f *flakyStore) Account(context.Context, string) (store.Account, error) {
	return store.Account{ID: f.key.AccountID, Plan: "test"}, nil
}

func newAuthServer(t *testing.T) (*Server, *flakyStore) {
	t.Helper()
	k, secret, err := store.NewKey("acct_x", time.Now())
	if err != nil {
		t.Fatal(err)
	}
	st := &flakyStore{key: k, secret: secret}
	s, err := New(Config{Store: st, Limits: Limits{KeyCacheTTL: time.Millisecond}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Shutdown(context.Background()) })
	return s, st
}

// TestAuthFloodThrottled: random well-formed keys from one address reach
// the store at most authFailBudget times per window; then 429 without a
// lookup. Another address is not affected.
func TestAuthFloodThrottled(t *testing.T) {
	s, st := newAuthServer(t)
	statuses := map[int]int{}
	for range 200 {
		k, secret, _ := store.NewKey("acct_y", time.Now())
		_ = k
		_, p := s.authenticate(context.Background(), []byte(secret), "192.0.2.1")
		statuses[p.Status]++
	}
	if statuses[401] != authFailBudget || statuses[429] != 200-authFailBudget {
		t.Errorf("statuses %v, want %d 401 then 429", statuses, authFailBudget)
	}
	if n := st.lookups.Load(); n != authFailBudget {
		t.Errorf("%d store lookups for 200 bad keys, want %d", n, authFailBudget)
	}
	if _, p := s.authenticate(context.Background(), []byte(st.secret), "192.0.2.2"); p != nil {
		t.Errorf("another address: %v", p)
	}
	// A key the store confirmed lately still works from the throttled
	// address, its lookup cache expired or not.
	s.staleKeys.Wait()
	s.keys.Del(st.secret)
	if _, p := s.authenticate(context.Background(), []byte(st.secret), "192.0.2.1"); p != nil {
		t.Errorf("known valid key from the throttled address: %v", p)
	}
}

// TestAuthStaleWhileStoreDown: a key the store confirmed keeps working
// while the store fails (stale-while-error); an unknown one gets 503, and
// a key revoked through the server is refused even from the stale copy.
func TestAuthStaleWhileStoreDown(t *testing.T) {
	s, st := newAuthServer(t)
	if _, p := s.authenticate(context.Background(), []byte(st.secret), "192.0.2.1"); p != nil {
		t.Fatal(p)
	}
	s.staleKeys.Wait()
	s.keys.Del(st.secret) // as when its cache entry expires
	st.down.Store(true)
	if _, p := s.authenticate(context.Background(), []byte(st.secret), "192.0.2.1"); p != nil {
		t.Fatalf("known key while the store is down: %v", p)
	}
	_, other, _ := store.NewKey("acct_z", time.Now())
	if _, p := s.authenticate(context.Background(), []byte(other), "192.0.2.1"); p == nil || p.Status != 503 {
		t.Fatalf("unknown key while the store is down: %v", p)
	}
	s.ForgetKey(st.key.ID)
	if _, p := s.authenticate(context.Background(), []byte(st.secret), "192.0.2.1"); p == nil || p.Status != 401 {
		t.Fatalf("revoked key from the stale copy: %v", p)
	}
}
