package tables

import (
	"encoding/binary"
	"math"
	"path/filepath"
	"testing"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/accuracy/measure"
)

// analytic is a made-up body whose position and speeds are known in closed
// form: a longitude that runs through many turns, a periodic latitude and
// a slowly growing distance.
func analytic(jd float64) (lon, lat, dist, dlon, dlat, ddist float64) {
	u := jd - 2451545
	lon = 100 + 13.2*u + 6*math.Sin(u/4.3)
	dlon = 13.2 + 6/4.3*math.Cos(u/4.3)
	lat = 5 * math.Sin(u/27.2)
	dlat = 5 / 27.2 * math.Cos(u/27.2)
	dist = 0.0025 + 1e-7*u
	ddist = 1e-7
	return
}

// fitAnalytic fits the analytic body over [from, to] the way package gen
// fits real ones: the longitude unwrapped within each segment.
// Segment i is cut into 2^split(i) parts.
func fitAnalytic(t *testing.T, from, to, seg float64, degree int, split func(i int) uint8) *Table {
	t.Helper()
	n := int(math.Ceil((to - from) / seg))
	m := Meta{Format: FormatVersion, Kind: KindBody, Name: BodyKey(engine.Moon), From: from, To: to, SegmentDays: seg, Segments: n,
		Components: []Component{
			{Name: CompLongitude, Unit: "deg", Degree: degree, Wrap: true},
			{Name: CompLatitude, Unit: "deg", Degree: degree},
			{Name: CompDistance, Unit: "AU", Degree: 2},
		}}
	f := NewFitter(degree)
	var coef []float64
	lon, lat, dist := make([]float64, degree+1), make([]float64, degree+1), make([]float64, degree+1)
	c := make([]float64, degree+1)
	var splits []uint8
	for i := range n {
		a0, b0 := m.Bounds(i)
		s := split(i)
		splits = append(splits, s)
		parts := 1 << s
		for p := range parts {
			a, b := a0+(b0-a0)*float64(p)/float64(parts), a0+(b0-a0)*float64(p+1)/float64(parts)
			for k, jd := range f.Times(a, b, nil) {
				lon[k], lat[k], dist[k], _, _, _ = analytic(jd)
				lon[k] = math.Mod(lon[k], 360)
				if k > 0 { // unwrap against the previous node
					lon[k] = lon[k-1] + math.Remainder(lon[k]-lon[k-1], 360)
				}
			}
			f.Fit(lon, c)
			coef = append(coef, c...)
			f.Fit(lat, c)
			coef = append(coef, c...)
			f.Fit(dist, c)
			coef = append(coef, c[:3]...)
		}
	}
	tab, err := NewTable(m, coef, splits)
	if err != nil {
		t.Fatal(err)
	}
	return tab
}

func TestWriteOpenPosition(t *testing.T) {
	t.Run("Uniform", func(t *testing.T) { testWriteOpenPosition(t, func(int) uint8 { return 0 }, 5e-8) })
	// Shorter sub-segments amplify the rounding of their node instants
	// (40 µs at JD 2.4e6) in the derivative: ~6e-9 deg x degree^2 / days.
	t.Run("Split", func(t *testing.T) { testWriteOpenPosition(t, func(i int) uint8 { return uint8(i % 3) }, 1e-6) })
}

