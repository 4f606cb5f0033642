// Command flood drives the hardening scenarios of bench/hardening.sh
// against a running astroapi on 127.0.0.1, bounded in time, while a
// client with a valid key sends natal charts beside it: it prints the
// server's anonymous resident memory before and at its peak (RssAnon of
// /proc/<pid>/status, sampled every 20 ms: the memory-mapped tables are
// left out, their pages come and go with the dates asked), the flood's
// answers by status, and the natal client's p50/p99.
//
//	flood -url http://127.0.0.1:18095 -pid 1234 -key KEY -scenario png|body|keys|batch|slowread|mcplist [-flood-key KEY2] [-for 15s]
package main

import (
	"bytes"
	"crypto/rand"
	"encoding/base32"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

func main() {
	url := flag.String("url", "http://127.0.0.1:18095", "server")
	pid := flag.Int("pid", 0, "server process id (memory is read from /proc)")
	key := flag.String("key", "", "a valid key for the natal client")
	floodKey := flag.String("flood-key", "", "the key the png flood uses (a free-plan account)")
	scenario := flag.String("scenario", "png", "png, body, keys, batch, slowread, mcplist or none")
	size := flag.Int("size", 4000, "png: the size asked for")
	dur := flag.Duration("for", 15*time.Second, "how long the flood lasts")
	flag.Parse()
	before := rss(*pid, "RssAnon")
	stop := make(chan struct{})
	var wg sync.WaitGroup
	var peak int64
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		t := time.NewTicker(20 * time.Millisecond)
		defer t.Stop()
		for {
			peak = max(peak, rss(*pid, "RssAnon"))
			select {
			case <-stop:
				return
			case <-t.C:
			}
		}
	}()
	lat := make(chan time.Duration, 1<<16)
	wg.Add(1)
	go func() { // the bystander: a natal chart every 20 ms
		defer wg.Done()
		c := &http.Client{Timeout: 10 * time.Second}
		t := time.NewTicker(20 * time.Millisecond)
		defer t.Stop()
		for i := 0; ; i++ {
			select {
			case <-stop:
				close(lat)
				return
			case <-t.C:
			}
			body := fmt.Sprintf(`{"year":%d,"month":%d,"day":%d,"hour":%d,"latitude":48.85,"longitude":2.35}`, 1950+i%70, 1+i%12, 1+i%28, i%24)
			req, _ := http.NewRequest("POST", *url+"/api/v1/natal", strings.NewReader(body))
			req.Header.Set("x-api-key", *key)
			req.Header.Set("Content-Type", "application/json")
			t0 := time.Now()
			resp, err := c.Do(req)
			if err == nil {
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
			}
			lat <- time.Since(t0)
		}
	}()
	statuses := map[string]int{}
	var mu sync.Mutex
	count := func(s string) { mu.Lock(); statuses[s]++; mu.Unlock() }
	deadline := time.Now().Add(*dur)
	switch *scenario {
	case "png": // a PNG of the largest size every 0.5 s, on a free account
		c := &http.Client{Timeout: 30 * time.Second}
		for time.Now().Before(deadline) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				req, _ := http.NewRequest("POST", *url+"/api/v1/natal/png", strings.NewReader(fmt.Sprintf(`{"year":1990,"month":7,"day":14,"latitude":48.85,"longitude":2.35,"size":%d}`, *size)))
				req.Header.Set("x-api-key", *floodKey)
				req.Header.Set("Content-Type", "application/json")
				resp, err := c.Do(req)
				if err != nil {
					count("error")
					return
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				count(strconv.Itoa(resp.StatusCode))
			}()
			time.Sleep(500 * time.Millisecond)
		}
	case "body": // 150 unauthenticated requests declaring 15 MB, held open
		host := strings.TrimPrefix(*url, "http://")
		for range 150 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				conn, err := net.Dial("tcp", host)
				if err != nil {
					count("dial error")
					return
				}
				defer conn.Close()
				fmt.Fprintf(conn, "POST /api/v1/natal HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 15000000\r\n\r\n")
				chunk := bytes.Repeat([]byte(" "), 64<<10)
				conn.SetDeadline(deadline)
				go func() { // keep sending until refused or the time is up
					for time.Now().Before(deadline) {
						if _, err := conn.Write(chunk); err != nil {
							return
						}
					}
				}()
				buf := make([]byte, 512)
				n, err := conn.Read(buf)
				if n == 0 {
					count("no answer: " + errString(err))
					return
				}
				f := strings.Fields(string(buf[:n]))
				if len(f) > 1 {
					count(f[1])
				}
				time.Sleep(time.Until(deadline)) // hold the connection
			}()
		}
		time.Sleep(time.Until(deadline))
	case "batch": // 4 clients sending batches of 100 long releasing timelines (4 levels, 100 years)
		item := `{"operation":"post-zodiacal-releasing-timeline","body":{"year":1950,"month":3,"day":14,"hour":12,"latitude":51.5,"longitude":-0.12,"start":"1950-04-01","end":"2049-12-31","levels":4}}`
		body := `{"requests":[` + strings.TrimSuffix(strings.Repeat(item+",", 100), ",") + `]}`
		c := &http.Client{Timeout: 120 * time.Second}
		for range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for time.Now().Before(deadline) {
					req, _ := http.NewRequest("POST", *url+"/api/v1/batch", strings.NewReader(body))
					req.Header.Set("x-api-key", *floodKey)
					req.Header.Set("Content-Type", "application/json")
					resp, err := c.Do(req)
					if err != nil {
						count("error")
						continue
					}
					n, _ := io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
					count(fmt.Sprintf("%d (%d MB)", resp.StatusCode, n>>20))
				}
			}()
		}
		time.Sleep(time.Until(deadline))
	case "slowread": // 400 clients ask for 20,000 ephemeris rows and never read the answer
		host := strings.TrimPrefix(*url, "http://")
		body := `{"start":"2000-01-01T00:00:00Z","end":"2002-04-13T00:00:00Z","step":1,"step_unit":"hours","bodies":["sun","moon","mercury"]}`
		for range 400 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				conn, err := net.Dial("tcp", host)
				if err != nil {
					count("dial error")
					return
				}
				defer conn.Close()
				conn.(*net.TCPConn).SetReadBuffer(4096)
				fmt.Fprintf(conn, "POST /api/v1/ephemeris HTTP/1.1\r\nHost: x\r\nx-api-key: %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", *floodKey, len(body), body)
				buf := make([]byte, 64)
				conn.SetReadDeadline(deadline)
				if n, _ := conn.Read(buf); n > 0 {
					if f := strings.Fields(string(buf[:n])); len(f) > 1 {
						count(f[1])
					}
				}
				time.Sleep(time.Until(deadline)) // never read the rest
			}()
			time.Sleep(2 * time.Millisecond)
		}
		time.Sleep(time.Until(deadline))
	case "mcplist": // 16 connections asking for the MCP tool list, on a free (2/s) account
		c := &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 32}}
		for range 16 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := 0; time.Now().Before(deadline); i++ {
					req, _ := http.NewRequest("POST", *url+"/api/v1/mcp", strings.NewReader(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/list","params":{}}`, i)))
					req.Header.Set("x-api-key", *floodKey)
					req.Header.Set("Content-Type", "application/json")
					req.Header.Set("Accept-Encoding", "br, gzip")
					resp, err := c.Do(req)
					if err != nil {
						count("error")
						continue
					}
					io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
					count(strconv.Itoa(resp.StatusCode))
				}
			}()
		}
		time.Sleep(time.Until(deadline))
	case "none": // the bystander alone: the baseline of the others
		time.Sleep(time.Until(deadline))
	case "keys": // random well-formed keys as fast as 32 clients go
		c := &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 64}}
		for range 32 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for time.Now().Before(deadline) {
					req, _ := http.NewRequest("GET", *url+"/api/v1/usage", nil)
					req.Header.Set("x-api-key", randomKey())
					resp, err := c.Do(req)
					if err != nil {
						count("error")
						continue
					}
					io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
					count(strconv.Itoa(resp.StatusCode))
				}
			}()
		}
		time.Sleep(time.Until(deadline))
	}
	close(stop)
	<-sampled
	var ls []time.Duration
	for d := range lat {
		ls = append(ls, d)
	}
	wg.Wait()
	slices.Sort(ls)
	q := func(p float64) time.Duration {
		if len(ls) == 0 {
			return 0
		}
		return ls[min(len(ls)-1, int(p*float64(len(ls))))]
	}
	fmt.Printf("scenario %s for %s: answers %v; anonymous RSS %d MB before, peak %d MB; natal bystander %d calls p50 %s p99 %s max %s\n",
		*scenario, *dur, statuses, before>>10, peak>>10, len(ls), q(0.5).Round(time.Millisecond), q(0.99).Round(time.Millisecond), q(1).Round(time.Millisecond))
}

func errString(err error) string {
	if err == nil {
		return "closed"
	}
	if strings.Contains(err.Error(), "reset") {
		return "reset"
	}
	if strings.Contains(err.Error(), "timeout") {
		return "timeout"
	}
	return "error"
}

// randomKey is a key of the shape the server issues, known to no store.
func randomKey() string {
	var b [32]byte
	rand.Read(b[:])
	return "ak_live_" + strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b[:]))[:52]
}

// rss reads a memory field of /proc/<pid>/status in kB.
func rss(pid int, field string) int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, field+":"); ok {
			n, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			return n
		}
	}
	return 0
}
