// Package timing computes the predictive ("timing") techniques from a
// birth: returns, secondary progressions, solar arc directions, annual and
// monthly profections, zodiacal releasing and the firdaria. The
// ephemeris-based techniques calculate from an engine.Positions source
// (tables first, Swiss Ephemeris behind) and natal.Compute; the
// time-lord techniques are counting on top of the natal lots and sect.
//
// One package rather than one per technique: they share the birth they
// start from (Natal, with the local birthday its anniversaries need), the
// year lengths, the option validation by JSON field, the
// progressed-to-natal aspect search, the traditional rulers and the root
// finder on a body's longitude; the architecture names "timing" as one
// topic.
//
// # Returns
//
// A return is the instant a body's apparent geocentric longitude, in the
// chart's zodiac, equals its natal longitude (a sidereal zodiac makes it a
// precession-corrected return). The root is found on the position source
// by Newton steps from the body's speed inside a bracket (rtsafe), to 1e-9
// day, and reported to the second with the unrounded Julian day; the
// return chart is natal.Compute at that instant at the birth place or a
// relocation. The solar return of year Y is the (Y - birth year)-th, the
// one nearest the birthday in Y (the birth's local date and time at its
// UTC offset): it falls within about a day of it. Lunar returns are listed
// for a range of at most 366 days (14 returns), each with its chart.
// Planetary returns (Mercury to Pluto) list every pass over the natal
// longitude in a range of at most 120 years: the range is sampled at a
// step shorter than the planet's shortest retrograde arc, steps holding a
// station are split there, and each monotonic piece holds at most one
// pass; passes are grouped into returns (a direct pass, or direct,
// retrograde and direct again).
//
// # Secondary progressions
//
// One day of ephemeris after birth for each year of life; the year is the
// mean tropical year of 365.24219 days by default (365.2422), or the
// Julian year of 365.25. The progressed Midheaven follows one of five
// methods (Solar Fire's list): solar arc in right ascension (default: the
// ARMC moves with the progressed Sun's right ascension), solar arc in
// longitude, Naibod in right ascension (the mean Sun, 0°59'08.33" a year),
// Naibod in longitude, and quotidian (the houses of the progressed instant
// itself). The Ascendant and cusps follow from the progressed ARMC at the
// birth latitude, with the true obliquity of the progressed instant.
// Progressed-to-natal aspects are the Ptolemaic ones within an orb of 1°
// by default. The progressed Moon comes with its natal house, the dates it
// entered and leaves its sign, and its phase (Rudhyar's eight).
//
// # Solar arc directions
//
// Every natal point (Sun..Pluto, North Node, Ascendant, Midheaven) moves
// forward in longitude by the same arc: the true solar arc (progressed Sun
// minus natal Sun) or Naibod's 0°59'08.33" a year. Directed-to-natal
// aspects are listed at the date, and the dates the Ptolemaic aspects
// perfect within a range of at most 100 years are found by inverting the
// arc (a root on the Sun's track for the true arc, linear for Naibod).
//
// # Profections
//
// The starting point's sign (the Ascendant by default; the Midheaven, Sun,
// Moon or Lot of Fortune on request) moves on one whole sign for each
// completed year of life; the year runs from birthday to birthday. Its
// lord is the traditional ruler of the sign. The monthly profections
// divide that year into twelve equal months (about 30.44 days), the first
// in the year's sign, each next one a sign further (the equal-month
// scheme, not the Sun's ingresses). Valens, Anthology IV, gives the
// worked example tested here.
//
// # Zodiacal releasing
//
// Valens, Anthology IV.4-IV.10; Chris Brennan, Hellenistic Astrology: The
// Study of Fate and Fortune (2017), chapter on zodiacal releasing. Periods
// start from the sign of the Lot of Spirit (default) or of Fortune (lots
// from package parts, reversed by night) and go through the signs in
// order, each lasting its lord's minor years: Aries 15, Taurus 8, Gemini
// 20, Cancer 25, Leo 19, Virgo 20, Libra 8, Scorpio 15, Sagittarius 12,
// Capricorn 27, Aquarius 30, Pisces 12 (211 for the round). Level 1 counts
// years, level 2 months (a twelfth), level 3 a twelfth of that (2.5 days of
// a 360-day year), level 4 again a twelfth (5 hours). Each level starts
// from its parent's sign, and its last period is cut short at the parent's
// end. Loosing of the bond: when the sub-periods have gone once round all
// twelve signs inside a parent, the next is not the first sign again but
// the sign opposite it, and the count goes on from there (a parent's sign
// that comes round again after the jump is no second loosing: the round
// is not complete). The year is Valens' 360 days by default; calendar
// (365.25) and tropical years are options. Peak periods are the signs
// angular to Fortune (1st, 10th, 7th, 4th from it, the 10th the major
// peak), for either lot; every period gives its place from Fortune and
// its angularity. Boundaries are counted in whole level-4 units, so
// sub-periods tile their parents exactly.
//
// # Firdaria
//
// Abu Ma'shar's planetary periods (On Solar Revolutions, trans. Benjamin
// Dykes, Persian Nativities III, 2010): by day Sun 10, Venus 8, Mercury 13, Moon 9,
// Saturn 11, Jupiter 12, Mars 7, North Node 3, South Node 2; by night from
// the Moon: Moon, Saturn, Jupiter, Mars, Sun, Venus, Mercury, then the
// nodes. The alternative places the nodes right after Mars in night births
// (as taught by Robert Zoller after Bonatti). Each planet's period has
// seven equal sub-periods, from its own lord on in Chaldean order; the
// nodes' periods are undivided. The nine periods make 75 years; after them
// the sequence begins again. Years are tropical (365.24219 days) by
// default, so whole-year boundaries fall within two hours of the solar
// returns.
//
// # Requests
//
// The API's inputs are the request types of request.go (SolarReturnRequest
// to FirdariaTimelineRequest): the flat birth packet (engine/birth) and
// the chart frame or settings (engine/natal) beside the technique's own
// fields. Each resolves itself: the birth, then its dates, read as
// moment.Date fields at 00:00 in the zone the birth was read in (the first
// instant of the day where the clocks jumped over midnight; the birth
// itself for a date alone on the birth's own day; a date-time with an
// offset as that instant), then the technique's rules against the birth;
// the defaults it chooses (the end of a range, the start of a timeline:
// the birth) are written back and each date's UTC instant is set beside
// it, so a resolved request is its own echo. Compute runs the technique.
// Go callers may also call the techniques with Natal and the options.
//
// # Bounds
//
// Every date lies between the birth and 150 years after it; ranges are
// bounded per technique (see the Max constants); births are taken from
// year 0 in UTC (the results' instants are RFC 3339 dates); bad input is
// an engine.Fields naming the JSON field.
package timing
