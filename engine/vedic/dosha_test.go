package vedic

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// lonChart builds a chart from longitudes (Ketu opposite Rahu).
func lonChart(asc float64, lons map[Graha]float64) *Chart {
	var p Placements
	p.Ascendant = asc
	for g, l := range lons {
		p.Grahas[g].Longitude = l
		p.Grahas[g].Speed = 1
	}
	return NewChart(p)
}

func TestManglik(t *testing.T) {
	cases := []struct {
		name      string
		lagna     int
		signs     map[Graha]int
		severity  Severity
		refs      string
		cancelled []string
	}{
		// Aries lagna, Mars in Cancer (4th), Moon in Libra (Mars 10th),
		// Venus in Leo (Mars 12th).
		{"TwoRefs", 0, map[Graha]int{Mars: 3, Moon: 6, Venus: 4, Jupiter: 8, Sun: 9, Mercury: 9, Saturn: 10, Rahu: 1}, SeverityMedium, "from lagna, venus", nil},
		// Mars in Scorpio in the 7th from a Taurus lagna: own sign.
		{"OwnSign", 1, map[Graha]int{Mars: 7, Moon: 7, Venus: 7, Jupiter: 2, Sun: 9, Mercury: 9, Saturn: 10, Rahu: 4}, SeverityHigh, "from lagna, moon, venus", []string{"mars_own_sign", "moon_with_mars"}},
		// Mars in Gemini in the 2nd from Taurus: the 2nd-house exception;
		// Jupiter in Sagittarius aspects it (7th).
		{"Exception", 1, map[Graha]int{Mars: 2, Moon: 5, Venus: 4, Jupiter: 8, Sun: 9, Mercury: 9, Saturn: 10, Rahu: 6}, SeverityLow, "from lagna", []string{"house_sign_exception", "jupiter_aspects_mars"}},
		{"Absent", 0, map[Graha]int{Mars: 2, Moon: 0, Venus: 0, Jupiter: 8, Sun: 9, Mercury: 9, Saturn: 10, Rahu: 6}, SeverityNone, "", nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			d := signChart(tc.lagna, tc.signs).Manglik().Doshas[0]
			if d.Severity != tc.severity || d.Present != (tc.severity != SeverityNone) || (d.Present && d.Type != tc.refs) {
				t.Fatalf("%+v", d)
			}
			var got []string
			for _, c := range d.Cancellations {
				got = append(got, c.Name)
			}
			if len(got) != len(tc.cancelled) {
				t.Fatalf("cancellations %v, want %v", got, tc.cancelled)
			}
			for i := range got {
				if got[i] != tc.cancelled[i] {
					t.Fatalf("cancellations %v, want %v", got, tc.cancelled)
				}
			}
			if d.Cancelled != (len(got) > 0) {
				t.Fatal("cancelled flag")
			}
		})
	}
}

// TestManglikProperty compares the severity with an independent count on
// random charts.
func TestManglikProperty(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 7))
	bad := map[int]bool{1: true, 2: true, 4: true, 7: true, 8: true, 12: true}
	for range 5000 {
		signs := map[Graha]int{}
		for _, g := range Grahas[:8] {
			signs[g] = r.IntN(12)
		}
		lagna := r.IntN(12)
		n := 0
		for _, ref := range []int{lagna, signs[Moon], signs[Venus]} {
			if bad[(signs[Mars]-ref+12)%12+1] {
				n++
			}
		}
		d := signChart(lagna, signs).Manglik().Doshas[0]
		if len(d.Placements) != n || d.Severity != [4]Severity{"none", "low", "medium", "high"}[n] {
			t.Fatalf("%d references, got %+v", n, d)
		}
	}
}

