package vedic

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/astroapi/astroapi/engine"
)

func foundYogas(r *YogaResult) map[string]int {
	out := map[string]int{}
	for _, y := range r.Yogas {
		out[y.Name]++
	}
	return out
}

// Signs: Ar 0, Ta 1, Ge 2, Cn 3, Le 4, Vi 5, Li 6, Sc 7, Sg 8, Cp 9, Aq 10, Pi 11.
func TestYogaRules(t *testing.T) {
	cases := []struct {
		name    string
		lagna   int
		signs   map[Graha]int
		present map[string]int // yoga -> times
		absent  []string
	}{
		{
			// Cancer lagna; Jupiter exalted in the 1st, Mars own in the 10th,
			// Venus own and Saturn exalted in the 4th; Moon in Capricorn
			// with the 2nd and 12th from it empty.
			name: "Mahapurushas", lagna: 3,
			signs:   map[Graha]int{Sun: 4, Moon: 9, Mars: 0, Mercury: 5, Jupiter: 3, Venus: 6, Saturn: 6, Rahu: 2},
			present: map[string]int{"Hamsa": 1, "Ruchaka": 1, "Malavya": 1, "Sasa": 1, "Gaja Kesari": 1, "Kemadruma": 1, "Ubhayachari": 1, "Yogakaraka": 1, "Raja (kendra-trikona)": 3},
			absent:  []string{"Bhadra", "Sunapha", "Anapha", "Durudhara", "Vesi", "Vasi", "Budha-Aditya"},
		},
		{
			// All seven in Aries (1st) and Libra (7th), movable signs.
			name: "SakataRajju", lagna: 0,
			signs:   map[Graha]int{Sun: 0, Moon: 0, Mars: 0, Mercury: 6, Jupiter: 6, Venus: 6, Saturn: 6, Rahu: 3},
			present: map[string]int{"Sakata": 1, "Rajju": 1},
			absent:  []string{"Gada", "Kamala", "Yuga (Sankhya)", "Vajra", "Musala"},
		},
		{
			// Seven different signs, no Akriti pattern: Vallaki alone.
			name: "Vallaki", lagna: 0,
			signs:   map[Graha]int{Sun: 0, Moon: 2, Mars: 4, Mercury: 5, Jupiter: 7, Venus: 9, Saturn: 11, Rahu: 1},
			present: map[string]int{"Vallaki (Sankhya)": 1},
			absent:  []string{"Nauka", "Ardha Chandra", "Chakra", "Samudra", "Mala", "Sarpa", "Damini (Sankhya)"},
		},
		{
			// Sun in Cancer and Moon in Leo exchange from the 4th and 5th;
			// Mars debilitated in Cancer, Saturn (lord of its exaltation)
			// in the 7th, Jupiter (exalted in Cancer) 10th from the Moon.
			name: "ExchangeNeechaBhanga", lagna: 0,
			signs:   map[Graha]int{Sun: 3, Moon: 4, Mars: 3, Mercury: 2, Jupiter: 1, Venus: 1, Saturn: 6, Rahu: 8},
			present: map[string]int{"Maha Parivartana": 1, "Neecha Bhanga Raja": 1},
			absent:  []string{"Budha-Aditya", "Chandra-Mangala", "Khala Parivartana", "Dainya Parivartana"},
		},
		{
			// Aries lagna: 6th lord Mercury in the 8th, 8th lord Mars in the
			// 12th, 12th lord Jupiter in the 6th.
			name: "Viparita", lagna: 0,
			signs:   map[Graha]int{Sun: 0, Moon: 1, Mars: 11, Mercury: 7, Jupiter: 5, Venus: 2, Saturn: 9, Rahu: 4},
			present: map[string]int{"Harsha": 1, "Sarala": 1, "Vimala": 1},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := signChart(tc.lagna, tc.signs).Yogas()
			got := foundYogas(r)
			for n, k := range tc.present {
				if got[n] != k {
					t.Errorf("%s: %d, want %d (found %v)", n, got[n], k, got)
				}
			}
			for _, n := range tc.absent {
				if got[n] != 0 {
					t.Errorf("%s present", n)
				}
			}
			if r.Count != len(r.Yogas) || r.Checked != len(YogaCatalog()) {
				t.Errorf("count %d checked %d", r.Count, r.Checked)
			}
		})
	}
	r := signChart(3, cases[0].signs).Yogas()
	for _, y := range r.Yogas {
		if y.Name == "Kemadruma" && (!y.Cancelled || len(y.Cancellations) == 0) {
			t.Errorf("Kemadruma not cancelled by Jupiter in the 1st: %+v", y)
		}
	}
}

