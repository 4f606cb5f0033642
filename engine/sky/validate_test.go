package sky

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/accuracy/measure"
)

// fieldsOf returns the fields named by a validation error.
func fieldsOf(err error) []string {
	var fs engine.Fields
	if !errors.As(err, &fs) {
		return nil
	}
	var out []string
	for _, f := range fs {
		out = append(out, f.Field)
	}
	return out
}

// TestValidation: bad input is refused with field errors, before any
// calculation, never a panic or another error.
func TestValidation(t *testing.T) {
	pos, _, _ := sources(t)
	jd := engine.JDOf(time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC))
	nan := engine.JDUT(math.NaN())
	cases := []struct {
		name string
		run  func() error
		want []string
	}{
		{"PlanetsErrAyanamsa", func() error { _, err := PlanetsAt(pos, jd, PlanetsOptions{Sidereal: "vedic"}); return err }, []string{"ayanamsa"}},
		{"PlanetsErrCenter", func() error { _, err := PlanetsAt(pos, jd, PlanetsOptions{Center: "barycentric"}); return err }, []string{"center"}},
		{"PlanetsErrTopoNoObserver", func() error { _, err := PlanetsAt(pos, jd, PlanetsOptions{Center: Topocentric}); return err }, []string{"latitude"}},
		{"PlanetsErrTopoObserver", func() error {
			_, err := PlanetsAt(pos, jd, PlanetsOptions{Center: Topocentric, Observer: &engine.Observer{Latitude: 91, Longitude: -181, Altitude: 20000}})
			return err
		}, []string{"latitude", "longitude", "altitude"}},
		{"PlanetsErrBody", func() error { _, err := PlanetsAt(pos, jd, PlanetsOptions{Bodies: []engine.Body{99}}); return err }, []string{"bodies[0]"}},
		{"StationsErrSpan", func() error { _, err := FindStations(pos, StationsOptions{Start: jd, End: jd + 4000}); return err }, []string{"end"}},
		{"StationsErrNegative", func() error { _, err := FindStations(pos, StationsOptions{Start: jd, End: jd - 1}); return err }, []string{"end"}},
		{"StationsErrSun", func() error {
			_, err := FindStations(pos, StationsOptions{Start: jd, End: jd + 10, Bodies: []engine.Body{engine.Mars, engine.Sun}})
			return err
		}, []string{"bodies[1]"}},
		{"StationsErrNaN", func() error { _, err := FindStations(pos, StationsOptions{Start: nan, End: jd}); return err }, []string{"start"}},
		{"PhasesErrSpan", func() error { _, err := MoonPhases(pos, RangeOptions{Start: jd, End: jd + 800}); return err }, []string{"end"}},
		{"PhasesErrEmpty", func() error { _, err := MoonPhases(pos, RangeOptions{Start: jd, End: jd}); return err }, []string{"end"}},
		{"IngressesErrAyanamsa", func() error {
			_, err := MoonIngresses(pos, RangeOptions{Start: jd, End: jd + 1, Sidereal: "x"})
			return err
		}, []string{"ayanamsa"}},
		{"MoonErrAyanamsa", func() error { _, err := MoonAt(pos, jd, MoonOptions{Sidereal: "x"}); return err }, []string{"ayanamsa"}},
		{"VoidErrPlanets", func() error { _, err := VoidAt(pos, jd, VoidOptions{Planets: "all"}); return err }, []string{"planets"}},
		{"VoidErrSpan", func() error {
			_, err := VoidPeriods(pos, VoidRangeOptions{Start: jd, End: jd + 1000, VoidOptions: VoidOptions{Sidereal: "y"}})
			return err
		}, []string{"end", "ayanamsa"}},
		{"EphemerisErrStep0", func() error { return Ephemeris(pos, EphemerisOptions{Start: jd, End: jd + 1}, nil) }, []string{"step"}},
		{"EphemerisErrUnit", func() error {
			return Ephemeris(pos, EphemerisOptions{Start: jd, End: jd + 1, Step: 1, Unit: "weeks"}, nil)
		}, []string{"step_unit"}},
		{"EphemerisErrRows", func() error {
			return Ephemeris(pos, EphemerisOptions{Start: jd, End: jd + 1000, Step: 1, Unit: Hours}, nil)
		}, []string{"end"}},
		{"EphemerisErrNegative", func() error { return Ephemeris(pos, EphemerisOptions{Start: jd, End: jd - 1, Step: 1}, nil) }, []string{"end"}},
		{"EphemerisErrBody", func() error {
			return Ephemeris(pos, EphemerisOptions{Start: jd, End: jd, Step: 1, Bodies: []engine.Body{-1}}, nil)
		}, []string{"bodies[0]"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if diff := cmp.Diff(c.want, fieldsOf(c.run())); diff != "" {
				t.Errorf("fields (-want +got):\n%s", diff)
			}
		})
	}
	// The row bound says how to split.
	err := EphemerisOptions{Start: jd, End: jd + 1000, Step: 1, Unit: Hours}.Validate().Err()
	if !strings.Contains(err.Error(), "24001 rows") || !strings.Contains(err.Error(), "833.3 days") {
		t.Errorf("row bound message: %v", err)
	}
}