func testWriteOpenPosition(t *testing.T, split func(int) uint8, tolSpeed float64) {
	from, to := 2451545.0, 2451545.0+1000.3 // a last segment overlapping its neighbour
	tab := fitAnalytic(t, from, to, 4, 16, split)
	path := filepath.Join(t.TempDir(), "t.bolt")
	fm := FileMeta{Generator: "test", From: from, To: to}
	if err := Write(path, fm, []*Table{tab}); err != nil {
		t.Fatal(err)
	}
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if f, tt := s.Range(); float64(f) != from || float64(tt) != to {
		t.Errorf("Range = %v, %v", f, tt)
	}
	const tolArcsec = 1e-4 // the fit of this degree is good to ~1e-5"
	for i := 0; i <= 20000; i++ {
		jd := from + (to-from)*float64(i)/20000
		p, ok := s.Position(engine.JDUT(jd), engine.Moon)
		if !ok {
			t.Fatalf("no position at %f", jd)
		}
		lon, lat, dist, dlon, dlat, ddist := analytic(jd)
		if e := math.Abs(math.Remainder(p.Longitude-lon, 360)) * 3600; measure.Over(e, tolArcsec) || !(0 <= p.Longitude && p.Longitude < 360) {
			t.Fatalf("lon at %f: %f vs %f (%g\")", jd, p.Longitude, math.Mod(lon, 360), e)
		}
		if e := math.Abs(p.Latitude-lat) * 3600; measure.Over(e, tolArcsec) {
			t.Fatalf("lat at %f: error %g\"", jd, e)
		}
		if e := math.Abs(p.Distance - dist); measure.Over(e, 1e-15) {
			t.Fatalf("dist at %f: error %g AU", jd, e)
		}
		if e := math.Abs(p.SpeedLongitude - dlon); measure.Over(e, tolSpeed) { // the interpolant's derivative is worst at the ends
			t.Fatalf("speed lon at %f: error %g", jd, e)
		}
		if e := math.Abs(p.SpeedLatitude - dlat); measure.Over(e, tolSpeed) {
			t.Fatalf("speed lat at %f: error %g", jd, e)
		}
		if e := math.Abs(p.SpeedDistance - ddist); measure.Over(e, 1e-15) {
			t.Fatalf("speed dist at %f: error %g", jd, e)
		}
		if p.Source != engine.FromTables {
			t.Fatalf("source %q", p.Source)
		}
	}
	for _, jd := range []float64{from - 1e-6, to + 1e-6, math.NaN()} {
		if _, ok := s.Position(engine.JDUT(jd), engine.Moon); ok {
			t.Errorf("position at %f outside the table", jd)
		}
	}
	if _, ok := s.Position(engine.JDUT(from+1), engine.Sun); ok {
		t.Error("position of a body without a table")
	}
	if _, ok := s.Position(engine.JDUT(from+1), engine.Body(-1)); ok {
		t.Error("position of an invalid body")
	}
	if _, _, ok := s.Obliquity(engine.JDUT(from + 1)); ok {
		t.Error("obliquity without a table")
	}
	allocs := testing.AllocsPerRun(100, func() { s.Position(engine.JDUT(from+10.5), engine.Moon) })
	if allocs != 0 {
		t.Errorf("Position allocates %v times", allocs)
	}
}

func TestOpenRejects(t *testing.T) {
	dir := t.TempDir()
	if _, err := Open(filepath.Join(dir, "missing.bolt")); err == nil {
		t.Error("opened a missing file")
	}
	if _, err := NewTable(Meta{Format: FormatVersion + 1}, nil, nil); err == nil {
		t.Error("accepted a future format")
	}
	m := Meta{Format: FormatVersion, Kind: KindBody, Name: "x", From: 0, To: 10, SegmentDays: 4, Segments: 3,
		Components: []Component{{Name: CompLongitude, Degree: 1}}}
	if _, err := NewTable(m, make([]float64, 5), nil); err == nil {
		t.Error("accepted a short coefficient blob")
	}
	m.Segments = 2 // 2 x 4 days do not reach 10
	if _, err := NewTable(m, make([]float64, 4), nil); err == nil {
		t.Error("accepted segments that do not tile the span")
	}
}

// TestFloats decodes blobs in place and, misaligned, by copying.
func TestFloats(t *testing.T) {
	buf := make([]byte, 8*4+1)
	want := []float64{1.5, -2.25, math.Pi, 1e-300}
	for _, shift := range []int{0, 1} {
		b := buf[shift : shift+32]
		for i, v := range want {
			binary.LittleEndian.PutUint64(b[8*i:], math.Float64bits(v))
		}
		got := floats(b)
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("shift %d: [%d] = %v, want %v", shift, i, got[i], want[i])
			}
		}
	}
}

