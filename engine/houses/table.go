package houses

import (
	"fmt"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/sidereal"
)

// Selection is a house system, or "all" for every one at once.
type Selection string

// All selects every house system, for comparison.
const All Selection = "all"

// EnumValues lists the house systems and "all" (engine.Enum).
func (Selection) EnumValues() []string {
	return append(engine.HouseSystem("").EnumValues(), string(All))
}

// Systems returns the systems s selects ("" means Default).
func (s Selection) Systems() []engine.HouseSystem {
	switch s {
	case "":
		return []engine.HouseSystem{Default}
	case All:
		return engine.HouseSystems
	}
	return []engine.HouseSystem{engine.HouseSystem(s)}
}

// Point is a longitude with its sign and degree in the sign.
type Point struct {
	Degree    float64 `json:"degree" doc:"degrees within the sign, 0-30"`
	Sign      string  `json:"sign" doc:"zodiac sign" example:"Leo"`
	Longitude float64 `json:"longitude" doc:"ecliptic longitude in degrees, 0-360"`
}

// PointOf is the Point of longitude lon.
func PointOf(lon float64) Point {
	lon = engine.Normalize(lon)
	s, d := engine.SignOf(lon)
	return Point{Degree: d, Sign: s, Longitude: lon}
}

// Cusp is one house cusp.
type Cusp struct {
	Number    int     `json:"number" doc:"house number, 1-12 (Gauquelin: sector 1-36)" minimum:"1" maximum:"36"`
	Sign      string  `json:"sign" doc:"zodiac sign of the cusp"`
	Degree    float64 `json:"degree" doc:"degrees within the sign"`
	Longitude float64 `json:"longitude" doc:"ecliptic longitude in degrees"`
}

// Set is the twelve cusps of one house system.
type Set struct {
	System          engine.HouseSystem `json:"system" doc:"house system used"`
	RequestedSystem engine.HouseSystem `json:"requested_system" doc:"house system asked for"`
	Fallback        bool               `json:"fallback" doc:"true when the requested system is undefined here (Placidus, Koch or Gauquelin inside the polar circles) and polar_fallback was used"`
	Cusps           []Cusp             `json:"cusps" doc:"the twelve cusps in order; for the Gauquelin sectors the 36 sector cusps, sector 1 at the Ascendant, 10 at the Midheaven, numbered clockwise"`
}

// AyanamsaValue is the sidereal offset used.
type AyanamsaValue struct {
	Name    engine.Ayanamsa `json:"name" enum:"-" doc:"ayanamsa: the request's ayanamsa, or user for a user_ayanamsa"`
	Degrees float64         `json:"degrees" doc:"value subtracted from tropical longitudes, degrees"`
}

// TableConventions state how a Table was cast.
type TableConventions struct {
	PolarFallback string `json:"polar_fallback" doc:"what happens inside the polar circles"`
	EastPoint     string `json:"east_point" doc:"definition of the East Point"`
	Vertex        string `json:"vertex" doc:"definition of the Vertex"`
	ARMC          string `json:"armc" doc:"definition of the ARMC"`
}

// Table is the angles of a chart and its cusps in one or more systems.
type Table struct {
	ZodiacType  string           `json:"zodiac_type" doc:"tropical or sidereal" enum:"tropical,sidereal"`
	Ayanamsa    *AyanamsaValue   `json:"ayanamsa,omitempty" doc:"present for sidereal houses"`
	Ascendant   Point            `json:"ascendant" doc:"the Ascendant: the ecliptic on the eastern horizon"`
	Descendant  Point            `json:"descendant" doc:"opposite the Ascendant"`
	Midheaven   Point            `json:"midheaven" doc:"the Midheaven (MC): the ecliptic on the upper meridian"`
	ImumCoeli   Point            `json:"imum_coeli" doc:"opposite the Midheaven (IC)"`
	Vertex      Point            `json:"vertex" doc:"the Vertex: the western intersection of the prime vertical and the ecliptic"`
	AntiVertex  Point            `json:"anti_vertex" doc:"opposite the Vertex"`
	EastPoint   Point            `json:"east_point" doc:"the East Point (equatorial ascendant): the ecliptic point rising on the equator's east point, ARMC + 90 degrees projected onto the ecliptic"`
	ARMC        float64          `json:"armc" doc:"right ascension of the Midheaven (local apparent sidereal time in degrees), 0-360"`
	Systems     []Set            `json:"systems" doc:"the cusps of each system asked for, in the order of the house_system list"`
	Conventions TableConventions `json:"conventions"`
	Source      engine.Source    `json:"source" doc:"ephemeris behind the obliquity, nutation and ayanamsa" enum:"tables,swiss_ephemeris,moshier"`
}

