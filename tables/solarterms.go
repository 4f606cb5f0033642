package tables

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"

	bolt "go.etcd.io/bbolt"

	"github.com/astroapi/astroapi/engine"
)

// The solar-term table is not a Chebyshev table: it is the list of the
// instants at which the Sun's apparent geocentric ecliptic longitude of date
// crosses each multiple of 15 degrees (the 24 solar terms, jieqi), stored
// as they are. It lives in its own top-level bucket of plain keys, which
// Open's loop over Chebyshev tables passes over (it visits nested buckets
// only), so adding it changed no existing layout:
//
//	bucket "solar_term"
//	  key "meta":     SolarTermMeta as JSON
//	  key "instants": Count float64 Julian days (UT), little-endian IEEE 754,
//	                  in time order: term i of year FirstYear+i/24 is the
//	                  crossing of longitude 285 + 15*(i%24) (mod 360), so
//	                  each Gregorian year runs from Xiaohan (285 deg, about
//	                  5 January) to Dongzhi (270 deg, about 22 December)
const (
	bucketSolarTerm = "solar_term"
	keyInstants     = "instants" // 8 bytes, like keyCoef
)

// SolarTermFirstLongitude is the longitude (degrees) of the first term of
// every year in the table: Xiaohan, the first crossing of a Gregorian year.
const SolarTermFirstLongitude = 285

// SolarTermMeta describes the solar-term table.
type SolarTermMeta struct {
	Format    int    `json:"format"`
	Quantity  string `json:"quantity"`   // what was solved for, in words
	FirstYear int    `json:"first_year"` // Gregorian year of the first instant
	Years     int    `json:"years"`      // whole years held, 24 instants each
	// Verified is the generator's check of every instant against a fresh
	// root found on libswe by another method.
	Verified  Check  `json:"verified"`
	Generator string `json:"generator"`
}

// SolarTerms is a loaded (or freshly generated) solar-term table. Its
// methods are safe for concurrent use, allocate nothing, and treat a nil
// table as empty, so a Set without one hands out a usable nil.
type SolarTerms struct {
	Meta SolarTermMeta
	jd   []float64 // JD UT, Meta.Years*24 of them
}

// NewSolarTerms checks m against the instants (JD UT, in the order the
// layout describes) and returns the table; jd is kept, not copied.
func NewSolarTerms(m SolarTermMeta, jd []float64) (*SolarTerms, error) {
	if m.Format != FormatVersion {
		return nil, fmt.Errorf("tables: solar terms: format %d, want %d (regenerate the file)", m.Format, FormatVersion)
	}
	if m.Years < 1 || len(jd) != 24*m.Years {
		return nil, fmt.Errorf("tables: solar terms: %d instants for %d years", len(jd), m.Years)
	}
	for i := 1; i < len(jd); i++ {
		// Consecutive terms are 14.7 to 15.8 days apart.
		if d := jd[i] - jd[i-1]; !(d > 14 && d < 16.5) {
			return nil, fmt.Errorf("tables: solar terms: instants %d and %d are %g days apart", i-1, i, d)
		}
	}
	return &SolarTerms{Meta: m, jd: jd}, nil
}

// Instant returns the instant (JD UT) at which the Sun's apparent longitude
// crosses 15*k degrees (k in 0..23: 0 is Chunfen, the March equinox) during
// Gregorian year (UT) year, and false when the table does not hold it.
func (s *SolarTerms) Instant(year, k int) (engine.JDUT, bool) {
	if s == nil || k < 0 || k > 23 {
		return 0, false
	}
	// Position within the year: Xiaohan (k = 19) comes first.
	i := 24*(year-s.Meta.FirstYear) + (k+24-SolarTermFirstLongitude/15)%24
	if i < 0 || i >= len(s.jd) {
		return 0, false
	}
	return engine.JDUT(s.jd[i]), true
}

// Years returns the first and last Gregorian years the table holds whole;
// ok is false for a nil table.
func (s *SolarTerms) Years() (first, last int, ok bool) {
	if s == nil {
		return 0, 0, false
	}
	return s.Meta.FirstYear, s.Meta.FirstYear + s.Meta.Years - 1, true
}

// Instants returns every instant in time order (read only).
func (s *SolarTerms) Instants() []float64 {
	if s == nil {
		return nil
	}
	return s.jd
}

// loadSolarTerms reads the solar-term bucket of an open file; nil when the
// file has none (an older file: callers then find the terms by root).
func loadSolarTerms(tx *bolt.Tx) (*SolarTerms, error) {
	b := tx.Bucket([]byte(bucketSolarTerm))
	if b == nil {
		return nil, nil
	}
	var m SolarTermMeta
	if err := json.Unmarshal(b.Get([]byte(keyMeta)), &m); err != nil {
		return nil, fmt.Errorf("solar-term meta: %w", err)
	}
	blob := b.Get([]byte(keyInstants))
	if len(blob)%8 != 0 {
		return nil, fmt.Errorf("solar terms: blob of %d bytes", len(blob))
	}
	return NewSolarTerms(m, floats(blob))
}

// WriteSolarTerms stores s in the table file at path (written by Write),
// replacing any solar-term bucket it holds. The generator calls it right
// after Write and removes the file if it fails, so a file is complete or
// absent.
func WriteSolarTerms(path string, s *SolarTerms) error {
	db, err := bolt.Open(path, 0o644, &bolt.Options{NoFreelistSync: true, Timeout: 1e9})
	if err != nil {
		return err
	}
	err = db.Update(func(tx *bolt.Tx) error {
		if tx.Bucket([]byte(bucketSolarTerm)) != nil {
			if err := tx.DeleteBucket([]byte(bucketSolarTerm)); err != nil {
				return err
			}
		}
		b, err := tx.CreateBucket([]byte(bucketSolarTerm))
		if err != nil {
			return err
		}
		m := s.Meta
		m.Format = FormatVersion
		js, err := json.Marshal(m)
		if err != nil {
			return err
		}
		if err := b.Put([]byte(keyMeta), js); err != nil {
			return err
		}
		blob := make([]byte, 8*len(s.jd))
		for i, v := range s.jd {
			binary.LittleEndian.PutUint64(blob[8*i:], math.Float64bits(v))
		}
		return b.Put([]byte(keyInstants), blob)
	})
	if cerr := db.Close(); err == nil {
		err = cerr
	}
	return err
}

// SolarTerms returns the file's solar-term table, or nil when the file has
// none (the nil table answers every lookup with false).
func (s *Set) SolarTerms() *SolarTerms { return s.terms }
