package natal_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sync"
	"testing"

	apihttp "github.com/astroapi/astroapi/http"
	"github.com/astroapi/astroapi/http/apitest"
)

// TestRecycledChartsUnderConcurrency: natal charts are recycled once
// encoded (natal.Chart.Release). Replayed from 8 goroutines at once, alone
// and in batches, with the result cache off and on, every chart's result
// is byte for byte what the same request got when sent alone; the race
// detector watches the recycling.
func TestRecycledChartsUnderConcurrency(t *testing.T) {
	for _, cache := range []int64{-1, 0} {
		t.Run(fmt.Sprintf("cache%d", cache), func(t *testing.T) {
			ts := startTestServer(t, testOptions{Positions: testEphemeris(t), Limits: apihttp.Limits{ResultCache: cache}})
			const n = 96
			bodies := make([]string, n)
			want := make([]json.RawMessage, n)
			for i := range bodies {
				bodies[i] = fmt.Sprintf(`{"year":%d,"month":%d,"day":%d,"hour":%d,"minute":%d,"latitude":%d.5,"longitude":%d.25%s}`,
					1900+i, 1+i%12, 1+i%28, i%24, (i*7)%60, -60+i, -170+3*i,
					[]string{"", `,"zodiac_type":"sidereal"`, `,"include_asteroids":true,"include_minor_aspects":true`}[i%3])
				want[i] = resultOf(t, ts.Post(t, "/api/v1/natal", bodies[i]).WantStatus(t, 200).Body)
			}
			var wg sync.WaitGroup
			for g := range 8 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for k := range n / 8 {
						i := (g*n/8 + k*5) % n
						if k%3 == 0 { // a batch of this chart and the next two
							body := `{"requests":[`
							for j := range 3 {
								if j > 0 {
									body += ","
								}
								body += `{"operation":"post-natal","body":` + bodies[(i+j)%n] + `}`
							}
							body += `]}`
							var out struct {
								Result struct {
									Items []struct {
										Result json.RawMessage `json:"result"`
									} `json:"items"`
								} `json:"result"`
							}
							if err := json.Unmarshal(ts.Post(t, "/api/v1/batch", body).WantStatus(t, 200).Body, &out); err != nil || len(out.Result.Items) != 3 {
								t.Errorf("batch: %v, %d items", err, len(out.Result.Items))
								return
							}
							for j, it := range out.Result.Items {
								if !bytes.Equal(it.Result, want[(i+j)%n]) {
									t.Errorf("chart %d in a batch differs from its lone answer", (i+j)%n)
								}
							}
							continue
						}
						if got := resultOf(t, ts.Post(t, "/api/v1/natal", bodies[i]).WantStatus(t, 200).Body); !bytes.Equal(got, want[i]) {
							t.Errorf("chart %d differs from its lone answer", i)
						}
					}
				}()
			}
			wg.Wait()
		})
	}
}

// resultOf returns the envelope's result, as sent.
func resultOf(t testing.TB, body []byte) json.RawMessage {
	t.Helper()
	var env struct {
		Result json.RawMessage `json:"result"`
	}
	if err := json.Unmarshal(body, &env); err != nil || len(env.Result) == 0 {
		t.Fatalf("no result in %s", apitest.Truncate(body, 500))
	}
	return env.Result
}