// TestKaalSarp: full when all seven grahas lie on one side of the axis,
// partial when one lies outside; a partial case is present only under the
// partial rule (strict is the default), and reported as such either way.
func TestKaalSarp(t *testing.T) {
	base := map[Graha]float64{Rahu: 10, Sun: 20, Moon: 40, Mars: 60, Mercury: 80, Jupiter: 100, Venus: 120, Saturn: 170}
	for _, rule := range []KaalSarpRule{"", KaalSarpStrict, KaalSarpPartial} {
		d := lonChart(5, base).KaalSarp(rule).Doshas[0]
		if !d.Present || d.Severity != SeverityHigh || d.Extent != "full" || d.Type != "Anant (rahu_to_ketu)" {
			t.Fatalf("%q full: %+v", rule, d)
		}
	}
	base[Saturn] = 200 // one graha past Ketu
	if d := lonChart(5, base).KaalSarp(KaalSarpPartial).Doshas[0]; !d.Present || d.Severity != SeverityMedium || d.Extent != "partial" {
		t.Fatalf("partial rule: %+v", d)
	}
	for _, rule := range []KaalSarpRule{"", KaalSarpStrict} {
		if d := lonChart(5, base).KaalSarp(rule).Doshas[0]; d.Present || d.Severity != SeverityNone || d.Extent != "partial" || !strings.Contains(d.Note, "Saturn") {
			t.Fatalf("%q partial: %+v", rule, d)
		}
	}
	base[Venus] = 300
	for _, rule := range []KaalSarpRule{KaalSarpStrict, KaalSarpPartial} {
		if d := lonChart(5, base).KaalSarp(rule).Doshas[0]; d.Present || d.Extent != "none" || d.Severity != SeverityNone {
			t.Fatalf("broken: %+v", d)
		}
	}
	// all behind Rahu: Ketu to Rahu; Rahu in the 10th from a Cancer lagna.
	rev := map[Graha]float64{Rahu: 5, Sun: 200, Moon: 220, Mars: 240, Mercury: 260, Jupiter: 280, Venus: 300, Saturn: 350}
	if d := lonChart(95, rev).KaalSarp("").Doshas[0]; !d.Present || d.Type != "Ghatak (ketu_to_rahu)" {
		t.Fatalf("reverse: %+v", d)
	}
	// random: the extent by the minority side; present when full, or
	// partial under the partial rule.
	r := rand.New(rand.NewPCG(8, 9))
	for i := range 5000 {
		lons := map[Graha]float64{}
		for _, g := range Grahas[:8] {
			lons[g] = r.Float64() * 360
		}
		ahead := 0
		for _, g := range Seven {
			x := lons[g] - lons[Rahu]
			for x < 0 {
				x += 360
			}
			if x < 180 {
				ahead++
			}
		}
		minority := min(ahead, 7-ahead)
		rule := []KaalSarpRule{KaalSarpStrict, KaalSarpPartial}[i%2]
		d := lonChart(0, lons).KaalSarp(rule).Doshas[0]
		extent := map[int]string{0: "full", 1: "partial"}[minority]
		if extent == "" {
			extent = "none"
		}
		present := minority == 0 || minority == 1 && rule == KaalSarpPartial
		if d.Extent != extent || d.Present != present || (d.Severity == SeverityHigh) != (minority == 0) {
			t.Fatalf("%s, minority %d: %+v", rule, minority, d)
		}
	}
}

func TestDoshasAll(t *testing.T) {
	c := signChart(0, map[Graha]int{Sun: 1, Moon: 7, Mars: 3, Mercury: 1, Jupiter: 1, Venus: 2, Saturn: 3, Rahu: 1})
	r := c.Doshas("")
	got := map[string]Dosha{}
	for _, d := range r.Doshas {
		got[d.Name] = d
	}
	if len(r.Doshas) != 8 {
		t.Fatalf("%d doshas", len(r.Doshas))
	}
	// Sun and Jupiter with Rahu in Taurus, the Moon with Ketu in Scorpio,
	// Saturn and Mars together in Cancer without Rahu.
	want := map[string]bool{"grahan": true, "guru_chandal": true, "pitra": true, "shrapit": false, "angarak": false}
	for n, p := range want {
		if got[n].Present != p {
			t.Errorf("%s present %v: %+v", n, got[n].Present, got[n])
		}
	}
	if got["grahan"].Severity != SeverityHigh { // same degree (15°)
		t.Errorf("grahan %+v", got["grahan"])
	}
}