func TestParseBodies(t *testing.T) {
	got, errs := ParseBodies("bodies", []string{"Sun", "true node", "MEAN_NODE", "lilith", "chiron"})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	if diff := cmp.Diff([]engine.Body{engine.Sun, engine.TrueNode, engine.MeanNode, engine.MeanLilith, engine.Chiron}, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	_, errs = ParseBodies("bodies", []string{"sun", "eris", "Sun"})
	if diff := cmp.Diff([]string{"bodies[1]", "bodies[2]"}, fieldsOf(errs)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if n := len(BodyKey("").EnumValues()); n != len(engine.AllBodies()) {
		t.Errorf("%d keys", n)
	}
}

// TestPhaseNames pins the boundaries of the two eight-phase schemes.
func TestPhaseNames(t *testing.T) {
	for _, c := range []struct {
		e float64
		p PhaseName
		l LunationPhase
	}{
		{0, PhaseNew, LunationNew}, {22.49, PhaseNew, LunationNew}, {22.5, PhaseWaxingCrescent, LunationNew},
		{45, PhaseWaxingCrescent, LunationCrescent}, {67.5, PhaseFirstQuarter, LunationCrescent}, {90, PhaseFirstQuarter, LunationFirstQuarter},
		{112.5, PhaseWaxingGibbous, LunationFirstQuarter}, {135, PhaseWaxingGibbous, LunationGibbous}, {157.5, PhaseFull, LunationGibbous},
		{180, PhaseFull, LunationFull}, {202.5, PhaseWaningGibbous, LunationFull}, {225, PhaseWaningGibbous, LunationDisseminating},
		{247.5, PhaseLastQuarter, LunationDisseminating}, {270, PhaseLastQuarter, LunationLastQuarter}, {292.5, PhaseWaningCrescent, LunationLastQuarter},
		{315, PhaseWaningCrescent, LunationBalsamic}, {337.5, PhaseNew, LunationBalsamic}, {359.99, PhaseNew, LunationBalsamic},
	} {
		if p, l := PhaseOf(c.e), LunationPhaseOf(c.e); p != c.p || l != c.l {
			t.Errorf("%g°: %s %s, want %s %s", c.e, p, l, c.p, c.l)
		}
	}
}

// TestMoonProperties: over two years the quarters follow each other in
// order 6.5-8.3 days apart; the age grows from 0 at a new moon; the next
// quarters of MoonAt are the first of each kind in MoonPhases.
func TestMoonProperties(t *testing.T) {
	pos, _, _ := sources(t)
	start := engine.JDOf(time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC))
	ph, err := MoonPhases(pos, RangeOptions{Start: start, End: start + MaxRangeDays})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(ph.Phases); n < 97 || n > 100 {
		t.Errorf("%d quarters in two years", n)
	}
	for i := 1; i < len(ph.Phases); i++ {
		a, b := ph.Phases[i-1], ph.Phases[i]
		d := b.Instant.JD - a.Instant.JD
		if !(6.4 <= d && d <= 8.4) || b.Quarter != quarters[(indexOf(a.Quarter)+1)%4] {
			t.Errorf("%s %v then %s %v (%.2f days)", a.Quarter, a.Instant.Datetime, b.Quarter, b.Instant.Datetime, d)
		}
	}
	m, err := MoonAt(pos, start, MoonOptions{})
	if err != nil {
		t.Fatal(err)
	}
	next := map[Quarter]QuarterEvent{}
	for _, q := range ph.Phases {
		if _, ok := next[q.Quarter]; !ok {
			next[q.Quarter] = q
		}
	}
	for _, q := range []QuarterEvent{m.NextNewMoon, m.NextFirstQuarter, m.NextFullMoon, m.NextLastQuarter} {
		if q != next[q.Quarter] {
			t.Errorf("MoonAt's next %s %v, MoonPhases %v", q.Quarter, q.Instant, next[q.Quarter].Instant)
		}
	}
	if !(0 <= m.AgeDays && m.AgeDays <= 29.9) || measure.Over(math.Abs(float64(start)-m.AgeDays-m.PreviousNewMoon.Instant.JD), 1e-9) {
		t.Errorf("age %v, previous new moon %v", m.AgeDays, m.PreviousNewMoon.Instant)
	}
	// Sidereal: the same instants, longitudes less the ayanamsa.
	sid, err := MoonPhases(pos, RangeOptions{Start: start, End: start + 60, Sidereal: engine.Lahiri})
	if err != nil {
		t.Fatal(err)
	}
	for i, q := range sid.Phases {
		tq := ph.Phases[i]
		aya, _ := pos.Ayanamsa(engine.JDUT(q.Instant.JD), engine.Lahiri)
		if q.Instant != tq.Instant || measure.Over(sepArcsec(q.Longitude+aya, tq.Longitude), 0.01) {
			t.Errorf("sidereal %s: %v %.6f, tropical %v %.6f", q.Quarter, q.Instant, q.Longitude, tq.Instant, tq.Longitude)
		}
	}
}

func indexOf(q Quarter) int {
	for i, x := range quarters {
		if x == q {
			return i
		}
	}
	return -1
}

// TestStationProperties: stations of each planet alternate, and each
// period's shadow contains it, starting and ending at the longitudes of its
// stations.
func TestStationProperties(t *testing.T) {
	pos, _, _ := sources(t)
	start := engine.JDOf(time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC))
	r, err := FindStations(pos, StationsOptions{Start: start, End: start + 3*365.25, Bodies: StationBodies()})
	if err != nil {
		t.Fatal(err)
	}
	last := map[BodyKey]StationKind{}
	for _, s := range r.Stations {
		if last[s.Key] == s.Kind {
			t.Errorf("%s: two %s in a row at %v", s.Name, s.Kind, s.Instant.Datetime)
		}
		last[s.Key] = s.Kind
	}
	for _, p := range r.Periods {
		if p.Shadow == nil {
			t.Errorf("%s %v: no shadow", p.Name, p.Start.Instant.Datetime)
			continue
		}
		if !(p.Shadow.Start.JD < p.Start.Instant.JD && p.End.Instant.JD < p.Shadow.End.JD) {
			t.Errorf("%s %v: shadow %v-%v does not contain the run", p.Name, p.Start.Instant.Datetime, p.Shadow.Start.Datetime, p.Shadow.End.Datetime)
		}
		b, _ := ParseBody(string(p.Key))
		for _, c := range []struct {
			at  float64
			lon float64
		}{{p.Shadow.Start.JD, p.End.Longitude}, {p.Shadow.End.JD, p.Start.Longitude}} {
			q, _ := pos.Position(engine.JDUT(c.at), b, engine.Options{})
			if e := sepArcsec(q.Longitude, c.lon); measure.Over(e, 0.1) {
				t.Errorf("%s shadow at %v: longitude off by %.2f\"", p.Name, c.at, e)
			}
		}
		if d := p.Days; !(15 <= d && d <= 170) {
			t.Errorf("%s: %.1f-day retrograde", p.Name, d)
		}
	}
	if len(r.Periods) < 30 {
		t.Errorf("%d periods", len(r.Periods))
	}
}

