package timing

import (
	"syscall"
	"testing"
	"time"
)

// cpuPerOp reports the process's CPU time per call (user and system,
// garbage collection included) beside the wall time, for the two targets
// below: on a shared machine other work inflates the wall time, not this.
func cpuPerOp(b *testing.B, run func()) {
	c0 := cpuTime()
	run()
	b.ReportMetric(float64(cpuTime()-c0)/float64(b.N), "cpu-ns/op")
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkSolarReturn is a whole solar return: the root on the Sun's
// track and the return chart, a different year each call (target: under
// 30 µs).
func BenchmarkSolarReturn(b *testing.B) {
	pos := source(b)
	b.ReportAllocs()
	cpuPerOp(b, func() {
		for i := 0; b.Loop(); i++ {
			r, err := SolarReturnOf(pos, london, SolarReturnOptions{Year: 1991 + i%100})
			if err != nil {
				b.Fatal(err)
			}
			r.Release()
		}
	})
}

// BenchmarkReleaseTimeline is a zodiacal releasing timeline of four levels
// over 80 years, about 9,100 periods (target: under 1 ms).
func BenchmarkReleaseTimeline(b *testing.B) {
	pos := source(b)
	o := TimelineOptions{Start: akihito.born(), End: akihito.born().AddDate(80, 0, 0), Levels: 4}
	b.ReportAllocs()
	cpuPerOp(b, func() {
		for b.Loop() {
			if _, err := ReleaseTimeline(pos, akihito, o); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkReleaseAt(b *testing.B) {
	pos := source(b)
	o := AtDateOptions{Date: date("2016-08-08T06:00:00Z")}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ReleaseAt(pos, akihito, o); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkLunarReturnsYear(b *testing.B) {
	pos := source(b)
	o := LunarReturnOptions{Start: date("2024-01-01T00:00:00Z")}
	b.ReportAllocs()
	for b.Loop() {
		r, err := LunarReturns(pos, london, o)
		if err != nil {
			b.Fatal(err)
		}
		r.Release()
	}
}

func BenchmarkPlanetaryReturnsMercury100y(b *testing.B) {
	pos := source(b)
	o := PlanetaryReturnOptions{Planet: PlanetMercury}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := PlanetaryReturns(pos, london, o); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkProgress(b *testing.B) {
	pos := source(b)
	o := ProgressionOptions{Date: date("2024-07-14T00:00:00Z")}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Progress(pos, london, o); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSolarArc(b *testing.B) {
	pos := source(b)
	o := SolarArcOptions{Date: date("2024-07-14T00:00:00Z")}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := SolarArc(pos, london, o); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkProfect(b *testing.B) {
	pos := source(b)
	o := ProfectionOptions{Date: date("2024-07-14T00:00:00Z")}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Profect(pos, london, o); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkFirdaria(b *testing.B) {
	pos := source(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := FirdariaOf(pos, london, FirdariaOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}
