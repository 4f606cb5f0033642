package vedic

import (
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/accuracy/measure"
	"github.com/astroapi/astroapi/engine/resolve"
)

// hinducalFixture is testdata/hinducal_swetest.json, written by
// testdata/gen/swetest_hinducal.py.
type hinducalFixture struct {
	Tolerance float64 `json:"tolerance_seconds"`
	Cases     []struct {
		Date           string  `json:"date"`
		Ayanamsa       string  `json:"ayanamsa"`
		JD             float64 `json:"jd"`
		NewMoonBefore  float64 `json:"new_moon_before"`
		NewMoonAfter   float64 `json:"new_moon_after"`
		NewMoonPrev    float64 `json:"new_moon_previous"`
		SunTropical    float64 `json:"sun_tropical"`
		SunSidereal    float64 `json:"sun_sidereal"`
		Elongation     float64 `json:"elongation"`
		SignsAtNewMoon []int   `json:"sun_sign_at_new_moons"`
		Sankrantis     []struct {
			Sign int     `json:"sign"`
			JD   float64 `json:"jd"`
		} `json:"sankrantis"`
		Expected struct {
			Amanta        string `json:"amanta"`
			Adhika        bool   `json:"adhika"`
			Nija          bool   `json:"nija"`
			Kshaya        string `json:"kshaya"`
			LunarDay      int    `json:"lunar_day"`
			Paksha        string `json:"paksha"`
			Purnimanta    string `json:"purnimanta"`
			RituLunar     int    `json:"ritu_lunar"`
			RituSolar     int    `json:"ritu_solar"`
			AyanaTropical string `json:"ayana_tropical"`
			AyanaSidereal string `json:"ayana_sidereal"`
		} `json:"expected"`
	} `json:"cases"`
}

// TestHinduCalendarSwetest checks the new moons and sankrantis that bound
// and name each lunar month against swetest (bisection on its positions to
// 0.1 s, Lahiri -sid1), within 60 s, and the calendar the generator works
// from them by the same stated rules (month names, adhika, nija, kshaya,
// paksha, purnimanta, ritu, ayana) exactly: 32 instants of 1963-2042, the
// kshaya years 1963-64 and 1982-83 and the adhika months of 2012-2026 and
// 2042 among them, and five reckoned in the Raman and KP ayanamsas (in
// Raman's the Ashadha of 2015 is not adhika).
func TestHinduCalendarSwetest(t *testing.T) {
	src, _ := sources(t)
	var fx hinducalFixture
	readJSON(t, "hinducal_swetest.json", &fx)
	pinned(t, "hinducal_swetest.json", fx.Tolerance, tolSeconds)
	measure.NonEmpty(t, fx.Cases, "hinducal_swetest.json")
	cmp := measure.Compare(t, measure.About{
		What:      "Hindu calendar of the engine (the panchang's calendar; Lahiri, and Raman and KP for five dates): the new moons that bound the amanta month, the sankrantis in it, and the month's name, adhika, nija and kshaya marks, paksha, purnimanta name, ritu and ayana",
		Reference: "swetest 2.10.03 (Debian): new moons and sidereal (-sid1, -sid3, -sid5) sankrantis by bisection on its positions to 0.1 s, the calendar worked from them by engine/vedic/testdata/gen/swetest_hinducal.py",
		Sample:    "instants of 1963-2042 around the adhika months of 2012-2026 and 2042 and the kshaya months of 1963 and 1983",
	})
	instants := cmp.Quantity("new moons and sankrantis", "s", tolSeconds, 5)
	names := cmp.Exact("month, marks, paksha, ritu and ayana")
	sec := func(got time.Time, want float64) float64 {
		return math.Abs(got.Sub(engine.JDUT(want).Time()).Seconds())
	}
	for _, c := range fx.Cases {
		h, err := HinduDateAt(src, engine.JDUT(c.JD), Options{Ayanamsa: engine.Ayanamsa(c.Ayanamsa)})
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range []struct {
			what string
			got  time.Time
			want float64
		}{{"month start", h.MonthStart, c.NewMoonBefore}, {"month end", h.MonthEnd, c.NewMoonAfter}} {
			e := sec(d.got, d.want)
			instants.Add(e, c.Date, d.what)
			if measure.Over(e, tolSeconds) {
				t.Errorf("%s %s: %s, swetest %s", c.Date, d.what, d.got, engine.JDUT(d.want).Time())
			}
		}
		if len(h.Sankranti) != len(c.Sankrantis) {
			t.Errorf("%s: %d sankrantis, swetest %d", c.Date, len(h.Sankranti), len(c.Sankrantis))
		} else {
			for i, s := range c.Sankrantis {
				e := sec(h.Sankranti[i].Instant, s.JD)
				instants.Add(e, c.Date, "sankranti", s.Sign)
				if measure.Over(e, tolSeconds) || h.Sankranti[i].Sign != s.Sign {
					t.Errorf("%s sankranti %d: %+v, swetest sign %d at %s", c.Date, i, h.Sankranti[i], s.Sign, engine.JDUT(s.JD).Time())
				}
			}
		}
		x := c.Expected
		got := fmt.Sprint(h.Amanta.Name, h.Amanta.Adhika, h.Amanta.Nija, h.Amanta.Kshaya, h.LunarDay, h.Paksha, h.Purnimanta.Name,
			h.Ritu.Lunar.Number, h.Ritu.Solar.Number, h.Ayana.Tropical, h.Ayana.Sidereal)
		want := fmt.Sprint(x.Amanta, x.Adhika, x.Nija, x.Kshaya, x.LunarDay, x.Paksha, x.Purnimanta,
			x.RituLunar, x.RituSolar, x.AyanaTropical, x.AyanaSidereal)
		names.Match(got == want, c.Date)
		if got != want {
			t.Errorf("%s: %s, swetest gives %s", c.Date, got, want)
		}
	}
	t.Logf("worst instant difference from swetest: %.2f s at %s", instants.Max(), instants.At())
}

