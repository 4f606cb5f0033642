package natal_test

import (
	"bytes"
	"fmt"
	"io"
	nethttp "net/http"
	"testing"
	"time"

	"github.com/valyala/fasthttp"

	"github.com/astroapi/astroapi/engine"
	apihttp "github.com/astroapi/astroapi/http"
	"github.com/astroapi/astroapi/http/apitest"
	"github.com/astroapi/astroapi/http/op"
	"github.com/astroapi/astroapi/http/routes/natal"
)

const benchNatalBody = `{"year":1990,"month":7,"day":14,"hour":14,"minute":30,"latitude":51.5074,"longitude":-0.1278,"timezone":"Europe/London"}`

// BenchmarkNatalHandler is one POST /api/v1/natal through the server's root
// handler without a network (as BenchmarkPlatformEcho), with the result
// cache off: the whole server side of an uncached natal call on the Swiss
// Ephemeris (which keeps its own last-instant cache, so the positions of a
// repeated instant cost less than a new one's).
func BenchmarkNatalHandler(b *testing.B) {
	ts := startTestServer(b, testOptions{Positions: testEphemeris(b), Limits: apihttp.Limits{ResultCache: -1}})
	ts.Bench(b, "POST", "/api/v1/natal", benchNatalBody)
}

// BenchmarkNatalHandlerCached is the same call answered by the result
// cache after the first: authentication, quota, envelope and access log.
func BenchmarkNatalHandlerCached(b *testing.B) {
	ts := startTestServer(b, testOptions{Positions: testEphemeris(b)})
	ts.Bench(b, "POST", "/api/v1/natal", benchNatalBody)
}

// BenchmarkBatchNatal100 is a batch of 100 different natal charts through
// the root handler, result cache off: 100 charts per op.
func BenchmarkBatchNatal100(b *testing.B) { benchBatch(b, testEphemeris(b)) }

// BenchmarkBatchNatal100Tables is BenchmarkBatchNatal100 on the tables.
func BenchmarkBatchNatal100Tables(b *testing.B) { benchBatch(b, apitest.Tables(b)) }

func benchBatch(b *testing.B, pos engine.Positions) {
	ts := startTestServer(b, testOptions{Positions: pos, Limits: apihttp.Limits{ResultCache: -1}})
	body := `{"requests":[`
	for i := range 100 {
		if i > 0 {
			body += ","
		}
		body += fmt.Sprintf(`{"operation":"post-natal","body":{"year":%d,"month":%d,"day":%d,"hour":%d,"minute":%d,"latitude":%d.25,"longitude":%d.5}}`,
			1940+i%70, 1+i%12, 1+i%28, i%24, (i*11)%60, -50+(i*13)%110, -170+(i*37)%340)
	}
	body += `]}`
	ts.Bench(b, "POST", "/api/v1/batch", body)
}

// BenchmarkNatalHandlerTables is BenchmarkNatalHandler (result cache off)
// on the tables, with a different birth on each of 840 calls in turn: every position
// from the tables (the true node too), houses in Go.
func BenchmarkNatalHandlerTables(b *testing.B) { benchNatalTables(b, "") }

// BenchmarkNatalHandlerTablesMeanNode asks for the mean node.
func BenchmarkNatalHandlerTablesMeanNode(b *testing.B) { benchNatalTables(b, `,"node_type":"mean"`) }

func benchNatalTables(b *testing.B, extra string) {
	ts := startTestServer(b, testOptions{Positions: apitest.Tables(b), Limits: apihttp.Limits{ResultCache: -1}})
	h := ts.Server.Handler()
	var rc fasthttp.RequestCtx
	var body []byte
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		i++
		// Births spread over 1950-2019 (consecutive minutes of one day
		// would sit for the whole run in or out of a table hole).
		body = fmt.Appendf(body[:0], `{"year":%d,"month":%d,"day":%d,"hour":%d,"minute":%d,"latitude":51.5,"longitude":-0.12%s}`,
			1950+i*13%70, 1+i*11%12, 1+i*3%28, i*5%24, i*7%60, extra)
		rc.Request.Reset()
		rc.Response.Reset()
		rc.Request.Header.SetMethod("POST")
		rc.Request.SetRequestURI("/api/v1/natal")
		rc.Request.Header.Set("x-api-key", ts.Key)
		rc.Request.SetBody(body)
		h(&rc)
		if rc.Response.StatusCode() != 200 {
			b.Fatalf("status %d: %s", rc.Response.StatusCode(), rc.Response.Body())
		}
	}
}

