// Package tables holds the precomputed Chebyshev tables of the calculation
// core: their bbolt file format, loading, and evaluation without cgo.
//
// A table covers a span of Julian days (UT) cut into segments of equal
// length (the last one may be shorter). In each segment every component (a
// fitted quantity such as apparent geocentric ecliptic longitude) is a
// Chebyshev series of the first kind in the segment's normalised time
// x = 2(t-a)/(b-a) - 1, fitted by interpolation at the Chebyshev nodes
// (Numerical Recipes, 3rd ed., section 5.8). A value and its time derivative
// come from one pass of the three-term recurrence.
//
// The tables are fitted by package gen to the Swiss Ephemeris (data files
// sepl_18, semo_18, seas_18; 1800-2400) and verified against direct
// swe_calc_ut calls at random instants before they are written; each table
// records the worst errors found. File layout: see format.go.
package tables
