package vedic

import (
	"encoding/csv"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/astroapi/astroapi/engine/accuracy/measure"
)

var poruthamOrder = []string{"dina", "gana", "mahendra", "stree_deergha", "yoni", "rasi", "rasyadhipati", "vasya", "rajju", "vedha"}

// code is a porutham's letter in the fixture: U/M/A for a grade, Y/N for
// an ungraded match.
func code(p Porutham) byte {
	switch p.Grade {
	case Uttamam:
		return 'U'
	case Madhyamam:
		return 'M'
	case Adhamam:
		return 'A'
	}
	if p.Match {
		return 'Y'
	}
	return 'N'
}

func codes(d DasaPorutham) string {
	var b strings.Builder
	for _, p := range d.Poruthams {
		b.WriteByte(code(p))
	}
	return b.String()
}

// TestPoruthamTable scores the ten poruthams of every pair of nakshatra
// padas (11,664 pairs, each Moon at the middle of its pada) under two
// readings and compares each porutham, exactly, with the independent
// lookup of testdata/gen/porutham.py (written from the sources' star-name
// lists and wording; its output testdata/porutham/table.csv is
// committed): the default reading, and every exception with Stree
// Deergha beyond the 13th.
func TestPoruthamTable(t *testing.T) {
	f, err := os.Open("testdata/porutham/table.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 108*108 {
		t.Fatalf("%d rows, want %d", len(rows), 108*108)
	}
	cmp := measure.Compare(t, measure.About{
		What:      "Dasa Porutham of the engine (PoruthamOf), porutham by porutham: match and grade of dina, gana, mahendra, stree deergha, yoni, rasi, rasyadhipati, vasya, rajju, vedha",
		Reference: "an independent lookup written from the sources' star lists and rules (engine/vedic/testdata/gen/porutham.py: tirumanaporutham.blogspot.com's \"10 Porutham\" for dina, seithipunal.com for stree deergha, raajayogam.com for rasi, neerkondar.blogspot.com for rajju, BPHS ch. 3 friendships, the Tamil vasya table)",
		Sample:    "every pair of the 108 nakshatra padas, each Moon at the middle of its pada, in the default reading and with every exception and stree_deergha beyond_13",
	})
	q := map[string]*measure.Quantity{}
	for _, n := range poruthamOrder {
		q[n] = cmp.Exact(n)
	}
	readings := []PoruthamOptions{
		{Exceptions: DefaultPoruthamExceptions(), StreeDeergha: StreeBeyond7},
		{Exceptions: PoruthamExceptions(), StreeDeergha: StreeBeyond13},
	}
	bad := 0
	for _, r := range rows {
		var k [4]int
		for i := range k {
			if k[i], err = strconv.Atoi(r[i]); err != nil {
				t.Fatal(err)
			}
		}
		for j, o := range readings {
			want := r[4+j]
			d := PoruthamOf(padaMiddle(k[0], k[1]), padaMiddle(k[2], k[3]), o)
			got := codes(d)
			for i, n := range poruthamOrder {
				q[n].Match(got[i] == want[i], k, j)
				if got[i] != want[i] && bad < 20 {
					bad++
					t.Errorf("groom %d/%d bride %d/%d reading %d: %s %c, want %c (%s)", k[0], k[1], k[2], k[3], j, n, got[i], want[i], d.Poruthams[i].Rule)
				}
			}
		}
	}
}

