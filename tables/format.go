package tables

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"

	bolt "go.etcd.io/bbolt"
)

// FormatVersion is the version of the file layout described here. Open
// refuses a file or table of another version: regenerate it with
// `astroapi gen`.
const FormatVersion = 1

// The file layout (bbolt):
//
//	bucket "file"      key "meta": FileMeta as JSON
//	bucket <kind>      one per Kind ("body", "ayanamsa", "nutation"; later
//	                   families add theirs: "eclipse", "star", "solar_term")
//	  bucket <name>    one per table ("sun", "lahiri", "nutation")
//	    key "meta":    Meta as JSON
//	    key "coef_f64": the coefficients, little-endian IEEE 754 float64,
//	                   segment after segment; within a segment component
//	                   after component, Degree+1 coefficients each, c_0 first
//	    key "split":   optional, one byte per segment: segment i is cut into
//	                   2^split[i] equal sub-segments, stored in time order
//	                   (sharp stretches get finer steps without refining the
//	                   whole table); Hole marks a segment the table does not
//	                   cover and stores no coefficients for
//
// Open reads every kind, so a new family's tables load without a format
// change; Set.Table hands them to their package.
const (
	bucketFile = "file"
	keyMeta    = "meta"
	// keyCoef is 8 bytes long so that the blob starts 8-byte aligned in its
	// page (page header and element headers are 16 bytes each), letting
	// Open use the memory-mapped coefficients in place.
	keyCoef  = "coef_f64"
	keySplit = "split"

	// MaxSplit bounds the subdivision of a segment (2^MaxSplit parts).
	MaxSplit = 10
	// Hole in a split entry marks a segment without coefficients: a
	// stretch no polynomial follows within tolerance, such as a planet
	// behind the solar disk, where libswe's light deflection has kinks.
	// Lookups there report false and callers use libswe.
	Hole = 255
)

// Kind groups tables by what they hold; each kind is one bucket.
type Kind string

// The kinds of tables this package evaluates itself.
const (
	KindBody     Kind = "body"     // a body's apparent geocentric ecliptic position of date
	KindAyanamsa Kind = "ayanamsa" // one ayanamsa, degrees: with nutation, or mean (the nutation table's added)
	KindNutation Kind = "nutation" // true obliquity and nutation in longitude, degrees
	KindDeltaT   Kind = "delta_t"  // delta T = TT - UT as a function of UT, days
)

// TimeTT in Meta.TimeScale marks a table whose argument is JD TT rather
// than JD UT: its segments follow something tied to ephemeris time, such as
// the Moon's segments in the Swiss Ephemeris files. Set converts with the
// delta T table.
const TimeTT = "TT"

// Component names the quantities in tables of the kinds above.
const (
	CompLongitude      = "longitude"       // degrees, wraps at 360
	CompLatitude       = "latitude"        // degrees
	CompDistance       = "distance"        // AU
	CompSpeedLongitude = "speed_longitude" // degrees/day, present when the derivative of the longitude fit missed the tolerance
	CompSpeedLatitude  = "speed_latitude"  // degrees/day, likewise
	CompSpeedDistance  = "speed_distance"  // AU/day, likewise
	CompAyanamsa       = "ayanamsa"        // degrees, with the nutation in longitude
	// CompAyanamsaMean is an ayanamsa without the nutation in longitude
	// (swe_get_ayanamsa_ex_ut with SEFLG_NONUT), smooth enough for long
	// segments: Set adds the nutation table's value when it evaluates it.
	CompAyanamsaMean = "ayanamsa_mean"
	CompObliquity    = "obliquity" // true obliquity of the ecliptic, degrees
	CompNutation     = "nutation_longitude"
	CompDeltaT       = "delta_t" // TT - UT, days
)

// FileMeta describes a whole table file.
type FileMeta struct {
	Format    int     `json:"format"`
	Generator string  `json:"generator"` // generator name and version
	Ephemeris string  `json:"ephemeris"` // what the tables were fitted to
	From      float64 `json:"from"`      // JD UT, start of the body tables
	To        float64 `json:"to"`        // JD UT, end of the body tables
}