// Zodiac is the zodiac of a Table and its polar fallback: tropical,
// sidereal with a named ayanamsa or a user-defined one (not both); the
// system cast where the one asked for is undefined ("" for Fallback).
type Zodiac struct {
	Sidereal      engine.Ayanamsa
	User          *sidereal.User
	PolarFallback engine.HouseSystem
}

// UserAyanamsaName is the name a Table of a user-defined ayanamsa gives it.
const UserAyanamsaName engine.Ayanamsa = "user"

// CastWith casts the houses of the systems sel selects at instant t and
// place (geographic degrees), from pos, in zodiac z. The angles are the
// same in every system; they are taken from the first. A user-defined
// ayanamsa is the Swiss Ephemeris' mean value carried by the precession
// plus the nutation in longitude, subtracted from tropical houses (Shift);
// where a system is undefined (Polar) z.PolarFallback is cast in its place.
func CastWith(pos engine.Positions, t engine.JDUT, lat, lon float64, sel Selection, z Zodiac) (*Table, error) {
	systems := sel.Systems()
	for _, s := range systems {
		if !Valid(s) {
			return nil, &engine.FieldError{Field: "house_system", Reason: fmt.Sprintf("unknown house system %q", s)}
		}
	}
	fallback := z.PolarFallback
	if fallback == "" {
		fallback = Fallback
	}
	if !Valid(fallback) || PolarUndefined(fallback) {
		return nil, &engine.FieldError{Field: "polar_fallback", Reason: fmt.Sprintf("%q cannot stand in inside the polar circles", fallback)}
	}
	eps, dpsi, err := pos.Obliquity(t)
	if err != nil {
		return nil, err
	}
	tab := &Table{ZodiacType: "tropical", Source: engine.FromTables, Systems: make([]Set, 0, len(systems))}
	var aya float64
	switch {
	case z.Sidereal != "":
		if aya, err = pos.Ayanamsa(t, z.Sidereal); err != nil {
			return nil, err
		}
		tab.ZodiacType, tab.Ayanamsa = "sidereal", &AyanamsaValue{Name: z.Sidereal, Degrees: aya}
	case z.User != nil:
		aya = engine.Normalize(z.User.Mean(float64(t)) + dpsi)
		tab.ZodiacType, tab.Ayanamsa = "sidereal", &AyanamsaValue{Name: UserAyanamsaName, Degrees: aya}
	}
	for i, s := range systems {
		cast := s
		if Polar(s, lat, eps) {
			cast = fallback
		}
		var h engine.Houses
		if z.User != nil {
			if h, err = pos.Houses(t, lat, lon, cast, ""); err == nil {
				Shift(&h, aya)
			}
		} else {
			h, err = pos.Houses(t, lat, lon, cast, z.Sidereal)
		}
		if err != nil {
			return nil, err
		}
		if i == 0 {
			tab.Ascendant, tab.Descendant = PointOf(h.Ascendant), PointOf(h.Ascendant+180)
			tab.Midheaven, tab.ImumCoeli = PointOf(h.Midheaven), PointOf(h.Midheaven+180)
			tab.Vertex, tab.AntiVertex = PointOf(h.Vertex), PointOf(h.Vertex+180)
			tab.EastPoint, tab.ARMC = PointOf(h.EquatorialAscendant), h.ARMC
		}
		if h.Source == engine.FromMoshier || h.Source == engine.FromSwiss && tab.Source == engine.FromTables {
			tab.Source = h.Source
		}
		cusps := h.Cusps[:]
		if h.Sectors != nil {
			cusps = h.Sectors[:]
		}
		set := Set{System: h.System, RequestedSystem: s, Fallback: h.System != s, Cusps: make([]Cusp, len(cusps))}
		for k, c := range cusps {
			p := PointOf(c)
			set.Cusps[k] = Cusp{Number: k + 1, Sign: p.Sign, Degree: p.Degree, Longitude: p.Longitude}
		}
		tab.Systems = append(tab.Systems, set)
	}
	tab.Conventions = TableConventions{
		PolarFallback: "Placidus, Koch and the Gauquelin sectors are undefined inside the polar circles (|latitude| >= 90° - obliquity, about 66.56°): " +
			string(fallback) + " is used there (polar_fallback), named in system with fallback true",
		EastPoint: "the equatorial ascendant: the ecliptic longitude of right ascension ARMC + 90°",
		Vertex:    "the western intersection of the prime vertical with the ecliptic; the anti-vertex is opposite",
		ARMC:      "apparent Greenwich sidereal time plus the geographic longitude, in degrees",
	}
	return tab, nil
}