// BenchmarkNatalHandlerTablesHouses is BenchmarkNatalHandlerTables in
// every house system (issue 25: each within 5% of Placidus).
func BenchmarkNatalHandlerTablesHouses(b *testing.B) {
	for _, s := range engine.HouseSystems {
		b.Run(string(s), func(b *testing.B) { benchNatalTables(b, `,"house_system":"`+string(s)+`"`) })
	}
}

// BenchmarkNatalHandlerTablesAyanamsas is BenchmarkNatalHandlerTables in a
// few sidereal zodiacs: the tables' first six, the ones added with issue
// 25 (one from a reference epoch, one from a star, one from the galactic
// centre), and a user-defined one.
func BenchmarkNatalHandlerTablesAyanamsas(b *testing.B) {
	for _, a := range []string{"lahiri", "aryabhata_522", "true_citra", "galactic_center_cochrane", "user"} {
		sid := `,"zodiac_type":"sidereal","ayanamsa":"` + a + `"`
		if a == "user" {
			sid = `,"zodiac_type":"sidereal","user_ayanamsa":{"epoch_jd":2451545,"degrees":23.85}`
		}
		b.Run(a, func(b *testing.B) { benchNatalTables(b, sid) })
	}
}

// BenchmarkBulkNatalTables is a bulk job of 1,000 new natal charts (an op)
// on the tables, posted over a real connection and read to its end: the
// server's whole cost per line (reading, the door, the chart, the answer
// line, the chunked write) and a client that only discards the bytes.
// lines/s is the job's rate; compare it with BenchmarkComputeTables and
// BenchmarkAppendJSON in engine/natal (the engine's own cost of a line).
func BenchmarkBulkNatalTables(b *testing.B) {
	ts := startTestServer(b, testOptions{Positions: apitest.Tables(b)})
	const lines = 1000
	var body []byte
	n := 0
	job := func() []byte {
		body = body[:0]
		for range lines {
			n++
			// A birth per minute from 1950: every line of every job new.
			t := time.Date(1950, 1, 1, 0, 0, 0, 0, time.UTC).Add(time.Duration(n) * time.Minute)
			body = fmt.Appendf(body, `{"year":%d,"month":%d,"day":%d,"hour":%d,"minute":%d,"latitude":48.8566,"longitude":2.3522,"timezone":"Europe/Paris"}`+"\n",
				t.Year(), int(t.Month()), t.Day(), t.Hour(), t.Minute())
		}
		return body
	}
	client := &nethttp.Client{}
	b.ResetTimer()
	start := time.Now()
	for range b.N {
		b.StopTimer()
		req, err := nethttp.NewRequest("POST", ts.URL+"/api/v1/bulk?operation=post-natal", bytes.NewReader(job()))
		if err != nil {
			b.Fatal(err)
		}
		req.Header.Set("x-api-key", ts.Key)
		b.StartTimer()
		resp, err := client.Do(req)
		if err != nil {
			b.Fatal(err)
		}
		got, err := io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if err != nil || resp.StatusCode != 200 || got < lines*1000 {
			b.Fatalf("status %d, %d bytes, %v", resp.StatusCode, got, err)
		}
	}
	b.ReportMetric(float64(b.N*lines)/time.Since(start).Seconds(), "lines/s")
}

// BenchmarkDecodeNatal is the door's input stage alone on a natal body
// (read, check, default, resolve), a call reused as a bulk worker does.
func BenchmarkDecodeNatal(b *testing.B) {
	var o *op.Operation
	for _, x := range natal.Ops(natal.Deps{Positions: apitest.Tables(b)}) {
		if x.ID == "post-natal" {
			o = x
		}
	}
	body := []byte(`{"year":1990,"month":7,"day":14,"hour":14,"minute":30,"latitude":48.8566,"longitude":2.3522,"timezone":"Europe/Paris"}`)
	var c op.Call
	b.ReportAllocs()
	for b.Loop() {
		if err := c.Reuse(o, op.Request{Body: body}).Decode(); err != nil {
			b.Fatal(err)
		}
	}
}