// TestEphemerisRows: rows fall on the steps, the bound holds, the callback
// error stops the table, and CSV and JSON carry the same numbers as the
// Row, which match PlanetsAt.
func TestEphemerisRows(t *testing.T) {
	pos, _, _ := sources(t)
	start := engine.JDOf(time.Date(2024, 2, 28, 6, 0, 0, 0, time.UTC))
	o := EphemerisOptions{Start: start, End: start + 3, Step: 12, Unit: Hours, Bodies: []engine.Body{engine.Moon, engine.Chiron}, Sidereal: engine.Lahiri}
	if o.Rows() != 7 {
		t.Fatalf("%d rows", o.Rows())
	}
	h, err := o.Header(pos)
	if err != nil {
		t.Fatal(err)
	}
	var csvOut, jsonOut bytes.Buffer
	csvOut.Write(AppendCSVHeader(nil, o.Bodies))
	var times []string
	err = Ephemeris(pos, o, func(r *Row) error {
		times = append(times, r.Datetime.Format(time.RFC3339))
		csvOut.Write(r.AppendCSV(nil))
		jsonOut.Write(r.AppendJSON(nil))
		jsonOut.WriteByte('\n')
		p, err := PlanetsAt(pos, engine.JDUT(r.JD), PlanetsOptions{Bodies: o.Bodies, Sidereal: o.Sidereal})
		if err != nil {
			return err
		}
		for i, q := range p.Planets {
			g := r.Positions[i]
			if g.Longitude != q.Longitude || g.Latitude != q.Latitude || g.Speed != q.Speed || measure.Over(math.Abs(g.Declination-q.Declination), 1e-12) || g.Sign != q.Sign {
				t.Errorf("%v %s: row %+v, planets %+v", r.Datetime, q.Name, g, q)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"2024-02-28T06:00:00Z", "2024-02-28T18:00:00Z", "2024-02-29T06:00:00Z", "2024-02-29T18:00:00Z", "2024-03-01T06:00:00Z", "2024-03-01T18:00:00Z", "2024-03-02T06:00:00Z"}
	if diff := cmp.Diff(want, times); diff != "" {
		t.Errorf("row times (-want +got):\n%s", diff)
	}
	recs, err := csv.NewReader(&csvOut).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(h.Columns, recs[0]); diff != "" || len(recs) != 8 || len(recs[1]) != len(h.Columns) {
		t.Errorf("CSV: %d records, columns (-want +got):\n%s", len(recs), diff)
	}
	dec := json.NewDecoder(&jsonOut)
	for i := 0; dec.More(); i++ {
		var r Row
		if err := dec.Decode(&r); err != nil {
			t.Fatalf("row %d: %v", i, err)
		}
		if r.Datetime.Format(time.RFC3339) != want[i] || len(r.Positions) != 2 || r.Positions[1].Name != "Chiron" || r.Source != engine.FromTables {
			t.Errorf("JSON row %d: %+v", i, r)
		}
	}
	stop := errors.New("stop")
	n := 0
	if err := Ephemeris(pos, o, func(*Row) error { n++; return stop }); err != stop || n != 1 {
		t.Errorf("callback error: %v after %d rows", err, n)
	}
	// Asteroids outside their files stop the table with ErrOutOfRange.
	old := EphemerisOptions{Start: 2300000, End: 2300002, Step: 1, Bodies: []engine.Body{engine.Vesta}}
	if err := Ephemeris(pos, old, func(*Row) error { return nil }); !errors.Is(err, engine.ErrOutOfRange) {
		t.Errorf("Vesta in 1585: %v", err)
	}
}

// TestAsteroids: the five minor bodies at an instant, and none outside
// the files, with the reason.
func TestAsteroids(t *testing.T) {
	pos, _, _ := sources(t)
	a, err := AsteroidsAt(pos, engine.JDOf(time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)), AsteroidsOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, p := range a.Asteroids {
		names = append(names, p.Name)
	}
	if diff := cmp.Diff([]string{"Chiron", "Ceres", "Pallas", "Juno", "Vesta"}, names); diff != "" || a.Source != engine.FromTables {
		t.Errorf("asteroids (-want +got):\n%s, source %s", diff, a.Source)
	}
	old, err := AsteroidsAt(pos, 2300000, AsteroidsOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(old.Asteroids) != 0 || len(old.Omitted) != 5 {
		t.Errorf("1585: %d asteroids, %d omitted", len(old.Asteroids), len(old.Omitted))
	}
	served := 0
	for _, m := range a.Catalog {
		if m.Available {
			served++
			if _, ok := ParseBody(string(m.Key)); !ok {
				t.Errorf("catalog %s: key %q is not a body", m.Name, m.Key)
			}
		}
	}
	if served != len(AsteroidBodies) {
		t.Errorf("%d served in the catalogue", served)
	}
}

// TestPublishedPhases: the Moon's phases of early 2024 as the US Naval
// Observatory publishes them ("Phases of the Moon", Astronomical
// Applications Department, UT to the minute).
func TestPublishedPhases(t *testing.T) {
	pos, _, _ := sources(t)
	start := engine.JDOf(time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC))
	ph, err := MoonPhases(pos, RangeOptions{Start: start, End: start + 45})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"last_quarter 2024-01-04T03:30:00Z", "new_moon 2024-01-11T11:57:00Z", "first_quarter 2024-01-18T03:53:00Z",
		"full_moon 2024-01-25T17:54:00Z", "last_quarter 2024-02-02T23:18:00Z", "new_moon 2024-02-09T22:59:00Z",
	}
	var got []string
	for _, q := range ph.Phases[:len(want)] {
		got = append(got, string(q.Quarter)+" "+q.Instant.Datetime.Format(time.RFC3339))
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-USNO +got):\n%s", diff)
	}
}
