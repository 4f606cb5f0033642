package http_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"net"
	nethttp "net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	json "github.com/goccy/go-json"

	apihttp "github.com/astroapi/astroapi/http"
	"github.com/astroapi/astroapi/http/apitest"
	"github.com/astroapi/astroapi/http/op"
)

// bulkBirth is line i of a test job: a new birth minute per line.
func bulkBirth(i int) string {
	return fmt.Sprintf(`{"year":1990,"month":%d,"day":%d,"hour":%d,"minute":%d,"latitude":48.8566,"longitude":2.3522,"timezone":"Europe/Paris"}`,
		1+i%12, 1+i%28, i%24, i%60)
}

// bulkAnswer is a line of a bulk answer as a client reads it.
type bulkAnswer struct {
	Line      int64           `json:"line"`
	ID        string          `json:"id"`
	Operation string          `json:"operation"`
	Status    int             `json:"status"`
	Input     json.RawMessage `json:"input"`
	Result    json.RawMessage `json:"result"`
	Problem   *op.Problem     `json:"problem"`
	Warnings  []string        `json:"warnings"`
	End       *struct {
		Job                              string
		FirstLine                        int64 `json:"first_line"`
		StartLine                        int64 `json:"start_line"`
		NextLine                         int64 `json:"next_line"`
		Lines, Succeeded, Failed, Billed int64
		Complete                         bool
		Problem                          *op.Problem
	} `json:"end"`
}

// postBulk sends a whole body to the bulk route and reads the answer.
func postBulk(t *testing.T, ts *apitest.Server, query, body string, header ...string) (*nethttp.Response, []bulkAnswer) {
	t.Helper()
	req, err := nethttp.NewRequest("POST", ts.URL+"/api/v1/bulk"+query, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("x-api-key", ts.Key)
	req.Header.Set("Content-Type", "application/x-ndjson")
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := nethttp.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 {
		b, _ := io.ReadAll(resp.Body)
		return resp, []bulkAnswer{{Status: resp.StatusCode, Result: b}}
	}
	return resp, readAnswers(t, resp.Body)
}

func readAnswers(t *testing.T, r io.Reader) []bulkAnswer {
	t.Helper()
	var out []bulkAnswer
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 4<<20)
	for sc.Scan() {
		var a bulkAnswer
		if err := json.Unmarshal(sc.Bytes(), &a); err != nil {
			t.Fatalf("line %q: %v", apitest.Truncate(sc.Bytes(), 300), err)
		}
		out = append(out, a)
	}
	return out
}