// TestPoruthamPyJHora compares the four poruthams PyJHora 4.8.5 tabulates
// beside its Ashtakoota (testdata/pyjhora, columns mahendra, vedha, rajju,
// stree deergha) for every pair of padas: mahendra and rajju (the five
// groups, no aroha/avaroha) exactly; stree deergha with our beyond_13
// (PyJHora's threshold 13); vedha where PyJHora's rule (the two stars'
// numbers add up to 19, 28 or 37) names the manuals' pairs: its rule also
// pairs stars the lists do not (Ardra-Hasta 6+13, Swati-Shravana 15+22,
// a star with itself 14+14, ...), where ours agrees and the test expects
// so.
func TestPoruthamPyJHora(t *testing.T) {
	f, err := os.Open("testdata/pyjhora/all_nak_pad_boy_girl.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	cmp := measure.Compare(t, measure.About{
		What:      "Dasa Porutham of the engine (PoruthamOf): mahendra, rajju, stree deergha (beyond_13) and vedha",
		Reference: "PyJHora 4.8.5's table of every pair of nakshatra padas (engine/vedic/testdata/pyjhora, its four porutham columns); vedha where its sum rule (19, 28, 37) names the manuals' thirteen pairs and the Mrigashira-Chitra-Dhanishta triangle, agreement where it pairs other stars",
		Sample:    "every pair of the 108 nakshatra padas, each Moon at the middle of its pada",
	})
	names := []string{"mahendra", "vedha", "rajju", "stree_deergha"}
	q := map[string]*measure.Quantity{}
	for _, n := range names {
		q[n] = cmp.Exact(n)
	}
	o := PoruthamOptions{Exceptions: []PoruthamException{}, StreeDeergha: StreeBeyond13}
	manualPair := func(a, b int) bool { return vedhaOf[a][0] == b || vedhaOf[a][1] == b }
	departures := 0
	for _, r := range rows {
		var k [4]int
		for i := range k {
			k[i], _ = strconv.Atoi(r[i])
		}
		d := PoruthamOf(padaMiddle(k[0], k[1]), padaMiddle(k[2], k[3]), o)
		got := map[string]bool{}
		for _, p := range d.Poruthams {
			got[p.Name] = p.Match
		}
		for i, n := range names {
			want := r[13+i] == "True"
			if n == "vedha" && !want && !manualPair(k[0]-1, k[2]-1) {
				want = true
				departures++
			}
			q[n].Match(got[n] == want, k)
			if got[n] != want {
				t.Errorf("boy %d/%d girl %d/%d: %s %v, PyJHora %v", k[0], k[1], k[2], k[3], n, got[n], want)
			}
		}
	}
	t.Logf("vedha: %d pad pairs where PyJHora's sum rule pairs stars the manuals do not", departures)
}

// star is the middle of a nakshatra's pada, by name.
func star(t *testing.T, name string, pada int) float64 {
	t.Helper()
	for i, n := range nakshatras {
		if n.name == name {
			return padaMiddle(i+1, pada)
		}
	}
	t.Fatalf("no star %q", name)
	return 0
}

