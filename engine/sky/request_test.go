package sky

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/moment"
	"github.com/astroapi/astroapi/engine/resolve"
)

func ip(v int) *int         { return &v }
func fp(v float64) *float64 { return &v }
func fixed() *resolve.Fixed {
	return &resolve.Fixed{Time: time.Date(2024, 6, 15, 12, 0, 0, 0, time.UTC)}
}
func fields(err error) []string {
	var fs engine.Fields
	if err := fs.Add(err); err != nil {
		return []string{"not a field error: " + err.Error()}
	}
	var out []string
	for _, f := range fs {
		out = append(out, f.Field)
	}
	return out
}

// TestZodiacResolve: tropical by default, lahiri for a sidereal zodiac
// that names none, an ayanamsa with the tropical zodiac cleared with a
// notice (the echo states the zodiac used).
func TestZodiacResolve(t *testing.T) {
	for _, c := range []struct {
		name string
		in   Zodiac
		want Zodiac
		note bool
	}{
		{"Default", Zodiac{}, Zodiac{ZodiacType: engine.Tropical}, false},
		{"SiderealLahiri", Zodiac{ZodiacType: engine.Sidereal}, Zodiac{ZodiacType: engine.Sidereal, Ayanamsa: engine.Lahiri}, false},
		{"SiderealKP", Zodiac{ZodiacType: engine.Sidereal, Ayanamsa: "kp"}, Zodiac{ZodiacType: engine.Sidereal, Ayanamsa: "kp"}, false},
		{"TropicalAyanamsa", Zodiac{Ayanamsa: "raman"}, Zodiac{ZodiacType: engine.Tropical}, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := fixed()
			z := c.in
			if err := z.Resolve(f, "p."); err != nil {
				t.Fatal(err)
			}
			if z != c.want || (len(f.Notes) > 0) != c.note {
				t.Errorf("%+v, notes %q", z, f.Notes)
			}
			if c.note && !strings.HasPrefix(f.Notes[0], "p.ayanamsa") {
				t.Errorf("note %q does not name p.ayanamsa", f.Notes[0])
			}
		})
	}
}

// TestPlanetsRequestResolve: the bodies are read in any spelling and
// written back as keys (all of them when omitted), the viewpoint's rules
// hold, and every bad field is named with the prefix.
func TestPlanetsRequestResolve(t *testing.T) {
	f := fixed()
	r := PlanetsRequest{Bodies: []string{"Sun", "True Node", "mean-node"}, Viewpoint: Viewpoint{Center: Topocentric, Latitude: fp(48.85), Longitude: fp(2.35)}}
	if err := r.Resolve(f, ""); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"sun", "true_node", "mean_node"}, r.Bodies); diff != "" {
		t.Errorf("bodies (-want +got):\n%s", diff)
	}
	o := r.Options()
	if o.Observer == nil || o.Observer.Altitude != 0 || r.Altitude == nil || *r.Altitude != 0 || o.Center != Topocentric || !f.NowUsed || !r.Input.Resolved().Now {
		t.Errorf("options %+v, altitude %v, now %v", o, r.Altitude, f.NowUsed)
	}
	r = PlanetsRequest{Input: moment.Input{Datetime: "2024-03-20T03:06:00Z"}}
	if err := r.Resolve(fixed(), ""); err != nil || len(r.Bodies) != len(engine.AllBodies()) || r.Center != Geocentric || r.ZodiacType != engine.Tropical {
		t.Errorf("defaults: %v %+v", err, r)
	}
	for _, c := range []struct {
		name string
		r    PlanetsRequest
		want []string
	}{
		{"ErrBodies", PlanetsRequest{Bodies: []string{"sun", "vulcan", "Sun"}}, []string{"p.bodies[1]", "p.bodies[2]"}},
		{"ErrBodiesEmpty", PlanetsRequest{Bodies: []string{}}, []string{"p.bodies"}},
		{"ErrTopocentric", PlanetsRequest{Viewpoint: Viewpoint{Center: Topocentric}}, []string{"p.latitude", "p.longitude"}},
		{"ErrEverything", PlanetsRequest{Input: moment.Input{Hour: ip(3)}, Bodies: []string{"earth"}, Viewpoint: Viewpoint{Center: Topocentric, Latitude: fp(1)}},
			[]string{"p.year", "p.month", "p.day", "p.longitude", "p.bodies[0]"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := c.r
			if diff := cmp.Diff(c.want, fields(r.Resolve(fixed(), "p."))); diff != "" {
				t.Errorf("fields (-want +got):\n%s", diff)
			}
		})
	}
}

// TestViewpointIgnored: an observer sent with another centre is cleared,
// with a notice.
func TestViewpointIgnored(t *testing.T) {
	f := fixed()
	v := Viewpoint{Center: Heliocentric, Latitude: fp(1), Altitude: fp(5)}
	if err := v.Resolve(f, ""); err != nil || v.Latitude != nil || v.Altitude != nil || len(f.Notes) != 1 || v.Observer() != nil {
		t.Errorf("%v %+v %q", err, v, f.Notes)
	}
}

