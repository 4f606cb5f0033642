// Command astroapi is the astroapi service and its administration tool.
//
//	astroapi serve [--addr HOST:PORT] [--store PATH_OR_URL] [--ephe DIR] [--tables PATH] [--places PATH] [--plans PATH]
//	astroapi gen   [--ephe DIR] [--out PATH] [--workers N]
//	astroapi keys create --store S --email E [--plan P]   (the key alone on the last line)
//	astroapi keys list   --store S [--email E]
//	astroapi keys rotate --store S --id KEY_ID            (the new key alone on the last line)
//	astroapi keys revoke --store S --id KEY_ID
//	astroapi health [--url URL]                           (exit 0 when /readyz answers 200)
//
// The keys commands may run while serve does: on a bbolt store that serve
// holds, they are carried out by the server through the socket
// <store>.sock (see admin.go).
//
// Every flag of serve has an environment variable: ASTROAPI_ADDR,
// ASTROAPI_STORE, ASTROAPI_EPHE, ASTROAPI_TABLES, ASTROAPI_PLACES,
// ASTROAPI_PLANS_FILE, ASTROAPI_PLANS (inline plans), ASTROAPI_FLUSH,
// ASTROAPI_ACCESS_LOG, ASTROAPI_METRICS_ADDR, ASTROAPI_DRAIN,
// ASTROAPI_TRUSTED_PROXIES. Flags win over the environment.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/signal"
	"runtime"
	"runtime/debug"
	"syscall"
	"time"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout, os.Stderr); err != nil {
		if !errors.Is(err, errUsage) {
			fmt.Fprintln(os.Stderr, "astroapi:", err)
		}
		os.Exit(2)
	}
}

var errUsage = errors.New("usage")

const usage = `usage:
  astroapi serve [--addr HOST:PORT] [--store PATH_OR_URL] [--ephe DIR] [--tables PATH] [--places PATH]
  astroapi gen   [--ephe DIR] [--out PATH] [--workers N]
  astroapi keys create --store S --email E [--plan P]
  astroapi keys list   --store S [--email E]
  astroapi keys rotate --store S --id KEY_ID
  astroapi keys revoke --store S --id KEY_ID
  astroapi health [--url http://127.0.0.1:8080/readyz]   (exit status 0 when ready; for container health checks)
Run "astroapi serve -h" (or gen -h, keys create -h) for the flags.
`

// run dispatches a subcommand.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return errUsage
	}
	switch args[0] {
	case "serve":
		serveGC(os.Getenv)
		serveProcs(os.Getenv)
		m := NewMain(stdout, stderr)
		if err := m.ParseFlags(args[1:], os.Getenv); err != nil {
			return err
		}
		if err := m.Run(ctx); err != nil {
			m.Close()
			return err
		}
		<-ctx.Done()
		fmt.Fprintln(stderr, "astroapi: shutting down")
		return m.Close()
	case "gen":
		return runGen(args[1:], stdout, stderr)
	case "keys":
		return runKeys(ctx, args[1:], stdout, stderr)
	case "health":
		return runHealth(args[1:], stdout, stderr)
	case "-h", "--help", "help":
		fmt.Fprint(stdout, usage)
		return nil
	}
	fmt.Fprintf(stderr, "unknown command %q\n%s", args[0], usage)
	return errUsage
}

// serveGC sets the collector's target for serving: a heap four times the
// live data between collections instead of twice (GOGC=400), unless GOGC is
// set. A server's live heap is small (caches of tens of MB; the tables are
// memory-mapped, outside the heap) and each chart leaves ~8 KB of garbage,
// so the default collected often enough to cost throughput and tail
// latency; the machine has memory to spare.
func serveGC(getenv func(string) string) {
	if getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
}

// serveProcs runs Go code on twice as many threads as the CPUs the process
// may use, unless GOMAXPROCS is set. Goroutines wait in the run queue of
// one thread; when the kernel gives that thread's CPU to another process
// (a sidecar, the log shipper, the load generator of bench/run.sh), they
// wait for it to come back rather than move. With spare threads the other
// CPU keeps serving them: on 2 cores under wrk the end-to-end p90 and p99
// of uncached natal calls halved (14/27 ms against 25/55 ms, alternated
// runs) at the same throughput within noise.
func serveProcs(getenv func(string) string) {
	if getenv("GOMAXPROCS") == "" {
		runtime.GOMAXPROCS(2 * runtime.GOMAXPROCS(0))
	}
}

// runHealth asks a running server's readiness route; images without curl
// use it as their health check.
func runHealth(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("health", flag.ContinueOnError)
	fs.SetOutput(stderr)
	url := fs.String("url", "http://127.0.0.1:8080/readyz", "readiness URL")
	if err := fs.Parse(args); err != nil {
		return errUsage
	}
	client := &http.Client{Timeout: 3 * time.Second}
	resp, err := client.Get(*url)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("health: %s answered %s", *url, resp.Status)
	}
	fmt.Fprintln(stdout, "ok")
	return nil
}