// Meta describes one table.
type Meta struct {
	Format      int     `json:"format"`
	Kind        Kind    `json:"kind"`
	Name        string  `json:"name"`
	Quantity    string  `json:"quantity"` // what was fitted, in words
	From        float64 `json:"from"`     // JD (UT, or TT per TimeScale) of the first segment's start
	To          float64 `json:"to"`       // JD of the last segment's end
	SegmentDays float64 `json:"segment_days"`
	Segments    int     `json:"segments"`
	// TimeScale is TimeTT for a table whose argument is JD TT; "" is UT.
	TimeScale string `json:"time_scale,omitempty"`
	// GuardDays, when positive, is the stretch on each side of a segment
	// boundary that the table does not serve: its reference is not smooth
	// there (the True Node's speed is a difference quotient over ±1e-4 day,
	// which straddles the Moon's file segments at their joins).
	GuardDays  float64     `json:"guard_days,omitempty"`
	Components []Component `json:"components"`
	Verified   []Check     `json:"verified"` // the generator's verification, worst errors
	// Sidereal lists the ayanamsas for which sidereal positions derived from
	// this body table (tropical minus ayanamsa) were verified against
	// libswe's SEFLG_SIDEREAL; Set.Sidereal serves only those.
	Sidereal  []string `json:"sidereal,omitempty"`
	Generator string   `json:"generator"`
}

// Component is one fitted quantity of a table.
type Component struct {
	Name   string `json:"name"`
	Unit   string `json:"unit"`
	Degree int    `json:"degree"`
	Wrap   bool   `json:"wrap,omitempty"` // an angle fitted unwrapped, reduced to [0, 360) on evaluation
}

// Check is the verification of one quantity against the reference.
type Check struct {
	Quantity  string  `json:"quantity"`
	Unit      string  `json:"unit"`
	Tolerance float64 `json:"tolerance"`
	Worst     float64 `json:"worst"`
	WorstAt   float64 `json:"worst_at"` // JD UT of the worst error
	Samples   int     `json:"samples"`
	Method    string  `json:"method,omitempty"` // e.g. "derivative of longitude fit"
}

// Table is one loaded (or freshly fitted) table.
type Table struct {
	Meta   Meta
	coef   []float64
	split  []uint8 // per segment: log2 of its number of sub-segments; nil when none is split
	first  []int32 // per segment: index of its first sub-segment
	off    []int   // start of each component within a (sub-)segment
	stride int     // coefficients per (sub-)segment
	inv    float64 // 1 / SegmentDays
	scale  float64 // dx/dt = 2 / SegmentDays
}

// NewTable checks m against coef and split (nil when no segment is split)
// and returns the table. coef and split are kept, not copied.
func NewTable(m Meta, coef []float64, split []uint8) (*Table, error) {
	if m.Format != FormatVersion {
		return nil, fmt.Errorf("tables: %s/%s: format %d, want %d (regenerate the file)", m.Kind, m.Name, m.Format, FormatVersion)
	}
	if m.Segments < 1 || !(m.SegmentDays > 0) || !(m.To > m.From) || len(m.Components) == 0 {
		return nil, fmt.Errorf("tables: %s/%s: bad span or segments", m.Kind, m.Name)
	}
	if end := m.From + float64(m.Segments)*m.SegmentDays; end < m.To || end-m.SegmentDays >= m.To || m.To-m.SegmentDays < m.From {
		return nil, fmt.Errorf("tables: %s/%s: %d segments of %g days do not tile [%g, %g]", m.Kind, m.Name, m.Segments, m.SegmentDays, m.From, m.To)
	}
	t := &Table{Meta: m, coef: coef, inv: 1 / m.SegmentDays, scale: 2 / m.SegmentDays}
	for _, c := range m.Components {
		if c.Degree < 0 {
			return nil, fmt.Errorf("tables: %s/%s: component %s: negative degree", m.Kind, m.Name, c.Name)
		}
		t.off = append(t.off, t.stride)
		t.stride += c.Degree + 1
	}
	parts := m.Segments
	if split != nil {
		if len(split) != m.Segments {
			return nil, fmt.Errorf("tables: %s/%s: %d split entries for %d segments", m.Kind, m.Name, len(split), m.Segments)
		}
		t.split, t.first, parts = split, make([]int32, m.Segments), 0
		for i, s := range split {
			if s == Hole {
				t.first[i] = int32(parts)
				continue
			}
			if s > MaxSplit {
				return nil, fmt.Errorf("tables: %s/%s: segment %d split 2^%d times", m.Kind, m.Name, i, s)
			}
			t.first[i] = int32(parts)
			parts += 1 << s
		}
	}
	if len(coef) != t.stride*parts {
		return nil, fmt.Errorf("tables: %s/%s: %d coefficients, want %d", m.Kind, m.Name, len(coef), t.stride*parts)
	}
	return t, nil
}

