package locational

import (
	"math"

	"github.com/astroapi/astroapi/engine"
)

// Horizontal is a body's direction seen from the birthplace.
type Horizontal struct {
	Name     string  `json:"name" doc:"body name" example:"Sun"`
	Azimuth  float64 `json:"azimuth" doc:"azimuth in degrees from north through east, 0-360"`
	Altitude float64 `json:"altitude" doc:"geometric altitude above the horizon, degrees (no refraction)"`
}

// LocalSpaceMap is the local space chart of a birth and its lines.
type LocalSpaceMap struct {
	Latitude     float64           `json:"latitude" doc:"the birthplace's latitude, degrees"`
	Longitude    float64           `json:"longitude" doc:"the birthplace's longitude, degrees"`
	SiderealTime float64           `json:"sidereal_time" doc:"local apparent sidereal time at the birth, degrees (the ARMC)"`
	Bodies       []Horizontal      `json:"bodies" doc:"each body's azimuth and altitude at the birthplace"`
	Lines        FeatureCollection `json:"lines" doc:"GeoJSON: per body, the great circle leaving the birthplace toward its azimuth, all the way round the Earth"`
	Source       engine.Source     `json:"source" doc:"least precise ephemeris used" enum:"tables,swiss_ephemeris,moshier"`
	Conventions  string            `json:"conventions" doc:"how the directions and lines are found"`
}

const localSpaceConventions = "apparent topocentric right ascension and declination of date (seen from the birthplace, at sea level) at the birth instant, local apparent sidereal time; " +
	"azimuth from north through east and geometric altitude (Meeus 13.5-13.6, no refraction); each line is the great circle through the birthplace " +
	"with that initial bearing, sampled every step degrees of arc on a sphere, cut at the antimeridian"

// AzAlt returns the azimuth (from north through east) and altitude of a
// point of right ascension ra and declination dec seen from latitude lat
// when the local sidereal time is lst, all in degrees (Meeus 13.5-13.6,
// with the azimuth turned from south-based to north-based).
func AzAlt(ra, dec, lat, lst float64) (az, alt float64) {
	h := (lst - ra) * deg
	sh, ch := math.Sincos(h)
	sl, cl := math.Sincos(lat * deg)
	sd, cd := math.Sincos(dec * deg)
	// Meeus measures A from the south, westward.
	a := math.Atan2(sh, ch*sl-(sd/cd)*cl)
	alt = math.Asin(sl*sd+cl*cd*ch) / deg
	return engine.Normalize(a/deg + 180), alt
}

// Destination returns the point reached from (lat, lon) going d degrees of
// arc along the great circle of initial bearing az (degrees from north),
// on a sphere.
func Destination(lat, lon, az, d float64) (float64, float64) {
	sl, cl := math.Sincos(lat * deg)
	sd, cd := math.Sincos(d * deg)
	sa, ca := math.Sincos(az * deg)
	lat2 := math.Asin(sl*cd + cl*sd*ca)
	lon2 := lon*deg + math.Atan2(sa*sd*cl, cd-sl*math.Sin(lat2))
	return lat2 / deg, lon180(lon2 / deg)
}

// LocalSpaceLines computes the local space chart of the birth at t at the
// place (geographic degrees): the bodies' azimuths and their great
// circles, sampled every step degrees of arc (0 means 1).
func LocalSpaceLines(pos engine.Positions, t engine.JDUT, latitude, longitude float64, bodies []engine.Body, step float64) (*LocalSpaceMap, error) {
	if bodies == nil {
		bodies = DefaultMapBodies
	}
	if step <= 0 {
		step = 1
	}
	eq, theta, src, err := place(pos, t, bodies, &engine.Observer{Latitude: latitude, Longitude: longitude})
	if err != nil {
		return nil, err
	}
	lst := engine.Normalize(theta + longitude)
	m := &LocalSpaceMap{Latitude: latitude, Longitude: longitude, SiderealTime: lst, Source: src, Conventions: localSpaceConventions,
		Bodies: make([]Horizontal, 0, len(eq)), Lines: FeatureCollection{Type: "FeatureCollection", Features: make([]Feature, 0, len(eq))}}
	n := int(math.Ceil(360 / step))
	for _, b := range eq {
		az, alt := AzAlt(b.RightAscension, b.Declination, latitude, lst)
		m.Bodies = append(m.Bodies, Horizontal{Name: b.Name, Azimuth: az, Altitude: alt})
		var l lineBuilder
		for i := 0; i <= n; i++ {
			la, lo := Destination(latitude, longitude, az, math.Min(float64(i)*step, 360))
			l.add(lo, la)
		}
		a := az
		m.Lines.Features = append(m.Lines.Features, feature(l.geometry(), Properties{Body: b.Name, Angle: LocalSpace, Kind: "local_space", Azimuth: &a}))
	}
	return m, nil
}