// publishedDay is one day of a published almanac or PyJHora's tests: the
// place and date asked, and the calendar the source gives (empty fields
// are not stated by it).
type publishedDay struct {
	date       string
	place      string
	amanta     string
	adhika     bool
	nija       bool
	purnimanta string
	paksha     string
	tithi      int
	shaka      int
	vikram     int
	kartikadi  int
	north      string
	south      string
	source     string
}

// The places of the published days.
var calendarPlaces = map[string]struct {
	lat, lon float64
	zone     string
}{
	"Delhi":     {28.6139, 77.2090, "Asia/Kolkata"},
	"Ujjain":    {23.1765, 75.7885, "Asia/Kolkata"},
	"Bangalore": {12.972, 77.594, "Asia/Kolkata"}, // PyJHora's tests: 12.972 N, 77.594 E
	"Helsinki":  {60.17, 24.935, "Europe/Helsinki"},
	"Ahmedabad": {23.0225, 72.5714, "Asia/Kolkata"},
	"Pune":      {18.5204, 73.8567, "Asia/Kolkata"},
}

// publishedDays are the days the calendar is checked on: the first and
// last days of each adhika month of 2015-2026 as almanacs and news pages
// published them (the month runs from the day after its opening new moon
// to the day of its closing one), the year starts with their eras and
// samvatsaras, and PyJHora's masa tests.
var publishedDays = []publishedDay{
	// 2012: PyJHora 4.8.5, _masa_tests of src/jhora/tests/pvr_tests.py (read as data; [masa, adhika, nija]).
	{date: "2012-05-20", place: "Helsinki", amanta: "Vaishakha", source: "PyJHora _masa_tests [2, False, False]"},
	{date: "2012-08-17", place: "Bangalore", amanta: "Shravana", source: "PyJHora _masa_tests [5, False, False]"},
	{date: "2012-08-18", place: "Bangalore", amanta: "Bhadrapada", adhika: true, source: "PyJHora _masa_tests [6, True, False]"},
	{date: "2012-09-18", place: "Bangalore", amanta: "Bhadrapada", nija: true, source: "PyJHora _masa_tests [6, False, True]"},
	{date: "2013-02-10", place: "Bangalore", amanta: "Pausha", source: "PyJHora _masa_tests [10, False, False]"},
	// 2015 adhika Ashadha, 17 June - 16 July (amanta and North Indian alike).
	{date: "2015-06-17", place: "Delhi", amanta: "Ashadha", adhika: true, purnimanta: "Ashadha", paksha: "shukla", tithi: 1, source: "vidvatparishad.org/2015/06 (17 June - 16 July); navgrahmandir.com, Adhik Month Maas from 17 June to 16 July, 2015"},
	{date: "2015-07-16", place: "Delhi", amanta: "Ashadha", adhika: true, purnimanta: "Ashadha", paksha: "krishna", source: "livepujayagya.com, When is Adhik Mas 2015 (ends 16 July, North Indian and amanta alike)"},
	{date: "2015-07-17", place: "Pune", amanta: "Ashadha", nija: true, paksha: "shukla", tithi: 1, source: "hindusphere.com, Aashada month 2015 (amanta Ashadha 17 July - 15 August)"},
	// 2018 adhika Jyeshtha, 16 May - 13 June; Vikram 2075; Vilambi (South).
	{date: "2018-05-16", place: "Delhi", amanta: "Jyeshtha", adhika: true, purnimanta: "Jyeshtha", paksha: "shukla", tithi: 1, vikram: 2075, source: "veenusastro.freepressjournal.in, All about Adhik Maas (two Jyeshtha in VS 2075, 16 May - 13 June 2018)"},
	{date: "2018-06-13", place: "Bangalore", amanta: "Jyeshtha", adhika: true, paksha: "krishna", tithi: 15, south: "Vilambi", source: "hindupad.com/adhik-maas-2018 (Adhika Jyeshta 16 May - 13 June, Vilambi nama samvatsara)"},
	{date: "2018-06-14", place: "Bangalore", amanta: "Jyeshtha", nija: true, paksha: "shukla", tithi: 1, source: "newsjox.com, Amavasya Adhik Maas 2018 (the month ends 13 June)"},
	// 2020 adhika Ashvina, 18 September - 16 October; Sharvari (South).
	{date: "2020-09-18", place: "Pune", amanta: "Ashvina", adhika: true, paksha: "shukla", tithi: 1, south: "Sharvari", source: "sanatanprabhat.org (Marathi: adhika Ashvina 18.9.2020 - 16.10.2020); hindupad.com (Sharvari nama samvatsara)"},
	{date: "2020-10-16", place: "Delhi", amanta: "Ashvina", adhika: true, purnimanta: "Ashvina", paksha: "krishna", source: "bhaktibharat.com, Adhik Maas 2020: 18 September - 16 October"},
	{date: "2020-10-17", place: "Delhi", amanta: "Ashvina", nija: true, purnimanta: "Ashvina", paksha: "shukla", tithi: 1, source: "latestly.com, Dussehra 2020 (Sharad Navratri, Ashvina shukla pratipada, begins 17 October)"},
	// 2023 adhika Shravana, 18 July - 16 August; purnimanta Shravana 4 July - 31 August.
	{date: "2023-07-04", place: "Delhi", amanta: "Ashadha", purnimanta: "Shravana", paksha: "krishna", tithi: 1, source: "webdunia.com, Purushottam maas 2023 (Sawan 4 July - 31 August, adhik 18 July - 16 August)"},
	{date: "2023-07-18", place: "Delhi", amanta: "Shravana", adhika: true, purnimanta: "Shravana", paksha: "shukla", tithi: 1, source: "webdunia.com, 2023 adhik maas vrat katha (18 July - 16 August)"},
	{date: "2023-08-16", place: "Delhi", amanta: "Shravana", adhika: true, purnimanta: "Shravana", paksha: "krishna", tithi: 15, source: "webdunia.com, 2023 adhik maas vrat katha (18 July - 16 August)"},
	{date: "2023-08-17", place: "Pune", amanta: "Shravana", nija: true, paksha: "shukla", tithi: 1, source: "tarunbharat.net, Adhik Shrawan Mas (2023; the next adhika Jyeshtha 17 May - 15 June 2026, Shaka 1948)"},
	// 2026 adhika Jyeshtha, 17 May - 15 June, Shaka 1948.
	{date: "2026-05-17", place: "Pune", amanta: "Jyeshtha", adhika: true, paksha: "shukla", tithi: 1, shaka: 1948, source: "tarunbharat.net, Adhik Shrawan Mas (adhika Jyeshtha, Shaka 1948, 17 May - 15 June 2026)"},
	{date: "2026-06-15", place: "Pune", amanta: "Jyeshtha", adhika: true, paksha: "krishna", shaka: 1948, source: "tarunbharat.net, Adhik Shrawan Mas (adhika Jyeshtha, Shaka 1948, 17 May - 15 June 2026)"},
	// 2042 adhika Shravana, 17 July - 15 August, Shaka 1964. Its first
	// day is not checked: the new moon falls at 11:21 IST on 17 July, so
	// that day's sunrise is still in Ashadha's amavasya (the page counts the
	// month from the date of the new moon).
	{date: "2042-08-15", place: "Pune", amanta: "Shravana", adhika: true, paksha: "krishna", tithi: 15, shaka: 1964, source: "tarunbharat.net, Adhik Shrawan Mas (adhika Shravana, Shaka 1964, 17 July - 15 August 2042)"},
	// Year starts (Chaitra shukla pratipada): eras and samvatsaras.
	{date: "2022-04-02", place: "Delhi", amanta: "Chaitra", paksha: "shukla", tithi: 1, vikram: 2079, north: "Nala", source: "webdunia.com, Nav Samvatsar 2079 ka name (2 April 2022, Nala)"},
	{date: "2023-03-22", place: "Delhi", amanta: "Chaitra", paksha: "shukla", tithi: 1, vikram: 2080, north: "Nala", source: "unpaidnewshindi.com, new year from March 22 (VS 2080, samvatsara Nala; mnsgranth.com names it Pingala)"},
	{date: "2024-04-09", place: "Delhi", amanta: "Chaitra", paksha: "shukla", tithi: 1, vikram: 2081, shaka: 1946, south: "Krodhi", source: "webdunia.com, Hindu New Year 2081 (VS 2081 from Chaitra shukla pratipada 2024)"},
	{date: "2025-03-30", place: "Delhi", amanta: "Chaitra", paksha: "shukla", tithi: 1, vikram: 2082, shaka: 1947, north: "Siddharthi", source: "reportbharathindi.com, Siddharth Samvatsar 2082 (30 March 2025, Jayaditya panchang, Jaipur); dngastro.in, Samvatsara 2082 (Shaka 1947, Kali 5126)"},
	{date: "2025-10-22", place: "Ahmedabad", amanta: "Kartika", paksha: "shukla", tithi: 1, kartikadi: 2082, source: "Gujarati almanac notice: Kartak sud ekam, 22 October 2025, begins Vikram Samvat 2082"},
}

