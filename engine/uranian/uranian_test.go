package uranian

import (
	"fmt"
	"github.com/astroapi/astroapi/engine/accuracy/measure"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/tables/tablestest"
)

// randomPoints makes n named points at random longitudes.
func randomPoints(rnd *rand.Rand, n int, dial float64) []Point {
	out := make([]Point, n)
	for i := range out {
		lon := rnd.Float64() * 360
		out[i] = Point{Name: fmt.Sprintf("P%02d", i), Longitude: lon, Dial: DialOf(lon, dial)}
	}
	return out
}

// bruteMidpoint is the near midpoint found another way: the direction of
// the sum of the two unit vectors (the bisector of the shorter arc).
func bruteMidpoint(a, b float64) float64 {
	ra, rb := a*math.Pi/180, b*math.Pi/180
	return engine.Normalize(math.Atan2(math.Sin(ra)+math.Sin(rb), math.Cos(ra)+math.Cos(rb)) * 180 / math.Pi)
}

// onDial is the distance of x from the nearest multiple of period, found by
// trying every multiple on the circle (no remainder function).
func onDial(x, period float64) float64 {
	x = engine.Normalize(x)
	best := 360.0
	for k := -1.0; k*period <= 720; k++ {
		best = math.Min(best, math.Abs(x-k*period))
	}
	return best
}

// TestPicturesAgainstBruteForce compares the midpoints, the dial order and
// both kinds of pictures with a brute force written independently: every
// triple and every quadruple of 40 random charts of 22 points, on each
// dial, tested by trying the multiples of the dial one by one.
func TestPicturesAgainstBruteForce(t *testing.T) {
	rnd := rand.New(rand.NewPCG(25, 4))
	cmp := measure.Compare(t, measure.About{
		What:      "Uranian midpoints, dial order, midpoint pictures (A = B/C) and sum pictures (A + B - C = D) of engine/uranian",
		Reference: "a brute force written apart in the test: every pair, triple and quadruple of points, the dial's multiples tried one by one",
		Sample:    "40 random charts of 22 points, on the 360, 90, 45 and 22.5 degree dials, orbs 0.5 to 2 degrees",
	})
	midQ := cmp.Quantity("midpoints", "deg", 1e-9, 1e-10)
	orbQ := cmp.Quantity("midpoint picture orbs", "deg", 1e-9, 1e-10)
	sets := cmp.Exact("picture sets equal to the brute force's, per chart and kind")
	var nMid, nPic, nSum int
	for chart := range 40 {
		dial := Dials[chart%len(Dials)]
		orb := 0.5 + rnd.Float64()*1.5
		pts := randomPoints(rnd, 22, dial)

		// Midpoints: every pair once, at the bisector, sorted on the dial.
		mids := Midpoints(pts, dial)
		if len(mids) != 22*21/2 {
			t.Fatalf("%d midpoints", len(mids))
		}
		seen := map[string]bool{}
		for i, m := range mids {
			a, b := index(pts, m.A), index(pts, m.B)
			if a >= b || seen[m.A+m.B] {
				t.Fatalf("midpoint %s/%s out of order or twice", m.A, m.B)
			}
			seen[m.A+m.B] = true
			want := bruteMidpoint(pts[a].Longitude, pts[b].Longitude)
			d := math.Abs(math.Remainder(m.Longitude-want, 360))
			midQ.Add(d, "chart", chart, m.A, m.B)
			if measure.Over(d, 1e-9) {
				t.Errorf("%s/%s: midpoint %.9f, brute force %.9f", m.A, m.B, m.Longitude, want)
			}
			if i > 0 && mids[i-1].Dial > m.Dial {
				t.Errorf("midpoint sort: %v before %v", mids[i-1], m)
			}
			if !(m.Dial >= 0 && m.Dial < dial) || measure.Over(math.Abs(math.Remainder(m.Dial-m.Longitude, dial)), 1e-9) {
				t.Errorf("%s/%s: dial %v of %v on %v", m.A, m.B, m.Dial, m.Longitude, dial)
			}
			nMid++
		}
		order := DialOrder(pts)
		if !sort.SliceIsSorted(order, func(i, j int) bool { return order[i].Dial < order[j].Dial }) || len(order) != len(pts) {
			t.Errorf("dial order %v", order)
		}

		// Midpoint pictures: A on the axis of B and C.
		axis := math.Min(dial, 180)
		var want []string
		for a := range pts {
			for b := range pts {
				for c := range pts {
					if b >= c || a == b || a == c {
						continue
					}
					if onDial(pts[a].Longitude-bruteMidpoint(pts[b].Longitude, pts[c].Longitude), axis) <= orb {
						want = append(want, pts[a].Name+"="+pts[b].Name+"/"+pts[c].Name)
					}
				}
			}
		}
		var got []string
		for _, p := range MidpointPictures(pts, dial, orb) {
			got = append(got, p.A+"="+p.B+"/"+p.C)
			exact := onDial(lon(pts, p.A)-bruteMidpoint(lon(pts, p.B), lon(pts, p.C)), axis)
			orbQ.Add(math.Abs(exact-p.Orb), "chart", chart, p.Formula)
			if measure.Over(math.Abs(exact-p.Orb), 1e-9) {
				t.Errorf("%s: orb %v, brute force %v", p.Formula, p.Orb, exact)
			}
		}
		sets.Match(compareSets(t, fmt.Sprintf("chart %d dial %v midpoint pictures", chart, dial), got, want), "chart", chart, "midpoint pictures")
		nPic += len(got)

		// Sum pictures: every split of four points into two pairs.
		want = want[:0]
		for a := range pts {
			for b := range pts {
				for c := range pts {
					for d := range pts {
						if !(a < b && c < d && a < c && b != c && b != d) {
							continue
						}
						if onDial(pts[a].Longitude+pts[b].Longitude-pts[c].Longitude-pts[d].Longitude, dial) <= orb {
							want = append(want, strings.Join([]string{pts[a].Name, pts[b].Name, pts[c].Name, pts[d].Name}, ","))
						}
					}
				}
			}
		}
		got = got[:0]
		for _, p := range SumPictures(pts, dial, orb) {
			got = append(got, strings.Join([]string{p.A, p.B, p.C, p.D}, ","))
		}
		sets.Match(compareSets(t, fmt.Sprintf("chart %d dial %v sum pictures", chart, dial), got, want), "chart", chart, "sum pictures")
		nSum += len(got)
	}
	t.Logf("%d midpoints, %d midpoint pictures, %d sum pictures checked", nMid, nPic, nSum)
	if nPic == 0 || nSum == 0 {
		t.Fatal("the brute force found no pictures to compare")
	}
}

