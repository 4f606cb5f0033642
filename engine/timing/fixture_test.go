package timing

import (
	"encoding/json"
	"os"
	"sync"
	"testing"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/accuracy/measure"
	"github.com/astroapi/astroapi/engine/natal"
)

// The swetest fixture (testdata/swetest.json, made by
// testdata/gen/swetest): return instants found on swetest's positions, and
// swetest's positions, houses, right ascensions and obliquity for
// progressions.

type fxBirth struct {
	Name      string  `json:"name"`
	JD        float64 `json:"birth_jd"`
	Latitude  float64 `json:"latitude"`
	Longitude float64 `json:"longitude"`
	Offset    int     `json:"utc_offset"`
}

func (b fxBirth) natal(sid string) Natal {
	return Natal{
		Birth:     natal.Birth{JD: engine.JDUT(b.JD), Latitude: b.Latitude, Longitude: b.Longitude},
		Chart:     natal.Options{Sidereal: engine.Ayanamsa(sid)},
		UTCOffset: b.Offset,
	}
}

type fxCrossing struct {
	JD    float64 `json:"jd"`
	Speed float64 `json:"speed"`
}

type fxSolar struct {
	fxBirth
	Sidereal string  `json:"sidereal"`
	Year     int     `json:"year"`
	NatalLon float64 `json:"natal_longitude"`
	JD       float64 `json:"return_jd"`
}

type fxRange struct {
	fxBirth
	Sidereal string       `json:"sidereal"`
	Body     string       `json:"body"`
	Start    float64      `json:"start_jd"`
	End      float64      `json:"end_jd"`
	NatalLon float64      `json:"natal_longitude"`
	Returns  []fxCrossing `json:"returns"`
}

type fxProgression struct {
	fxBirth
	Sidereal      string             `json:"sidereal"`
	YearDays      float64            `json:"year_days"`
	TargetJD      float64            `json:"target_jd"`
	ProgJD        float64            `json:"progressed_jd"`
	Planets       map[string]float64 `json:"planets"`
	NatalSun      float64            `json:"natal_sun"`
	NatalARMC     float64            `json:"natal_armc"`
	NatalMC       float64            `json:"natal_mc"`
	NatalAsc      float64            `json:"natal_asc"`
	NatalEps      float64            `json:"natal_eps"`
	SunRABirth    float64            `json:"sun_ra_birth"`
	SunRAProg     float64            `json:"sun_ra_prog"`
	EpsProg       float64            `json:"eps_prog"`
	QuotidianAsc  float64            `json:"quotidian_asc"`
	QuotidianMC   float64            `json:"quotidian_mc"`
	AyanamsaProg  float64            `json:"ayanamsa_prog"`
	AyanamsaBirth float64            `json:"ayanamsa_birth"`
}

type swetestFixture struct {
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
	fxOnce.Do(func() {
		b, err := os.ReadFile("testdata/swetest.json")
		if err != nil {
			fxErr = err
			return
		}
		fxErr = json.Unmarshal(b, &fxVal)
	})
	if fxErr != nil {
		t.Fatal(fxErr)
	}
	measure.NonEmpty(t, fxVal.Solar, "swetest.json solar_returns")
	measure.NonEmpty(t, fxVal.Lunar, "swetest.json lunar_returns")
	measure.NonEmpty(t, fxVal.Planetary, "swetest.json planetary_returns")
	measure.NonEmpty(t, fxVal.Progression, "swetest.json progressions")
	return &fxVal
}
