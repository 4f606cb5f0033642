// Package swe is the project's only cgo package: a small binding to the
// Swiss Ephemeris 2.10 C library as Debian ships it (libswe-dev, linked
// statically from libswe.a), reading the ephemeris files of swe-basic-data
// (1800-2400) from a configurable directory.
//
// It uses these functions of the Swiss Ephemeris programmer's manual
// (Astrodienst, "Programming interface to the Swiss Ephemeris"):
//
//   - swe_set_ephe_path (chapter 1, "the ephemeris files"), called lazily on
//     every OS thread before its first calculation;
//   - swe_calc_ut (chapter 3, "planetary positions") with SEFLG_SWIEPH,
//     SEFLG_SPEED and optionally SEFLG_SIDEREAL, SEFLG_EQUATORIAL,
//     SEFLG_HELCTR, SEFLG_TOPOCTR; with SE_ECL_NUT for obliquity and
//     nutation;
//   - swe_set_sid_mode and swe_get_ayanamsa_ex_ut ("sidereal mode, ayanamsas");
//   - swe_set_topo ("topocentric positions");
//   - swe_houses_ex2 ("house cusps, ascendant and MC");
//   - swe_julday and swe_revjul ("date and time conversion"), swe_deltat_ex
//     ("delta T"), swe_sidtime ("sidereal time");
//   - swe_fixstar2_ut and swe_fixstar2_mag ("fixed stars"), reading StarFile
//     (sefstars.txt of swe-basic-data) from the ephemeris directory:
//     FixStar2UT and FixStar2Mag as libswe has them, FixedStar for the
//     apparent position of date (Moshier's Earth outside the files), and
//     HasStarFile; an unknown star wraps ErrStarNotFound;
//   - swe_sol_eclipse_when_glob, swe_sol_eclipse_where, swe_sol_eclipse_how
//     and swe_sol_eclipse_when_loc, swe_lun_eclipse_when and
//     swe_lun_eclipse_how ("eclipses"): SolarEclipseWhenGlob,
//     SolarEclipseWhere, SolarEclipseHow, SolarEclipseWhenLoc,
//     LunarEclipseWhen and LunarEclipseHow, with the SE_ECL_* bits as the
//     Ecl* constants (checked against the header) and NASA's Saros numbers
//     from attr[9] and attr[10] (EclipseAttributes.SarosSeries). They use
//     the files within 1800-2400 and Moshier's theory outside.
//
// # Threads
//
// libswe keeps its ephemeris path, sidereal mode and topocentric observer
// in thread-local storage, and a goroutine may run on a different OS thread
// at each cgo call. So every "set a mode, then compute" sequence is one call
// of a static C shim in swe.go, which also calls swe_set_ephe_path the first
// time a thread works for an Ephemeris. Ephemeris is therefore safe for
// concurrent use without locking threads; a -race test running tropical,
// sidereal and topocentric charts in parallel checks it.
//
// # Which ephemeris served
//
// Within FilesStart..FilesEnd (1800-2400) Position reads the files
// (SEFLG_SWIEPH). Outside them it asks libswe for Moshier's analytical theory
// (SEFLG_MOSEPH) for Sun..Pluto, the nodes and Lilith, and reports
// Source engine.FromMoshier; the asteroids have no Moshier fallback and fail
// with engine.ErrOutOfRange. Asked for the files where they are missing,
// libswe would fall back by itself and say so only in the returned flags;
// Position checks those too. swe_calc_ut uses the delta T of the ephemeris
// that actually served, so Moshier positions use Moshier's tidal
// acceleration, while DeltaT always reports the files' delta T.
//
// # Houses at polar latitudes
//
// Placidus and Koch have no solution inside the polar circles. libswe then
// returns Porphyry cusps (with an error code), and Houses returns them with
// System set to engine.Porphyry, the system actually used.
//
// # Sidereal zodiacs
//
// For every ayanamsa but engine.J2000, a sidereal longitude is the tropical
// one minus Ayanamsa. libswe computes the j2000 zodiac on the ecliptic of
// J2000 instead (SE_SIDM_J2000 implies SE_SIDBIT_ECL_T0): those positions
// equal SEFLG_J2000 ecliptic coordinates, latitude included, and the houses'
// ARMC is in that frame too.
//
// # Errors
//
// Failures become *Error values naming the C function; libswe's own text is
// kept in Error.Detail for logs and never in the message. Failures at
// instants outside the files wrap engine.ErrOutOfRange.
//
// Builds without cgo compile (so CGO_ENABLED=0 go vet works) but Open returns
// ErrNoCgo.
package swe
