package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/astroapi/astroapi/store"
)

func getenvMap(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

func post(t *testing.T, url, key, body string) (int, []byte) {
	t.Helper()
	req, _ := http.NewRequest("POST", url, strings.NewReader(body))
	req.Header.Set("x-api-key", key)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b
}

// TestServeEndToEnd starts the real server through Main on 127.0.0.1:0
// with a dev account, calls a calculation route, and shuts down.
func TestServeEndToEnd(t *testing.T) {
	dir := t.TempDir()
	var stdout, stderr bytes.Buffer
	m := NewMain(&stdout, &stderr)
	err := m.ParseFlags([]string{"--addr", "127.0.0.1:0", "--store", filepath.Join(dir, "a.db"), "--places", filepath.Join(dir, "none")},
		getenvMap(map[string]string{"ASTROAPI_FLUSH": "50ms", "ASTROAPI_ADDR": "127.0.0.1:1"}))
	if err != nil {
		t.Fatal(err)
	}
	if m.Config.Addr != "127.0.0.1:0" || m.Config.FlushInterval != 50*time.Millisecond {
		t.Fatalf("flags over env: %+v", m.Config)
	}
	if err := m.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	lines := strings.Split(strings.TrimSpace(stderr.String()), "\n")
	key := lines[len(lines)-1]
	if key != m.DevKey || !strings.HasPrefix(key, "ak_live_") {
		t.Fatalf("dev key not on the last line: %q", stderr.String())
	}
	base := "http://" + m.Addr.String()
	resp, err := http.Get(base + "/healthz")
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("healthz %v %v", resp, err)
	}
	resp.Body.Close()
	status, body := post(t, base+"/api/v1/natal", key, `{"year":1990,"month":4,"day":12,"latitude":48.85,"longitude":2.35}`)
	if status != 200 || !bytes.Contains(body, []byte(`"usage"`)) {
		t.Errorf("natal %d %s", status, body)
	}
	if err := m.Close(); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stdout.String(), `"msg":"access"`) {
		t.Errorf("no access log on stdout")
	}
	// A second start on the same store makes no new dev account.
	m2 := NewMain(io.Discard, &stderr)
	m2.ParseFlags([]string{"--addr", "127.0.0.1:0", "--store", filepath.Join(dir, "a.db"), "--places", "none"}, getenvMap(nil))
	if err := m2.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	if m2.DevKey != "" {
		t.Error("dev account created again")
	}
	m2.Close()
}

