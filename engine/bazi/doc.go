// Package bazi casts the Chinese four pillars of destiny (BaZi, "eight
// characters"), gives the animal of a year, and scores the compatibility of
// two people.
//
// Each pillar is a place in the sexagenary cycle: a heavenly stem (Jia,
// Yi, ... Gui) over an earthly branch (Zi, Chou, ... Hai). Conventions
// (also reported in every Chart):
//
//   - Year pillar: the solar year, which begins at Lichun, when the Sun's
//     apparent longitude reaches 315 degrees (about 4 February), not at the
//     lunar new year. The year beginning in Gregorian year y is place
//     (y - 4) mod 60 (1984 was Jia Zi).
//   - Month pillar: the month begins at each jie solar term (Lichun 315,
//     Jingzhe 345, Qingming 15, ... Xiaohan 285 degrees); the branch runs
//     from Yin (the month Lichun opens) to Chou, and the stem follows the
//     "five tigers" rule from the year stem. The instants come from
//     engine/solarterms (the precomputed table of 1800-2399, root-finding
//     on the ephemeris outside it), so the minute and the zone of the birth
//     decide at a boundary.
//   - Day pillar: the unbroken sexagenary count of days, place
//     (JDN + 49) mod 60 of the local civil date (2000-01-01 was Wu Wu).
//   - Hour pillar: the double hour of the local clock (Zi 23:00-00:59,
//     Chou 01:00-02:59, ...), its stem by the "five rats" rule from the day
//     stem. The hour from 23:00 is the Zi hour of the next day, so it takes
//     the next day's stems.
//   - The day boundary (DayBoundary): by default the day pillar changes at
//     23:00, with the Zi hour (the classical Ziping rule); with midnight it
//     changes at 00:00, and 23:00-23:59 keeps the date's own day pillar
//     (the "late Zi hour") while its hour pillar is still the next day's.
//   - Clock: the clock time of the birth's zone with the offset in force
//     at the time (daylight time included; China kept daylight time in
//     1986-1991). The birth is the shared birth packet (engine/birth) with
//     the place optional (Person): an IANA zone, an offset, "auto" (the
//     zone of the birthplace) or "LMT" (local mean time of its longitude);
//     UTC when omitted, as spec 4.6 says. No true solar time correction is
//     applied: the pillars follow the clock, as the spec's default asks.
//   - Calendar: years 1583-2999 (those of the solar-term table), in the
//     Gregorian calendar unless the request names the Julian one.
//
// Stems and branches are given in pinyin without tone marks (the wire
// values) with the Chinese characters alongside; the nayin ("sound")
// element of each pillar is given too. There are no ten gods and no
// luck pillars, and a gender input is ignored with a warning (spec 4.6).
//
// The pillars are checked against lunar-javascript's EightChar (see
// testdata/gen/eightchar.js).
package bazi
