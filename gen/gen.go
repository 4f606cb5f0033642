package gen

import (
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"time"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/swe"
	"github.com/astroapi/astroapi/tables"
)

// Version names the generator in the file and table metadata; bump it when
// the fitting changes what a table holds.
const Version = "astroapi-gen/2"

// The span of the tables, JD UT. The swe-basic-data files answer from
// 2378496.5 (1800-01-01 0h) for the Moon but, with light time and delta T,
// only from 2378496.74 for Pluto, and to 2597648.4; the tables take the
// whole days inside: 1800-01-01 12h UT to 2400-01-01 0h UT.
const (
	From = 2378497.0
	To   = 2597641.5
)

// Samples is the number of random verification instants per table.
const Samples = 100_000

// Tolerances, shared by the generator and the file test (see doc.go).
const (
	TolArcsec        = 0.001                    // longitude, latitude, ayanamsa, obliquity, nutation
	TolSpeed         = 1e-5                     // degrees/day
	TolDistance      = 1e-8                     // fraction of the distance
	TolDistanceSpeed = TolSpeed * math.Pi / 180 // fraction of the distance, per day
)

// Config configures Tables.
type Config struct {
	EphePath string // Swiss Ephemeris files; "" for swe.DefaultPath
	Out      string // the table file to write, e.g. data/ephemeris.bolt
	Workers  int    // parallel workers; <= 0 for all CPUs
}

// Reference is what the generator needs of the Swiss Ephemeris;
// *swe.Ephemeris implements it.
type Reference interface {
	CalcUT(jd float64, ipl, iflag, sidMode int32) (xx [6]float64, retflag int32, err error)
	Ayanamsa(t engine.JDUT, a engine.Ayanamsa) (float64, error)
	MeanAyanamsa(t engine.JDUT, a engine.Ayanamsa) (float64, error)
	DeltaT(t engine.JDUT) float64
	MoonSegments() (start, days float64, err error)
}

// plan is the segment length (days) and fitting degree chosen for a body:
// the shortest file within tolerance found by gen's tuning test.
type plan struct {
	seg    float64
	degree int
}

// bodyPlans: the True Node is not here; trueNodeSpec lays out its table.
var bodyPlans = map[engine.Body]plan{
	engine.Sun: {8, 16}, engine.Moon: {8, 20}, engine.Mercury: {8, 16}, engine.Venus: {8, 16},
	engine.Mars: {16, 16}, engine.Jupiter: {16, 16}, engine.Saturn: {16, 16}, engine.Uranus: {16, 16},
	engine.Neptune: {16, 16}, engine.Pluto: {16, 16}, engine.MeanNode: {16, 13},
	engine.MeanLilith: {16, 16}, engine.Chiron: {16, 16}, engine.Ceres: {16, 16}, engine.Pallas: {16, 16},
	engine.Juno: {16, 16}, engine.Vesta: {16, 16},
}

var (
	nutationPlan = plan{8, 16}
	// The mean ayanamsas of a reference epoch and the precession are
	// nearly linear (those measured from a star are not tabled: specs).
	ayanamsaPlan = plan{512, 16}
	deltaTPlan   = plan{32, 12}
	// trueNodeDegree is the fitting degree of the True Node over one
	// segment of the Moon file (27.55 days), cut further where needed.
	trueNodeDegree = 32
)

// TolNodeDistanceSpeed is the tolerance of the True Node's distance rate,
// relative per day: libswe's own values scatter by 2e-6 (trueNodeSpec).
const TolNodeDistanceSpeed = 1e-5

// TolDeltaT is the tolerance of the delta T table, seconds. libswe's delta
// T steps by about a millisecond at some year boundaries (1.26 ms at
// 1950-01-01 0h UT), which no polynomial follows to less than half the
// step; 2 ms moves the True Node, the only body read through the table, by
// under 0.0003" (at 3 deg/day), and verifyTT checks the two together.
const TolDeltaT = 2e-3

// nodeGuard is the stretch at each join of the Moon file's segments that
// the True Node table leaves to libswe: libswe's node speed is a difference
// of the node at t -/+ 1e-4 day (NODE_CALC_INTV in sweph.h), which
// straddles a join when t is that close to it.
const nodeGuard = 2e-4

