// Package gen builds the precomputed Chebyshev tables of package tables
// from the Swiss Ephemeris (engine/swe) and verifies them against it.
//
// For every body it fits the apparent geocentric ecliptic longitude,
// latitude and distance of date that swe_calc_ut (SEFLG_SWIEPH|SEFLG_SPEED)
// returns for a UT instant; for the six ayanamsas the value of
// swe_get_ayanamsa_ex_ut; and the true obliquity and nutation in longitude
// of swe_calc_ut(SE_ECL_NUT). Each table is fitted segment by segment at
// the Chebyshev nodes, truncated per component to the lowest degree that
// keeps the series' tail under a quarter of the tolerance, and then checked
// against direct calls at random instants it was not fitted to. Speeds come
// from the derivative of the fit when that meets the speed tolerance at the
// nodes, else they are fitted as components of their own.
//
// Tolerances (every table, every sample): longitude, latitude, ayanamsa,
// obliquity and nutation 0.001 arcsecond; speeds in longitude and latitude
// 0.00001 degree/day; distance 1e-8 of itself (about 0.002 arcsecond of
// parallax-equivalent: 3.8 m for the Moon, 1.5 km at 1 AU; libswe's own
// distances scatter at a few 1e-9) and its speed 0.00001 degree/day
// expressed the same way (1.75e-7 x distance per day).
// A table that misses a tolerance is not written and Tables fails.
package gen
