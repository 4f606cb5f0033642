package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/astroapi/astroapi/store"
	"github.com/astroapi/astroapi/store/postgres"
)

// TestTopology runs the deployment the operator's guide describes: three
// instances of the real binary on one PostgreSQL store behind HAProxy (from
// Debian), on loopback, and checks what the guide promises of it:
//
//   - quotas are exact through the balancer: an account with 300 calls a
//     day gets exactly 300 answers, and 300 are counted;
//   - an instance killed with SIGKILL under load: the balancer retries its
//     requests elsewhere, and the store never counts more calls than were
//     served (a crash may only lose the last flush interval's);
//   - a rolling restart (SIGTERM: not ready, still serving for the drain
//     delay, then stop; start again) fails no request;
//   - the abuse limits count the client HAProxy names (X-Forwarded-For from
//     a trusted proxy), not HAProxy: one client locked out for bad keys does
//     not lock out another behind the same balancer.
func TestTopology(t *testing.T) {
	if testing.Short() {
		t.Skip("runs three servers and HAProxy")
	}
	pg := os.Getenv("ASTROAPI_TEST_POSTGRES")
	haproxy, herr := exec.LookPath("haproxy")
	if pg == "" || herr != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("the topology test needs ASTROAPI_TEST_POSTGRES (%q) and haproxy (%v)", pg, herr)
		}
		t.Skip("needs ASTROAPI_TEST_POSTGRES and haproxy")
	}
	topo := newTopology(t, pg, haproxy)

	t.Run("QuotaExactThroughTheBalancer", func(t *testing.T) {
		key, acct := topo.account(t, "topo300")
		var ok, refused atomic.Int64
		var failures sync.Map
		deadline := time.Now().Add(30 * time.Second) // ends a second after the 300th answer
		var done atomic.Bool
		var wg sync.WaitGroup
		for range 12 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				c := topo.client("127.0.0.1")
				for time.Now().Before(deadline) && !done.Load() {
					switch st := topo.call(c, key); st {
					case 200:
						if ok.Add(1) == 300 {
							// Keep asking for a second: nothing more may pass.
							time.AfterFunc(time.Second, func() { done.Store(true) })
						}
					case 429:
						refused.Add(1)
						time.Sleep(5 * time.Millisecond) // reservations near the limit come back within a flush
					default:
						failures.Store(st, true)
					}
				}
			}()
		}
		wg.Wait()
		counted := topo.counted(t, acct)
		t.Logf("limit 300 through HAProxy, 3 instances, 12 clients: %d answered, %d refused (429), %d counted in the store", ok.Load(), refused.Load(), counted)
		failures.Range(func(k, _ any) bool { t.Errorf("status %v", k); return true })
		if ok.Load() != 300 || counted != 300 {
			t.Errorf("answered %d and counted %d, want exactly 300", ok.Load(), counted)
		}
	})

	t.Run("Kill9UnderLoad", func(t *testing.T) {
		key, acct := topo.account(t, "topobig")
		load := topo.load(key, 8)
		time.Sleep(1500 * time.Millisecond)
		topo.instances[1].kill9(t)
		time.Sleep(1500 * time.Millisecond)
		served, failed := load.stop()
		time.Sleep(3 * topoFlush) // the living instances flush what they served
		counted := topo.counted(t, acct)
		perFlush := served * int64(topoFlush) / int64(3*time.Second) // a flush interval's worth of the whole load
		t.Logf("kill -9 of one instance of three under load: %d served, %d failed (balancer retries), %d counted: %d served and not counted (bound %d, two flush intervals of the load); counted <= served",
			served, len(failed), counted, served-counted, 2*perFlush)
		if counted > served {
			t.Errorf("counted %d calls, more than the %d served", counted, served)
		}
		if served-counted > 2*perFlush {
			t.Errorf("lost %d counts, more than two flush intervals of the load (%d)", served-counted, 2*perFlush)
		}
		if len(failed) > 0 {
			t.Errorf("%d requests failed while an instance died: %v", len(failed), failed[:min(5, len(failed))])
		}
		topo.instances[1].start(t)
		topo.waitBalanced(t)
	})

	t.Run("RollingRestart", func(t *testing.T) {
		key, _ := topo.account(t, "topobig")
		load := topo.load(key, 8)
		for _, in := range topo.instances {
			in.term(t) // not ready, serving for the drain delay, then stopped
			in.start(t)
			topo.waitBalanced(t)
		}
		served, failed := load.stop()
		t.Logf("rolling restart of three instances under load: %d served, %d failed", served, len(failed))
		if len(failed) > 0 || served == 0 {
			t.Errorf("%d requests failed during the rolling restart: %v", len(failed), failed[:min(5, len(failed))])
		}
	})

	t.Run("TrustedProxyAddresses", func(t *testing.T) {
		bad := "ak_live_" + strings.Repeat("q", 52)
		a, b := topo.client("127.0.0.2"), topo.client("127.0.0.3")
		// Client A fails keys until every instance has locked it out; it
		// also claims to be someone else, in vain: HAProxy appends the
		// address it saw, the rightmost untrusted hop.
		last := 0
		for range 90 {
			last = topo.callWith(a, bad, "X-Forwarded-For", "198.51.100.7")
		}
		if last != 429 {
			t.Fatalf("client A after 90 bad keys: %d, want 429", last)
		}
		if st := topo.callWith(b, bad); st != 401 {
			t.Errorf("client B behind the same balancer: %d, want 401 (not locked out by A)", st)
		}
		time.Sleep(200 * time.Millisecond) // access lines are written every 100 ms
		if n := topo.logsContain(`"remote":"127.0.0.2"`); n == 0 {
			t.Errorf("no access line names client A's address 127.0.0.2")
		}
	})
}