// TestHinduCalendarPublished checks the panchang's calendar on published
// days: the month names and marks, paksha, tithi, eras and samvatsaras the
// sources state (each row names its source).
func TestHinduCalendarPublished(t *testing.T) {
	src, _ := sources(t)
	cmp := measure.Compare(t, measure.About{
		What:      "Hindu calendar of the panchang (Lahiri, upper-limb sunrise): amanta and purnimanta month with adhika and nija marks, paksha and tithi at sunrise, Shaka and Vikram years, North and South Indian samvatsaras",
		Reference: "published almanac and news pages of the adhika months of 2015-2042 and the year starts of 2022-2025 (cited per row in the test), and PyJHora 4.8.5's _masa_tests (read as data)",
		Sample:    "days of 2012-2042 at six places",
	})
	q := cmp.Exact("calendar fields the sources state")
	if len(publishedDays) < 24 {
		t.Fatalf("%d published days, the issue asks for 24", len(publishedDays))
	}
	for _, d := range publishedDays {
		pl := calendarPlaces[d.place]
		loc, err := time.LoadLocation(pl.zone)
		if err != nil {
			t.Fatal(err)
		}
		day, err := time.Parse(time.DateOnly, d.date)
		if err != nil {
			t.Fatal(err)
		}
		p, err := NewPanchang(src, Day{Year: day.Year(), Month: int(day.Month()), Day: day.Day(), Location: loc, Latitude: pl.lat, Longitude: pl.lon}, PanchangOptions{})
		if err != nil {
			t.Fatal(err)
		}
		h := p.Calendar
		var bad []string
		check := func(what string, ok bool, got any) {
			if !ok {
				bad = append(bad, fmt.Sprintf("%s %v", what, got))
			}
		}
		check("amanta", h.Amanta.Name == d.amanta, h.Amanta.Name)
		check("adhika", h.Amanta.Adhika == d.adhika, h.Amanta.Adhika)
		check("nija", h.Amanta.Nija == d.nija, h.Amanta.Nija)
		check("purnimanta", d.purnimanta == "" || h.Purnimanta.Name == d.purnimanta && h.Purnimanta.Adhika == (d.adhika && h.Purnimanta.Name == d.amanta), h.Purnimanta)
		check("paksha", d.paksha == "" || h.Paksha == d.paksha, h.Paksha)
		check("tithi", d.tithi == 0 || h.Tithi == d.tithi, h.Tithi)
		check("shaka", d.shaka == 0 || h.Year.Shaka == d.shaka, h.Year.Shaka)
		check("vikram", d.vikram == 0 || h.Year.VikramChaitradi == d.vikram, h.Year.VikramChaitradi)
		check("kartikadi", d.kartikadi == 0 || h.Year.VikramKartikadi == d.kartikadi, h.Year.VikramKartikadi)
		check("north", d.north == "" || h.Samvatsara.NorthIndian.Name == d.north, h.Samvatsara.NorthIndian.Name)
		check("south", d.south == "" || h.Samvatsara.SouthIndian.Name == d.south, h.Samvatsara.SouthIndian.Name)
		q.Match(len(bad) == 0, d.date, d.place)
		if len(bad) > 0 {
			t.Errorf("%s %s: %v (source: %s)", d.date, d.place, bad, d.source)
		}
	}
}

