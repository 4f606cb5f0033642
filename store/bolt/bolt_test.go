package bolt_test

import (
	"context"
	"encoding/binary"
	"path/filepath"
	"testing"
	"time"

	"github.com/astroapi/astroapi/store"
	"github.com/astroapi/astroapi/store/bolt"
	"github.com/astroapi/astroapi/store/storetest"
	"github.com/google/go-cmp/cmp"
	bbolt "go.etcd.io/bbolt"
)

func TestStore(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store {
		db, err := bolt.Open(filepath.Join(t.TempDir(), "sub", "astroapi.db"))
		if err != nil {
			t.Fatal(err)
		}
		return db
	})
}

// TestReopen checks that what was written is in the file after a reopen,
// and that store.Open picks bbolt for a path.
func TestReopen(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "astroapi.db")
	s, err := store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := s.(*bolt.DB); !ok {
		t.Fatalf("store.Open(%q) = %T, want *bolt.DB", path, s)
	}
	a, _ := store.NewAccount("reopen@example.test", "pro", storetestT0)
	if err := s.CreateAccount(ctx, a); err != nil {
		t.Fatal(err)
	}
	k, secret, _ := store.NewKey(a.ID, storetestT0)
	if err := s.CreateKey(ctx, k); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Flush(ctx, store.Batch{Counters: []store.CounterDelta{{AccountID: a.ID, Day: storetestT0, N: 42}}}); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}

	s, err = store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	got, err := s.KeyByHash(ctx, store.HashSecret(secret))
	if err != nil || got.AccountID != a.ID {
		t.Fatalf("KeyByHash after reopen = %+v, %v", got, err)
	}
	c, err := s.Counters(ctx, a.ID, storetestT0)
	if err != nil || c.DayN != 42 || c.MonthN != 42 {
		t.Fatalf("Counters after reopen = %+v, %v; want 42", c, err)
	}
}

// BenchmarkKeyByHash is the uncached authentication lookup.
func BenchmarkKeyByHash(b *testing.B) {
	db, err := bolt.Open(filepath.Join(b.TempDir(), "astroapi.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	ctx := context.Background()
	a, _ := store.NewAccount("bench@example.test", "pro", storetestT0)
	if err := db.CreateAccount(ctx, a); err != nil {
		b.Fatal(err)
	}
	var hashes [][32]byte
	for range 1000 {
		k, _, _ := store.NewKey(a.ID, storetestT0)
		if err := db.CreateKey(ctx, k); err != nil {
			b.Fatal(err)
		}
		hashes = append(hashes, k.Hash)
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, err := db.KeyByHash(ctx, hashes[i%len(hashes)]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// TestSchema1Usage reads a usage record of schema 1 (the four totals, no
// histogram nor error kinds), then adds a flush of schema 2 to it.
func TestSchema1Usage(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "astroapi.db")
	s, err := bolt.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	hour := storetestT0.Truncate(time.Hour)
	raw, err := bbolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	err = raw.Update(func(tx *bbolt.Tx) error {
		k := append([]byte("acct_1\x00"), binary.BigEndian.AppendUint64(nil, uint64(hour.Unix()))...)
		k = append(k, "key_1\x00post-natal"...)
		var v []byte
		for _, x := range []uint64{4, 1, 4000, 2500} {
			v = binary.BigEndian.AppendUint64(v, x)
		}
		return tx.Bucket([]byte("usage")).Put(k, v)
	})
	raw.Close()
	if err != nil {
		t.Fatal(err)
	}
	s, err = bolt.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	lat := make([]int64, store.LatencyBins)
	lat[store.LatencyBin(300)] = 1
	kinds := map[store.ErrorKind]int64{{Status: 404, Type: "not-found"}: 1}
	if _, err := s.Flush(ctx, store.Batch{Usage: []store.UsageBucket{{AccountID: "acct_1", KeyID: "key_1", Endpoint: "post-natal", Hour: hour,
		Count: 1, Errors: 1, TotalMicros: 300, MaxMicros: 300, Latency: lat, ErrorKinds: kinds}}}); err != nil {
		t.Fatal(err)
	}
	got, err := s.Usage(ctx, "acct_1", hour, hour.Add(time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	want := []store.UsageBucket{{AccountID: "acct_1", KeyID: "key_1", Endpoint: "post-natal", Hour: hour,
		Count: 5, Errors: 2, TotalMicros: 4300, MaxMicros: 2500, Latency: lat, ErrorKinds: kinds}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}
