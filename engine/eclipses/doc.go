// Package eclipses serves the eclipse catalog: every solar and lunar
// eclipse from 1800 to 2400, listed from a date or from now, found near a
// date, and laid on a natal chart (activations).
//
// The catalog is computed once by the table generator (package gen) with
// the Swiss Ephemeris (swe_sol_eclipse_when_glob, swe_sol_eclipse_where,
// swe_sol_eclipse_when_loc, swe_lun_eclipse_when, swe_lun_eclipse_how) and
// stored in the table file (tables.Set.Eclipses); New indexes it, and every
// query is a binary search and a slice of a prebuilt list.
//
// # Conventions
//
//   - datetime is the instant of greatest eclipse, UTC to the second: for a
//     solar eclipse when the axis of the Moon's shadow passes nearest the
//     Earth's centre, for a lunar one when the Moon's centre passes nearest
//     the axis of the Earth's shadow (NASA's definitions). date is its UTC
//     calendar date.
//   - degree is the apparent geocentric tropical ecliptic longitude of date
//     at greatest eclipse: the Sun's for a solar eclipse, the Moon's for a
//     lunar one (the point opposite the Sun); sign and sign_degree place it.
//   - node is ascending when the Moon's ecliptic latitude is increasing at
//     greatest eclipse (the Moon at its North Node), else descending.
//   - saros_series and saros_member are NASA's numbers (van den Bergh's
//     scheme, used by Espenak's Five Millennium Canons), as libswe gives
//     them.
//   - magnitude is NASA's: for a solar eclipse at the point of greatest
//     eclipse, the fraction of the Sun's diameter covered (for total,
//     annular and hybrid eclipses the ratio of the Moon's apparent diameter
//     to the Sun's); for a lunar eclipse the umbral magnitude, with the
//     penumbral magnitude beside it. gamma is in equatorial Earth radii,
//     negative when the shadow axis passes south of the Earth's centre
//     (solar) or the Moon south of the axis (lunar). Durations are whole
//     seconds: totality or annularity at the point of greatest eclipse
//     (solar), or the total, umbral and penumbral phases (lunar).
//
// # Queries
//
// Lists (List, Upcoming) follow spec 8's count rule: absent gives 10, a
// value over 50 gives 10, below 1 is an error for field "count". Near finds
// the eclipse within NearDays (3) days of a date, else ErrNoEclipse (a 404
// for the API). Activations lays the eclipse on a natal chart given as
// plain data: the points within the orb (DefaultOrb 3 degrees, at most 10)
// of the eclipse degree (conjunction) or of the opposite degree
// (opposition), by ecliptic longitude; the natal house holding the eclipse
// degree (engine/houses.Of on the twelve cusps); and the Saros family's
// previous and next eclipses (null beyond 1800-2400).
package eclipses
