// Package birth turns a civil birth date and time, written in an IANA time
// zone, into the instant a chart is cast for: UTC and the Julian day in
// Universal Time.
//
// Zones come from the IANA time-zone database (the system copy when present,
// else Go's embedded time/tzdata), so historical offsets are honoured: local
// mean time before a place adopted standard time, war time, double summer
// time and changes of base offset.
//
// Two local times need a decision, and neither is ever shifted silently:
//
//   - A local time inside a gap (clocks jumped forward, e.g. 02:30 on the
//     spring-forward night in Europe/Paris) never happened. Resolve returns a
//     *engine.FieldError on "hour" that names the gap and its offsets.
//   - A local time inside an overlap (clocks turned back, e.g. 02:30 on the
//     autumn night) happened twice. Fold chooses, as in PEP 495: fold 0 (the
//     default) is the earlier instant, under the offset in force before the
//     transition; fold 1 the later one. The Instant reports Ambiguous and the
//     fold used, so the response can say which was taken.
//
// Dates are read in the Julian calendar up to 1582-10-04 and in the
// Gregorian calendar from 1582-10-15, the switch of the reform, unless the
// caller names one calendar for every year (package calendar); years run
// from -3000 to 3000 (astronomical numbering), what the Swiss Ephemeris
// computes. Before a place adopted standard time its zone keeps local mean
// time, the earliest offset the database knows. Civil time is taken as UT:
// the difference UT1-UTC (under 0.9 s since 1972) is ignored, and before
// 1972 civil time was kept to UT anyway.
package birth