// TestSpanRequests: the span rules of each range request (end after
// start, at most its days), the bodies of a station search, the table's
// rows, and the defaults written back.
func TestSpanRequests(t *testing.T) {
	rg := func(start, end string) moment.Range { return moment.Range{Start: start, End: end} }
	for _, c := range []struct {
		name string
		r    resolve.Resolver
		want []string
	}{
		{"StationsOK", &StationsRequest{Range: rg("2024-01-01", "2033-12-31")}, nil},
		{"StationsTooLong", &StationsRequest{Range: rg("2024-01-01", "2034-01-03")}, []string{"end"}},
		{"StationsBackwards", &StationsRequest{Range: rg("2024-01-01", "2023-01-01")}, []string{"end"}},
		{"StationsSun", &StationsRequest{Range: rg("2024-01-01", "2024-02-01"), Bodies: []string{"mercury", "sun"}}, []string{"bodies[1]"}},
		{"StationsBadStartAndBody", &StationsRequest{Range: rg("2024-02-30", "2024-03-01"), Bodies: []string{"moon"}}, []string{"start", "bodies[0]"}},
		{"PhasesOK", &PhasesRequest{Range: moment.Range{Year: ip(2024)}}, nil},
		{"PhasesTooLong", &PhasesRequest{Range: rg("2024-01-01", "2026-01-02")}, []string{"end"}},
		{"PhasesZero", &PhasesRequest{Range: rg("2024-01-01", "2024-01-01")}, []string{"end"}},
		{"VoidPeriodsTooLong", &VoidPeriodsRequest{Range: rg("2024-01-01", "2026-06-01")}, []string{"end"}},
		{"EphemerisOneRow", &EphemerisRequest{Range: rg("2024-01-01", "2024-01-01")}, nil},
		{"EphemerisTooManyRows", &EphemerisRequest{Range: rg("2024-01-01", "2027-01-01"), StepUnit: Hours}, []string{"end"}},
		{"EphemerisBackwards", &EphemerisRequest{Range: rg("2024-01-02", "2024-01-01")}, []string{"end"}},
		{"EphemerisBodies", &EphemerisRequest{Range: rg("2024-01-01", "2024-01-02"), Bodies: []string{"pluto", "earth"}}, []string{"bodies[1]"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			if diff := cmp.Diff(c.want, fields(c.r.Resolve(fixed(), ""))); diff != "" {
				t.Errorf("fields (-want +got):\n%s", diff)
			}
		})
	}
	s := StationsRequest{Range: moment.Range{Year: ip(2024)}}
	if err := s.Resolve(fixed(), ""); err != nil || !slices.Equal(s.Bodies, keys(StationPlanets)) || s.Start != "2024-01-01T00:00:00" || s.Year != nil {
		t.Errorf("stations echo: %v %+v", err, s)
	}
	e := EphemerisRequest{Range: moment.Range{Year: ip(2024)}}
	if err := e.Resolve(fixed(), ""); err != nil || e.Step == nil || *e.Step != 1 || e.StepUnit != Days || !slices.Equal(e.Bodies, keys(DefaultEphemerisBodies)) || e.Options().Rows() != 367 {
		t.Errorf("ephemeris echo: %v %+v (%d rows)", err, e, e.Options().Rows())
	}
	v := VoidPeriodsRequest{Range: moment.Range{Year: ip(2024)}}
	if err := v.Resolve(fixed(), ""); err != nil || v.Planets != Traditional {
		t.Errorf("void periods echo: %v %+v", err, v)
	}
}

// TestRequestsCompute: a resolved request computes what its options do.
func TestRequestsCompute(t *testing.T) {
	pos, _, _ := sources(t)
	f := fixed()
	r := PlanetsRequest{Input: moment.Input{Datetime: "2024-03-20T03:06:00Z"}, Bodies: []string{"sun"}}
	if err := r.Resolve(f, ""); err != nil {
		t.Fatal(err)
	}
	got, err := r.Planets(pos, f)
	if err != nil {
		t.Fatal(err)
	}
	want, err := PlanetsAt(pos, engine.JDOf(time.Date(2024, 3, 20, 3, 6, 0, 0, time.UTC)), PlanetsOptions{Bodies: []engine.Body{engine.Sun}})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	// Outside the files: the Moshier notice.
	f = fixed()
	m := MoonRequest{Input: moment.Input{Datetime: "1500-06-01T00:00:00Z"}}
	if err := m.Input.Resolve(f, ""); err != nil {
		t.Fatal(err)
	}
	if _, err := m.Moon(pos, f); err != nil || !slices.Contains(f.Notes, engine.MoshierNote) {
		t.Errorf("moon in 1500: %v, notes %q", err, f.Notes)
	}
	// A table the ephemeris cannot serve names bodies.
	eph := EphemerisRequest{Range: moment.Range{Start: "1799-06-01", End: "1800-06-01"}, Bodies: []string{"sun", "chiron"}}
	if err := eph.Resolve(fixed(), ""); err != nil {
		t.Fatal(err)
	}
	if _, _, err := eph.Table(pos); !slices.Equal(fields(err), []string{"bodies"}) {
		t.Errorf("chiron before 1800: %v", err)
	}
}
