package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"net"
	"os"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/ephem"
	"github.com/astroapi/astroapi/engine/places"
	"github.com/astroapi/astroapi/engine/resolve"
	"github.com/astroapi/astroapi/engine/swe"
	"github.com/astroapi/astroapi/engine/zones"
	apihttp "github.com/astroapi/astroapi/http"
	"github.com/astroapi/astroapi/http/routes"
	"github.com/astroapi/astroapi/quota"
	"github.com/astroapi/astroapi/store"
	_ "github.com/astroapi/astroapi/store/bolt"
	_ "github.com/astroapi/astroapi/store/postgres"
	"github.com/astroapi/astroapi/tables"
)

// Config is the configuration of serve, read once from flags and the
// environment.
type Config struct {
	Addr          string
	Store         string
	Ephe          string
	Tables        string
	Places        string
	PlansFile     string
	Plans         string // inline plans (ASTROAPI_PLANS)
	FlushInterval time.Duration
	AccessLog     bool
	MetricsAddr   string // "" serves /metrics on the main listener only
	DevAccount    bool   // create a development account and print its key when the store has no keys
	ShutdownWait  time.Duration
	// DrainDelay is how long the server keeps serving after SIGTERM with
	// /readyz answering 503, before it stops accepting: the load
	// balancer's checks see it leave first (ASTROAPI_DRAIN).
	DrainDelay time.Duration
	// TrustedProxies lists the load balancers whose Forwarded and
	// X-Forwarded-For headers name the client (ASTROAPI_TRUSTED_PROXIES).
	TrustedProxies string
	BenchCanned    string // file served at POST /bench/canned (benchmarks only)
	CPUProfile     string // write a Go CPU profile here from start to shutdown (benchmarks only)
}

// Main is the serve command: ParseFlags, Run, Close. Tests start the real
// server on 127.0.0.1:0 through it.
type Main struct {
	Config Config
	Stdout io.Writer
	Stderr io.Writer

	Server *apihttp.Server
	Store  store.Store
	Quota  *quota.Quota
	Addr   net.Addr // where the server listens, after Run
	DevKey string   // the development key created by Run, if any

	devPlan string

	ln      net.Listener
	admin   *adminServer // keys commands while serve holds a bbolt store
	logw    *lineWriter
	tables  *tables.Set
	swiss   *swe.Ephemeris
	profile *os.File // the CPU profile being written, if any
	served  chan error
	closeMu sync.Once
	stop    chan struct{} // closed by Close: ends the background chores
	chores  sync.WaitGroup
	closed  error
}

// NewMain returns a Main with the default configuration.
func NewMain(stdout, stderr io.Writer) *Main {
	return &Main{
		Stdout: stdout, Stderr: stderr,
		Config: Config{
			Addr: "127.0.0.1:8080", Store: "data/astroapi.db", Ephe: swe.DefaultPath,
			Tables: "data/ephemeris.bolt", Places: "data/places.tsv.zst",
			FlushInterval: time.Second, AccessLog: true, DevAccount: true, ShutdownWait: 10 * time.Second,
		},
	}
}