// topoFlush is the instances' flush interval.
const topoFlush = 200 * time.Millisecond

type topology struct {
	t         *testing.T
	bin, pg   string
	dir       string
	lb        string // HAProxy's address
	instances []*instance
}

type instance struct {
	topo *topology
	name string
	port int
	cmd  *exec.Cmd
	log  string
	exit chan error
}

func newTopology(t *testing.T, pg, haproxy string) *topology {
	dir := t.TempDir()
	bin := filepath.Join(dir, "astroapi")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	topo := &topology{t: t, bin: bin, pg: pg, dir: dir}
	for i := range 3 {
		topo.instances = append(topo.instances, &instance{topo: topo, name: "a" + strconv.Itoa(i+1), port: freePort(t)})
	}
	var wg sync.WaitGroup
	for _, in := range topo.instances {
		wg.Add(1)
		go func() { defer wg.Done(); in.start(t) }()
	}
	wg.Wait()
	lbPort := freePort(t)
	topo.lb = "127.0.0.1:" + strconv.Itoa(lbPort)
	cfg := filepath.Join(dir, "haproxy.cfg")
	if err := os.WriteFile(cfg, []byte(haproxyConfig(lbPort, topo.instances)), 0o644); err != nil {
		t.Fatal(err)
	}
	lb := exec.Command(haproxy, "-f", cfg, "-db")
	lbLog, _ := os.Create(filepath.Join(dir, "haproxy.log"))
	lb.Stdout, lb.Stderr = lbLog, lbLog
	if err := lb.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		lb.Process.Kill()
		lb.Wait()
		for _, in := range topo.instances {
			in.stop()
		}
		if t.Failed() {
			b, _ := os.ReadFile(filepath.Join(dir, "haproxy.log"))
			t.Logf("haproxy:\n%s", b)
		}
	})
	topo.waitBalanced(t)
	return topo
}

// haproxyConfig is the balancer of the test (and of the guide): health
// checks on /readyz every 200 ms (down after one failure, up after two
// passes), requests retried on another instance when a connection fails or
// an instance dies before answering, the client's address forwarded.
func haproxyConfig(port int, ins []*instance) string {
	var b strings.Builder
	fmt.Fprintf(&b, `global
	maxconn 2000
defaults
	mode http
	timeout connect 1s
	timeout client 30s
	timeout server 30s
	retries 3
	option redispatch 1
	retry-on conn-failure empty-response response-timeout
	option forwardfor
frontend api
	bind 127.0.0.1:%d
	default_backend astroapi
backend astroapi
	balance roundrobin
	option httpchk GET /readyz
	http-check expect status 200
	default-server inter 200ms fastinter 100ms downinter 200ms fall 1 rise 2
`, port)
	for _, in := range ins {
		fmt.Fprintf(&b, "\tserver %s 127.0.0.1:%d check\n", in.name, in.port)
	}
	return b.String()
}

func freePort(t *testing.T) int {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// start starts the instance and waits until it answers.
func (in *instance) start(t *testing.T) {
	t.Helper()
	in.log = filepath.Join(in.topo.dir, fmt.Sprintf("%s-%d.log", in.name, time.Now().UnixNano()))
	logf, err := os.Create(in.log)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(in.topo.bin, "serve", "--addr", "127.0.0.1:"+strconv.Itoa(in.port), "--store", in.topo.pg,
		"--places", "none", "--tables", filepath.Join(in.topo.dir, "none"), "--dev-account=false",
		"--flush", topoFlush.String(), "--drain", "1s", "--trusted-proxies", "127.0.0.1")
	cmd.Env = append(os.Environ(), "ASTROAPI_PLANS=topo300 daily=300 monthly=100000; topobig daily=100000000 monthly=1000000000", "GOMAXPROCS=2")
	cmd.Stdout, cmd.Stderr = logf, logf
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	in.cmd = cmd
	in.exit = make(chan error, 1)
	go func() { in.exit <- cmd.Wait(); logf.Close() }()
	deadline := time.Now().Add(30 * time.Second)
	for {
		resp, err := http.Get("http://127.0.0.1:" + strconv.Itoa(in.port) + "/readyz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return
			}
		}
		select {
		case err := <-in.exit:
			b, _ := os.ReadFile(in.log)
			t.Fatalf("%s exited: %v\n%s", in.name, err, b)
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s not ready after 30 s", in.name)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// kill9 kills the instance with SIGKILL.
func (in *instance) kill9(t *testing.T) {
	in.cmd.Process.Signal(syscall.SIGKILL)
	<-in.exit
}

// term stops the instance with SIGTERM, as an orchestrator does.
func (in *instance) term(t *testing.T) {
	in.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-in.exit:
	case <-time.After(20 * time.Second):
		t.Fatalf("%s did not stop within 20 s of SIGTERM", in.name)
	}
}

func (in *instance) stop() {
	if in.cmd != nil && in.cmd.ProcessState == nil {
		in.cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-in.exit:
		case <-time.After(15 * time.Second):
			in.cmd.Process.Kill()
		}
	}
}

// waitBalanced waits until HAProxy sends requests to every instance again
// (two passed checks of 200 ms after it is ready).
func (topo *topology) waitBalanced(t *testing.T) {
	deadline := time.Now().Add(20 * time.Second)
	for {
		resp, err := http.Get("http://" + topo.lb + "/readyz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				break
			}
		}
		if time.Now().After(deadline) {
			t.Fatal("HAProxy answers no ready instance")
		}
		time.Sleep(50 * time.Millisecond)
	}
	time.Sleep(700 * time.Millisecond)
}

