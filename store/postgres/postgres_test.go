package postgres_test

import (
	"context"
	"testing"

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
