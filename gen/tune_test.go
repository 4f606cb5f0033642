package gen

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/swe"
	"github.com/astroapi/astroapi/tables"
)

// TestTune is the experiment behind bodyPlans: for each body and candidate
// segment length and degree it fits windows at both ends of the range and in
// the middle, verifies them, and prints the components' truncated degrees
// and the bytes per day of the result. It runs only with GEN_TUNE=1, e.g.
// GEN_TUNE=1 GEN_TUNE_BODY=Moon go test -run Tune -v ./gen
func TestTune(t *testing.T) {
	if os.Getenv("GEN_TUNE") == "" {
		t.Skip("set GEN_TUNE=1 to run the segment/degree experiment")
	}
	eph, err := swe.Open("")
	if err != nil {
		t.Fatal(err)
	}
	segs := []float64{4, 8, 16, 32}
	degs := []int{12, 16, 20}
	if v := os.Getenv("GEN_TUNE_SEGS"); v != "" {
		segs = nil
		for _, f := range strings.Fields(v) {
			x, _ := strconv.ParseFloat(f, 64)
			segs = append(segs, x)
		}
	}
	if v := os.Getenv("GEN_TUNE_DEGS"); v != "" {
		degs = nil
		for _, f := range strings.Fields(v) {
			x, _ := strconv.Atoi(f)
			degs = append(degs, x)
		}
	}

	for _, b := range engine.AllBodies() {
		if want := os.Getenv("GEN_TUNE_BODY"); want != "" && want != b.String() {
			continue
		}
		for _, seg := range segs {
			for _, deg := range degs {
				sp := bodySpec(eph, b, plan{seg, deg})
				worst := map[string]float64{}
				bytes, ok := 0.0, true
				comps := ""
				windows := [][2]float64{{From, From + 200*seg}, {(From + To) / 2, (From+To)/2 + 200*seg}, {To - 200*seg, To}}
				if os.Getenv("GEN_TUNE_FULL") != "" {
					windows = [][2]float64{{From, To}}
				}
				for _, w := range windows {
					tab, err := fitTable(sp, w[0], w[1], tuneWorkers)
					if err != nil {
						t.Fatal(err)
					}
					checks, err := verify(sp, tab, 5000, tuneWorkers)
					if checks == nil {
						t.Fatal(err)
					}
					ok = ok && err == nil
					for _, c := range checks {
						worst[c.Quantity] = max(worst[c.Quantity], c.Worst/c.Tolerance)
					}
					bytes = max(bytes, float64(8*len(tab.Coefficients()))/(w[1]-w[0]))
					comps = fmt.Sprintf(" parts %d/%d holes %d", countParts(tab.Split()), tab.Meta.Segments, countHoles(tab.Split()))
					for _, c := range tab.Meta.Components {
						comps += fmt.Sprintf(" %s:%d", short(c.Name), c.Degree)
					}
				}
				fmt.Printf("%-10s seg %4g deg %2d ok %-5v %6.1f B/day (%5.1f MB) %s | worst/tol lon %.2f lat %.2f dist %.2f vlon %.2f vlat %.2f vdist %.2f\n",
					b, seg, deg, ok, bytes, bytes*(To-From)/1e6, comps,
					worst["longitude"], worst["latitude"], worst["distance"], worst["speed_longitude"], worst["speed_latitude"], worst["speed_distance"])
			}
		}
	}
}

var tuneWorkers = func() int {
	if os.Getenv("GEN_TUNE_SERIAL") != "" {
		return 1
	}
	return 0
}()

func countParts(split []uint8) int {
	n := 0
	for _, s := range split {
		if s != tables.Hole {
			n += 1<<s - 1
		}
	}
	return n
}

func countHoles(split []uint8) int {
	n := 0
	for _, s := range split {
		if s == tables.Hole {
			n++
		}
	}
	return n
}
