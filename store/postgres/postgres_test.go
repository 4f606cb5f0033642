package postgres_test

import (
	"context"
	"testing"
	"time"

	"github.com/astroapi/astroapi/store"
	"github.com/astroapi/astroapi/store/postgres"
	"github.com/astroapi/astroapi/store/storetest"
)

func TestStore(t *testing.T) {
	url := storetest.PostgresURL(t)
	storetest.Run(t, func(t *testing.T) store.Store {
		db, err := postgres.Open(context.Background(), url)
		if err != nil {
			t.Fatal(err)
		}
		return db
	})
}

// TestOpen checks that store.Open picks PostgreSQL for a URL and that
// opening an already migrated database (and opening several at once, as
// instances starting together do) works.
func TestOpen(t *testing.T) {
	url := storetest.PostgresURL(t)
	errs := make(chan error, 3)
	for range 3 {
		go func() {
			s, err := store.Open(url)
			if err == nil {
				if _, ok := s.(*postgres.DB); !ok {
					t.Errorf("store.Open(url) = %T, want *postgres.DB", s)
				}
				s.Close()
			}
			errs <- err
		}()
	}
	for range 3 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
}

// BenchmarkKeyByHash is the uncached authentication lookup (one round trip).
func BenchmarkKeyByHash(b *testing.B) {
	db, err := postgres.Open(context.Background(), storetest.PostgresURL(b))
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	ctx := context.Background()
	a, _ := store.NewAccount("", "pro", time.Now())
	a.Email = a.ID + "@example.test"
	if err := db.CreateAccount(ctx, a); err != nil {
		b.Fatal(err)
	}
	k, _, _ := store.NewKey(a.ID, time.Now())
	if err := db.CreateKey(ctx, k); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := db.KeyByHash(ctx, k.Hash); err != nil {
			b.Fatal(err)
		}
	}
}