// ParseFlags reads flags over the environment over the defaults.
func (m *Main) ParseFlags(args []string, getenv func(string) string) error {
	c := &m.Config
	env := func(name string, dst *string) {
		if v := getenv(name); v != "" {
			*dst = v
		}
	}
	env("ASTROAPI_ADDR", &c.Addr)
	env("ASTROAPI_STORE", &c.Store)
	env("ASTROAPI_EPHE", &c.Ephe)
	env("ASTROAPI_TABLES", &c.Tables)
	env("ASTROAPI_PLACES", &c.Places)
	env("ASTROAPI_PLANS_FILE", &c.PlansFile)
	env("ASTROAPI_PLANS", &c.Plans)
	env("ASTROAPI_METRICS_ADDR", &c.MetricsAddr)
	env("ASTROAPI_TRUSTED_PROXIES", &c.TrustedProxies)
	if v := getenv("ASTROAPI_DRAIN"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil {
			return fmt.Errorf("ASTROAPI_DRAIN: %w", err)
		}
		c.DrainDelay = d
	}
	if v := getenv("ASTROAPI_FLUSH"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil {
			return fmt.Errorf("ASTROAPI_FLUSH: %w", err)
		}
		c.FlushInterval = d
	}
	if v := getenv("ASTROAPI_DEV_ACCOUNT"); v != "" {
		b, err := strconv.ParseBool(v)
		if err != nil {
			return fmt.Errorf("ASTROAPI_DEV_ACCOUNT: %w", err)
		}
		c.DevAccount = b
	}
	if v := getenv("ASTROAPI_ACCESS_LOG"); v != "" {
		b, err := strconv.ParseBool(v)
		if err != nil {
			return fmt.Errorf("ASTROAPI_ACCESS_LOG: %w", err)
		}
		c.AccessLog = b
	}
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(m.Stderr)
	fs.StringVar(&c.Addr, "addr", c.Addr, "listen address HOST:PORT (ASTROAPI_ADDR)")
	fs.StringVar(&c.Store, "store", c.Store, "bbolt file path or postgres:// URL (ASTROAPI_STORE)")
	fs.StringVar(&c.Ephe, "ephe", c.Ephe, "Swiss Ephemeris data directory (ASTROAPI_EPHE)")
	fs.StringVar(&c.Tables, "tables", c.Tables, "precomputed tables written by gen (ASTROAPI_TABLES)")
	fs.StringVar(&c.Places, "places", c.Places, "geocoding index (ASTROAPI_PLACES)")
	fs.StringVar(&c.PlansFile, "plans", c.PlansFile, "plan limits file (ASTROAPI_PLANS_FILE); ASTROAPI_PLANS overrides inline")
	fs.DurationVar(&c.FlushInterval, "flush", c.FlushInterval, "quota counter flush interval: the crash-loss bound (ASTROAPI_FLUSH)")
	fs.BoolVar(&c.AccessLog, "access-log", c.AccessLog, "write the access log to stdout (ASTROAPI_ACCESS_LOG)")
	fs.DurationVar(&c.DrainDelay, "drain", c.DrainDelay, "after SIGTERM, answer /readyz 503 and keep serving this long before stopping, so that a load balancer stops sending requests first (ASTROAPI_DRAIN; 0 behind none)")
	fs.StringVar(&c.TrustedProxies, "trusted-proxies", c.TrustedProxies, "comma-separated addresses or CIDR prefixes of the load balancers whose Forwarded / X-Forwarded-For name the client (ASTROAPI_TRUSTED_PROXIES)")
	fs.StringVar(&c.MetricsAddr, "metrics-addr", c.MetricsAddr, "also serve /metrics on this separate address (ASTROAPI_METRICS_ADDR)")
	fs.StringVar(&c.BenchCanned, "bench-canned", c.BenchCanned, "serve this file at POST /bench/canned, the benchmark baseline (no key, no quota)")
	fs.StringVar(&c.CPUProfile, "cpuprofile", c.CPUProfile, "write a CPU profile of the whole run to this file (go tool pprof reads it)")
	fs.BoolVar(&c.DevAccount, "dev-account", c.DevAccount, "development only: create an account and print its key when the store has no keys (ASTROAPI_DEV_ACCOUNT; the Docker image sets it false)")
	if err := fs.Parse(args); err != nil {
		return errUsage
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("serve: unexpected arguments %q", fs.Args())
	}
	return nil
}

