package quota_test

import (
	"context"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/astroapi/astroapi/quota"
	"github.com/astroapi/astroapi/store"
	"github.com/astroapi/astroapi/store/bolt"
	"github.com/astroapi/astroapi/store/postgres"
	"github.com/astroapi/astroapi/store/storetest"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// clock is a settable clock for Config.Now.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock(t time.Time) *clock { return &clock{t: t} }

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Set(t time.Time) {
	c.mu.Lock()
	c.t = t
	c.mu.Unlock()
}

func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// backend opens stores of one kind; open may be called several times in a
// test to get several handles on the same data (instances), all closed at
// the end of the test.
type backend struct {
	name string
	// open returns an opener for one shared data set.
	open func(t testing.TB) func() store.Store
}

func backends() []backend {
	return []backend{
		{"bolt", func(t testing.TB) func() store.Store {
			// bbolt allows one handle per file: "instances" share it.
			db, err := bolt.Open(filepath.Join(t.TempDir(), "q.db"))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { db.Close() })
			return func() store.Store { return db }
		}},
		{"postgres", func(t testing.TB) func() store.Store {
			url := storetest.PostgresURL(t)
			return func() store.Store {
				db, err := postgres.Open(context.Background(), url)
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { db.Close() })
				return db
			}
		}},
	}
}

// forEachBackend runs fn as a subtest per store kind.
func forEachBackend(t *testing.T, fn func(t *testing.T, open func() store.Store)) {
	for _, b := range backends() {
		t.Run(b.name, func(t *testing.T) { fn(t, b.open(t)) })
	}
}

// newAccountID returns a fresh random account id, so that tests on a
// shared PostgreSQL database never see each other's counters.
func newAccountID(t testing.TB) string {
	a, err := store.NewAccount("", "", time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	return a.ID
}

// testPlans are DefaultPlans plus plans with round numbers for tests.
func testPlans() quota.Plans {
	p := quota.DefaultPlans()
	p["t10"] = quota.Plan{Name: "t10", DailyLimit: 10, MonthlyLimit: 25}
	p["big"] = quota.Plan{Name: "big", DailyLimit: 1 << 40, MonthlyLimit: 1 << 41}
	p["rate5"] = quota.Plan{Name: "rate5", DailyLimit: 1000, MonthlyLimit: 10000, RatePerSecond: 5}
	p["burst"] = quota.Plan{Name: "burst", DailyLimit: 1000, MonthlyLimit: 10000, RatePerSecond: 2, Burst: 6}
	return p
}

func mustCharge(t testing.TB, q *quota.Quota, acct, plan string, n int64) quota.Usage {
	t.Helper()
	u, err := q.Charge(context.Background(), acct, plan, n)
	if err != nil {
		t.Fatalf("Charge(%s, %s, %d): %v", acct, plan, n, err)
	}
	return u
}

// newBolt opens a fresh bbolt store closed at the end of the test.
func newBolt(t testing.TB) store.Store {
	t.Helper()
	db, err := bolt.Open(filepath.Join(t.TempDir(), "q.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// ignoreRate leaves out of comparisons the per-second state a Usage
// carries for the RateLimit headers.
var ignoreRate = cmpopts.IgnoreFields(quota.Usage{}, "RatePerSecond", "RateRemaining")
