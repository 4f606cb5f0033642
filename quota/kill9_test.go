package quota_test

import (
	"bufio"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/astroapi/astroapi/quota"
	"github.com/astroapi/astroapi/store/bolt"
)

// The child half of TestKill9 runs when this variable names a bbolt file.
const kill9Env = "ASTROAPI_KILL9_CHILD_STORE"

const (
	kill9Account  = "acct_kill9"
	kill9Interval = 50 * time.Millisecond
)

// kill9Day is the fixed day the child counts on, so the parent knows where
// to look whatever the wall clock does.
var kill9Day = time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)

// TestKill9 starts this test binary again as a child that charges one
// account as fast as it can against a bbolt store flushed every 50 ms,
// SIGKILLs it mid-flight, reopens the file and checks the crash-loss bound:
// everything the child saw flushed is there, nothing more than it charged,
// and the loss is at most about one flush interval of charges.
func TestKill9(t *testing.T) {
	if path := os.Getenv(kill9Env); path != "" {
		kill9Child(path)
		return
	}
	if testing.Short() {
		t.Skip("starts a child process")
	}
	path := filepath.Join(t.TempDir(), "kill9.db")
	cmd := exec.Command(os.Args[0], "-test.run=^TestKill9$", "-test.count=1")
	cmd.Env = append(os.Environ(), kill9Env+"="+path)
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

	// The child writes "c N" after its N-th successful charge and "f N"
	// after a flush made the first N charges durable. Read until at least
	// 8 flushes went by, then kill at a random moment of the next interval.
	sc := bufio.NewScanner(out)
	var charged, flushed int64
	var atFlush []int64 // charged when each flush was reported
	deadline := time.Now().Add(20 * time.Second)
	var killAt time.Time
	for sc.Scan() {
		kind, num, ok := strings.Cut(sc.Text(), " ")
		n, err := strconv.ParseInt(num, 10, 64)
		if !ok || err != nil {
			t.Fatalf("child wrote %q", sc.Text())
		}
		switch kind {
		case "c":
			charged = n
		case "f":
			flushed = n
			atFlush = append(atFlush, charged)
		}
		if killAt.IsZero() && len(atFlush) >= 8 {
			killAt = time.Now().Add(rand.N(kill9Interval))
		}
		if !killAt.IsZero() && time.Now().After(killAt) || time.Now().After(deadline) {
			if err := cmd.Process.Kill(); err != nil { // SIGKILL on Unix
				t.Fatal(err)
			}
			killed = true
			break
		}
	}
	// Lines already in the pipe were written before the kill: read them.
	for sc.Scan() {
		kind, num, _ := strings.Cut(sc.Text(), " ")
		n, _ := strconv.ParseInt(num, 10, 64)
		switch kind {
		case "c":
			charged = n
		case "f":
			flushed = n
		}
	}
	cmd.Wait()
	if len(atFlush) < 2 {
		t.Fatalf("child reported %d flushes before the deadline", len(atFlush))
	}

	db, err := bolt.Open(path)
	if err != nil {
		t.Fatalf("reopen after kill -9: %v", err)
	}
	defer db.Close()
	c, err := db.Counters(context.Background(), kill9Account, kill9Day)
	if err != nil {
		t.Fatal(err)
	}
	// Charges per flush interval as the child ran: the largest gap between
	// two flush reports (an interval plus a flush).
	var perInterval int64
	for i := 1; i < len(atFlush); i++ {
		perInterval = max(perInterval, atFlush[i]-atFlush[i-1])
	}
	lost := charged - c.DayN
	t.Logf("charged >= %d, reported flushed %d, stored %d: lost %d; at most %d charges per %v flush interval",
		charged, flushed, c.DayN, lost, perInterval, kill9Interval)
	if c.DayN < flushed {
		t.Errorf("stored %d < %d reported flushed: a committed flush was lost", c.DayN, flushed)
	}
	if c.DayN != c.MonthN {
		t.Errorf("day %d and month %d counters disagree", c.DayN, c.MonthN)
	}
	// The child may have charged up to one more call than it reported (killed
	// between the charge and the line), never more.
	if c.DayN > charged+1 {
		t.Errorf("stored %d > %d charged: counted calls that never happened", c.DayN, charged)
	}
	// Each flush's snapshot is taken after the previous flush was reported,
	// so all charges made before the second-to-last report are durable.
	if durable := atFlush[len(atFlush)-2]; c.DayN < durable {
		t.Errorf("stored %d < %d charges made before the second-to-last flush report", c.DayN, durable)
	}
	// Lost: the charges since the last committed flush's snapshot, i.e. at
	// most one interval plus the flush under way. Allow twice the largest
	// observed interval for a slow fsync on a busy machine.
	if lost > 2*perInterval {
		t.Errorf("lost %d charges, more than one flush interval's worth (%d)", lost, perInterval)
	}
}

// kill9Child charges until killed, reporting progress on stdout, unbuffered
// so that every line the parent reads was true when written.
func kill9Child(path string) {
	db, err := bolt.Open(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	var flushedTotal int64
	plans := quota.Plans{"unlimited": {Name: "unlimited", DailyLimit: 1 << 50, MonthlyLimit: 1 << 50}}
	q := quota.New(db, quota.Config{
		Plans:         plans,
		FlushInterval: kill9Interval,
		Now:           func() time.Time { return kill9Day },
		OnFlush: func(fs quota.FlushStats, err error) {
			if err != nil {
				fmt.Fprintln(os.Stderr, "flush:", err)
				return
			}
			// The flush wrote all charges made before its snapshot; the
			// snapshot total is the running total of flushed calls.
			flushedTotal += fs.Calls
			fmt.Fprintf(os.Stdout, "f %d\n", flushedTotal)
		},
	})
	ctx := context.Background()
	for n := int64(1); ; n++ {
		if _, err := q.Charge(ctx, kill9Account, "unlimited", 1); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		fmt.Fprintf(os.Stdout, "c %d\n", n)
	}
}
