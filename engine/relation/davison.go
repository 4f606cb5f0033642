package relation

import (
	"time"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/natal"
)

// Davison is the instant and place of a Davison chart.
type Davison struct {
	UTC       time.Time   // the midpoint instant (MidInstant)
	JD        engine.JDUT // its Julian day, as the natal route computes it (engine.JDOf)
	Latitude  float64     // the great-circle midpoint (MidPlace), degrees
	Longitude float64
}

// DavisonOf returns the Davison instant and place of two births: UTC
// instants and places in geographic degrees. Antipodal places are a
// *engine.FieldError naming field.
func DavisonOf(t1, t2 time.Time, lat1, lon1, lat2, lon2 float64, field string) (Davison, error) {
	lat, lon, ok := MidPlace(lat1, lon1, lat2, lon2)
	if !ok {
		return Davison{}, &engine.FieldError{Field: field, Reason: "the two birthplaces are antipodal: every great circle through them has two midpoints, so the Davison place is undefined"}
	}
	t := MidInstant(t1, t2)
	return Davison{UTC: t, JD: engine.JDOf(t), Latitude: lat, Longitude: lon}, nil
}

// Birth is the Davison instant and place as a natal birth.
func (d Davison) Birth() natal.Birth {
	return natal.Birth{JD: d.JD, Latitude: d.Latitude, Longitude: d.Longitude}
}
