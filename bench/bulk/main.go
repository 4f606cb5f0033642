// Command bulk measures the bulk route of a running astroapi on 127.0.0.1
// against the engine's own rate, in one run (bench/bulk.sh starts the
// server):
//
//   - engine: the same charts computed and encoded on all cores in this
//     process, without HTTP and without reading JSON: each birth resolved
//     (zone, instant), cast (natal.Request.Cast) and written as the bulk
//     line's input echo and result (their AppendJSON), GOMAXPROCS workers;
//   - bulk: the same lines posted as one NDJSON job (POST /api/v1/bulk,
//     operation post-natal), the answer read as it comes: the time to its
//     first answer line, charts/s (the good lines over the job's time), the
//     server's peak resident memory (sampled every 10 ms from /proc: VmRSS,
//     and RssAnon without the memory-mapped tables) against its idle memory;
//     every answer's line number checked in order, the bad lines' problems
//     counted, the calls billed read from /api/v1/usage;
//   - resume: the job cut after half its answers were read (the client
//     closes the connection), then resumed with job and start_line: every
//     line received exactly once, the good lines billed once.
//
// Lines are a birth per minute from 1990-01-01 00:00 in Paris, every line
// new; every hundredth line is bad (month 13): 1 %.
//
//	bulk -url http://127.0.0.1:18096 -key KEY -pid PID -tables data/ephemeris.bolt [-lines 100000] [-rounds 3]
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/birth"
	"github.com/astroapi/astroapi/engine/ephem"
	"github.com/astroapi/astroapi/engine/natal"
	"github.com/astroapi/astroapi/engine/resolve"
	"github.com/astroapi/astroapi/engine/swe"
	"github.com/astroapi/astroapi/tables"
)

var (
	base   = flag.String("url", "http://127.0.0.1:18096", "server")
	key    = flag.String("key", "", "API key")
	pid    = flag.Int("pid", 0, "server process id (memory from /proc)")
	tfile  = flag.String("tables", "data/ephemeris.bolt", "table file, for the engine's own rate")
	ephe   = flag.String("ephe", "/usr/share/libswe/ephe", "Swiss Ephemeris files")
	nlines = flag.Int("lines", 100000, "lines of the large job")
	small  = flag.Int("small", 1000, "lines of the small job")
	rounds = flag.Int("rounds", 3, "rounds of engine and bulk, interleaved")
)

// birthAt is the birth of line i (1-based): a minute apart.
func birthAt(i int) time.Time {
	return time.Date(1990, 1, 1, 0, 0, 0, 0, time.UTC).Add(time.Duration(i-1) * time.Minute)
}

func bad(i int) bool { return i%100 == 0 }

// lines builds the job's body.
func lines(n int) []byte {
	var b bytes.Buffer
	for i := 1; i <= n; i++ {
		t := birthAt(i)
		month := int(t.Month())
		if bad(i) {
			month = 13
		}
		fmt.Fprintf(&b, `{"year":%d,"month":%d,"day":%d,"hour":%d,"minute":%d,"latitude":48.8566,"longitude":2.3522,"timezone":"Europe/Paris"}`+"\n",
			t.Year(), month, t.Day(), t.Hour(), t.Minute())
	}
	return b.Bytes()
}

