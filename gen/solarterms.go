package gen

import (
	"fmt"
	"io"
	"math"
	"os"
	"sync"
	"time"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/swe"
	"github.com/astroapi/astroapi/tables"
)

// The solar-term table: every crossing of a multiple of 15 degrees by the
// Sun's apparent geocentric ecliptic longitude of date (true equinox, with
// aberration and nutation: swe_calc_ut(SE_SUN, SEFLG_SWIEPH|SEFLG_SPEED)),
// for the Gregorian years the ephemeris files cover whole.
const (
	SolarTermFirstYear = 1800
	SolarTermYears     = 600 // 1800-2399: the files end on 2400-01-01
	// TolSolarTerm is the tolerance of a stored instant against a fresh
	// root on libswe, seconds.
	TolSolarTerm = 1.0
)

// solarTermNewtonEps ends the Newton solve once a step is under 1 ms.
const solarTermNewtonEps = 1e-3 / 86400

// sunLon returns the Sun's apparent longitude and speed at jd (UT) from
// libswe's files, refusing Moshier.
func sunLon(ref Reference, jd float64) (lon, speed float64, err error) {
	xx, ret, err := ref.CalcUT(jd, swe.SEBody(engine.Sun), swe.FlagSwissEph|swe.FlagSpeed, 0)
	if err != nil {
		return 0, 0, err
	}
	if ret&swe.FlagMoshier != 0 {
		return 0, 0, fmt.Errorf("JD %.5f served by Moshier, not the files", jd)
	}
	return xx[0], xx[3], nil
}

// termNewton solves lon(t) = target by Newton's method on libswe's longitude
// and speed from the guess t (days, UT).
func termNewton(ref Reference, target, t float64) (float64, error) {
	for range 20 {
		lon, speed, err := sunLon(ref, t)
		if err != nil {
			return 0, err
		}
		if !(speed > 0.5) { // the Sun moves 0.95-1.02 deg/day
			return 0, fmt.Errorf("solar term %g: Sun's speed %g deg/day at JD %.5f", target, speed, t)
		}
		dt := -math.Remainder(lon-target, 360) / speed
		t += dt
		if math.Abs(dt) < solarTermNewtonEps {
			return t, nil
		}
	}
	return 0, fmt.Errorf("solar term %g: Newton did not converge near JD %.5f", target, t)
}

// termIllinois finds the crossing of target within [a, b] by the Illinois
// variant of regula falsi, which uses no speed: the verification's
// independent root. It fails unless the crossing is bracketed.
func termIllinois(ref Reference, target, a, b float64) (float64, error) {
	f := func(t float64) (float64, error) {
		lon, _, err := sunLon(ref, t)
		return math.Remainder(lon-target, 360), err
	}
	fa, err := f(a)
	if err != nil {
		return 0, err
	}
	fb, err := f(b)
	if err != nil {
		return 0, err
	}
	if !(fa < 0 && fb > 0) {
		return 0, fmt.Errorf("solar term %g not bracketed by JD %.5f..%.5f (%g, %g deg)", target, a, b, fa, fb)
	}
	side := 0
	for range 200 {
		c := (a*fb - b*fa) / (fb - fa)
		if b-a < 1e-4/86400 {
			return c, nil
		}
		fc, err := f(c)
		if err != nil {
			return 0, err
		}
		switch {
		case fc == 0:
			return c, nil
		case fc < 0:
			a, fa = c, fc
			if side == -1 {
				fb /= 2
			}
			side = -1
		default:
			b, fb = c, fc
			if side == 1 {
				fa /= 2
			}
			side = 1
		}
		if math.Abs(fc) < 1e-9 { // 3.6e-6 arcsec: about 0.1 ms of the Sun's motion
			return c, nil
		}
	}
	return 0, fmt.Errorf("solar term %g: regula falsi did not converge in JD %.5f..%.5f", target, a, b)
}

