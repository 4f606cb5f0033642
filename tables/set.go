package tables

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
	"unsafe"

	bolt "go.etcd.io/bbolt"

	"github.com/astroapi/astroapi/engine"
)

// BodyKey is the table name of body b in the "body" bucket: its display
// name in lower case with spaces as underscores ("mean_node").
func BodyKey(b engine.Body) string {
	return strings.ReplaceAll(strings.ToLower(b.String()), " ", "_")
}

// bodyTable is a body's table with its components resolved.
type bodyTable struct {
	t                 *Table
	lon, lat, dist    int
	slon, slat, sdist int    // -1: speed from the derivative of the fit
	sidereal          uint64 // bit i: sidereal zodiac engine.Ayanamsas[i] verified (Meta.Sidereal)
	tt                bool   // the table's argument is JD TT
}

// ayanamsaTable is an ayanamsa's table; mean says it holds the mean
// ayanamsa, to which the nutation in longitude is added.
type ayanamsaTable struct {
	t    *Table
	mean bool
}

// Set is a loaded table file. Its methods are safe for concurrent use and
// do not allocate.
type Set struct {
	File     FileMeta
	all      map[Kind]map[string]*Table
	bodies   []*bodyTable    // indexed by engine.Body
	ayanamsa []ayanamsaTable // indexed like engine.Ayanamsas; t nil without a table
	ayaIndex map[engine.Ayanamsa]int
	nut      *Table
	nutEps   int
	nutPsi   int
	deltaT   *Table   // nil: TT tables are not served
	db       *bolt.DB // nil for sets built by NewSet
	tx       *bolt.Tx // the read transaction the mapped coefficients belong to

	terms *SolarTerms // nil: the file has no solar-term table (solarterms.go)
}

// Open loads the table file at path. bbolt memory-maps the file; the
// coefficients are used in place (no copy, so loading costs little more
// than reading the metadata) when the blob is 8-byte aligned on a
// little-endian machine, and decoded into Go memory otherwise. The file
// stays open, in one read transaction, until Close.
func Open(path string) (*Set, error) {
	db, err := bolt.Open(path, 0o444, &bolt.Options{ReadOnly: true, Timeout: 1e9, MmapFlags: mmapFlags})
	if err != nil {
		return nil, fmt.Errorf("tables: open %s: %w", path, err)
	}
	tx, err := db.Begin(false)
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("tables: %s: %w", path, err)
	}
	s := &Set{all: map[Kind]map[string]*Table{}, db: db, tx: tx}
	if err := s.load(tx); err != nil {
		s.Close()
		return nil, fmt.Errorf("tables: %s: %w", path, err)
	}
	if err := s.index(); err != nil {
		s.Close()
		return nil, fmt.Errorf("tables: %s: %w", path, err)
	}
	if s.terms, err = loadSolarTerms(tx); err != nil {
		s.Close()
		return nil, fmt.Errorf("tables: %s: %w", path, err)
	}
	return s, nil
}

// littleEndian reports whether float64 values in memory have the file's
// byte order, so a blob can be used in place.
var littleEndian = func() bool {
	x := uint16(1)
	return *(*byte)(unsafe.Pointer(&x)) == 1
}()

// floats returns blob as []float64: in place when possible, else a copy.
func floats(blob []byte) []float64 {
	n := len(blob) / 8
	if n == 0 {
		return nil
	}
	if littleEndian && uintptr(unsafe.Pointer(&blob[0]))%8 == 0 {
		return unsafe.Slice((*float64)(unsafe.Pointer(&blob[0])), n)
	}
	coef := make([]float64, n)
	for i := range coef {
		coef[i] = math.Float64frombits(binary.LittleEndian.Uint64(blob[8*i:]))
	}
	return coef
}