func main() {
	flag.Parse()
	t, err := tables.Open(*tfile)
	check(err)
	e, err := swe.Open(*ephe)
	check(err)
	pos := ephem.New(t, e)
	big, little := lines(*nlines), lines(*small)
	good := *nlines - *nlines/100

	// Warm up: pools, the tables' pages, the key cache.
	run(little, "", 0, false)
	idle := mem()
	fmt.Printf("server idle: VmRSS %.1f MB, RssAnon %.1f MB\n", mb(idle.rss), mb(idle.anon))

	var engineRates, bulkRates, ratios, firsts []float64
	var peakBig, peakSmall memory
	for r := 1; r <= *rounds; r++ {
		er := engineRate(pos, *nlines)
		res := run(big, "", 0, true)
		if res.goodLines != good || res.problems != *nlines-good || !res.complete || res.lines != *nlines {
			fail("round %d: %d lines, %d good, %d problems, complete %v (want %d, %d, %d)", r, res.lines, res.goodLines, res.problems, res.complete, *nlines, good, *nlines-good)
		}
		if res.billed != int64(good) {
			fail("round %d: %d calls billed for %d good lines", r, res.billed, good)
		}
		br := float64(good) / res.elapsed.Seconds()
		engineRates, bulkRates, ratios = append(engineRates, er), append(bulkRates, br), append(ratios, br/er)
		firsts = append(firsts, float64(res.first.Microseconds())/1000)
		peakBig = peakBig.max(res.peak)
		sm := run(little, "", 0, true)
		peakSmall = peakSmall.max(sm.peak)
		fmt.Printf("round %d: engine %.0f charts/s, bulk %.0f charts/s (%.3fx), first line %.1f ms, job %.2f s, peak VmRSS %.1f MB (RssAnon %.1f MB); %d-line job peak VmRSS %.1f MB\n",
			r, er, br, br/er, firsts[r-1], res.elapsed.Seconds(), mb(res.peak.rss), mb(res.peak.anon), *small, mb(sm.peak.rss))
	}
	fmt.Printf("\nmedian of %d rounds: engine %.0f charts/s, bulk %.0f charts/s, ratio %.3f (rounds: %s), first line %.1f ms\n",
		*rounds, median(engineRates), median(bulkRates), median(ratios), list(ratios), median(firsts))
	fmt.Printf("peak memory over idle: %d lines VmRSS +%.1f MB (RssAnon +%.1f MB); %d lines VmRSS +%.1f MB (RssAnon +%.1f MB)\n",
		*nlines, mb(peakBig.rss-idle.rss), mb(peakBig.anon-idle.anon), *small, mb(peakSmall.rss-idle.rss), mb(peakSmall.anon-idle.anon))

	// The cut job and its resume.
	before := usage()
	cut := run(big, "", *nlines/2, false)
	next := cut.lines + 1
	time.Sleep(200 * time.Millisecond)
	res := run(big, "&job="+cut.job+"&start_line="+strconv.Itoa(next), 0, false)
	seen := make([]int, *nlines+1)
	for _, l := range append(cut.seen, res.seen...) {
		seen[l]++
	}
	lost, twice := 0, 0
	for i := 1; i <= *nlines; i++ {
		switch seen[i] {
		case 0:
			lost++
		case 1:
		default:
			twice++
		}
	}
	time.Sleep(300 * time.Millisecond)
	billed := usage() - before
	fmt.Printf("cut after %d lines read, resumed from line %d: %d lines lost, %d received twice; %d calls billed for %d good lines (cut job's end: none, resumed job's: billed %d, complete %v)\n",
		cut.lines, next, lost, twice, billed, good, res.billed, res.complete)
	if lost != 0 || twice != 0 || billed != int64(good) {
		fail("resume: %d lost, %d twice, %d billed", lost, twice, billed)
	}
}

// engineRate computes and encodes the charts of the job's good lines on
// all cores, as the route would, without HTTP or JSON reading.
func engineRate(pos engine.Positions, n int) float64 {
	workers := runtime.GOMAXPROCS(0)
	var next atomic.Int64
	var wg sync.WaitGroup
	start := time.Now()
	var done atomic.Int64
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			buf := make([]byte, 0, 32<<10)
			ctx := &resolve.Fixed{Time: time.Now()}
			for {
				i := int(next.Add(1))
				if i > n {
					return
				}
				if bad(i) {
					continue
				}
				t := birthAt(i)
				y, mo, d, h, mi := t.Year(), int(t.Month()), t.Day(), t.Hour(), t.Minute()
				lat, lon := 48.8566, 2.3522
				in := natal.Request{Packet: birth.Packet{Year: &y, Month: &mo, Day: &d, Hour: &h, Minute: &mi,
					Latitude: &lat, Longitude: &lon, Timezone: "Europe/Paris"}}
				ctx.Notes = ctx.Notes[:0]
				check(in.Packet.Resolve(ctx, ""))
				check(in.Settings.Resolve(ctx, ""))
				c, err := in.Cast(pos, ctx, "")
				check(err)
				buf = append(buf[:0], `{"line":`...)
				buf = strconv.AppendInt(buf, int64(i), 10)
				buf = append(buf, `,"operation":"post-natal","status":200,"input":`...)
				buf = in.AppendJSON(buf)
				buf = c.AppendJSON(append(buf, `,"result":`...))
				buf = append(buf, "}\n"...)
				c.Release()
				done.Add(1)
			}
		}()
	}
	wg.Wait()
	return float64(done.Load()) / time.Since(start).Seconds()
}

type memory struct{ rss, anon int64 }

func (m memory) max(o memory) memory { return memory{max(m.rss, o.rss), max(m.anon, o.anon)} }

func mb(b int64) float64 { return float64(b) / (1 << 20) }

