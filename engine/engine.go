package engine

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"time"
)

// JDUT is a Julian day number in Universal Time (UT1), the time scale of
// birth instants and of swe_calc_ut.
type JDUT float64

// JDTT is a Julian day number in Terrestrial Time. Converting from JDUT needs
// delta T and is always explicit.
type JDTT float64

// Body is a celestial body or calculated point. The values are this
// project's own; engine/swe maps them to Swiss Ephemeris numbers.
type Body int

// The bodies the API knows. The order is the order of a chart listing.
const (
	Sun Body = iota
	Moon
	Mercury
	Venus
	Mars
	Jupiter
	Saturn
	Uranus
	Neptune
	Pluto
	MeanNode
	TrueNode
	MeanLilith // mean lunar apogee, "Black Moon Lilith"
	Chiron
	Ceres
	Pallas
	Juno
	Vesta
	numBodies
)

var bodyNames = [numBodies]string{
	"Sun", "Moon", "Mercury", "Venus", "Mars", "Jupiter", "Saturn", "Uranus",
	"Neptune", "Pluto", "Mean Node", "True Node", "Lilith", "Chiron",
	"Ceres", "Pallas", "Juno", "Vesta",
}

// AllBodies lists every Body in chart order.
func AllBodies() []Body {
	out := make([]Body, numBodies)
	for i := range out {
		out[i] = Body(i)
	}
	return out
}

// String returns the display name of b, as used in API responses.
func (b Body) String() string {
	if b < 0 || b >= numBodies {
		return fmt.Sprintf("Body(%d)", int(b))
	}
	return bodyNames[b]
}

// Valid reports whether b is a known body.
func (b Body) Valid() bool { return b >= 0 && b < numBodies }

// Signs of the zodiac in order from 0° Aries.
var Signs = [12]string{
	"Aries", "Taurus", "Gemini", "Cancer", "Leo", "Virgo",
	"Libra", "Scorpio", "Sagittarius", "Capricorn", "Aquarius", "Pisces",
}

// Normalize returns the angle a reduced to [0, 360) degrees.
func Normalize(a float64) float64 {
	if a >= 0 && a < 360 { // already normalized (most calls): skip the modulo
		return a
	}
	a = math.Mod(a, 360)
	if a < 0 {
		a += 360
	}
	if a >= 360 { // -1e-17 + 360 rounds to 360
		a = 0
	}
	return a
}

// SignOf returns the sign name of an ecliptic longitude in degrees and the
// degree within that sign, in [0, 30).
func SignOf(lon float64) (sign string, degree float64) {
	lon = Normalize(lon)
	i := int(lon / 30)
	if i > 11 {
		i = 11
	}
	return Signs[i], lon - float64(i)*30
}

// Ayanamsa names a sidereal zodiac's offset from the tropical one. The values
// are the API's wire values.
type Ayanamsa string

// The ayanamsas the API offers.
const (
	Lahiri       Ayanamsa = "lahiri"
	Raman        Ayanamsa = "raman"
	KP           Ayanamsa = "kp" // Krishnamurti
	FaganBradley Ayanamsa = "fagan_bradley"
	DeLuce       Ayanamsa = "deluce"
	J2000        Ayanamsa = "j2000"
)

// Ayanamsas lists the offered ayanamsas, for validation and documentation.
var Ayanamsas = []Ayanamsa{Lahiri, Raman, KP, FaganBradley, DeLuce, J2000}

// EnumValues lists the wire values of the ayanamsas (engine.Enum).
func (Ayanamsa) EnumValues() []string { return enumStrings(Ayanamsas) }

// Valid reports whether a is an offered ayanamsa.
func (a Ayanamsa) Valid() bool { return slices.Contains(Ayanamsas, a) }

// Zodiac is the zodiac of longitudes: tropical, or sidereal with an
// ayanamsa. The values are the API's wire values.
type Zodiac string

// The zodiacs.
const (
	Tropical Zodiac = "tropical"
	Sidereal Zodiac = "sidereal"
)

// Zodiacs lists the zodiacs.
var Zodiacs = []Zodiac{Tropical, Sidereal}

// EnumValues lists the wire values of the zodiacs (engine.Enum).
func (Zodiac) EnumValues() []string { return enumStrings(Zodiacs) }

// HouseSystem names a house division. The values are the API's wire values.
type HouseSystem string

