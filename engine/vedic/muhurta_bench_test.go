package vedic

import "testing"

// BenchmarkSearchMuhurtaYear is a year's search at Delhi with a tithi, a
// nakshatra and a weekday condition and the three kaals left out: the
// issue's bound is 20 ms of server time.
func BenchmarkSearchMuhurtaYear(b *testing.B) {
	pos, _ := sources(b)
	c := SearchConditions{Tithis: []int{2, 3, 5, 7, 10, 11, 13}, Nakshatras: []int{4, 5, 13, 14, 17, 27}, Exclude: DefaultExcluded(), Daytime: true}
	from, to := jd(2025, 1, 1, 0), jd(2026, 1, 1, 0)
	for b.Loop() {
		if _, err := SearchMuhurta(pos, 28.6139, 77.209, from, to, c); err != nil {
			b.Fatal(err)
		}
	}
}
