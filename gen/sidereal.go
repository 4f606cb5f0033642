package gen

import (
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"sync"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/swe"
	"github.com/astroapi/astroapi/tables"
)

// SiderealSamples is the number of random instants per body and ayanamsa at
// which table-derived sidereal positions are checked against libswe's own
// SEFLG_SIDEREAL results.
const SiderealSamples = 10_000

// positionWorst is the worst error of positions served by a tables.Set.
type positionWorst struct {
	lon, lat, speed float64 // arcsec, arcsec, deg/day
}

// verifySidereal checks tables.Set.Sidereal, tropical position minus the
// ayanamsa, against swe_calc_ut with SEFLG_SIDEREAL for every ayanamsa the
// tables can serve (all offered but those cast on the ecliptic of their
// epoch: engine.Ayanamsa.OnEpochEcliptic), at SiderealSamples random
// instants per body, and records in each body table's Meta.Sidereal the
// ayanamsas that met the tolerances; the others stay with libswe. (libswe's
// sidereal speeds of high-latitude bodies such as Pallas differ from the
// tropical speed minus the ayanamsa's rate by up to 2e-5 deg/day.)
func verifySidereal(ref Reference, ts []*tables.Table, workers int, log io.Writer) error {
	var offered []string
	for _, a := range engine.Ayanamsas {
		if !a.OnEpochEcliptic() {
			offered = append(offered, string(a))
		}
	}
	for _, t := range ts {
		if t.Meta.Kind == tables.KindBody {
			t.Meta.Sidereal = offered // provisional, so the set serves them all
		}
	}
	set, err := tables.NewSet(tables.FileMeta{From: From, To: To}, ts)
	if err != nil {
		return err
	}
	passed := map[engine.Body][]string{}
	for _, a := range engine.Ayanamsas {
		if a.OnEpochEcliptic() {
			fmt.Fprintf(log, "sidereal %-13s served by libswe, not the tables (SE projects onto the ecliptic of the epoch)\n", a)
			continue
		}
		for _, b := range engine.AllBodies() {
			if !set.HasBody(b) {
				continue
			}
			w, err := siderealCheck(ref, set, a, b, SiderealSamples, workers)
			if err != nil {
				return err
			}
			ok := w.lon <= TolArcsec && w.lat <= TolArcsec && w.speed <= TolSpeed
			if ok {
				passed[b] = append(passed[b], string(a))
			}
			fmt.Fprintf(log, "sidereal %-13s %-10s x %d: worst lon %.2g\" lat %.2g\" vlon %.2g deg/day%s\n",
				a, b, SiderealSamples, w.lon, w.lat, w.speed, map[bool]string{true: "", false: " -> served by libswe"}[ok])
		}
	}
	for _, t := range ts {
		if t.Meta.Kind != tables.KindBody {
			continue
		}
		t.Meta.Sidereal = nil
		for _, b := range engine.AllBodies() {
			if tables.BodyKey(b) == t.Meta.Name {
				t.Meta.Sidereal = passed[b]
			}
		}
	}
	return nil
}

// AyanamsaSamples is the number of random instants at which each ayanamsa
// as the set serves it (the mean table plus the nutation table) is checked
// against libswe's ayanamsa with nutation.
const AyanamsaSamples = 20_000

// verifyAyanamsas checks every ayanamsa as tables.Set.Ayanamsa serves it
// against swe_get_ayanamsa_ex_ut (with nutation) at AyanamsaSamples random
// instants, and records the check in the ayanamsa's table: the sum of two
// fits, each within TolArcsec, must stay within TolArcsec.
func verifyAyanamsas(ref Reference, ts []*tables.Table, workers int, log io.Writer) error {
	set, err := tables.NewSet(tables.FileMeta{From: From, To: To}, ts)
	if err != nil {
		return err
	}
	var failed error
	for _, t := range ts {
		if t.Meta.Kind != tables.KindAyanamsa {
			continue
		}
		a := engine.Ayanamsa(t.Meta.Name)
		w, _, err := checkPositions(AyanamsaSamples, workers, seed+7, uint64(swe.SidMode(a))<<40, func(jd float64) (engine.Position, bool) {
			v, ok := set.Ayanamsa(engine.JDUT(jd), a)
			return engine.Position{Longitude: v}, ok
		}, func(jd float64) ([6]float64, error) {
			v, err := ref.Ayanamsa(engine.JDUT(jd), a)
			return [6]float64{v}, err
		})
		if err != nil {
			return err
		}
		t.Meta.Verified = append(t.Meta.Verified, tables.Check{Quantity: "ayanamsa with nutation as served (this table plus the nutation table)",
			Unit: "arcsec", Tolerance: TolArcsec, Worst: w.lon, Samples: AyanamsaSamples, Method: "against swe_get_ayanamsa_ex_ut(SEFLG_SWIEPH)"})
		fmt.Fprintf(log, "ayanamsa %-28s with nutation x %d: worst %.2g\"\n", a, AyanamsaSamples, w.lon)
		if w.lon > TolArcsec && failed == nil {
			failed = fmt.Errorf("ayanamsa %s with nutation: worst %.3g\": %w", a, w.lon, errTolerance)
		}
	}
	return failed
}

// siderealCheck returns the worst sidereal errors of body b for ayanamsa a.
func siderealCheck(ref Reference, set *tables.Set, a engine.Ayanamsa, b engine.Body, n, workers int) (positionWorst, error) {
	mode := swe.SidMode(a)
	w, _, err := checkPositions(n, workers, seed+uint64(mode), uint64(b)<<32, func(jd float64) (engine.Position, bool) {
		return set.Sidereal(engine.JDUT(jd), b, a)
	}, func(jd float64) ([6]float64, error) {
		xx, _, err := ref.CalcUT(jd, swe.SEBody(b), swe.FlagSwissEph|swe.FlagSpeed|swe.FlagSidereal, mode)
		if err != nil {
			return xx, fmt.Errorf("sidereal %s %s at JD %.5f: %w", a, b, jd, err)
		}
		return xx, nil
	})
	return w, err
}

// checkPositions compares got with want (swe_calc_ut's xx) at n random
// instants (JD UT) of the generator's span, drawn from the stream (s1,
// s2|chunk), and returns the worst errors and how many instants got served
// (the others are left to libswe).
func checkPositions(n, workers int, s1, s2 uint64, got func(jd float64) (engine.Position, bool), want func(jd float64) ([6]float64, error)) (positionWorst, int, error) {
	var mu sync.Mutex
	var worst positionWorst
	served := 0
	nchunks := (n + chunk - 1) / chunk
	err := parallel(nchunks, workers, func(ci int) error {
		rng := rand.New(rand.NewPCG(s1, s2|uint64(ci)))
		var w positionWorst
		k := 0
		for range min(chunk, n-ci*chunk) {
			jd := From + (To-From)*rng.Float64()
			p, ok := got(jd)
			if !ok {
				continue
			}
			k++
			xx, err := want(jd)
			if err != nil {
				return err
			}
			w.lon = max(w.lon, math.Abs(math.Remainder(p.Longitude-xx[0], 360))*3600)
			w.lat = max(w.lat, math.Abs(p.Latitude-xx[1])*3600)
			w.speed = max(w.speed, math.Abs(p.SpeedLongitude-xx[3]))
		}
		mu.Lock()
		worst.lon, worst.lat, worst.speed = max(worst.lon, w.lon), max(worst.lat, w.lat), max(worst.speed, w.speed)
		served += k
		mu.Unlock()
		return nil
	})
	return worst, served, err
}