// load reads every table of the file.
func (s *Set) load(tx *bolt.Tx) error {
	fb := tx.Bucket([]byte(bucketFile))
	if fb == nil {
		return fmt.Errorf("no %q bucket: not a table file", bucketFile)
	}
	if err := json.Unmarshal(fb.Get([]byte(keyMeta)), &s.File); err != nil {
		return fmt.Errorf("file meta: %w", err)
	}
	if s.File.Format != FormatVersion {
		return fmt.Errorf("format %d, want %d (regenerate the file)", s.File.Format, FormatVersion)
	}
	return tx.ForEach(func(kind []byte, kb *bolt.Bucket) error {
		if string(kind) == bucketFile {
			return nil
		}
		return kb.ForEachBucket(func(name []byte) error {
			tb := kb.Bucket(name)
			var m Meta
			if err := json.Unmarshal(tb.Get([]byte(keyMeta)), &m); err != nil {
				return fmt.Errorf("%s/%s meta: %w", kind, name, err)
			}
			blob := tb.Get([]byte(keyCoef))
			if len(blob)%8 != 0 {
				return fmt.Errorf("%s/%s: coefficient blob of %d bytes", kind, name, len(blob))
			}
			t, err := NewTable(m, floats(blob), tb.Get([]byte(keySplit)))
			if err != nil {
				return err
			}
			if s.all[m.Kind] == nil {
				s.all[m.Kind] = map[string]*Table{}
			}
			s.all[m.Kind][m.Name] = t
			return nil
		})
	})
}

// NewSet builds a Set from tables in memory, as Open would from a file
// holding them; the generator verifies its tables through it.
func NewSet(fm FileMeta, ts []*Table) (*Set, error) {
	s := &Set{File: fm, all: map[Kind]map[string]*Table{}}
	for _, t := range ts {
		if s.all[t.Meta.Kind] == nil {
			s.all[t.Meta.Kind] = map[string]*Table{}
		}
		s.all[t.Meta.Kind][t.Meta.Name] = t
	}
	if err := s.index(); err != nil {
		return nil, fmt.Errorf("tables: %w", err)
	}
	return s, nil
}

// index resolves the tables this package evaluates itself.
func (s *Set) index() error {
	for _, b := range engine.AllBodies() {
		t := s.all[KindBody][BodyKey(b)]
		if t == nil {
			s.bodies = append(s.bodies, nil)
			continue
		}
		bt := &bodyTable{t: t,
			lon: t.Component(CompLongitude), lat: t.Component(CompLatitude), dist: t.Component(CompDistance),
			slon: t.Component(CompSpeedLongitude), slat: t.Component(CompSpeedLatitude), sdist: t.Component(CompSpeedDistance)}
		switch t.Meta.TimeScale {
		case "":
		case TimeTT:
			bt.tt = true
		default:
			return fmt.Errorf("body table %s: unknown time scale %q", t.Meta.Name, t.Meta.TimeScale)
		}
		for _, a := range t.Meta.Sidereal {
			if i := slices.Index(engine.Ayanamsas, engine.Ayanamsa(a)); i >= 0 && i < 64 {
				bt.sidereal |= 1 << i
			}
		}
		if bt.lon < 0 || bt.lat < 0 || bt.dist < 0 {
			return fmt.Errorf("body table %s lacks longitude, latitude or distance", t.Meta.Name)
		}
		s.bodies = append(s.bodies, bt)
	}
	s.ayanamsa = make([]ayanamsaTable, len(engine.Ayanamsas))
	s.ayaIndex = make(map[engine.Ayanamsa]int, len(engine.Ayanamsas))
	for i, a := range engine.Ayanamsas {
		s.ayaIndex[a] = i
		if t := s.all[KindAyanamsa][string(a)]; t != nil {
			switch {
			case t.Component(CompAyanamsa) == 0:
				s.ayanamsa[i] = ayanamsaTable{t: t}
			case t.Component(CompAyanamsaMean) == 0:
				s.ayanamsa[i] = ayanamsaTable{t: t, mean: true}
			default:
				return fmt.Errorf("ayanamsa table %s lacks its component", a)
			}
		}
	}
	if t := s.all[KindNutation][string(KindNutation)]; t != nil {
		s.nut, s.nutEps, s.nutPsi = t, t.Component(CompObliquity), t.Component(CompNutation)
		if s.nutEps < 0 || s.nutPsi < 0 {
			return fmt.Errorf("nutation table lacks obliquity or nutation")
		}
	}
	if t := s.all[KindDeltaT][string(KindDeltaT)]; t != nil {
		if t.Component(CompDeltaT) != 0 {
			return fmt.Errorf("delta T table lacks its component")
		}
		s.deltaT = t
	}
	return nil
}

// DeltaT returns TT - UT at t in days, as swe_deltat_ex(SEFLG_SWIEPH)
// gives it; false outside the table.
func (s *Set) DeltaT(t engine.JDUT) (float64, bool) {
	if s.deltaT == nil {
		return 0, false
	}
	base, x, _, ok := s.deltaT.locate(float64(t))
	if !ok {
		return 0, false
	}
	return s.deltaT.valueAt(base, 0, x), true
}