// TestPoruthamWorkedExamples checks pairs whose verdicts the sources state
// in words, each cited, porutham by porutham.
func TestPoruthamWorkedExamples(t *testing.T) {
	def := PoruthamOptions{Exceptions: DefaultPoruthamExceptions(), StreeDeergha: StreeBeyond7}
	cases := []struct {
		source       string
		groom, bride string
		gp, bp       int
		o            PoruthamOptions
		porutham     string
		match        bool
		grade        Grade
	}{
		// tirumanaporutham.blogspot.com/2011/04/dhina-porutham.html (the
		// rule in words): counted from the girl's star, the 2nd, 4th, ...
		// agree (uttamam), the 3rd does not; the 12th, 14th, 16th are
		// madhyamam but for one pada (1, 4, 3); the same star is uttamam
		// for Rohini, madhyamam for Ashwini, no match for the other
		// thirteen (Swati); the 27th agrees only in the same sign; a
		// Taurus girl never agrees with a Sagittarius boy (ashtama rasi).
		{"tirumanaporutham: 3rd star", "Rohini", "Bharani", 1, 1, def, "dina", false, Adhamam},
		{"tirumanaporutham: 2nd star", "Krittika", "Bharani", 1, 1, def, "dina", true, Uttamam},
		{"tirumanaporutham: same star Rohini", "Rohini", "Rohini", 2, 3, def, "dina", true, Uttamam},
		{"tirumanaporutham: same star Ashwini", "Ashwini", "Ashwini", 1, 2, def, "dina", true, Madhyamam},
		{"tirumanaporutham: same star Swati", "Swati", "Swati", 1, 2, def, "dina", false, Adhamam},
		{"tirumanaporutham: 27th in the same sign", "Ashwini", "Bharani", 2, 2, def, "dina", true, Madhyamam},
		{"tirumanaporutham: 27th in another sign", "Ashlesha", "Magha", 2, 2, def, "dina", false, Adhamam},
		{"tirumanaporutham: Taurus girl, Sagittarius boy", "Purva Ashadha", "Rohini", 1, 1, def, "dina", false, Adhamam},
		{"tirumanaporutham: 12th, pada 1", "Uttara Phalguni", "Ashwini", 1, 1, def, "dina", false, Adhamam},
		{"tirumanaporutham: 12th, pada 2", "Uttara Phalguni", "Ashwini", 2, 1, def, "dina", true, Madhyamam},
		{"tirumanaporutham: 14th, pada 4", "Chitra", "Ashwini", 4, 1, def, "dina", false, Adhamam},
		{"dina_12_14_16 adhamam: 12th, pada 2", "Uttara Phalguni", "Ashwini", 2, 1, PoruthamOptions{DinaPartial: DinaPartialAdhamam}, "dina", false, Adhamam},
		{"dina_12_14_16 adhamam: 16th, pada 1", "Shravana", "Punarvasu", 1, 4, PoruthamOptions{DinaPartial: DinaPartialAdhamam}, "dina", false, Adhamam},
		{"tirumanaporutham: 16th, pada 1", "Shravana", "Punarvasu", 1, 4, def, "dina", true, Madhyamam},
		{"tirumanaporutham: 16th but in the ashtama rasi", "Anuradha", "Bharani", 1, 1, def, "dina", false, Adhamam},
		// seithipunal.com/culture/stree-poruththam: within 7 no; beyond 7
		// to 13 madhyamam; beyond 13 uttamam.
		{"seithipunal: 5th", "Mrigashira", "Ashwini", 1, 1, def, "stree_deergha", false, Adhamam},
		{"seithipunal: 10th", "Magha", "Ashwini", 1, 1, def, "stree_deergha", true, Madhyamam},
		{"seithipunal: 20th", "Purva Ashadha", "Ashwini", 1, 1, def, "stree_deergha", true, Uttamam},
		// raajayogam.com/mm/raasi-porutham.html: the 7th best but Cancer-
		// Capricorn and Leo-Aquarius; 6th, 8th, 12th do not agree.
		{"raajayogam: sama saptama Aries-Libra", "Swati", "Ashwini", 1, 1, def, "rasi", true, Uttamam},
		{"raajayogam: Cancer girl, Capricorn boy", "Shravana", "Pushya", 1, 1, def, "rasi", false, Adhamam},
		{"raajayogam: Leo girl, Aquarius boy", "Shatabhisha", "Magha", 1, 1, def, "rasi", false, Adhamam},
		{"raajayogam: 6th (Aries girl, Virgo boy: Mars and Mercury not friends)", "Hasta", "Ashwini", 1, 1, def, "rasi", false, Adhamam},
		// neerkondar.blogspot.com/2013/06/blog-post_1528.html: the same
		// rajju does not agree; one ascending and one descending does
		// (with the exception); the head rajju never.
		{"neerkondar: Ashwini and Magha (pada, both aroha)", "Ashwini", "Magha", 1, 1, PoruthamOptions{Exceptions: PoruthamExceptions()}, "rajju", false, ""},
		{"neerkondar: Ashwini and Revati (pada, aroha and avaroha)", "Ashwini", "Revati", 1, 1, PoruthamOptions{Exceptions: PoruthamExceptions()}, "rajju", true, ""},
		{"neerkondar: Mrigashira and Chitra (siro)", "Mrigashira", "Chitra", 1, 1, PoruthamOptions{Exceptions: PoruthamExceptions()}, "rajju", false, ""},
		{"neerkondar: Rohini and Bharani (kantha, kati)", "Rohini", "Bharani", 1, 1, def, "rajju", true, ""},
		// Mahendra (PyJHora's docstring and the manuals): the 4th, 7th, ...
		{"mahendra: 4th", "Rohini", "Ashwini", 1, 1, def, "mahendra", true, ""},
		{"mahendra: 5th", "Mrigashira", "Ashwini", 1, 1, def, "mahendra", false, ""},
		// Vedha: the pairs of the manuals.
		{"vedha: Ashwini-Jyeshtha", "Jyeshtha", "Ashwini", 1, 1, def, "vedha", false, ""},
		{"vedha: Chitra-Dhanishta", "Dhanishta", "Chitra", 1, 1, def, "vedha", false, ""},
		// Yoni: sworn enemies cat and rat (Punarvasu, Magha).
		{"yoni: cat and rat", "Punarvasu", "Magha", 1, 1, def, "yoni", false, Adhamam},
	}
	for _, c := range cases {
		d := PoruthamOf(star(t, c.groom, c.gp), star(t, c.bride, c.bp), c.o)
		var p Porutham
		for _, x := range d.Poruthams {
			if x.Name == c.porutham {
				p = x
			}
		}
		if p.Match != c.match || p.Grade != c.grade {
			t.Errorf("%s: groom %s %d, bride %s %d: %s match %v grade %q, want %v %q (%s)", c.source, c.groom, c.gp, c.bride, c.bp, c.porutham, p.Match, p.Grade, c.match, c.grade, p.Rule)
		}
	}
}