// TestBulkNatal: a job of natal bodies answers a line per line, in order,
// each with its number; bad lines are problems in place and not billed;
// the end line sums it up; the echo and the result are those of a single
// call.
func TestBulkNatal(t *testing.T) {
	apitest.ForEachStore(t, func(t *testing.T, storeURL string) {
		ts := startTestServer(t, withEverything(t, testOptions{StoreURL: storeURL}))
		var body strings.Builder
		const n = 60
		bad := map[int]string{7: "lattitude", 20: "year", 33: "", 41: ""}
		for i := 1; i <= n; i++ {
			switch i {
			case 7:
				body.WriteString(`{"year":1990,"month":1,"day":2,"lattitude":5,"longitude":2}`)
			case 20:
				body.WriteString(`{"year":"x","month":1,"day":2,"latitude":5,"longitude":2}`)
			case 33:
				body.WriteString(`   `)
			case 41:
				body.WriteString(`{"year":1990,`)
			default:
				body.WriteString(bulkBirth(i))
			}
			body.WriteString("\n")
		}
		before := billed(t, ts)
		resp, lines := postBulk(t, ts, "?operation=post-natal", body.String())
		if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "application/x-ndjson" || resp.Header.Get("Bulk-Job") == "" {
			t.Fatalf("status %d %q job %q: %s", resp.StatusCode, resp.Header.Get("Content-Type"), resp.Header.Get("Bulk-Job"), lines[0].Result)
		}
		if len(lines) != n+1 {
			t.Fatalf("%d lines, want %d and the end", len(lines), n)
		}
		single := ts.Post(t, "/api/v1/natal", bulkBirth(1)).WantStatus(t, 200).Envelope(t)
		for i, a := range lines[:n] {
			if a.Line != int64(i+1) || a.Operation != "post-natal" {
				t.Fatalf("answer %d: line %d operation %q", i, a.Line, a.Operation)
			}
			field, isBad := bad[i+1]
			switch {
			case isBad && (a.Problem == nil || a.Status < 400 || a.Result != nil):
				t.Errorf("line %d: status %d, want a problem", a.Line, a.Status)
			case isBad && field != "" && (len(a.Problem.Errors) == 0 || a.Problem.Errors[0].Field != field):
				t.Errorf("line %d: %+v, want a problem naming %s", a.Line, a.Problem, field)
			case !isBad && (a.Status != 200 || a.Problem != nil || len(a.Result) < 1000):
				t.Errorf("line %d: status %d %+v", a.Line, a.Status, a.Problem)
			}
		}
		if string(lines[0].Result) != string(single.Result) || string(lines[0].Input) != string(single.Input) {
			t.Error("line 1 differs from the single call of its body")
		}
		end := lines[n].End
		if end == nil || !end.Complete || end.Lines != n || end.Succeeded != n-4 || end.Failed != 4 || end.Billed != n-4 || end.NextLine != n+1 || end.Job != resp.Header.Get("Bulk-Job") {
			t.Fatalf("end %+v", end)
		}
		if got := billed(t, ts) - before; got != n-4+1 { // the good lines and the single call
			t.Errorf("billed %d calls, want %d", got, n-4+1)
		}
	})
}

// TestBulkLinesAsSingleCalls: each line answers what a single call of its
// body answers, whatever the lines before it sent (a job's workers reuse
// one call and its input line after line): options set on one line and
// absent from the next, a place by name then by coordinates, a missing
// zone's warning.
func TestBulkLinesAsSingleCalls(t *testing.T) {
	ts := startTestServer(t, withEverything(t, testOptions{}))
	lines := []string{
		`{"year":1990,"month":1,"day":2,"hour":3,"minute":4,"latitude":48.4,"longitude":9.99,"timezone":"Europe/Berlin","house_system":"koch","node_type":"mean"}`,
		`{"year":1990,"month":1,"day":2,"hour":3,"minute":4,"latitude":48.4,"longitude":9.99,"timezone":"Europe/Berlin"}`,
		`{"year":1879,"month":3,"day":14,"hour":11,"minute":30,"location":"Ulm, Germany","zodiac_type":"sidereal","ayanamsa":"fagan_bradley"}`,
		`{"year":1879,"month":3,"day":14,"hour":11,"minute":30,"latitude":48.4,"longitude":9.99}`,
		`{"year":2000,"month":6,"day":1,"latitude":-33.9,"longitude":151.2,"timezone":"Australia/Sydney","house_system":"whole_sign"}`,
		`{"year":2000,"month":6,"day":1,"latitude":-33.9,"longitude":151.2,"timezone":"Australia/Sydney"}`,
	}
	// Each line twice in a row and the whole list twice: two workers, so
	// every line follows each kind of line on some worker.
	var body strings.Builder
	var order []int
	for range 2 {
		for i, l := range lines {
			for range 2 {
				body.WriteString(l + "\n")
				order = append(order, i)
			}
		}
	}
	_, got := postBulk(t, ts, "?operation=post-natal", body.String())
	if len(got) != len(order)+1 {
		t.Fatalf("%d answers for %d lines", len(got), len(order))
	}
	for k, i := range order {
		single := ts.Post(t, "/api/v1/natal", lines[i]).WantStatus(t, 200).Envelope(t)
		a := got[k]
		if a.Status != 200 || string(a.Result) != string(single.Result) || string(a.Input) != string(single.Input) {
			t.Errorf("line %d (%s): status %d; its input or result differ from the single call's:\n%s\n%s", k+1, lines[i], a.Status,
				apitest.Truncate(a.Input, 400), apitest.Truncate(single.Input, 400))
		}
		if fmt.Sprint(a.Warnings) != fmt.Sprint(single.Warnings) {
			t.Errorf("line %d (%s): warnings %q, the single call's %q", k+1, lines[i], a.Warnings, single.Warnings)
		}
	}
}