// TestHinduYearCounts checks the era and cycle arithmetic on its fixed
// points: Shaka 1946 is Krodhi in the South Indian count (the 38th), the
// Kartikadi Vikram year turns at Kartika, and the Jovian count of the Surya
// Siddhanta gives Vijaya at the Kali epoch and Sewell and Dikshit's rule
// (expired Kali years + (211 K - 108) / 18000 + 27, mod 60) at the Mesha
// sankrantis of 1900-2100.
func TestHinduYearCounts(t *testing.T) {
	if s := samvatsara((1946 + 11) % 60); s.Name != "Krodhi" || s.Number != 38 {
		t.Errorf("Shaka 1946: %+v", s)
	}
	jovian := func(jd float64) int {
		return int(math.Mod(math.Floor((jd-kaliEpochJD)*jovianPerYuga/mahayugaDays)+kaliSamvatsara, 60))
	}
	if got := jovian(kaliEpochJD + 1); samvatsaraNames[got] != "Vijaya" {
		t.Errorf("Kali epoch: %s", samvatsaraNames[got])
	}
	// The Surya Siddhanta's sidereal year, 1,577,917,828 / 4,320,000 days.
	const ssYear = mahayugaDays / 4320000
	agree := 0
	for k := 5001; k <= 5201; k++ {
		sewell := (k + (211*k-108)/18000 + 27 - 1) % 60 // 1-based in the rule
		// The rule names the samvatsara at the mean Mesha sankranti that
		// begins Kali year k + 1.
		got := jovian(kaliEpochJD + float64(k)*ssYear)
		if got == sewell {
			agree++
		} else {
			t.Errorf("Kali %d: %s, Sewell and Dikshit's rule %s", k, samvatsaraNames[got], samvatsaraNames[sewell])
		}
	}
	t.Logf("%d Kali years agree with Sewell and Dikshit's rule", agree)
}

