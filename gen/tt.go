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

// verifyTT checks every body table in TT as tables.Set serves it, by UT
// through the delta T table, against swe_calc_ut at Samples random UT
// instants: the fit of each table was verified on its own argument, this
// verifies the two together.
func verifyTT(ref Reference, ts []*tables.Table, workers int, log io.Writer) error {
	set, err := tables.NewSet(tables.FileMeta{From: From, To: To}, ts)
	if err != nil {
		return err
	}
	for _, b := range engine.AllBodies() {
		t := set.Table(tables.KindBody, tables.BodyKey(b))
		if t == nil || t.Meta.TimeScale != tables.TimeTT {
			continue
		}
		w, n, err := ttCheck(ref, set, b, Samples, workers, seed)
		if err != nil {
			return err
		}
		fmt.Fprintf(log, "by UT    %-13s x %d served: worst lon %.2g\" lat %.2g\" vlon %.2g deg/day\n", tables.BodyKey(b), n, w.lon, w.lat, w.speed)
		if !(w.lon <= TolArcsec && w.lat <= TolArcsec && w.speed <= TolSpeed) {
			return fmt.Errorf("%s by UT through delta T: worst lon %.3g\" lat %.3g\" speed %.3g deg/day: %w", b, w.lon, w.lat, w.speed, errTolerance)
		}
	}
	return nil
}

// ttCheck returns the worst errors of set.Position(b) by UT and how many of
// the n instants the set served (the others are left to libswe).
func ttCheck(ref Reference, set *tables.Set, b engine.Body, n, workers int, seed uint64) (siderealWorst, int, error) {
	var mu sync.Mutex
	var worst siderealWorst
	served := 0
	nchunks := (n + chunk - 1) / chunk
	err := parallel(nchunks, workers, func(ci int) error {
		rng := rand.New(rand.NewPCG(seed, uint64(b)<<40|uint64(ci)))
		var w siderealWorst
		k := 0
		for range min(chunk, n-ci*chunk) {
			jd := From + (To-From)*rng.Float64()
			p, ok := set.Position(engine.JDUT(jd), b)
			if !ok {
				continue
			}
			k++
			xx, _, err := ref.CalcUT(jd, swe.SEBody(b), swe.FlagSwissEph|swe.FlagSpeed, 0)
			if err != nil {
				return fmt.Errorf("%s at JD %.5f: %w", b, jd, err)
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
