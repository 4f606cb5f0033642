package vedic

import (
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// signChart builds a chart from signs alone (0 = Aries), each graha at
// 15° of its sign; Ketu is placed opposite Rahu.
func signChart(lagna int, signs map[Graha]int) *Chart {
	var p Placements
	p.Ascendant = float64(lagna)*30 + 15
	for g, s := range signs {
		if g == Ketu {
			continue
		}
		p.Grahas[g].Longitude = float64(s)*30 + 15
		p.Grahas[g].Speed = 1
	}
	return NewChart(p)
}

// PVR: P. V. R. Narasimha Rao, "Vedic Astrology: An Integrated Approach"
// (Sagar Publications, 2000), chapter 12, the ashtakavarga exercises and
// their printed answers (rows Sun..Saturn, then Lagna; columns Aries..Pisces).
var (
	// Chart 6: Ketu, Venus in Ar; Mars, Sun, Mercury in Ge; Saturn,
	// Jupiter in Le; lagna Vi; Rahu Li; Moon Pi. Exercises 19 and 20.
	pvrChart6 = signChart(5, map[Graha]int{Ketu: 0, Venus: 0, Mars: 2, Sun: 2, Mercury: 2, Saturn: 4, Jupiter: 4, Rahu: 6, Moon: 11})
	pvr6BAV   = [8][12]int{
		{5, 3, 5, 3, 4, 4, 2, 3, 5, 4, 5, 5},
		{3, 2, 5, 3, 6, 3, 4, 5, 5, 5, 3, 5},
		{4, 3, 4, 3, 4, 3, 2, 5, 1, 3, 3, 4},
		{7, 4, 7, 4, 4, 3, 4, 4, 4, 3, 6, 4},
		{4, 3, 5, 6, 3, 7, 4, 3, 5, 6, 5, 5},
		{8, 7, 4, 3, 3, 2, 4, 6, 4, 4, 4, 3},
		{3, 3, 4, 3, 2, 3, 2, 3, 4, 5, 3, 4},
		{5, 5, 6, 3, 6, 3, 1, 7, 3, 4, 3, 3},
	}
	pvr6SAV = [12]int{34, 25, 34, 25, 26, 25, 22, 29, 28, 30, 29, 30}

	// Chart 7: Saturn, Moon, Rahu in Ar; Ketu, Jupiter in Li; lagna Sc;
	// Mercury, Mars in Sg; Sun Cp; Venus Aq. Exercise 22.
	pvrChart7 = signChart(7, map[Graha]int{Saturn: 0, Moon: 0, Rahu: 0, Ketu: 6, Jupiter: 6, Mercury: 8, Mars: 8, Sun: 9, Venus: 10})
	pvr7BAV   = [7][12]int{
		{4, 2, 3, 4, 6, 5, 5, 3, 2, 6, 6, 2},
		{6, 3, 5, 3, 5, 5, 6, 3, 3, 4, 4, 2},
		{3, 2, 3, 4, 2, 5, 4, 3, 3, 4, 3, 3},
		{4, 6, 4, 3, 4, 7, 4, 5, 6, 3, 5, 3},
		{4, 4, 3, 5, 6, 5, 6, 4, 6, 4, 3, 6},
		{3, 5, 5, 4, 6, 2, 3, 6, 5, 2, 7, 4},
		{3, 2, 2, 3, 5, 6, 3, 4, 1, 3, 6, 1},
	}
	pvr7SAV = [12]int{27, 24, 25, 26, 34, 35, 31, 28, 26, 26, 34, 21}

	// Chart 12: Ketu Ar; Venus Ta; lagna Vi; Rahu Li; Mars, Jupiter Sc;
	// Sun, Mercury Sg; Moon Cp; Saturn Pi. Exercise 21.
	pvrChart12 = signChart(5, map[Graha]int{Ketu: 0, Venus: 1, Rahu: 6, Mars: 7, Jupiter: 7, Sun: 8, Mercury: 8, Moon: 9, Saturn: 11})
	pvr12SAV   = [12]int{24, 25, 31, 28, 27, 39, 33, 29, 26, 22, 28, 25}
)

func TestAshtakavargaPublished(t *testing.T) {
	bav := func(a *Ashtakavarga, n int) (out [][12]int) {
		for _, b := range a.Bhinna[:n] {
			out = append(out, b.Bindus)
		}
		return out
	}
	av := func(c *Chart, tables AshtakavargaTables) *Ashtakavarga {
		a, err := c.Ashtakavarga(tables)
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	a6 := av(pvrChart6, RaoTables)
	if diff := cmp.Diff(pvr6BAV[:], bav(a6, 8)); diff != "" {
		t.Errorf("chart 6 BAV (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(pvr6SAV, a6.Sarva.Bindus); diff != "" {
		t.Errorf("chart 6 SAV (-want +got):\n%s", diff)
	}
	a7 := av(pvrChart7, RaoTables)
	if diff := cmp.Diff(pvr7BAV[:], bav(a7, 7)); diff != "" {
		t.Errorf("chart 7 BAV (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(pvr7SAV, a7.Sarva.Bindus); diff != "" {
		t.Errorf("chart 7 SAV (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(pvr12SAV, av(pvrChart12, RaoTables).Sarva.Bindus); diff != "" {
		t.Errorf("chart 12 SAV (-want +got):\n%s", diff)
	}
}

// TestAshtakavargaParashara checks the default (BPHS) tables on the same
// published charts: every row the two table sets share matches the book,
// and the Moon's and Venus' rows differ from it only in the signs the three
// variant rows move.
func TestAshtakavargaParashara(t *testing.T) {
	a, err := pvrChart6.Ashtakavarga("")
	if err != nil {
		t.Fatal(err)
	}
	for i, b := range a.Bhinna {
		if i == int(Moon) || i == int(Venus) {
			continue
		}
		if b.Bindus != pvr6BAV[i] {
			t.Errorf("%s: %v, book %v", b.Of, b.Bindus, pvr6BAV[i])
		}
	}
	// Chart 6: Moon in Pisces, Mars in Gemini, Jupiter in Leo. BPHS moves
	// the Moon's bindu from Scorpio (9th from Pisces) to Aquarius (9th from
	// Gemini) and from Virgo (2nd from Leo) to Cancer (12th from Leo);
	// Venus' from Virgo (4th from Gemini) to Libra (5th).
	moon, venus := pvr6BAV[Moon], pvr6BAV[Venus]
	moon[7]--
	moon[10]++
	moon[5]--
	moon[3]++
	venus[5]--
	venus[6]++
	if a.Bhinna[Moon].Bindus != moon || a.Bhinna[Venus].Bindus != venus {
		t.Errorf("Moon %v want %v; Venus %v want %v", a.Bhinna[Moon].Bindus, moon, a.Bhinna[Venus].Bindus, venus)
	}
	if _, err := pvrChart6.Ashtakavarga("varahamihira"); err == nil {
		t.Error("unknown tables accepted")
	}
}

// TestAshtakavargaTotals checks on random charts that every graha's table
// has its fixed total, the sarvashtakavarga 337, and that each prastara row
// adds up to the bindus.
func TestAshtakavargaTotals(t *testing.T) {
	want := [8]int{48, 49, 39, 54, 56, 52, 39, 49}
	r := rand.New(rand.NewPCG(3, 37))
	for range 2000 {
		signs := map[Graha]int{}
		for _, g := range Grahas[:8] {
			signs[g] = r.IntN(12)
		}
		tables := []AshtakavargaTables{ParasharaTables, RaoTables}[r.IntN(2)]
		a, err := signChart(r.IntN(12), signs).Ashtakavarga(tables)
		if err != nil {
			t.Fatal(err)
		}
		if a.Sarva.Total != 337 {
			t.Fatalf("SAV total %d", a.Sarva.Total)
		}
		sum := 0
		for _, x := range a.Sarva.Bindus {
			sum += x
		}
		hsum := 0
		for _, x := range a.Sarva.ByHouse {
			hsum += x
		}
		if sum != 337 || hsum != 337 {
			t.Fatalf("SAV adds to %d by sign, %d by house", sum, hsum)
		}
		for i, b := range a.Bhinna {
			if b.Total != want[i] {
				t.Fatalf("%s total %d, want %d", b.Of, b.Total, want[i])
			}
			var add [12]int
			for _, c := range b.Prastara {
				for s, x := range c.Bindus {
					add[s] += x
				}
			}
			if add != b.Bindus {
				t.Fatalf("%s prastara %v != bindus %v", b.Of, add, b.Bindus)
			}
		}
	}
}