// Close releases the file. The set and every table from it must not be used
// afterwards: their coefficients may live in the file's memory map.
func (s *Set) Close() error {
	if s.db == nil {
		return nil
	}
	s.tx.Rollback()
	err := s.db.Close()
	s.db, s.tx = nil, nil
	return err
}

// Range returns the span of instants the body tables cover (JD UT).
func (s *Set) Range() (from, to engine.JDUT) {
	return engine.JDUT(s.File.From), engine.JDUT(s.File.To)
}

// Table returns the table kind/name, or nil; other packages evaluate their
// own kinds of tables through it.
func (s *Set) Table(kind Kind, name string) *Table { return s.all[kind][name] }

// Tables returns the loaded tables of one kind by name; the caller must not
// modify the map.
func (s *Set) Tables(kind Kind) map[string]*Table { return s.all[kind] }

// Position returns body b at t: apparent geocentric tropical ecliptic
// longitude and latitude of date (degrees), distance (AU) and their speeds
// per day, as swe_calc_ut with SEFLG_SWIEPH|SEFLG_SPEED gives them. It
// reports false when b has no table or t is outside it.
func (s *Set) Position(t engine.JDUT, b engine.Body) (engine.Position, bool) {
	return s.position(t, b, true)
}

// Ecliptic is Position without the distance, its speed and the latitude's
// speed (left zero), for callers that read only the longitude, its speed
// and the latitude: half the evaluations.
func (s *Set) Ecliptic(t engine.JDUT, b engine.Body) (engine.Position, bool) {
	return s.position(t, b, false)
}

func (s *Set) position(t engine.JDUT, b engine.Body, full bool) (engine.Position, bool) {
	if b < 0 || int(b) >= len(s.bodies) || s.bodies[b] == nil {
		return engine.Position{}, false
	}
	bt := s.bodies[b]
	jd := float64(t)
	if bt.tt {
		dt, ok := s.DeltaT(t)
		if !ok {
			return engine.Position{}, false
		}
		jd += dt
	}
	base, x, scale, ok := bt.t.locate(jd)
	if !ok {
		return engine.Position{}, false
	}
	var p engine.Position
	if !full && bt.slon >= 0 { // the chart's case: three series at once
		p.Longitude, p.SpeedLongitude, p.Latitude = bt.t.valuesAt(base, bt.lon, bt.slon, bt.lat, x)
		p.Source = engine.FromTables
		return p, true
	}
	// A fitted speed makes the derivative of its value unnecessary.
	if bt.slon >= 0 {
		p.Longitude = bt.t.valueAt(base, bt.lon, x)
		p.SpeedLongitude = bt.t.valueAt(base, bt.slon, x)
	} else {
		p.Longitude, p.SpeedLongitude = bt.t.evalAt(base, bt.lon, x, scale)
	}
	switch {
	case !full:
		p.Latitude = bt.t.valueAt(base, bt.lat, x)
		p.Source = engine.FromTables
		return p, true
	case bt.slat >= 0:
		p.Latitude = bt.t.valueAt(base, bt.lat, x)
		p.SpeedLatitude = bt.t.valueAt(base, bt.slat, x)
	default:
		p.Latitude, p.SpeedLatitude = bt.t.evalAt(base, bt.lat, x, scale)
	}
	if bt.sdist >= 0 {
		p.Distance = bt.t.valueAt(base, bt.dist, x)
		p.SpeedDistance = bt.t.valueAt(base, bt.sdist, x)
	} else {
		p.Distance, p.SpeedDistance = bt.t.evalAt(base, bt.dist, x, scale)
	}
	p.Source = engine.FromTables
	return p, true
}

// Sidereal returns body b at t in the sidereal zodiac a: the tropical
// longitude minus the ayanamsa (with nutation), the longitude speed minus
// the ayanamsa's rate, latitude and distance unchanged. That is how libswe
// computes SEFLG_SIDEREAL positions for every offered ayanamsa but J2000,
// for which it projects onto the ecliptic of J2000 instead. Sidereal
// reports false unless the generator verified ayanamsa a for body b
// (Meta.Sidereal), and for bodies without tables and outside them.
func (s *Set) Sidereal(t engine.JDUT, b engine.Body, a engine.Ayanamsa) (engine.Position, bool) {
	return s.sidereal(t, b, a, true)
}

