package timing_test

import (
	"fmt"
	"math"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	json "github.com/goccy/go-json"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/accuracy/measure"
	"github.com/astroapi/astroapi/http/apitest"
)

// The engine's swetest fixture (engine/timing/testdata/swetest.json, made
// by engine/timing/testdata/gen/swetest from Debian's swetest 2.10.03 and
// its ephemeris files, without any of package timing's code): return
// instants found on swetest's positions, and swetest's positions, right
// ascensions and houses for progressions. Its births are Julian days with
// the UTC offset in force; the tests send them as birth packets in the
// fixed-offset zone Etc/GMT∓N.

type fxBirth struct {
	Name      string  `json:"name"`
	JD        float64 `json:"birth_jd"`
	Latitude  float64 `json:"latitude"`
	Longitude float64 `json:"longitude"`
	Offset    int     `json:"utc_offset"`
	Sidereal  string  `json:"sidereal"`
}

// packet writes the birth as the JSON members of a birth packet with the
// chart zodiac, for a body: the local time at the fixture's UTC offset.
func (b fxBirth) packet() string {
	utc := instantOf(b.JD)
	local := utc.Add(time.Duration(b.Offset) * time.Second)
	zone := "UTC"
	if b.Offset != 0 {
		// The POSIX sign of the Etc zones is inverted: Etc/GMT-5 is UTC+5.
		zone = fmt.Sprintf("Etc/GMT%+d", -b.Offset/3600)
	}
	s := fmt.Sprintf(`"year":%d,"month":%d,"day":%d,"hour":%d,"minute":%d,"second":%d,"latitude":%v,"longitude":%v,"timezone":%q`,
		local.Year(), local.Month(), local.Day(), local.Hour(), local.Minute(), local.Second(), b.Latitude, b.Longitude, zone)
	if b.Sidereal != "" {
		s += `,"zodiac_type":"sidereal","ayanamsa":"` + b.Sidereal + `"`
	}
	return s
}

// instantOf is the UTC instant of a Julian day, to the second (the
// fixture's births and dates are whole seconds).
func instantOf(jd float64) time.Time { return engine.JDUT(jd).Time().Round(time.Second) }

// rfc3339 writes a Julian day as an RFC 3339 instant.
func rfc3339(jd float64) string { return instantOf(jd).Format(time.RFC3339) }

type fxCrossing struct {
	JD    float64 `json:"jd"`
	Speed float64 `json:"speed"`
}

type fxSolar struct {
	fxBirth
	Year     int     `json:"year"`
	NatalLon float64 `json:"natal_longitude"`
	JD       float64 `json:"return_jd"`
}

type fxRange struct {
	fxBirth
	Body     string       `json:"body"`
	Start    float64      `json:"start_jd"`
	End      float64      `json:"end_jd"`
	NatalLon float64      `json:"natal_longitude"`
	Returns  []fxCrossing `json:"returns"`
}

type fxProgression struct {
	fxBirth
	YearDays     float64            `json:"year_days"`
	TargetJD     float64            `json:"target_jd"`
	ProgJD       float64            `json:"progressed_jd"`
	Planets      map[string]float64 `json:"planets"`
	NatalSun     float64            `json:"natal_sun"`
	NatalARMC    float64            `json:"natal_armc"`
	SunRABirth   float64            `json:"sun_ra_birth"`
	SunRAProg    float64            `json:"sun_ra_prog"`
	QuotidianAsc float64            `json:"quotidian_asc"`
	QuotidianMC  float64            `json:"quotidian_mc"`
	AyanamsaProg float64            `json:"ayanamsa_prog"`
}

type swetestFixture struct {
	Comment     []string        `json:"comment"`
	Solar       []fxSolar       `json:"solar_returns"`
	Lunar       []fxRange       `json:"lunar_returns"`
	Planetary   []fxRange       `json:"planetary_returns"`
	Progression []fxProgression `json:"progressions"`
}

var (
	fxOnce sync.Once
	fxVal  swetestFixture
	fxErr  error
)

func loadFixture(t *testing.T) *swetestFixture {
	t.Helper()
	file := apitest.RepoFile(t, "engine/timing/testdata/swetest.json")
	fxOnce.Do(func() {
		b, err := os.ReadFile(file)
		if err != nil {
			fxErr = err
			return
		}
		fxErr = json.Unmarshal(b, &fxVal)
	})
	if fxErr != nil {
		t.Fatal(fxErr)
	}
	if !strings.Contains(strings.Join(fxVal.Comment, " "), "swetest 2.10") {
		t.Fatalf("fixture comment %q names no swetest version", fxVal.Comment)
	}
	measure.NonEmpty(t, fxVal.Solar, "swetest.json solar_returns")
	measure.NonEmpty(t, fxVal.Lunar, "swetest.json lunar_returns")
	measure.NonEmpty(t, fxVal.Planetary, "swetest.json planetary_returns")
	measure.NonEmpty(t, fxVal.Progression, "swetest.json progressions")
	return &fxVal
}

// sepArcsec is the shortest separation of two longitudes, in arcseconds.
func sepArcsec(a, b float64) float64 { return math.Abs(math.Remainder(a-b, 360)) * 3600 }