// Run opens everything and starts serving in the background.
func (m *Main) Run(ctx context.Context) error {
	c := m.Config
	m.logw = newLineWriter(m.Stdout)
	logger := apihttp.NewLogger(m.logw)
	var accessLog io.Writer
	if c.AccessLog {
		accessLog = m.logw
	}
	logger.Info("starting", "addr", c.Addr, "store", store.Redact(c.Store), "ephe", c.Ephe, "tables", c.Tables,
		"places", c.Places, "flush", c.FlushInterval.String(), "access_log", c.AccessLog,
		"drain", c.DrainDelay.String(), "trusted_proxies", c.TrustedProxies)

	plans, err := quota.LoadPlans(c.PlansFile, c.Plans)
	if err != nil {
		return err
	}
	if store.Kind(c.Store) == "bolt" {
		if err := os.MkdirAll(dirOf(c.Store), 0o755); err != nil {
			return err
		}
	}
	// Assigned only on success: a failed Open returns a typed nil that
	// Close must not call (a second serve on a locked file, an unreachable
	// PostgreSQL).
	st, err := store.Open(c.Store)
	if err != nil {
		return err
	}
	m.Store = st
	m.warnUnknownPlans(ctx, logger, plans)
	// Revocations by the console and by the keys command drop the server's
	// cached keys; the server is built later, so the hook reaches it once
	// it exists.
	forgetKey := func(id string) {
		if m.Server != nil {
			m.Server.ForgetKey(id)
		}
	}
	if store.Kind(c.Store) == "bolt" {
		if m.admin, err = listenAdmin(adminSocket(c.Store), m.Store, plans, logger, forgetKey); err != nil {
			logger.Warn("no administration socket: keys commands cannot reach the store while this server runs",
				"socket", adminSocket(c.Store), "error", err.Error())
		}
	}
	m.Quota = quota.New(m.Store, quota.Config{
		Plans: plans, FlushInterval: c.FlushInterval,
		// Instances sharing a PostgreSQL store lease calls from it, so
		// the daily and monthly limits hold exactly across them.
		Shared: store.Kind(c.Store) == "postgres",
		OnFlush: func(fs quota.FlushStats, err error) {
			if err != nil {
				logger.Error("quota flush failed", "error", err.Error())
			}
		},
	})

	m.stop = make(chan struct{})
	m.chores.Add(1)
	go m.purgeRevokedKeys(logger)

	positions, err := m.positions(logger)
	if err != nil {
		return err
	}
	var pl *places.Index
	if _, err := os.Stat(c.Places); err == nil {
		if pl, err = places.Load(c.Places); err != nil {
			return err
		}
	} else {
		logger.Warn("geocoding index missing: geocoding routes and location strings are unavailable", "places", c.Places)
	}
	zx, err := zones.New()
	if err != nil {
		return err
	}

	if c.CPUProfile != "" {
		f, err := os.Create(c.CPUProfile)
		if err != nil {
			return err
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			f.Close()
			return err
		}
		m.profile = f
	}
	var canned []byte
	if c.BenchCanned != "" {
		if canned, err = os.ReadFile(c.BenchCanned); err != nil {
			return err
		}
	}
	ops := routes.All(routes.Deps{
		Positions: positions, Tables: m.tables, Swiss: m.swiss, Places: pl, Zones: zx,
		Store: m.Store, Quota: m.Quota, KeyRevoked: forgetKey,
	})
	trusted, err := apihttp.ParseTrustedProxies(c.TrustedProxies)
	if err != nil {
		return err
	}
	m.Server, err = apihttp.New(apihttp.Config{
		Limits:     apihttp.Limits{TrustedProxies: trusted},
		Operations: ops, Ephemeris: positions != nil, Store: m.Store, Quota: m.Quota, Logger: logger, AccessLog: accessLog, CannedBody: canned,
		MetricsElsewhere: c.MetricsAddr != "", TableChecks: apihttp.TableChecks(m.tables),
		Services: resolve.Services{Places: pl, Zones: zx},
	})
	if err != nil {
		return err
	}
	if c.DevAccount {
		if err := m.devAccount(ctx, logger); err != nil {
			return err
		}
	}
	if m.ln, err = net.Listen("tcp", c.Addr); err != nil {
		return err
	}
	m.Addr = m.ln.Addr()
	m.served = make(chan error, 1)
	go func() { m.served <- m.Server.Serve(m.ln) }()
	if c.MetricsAddr != "" {
		mln, err := net.Listen("tcp", c.MetricsAddr)
		if err != nil {
			return err
		}
		go m.Server.ServeMetrics(mln)
	}
	logger.Info("listening", "addr", m.Addr.String(), "docs", "http://"+m.Addr.String()+"/api/docs")
	fmt.Fprintf(m.Stderr, "astroapi: listening on http://%s (docs at /api/docs)\n", m.Addr)
	if m.DevKey != "" {
		// The key goes last, alone on its line, so scripts can take it with tail -n 1.
		fmt.Fprintf(m.Stderr, "astroapi: first start: development account dev@localhost (plan %s); its API key (shown once, send it as the x-api-key header):\n%s\n", m.devPlan, m.DevKey)
	}
	return nil
}

// warnUnknownPlans logs the plans that accounts are on but the
// configuration lacks (a plan removed or renamed, or ASTROAPI_PLANS not
// set for this process): calls with their keys answer 503 until the plan
// is configured again, so the operator hears of it at start, not from users.
func (m *Main) warnUnknownPlans(ctx context.Context, logger *slog.Logger, plans quota.Plans) {
	accounts, err := m.Store.Accounts(ctx)
	if err != nil {
		logger.Warn("could not list accounts to check their plans", "error", err.Error())
		return
	}
	missing := map[string]int{}
	for _, a := range accounts {
		if _, ok := plans[a.Plan]; !ok {
			missing[a.Plan]++
		}
	}
	for _, name := range slices.Sorted(maps.Keys(missing)) {
		logger.Warn("accounts are on a plan the configuration lacks: their calls answer 503 until it is configured",
			"plan", name, "accounts", missing[name], "configured", strings.Join(plans.Names(), ","))
	}
}

// positions builds the position source: the precomputed tables at
// Config.Tables first, the Swiss Ephemeris behind them. Without tables (gen
// not run yet) everything comes from the Swiss Ephemeris, and says so.
func (m *Main) positions(logger *slog.Logger) (engine.Positions, error) {
	e, err := swe.Open(m.Config.Ephe)
	if err != nil {
		if !errors.Is(err, swe.ErrNoCgo) {
			return nil, err
		}
		logger.Warn("built without cgo: only the tables can serve positions")
		e = nil
	}
	var t *tables.Set
	if _, serr := os.Stat(m.Config.Tables); serr == nil {
		if t, err = tables.Open(m.Config.Tables); err != nil {
			return nil, err
		}
		m.tables = t
	} else {
		logger.Warn("tables missing; run `astroapi gen` (serving from the Swiss Ephemeris meanwhile)", "tables", m.Config.Tables)
	}
	m.swiss = e
	if e == nil && t == nil {
		return nil, nil
	}
	return ephem.New(t, e), nil
}

