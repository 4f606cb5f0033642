package sky

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"github.com/astroapi/astroapi/engine"
)

// outcome is one path's result, the source it reports and its error.
type outcome struct {
	src engine.Source
	res any
	err error
}

// paths runs every calculation of the package at t (spans of a month, a
// year for stations).
func paths(pos engine.Positions, t engine.JDUT) map[string]outcome {
	out := map[string]outcome{}
	p, err := PlanetsAt(pos, t, PlanetsOptions{Bodies: DefaultEphemerisBodies})
	if err == nil {
		out["planets"] = outcome{p.Source, p, nil}
	} else {
		out["planets"] = outcome{err: err}
	}
	m, err := MoonAt(pos, t, MoonOptions{})
	if err == nil {
		out["moon"] = outcome{m.Source, m, nil}
	} else {
		out["moon"] = outcome{err: err}
	}
	ph, err := MoonPhases(pos, RangeOptions{Start: t, End: t + 30})
	if err == nil {
		out["phases"] = outcome{ph.Source, ph, nil}
	} else {
		out["phases"] = outcome{err: err}
	}
	v, err := VoidPeriods(pos, VoidRangeOptions{Start: t, End: t + 30})
	if err == nil {
		out["void_of_course"] = outcome{v.Source, v, nil}
	} else {
		out["void_of_course"] = outcome{err: err}
	}
	st, err := FindStations(pos, StationsOptions{Start: t, End: t + 365})
	if err == nil {
		out["stations"] = outcome{st.Source, st, nil}
	} else {
		out["stations"] = outcome{err: err}
	}
	var rows []Row
	worst := engine.FromTables
	err = Ephemeris(pos, EphemerisOptions{Start: t, End: t + 30, Step: 1}, func(r *Row) error {
		worst = worst.Worse(r.Source)
		c := *r
		c.Positions = append([]RowPosition(nil), r.Positions...)
		rows = append(rows, c)
		return nil
	})
	out["ephemeris"] = outcome{worst, rows, err}
	return out
}

// TestTablesOnly pins that these paths make no libswe call inside
// 1800-2400, through the source each result reports: at 2024 (the
// benchmarks' year) and 60 random instants, every result that reports
// "tables" is reproduced exactly by a source that has no libswe behind the
// tables. The tables leave holes (segments of 8-16 days where a body passes
// behind the Sun or its fit misses the tolerance: 10 for the Sun, 91 for
// Mercury, 129 for Venus, ... in 600 years), which libswe fills: a result
// that touched one reports swiss_ephemeris. A year of stations of eight
// planets, padded by a synodic period each side, nearly always does.
func TestTablesOnly(t *testing.T) {
	pos, only, _ := sources(t)
	rng := rand.New(rand.NewPCG(7, 8))
	instants := []engine.JDUT{engine.JDOf(time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC))}
	for range 60 {
		instants = append(instants, engine.JDUT(2378500+rng.Float64()*(2597600-400-2378500)))
	}
	counts := map[string][2]int{}
	for i, at := range instants {
		prod, only := paths(pos, at), paths(only, at)
		for name, o := range prod {
			if o.err != nil {
				t.Fatalf("%s at %v: %v", name, at.Time(), o.err)
			}
			c := counts[name]
			if o.src == engine.FromTables {
				c[0]++
				if q := only[name]; q.err != nil || q.src != engine.FromTables || !reflect.DeepEqual(o.res, q.res) {
					t.Errorf("%s at %v reports tables, but the tables alone give %v (error %v)", name, at.Time(), q.src, q.err)
				}
			} else {
				c[1]++
				if i == 0 && name != "stations" {
					t.Errorf("%s in 2024: source %s", name, o.src)
				}
				if q := only[name]; q.err != nil && !errors.Is(q.err, engine.ErrOutOfRange) {
					t.Errorf("%s at %v: tables alone: %v", name, at.Time(), q.err)
				}
			}
			counts[name] = c
		}
	}
	for name, c := range counts {
		t.Logf("%-15s %2d of %d spans from the tables alone, %d touched a hole", name, c[0], len(instants), c[1])
	}
}
