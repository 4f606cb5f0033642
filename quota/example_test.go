package quota_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/astroapi/astroapi/quota"
	"github.com/astroapi/astroapi/store"
	_ "github.com/astroapi/astroapi/store/bolt" // registers bbolt with store.Open
)

// Example shows the life of a request as the http layer sees it: charge,
// attribute, refuse when the day is used up.
func Example() {
	dir, _ := os.MkdirTemp("", "quota-example")
	defer os.RemoveAll(dir)
	st, err := store.Open(filepath.Join(dir, "astroapi.db"))
	if err != nil {
		panic(err)
	}
	defer st.Close()

	now := time.Date(2026, 11, 21, 22, 0, 0, 0, time.UTC)
	plans, _ := quota.ParsePlans("tiny daily=2 monthly=10 rate=0", quota.DefaultPlans())
	q := quota.New(st, quota.Config{Plans: plans, Now: func() time.Time { return now }})
	defer q.Close() // flushes; runs before st.Close

	ctx := context.Background()
	for range 3 {
		u, err := q.Charge(ctx, "acct_example", "tiny", 1)
		var le *quota.LimitError
		if errors.As(err, &le) {
			fmt.Printf("429 %s limit %d, Retry-After: %d\n", le.Limit, le.Max, le.RetryAfterSeconds())
			continue
		}
		fmt.Printf("200 usage %d/%d today, %d/%d this month, scope %s\n",
			u.RequestsThisDay, u.DailyLimit, u.RequestsThisMonth, u.MonthlyLimit, u.Scope)
		q.Record(quota.Call{AccountID: "acct_example", KeyID: "key_1", Endpoint: "post-natal", Status: 200, Duration: 2 * time.Millisecond})
	}
	c, _ := q.Chart(ctx, "acct_example", quota.ChartUsage, 2)
	header, rows := c.Table()
	fmt.Println(header, rows)
	// Output:
	// 200 usage 1/2 today, 1/10 this month, scope account_plan
	// 200 usage 2/2 today, 2/10 this month, scope account_plan
	// 429 daily limit 2, Retry-After: 7200
	// [date requests errors] [[2026-11-20 0 0] [2026-11-21 2 0]]
}
