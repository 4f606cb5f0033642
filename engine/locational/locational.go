// Package locational computes where on Earth a chart's bodies are angular:
// the relocated chart (the same instant cast at another place, package
// natal), astrocartography lines (the meridians where each body culminates
// or anticulminates, the curves where it rises or sets) with their parans,
// local space lines (the great circles from the birthplace toward each
// body's azimuth), and a world map of them drawn as SVG.
//
// Conventions (also stated in every result):
//   - Bodies are placed by their apparent geocentric right ascension and
//     declination of date (true equator and equinox, with their ecliptic
//     latitude: lines "in mundo", as Jim Lewis drew them), at the birth
//     instant; sidereal time is the apparent Greenwich sidereal time (the
//     ARMC of a chart at longitude 0, as the charts' angles take it).
//   - MC line: the geographic longitude where the local sidereal time equals
//     the body's right ascension, λ = α − θ (θ the Greenwich sidereal time),
//     a meridian from pole to pole; IC line the opposite meridian.
//   - ASC and DSC lines: at latitude φ the body is on the horizon (altitude
//     0, no refraction, the centre of the body) when its hour angle is ∓H0,
//     cos H0 = −tan φ tan δ; the ASC line is λ = α − H0 − θ, the DSC line
//     λ = α + H0 − θ, for |φ| < 90° − |δ| (beyond, the body never rises or
//     never sets). The two meet at the latitude limits.
//   - Parans: latitudes where two bodies are on angles at the same moment
//     (one on the meridian and one on the horizon, closed form; both on the
//     horizon, by root-finding in latitude), with the longitude where their
//     two lines cross.
//   - Local space: the body's azimuth at the birthplace (from north through
//     east) and geometric altitude, from its topocentric place (as seen from
//     the birthplace: the Moon's parallax moves its altitude by up to a
//     degree, its azimuth by a few arcseconds), and the great circle leaving
//     the birthplace in that direction, drawn all the way round.
//   - Lines are GeoJSON (RFC 7946) features whose geometry is a
//     MultiLineString of [longitude, latitude] positions in degrees, cut at
//     the antimeridian (RFC 7946 3.1.9), rounded to 1e-5 degree (a metre).
//
// Sources: Jim Lewis, Astro*Carto*Graphy (1976) for the lines and parans;
// Michael Erlewine, Local Space (1977) for local space; the spherical
// astronomy of Jean Meeus, Astronomical Algorithms (2nd ed., 1998), ch. 13
// (13.5-13.6, azimuth and altitude) and ch. 15 (rising and setting).
package locational

import (
	"fmt"
	"math"

	"github.com/astroapi/astroapi/engine"
)

const deg = math.Pi / 180

// Angle is one of the four angles a line is drawn for, or the kind of a
// line that is not an angle's.
type Angle string

// The angles and line kinds (wire values).
const (
	MC         Angle = "MC"  // upper culmination
	IC         Angle = "IC"  // lower culmination
	ASC        Angle = "ASC" // rising
	DSC        Angle = "DSC" // setting
	LocalSpace Angle = "local_space"
	Paran      Angle = "paran"
)

// EnumValues lists the angles of a paran's bodies (engine.Enum).
func (Angle) EnumValues() []string { return []string{string(MC), string(IC), string(ASC), string(DSC)} }

// Equatorial is a body's place at the birth instant.
type Equatorial struct {
	Name           string  `json:"name" doc:"body name" example:"Sun"`
	RightAscension float64 `json:"right_ascension" doc:"apparent right ascension of date, degrees"`
	Declination    float64 `json:"declination" doc:"apparent declination of date, degrees"`
}

// Geometry is a GeoJSON MultiLineString.
type Geometry struct {
	Type        string         `json:"type" doc:"always MultiLineString" enum:"MultiLineString"`
	Coordinates [][][2]float64 `json:"coordinates" doc:"the line strings, each a list of [longitude, latitude] positions in degrees; a line is cut where it crosses the antimeridian"`
}

// Properties say what a line is.
type Properties struct {
	Body     string   `json:"body" doc:"the body (the first of the two for a paran)" example:"Venus"`
	Angle    Angle    `json:"angle" doc:"MC, IC, ASC or DSC for astrocartography lines (the body's angle for a paran); local_space for a local space line" enum:"MC,IC,ASC,DSC,local_space"`
	Body2    string   `json:"body2,omitempty" doc:"paran: the second body"`
	Angle2   Angle    `json:"angle2,omitempty" doc:"paran: the second body's angle" enum:"MC,IC,ASC,DSC"`
	Kind     string   `json:"kind" doc:"astrocartography, paran or local_space" enum:"astrocartography,paran,local_space"`
	Latitude *float64 `json:"latitude,omitempty" doc:"paran: its latitude, degrees"`
	Azimuth  *float64 `json:"azimuth,omitempty" doc:"local space: the body's azimuth at the birthplace, degrees from north through east"`
}

