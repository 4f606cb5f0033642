package sky_test

import (
	"bytes"
	"regexp"
	"testing"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/ephem"
	"github.com/astroapi/astroapi/http/apitest"
)

// tablesOnly is the tables without libswe behind them: it fails where a
// production answer would have called libswe.
func tablesOnly(t *testing.T) engine.Positions {
	t.Helper()
	return ephem.New(apitest.TableSet(t), nil)
}

var sourceField = regexp.MustCompile(`"source":"([a-z_]+)"`)

// TestTablesOnly pins "no libswe call on these paths inside 1800-2400" for
// a year whose spans meet none of the tables' holes (1913; the holes are
// 8-16 day segments where the generator's fit failed, 1,278 of them over
// 1800-2400 for the 18 bodies, which libswe fills): every sky route, over
// the whole year where it takes a span (stations included, whose search
// reaches 1.3 synodic periods beyond it), reports the source tables for
// every value, and a server with no libswe behind the tables answers the
// same bytes. In most years some span meets a hole and reports
// swiss_ephemeris instead: 2024 has Venus's from 06-03 to 06-11 and from
// 12-28, and the asteroids' from 06-19 to 07-05 (logged below).
func TestTablesOnly(t *testing.T) {
	prod := startTestServer(t, apitest.Tables(t))
	only := startTestServer(t, tablesOnly(t))
	for _, year := range []string{"1913", "2024"} {
		for _, c := range []struct {
			name, path, body string
		}{
			{"planets", "/api/v1/planets?datetime=" + year + "-05-01T00:00:00Z", ""},
			{"planets_sidereal", "/api/v1/planets?datetime=" + year + "-05-01T00:00:00Z&zodiac_type=sidereal&ayanamsa=fagan_bradley&bodies=sun,moon,mercury,venus,mars,jupiter,saturn,uranus,neptune,pluto,mean_node,true_node,lilith", ""},
			{"moon", "/api/v1/moon?datetime=" + year + "-05-01T00:00:00Z", ""},
			{"void_of_course", "/api/v1/void-of-course?datetime=" + year + "-05-01T00:00:00Z", ""},
			{"asteroids", "/api/v1/asteroids?datetime=" + year + "-05-01T00:00:00Z", ""},
			{"phases", "/api/v1/moon/phases", `{"year":` + year + `}`},
			{"void_periods", "/api/v1/void-of-course/periods", `{"year":` + year + `,"planets":"modern"}`},
			{"ephemeris", "/api/v1/ephemeris", `{"year":` + year + `,"bodies":["sun","moon","mercury","venus","mars","jupiter","saturn","uranus","neptune","pluto"]}`},
			{"stations", "/api/v1/planets/stations", `{"year":` + year + `}`},
		} {
			t.Run(year+"/"+c.name, func(t *testing.T) {
				send := func(ts *apitest.Server) *apitest.Response {
					if c.body == "" {
						return ts.Get(t, c.path)
					}
					return ts.Post(t, c.path, c.body)
				}
				a := send(prod).WantStatus(t, 200).Envelope(t)
				b := send(only)
				var srcs []string
				for _, m := range sourceField.FindAllSubmatch(a.Result, -1) {
					srcs = append(srcs, string(m[1]))
				}
				allTables := len(srcs) > 0
				for _, s := range srcs {
					allTables = allTables && s == "tables"
				}
				if year != "1913" {
					t.Logf("%s %s: all from the tables: %v; the tables alone answer %d", year, c.name, allTables, b.Status)
					if allTables && b.Status != 200 {
						t.Errorf("reports tables, but the tables alone fail: %s", b.Body)
					}
					return
				}
				if !allTables {
					t.Fatalf("sources %v in %s", srcs, apitest.Truncate(a.Result, 300))
				}
				if eb := b.WantStatus(t, 200).Envelope(t); !bytes.Equal(a.Result, eb.Result) {
					t.Errorf("the tables alone answer otherwise:\n%s\n%s", apitest.Truncate(a.Result, 300), apitest.Truncate(eb.Result, 300))
				}
			})
		}
	}
}