// BenchmarkHinduDateAt is the calendar alone, and the whole panchang that
// carries it, on the tables.
func BenchmarkHinduDateAt(b *testing.B) {
	src, _ := sources(b)
	at := jd(2023, 7, 25, 0.5)
	b.Run("calendar", func(b *testing.B) {
		for b.Loop() {
			if _, err := HinduDateAt(src, at, Options{}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("panchang", func(b *testing.B) {
		loc, _ := time.LoadLocation("Asia/Kolkata")
		for b.Loop() {
			if _, err := NewPanchang(src, Day{Year: 2023, Month: 7, Day: 25, Location: loc, Latitude: 28.6, Longitude: 77.2}, PanchangOptions{}); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// TestHinduToGregorianRoundTrip dates every day of 2023 (adhika Shravana)
// and of 1982-10 to 1983-04 (adhika Ashvina, kshaya Pausha-Magha, adhika
// Phalguna) at Delhi, then asks the reverse conversion for that Hindu date
// in both schemes: the day must be among the days it gives (the sunrise
// that dated it falls in the tithi the reverse finds).
func TestHinduToGregorianRoundTrip(t *testing.T) {
	src, _ := sources(t)
	loc, err := time.LoadLocation("Asia/Kolkata")
	if err != nil {
		t.Fatal(err)
	}
	lat, lon := 28.6139, 77.209
	days := 0
	check := func(from, to time.Time) {
		for d := from; d.Before(to); d = d.AddDate(0, 0, 1) {
			cd, err := NewCalendarDay(src, Day{Year: d.Year(), Month: int(d.Month()), Day: d.Day(), Location: loc, Latitude: lat, Longitude: lon}, PanchangOptions{})
			if err != nil {
				t.Fatal(err)
			}
			h := cd.Calendar
			for _, scheme := range []MonthScheme{Amanta, Purnimanta} {
				m := h.Amanta
				if scheme == Purnimanta {
					m = h.Purnimanta
				}
				// The purnimanta Chaitra's dark half closes the year before.
				year := h.Year.Shaka
				r := &HinduDateRequest{Year: year, Masa: Masa(m.Name), Adhika: m.Adhika, Scheme: scheme, Paksha: Paksha(h.Paksha), Tithi: h.Tithi,
					Latitude: &lat, Longitude: &lon, Timezone: "Asia/Kolkata"}
				if err := r.Resolve(&resolve.Fixed{}, ""); err != nil {
					t.Fatal(err)
				}
				g, err := r.Gregorian(src, &resolve.Fixed{})
				if err != nil {
					t.Errorf("%s %s: %+v: %v", d.Format(time.DateOnly), scheme, m, err)
					continue
				}
				ok := false
				for _, gd := range g.Days {
					ok = ok || gd.Date == d.Format(time.DateOnly)
				}
				if !ok {
					t.Errorf("%s %s (%s %d %s %v %s %d): reverse gives %+v", d.Format(time.DateOnly), scheme, EraShaka, year, m.Name, m.Adhika, h.Paksha, h.Tithi, g.Days)
				}
			}
			days++
		}
	}
	check(time.Date(2023, 1, 1, 0, 0, 0, 0, loc), time.Date(2024, 1, 1, 0, 0, 0, 0, loc))
	check(time.Date(1982, 10, 1, 0, 0, 0, 0, loc), time.Date(1983, 4, 15, 0, 0, 0, 0, loc))
	t.Logf("%d days dated and found again in both schemes", days)
}

// BenchmarkHinduToGregorian is the reverse conversion of a late month
// (Kartika amavasya, Diwali) on the tables.
func BenchmarkHinduToGregorian(b *testing.B) {
	src, _ := sources(b)
	lat, lon := 28.6139, 77.209
	r := &HinduDateRequest{Year: 1946, Masa: "Kartika", Paksha: "krishna", Tithi: 15, Latitude: &lat, Longitude: &lon, Timezone: "Asia/Kolkata"}
	if err := r.Resolve(&resolve.Fixed{}, ""); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := r.Gregorian(src, &resolve.Fixed{}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestHinduToGregorianEveryTithi asks for every tithi of every month of
// Shaka 1945 (13 months: adhika Shravana) at Delhi: each is dated by one
// sunrise, by two (an adhika tithi) or by none (a kshaya tithi, then the
// day it runs in is named), and the days follow one another.
func TestHinduToGregorianEveryTithi(t *testing.T) {
	src, _ := sources(t)
	lat, lon := 28.6139, 77.209
	var kshaya, adhika, single int
	last := ""
	for _, m := range []struct {
		name   string
		adhika bool
	}{{"Chaitra", false}, {"Vaishakha", false}, {"Jyeshtha", false}, {"Ashadha", false}, {"Shravana", true}, {"Shravana", false},
		{"Bhadrapada", false}, {"Ashvina", false}, {"Kartika", false}, {"Margashirsha", false}, {"Pausha", false}, {"Magha", false}, {"Phalguna", false}} {
		for _, p := range []Paksha{"shukla", "krishna"} {
			for ti := 1; ti <= 15; ti++ {
				r := &HinduDateRequest{Year: 1945, Masa: Masa(m.name), Adhika: m.adhika, Paksha: p, Tithi: ti, Latitude: &lat, Longitude: &lon, Timezone: "Asia/Kolkata"}
				if err := r.Resolve(&resolve.Fixed{}, ""); err != nil {
					t.Fatal(err)
				}
				g, err := r.Gregorian(src, &resolve.Fixed{})
				if err != nil {
					t.Fatalf("%s %v %s %d: %v", m.name, m.adhika, p, ti, err)
				}
				switch len(g.Days) {
				case 0:
					kshaya++
					if g.Within == nil || g.Within.Date != last {
						t.Errorf("%s %s %d: kshaya, within %+v, the day before %s", m.name, p, ti, g.Within, last)
					}
				case 1:
					single++
				case 2:
					adhika++
				default:
					t.Errorf("%s %s %d: %d days", m.name, p, ti, len(g.Days))
				}
				for _, d := range g.Days {
					if last != "" && d.Date <= last {
						t.Errorf("%s %s %d: %s after %s", m.name, p, ti, d.Date, last)
					}
					if d.Calendar.Amanta.Name != m.name || d.Calendar.Amanta.Adhika != m.adhika || d.Calendar.Paksha != string(p) || d.Calendar.Tithi != ti {
						t.Errorf("%s %s %d: the day's own date is %+v", m.name, p, ti, d.Calendar)
					}
					last = d.Date
				}
			}
		}
	}
	if kshaya == 0 || adhika == 0 {
		t.Errorf("%d kshaya and %d adhika tithis in a year: expected some of each", kshaya, adhika)
	}
	t.Logf("Shaka 1945 at Delhi: %d tithis dated once, %d twice (adhika), %d never (kshaya)", single, adhika, kshaya)
}
