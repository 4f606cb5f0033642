package places

import (
	"strings"
	"testing"

	"github.com/astroapi/astroapi/engine/accuracy/measure"
)

// want names the expected place: name, country and (when it tells
// namesakes apart) first-level division.
type want struct{ name, country, admin1 string }

func (w want) match(p Place) bool {
	return p.Name == w.name && p.Country == w.country && (w.admin1 == "" || p.Admin1 == w.admin1)
}

func describe(ps []Place) string {
	var s []string
	for _, p := range ps {
		s = append(s, p.Name+" ("+p.Admin1+", "+p.Country+")")
	}
	return strings.Join(s, "; ")
}

// TestSearchTop: the first result a user expects, for capitals, namesakes,
// accents and alternate names. Expectations are ordinary geography, not
// read back from the index.
func TestSearchTop(t *testing.T) {
	ix := testIndex(t)
	cases := []struct {
		q, country string
		want       want
	}{
		{"Paris", "", want{"Paris", "FR", ""}},
		{"paris", "", want{"Paris", "FR", ""}},
		{"Paris, TX", "", want{"Paris", "US", "Texas"}},
		{"Paris, Texas", "", want{"Paris", "US", "Texas"}},
		{"Paris Texas", "", want{"Paris", "US", "Texas"}},
		{"Paris", "US", want{"Paris", "US", "Texas"}},
		{"Paris, Ontario", "", want{"Paris", "CA", "Ontario"}},
		{"London", "", want{"London", "GB", "England"}},
		{"London, Ontario", "", want{"London", "CA", "Ontario"}},
		{"London, UK", "", want{"London", "GB", ""}},
		{"Berlin", "", want{"Berlin", "DE", ""}},
		{"Madrid", "", want{"Madrid", "ES", ""}},
		{"Rome", "", want{"Rome", "IT", ""}},
		{"Tokyo", "", want{"Tokyo", "JP", ""}},
		{"Moscow", "", want{"Moscow", "RU", ""}},
		{"Cairo", "", want{"Cairo", "EG", ""}},
		{"Canberra", "", want{"Canberra", "AU", ""}},
		{"Ottawa", "", want{"Ottawa", "CA", ""}},
		{"Washington", "", want{"Washington", "US", "District of Columbia"}},
		{"Washington, DC", "", want{"Washington", "US", "District of Columbia"}},
		{"Buenos Aires", "", want{"Buenos Aires", "AR", ""}},
		{"Brasilia", "", want{"Brasília", "BR", ""}},
		{"Nairobi", "", want{"Nairobi", "KE", ""}},
		{"Springfield", "", want{"Springfield", "US", "Missouri"}},
		{"Springfield, IL", "", want{"Springfield", "US", "Illinois"}},
		{"Springfield, Illinois", "", want{"Springfield", "US", "Illinois"}},
		{"Springfield, MA", "", want{"Springfield", "US", "Massachusetts"}},
		{"Springfield, Ohio", "", want{"Springfield", "US", "Ohio"}},
		{"Portland", "", want{"Portland", "US", "Oregon"}},
		{"Portland, Maine", "", want{"Portland", "US", "Maine"}},
		{"Zürich", "", want{"Zürich", "CH", ""}},
		{"Zurich", "", want{"Zürich", "CH", ""}},
		{"ZURICH", "", want{"Zürich", "CH", ""}},
		{"Kraków", "", want{"Kraków", "PL", ""}},
		{"Krakow", "", want{"Kraków", "PL", ""}},
		{"Cracow", "", want{"Kraków", "PL", ""}},
		{"São Paulo", "", want{"São Paulo", "BR", ""}},
		{"Sao Paulo", "", want{"São Paulo", "BR", ""}},
		{"Delhi", "", want{"Delhi", "IN", ""}},
		{"New Delhi", "", want{"New Delhi", "IN", ""}},
		{"Bombay", "", want{"Mumbai", "IN", ""}},
		{"Bangalore", "", want{"Bengaluru", "IN", ""}},
		{"Peking", "", want{"Beijing", "CN", ""}},
		{"Kiev", "", want{"Kyiv", "UA", ""}},
		{"Munchen", "", want{"Munich", "DE", ""}},
		{"Cologne", "", want{"Köln", "DE", ""}},
		{"Wien", "", want{"Vienna", "AT", ""}},
		{"Geneva", "", want{"Genève", "CH", ""}},
		{"Malmo", "", want{"Malmö", "SE", ""}},
		{"Reykjavik", "", want{"Reykjavík", "IS", ""}},
		{"Montreal", "", want{"Montréal", "CA", ""}},
		{"Saint Petersburg", "", want{"Saint Petersburg", "RU", ""}},
		{"St. Petersburg, Florida", "", want{"St. Petersburg", "US", "Florida"}},
		{"St Louis", "", want{"St. Louis", "US", "Missouri"}},
		{"New York", "", want{"New York City", "US", ""}},
		{"Mexico City", "", want{"Mexico City", "MX", ""}},
		{"Frankfurt", "", want{"Frankfurt am Main", "DE", ""}},
		{"Den Haag", "", want{"The Hague", "NL", ""}},
		{"Lond", "", want{"London", "GB", ""}}, // prefix
		{"Johannesbu", "", want{"Johannesburg", "ZA", ""}},
		{"Córdoba", "ES", want{"Córdoba", "ES", ""}}, // country filter
		{"Valencia", "ES", want{"Valencia", "ES", ""}},
		{"Birmingham", "US", want{"Birmingham", "US", "Alabama"}},
	}
	for _, c := range cases {
		got := ix.Search(c.q, c.country, 5)
		if len(got) == 0 || !c.want.match(got[0]) {
			t.Errorf("Search(%q, %q): got %s; want %s (%s, %s) first", c.q, c.country, describe(got), c.want.name, c.want.admin1, c.want.country)
		}
	}
}