// The house systems the API offers.
const (
	Placidus      HouseSystem = "placidus"
	Koch          HouseSystem = "koch"
	Equal         HouseSystem = "equal"
	WholeSign     HouseSystem = "whole_sign"
	Regiomontanus HouseSystem = "regiomontanus"
	Campanus      HouseSystem = "campanus"
	Morinus       HouseSystem = "morinus"
	Porphyry      HouseSystem = "porphyry"
)

// HouseSystems lists the offered house systems.
var HouseSystems = []HouseSystem{Placidus, Koch, Equal, WholeSign, Regiomontanus, Campanus, Morinus, Porphyry}

// EnumValues lists the wire values of the house systems (engine.Enum).
func (HouseSystem) EnumValues() []string { return enumStrings(HouseSystems) }

// Valid reports whether s is an offered house system.
func (s HouseSystem) Valid() bool { return slices.Contains(HouseSystems, s) }

// enumStrings converts a list of typed string constants to strings.
func enumStrings[T ~string](vs []T) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = string(v)
	}
	return out
}

// Source says which ephemeris produced a value.
type Source string

// The sources of a value.
const (
	FromTables  Source = "tables"          // precomputed Chebyshev tables (fit to the Swiss Ephemeris files)
	FromSwiss   Source = "swiss_ephemeris" // Swiss Ephemeris with its data files (1800-2400)
	FromMoshier Source = "moshier"         // Swiss Ephemeris' analytical Moshier theory (outside the files)
)

// Worse returns the less precise of two sources (Moshier over the Swiss
// Ephemeris files over the tables): a result combining positions reports
// the worst of them.
func (s Source) Worse(o Source) Source {
	rank := func(s Source) int {
		switch s {
		case FromMoshier:
			return 2
		case FromSwiss:
			return 1
		}
		return 0
	}
	if rank(o) > rank(s) {
		return o
	}
	return s
}

// MoshierNote is the notice of a result whose positions came from the
// Moshier theory.
const MoshierNote = "positions from the Swiss Ephemeris' Moshier theory (outside the 1800-2400 ephemeris files): about an arcsecond for the planets, a few arcseconds for the Moon"

// Options selects the frame of a position. The zero value is apparent
// geocentric tropical ecliptic coordinates of date, the frame of the tables.
type Options struct {
	Sidereal     Ayanamsa  // "" for the tropical zodiac
	Equatorial   bool      // right ascension/declination instead of longitude/latitude
	Heliocentric bool      // seen from the Sun
	Topocentric  *Observer // seen from a place on Earth instead of the geocentre
	// SkipDistance says the caller reads only Longitude, Latitude and
	// SpeedLongitude: a source may leave the distance, its speed and the
	// latitude's speed zero (the tables then evaluate half as much).
	SkipDistance bool
}

// Plain reports whether o asks for nothing but the frame the tables hold
// (possibly sidereal, which the tables serve by subtracting the ayanamsa).
func (o Options) Plain() bool { return !o.Equatorial && !o.Heliocentric && o.Topocentric == nil }

// Observer is a place on Earth: geographic degrees (east and north positive)
// and metres above sea level.
type Observer struct {
	Latitude, Longitude, Altitude float64
}

// Position is a body's place in the frame the Options asked for: longitude
// (or right ascension) and latitude (or declination) in degrees, distance in
// AU, and their speeds per day.
type Position struct {
	Longitude, Latitude, Distance                float64
	SpeedLongitude, SpeedLatitude, SpeedDistance float64
	Source                                       Source
}

// Houses are the twelve cusps and the angles of a chart, longitudes in
// degrees in the requested zodiac.
type Houses struct {
	Cusps               [12]float64 // Cusps[0] is the first house
	Ascendant           float64
	Midheaven           float64
	ARMC                float64 // right ascension of the midheaven
	Vertex              float64
	EquatorialAscendant float64
	System              HouseSystem // the system actually used, which may be a documented fallback
	Source              Source
}

// Positions is the one interface topic packages calculate from.
type Positions interface {
	// Position returns body b at instant t in the frame o.
	Position(t JDUT, b Body, o Options) (Position, error)
	// Houses returns cusps and angles for a place (geographic degrees).
	Houses(t JDUT, latitude, longitude float64, sys HouseSystem, sidereal Ayanamsa) (Houses, error)
	// Ayanamsa returns the ayanamsa in degrees at t (true, with nutation, as
	// the Swiss Ephemeris applies it to sidereal positions).
	Ayanamsa(t JDUT, a Ayanamsa) (float64, error)
	// Obliquity returns the true obliquity of the ecliptic and the nutation in
	// longitude at t, in degrees.
	Obliquity(t JDUT) (trueObliquity, nutationLongitude float64, err error)
}

