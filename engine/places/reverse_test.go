package places

import (
	"math"
	"math/rand/v2"
	"runtime"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/astroapi/astroapi/engine/accuracy/measure"
)

// unitVector is a point on the unit sphere.
func unitVector(lat, lon float64) [3]float64 {
	r := math.Pi / 180
	return [3]float64{math.Cos(lat*r) * math.Cos(lon*r), math.Cos(lat*r) * math.Sin(lon*r), math.Sin(lat * r)}
}

var (
	vectorsOnce sync.Once
	vectors     [][3]float64
)

// bruteNearest scans every place by chord length between unit vectors, an
// independent formula from Reverse's haversine (and no cells): the
// reference for Reverse.
func bruteNearest(ix *Index, lat, lon float64, n int) []Nearby {
	vectorsOnce.Do(func() {
		vectors = make([][3]float64, len(ix.recs))
		for i, r := range ix.recs {
			vectors[i] = unitVector(float64(r.lat), float64(r.lon))
		}
	})
	q := unitVector(lat, lon)
	type cand struct {
		row   int32
		chord float64
	}
	best := make([]cand, 0, n+1)
	for i, v := range vectors {
		dx, dy, dz := v[0]-q[0], v[1]-q[1], v[2]-q[2]
		c := math.Sqrt(dx*dx + dy*dy + dz*dz)
		if len(best) == n && c >= best[n-1].chord {
			continue
		}
		best = append(best, cand{int32(i), c})
		sort.SliceStable(best, func(a, b int) bool { return best[a].chord < best[b].chord })
		if len(best) > n {
			best = best[:n]
		}
	}
	out := make([]Nearby, len(best))
	for i, c := range best {
		out[i] = Nearby{Place: ix.place(c.row), DistanceKm: 2 * earthRadiusKm * math.Asin(c.chord/2)}
	}
	return out
}

// sameNearest compares two nearest lists, allowing a swap of places whose
// distances tie within 1 m.
func sameNearest(t *testing.T, label string, got, want []Nearby) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d results, want %d", label, len(got), len(want))
	}
	for i := range got {
		if measure.Over(math.Abs(got[i].DistanceKm-want[i].DistanceKm), 0.01) {
			t.Errorf("%s #%d: %s at %.3f km, brute force %s at %.3f km", label, i, got[i].Name, got[i].DistanceKm, want[i].Name, want[i].DistanceKm)
		}
	}
}

// TestReverseLandmarks: 20 coordinates (landmarks and city centres, some at
// the ends of the earth). The nearest five must equal an exhaustive scan
// by chord length; the first must be the expected
// place (plain geography).
func TestReverseLandmarks(t *testing.T) {
	ix := testIndex(t)
	cases := []struct {
		name     string
		lat, lon float64
		want     want
	}{
		{"Kremlin", 55.7520, 37.6175, want{"Moscow", "RU", ""}},
		{"Colosseum", 41.8902, 12.4922, want{"Rome", "IT", ""}},
		{"Wawel, Kraków", 50.0540, 19.9354, want{"Kraków", "PL", ""}},
		{"Cairo, Tahrir Square", 30.0444, 31.2357, want{"Cairo", "EG", ""}},
		{"Plaza de Mayo", -34.6083, -58.3712, want{"Buenos Aires", "AR", ""}},
		{"Zócalo", 19.4326, -99.1332, want{"Mexico City", "MX", ""}},
		{"Hallgrímskirkja", 64.1417, -21.9266, want{"Reykjavík", "IS", ""}},
		{"McMurdo Station", -77.846, 166.676, want{"McMurdo Station", "AQ", ""}},
		{"Longyearbyen", 78.2232, 15.6267, want{"Longyearbyen", "SJ", ""}},
		{"Ushuaia", -54.8019, -68.3030, want{"Ushuaia", "AR", ""}},
		{"Honolulu", 21.3069, -157.8583, want{"Honolulu", "US", "Hawaii"}},
		{"Wellington", -41.2865, 174.7762, want{"Wellington", "NZ", ""}},
		{"Suva (near the antimeridian)", -18.1416, 178.4419, want{"Suva", "FJ", ""}},
		{"Apia", -13.8333, -171.7667, want{"Apia", "WS", ""}},
		{"Nuuk", 64.1814, -51.6941, want{"Nuuk", "GL", ""}},
		{"Springfield, Illinois, Old State Capitol", 39.8017, -89.6498, want{"Springfield", "US", "Illinois"}},
		{"Paris, Texas", 33.6609, -95.5555, want{"Paris", "US", "Texas"}},
		{"Quito", -0.2202, -78.5123, want{"Quito", "EC", ""}},
		{"Singapore", 1.2897, 103.8501, want{"Singapore", "SG", ""}},
		{"Windhoek", -22.5609, 17.0658, want{"Windhoek", "NA", ""}},
	}
	for _, c := range cases {
		got := ix.ReverseDistance(c.lat, c.lon, 5)
		sameNearest(t, c.name, got, bruteNearest(ix, c.lat, c.lon, 5))
		if len(got) == 0 || !c.want.match(got[0].Place) {
			t.Errorf("%s: nearest %s (%s, %s) at %.2f km, want %s", c.name, got[0].Name, got[0].Admin1, got[0].Country, got[0].DistanceKm, c.want.name)
		}
	}
}

