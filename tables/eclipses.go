package tables

import (
	"encoding/json"
	"errors"
	"fmt"
)

// KindEclipse is the bucket of the eclipse catalog: records, not Chebyshev
// tables. Key EclipseMetaKey holds EclipseMeta as JSON, key
// EclipseCatalogKey the eclipses as a JSON array of Eclipse, in order of
// greatest eclipse.
const KindEclipse Kind = "eclipse"

// The keys of the eclipse bucket.
const (
	EclipseMetaKey    = "meta"
	EclipseCatalogKey = "catalog"
)

// EclipseFormat is the version of the eclipse records; Eclipses refuses
// another (regenerate the file).
const EclipseFormat = 1

// EclipseMeta describes the eclipse catalog.
type EclipseMeta struct {
	Format    int      `json:"format"`
	Generator string   `json:"generator"`
	Source    string   `json:"source"` // the functions and files that found the eclipses
	From      float64  `json:"from"`   // JD UT: every eclipse with greatest eclipse in [From, To]
	To        float64  `json:"to"`
	Solar     int      `json:"solar"` // number of solar eclipses
	Lunar     int      `json:"lunar"`
	Checks    []string `json:"checks"` // the consistency checks the generator passed
}

// Eclipse is one eclipse of the catalog, as the Swiss Ephemeris describes
// it at greatest eclipse. Kinds, types and nodes are the wire values of
// engine/eclipses.
type Eclipse struct {
	Kind    string  `json:"kind"`    // "solar" or "lunar"
	Type    string  `json:"type"`    // total, annular, hybrid, partial (solar); total, partial, penumbral (lunar)
	Central bool    `json:"central"` // solar total, annular or hybrid: the shadow axis meets the Earth
	Max     float64 `json:"max"`     // JD UT of greatest eclipse
	// Magnitude: solar, NASA's (the Moon's apparent diameter over the
	// Sun's for total, annular and hybrid eclipses, the fraction of the
	// Sun's diameter covered for partial ones) at the point of greatest
	// eclipse; lunar, the umbral magnitude.
	Magnitude          float64 `json:"magnitude"`
	PenumbralMagnitude float64 `json:"penumbral_magnitude,omitempty"` // lunar
	// Gamma: least distance of the shadow axis from the Earth's centre
	// (solar), or of the Moon's centre from the axis of the Earth's
	// shadow (lunar), in equatorial Earth radii, negative south.
	Gamma float64 `json:"gamma"`
	// Durations in seconds, 0 where the phase does not occur: solar,
	// totality or annularity at the point of greatest eclipse; lunar,
	// totality, the umbral (partial) phase and the penumbral phase.
	Duration          float64 `json:"duration,omitempty"`
	PartialDuration   float64 `json:"partial_duration,omitempty"`
	PenumbralDuration float64 `json:"penumbral_duration,omitempty"`
	// Latitude and Longitude (degrees, north and east positive) of the
	// point of greatest eclipse (solar).
	Latitude  float64 `json:"latitude,omitempty"`
	Longitude float64 `json:"longitude,omitempty"`
	// SarosSeries and SarosMember: NASA's Saros numbering.
	SarosSeries int `json:"saros_series"`
	SarosMember int `json:"saros_member"`
	// Apparent geocentric ecliptic longitudes of date of the Sun and the
	// Moon, the Moon's latitude and its rate (deg/day), at greatest eclipse.
	SunLongitude      float64 `json:"sun_longitude"`
	MoonLongitude     float64 `json:"moon_longitude"`
	MoonLatitude      float64 `json:"moon_latitude"`
	MoonLatitudeSpeed float64 `json:"moon_latitude_speed"`
}

// EclipseRecords encodes the catalog for Write.
func EclipseRecords(m EclipseMeta, es []Eclipse) ([]Records, error) {
	m.Format = EclipseFormat
	mj, err := json.Marshal(m)
	if err != nil {
		return nil, err
	}
	ej, err := json.Marshal(es)
	if err != nil {
		return nil, err
	}
	return []Records{{Kind: KindEclipse, Key: EclipseMetaKey, Value: mj}, {Kind: KindEclipse, Key: EclipseCatalogKey, Value: ej}}, nil
}

// ErrNoEclipses is returned by Eclipses for a file without the catalog.
var ErrNoEclipses = errors.New("tables: no eclipse catalog in the file (regenerate it with astroapi gen)")

// Eclipses decodes the eclipse catalog of the file.
func (s *Set) Eclipses() (EclipseMeta, []Eclipse, error) {
	mj, ej := s.Record(KindEclipse, EclipseMetaKey), s.Record(KindEclipse, EclipseCatalogKey)
	if mj == nil || ej == nil {
		return EclipseMeta{}, nil, ErrNoEclipses
	}
	var m EclipseMeta
	if err := json.Unmarshal(mj, &m); err != nil {
		return EclipseMeta{}, nil, fmt.Errorf("tables: eclipse meta: %w", err)
	}
	if m.Format != EclipseFormat {
		return EclipseMeta{}, nil, fmt.Errorf("tables: eclipse format %d, want %d (regenerate the file)", m.Format, EclipseFormat)
	}
	var es []Eclipse
	if err := json.Unmarshal(ej, &es); err != nil {
		return EclipseMeta{}, nil, fmt.Errorf("tables: eclipse catalog: %w", err)
	}
	if len(es) != m.Solar+m.Lunar {
		return EclipseMeta{}, nil, fmt.Errorf("tables: eclipse catalog of %d records, meta says %d", len(es), m.Solar+m.Lunar)
	}
	return m, es, nil
}