// Bounds returns the span [a, b] (JD UT) of segment i. Segments have equal
// lengths; the last one ends at To and overlaps its neighbour, because a
// short segment would amplify the rounding of its node instants (a JD near
// 2.4e6 resolves 40 µs) in the derivative.
func (m *Meta) Bounds(i int) (a, b float64) {
	if i == m.Segments-1 {
		return m.To - m.SegmentDays, m.To
	}
	a = m.From + float64(i)*m.SegmentDays
	return a, a + m.SegmentDays
}

// Coefficients returns the table's coefficients (read only).
func (t *Table) Coefficients() []float64 { return t.coef }

// Split returns the per-segment subdivision (read only; nil when none).
func (t *Table) Split() []uint8 { return t.split }

// Component returns the index of the component named name, or -1.
func (t *Table) Component(name string) int {
	for i, c := range t.Meta.Components {
		if c.Name == name {
			return i
		}
	}
	return -1
}

// locate finds the segment holding jd: the offset of its coefficients, the
// normalised time x in [-1, 1] and dx/dt (per day).
func (t *Table) locate(jd float64) (base int, x, scale float64, ok bool) {
	m := &t.Meta
	if !(jd >= m.From && jd <= m.To) { // also rejects NaN
		return 0, 0, 0, false
	}
	i := int((jd - m.From) * t.inv)
	if i >= m.Segments {
		i = m.Segments - 1
	}
	a, _ := m.Bounds(i)
	if g := m.GuardDays; g > 0 && (jd-a < g || a+m.SegmentDays-jd < g) {
		return 0, 0, 0, false
	}
	if t.split == nil {
		scale = t.scale
		x = (jd-a)*scale - 1
		i *= t.stride
	} else if t.split[i] == Hole {
		return 0, 0, 0, false
	} else if t.split[i] == 0 {
		scale = t.scale
		x = (jd-a)*scale - 1
		i = int(t.first[i]) * t.stride
	} else {
		// Sub-segment k of 2^s: u in [0, 2^s) is the time in sub-segment units.
		parts := float64(int(1) << t.split[i])
		u := (jd - a) * t.inv * parts
		k := int(u)
		if k >= int(parts) {
			k = int(parts) - 1
		} else if k < 0 {
			k = 0
		}
		scale = t.scale * parts
		x = 2*(u-float64(k)) - 1
		i = (int(t.first[i]) + k) * t.stride
	}
	// Rounding near a boundary can step just outside [-1, 1].
	if x > 1 {
		x = 1
	} else if x < -1 {
		x = -1
	}
	return i, x, scale, true
}

// evalAt evaluates component i in the segment at base.
func (t *Table) evalAt(base, i int, x, scale float64) (v, dv float64) {
	o := base + t.off[i]
	v, dv = Eval(t.coef[o:o+t.Meta.Components[i].Degree+1], x)
	if t.Meta.Components[i].Wrap {
		v = wrap360(v)
	}
	return v, dv * scale
}