// ErrOutOfRange is returned for instants outside what an ephemeris covers.
var ErrOutOfRange = errors.New("instant outside the supported range")

// ErrUnavailable wraps the errors of a calculation that needs data this
// server was started without (the geocoding index, the zone boundaries):
// the request may be fine, the server cannot answer it (503).
var ErrUnavailable = errors.New("not available on this server")

// CheckPlace validates geographic coordinates in degrees, naming bad ones
// prefix+"latitude" and prefix+"longitude". NaN fails both checks.
func CheckPlace(latitude, longitude float64, prefix string) Fields {
	var errs Fields
	if !(latitude >= -90 && latitude <= 90) {
		errs = append(errs, &FieldError{Field: prefix + "latitude", Reason: "must be between -90 and 90"})
	}
	if !(longitude >= -180 && longitude <= 180) {
		errs = append(errs, &FieldError{Field: prefix + "longitude", Reason: "must be between -180 and 180"})
	}
	return errs
}

// FieldError is a validation failure of one input field. Field is the JSON
// path of the field as the caller sent it ("latitude", "natal.planets[2]").
type FieldError struct {
	Field  string
	Reason string
}

func (e *FieldError) Error() string { return e.Field + ": " + e.Reason }

// Fields is a list of field errors; it is itself an error so a validator can
// report every bad field at once.
type Fields []*FieldError

func (f Fields) Error() string {
	if len(f) == 0 {
		return "no field errors"
	}
	s := f[0].Error()
	if len(f) > 1 {
		s += fmt.Sprintf(" (and %d more)", len(f)-1)
	}
	return s
}

// Err returns f as an error, or nil when f is empty.
func (f Fields) Err() error {
	if len(f) == 0 {
		return nil
	}
	return f
}

// Add appends the field errors err holds (a *FieldError or Fields) to f
// and returns nil, so that one answer lists every bad field; any other
// error (a dependency missing, a fault) is returned for the caller to
// stop on. It is the one place field errors are merged.
func (f *Fields) Add(err error) error {
	if err == nil {
		return nil // before the targets of errors.As, which escape
	}
	var fs Fields
	var fe *FieldError
	switch {
	case errors.As(err, &fs):
		*f = append(*f, fs...)
	case errors.As(err, &fe):
		*f = append(*f, fe)
	default:
		return err
	}
	return nil
}

// Bad appends a field error.
func (f *Fields) Bad(field, reason string) {
	*f = append(*f, &FieldError{Field: field, Reason: reason})
}

// Prefixed returns the errors of f with prefix prepended to their fields.
func (f Fields) Prefixed(prefix string) Fields {
	if prefix == "" {
		return f
	}
	out := make(Fields, len(f))
	for i, e := range f {
		out[i] = &FieldError{Field: prefix + e.Field, Reason: e.Reason}
	}
	return out
}

// Missing lists required parts of a request whose absence the contract
// answers with its own status, 400 Bad Request, rather than the 422 of
// other bad fields (spec 7: fixed-star conjunctions without planets,
// eclipse activations without natal.planets or natal.houses). It is not
// Fields: a resolver returns it alone, Fields.Add hands it back, and the
// call stops there, before anything is billed or computed.
type Missing []*FieldError

func (m Missing) Error() string { return "missing: " + Fields(m).Error() }

// unixJD0 is the Julian day of 1970-01-01T00:00:00 UTC.
const unixJD0 = 2440587.5

// JDOf returns the Julian day (UT) of an instant. Civil UTC is taken as UT:
// the two differ by under 0.9 s, below what any route reports.
func JDOf(t time.Time) JDUT {
	// Whole seconds and the nanosecond part separately keep full precision.
	return JDUT(unixJD0 + float64(t.Unix())/86400 + float64(t.Nanosecond())/86400e9)
}

// Time returns the instant of t in UTC, rounded to the microsecond (a
// float64 Julian day near 2451545 resolves about 20 µs).
func (t JDUT) Time() time.Time {
	days := float64(t) - unixJD0
	sec := math.Floor(days * 86400)
	ns := math.Round((days*86400-sec)*1e6) * 1e3
	return time.Unix(int64(sec), int64(ns)).UTC()
}

// Enum is implemented by the typed string enumerations of the wire
// (house systems, ayanamsas, node types, ...): EnumValues lists every
// accepted value once, and the request decoder, the OpenAPI document and the
// tests all read that one list.
type Enum interface {
	EnumValues() []string
}
