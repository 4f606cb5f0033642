package eclipses

import (
	"testing"
	"time"
)

// BenchmarkList is GET /api/v1/eclipses: ten eclipses from a date.
func BenchmarkList(b *testing.B) {
	c := catalog(b)
	from := time.Date(1990, 1, 1, 0, 0, 0, 0, time.UTC)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if _, err := c.List(ListOptions{From: from.AddDate(0, 0, i%20000)}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkListFiltered is the catalog query with a kind and type filter.
func BenchmarkListFiltered(b *testing.B) {
	c := catalog(b)
	from := time.Date(1990, 1, 1, 0, 0, 0, 0, time.UTC)
	n := 50
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if _, err := c.List(ListOptions{From: from.AddDate(0, 0, i%20000), Kind: Solar, Type: Total, Count: &n}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkUpcoming is GET /api/v1/eclipses/upcoming.
func BenchmarkUpcoming(b *testing.B) {
	c := catalog(b)
	now := time.Date(2026, 11, 24, 8, 0, 0, 0, time.UTC)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if _, err := c.Upcoming(now.Add(time.Duration(i%1000)*time.Hour), UpcomingOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkActivations lays the eclipse of 2024 April 8 on a chart of
// twelve points.
func BenchmarkActivations(b *testing.B) {
	c := catalog(b)
	o := ActivationOptions{EclipseDate: time.Date(2024, 4, 9, 0, 0, 0, 0, time.UTC), Natal: Natal{Houses: natalCusps()}}
	for i := range 12 {
		o.Natal.Planets = append(o.Natal.Planets, Point{Name: "P", Longitude: float64(i) * 29.7})
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := c.Activations(o); err != nil {
			b.Fatal(err)
		}
	}
}
