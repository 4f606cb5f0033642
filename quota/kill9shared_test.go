package quota_test

import (
	"bufio"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/astroapi/astroapi/quota"
	"github.com/astroapi/astroapi/store"
	"github.com/astroapi/astroapi/store/postgres"
	"github.com/astroapi/astroapi/store/storetest"
)

// The child half of TestKill9Shared runs when this variable names a
// PostgreSQL URL; the account is in kill9SharedAcctEnv.
const (
	kill9SharedEnv     = "ASTROAPI_KILL9_SHARED_CHILD_STORE"
	kill9SharedAcctEnv = "ASTROAPI_KILL9_SHARED_ACCOUNT"
	kill9SharedTTL     = time.Second
)

// TestKill9Shared: an instance on a shared PostgreSQL store holds and
// settles calls as fast as it can (a call is charged when it starts and
// counted when it is answered), is killed with SIGKILL mid-flight, and
// the store then holds no more calls than were served (before, each
// instance's unused lease of up to 1,000 calls stayed charged: +794 and
// +269 after two kills), and at most about one flush interval fewer. Its
// reservations expire: another instance then gets the whole rest of the
// quota.
func TestKill9Shared(t *testing.T) {
	if url := os.Getenv(kill9SharedEnv); url != "" {
		kill9SharedChild(url, os.Getenv(kill9SharedAcctEnv))
		return
	}
	if testing.Short() {
		t.Skip("starts a child process")
	}
	url := storetest.PostgresURL(t)
	acct := newAccountID(t)
	cmd := exec.Command(os.Args[0], "-test.run=^TestKill9Shared$", "-test.count=1")
	cmd.Env = append(os.Environ(), kill9SharedEnv+"="+url, kill9SharedAcctEnv+"="+acct)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	killed := false
	defer func() {
		if !killed {
			cmd.Process.Kill()
			cmd.Wait()
		}
	}()
	// "s N": N calls served (settled); "f N": a flush made the first N
	// settled calls durable.
	sc := bufio.NewScanner(out)
	var served, flushed int64
	var atFlush []int64
	deadline := time.Now().Add(30 * time.Second)
	var killAt time.Time
	read := func(line string) {
		kind, num, _ := strings.Cut(line, " ")
		n, _ := strconv.ParseInt(num, 10, 64)
		switch kind {
		case "s":
			served = n
		case "f":
			flushed = n
			atFlush = append(atFlush, served)
		}
	}
	for sc.Scan() {
		read(sc.Text())
		if killAt.IsZero() && len(atFlush) >= 8 {
			killAt = time.Now().Add(rand.N(kill9Interval))
		}
		if !killAt.IsZero() && time.Now().After(killAt) || time.Now().After(deadline) {
			if err := cmd.Process.Kill(); err != nil {
				t.Fatal(err)
			}
			killed = true
			break
		}
	}
	for sc.Scan() {
		read(sc.Text())
	}
	cmd.Wait()
	if len(atFlush) < 2 {
		t.Fatalf("child reported %d flushes", len(atFlush))
	}
	db, err := postgres.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ctx := context.Background()
	c, err := db.Counters(ctx, acct, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	var perInterval int64
	for i := 1; i < len(atFlush); i++ {
		perInterval = max(perInterval, atFlush[i]-atFlush[i-1])
	}
	t.Logf("served >= %d, reported flushed %d, stored %d: %d served and not counted (at most %d per %v flush interval); never more stored than served",
		served, flushed, c.DayN, served-c.DayN, perInterval, kill9Interval)
	// The child may have served one call more than it reported.
	if c.DayN > served+1 {
		t.Errorf("stored %d > %d served: calls counted that were never served", c.DayN, served)
	}
	if c.DayN < flushed {
		t.Errorf("stored %d < %d reported flushed", c.DayN, flushed)
	}
	if lost := served - c.DayN; lost > 2*perInterval {
		t.Errorf("lost %d calls, more than a flush interval's worth (%d)", lost, perInterval)
	}
	// The dead instance's reservation expires: the rest of a quota of
	// stored + 500 goes whole to another instance.
	time.Sleep(kill9SharedTTL + 200*time.Millisecond)
	g, err := db.Reserve(ctx, store.Reservation{AccountID: acct, Day: time.Now(), Writer: "after", N: 1000,
		DailyLimit: c.DayN + 500, MonthlyLimit: c.MonthN + 500, TTL: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if g.N != 500 {
		t.Errorf("after the dead instance's reservation expired, %d of 500 granted", g.N)
	}
}

// kill9SharedChild holds and settles calls until killed, reporting on
// stdout.
func kill9SharedChild(url, acct string) {
	db, err := postgres.Open(context.Background(), url)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	var flushedTotal int64
	plans := quota.Plans{"unlimited": {Name: "unlimited", DailyLimit: 1 << 50, MonthlyLimit: 1 << 50}}
	q := quota.New(db, quota.Config{
		Plans: plans, FlushInterval: kill9Interval, Shared: true, ReservationTTL: kill9SharedTTL,
		OnFlush: func(fs quota.FlushStats, err error) {
			if err != nil {
				fmt.Fprintln(os.Stderr, "flush:", err)
				return
			}
			flushedTotal += fs.Calls
			fmt.Fprintf(os.Stdout, "f %d\n", flushedTotal)
		},
	})
	ctx := context.Background()
	for n := int64(1); ; n++ {
		at := time.Now()
		if _, err := q.Hold(ctx, acct, "unlimited", 1, false); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		q.Settle(acct, at, 1)
		fmt.Fprintf(os.Stdout, "s %d\n", n)
	}
}
