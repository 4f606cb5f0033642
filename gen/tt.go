package gen

import (
	"fmt"
	"io"

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
func ttCheck(ref Reference, set *tables.Set, b engine.Body, n, workers int, seed uint64) (positionWorst, int, error) {
	return checkPositions(n, workers, seed, uint64(b)<<40, func(jd float64) (engine.Position, bool) {
		return set.Position(engine.JDUT(jd), b)
	}, func(jd float64) ([6]float64, error) {
		xx, _, err := ref.CalcUT(jd, swe.SEBody(b), swe.FlagSwissEph|swe.FlagSpeed, 0)
		if err != nil {
			return xx, fmt.Errorf("%s at JD %.5f: %w", b, jd, err)
		}
		return xx, nil
	})
}
