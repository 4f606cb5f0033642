// Package gen builds the precomputed Chebyshev tables of package tables
// from the Swiss Ephemeris (engine/swe) and verifies them against it.
//
// For every body it fits the apparent geocentric
// ecliptic longitude, latitude and distance of date that swe_calc_ut
// (SEFLG_SWIEPH|SEFLG_SPEED) returns for a UT instant; for the six
// ayanamsas the value of swe_get_ayanamsa_ex_ut; and the true obliquity and
// nutation in longitude of swe_calc_ut(SE_ECL_NUT). Each segment is sampled
// at twice as many Chebyshev nodes as the kept degree needs (libswe's
// apparent positions carry a few 1e-4" of step noise that a denser fit
// averages), checked against direct calls between its nodes, and cut into
// 2, 4, ... 32 parts where it misses (planets near the Sun, where light
// deflection has kinks; libswe's own jumps of ~0.002" where its file
// segments meet). A segment that still misses becomes a hole, served by
// libswe. Each component is then truncated to the lowest degree whose tail
// stays under a quarter of its tolerance, and speeds come from the
// derivative of the fit when that is within 0.7 of the speed tolerance at
// all nodes, else they are fitted as components of their own. Finally every
// table is checked against direct calls at 100,000 random instants it was
// not fitted to, and sidereal positions derived from the tables against
// libswe's SEFLG_SIDEREAL for every ayanamsa the tables serve.
//
// The True Node, which libswe derives from the Moon's osculating orbit, is
// smooth only within one segment of the Moon file (27.55 days) and its speed
// jumps where two segments meet, so its table runs in TT with exactly the
// file's segments (read from the semo_18.se1 header) and leaves 2e-4 day at
// each join to libswe, whose node speed there is a difference quotient
// across the join. TT tables are read through the delta T table
// (swe_deltat_ex by UT, tolerance 0.002 s: libswe's delta T steps by ~1 ms
// at some year boundaries), and checked by UT through it at 100,000
// instants.
//
// Tolerances (every table, every sample): longitude, latitude, ayanamsa,
// obliquity and nutation 0.001 arcsecond; speeds in longitude and latitude
// 0.00001 degree/day; distance 1e-8 of itself (about 0.002 arcsecond of
// parallax-equivalent: 3.8 m for the Moon, 1.5 km at 1 AU; libswe's own
// distances scatter at a few 1e-9) and its speed 0.00001 degree/day
// expressed the same way (1.75e-7 x distance per day), except the True
// Node's, 1e-5 x distance per day: libswe's own values of that rate
// scatter by 2e-6 (a difference quotient over 2e-4 day).
// A table that misses a tolerance is not written and Tables fails.
//
// Beside the body, ayanamsa, nutation and delta T tables, the file holds
// three catalogs, each in its own bucket:
//
//   - "star" (tables.KindStar, stars.go): one table per star of the
//     engine/stars catalog (43), named by its key ("deneb_adige"): the
//     direction of swe_fixstar2_ut(SEFLG_SWIEPH|SEFLG_NONUT|SEFLG_NOGDEFL)
//     with tables.StarFrame's annual aberration taken out, in 1024-day
//     segments of degree 20 before truncation, to the planets' 0.001";
//     tables.Set.Star puts aberration, deflection and nutation back from the
//     Sun's and the nutation's tables, and verifyStars checks those apparent
//     positions against swe_fixstar2_ut(SEFLG_SWIEPH) at StarSamples (5,000)
//     random instants a star, 0.001" again;
//   - "eclipse" (tables.KindEclipse, eclipses.go): every solar and lunar
//     eclipse with greatest eclipse in [From, To], found with
//     swe_sol_eclipse_when_glob and swe_lun_eclipse_when and described with
//     swe_sol_eclipse_where, swe_sol_eclipse_when_loc (duration at the point
//     of greatest eclipse), swe_lun_eclipse_how and swe_calc_ut (the Sun's
//     and the Moon's longitudes, the Moon's latitude and its rate), stored as
//     JSON records (key "meta": tables.EclipseMeta; key "catalog": the
//     tables.Eclipse list in order). checkEclipses refuses a catalog that
//     fails its consistency checks (kinds at least 25 days apart, two to
//     five of each kind a year, every Saros member one Saros from the next,
//     one node per series, the node agreeing with the Moon's latitude rate);
//   - "solar_term" (solarterms.go): the instants the Sun's apparent
//     longitude crosses each multiple of 15 degrees, 1800-2399, solved by
//     Newton's method on swe_calc_ut and checked against an independent
//     root (regula falsi) within TolSolarTerm (1 s).
package gen