// mem reads the server's resident memory.
func mem() memory {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(*pid) + "/status")
	check(err)
	var m memory
	for _, l := range strings.Split(string(b), "\n") {
		f := strings.Fields(l)
		if len(f) < 2 {
			continue
		}
		v, _ := strconv.ParseInt(f[1], 10, 64)
		switch f[0] {
		case "VmRSS:":
			m.rss = v << 10
		case "RssAnon:":
			m.anon = v << 10
		}
	}
	return m
}

type result struct {
	job                        string
	first, elapsed             time.Duration
	lines, goodLines, problems int
	billed                     int64
	complete                   bool
	peak                       memory
	seen                       []int
}

// run posts body as a job (extra query parameters appended) and reads its
// answer, checking the line numbers; with stopAfter > 0 it closes the
// connection after that many answers.
func run(body []byte, extra string, stopAfter int, sample bool) result {
	var res result
	stop := make(chan struct{})
	var sampled sync.WaitGroup
	if sample {
		sampled.Add(1)
		go func() {
			defer sampled.Done()
			tk := time.NewTicker(10 * time.Millisecond)
			defer tk.Stop()
			for {
				res.peak = res.peak.max(mem())
				select {
				case <-stop:
					return
				case <-tk.C:
				}
			}
		}()
	}
	addr := strings.TrimPrefix(*base, "http://")
	conn, err := net.Dial("tcp", addr)
	check(err)
	defer conn.Close()
	start := time.Now()
	fmt.Fprintf(conn, "POST /api/v1/bulk?operation=post-natal%s HTTP/1.1\r\nHost: %s\r\nx-api-key: %s\r\nContent-Type: application/x-ndjson\r\nContent-Length: %d\r\n\r\n",
		extra, addr, *key, len(body))
	go conn.Write(body) // the answer is read meanwhile
	br := bufio.NewReaderSize(conn, 1<<20)
	resp, err := http.ReadResponse(br, nil)
	check(err)
	if resp.StatusCode != 200 {
		b, _ := io.ReadAll(resp.Body)
		fail("status %d: %s", resp.StatusCode, b)
	}
	res.job = resp.Header.Get("Bulk-Job")
	rd := bufio.NewReaderSize(resp.Body, 1<<20)
	want := 0
	for {
		line, err := rd.ReadSlice('\n')
		if ended(err) {
			break
		}
		if res.lines == 0 && res.first == 0 {
			res.first = time.Since(start)
		}
		if bytes.HasPrefix(line, []byte(`{"end":`)) {
			var end struct {
				End struct {
					Billed   int64 `json:"billed"`
					Complete bool  `json:"complete"`
				} `json:"end"`
			}
			check(json.Unmarshal(line, &end))
			res.billed, res.complete = end.End.Billed, end.End.Complete
			continue
		}
		// {"line":N,"operation":...,"status":S
		rest := line[len(`{"line":`):]
		comma := bytes.IndexByte(rest, ',')
		n, err := strconv.Atoi(string(rest[:comma]))
		check(err)
		if want == 0 {
			want = n
		}
		if n != want {
			fail("answer for line %d where %d was due", n, want)
		}
		want++
		res.lines++
		res.seen = append(res.seen, n)
		if bytes.Contains(line[:min(len(line), 80)], []byte(`"status":200`)) {
			res.goodLines++
		} else {
			res.problems++
		}
		if stopAfter > 0 && res.lines == stopAfter {
			break
		}
	}
	res.elapsed = time.Since(start)
	close(stop)
	sampled.Wait()
	return res
}

func ended(err error) bool {
	if err == bufio.ErrBufferFull {
		fail("an answer line over 1 MiB")
	}
	return err != nil
}

// usage is the account's calls billed today.
func usage() int64 {
	req, _ := http.NewRequest("GET", *base+"/api/v1/usage", nil)
	req.Header.Set("x-api-key", *key)
	resp, err := http.DefaultClient.Do(req)
	check(err)
	defer resp.Body.Close()
	var u struct {
		CurrentUsage struct {
			RequestsThisDay int64 `json:"requests_this_day"`
		} `json:"current_usage"`
	}
	check(json.NewDecoder(resp.Body).Decode(&u))
	return u.CurrentUsage.RequestsThisDay
}

func median(v []float64) float64 {
	s := slices.Clone(v)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func list(v []float64) string {
	var parts []string
	for _, x := range v {
		parts = append(parts, strconv.FormatFloat(x, 'f', 3, 64))
	}
	return strings.Join(parts, " ")
}

func check(err error) {
	if err != nil {
		fail("%v", err)
	}
}

func fail(format string, a ...any) {
	fmt.Fprintf(os.Stderr, "bulk: "+format+"\n", a...)
	os.Exit(1)
}