// solarTerms solves every term of SolarTermYears years by Newton's method on
// libswe, then verifies each instant against an independent root (regula
// falsi on [t-1 d, t+1 d], no speeds) and checks that each lies in its
// Gregorian year (UT) and 14-16.5 days after the previous one. It returns the
// table with its verification, and an error wrapping errTolerance when any
// instant misses TolSolarTerm or a check.
func solarTerms(ref Reference, workers int, log io.Writer) (*tables.SolarTerms, error) {
	t0 := time.Now()
	n := 24 * SolarTermYears
	jd := make([]float64, n)
	check := tables.Check{Quantity: "instant", Unit: "s", Tolerance: TolSolarTerm,
		Method: "regula falsi (Illinois) root of swe_calc_ut's Sun longitude on [t-1 d, t+1 d], independent of the Newton solve"}
	var mu sync.Mutex
	perYear := func(y int) error {
		year := SolarTermFirstYear + y
		jan1 := float64(engine.JDOf(time.Date(year, 1, 1, 0, 0, 0, 0, time.UTC)))
		worst, worstAt := 0.0, 0.0
		for i := range 24 {
			target := math.Mod(tables.SolarTermFirstLongitude+15*float64(i), 360)
			// Xiaohan falls on 5-7 January; terms follow 365.2422/24 days
			// apart on average, within about 2 days.
			guess := jan1 + 5.5 + float64(i)*365.2422/24
			t, err := termNewton(ref, target, guess)
			if err != nil {
				return err
			}
			r, err := termIllinois(ref, target, t-1, t+1)
			if err != nil {
				return err
			}
			if e := math.Abs(r-t) * 86400; e > worst {
				worst, worstAt = e, t
			}
			if got := engine.JDUT(t).Time().Year(); got != year {
				return fmt.Errorf("solar term %g of %d falls in %d (JD %.5f): %w", target, year, got, t, errTolerance)
			}
			jd[24*y+i] = t
		}
		mu.Lock()
		if worst > check.Worst {
			check.Worst, check.WorstAt = worst, worstAt
		}
		check.Samples += 24
		mu.Unlock()
		return nil
	}
	if err := parallel(SolarTermYears, workers, perYear); err != nil {
		return nil, fmt.Errorf("solar terms: %w (%w)", err, errTolerance)
	}
	meta := tables.SolarTermMeta{Format: tables.FormatVersion, FirstYear: SolarTermFirstYear, Years: SolarTermYears,
		Quantity: "instants (JD UT) at which the Sun's apparent geocentric ecliptic longitude of date (true equinox) crosses each multiple of 15 deg, by Newton's method on swe_calc_ut(SE_SUN, SEFLG_SWIEPH|SEFLG_SPEED)",
		Verified: check, Generator: Version}
	st, err := tables.NewSolarTerms(meta, jd)
	if err != nil {
		return nil, fmt.Errorf("solar terms: %v: %w", err, errTolerance)
	}
	fmt.Fprintf(log, "solar_term %d-%d x %d: worst %.2g s vs independent roots (tolerance %g s) %6s\n",
		SolarTermFirstYear, SolarTermFirstYear+SolarTermYears-1, check.Samples, check.Worst, TolSolarTerm, time.Since(t0).Round(100*time.Millisecond))
	if !(check.Worst <= TolSolarTerm) {
		return nil, fmt.Errorf("solar terms: worst error %.3g s at JD %.5f exceeds %g s: %w", check.Worst, check.WorstAt, TolSolarTerm, errTolerance)
	}
	return st, nil
}

// writeSolarTerms adds the solar-term table to the file tables.Write has
// just written, and removes the file when that fails, so that a file is
// never left without the table the generator vouched for.
func writeSolarTerms(path string, st *tables.SolarTerms) error {
	if err := tables.WriteSolarTerms(path, st); err != nil {
		os.Remove(path)
		return fmt.Errorf("gen: solar terms: %w; %s removed", err, path)
	}
	return nil
}