// account creates an account on plan with a key.
func (topo *topology) account(t *testing.T, plan string) (key, id string) {
	db, err := postgres.Open(context.Background(), topo.pg)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	a, err := store.NewAccount("", plan, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	a.Email = a.ID + "@topology.test"
	k, secret, err := store.NewKey(a.ID, time.Now())
	if err == nil {
		if err = db.CreateAccount(context.Background(), a); err == nil {
			err = db.CreateKey(context.Background(), k)
		}
	}
	if err != nil {
		t.Fatal(err)
	}
	return secret, a.ID
}

// counted is what the store counted for the account today.
func (topo *topology) counted(t *testing.T, acct string) int64 {
	db, err := postgres.Open(context.Background(), topo.pg)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	c, err := db.Counters(context.Background(), acct, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	return c.DayN
}

// client is an HTTP client whose connections come from the loopback
// address src (Linux routes all of 127.0.0.0/8 to lo).
func (topo *topology) client(src string) *http.Client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(src)}, Timeout: 5 * time.Second}
	return &http.Client{Timeout: 20 * time.Second, Transport: &http.Transport{DialContext: d.DialContext, MaxIdleConnsPerHost: 4}}
}

// call sends a billed call (a Chinese year animal: no ephemeris needed)
// through the balancer; 0 for a transport failure.
func (topo *topology) call(c *http.Client, key string) int { return topo.callWith(c, key) }

func (topo *topology) callWith(c *http.Client, key string, header ...string) int {
	req, _ := http.NewRequest("POST", "http://"+topo.lb+"/api/v1/chinese/animal", strings.NewReader(`{"year":1990}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("x-api-key", key)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := c.Do(req)
	if err != nil {
		return 0
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode
}

// loadRun is clients calling in a loop until stopped.
type loadRun struct {
	stopped atomic.Bool
	wg      sync.WaitGroup
	served  atomic.Int64
	mu      sync.Mutex
	failed  []string
}

func (topo *topology) load(key string, clients int) *loadRun {
	l := &loadRun{}
	for range clients {
		l.wg.Add(1)
		go func() {
			defer l.wg.Done()
			c := topo.client("127.0.0.1")
			for !l.stopped.Load() {
				if st := topo.call(c, key); st == 200 {
					l.served.Add(1)
				} else {
					l.mu.Lock()
					l.failed = append(l.failed, fmt.Sprintf("status %d at %s", st, time.Now().Format("15:04:05.000")))
					l.mu.Unlock()
				}
			}
		}()
	}
	return l
}

func (l *loadRun) stop() (served int64, failed []string) {
	l.stopped.Store(true)
	l.wg.Wait()
	return l.served.Load(), l.failed
}

// logsContain counts the instances' log lines holding s.
func (topo *topology) logsContain(s string) int {
	files, _ := filepath.Glob(filepath.Join(topo.dir, "a*.log"))
	n := 0
	for _, f := range files {
		b, _ := os.ReadFile(f)
		n += strings.Count(string(b), s)
	}
	return n
}

// TestDeployHAProxyConfig: the balancer configuration shipped in deploy/
// (the compose file's) is one HAProxy accepts.
func TestDeployHAProxyConfig(t *testing.T) {
	haproxy, err := exec.LookPath("haproxy")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("haproxy missing")
		}
		t.Skip("haproxy missing")
	}
	out, err := exec.Command(haproxy, "-c", "-f", filepath.Join("..", "..", "deploy", "haproxy.cfg")).CombinedOutput()
	if err != nil || !strings.Contains(string(out), "Configuration file is valid") {
		t.Fatalf("haproxy -c: %v\n%s", err, out)
	}
}
