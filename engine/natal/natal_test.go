package natal

import (
	"math"
	"testing"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/accuracy/measure"
	"github.com/astroapi/astroapi/engine/aspects"
	"github.com/astroapi/astroapi/engine/houses"
	"github.com/astroapi/astroapi/engine/swe"
)

// ephemeris opens the Swiss Ephemeris, skipping when it is not installed
// (failing in CI, which installs it).
func ephemeris(t testing.TB) *swe.Ephemeris {
	t.Helper()
	e, err := swe.Open("")
	if err != nil {
		measure.Missing(t, err)
	}
	return e
}

func sepArcsec(a, b float64) float64 { return math.Abs(math.Remainder(a-b, 360)) * 3600 }

// London, 1990-07-14 12:00 UT (JD 2448087.0).
var london = Birth{JD: 2448087.0, Latitude: 51.5074, Longitude: -0.1278}

func TestComputeAgainstSwe(t *testing.T) {
	e := ephemeris(t)
	for _, o := range []Options{{}, {Sidereal: engine.Lahiri, HouseSystem: engine.Koch}, {Node: MeanNode, IncludeAsteroids: true}} {
		c, err := Compute(e, london, o)
		if err != nil {
			t.Fatal(err)
		}
		want := 14 // Sun..Pluto, two nodes, Lilith, Chiron
		if o.IncludeAsteroids {
			want += 4
		}
		if len(c.Planets) != want {
			t.Fatalf("%d planets: %+v", len(c.Planets), c.Planets)
		}
		for _, p := range c.Planets {
			body, ok := bodyByName(p.Name, o.Node)
			if !ok {
				continue
			}
			eq, err := e.Position(london.JD, body, engine.Options{Equatorial: true})
			if err != nil {
				t.Fatal(err)
			}
			ecl, err := e.Position(london.JD, body, engine.Options{Sidereal: o.Sidereal})
			if err != nil {
				t.Fatal(err)
			}
			// Declination from the formula vs the Swiss Ephemeris' own
			// equatorial coordinates: within 0.01".
			if d := math.Abs(p.Declination-eq.Latitude) * 3600; measure.Over(d, 0.01) {
				t.Errorf("%v %s declination %.6f, swe %.6f (%.4f\")", o, p.Name, p.Declination, eq.Latitude, d)
			}
			if d := sepArcsec(p.Longitude, ecl.Longitude); measure.Over(d, 1e-6) {
				t.Errorf("%s longitude %.6f, swe %.6f", p.Name, p.Longitude, ecl.Longitude)
			}
			if p.Retrograde != (ecl.SpeedLongitude < 0) {
				t.Errorf("%s retrograde flag", p.Name)
			}
		}
		// Every planet sits in the house whose cusps enclose it.
		var cusps [12]float64
		for i, cu := range c.Houses.Cusps {
			cusps[i] = cu.Longitude
		}
		for _, p := range c.Planets {
			a, b := cusps[p.House-1], cusps[p.House%12]
			if engine.Normalize(p.Longitude-a) >= engine.Normalize(b-a) {
				t.Errorf("%s at %.3f not in house %d (%.3f-%.3f)", p.Name, p.Longitude, p.House, a, b)
			}
		}
		// South Node opposite the North Node.
		if measure.Over(sepArcsec(c.Planets[10].Longitude+180, c.Planets[11].Longitude), 1e-6) || c.Planets[11].Name != SouthNode {
			t.Errorf("south node %+v vs %+v", c.Planets[11], c.Planets[10])
		}
	}
}

func bodyByName(name string, node Node) (engine.Body, bool) {
	switch name {
	case NorthNode:
		if node == MeanNode {
			return engine.MeanNode, true
		}
		return engine.TrueNode, true
	case SouthNode:
		return 0, false
	}
	for _, b := range engine.AllBodies() {
		if b.String() == name {
			return b, true
		}
	}
	return 0, false
}