// bodySpec is the table of body b: apparent longitude, latitude and
// distance and their rates from swe_calc_ut(SEFLG_SWIEPH|SEFLG_SPEED). It
// refuses instants the files do not serve (Moshier answering instead).
func bodySpec(ref Reference, b engine.Body, p plan) *spec {
	ipl := swe.SEBody(b)
	const dist = 2
	return &spec{
		kind: tables.KindBody, name: tables.BodyKey(b), seg: p.seg, degree: p.degree, samples: Samples,
		what: "apparent geocentric ecliptic longitude, latitude (deg) and distance (AU) of date, true equinox, swe_calc_ut(SEFLG_SWIEPH|SEFLG_SPEED) of " + b.String(),
		q: []quantity{
			{name: tables.CompLongitude, unit: "arcsec", wrap: true, tol: TolArcsec, mul: 3600, rel: -1, speedOf: -1},
			{name: tables.CompLatitude, unit: "arcsec", tol: TolArcsec, mul: 3600, rel: -1, speedOf: -1},
			{name: tables.CompDistance, unit: "relative", tol: TolDistance, mul: 1, rel: dist, speedOf: -1},
			{name: tables.CompSpeedLongitude, unit: "deg/day", tol: TolSpeed, mul: 1, rel: -1, speedOf: 0},
			{name: tables.CompSpeedLatitude, unit: "deg/day", tol: TolSpeed, mul: 1, rel: -1, speedOf: 1},
			{name: tables.CompSpeedDistance, unit: "relative/day", tol: TolDistanceSpeed, mul: 1, rel: dist, speedOf: 2},
		},
		sample: func(jd float64, out []float64) error {
			xx, ret, err := ref.CalcUT(jd, ipl, swe.FlagSwissEph|swe.FlagSpeed, 0)
			if err != nil {
				return err
			}
			if ret&swe.FlagMoshier != 0 {
				return fmt.Errorf("served by Moshier, not the files")
			}
			copy(out, xx[:])
			return nil
		},
	}
}

// trueNodeSpec is the table of the True Node. libswe derives it from the
// Moon's osculating orbit, so it is smooth only within one segment of the
// Moon file and jumps (by a few 1e-4 deg/day in speed) where two segments
// meet. The table therefore runs in TT with the file's own segments, each
// fitted separately, and leaves nodeGuard on each side of a join to libswe.
func trueNodeSpec(ref Reference, degree int) (*spec, error) {
	start, days, err := ref.MoonSegments()
	if err != nil {
		return nil, err
	}
	sp := bodySpec(ref, engine.TrueNode, plan{days, degree})
	sp.what = "apparent geocentric ecliptic longitude, latitude (deg) and distance (AU) of date, true equinox, swe_calc_ut(SEFLG_SWIEPH|SEFLG_SPEED) of True Node, by JD TT, one segment per segment of the Moon file"
	sp.timeScale, sp.guard = tables.TimeTT, nodeGuard
	// libswe's node distance rate is a difference quotient over 2e-4 day of
	// distances good to ~1e-12 AU: it scatters by ~5e-9 AU/day, 2e-6 of
	// the distance per day (seen at JD 2488415.9), which no fit follows.
	for i := range sp.q {
		if sp.q[i].name == tables.CompSpeedDistance {
			sp.q[i].tol = TolNodeDistanceSpeed
		}
	}
	first := math.Floor((From + ref.DeltaT(From) - start) / days)
	last := math.Ceil((To + ref.DeltaT(To) - start) / days)
	sp.from, sp.to = start+first*days, start+last*days
	byUT := sp.sample
	sp.sample = func(tt float64, out []float64) error { return byUT(utOf(ref, tt), out) }
	return sp, nil
}

// utOf returns the UT instant whose TT is tt (delta T changes by well under
// a second per day, so two corrections converge).
func utOf(ref Reference, tt float64) float64 {
	ut := tt - ref.DeltaT(engine.JDUT(tt))
	for range 2 {
		ut = tt - ref.DeltaT(engine.JDUT(ut))
	}
	return ut
}

// deltaTSpec is the table of delta T (TT - UT) by UT, through which the
// tables in TT are read.
func deltaTSpec(ref Reference, p plan) *spec {
	return &spec{
		kind: tables.KindDeltaT, name: string(tables.KindDeltaT), seg: p.seg, degree: p.degree, samples: Samples,
		what: "delta T = TT - UT (days) by JD UT, swe_deltat_ex(SEFLG_SWIEPH)",
		q: []quantity{
			{name: tables.CompDeltaT, unit: "s", tol: TolDeltaT, mul: 86400, rel: -1, speedOf: -1},
		},
		sample: func(jd float64, out []float64) error {
			out[0] = ref.DeltaT(engine.JDUT(jd))
			return nil
		},
	}
}

