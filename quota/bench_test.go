package quota_test

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/astroapi/astroapi/quota"
)

// BenchmarkCharge measures Charge under contention: all goroutines on one
// account (one shard mutex), or spread over 1024 accounts (64 shards).
// The background flusher runs every second as in production.
func BenchmarkCharge(b *testing.B) {
	for _, accounts := range []int{1, 1024} {
		b.Run(fmt.Sprintf("accounts=%d", accounts), func(b *testing.B) {
			q := quota.New(newBolt(b), quota.Config{Plans: testPlans(), Now: func() time.Time { return noon }})
			defer q.Close()
			ids := make([]string, accounts)
			for i := range ids {
				ids[i] = newAccountID(b)
				mustCharge(b, q, ids[i], "big", 1) // loaded before timing
			}
			var next atomic.Int64
			ctx := context.Background()
			b.ReportAllocs()
			b.ResetTimer()
			b.RunParallel(func(pb *testing.PB) {
				i := int(next.Add(1)) * 7919
				for pb.Next() {
					i++
					if _, err := q.Charge(ctx, ids[i%accounts], "big", 1); err != nil {
						b.Error(err)
						return
					}
				}
			})
		})
	}
}

// BenchmarkRecord measures attribution of one call, in parallel.
func BenchmarkRecord(b *testing.B) {
	q := quota.New(newBolt(b), quota.Config{Now: func() time.Time { return noon }})
	defer q.Close()
	acct := newAccountID(b)
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			q.Record(quota.Call{AccountID: acct, KeyID: "key_1", Endpoint: "post-natal", Status: 200, Duration: time.Millisecond})
		}
	})
}

// BenchmarkFlush measures one flush of 1000 accounts' deltas and 1000
// attribution buckets, the work of one interval of a busy server.
func BenchmarkFlush(b *testing.B) {
	for _, be := range backends() {
		b.Run(be.name, func(b *testing.B) {
			open := be.open(b)
			q := quota.New(open(), quota.Config{Plans: testPlans(), FlushInterval: -1, Now: func() time.Time { return noon }})
			defer q.Close()
			ids := make([]string, 1000)
			for i := range ids {
				ids[i] = newAccountID(b)
			}
			ctx := context.Background()
			b.ResetTimer()
			for b.Loop() {
				b.StopTimer()
				for _, id := range ids {
					mustCharge(b, q, id, "big", 1)
					q.Record(quota.Call{AccountID: id, KeyID: "key_1", Endpoint: "post-natal", Status: 200, Duration: time.Millisecond})
				}
				b.StartTimer()
				if _, err := q.Flush(ctx); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