// SiderealEcliptic is Sidereal without the distance and the rates other
// than the longitude's, as Ecliptic.
func (s *Set) SiderealEcliptic(t engine.JDUT, b engine.Body, a engine.Ayanamsa) (engine.Position, bool) {
	return s.sidereal(t, b, a, false)
}

func (s *Set) sidereal(t engine.JDUT, b engine.Body, a engine.Ayanamsa, full bool) (engine.Position, bool) {
	if b < 0 || int(b) >= len(s.bodies) || s.bodies[b] == nil {
		return engine.Position{}, false
	}
	i, ok := s.ayaIndex[a]
	if !ok || i >= 64 || s.bodies[b].sidereal&(1<<i) == 0 || a.OnEpochEcliptic() {
		return engine.Position{}, false
	}
	aya, rate, ok := s.AyanamsaRate(t, a)
	if !ok {
		return engine.Position{}, false
	}
	p, ok := s.position(t, b, full)
	if !ok {
		return engine.Position{}, false
	}
	p.Longitude = wrap360(p.Longitude - aya)
	p.SpeedLongitude -= rate
	return p, true
}

// HasBody reports whether b has a table.
func (s *Set) HasBody(b engine.Body) bool {
	return b >= 0 && int(b) < len(s.bodies) && s.bodies[b] != nil
}

// Ayanamsa returns ayanamsa a at t in degrees, with nutation, as
// swe_get_ayanamsa_ex_ut gives it; false when a has no table or t is
// outside it.
func (s *Set) Ayanamsa(t engine.JDUT, a engine.Ayanamsa) (float64, bool) {
	v, _, ok := s.AyanamsaRate(t, a)
	return v, ok
}

// AyanamsaRate is Ayanamsa with the ayanamsa's rate of change in
// degrees/day, which sidereal speeds subtract. A mean ayanamsa table
// (CompAyanamsaMean) is served with the nutation table's nutation in
// longitude and its rate added.
func (s *Set) AyanamsaRate(t engine.JDUT, a engine.Ayanamsa) (aya, rate float64, ok bool) {
	i, found := s.ayaIndex[a]
	if !found || s.ayanamsa[i].t == nil {
		return 0, 0, false
	}
	at := &s.ayanamsa[i]
	// An ayanamsa is signed, as libswe gives it (j2000's is negative
	// before 2000, the fitted table's wrap would make it 359.x).
	if aya, rate, ok = at.t.Eval(float64(t), 0); !ok || !at.mean {
		return math.Remainder(aya, 360), rate, ok
	}
	if s.nut == nil {
		return 0, 0, false
	}
	base, x, scale, ok := s.nut.locate(float64(t))
	if !ok {
		return 0, 0, false
	}
	dpsi, dpsiRate := s.nut.evalAt(base, s.nutPsi, x, scale)
	return math.Remainder(aya+dpsi, 360), rate + dpsiRate, true
}

// Obliquity returns the true obliquity of the ecliptic and the nutation in
// longitude at t, in degrees (swe_calc_ut with SE_ECL_NUT); false outside
// the table.
func (s *Set) Obliquity(t engine.JDUT) (eps, dpsi float64, ok bool) {
	if s.nut == nil {
		return 0, 0, false
	}
	base, x, scale, ok := s.nut.locate(float64(t))
	if !ok {
		return 0, 0, false
	}
	eps, _ = s.nut.evalAt(base, s.nutEps, x, scale)
	dpsi, _ = s.nut.evalAt(base, s.nutPsi, x, scale)
	return eps, dpsi, true
}

// Verification is the generator's check of one quantity of one table, as
// recorded in the file.
type Verification struct {
	Kind  Kind
	Table string
	Check
}

// Verifications lists the recorded checks of every loaded table, ordered by
// kind and table name.
func (s *Set) Verifications() []Verification {
	var out []Verification
	for kind, ts := range s.all {
		for name, t := range ts {
			for _, c := range t.Meta.Verified {
				out = append(out, Verification{Kind: kind, Table: name, Check: c})
			}
		}
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Kind != b.Kind {
			return a.Kind < b.Kind
		}
		if a.Table != b.Table {
			return a.Table < b.Table
		}
		return a.Quantity < b.Quantity
	})
	return out
}