// nutationSpec is the table of true obliquity and nutation in longitude.
func nutationSpec(ref Reference, p plan) *spec {
	return &spec{
		kind: tables.KindNutation, name: string(tables.KindNutation), seg: p.seg, degree: p.degree, samples: Samples,
		what: "true obliquity of the ecliptic and nutation in longitude (deg), swe_calc_ut(SE_ECL_NUT)",
		q: []quantity{
			{name: tables.CompObliquity, unit: "arcsec", tol: TolArcsec, mul: 3600, rel: -1, speedOf: -1},
			{name: tables.CompNutation, unit: "arcsec", tol: TolArcsec, mul: 3600, rel: -1, speedOf: -1},
		},
		sample: func(jd float64, out []float64) error {
			xx, _, err := ref.CalcUT(jd, swe.EclNut, swe.FlagSwissEph, 0)
			if err != nil {
				return err
			}
			out[0], out[1] = xx[0], xx[2]
			return nil
		},
	}
}

// ayanamsaSpec is the table of ayanamsa a without nutation (the mean
// ayanamsa, tables.CompAyanamsaMean): the set adds the nutation table's
// nutation in longitude, and verifyAyanamsas checks the sum against
// libswe's ayanamsa with nutation.
func ayanamsaSpec(ref Reference, a engine.Ayanamsa, p plan) *spec {
	return &spec{
		kind: tables.KindAyanamsa, name: string(a), seg: p.seg, degree: p.degree, samples: Samples,
		what: "mean ayanamsa " + string(a) + " (deg), swe_get_ayanamsa_ex_ut(SEFLG_SWIEPH|SEFLG_NONUT); served with the nutation table's nutation in longitude added",
		q: []quantity{
			{name: tables.CompAyanamsaMean, unit: "arcsec", wrap: true, tol: TolArcsec, mul: 3600, rel: -1, speedOf: -1},
		},
		sample: func(jd float64, out []float64) error {
			v, err := ref.MeanAyanamsa(engine.JDUT(jd), a)
			out[0] = v
			return err
		},
	}
}

// starAyanamsa reports whether ayanamsa a is measured from a star, the
// galactic centre or the galactic equator (the Swiss Ephemeris computes it
// from swe_fixstar rather than from a reference epoch and the precession).
func starAyanamsa(a engine.Ayanamsa) bool {
	switch a {
	case engine.TrueCitra, engine.TrueRevati, engine.TruePushya, engine.TrueMula, engine.TrueSheoran,
		engine.GalacticCenter0Sag, engine.GalacticCenterGilBrand, engine.GalacticCenterMulaWilhelm,
		engine.GalacticCenterCochrane, engine.GalacticEquatorIAU1958, engine.GalacticEquatorTrue,
		engine.GalacticEquatorMula:
		return true
	}
	return false
}

// specs lists every table the generator builds.
func specs(ref Reference) ([]*spec, error) {
	var out []*spec
	for _, b := range engine.AllBodies() {
		if p, ok := bodyPlans[b]; ok {
			out = append(out, bodySpec(ref, b, p))
		}
	}
	node, err := trueNodeSpec(ref, trueNodeDegree)
	if err != nil {
		return nil, err
	}
	out = append(out, node, deltaTSpec(ref, deltaTPlan))
	out = append(out, nutationSpec(ref, nutationPlan))
	for _, a := range engine.Ayanamsas {
		// An ayanamsa measured from a star or the galactic plane follows
		// the star's apparent place (aberration, nutation, proper motion):
		// true_pushya missed 0.001" in 604 of 6,849 32-day segments even
		// at 32 coefficients. Those twelve come from libswe on each call
		// (about 1 ms a chart), the epoch-and-precession ones from tables.
		if starAyanamsa(a) {
			continue
		}
		out = append(out, ayanamsaSpec(ref, a, ayanamsaPlan))
	}
	return out, nil
}

// Tables fits, verifies and writes every table to cfg.Out, logging each
// table's layout and worst errors to log. It writes nothing and returns an
// error when any table misses its tolerance.
func Tables(cfg Config, log io.Writer) error {
	if cfg.Out == "" {
		return fmt.Errorf("gen: no output file")
	}
	if cfg.Workers <= 0 {
		cfg.Workers = runtime.NumCPU()
	}
	eph, err := swe.Open(cfg.EphePath)
	if err != nil {
		return fmt.Errorf("gen: %w", err)
	}
	return build(eph, cfg, log)
}

