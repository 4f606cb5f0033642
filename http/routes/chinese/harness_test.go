package chinese_test

import (
	"bufio"
	"os"
	"strings"
	"testing"

	json "github.com/goccy/go-json"

	"github.com/astroapi/astroapi/engine/ephem"
	"github.com/astroapi/astroapi/engine/solarterms"
	"github.com/astroapi/astroapi/http/apitest"
	"github.com/astroapi/astroapi/http/routes/chinese"
	"github.com/astroapi/astroapi/tables"
)

// tableSet is the generated tables (data/ephemeris.bolt), which must hold
// the solar terms; it skips without them (fails under CI=true).
func tableSet(t testing.TB) *tables.Set {
	t.Helper()
	set := apitest.TableSet(t)
	if set.SolarTerms() == nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("the table file has no solar terms (make gen)")
		}
		t.Skip("the table file has no solar terms (make gen)")
	}
	return set
}

// tableDeps are the Chinese routes' services as the server builds them:
// the solar-term table, and the tables with the Swiss Ephemeris behind.
func tableDeps(t testing.TB) chinese.Deps {
	t.Helper()
	s := tableSet(t)
	return chinese.Deps{Terms: solarterms.New(s.SolarTerms(), ephem.New(s, apitest.Ephemeris(t)))}
}

// startServer serves the Chinese routes as the server runs them: the
// solar-term table, and the tables with the Swiss Ephemeris behind them.
func startServer(t testing.TB) *apitest.Server {
	t.Helper()
	return apitest.Start(t, apitest.Options{Ops: apitest.Serve(chinese.Ops(tableDeps(t))...), Ephemeris: true})
}

// startRootServer serves them without tables: every solar term is
// root-found on the Swiss Ephemeris.
func startRootServer(t testing.TB) *apitest.Server {
	t.Helper()
	d := chinese.Deps{Terms: solarterms.New(nil, ephem.New(nil, apitest.Ephemeris(t)))}
	return apitest.Start(t, apitest.Options{Ops: apitest.Serve(chinese.Ops(d)...), Ephemeris: true})
}

// result posts body to path, demands 200 and decodes the result into v;
// it returns the envelope.
func result(t testing.TB, ts *apitest.Server, path string, body any, v any) apitest.Envelope {
	t.Helper()
	env := ts.Post(t, path, body).WantStatus(t, 200).Envelope(t)
	if err := json.Unmarshal(env.Result, v); err != nil {
		t.Fatalf("decode result %s: %v", apitest.Truncate(env.Result, 500), err)
	}
	return env
}

// readTSV reads the tab-separated lines of a repository file, without its
// # comments.
func readTSV(t testing.TB, rel string) [][]string {
	t.Helper()
	f, err := os.Open(apitest.RepoFile(t, rel))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out [][]string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if line := sc.Text(); line != "" && !strings.HasPrefix(line, "#") {
			out = append(out, strings.Split(line, "\t"))
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// keys lists every object key anywhere in a decoded JSON value, as paths
// ("result.year_pillar.stem").
func keys(v any, path string, out map[string]bool) {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			p := k
			if path != "" {
				p = path + "." + k
			}
			out[p] = true
			keys(e, p, out)
		}
	case []any:
		for _, e := range x {
			keys(e, path+"[]", out)
		}
	}
}
