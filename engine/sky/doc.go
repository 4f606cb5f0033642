// Package sky computes the sky at an instant and over a span of time from an
// engine.Positions source (the Chebyshev tables first, the Swiss Ephemeris
// behind them): every body's position (PlanetsAt), retrograde stations and
// periods with their shadows (FindStations), the Moon's phase, age,
// illumination and quarters (MoonAt, PhaseAt, MoonPhases), its sign
// ingresses (MoonIngresses), void-of-course periods (VoidAt, VoidPeriods),
// tables of positions streamed row by row (Ephemeris, with JSON and CSV row
// writers), the minor bodies the installed files cover (AsteroidsAt,
// MinorBodies), and when a body reaches a longitude (NextCrossing, Track).
//
// # Conventions (also stated in each result)
//
//   - Positions are apparent geocentric ecliptic coordinates of date, as
//     swe_calc_ut gives them by default: tropical, or sidereal with one of the
//     six ayanamsas (longitude minus the ayanamsa with nutation; for j2000,
//     libswe's projection onto the ecliptic of J2000). Topocentric and
//     heliocentric frames come from the Swiss Ephemeris (SEFLG_TOPOCTR,
//     SEFLG_HELCTR); heliocentric lists leave out the Sun and the lunar
//     points (nodes, Lilith), which have no heliocentric meaning.
//   - Declination is the equatorial counterpart of the tropical ecliptic
//     position with the true obliquity of date: sin δ = sin β cos ε +
//     cos β sin ε sin λ (Meeus, Astronomical Algorithms, 2nd ed., 13.4).
//   - Instants are found by root-finding on the tables' positions and speeds
//     (Newton's method where the function is monotonic, bracketing
//     elsewhere), converged to under a second, and reported in UTC rounded
//     to the minute with the Julian day (UT) of the root. Civil UTC is taken
//     as UT (they differ by under 0.9 s).
//   - Stations are the instants where the speed in longitude changes sign,
//     for Mercury..Pluto (and Chiron and the four asteroids on request). The
//     Sun and the Moon never move backwards as seen from the Earth; the mean
//     node always does and the true node reverses every few days with the
//     Moon's perturbations, so none of them has stations in the
//     astrological sense. The shadow of a retrograde period runs from the
//     instant the planet first reaches the longitude of its direct station
//     to the instant it passes the longitude of its retrograde station again.
//   - The Moon's phase angle is its elongation from the Sun in ecliptic
//     longitude, 0-360° (0 new, 90 first quarter, 180 full, 270 last
//     quarter); the quarters are the instants it equals a multiple of 90°.
//     Phase names: see PhaseName and LunationPhase. Illumination is the
//     illuminated fraction of the disc, k = (1 + cos i)/2, where i is the
//     selenocentric Sun-Earth angle found from the true elongation ψ
//     (cos ψ = sin β sin β0 + cos β cos β0 cos(λ - λ0)) and the distances:
//     tan i = R sin ψ / (Δ - R cos ψ) (Meeus 48.2-48.3, 48.1). The age is the
//     time since the last new moon, in days.
//   - Void of course: see VoidAt. The Moon is void from its last exact
//     Ptolemaic aspect (conjunction, sextile, square, trine, opposition) to a
//     planet made while it is in a sign, until it enters the next sign;
//     aspects perfected in the previous sign do not count, and a Moon that
//     makes no aspect in a sign is void from the ingress.
//
// # Bounds
//
// Every span is bounded so that one call stays cheap: quarters, ingresses and
// void-of-course periods at most MaxRangeDays; stations at most
// MaxStationDays; an ephemeris at most MaxRows rows. Beyond them the options
// fail validation with a field error that says how to split the request.
package sky