// TestSearchSpringfieldOrder: namesakes rank by population.
func TestSearchSpringfieldOrder(t *testing.T) {
	got := testIndex(t).Search("Springfield", "US", 10)
	if len(got) < 5 {
		t.Fatalf("only %d Springfields", len(got))
	}
	for i := 1; i < len(got); i++ {
		if got[i].Name == "Springfield" && got[i-1].Name == "Springfield" && got[i].Population > got[i-1].Population {
			t.Errorf("Springfield %d (%s, %d) ranks below a smaller one (%s, %d)", i, got[i].Admin1, got[i].Population, got[i-1].Admin1, got[i-1].Population)
		}
	}
}

func TestSearchFields(t *testing.T) {
	got := testIndex(t).Search("Zurich", "", 1)
	if len(got) != 1 {
		t.Fatal("no Zürich")
	}
	p := got[0]
	if p.GeonameID != 2657896 || p.ASCIIName != "Zurich" || p.CountryName != "Switzerland" || p.Admin1 != "Zurich" ||
		p.Timezone != "Europe/Zurich" || p.Population < 300000 || !(47.3 <= p.Latitude && p.Latitude <= 47.4) || !(8.5 <= p.Longitude && p.Longitude <= 8.6) {
		t.Errorf("Zürich: %+v", p)
	}
}

func TestSearchEdges(t *testing.T) {
	ix := testIndex(t)
	if got := ix.Search("xqzzyv", "", 5); len(got) != 0 {
		t.Errorf("nonsense found %s", describe(got))
	}
	if got := ix.Search("  ", "", 5); len(got) != 0 {
		t.Errorf("blank found %s", describe(got))
	}
	if got := ix.Search("Paris", "ZZ", 5); len(got) != 0 {
		t.Errorf("unknown country found %s", describe(got))
	}
	if got := ix.Search("Paris, Narnia", "", 5); len(got) != 0 {
		t.Errorf("unknown qualifier found %s", describe(got))
	}
	if got := ix.Search("San", "", 200); len(got) != MaxLimit {
		t.Errorf("limit 200 gave %d, want MaxLimit %d", len(got), MaxLimit)
	}
	if got := ix.Search("San", "", 0); len(got) != 10 {
		t.Errorf("limit 0 gave %d, want 10", len(got))
	}
	for _, p := range ix.Search("Paris", "FR", 20) {
		if p.Country != "FR" {
			t.Errorf("country filter let through %s (%s)", p.Name, p.Country)
		}
	}
}

func TestIndexCoversPlacesOf1000(t *testing.T) {
	ix := testIndex(t)
	cmp := measure.Compare(t, measure.About{
		What:      "The offline geocoding index (data/places.tsv.zst): places of 1,000 inhabitants or more, each with a name, an ASCII name, a time zone and a country",
		Reference: "GeoNames cities500 (CC BY 4.0), as gen/places filters it",
		Sample:    "every place of the index of 1,000 inhabitants or more",
	})
	complete := cmp.Exact("places of 1,000 or more, complete")
	for _, r := range ix.recs {
		ok := r.name != "" && r.ascii != "" && ix.zones[r.zone] != "" && ix.countries[r.country].code != ""
		if !ok {
			t.Fatalf("incomplete record %+v", r)
		}
		if r.pop >= 1000 {
			complete.Match(ok, r.name)
		}
	}
	// GeoNames cities500 has about 118,500 places of 1,000 or more.
	if n := complete.N(); n < 115000 {
		t.Errorf("only %d places of 1,000 inhabitants or more", n)
	}
	t.Logf("%d places, %d of them with 1,000 inhabitants or more", ix.Len(), complete.N())
}

var benchQueries = []string{"Paris", "Springfield, IL", "Zurich", "Sao Paulo", "Cracow", "New Delhi", "Lond", "San", "Frankfurt", "Portland, Maine"}

func BenchmarkSearch(b *testing.B) {
	ix := testIndex(b)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		ix.Search(benchQueries[i%len(benchQueries)], "", 10)
		i++
	}
}

// BenchmarkSearchPrefix2 is the worst case: a two-letter prefix.
func BenchmarkSearchPrefix2(b *testing.B) {
	ix := testIndex(b)
	b.ReportAllocs()
	for b.Loop() {
		ix.Search("sa", "", 10)
	}
}