// TestReverseRandom: random points anywhere, the poles and the
// antimeridian included, against the exhaustive scan.
func TestReverseRandom(t *testing.T) {
	ix := testIndex(t)
	rng := rand.New(rand.NewPCG(1, 2))
	pts := [][2]float64{{90, 0}, {-90, 0}, {0, 180}, {0, -180}, {-16.5, 179.99}, {-16.5, -179.99}, {89.5, 170}, {-89.5, -10}}
	n := 100
	if testing.Short() {
		n = 20
	}
	for range n {
		pts = append(pts, [2]float64{math.Asin(2*rng.Float64()-1) * 180 / math.Pi, 360*rng.Float64() - 180})
	}
	for _, p := range pts {
		sameNearest(t, "random", ix.ReverseDistance(p[0], p[1], 3), bruteNearest(ix, p[0], p[1], 3))
	}
}

func TestReverseOwnCoordinates(t *testing.T) {
	ix := testIndex(t)
	for _, q := range []string{"Zurich", "Cracow", "Paris, TX", "Sao Paulo"} {
		p := ix.Search(q, "", 1)[0]
		got := ix.Reverse(p.Latitude, p.Longitude, 1)
		if len(got) != 1 || got[0].GeonameID != p.GeonameID {
			t.Errorf("Reverse at %s's own coordinates gave %+v", p.Name, got)
		}
	}
	if got := ix.Reverse(math.NaN(), 0, 1); len(got) != 0 {
		t.Errorf("NaN gave %v", got)
	}
	if got := ix.Reverse(0, 0, 500); len(got) != MaxLimit {
		t.Errorf("limit 500 gave %d", len(got))
	}
}

func BenchmarkReverse(b *testing.B) {
	ix := testIndex(b)
	pts := [][2]float64{{48.8584, 2.2945}, {40.7580, -73.9855}, {-33.8568, 151.2153}, {64.1466, -21.9426}, {0, -30}, {-77.846, 166.676}, {35.68, 139.69}, {28.61, 77.2}}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		p := pts[i%len(pts)]
		ix.Reverse(p[0], p[1], 1)
		i++
	}
}

// BenchmarkLoad measures start-up: reading and indexing the file. It also
// reports the heap the index keeps (MB) and the load time (ms/op).
func BenchmarkLoad(b *testing.B) {
	var keep *Index
	var heap float64
	for b.Loop() {
		var m0, m1 runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m0)
		ix, err := Load(testIndexPath)
		if err != nil {
			b.Fatal(err)
		}
		runtime.GC()
		runtime.ReadMemStats(&m1)
		heap = float64(m1.HeapAlloc-m0.HeapAlloc) / 1e6
		keep = ix
	}
	b.ReportMetric(heap, "heapMB")
	b.ReportMetric(float64(b.Elapsed())/float64(b.N)/float64(time.Millisecond), "ms/op")
	_ = keep
}

// TestConcurrentUse runs searches and reverse lookups in parallel (for
// -race): the index is read-only after Load.
func TestConcurrentUse(t *testing.T) {
	ix := testIndex(t)
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 50 {
				if got := ix.Search(benchQueries[(g+i)%len(benchQueries)], "", 5); len(got) == 0 {
					t.Errorf("no result for %q", benchQueries[(g+i)%len(benchQueries)])
				}
				if got := ix.Reverse(float64(i)-25, float64(g*40), 2); len(got) != 2 {
					t.Errorf("reverse gave %d", len(got))
				}
			}
		}()
	}
	wg.Wait()
}