// TestYogaProperties checks on random charts what the rules imply: exactly
// one of Sunapha, Anapha, Durudhara, Kemadruma; at most one of Vesi, Vasi,
// Ubhayachari; a Sankhya yoga exactly when no other Nabhasa yoga is
// present, matching the number of signs occupied.
func TestYogaProperties(t *testing.T) {
	r := rand.New(rand.NewPCG(32, 66))
	catalog := YogaCatalog()
	if len(catalog) != 66 {
		t.Errorf("catalogue has %d yogas", len(catalog))
	}
	for range 3000 {
		signs := map[Graha]int{}
		for _, g := range Grahas[:8] {
			signs[g] = r.IntN(12)
		}
		c := signChart(r.IntN(12), signs)
		got := foundYogas(c.Yogas())
		if n := got["Sunapha"] + got["Anapha"] + got["Durudhara"] + got["Kemadruma"]; n != 1 {
			t.Fatalf("%d lunar yogas: %v", n, got)
		}
		if n := got["Vesi"] + got["Vasi"] + got["Ubhayachari"]; n > 1 {
			t.Fatalf("%d solar yogas", n)
		}
		sankhya, other := 0, 0
		for _, y := range catalog {
			if y.Family != FamilyNabhasa || got[y.Name] == 0 {
				continue
			}
			if strings.HasSuffix(y.Name, "(Sankhya)") {
				sankhya++
				occ := map[int]bool{}
				for _, g := range Seven {
					occ[c.d.sign[g]] = true
				}
				if sankhyaNames[len(occ)]+" (Sankhya)" != y.Name {
					t.Fatalf("%s for %d signs", y.Name, len(occ))
				}
			} else {
				other++
			}
		}
		if (sankhya == 1) == (other > 0) || sankhya > 1 {
			t.Fatalf("sankhya %d other %d: %v", sankhya, other, got)
		}
	}
}

// TestYogaPublished checks yogas in charts of B. V. Raman, "Three Hundred
// Important Combinations" (chart numbers as printed there), cast from the
// birth data he gives with the Lahiri ayanamsa. Times in local mean time
// are converted with the longitude; "ghatis after sunrise" with a sunrise
// of 06:05 LMT (a ghati is 24 minutes). The yogas chosen depend on the
// Moon's and the grahas' signs, not on the lagna.
func TestYogaPublished(t *testing.T) {
	src, _ := sources(t)
	lmt := func(y, m, d, hh, mm int, lon float64) engine.JDUT {
		t0 := time.Date(y, time.Month(m), d, hh, mm, 0, 0, time.UTC)
		return engine.JDOf(t0.Add(-time.Duration(lon / 15 * float64(time.Hour))))
	}
	ghati := func(y, m, d int, gh float64, lon float64) engine.JDUT {
		return lmt(y, m, d, 6, 5, lon) + engine.JDUT(gh*24/1440)
	}
	cases := []struct {
		name     string
		jd       engine.JDUT
		lat, lon float64
		yoga     string
	}{
		{"Chart2GajaKesari", lmt(1894, 8, 13, 14, 30, 75), 23, 75, "Gaja Kesari"},
		{"Chart6Anapha", lmt(1902, 8, 20, 11, 33, 78+10.0/60), 9 + 58.0/60, 78 + 10.0/60, "Anapha"},
		{"Chart7Durudhara", ghati(1910, 7, 31, 32.25, 77+44.0/60), 8 + 44.0/60, 77 + 44.0/60, "Durudhara"},
		{"Chart8Kemadruma", ghati(1896, 7, 28, 10, 77+35.0/60), 13, 77 + 35.0/60, "Kemadruma"},
		{"Chart9Kemadruma", lmt(1908, 2, 26, 14, 56, 72+54.0/60), 18 + 55.0/60, 72 + 54.0/60, "Kemadruma"},
		{"Chart10ChandraMangala", ghati(1890, 8, 24, 37+10.0/60, 77+34.0/60), 13, 77 + 34.0/60, "Chandra-Mangala"},
		{"Chart11Adhi", ghati(1871, 9, 24, 7, 77+34.0/60), 10, 77 + 34.0/60, "Adhi"},
		{"Chart12Adhi", lmt(1887, 8, 7, 13, 30, 77+2.0/60), 11, 77 + 2.0/60, "Adhi"},
		// Chart 13 (Chatussagara, 19-7-1816, 15 3/4 ghatis after sunrise)
		// is left out: every kendra must be occupied, which depends on the
		// lagna, and the ghati time with an assumed sunrise leaves our 4th
		// house empty.
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c, err := Natal(src, Birth{JD: tc.jd, Latitude: tc.lat, Longitude: tc.lon}, Options{})
			if err != nil {
				t.Fatal(err)
			}
			got := foundYogas(c.Yogas())
			if got[tc.yoga] == 0 {
				var keys []string
				for k := range got {
					keys = append(keys, k)
				}
				slices.Sort(keys)
				t.Errorf("%s not found; yogas: %v", tc.yoga, keys)
			}
		})
	}
}
