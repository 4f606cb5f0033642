package vedic_test

import (
	"encoding/json"
	"math"
	"os"
	"testing"
	"time"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/accuracy/measure"
	"github.com/astroapi/astroapi/engine/vedic"
	"github.com/astroapi/astroapi/http/apitest"
)

// muhurtaFixture is engine/vedic/testdata/muhurta_swetest.json, made by
// testdata/gen/swetest_muhurta.py there.
type muhurtaFixture struct {
	Tolerance float64 `json:"tolerance_seconds"`
	Days      []struct {
		Name                string
		Latitude, Longitude float64
		Zone, Date, Weekday string
		PreviousSunset      float64   `json:"previous_sunset"`
		Sunrise             float64   `json:"sunrise"`
		SunsetJD            float64   `json:"sunset"`
		NextSunrise         float64   `json:"next_sunrise"`
		Rahu                []float64 `json:"rahu_kaal"`
		Yama                []float64 `json:"yamaganda"`
		Gulika              []float64 `json:"gulika_kaal"`
		Abhijit             []float64 `json:"abhijit"`
		BrahmaNight         []float64 `json:"brahma_night_muhurta"`
		BrahmaFixed         []float64 `json:"brahma_fixed"`
		Durmuhurta          []struct {
			Part       string
			Muhurta    int
			Start, End float64
		}
		ChogDay   []fixtureNamed `json:"choghadiya_day"`
		ChogNight []fixtureNamed `json:"choghadiya_night"`
		Horas     []fixtureNamed `json:"horas"`
	}
	Searches []struct {
		Name                string
		Latitude, Longitude float64
		Timezone            string
		Start, End          string
		Conditions          map[string]any
		Windows             []struct {
			Start, End       float64
			Tithi, Nakshatra int
		}
		TithiCrossings     []float64 `json:"tithi_crossings"`
		NakshatraCrossings []float64 `json:"nakshatra_crossings"`
	}
}

type fixtureNamed struct {
	Name, Lord string
	Start, End float64
}

func readMuhurtaFixture(t *testing.T) muhurtaFixture {
	t.Helper()
	raw, err := os.ReadFile(apitest.RepoFile(t, "engine/vedic/testdata/muhurta_swetest.json"))
	if err != nil {
		t.Fatal(err)
	}
	var fx muhurtaFixture
	if err := json.Unmarshal(raw, &fx); err != nil {
		t.Fatal(err)
	}
	if len(fx.Days) < 24 || len(fx.Searches) < 3 || fx.Tolerance != muhurtaTol {
		t.Fatalf("fixture: %d days, %d searches, tolerance %v (the test enforces %v)", len(fx.Days), len(fx.Searches), fx.Tolerance, muhurtaTol)
	}
	return fx
}

// muhurtaTol is the tolerance the muhurta tests enforce, seconds (the
// issue asks 2 minutes).
const muhurtaTol = 60

