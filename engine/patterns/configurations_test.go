package patterns

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/astroapi/astroapi/engine/accuracy/measure"
	"github.com/astroapi/astroapi/engine/aspects"
)

// pts names longitudes A, B, C, ... in order.
func pts(lons ...float64) []aspects.Point {
	out := make([]aspects.Point, len(lons))
	for i, l := range lons {
		out[i] = aspects.Point{Name: string(rune('A' + i)), Longitude: l}
	}
	return out
}

// figures lists the configurations of a kind as "members/apex/orb".
func figures(cs []Configuration, f Figure) []string {
	var out []string
	for _, c := range cs {
		if c.Type == f {
			out = append(out, fmt.Sprintf("%s/%s/%g", strings.Join(c.Points, ","), c.Apex, math.Round(c.Orb*1000)/1000))
		}
	}
	return out
}

// Hand-built charts: each figure present with its members, apex and
// tightness, and absent once one member leaves its orb (default orbs:
// opposition and trine 8, square 7, sextile 6, quincunx 3).
func TestConfigurationsHandBuilt(t *testing.T) {
	for _, c := range []struct {
		name    string
		figure  Figure
		present []float64
		want    []string
		absent  []float64
	}{
		{"TSquare", TSquare, []float64{10, 192, 100}, []string{"A,B,C/C/2"}, []float64{10, 192, 108}},
		{"TSquareWideOpposition", TSquare, []float64{0, 187.5, 93}, []string{"A,B,C/C/7.5"}, []float64{0, 188.5, 93}},
		{"GrandTrine", GrandTrine, []float64{5, 124, 247}, []string{"A,B,C//3"}, []float64{5, 124, 256}},
		{"GrandTrineAcrossAries", GrandTrine, []float64{350, 112, 229}, []string{"B,C,A//3"}, []float64{350, 100, 229}},
		{"GrandCross", GrandCross, []float64{0, 91, 181, 272}, []string{"A,B,C,D//2"}, []float64{0, 91, 181, 280}},
		{"Yod", Yod, []float64{0, 61, 210}, []string{"A,B,C/C/1"}, []float64{0, 61, 214}},
		{"Kite", Kite, []float64{0, 120, 240, 181}, []string{"A,B,C,D/D/1"}, []float64{0, 120, 240, 189}},
		{"MysticRectangle", MysticRectangle, []float64{0, 61, 180, 240}, []string{"A,B,C,D//1"}, []float64{0, 70, 180, 240}},
		{"MysticRectangleOtherSides", MysticRectangle, []float64{0, 121, 180, 300}, []string{"A,B,C,D//1"}, []float64{0, 130, 180, 300}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := figures(Configurations(pts(c.present...), ConfigOptions{}), c.figure)
			if !slices.Equal(got, c.want) {
				t.Errorf("%v: %s %v, want %v", c.present, c.figure, got, c.want)
			}
			if got := figures(Configurations(pts(c.absent...), ConfigOptions{}), c.figure); len(got) > 0 {
				t.Errorf("%v: %s %v, want none", c.absent, c.figure, got)
			}
		})
	}
}

// A grand cross holds four T-squares; a kite holds its grand trine; all
// are listed. Orbs passed in narrow the figures.
func TestConfigurationsNested(t *testing.T) {
	cs := Configurations(pts(0, 90, 180, 270), ConfigOptions{})
	if n := len(figures(cs, TSquare)); n != 4 || len(figures(cs, GrandCross)) != 1 {
		t.Errorf("grand cross: %d T-squares, %v", n, figures(cs, GrandCross))
	}
	cs = Configurations(pts(0, 120, 240, 180), ConfigOptions{})
	if len(figures(cs, GrandTrine)) != 1 || len(figures(cs, Kite)) != 1 {
		t.Errorf("kite: %v", cs)
	}
	narrow := ConfigOptions{Orbs: aspects.Orbs{aspects.Opposition: 1}}
	if got := figures(Configurations(pts(10, 192, 100), narrow), TSquare); len(got) != 0 {
		t.Errorf("opposition orb 1: %v", got)
	}
	// Order: by figure, then tightest first.
	cs = Configurations(pts(0, 121, 242, 90, 210, 331), ConfigOptions{})
	for i := 1; i < len(cs); i++ {
		a, b := slices.Index(Figures, cs[i-1].Type), slices.Index(Figures, cs[i].Type)
		if a > b || a == b && measure.Over(cs[i-1].Orb, cs[i].Orb) {
			t.Fatalf("out of order at %d: %+v then %+v", i, cs[i-1], cs[i])
		}
	}
}