func TestPartOfFortune(t *testing.T) {
	e := ephemeris(t)
	c, err := Compute(e, london, Options{})
	if err != nil {
		t.Fatal(err)
	}
	sun, moon, asc := c.Planets[0].Longitude, c.Planets[1].Longitude, c.Ascendant.Longitude
	// Noon in London in July: the Sun is high, a day chart.
	if !c.Conventions.DayChart || c.Planets[0].House < 7 {
		t.Fatalf("noon chart not diurnal: Sun in house %d", c.Planets[0].House)
	}
	if d := sepArcsec(c.PartOfFortune.Longitude, asc+moon-sun); measure.Over(d, 1e-6) {
		t.Errorf("day PoF %.4f, want %.4f", c.PartOfFortune.Longitude, engine.Normalize(asc+moon-sun))
	}
	night := london
	night.JD += 0.5 // midnight
	n, err := Compute(e, night, Options{})
	if err != nil {
		t.Fatal(err)
	}
	sun, moon, asc = n.Planets[0].Longitude, n.Planets[1].Longitude, n.Ascendant.Longitude
	if n.Conventions.DayChart || n.Planets[0].House >= 7 {
		t.Fatalf("midnight chart diurnal: Sun in house %d", n.Planets[0].House)
	}
	if d := sepArcsec(n.PartOfFortune.Longitude, asc+sun-moon); measure.Over(d, 1e-6) {
		t.Errorf("night PoF %.4f", n.PartOfFortune.Longitude)
	}
}

func TestPolarFallback(t *testing.T) {
	e := ephemeris(t)
	tromso := Birth{JD: london.JD, Latitude: 69.65, Longitude: 18.96}
	c, err := Compute(e, tromso, Options{HouseSystem: engine.Placidus})
	if err != nil {
		t.Fatal(err)
	}
	if c.Houses.System != houses.Fallback || !c.Houses.Fallback || c.Houses.RequestedSystem != engine.Placidus {
		t.Errorf("polar Placidus: %+v", c.Houses)
	}
	c, err = Compute(e, tromso, Options{HouseSystem: engine.Regiomontanus})
	if err != nil {
		t.Fatal(err)
	}
	if c.Houses.System != engine.Regiomontanus || c.Houses.Fallback {
		t.Errorf("polar Regiomontanus: %+v", c.Houses)
	}
}

// Inside the polar circle the Swiss Ephemeris may turn Campanus houses
// clockwise; planets still land in the house whose cusps enclose them.
func TestPolarClockwiseHouses(t *testing.T) {
	e := ephemeris(t)
	b := Birth{JD: 2541297.4734, Latitude: -71.363, Longitude: 100.302}
	c, err := Compute(e, b, Options{HouseSystem: engine.Campanus})
	if err != nil {
		t.Fatal(err)
	}
	cw := engine.Normalize(c.Houses.Cusps[1].Longitude-c.Houses.Cusps[0].Longitude) > 180
	if !cw {
		t.Fatalf("expected clockwise cusps here: %+v", c.Houses.Cusps)
	}
	for _, p := range c.Planets {
		a, z := c.Houses.Cusps[p.House-1].Longitude, c.Houses.Cusps[p.House%12].Longitude
		if engine.Normalize(a-p.Longitude) >= engine.Normalize(a-z) {
			t.Errorf("%s at %.3f not in clockwise house %d (%.3f-%.3f)", p.Name, p.Longitude, p.House, a, z)
		}
	}
}

func TestAspectsInChart(t *testing.T) {
	e := ephemeris(t)
	c, err := Compute(e, london, Options{MinorAspects: true})
	if err != nil {
		t.Fatal(err)
	}
	lon := map[string]float64{"Ascendant": c.Ascendant.Longitude, "Midheaven": c.Midheaven.Longitude}
	for _, p := range c.Planets {
		lon[p.Name] = p.Longitude
	}
	orbs := aspects.DefaultOrbs(true)
	for _, a := range c.Aspects {
		if a.Point1 == SouthNode || a.Point2 == SouthNode {
			t.Errorf("South Node aspected: %+v", a)
		}
		sep := aspects.Separation(lon[a.Point1], lon[a.Point2])
		if measure.Over(math.Abs(sep-a.Separation), 1e-9) || measure.Over(a.Orb, orbs[a.Aspect]) {
			t.Errorf("aspect %+v: separation %.4f", a, sep)
		}
	}
	if len(c.Aspects) == 0 {
		t.Error("no aspects in a full chart")
	}
}