// TestPoruthamVerdict: rajju or vedha failing rejects whatever the total;
// the total counts the poruthams that agree.
func TestPoruthamVerdict(t *testing.T) {
	o := PoruthamOptions{Exceptions: DefaultPoruthamExceptions()}
	seen := map[string]int{}
	for g := 1; g <= 27; g++ {
		for b := 1; b <= 27; b++ {
			d := PoruthamOf(padaMiddle(g, 2), padaMiddle(b, 2), o)
			sum := 0
			failed := 0
			for _, p := range d.Poruthams {
				sum += p.Points
				if p.Essential && !p.Match {
					failed++
				}
				if p.Points != map[bool]int{true: 1}[p.Match] {
					t.Fatalf("%s: points %d for match %v", p.Name, p.Points, p.Match)
				}
			}
			if sum != d.Total || d.Max != 10 || len(d.Poruthams) != 10 || len(d.Failed) != failed {
				t.Fatalf("%d/%d: total %d, sum %d, failed %v", g, b, d.Total, sum, d.Failed)
			}
			if (failed > 0) != (d.Verdict == "rejected") || d.Recommended != (failed == 0 && sum >= 5) {
				t.Errorf("%d/%d: verdict %s recommended %v with %d essential failures and %d of 10", g, b, d.Verdict, d.Recommended, failed, sum)
			}
			seen[d.Verdict]++
		}
	}
	for _, v := range []string{"rejected", "not_recommended", "average", "good", "excellent"} {
		if seen[v] == 0 && v != "excellent" {
			t.Errorf("no pair gives %s: %v", v, seen)
		}
	}
	t.Logf("verdicts over the 729 star pairs (pada 2): %v", seen)
}

// prokeralaSample is one of Prokerala's documented porutham answers (the
// expected results of its PHP SDK's tests, github.com/prokerala/astrology-sdk
// at commit 41f2d4b, MIT): the girl's and boy's star and pada, and
// has_porutham of each of the ten poruthams.
type prokeralaSample struct {
	source            string
	girl, boy         string
	girlPada, boyPada int
	has               map[string]bool
	o                 *PoruthamOptions // nil: the default reading
	// departs names the poruthams where our default reading differs from
	// Prokerala's, with the reason; the test expects the opposite answer
	// there.
	departs map[string]string
}

