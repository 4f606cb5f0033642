package tables

import (
	"path/filepath"
	"testing"

	"github.com/astroapi/astroapi/engine"
)

// fakeTerms is a table of two years whose terms fall exactly 365.25/24
// days apart from JD 2451550 (Xiaohan 2000, roughly).
func fakeTerms(t *testing.T) *SolarTerms {
	t.Helper()
	jd := make([]float64, 48)
	for i := range jd {
		jd[i] = 2451550 + float64(i)*365.25/24
	}
	st, err := NewSolarTerms(SolarTermMeta{Format: FormatVersion, FirstYear: 2000, Years: 2, Quantity: "test"}, jd)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// TestSolarTermsRoundTrip writes a solar-term table beside a Chebyshev
// table and reads both back; the lookups index years and longitudes as the
// layout says, and a nil table answers false.
func TestSolarTermsRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.bolt")
	tab := fitAnalytic(t, 2451545, 2451545+64, 8, 14, func(int) uint8 { return 0 })
	if err := Write(path, FileMeta{Generator: "test", From: 2451545, To: 2451545 + 64}, []*Table{tab}); err != nil {
		t.Fatal(err)
	}
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if s.SolarTerms() != nil {
		t.Error("a file without the bucket has a solar-term table")
	}
	s.Close()
	if err := WriteSolarTerms(path, fakeTerms(t)); err != nil {
		t.Fatal(err)
	}
	s, err = Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	st := s.SolarTerms()
	if _, ok := s.Position(2451550, engine.Moon); !ok || st == nil {
		t.Fatal("the file lost its body table or its solar terms")
	}
	for _, tc := range []struct {
		name    string
		year, k int
		want    float64
		ok      bool
	}{
		{"XiaohanFirst", 2000, 19, 2451550, true},
		{"DahanSecond", 2000, 20, 2451550 + 365.25/24, true},
		{"DongzhiLast", 2000, 18, 2451550 + 23*365.25/24, true},
		{"NextYear", 2001, 0, 2451550 + 29*365.25/24, true},
		{"BeforeTable", 1999, 0, 0, false},
		{"AfterTable", 2002, 19, 0, false},
		{"BadTerm", 2000, 24, 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := st.Instant(tc.year, tc.k)
			if ok != tc.ok || float64(got) != tc.want {
				t.Errorf("Instant(%d, %d) = %v, %v; want %v, %v", tc.year, tc.k, got, ok, tc.want, tc.ok)
			}
		})
	}
	if first, last, ok := st.Years(); first != 2000 || last != 2001 || !ok {
		t.Errorf("Years() = %d, %d, %v", first, last, ok)
	}
	var none *SolarTerms
	if _, ok := none.Instant(2000, 0); ok || none.Instants() != nil {
		t.Error("a nil table answered")
	}
}

// TestNewSolarTermsRejects: a table whose instants are not one term apart
// or do not fill its years is refused.
func TestNewSolarTermsRejects(t *testing.T) {
	m := SolarTermMeta{Format: FormatVersion, FirstYear: 2000, Years: 1}
	jd := make([]float64, 24)
	for i := range jd {
		jd[i] = 2451550 + float64(i)*15.2
	}
	if _, err := NewSolarTerms(m, jd[:23]); err == nil {
		t.Error("accepted 23 instants for a year")
	}
	jd[5] = jd[4]
	if _, err := NewSolarTerms(m, jd); err == nil {
		t.Error("accepted two equal instants")
	}
	m.Format = FormatVersion + 1
	if _, err := NewSolarTerms(m, jd); err == nil {
		t.Error("accepted another format")
	}
}