// TestMuhurtaAgainstSwetest posts the 8 dates at 3 places of the fixture
// to POST /api/v1/vedic/muhurta with each Brahma muhurta rule and checks
// every instant (sunrise, sunset, next and previous sunset and sunrise,
// the three kaals, abhijit, brahma muhurta, durmuhurta, the 16
// choghadiyas, the 24 horas) against the fixture's, worked out from
// swetest -rise with the generator's own tables, within 60 s; the names
// of the choghadiyas, the lords of the horas, the durmuhurtas' numbers and
// the weekday exactly. Then the three searches of the fixture through
// POST /api/v1/vedic/muhurta/search: the same windows (each end within
// 60 s) with the same tithi and nakshatra, against the generator's sweep
// over swetest's sunrises and its bisected tithi and nakshatra
// boundaries.
func TestMuhurtaAgainstSwetest(t *testing.T) {
	fx := readMuhurtaFixture(t)
	ts := startTestServer(t, testOptions{Positions: apitest.Tables(t)})
	cmp := measure.Compare(t, measure.About{
		What:      "Muhurta through HTTP (POST /api/v1/vedic/muhurta and /muhurta/search): the day's sunrise and sunset, rahu kaal, yamaganda, gulika kaal, abhijit, brahma muhurta (both rules), durmuhurta, 16 choghadiyas and 24 horas; the windows of three searches (tithi, nakshatra, weekday, daytime and excluded-period conditions)",
		Reference: "swetest 2.10.03 -rise (upper limb, refraction) with the periods worked out from the generator's own weekday tables; the searches by a sweep over swetest sunrises and tithi and nakshatra boundaries bisected on swetest positions to 0.1 s (engine/vedic/testdata/muhurta_swetest.json)",
		Sample:    "8 dates of 2024-2025 (every weekday, solstices, equinoxes, a daylight-saving change) at New Delhi, London and Sydney; 2 months at New Delhi, 6 weeks at London and Sydney",
	})
	names := cmp.Exact("weekday, choghadiya names, hora lords, durmuhurta muhurtas and window limbs as the reference")
	worstDay := cmp.Quantity("periods of the day", "s", muhurtaTol, 10)
	worstWin := cmp.Quantity("search window ends", "s", muhurtaTol, 10)
	at := func(jd float64) time.Time { return engine.JDUT(jd).Time() }
	check := func(what string, got time.Time, want float64, where ...any) {
		t.Helper()
		d := math.Abs(got.Sub(at(want)).Seconds())
		worstDay.Add(d, where...)
		if measure.Over(d, muhurtaTol) {
			t.Errorf("%v %s: %v, reference %v (%.0f s)", where, what, got, at(want), d)
		}
	}
	pair := func(what string, got *vedic.Interval, want []float64, where string) {
		t.Helper()
		if got == nil {
			t.Errorf("%s %s: null", where, what)
			return
		}
		check(what+" start", got.Start, want[0], where, what)
		check(what+" end", got.End, want[1], where, what)
	}
	for _, c := range fx.Days {
		for _, rule := range []string{"night_muhurta", "fixed"} {
			body, _ := json.Marshal(map[string]any{"date": c.Date, "latitude": c.Latitude, "longitude": c.Longitude, "timezone": c.Zone, "brahma_muhurta": rule})
			var m vedic.DayMuhurta
			post(t, ts, "/api/v1/vedic/muhurta", string(body), &m)
			if rule == "fixed" {
				pair("brahma_muhurta", m.BrahmaMuhurta, c.BrahmaFixed, c.Name)
				continue
			}
			names.Match(m.Vara.Name == c.Weekday, c.Name, "weekday")
			if m.Sunrise == nil || m.Sunset == nil || m.NextSunrise == nil || m.PreviousSunset == nil || m.Abhijit == nil {
				t.Fatalf("%s: missing events: %+v", c.Name, m)
			}
			check("sunrise", *m.Sunrise, c.Sunrise, c.Name, "sunrise")
			check("sunset", *m.Sunset, c.SunsetJD, c.Name, "sunset")
			check("next_sunrise", *m.NextSunrise, c.NextSunrise, c.Name, "next_sunrise")
			check("previous_sunset", *m.PreviousSunset, c.PreviousSunset, c.Name, "previous_sunset")
			pair("rahu_kaal", m.RahuKaal, c.Rahu, c.Name)
			pair("yamaganda", m.Yamaganda, c.Yama, c.Name)
			pair("gulika_kaal", m.GulikaKaal, c.Gulika, c.Name)
			pair("abhijit", &vedic.Interval{Start: m.Abhijit.Start, End: m.Abhijit.End}, c.Abhijit, c.Name)
			pair("brahma_muhurta", m.BrahmaMuhurta, c.BrahmaNight, c.Name)
			if m.Abhijit.Auspicious == (c.Weekday == "Wednesday") {
				t.Errorf("%s: abhijit auspicious %v on %s", c.Name, m.Abhijit.Auspicious, c.Weekday)
			}
			ok := len(m.Durmuhurta) == len(c.Durmuhurta)
			names.Match(ok, c.Name, "durmuhurta")
			for i := range min(len(m.Durmuhurta), len(c.Durmuhurta)) {
				g, w := m.Durmuhurta[i], c.Durmuhurta[i]
				names.Match(g.Part == w.Part && g.Muhurta == w.Muhurta, c.Name, "durmuhurta", i)
				check("durmuhurta start", g.Start, w.Start, c.Name, "durmuhurta", i)
				check("durmuhurta end", g.End, w.End, c.Name, "durmuhurta", i)
			}
			for _, list := range []struct {
				what string
				got  []fixtureNamed
				want []fixtureNamed
			}{
				{"choghadiya day", chog(m.Choghadiya.Day), c.ChogDay},
				{"choghadiya night", chog(m.Choghadiya.Night), c.ChogNight},
				{"hora", horaList(m.Horas), c.Horas},
			} {
				if len(list.got) != len(list.want) {
					t.Fatalf("%s %s: %d, reference %d", c.Name, list.what, len(list.got), len(list.want))
				}
				for i, g := range list.got {
					w := list.want[i]
					same := g.Name == w.Name && g.Lord == w.Lord
					names.Match(same, c.Name, list.what, i+1)
					if !same {
						t.Errorf("%s %s %d: %s/%s, reference %s/%s", c.Name, list.what, i+1, g.Name, g.Lord, w.Name, w.Lord)
					}
					check(list.what+" start", at(g.Start), w.Start, c.Name, list.what, i+1)
					check(list.what+" end", at(g.End), w.End, c.Name, list.what, i+1)
				}
			}
		}
	}
	for _, s := range fx.Searches {
		req := map[string]any{"start": s.Start, "end": s.End, "timezone": s.Timezone, "latitude": s.Latitude, "longitude": s.Longitude}
		for k, v := range s.Conditions {
			req[k] = v
		}
		body, _ := json.Marshal(req)
		var res vedic.MuhurtaSearch
		post(t, ts, "/api/v1/vedic/muhurta/search", string(body), &res)
		names.Match(len(res.Windows) == len(s.Windows), s.Name, "window count")
		if len(res.Windows) != len(s.Windows) || res.Truncated {
			t.Errorf("%s: %d windows (truncated %v), reference %d", s.Name, len(res.Windows), res.Truncated, len(s.Windows))
			continue
		}
		for i, g := range res.Windows {
			w := s.Windows[i]
			names.Match(g.Tithi.Number == w.Tithi && g.Nakshatra.Number == w.Nakshatra, s.Name, "window", i)
			if g.Tithi.Number != w.Tithi || g.Nakshatra.Number != w.Nakshatra {
				t.Errorf("%s window %d: tithi %d nakshatra %d, reference %d %d", s.Name, i, g.Tithi.Number, g.Nakshatra.Number, w.Tithi, w.Nakshatra)
			}
			for _, e := range []struct {
				got  time.Time
				want float64
			}{{g.Start, w.Start}, {g.End, w.End}} {
				d := math.Abs(e.got.Sub(at(e.want)).Seconds())
				worstWin.Add(d, s.Name, i)
				if measure.Over(d, muhurtaTol) {
					t.Errorf("%s window %d: %v, reference %v (%.0f s)", s.Name, i, e.got, at(e.want), d)
				}
			}
		}
	}
	t.Logf("%d days: worst period %.1f s (%s); %d window ends, worst %.1f s (%s)", len(fx.Days), worstDay.Max(), worstDay.At(), worstWin.N(), worstWin.Max(), worstWin.At())
}

func chog(cs []vedic.Choghadiya) []fixtureNamed {
	out := make([]fixtureNamed, len(cs))
	for i, c := range cs {
		out[i] = fixtureNamed{Name: c.Name, Start: float64(engine.JDOf(c.Start)), End: float64(engine.JDOf(c.End))}
	}
	return out
}

func horaList(hs []vedic.Hora) []fixtureNamed {
	out := make([]fixtureNamed, len(hs))
	for i, h := range hs {
		out[i] = fixtureNamed{Lord: h.Lord, Start: float64(engine.JDOf(h.Start)), End: float64(engine.JDOf(h.End))}
	}
	return out
}