// revokedKeysKept is how long a revoked key stays listed (its lookups can
// only answer "revoked"); purgeRevokedKeys deletes older ones at start and
// daily.
const revokedKeysKept = 30 * 24 * time.Hour

func (m *Main) purgeRevokedKeys(logger *slog.Logger) {
	defer m.chores.Done()
	t := time.NewTicker(24 * time.Hour)
	defer t.Stop()
	for {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		n, err := m.Store.PurgeRevokedKeys(ctx, time.Now().Add(-revokedKeysKept))
		cancel()
		switch {
		case err != nil:
			logger.Warn("purging revoked keys failed", "error", err.Error())
		case n > 0:
			logger.Info("purged revoked keys", "keys", n, "revoked_before_days", int(revokedKeysKept.Hours()/24))
		}
		select {
		case <-t.C:
		case <-m.stop:
			return
		}
	}
}

// devAccount creates a development account with one key on first start
// (no key in the store) and prints the key.
func (m *Main) devAccount(ctx context.Context, logger *slog.Logger) error {
	keys, err := m.Store.Keys(ctx, "")
	if err != nil || len(keys) > 0 {
		return err
	}
	a, secret, err := createAccount(ctx, m.Store, "dev@localhost", quota.Pro)
	if err != nil {
		return err
	}
	m.DevKey = secret
	m.devPlan = a.Plan
	logger.Info("created development account", "account", a.ID, "plan", a.Plan)
	return nil
}

// Close shuts down gracefully: in-flight requests finish (up to
// ShutdownWait), quota counters are flushed, the store is closed.
func (m *Main) Close() error {
	m.closeMu.Do(func() {
		if m.stop != nil {
			close(m.stop)
			m.chores.Wait() // before the store closes
		}
		var errs []error
		if m.Server != nil && m.ln != nil && m.Config.DrainDelay > 0 {
			// Not ready, still serving: the balancer moves the traffic
			// away, then the listener closes with nothing in flight.
			m.Server.Drain()
			time.Sleep(m.Config.DrainDelay)
		}
		if m.Server != nil && m.ln != nil {
			ctx, cancel := context.WithTimeout(context.Background(), m.Config.ShutdownWait)
			if err := m.Server.Shutdown(ctx); err != nil && !errors.Is(err, context.DeadlineExceeded) {
				errs = append(errs, err)
			}
			cancel()
			if err := <-m.served; err != nil {
				errs = append(errs, err)
			}
		}
		if m.profile != nil {
			pprof.StopCPUProfile()
			errs = append(errs, m.profile.Close())
		}
		if m.admin != nil {
			errs = append(errs, m.admin.Close())
		}
		if m.Quota != nil {
			if err := m.Quota.Close(); err != nil && !errors.Is(err, quota.ErrClosed) {
				errs = append(errs, err)
			}
		}
		if m.Store != nil {
			errs = append(errs, m.Store.Close())
		}
		if m.tables != nil {
			errs = append(errs, m.tables.Close())
		}
		if m.logw != nil {
			m.logw.Close()
		}
		m.closed = errors.Join(errs...)
	})
	return m.closed
}

func dirOf(path string) string {
	for i := len(path) - 1; i >= 0; i-- {
		if path[i] == '/' {
			return path[:i+1]
		}
	}
	return "."
}

// lineWriter buffers log lines and writes them at most every 100 ms, so
// that the access log costs no system call per request.
type lineWriter struct {
	mu   sync.Mutex
	w    *bufio.Writer
	done chan struct{}
	wg   sync.WaitGroup
}

func newLineWriter(w io.Writer) *lineWriter {
	lw := &lineWriter{w: bufio.NewWriterSize(w, 64<<10), done: make(chan struct{})}
	lw.wg.Add(1)
	go func() {
		defer lw.wg.Done()
		t := time.NewTicker(100 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-t.C:
				lw.mu.Lock()
				lw.w.Flush()
				lw.mu.Unlock()
			case <-lw.done:
				return
			}
		}
	}()
	return lw
}

func (lw *lineWriter) Write(p []byte) (int, error) {
	lw.mu.Lock()
	defer lw.mu.Unlock()
	return lw.w.Write(p)
}

// Close stops the ticker and flushes.
func (lw *lineWriter) Close() error {
	close(lw.done)
	lw.wg.Wait()
	lw.mu.Lock()
	defer lw.mu.Unlock()
	return lw.w.Flush()
}