// valueAt evaluates component i in the segment at base, without its
// derivative.
func (t *Table) valueAt(base, i int, x float64) float64 {
	o := base + t.off[i]
	v := EvalValue(t.coef[o:o+t.Meta.Components[i].Degree+1], x)
	if t.Meta.Components[i].Wrap {
		v = wrap360(v)
	}
	return v
}

// valuesAt is valueAt of components i, j and k at once (EvalValues3).
func (t *Table) valuesAt(base, i, j, k int, x float64) (vi, vj, vk float64) {
	oi, oj, ok := base+t.off[i], base+t.off[j], base+t.off[k]
	cs := t.Meta.Components
	vi, vj, vk = EvalValues3(t.coef[oi:oi+cs[i].Degree+1], t.coef[oj:oj+cs[j].Degree+1], t.coef[ok:ok+cs[k].Degree+1], x)
	if cs[i].Wrap {
		vi = wrap360(vi)
	}
	if cs[j].Wrap {
		vj = wrap360(vj)
	}
	if cs[k].Wrap {
		vk = wrap360(vk)
	}
	return vi, vj, vk
}

// Eval returns component i and its time derivative (per day) at jd (JD UT,
// or TT for a table in TimeTT), and false outside the table's span, in a
// hole or within GuardDays of a segment boundary.
func (t *Table) Eval(jd float64, i int) (v, dv float64, ok bool) {
	base, x, scale, ok := t.locate(jd)
	if !ok || i < 0 || i >= len(t.off) {
		return 0, 0, false
	}
	v, dv = t.evalAt(base, i, x, scale)
	return v, dv, true
}

// wrap360 reduces an angle to [0, 360); fitted angles stay within a few
// turns of the range, so this avoids math.Mod's cost in the common cases.
func wrap360(a float64) float64 {
	if a >= 0 && a < 360 {
		return a
	}
	a = math.Mod(a, 360)
	if a < 0 {
		a += 360
	}
	if a >= 360 {
		a = 0
	}
	return a
}

// Write stores the tables, and the records rs beside them, in a new bbolt
// file at path, atomically: it writes path+".tmp", syncs it, and renames it
// over path.
func Write(path string, fm FileMeta, ts []*Table, rs ...Records) error {
	fm.Format = FormatVersion
	tmp := path + ".tmp"
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	_ = os.Remove(tmp) // a stale temp file from a killed run
	db, err := bolt.Open(tmp, 0o644, &bolt.Options{NoFreelistSync: true})
	if err != nil {
		return err
	}
	err = db.Update(func(tx *bolt.Tx) error {
		fb, err := tx.CreateBucket([]byte(bucketFile))
		if err != nil {
			return err
		}
		js, err := json.Marshal(fm)
		if err != nil {
			return err
		}
		if err := fb.Put([]byte(keyMeta), js); err != nil {
			return err
		}
		for _, t := range ts {
			kb, err := tx.CreateBucketIfNotExists([]byte(t.Meta.Kind))
			if err != nil {
				return err
			}
			tb, err := kb.CreateBucket([]byte(t.Meta.Name))
			if err != nil {
				return fmt.Errorf("table %s/%s: %w", t.Meta.Kind, t.Meta.Name, err)
			}
			js, err := json.Marshal(t.Meta)
			if err != nil {
				return err
			}
			if err := tb.Put([]byte(keyMeta), js); err != nil {
				return err
			}
			blob := make([]byte, 8*len(t.coef))
			for i, c := range t.coef {
				binary.LittleEndian.PutUint64(blob[8*i:], math.Float64bits(c))
			}
			if err := tb.Put([]byte(keyCoef), blob); err != nil {
				return err
			}
			if t.split != nil {
				if err := tb.Put([]byte(keySplit), t.split); err != nil {
					return err
				}
			}
		}
		return putRecords(tx, rs)
	})
	if cerr := db.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(tmp)
		return err
	}
	return os.Rename(tmp, path)
}