// TestBulkItems: without an operation each line is a batch item, with
// its own operation, id, path and query parameters and shape.
func TestBulkItems(t *testing.T) {
	ts := startTestServer(t, withEverything(t, testOptions{}))
	body := strings.Join([]string{
		`{"id":"a","operation":"post-natal","body":` + bulkBirth(1) + `,"fields":"ascendant.sign"}`,
		`{"id":"b","operation":"get-timezone","params":{"name":"Europe/Paris"},"query":{"fields":"name"}}`,
		`{"id":"c","operation":"post-nothing","body":{}}`,
		`{"id":"d","operation":"post-natal","bdy":{}}`,
		`not json`,
		`{"id":"e","operation":"post-natal-svg","body":` + bulkBirth(2) + `}`,
	}, "\n")
	_, lines := postBulk(t, ts, "?decimals=2", body)
	want := []struct {
		id     string
		status int
	}{{"a", 200}, {"b", 200}, {"c", 404}, {"", 422}, {"", 400}, {"e", 400}}
	if len(lines) != len(want)+1 {
		t.Fatalf("%d lines: %+v", len(lines), lines)
	}
	for i, w := range want {
		if a := lines[i]; a.ID != w.id || a.Status != w.status || a.Line != int64(i+1) {
			t.Errorf("line %d: id %q status %d %+v, want %q %d", i+1, a.ID, a.Status, a.Problem, w.id, w.status)
		}
	}
	if !strings.HasPrefix(string(lines[0].Result), `{"ascendant":{"sign":"`) || string(lines[1].Result) != `{"name":"Europe/Paris"}` {
		t.Errorf("shaped results %s %s", lines[0].Result, lines[1].Result)
	}
	if p := lines[3].Problem; p == nil || p.Errors[0].Field != "bdy" || !strings.Contains(p.Errors[0].Reason, "body") {
		t.Errorf("misspelt item member: %+v", p)
	}
}

// TestBulkCSV: format=csv writes a row per element of the list fields
// keeps, the values outside it repeated; a bad line is a row with its
// problem; more than one list is a 422.
func TestBulkCSV(t *testing.T) {
	ts := startTestServer(t, withEverything(t, testOptions{}))
	body := bulkBirth(1) + "\n" + `{"year":1990}` + "\n" + bulkBirth(2) + "\n"
	req, _ := nethttp.NewRequest("POST", ts.URL+"/api/v1/bulk?operation=post-natal&fields=ascendant.sign,planets.name,planets.longitude&decimals=3", strings.NewReader(body))
	req.Header.Set("x-api-key", ts.Key)
	req.Header.Set("Accept", "text/csv")
	resp, err := nethttp.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/csv") {
		b, _ := io.ReadAll(resp.Body)
		t.Fatalf("status %d %s", resp.StatusCode, b)
	}
	recs, err := csv.NewReader(resp.Body).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if h := strings.Join(recs[0], ","); h != "line,status,ascendant.sign,planets.name,planets.longitude,problem" {
		t.Fatalf("header %s", h)
	}
	if len(recs) != 1+14+1+14 {
		t.Fatalf("%d rows", len(recs))
	}
	if r := recs[1]; r[0] != "1" || r[1] != "200" || r[3] != "Sun" || r[5] != "" {
		t.Errorf("row %v", r)
	}
	if r := recs[15]; r[0] != "2" || r[1] != "422" || !strings.Contains(r[5], "is required") {
		t.Errorf("problem row %v", r)
	}
	for _, r := range recs[1:] {
		if lon := r[4]; lon != "" {
			if i := strings.IndexByte(lon, '.'); i >= 0 && len(lon)-i-1 > 3 {
				t.Errorf("longitude %s: more than 3 decimals", lon)
			}
		}
	}
	if last := recs[len(recs)-1]; last[0] != "3" || last[3] != "Chiron" {
		t.Errorf("last row %v", last)
	}
	_, lines := postBulk(t, ts, "?operation=post-natal&format=csv", body)
	if lines[0].Status != 422 || !strings.Contains(string(lines[0].Result), "choose one with fields") {
		t.Errorf("csv of several lists: %d %s", lines[0].Status, lines[0].Result)
	}
}

