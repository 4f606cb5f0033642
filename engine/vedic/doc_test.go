package vedic

import (
	"os"

	"github.com/astroapi/astroapi/engine"
	"strings"
	"testing"
)

// TestDocListsEveryYoga keeps the package documentation's yoga list in step
// with the catalogue.
func TestDocListsEveryYoga(t *testing.T) {
	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Join(strings.Fields(strings.ReplaceAll(string(doc), "//", "")), " ")
	for _, y := range YogaCatalog() {
		name := strings.TrimSuffix(y.Name, " (Sankhya)")
		name = strings.TrimSuffix(name, " (kendra-trikona)")
		name = strings.TrimSuffix(name, " Parivartana")
		if !strings.Contains(text, name) {
			t.Errorf("doc.go does not list %q", y.Name)
		}
	}
	if !strings.Contains(text, "checks the 66 yogas") || len(YogaCatalog()) != 66 {
		t.Errorf("doc.go and the catalogue disagree on the count (%d)", len(YogaCatalog()))
	}
}

// BenchmarkNatal is the engine time of a Vedic natal chart from the
// tables: nine positions, the lagna, the ayanamsa and the derived fields,
// a new instant each call (a day and some minutes apart through 1990-2044,
// as engine/natal's benchmark walks) so no cache helps.
func BenchmarkNatal(b *testing.B) {
	src, _ := sources(b)
	birth := Birth{JD: jd(1990, 7, 14, 12), Latitude: 51.5074, Longitude: -0.1278}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		birth.JD = 2448087 + engine.JDUT(float64(i%20000)*1.0037)
		if _, err := Natal(src, birth, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