func TestStelliums(t *testing.T) {
	for _, c := range []struct {
		name string
		lons []float64
		span float64
		want []string
	}{
		{"Three", []float64{100, 104, 108.5, 250}, 0, []string{"A,B,C//8.5"}},
		{"TooWide", []float64{100, 104, 112, 250}, 0, nil},
		{"Two", []float64{100, 104, 250}, 0, nil},
		{"AcrossAries", []float64{357, 2, 5, 180}, 0, []string{"A,B,C//8"}},
		{"Everything", []float64{10, 12, 14, 16}, 0, []string{"A,B,C,D//6"}},
		{"EverythingAcrossAries", []float64{355, 359, 2, 4}, 0, []string{"A,B,C,D//9"}},
		// Overlapping windows: 0, 6, 12, 18 with span 12: {0,6,12} and
		// {6,12,18}, each maximal.
		{"Overlapping", []float64{0, 6, 12, 18, 200}, 12, []string{"A,B,C//12", "B,C,D//12"}},
		{"TwoGroups", []float64{10, 13, 16, 100, 103, 104, 105}, 0, []string{"D,E,F,G//5", "A,B,C//6"}},
		{"WiderSpan", []float64{100, 104, 112, 250}, 15, []string{"A,B,C//12"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := figures(Configurations(pts(c.lons...), ConfigOptions{StelliumSpan: c.span}), Stellium)
			if !slices.Equal(got, c.want) {
				t.Errorf("%v: %v, want %v", c.lons, got, c.want)
			}
		})
	}
	// InStellium leaves points out.
	cs := Configurations(pts(100, 102, 104), ConfigOptions{InStellium: func(n string) bool { return n != "B" }})
	if got := figures(cs, Stellium); len(got) != 0 {
		t.Errorf("with B excluded: %v", got)
	}
	// A stellium inside one sign says so.
	cs = Configurations(pts(31, 35, 39), ConfigOptions{})
	if len(cs) != 1 || cs[0].Sign != "Taurus" {
		t.Errorf("sign: %+v", cs)
	}
}

// Random charts: every stellium is within the span and maximal, and no
// set of three or more within the span is missing from every stellium;
// every figure's aspects are within their orbs.
func TestConfigurationsRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 18))
	orbs := aspects.DefaultOrbs(true)
	for n := range 3000 {
		k := 3 + r.IntN(10)
		lons := make([]float64, k)
		for i := range lons {
			lons[i] = r.Float64() * 360
		}
		if n%2 == 0 { // crowd them for stelliums
			for i := range lons {
				lons[i] = math.Mod(lons[0]+r.Float64()*40, 360)
			}
		}
		p := pts(lons...)
		cs := Configurations(p, ConfigOptions{})
		lon := map[string]float64{}
		for _, q := range p {
			lon[q.Name] = q.Longitude
		}
		covered := map[string]bool{}
		for _, c := range cs {
			if c.Type == Stellium {
				if measure.Over(c.Orb, DefaultStelliumSpan+1e-9) || len(c.Points) < 3 {
					t.Fatalf("chart %d: stellium %+v", n, c)
				}
				for _, m := range c.Points {
					covered[m] = true
				}
				continue
			}
			for _, l := range c.Links {
				d, _ := l.Aspect.Def()
				sep := aspects.Separation(lon[l.Point1], lon[l.Point2])
				if measure.Over(math.Abs(math.Abs(sep-d.Angle)-l.Orb), 1e-9) || measure.Over(l.Orb, orbs[l.Aspect]) {
					t.Fatalf("chart %d: %s link %+v at separation %v", n, c.Type, l, sep)
				}
			}
		}
		// Any point with two others within the span on one side of it
		// must be in some stellium.
		for _, q := range p {
			near := 0
			for _, o := range p {
				if d := math.Mod(o.Longitude-q.Longitude+360, 360); d <= DefaultStelliumSpan {
					near++
				}
			}
			if near >= 3 && !covered[q.Name] {
				t.Fatalf("chart %d: %s starts a stellium nobody lists: %v", n, q.Name, lons)
			}
		}
	}
}