// TestTimeTTAndGuard: a body table in TT is read at t + delta T from the
// delta T table, not at all without one, and not within its guard of a
// segment boundary.
func TestTimeTTAndGuard(t *testing.T) {
	from, seg := 2451545.0, 16.0
	tab := fitAnalytic(t, from, from+seg*20, seg, 20, func(int) uint8 { return 0 })
	tab.Meta.Name = BodyKey(engine.TrueNode)
	tab.Meta.TimeScale, tab.Meta.GuardDays = TimeTT, 0.01
	const dt = 70.0 / 86400
	dm := Meta{Format: FormatVersion, Kind: KindDeltaT, Name: string(KindDeltaT), From: from - 32, To: from + 32*12, SegmentDays: 32, Segments: 13,
		Components: []Component{{Name: CompDeltaT, Unit: "days", Degree: 0}}}
	coef := make([]float64, 13)
	for i := range coef {
		coef[i] = dt
	}
	dtab, err := NewTable(dm, coef, nil)
	if err != nil {
		t.Fatal(err)
	}

	without, err := NewSet(FileMeta{}, []*Table{tab})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := without.Position(engine.JDUT(from+5), engine.TrueNode); ok {
		t.Error("a TT table served without a delta T table")
	}

	set, err := NewSet(FileMeta{}, []*Table{tab, dtab})
	if err != nil {
		t.Fatal(err)
	}
	if v, ok := set.DeltaT(engine.JDUT(from + 100)); !ok || v != dt {
		t.Errorf("DeltaT = %v, %v; want %v", v, ok, dt)
	}
	for _, ut := range []float64{from + 5, from + 100.25, from + 300} {
		p, ok := set.Position(engine.JDUT(ut), engine.TrueNode)
		if !ok {
			t.Fatalf("no position at UT %v", ut)
		}
		lon, _, _, dlon, _, _ := analytic(ut + dt)
		if d := math.Abs(math.Remainder(p.Longitude-lon, 360)); measure.Over(d, 1e-9) {
			t.Errorf("UT %v: longitude %v, want %v (the table at TT)", ut, p.Longitude, math.Mod(lon, 360))
		}
		if measure.Over(math.Abs(p.SpeedLongitude-dlon), 1e-6) {
			t.Errorf("UT %v: speed %v, want %v", ut, p.SpeedLongitude, dlon)
		}
	}
	// Segment boundary at from+seg*3 (TT): refused within 0.01 day, served outside.
	join := from + seg*3 - dt
	for _, c := range []struct {
		off float64
		ok  bool
	}{{-0.02, true}, {-0.005, false}, {0, false}, {0.005, false}, {0.02, true}} {
		if _, ok := set.Position(engine.JDUT(join+c.off), engine.TrueNode); ok != c.ok {
			t.Errorf("%+.3f day from a join: served %v, want %v", c.off, ok, c.ok)
		}
	}
}

// TestEcliptic: Ecliptic gives Position's longitude and its speed bit for
// bit, its latitude to rounding (a Clenshaw sum without the derivative's
// recurrence), and nothing else.
func TestEcliptic(t *testing.T) {
	from := 2451545.0
	for _, split := range []func(int) uint8{func(int) uint8 { return 0 }, func(i int) uint8 { return uint8(i % 3) }} {
		tab := fitAnalytic(t, from, from+16*40, 16, 20, split)
		set, err := NewSet(FileMeta{}, []*Table{tab})
		if err != nil {
			t.Fatal(err)
		}
		for k := range 1000 {
			jd := engine.JDUT(from + float64(k)*0.637)
			full, ok1 := set.Position(jd, engine.Moon)
			e, ok2 := set.Ecliptic(jd, engine.Moon)
			if !ok1 || !ok2 {
				t.Fatalf("JD %v not served", jd)
			}
			want := engine.Position{Longitude: full.Longitude, Latitude: e.Latitude, SpeedLongitude: full.SpeedLongitude, Source: full.Source}
			if e != want || measure.Over(math.Abs(e.Latitude-full.Latitude), 1e-12) {
				t.Fatalf("JD %v: Ecliptic %+v, Position %+v", jd, e, full)
			}
		}
	}
}
