//go:build cgo

package swe

import (
	"testing"
	"time"

	"github.com/astroapi/astroapi/engine"
)

// The benchmarks step the instant by benchStep days per iteration, because
// libswe returns a cached result when asked for the same body and instant
// twice; the bare-C loops use the same sequence of instants and flags.
const (
	benchStart = 2451545.0
	benchStep  = 0.37
)

// BenchmarkPosition is one body (Mars) through the Go API.
func BenchmarkPosition(b *testing.B) {
	e := openTest(b)
	b.ReportAllocs()
	jd := engine.JDUT(benchStart)
	for b.Loop() {
		if _, err := e.Position(jd, engine.Mars, engine.Options{}); err != nil {
			b.Fatal(err)
		}
		jd += benchStep
	}
}

// BenchmarkCalcUT is one body through the low-level binding.
func BenchmarkCalcUT(b *testing.B) {
	e := openTest(b)
	b.ReportAllocs()
	jd := benchStart
	for b.Loop() {
		if _, _, err := e.CalcUT(jd, 4, defaultFlags, 0); err != nil {
			b.Fatal(err)
		}
		jd += benchStep
	}
}

// BenchmarkBareC is the same swe_calc_ut from a C loop: one cgo call for
// all b.N iterations, the cost the binding is measured against.
func BenchmarkBareC(b *testing.B) {
	e := openTest(b)
	ipl := []int32{4}
	b.ResetTimer()
	if bad, _ := e.path.benchCalc(b.N, benchStart, benchStep, ipl, defaultFlags, 0); bad != 0 {
		b.Fatalf("%d failed calls", bad)
	}
}

// BenchmarkChartPosition is a chart's worth (13 bodies) through the Go API.
func BenchmarkChartPosition(b *testing.B) {
	e := openTest(b)
	b.ReportAllocs()
	jd := engine.JDUT(benchStart)
	for b.Loop() {
		for _, body := range chartBodies {
			if _, err := e.Position(jd, body, engine.Options{}); err != nil {
				b.Fatal(err)
			}
		}
		jd += benchStep
	}
}

// BenchmarkChartBareC is the same 13 swe_calc_ut calls per chart from C.
func BenchmarkChartBareC(b *testing.B) {
	e := openTest(b)
	ipl := make([]int32, len(chartBodies))
	for i, body := range chartBodies {
		ipl[i] = SEBody(body)
	}
	b.ResetTimer()
	if bad, _ := e.path.benchCalc(b.N, benchStart, benchStep, ipl, defaultFlags, 0); bad != 0 {
		b.Fatalf("%d failed calls", bad)
	}
}

// BenchmarkSiderealChart is a sidereal chart (Lahiri) through the Go API;
// compare with BenchmarkSiderealChartBareC.
func BenchmarkSiderealChart(b *testing.B) {
	e := openTest(b)
	b.ReportAllocs()
	jd := engine.JDUT(benchStart)
	o := engine.Options{Sidereal: engine.Lahiri}
	for b.Loop() {
		for _, body := range chartBodies {
			if _, err := e.Position(jd, body, o); err != nil {
				b.Fatal(err)
			}
		}
		jd += benchStep
	}
}

// BenchmarkSiderealChartBareC is the sidereal chart from C, the mode set once.
func BenchmarkSiderealChartBareC(b *testing.B) {
	e := openTest(b)
	ipl := make([]int32, len(chartBodies))
	for i, body := range chartBodies {
		ipl[i] = SEBody(body)
	}
	b.ResetTimer()
	if bad, _ := e.path.benchCalc(b.N, benchStart, benchStep, ipl, defaultFlags|FlagSidereal, SidMode(engine.Lahiri)); bad != 0 {
		b.Fatalf("%d failed calls", bad)
	}
}

// BenchmarkOverhead interleaves, chart by chart, 13 Position calls from Go
// and the same 13 swe_calc_ut calls in one C loop, and reports the time of
// each side per chart and the binding's overhead in percent. Interleaving
// makes the comparison fair on a loaded machine, where separate benchmarks
// drift by more than the overhead. The two sides use instants half a step
// apart, so neither finds the other's result in libswe's cache.
func BenchmarkOverhead(b *testing.B) {
	for _, c := range []struct {
		name string
		o    engine.Options
	}{{"tropical", engine.Options{}}, {"sidereal", engine.Options{Sidereal: engine.Lahiri}}} {
		b.Run(c.name, func(b *testing.B) {
			e := openTest(b)
			iflag, sid, err := Flags(c.o)
			if err != nil {
				b.Fatal(err)
			}
			ipl := make([]int32, len(chartBodies))
			for i, body := range chartBodies {
				ipl[i] = SEBody(body)
			}
			var goNs, cNs time.Duration
			jd := benchStart
			i := 0
			for b.Loop() {
				goSide := func() {
					t0 := time.Now()
					for _, body := range chartBodies {
						if _, err := e.Position(engine.JDUT(jd), body, c.o); err != nil {
							b.Fatal(err)
						}
					}
					goNs += time.Since(t0)
				}
				cSide := func() {
					t0 := time.Now()
					if bad, _ := e.path.benchCalc(1, jd+benchStep/2, 0, ipl, iflag, sid); bad != 0 {
						b.Fatal("C call failed")
					}
					cNs += time.Since(t0)
				}
				if i%2 == 0 {
					goSide()
					cSide()
				} else {
					cSide()
					goSide()
				}
				i++
				jd += benchStep
			}
			n := float64(i)
			b.ReportMetric(float64(goNs.Nanoseconds())/n, "go-ns/chart")
			b.ReportMetric(float64(cNs.Nanoseconds())/n, "c-ns/chart")
			b.ReportMetric(100*(float64(goNs)/float64(cNs)-1), "overhead-%")
		})
	}
}

// BenchmarkCachedPosition asks for the same body and instant again and
// again, so libswe answers from its cache: what remains is the binding's
// own cost (cgo call, shim, flag mapping) plus libswe's cache lookup.
func BenchmarkCachedPosition(b *testing.B) {
	e := openTest(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := e.Position(benchStart, engine.Mars, engine.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCachedBareC is the cached call from C: libswe's cache lookup alone.
func BenchmarkCachedBareC(b *testing.B) {
	e := openTest(b)
	ipl := []int32{4}
	b.ResetTimer()
	if bad, _ := e.path.benchCalc(b.N, benchStart, 0, ipl, defaultFlags, 0); bad != 0 {
		b.Fatalf("%d failed calls", bad)
	}
}
