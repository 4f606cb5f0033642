package tables

import (
	"errors"
	"math"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/accuracy/measure"
)

// TestEclipseRecordsRoundTrip writes a table and an eclipse catalog beside
// it, opens the file, and reads both back unchanged; the table loader
// passes over the records' bucket.
func TestEclipseRecordsRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "e.bolt")
	tab := testTable(t)
	rng := rand.New(rand.NewPCG(1, 2))
	var es []Eclipse
	for i := range 500 {
		es = append(es, Eclipse{Kind: "lunar", Type: "partial", Max: 2451545 + float64(i)*173.31 + rng.Float64(),
			Magnitude: rng.Float64(), PenumbralMagnitude: 1 + rng.Float64(), Gamma: rng.NormFloat64(),
			PartialDuration: 3600 * rng.Float64(), SarosSeries: 100 + i%40, SarosMember: 1 + i/40,
			SunLongitude: 360 * rng.Float64(), MoonLongitude: 360 * rng.Float64(), MoonLatitude: rng.NormFloat64(),
			MoonLatitudeSpeed: rng.NormFloat64(), Latitude: 0, Longitude: 0})
	}
	m := EclipseMeta{Generator: "test", From: 2451545, To: 2541545, Lunar: len(es), Checks: []string{"none"}}
	recs, err := EclipseRecords(m, es)
	if err != nil {
		t.Fatal(err)
	}
	if err := Write(path, FileMeta{From: 2451545, To: 2451545 + 64}, []*Table{tab}, recs...); err != nil {
		t.Fatal(err)
	}
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if s.Table(tab.Meta.Kind, tab.Meta.Name) == nil {
		t.Fatal("table lost")
	}
	gm, ges, err := s.Eclipses()
	if err != nil {
		t.Fatal(err)
	}
	m.Format = EclipseFormat
	if diff := cmp.Diff(m, gm); diff != "" {
		t.Errorf("meta (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(es, ges); diff != "" {
		t.Errorf("eclipses (-want +got):\n%s", diff)
	}
	if s.Record(KindEclipse, "nothing") != nil || s.Record("no_such_kind", "x") != nil {
		t.Error("a missing record is not nil")
	}
	t.Run("ErrNoEclipses", func(t *testing.T) {
		set, _ := NewSet(FileMeta{}, []*Table{tab})
		if _, _, err := set.Eclipses(); !errors.Is(err, ErrNoEclipses) {
			t.Fatal(err)
		}
	})
	t.Run("ErrReservedBucket", func(t *testing.T) {
		err := Write(filepath.Join(t.TempDir(), "f.bolt"), FileMeta{From: 2451545, To: 2451545 + 64}, []*Table{tab},
			Records{Kind: bucketFile, Key: "x", Value: []byte("y")})
		if err == nil {
			t.Fatal("records in the file bucket accepted")
		}
	})
}

// testTable is a small valid table: one constant component.
func testTable(t *testing.T) *Table {
	t.Helper()
	m := Meta{Format: FormatVersion, Kind: KindNutation, Name: string(KindNutation), From: 2451545, To: 2451545 + 64,
		SegmentDays: 64, Segments: 1, Components: []Component{{Name: CompNutation, Unit: "deg", Degree: 0}, {Name: CompObliquity, Unit: "deg", Degree: 0}}}
	tab, err := NewTable(m, []float64{0.004, 23.44}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return tab
}

// TestAberrationInverse: Unaberrate undoes the aberration Apparent applies
// (to 1e-9 arcsecond), at random directions and for the Earth's speed in
// every direction.
func TestAberrationInverse(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 10000 {
		sun := engine.Position{Longitude: 360 * rng.Float64(), Latitude: 1e-4 * rng.NormFloat64(), Distance: 0.983 + 0.034*rng.Float64(),
			SpeedLongitude: 0.95 + 0.07*rng.Float64(), SpeedDistance: 3e-4 * rng.NormFloat64()}
		f := NewStarFrame(sun, 0.005*rng.NormFloat64(), 1e-5*rng.NormFloat64())
		lon, lat := 360*rng.Float64(), math.Asin(2*rng.Float64()-1)*180/math.Pi
		l0, b0 := f.Unaberrate(lon, lat)
		l1, b1 := angles(aberrate(unit(l0, b0), f.v))
		dl := math.Abs(math.Remainder(l1-lon, 360)) * math.Cos(lat*math.Pi/180) * 3600
		if db := math.Abs(b1-lat) * 3600; measure.Over(dl, 1e-9) || measure.Over(db, 1e-9) {
			t.Fatalf("(%v, %v): back to (%v, %v)", lon, lat, l1, b1)
		}
		// The aberration itself is at most the constant of aberration
		// scaled by the Earth's speed (20.5" for 1 AU at 0.9856 deg/day; the
		// random speeds here reach 21.2").
		if d := sep(lon, lat, l0, b0) * 3600; measure.Over(d, 22) {
			t.Fatalf("aberration of %.2f\"", d)
		}
	}
}

// sep is the angle between two directions, degrees.
func sep(l1, b1, l2, b2 float64) float64 {
	u, v := unit(l1, b1), unit(l2, b2)
	return math.Atan2(math.Sqrt(math.Pow(u[1]*v[2]-u[2]*v[1], 2)+math.Pow(u[2]*v[0]-u[0]*v[2], 2)+math.Pow(u[0]*v[1]-u[1]*v[0], 2)), dot(u, v)) * 180 / math.Pi
}

// TestDeflection: the Sun's light deflection of a star at elongation e is
// 2GM/(c^2 d) cot(e/2) (0.00407" at 1 AU times the cotangent), away from
// the Sun: 0.78" at 0.6 degree, 0.0041" at 90 degrees; inside the cutoff
// the frame declines.
func TestDeflection(t *testing.T) {
	sun := engine.Position{Longitude: 100, Distance: 1, SpeedLongitude: 0}
	f := NewStarFrame(sun, 0, 0)
	f.v = [3]float64{}      // no aberration: the deflection alone
	gl := 100 + aberrationK // the Sun's geometric direction the frame uses
	for _, c := range []struct{ elong, want float64 }{{0.6, 0.7775}, {90, 0.00407}} {
		lon, lat, ok := f.Apparent(gl+c.elong, 0)
		d := (lon - (gl + c.elong)) * 3600
		if !ok || measure.Over(math.Abs(d-c.want)/c.want, 0.01) || lat != 0 {
			t.Errorf("elongation %v: deflection %.5f\" (ok %v), want %.5f\"", c.elong, d, ok, c.want)
		}
	}
	if _, _, ok := f.Apparent(gl+0.3, 0.1); ok {
		t.Error("a star 0.32 degree from the Sun served")
	}
}
