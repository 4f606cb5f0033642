package sky

import (
	"testing"
	"time"

	"github.com/astroapi/astroapi/engine"
)

// benchStart drifts the instant of each iteration through 2020-2030 so
// that no cache anywhere helps, staying inside the tables.
func benchStart(i int) engine.JDUT {
	return engine.JDOf(time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)) + engine.JDUT(float64(i%3000)*1.37)
}

func BenchmarkPlanets(b *testing.B) {
	pos, _, _ := sources(b)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if _, err := PlanetsAt(pos, benchStart(i), PlanetsOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkMoon(b *testing.B) {
	pos, _, _ := sources(b)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if _, err := MoonAt(pos, benchStart(i), MoonOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPhasesYear is a year of quarters (target: under 5 ms).
func BenchmarkPhasesYear(b *testing.B) {
	pos, _, _ := sources(b)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		t := benchStart(i)
		if _, err := MoonPhases(pos, RangeOptions{Start: t, End: t + 365}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkVoidYear is a year of void-of-course periods (target: under
// 5 ms).
func BenchmarkVoidYear(b *testing.B) {
	pos, _, _ := sources(b)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		t := benchStart(i)
		if _, err := VoidPeriods(pos, VoidRangeOptions{Start: t, End: t + 365}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkVoidAt(b *testing.B) {
	pos, _, _ := sources(b)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if _, err := VoidAt(pos, benchStart(i), VoidOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkStationsYear is a year of stations of Mercury..Pluto with their
// periods and shadows.
func BenchmarkStationsYear(b *testing.B) {
	pos, _, _ := sources(b)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		t := benchStart(i)
		if _, err := FindStations(pos, StationsOptions{Start: t, End: t + 365}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkEphemerisYear is a year of daily rows of ten bodies, computed
// only (target with encoding: under 2 ms).
func BenchmarkEphemerisYear(b *testing.B) {
	pos, _, _ := sources(b)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		t := benchStart(i)
		if err := Ephemeris(pos, EphemerisOptions{Start: t, End: t + 364, Step: 1}, func(*Row) error { return nil }); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkEphemerisYearJSON is the same year encoded as JSON rows into a
// reused buffer, as the route streams it.
func BenchmarkEphemerisYearJSON(b *testing.B) {
	pos, _, _ := sources(b)
	buf := make([]byte, 0, 1<<20)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		t := benchStart(i)
		buf = buf[:0]
		err := Ephemeris(pos, EphemerisOptions{Start: t, End: t + 364, Step: 1}, func(r *Row) error {
			buf = append(r.AppendJSON(buf), ',')
			return nil
		})
		if err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(buf)), "bytes/table")
}

// BenchmarkEphemerisYearCSV is the same year as CSV.
func BenchmarkEphemerisYearCSV(b *testing.B) {
	pos, _, _ := sources(b)
	buf := make([]byte, 0, 1<<20)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		t := benchStart(i)
		buf = AppendCSVHeader(buf[:0], DefaultEphemerisBodies)
		err := Ephemeris(pos, EphemerisOptions{Start: t, End: t + 364, Step: 1}, func(r *Row) error {
			buf = r.AppendCSV(buf)
			return nil
		})
		if err != nil {
			b.Fatal(err)
		}
	}
}
