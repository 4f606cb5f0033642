// Package stars is the fixed star catalog of the API: 43 stars, their
// positions at a date, conjunctions of given points with them, and lookup
// by name.
//
// # The catalog
//
// The 43 stars (catalog.go, written once as data) are the fifteen Behenian
// stars of Agrippa (De occulta philosophia, 1533, I.32), the four royal
// stars of Persian tradition (Aldebaran, Regulus, Antares, Fomalhaut: three
// are also Behenian) and the 27 other stars traditional astrology uses
// most, those Vivian E. Robson, "The Fixed Stars and Constellations in
// Astrology" (1923), and Bernadette Brady, "Brady's Book of Fixed Stars"
// (1998), both treat. Each has its traditional name, alternate names,
// Bayer designation, constellation, visual magnitude, Ptolemaic nature
// (Tetrabiblos I.9, as Robson tabulates it) and the reason it is included.
// No star is called "conjunctions", which the API's path reserves.
//
// Names are found ignoring case, accents, spaces and punctuation, by the
// traditional name or any alternate name (Find); an unknown name gives an
// *UnknownStarError (ErrUnknownStar) with the nearest names.
//
// # Positions
//
// Positions are apparent, not mean: geocentric tropical ecliptic longitude
// and latitude of date, with precession, proper motion, nutation, annual
// aberration and light deflection by the Sun, as swe_fixstar2_ut of the
// Swiss Ephemeris computes them from sefstars.txt (Hipparcos, ICRS): the
// frame of a chart's planets, so that a star and a planet at the same
// longitude are conjunct. A date's stars are placed at 12:00 UT.
//
// They come from the precomputed tables (package tables, kind "star":
// within 0.001" of swe_fixstar2_ut, verified by the generator at random
// instants 1800-2400) and, where the tables do not serve (outside
// 1800-2400, and within half a degree of the Sun, where libswe's light
// deflection treats the solar disc), from the Swiss Ephemeris directly;
// Position.Source says which.
//
// # Conjunctions
//
// A point and a star are conjunct when their ecliptic longitudes are
// within the orb, latitude ignored (the traditional reckoning), measured
// the shorter way round the circle, so 359.5 and 0.3 are 0.8 apart.
// Default orb: 1 degree (DefaultOrb), at most 10.
package stars