// TestBulkRefusals: what is wrong with the job itself is one problem
// before any line is read.
func TestBulkRefusals(t *testing.T) {
	ts := startTestServer(t, withEverything(t, testOptions{}))
	for _, c := range []struct {
		query  string
		status int
		field  string
	}{
		{"?operation=post-nothing", 422, "operation"},
		{"?operation=post-natal-svg", 422, "operation"},
		{"?operation=post-fixed-star", 422, "operation"},
		{"?start_line=0", 422, "start_line"},
		{"?skip=3", 422, "skip"},
		{"?format=csv", 422, "format"},
		{"?operation=post-natal&fields=plnets", 422, "fields"},
		{"?job=0123456789abcdef", 422, "job"},
	} {
		_, lines := postBulk(t, ts, c.query, bulkBirth(1))
		var p op.Problem
		json.Unmarshal(lines[0].Result, &p)
		if lines[0].Status != c.status || len(p.Errors) == 0 || p.Errors[0].Field != c.field {
			t.Errorf("%s: %d %s", c.query, lines[0].Status, lines[0].Result)
		}
	}
	req, _ := nethttp.NewRequest("POST", ts.URL+"/api/v1/bulk", strings.NewReader(bulkBirth(1)))
	resp, err := nethttp.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 401 {
		t.Errorf("no key: %d", resp.StatusCode)
	}
}

// TestBulkStreams: the answer of the first line arrives while the client
// has not finished sending its body (a pipe it writes to as it reads):
// the job is answered as it is read.
func TestBulkStreams(t *testing.T) {
	ts := startTestServer(t, withEverything(t, testOptions{}))
	pr, pw := io.Pipe()
	req, _ := nethttp.NewRequest("POST", ts.URL+"/api/v1/bulk?operation=post-natal&fields=ascendant", pr)
	req.Header.Set("x-api-key", ts.Key)
	go pw.Write([]byte(bulkBirth(1) + "\n"))
	resp, err := nethttp.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	br := bufio.NewReader(resp.Body)
	for i := 1; i <= 5; i++ {
		line, err := br.ReadBytes('\n')
		if err != nil {
			t.Fatalf("line %d: %v", i, err)
		}
		var a bulkAnswer
		if err := json.Unmarshal(line, &a); err != nil || a.Line != int64(i) || a.Status != 200 {
			t.Fatalf("answer %d before line %d was sent: %s", i, i+1, line)
		}
		if i < 5 {
			go pw.Write([]byte(bulkBirth(i+1) + "\n"))
		}
	}
	pw.Close()
	rest := readAnswers(t, br)
	if len(rest) != 1 || rest[0].End == nil || !rest[0].End.Complete || rest[0].End.Lines != 5 {
		t.Fatalf("end %+v", rest)
	}
}

