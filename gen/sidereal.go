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

// siderealWorst is the worst error of sidereal positions from the tables
// for one ayanamsa, over all bodies.
type siderealWorst struct {
	lon, lat, speed float64 // arcsec, arcsec, deg/day
	body            engine.Body
	at              float64
}

// verifySidereal checks tables.Set.Sidereal, tropical position minus the
// ayanamsa, against swe_calc_ut with SEFLG_SIDEREAL for every ayanamsa the
// tables serve sidereal positions for (all offered but J2000), at
// SiderealSamples random instants per body.
func verifySidereal(ref Reference, ts []*tables.Table, workers int, log io.Writer) error {
	set, err := tables.NewSet(tables.FileMeta{From: From, To: To}, ts)
	if err != nil {
		return err
	}
	var failed error
	for _, a := range engine.Ayanamsas {
		if _, ok := set.Sidereal(engine.JDUT(From+1), engine.Sun, a); !ok {
			fmt.Fprintf(log, "sidereal %-13s served by libswe, not the tables (SE projects onto the ecliptic of J2000)\n", a)
			continue
		}
		w, err := siderealCheck(ref, set, a, SiderealSamples, workers)
		if err != nil {
			return err
		}
		fmt.Fprintf(log, "sidereal %-13s %d bodies x %d: worst lon %.2g\" lat %.2g\" vlon %.2g deg/day (%s at JD %.5f)\n",
			a, len(engine.AllBodies()), SiderealSamples, w.lon, w.lat, w.speed, w.body, w.at)
		if !(w.lon <= TolArcsec && w.lat <= TolArcsec && w.speed <= TolSpeed) {
			failed = fmt.Errorf("sidereal %s: worst lon %.3g\" lat %.3g\" speed %.3g deg/day: %w", a, w.lon, w.lat, w.speed, errTolerance)
		}
	}
	return failed
}

// siderealCheck returns the worst sidereal errors for ayanamsa a.
func siderealCheck(ref Reference, set *tables.Set, a engine.Ayanamsa, n, workers int) (siderealWorst, error) {
	bodies := engine.AllBodies()
	mode := swe.SidMode(a)
	var mu sync.Mutex
	var worst siderealWorst
	nchunks := (n + chunk - 1) / chunk
	err := parallel(len(bodies)*nchunks, workers, func(i int) error {
		b := bodies[i/nchunks]
		if !set.HasBody(b) {
			return nil // served by libswe
		}
		ci := i % nchunks
		rng := rand.New(rand.NewPCG(seed+uint64(mode), uint64(b)<<32|uint64(ci)))
		var w siderealWorst
		for range min(chunk, n-ci*chunk) {
			jd := From + (To-From)*rng.Float64()
			p, ok := set.Sidereal(engine.JDUT(jd), b, a)
			if !ok {
				continue // a hole: served by libswe
			}
			xx, _, err := ref.CalcUT(jd, swe.SEBody(b), swe.FlagSwissEph|swe.FlagSpeed|swe.FlagSidereal, mode)
			if err != nil {
				return fmt.Errorf("sidereal %s %s at JD %.5f: %w", a, b, jd, err)
			}
			lon := math.Abs(math.Remainder(p.Longitude-xx[0], 360)) * 3600
			lat := math.Abs(p.Latitude-xx[1]) * 3600
			speed := math.Abs(p.SpeedLongitude - xx[3])
			if lon > w.lon || lat > w.lat || speed > w.speed {
				w.body, w.at = b, jd
			}
			w.lon, w.lat, w.speed = max(w.lon, lon), max(w.lat, lat), max(w.speed, speed)
		}
		mu.Lock()
		if w.lon > worst.lon || w.speed > worst.speed {
			worst.body, worst.at = w.body, w.at
		}
		worst.lon, worst.lat, worst.speed = max(worst.lon, w.lon), max(worst.lat, w.lat), max(worst.speed, w.speed)
		mu.Unlock()
		return nil
	})
	return worst, err
}
