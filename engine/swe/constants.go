package swe

import "github.com/astroapi/astroapi/engine"

// Calculation flags of swe_calc_ut (SEFLG_* in swephexp.h). A test checks
// each against the C header.
const (
	FlagSwissEph   int32 = 2     // SEFLG_SWIEPH: use the Swiss Ephemeris files
	FlagMoshier    int32 = 4     // SEFLG_MOSEPH: Moshier's analytical theory
	FlagHelio      int32 = 8     // SEFLG_HELCTR: heliocentric
	FlagTruePos    int32 = 16    // SEFLG_TRUEPOS: geometric, not apparent
	FlagJ2000      int32 = 32    // SEFLG_J2000: equinox J2000 instead of of date
	FlagNoNut      int32 = 64    // SEFLG_NONUT: mean equinox of date
	FlagSpeed      int32 = 256   // SEFLG_SPEED: compute speeds
	FlagEquatorial int32 = 2048  // SEFLG_EQUATORIAL: right ascension and declination
	FlagXYZ        int32 = 4096  // SEFLG_XYZ: cartesian coordinates
	FlagRadians    int32 = 8192  // SEFLG_RADIANS: radians instead of degrees
	FlagTopo       int32 = 32768 // SEFLG_TOPOCTR: topocentric
	FlagSidereal   int32 = 65536 // SEFLG_SIDEREAL: sidereal zodiac
	EclNut         int32 = -1    // SE_ECL_NUT: the "body" giving obliquity and nutation
	defaultFlags         = FlagSwissEph | FlagSpeed
)

// seBodies maps engine.Body to SE planet numbers (SE_SUN ... SE_VESTA).
var seBodies = [...]int32{
	engine.Sun: 0, engine.Moon: 1, engine.Mercury: 2, engine.Venus: 3, engine.Mars: 4,
	engine.Jupiter: 5, engine.Saturn: 6, engine.Uranus: 7, engine.Neptune: 8, engine.Pluto: 9,
	engine.MeanNode: 10, engine.TrueNode: 11, engine.MeanLilith: 12, engine.Chiron: 15,
	engine.Ceres: 17, engine.Pallas: 18, engine.Juno: 19, engine.Vesta: 20,
}

// seCupido is SE_CUPIDO, the first of the Swiss Ephemeris' fictitious
// bodies (SE_FICT_OFFSET); the Uranian positions are checked against
// swetest's (http/routes/uranian), which names them by the same numbers.
const seCupido = 40

// SE_OSCU_APOG, the osculating lunar apogee, and SE_EARTH.
const (
	seOscuApog = 13
	seEarth    = 14
)

// SEBody returns the Swiss Ephemeris planet number of b, or -1 when b is not
// a known body. The mean lunar apogee (SE_MEAN_APOG) stands for MeanLilith,
// the osculating one (SE_OSCU_APOG) for engine.OscuLilith.
func SEBody(b engine.Body) int32 {
	if b.Uranian() {
		return seCupido + int32(b-engine.Cupido) // SE_CUPIDO..SE_POSEIDON follow each other
	}
	switch b {
	case engine.OscuLilith:
		return seOscuApog
	case engine.Earth:
		return seEarth
	}
	if !b.Valid() || int(b) >= len(seBodies) {
		return -1
	}
	return seBodies[b]
}

// SidMode returns the SE_SIDM_* number of a, or -1 when a is not offered:
// engine.Ayanamsas lists them in the Swiss Ephemeris' order, so the number
// is the position in that list.
func SidMode(a engine.Ayanamsa) int32 {
	for i, v := range engine.Ayanamsas {
		if v == a {
			return int32(i)
		}
	}
	return -1
}

// houseLetters maps house systems to the letters of swe_houses_ex2.
var houseLetters = map[engine.HouseSystem]byte{
	engine.Placidus: 'P', engine.Koch: 'K', engine.Equal: 'E', engine.WholeSign: 'W',
	engine.Regiomontanus: 'R', engine.Campanus: 'C', engine.Morinus: 'M', engine.Porphyry: 'O',
	engine.Alcabitius: 'B', engine.Topocentric: 'T', engine.Meridian: 'X', engine.Vehlow: 'V',
	engine.Krusinski: 'U', engine.Horizontal: 'H', engine.Sripati: 'S', engine.Carter: 'F',
	engine.APC: 'Y', engine.Sunshine: 'I', engine.SavardA: 'J', engine.PullenSD: 'L',
	engine.PullenSR: 'Q', engine.EqualMC: 'D', engine.EqualAries: 'N', engine.Gauquelin: 'G',
}

// HouseLetter returns the swe_houses_ex2 letter of sys, or 0 when sys is not offered.
func HouseLetter(sys engine.HouseSystem) byte { return houseLetters[sys] }