var prokeralaSamples = []prokeralaSample{
	{
		source: "ThirumanaPoruthamTest.php (girl nakshatra 0 pada 2, boy 13 pada 3)", girl: "Ashwini", girlPada: 2, boy: "Chitra", boyPada: 3,
		has: map[string]bool{"dina": false, "gana": false, "mahendra": false, "stree_deergha": true, "yoni": true, "rasi": true,
			"rasyadhipati": true, "vasya": false, "rajju": true, "vedha": true},
		departs: map[string]string{"dina": "the 14th star, pada 3: Prokerala answers athamam; the manuals' rule we follow makes the 12th, 14th and 16th madhyamam but for pada 1, 4 and 3 respectively"},
	},
	{
		source: "ThirumanaPoruthamTest.php with dina_12_14_16 adhamam", girl: "Ashwini", girlPada: 2, boy: "Chitra", boyPada: 3,
		o: &PoruthamOptions{Exceptions: DefaultPoruthamExceptions(), DinaPartial: DinaPartialAdhamam},
		has: map[string]bool{"dina": false, "gana": false, "mahendra": false, "stree_deergha": true, "yoni": true, "rasi": true,
			"rasyadhipati": true, "vasya": false, "rajju": true, "vedha": true},
	},
	{
		source: "PoruthamTest.php, tamil (girl Rohini pada 4, boy Uttara Bhadrapada pada 3)", girl: "Rohini", girlPada: 4, boy: "Uttara Bhadrapada", boyPada: 3,
		has: map[string]bool{"dina": true, "gana": true, "mahendra": false, "stree_deergha": true, "yoni": true, "rasi": true,
			"rasyadhipati": true, "vasya": false, "rajju": true, "vedha": true},
		departs: map[string]string{
			"dina":         "the boy's star is the 23rd from the girl's, which no Dina count takes; Prokerala's tamil answer counts it good, its kerala answer (below) agrees with ours",
			"rasyadhipati": "Jupiter and Venus: Prokerala's tamil table calls them neutral; BPHS ch. 3 has Jupiter regard Venus as an enemy",
		},
	},
	{
		source: "PoruthamTest.php, kerala (the same pair)", girl: "Rohini", girlPada: 4, boy: "Uttara Bhadrapada", boyPada: 3,
		has: map[string]bool{"dina": false, "gana": true, "mahendra": false, "stree_deergha": true, "yoni": true, "rasi": true,
			"rasyadhipati": true, "vasya": false, "rajju": true, "vedha": true},
		departs: map[string]string{"rasyadhipati": "Jupiter and Venus: Prokerala's kerala answer calls them friends; BPHS ch. 3 has Jupiter regard Venus as an enemy"},
	},
}

// TestPoruthamProkerala compares the ten poruthams with Prokerala's
// documented sample answers, porutham by porutham (has_porutham against
// match); where our default reading departs from Prokerala's the departure
// is stated and the opposite answer expected.
func TestPoruthamProkerala(t *testing.T) {
	def := PoruthamOptions{Exceptions: DefaultPoruthamExceptions(), StreeDeergha: StreeBeyond7}
	cmp := measure.Compare(t, measure.About{
		What:      "Dasa Porutham of the engine (PoruthamOf, default reading): each porutham's match against has_porutham",
		Reference: "Prokerala's documented sample answers (its PHP SDK's tests ThirumanaPoruthamTest.php and PoruthamTest.php, tamil and kerala, github.com/prokerala/astrology-sdk 41f2d4b); four stated departures not counted (dina: the 14th star pada 3, and the 23rd in its tamil answer; rasyadhipati: Jupiter and Venus, neutral or friends in its tables, Jupiter's enemy in BPHS)",
		Sample:    "two star pairs, three answers (the first also with dina_12_14_16 adhamam), ten poruthams each",
	})
	q := cmp.Exact("match where the readings agree")
	agree, departed := 0, 0
	for _, s := range prokeralaSamples {
		o := def
		if s.o != nil {
			o = *s.o
		}
		d := PoruthamOf(star(t, s.boy, s.boyPada), star(t, s.girl, s.girlPada), o)
		for _, p := range d.Poruthams {
			want, ok := s.has[p.Name]
			if !ok {
				t.Fatalf("%s: no %s", s.source, p.Name)
			}
			why, departs := s.departs[p.Name]
			if departs {
				want = !want
				departed++
			} else {
				agree++
			}
			if !departs {
				q.Match(p.Match == want, s.source, p.Name)
			}
			if p.Match != want {
				t.Errorf("%s: %s match %v, want %v (%s; %s)", s.source, p.Name, p.Match, want, p.Rule, why)
			}
		}
	}
	t.Logf("Prokerala's samples: %d porutham answers agree, %d stated departures", agree, departed)
}
