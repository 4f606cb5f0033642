package gen

import (
	"fmt"
	"io"
	"math"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/stars"
	"github.com/astroapi/astroapi/engine/swe"
	"github.com/astroapi/astroapi/tables"
)

// StarReference is what the star tables need of the Swiss Ephemeris;
// *swe.Ephemeris implements it. A Reference without it (the analytic
// stand-in of the unit tests) gets no star tables.
type StarReference interface {
	FixStar2UT(name string, jd float64, iflag int32) (found string, xx [6]float64, retflag int32, err error)
}

// starPlan: one segment per 1024 days and degree 20 before truncation
// (what remains of a star's motion once aberration and deflection are
// taken out is smooth; see tables.KindStar). Chosen by TestStarPlans.
var starPlan = plan{1024, 20}

// TolStarArcsec is the tolerance of the star tables in longitude and
// latitude and of the apparent positions served from them, arcseconds:
// the planets' (the issue asks for 1").
var TolStarArcsec = TolArcsec

// StarSamples is the number of random instants at which the apparent
// position of every star, as tables.Set.Star serves it, is checked against
// swe_fixstar2_ut.
const StarSamples = 5_000

// starSpec is the table of one catalog star (tables.KindStar): its
// geocentric ecliptic direction in the mean equinox of date without light
// deflection, swe_fixstar2_ut(SEFLG_NONUT|SEFLG_NOGDEFL), with the annual
// aberration of tables.StarFrame taken out again (the frame built from
// swe_calc_ut's Sun and nutation, as the table's reader builds it from
// theirs).
func starSpec(ref Reference, sr StarReference, s *stars.Info) *spec {
	name := s.SEName()
	return &spec{
		kind: tables.KindStar, name: s.Key(), seg: starPlan.seg, degree: starPlan.degree, samples: Samples / 20,
		what: "geocentric ecliptic longitude and latitude (deg) of " + s.Name + " (" + name + " in sefstars.txt), mean equinox of date, without light deflection and annual aberration: swe_fixstar2_ut(SEFLG_SWIEPH|SEFLG_NONUT|SEFLG_NOGDEFL) less the aberration of tables.StarFrame; tables.Set.Star restores deflection, aberration and nutation",
		q: []quantity{
			{name: tables.CompLongitude, unit: "arcsec", wrap: true, tol: TolStarArcsec, mul: 3600, rel: -1, speedOf: -1},
			{name: tables.CompLatitude, unit: "arcsec", tol: TolStarArcsec, mul: 3600, rel: -1, speedOf: -1},
		},
		sample: func(jd float64, out []float64) error {
			_, xx, ret, err := sr.FixStar2UT(name, jd, swe.FlagSwissEph|swe.FlagNoNut|swe.FlagNoDeflect)
			if err != nil {
				return err
			}
			if ret&swe.FlagMoshier != 0 {
				return fmt.Errorf("served by Moshier, not the files")
			}
			f, err := starFrame(ref, jd)
			if err != nil {
				return err
			}
			out[0], out[1] = f.Unaberrate(xx[0], xx[1])
			return nil
		},
	}
}

// starFrame is tables.StarFrame at jd from libswe's Sun and nutation.
func starFrame(ref Reference, jd float64) (tables.StarFrame, error) {
	xs, _, err := ref.CalcUT(jd, swe.SEBody(engine.Sun), swe.FlagSwissEph|swe.FlagSpeed, 0)
	if err != nil {
		return tables.StarFrame{}, err
	}
	// The nutation and, by a central difference over 0.02 day (the
	// 13.7-day term's rate changes by 1e-9 deg/day across it), its rate.
	var dpsi [3]float64
	for i, dt := range []float64{0, -0.01, 0.01} {
		xn, _, err := ref.CalcUT(jd+dt, swe.EclNut, swe.FlagSwissEph, 0)
		if err != nil {
			return tables.StarFrame{}, err
		}
		dpsi[i] = xn[2]
	}
	sun := engine.Position{Longitude: xs[0], Latitude: xs[1], Distance: xs[2], SpeedLongitude: xs[3], SpeedLatitude: xs[4], SpeedDistance: xs[5]}
	return tables.NewStarFrame(sun, dpsi[0], (dpsi[2]-dpsi[1])/0.02), nil
}

// starSpecs lists the star tables, none when ref cannot compute stars.
func starSpecs(ref Reference) []*spec {
	sr, ok := ref.(StarReference)
	if !ok {
		return nil
	}
	var out []*spec
	for i := range stars.Catalog() {
		out = append(out, starSpec(ref, sr, &stars.Catalog()[i]))
	}
	return out
}

// verifyStars checks the apparent positions tables.Set.Star serves (a star
// table with the Sun's and the nutation tables) against
// swe_fixstar2_ut(SEFLG_SWIEPH) at StarSamples random instants per star.
func verifyStars(ref Reference, ts []*tables.Table, workers int, log io.Writer) error {
	return verifyStarsN(ref, ts, StarSamples, workers, seed+7, log)
}

// verifyStarsN is verifyStars with n instants per star drawn from seed s.
func verifyStarsN(ref Reference, ts []*tables.Table, n, workers int, s uint64, log io.Writer) error {
	sr, ok := ref.(StarReference)
	if !ok {
		return nil
	}
	set, err := tables.NewSet(tables.FileMeta{From: From, To: To}, ts)
	if err != nil {
		return err
	}
	worst := positionWorst{}
	served := 0
	for i := range stars.Catalog() {
		st := &stars.Catalog()[i]
		w, k, err := checkPositions(n, workers, s, uint64(i+1)<<48, func(jd float64) (engine.Position, bool) {
			return set.Star(engine.JDUT(jd), st.Key())
		}, func(jd float64) ([6]float64, error) {
			_, xx, _, err := sr.FixStar2UT(st.SEName(), jd, swe.FlagSwissEph)
			if err != nil {
				return xx, fmt.Errorf("star %s at JD %.5f: %w", st.Name, jd, err)
			}
			return xx, nil
		})
		if err != nil {
			return err
		}
		served += k
		if !(w.lon <= TolStarArcsec && w.lat <= TolStarArcsec) {
			return fmt.Errorf("star %s, apparent (table, deflection, aberration, nutation): worst lon %.3g\" lat %.3g\": %w", st.Name, w.lon, w.lat, errTolerance)
		}
		worst.lon, worst.lat = math.Max(worst.lon, w.lon), math.Max(worst.lat, w.lat)
	}
	fmt.Fprintf(log, "stars    apparent      x %d served of %d: worst lon %.2g\" lat %.2g\"\n", served, n*stars.Count, worst.lon, worst.lat)
	return nil
}
