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
	worstLimb := cmp.Quantity("search tithi and nakshatra boundaries", "s", muhurtaTol, 2)
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
			// The limbs' own boundaries, where they fall in the range,
			// against the bisected crossings.
			for _, b := range []struct {
				at    time.Time
				cross []float64
			}{{g.Tithi.Start, s.TithiCrossings}, {g.Tithi.End, s.TithiCrossings}, {g.Nakshatra.Start, s.NakshatraCrossings}, {g.Nakshatra.End, s.NakshatraCrossings}} {
				if len(b.cross) == 0 || b.at.Before(at(b.cross[0]).Add(-time.Minute)) || b.at.After(at(b.cross[len(b.cross)-1]).Add(time.Minute)) {
					continue
				}
				best := math.Inf(1)
				for _, x := range b.cross {
					best = min(best, math.Abs(b.at.Sub(at(x)).Seconds()))
				}
				worstLimb.Add(best, s.Name, i)
				if measure.Over(best, muhurtaTol) {
					t.Errorf("%s window %d: limb boundary %v, nearest swetest crossing %.0f s away", s.Name, i, b.at, best)
				}
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
	t.Logf("%d days: worst period %.1f s (%s); %d window ends, worst %.1f s (%s); %d limb boundaries, worst %.1f s (%s)", len(fx.Days), worstDay.Max(), worstDay.At(), worstWin.N(), worstWin.Max(), worstWin.At(), worstLimb.N(), worstLimb.Max(), worstLimb.At())
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

// TestMuhurtaBadInput: the day route and the search refuse bad input with
// 422 naming every bad field: unknown names (with the nearest or a hint),
// wrong types, each bound one step outside, and the routes' own rules.
func TestMuhurtaBadInput(t *testing.T) {
	ts := startTestServer(t, testOptions{Positions: apitest.Tables(t)})
	for _, c := range []badCase{
		{"ErrEmptyBody", ``, 422, []string{"year", "month", "day"}},
		{"ErrDateType", `{"date":20240101,"latitude":28.61,"longitude":77.21}`, 422, []string{"date"}},
		{"ErrDateForm", `{"date":"2024-13-01","latitude":28.61,"longitude":77.21}`, 422, []string{"date"}},
		{"ErrYearBelow", `{"year":1582,"month":1,"day":1,"latitude":28.61,"longitude":77.21}`, 422, []string{"year"}},
		{"ErrYearAbove", `{"year":3000,"month":1,"day":1,"latitude":28.61,"longitude":77.21}`, 422, []string{"year"}},
		{"ErrDateBefore1583", `{"date":"1500-01-01","latitude":28.61,"longitude":77.21}`, 422, []string{"date"}},
		{"ErrImpossibleDate", `{"date":"2023-02-29","latitude":28.61,"longitude":77.21}`, 422, []string{"date"}},
		{"ErrNoPlace", `{"date":"2024-01-01"}`, 422, []string{"latitude"}},
		{"ErrLatitudeRange", `{"date":"2024-01-01","latitude":90.5,"longitude":77.21}`, 422, []string{"latitude"}},
		{"ErrZone", `{"date":"2024-01-01","latitude":28.61,"longitude":77.21,"timezone":"India/Delhi"}`, 422, []string{"timezone"}},
		{"ErrSunrise", `{"date":"2024-01-01","latitude":28.61,"longitude":77.21,"sunrise":"dawn"}`, 422, []string{"sunrise"}},
		{"ErrBrahma", `{"date":"2024-01-01","latitude":28.61,"longitude":77.21,"brahma_muhurta":"early"}`, 422, []string{"brahma_muhurta"}},
		{"ErrAyanamsaHint", `{"date":"2024-01-01","latitude":28.61,"longitude":77.21,"ayanamsa":"lahiri"}`, 422, []string{"ayanamsa"}},
		{"ErrUnknown", `{"date":"2024-01-01","latitude":28.61,"longitude":77.21,"brahma":"fixed"}`, 422, []string{"brahma"}},
		{"ErrMany", `{"date":"2024-01-01","latitude":128.61,"longitude":277.21}`, 422, []string{"latitude", "longitude"}},
	} {
		t.Run("/api/v1/vedic/muhurta/"+c.name, func(t *testing.T) { wantRefused(t, ts, "/api/v1/vedic/muhurta", c) })
	}
	const place = `"latitude":28.61,"longitude":77.21,"timezone":"Asia/Kolkata"`
	for _, c := range []badCase{
		{"ErrEmptyBody", ``, 422, []string{"start", "end", "latitude"}},
		{"ErrNoEnd", `{"start":"2025-01-01",` + place + `}`, 422, []string{"end"}},
		{"ErrStartForm", `{"start":"2025-1-1","end":"2025-02-01",` + place + `}`, 422, []string{"start"}},
		{"ErrYearAndStart", `{"year":2025,"start":"2025-01-01",` + place + `}`, 422, []string{"year"}},
		{"ErrYearBelow", `{"year":1582,` + place + `}`, 422, []string{"year"}},
		{"ErrYearAbove", `{"year":3000,` + place + `}`, 422, []string{"year"}},
		{"ErrStartBefore1583", `{"start":"1582-12-01","end":"1583-01-10",` + place + `}`, 422, []string{"start"}},
		{"ErrEndBeforeStart", `{"start":"2025-02-01","end":"2025-01-01",` + place + `}`, 422, []string{"end"}},
		{"ErrTooLong", `{"start":"2025-01-01","end":"2026-01-03",` + place + `}`, 422, []string{"end"}},
		{"ErrPolar", `{"year":2025,"latitude":65.5,"longitude":25.0}`, 422, []string{"latitude"}},
		{"ErrNoPlace", `{"year":2025}`, 422, []string{"latitude"}},
		{"ErrTithiRange", `{"year":2025,"tithis":[0,31],` + place + `}`, 422, []string{"tithis[0]", "tithis[1]"}},
		{"ErrTithiTwice", `{"year":2025,"tithis":[5,5],` + place + `}`, 422, []string{"tithis[1]"}},
		{"ErrTithiType", `{"year":2025,"tithis":"5",` + place + `}`, 422, []string{"tithis"}},
		{"ErrNakshatraRange", `{"year":2025,"nakshatras":[28],` + place + `}`, 422, []string{"nakshatras[0]"}},
		{"ErrYogaRange", `{"year":2025,"yogas":[0],` + place + `}`, 422, []string{"yogas[0]"}},
		{"ErrKaranaRange", `{"year":2025,"karanas":[61],` + place + `}`, 422, []string{"karanas[0]"}},
		{"ErrWeekday", `{"year":2025,"weekdays":["funday"],` + place + `}`, 422, []string{"weekdays[0]"}},
		{"ErrExclude", `{"year":2025,"exclude":["rahu"],` + place + `}`, 422, []string{"exclude[0]"}},
		{"ErrTooManyTithis", `{"year":2025,"tithis":[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,1],` + place + `}`, 422, []string{"tithis"}},
		{"ErrLimitAbove", `{"year":2025,"limit":5001,` + place + `}`, 422, []string{"limit"}},
		{"ErrLimitBelow", `{"year":2025,"limit":-1,` + place + `}`, 422, []string{"limit"}},
		{"ErrSunrise", `{"year":2025,"sunrise":"dawn",` + place + `}`, 422, []string{"sunrise"}},
		{"ErrAyanamsa", `{"year":2025,"ayanamsa":"tropical",` + place + `}`, 422, []string{"ayanamsa"}},
		{"ErrAyanamsaTwice", `{"year":2025,"ayanamsa":"kp","user_ayanamsa":{"degrees":23.5,"epoch_jd":2451545},` + place + `}`, 422, []string{"user_ayanamsa"}},
		{"ErrDaytimeType", `{"year":2025,"daytime_only":"yes",` + place + `}`, 422, []string{"daytime_only"}},
		{"ErrTithiHint", `{"year":2025,"tithi":5,` + place + `}`, 422, []string{"tithi"}},
		{"ErrDateHint", `{"date":"2025-01-01",` + place + `}`, 422, []string{"date"}},
		{"ErrMany", `{"year":2025,"tithis":[40],"nakshatras":[0],"latitude":28.61,"longitude":200}`, 422, []string{"tithis[0]", "nakshatras[0]", "longitude"}},
	} {
		t.Run("/api/v1/vedic/muhurta/search/"+c.name, func(t *testing.T) {
			wantRefused(t, ts, "/api/v1/vedic/muhurta/search", c)
		})
	}
}

// TestMuhurtaSearchProperties: a year's search at New Delhi with every
// kind of condition; every window lies in the range, meets each
// condition at its ends and middle (the limbs it names, the weekday of
// its day, within sunrise-sunset), avoids the day's excluded periods as
// the day route gives them, and does not overlap the next; the echo is
// the resolved input with the defaults written; limit truncates.
func TestMuhurtaSearchProperties(t *testing.T) {
	ts := startTestServer(t, testOptions{Positions: apitest.Tables(t)})
	body := `{"year":2025,"latitude":28.6139,"longitude":77.209,"timezone":"Asia/Kolkata","tithis":[2,3,5,7,10,11,13,17],"nakshatras":[4,5,13,14,17,27],"weekdays":["monday","wednesday","thursday","friday"],"yogas":[1,2,3,4,5,6,7,8,11,12,14,16,20,21,22,23,24,25,26],"daytime_only":true}`
	var res vedic.MuhurtaSearch
	env := post(t, ts, "/api/v1/vedic/muhurta/search", body, &res)
	var in vedic.MuhurtaSearchRequest
	if err := json.Unmarshal(env.Input, &in); err != nil {
		t.Fatal(err)
	}
	if len(in.Exclude) != 3 || in.Limit != 1000 || in.Sunrise != "upper_limb" || in.Start != "2025-01-01T00:00:00" || in.Year != nil {
		t.Errorf("echo: %s", env.Input)
	}
	if len(res.Windows) < 10 || res.Count != len(res.Windows) {
		t.Fatalf("%d windows, count %d", len(res.Windows), res.Count)
	}
	ok := func(list []int, n int) bool {
		for _, x := range list {
			if x == n {
				return true
			}
		}
		return false
	}
	days := map[string]vedic.DayMuhurta{}
	ist, _ := time.LoadLocation("Asia/Kolkata")
	for i, w := range res.Windows {
		if i > 0 && w.Start.Before(res.Windows[i-1].End) {
			t.Errorf("window %d overlaps the one before", i)
		}
		if !ok(in.Tithis, w.Tithi.Number) || !ok(in.Nakshatras, w.Nakshatra.Number) || w.Yoga == nil || !ok(in.Yogas, w.Yoga.Number) {
			t.Errorf("window %d: %+v", i, w)
		}
		for _, e := range []vedic.Element{w.Tithi, w.Nakshatra, *w.Yoga} {
			if w.Start.Before(e.Start) || w.End.After(e.End) {
				t.Errorf("window %d [%v, %v] outside its %s %v-%v", i, w.Start, w.End, e.Name, e.Start, e.End)
			}
		}
		date := w.Sunrise.In(ist).Format("2006-01-02")
		d, seen := days[date]
		if !seen {
			post(t, ts, "/api/v1/vedic/muhurta", `{"date":"`+date+`","latitude":28.6139,"longitude":77.209,"timezone":"Asia/Kolkata"}`, &d)
			days[date] = d
		}
		if d.Vara.Name != w.Vara.Name || !d.Sunrise.Equal(w.Sunrise) {
			t.Errorf("window %d: day %s %v, the day route %s %v", i, w.Vara.Name, w.Sunrise, d.Vara.Name, d.Sunrise)
		}
		switch w.Vara.Name {
		case "Monday", "Wednesday", "Thursday", "Friday":
		default:
			t.Errorf("window %d on %s", i, w.Vara.Name)
		}
		if w.Start.Before(*d.Sunrise) || w.End.After(*d.Sunset) {
			t.Errorf("window %d [%v, %v] outside the daytime %v-%v", i, w.Start, w.End, d.Sunrise, d.Sunset)
		}
		for _, p := range []*vedic.Interval{d.RahuKaal, d.Yamaganda, d.GulikaKaal} {
			if w.Start.Before(p.End.Add(-time.Second)) && w.End.After(p.Start.Add(time.Second)) {
				t.Errorf("window %d [%v, %v] overlaps %v-%v", i, w.Start, w.End, p.Start, p.End)
			}
		}
	}
	var cut vedic.MuhurtaSearch
	post(t, ts, "/api/v1/vedic/muhurta/search", body[:len(body)-1]+`,"limit":3}`, &cut)
	if len(cut.Windows) != 3 || !cut.Truncated || cut.Count != res.Count || !cut.Windows[2].Start.Equal(res.Windows[2].Start) {
		t.Errorf("limit 3: %d windows, truncated %v, count %d of %d", len(cut.Windows), cut.Truncated, cut.Count, res.Count)
	}
}

// TestMuhurtaSearchAgainstPanchang: the search's limbs are the panchang's:
// over ten days at Bengaluru under the default (Lahiri) and the kp
// ayanamsa, every window's tithi and nakshatra, with their start and end,
// are those POST /api/v1/vedic/panchang gives for the window's day in the
// same ayanamsa (each boundary within a second: both round to it), and
// the answer names the ayanamsa used.
func TestMuhurtaSearchAgainstPanchang(t *testing.T) {
	ts := startTestServer(t, testOptions{Positions: apitest.Tables(t)})
	ist, _ := time.LoadLocation("Asia/Kolkata")
	for _, aya := range []string{"", "kp"} {
		body := `{"start":"2024-01-01","end":"2024-01-11","latitude":12.9716,"longitude":77.5946,"timezone":"Asia/Kolkata","exclude":[]`
		if aya != "" {
			body += `,"ayanamsa":"` + aya + `"`
		}
		var res vedic.MuhurtaSearch
		post(t, ts, "/api/v1/vedic/muhurta/search", body+`}`, &res)
		want := map[string]string{"": "lahiri", "kp": "kp"}[aya]
		if string(res.Ayanamsa.Name) != want || len(res.Windows) < 20 {
			t.Fatalf("ayanamsa %q: %s, %d windows", aya, res.Ayanamsa.Name, len(res.Windows))
		}
		seen := 0
		for i, w := range res.Windows {
			date := w.Sunrise.In(ist).Format("2006-01-02")
			pb := `{"date":"` + date + `","latitude":12.9716,"longitude":77.5946,"timezone":"Asia/Kolkata"`
			if aya != "" {
				pb += `,"ayanamsa":"` + aya + `"`
			}
			var p vedic.Panchang
			post(t, ts, "/api/v1/vedic/panchang", pb+`}`, &p)
			for _, lim := range []struct {
				got  vedic.Element
				list []vedic.Element
			}{{w.Tithi, p.Tithi}, {w.Nakshatra, p.Nakshatra}} {
				found := false
				for _, e := range lim.list {
					if e.Number == lim.got.Number && e.Name == lim.got.Name &&
						math.Abs(e.Start.Sub(lim.got.Start).Seconds()) <= 1 && math.Abs(e.End.Sub(lim.got.End).Seconds()) <= 1 {
						found = true
					}
				}
				if !found {
					t.Errorf("%s window %d (%s): %s %v-%v not in the panchang's %+v", want, i, date, lim.got.Name, lim.got.Start, lim.got.End, lim.list)
				}
				seen++
			}
		}
		if seen < 40 {
			t.Errorf("%s: %d limbs compared", want, seen)
		}
	}
}