// build is Tables with the reference injected.
func build(ref Reference, cfg Config, log io.Writer) error {
	start := time.Now()
	var out []*tables.Table
	var failed []error
	all, err := specs(ref)
	if err != nil {
		return fmt.Errorf("gen: %w", err)
	}
	all = append(all, starSpecs(ref)...) // stars.go
	for _, sp := range all {
		t0 := time.Now()
		from, to := sp.span()
		tab, err := fitTable(sp, from, to, cfg.Workers)
		if err != nil {
			return fmt.Errorf("gen: %w", err)
		}
		checks, err := verify(sp, tab, sp.samples, cfg.Workers)
		if checks == nil {
			return fmt.Errorf("gen: %w", err)
		}
		if err != nil {
			failed = append(failed, err)
		}
		tab.Meta.Verified = checks
		out = append(out, tab)
		logTable(log, tab, time.Since(t0))
	}
	if err := verifyTT(ref, out, cfg.Workers, log); err != nil {
		failed = append(failed, err)
	}
	if err := verifyAyanamsas(ref, out, cfg.Workers, log); err != nil {
		failed = append(failed, err)
	}
	if err := verifySidereal(ref, out, cfg.Workers, log); err != nil {
		failed = append(failed, err)
	}
	if err := verifyStars(ref, out, cfg.Workers, log); err != nil { // stars.go
		failed = append(failed, err)
	}
	records, err := eclipseCatalog(ref, cfg.Workers, log) // eclipses.go
	if err != nil {
		failed = append(failed, err)
	}
	terms, err := solarTerms(ref, cfg.Workers, log) // solarterms.go
	if err != nil {
		failed = append(failed, err)
	}
	if len(failed) > 0 {
		for _, err := range failed {
			fmt.Fprintln(log, "FAIL", err)
		}
		return fmt.Errorf("gen: %d table(s) missed the tolerance; %s not written: %w", len(failed), cfg.Out, failed[0])
	}
	fm := tables.FileMeta{Generator: Version, From: From, To: To,
		Ephemeris: "Swiss Ephemeris 2.10 (libswe), files sepl_18/semo_18/seas_18 from " + ephePath(cfg.EphePath)}
	if err := tables.Write(cfg.Out, fm, out, records...); err != nil {
		return fmt.Errorf("gen: %w", err)
	}
	if err := writeSolarTerms(cfg.Out, terms); err != nil {
		return err
	}
	size := int64(0)
	if st, err := os.Stat(cfg.Out); err == nil {
		size = st.Size()
	}
	fmt.Fprintf(log, "wrote %s: %d tables, %.1f MB, in %s with %d workers\n", cfg.Out, len(out), float64(size)/1e6, time.Since(start).Round(time.Millisecond), cfg.Workers)
	return nil
}

func ephePath(p string) string {
	if p == "" {
		return swe.DefaultPath
	}
	return p
}

// logTable prints one table's layout and its worst errors.
func logTable(w io.Writer, t *tables.Table, d time.Duration) {
	m := &t.Meta
	fmt.Fprintf(w, "%-8s %-13s seg %3gd x%6d", m.Kind, m.Name, m.SegmentDays, m.Segments)
	for _, c := range m.Components {
		fmt.Fprintf(w, " %s:%d", short(c.Name), c.Degree)
	}
	parts, holes := 0, 0
	for _, s := range t.Split() {
		if s == tables.Hole {
			holes++
		} else {
			parts += 1<<s - 1
		}
	}
	fmt.Fprintf(w, " +%d parts, %d holes, %6.2f MB %6s |", parts, holes, float64(8*len(t.Coefficients()))/1e6, d.Round(100*time.Millisecond))
	for _, c := range m.Verified {
		mark := ""
		if !(c.Worst <= c.Tolerance) {
			mark = "!"
		}
		src := ""
		if c.Method != "" {
			src = "'"
		}
		fmt.Fprintf(w, " %s%s %.2g%s", short(c.Quantity), src, c.Worst, mark)
	}
	fmt.Fprintln(w)
}

func short(name string) string {
	switch name {
	case tables.CompLongitude:
		return "lon"
	case tables.CompLatitude:
		return "lat"
	case tables.CompDistance:
		return "dist"
	case tables.CompSpeedLongitude:
		return "vlon"
	case tables.CompSpeedLatitude:
		return "vlat"
	case tables.CompSpeedDistance:
		return "vdist"
	case tables.CompNutation:
		return "dpsi"
	case tables.CompObliquity:
		return "eps"
	case tables.CompAyanamsa:
		return "aya"
	}
	return name
}