// Feature is a GeoJSON feature: one line.
type Feature struct {
	Type       string     `json:"type" doc:"always Feature" enum:"Feature"`
	Geometry   Geometry   `json:"geometry"`
	Properties Properties `json:"properties"`
}

// FeatureCollection is a GeoJSON feature collection.
type FeatureCollection struct {
	Type     string    `json:"type" doc:"always FeatureCollection" enum:"FeatureCollection"`
	Features []Feature `json:"features" doc:"the lines"`
}

// place returns the apparent right ascension and declination of each body
// at t (equatorial of date, from the Swiss Ephemeris; seen from obs when it
// is not nil, else from the Earth's centre) and the Greenwich apparent
// sidereal time in degrees.
func place(pos engine.Positions, t engine.JDUT, bodies []engine.Body, obs *engine.Observer) ([]Equatorial, float64, engine.Source, error) {
	// The ARMC at Greenwich is the sidereal time the charts' angles use:
	// IAU 2006 from the tables where it agrees with libswe (1850-2050),
	// libswe's own long-term model outside.
	h, err := pos.Houses(t, 0, 0, engine.Porphyry, "")
	if err != nil {
		return nil, 0, "", err
	}
	theta := h.ARMC
	src := engine.FromTables.Worse(h.Source)
	out := make([]Equatorial, 0, len(bodies))
	for _, b := range bodies {
		p, err := pos.Position(t, b, engine.Options{Equatorial: true, SkipDistance: true, Topocentric: obs})
		if err != nil {
			return nil, 0, src, fmt.Errorf("%v: %w", b, err)
		}
		src = src.Worse(p.Source)
		out = append(out, Equatorial{Name: b.String(), RightAscension: p.Longitude, Declination: p.Latitude})
	}
	return out, theta, src, nil
}

// lon180 reduces a longitude to [-180, 180).
func lon180(x float64) float64 {
	x = engine.Normalize(x + 180)
	return x - 180
}

// round5 rounds a coordinate to 1e-5 degree.
func round5(x float64) float64 { return math.Round(x*1e5) / 1e5 }

// MeridianLongitude returns the geographic longitude where a body of right
// ascension ra culminates (MC) or anticulminates (IC) when the Greenwich
// sidereal time is theta (degrees), in [-180, 180).
func MeridianLongitude(ra, theta float64, a Angle) float64 {
	l := ra - theta
	if a == IC {
		l += 180
	}
	return lon180(l)
}

// semiArc returns H0, the hour angle of rising of a point of declination
// dec at latitude lat, in degrees, and whether it rises and sets there.
func semiArc(dec, lat float64) (float64, bool) {
	x := -math.Tan(lat*deg) * math.Tan(dec*deg)
	if x < -1 || x > 1 {
		return 0, false
	}
	return math.Acos(x) / deg, true
}

// HorizonLongitude returns the geographic longitude at latitude lat where a
// body (ra, dec) rises (ASC) or sets (DSC) when the Greenwich sidereal time
// is theta, and false where it never does.
func HorizonLongitude(ra, dec, theta, lat float64, a Angle) (float64, bool) {
	h0, ok := semiArc(dec, lat)
	if !ok {
		return 0, false
	}
	if a == ASC {
		return lon180(ra - h0 - theta), true
	}
	return lon180(ra + h0 - theta), true
}

// lineBuilder cuts a sequence of positions into line strings at the
// antimeridian, interpolating the crossing (so each part ends on ±180).
type lineBuilder struct {
	parts [][][2]float64
	cur   [][2]float64
}

func (l *lineBuilder) add(lon, lat float64) {
	p := [2]float64{round5(lon), round5(lat)}
	if n := len(l.cur); n > 0 {
		prev := l.cur[n-1]
		if d := p[0] - prev[0]; d > 180 || d < -180 {
			// Crossing: go to the edge on the previous side, resume from
			// the other edge.
			edge := 180.0
			if prev[0] < 0 {
				edge = -180
			}
			span := 360 - math.Abs(d) // the true longitude step
			f := math.Abs(edge-prev[0]) / span
			lat := round5(prev[1] + f*(p[1]-prev[1]))
			l.cur = append(l.cur, [2]float64{edge, lat})
			l.flush()
			l.cur = append(l.cur, [2]float64{-edge, lat})
		}
	}
	l.cur = append(l.cur, p)
}

func (l *lineBuilder) flush() {
	if len(l.cur) > 1 {
		l.parts = append(l.parts, l.cur)
	}
	l.cur = nil
}

func (l *lineBuilder) geometry() Geometry {
	l.flush()
	if l.parts == nil {
		l.parts = [][][2]float64{}
	}
	return Geometry{Type: "MultiLineString", Coordinates: l.parts}
}