func TestKeysCommands(t *testing.T) {
	dir := t.TempDir()
	st := filepath.Join(dir, "k.db")
	var out bytes.Buffer
	ctx := context.Background()
	if err := run(ctx, []string{"keys", "create", "--store", st, "--email", "a@example.com", "--plan", "starter"}, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	key := lines[len(lines)-1]
	if !strings.HasPrefix(key, "ak_live_") || len(key) != 60 {
		t.Fatalf("last line %q", key)
	}
	out.Reset()
	if err := run(ctx, []string{"keys", "list", "--store", st}, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "a@example.com") || !strings.Contains(out.String(), "starter") || strings.Contains(out.String(), key) {
		t.Fatalf("list %q", out.String())
	}
	id := strings.Fields(strings.Split(out.String(), "\n")[1])[0]
	out.Reset()
	if err := run(ctx, []string{"keys", "rotate", "--store", st, "--id", id}, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	lines = strings.Split(strings.TrimSpace(out.String()), "\n")
	if next := lines[len(lines)-1]; !strings.HasPrefix(next, "ak_live_") || next == key {
		t.Fatalf("rotate %q", out.String())
	}
	if err := run(ctx, []string{"keys", "revoke", "--store", st, "--id", id}, io.Discard, io.Discard); err == nil {
		t.Error("revoking a rotated key succeeded")
	}
	if err := run(ctx, []string{"keys", "create", "--store", st, "--email", "b@example.com", "--plan", "gold"}, io.Discard, io.Discard); err == nil {
		t.Error("unknown plan accepted")
	}
	if err := run(ctx, []string{"nope"}, io.Discard, io.Discard); err == nil {
		t.Error("unknown command accepted")
	}
}

// TestKill9LosesAtMostOneFlushInterval runs the real binary, makes calls,
// waits for a flush, makes more, kills it with SIGKILL and restarts it: the
// counters keep every call made before the last flush.
func TestKill9LosesAtMostOneFlushInterval(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "astroapi")
	build := exec.Command("go", "build", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	st := filepath.Join(dir, "s.db")
	var out bytes.Buffer
	if err := run(context.Background(), []string{"keys", "create", "--store", st, "--email", "k@example.com", "--plan", "business"}, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	key := lines[len(lines)-1]

	start := func() (*exec.Cmd, string) {
		cmd := exec.Command(bin, "serve", "--addr", "127.0.0.1:0", "--store", st, "--flush", "300ms", "--places", "none", "--access-log=false")
		stderr, _ := cmd.StderrPipe()
		cmd.Stdout = io.Discard
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if _, addr, ok := strings.Cut(sc.Text(), "listening on "); ok {
				go io.Copy(io.Discard, stderr)
				return cmd, strings.Fields(addr)[0]
			}
		}
		t.Fatal("server did not start")
		return nil, ""
	}
	usage := func(base string) int64 {
		req, _ := http.NewRequest("GET", base+"/api/v1/usage", nil)
		req.Header.Set("x-api-key", key)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var r struct {
			CurrentUsage struct {
				RequestsThisDay int64 `json:"requests_this_day"`
			} `json:"current_usage"`
		}
		json.NewDecoder(resp.Body).Decode(&r)
		return r.CurrentUsage.RequestsThisDay
	}
	cmd, base := start()
	billed := `{"year":1990,"month":4,"day":12,"latitude":48.85,"longitude":2.35}`
	if s, body := post(t, base+"/api/v1/natal", key, billed); s != 200 {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("natal %d %s", s, body)
	}
	for range 9 {
		post(t, base+"/api/v1/natal", key, billed)
	}
	// Wait until a flush has stored the 10 calls (the server counts what
	// its flushes wrote in /metrics), however slow the machine.
	flushed := func() int64 {
		resp, err := http.Get(base + "/metrics")
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			if v, ok := strings.CutPrefix(sc.Text(), "astroapi_quota_flushed_calls_total "); ok {
				n, err := strconv.ParseInt(v, 10, 64)
				if err != nil {
					t.Fatal(err)
				}
				return n
			}
		}
		t.Fatal("/metrics lacks astroapi_quota_flushed_calls_total")
		return 0
	}
	for deadline := time.Now().Add(time.Minute); flushed() < 10; {
		if time.Now().After(deadline) {
			t.Fatalf("the 10 calls were not flushed within a minute (flush interval 300 ms)")
		}
		time.Sleep(20 * time.Millisecond)
	}
	for range 5 {
		post(t, base+"/api/v1/natal", key, billed)
	}
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()

	cmd, base = start()
	got := usage(base)
	if got < 10 || got > 15 {
		t.Errorf("after kill -9: %d calls counted, want 10..15 (at most the last flush interval lost)", got)
	}
	t.Logf("kill -9: %d of 15 calls kept", got)
	// Graceful stop flushes everything.
	for range 3 {
		post(t, base+"/api/v1/natal", key, billed)
	}
	cmd.Process.Signal(syscall.SIGTERM)
	cmd.Wait()
	cmd, base = start()
	defer func() { cmd.Process.Signal(syscall.SIGTERM); cmd.Wait() }()
	if after := usage(base); after != got+3 {
		t.Errorf("after SIGTERM: %d, want %d (graceful shutdown must flush)", after, got+3)
	}
	os.Remove(bin)
}

// TestAccountsOnAMissingPlan: an account whose plan the configuration no
// longer has is named in a warning at start, and its calls answer 503 with
// a problem naming the plan (not a bare 500).
func TestAccountsOnAMissingPlan(t *testing.T) {
	dir := t.TempDir()
	st := filepath.Join(dir, "p.db")
	t.Setenv("ASTROAPI_PLANS", "gold daily=10 monthly=100 rate=0")
	var out bytes.Buffer
	if err := run(context.Background(), []string{"keys", "create", "--store", st, "--email", "g@example.com", "--plan", "gold"}, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	key := lines[len(lines)-1]

	var stdout bytes.Buffer
	m := NewMain(&stdout, io.Discard)
	if err := m.ParseFlags([]string{"--addr", "127.0.0.1:0", "--store", st, "--places", filepath.Join(dir, "none"), "--dev-account=false"}, getenvMap(nil)); err != nil {
		t.Fatal(err)
	}
	if err := m.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	status, body := post(t, "http://"+m.Addr.String()+"/api/v1/natal", key, `{"year":1990,"month":4,"day":12,"latitude":48.85,"longitude":2.35}`)
	var p struct {
		Status int    `json:"status"`
		Detail string `json:"detail"`
	}
	if err := json.Unmarshal(body, &p); err != nil || status != 503 || p.Status != 503 || !strings.Contains(p.Detail, `"gold"`) {
		t.Errorf("call on a missing plan: %d %s", status, body)
	}
	m.Close()
	if log := stdout.String(); !strings.Contains(log, "a plan the configuration lacks") || !strings.Contains(log, `"plan":"gold"`) {
		t.Errorf("no warning at start naming the plan:\n%s", log)
	}
}

// TestKeysWhileServing runs the keys commands on a bbolt store that a
// running server holds: they go through its administration socket, the key
// they print works on that server at once, and a revoked one stops within
// the second the server promises. Without a server on the socket, the
// command says the file is in use instead of hanging.
func TestKeysWhileServing(t *testing.T) {
	dir := t.TempDir()
	st := filepath.Join(dir, "s.db")
	m := NewMain(io.Discard, io.Discard)
	if err := m.ParseFlags([]string{"--addr", "127.0.0.1:0", "--store", st, "--places", filepath.Join(dir, "none"), "--dev-account=false"}, getenvMap(nil)); err != nil {
		t.Fatal(err)
	}
	if err := m.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	if fi, err := os.Stat(adminSocket(st)); err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("administration socket: %v %v", fi, err)
	}
	ctx := context.Background()
	var out bytes.Buffer
	if err := run(ctx, []string{"keys", "create", "--store", st, "--email", "live@example.com", "--plan", "starter"}, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	key := lines[len(lines)-1]
	if !strings.HasPrefix(key, "ak_live_") || !strings.Contains(out.String(), "created on plan starter") {
		t.Fatalf("create through the server: %q", out.String())
	}
	usage := func() int {
		req, _ := http.NewRequest("GET", "http://"+m.Addr.String()+"/api/v1/usage", nil)
		req.Header.Set("x-api-key", key)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	if got := usage(); got != 200 {
		t.Fatalf("new key on the running server: %d", got)
	}

	out.Reset()
	if err := run(ctx, []string{"keys", "list", "--store", st, "--email", "live@example.com"}, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	rows := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(rows) != 2 || !strings.Contains(rows[1], "starter") || strings.Contains(out.String(), key) {
		t.Fatalf("list through the server: %q", out.String())
	}
	id := strings.Fields(rows[1])[0]
	if err := run(ctx, []string{"keys", "create", "--store", st, "--email", "x@example.com", "--plan", "gold"}, io.Discard, io.Discard); err == nil || !strings.Contains(err.Error(), `unknown plan "gold"`) {
		t.Errorf("unknown plan through the server: %v", err)
	}
	if err := run(ctx, []string{"keys", "revoke", "--store", st, "--id", id}, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	// The server ran the revocation and dropped its cached keys: refused at once.
	if st := usage(); st != 401 {
		t.Fatalf("revoked key answered %d, want 401 at once", st)
	}
	if err := m.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(adminSocket(st)); !os.IsNotExist(err) {
		t.Errorf("socket left after shutdown: %v", err)
	}

	// A socket left by a server killed with -9 refuses connections: the
	// command opens the file itself.
	stale, err := net.Listen("unix", adminSocket(st))
	if err != nil {
		t.Fatal(err)
	}
	stale.(*net.UnixListener).SetUnlinkOnClose(false)
	stale.Close()
	if err := run(ctx, []string{"keys", "list", "--store", st}, io.Discard, io.Discard); err != nil {
		t.Fatalf("keys beside a stale socket: %v", err)
	}

	// The file held by another handle and no server on the socket: a
	// clear error within seconds, not a hang.
	held, err := store.Open(st)
	if err != nil {
		t.Fatal(err)
	}
	defer held.Close()
	err = run(ctx, []string{"keys", "list", "--store", st}, io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "in use by another process") || !strings.Contains(err.Error(), "no astroapi server answers") {
		t.Errorf("locked store without a server: %v", err)
	}
}

// TestServeStoreUnavailable: a second serve on a bbolt file another server
// holds, or on an unreachable PostgreSQL, fails with the store's message
// (no panic in Close).
func TestServeStoreUnavailable(t *testing.T) {
	dir := t.TempDir()
	st := filepath.Join(dir, "astroapi.db")
	start := func(store string) (*Main, error) {
		m := NewMain(io.Discard, io.Discard)
		if err := m.ParseFlags([]string{"--addr", "127.0.0.1:0", "--store", store, "--places", filepath.Join(dir, "none"), "--dev-account=false"}, getenvMap(nil)); err != nil {
			t.Fatal(err)
		}
		err := m.Run(context.Background())
		if err != nil {
			m.Close() // as run does: must not panic
		}
		return m, err
	}
	first, err := start(st)
	if err != nil {
		t.Fatal(err)
	}
	defer first.Close()
	if _, err := start(st); err == nil || !strings.Contains(err.Error(), "in use by another process") {
		t.Errorf("second serve on a held bbolt file: %v", err)
	}
	if _, err := start("postgres://u:p@127.0.0.1:1/db?connect_timeout=2"); err == nil || !strings.Contains(err.Error(), "postgres store") {
		t.Errorf("serve on an unreachable PostgreSQL: %v", err)
	}
}