func index(pts []Point, name string) int {
	return slices.IndexFunc(pts, func(p Point) bool { return p.Name == name })
}

func lon(pts []Point, name string) float64 { return pts[index(pts, name)].Longitude }

func compareSets(t *testing.T, what string, got, want []string) bool {
	t.Helper()
	g, w := slices.Clone(got), slices.Clone(want)
	slices.Sort(g)
	slices.Sort(w)
	if !slices.Equal(g, w) {
		t.Errorf("%s: %d found, brute force %d\n got  %v\n want %v", what, len(g), len(w), g, w)
		return false
	}
	return true
}

// TestCastPoints casts a chart from the tables: the school's order, the
// Aries point at 0 (tropical) and at minus the ayanamsa (sidereal), the
// classic option without the transneptunian points.
func TestCastPoints(t *testing.T) {
	pos := tablestest.Positions(t)
	c, err := Cast(pos, 2448087.0625, 51.5, -0.13, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, p := range c.Points {
		names = append(names, p.Name)
	}
	want := "Aries Point,Midheaven,Ascendant,Sun,Moon,Node,Mercury,Venus,Mars,Jupiter,Saturn,Uranus,Neptune,Pluto,Cupido,Hades,Zeus,Kronos,Apollon,Admetos,Vulkanus,Poseidon"
	if got := strings.Join(names, ","); got != want {
		t.Errorf("points %s", got)
	}
	if c.Points[0].Longitude != 0 || c.Dial != 90 || c.Orb != 1 || c.Node != "mean" || len(c.Midpoints) != 231 || c.Source != engine.FromSwiss {
		t.Errorf("chart %+v", c)
	}
	classic, err := Cast(pos, 2448087.0625, 51.5, -0.13, Options{Classic: true, Sidereal: engine.Lahiri})
	if err != nil {
		t.Fatal(err)
	}
	if len(classic.Points) != 14 || classic.Ayanamsa == nil || measure.Over(math.Abs(classic.Points[0].Longitude-(360-classic.Ayanamsa.Degrees)), 1e-9) || classic.Source != engine.FromTables {
		t.Errorf("classic sidereal %+v", classic.Points[0])
	}
	if _, err := Cast(pos, 2448087.0625, 51.5, -0.13, Options{Dial: 30, Orb: 4}); err == nil || !strings.Contains(err.Error(), "dial") {
		t.Errorf("dial 30 accepted: %v", err)
	}
}

// ExampleNearMidpoint: the midpoint of 350° and 20° lies on the shorter
// arc, at 5°; of 10° and 200°, at 285°.
func ExampleNearMidpoint() {
	fmt.Println(NearMidpoint(350, 20), NearMidpoint(10, 200))
	// Output: 5 285
}