// TestBulkResume: a client that reads part of the answer and drops the
// connection resumes from the first line it did not receive, naming the
// job: every line is received once, and billed once.
func TestBulkResume(t *testing.T) {
	apitest.ForEachStore(t, func(t *testing.T, storeURL string) {
		ts := startTestServer(t, withEverything(t, testOptions{StoreURL: storeURL}))
		const n = 3000
		var body bytes.Buffer
		good := 0
		for i := 1; i <= n; i++ {
			if i%100 == 0 {
				body.WriteString(`{"year":1990,"month":13,"day":1,"latitude":1,"longitude":1}` + "\n") // 1 % bad lines
				continue
			}
			good++
			body.WriteString(bulkBirth(i) + "\n")
		}
		before := billed(t, ts)
		// First attempt: a raw connection that reads until it has 1,000
		// answers, then closes.
		conn, err := net.Dial("tcp", strings.TrimPrefix(ts.URL, "http://"))
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(conn, "POST /api/v1/bulk?operation=post-natal HTTP/1.1\r\nHost: x\r\nx-api-key: %s\r\nContent-Length: %d\r\n\r\n", ts.Key, body.Len())
		go conn.Write(body.Bytes())
		resp, err := nethttp.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			t.Fatal(err)
		}
		job := resp.Header.Get("Bulk-Job")
		got := map[int64]int{}
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(make([]byte, 1<<20), 4<<20)
		for len(got) < 1000 && sc.Scan() {
			var a bulkAnswer
			if err := json.Unmarshal(sc.Bytes(), &a); err != nil {
				t.Fatalf("%v: %s", err, apitest.Truncate(sc.Bytes(), 200))
			}
			got[a.Line]++
		}
		conn.Close()
		next := int64(len(got) + 1)
		// The resume: the whole body again, from the first line not received.
		var lines []bulkAnswer
		for try := 0; ; try++ {
			var r *nethttp.Response
			r, lines = postBulk(t, ts, "?operation=post-natal&job="+job+"&start_line="+strconv.FormatInt(next, 10), body.String())
			if r.StatusCode == 200 || try == 20 {
				break
			}
			time.Sleep(50 * time.Millisecond) // the cut job may still be ending
		}
		for _, a := range lines {
			if a.End != nil {
				if !a.End.Complete || a.End.StartLine != next || a.End.NextLine != n+1 {
					t.Errorf("end %+v", a.End)
				}
				continue
			}
			got[a.Line]++
		}
		for i := int64(1); i <= n; i++ {
			if got[i] != 1 {
				t.Fatalf("line %d received %d times", i, got[i])
			}
		}
		// The server's view settles when the cut job has been seen gone.
		deadline := time.Now().Add(5 * time.Second)
		for billed(t, ts)-before != int64(good) && time.Now().Before(deadline) {
			time.Sleep(20 * time.Millisecond)
		}
		if b := billed(t, ts) - before; b != int64(good) {
			t.Errorf("billed %d calls for %d good lines", b, good)
		}
	})
}

// TestBulkJobsPerAccount: an account runs at most two jobs at once.
func TestBulkJobsPerAccount(t *testing.T) {
	ts := startTestServer(t, withEverything(t, testOptions{}))
	var writers []*io.PipeWriter
	for range 2 {
		pr, pw := io.Pipe()
		writers = append(writers, pw)
		req, _ := nethttp.NewRequest("POST", ts.URL+"/api/v1/bulk?operation=post-natal", pr)
		req.Header.Set("x-api-key", ts.Key)
		go pw.Write([]byte(bulkBirth(1) + "\n"))
		resp, err := nethttp.DefaultClient.Do(req)
		if err != nil || resp.StatusCode != 200 {
			t.Fatalf("job: %v %v", err, resp)
		}
		defer resp.Body.Close()
	}
	_, lines := postBulk(t, ts, "?operation=post-natal", bulkBirth(1))
	if lines[0].Status != 429 {
		t.Errorf("third job: %d", lines[0].Status)
	}
	for _, w := range writers {
		w.Close()
	}
	_ = context.Background
}