func TestValidation(t *testing.T) {
	e := ephemeris(t)
	for _, c := range []struct {
		name  string
		b     Birth
		o     Options
		field string
	}{
		{"ErrHouseSystem", london, Options{HouseSystem: "topocentric"}, "house_system"},
		{"ErrAyanamsa", london, Options{Sidereal: "galactic"}, "ayanamsa"},
		{"ErrNode", london, Options{Node: "osculating"}, "node_type"},
		{"ErrLatitude", Birth{JD: london.JD, Latitude: 95}, Options{}, "latitude"},
		{"ErrLongitude", Birth{JD: london.JD, Longitude: -181}, Options{}, "longitude"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Compute(e, c.b, c.o)
			var field string
			switch x := err.(type) {
			case engine.Fields:
				field = x[0].Field
			case *engine.FieldError:
				field = x.Field
			}
			if field != c.field {
				t.Errorf("got %v, want error on %s", err, c.field)
			}
		})
	}
}

func BenchmarkComputeSwe(b *testing.B) {
	e := ephemeris(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Compute(e, london, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// recorded is a Positions that answers from values recorded from another
// source, so a benchmark can time the chart's own work without the
// ephemeris behind it.
type recorded struct {
	pos    map[engine.Body]engine.Position
	houses engine.Houses
	eps    float64
}

func record(t testing.TB, e engine.Positions, b Birth, o Options) *recorded {
	r := &recorded{pos: map[engine.Body]engine.Position{}}
	for _, body := range engine.AllBodies() {
		p, err := e.Position(b.JD, body, engine.Options{Sidereal: o.Sidereal})
		if err != nil {
			t.Fatal(err)
		}
		r.pos[body] = p
	}
	var err error
	if r.houses, err = e.Houses(b.JD, b.Latitude, b.Longitude, engine.Placidus, o.Sidereal); err != nil {
		t.Fatal(err)
	}
	if r.eps, _, err = e.Obliquity(b.JD); err != nil {
		t.Fatal(err)
	}
	return r
}

func (r *recorded) Position(_ engine.JDUT, b engine.Body, _ engine.Options) (engine.Position, error) {
	return r.pos[b], nil
}

func (r *recorded) Houses(engine.JDUT, float64, float64, engine.HouseSystem, engine.Ayanamsa) (engine.Houses, error) {
	return r.houses, nil
}
func (r *recorded) Ayanamsa(engine.JDUT, engine.Ayanamsa) (float64, error) { return 24, nil }
func (r *recorded) Obliquity(engine.JDUT) (float64, float64, error)        { return r.eps, 0, nil }

// BenchmarkComputeOwnWork is the chart without the ephemeris: what remains
// on top of the position source (placement, aspects, patterns, result).
func BenchmarkComputeOwnWork(b *testing.B) {
	r := record(b, ephemeris(b), london, Options{})
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Compute(r, london, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSweHouses times the one swe_houses_ex2 call of a chart.
func BenchmarkSweHouses(b *testing.B) {
	e := ephemeris(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := e.Houses(london.JD, london.Latitude, london.Longitude, engine.Placidus, ""); err != nil {
			b.Fatal(err)
		}
	}
}

// Outside the files (here 1700) the planets come from Moshier and Chiron
// is left out, named in Omitted, instead of failing the chart.
func TestOutsideFiles(t *testing.T) {
	e := ephemeris(t)
	c, err := Compute(e, Birth{JD: 2341972.5, Latitude: 48.85, Longitude: 2.35}, Options{IncludeAsteroids: true}) // 1700-01-01
	if err != nil {
		t.Fatal(err)
	}
	if c.Source != engine.FromMoshier || len(c.Omitted) != 5 || c.Omitted[0] != "Chiron" || len(c.Planets) != 13 {
		t.Errorf("source %s, omitted %v, %d planets", c.Source, c.Omitted, len(c.Planets))
	}
}

// goHouses is recorded positions (standing in for table lookups, which
// cost tens of nanoseconds) with houses computed in Go by houses.Compute:
// the shape of a table-backed chart.
type goHouses struct{ *recorded }

func (g goHouses) Houses(t engine.JDUT, lat, lon float64, sys engine.HouseSystem, sid engine.Ayanamsa) (engine.Houses, error) {
	h, _, err := houses.Compute(g.recorded, t, lat, lon, sys, sid)
	return h, err
}

// BenchmarkComputeTablesLike times a chart whose positions cost nothing
// and whose houses are computed in Go: what a tables-backed source leaves.
func BenchmarkComputeTablesLike(b *testing.B) {
	g := goHouses{record(b, ephemeris(b), london, Options{})}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Compute(g, london, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