// TestBulkBadLines: the bulk route's bad-input table. Each bad line of a
// natal job answers its problem in its place, naming the field (an unknown
// name with its suggestion, a wrong type, a bound one step outside, a
// cross-field rule, a place the offline geocoder does not know), or a 400
// for a line that is not a JSON object and a 413 for one over the body
// limit; the good lines around them are answered, and only they are
// billed.
func TestBulkBadLines(t *testing.T) {
	ts := startTestServer(t, withEverything(t, testOptions{Limits: apihttp.Limits{MaxBodyBytes: 4 << 10}}))
	good := bulkBirth(1)
	cases := []struct {
		name, line string
		status     int
		field      string
		reason     string // part of the field's reason
	}{
		{"unknown name", `{"year":1990,"month":1,"day":2,"lattitude":5,"longitude":2}`, 422, "lattitude", "latitude"},
		{"wrong type", `{"year":"1990","month":1,"day":2,"latitude":5,"longitude":2}`, 422, "year", "integer"},
		{"bound", `{"year":1990,"month":1,"day":2,"latitude":90.000001,"longitude":2}`, 422, "latitude", "90"},
		{"bound below", `{"year":1990,"month":1,"day":2,"latitude":5,"longitude":-180.000001}`, 422, "longitude", "180"},
		{"impossible date", `{"year":1990,"month":2,"day":30,"latitude":5,"longitude":2}`, 422, "day", ""},
		{"date twice", `{"date":"1990-02-03","year":1990,"month":1,"day":2,"latitude":5,"longitude":2}`, 422, "date", ""},
		{"unknown zone", `{"year":1990,"month":1,"day":2,"latitude":5,"longitude":2,"timezone":"Mars/Olympus"}`, 422, "timezone", ""},
		{"unknown place", `{"year":1990,"month":1,"day":2,"location":"Qqqxzvv Wwwyyq","timezone":"auto"}`, 422, "location", ""},
		{"known place", `{"year":1990,"month":1,"day":2,"location":"Paris, France","timezone":"auto"}`, 200, "", ""},
		{"no place", `{"year":1990,"month":1,"day":2}`, 422, "latitude", ""},
		{"not JSON", `{"year":1990,`, 400, "", ""},
		{"not an object", `[1990,1,2]`, 400, "", ""},
		{"over the limit", `{"year":1990,"month":1,"day":2,"latitude":5,"longitude":2,"pad":"` + strings.Repeat("x", 5<<10) + `"}`, 413, "", ""},
	}
	var body strings.Builder
	for _, c := range cases {
		body.WriteString(good + "\n" + c.line + "\n")
	}
	body.WriteString(good + "\n")
	before := billed(t, ts)
	_, lines := postBulk(t, ts, "?operation=post-natal", body.String())
	if len(lines) != 2*len(cases)+2 {
		t.Fatalf("%d answer lines for %d input lines: %+v", len(lines), 2*len(cases)+1, lines[0])
	}
	for i, c := range cases {
		if a := lines[2*i]; a.Status != 200 || a.Line != int64(2*i+1) {
			t.Errorf("%s: the good line before it: line %d status %d %+v", c.name, a.Line, a.Status, a.Problem)
		}
		a := lines[2*i+1]
		if c.status == 200 { // geocoded offline, per line
			if a.Status != 200 || !strings.Contains(string(a.Input), `"place"`) {
				t.Errorf("%s: status %d %+v input %s", c.name, a.Status, a.Problem, a.Input)
			}
			continue
		}
		if a.Line != int64(2*i+2) || a.Status != c.status || a.Problem == nil || a.Result != nil {
			t.Errorf("%s: line %d status %d %+v, want %d", c.name, a.Line, a.Status, a.Problem, c.status)
			continue
		}
		if c.field == "" {
			continue
		}
		found := false
		for _, e := range a.Problem.Errors {
			if e.Field == c.field && strings.Contains(e.Reason, c.reason) {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: %+v, want a problem naming %s (%q)", c.name, a.Problem.Errors, c.field, c.reason)
		}
	}
	end, ok := lines[len(lines)-1].End, int64(len(cases)+1+1) // the good lines and the known place
	if end == nil || end.Succeeded != ok || end.Failed != int64(2*len(cases)+1)-ok || end.Billed != ok {
		t.Errorf("end %+v, want %d succeeded and billed", end, ok)
	}
	if got := billed(t, ts) - before; got != ok {
		t.Errorf("billed %d calls, want %d (the good lines only)", got, ok)
	}
}
